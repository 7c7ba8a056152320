//! Byte offsets of a document to LSP positions and back. A position's `character` counts code
//! units of the negotiated encoding: UTF-16 unless the client offers another (LSP 3.17
//! `general.positionEncodings`). Card text is full of "—", "’" and "•" (one UTF-16 unit, three
//! bytes) and may hold astral characters (two units, four bytes), so every count is exact.

use lsp_types::{Position, PositionEncodingKind, Range};

/// What a position's `character` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    Utf8,
    #[default]
    Utf16,
    Utf32,
}

impl Encoding {
    /// The encoding to use: UTF-8 when the client offers it (a byte offset is what the library
    /// has), else UTF-32, else UTF-16, which every client must support.
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        let offered = offered.unwrap_or_default();
        if offered.contains(&PositionEncodingKind::UTF8) {
            Encoding::Utf8
        } else if offered.contains(&PositionEncodingKind::UTF32) {
            Encoding::Utf32
        } else {
            Encoding::Utf16
        }
    }

    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
            Encoding::Utf32 => PositionEncodingKind::UTF32,
        }
    }

    fn units(self, c: char) -> u32 {
        match self {
            Encoding::Utf8 => c.len_utf8() as u32,
            Encoding::Utf16 => c.len_utf16() as u32,
            Encoding::Utf32 => 1,
        }
    }
}

/// Bytes between anchors inside one line: a lookup scans at most about this many bytes, even on
/// the one-line JSON databases of many megabytes.
const ANCHOR_SPACING: usize = 4096;

/// A byte where the line and the column (in code units) are known.
#[derive(Debug, Clone, Copy)]
struct Anchor {
    byte: usize,
    line: u32,
    column: u32,
}

/// An index of one text for converting between byte offsets and positions.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as LSP counts them. Out-of-range input clamps: an
/// offset past the end or inside a character moves to the end or to the character's start; a
/// position past the end of its line moves to the line's end, a line past the last to the end of
/// the text. A stale request gives a nearby place, never a panic.
#[derive(Debug, Clone)]
pub struct LineIndex<'a> {
    text: &'a str,
    encoding: Encoding,
    /// Sorted by byte, and so by (line, column): every line start, and points within long lines.
    anchors: Vec<Anchor>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str, encoding: Encoding) -> LineIndex<'a> {
        let mut anchors = vec![Anchor {
            byte: 0,
            line: 0,
            column: 0,
        }];
        let mut line = 0;
        let mut column = 0;
        let mut since_anchor = 0;
        let mut chars = text.char_indices().peekable();
        while let Some((byte, c)) = chars.next() {
            let next = byte + c.len_utf8();
            let ends_line =
                c == '\n' || (c == '\r' && chars.peek().is_none_or(|(_, n)| *n != '\n'));
            if ends_line {
                line += 1;
                column = 0;
                since_anchor = 0;
                anchors.push(Anchor {
                    byte: next,
                    line,
                    column,
                });
                continue;
            }
            column += encoding.units(c);
            since_anchor += c.len_utf8();
            if since_anchor >= ANCHOR_SPACING && c != '\r' {
                since_anchor = 0;
                anchors.push(Anchor {
                    byte: next,
                    line,
                    column,
                });
            }
        }
        LineIndex {
            text,
            encoding,
            anchors,
        }
    }

    /// The position of byte `offset`.
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let index = self.anchors.partition_point(|a| a.byte <= offset) - 1;
        let anchor = self.anchors[index];
        // No line break lies between an anchor and the next one, so this stays on one line
        // (bar the `\r` of a `\r\n`, which counts as the end of the line's last column).
        let column: u32 = self.text[anchor.byte..offset]
            .chars()
            .map(|c| self.encoding.units(c))
            .sum();
        Position::new(anchor.line, anchor.column + column)
    }

    /// The range of bytes `span`.
    pub fn range(&self, span: std::ops::Range<usize>) -> Range {
        Range::new(self.position(span.start), self.position(span.end))
    }

    /// The byte offset of `position`.
    pub fn offset(&self, position: Position) -> usize {
        let target = (position.line, position.character);
        let index = self
            .anchors
            .partition_point(|a| (a.line, a.column) <= target)
            .saturating_sub(1);
        let anchor = self.anchors[index];
        if anchor.line < position.line {
            // Past the last line.
            return self.text.len();
        }
        let mut column = anchor.column;
        for (byte, c) in self.text[anchor.byte..].char_indices() {
            if column >= position.character || c == '\n' || c == '\r' {
                return anchor.byte + byte;
            }
            column += self.encoding.units(c);
            // Inside a character (half of a surrogate pair, a byte of UTF-8): its start.
            if column > position.character {
                return anchor.byte + byte;
            }
        }
        self.text.len()
    }

    /// The byte range of `range`; an inverted range is emptied at its start.
    pub fn span(&self, range: Range) -> std::ops::Range<usize> {
        let start = self.offset(range.start);
        start..self.offset(range.end).max(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position::new(line, character)
    }

    #[test]
    fn utf16_columns_count_code_units_not_bytes_or_chars() {
        // "—" and "’" are 3 bytes, 1 unit; "𝔄" is 4 bytes, 2 units.
        let text = "a—b’c𝔄d\nx";
        let index = LineIndex::new(text, Encoding::Utf16);
        let d = text.find('d').unwrap();
        assert_eq!(index.position(d), pos(0, 7));
        assert_eq!(index.offset(pos(0, 7)), d);
        assert_eq!(index.position(text.len()), pos(1, 1));
        let utf8 = LineIndex::new(text, Encoding::Utf8);
        assert_eq!(utf8.position(d), pos(0, d as u32));
        assert_eq!(utf8.offset(pos(0, d as u32)), d);
        let utf32 = LineIndex::new(text, Encoding::Utf32);
        assert_eq!(utf32.position(d), pos(0, 6));
    }

    #[test]
    fn every_offset_round_trips_through_its_position() {
        let text = "x: \"—’•𝔄\"\r\ny: z\rw\n\n𝔄—\n";
        for encoding in [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32] {
            let index = LineIndex::new(text, encoding);
            for (offset, c) in text.char_indices() {
                if c == '\n' && text[..offset].ends_with('\r') {
                    continue; // inside a line break
                }
                assert_eq!(
                    index.offset(index.position(offset)),
                    offset,
                    "{encoding:?} {offset}"
                );
            }
        }
    }

    #[test]
    fn line_breaks_are_lf_crlf_and_lone_cr() {
        let index = LineIndex::new("a\r\nb\rc\nd", Encoding::Utf16);
        assert_eq!(index.position(3), pos(1, 0));
        assert_eq!(index.position(5), pos(2, 0));
        assert_eq!(index.position(7), pos(3, 0));
        assert_eq!(index.offset(pos(1, 0)), 3);
        assert_eq!(index.offset(pos(0, 9)), 1, "past the line's end: its end");
    }

    #[test]
    fn out_of_range_input_clamps() {
        let text = "—𝔄";
        let index = LineIndex::new(text, Encoding::Utf16);
        assert_eq!(
            index.position(1),
            pos(0, 0),
            "inside a character: its start"
        );
        assert_eq!(index.position(99), pos(0, 3));
        assert_eq!(
            index.offset(pos(0, 2)),
            3,
            "between surrogates: the character's start"
        );
        assert_eq!(index.offset(pos(7, 0)), text.len());
        let empty = LineIndex::new("", Encoding::Utf16);
        assert_eq!(empty.offset(pos(3, 3)), 0);
        assert_eq!(empty.position(5), pos(0, 0));
    }

    #[test]
    fn long_lines_are_anchored_and_still_exact() {
        let line = "’".repeat(5000) + "x";
        let text = format!("{line}\n{line}");
        let index = LineIndex::new(&text, Encoding::Utf16);
        let x = text.rfind('x').unwrap();
        assert_eq!(index.position(x), pos(1, 5000));
        assert_eq!(index.offset(pos(1, 5000)), x);
        assert_eq!(index.offset(pos(0, 4097)), 4097 * 3);
    }
}
