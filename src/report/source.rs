//! A checked file's text as miette reads it, for snippets that are right, cheap and safe:
//!
//! - miette 7 counts the column of its `[path:line:col]` header in bytes, which after a `—` or `’`
//!   disagrees with every other format; here it is counted in characters.
//! - miette finds lines by scanning from the start of the text on every read, and prints whole
//!   lines. Card databases run to hundreds of megabytes, some on a single line, so miette is only
//!   shown a window around the span: its context lines, each cut to the room a line has (the
//!   terminal's width, [`MAX_ROOM`] at most), the span kept in view.
//! - miette copies the text to the terminal as it is; an ESC in a card file would reach the
//!   terminal. It is shown the window made visible (`visible_lines`), and every offset it is
//!   given or gives back is an offset of that shown text (`Shown`), which grows by a few bytes at
//!   each control character.

use super::visible::{extra_bytes, shown_len, visible, visible_lines};
use crate::lines::LineIndex;
use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};
use std::ops::Range;

/// The most characters of one line a window shows; longer lines are cut around the span.
pub const MAX_ROOM: usize = 480;

/// A file's name and text, shared by all of the file's diagnostics; the text is borrowed, never
/// copied.
#[derive(Debug)]
pub struct FileSource<'a> {
    name: &'a str,
    /// The name made visible, as miette writes it.
    shown_name: String,
    index: LineIndex<'a>,
    shown: Shown<'a>,
}

impl<'a> FileSource<'a> {
    pub fn new(name: &'a str, text: &'a str) -> Self {
        FileSource {
            name,
            shown_name: visible(name).into_owned(),
            index: LineIndex::new(text),
            shown: Shown::new(text),
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

    /// A span of the text as a span of the text made visible, which miette is given.
    pub fn shown_span(&self, span: &Range<usize>) -> SourceSpan {
        let span = self.index.clamp_span(span);
        let start = self.shown.to_shown(span.start);
        SourceSpan::new(start.into(), self.shown.to_shown(span.end) - start)
    }

    /// The windows of text that show `spans`: each span with `context` lines around it, at most
    /// `room` characters a line ([`window`]), in order, windows that meet made one.
    pub fn windows(
        &self,
        spans: &[Range<usize>],
        context: usize,
        room: usize,
    ) -> Vec<Range<usize>> {
        let text = self.index.text();
        let mut spans: Vec<Range<usize>> = spans
            .iter()
            .map(|span| self.index.clamp_span(span))
            .collect();
        spans.sort_by_key(|span| span.start);
        let mut windows: Vec<Range<usize>> = Vec::new();
        for span in spans {
            let window = window(text, span, context, room);
            match windows.last_mut() {
                Some(last) if window.start <= last.end => last.end = last.end.max(window.end),
                _ => windows.push(window),
            }
        }
        windows
    }

    /// What miette may read for a report whose spans are `spans`: their [`windows`](Self::windows)
    /// made visible.
    pub fn snippet(&self, spans: &[Range<usize>], context: usize, room: usize) -> Snippet<'_> {
        let text = self.index.text();
        let windows = self
            .windows(spans, context, room)
            .into_iter()
            .map(|window| {
                let mut shown = visible_lines(&text[window.clone()]).into_owned();
                mark_cuts(text, &window, spans, &mut shown);
                Window {
                    shown_start: self.shown.to_shown(window.start),
                    text: shown,
                }
            })
            .collect();
        Snippet {
            file: self,
            windows,
        }
    }
}

/// The windows of a file that one report shows, made visible, in the offsets of the whole text
/// made visible.
#[derive(Debug)]
pub struct Snippet<'a> {
    file: &'a FileSource<'a>,
    windows: Vec<Window>,
}

#[derive(Debug)]
struct Window {
    /// Where the window starts in the text made visible.
    shown_start: usize,
    text: String,
}

impl SourceCode for Snippet<'_> {
    /// `span` is of the text made visible; so is what is returned, with the line and column
    /// where it starts in the file. miette asks only for its spans and the windows that hold
    /// them; anything else is out of bounds.
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let end = span.offset().saturating_add(span.len());
        let window = self
            .windows
            .iter()
            .find(|window| {
                window.shown_start <= span.offset() && end <= window.shown_start + window.text.len()
            })
            .ok_or(MietteError::OutOfBounds)?;
        let inner = SourceSpan::new((span.offset() - window.shown_start).into(), span.len());
        let contents = <str as SourceCode>::read_span(
            &window.text,
            &inner,
            context_lines_before,
            context_lines_after,
        )?;
        // Back from the window to the file: offsets, and the line and column where the data starts.
        let data_start = window.shown_start + contents.span().offset();
        let place = self
            .file
            .index
            .position(self.file.shown.to_text(data_start));
        Ok(Box::new(MietteSpanContents::new_named(
            self.file.shown_name.clone(),
            contents.data(),
            SourceSpan::new(data_start.into(), contents.span().len()),
            place.line - 1,
            place.column - 1,
            contents.line_count(),
        )))
    }
}

/// Bytes between anchors of [`Shown`]: a conversion reads at most about this many.
const SHOWN_SPACING: usize = 4096;

/// Offsets of a text and of the text made visible ([`visible_lines`]), turned into each other:
/// anchors where both are known, and a count from the nearest.
#[derive(Debug)]
struct Shown<'a> {
    text: &'a str,
    /// (offset in the text, bytes the text made visible has gained before it), by offset; the
    /// first at 0.
    anchors: Vec<(usize, usize)>,
}

impl<'a> Shown<'a> {
    fn new(text: &'a str) -> Self {
        let mut anchors = vec![(0, 0)];
        let mut start = 0;
        let mut extra = 0;
        while start < text.len() {
            let mut end = (start + SHOWN_SPACING).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            extra += extra_bytes(&text[start..end]);
            anchors.push((end, extra));
            start = end;
        }
        Shown { text, anchors }
    }

    /// The offset in the text made visible of `offset`, a character boundary of the text.
    fn to_shown(&self, offset: usize) -> usize {
        let nearest = self.anchors.partition_point(|&(at, _)| at <= offset) - 1;
        let (at, extra) = self.anchors[nearest];
        let offset = offset.max(at);
        offset + extra + self.text.get(at..offset).map_or(0, extra_bytes)
    }

    /// The offset in the text of `shown`, an offset of the text made visible; one inside a
    /// character's stand-in is that character's.
    fn to_text(&self, shown: usize) -> usize {
        let nearest = self
            .anchors
            .partition_point(|&(at, extra)| at + extra <= shown)
            .max(1)
            - 1;
        let (mut at, extra) = self.anchors[nearest];
        let mut here = at + extra;
        for c in self.text[at..].chars() {
            let width = shown_len(c);
            if here + width > shown {
                break;
            }
            here += width;
            at += c.len_utf8();
        }
        at
    }
}

/// The window that shows `span` in at most `room` columns a line ([`columns`]): the span's whole
/// line when it fits, with the tail of each of the `lines`
/// lines above and the head of each below, as much of it as fits; else only the part of the
/// span's line around it, the span as far into the middle as the line allows, and no context line.
/// The window never ends inside a `\r\n`.
pub(super) fn window(text: &str, span: Range<usize>, lines: usize, room: usize) -> Range<usize> {
    let room = room.max(1);
    let line_start = back_to_break(text, span.start, room);
    let line_end = on_to_break(text, span.end, room);
    if width(&text[line_start..line_end]) <= room && at_break_or_edge(text, line_start, line_end) {
        let mut start = line_start;
        for _ in 0..lines {
            let Some(above) = before_break(text, start) else {
                break;
            };
            start = back_to_break(text, above, room);
        }
        let mut end = line_end;
        for _ in 0..lines {
            let Some(below) = after_break(text, end) else {
                break;
            };
            end = on_to_break(text, below, room);
        }
        return start..after_break(text, end).unwrap_or(end);
    }
    // The report cuts a span to the room before it asks for its window (human.rs, `mark`).
    let end = span.end.max(span.start);
    let free = room.saturating_sub(width(&text[span.start..end]));
    let before = width(&text[line_start..span.start]);
    let after = width(&text[end..line_end]);
    let taken_before = before.min((free / 2).max(free.saturating_sub(after)));
    let taken_after = after.min(free - taken_before);
    back_to_break(text, span.start, taken_before)..on_to_break(text, end, taken_after)
}

/// The columns a character takes in a snippet: miette draws a tab as four spaces.
fn columns(c: char) -> usize {
    if c == '\t' { 4 } else { 1 }
}

fn width(text: &str) -> usize {
    text.chars().map(columns).sum()
}

/// What marks a line cut short, as rustc marks it.
const CUT: &str = "...";

/// Marks where `window` cuts a line: its first three characters are written over with `...` when
/// it starts inside a line, its last three when it ends inside one. Only three plain ASCII
/// characters outside every span are written over, so that every byte offset and every column of
/// the snippet, and so every label and the `[file:line:col]` header, stay where they are.
fn mark_cuts(text: &str, window: &Range<usize>, spans: &[Range<usize>], shown: &mut String) {
    let bytes = text.as_bytes();
    let plain = |at: Range<usize>| {
        bytes
            .get(at.clone())
            .is_some_and(|part| part.iter().all(|&b| b == b' ' || b.is_ascii_graphic()))
            && spans
                .iter()
                .all(|span| span.end <= at.start || at.end <= span.start)
    };
    let is_break = |byte: u8| byte == b'\n' || byte == b'\r';
    let cut_before = window.start > 0 && !is_break(bytes[window.start - 1]);
    let head = window.start..window.start + CUT.len();
    if cut_before && window.len() > 2 * CUT.len() && plain(head) {
        shown.replace_range(..CUT.len(), CUT);
    }
    let cut_after = window.end < bytes.len() && !is_break(bytes[window.end]);
    let tail = window.end.saturating_sub(CUT.len())..window.end;
    if cut_after && window.len() > 2 * CUT.len() && plain(tail) && shown.len() >= CUT.len() {
        let from = shown.len() - CUT.len();
        shown.replace_range(from.., CUT);
    }
}

/// The start of the line `offset` is on, or as far back as `room` columns reach if that comes
/// first.
fn back_to_break(text: &str, offset: usize, room: usize) -> usize {
    let mut at = offset;
    let mut taken = 0;
    for (index, c) in text[..offset].char_indices().rev() {
        taken += columns(c);
        if c == '\n' || c == '\r' || taken > room {
            break;
        }
        at = index;
    }
    at
}

/// The end of the line `offset` is on (before its break), or as far on as `room` columns reach
/// if that comes first.
fn on_to_break(text: &str, offset: usize, room: usize) -> usize {
    let mut at = offset;
    let mut taken = 0;
    for c in text[offset..].chars() {
        taken += columns(c);
        if c == '\n' || c == '\r' || taken > room {
            break;
        }
        at += c.len_utf8();
    }
    at
}

/// Whether `start..end` is a whole line: a break or the text's edge on either side.
fn at_break_or_edge(text: &str, start: usize, end: usize) -> bool {
    let bytes = text.as_bytes();
    (start == 0 || matches!(bytes[start - 1], b'\n' | b'\r'))
        && (end == bytes.len() || matches!(bytes[end], b'\n' | b'\r'))
}

/// The end of the line before the one starting at `start`, if there is one.
fn before_break(text: &str, start: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    match start.checked_sub(1).map(|at| bytes[at]) {
        Some(b'\n') if start >= 2 && bytes[start - 2] == b'\r' => Some(start - 2),
        Some(b'\n' | b'\r') => Some(start - 1),
        _ => None,
    }
}

/// The start of the line after the one ending at `end`, if a break ends it.
fn after_break(text: &str, end: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    match bytes.get(end) {
        Some(b'\r') if bytes.get(end + 1) == Some(&b'\n') => Some(end + 2),
        Some(b'\n' | b'\r') => Some(end + 1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What miette reads for `span` (start, length) of the file with `context` lines.
    fn read(
        source: &FileSource<'_>,
        span: (usize, usize),
        context: usize,
    ) -> (usize, usize, String) {
        let span = span.0..span.0 + span.1;
        let snippet = source.snippet(std::slice::from_ref(&span), context, MAX_ROOM);
        let contents = snippet
            .read_span(&source.shown_span(&span), context, context)
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
        let snippet = source.snippet(std::slice::from_ref(&(at..at + 2)), 0, MAX_ROOM);
        let contents = snippet.read_span(&(at, 2).into(), 0, 0).expect("inside");
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
        assert!(
            data.chars().count() <= MAX_ROOM,
            "{} characters",
            data.chars().count()
        );
        assert!(data.contains("at end of turn"));
        // `column` is where the data starts, in characters from the start of the line.
        let data_start = at - data.find("at end").unwrap_or_default();
        assert_eq!((line, column), (0, text[..data_start].chars().count()));
    }

    #[test]
    fn a_line_cut_short_says_so_and_keeps_its_columns() {
        let text = format!(
            "{}Tap it until end of turn.{}\n",
            "a".repeat(100),
            "b".repeat(100)
        );
        let source = FileSource::new("cards.txt", &text);
        let at = text.find("until").unwrap_or_default();
        let span = at..at + "until end of turn".len();
        let snippet = source.snippet(std::slice::from_ref(&span), 1, 40);
        let contents = snippet
            .read_span(&source.shown_span(&span), 1, 1)
            .expect("inside");
        let data = String::from_utf8_lossy(contents.data()).into_owned();
        assert!(data.starts_with("...") && data.ends_with("..."), "{data}");
        assert!(data.contains("until end of turn"), "{data}");
        // The column where the data starts is the file's: the dots overwrite, never insert.
        let data_start = at - data.find("until").unwrap_or_default();
        assert_eq!(contents.column(), text[..data_start].chars().count());
        // A span at the cut keeps its words: no dots over them.
        let edge = 100..109;
        let snippet = source.snippet(std::slice::from_ref(&edge), 1, 10);
        let contents = snippet
            .read_span(&source.shown_span(&edge), 1, 1)
            .expect("inside");
        assert!(
            String::from_utf8_lossy(contents.data()).starts_with("Tap "),
            "{:?}",
            String::from_utf8_lossy(contents.data())
        );
    }

    #[test]
    fn empty_texts_and_spans_past_the_end() {
        let empty = FileSource::new("broken.json", "");
        assert_eq!(read(&empty, (0, 0), 1), (0, 0, String::new()));
        let short = FileSource::new("a.txt", "ab\n");
        // Clamped to the end: the data starts at the line before, as context.
        assert_eq!(read(&short, (7, 3), 1), (0, 0, "ab\n".to_owned()));
    }

    #[test]
    fn control_characters_are_shown_and_the_offsets_follow() {
        let text = "\u{1b}]0;PWNED\u{7}\nit\u{1b}[2J gains haste until the end of turn\u{9b}.\n";
        let source = FileSource::new("evil\u{1b}[2J.txt", text);
        let at = text.find("until").unwrap_or_default();
        let (line, column, data) = read(&source, (at, 21), 1);
        assert_eq!(
            data,
            "␛]0;PWNED␇\nit␛[2J gains haste until the end of turn\\u{9b}.\n"
        );
        assert_eq!((line, column), (0, 0));
        // The span given back is that of the words, in the text made visible.
        let span = source.shown_span(&(at..at + 21));
        let snippet = source.snippet(std::slice::from_ref(&(at..at + 21)), 0, MAX_ROOM);
        let contents = snippet.read_span(&span, 0, 0).expect("inside");
        assert_eq!(contents.data(), "until the end of turn".as_bytes());
        assert_eq!((contents.line(), contents.column()), (1, 19));
        assert_eq!(contents.name(), Some("evil␛[2J.txt"));
        // Outside the windows of the report: out of bounds, never a panic.
        assert!(snippet.read_span(&(0, 3).into(), 0, 0).is_err());
    }

    #[test]
    fn shown_offsets_go_both_ways_across_anchors() {
        let mut text = String::new();
        for round in 0..3000 {
            text.push_str(["a—", "\u{1b}[", "\u{9b}", "’b\n", "\u{202e}c"][round % 5]);
        }
        let shown = Shown::new(&text);
        assert!(shown.anchors.len() > 2);
        let mut expected = 0;
        for (at, c) in text.char_indices() {
            assert_eq!(shown.to_shown(at), expected, "at byte {at}");
            assert_eq!(shown.to_text(expected), at, "at byte {at}");
            // Inside a stand-in: the character's start.
            assert_eq!(shown.to_text(expected + shown_len(c) - 1), at);
            expected += shown_len(c);
        }
        assert_eq!(shown.to_shown(text.len()), visible_lines(&text).len());
        assert_eq!(shown.to_text(usize::MAX), text.len());
    }
}
