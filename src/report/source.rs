//! A checked file's text as miette reads it, for snippets that are right and cheap:
//!
//! - miette 7 counts the column of its `[path:line:col]` header in bytes, which after a `—` or `’`
//!   disagrees with every other format; here it is counted in characters.
//! - miette finds lines by scanning from the start of the text on every read, and prints whole
//!   lines. Card databases run to hundreds of megabytes, some on a single line, so miette is only
//!   shown a window around the span: its context lines, and at most [`MAX_CONTEXT`] bytes either
//!   side within a line.

use super::lines::LineIndex;
use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// Bytes shown before and after a span, at most; longer lines are cut.
pub const MAX_CONTEXT: usize = 240;

/// A file's name and text, shared by all of the file's diagnostics; the text is borrowed, never
/// copied.
#[derive(Debug)]
pub struct FileSource<'a> {
    name: &'a str,
    index: LineIndex<'a>,
}

impl<'a> FileSource<'a> {
    pub fn new(name: &'a str, text: &'a str) -> Self {
        FileSource {
            name,
            index: LineIndex::new(text),
        }
    }

    /// The file's path, as reports name it.
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The index of the file's text.
    pub fn index(&self) -> &LineIndex<'a> {
        &self.index
    }
}

impl SourceCode for FileSource<'_> {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let text = self.index.text();
        let span = self
            .index
            .clamp_span(&(span.offset()..span.offset().saturating_add(span.len())));
        let start = window_start(text, span.start, context_lines_before);
        let end = window_end(text, span.end, context_lines_after);
        let window = &text[start..end];
        let inner = SourceSpan::new((span.start - start).into(), span.len());
        let contents = <str as SourceCode>::read_span(
            window,
            &inner,
            context_lines_before,
            context_lines_after,
        )?;
        // Back from the window to the file: offsets, and the line and column where the data starts.
        let data_start = start + contents.span().offset();
        let place = self.index.position(data_start);
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_owned(),
            contents.data(),
            SourceSpan::new(data_start.into(), contents.span().len()),
            place.line - 1,
            place.column - 1,
            contents.line_count(),
        )))
    }
}

/// Where miette's window starts: the start of the line `lines` above `offset`'s, or
/// [`MAX_CONTEXT`] bytes back if that comes first.
fn window_start(text: &str, offset: usize, lines: usize) -> usize {
    let bytes = text.as_bytes();
    let floor = offset.saturating_sub(MAX_CONTEXT);
    let mut breaks = 0;
    let mut at = offset;
    while at > floor {
        let byte = bytes[at - 1];
        if byte == b'\n' || byte == b'\r' {
            breaks += 1;
            if breaks > lines {
                return at;
            }
            if byte == b'\n' && at >= 2 && bytes[at - 2] == b'\r' {
                at -= 1;
            }
        }
        at -= 1;
    }
    // Cut mid-line: forward onto a character, and past a `\n` whose `\r` is outside the window,
    // which miette would take for a line of its own.
    while !text.is_char_boundary(at) {
        at += 1;
    }
    if at > 0 && bytes[at - 1] == b'\r' && bytes.get(at) == Some(&b'\n') {
        at += 1;
    }
    at.min(offset)
}

/// Where miette's window ends: after the line break that ends the line `lines` below `offset`'s,
/// or [`MAX_CONTEXT`] bytes on if that comes first.
fn window_end(text: &str, offset: usize, lines: usize) -> usize {
    let bytes = text.as_bytes();
    let ceiling = offset.saturating_add(MAX_CONTEXT).min(bytes.len());
    let mut breaks = 0;
    let mut at = offset;
    while at < ceiling {
        let byte = bytes[at];
        at += 1;
        if byte == b'\r' && bytes.get(at) == Some(&b'\n') {
            continue;
        }
        if byte == b'\n' || byte == b'\r' {
            breaks += 1;
            if breaks > lines {
                return at;
            }
        }
    }
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at.max(offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(
        source: &FileSource<'_>,
        span: (usize, usize),
        context: usize,
    ) -> (usize, usize, String) {
        let contents = source
            .read_span(&span.into(), context, context)
            .expect("the span is inside the text");
        (
            contents.line(),
            contents.column(),
            String::from_utf8_lossy(contents.data()).into_owned(),
        )
    }

    #[test]
    fn columns_count_characters() {
        let text = "a\n— it’s at end";
        let source = FileSource::new("cards.txt", text);
        let at = text.find("at end").unwrap_or_default();
        assert_eq!(read(&source, (at, 2), 0), (1, 7, "at".to_owned()));
        let contents = source.read_span(&(at, 2).into(), 0, 0).expect("inside");
        assert_eq!(contents.name(), Some("cards.txt"));
        assert_eq!(contents.span().offset(), at);
    }

    #[test]
    fn context_lines_are_whole_lines() {
        let text = "one\r\ntwo’\nthree\rfour\nfive\n";
        let source = FileSource::new("cards.txt", text);
        let at = text.find("three").unwrap_or_default();
        let (line, column, data) = read(&source, (at, 5), 1);
        assert_eq!((line, column), (1, 0));
        assert_eq!(data, "two’\nthree\rfour\n");
    }

    #[test]
    fn a_huge_line_is_cut_around_the_span() {
        let text = format!(
            "{{\"a\":\"{}at end of turn{}\"}}",
            "—x".repeat(50_000),
            "y".repeat(9_000)
        );
        let source = FileSource::new("AllPrintings.json", &text);
        let at = text.find("at end").unwrap_or_default();
        let (line, column, data) = read(&source, (at, 14), 1);
        assert!(data.len() <= 2 * MAX_CONTEXT + 14, "{} bytes", data.len());
        assert!(data.contains("at end of turn"));
        // `column` is where the data starts, in characters from the start of the line.
        let data_start = at - data.find("at end").unwrap_or_default();
        assert_eq!((line, column), (0, text[..data_start].chars().count()));
    }

    #[test]
    fn empty_texts_and_spans_past_the_end() {
        let empty = FileSource::new("broken.json", "");
        assert_eq!(read(&empty, (0, 0), 1), (0, 0, String::new()));
        let short = FileSource::new("a.txt", "ab\n");
        // Clamped to the end: the data starts at the line before, as context.
        assert_eq!(read(&short, (7, 3), 1), (0, 0, "ab\n".to_owned()));
    }
}
