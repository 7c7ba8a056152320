//! What the tests of the JSON and JSON Lines readers share: objects of every key order, and
//! asserts that each reader reads them as it reads each alone.

use super::*;

/// Card objects whose keys differ from those of the objects before them in every way a key
/// order can: another order, fewer or more keys, a key a prefix of the one remembered or the
/// other way ("nam", "name", "names"), an escaped key where the plain one was, a repeated
/// key, a value of the wrong kind, `original_text_set` before and after `set`, a second face
/// by its key, faces with their own orders, objects that are no card, tabs around a colon and a
/// head too long to remember. For the tests of the key orders here and in JSON Lines.
pub(in crate::source) const VARIED_OBJECTS: [&str; 11] = [
    r#"{"name": "A", "oracle_text": "until end of turn", "type_line": "Instant", "set": "abc"}"#,
    r#"{"type_line": "Creature", "name": "B", "original_text": "old", "oracle_text": "new"}"#,
    r#"{"name": "C", "name2": "D", "rulesText2": "x", "mana_cost": "{1}"}"#,
    r#"{"n\u0061me": "E", "oracle_text": "y\nz", "type_line": 7}"#,
    r#"{"name": 5, "type": null, "name": "F", "oracle_text": "q"}"#,
    r#"{"name": "G", "card_faces": [{"name": "G1", "oracle_text": "a", "mana_cost": "{1}"}, {"mana_cost": "{2}", "name": "G2", "oracle_text": "b"}, 3]}"#,
    r#"{"original_text_set": "LEA", "set": "x", "name": "H"}"#,
    r#"{"set": "y", "original_text_set": "LEB", "name": "I", "card_faces": [{"oracle_text": "c", "name": "I1"}]}"#,
    r#"{"nam": "J", "names": "K", "rulesText": "z", "text": "t"}"#,
    r#"{"meta": 1}"#,
    "{\"name\"\t :\t\"L\", \"a_key_of_no_field_long_enough_to_make_a_head_of_more_than_64_bytes\": \"v\", \"text\" :\"w\"}",
];

/// A card whose text is of the wrong type: no error, and the file's one note counts it.
pub(in crate::source) const WRONG_TYPE: &str = r#"{"name": "A", "text": 1}"#;

/// Asserts that `read` reads `text`, a file of cards each after a `1` that is no card, up to the
/// shared bound on errors and stops with one error that says so, at the `1` after the last card
/// read.
pub(in crate::source) fn assert_stops_at_the_bound(read: ReadFn, text: &str) {
    use crate::source::bounds::MAX_ERRORS;
    let (cards, errors) = read_with(read, text, false);
    assert_eq!(errors.len(), MAX_ERRORS + 1);
    let stop = &errors[MAX_ERRORS];
    assert!(stop.message.starts_with("too many errors"), "{stop:?}");
    assert_eq!(cards.len(), MAX_ERRORS);
    assert_eq!(&text[stop.span.clone()], "1");
    assert!(stop.span.start > cards[MAX_ERRORS - 1].span.end);
}

/// The JSON and the JSON Lines readers.
pub(in crate::source) type ReadFn = for<'t> fn(
    &'t str,
    &ReadOptions,
    &mut dyn FnMut(Card<'t>),
    &mut Vec<SourceError>,
    &mut Vec<SourceNote>,
);

/// The cards and errors that `read` gives for `text`, with the Oracle or the printed
/// (`original`) text.
pub(in crate::source) fn read_with(
    read: ReadFn,
    text: &str,
    original: bool,
) -> (Vec<Card<'_>>, Vec<SourceError>) {
    let (cards, errors, _) = read_noting(read, text, original);
    (cards, errors)
}

/// [`read_with`], with the notes.
pub(in crate::source) fn read_noting(
    read: ReadFn,
    text: &str,
    original: bool,
) -> (Vec<Card<'_>>, Vec<SourceError>, Vec<SourceNote>) {
    let mut cards = Vec::new();
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    let options = ReadOptions {
        original,
        ..ReadOptions::default()
    };
    read(
        text,
        &options,
        &mut |card| cards.push(card),
        &mut errors,
        &mut notes,
    );
    (cards, errors, notes)
}

/// Asserts that `read` reads the last of every three of `VARIED_OBJECTS`, laid out in a file by
/// `layout`, as it reads that object alone at the same place (the bytes before it blanked out,
/// but for the file's first `opening`), with the Oracle and with the printed text: the keys
/// remembered from the objects before change nothing.
pub(in crate::source) fn assert_each_reads_as_alone(
    read: ReadFn,
    layout: fn(&str, &str, &str) -> String,
    opening: usize,
) {
    for original in [false, true] {
        for a in VARIED_OBJECTS {
            for b in VARIED_OBJECTS {
                for c in VARIED_OBJECTS {
                    let file = layout(a, b, c);
                    let start = file.rfind(c).expect("the last object is in the file");
                    let blanks = " ".repeat(start - opening);
                    let alone = format!("{}{blanks}{}", &file[..opening], &file[start..]);
                    let (mut cards, mut errors) = read_with(read, &file, original);
                    cards.retain(|card| card.span.start >= start);
                    errors.retain(|error| error.span.start >= start);
                    assert_eq!((cards, errors), read_with(read, &alone, original), "{file}");
                }
            }
        }
    }
}
