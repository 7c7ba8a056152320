//! JSON Lines: one card object per non-empty line, with Scryfall-like fields (`name`,
//! `card_name`, `type_line`, `oracle_text`, `mana_cost`, `card_faces`, `set`). A line that cannot
//! be read is an error for that line only; a field of a type phaselint does not read is no error,
//! as in JSON ([`super::json`]): the file gets one note for each key and type.

use super::cursor::{Cursor, Kind};
use super::{Found, KeyOrders, card_object};
use crate::source::bounds;
use crate::source::{Card, ReadOptions, SourceError, SourceNote};

/// Read every line; what the lines hold that phaselint cannot read goes in `notes`.
pub(in crate::source) fn read<'t>(
    text: &'t str,
    options: &ReadOptions,
    on_card: &mut dyn FnMut(Card<'t>),
    errors: &mut Vec<SourceError>,
    notes: &mut Vec<SourceNote>,
) {
    let mut found = Found::new(errors);
    read_lines(text, options, on_card, &mut found);
    found.finish(notes);
}

fn read_lines<'t>(
    text: &'t str,
    options: &ReadOptions,
    on_card: &mut dyn FnMut(Card<'t>),
    found: &mut Found<'_>,
) {
    let mut orders = KeyOrders::default();
    let mut start = 0;
    while start < text.len() {
        // memchr's vector search: `str::find` reads a word at a time, on the reading thread.
        let end =
            memchr::memchr(b'\n', &text.as_bytes()[start..]).map_or(text.len(), |i| start + i);
        let mut cursor = Cursor::new(text, start, end);
        if !cursor.at_end() {
            found.begin_card();
            let result = match cursor.kind() {
                Ok(Kind::Object) => {
                    card_object(&mut cursor, options, found, &mut orders).and_then(|card| {
                        if cursor.at_end() {
                            Ok(card)
                        } else {
                            cursor.error("unexpected characters after the card object")
                        }
                    })
                }
                Ok(kind) => cursor.error(format!("expected a card object, not {}", kind.name())),
                Err(e) => Err(e),
            };
            match result {
                Ok(card) => on_card(card),
                Err(e) if e.stopped => return,
                Err(e) => {
                    let error = SourceError::at(text, e.pos, e.message);
                    if !bounds::report(found.errors, text, error) {
                        return;
                    }
                }
            }
        }
        start = end + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The last line of each sequence of three reads as it reads alone.
    #[test]
    fn a_line_reads_alike_whatever_the_keys_of_the_lines_before_it() {
        super::super::testing::assert_each_reads_as_alone(
            read,
            |a, b, c| format!("{a}\n{b}\n{c}"),
            0,
        );
    }

    /// Issue 38 §17f: lines that are no card stop at the shared bound; issue 39: lines with a
    /// field of the wrong type are cards, and the file gets one note for them all.
    #[test]
    fn errors_stop_at_the_bound() {
        use super::super::testing::{
            WRONG_TYPE, assert_stops_at_the_bound, read_noting, read_with,
        };
        use crate::source::bounds::MAX_ERRORS;
        let pairs = "1\n{\"name\": \"A\"}\n".repeat(3 * MAX_ERRORS);
        assert_stops_at_the_bound(read, &pairs);
        let (_, errors) = read_with(read, &"[1]\n".repeat(3 * MAX_ERRORS), false);
        assert_eq!(errors.len(), MAX_ERRORS + 1);
        assert!(errors[MAX_ERRORS].message.starts_with("too many errors"));
        let lines = format!("{WRONG_TYPE}\n").repeat(3 * MAX_ERRORS);
        let (cards, errors, notes) = read_noting(read, &lines, false);
        assert_eq!(
            (cards.len(), errors.len(), notes.len()),
            (3 * MAX_ERRORS, 0, 1)
        );
        let first = lines.find(": 1}").unwrap() + 2;
        assert_eq!(notes[0].span, first..first + 1);
        assert!(
            notes[0].message.starts_with(&format!(
                "`text` is a number or boolean, not a string, in {} cards",
                3 * MAX_ERRORS
            )),
            "{}",
            notes[0].message
        );
    }

    #[test]
    fn reads_lines_and_steps_over_bad_ones() {
        let text = "{\"name\": \"Fire\", \"card_name\": \"Fire // Ice\", \"oracle_text\": \"x\", \"set\": \"mh2\"}\r\n\r\n[1]\n{\"name\": \"B\" oops}\n  {\"name\": \"C\", \"original_text\": \"old\"}  \n";
        let mut cards = Vec::new();
        let mut errors = Vec::new();
        read(
            text,
            &ReadOptions {
                original: true,
                ..ReadOptions::default()
            },
            &mut |c| cards.push(c),
            &mut errors,
            &mut Vec::new(),
        );
        let names: Vec<_> = cards.iter().map(|c| c.name.as_deref()).collect();
        assert_eq!(names, [Some("Fire // Ice"), Some("C")]);
        assert_eq!(cards[0].faces[0].name.as_deref(), Some("Fire"));
        assert_eq!(cards[0].set.as_deref(), Some("mh2"));
        assert!(cards[0].faces[0].text.is_none());
        assert_eq!(cards[1].faces[0].text.as_ref().unwrap().value, "old");
        assert_eq!(errors.len(), 2);
        assert_eq!(&text[errors[0].span.clone()], "[");
        assert_eq!(errors[0].message, "expected a card object, not an array");
        assert_eq!(&text[errors[1].span.clone()], "o");
        assert!(text[cards[1].span.clone()].starts_with("{\"name\": \"C\""));
        assert!(text[cards[1].span.clone()].ends_with('}'));
    }
}
