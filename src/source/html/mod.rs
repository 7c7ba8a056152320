//! HTML in card text (issue 39): what converters and websites leave in the text fields of
//! Cockatrice databases (`&lt;br&gt;`, which XML reads as `<br>`), JSON (`&#8217;`, `&#8212;`),
//! spreadsheets and Magic Set Editor values, read as the browser would show it:
//!
//! - `<br>`, `<br/>`, `<br />` (any case, blanks before the `>`, attributes, and `</br>` as
//!   browsers read it) is a line break, one `\n` standing for the whole tag;
//! - any other tag (`<i>`, `</b>`, `<sym>`: a letter after `<` or `</`, up to the next `>` on the
//!   same line, at most [`MAX_TAG`] bytes) is markup: it reads as nothing;
//! - a character reference (`&#8217;`, `&#x2014;`) and a few named entities (`&amp;`, `&mdash;`,
//!   [`named`]) are their character, standing for the reference;
//! - anything else (`a < b`, `<3`, an unclosed `<i`, `&` alone, `&unknown;`, `&#0;`,
//!   `&#xD800;`) is text, byte for byte.
//!
//! A card text is decoded over the text its format decoded, and its map is composed with the
//! format's: a run kept as it is goes through the format's map piece by piece, a character read
//! from HTML stands for the file bytes its HTML came from (a Cockatrice `<br>` for the file's
//! `&lt;br&gt;`), and a tag read as nothing leaves a gap in the file. The map then knows what
//! an edit must keep ([`TextMap::edit`]): `--fix` never removes a tag nor writes a `<br>` or an
//! entity as another character. A text with no `<` and no `&` is not touched (one `memchr2`).
//!
//! The card texts, names and type lines of Cockatrice, JSON, JSON Lines, CSV and TSV cards are
//! read so ([`decode_card`], called by the readers' dispatch); Magic Set Editor's decoder, which
//! has its own markup, reads `<br>` and the entities with [`is_break`] and [`entity`]. YAML, text
//! files and Forge scripts hold a designer's own text, which is not HTML.

use crate::source::map::{MAX_SEGMENTS, MapBuilder, TextMap};
use crate::source::{Card, CardText, Format};
use std::borrow::Cow;
use std::ops::Range;

/// The longest tag read as markup, `<` and `>` included: a longer one is text.
pub(in crate::source) const MAX_TAG: usize = 64;

/// Whether the cards of `format` are read as HTML.
pub(in crate::source) fn carried_by(format: Format) -> bool {
    match format {
        Format::Cockatrice | Format::Json | Format::JsonLines | Format::Csv | Format::Tsv => true,
        Format::Yaml | Format::Text | Format::Mse | Format::Forge => false,
    }
}

/// What a piece of HTML reads as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece {
    /// A character: `\n` for a `<br>`, an entity's.
    Char(char),
    /// A tag: nothing.
    Markup,
}

/// The HTML at the start of `text` (which starts with `<` or `&`) and its length; `None` when
/// it is text.
fn piece_at(text: &str) -> Option<(Piece, usize)> {
    if text.starts_with('&') {
        return entity(text).map(|(c, len)| (Piece::Char(c), len));
    }
    let head = &text.as_bytes()[..text.len().min(MAX_TAG)];
    let close = memchr::memchr3(b'>', b'<', b'\n', head.get(1..)?).map(|i| i + 1)?;
    if head[close] != b'>' {
        return None;
    }
    let tag = &text[1..close];
    let name = tag.strip_prefix('/').unwrap_or(tag);
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) || tag.contains('\r') {
        return None;
    }
    let piece = if is_break(tag) {
        Piece::Char('\n')
    } else {
        Piece::Markup
    };
    Some((piece, close + 1))
}

/// Whether a tag, written between `<` and `>`, is a line break: `br`, `br/`, `br /`, `BR`,
/// `br class="x"`, and `/br` as browsers read it.
pub(in crate::source) fn is_break(tag: &str) -> bool {
    let name = tag.strip_prefix('/').unwrap_or(tag);
    let Some(rest) = name.get(..2).filter(|br| br.eq_ignore_ascii_case("br")) else {
        return false;
    };
    let rest = &name[rest.len()..];
    rest.is_empty() || rest == "/" || rest.starts_with(|c: char| c.is_ascii_whitespace())
}

/// The character reference or named entity at the start of `text` (which starts with `&`), and
/// its length: `&#8217;`, `&#x2014;` (a Unicode scalar value, not NUL), or a name of
/// [`named`].
pub(in crate::source) fn entity(text: &str) -> Option<(char, usize)> {
    // `&#x0010FFFF;` is about the longest worth reading.
    let head = &text.as_bytes()[..text.len().min(14)];
    let end = memchr::memchr(b';', head)?;
    let body = text.get(1..end)?;
    let c = match body.strip_prefix('#') {
        None => named(body)?,
        Some(number) => {
            let (digits, radix) = match number.strip_prefix(['x', 'X']) {
                Some(hex) => (hex, 16),
                None => (number, 10),
            };
            if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
                return None;
            }
            let code = u32::from_str_radix(digits, radix).ok()?;
            char::from_u32(code).filter(|&c| c != '\0')?
        }
    };
    Some((c, end + 1))
}

/// The named entities read: XML's five and the ones card texts and type lines use.
fn named(name: &str) -> Option<char> {
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "mdash" => '—',
        "ndash" => '–',
        "rsquo" => '’',
        "lsquo" => '‘',
        "rdquo" => '”',
        "ldquo" => '“',
        "hellip" => '…',
        "bull" => '•',
        "minus" => '−',
        "times" => '×',
        _ => return None,
    })
}

/// A card's texts, names and type lines read as HTML.
pub(in crate::source) fn decode_card(card: &mut Card<'_>) {
    plain_in(&mut card.name);
    for face in &mut card.faces {
        plain_in(&mut face.name);
        plain_in(&mut face.type_line);
        face.text = face.text.take().and_then(card_text);
    }
}

fn plain_in(field: &mut Option<Cow<'_, str>>) {
    if let Some(value) = field.as_mut()
        && let Some(decoded) = plain(value)
    {
        let trimmed = decoded.trim();
        *field = (!trimmed.is_empty()).then(|| Cow::Owned(trimmed.to_owned()));
    }
}

/// A field read without a map (a name, a type line) as HTML, a `<br>` read as a space (the
/// field is one line); `None` when it holds no HTML.
fn plain(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    memchr::memchr2(b'<', b'&', bytes)?;
    let mut out = String::with_capacity(text.len());
    let mut run = 0;
    let mut i = 0;
    while let Some(found) = memchr::memchr2(b'<', b'&', &bytes[i..]) {
        let at = i + found;
        i = at + 1;
        let Some((piece, len)) = piece_at(&text[at..]) else {
            continue;
        };
        out.push_str(&text[run..at]);
        match piece {
            Piece::Char('\n') => out.push(' '),
            Piece::Char(c) => out.push(c),
            Piece::Markup => {}
        }
        i = at + len;
        run = i;
    }
    out.push_str(&text[run..]);
    Some(out)
}

/// A card text read as HTML, its map composed with the format's; `None` when nothing is left.
pub(in crate::source) fn card_text(text: CardText<'_>) -> Option<CardText<'_>> {
    let bytes = text.value.as_bytes();
    if memchr::memchr2(b'<', b'&', bytes).is_none() {
        return Some(text);
    }
    let mut composed = Composed::new(&text.map, text.value.len());
    let mut run = 0;
    let mut i = 0;
    while let Some(found) = memchr::memchr2(b'<', b'&', &bytes[i..]) {
        let at = i + found;
        i = at + 1;
        let Some((piece, len)) = piece_at(&text.value[at..]) else {
            continue;
        };
        composed.kept(&text.value, run..at);
        composed.read(piece, at..at + len);
        i = at + len;
        run = i;
    }
    composed.kept(&text.value, run..text.value.len());
    composed.finish()
}

/// A value being read as HTML, and its map through the format's map to the file.
struct Composed<'m> {
    /// The format's map of the value being read.
    first: &'m TextMap,
    value: String,
    map: MapBuilder,
    protected: Vec<Range<usize>>,
    /// The map is exact so far.
    exact: bool,
}

impl<'m> Composed<'m> {
    fn new(first: &'m TextMap, len: usize) -> Composed<'m> {
        Composed {
            first,
            value: String::with_capacity(len),
            map: MapBuilder::default(),
            protected: Vec::new(),
            exact: first.is_exact(),
        }
    }

    /// The bytes `range` of the value, kept as they are.
    fn kept(&mut self, value: &str, range: Range<usize>) {
        if self.exact {
            self.exact = self
                .first
                .push_range(range.clone(), self.value.len(), &mut self.map);
        }
        self.value.push_str(&value[range]);
    }

    /// The HTML at the bytes `range` of the value, read as `piece`.
    fn read(&mut self, piece: Piece, range: Range<usize>) {
        let at = self.value.len();
        let place = match piece {
            Piece::Markup => at..at,
            Piece::Char(c) => {
                self.value.push(c);
                at..self.value.len()
            }
        };
        if !self.exact {
            return;
        }
        if !place.is_empty() {
            match self.first.to_file(range) {
                Some(file) => self.map.push(at, place.len(), file.start, file.len()),
                None => self.exact = false,
            }
        }
        // Tags side by side are one place; past the bound of a map, the value is placed whole.
        if self.protected.last() != Some(&place) {
            self.protected.push(place);
        }
        if self.protected.len() > MAX_SEGMENTS {
            self.exact = false;
            self.protected = Vec::new();
        }
    }

    fn finish(self) -> Option<CardText<'static>> {
        if self.value.is_empty() {
            return None;
        }
        let len = self.value.len();
        let map = if self.exact {
            self.map
                .finish(self.first.raw(), self.first.style(), len)
                .read_as_html(self.protected)
        } else {
            TextMap::whole(self.first.raw(), self.first.style()).read_as_html(Vec::new())
        };
        Some(CardText {
            value: Cow::Owned(self.value),
            map,
        })
    }
}

#[cfg(test)]
mod tests;
