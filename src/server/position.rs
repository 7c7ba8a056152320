//! Byte offsets of a document to LSP positions and back. A position's `character` counts code
//! units of the negotiated encoding: UTF-16 unless the client offers another (LSP 3.17
//! `general.positionEncodings`). Card text is full of "—", "’" and "•" (one UTF-16 unit, three
//! bytes) and may hold astral characters (two units, four bytes), so every count is exact.

use lsp_types::{Position, PositionEncodingKind, Range};
use std::borrow::Cow;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    anchors: Cow<'a, [Anchor]>,
}

/// A document's text and the anchors of its index, kept in step as the text is edited: an edit
/// scans only the bytes around it and moves the anchors after it, so a burst of keystrokes in a
/// document of many megabytes does not scan it whole at each one.
#[derive(Debug, Clone)]
pub struct IndexedText {
    text: String,
    encoding: Encoding,
    anchors: Vec<Anchor>,
}

impl IndexedText {
    pub fn new(text: String, encoding: Encoding) -> IndexedText {
        let anchors = index(&text, encoding);
        IndexedText {
            text,
            encoding,
            anchors,
        }
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn index(&self) -> LineIndex<'_> {
        LineIndex {
            text: &self.text,
            encoding: self.encoding,
            anchors: Cow::Borrowed(&self.anchors),
        }
    }

    /// Replaces the words of `range` with `replacement`, or the whole text when there is no
    /// range (an LSP content change). Returns the bytes that were indexed again.
    pub fn replace(&mut self, range: Option<Range>, replacement: &str) -> std::ops::Range<usize> {
        let Some(range) = range else {
            *self = IndexedText::new(replacement.to_string(), self.encoding);
            return 0..self.text.len();
        };
        let removed = self.index().span(range);
        self.text.replace_range(removed.clone(), replacement);
        let inserted = removed.start + replacement.len();
        self.reindex(removed, inserted)
    }

    /// Mends the anchors after the bytes `removed` (of the old text) were replaced by the text
    /// that now ends at `inserted`. Anchors before the edit still hold: each depends only on the
    /// text before it and on the character at it (a lone `\r` ends a line, the `\r` of a `\r\n`
    /// does not). Anchors past the edit still hold once moved by the change in bytes and lines
    /// (and in columns, on the line where the edit ends). Only the bytes between scan again.
    fn reindex(
        &mut self,
        removed: std::ops::Range<usize>,
        inserted: usize,
    ) -> std::ops::Range<usize> {
        let anchors = &mut self.anchors;
        // The anchor at byte 0 always holds.
        let kept = anchors.partition_point(|a| a.byte < removed.start).max(1);
        let resume = anchors.partition_point(|a| a.byte <= removed.end);
        let from = anchors[kept - 1];
        let moved = |byte: usize| byte - removed.end + inserted;
        let stop = anchors
            .get(resume)
            .map_or(self.text.len(), |a| moved(a.byte));
        let mut fresh = Vec::new();
        let (line, column) = scan(&self.text, self.encoding, from, stop, &mut fresh);
        if let Some(&first) = anchors.get(resume) {
            // The first anchor past the edit is where the scan stopped: (line, column) in the
            // new text. The rest move with it.
            for anchor in &mut anchors[resume..] {
                if anchor.line == first.line {
                    anchor.column = anchor.column - first.column + column;
                }
                anchor.line = anchor.line - first.line + line;
                anchor.byte = moved(anchor.byte);
            }
            // A scan that ended at a line start has that anchor already.
            if fresh.last().is_some_and(|a| a.byte == stop) {
                fresh.pop();
            }
        }
        anchors.splice(kept..resume, fresh);
        from.byte..stop
    }
}

/// The anchors of `text`.
fn index(text: &str, encoding: Encoding) -> Vec<Anchor> {
    let start = Anchor {
        byte: 0,
        line: 0,
        column: 0,
    };
    let mut anchors = vec![start];
    scan(text, encoding, start, text.len(), &mut anchors);
    anchors
}

/// Reads `text` from the anchor `from` to byte `stop` (a character boundary), pushing the anchors
/// after `from` up to and including `stop`: the line and the column at `stop`.
fn scan(
    text: &str,
    encoding: Encoding,
    from: Anchor,
    stop: usize,
    anchors: &mut Vec<Anchor>,
) -> (u32, u32) {
    let mut line = from.line;
    let mut column = from.column;
    let mut since_anchor = 0;
    // `stop` is never inside a `\r\n` (it is the end of the text, or where an anchor of the text
    // as it was lands), so the characters before it tell a lone `\r` from a `\r\n`'s.
    let mut chars = text[from.byte..stop].char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let next = from.byte + at + c.len_utf8();
        let ends_line = c == '\n' || (c == '\r' && chars.peek().is_none_or(|(_, n)| *n != '\n'));
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
    (line, column)
}

impl<'a> LineIndex<'a> {
    /// The index of a text that is read once (a config file's).
    pub fn new(text: &'a str, encoding: Encoding) -> LineIndex<'a> {
        LineIndex {
            text,
            encoding,
            anchors: Cow::Owned(index(text, encoding)),
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
    /// Checks `edited`'s anchors against an index of its text made from scratch: each anchor is
    /// at the right line and column (and not inside a `\r\n`), every line start is an anchor,
    /// and no two anchors of a line are much further apart than the spacing.
    fn assert_index_holds(edited: &IndexedText, context: &str) {
        let text = edited.as_str();
        let fresh = LineIndex::new(text, edited.encoding);
        let anchors = &edited.anchors;
        assert_eq!(anchors[0], fresh.anchors[0], "{context}");
        for pair in anchors.windows(2) {
            assert!(pair[0].byte < pair[1].byte, "{context}: {pair:?}");
            assert!(
                pair[0].line < pair[1].line || pair[1].byte - pair[0].byte < 2 * ANCHOR_SPACING,
                "{context}: {pair:?}"
            );
        }
        for anchor in anchors {
            let position = fresh.position(anchor.byte);
            assert_eq!(
                (anchor.line, anchor.column),
                (position.line, position.character),
                "{context}: {anchor:?}"
            );
            assert!(
                !(text[..anchor.byte].ends_with('\r') && text[anchor.byte..].starts_with('\n')),
                "{context}: inside a line break: {anchor:?}"
            );
        }
        for start in fresh.anchors.iter().filter(|a| a.column == 0) {
            assert!(anchors.contains(start), "{context}: line start {start:?}");
        }
    }

    #[test]
    fn an_edited_index_equals_a_fresh_one() {
        // Pieces that make and break line breaks (a `\n` typed after a lone `\r`), multi-byte
        // and astral characters, and long lines with anchors inside them.
        const PIECES: &[&str] = &["\n", "\r", "\r\n", "—", "’", "𝔄", "a", "end of turn ", ""];
        let long = "x".repeat(3 * ANCHOR_SPACING);
        // SplitMix64: each draw a hash of a counter, so a failure is reproducible.
        let mut draws: u64 = 0;
        let mut next = move |below: usize| {
            draws = draws.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = (draws ^ (draws >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % below.max(1) as u64) as usize
        };
        for encoding in [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32] {
            let start = format!("a\r\nb\rc—\n{long}\n’𝔄{long}\r");
            let mut edited = IndexedText::new(start.clone(), encoding);
            let mut expected = start;
            for round in 0..1500 {
                let index = edited.index();
                let lines = index.anchors.last().map_or(0, |a| a.line) + 2;
                let position = |next: &mut dyn FnMut(usize) -> usize| {
                    pos(
                        next(lines as usize) as u32,
                        next(40 + 4 * ANCHOR_SPACING) as u32,
                    )
                };
                let (mut a, mut b) = (position(&mut next), position(&mut next));
                if (b.line, b.character) < (a.line, a.character) {
                    std::mem::swap(&mut a, &mut b);
                }
                if next(3) == 0 {
                    b = a;
                }
                let mut replacement: String =
                    (0..next(4)).map(|_| PIECES[next(PIECES.len())]).collect();
                if next(50) == 0 {
                    replacement.push_str(&long);
                }
                let span = index.span(Range::new(a, b));
                expected.replace_range(span, &replacement);
                edited.replace(Some(Range::new(a, b)), &replacement);
                assert_eq!(edited.as_str(), expected);
                assert_index_holds(&edited, &format!("{encoding:?}, edit {round}"));
            }
        }
    }

    #[test]
    fn an_edit_reindexes_only_around_it() {
        let line = "’".repeat(100) + "\n";
        let mut text = IndexedText::new(line.repeat(10_000), Encoding::Utf16);
        let at = pos(5_000, 50);
        let reindexed = text.replace(Some(Range::new(at, at)), "\r\n—");
        let offset = 5_000 * line.len() + 50 * 3;
        assert!(
            reindexed.start <= offset && offset < reindexed.end,
            "{reindexed:?}"
        );
        assert!(reindexed.len() < 2 * line.len(), "{reindexed:?}");
        assert_eq!(text.index().position(offset + 5), pos(5_001, 1));
        assert_eq!(text.index().position(text.as_str().len()), pos(10_001, 0));
        let whole = text.replace(None, "new");
        assert_eq!(whole, 0..3);
    }
}
