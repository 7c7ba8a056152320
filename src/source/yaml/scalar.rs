//! The map of one YAML scalar: which style it is written in, then a walk over the decoded value
//! and the raw bytes together.
//!
//! serde-saphyr gives the raw range of the scalar: with the quotes for quoted styles, from the
//! first content character to the end of the block (trailing line break and indentation included)
//! for `|` and `>`. Decoded characters other than blanks and line breaks must match the raw ones
//! (or an escape that stands for them); blanks and line breaks of the value map to raw blanks and
//! line breaks; raw indentation and folded whitespace are skipped. Any mismatch (an alias, a tag
//! that changes the value, a style this walk does not know) leaves the map whole.
//!
//! It knows a scalar's raw bytes and its decoded value; it knows nothing of the tree around the
//! scalar nor of cards.

use crate::source::escape::{Dialect, Escape, read_escape};
use crate::source::map::{MapBuilder, Style, TextMap};
use std::ops::Range;

/// How raw whitespace after a line break is skipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Indent {
    /// Plain and quoted scalars: all leading blanks of a continuation line.
    All,
    /// Block scalars: exactly the block's indentation (more is content).
    Block(usize),
}

/// The map of a scalar whose value is `value` and whose raw range serde-saphyr gave as `span`.
pub(crate) fn scalar_map(file: &str, span: Range<usize>, value: &str) -> TextMap {
    let Some(raw) = file.get(span.clone()) else {
        return TextMap::whole(span, Style::YamlPlain { flow: false });
    };
    let bytes = file.as_bytes();
    // A block scalar's content may begin with a quote: look for its header first.
    let (style, content, indent, quoting) = if let Some(block) = block_header(bytes, span.start) {
        let style = if block.literal {
            Style::YamlLiteral {
                indent: block.indent,
            }
        } else {
            Style::YamlFolded
        };
        // Leading empty lines belong to the value but come before serde-saphyr's range.
        let start = if value.starts_with('\n') {
            block.first_line
        } else {
            span.start
        };
        (
            style,
            start..span.end,
            Indent::Block(block.indent),
            Quoting::None,
        )
    } else {
        match raw.as_bytes().first() {
            Some(b'"') if raw.len() >= 2 && raw.ends_with('"') => (
                Style::YamlDouble,
                span.start + 1..span.end - 1,
                Indent::All,
                Quoting::Double,
            ),
            Some(b'\'') if raw.len() >= 2 && raw.ends_with('\'') => (
                Style::YamlSingle,
                span.start + 1..span.end - 1,
                Indent::All,
                Quoting::Single,
            ),
            Some(b'"' | b'\'') => {
                return TextMap::whole(span, Style::YamlPlain { flow: false });
            }
            _ => (
                Style::YamlPlain {
                    flow: in_flow(bytes, span.end),
                },
                span.clone(),
                Indent::All,
                Quoting::None,
            ),
        }
    };
    let span_start = span.start;
    let raw_range = match style {
        Style::YamlLiteral { .. } | Style::YamlFolded => content.start.min(span.start)..span.end,
        _ => span,
    };
    let mut walk = Walk {
        text: file,
        bytes,
        at: content.start,
        end: content.end,
        indent,
        quoting,
        map: MapBuilder::default(),
    };
    // Starting on a leading empty line: skip its indentation. serde-saphyr's own start is
    // already past the indentation (and what follows it there is content).
    if let Indent::Block(n) = indent
        && content.start < span_start
    {
        walk.skip_indent(n);
    }
    match walk.run(value) {
        Some(()) => walk.map.finish(raw_range, style, value.len()),
        None => TextMap::whole(raw_range, style),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quoting {
    None,
    Single,
    Double,
}

/// A `|` or `>` header found above a block scalar's first content line.
struct BlockHeader {
    literal: bool,
    /// Byte offset of the line after the header.
    first_line: usize,
    /// Indentation of the content lines.
    indent: usize,
}

/// If the scalar starting at `start` is the content of a block scalar, its header.
fn block_header(bytes: &[u8], start: usize) -> Option<BlockHeader> {
    let line_start = line_start(bytes, start);
    let before = bytes.get(line_start..start)?;
    if !before.iter().all(|&b| b == b' ') {
        return None;
    }
    // Walk up over blank lines to the header line.
    let mut end = line_start;
    loop {
        if end == 0 {
            return None;
        }
        let line_end = if end >= 2 && bytes[end - 2] == b'\r' {
            end - 2
        } else {
            end - 1
        };
        let start_of = self::line_start(bytes, line_end);
        let line = bytes.get(start_of..line_end)?;
        if line.iter().all(|&b| b == b' ' || b == b'\t') {
            end = start_of;
            continue;
        }
        let literal = header_indicator(line)?;
        return Some(BlockHeader {
            literal,
            first_line: end,
            indent: start - line_start,
        });
    }
}

/// Whether `line` ends with a block scalar indicator (`|`, `>-`, `|2+`, …, optionally followed by
/// a comment): `Some(true)` for literal.
fn header_indicator(line: &[u8]) -> Option<bool> {
    for (i, &b) in line.iter().enumerate() {
        let after_blank = i == 0 || matches!(line[i - 1], b' ' | b'\t');
        if b == b'#' && after_blank {
            // A comment: an indicator after it is not a header.
            return None;
        }
        if b != b'|' && b != b'>' {
            continue;
        }
        let after_separator = after_blank || line[i - 1] == b':';
        if !after_separator {
            continue;
        }
        let rest = &line[i + 1..];
        let indicators = rest
            .iter()
            .take_while(|b| matches!(b, b'-' | b'+' | b'1'..=b'9'))
            .count();
        let rest = &rest[indicators..];
        let blanks = rest
            .iter()
            .take_while(|b| matches!(b, b' ' | b'\t'))
            .count();
        let tail = &rest[blanks..];
        if indicators <= 2 && (tail.is_empty() || (blanks > 0 && tail.first() == Some(&b'#'))) {
            return Some(b == b'|');
        }
    }
    None
}

fn line_start(bytes: &[u8], at: usize) -> usize {
    bytes
        .get(..at)
        .and_then(|head| head.iter().rposition(|&b| b == b'\n'))
        .map_or(0, |i| i + 1)
}

/// A plain scalar inside a flow collection is followed by `,`, `]` or `}`.
fn in_flow(bytes: &[u8], end: usize) -> bool {
    bytes
        .get(end..)
        .and_then(|rest| rest.iter().find(|b| !b.is_ascii_whitespace()))
        .is_some_and(|b| matches!(b, b',' | b']' | b'}'))
}

struct Walk<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    end: usize,
    indent: Indent,
    quoting: Quoting,
    map: MapBuilder,
}

impl Walk<'_> {
    fn byte(&self) -> Option<u8> {
        if self.at < self.end {
            self.bytes.get(self.at).copied()
        } else {
            None
        }
    }

    /// Length of the line break at the cursor (`\n`, `\r\n`, `\r`), 0 if none.
    fn line_break(&self) -> usize {
        match self.byte() {
            Some(b'\n') => 1,
            Some(b'\r')
                if self.at + 1 < self.end && self.bytes.get(self.at + 1) == Some(&b'\n') =>
            {
                2
            }
            Some(b'\r') => 1,
            _ => 0,
        }
    }

    fn skip_indent(&mut self, limit: usize) {
        let mut skipped = 0;
        while skipped < limit {
            match self.byte() {
                Some(b' ') => {}
                Some(b'\t') if self.indent == Indent::All => {}
                _ => break,
            }
            self.at += 1;
            skipped += 1;
        }
    }

    fn after_line_break(&mut self) {
        match self.indent {
            Indent::All => self.skip_indent(usize::MAX),
            Indent::Block(n) => self.skip_indent(n),
        }
    }

    fn escape(&self) -> Option<Escape> {
        if self.quoting == Quoting::Double && self.byte() == Some(b'\\') {
            read_escape(self.bytes.get(..self.end)?, self.at, Dialect::Yaml).ok()
        } else {
            None
        }
    }

    fn run(&mut self, value: &str) -> Option<()> {
        for (i, c) in value.char_indices() {
            if matches!(c, ' ' | '\t' | '\n') {
                self.blank(i, c)?;
            } else {
                self.visible(i, c)?;
            }
        }
        Some(())
    }

    /// A decoded blank or line break: a raw blank or line break (or an escape for it).
    fn blank(&mut self, i: usize, c: char) -> Option<()> {
        loop {
            let b = self.byte()?;
            if b == b'\\' && self.quoting == Quoting::Double {
                match self.escape()? {
                    Escape::LineBreak(len) => {
                        self.at += len;
                        self.skip_indent(usize::MAX);
                        continue;
                    }
                    Escape::Char(e, len) if e == c => {
                        self.map.push(i, 1, self.at, len);
                        self.at += len;
                        return Some(());
                    }
                    Escape::Char(..) => return None,
                }
            }
            if b == b' ' || b == b'\t' {
                // A decoded line break from folding belongs to the raw line break after the
                // trailing blanks of the line, if there is one.
                if c == '\n' {
                    let blanks = self
                        .bytes
                        .get(self.at..self.end)?
                        .iter()
                        .take_while(|&&b| b == b' ' || b == b'\t')
                        .count();
                    if matches!(self.bytes.get(self.at + blanks), Some(b'\n' | b'\r'))
                        && self.at + blanks < self.end
                    {
                        self.at += blanks;
                        continue;
                    }
                }
                self.map.push(i, 1, self.at, 1);
                self.at += 1;
                return Some(());
            }
            let len = self.line_break();
            if len > 0 {
                self.map.push(i, 1, self.at, len);
                self.at += len;
                self.after_line_break();
                return Some(());
            }
            return None;
        }
    }

    /// Any other decoded character: skip raw blanks, line breaks and escaped line breaks, then
    /// the same character or an escape for it.
    fn visible(&mut self, i: usize, c: char) -> Option<()> {
        loop {
            let b = self.byte()?;
            if b == b' ' || b == b'\t' {
                self.at += 1;
                continue;
            }
            let len = self.line_break();
            if len > 0 {
                self.at += len;
                self.after_line_break();
                continue;
            }
            if b == b'\\' && self.quoting == Quoting::Double {
                return match self.escape()? {
                    Escape::LineBreak(len) => {
                        self.at += len;
                        self.skip_indent(usize::MAX);
                        continue;
                    }
                    Escape::Char(e, len) if e == c => {
                        self.map.push(i, c.len_utf8(), self.at, len);
                        self.at += len;
                        Some(())
                    }
                    Escape::Char(..) => None,
                };
            }
            if b == b'\'' && self.quoting == Quoting::Single {
                if c == '\''
                    && self.at + 1 < self.end
                    && self.bytes.get(self.at + 1) == Some(&b'\'')
                {
                    self.map.push(i, 1, self.at, 2);
                    self.at += 2;
                    return Some(());
                }
                return None;
            }
            let len = c.len_utf8();
            let here = self.text.get(self.at..(self.at + len).min(self.end))?;
            if here.starts_with(c) {
                self.map.push(i, len, self.at, len);
                self.at += len;
                return Some(());
            }
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        assert_eq!(header_indicator(b"text: |"), Some(true));
        assert_eq!(header_indicator(b"  - text: >-2  # note | x"), Some(false));
        assert_eq!(header_indicator(b"- |+"), Some(true));
        assert_eq!(header_indicator(b"text: # note |"), None);
        assert_eq!(header_indicator(b"# note |"), None);
        assert_eq!(header_indicator(b"text: a|b"), None);
        assert_eq!(header_indicator(b"text: |x"), None);
        assert_eq!(header_indicator(b"text: |  x"), None);
    }

    #[test]
    fn plain_value_under_a_comment_with_a_bar() {
        let file = "text: # see below |\n  at end\n  of turn\n";
        let start = file.find("at end").unwrap();
        let map = scalar_map(file, start..file.len() - 1, "at end of turn");
        assert_eq!(map.to_file(0..6), Some(start..start + 6));
        assert_eq!(map.encode("a: b"), None, "plain, not literal");
    }
}
