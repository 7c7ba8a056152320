//! Forge card scripts: one card a file, `Key:Value` lines; `#` lines are comments, which Forge
//! ignores and so does this reader.
//!
//! `Name:` is the face's name, `Types:` its type line (as Forge writes it, without a dash:
//! `Creature Goblin`), `ManaCost:` its cost (`1 R`, read as `{1}{R}`; `no cost` is none), and
//! `Oracle:` its text, on one line with `\n` for each line break: each `\n` is one decoded
//! character standing for its two bytes. The script lines (`A:`, `T:`, `S:`, `SVar:`, ...) are
//! not card text, though their `SpellDescription$` and `TriggerDescription$` repeat parts of it.
//! A line `ALTERNATE` starts the second face of a double-faced card; the card's name is then
//! `Front // Back`. `CARDNAME` and `NICKNAME`, which stand for the card's name in Forge, are kept
//! as written. A second `Name:` in one face starts another card, so scripts pasted into one file
//! are read each once. Forge gives every face an `Oracle:` line (empty for a vanilla creature): a
//! face without one is an error, most likely a file cut short. A card is read up to
//! [`MAX_FACES`] faces: the first face past them is an error, and the lines after it, up to the
//! next card, are read as no face; reading stops after [`bounds::MAX_ERRORS`] errors.

use crate::source::bounds::{self, MAX_FACES};
use crate::source::decoded::Decoded;
use crate::source::map::Style;
use crate::source::text::lines;
use crate::source::{Card, CardText, Face, SourceError};
use shape::{ALTERNATE, is_comment, key};

pub(super) mod shape;
use std::borrow::Cow;
use std::ops::Range;

/// One face as its lines give it.
#[derive(Debug, Default)]
struct ScriptFace {
    /// Its first line (`Name:`, or `ALTERNATE` for a second face).
    first_line: Range<usize>,
    /// It has an `Oracle:` line, maybe empty.
    oracle: bool,
    name: Option<String>,
    type_line: Option<String>,
    mana_cost: Option<String>,
    text: Option<CardText<'static>>,
}

/// The card being read: its faces and its extent.
#[derive(Debug, Default)]
struct Script {
    faces: Vec<ScriptFace>,
    span: Option<Range<usize>>,
    /// The first line of the first face past [`MAX_FACES`], when the card has more.
    too_many_faces: Option<Range<usize>>,
    /// The face past [`MAX_FACES`] being passed over has a name (so a `Name:` starts the next
    /// card).
    passed_face_named: bool,
}

/// Read a script.
pub(in crate::source) fn read<'c>(
    text: &str,
    on_card: &mut dyn FnMut(Card<'c>),
    errors: &mut Vec<SourceError>,
) {
    let mut script = Script::default();
    for line in lines(text) {
        let Some(content) = text.get(line.content.clone()) else {
            continue;
        };
        let trimmed = content.trim();
        // A comment is never card text (nor a key, whatever follows its `#`).
        if trimmed.is_empty() || is_comment(trimmed) {
            continue;
        }
        if trimmed == ALTERNATE {
            script.start_face(line.content.clone());
            script.extend(line.content);
            continue;
        }
        let Some(key) = key(content.trim_start()) else {
            continue;
        };
        let value_start = line.content.start + content.find(':').map_or(0, |i| i + 1);
        let value = text.get(value_start..line.content.end).unwrap_or("");
        if key == "Name" && script.named() && !script.emit(text, on_card, errors) {
            return;
        }
        script.extend(line.content.clone());
        if script.too_many_faces.is_some() {
            script.passed_face_named |= key == "Name";
            continue;
        }
        if script.faces.is_empty() {
            script
                .faces
                .push(ScriptFace::starting(line.content.clone()));
        }
        let Some(face) = script.faces.last_mut() else {
            continue;
        };
        let value_trimmed = (!value.trim().is_empty()).then(|| value.trim().to_owned());
        match key {
            "Name" => face.name = value_trimmed,
            "Types" if face.type_line.is_none() => face.type_line = value_trimmed,
            "ManaCost" if face.mana_cost.is_none() => face.mana_cost = mana_cost(value),
            "Oracle" if !face.oracle => {
                face.oracle = true;
                face.text = oracle(value_start, value);
            }
            _ => {}
        }
    }
    script.emit(text, on_card, errors);
}

impl ScriptFace {
    fn starting(first_line: Range<usize>) -> ScriptFace {
        ScriptFace {
            first_line,
            ..ScriptFace::default()
        }
    }
}

impl Script {
    fn extend(&mut self, line: Range<usize>) {
        let start = self.span.as_ref().map_or(line.start, |span| span.start);
        self.span = Some(start..line.end);
    }

    /// A face starts at `first_line` (`ALTERNATE`): read, or passed over past [`MAX_FACES`].
    fn start_face(&mut self, first_line: Range<usize>) {
        if self.faces.len() < MAX_FACES {
            self.faces.push(ScriptFace::starting(first_line));
        } else {
            self.too_many_faces.get_or_insert(first_line);
            self.passed_face_named = false;
        }
    }

    /// The face being read, or passed over, has a name.
    fn named(&self) -> bool {
        match self.too_many_faces {
            Some(_) => self.passed_face_named,
            None => self.faces.last().is_some_and(|face| face.name.is_some()),
        }
    }

    /// The card read so far, if it has a name or a text, and an error for each face without an
    /// `Oracle:` line and for faces past [`MAX_FACES`]; the script starts anew. False when the
    /// file's errors are full: the card is not given, and reading stops.
    fn emit<'c>(
        &mut self,
        text: &str,
        on_card: &mut dyn FnMut(Card<'c>),
        errors: &mut Vec<SourceError>,
    ) -> bool {
        let Script {
            faces,
            span,
            too_many_faces,
            ..
        } = std::mem::take(self);
        let problems = faces
            .iter()
            .filter(|face| !face.oracle)
            .map(|face| SourceError::new(
                face.first_line.clone(),
                "no `Oracle:` line for this face: Forge scripts give the card's text there, so none was read (is the file cut short?)",
            ))
            .chain(too_many_faces.map(bounds::too_many_faces));
        for problem in problems {
            if !bounds::report(errors, text, problem) {
                return false;
            }
        }
        let readable = faces
            .iter()
            .any(|face| face.name.is_some() || face.text.is_some());
        let Some(span) = span.filter(|_| readable) else {
            return true;
        };
        let names: Vec<&str> = faces
            .iter()
            .filter_map(|face| face.name.as_deref())
            .collect();
        let name = (!names.is_empty()).then(|| Cow::Owned(names.join(" // ")));
        on_card(Card {
            name,
            set: None,
            span,
            faces: faces
                .into_iter()
                .map(|face| Face {
                    name: face.name.map(Cow::Owned),
                    type_line: face.type_line.map(Cow::Owned),
                    mana_cost: face.mana_cost.map(Cow::Owned),
                    text: face.text,
                })
                .collect(),
            allows: Vec::new(),
            unread: Vec::new(),
        });
        true
    }
}

/// `1 R` as `{1}{R}`; `no cost` and a blank are none; a cost already in braces is kept.
fn mana_cost(value: &str) -> Option<String> {
    let value = value.trim();
    if value.is_empty() || value.eq_ignore_ascii_case("no cost") {
        return None;
    }
    if value.contains('{') {
        return Some(value.to_owned());
    }
    Some(
        value
            .split_whitespace()
            .map(|shard| format!("{{{shard}}}"))
            .collect(),
    )
}

/// The `Oracle:` value at file offset `start`: blanks after the colon skipped, `\n` decoded.
fn oracle(start: usize, value: &str) -> Option<CardText<'static>> {
    let blanks = value.len() - value.trim_start_matches([' ', '\t']).len();
    let start = start + blanks;
    let value = &value[blanks..];
    let mut decoded = Decoded::default();
    decoded.text_escaping(start, value, "\\n", '\n');
    decoded.finish(start..start + value.len(), Style::ForgeOracle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_str(text: &str) -> Vec<Card<'_>> {
        let mut cards = Vec::new();
        let mut errors = Vec::new();
        read(text, &mut |card| cards.push(card), &mut errors);
        assert!(errors.is_empty(), "{errors:?}");
        cards
    }

    const EMBER: &str = "Name:Ember Runner\r\nManaCost:1 R\r\nTypes:Creature Goblin\r\nPT:2/1\r\nK:Haste\r\nT:Mode$ Phase | Phase$ End of Turn | TriggerDescription$ At end of turn, sacrifice CARDNAME.\r\nOracle:Haste\\nAt end of turn, sacrifice Ember Runner.\r\n";

    #[test]
    fn the_oracle_line_is_the_text_and_script_lines_are_not() {
        let cards = read_str(EMBER);
        assert_eq!(cards.len(), 1);
        let card = &cards[0];
        assert_eq!(card.name.as_deref(), Some("Ember Runner"));
        assert_eq!(&EMBER[card.span.clone()], EMBER.trim_end());
        let face = &card.faces[0];
        assert_eq!(face.type_line.as_deref(), Some("Creature Goblin"));
        assert_eq!(face.mana_cost.as_deref(), Some("{1}{R}"));
        let text = face.text.as_ref().unwrap();
        assert_eq!(text.value, "Haste\nAt end of turn, sacrifice Ember Runner.");
        // The phrase of the Oracle line, not the one of the trigger's description.
        let at = text.value.find("At end of turn").unwrap();
        let span = text.map.to_file(at..at + 14).unwrap();
        assert_eq!(&EMBER[span.clone()], "At end of turn");
        assert!(span.start > EMBER.find("Oracle:").unwrap());
        // The `\n` escape is one character for its two bytes.
        let newline = text.map.to_file(5..6).unwrap();
        assert_eq!(&EMBER[newline], "\\n");
    }

    #[test]
    fn alternate_starts_the_second_face() {
        let script = "Name:Dawn Watcher\nManaCost:2 W\nTypes:Creature Human\nOracle:At the beginning of each upkeep, if no spells were cast last turn, transform CARDNAME.\nAlternateMode:DoubleFaced\n\nALTERNATE\n\nName:Dusk Stalker\nManaCost:no cost\nTypes:Creature Werewolf\nOracle:  Until end of turn, NICKNAME gets +2/+0.\n";
        assert!(super::shape::is_script(script));
        let cards = read_str(script);
        assert_eq!(cards.len(), 1);
        let card = &cards[0];
        assert_eq!(card.name.as_deref(), Some("Dawn Watcher // Dusk Stalker"));
        assert_eq!(card.faces.len(), 2);
        let back = &card.faces[1];
        assert_eq!(back.name.as_deref(), Some("Dusk Stalker"));
        assert_eq!(back.mana_cost, None);
        let text = back.text.as_ref().unwrap();
        assert_eq!(text.value, "Until end of turn, NICKNAME gets +2/+0.");
        assert_eq!(&script[text.map.to_file(0..5).unwrap()], "Until");
        assert!(
            card.faces[0]
                .text
                .as_ref()
                .unwrap()
                .value
                .contains("CARDNAME")
        );
        assert_eq!(&script[card.span.clone()], script.trim_end());
    }

    #[test]
    fn a_second_name_starts_another_card() {
        let text = "Name:A\nOracle:One.\nName:B\nOracle:\n";
        let cards = read_str(text);
        let names: Vec<_> = cards.iter().map(|card| card.name.as_deref()).collect();
        assert_eq!(names, [Some("A"), Some("B")]);
        assert!(cards[1].faces[0].text.is_none());
        assert_eq!(&text[cards[1].span.clone()], "Name:B\nOracle:");
    }

    #[test]
    fn a_face_without_an_oracle_line_is_an_error_at_it() {
        let text = "Name:Dawn Watcher\nTypes:Creature Human\nALTERNATE\nName:Dusk Stalker\nOracle:Menace\n\nName:Cut Short\nManaCost:1 R\nTypes:Sorc";
        let mut cards = Vec::new();
        let mut errors = Vec::new();
        read(text, &mut |card| cards.push(card), &mut errors);
        assert_eq!(cards.len(), 2);
        let places: Vec<_> = errors.iter().map(|e| &text[e.span.clone()]).collect();
        assert_eq!(places, ["Name:Dawn Watcher", "Name:Cut Short"]);
        assert!(
            errors[0]
                .message
                .starts_with("no `Oracle:` line for this face")
        );
        assert!(cards[1].faces[0].text.is_none());
    }

    #[test]
    fn a_file_of_faces_without_text_stops_after_the_bound() {
        use crate::source::bounds::MAX_ERRORS;
        let text = "Name:X\nTypes:Instant\n".repeat(3 * MAX_ERRORS);
        let mut cards = 0;
        let mut errors = Vec::new();
        read(&text, &mut |_| cards += 1, &mut errors);
        assert_eq!(errors.len(), MAX_ERRORS + 1);
        assert!(errors[MAX_ERRORS].message.starts_with("too many errors"));
        assert_eq!(cards, MAX_ERRORS);
    }

    /// Issue 38 §7: the faces of a card whose errors fill the bound count one by one, so the
    /// last error is the one that says reading stopped, at the face it stopped at.
    #[test]
    fn the_bound_counts_each_face_without_text() {
        use crate::source::bounds::MAX_ERRORS;
        // One error, then cards of two: the bound falls between the faces of a card.
        let text = format!(
            "Name:W\nTypes:Instant\n{}",
            "Name:X\nALTERNATE\nName:Y\n".repeat(MAX_ERRORS)
        );
        let mut cards = 0;
        let mut errors = Vec::new();
        read(&text, &mut |_| cards += 1, &mut errors);
        assert_eq!(errors.len(), MAX_ERRORS + 1);
        assert!(errors[MAX_ERRORS].message.starts_with("too many errors"));
        assert_eq!(&text[errors[MAX_ERRORS].span.clone()], "A");
        assert_eq!(cards, MAX_ERRORS / 2);
    }

    /// Issue 38 §7: a card of a million `ALTERNATE` lines is read up to its 16th face, with one
    /// error at the first face past them; the lines after it are no faces, up to the next card.
    #[test]
    fn faces_past_the_bound_are_not_read() {
        use crate::source::bounds::MAX_FACES;
        let text = format!(
            "Name:A\nTypes:Instant\nOracle:x\n{}",
            "ALTERNATE\n".repeat(5_000)
        );
        let mut cards = Vec::new();
        let mut errors = Vec::new();
        read(&text, &mut |card| cards.push(card), &mut errors);
        assert_eq!(cards.len(), 1);
        assert_eq!(cards[0].faces.len(), MAX_FACES);
        assert_eq!(&text[cards[0].span.clone()], text.trim_end());
        let (last, faces) = errors.split_last().unwrap();
        assert_eq!(faces.len(), MAX_FACES - 1);
        assert!(
            faces
                .iter()
                .all(|e| e.message.starts_with("no `Oracle:` line"))
        );
        // The first face is the one `Name:` starts.
        let first_past =
            "Name:A\nTypes:Instant\nOracle:x\n".len() + "ALTERNATE\n".len() * (MAX_FACES - 1);
        assert_eq!(last.span, first_past..first_past + "ALTERNATE".len());
        assert_eq!(
            last.message,
            format!(
                "more than {MAX_FACES} faces in one card: phaselint reads none after the {MAX_FACES}th"
            )
        );
        // A named face past the bound is passed over as a face: its `Name:` names it, and the
        // next `Name:` starts the next card.
        let text = format!(
            "Name:A\nOracle:x\n{}Name:B\nOracle:y\n",
            "ALTERNATE\nName:Z\nOracle:z\n".repeat(MAX_FACES + 2)
        );
        let cards = {
            let mut cards = Vec::new();
            errors.clear();
            read(&text, &mut |card| cards.push(card), &mut errors);
            cards
        };
        let names: Vec<_> = cards.iter().map(|card| card.faces.len()).collect();
        assert_eq!(names, [MAX_FACES, 1]);
        assert_eq!(cards[1].name.as_deref(), Some("B"));
        assert_eq!(errors.len(), 1, "{errors:?}");
    }

    #[test]
    fn costs() {
        assert_eq!(mana_cost("2 W U").as_deref(), Some("{2}{W}{U}"));
        assert_eq!(mana_cost("W/P").as_deref(), Some("{W/P}"));
        assert_eq!(mana_cost("No Cost"), None);
        assert_eq!(mana_cost(" "), None);
    }
}
