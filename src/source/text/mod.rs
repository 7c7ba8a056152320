//! Plain text card files: cards separated by blank lines. The first line of a card is its name,
//! optionally followed by a mana cost in braces (`Shock {R}`); a second line starting with a type
//! word is the type line; the remaining lines are the text, joined with `\n`. The text is a slice
//! of the file (with `\r\n` line ends, each `\n` stands for the two bytes; a lone `\r` ends a line
//! too), so its map is exact.

use crate::source::map::{MapBuilder, Style};
use crate::source::{Card, CardText, Face};
use std::borrow::Cow;
use std::ops::Range;

/// Words a type line starts with.
const TYPE_WORDS: &[&str] = &[
    "Legendary",
    "Basic",
    "Snow",
    "World",
    "Artifact",
    "Creature",
    "Enchantment",
    "Instant",
    "Land",
    "Planeswalker",
    "Sorcery",
    "Tribal",
    "Kindred",
    "Battle",
    "Conspiracy",
    "Dungeon",
    "Phenomenon",
    "Plane",
    "Scheme",
    "Vanguard",
    "Token",
];

/// One line: its content (without the line break) and the line break's length after it.
#[derive(Debug, Clone)]
pub(in crate::source) struct Line {
    pub(in crate::source) content: Range<usize>,
    pub(in crate::source) break_len: usize,
}

/// Read every card.
pub(in crate::source) fn read<'t>(text: &'t str, on_card: &mut dyn FnMut(Card<'t>)) {
    let mut block: Vec<Line> = Vec::new();
    for line in lines(text) {
        let blank = text
            .get(line.content.clone())
            .is_none_or(|s| s.trim().is_empty());
        if blank {
            if !block.is_empty() {
                on_card(card(text, &block));
                block.clear();
            }
        } else {
            block.push(line);
        }
    }
    if !block.is_empty() {
        on_card(card(text, &block));
    }
}

/// The lines of `text` after its BOM, each ended by `\n`, `\r\n` or a lone `\r`.
pub(in crate::source) fn lines(text: &str) -> impl Iterator<Item = Line> + '_ {
    let mut start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    std::iter::from_fn(move || {
        if start >= text.len() {
            return None;
        }
        let rest = &text.as_bytes()[start..];
        // A line ends at `\n`, `\r\n` or a lone `\r` (old Mac files), as the reports count lines.
        let (end, break_len) = match memchr::memchr2(b'\n', b'\r', rest) {
            Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => (start + i, 2),
            Some(i) => (start + i, 1),
            None => (text.len(), 0),
        };
        let line = Line {
            content: start..end,
            break_len,
        };
        start = end + break_len;
        Some(line)
    })
}

fn card<'t>(text: &'t str, block: &[Line]) -> Card<'t> {
    let slice = |line: &Line| text.get(line.content.clone()).unwrap_or("");
    let (name, mana_cost) = block
        .first()
        .map(|line| split_name(slice(line)))
        .unwrap_or_default();
    let mut rest = block.get(1..).unwrap_or(&[]);
    let mut type_line = None;
    if let Some(second) = rest.first()
        && starts_with_type_word(slice(second))
    {
        type_line = Some(Cow::Borrowed(slice(second).trim()));
        rest = &rest[1..];
    }
    let card_text = text_of(text, rest);
    let start = block.first().map_or(0, |l| l.content.start);
    let end = block.last().map_or(start, |l| l.content.end);
    let name = (!name.is_empty()).then_some(Cow::Borrowed(name));
    Card {
        name: name.clone(),
        set: None,
        span: start..end,
        faces: vec![Face {
            name,
            type_line,
            mana_cost: mana_cost.map(Cow::Borrowed),
            text: card_text,
        }],
        allows: Vec::new(),
        unread: Vec::new(),
    }
}

/// `Name {1}{R}` -> ("Name", Some("{1}{R}")).
fn split_name(line: &str) -> (&str, Option<&str>) {
    let line = line.trim();
    let mut cost_start = line.len();
    let bytes = line.as_bytes();
    // Walk back over `{...}` groups at the end of the line.
    while cost_start > 0 && bytes[cost_start - 1] == b'}' {
        match line[..cost_start].rfind('{') {
            Some(open) if !line[open + 1..cost_start - 1].contains(['{', '}']) => {
                cost_start = open;
            }
            _ => break,
        }
    }
    let name = line[..cost_start].trim_end();
    if cost_start == line.len() || name.is_empty() || name.len() == cost_start {
        return (line, None);
    }
    (name, Some(&line[cost_start..]))
}

fn starts_with_type_word(line: &str) -> bool {
    let first = line
        .split(|c: char| c.is_whitespace() || c == '—')
        .find(|w| !w.is_empty())
        .unwrap_or("");
    TYPE_WORDS.contains(&first)
}

/// The text lines joined with `\n`, mapped line by line.
fn text_of(text: &str, lines: &[Line]) -> Option<CardText<'static>> {
    let first = lines.first()?;
    let last = lines.last()?;
    let mut value = String::new();
    let mut map = MapBuilder::default();
    for (i, line) in lines.iter().enumerate() {
        let content = text.get(line.content.clone())?;
        map.push(
            value.len(),
            content.len(),
            line.content.start,
            content.len(),
        );
        value.push_str(content);
        if i + 1 < lines.len() {
            map.push(value.len(), 1, line.content.end, line.break_len);
            value.push('\n');
        }
    }
    let raw = first.content.start..last.content.end;
    let len = value.len();
    Some(CardText {
        value: value.into(),
        map: map.finish(raw, Style::Verbatim, len),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_str(text: &str) -> Vec<Card<'_>> {
        let mut cards = Vec::new();
        read(text, &mut |c| cards.push(c));
        cards
    }

    #[test]
    fn blocks_names_costs_types() {
        let text = "Shock {R}\nInstant\nShock deals 2 damage to any target.\n\n\n  \nCircle of Protection: Red {1}{W}\nEnchantment\n{1}: The next time a red source would deal damage to you this turn, prevent that damage.\n\nNameless\nCreatures you control get +1/+1 until end of turn.\nSecond line.";
        let cards = read_str(text);
        assert_eq!(cards.len(), 3);
        let shock = &cards[0].faces[0];
        assert_eq!(cards[0].name.as_deref(), Some("Shock"));
        assert_eq!(shock.mana_cost.as_deref(), Some("{R}"));
        assert_eq!(shock.type_line.as_deref(), Some("Instant"));
        assert_eq!(
            shock.text.as_ref().unwrap().value,
            "Shock deals 2 damage to any target."
        );
        assert_eq!(cards[1].name.as_deref(), Some("Circle of Protection: Red"));
        assert_eq!(cards[1].faces[0].mana_cost.as_deref(), Some("{1}{W}"));
        let last = &cards[2].faces[0];
        assert_eq!(last.type_line, None);
        assert_eq!(last.mana_cost, None);
        assert_eq!(
            last.text.as_ref().unwrap().value,
            "Creatures you control get +1/+1 until end of turn.\nSecond line."
        );
        assert_eq!(
            &text[cards[2].span.clone()],
            &text[text.find("Nameless").unwrap()..]
        );
    }

    #[test]
    fn lone_carriage_returns_end_lines() {
        for text in [
            "Foo\rInstant\rTap it until the end of turn.\rSecond.\r\rBar\r",
            "Foo\r\nInstant\r\nTap it until the end of turn.\r\nSecond.\r\n\r\nBar\r\n",
            "Foo\nInstant\nTap it until the end of turn.\r\nSecond.\n\rBar",
        ] {
            let cards = read_str(text);
            assert_eq!(cards.len(), 2, "{text:?}");
            let face = &cards[0].faces[0];
            assert_eq!(face.type_line.as_deref(), Some("Instant"));
            let card_text = face.text.as_ref().unwrap();
            assert_eq!(card_text.value, "Tap it until the end of turn.\nSecond.");
            // The map is exact: the phrase lies on the file's bytes.
            let at = card_text.value.find("until").unwrap();
            let span = card_text.map.to_file(at..at + 5).expect("an exact map");
            assert_eq!(&text[span], "until");
            assert_eq!(cards[1].name.as_deref(), Some("Bar"));
        }
    }

    #[test]
    fn name_splitting() {
        assert_eq!(split_name("Shock {R}"), ("Shock", Some("{R}")));
        assert_eq!(
            split_name("Fire // Ice {1}{R}"),
            ("Fire // Ice", Some("{1}{R}"))
        );
        assert_eq!(split_name("{R}"), ("{R}", None));
        assert_eq!(split_name("Odd {R}}"), ("Odd {R}}", None));
        assert_eq!(split_name("Plain"), ("Plain", None));
        assert_eq!(split_name("Ünïcode {2/W}"), ("Ünïcode", Some("{2/W}")));
    }
}
