//! Byte offsets to 1-based lines and columns. Columns count characters (Unicode scalar values), as
//! editors show them and as SARIF's `unicodeCodePoints`: card text is full of `—` and `’`, so byte
//! columns would point at the wrong place.
//!
//! Architecture invariant: plain arithmetic over a text; it knows nothing of card files, findings
//! or reports (`crate::report` and `crate::export` both place spans with it).

use std::ops::Range;

/// A 1-based place in a text; the column counts characters, not bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

/// Where a span starts and where it ends; `end` is the place just after the last character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Region {
    pub start: Position,
    pub end: Position,
}

/// Bytes between anchors. A lookup reads at most about this many bytes, however long the file or
/// its lines (card databases can be hundreds of megabytes on one line), and the index stays a few
/// bytes per kilobyte of text.
const ANCHOR_SPACING: usize = 4096;

/// The byte order mark, which some editors write at the start of a UTF-8 file.
const BOM: char = '\u{feff}';

/// A place where the count of lines, columns and characters before it is known.
#[derive(Debug, Clone, Copy, Default)]
struct Anchor {
    byte: usize,
    /// 0-based.
    line: usize,
    /// 0-based, in characters since the line's start.
    column: usize,
    /// Characters since the start of the text.
    chars: usize,
}

/// An index of one text for turning byte offsets into positions quickly.
///
/// A line ends at `\n`, `\r\n` or a lone `\r`, as miette and SARIF count lines. Offsets past the
/// end clamp to the end and offsets inside a character clamp to its start, so a stale or malformed
/// span gives a nearby position rather than a panic.
#[derive(Debug, Clone)]
pub struct LineIndex<'a> {
    text: &'a str,
    /// Sorted by byte; the first is at 0. Never between `\r` and `\n`, so one scan sees a `\r\n`
    /// whole.
    anchors: Vec<Anchor>,
}

impl<'a> LineIndex<'a> {
    /// Indexes `text` in one pass, a stretch between anchors at a time. A byte order mark that
    /// starts the text (U+FEFF) is not a character of its first line: editors do not show it, so
    /// the column after it is 1.
    pub fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let mut anchors = vec![Anchor::default()];
        let mut here = Anchor::default();
        let mut start = 0;
        if text.starts_with(BOM) {
            start = BOM.len_utf8();
            here.byte = start;
            anchors.push(here);
        }
        while start < bytes.len() {
            let mut end = (start + ANCHOR_SPACING).min(bytes.len());
            while end < bytes.len() && (is_continuation(bytes[end]) || bytes[end - 1] == b'\r') {
                end += 1;
            }
            count(&bytes[start..end], bytes.get(end).copied(), &mut here);
            here.byte = end;
            if end < bytes.len() {
                anchors.push(here);
            }
            start = end;
        }
        LineIndex { text, anchors }
    }

    /// The indexed text.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// `offset` moved onto the text: at most its length, and back to the start of a character.
    pub fn clamp(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }

    /// `span` moved onto the text, with its end never before its start.
    pub fn clamp_span(&self, span: &Range<usize>) -> Range<usize> {
        let start = self.clamp(span.start);
        let end = self.clamp(span.end).max(start);
        start..end
    }

    /// The 1-based line and character column of a byte offset.
    pub fn position(&self, offset: usize) -> Position {
        let here = self.locate(offset);
        Position {
            line: here.line + 1,
            column: here.column + 1,
        }
    }

    /// The positions of a span's start and (exclusive) end.
    pub fn region(&self, span: &Range<usize>) -> Region {
        let span = self.clamp_span(span);
        Region {
            start: self.position(span.start),
            end: self.position(span.end),
        }
    }

    /// How many characters come before a byte offset: SARIF's `charOffset`.
    pub fn char_offset(&self, offset: usize) -> usize {
        self.locate(offset).chars
    }

    /// The text under a span, clamped onto the text.
    pub fn slice(&self, span: &Range<usize>) -> &'a str {
        let span = self.clamp_span(span);
        &self.text[span]
    }

    /// Counts from the nearest anchor at or before the clamped offset.
    fn locate(&self, offset: usize) -> Anchor {
        let offset = self.clamp(offset);
        // The first anchor is at 0, so one is always at or before the offset.
        let nearest = self
            .anchors
            .partition_point(|anchor| anchor.byte <= offset)
            .saturating_sub(1);
        let mut here = self.anchors.get(nearest).copied().unwrap_or_default();
        let bytes = self.text.as_bytes();
        // In one count, not byte by byte: a report of 10,000 findings looks up each several times.
        count(
            &bytes[here.byte..offset],
            bytes.get(offset).copied(),
            &mut here,
        );
        here.byte = offset;
        here
    }
}

/// A UTF-8 continuation byte: part of the character before it.
fn is_continuation(byte: u8) -> bool {
    byte & 0xc0 == 0x80
}

/// How many characters `bytes` holds: its bytes less its continuation bytes, counted a block of
/// 255 at a time in a byte, which the compiler turns into vector adds (a 20 MB file in under a
/// millisecond, where a count into a `usize` a byte at a time took seven).
fn chars(bytes: &[u8]) -> usize {
    let mut blocks = bytes.chunks_exact(255);
    let in_blocks: usize = (&mut blocks)
        .map(|block| {
            let continuations = block
                .iter()
                .fold(0u8, |sum, &byte| sum + u8::from(is_continuation(byte)));
            usize::from(continuations)
        })
        .sum();
    let in_rest = blocks
        .remainder()
        .iter()
        .filter(|&&byte| is_continuation(byte))
        .count();
    bytes.len() - in_blocks - in_rest
}

/// Counts a stretch of bytes into `here`, as `step` over each would; `next` is the byte after it.
fn count(stretch: &[u8], next: Option<u8>, here: &mut Anchor) {
    let counted = chars(stretch);
    here.chars += counted;
    let mut last_end = None;
    for at in memchr::memchr2_iter(b'\n', b'\r', stretch) {
        // A `\r` before `\n` is the line's last character; the `\n` ends the line.
        let following = stretch.get(at + 1).copied().or(next);
        if stretch[at] == b'\n' || following != Some(b'\n') {
            here.line += 1;
            last_end = Some(at);
        }
    }
    match last_end {
        Some(at) => here.column = chars(&stretch[at + 1..]),
        // Most stretches hold no line break (a card of JSON Lines is one line): counted once.
        None => here.column += counted,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts the byte at `at` into `here`: the reference that `count` over a stretch must agree
    /// with.
    fn step(bytes: &[u8], at: usize, here: &mut Anchor) {
        let byte = bytes[at];
        if is_continuation(byte) {
            return;
        }
        here.chars += 1;
        // A `\r` before `\n` is the line's last character; the `\n` ends the line.
        let ends_line = byte == b'\n' || (byte == b'\r' && bytes.get(at + 1) != Some(&b'\n'));
        if ends_line {
            here.line += 1;
            here.column = 0;
        } else {
            here.column += 1;
        }
    }

    fn at(line: usize, column: usize) -> Position {
        Position { line, column }
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "Kicker—{1}\nit’s sacrificed at end of turn";
        let index = LineIndex::new(text);
        let offset = text.find("at end").unwrap_or_default();
        assert_eq!(index.position(offset), at(2, 17));
        assert_eq!(index.position(text.find('{').unwrap_or_default()), at(1, 8));
        assert_eq!(index.position(0), at(1, 1));
        assert_eq!(index.position(text.len()), at(2, 31));
    }

    #[test]
    fn the_line_break_belongs_to_its_line() {
        let index = LineIndex::new("ab\ncd\n");
        assert_eq!(index.position(2), at(1, 3));
        assert_eq!(index.position(3), at(2, 1));
        assert_eq!(index.position(6), at(3, 1));
    }

    #[test]
    fn crlf_and_lone_cr_end_lines() {
        let index = LineIndex::new("a\r\nb\rc");
        assert_eq!(index.position(3), at(2, 1));
        assert_eq!(index.position(5), at(3, 1));
        // Between `\r` and `\n` is still the first line.
        assert_eq!(index.position(2), at(1, 3));
    }

    #[test]
    fn a_byte_order_mark_is_no_column() {
        let text = "\u{feff}ab\ncd";
        let index = LineIndex::new(text);
        assert_eq!(index.position(0), at(1, 1));
        assert_eq!(index.position(3), at(1, 1));
        assert_eq!(index.position(4), at(1, 2));
        assert_eq!(index.position(6), at(2, 1));
        assert_eq!(index.char_offset(4), 1);
        assert_eq!(index.char_offset(text.len()), 5);
        // Only at the start: a U+FEFF inside the text is a character like any other.
        let inside = LineIndex::new("a\u{feff}b");
        assert_eq!(inside.position(4), at(1, 3));
        assert_eq!(LineIndex::new("\u{feff}").position(3), at(1, 1));
    }

    #[test]
    fn offsets_outside_the_text_or_inside_a_character_clamp() {
        let text = "a—b";
        let index = LineIndex::new(text);
        // `—` is bytes 1..4: 2 and 3 are inside it.
        assert_eq!(index.clamp(2), 1);
        assert_eq!(index.position(3), at(1, 2));
        assert_eq!(index.position(99), at(1, 4));
        let backwards = Range { start: 3, end: 2 };
        assert_eq!(index.clamp_span(&backwards), 1..1);
        assert_eq!(index.slice(&(1..99)), "—b");
        let empty = LineIndex::new("");
        assert_eq!(empty.position(5), at(1, 1));
        assert_eq!(empty.region(&(0..0)).end, at(1, 1));
    }

    #[test]
    fn characters_are_counted_as_one_at_a_time() {
        let pieces = ["a", "—", "’", "é", "\u{1f600}", "\n"];
        let mut text = String::new();
        for round in 0..700 {
            text.push_str(pieces[(round * 7 + round / 3) % pieces.len()]);
            let bytes = text.as_bytes();
            // Every length around the blocks of 255 and a run of continuation bytes of 255 and more.
            for start in [0, 1, bytes.len() / 2] {
                let stretch = &bytes[start.min(bytes.len())..];
                let one_at_a_time = stretch
                    .iter()
                    .filter(|&&byte| !is_continuation(byte))
                    .count();
                assert_eq!(chars(stretch), one_at_a_time, "{} bytes", stretch.len());
            }
        }
        let continuations = [0x80u8; 600];
        assert_eq!(chars(&continuations), 0);
        assert_eq!(chars(&[]), 0);
    }

    #[test]
    fn char_offsets_count_from_the_start_of_the_text() {
        let text = "’a\n—b\nc";
        let index = LineIndex::new(text);
        assert_eq!(index.char_offset(text.find('b').unwrap_or_default()), 4);
        assert_eq!(index.char_offset(text.find('c').unwrap_or_default()), 6);
        assert_eq!(index.char_offset(text.len()), 7);
    }

    #[test]
    fn long_texts_agree_with_counting_from_the_start() {
        // Many anchors apart, with a 20 000-byte line, `\r\n` and lone `\r` across anchor spacing.
        let mut text = String::new();
        for round in 0..600 {
            text.push_str(["it’s — ", "at end\r\n", "x\r", "ab\n", "Æther "][round % 5]);
        }
        text.push_str(&"—’a".repeat(2800));
        text.push_str("\r\nend");
        let index = LineIndex::new(&text);
        assert!(index.anchors.len() > 4);
        let (mut line, mut column, mut chars) = (1, 1, 0);
        let mut chars_iter = text.char_indices().peekable();
        while let Some((offset, char)) = chars_iter.next() {
            assert_eq!(index.position(offset), at(line, column), "at byte {offset}");
            assert_eq!(index.char_offset(offset), chars, "at byte {offset}");
            chars += 1;
            let crlf = char == '\r' && chars_iter.peek().map(|&(_, next)| next) == Some('\n');
            if char == '\n' || (char == '\r' && !crlf) {
                (line, column) = (line + 1, 1);
            } else {
                column += 1;
            }
        }
        assert_eq!(index.position(text.len()), at(line, column));
    }

    #[test]
    fn positions_agree_with_a_count_from_the_start_across_anchors() {
        const PIECES: &[&str] = &["a", "bc", "—", "’", "\r", "\n", "\r\n", " ", "\r\r"];
        let mut state: u32 = 0x9e37_79b9;
        let mut text = String::new();
        while text.len() < 3 * ANCHOR_SPACING + 17 {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            text.push_str(PIECES[state as usize % PIECES.len()]);
        }
        let index = LineIndex::new(&text);
        assert!(index.anchors.len() > 2, "the text spans several anchors");
        let mut here = Anchor::default();
        for offset in 0..=text.len() {
            if text.is_char_boundary(offset) {
                let expected = Position {
                    line: here.line + 1,
                    column: here.column + 1,
                };
                assert_eq!(index.position(offset), expected, "at byte {offset}");
                assert_eq!(index.char_offset(offset), here.chars, "at byte {offset}");
            }
            if offset < text.len() {
                step(text.as_bytes(), offset, &mut here);
            }
        }
    }
}
