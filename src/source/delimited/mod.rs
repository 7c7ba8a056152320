//! CSV and TSV spreadsheets: a header row, then one card a row.
//!
//! Columns are found by their header as JSON fields are found by their keys
//! ([`super::FieldNames`]: the common spellings and a config's `[fields]`), in any case and with
//! spaces, `_` or `-` between the words or none: the name (`Name`, `Card Name`, `Title`), the
//! text (`Text`, `Rules Text`, `Oracle Text`, `Rule Text`), the type line (`Type`, `Type Line`),
//! the cost (`Cost`, `Mana Cost`, `Casting Cost`); and the set (`Set`). The first column of each
//! wins; other columns are not read. A file with no text column reads no card, and says so.
//!
//! Fields are read as RFC 4180 writes them, by a small reader of our own rather than the csv
//! crate, which gives the position of a record but not of each field in it: a field that starts
//! with `"` is quoted, runs to the next lone `"`, and holds delimiters, line breaks and doubled
//! quotes `""`, each read as one `"` standing for its two bytes; any other field runs to the next
//! delimiter or line end as it is written. Only the fields of the columns read are kept, so a row
//! of a million fields costs no memory.

use crate::source::bounds;
use crate::source::decoded::Decoded;
use crate::source::map::Style;
use crate::source::{Card, Face, Field, FieldNames, NoteKind, SourceError, SourceNote, normalized};
use std::borrow::Cow;
use std::ops::Range;

/// What a column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Name,
    Text,
    TypeLine,
    Cost,
    Set,
}

/// The column a header names: a card field of the first face, or the set.
fn column_of(header: &str, fields: &FieldNames) -> Option<Column> {
    if normalized(header) == "set" {
        return Some(Column::Set);
    }
    match fields.lookup(header)? {
        (Field::Name, 0) => Some(Column::Name),
        (Field::Text, 0) => Some(Column::Text),
        (Field::TypeLine, 0) => Some(Column::TypeLine),
        (Field::ManaCost, 0) => Some(Column::Cost),
        _ => None,
    }
}

/// One field as written: its raw bytes (with the quotes of a quoted field).
#[derive(Debug, Clone)]
struct RawField {
    range: Range<usize>,
    quoted: bool,
}

/// Where each column read lies in the header, by field index.
#[derive(Debug, Default)]
struct Columns {
    at: Vec<(usize, Column)>,
}

impl Columns {
    fn column(&self, index: usize) -> Option<Column> {
        self.at
            .iter()
            .find(|(at, _)| *at == index)
            .map(|(_, column)| *column)
    }

    fn has(&self, column: Column) -> bool {
        self.at.iter().any(|(_, c)| *c == column)
    }
}

/// Read a spreadsheet whose fields are separated by `delimiter` (`,` or tab).
pub(in crate::source) fn read<'c>(
    text: &str,
    delimiter: u8,
    names: &FieldNames,
    on_card: &mut dyn FnMut(Card<'c>),
    errors: &mut Vec<SourceError>,
    notes: &mut Vec<SourceNote>,
) {
    let mut parser = Parser {
        text,
        delimiter,
        pos: if text.starts_with('\u{feff}') { 3 } else { 0 },
    };
    let mut columns: Option<Columns> = None;
    loop {
        let mut fields: Vec<(Column, RawField)> = Vec::new();
        let mut header = Columns::default();
        let Some(record) = parser.record(errors, &mut |index, field| match &columns {
            None => {
                let name = decode(text, &field).into_string().unwrap_or_default();
                if let Some(column) = column_of(&name, names).filter(|c| !header.has(*c)) {
                    header.at.push((index, column));
                }
            }
            Some(columns) => {
                if let Some(column) = columns.column(index) {
                    fields.push((column, field));
                }
            }
        }) else {
            return;
        };
        if parser.pos < text.len() && bounds::full(errors, text, parser.pos) {
            return;
        }
        if record.blank {
            continue;
        }
        match &columns {
            None => {
                if !header.has(Column::Text) {
                    notes.push(no_text_column(record.span, delimiter));
                    return;
                }
                columns = Some(header);
            }
            Some(_) if record.broken => {}
            Some(_) => {
                if let Some(card) = card(text, record.span, &fields, delimiter) {
                    on_card(card);
                }
            }
        }
    }
}

fn no_text_column(span: Range<usize>, delimiter: u8) -> SourceNote {
    let kind = if delimiter == b'\t' { "TSV" } else { "CSV" };
    SourceNote {
        kind: NoteKind::NotACardFile,
        span,
        message: format!("a {kind} file with no card text column: no card was read from it"),
        help: Some(
            "phaselint reads the column headed `Text` (or `Rules Text`, `Oracle Text`, `Rule Text`, in any case, with spaces, `_`, `-` or nothing between the words), with `Name`, `Type` and `Cost`; exclude the file in phaselint.toml (`[files] exclude`) to drop this note"
                .to_string(),
        ),
    }
}

/// The card of a row, if it has a name or a text.
fn card(
    text: &str,
    span: Range<usize>,
    fields: &[(Column, RawField)],
    delimiter: u8,
) -> Option<Card<'static>> {
    let string = |column| {
        fields
            .iter()
            .find(|(c, _)| *c == column)
            .and_then(|(_, field)| decode(text, field).into_string())
            .map(Cow::Owned)
    };
    let card_text = fields
        .iter()
        .find(|(c, _)| *c == Column::Text)
        .and_then(|(_, field)| {
            let style = if field.quoted {
                Style::CsvQuoted
            } else {
                Style::CsvBare { delimiter }
            };
            decode(text, field).finish(field.range.clone(), style)
        });
    let name = string(Column::Name);
    if name.is_none() && card_text.is_none() {
        return None;
    }
    Some(Card {
        name: name.clone(),
        set: string(Column::Set),
        span,
        faces: vec![Face {
            name,
            type_line: string(Column::TypeLine),
            mana_cost: string(Column::Cost),
            text: card_text,
        }],
        allows: Vec::new(),
        unread: Vec::new(),
    })
}

/// A field's value, mapped: a quoted field's content with `""` read as `"` and line breaks as
/// `\n`; a bare field as it is.
fn decode(text: &str, field: &RawField) -> Decoded {
    let mut decoded = Decoded::default();
    if !field.quoted {
        decoded.verbatim(
            field.range.start,
            text.get(field.range.clone()).unwrap_or(""),
        );
        return decoded;
    }
    let start = field.range.start + 1;
    let end = field.range.end.saturating_sub(1).max(start);
    let content = text.get(start..end).unwrap_or("");
    decoded.text_escaping(start, content, "\"\"", '"');
    decoded
}

/// The end of one record.
#[derive(Debug)]
struct Record {
    /// From its first byte to the end of its last field (the line break left out).
    span: Range<usize>,
    /// One empty field: a blank line.
    blank: bool,
    /// A field could not be read (an error says why): the row gives no card.
    broken: bool,
}

struct Parser<'t> {
    text: &'t str,
    delimiter: u8,
    pos: usize,
}

impl Parser<'_> {
    /// The next record, each of its fields given to `on_field` with its index; `None` at the end.
    fn record(
        &mut self,
        errors: &mut Vec<SourceError>,
        on_field: &mut dyn FnMut(usize, RawField),
    ) -> Option<Record> {
        let bytes = self.text.as_bytes();
        if self.pos >= bytes.len() {
            return None;
        }
        let start = self.pos;
        let mut broken = false;
        let mut index = 0;
        let mut blank = false;
        loop {
            let field_start = self.pos;
            let quoted = bytes.get(field_start) == Some(&b'"');
            if quoted {
                match self.closing_quote(field_start + 1) {
                    Some(after) => self.pos = after,
                    None => {
                        errors.push(SourceError::at(
                            self.text,
                            field_start,
                            "unterminated quoted field: the file ends inside it",
                        ));
                        self.pos = bytes.len();
                        return Some(Record {
                            span: start..self.pos,
                            blank: false,
                            broken: true,
                        });
                    }
                }
                if !self.at_field_end() {
                    errors.push(SourceError::at(
                        self.text,
                        self.pos,
                        "a character after a quoted field's closing quote: a quote inside a quoted field is doubled (`\"\"`)",
                    ));
                    broken = true;
                    self.skip_to_field_end();
                }
            } else {
                self.skip_to_field_end();
            }
            let field = RawField {
                range: field_start..self.pos,
                quoted,
            };
            if index == 0 && field.range.is_empty() {
                blank = true;
            }
            on_field(index, field);
            index += 1;
            let end = self.pos;
            match bytes.get(self.pos) {
                Some(&byte) if byte == self.delimiter => {
                    self.pos += 1;
                    blank = false;
                }
                Some(b'\r') if bytes.get(self.pos + 1) == Some(&b'\n') => {
                    self.pos += 2;
                    return Some(Record {
                        span: start..end,
                        blank,
                        broken,
                    });
                }
                Some(_) => {
                    self.pos += 1;
                    return Some(Record {
                        span: start..end,
                        blank,
                        broken,
                    });
                }
                None => {
                    return Some(Record {
                        span: start..end,
                        blank,
                        broken,
                    });
                }
            }
        }
    }

    /// The position after the quote that closes a quoted field whose content starts at `from`.
    fn closing_quote(&self, mut from: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        loop {
            let quote = from + memchr::memchr(b'"', bytes.get(from..)?)?;
            if bytes.get(quote + 1) == Some(&b'"') {
                from = quote + 2;
            } else {
                return Some(quote + 1);
            }
        }
    }

    fn at_field_end(&self) -> bool {
        match self.text.as_bytes().get(self.pos) {
            None | Some(b'\n' | b'\r') => true,
            Some(&byte) => byte == self.delimiter,
        }
    }

    fn skip_to_field_end(&mut self) {
        let bytes = &self.text.as_bytes()[self.pos..];
        self.pos += memchr::memchr3(self.delimiter, b'\n', b'\r', bytes).unwrap_or(bytes.len());
    }
}

#[cfg(test)]
mod tests;
