//! Cockatrice card databases: `<cockatrice_carddatabase version="3">` or `"4"`, read in one pass
//! with quick-xml's pull reader.
//!
//! Each `<card>` under `<cards>` is one [`Card`] with one face, tokens (`<token>1</token>`)
//! included: `<name>`, `<text>` (the rules text), `<set>` (the first one), and `<type>` and
//! `<manacost>` directly under `<card>` (version 3) or inside its `<prop>` (version 4). A
//! double-faced card is two `<card>`s in Cockatrice, and so two cards here. A `<card>` anywhere
//! else is not read, as Cockatrice does not read it: one error at the first says how many.
//!
//! The text is decoded as XML reads it, through the map: an entity (`&amp;`, `&#x2014;`) is one
//! character standing for its raw bytes, a line break `\r\n` one `\n`, a CDATA section its
//! content, and a comment nothing. A DTD is refused, so no entity but XML's five and character
//! references is ever expanded, and elements nest at most [`MAX_DEPTH`] deep: the reader holds
//! the file's text, one card and a short stack, whatever the input.

use crate::source::bounds;
use crate::source::decoded::Decoded;
use crate::source::map::Style;
use crate::source::{Card, CardText, Face, NoteKind, SourceError, SourceNote};
use quick_xml::Reader;
use quick_xml::events::Event;
use std::borrow::Cow;
use std::ops::Range;

/// The root element of a Cockatrice card database.
const ROOT: &[u8] = b"cockatrice_carddatabase";

/// How deep elements may nest; a card's fields are at depth 5 (`<prop><type>`).
pub(in crate::source) const MAX_DEPTH: usize = 64;

/// Read a card database.
pub(in crate::source) fn read<'c>(
    text: &str,
    on_card: &mut dyn FnMut(Card<'c>),
    errors: &mut Vec<SourceError>,
    notes: &mut Vec<SourceNote>,
) {
    // quick-xml skips a byte order mark without counting it: positions are offset by hand.
    let base = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut reader = Reader::from_str(&text[base..]);
    let mut database = Database {
        text,
        stack: Vec::new(),
        seen_root: false,
        card: None,
        field: None,
        stray_cards: 0,
        stray_error: None,
        on_card,
        errors,
        notes,
    };
    let position = |at: u64| base.saturating_add(usize::try_from(at).unwrap_or(usize::MAX));
    loop {
        let start = position(reader.buffer_position());
        let event = match reader.read_event() {
            Ok(event) => event,
            Err(error) => {
                let at = position(reader.error_position());
                database
                    .errors
                    .push(SourceError::at(text, at, format!("malformed XML: {error}")));
                break;
            }
        };
        let end = position(reader.buffer_position()).min(text.len());
        if database.event(event, start..end) == Flow::Stop {
            break;
        }
    }
    database.count_stray_cards();
}

/// Whether to read on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

/// What an open element is to the reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    Root,
    Cards,
    Card,
    Prop,
    Field(FieldKind),
    /// Anything else: `<sets>`, `<related>`, `<cmc>`, ... Its content is not read.
    Other,
}

/// A field of a card that is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FieldKind {
    Name,
    Text,
    Type,
    ManaCost,
    Set,
}

impl FieldKind {
    /// The field an element names, directly under `<card>` or (`in_prop`) under its `<prop>`.
    fn of(name: &[u8], in_prop: bool) -> Option<FieldKind> {
        match (name, in_prop) {
            (b"type", _) => Some(FieldKind::Type),
            (b"manacost", _) => Some(FieldKind::ManaCost),
            (b"name", false) => Some(FieldKind::Name),
            (b"text", false) => Some(FieldKind::Text),
            (b"set", false) => Some(FieldKind::Set),
            _ => None,
        }
    }

    fn element(self) -> &'static str {
        match self {
            FieldKind::Name => "<name>",
            FieldKind::Text => "<text>",
            FieldKind::Type => "<type>",
            FieldKind::ManaCost => "<manacost>",
            FieldKind::Set => "<set>",
        }
    }
}

/// The field being read.
#[derive(Debug)]
struct OpenField {
    kind: FieldKind,
    /// Where its content starts: the end of its start tag.
    start: usize,
    decoded: Decoded,
    /// A CDATA section, a comment or a processing instruction lies inside.
    markup: bool,
}

/// The card being read.
#[derive(Debug, Default)]
struct OpenCard {
    start: usize,
    name: Option<String>,
    text: Option<CardText<'static>>,
    type_line: Option<String>,
    mana_cost: Option<String>,
    set: Option<String>,
}

struct Database<'t, 'f, 'c> {
    text: &'t str,
    stack: Vec<Tag>,
    seen_root: bool,
    card: Option<OpenCard>,
    field: Option<OpenField>,
    /// `<card>` elements met outside `<cards>`.
    stray_cards: usize,
    /// The index in `errors` of the error at the first of them.
    stray_error: Option<usize>,
    on_card: &'f mut dyn FnMut(Card<'c>),
    errors: &'f mut Vec<SourceError>,
    notes: &'f mut Vec<SourceNote>,
}

impl Database<'_, '_, '_> {
    fn event(&mut self, event: Event<'_>, span: Range<usize>) -> Flow {
        match event {
            Event::Start(tag) => self.open(tag.name().as_ref(), span, false),
            Event::Empty(tag) => self.open(tag.name().as_ref(), span, true),
            Event::End(_) => {
                self.close(span.start, span.end);
                Flow::Go
            }
            Event::Text(_) => self.text(span),
            Event::CData(_) => self.cdata(span),
            Event::GeneralRef(_) => self.reference(span),
            Event::Comment(_) | Event::PI(_) => {
                if let Some(field) = &mut self.field {
                    field.markup = true;
                }
                Flow::Go
            }
            Event::Decl(_) => Flow::Go,
            Event::DocType(_) => {
                // `<!DOCTYPE`, which quick-xml matched before giving this event.
                let end = (span.start + "<!DOCTYPE".len()).min(span.end);
                self.errors.push(SourceError::new(
                    span.start..end,
                    "a DTD is refused: a card database needs none, and the entities it declares could expand without bound",
                ));
                Flow::Stop
            }
            Event::Eof => {
                self.end_of_file();
                Flow::Stop
            }
        }
    }

    fn open(&mut self, name: &[u8], span: Range<usize>, empty: bool) -> Flow {
        if self.stack.len() >= MAX_DEPTH {
            self.errors.push(SourceError::at(
                self.text,
                span.start,
                format!("elements nested more than {MAX_DEPTH} deep: this is no card database"),
            ));
            return Flow::Stop;
        }
        let tag = match self.stack.last().copied() {
            None if self.seen_root => {
                self.errors.push(SourceError::at(
                    self.text,
                    span.start,
                    "a second root element: an XML document has one",
                ));
                return Flow::Stop;
            }
            None if name == ROOT => {
                self.seen_root = true;
                Tag::Root
            }
            None => {
                self.not_a_database(span.start, name.len());
                return Flow::Stop;
            }
            Some(Tag::Root) if name == b"cards" => Tag::Cards,
            Some(Tag::Cards) if name == b"card" => {
                self.card = Some(OpenCard {
                    start: span.start,
                    ..OpenCard::default()
                });
                Tag::Card
            }
            Some(Tag::Card) if name == b"prop" => Tag::Prop,
            Some(Tag::Root | Tag::Card | Tag::Prop | Tag::Other) if name == b"card" => {
                if self.stray_card(span.clone()) == Flow::Stop {
                    return Flow::Stop;
                }
                Tag::Other
            }
            Some(parent @ (Tag::Card | Tag::Prop)) => FieldKind::of(name, parent == Tag::Prop)
                .map_or(Tag::Other, |kind| {
                    self.field = Some(OpenField {
                        kind,
                        start: span.end,
                        decoded: Decoded::default(),
                        markup: false,
                    });
                    Tag::Field(kind)
                }),
            Some(Tag::Field(_)) if bounds::full(self.errors, self.text, span.start) => {
                return Flow::Stop;
            }
            Some(Tag::Field(kind)) => {
                self.errors.push(SourceError::new(
                    span.clone(),
                    format!(
                        "an element inside {}: a card's fields hold text, not markup",
                        kind.element()
                    ),
                ));
                Tag::Other
            }
            Some(_) => Tag::Other,
        };
        self.stack.push(tag);
        if empty {
            self.close(span.end, span.end);
        }
        Flow::Go
    }

    /// The element on top of the stack closes: its end tag runs from `start` to `end`.
    fn close(&mut self, start: usize, end: usize) {
        match self.stack.pop() {
            Some(Tag::Field(_)) => {
                if let Some(field) = self.field.take() {
                    self.finish_field(field, start);
                }
            }
            Some(Tag::Card) => {
                if let Some(card) = self.card.take() {
                    (self.on_card)(card.into_card(end));
                }
            }
            _ => {}
        }
    }

    fn finish_field(&mut self, field: OpenField, end: usize) {
        let Some(card) = &mut self.card else { return };
        let content = field.start..end.max(field.start);
        // The first of each field counts, as Cockatrice keeps it.
        match field.kind {
            FieldKind::Text if card.text.is_none() => {
                let style = Style::XmlText {
                    markup: field.markup,
                };
                card.text = field.decoded.finish(content, style);
            }
            FieldKind::Name if card.name.is_none() => card.name = field.decoded.into_string(),
            FieldKind::Type if card.type_line.is_none() => {
                card.type_line = field.decoded.into_string();
            }
            FieldKind::ManaCost if card.mana_cost.is_none() => {
                card.mana_cost = field.decoded.into_string();
            }
            FieldKind::Set if card.set.is_none() => card.set = field.decoded.into_string(),
            _ => {}
        }
    }

    /// The field whose text is being read: the one on top of the stack.
    fn reading(&mut self) -> Option<&mut Decoded> {
        match self.stack.last() {
            Some(Tag::Field(_)) => self.field.as_mut().map(|field| &mut field.decoded),
            _ => None,
        }
    }

    fn text(&mut self, span: Range<usize>) -> Flow {
        let Some(raw) = self.text.get(span.clone()) else {
            return Flow::Go;
        };
        if let Some(decoded) = self.reading() {
            decoded.text(span.start, raw);
        } else if self.stack.is_empty() && !raw.trim().is_empty() {
            return self.outside_root(span.start + (raw.len() - raw.trim_start().len()));
        }
        Flow::Go
    }

    fn cdata(&mut self, span: Range<usize>) -> Flow {
        // `<![CDATA[` ... `]]>`
        let content = span.start + 9..span.end.saturating_sub(3).max(span.start + 9);
        let Some(raw) = self.text.get(content.clone()) else {
            return Flow::Go;
        };
        if self.stack.is_empty() {
            return self.outside_root(span.start);
        }
        if let Some(decoded) = self.reading() {
            decoded.text(content.start, raw);
        }
        if let Some(field) = &mut self.field {
            field.markup = true;
        }
        Flow::Go
    }

    fn reference(&mut self, span: Range<usize>) -> Flow {
        if self.stack.is_empty() {
            return self.outside_root(span.start);
        }
        let raw = self.text.get(span.clone()).unwrap_or("");
        match entity(raw) {
            Ok(c) => {
                if let Some(decoded) = self.reading() {
                    decoded.char(c, span.start, span.len());
                }
            }
            Err(_) if bounds::full(self.errors, self.text, span.start) => return Flow::Stop,
            Err(unknown) => self
                .errors
                .push(SourceError::new(span, unknown.message(raw))),
        }
        Flow::Go
    }

    /// A `<card>` at `span` outside `<cards>`: the first is an error, the rest are counted.
    fn stray_card(&mut self, span: Range<usize>) -> Flow {
        self.stray_cards += 1;
        if self.stray_cards > 1 {
            return Flow::Go;
        }
        if !bounds::report(
            self.errors,
            self.text,
            SourceError::new(span, stray_cards(1)),
        ) {
            return Flow::Stop;
        }
        self.stray_error = Some(self.errors.len() - 1);
        Flow::Go
    }

    /// The error at the first `<card>` outside `<cards>` says how many there are.
    fn count_stray_cards(&mut self) {
        if let Some(error) = self.stray_error.and_then(|at| self.errors.get_mut(at)) {
            error.message = stray_cards(self.stray_cards);
        }
    }

    fn outside_root(&mut self, at: usize) -> Flow {
        let message = if self.seen_root {
            "text after the end of the card database"
        } else {
            "text before the root element: this is not an XML document"
        };
        self.errors.push(SourceError::at(self.text, at, message));
        Flow::Stop
    }

    fn not_a_database(&mut self, tag_start: usize, name_len: usize) {
        // The root's name, after its `<`.
        let span = tag_start + 1..tag_start + 1 + name_len;
        self.notes.push(SourceNote {
            kind: NoteKind::NotACardFile,
            span,
            message: "an XML file that is not a Cockatrice card database: no card was read from it"
                .to_string(),
            help: Some(
                "phaselint reads the XML Cockatrice reads, a `<cockatrice_carddatabase>` of `<card>` elements; exclude the file in phaselint.toml (`[files] exclude`) to drop this note"
                    .to_string(),
            ),
        });
    }

    fn end_of_file(&mut self) {
        let end = self.text.len();
        let message = match (self.stack.last(), self.card.is_some()) {
            (None, _)
                if self.seen_root || self.text.trim_start_matches('\u{feff}').trim().is_empty() =>
            {
                return;
            }
            (None, _) => "the file ends before its root element: it was cut short",
            (Some(_), true) => "the file ends inside a <card>: it was cut short",
            (Some(_), false) => "the file ends before </cockatrice_carddatabase>: it was cut short",
        };
        self.errors.push(SourceError::new(end..end, message));
    }
}

/// The message of the error at the first of `count` `<card>` elements outside `<cards>`.
fn stray_cards(count: usize) -> String {
    let what = match count {
        1 => "a <card> outside <cards>".to_string(),
        _ => format!("{count} <card> elements outside <cards>, the first here"),
    };
    format!("{what}, which neither Cockatrice nor phaselint reads")
}

impl OpenCard {
    fn into_card(self, end: usize) -> Card<'static> {
        Card {
            name: self.name.clone().map(Cow::Owned),
            set: self.set.map(Cow::Owned),
            span: self.start..end,
            faces: vec![Face {
                name: self.name.map(Cow::Owned),
                type_line: self.type_line.map(Cow::Owned),
                mana_cost: self.mana_cost.map(Cow::Owned),
                text: self.text,
            }],
            allows: Vec::new(),
            unread: Vec::new(),
        }
    }
}

/// The character an entity or character reference `raw` (`&amp;`, `&#8212;`, `&#x2014;`) stands
/// for, or what it is instead.
fn entity(raw: &str) -> Result<char, Unknown> {
    let name = raw
        .strip_prefix('&')
        .and_then(|rest| rest.strip_suffix(';'))
        .unwrap_or("");
    match name {
        "amp" => return Ok('&'),
        "lt" => return Ok('<'),
        "gt" => return Ok('>'),
        "quot" => return Ok('"'),
        "apos" => return Ok('\''),
        _ => {}
    }
    let Some(number) = name.strip_prefix('#') else {
        return Err(Unknown::Entity);
    };
    let (digits, radix) = match number.strip_prefix('x') {
        Some(hex) => (hex, 16),
        None => (number, 10),
    };
    let code = (!digits.is_empty() && digits.chars().all(|c| c.is_digit(radix)))
        .then(|| u32::from_str_radix(digits, radix).ok())
        .flatten();
    code.and_then(char::from_u32)
        .filter(|&c| is_xml_char(c))
        .ok_or(Unknown::Character)
}

/// A reference that stands for no character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unknown {
    /// A name XML does not declare (`&nbsp;`, `&mdash;`: HTML's).
    Entity,
    /// A number that is no character XML allows (`&#0;`).
    Character,
}

impl Unknown {
    fn message(self, raw: &str) -> String {
        // The reference itself, when it is short and plain enough to read in a message.
        let plain = raw
            .chars()
            .all(|c| c.is_alphanumeric() || c.is_ascii_punctuation());
        let shown = if plain && raw.chars().count() <= 24 {
            format!(" `{raw}`")
        } else {
            String::new()
        };
        match self {
            Unknown::Entity => format!(
                "unknown entity{shown}: XML has only `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and character references such as `&#x2014;`, and phaselint reads no DTD that could declare more"
            ),
            Unknown::Character => {
                format!("invalid character reference{shown}: it names no character XML allows")
            }
        }
    }
}

/// XML 1.0's `Char`: tab, line breaks, and every character from U+0020 but U+FFFE and U+FFFF.
fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{fffe}' && c != '\u{ffff}')
}

#[cfg(test)]
mod tests;
