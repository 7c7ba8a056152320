//! Magic Set Editor's `set` file, and the `card NAME` files a set keeps its cards in, in MSE's own
//! format: `key: value` lines, a key's block one tab deeper than the key, a value that spans lines
//! written under its key alone (`rule_text:`), one tab deeper, each line's tabs stripped and the
//! lines joined with `\n` (a blank line among them is a line of the value). Keys are read as MSE
//! reads them: lower case, a space the same as `_`. A byte order mark, CRLF and lone CR line ends
//! are read as MSE reads them.
//!
//! Each top-level `card:` block is a card:
//! - `name`, `rule_text`, the type line `super_type — sub_type`, and `casting_cost` (`2RR`, read
//!   as `{2}{R}{R}`) make its face; `name_2`, `rule_text_2`, `super_type_2`, `sub_type_2`,
//!   `casting_cost_2` a second face when any of them is there (the card's name is then
//!   `A // B`);
//! - a planeswalker's abilities are the lines of its `rule_text` (their loyalty costs are
//!   `loyalty_cost_1`, ... apart, and not read);
//! - a leveler's `level_1_text`, `level_2_text`, ... are faces of their own after those, each
//!   with the card's name and type line: a level's text is rules text of its own, and a face keeps
//!   one value's map;
//! - other keys (`flavor_text`, `image`, `styling_data`, ...) are not rules text.
//!
//! Markup in values is removed through the map ([`super::mse_markup`]). A set whose cards are
//! in files of their own names them in `include_file: card NAME` lines: [`includes`] lists them,
//! for the caller to read each file as this format (each starts with `card:`), spans in its own
//! text.

use super::map::Style;
use super::mse_markup::{Joined, card_text, mana_cost, plain};
use super::mse_shape::canonical;
use super::text::lines;
use super::{Card, Face, NoteKind, SourceError, SourceNote};
use std::borrow::Cow;
use std::ops::Range;

/// One line of the file.
#[derive(Debug)]
struct Row {
    /// The line without its line end.
    content: Range<usize>,
    /// Leading tabs.
    tabs: usize,
    /// Only blanks.
    blank: bool,
}

/// `key: value` at some depth.
#[derive(Debug)]
struct Entry {
    /// The key as MSE reads it: lower case, `_` for a space.
    key: String,
    /// Where the key's line starts and ends.
    line_start: usize,
    line_end: usize,
    value: Value,
}

#[derive(Debug)]
enum Value {
    /// On the key's line, after `:` and blanks.
    Inline(Range<usize>),
    /// The rows under the key, each at least a tab deeper (and blank rows among them).
    Block(Range<usize>),
}

/// How deep a card's keys are: one tab, under `card:`.
const FIELD_DEPTH: usize = 1;

/// The file's rows and what reading them found.
struct Reader<'t> {
    text: &'t str,
    rows: Vec<Row>,
    errors: &'t mut Vec<SourceError>,
}

/// Read every card of a `set` or `card NAME` file.
pub(super) fn read<'t>(
    text: &str,
    on_card: &mut dyn FnMut(Card<'t>),
    errors: &mut Vec<SourceError>,
    notes: &mut Vec<SourceNote>,
) {
    let first_error = errors.len();
    let mut reader = Reader::new(text, errors);
    let top = reader.entries(0..reader.rows.len(), 0);
    let mut cards = 0;
    for entry in &top {
        if entry.key != "card" {
            continue;
        }
        if let Some(card) = reader.card(entry) {
            cards += 1;
            on_card(card);
        }
    }
    // The cards' own lines were read after the top level's: errors in the file's order.
    reader.errors[first_error..].sort_by_key(|error| error.span.start);
    let included = top.iter().any(|entry| entry.key == "include_file");
    if cards == 0 && !included {
        let span = top.first().map_or(0..0, |entry| reader.key_span(entry));
        notes.push(SourceNote {
            kind: NoteKind::NotACardFile,
            span,
            message: "no `card:` block in this magic set editor file: no card was read from it"
                .to_string(),
            help: Some(
                "a set keeps its cards in top-level `card:` blocks, or in `card NAME` files that \
                 its `include_file:` lines name"
                    .to_string(),
            ),
        });
    }
}

/// A card file that a set's `include_file:` line names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Include {
    /// The file's name, relative to the set's folder (`card Dusk Herald`).
    pub file: String,
    /// The name's bytes in the set file.
    pub span: Range<usize>,
}

/// The files the top-level `include_file:` lines of a set file name, in file order.
pub fn includes(text: &str) -> Vec<Include> {
    let mut errors = Vec::new();
    let mut reader = Reader::new(text, &mut errors);
    let top = reader.entries(0..reader.rows.len(), 0);
    top.iter()
        .filter(|entry| entry.key == "include_file")
        .filter_map(|entry| match &entry.value {
            Value::Inline(range) => {
                let file = text[range.clone()].trim_end();
                Some(Include {
                    file: file.to_owned(),
                    span: range.start..range.start + file.len(),
                })
            }
            Value::Block(_) => None,
        })
        .collect()
}

impl<'t> Reader<'t> {
    fn new(text: &'t str, errors: &'t mut Vec<SourceError>) -> Reader<'t> {
        let rows = lines(text)
            .map(|line| {
                let content = text.get(line.content.clone()).unwrap_or("");
                Row {
                    tabs: content.bytes().take_while(|&b| b == b'\t').count(),
                    blank: content.trim().is_empty(),
                    content: line.content,
                }
            })
            .collect();
        Reader { text, rows, errors }
    }

    /// The entries at depth `depth` among `rows`; a row that is none is an error.
    fn entries(&mut self, rows: Range<usize>, depth: usize) -> Vec<Entry> {
        let mut entries = Vec::new();
        let mut i = rows.start;
        while i < rows.end {
            let row = &self.rows[i];
            let line = &self.text[row.content.clone()];
            let after_tabs = &line[row.tabs..];
            i += 1;
            if row.blank || after_tabs.starts_with('#') {
                continue;
            }
            let at = row.content.start + row.tabs;
            if after_tabs.starts_with(' ') {
                self.errors.push(SourceError::at(
                    self.text,
                    at,
                    "a line indented with spaces: magic set editor indents with tabs",
                ));
                continue;
            }
            if row.tabs != depth {
                self.errors.push(SourceError::at(
                    self.text,
                    at,
                    "unexpected indentation: this line is in no key's block or value",
                ));
                continue;
            }
            let Some(colon) = after_tabs.find(':') else {
                self.errors.push(SourceError::new(
                    at..row.content.end,
                    "expected `key: value`: this line has no `:`",
                ));
                continue;
            };
            let value_start = at + colon + 1;
            let value = &self.text[value_start..row.content.end];
            let value_start = value_start + (value.len() - value.trim_start().len());
            let line_start = row.content.start;
            let row_end = row.content.end;
            let key = canonical(after_tabs[..colon].trim());
            let value = if value_start < row.content.end {
                Value::Inline(value_start..row.content.end)
            } else {
                let end = self.block_end(i, rows.end, depth);
                let block = i..end;
                i = end;
                Value::Block(block)
            };
            entries.push(Entry {
                key,
                line_start,
                line_end: row_end,
                value,
            });
        }
        entries
    }

    /// Where the block under a key at `depth` ends, from row `start`: after its last row that is
    /// deeper than the key. Blank rows that are not indented belong to it when a deeper row
    /// follows them, as MSE reads them.
    fn block_end(&self, start: usize, end: usize, depth: usize) -> usize {
        let mut last = start;
        let mut i = start;
        while i < end {
            let row = &self.rows[i];
            if row.tabs > depth {
                last = i + 1;
            } else if !row.blank || i == start {
                break;
            }
            i += 1;
        }
        last
    }

    /// The key's bytes in the file, for a note.
    fn key_span(&self, entry: &Entry) -> Range<usize> {
        let line = &self.text[entry.line_start..];
        let tabs = line.bytes().take_while(|&b| b == b'\t').count();
        let key_len = line[tabs..].find(':').unwrap_or(0);
        entry.line_start + tabs..entry.line_start + tabs + key_len
    }

    /// A `card:` block: None (and an error) when it is a value on its line.
    fn card(&mut self, entry: &Entry) -> Option<Card<'static>> {
        let Value::Block(rows) = &entry.value else {
            let key = self.key_span(entry);
            self.errors.push(SourceError::new(
                key,
                "`card:` should be followed by the card's keys, one tab deeper",
            ));
            return None;
        };
        let fields = self.entries(rows.clone(), FIELD_DEPTH);
        let end = rows
            .clone()
            .last()
            .map_or(entry.line_end, |row| self.rows[row].content.end);
        let field = |key: &str| fields.iter().find(|field| field.key == key);
        let string = |key: &str| {
            field(key)
                .map(|field| {
                    plain(&self.joined(field, FIELD_DEPTH).text)
                        .trim()
                        .to_owned()
                })
                .filter(|value| !value.is_empty())
        };
        let type_line = |suffix: &str| {
            let supertype = string(&format!("super_type{suffix}"));
            let subtype = string(&format!("sub_type{suffix}"));
            match (supertype, subtype) {
                (Some(supertype), Some(subtype)) => Some(format!("{supertype} — {subtype}")),
                (supertype, subtype) => supertype.or(subtype),
            }
        };
        let text = |key: &str, name: Option<&str>| {
            let field = field(key)?;
            let joined = self.joined(field, FIELD_DEPTH);
            let (raw, style) = match &field.value {
                Value::Inline(range) => (range.clone(), Style::MseLine),
                Value::Block(_) => (
                    self.block_raw(field),
                    Style::MseBlock {
                        indent: FIELD_DEPTH + 1,
                    },
                ),
            };
            card_text(&joined, raw, style, name)
        };
        let name = string("name");
        let mut faces = vec![Face {
            name: name.clone().map(Cow::Owned),
            type_line: type_line("").map(Cow::Owned),
            mana_cost: string("casting_cost")
                .and_then(|cost| mana_cost(&cost))
                .map(Cow::Owned),
            text: text("rule_text", name.as_deref()),
        }];
        let back = [
            "name_2",
            "rule_text_2",
            "super_type_2",
            "sub_type_2",
            "casting_cost_2",
        ];
        if back.iter().any(|key| string(key).is_some()) {
            let back_name = string("name_2");
            let own_name = back_name.as_deref().or(name.as_deref());
            faces.push(Face {
                name: back_name.clone().map(Cow::Owned),
                type_line: type_line("_2").map(Cow::Owned),
                mana_cost: string("casting_cost_2")
                    .and_then(|cost| mana_cost(&cost))
                    .map(Cow::Owned),
                text: text("rule_text_2", own_name),
            });
        }
        let back_name = faces
            .get(1)
            .and_then(|face| face.name.as_deref().map(str::to_owned));
        let card_name = match (&name, &back_name) {
            (Some(front), Some(back)) => Some(format!("{front} // {back}")),
            (front, back) => front.clone().or(back.clone()),
        };
        // Levels in order of their number, however the file orders them.
        let mut levels: Vec<(usize, &str)> = fields
            .iter()
            .filter_map(|field| {
                let number = field.key.strip_prefix("level_")?.strip_suffix("_text")?;
                Some((number.parse().ok()?, field.key.as_str()))
            })
            .collect();
        levels.sort_by_key(|&(number, _)| number);
        for (_, key) in levels {
            if let Some(level) = text(key, name.as_deref()) {
                faces.push(Face {
                    name: name.clone().map(Cow::Owned),
                    type_line: faces[0].type_line.clone(),
                    mana_cost: None,
                    text: Some(level),
                });
            }
        }
        Some(Card {
            name: card_name.map(Cow::Owned),
            set: None,
            span: entry.line_start..end,
            faces,
            allows: Vec::new(),
            unread: Vec::new(),
        })
    }

    /// A field's value as MSE reads it, each piece placed in the file; `depth` is the field's.
    fn joined(&self, field: &Entry, depth: usize) -> Joined {
        let mut joined = Joined::default();
        let rows = match &field.value {
            Value::Inline(range) => {
                joined.push_text(self.text, range.clone());
                return joined;
            }
            Value::Block(rows) => rows.clone(),
        };
        let indent = depth + 1;
        // The last line of the value so far.
        let mut previous: Option<usize> = None;
        for i in rows {
            let row = &self.rows[i];
            // A blank line less indented than the value: a line of it all the same.
            if row.tabs < indent {
                continue;
            }
            if let Some(previous) = previous {
                // Each line end stands for a `\n`, with the blanks after it up to the next line's
                // text.
                let mut from = self.rows[previous].content.end;
                for blank in &self.rows[previous + 1..i] {
                    joined.push_break(from..blank.content.start);
                    from = blank.content.start;
                }
                joined.push_break(from..row.content.start + indent);
            }
            joined.push_text(self.text, row.content.start + indent..row.content.end);
            previous = Some(i);
        }
        joined
    }

    /// The extent of a block value: from its first line's text to its last line's end.
    fn block_raw(&self, field: &Entry) -> Range<usize> {
        let Value::Block(rows) = &field.value else {
            return 0..0;
        };
        let start = rows
            .clone()
            .next()
            .map_or(0, |row| self.rows[row].content.start + FIELD_DEPTH + 1);
        let end = rows
            .clone()
            .last()
            .map_or(start, |row| self.rows[row].content.end);
        start.min(end)..end
    }
}
