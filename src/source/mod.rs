//! Inputs: card files in YAML (custom sets), JSON (MTGJSON, Scryfall, any JSON of card objects),
//! JSON Lines, plain text, Magic Set Editor sets, Cockatrice XML, Forge card scripts and CSV/TSV
//! spreadsheets, read into [`Card`]s whose text values carry a [`TextMap`] back to the bytes of the
//! file.
//!
//! Readers never panic and never stop at the first problem they can step over: what they could
//! not read is a [`SourceError`] with a byte range in the file, and the cards around it are still
//! read where the format allows.
//!
//! Architecture invariant: the readers know card files and their byte maps, and nothing of timing
//! phrases, the turn, rules or configs.

pub(crate) mod bounds;
mod cockatrice;
mod decoded;
mod delimited;
mod escape;
mod fields;
mod forge;
pub mod holds;
mod html;
mod json;
pub mod map;
mod mse;
mod readers;
mod text;
mod yaml;

pub use fields::{COMMON_NAMES, FieldNames, normalized};
pub use map::TextMap;
pub use mse::shape::is_set_file as is_mse_set_file;
pub use mse::zip as mse_zip;
pub use mse::{Include as MseInclude, includes as mse_includes};
pub use readers::{edited_card, read, read_batched, read_each, read_each_noting};

use std::borrow::Cow;
use std::ops::Range;
use std::path::Path;

/// A card file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// A YAML custom set: one card map, a list of them, or a map with a `cards:` list.
    Yaml,
    /// A JSON document: MTGJSON (set, AllPrintings, AtomicCards, card list) or Scryfall.
    Json,
    /// One JSON card object per line (Scryfall-like fields).
    JsonLines,
    /// Plain text: cards separated by blank lines.
    Text,
    /// A Magic Set Editor `set` file, or a `card NAME` file of a set (`card:` blocks).
    Mse,
    /// A Cockatrice card database (`<cockatrice_carddatabase>`, versions 3 and 4).
    Cockatrice,
    /// A Forge card script: `Key:Value` lines, the text on `Oracle:`.
    Forge,
    /// A spreadsheet exported as comma-separated values, with a header row.
    Csv,
    /// A spreadsheet exported as tab-separated values, with a header row.
    Tsv,
}

impl Format {
    /// Whether a file of this format may be read as Windows-1252 when it is not UTF-8: a text
    /// format a designer's editor saves (YAML, text, Forge, Magic Set Editor, CSV, TSV), not JSON,
    /// which is UTF-8 by its standard, nor XML, which declares its encoding.
    pub fn reads_windows_1252(self) -> bool {
        match self {
            Format::Yaml
            | Format::Text
            | Format::Mse
            | Format::Forge
            | Format::Csv
            | Format::Tsv => true,
            Format::Json | Format::JsonLines | Format::Cockatrice => false,
        }
    }
}

/// The format for a file extension (`.yaml`/`.yml`, `.json`, `.jsonl`/`.ndjson`, `.txt`, `.xml`,
/// `.csv`, `.tsv`, any case); None for other extensions. A `.txt` file is text here: Forge
/// scripts share the extension, and [`format_of`] tells them apart by content.
pub fn format_from_extension(path: &Path) -> Option<Format> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "yaml" | "yml" => Some(Format::Yaml),
        "json" => Some(Format::Json),
        "jsonl" | "ndjson" => Some(Format::JsonLines),
        "txt" => Some(Format::Text),
        "xml" => Some(Format::Cockatrice),
        "csv" => Some(Format::Csv),
        "tsv" => Some(Format::Tsv),
        _ => None,
    }
}

/// The format of `path`, whose contents are `text`: by its extension, else sniffed. A `.txt`
/// file shaped as a Forge script is one.
pub fn format_of(path: &Path, text: &str) -> Format {
    match format_from_extension(path) {
        Some(Format::Text) if forge::shape::is_script(text) => Format::Forge,
        Some(format) => format,
        None => sniff_format(text),
    }
}

/// The format of a file named explicitly or by a config glob with an unknown extension, guessed
/// from its content: a first line `mse_version: ...`, or `card:` followed by a line indented with
/// a tab, is Magic Set Editor's; a Forge script (`Name:` first, every line `Key:Value`, an
/// `Oracle:` or `Types:` line); an XML declaration or a `<cockatrice_carddatabase` start is a
/// Cockatrice database; a first line that is a JSON object followed by another such line is JSON
/// Lines; otherwise a first non-blank byte `{` or `[` is JSON; a first line `key: value` (lower
/// case key, as in card maps) or a `- ` or `---` start is YAML; anything else is text. CSV and
/// TSV are known by their extension only.
pub fn sniff_format(text: &str) -> Format {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if mse::shape::starts_as_mse(text) {
        return Format::Mse;
    }
    let mut lines = text.lines().map(str::trim).filter(|line| !line.is_empty());
    let Some(first) = lines.next() else {
        return Format::Text;
    };
    if forge::shape::is_script(text) {
        return Format::Forge;
    }
    if first.starts_with("<?xml") || first.starts_with("<cockatrice_carddatabase") {
        return Format::Cockatrice;
    }
    if first.starts_with('{') || first.starts_with('[') {
        let second = lines.next();
        let is_object = |line: &str| line.starts_with('{') && json::cursor::is_one_value(line);
        if is_object(first) && second.is_some_and(is_object) {
            return Format::JsonLines;
        }
        return Format::Json;
    }
    let yaml_line = text
        .lines()
        .map(str::trim_end)
        .find(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'));
    match yaml_line {
        Some(line) if is_yaml_start(line) => Format::Yaml,
        _ => Format::Text,
    }
}

/// `key:` with a lower-case identifier key (card names start upper case: `Circle of Protection:
/// Red` is a text card), or a sequence entry, or a document start.
fn is_yaml_start(line: &str) -> bool {
    if line == "---" || line.starts_with("--- ") || line == "-" || line.starts_with("- ") {
        return true;
    }
    let Some((key, rest)) = line.split_once(':') else {
        return false;
    };
    let mut chars = key.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_');
    first_ok
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
        && (rest.is_empty() || rest.starts_with([' ', '\t']))
}

/// How to read a file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// MTGJSON: read `originalText` (the printed wording) instead of `text` (Oracle); JSON Lines
    /// and Scryfall-like objects: `original_text` instead of `oracle_text`.
    pub original: bool,
    /// The names of card fields in JSON and spreadsheets besides MTGJSON's and Scryfall's.
    pub fields: FieldNames,
}

/// What a file held.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Parsed<'t> {
    /// The cards, in file order.
    pub cards: Vec<Card<'t>>,
    /// What could not be read, in the order met.
    pub errors: Vec<SourceError>,
    /// What the reader noticed that is not an error.
    pub notes: Vec<SourceNote>,
}

/// A part of a file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceError {
    /// Byte range in the file (empty at the end of the file).
    pub span: Range<usize>,
    /// Lower case, no trailing period.
    pub message: String,
}

impl SourceError {
    pub(crate) fn new(span: Range<usize>, message: impl Into<String>) -> SourceError {
        SourceError {
            span,
            message: message.into(),
        }
    }

    /// An error at one position: the character there, or an empty range at the end.
    pub(crate) fn at(text: &str, pos: usize, message: impl Into<String>) -> SourceError {
        let mut pos = pos.min(text.len());
        while !text.is_char_boundary(pos) {
            pos -= 1;
        }
        let len = text[pos..].chars().next().map_or(0, char::len_utf8);
        SourceError::new(pos..pos + len, message)
    }
}

/// Something a reader noticed that is no error: the file was read (or skipped) as the note says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceNote {
    pub kind: NoteKind,
    /// Byte range in the file.
    pub span: Range<usize>,
    /// Lower case, no trailing period.
    pub message: String,
    pub help: Option<String>,
}

/// What a [`SourceNote`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoteKind {
    /// A file of a card format that holds no card (a YAML file in which no document has a card's
    /// shape, an XML file that is not a Cockatrice card database, a CSV file with no text
    /// column): no card was read from it.
    NotACardFile,
    /// A field phaselint checks holds, in some of a JSON file's cards, a value of a type it does
    /// not read (an object or a number where a string was expected): those cards were read
    /// without it. One note for each key and type, however many cards.
    UnusableField,
    /// A file that is not UTF-8, read as Windows-1252 (the check pipeline notes it, from what
    /// the read found).
    Windows1252,
}

/// One card of the file text `'t`: the JSON readers give its names and texts as the file's own
/// words where the file wrote them without escapes (and the text reader its names, type lines and
/// costs), copies where it did not; the other readers decode into strings of their own. So most
/// cards of a JSON file cost no string of their own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card<'t> {
    /// Card name (`A // B` for a multi-face card).
    pub name: Option<Cow<'t, str>>,
    /// Set code when the input says (MTGJSON set `code` / `setCode`, Scryfall and JSON Lines
    /// `set`, YAML `set`).
    pub set: Option<Cow<'t, str>>,
    /// The card's extent in the file (the YAML map, the JSON object, the text block).
    pub span: Range<usize>,
    /// At least one face; a face may have no text.
    pub faces: Vec<Face<'t>>,
    /// YAML `# phaselint: allow(CODE, other-name)` comments on the card's first line or in the
    /// comment lines directly above it.
    pub allows: Vec<Allow>,
    /// YAML fields of the card (or of its faces) that phaselint does not read and that may hold
    /// what it reads under another name, in file order.
    pub unread: Vec<UnreadField>,
}

impl Card<'_> {
    /// The card, owning its words: to be kept once its file text is gone.
    pub fn into_owned(self) -> Card<'static> {
        Card {
            name: self.name.map(owned),
            set: self.set.map(owned),
            span: self.span,
            faces: self.faces.into_iter().map(Face::into_owned).collect(),
            allows: self.allows,
            unread: self.unread,
        }
    }

    /// The same card `by` bytes further on in the file (wrapping): every place in it moves.
    pub fn moved(&mut self, by: usize) {
        self.moved_from(0, by);
    }

    /// The card with every place at or after `from` moved `by` bytes (wrapping): after an edit
    /// that ends at `from`.
    pub fn moved_from(&mut self, from: usize, by: usize) {
        use crate::diagnostic::moved_from;
        self.span = moved_from(&self.span, from, by);
        for text in self.faces.iter_mut().filter_map(|face| face.text.as_mut()) {
            text.map.moved_from(from, by);
        }
        for allow in &mut self.allows {
            allow.span = moved_from(&allow.span, from, by);
            allow.comment = moved_from(&allow.comment, from, by);
            allow.list = moved_from(&allow.list, from, by);
        }
        for field in &mut self.unread {
            field.span = moved_from(&field.span, from, by);
        }
    }
}

/// A field of a YAML card or face that phaselint does not read, while the card has none of the
/// fields it reads for what this one may hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreadField {
    /// The key as written.
    pub key: String,
    /// The key's bytes in the file (with its quotes, if quoted).
    pub span: Range<usize>,
    /// What the key's name says it holds; `None` when only its value can say: then `value` is
    /// the string it holds, and the card has no text.
    pub like: Option<Field>,
    /// The key's string value, when `like` is `None`.
    pub value: Option<String>,
}

/// A field of a card phaselint reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Name,
    TypeLine,
    ManaCost,
    Text,
    Faces,
}

impl Field {
    pub const ALL: [Field; 5] = [
        Field::Name,
        Field::TypeLine,
        Field::ManaCost,
        Field::Text,
        Field::Faces,
    ];

    /// The YAML keys it is read from, the first one preferred.
    pub const fn yaml_keys(self) -> &'static [&'static str] {
        match self {
            Field::Name => &["name"],
            Field::TypeLine => &["type", "type_line"],
            Field::ManaCost => &["mana_cost"],
            Field::Text => &["text", "oracle_text", "rules_text"],
            Field::Faces => &["faces"],
        }
    }

    /// What it holds, as a sentence names it.
    pub fn noun(self) -> &'static str {
        match self {
            Field::Name => "the name",
            Field::TypeLine => "the type line",
            Field::ManaCost => "the mana cost",
            Field::Text => "card text",
            Field::Faces => "faces",
        }
    }
}

/// A rule allowed (suppressed) for one card by a comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allow {
    /// The rule code or name as written.
    pub rule: String,
    /// Its byte range inside the comment.
    pub span: Range<usize>,
    /// The bytes that go when the whole comment goes: its line (with the line break) when the
    /// comment is on a line of its own, else the comment and the blanks before it.
    pub comment: Range<usize>,
    /// The bytes between the comment's parentheses: the list of names.
    pub list: Range<usize>,
}

/// One face of a card.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Face<'t> {
    /// Face name.
    pub name: Option<Cow<'t, str>>,
    /// Type line (`Legendary Creature — Goblin`).
    pub type_line: Option<Cow<'t, str>>,
    /// Mana cost (`{1}{R}`).
    pub mana_cost: Option<Cow<'t, str>>,
    /// Rules text, if the face has any.
    pub text: Option<CardText<'t>>,
}

impl Face<'_> {
    fn into_owned(self) -> Face<'static> {
        Face {
            name: self.name.map(owned),
            type_line: self.type_line.map(owned),
            mana_cost: self.mana_cost.map(owned),
            text: self.text.map(|text| CardText {
                value: owned(text.value),
                map: text.map,
            }),
        }
    }
}

/// A decoded text value and where its bytes are in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardText<'t> {
    /// The text as the format decodes it (escapes resolved, YAML folding applied).
    pub value: Cow<'t, str>,
    /// From byte ranges of `value` to byte ranges of the file.
    pub map: TextMap,
}

/// `text`, owned.
fn owned(text: Cow<'_, str>) -> Cow<'static, str> {
    Cow::Owned(text.into_owned())
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod tests_formats;
