//! A decoded value built in step with its map, for readers that walk the raw bytes themselves
//! (Cockatrice XML, Forge scripts, CSV): each piece of raw text is appended with where it lies in
//! the file, so the [`TextMap`] is exact by construction.

use super::CardText;
use super::map::{MapBuilder, Style};
use std::ops::Range;

/// A value being decoded, and its map.
#[derive(Debug, Default)]
pub(super) struct Decoded {
    value: String,
    map: MapBuilder,
}

impl Decoded {
    /// Raw text that stands for itself, at file offset `file`, except that each line break
    /// (`\r\n` or a lone `\r`) is read as one `\n` standing for its raw bytes, as XML reads them
    /// and as the text reader does.
    pub(super) fn text(&mut self, file: usize, raw: &str) {
        let mut from = 0;
        let bytes = raw.as_bytes();
        while let Some(cr) = memchr::memchr(b'\r', &bytes[from..]).map(|i| from + i) {
            self.verbatim(file + from, &raw[from..cr]);
            let len = if bytes.get(cr + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
            self.char('\n', file + cr, len);
            from = cr + len;
        }
        self.verbatim(file + from, &raw[from..]);
    }

    /// Raw text as [`Decoded::text`] reads it, but for each `escape` in it (`\n` in a Forge line,
    /// `""` in a quoted CSV field), which is the one character `c`.
    pub(super) fn text_escaping(&mut self, file: usize, raw: &str, escape: &str, c: char) {
        let mut from = 0;
        while let Some(at) = raw[from..]
            .find(escape)
            .filter(|_| !escape.is_empty())
            .map(|i| from + i)
        {
            self.text(file + from, &raw[from..at]);
            self.char(c, file + at, escape.len());
            from = at + escape.len();
        }
        self.text(file + from, &raw[from..]);
    }

    /// Raw text that stands for itself byte for byte, at file offset `file`.
    pub(super) fn verbatim(&mut self, file: usize, raw: &str) {
        self.map.push(self.value.len(), raw.len(), file, raw.len());
        self.value.push_str(raw);
    }

    /// One decoded character standing for the `raw_len` raw bytes at `file` (an entity, an
    /// escape, a doubled quote, a CRLF).
    pub(super) fn char(&mut self, c: char, file: usize, raw_len: usize) {
        self.map.push(self.value.len(), c.len_utf8(), file, raw_len);
        self.value.push(c);
    }

    /// The value as card text whose raw extent in the file is `raw`; `None` when it is empty.
    pub(super) fn finish(self, raw: Range<usize>, style: Style) -> Option<CardText<'static>> {
        if self.value.is_empty() {
            return None;
        }
        let len = self.value.len();
        Some(CardText {
            map: self.map.finish(raw, style, len),
            value: self.value.into(),
        })
    }

    /// The value alone, trimmed, for a field that is read without a map (a name, a type line);
    /// `None` when it is blank.
    pub(super) fn into_string(self) -> Option<String> {
        let trimmed = self.value.trim();
        (!trimmed.is_empty()).then(|| trimmed.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_are_one_character_for_their_bytes() {
        let file = "xa\r\nb\rc\nd";
        let mut decoded = Decoded::default();
        decoded.text(1, &file[1..]);
        let text = decoded.finish(0..file.len(), Style::Verbatim).unwrap();
        assert_eq!(text.value, "a\nb\nc\nd");
        assert_eq!(text.map.to_file(1..2), Some(2..4));
        assert_eq!(text.map.to_file(3..4), Some(5..6));
        assert_eq!(text.map.to_file(2..7), Some(4..file.len()));
    }

    #[test]
    fn an_escape_is_one_character_for_its_bytes() {
        let file = "a\\nb\\n";
        let mut decoded = Decoded::default();
        decoded.text_escaping(0, file, "\\n", '\n');
        let text = decoded.finish(0..file.len(), Style::ForgeOracle).unwrap();
        assert_eq!(text.value, "a\nb\n");
        assert_eq!(&file[text.map.to_file(1..2).unwrap()], "\\n");
        assert_eq!(&file[text.map.to_file(2..4).unwrap()], "b\\n");
    }

    #[test]
    fn characters_stand_for_their_raw_pieces() {
        // `a&amp;b`: the entity is one character, atomic in the map.
        let file = "a&amp;b";
        let mut decoded = Decoded::default();
        decoded.verbatim(0, "a");
        decoded.char('&', 1, 5);
        decoded.verbatim(6, "b");
        let text = decoded.finish(0..file.len(), Style::Verbatim).unwrap();
        assert_eq!(text.value, "a&b");
        assert_eq!(&file[text.map.to_file(1..2).unwrap()], "&amp;");
        assert_eq!(text.map.to_file(2..3), Some(6..7));
        assert!(Decoded::default().finish(0..0, Style::Verbatim).is_none());
        let mut name = Decoded::default();
        name.verbatim(0, "  Ember Runner \n");
        assert_eq!(name.into_string().as_deref(), Some("Ember Runner"));
    }
}
