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
//! Markup in values is removed through the map ([`markup`]). A set whose cards are
//! in files of their own names them in `include_file: card NAME` lines: [`includes`] lists them,
//! each file once, for the caller to read each file as this format (each starts with `card:`),
//! spans in its own text.
//!
//! The file is a stranger's: its rows are read as a stream, never kept (a record a line cost 16
//! to 32 times a file of short lines), only the fields a card is read from are kept, a card gives
//! at most [`MAX_FACES`], and reading stops after [`super::bounds::MAX_ERRORS`] errors. A card's
//! name is the file's own bytes where it has no markup, shared by its faces.

use crate::source::bounds::{MAX_FACES, report};
use crate::source::map::Style;
use crate::source::{Card, Face, NoteKind, SourceError, SourceNote};
use markup::{Joined, card_text, mana_cost, plain};

pub(super) mod markup;
pub(super) mod shape;
pub mod zip;

#[cfg(test)]
mod tests;
use std::borrow::Cow;
use std::collections::HashSet;
use std::ops::Range;

/// One line of the file.
#[derive(Debug, Clone)]
struct Row {
    /// The line without its line end.
    content: Range<usize>,
    /// Where the next line starts.
    next: usize,
    /// Leading tabs.
    tabs: usize,
    /// Only blanks.
    blank: bool,
}

/// The rows of a text from byte `at` up to byte `end`, both at the start of a line (or the end).
#[derive(Debug, Clone)]
struct Rows<'t> {
    text: &'t str,
    at: usize,
    end: usize,
}

impl<'t> Rows<'t> {
    /// Every row of `text`, after its byte order mark.
    fn of(text: &'t str) -> Rows<'t> {
        let at = if text.starts_with('\u{feff}') { 3 } else { 0 };
        Rows {
            text,
            at,
            end: text.len(),
        }
    }
}

impl Iterator for Rows<'_> {
    type Item = Row;

    fn next(&mut self) -> Option<Row> {
        let rest = self.text.as_bytes().get(self.at..self.end)?;
        if rest.is_empty() {
            return None;
        }
        // A line ends at `\n`, `\r\n` or a lone `\r`, as MSE and the reports count lines.
        let (len, break_len) = match memchr::memchr2(b'\n', b'\r', rest) {
            Some(i) if rest[i] == b'\r' && rest.get(i + 1) == Some(&b'\n') => (i, 2),
            Some(i) => (i, 1),
            None => (rest.len(), 0),
        };
        let content = self.at..self.at + len;
        let line = &rest[..len];
        let row = Row {
            tabs: line.iter().take_while(|&&b| b == b'\t').count(),
            blank: self.text[content.clone()].trim().is_empty(),
            next: content.end + break_len,
            content,
        };
        self.at = row.next;
        Some(row)
    }
}

/// `key: value` at some depth.
#[derive(Debug, Clone)]
struct Entry {
    /// The key's bytes, as written.
    key: Range<usize>,
    /// Where the key's line starts.
    line_start: usize,
    value: Value,
}

#[derive(Debug, Clone)]
enum Value {
    /// On the key's line, after `:` and blanks.
    Inline(Range<usize>),
    /// The rows under the key, each at least a tab deeper (and blank rows among them): `rows`
    /// from the first one's start to the start of the row after the last, which ends at `end`
    /// (empty rows, ending at the key's line's end, for a key with no value).
    Block { rows: Range<usize>, end: usize },
}

/// How deep a card's keys are: one tab, under `card:`.
const FIELD_DEPTH: usize = 1;

/// The entries at one depth of some rows, read one at a time; a row that is none is an error.
struct Entries<'t> {
    rows: Rows<'t>,
    depth: usize,
    /// The file's errors are full: no more entries.
    stopped: bool,
}

impl<'t> Entries<'t> {
    fn new(rows: Rows<'t>, depth: usize) -> Entries<'t> {
        Entries {
            rows,
            depth,
            stopped: false,
        }
    }

    /// The next entry, or None at the end of the rows or once the errors are full.
    fn next(&mut self, errors: &mut Vec<SourceError>) -> Option<Entry> {
        let text = self.rows.text;
        while !self.stopped
            && let Some(row) = self.rows.next()
        {
            let line = &text[row.content.clone()];
            let after_tabs = &line[row.tabs..];
            if row.blank || after_tabs.starts_with('#') {
                continue;
            }
            let at = row.content.start + row.tabs;
            let problem = if after_tabs.starts_with(' ') {
                SourceError::at(
                    text,
                    at,
                    "a line indented with spaces: magic set editor indents with tabs",
                )
            } else if row.tabs != self.depth {
                SourceError::at(
                    text,
                    at,
                    "unexpected indentation: this line is in no key's block or value",
                )
            } else if let Some(colon) = after_tabs.find(':') {
                return Some(self.entry(&row, colon));
            } else {
                SourceError::new(
                    at..row.content.end,
                    "expected `key: value`: this line has no `:`",
                )
            };
            self.stopped = !report(errors, text, problem);
        }
        None
    }

    /// The entry whose key ends at `colon` (after the row's tabs).
    fn entry(&mut self, row: &Row, colon: usize) -> Entry {
        let text = self.rows.text;
        let at = row.content.start + row.tabs;
        let key = &text[at..at + colon];
        let key_start = at + (key.len() - key.trim_start().len());
        let key = key_start..key_start + key.trim().len();
        let value_start = at + colon + 1;
        let value = &text[value_start..row.content.end];
        let value_start = value_start + (value.len() - value.trim_start().len());
        let value = if value_start < row.content.end {
            Value::Inline(value_start..row.content.end)
        } else {
            self.block(row)
        };
        Entry {
            key,
            line_start: row.content.start,
            value,
        }
    }

    /// The block under the key on `row`: the rows after it that are deeper than the key. Blank
    /// rows that are not indented belong to it when a deeper row follows them, as MSE reads them.
    fn block(&mut self, key: &Row) -> Value {
        let start = self.rows.at;
        let ahead = self.rows.clone();
        // The next row's start and the content end of the block's last row.
        let mut last = None;
        let mut first = true;
        for row in ahead {
            if row.tabs > self.depth {
                last = Some((row.next, row.content.end));
            } else if !row.blank || first {
                break;
            }
            first = false;
        }
        match last {
            Some((next, end)) => {
                self.rows.at = next;
                Value::Block {
                    rows: start..next,
                    end,
                }
            }
            None => Value::Block {
                rows: start..start,
                end: key.content.end,
            },
        }
    }
}

/// Whether `key`, as written, is `canonical` as MSE compares keys: lower case, a space the same
/// as `_`.
fn key_is(key: &str, canonical: &str) -> bool {
    key.len() == canonical.len()
        && key.bytes().zip(canonical.bytes()).all(|(k, c)| {
            if k == b' ' {
                c == b'_'
            } else {
                k.to_ascii_lowercase() == c
            }
        })
}

/// The number `N` of a `level_N_text` key.
fn level_number(key: &str) -> Option<usize> {
    let (prefix, suffix) = ("level_", "_text");
    if key.len() <= prefix.len() + suffix.len()
        || !key_is(key.get(..prefix.len())?, prefix)
        || !key_is(key.get(key.len() - suffix.len()..)?, suffix)
    {
        return None;
    }
    key.get(prefix.len()..key.len() - suffix.len())?
        .parse()
        .ok()
}

/// Read every card of a `set` or `card NAME` file.
pub(in crate::source) fn read<'t>(
    text: &'t str,
    on_card: &mut dyn FnMut(Card<'t>),
    errors: &mut Vec<SourceError>,
    notes: &mut Vec<SourceNote>,
) {
    let first_error = errors.len();
    let mut top = Entries::new(Rows::of(text), 0);
    let mut first_key = None;
    let (mut cards, mut included) = (0, false);
    while let Some(entry) = top.next(errors) {
        first_key.get_or_insert(entry.key.clone());
        let key = &text[entry.key.clone()];
        included |= key_is(key, "include_file");
        if !key_is(key, "card") {
            continue;
        }
        match read_card(text, &entry, errors) {
            Ok(Some(card)) => {
                cards += 1;
                on_card(card);
            }
            Ok(None) => {}
            Err(Stopped) => break,
        }
    }
    // The errors of a card's lines come with its entry, but keep the file's order all the same.
    errors[first_error..].sort_by_key(|error| error.span.start);
    if cards == 0 && !included {
        notes.push(SourceNote {
            kind: NoteKind::NotACardFile,
            span: first_key.unwrap_or(0..0),
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
    /// The file's name, relative to the set's folder, as one path names it (`card Dusk
    /// Herald`; `./card A` and `.//card A` are `card A`).
    pub file: String,
    /// The name's bytes in the set file.
    pub span: Range<usize>,
}

/// The files the top-level `include_file:` lines of a set file name, in file order, each once:
/// a line that names a file an earlier one named, under any spelling, is left out.
pub fn includes(text: &str) -> Vec<Include> {
    let mut errors = Vec::new();
    let mut top = Entries::new(Rows::of(text), 0);
    let mut seen = HashSet::new();
    let mut includes = Vec::new();
    // The reader reports the errors, and stops where they fill: so do the includes.
    while let Some(entry) = top.next(&mut errors) {
        let Value::Inline(range) = &entry.value else {
            continue;
        };
        if !key_is(&text[entry.key.clone()], "include_file") {
            continue;
        }
        let file = text[range.clone()].trim_end();
        let normal = normal_path(file);
        if seen.insert(normal.clone()) {
            includes.push(Include {
                file: normal,
                span: range.start..range.start + file.len(),
            });
        }
    }
    includes
}

/// A relative path as one spelling: its `.` and empty components left out, `/` between the
/// others (`./card A`, `.//card A` and `card A` are `card A`). `..` and a leading `/` are kept,
/// for the caller to refuse; `\\` is a character of a name, as on the systems MSE's zips and
/// folders are read on here.
pub fn normal_path(path: &str) -> String {
    let mut normal = String::with_capacity(path.len());
    for part in path.split('/') {
        if part.is_empty() || part == "." {
            continue;
        }
        if !normal.is_empty() {
            normal.push('/');
        }
        normal.push_str(part);
    }
    if path.starts_with('/') {
        normal.insert(0, '/');
    }
    normal
}

/// The file's errors filled while a card was read: reading stops.
struct Stopped;

/// The fields of a card that phaselint reads, the first of each key; levels in file order, at
/// most [`MAX_FACES`] of them.
#[derive(Default)]
struct Fields {
    slots: [Option<Entry>; FIELDS.len()],
    levels: Vec<(usize, Entry)>,
    /// The key of the first level past the bound, in file order.
    too_many_levels: Option<Range<usize>>,
}

/// The keys a card is read from, in the order of [`Fields::slots`].
const FIELDS: [&str; 10] = [
    "name",
    "rule_text",
    "super_type",
    "sub_type",
    "casting_cost",
    "name_2",
    "rule_text_2",
    "super_type_2",
    "sub_type_2",
    "casting_cost_2",
];

impl Fields {
    fn add(&mut self, text: &str, entry: Entry) {
        let key = &text[entry.key.clone()];
        if let Some(slot) = FIELDS.iter().position(|field| key_is(key, field)) {
            self.slots[slot].get_or_insert(entry);
        } else if let Some(number) = level_number(key) {
            if self.levels.len() < MAX_FACES {
                self.levels.push((number, entry));
            } else {
                self.too_many_levels.get_or_insert(entry.key);
            }
        }
    }

    fn get(&self, key: &str) -> Option<&Entry> {
        let slot = FIELDS.iter().position(|field| *field == key)?;
        self.slots[slot].as_ref()
    }
}

/// A `card:` block: None (and an error) when it is a value on its line.
fn read_card<'t>(
    text: &'t str,
    entry: &Entry,
    errors: &mut Vec<SourceError>,
) -> Result<Option<Card<'t>>, Stopped> {
    let Value::Block { rows, end } = &entry.value else {
        let problem = SourceError::new(
            entry.key.clone(),
            "`card:` should be followed by the card's keys, one tab deeper",
        );
        return if report(errors, text, problem) {
            Ok(None)
        } else {
            Err(Stopped)
        };
    };
    let mut fields = Fields::default();
    let rows = Rows {
        text,
        at: rows.start,
        end: rows.end,
    };
    let mut entries = Entries::new(rows, FIELD_DEPTH);
    while let Some(field) = entries.next(errors) {
        fields.add(text, field);
    }
    if entries.stopped {
        return Err(Stopped);
    }
    let string = |key: &str| value_of(text, fields.get(key)?);
    let type_line = |suffix: &str| {
        let supertype = string(&format!("super_type{suffix}"));
        let subtype = string(&format!("sub_type{suffix}"));
        match (supertype, subtype) {
            (Some(supertype), Some(subtype)) => {
                Some(Cow::Owned(format!("{supertype} — {subtype}")))
            }
            (supertype, subtype) => supertype.or(subtype),
        }
    };
    let card_text = |field: Option<&Entry>, name: Option<&str>| text_of(text, field?, name);
    let cost = |key: &str| {
        string(key)
            .and_then(|cost| mana_cost(&cost))
            .map(Cow::Owned)
    };
    let name = string("name");
    let mut faces = vec![Face {
        name: name.clone(),
        type_line: type_line(""),
        mana_cost: cost("casting_cost"),
        text: card_text(fields.get("rule_text"), name.as_deref()),
    }];
    // A second face when any of its fields holds something, each field read once.
    let back_name = string("name_2");
    // The back's own name, else the card's, is the card in its text.
    let back_text = card_text(
        fields.get("rule_text_2"),
        back_name.as_deref().or(name.as_deref()),
    );
    let back = Face {
        name: back_name,
        type_line: type_line("_2"),
        mana_cost: cost("casting_cost_2"),
        text: back_text,
    };
    if back.name.is_some()
        || back.type_line.is_some()
        || back.mana_cost.is_some()
        || back.text.is_some()
    {
        faces.push(back);
    }
    let card_name = match (&name, faces.get(1).and_then(|face| face.name.as_ref())) {
        (Some(front), Some(back)) => Some(Cow::Owned(format!("{front} // {back}"))),
        (front, back) => front.clone().or(back.cloned()),
    };
    // Levels in order of their number, however the file orders them; each a face with the card's
    // name and type line.
    fields.levels.sort_by_key(|&(number, _)| number);
    // A name or type line decoded from markup is a string of its own, copied into each level:
    // the copies may cost no more than the card's own bytes.
    let copied = |value: &Option<Cow<str>>| match value {
        Some(Cow::Owned(value)) => value.len(),
        _ => 0,
    };
    let copy = copied(&name) + copied(&faces[0].type_line);
    let mut room = end.saturating_sub(entry.line_start);
    let mut too_long = None;
    for (index, (_, level)) in fields.levels.iter().enumerate() {
        if faces.len() == MAX_FACES {
            // The error goes to the first level in the file that is not read.
            let unread = fields.levels[index..].iter().map(|(_, level)| &level.key);
            fields.too_many_levels = unread
                .chain(&fields.too_many_levels)
                .min_by_key(|key| key.start)
                .cloned();
            break;
        }
        if copy > room {
            too_long = Some(level.key.clone());
            break;
        }
        if let Some(level) = card_text(Some(level), name.as_deref()) {
            room -= copy;
            faces.push(Face {
                name: name.clone(),
                type_line: faces[0].type_line.clone(),
                mana_cost: None,
                text: Some(level),
            });
        }
    }
    let problems = [
        fields.too_many_levels.map(|key| {
            let why = format!(
                "more than {MAX_FACES} faces in one card: phaselint reads no more of its levels"
            );
            SourceError::new(key, why)
        }),
        too_long.map(|key| {
            let why = "this card's name and type line, with their markup, are too long to give \
                       each of its levels: phaselint reads no more of them";
            SourceError::new(key, why)
        }),
    ];
    for problem in problems.into_iter().flatten() {
        if !report(errors, text, problem) {
            return Err(Stopped);
        }
    }
    Ok(Some(Card {
        name: card_name,
        set: None,
        span: entry.line_start..*end,
        faces,
        allows: Vec::new(),
        unread: Vec::new(),
    }))
}

/// A field's value as a plain string (a name, a type, a cost): the file's own bytes when it has
/// no markup. None when it is empty.
fn value_of<'t>(text: &'t str, field: &Entry) -> Option<Cow<'t, str>> {
    let value = match &field.value {
        Value::Inline(range) if !text[range.clone()].contains(['<', '&']) => {
            Cow::Borrowed(text[range.clone()].trim())
        }
        _ => Cow::Owned(plain(&joined(text, field).text).trim().to_owned()),
    };
    (!value.is_empty()).then_some(value)
}

/// A field's card text, its markup removed and mapped to the file; `name` is the card in it.
fn text_of(text: &str, field: &Entry, name: Option<&str>) -> Option<super::CardText<'static>> {
    let joined = joined(text, field);
    let (raw, style) = match &field.value {
        Value::Inline(range) => (range.clone(), Style::MseLine),
        Value::Block { rows, end } => {
            // From the first line's text to the last line's end.
            let start = (rows.start + FIELD_DEPTH + 1).min(*end);
            (
                start..*end,
                Style::MseBlock {
                    indent: FIELD_DEPTH + 1,
                },
            )
        }
    };
    card_text(&joined, raw, style, name)
}

/// A field's value as MSE reads it, each piece placed in the file.
fn joined(text: &str, field: &Entry) -> Joined {
    let mut joined = Joined::default();
    let rows = match &field.value {
        Value::Inline(range) => {
            joined.push_text(text, range.clone());
            return joined;
        }
        Value::Block { rows, .. } => Rows {
            text,
            at: rows.start,
            end: rows.end,
        },
    };
    let indent = FIELD_DEPTH + 1;
    // Where the last line of the value so far ends, once there is one.
    let mut from: Option<usize> = None;
    for row in rows {
        // A blank line less indented than the value: a line of it all the same (a deeper line
        // always follows it in a block), its `\n` standing for its line end and blanks.
        if row.tabs < indent {
            if let Some(at) = from.as_mut() {
                joined.push_break(*at..row.content.start);
                *at = row.content.start;
            }
            continue;
        }
        if let Some(at) = from {
            // The line end stands for a `\n`, with the blanks after it up to this line's text.
            joined.push_break(at..row.content.start + indent);
        }
        joined.push_text(text, row.content.start + indent..row.content.end);
        from = Some(row.content.end);
    }
    joined
}
