//! Issue 39: a JSON card object's field of a type the reader does not read is never an error.
//! A field phaselint does not check (`set`) is skipped whatever it holds; one it checks (name,
//! text, type line, mana cost, faces) leaves the card read without it, and the file gets one note
//! for each key and type, at the first such value, with the number of cards.

use super::{MAX_UNUSABLE, read};
use crate::source::{Format, NoteKind, Parsed, ReadOptions, SourceNote};

fn read_json(text: &str) -> Parsed<'_> {
    crate::source::read(Format::Json, text, &ReadOptions::default())
}

fn names<'a>(parsed: &'a Parsed<'_>) -> Vec<Option<&'a str>> {
    parsed
        .cards
        .iter()
        .map(|card| card.name.as_deref())
        .collect()
}

fn texts<'a>(parsed: &'a Parsed<'_>) -> Vec<Option<&'a str>> {
    parsed
        .cards
        .iter()
        .map(|card| card.faces[0].text.as_ref().map(|text| &*text.value))
        .collect()
}

/// The one note of `parsed`, after asserting it has no error and that one note.
fn one_note<'p>(parsed: &'p Parsed<'_>) -> &'p SourceNote {
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(parsed.notes.len(), 1, "{:?}", parsed.notes);
    let note = &parsed.notes[0];
    assert_eq!(note.kind, NoteKind::UnusableField);
    note
}

/// The span of the `nth` occurrence of `value` in `text`.
fn span_of(text: &str, value: &str, nth: usize) -> std::ops::Range<usize> {
    let at = text.match_indices(value).nth(nth).expect("the value").0;
    at..at + value.len()
}

#[test]
fn an_object_set_is_skipped_without_a_word() {
    // As an XML-to-JSON converter writes a card's set: 1,572 such cards gave 1,572 errors.
    let card = r##"{"name": "Gear Tender", "set": {"#text": "CWD", "@@rarity": "common"}, "number": 12, "text": "Untap it until end of turn."}"##;
    let text = format!("[{}]", vec![card; 1_572].join(",\n"));
    let parsed = read_json(&text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors[0]);
    assert!(parsed.notes.is_empty(), "{:?}", parsed.notes);
    assert_eq!(parsed.cards.len(), 1_572);
    let card = &parsed.cards[0];
    assert_eq!(card.name.as_deref(), Some("Gear Tender"));
    assert_eq!(card.set, None);
    let value = &card.faces[0].text.as_ref().expect("its text").value;
    assert_eq!(value, "Untap it until end of turn.");
    // `setCode` and `original_text_set` of another type, and keys phaselint does not know.
    let text = r#"[{"name": "A", "setCode": [1], "original_text_set": {}, "rarity": {"x": 1},
        "flavorText": 3, "text": "t"}]"#;
    let parsed = read_json(text);
    assert!(
        parsed.errors.is_empty() && parsed.notes.is_empty(),
        "{parsed:?}"
    );
    assert_eq!(names(&parsed), [Some("A")]);
}

#[test]
fn one_card_object_whose_set_comes_first_is_one_card() {
    // The set's object is the card's set, not a card of a database keyed by card: its `#text`
    // would have read as card text.
    let text = r##"{"set": {"#text": "CWD", "@@rarity": "common"}, "name": "A", "text": "Draw."}"##;
    let parsed = read_json(text);
    assert!(
        parsed.errors.is_empty() && parsed.notes.is_empty(),
        "{parsed:?}"
    );
    assert_eq!(names(&parsed), [Some("A")]);
    assert_eq!(texts(&parsed), [Some("Draw.")]);
    assert_eq!(parsed.cards[0].span, 0..text.len());
}

#[test]
fn a_number_name_leaves_the_card_without_a_name() {
    let text = r#"[{"name": 5, "text": "Draw a card."}, {"name": "B", "text": "b"},
        {"name": true, "text": "c"}]"#;
    let parsed = read_json(text);
    assert_eq!(names(&parsed), [None, Some("B"), None]);
    assert_eq!(texts(&parsed), [Some("Draw a card."), Some("b"), Some("c")]);
    let note = one_note(&parsed);
    assert_eq!(note.span, span_of(text, "5", 0));
    assert_eq!(
        note.message,
        "`name` is a number or boolean, not a string, in 2 cards (the first here): phaselint reads those cards without the name"
    );
    assert_eq!(
        note.help.as_deref(),
        Some(
            "phaselint reads the name from a string (or null for none): write `name` as a string, or name a key that holds it as one in phaselint.toml (`[fields] name = [\"...\"]`)"
        )
    );
}

#[test]
fn an_object_text_leaves_the_card_with_nothing_to_check() {
    let text = r##"[{"name": "A", "text": {"#text": "At end of turn, draw.", "@@lang": "en"}}]"##;
    let parsed = read_json(text);
    assert_eq!(names(&parsed), [Some("A")]);
    assert_eq!(texts(&parsed), [None]);
    let note = one_note(&parsed);
    let at = text.find(r##"{"#text""##).unwrap();
    assert_eq!(note.span, at..text.len() - 2);
    assert_eq!(
        note.message,
        "`text` is an object, not a string, in 1 card: phaselint reads that card without card text"
    );
    assert!(
        note.help
            .as_deref()
            .is_some_and(|help| help.contains("`[fields] text = [\"...\"]`")),
        "{note:?}"
    );
}

#[test]
fn an_array_where_a_string_was_expected() {
    let text = r#"[{"name": "A", "type_line": ["Creature", "Goblin"], "mana_cost": ["{R}"], "oracle_text": "t"},
        {"name": "B", "type_line": ["Instant"], "oracle_text": "u"}]"#;
    let parsed = read_json(text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(names(&parsed), [Some("A"), Some("B")]);
    assert_eq!(texts(&parsed), [Some("t"), Some("u")]);
    assert!(
        parsed
            .cards
            .iter()
            .all(|card| card.faces[0].type_line.is_none())
    );
    let notes = placed(&parsed.notes);
    assert_eq!(
        notes,
        [
            (
                span_of(text, r#"["Creature", "Goblin"]"#, 0),
                "`type_line` is an array, not a string, in 2 cards (the first here): phaselint reads those cards without the type line"
            ),
            (
                span_of(text, r#"["{R}"]"#, 0),
                "`mana_cost` is an array, not a string, in 1 card: phaselint reads that card without the mana cost"
            ),
        ]
    );
    assert!(
        parsed.notes[1]
            .help
            .as_deref()
            .unwrap()
            .contains("`[fields] mana-cost = ")
    );
}

#[test]
fn faces_of_another_type() {
    let text = r#"[{"name": "A", "card_faces": {"name": "A1"}, "oracle_text": "a"},
        {"name": "B // C", "card_faces": [{"name": "B", "oracle_text": "b"}, 3, {"name": "C"}]}]"#;
    let parsed = read_json(text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(names(&parsed), [Some("A"), Some("B // C")]);
    // `card_faces` unread: the card is one face, of its own fields.
    assert_eq!(parsed.cards[0].faces.len(), 1);
    assert_eq!(texts(&parsed)[0], Some("a"));
    let faces: Vec<_> = parsed.cards[1]
        .faces
        .iter()
        .map(|face| face.name.as_deref())
        .collect();
    assert_eq!(faces, [Some("B"), Some("C")]);
    let notes = placed(&parsed.notes);
    assert_eq!(
        notes,
        [
            (
                span_of(text, r#"{"name": "A1"}"#, 0),
                "`card_faces` is an object, not an array, in 1 card: phaselint reads that card as one face, from its own fields"
            ),
            (
                span_of(text, "3", 0),
                "a face in `card_faces` is a number or boolean, not an object, in 1 card: phaselint reads that card without that face"
            ),
        ]
    );
}

#[test]
fn null_is_an_absent_field_and_no_note() {
    let text = r#"[{"name": null, "text": null, "type_line": null, "mana_cost": null,
        "card_faces": null, "set": null, "cardName": "A", "rulesText": "t"}]"#;
    let parsed = read_json(text);
    assert!(
        parsed.errors.is_empty() && parsed.notes.is_empty(),
        "{parsed:?}"
    );
    assert_eq!(names(&parsed), [Some("A")]);
    assert_eq!(texts(&parsed), [Some("t")]);
}

#[test]
fn one_note_for_each_key_and_type_counting_cards_not_values() {
    let text = r#"[{"name": {"a": 1}, "text": "x"}, {"name": 2, "text": "y"},
        {"name": {"b": 2}, "name": {"c": 3}, "text": "z"}, {"cardName": 1, "rulesText2": [2]}]"#;
    let parsed = read_json(text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(parsed.cards.len(), 4);
    let notes: Vec<_> = parsed
        .notes
        .iter()
        .map(|note| (note.span.start, note.message.as_str()))
        .collect();
    assert_eq!(
        notes,
        [
            (
                text.find(r#"{"a""#).unwrap(),
                "`name` is an object, not a string, in 2 cards (the first here): phaselint reads those cards without the name"
            ),
            (
                text.find('2').unwrap(),
                "`name` is a number or boolean, not a string, in 1 card: phaselint reads that card without the name"
            ),
            (
                text.find(": 1,").unwrap() + 2,
                "`cardName` is a number or boolean, not a string, in 1 card: phaselint reads that card without the name"
            ),
            (
                text.find("[2]").unwrap(),
                "`rulesText2` is an array, not a string, in 1 card: phaselint reads that card without card text"
            ),
        ]
    );
}

#[test]
fn the_notes_of_a_file_are_bounded() {
    // Keys that are all spellings of `name` (`n-a_me`, `N a-m e`), each a number: the notes stop
    // at the bound, and a key too long to show is cut.
    let seps = ["", "_", "-", " "];
    let mut keys = vec![format!("n{}ame", "_".repeat(100))];
    for i in 0..3 * MAX_UNUSABLE {
        let sep = |digit: usize| seps[(i >> (2 * digit)) & 3];
        keys.push(format!("n{}a{}m{}e", sep(0), sep(1), sep(2)));
    }
    let fields: Vec<String> = keys.iter().map(|key| format!("\"{key}\": 1")).collect();
    let card = format!("{{{}, \"text\": \"t\"}}", fields.join(", "));
    let text = format!("[{}]", vec![card.as_str(); 100].join(","));
    let parsed = read_json(&text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(parsed.cards.len(), 100);
    assert_eq!(parsed.notes.len(), MAX_UNUSABLE);
    let cut = &parsed.notes[0];
    assert!(
        cut.message
            .starts_with(&format!("`n{}…` is a number or boolean", "_".repeat(63))),
        "{}",
        cut.message
    );
    assert!(
        parsed
            .notes
            .iter()
            .all(|note| note.message.contains(" in 100 cards ")),
        "{:?}",
        parsed.notes
    );
}

#[test]
fn syntax_errors_stay_errors() {
    // Cards before the error are read, and the note of what they held is given all the same.
    let text = r##"[{"name": 1, "text": "a"}, {"name": "B", "set": {"#text": "X"} "text": "b"}]"##;
    let parsed = read_json(text);
    assert_eq!(parsed.cards.len(), 1);
    assert_eq!(parsed.errors.len(), 1, "{:?}", parsed.errors);
    assert_eq!(
        parsed.errors[0].message,
        "expected `,` or `}` in json object"
    );
    assert_eq!(parsed.notes.len(), 1, "{:?}", parsed.notes);
    // A file that is not JSON at all.
    for text in ["this is not json", "{\"name\": \"A\", \"text\": 5", "[1, 2"] {
        let parsed = read_json(text);
        assert!(!parsed.errors.is_empty(), "{text}");
    }
}

#[test]
fn json_lines_note_their_fields_as_json_does() {
    let text = "{\"name\": \"A\", \"set\": {\"#text\": \"CWD\"}, \"oracle_text\": \"a\"}\n\
                {\"name\": {\"x\": 1}, \"oracle_text\": \"b\"}\n\
                {\"name\": \"C\", \"oracle_text\": 5}\n";
    let parsed = crate::source::read(Format::JsonLines, text, &ReadOptions::default());
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(names(&parsed), [Some("A"), None, Some("C")]);
    assert_eq!(texts(&parsed), [Some("a"), Some("b"), None]);
    let spans: Vec<_> = parsed
        .notes
        .iter()
        .map(|note| &text[note.span.clone()])
        .collect();
    assert_eq!(spans, ["{\"x\": 1}", "5"]);
}

#[test]
fn the_issue_file_reads_whole() {
    // The file of the issue: three cards, each read, and a note for each field unusable.
    let text = r##"[{"name":"A","set":{"#text":"CWD","@@rarity":"common"},"text":"Draw a card at the beginning of the next end step."},{"name":{"x":1},"text":"..."},{"name":"C","text":5}]"##;
    let mut cards = Vec::new();
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    read(
        text,
        &ReadOptions::default(),
        &mut |card| cards.push(card),
        &mut errors,
        &mut notes,
    );
    assert_eq!(cards.len(), 3);
    assert!(errors.is_empty(), "{errors:?}");
    let spans: Vec<_> = notes.iter().map(|note| &text[note.span.clone()]).collect();
    assert_eq!(spans, ["{\"x\":1}", "5"]);
}

/// Each note's place and message.
fn placed(notes: &[crate::source::SourceNote]) -> Vec<(std::ops::Range<usize>, &str)> {
    notes
        .iter()
        .map(|note| (note.span.clone(), note.message.as_str()))
        .collect()
}
