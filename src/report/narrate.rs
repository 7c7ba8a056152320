//! The human format without a terminal: plain sentences for logs and screen readers, in the words
//! of miette's narratable reports ("Begin snippet for …", "label at line 4, columns 9 to 22").
//! Written here rather than by miette, which counts a label's columns from where the snippet it
//! shows starts: on a line cut down to the window around the span, that is not the line's start,
//! and the columns were wrong. Here every line and column is the file's, as in the other formats.

use super::source::{FileSource, MAX_ROOM};
use super::visible::{visible, visible_lines};
use crate::lines::{LineIndex, Position};
use std::fmt::Write;
use std::ops::Range;

/// Lines of context above and below each span, as miette's narratable reports show.
const CONTEXT_LINES: usize = 1;

/// A span to narrate, in the file's bytes (clamped onto the text), with its label.
pub(super) struct Mark {
    pub span: Range<usize>,
    pub label: String,
}

/// What one diagnostic says, already made visible.
pub(super) struct Narration<'a> {
    pub message: &'a str,
    pub severity: &'a str,
    pub marks: &'a [Mark],
    pub help: Option<&'a str>,
    pub code: &'a str,
}

/// Writes one diagnostic onto `out`.
pub(super) fn narrate(out: &mut String, narration: &Narration<'_>, source: &FileSource<'_>) {
    // Writing into a String cannot fail.
    let _ = write(out, narration, source);
}

fn write(out: &mut String, narration: &Narration<'_>, source: &FileSource<'_>) -> std::fmt::Result {
    writeln!(out, "{}", narration.message)?;
    writeln!(out, "    Diagnostic severity: {}", narration.severity)?;
    let index = source.index();
    let mut marks: Vec<&Mark> = narration.marks.iter().collect();
    marks.sort_by_key(|mark| mark.span.start);
    for (window, marks) in snippets(source, &marks) {
        let start = index.position(window.start);
        writeln!(
            out,
            "Begin snippet for {} starting at line {}, column {}\n",
            visible(source.name()),
            start.line,
            start.column
        )?;
        for (number, line) in lines(index, window, start.line, &marks) {
            writeln!(out, "snippet line {number}: {}", visible_lines(line))?;
            for mark in &marks {
                if let Some(place) = attach(index, mark, number) {
                    writeln!(out, "    {place}: {}", mark.label)?;
                }
            }
        }
    }
    if let Some(help) = narration.help {
        writeln!(out, "diagnostic help: {help}")?;
    }
    writeln!(out, "diagnostic code: {}", narration.code)
}

/// The windows of text to show, each with the marks in it: a mark's lines with their context,
/// merged where they meet or overlap.
fn snippets<'m>(source: &FileSource<'_>, marks: &[&'m Mark]) -> Vec<(Range<usize>, Vec<&'m Mark>)> {
    let spans: Vec<Range<usize>> = marks.iter().map(|mark| mark.span.clone()).collect();
    source
        .windows(&spans, CONTEXT_LINES, MAX_ROOM)
        .into_iter()
        .map(|window| {
            let inside = marks
                .iter()
                .copied()
                .filter(|mark| window.start <= mark.span.start && mark.span.start <= window.end)
                .collect();
            (window, inside)
        })
        .collect()
}

/// The lines of `window` (cut where the window cuts them) with their numbers, the first being
/// `first`; without their line breaks. The empty line after a last line break is one only where
/// a mark is on it.
fn lines<'t>(
    index: &LineIndex<'t>,
    window: Range<usize>,
    first: usize,
    marks: &[&Mark],
) -> Vec<(usize, &'t str)> {
    let text = &index.text()[window.clone()];
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while at < bytes.len() {
        let width = match bytes[at] {
            b'\r' if bytes.get(at + 1) == Some(&b'\n') => 2,
            b'\r' | b'\n' => 1,
            _ => {
                at += 1;
                continue;
            }
        };
        lines.push((first + lines.len(), &text[start..at]));
        at += width;
        start = at;
    }
    let number = first + lines.len();
    let marked = marks.iter().any(|mark| {
        let (from, to) = ends(index, mark);
        from.line == number || to.line == number
    });
    if start < bytes.len() || lines.is_empty() || marked {
        lines.push((number, &text[start..]));
    }
    lines
}

/// Where a mark starts, and where its last character is (its start, when it is empty).
fn ends(index: &LineIndex<'_>, mark: &Mark) -> (Position, Position) {
    let start = index.position(mark.span.start);
    let last = index.text()[mark.span.clone()]
        .char_indices()
        .next_back()
        .map_or(start, |(at, _)| index.position(mark.span.start + at));
    (start, last)
}

/// What is said of `mark` on line `number`, if it is on it.
fn attach(index: &LineIndex<'_>, mark: &Mark, number: usize) -> Option<String> {
    let (start, last) = ends(index, mark);
    Some(match (start.line == number, last.line == number) {
        (true, true) if mark.span.is_empty() => {
            format!("label at line {number}, column {}", start.column)
        }
        (true, true) => format!(
            "label at line {number}, columns {} to {}",
            start.column, last.column
        ),
        (true, false) => format!("label starting at line {number}, column {}", start.column),
        (false, true) => format!("label ending at line {number}, column {}", last.column),
        (false, false) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn narrated(text: &str, marks: &[(Range<usize>, &str)]) -> String {
        let source = FileSource::new("cards.txt", text);
        let marks: Vec<Mark> = marks
            .iter()
            .map(|(span, label)| Mark {
                span: span.clone(),
                label: (*label).to_owned(),
            })
            .collect();
        let mut out = String::new();
        narrate(
            &mut out,
            &Narration {
                message: "a message",
                severity: "warning",
                marks: &marks,
                help: Some("a help"),
                code: "PL101(obsolete-end-of-turn)",
            },
            &source,
        );
        out
    }

    #[test]
    fn says_where_the_label_is_with_a_line_of_context() {
        let text = "Sun’s Vigil\nFlash — it’s sacrificed at end of turn.\nGale Aven\nmore\n";
        let at = text.find("at end").unwrap_or_default();
        assert_eq!(
            narrated(text, &[(at..at + 14, "obsolete-end-of-turn")]),
            "a message\n    Diagnostic severity: warning\n\
             Begin snippet for cards.txt starting at line 1, column 1\n\n\
             snippet line 1: Sun’s Vigil\n\
             snippet line 2: Flash — it’s sacrificed at end of turn.\n    \
             label at line 2, columns 25 to 38: obsolete-end-of-turn\n\
             snippet line 3: Gale Aven\n\
             diagnostic help: a help\ndiagnostic code: PL101(obsolete-end-of-turn)\n"
        );
    }

    #[test]
    fn columns_are_the_file_s_on_a_line_cut_down() {
        let text = format!(
            "x\n{}—’at end of turn{}\n",
            "a".repeat(500),
            "b".repeat(500)
        );
        let at = text.find("at end").unwrap_or_default();
        let out = narrated(&text, &[(at..at + 14, "here")]);
        // 500 letters, then two characters of three bytes each.
        assert!(
            out.contains("    label at line 2, columns 503 to 516: here\n"),
            "{out}"
        );
        // The span in the middle of the room a line has, as much before it as after.
        let cut_column = 503 - (MAX_ROOM - 14) / 2;
        assert!(
            out.contains(&format!(
                "Begin snippet for cards.txt starting at line 2, column {cut_column}"
            )),
            "{out}"
        );
    }

    #[test]
    fn spans_over_lines_empty_spans_and_an_empty_file() {
        let text = "one\ntwo three\nfour\n";
        let out = narrated(text, &[(4..16, "across"), (18..18, "at the end")]);
        assert!(out.contains(
            "snippet line 2: two three\n    label starting at line 2, column 1: across\n"
        ));
        assert!(
            out.contains("snippet line 3: four\n    label ending at line 3, column 2: across\n")
        );
        assert!(
            out.contains("    label at line 3, column 5: at the end\n"),
            "{out}"
        );
        assert_eq!(
            out.matches("Begin snippet").count(),
            1,
            "one merged snippet"
        );
        let empty = narrated("", &[(0..0, "here")]);
        assert!(empty.contains(
            "starting at line 1, column 1\n\nsnippet line 1: \n    label at line 1, column 1: here\n"
        ));
        let end = narrated("ab\n", &[(3..3, "after")]);
        assert!(
            end.contains("snippet line 2: \n    label at line 2, column 1: after\n"),
            "{end}"
        );
    }

    #[test]
    fn far_apart_spans_get_snippets_of_their_own() {
        let text = "a\nb\nc\nd\ne\nf\ng\n";
        let out = narrated(text, &[(12..13, "g"), (0..1, "a")]);
        assert_eq!(out.matches("Begin snippet").count(), 2, "{out}");
        assert!(
            out.find("label at line 1").unwrap_or(usize::MAX)
                < out.find("label at line 7").unwrap_or(0)
        );
    }

    #[test]
    fn control_characters_are_shown_and_counted_as_one_column() {
        let text = "Foo\u{1b}]0;PWNED\u{7} until the end of turn\r\u{9b}x";
        let at = text.find("until").unwrap_or_default();
        let out = narrated(text, &[(at..at + 21, "here")]);
        assert!(
            out.contains("snippet line 1: Foo␛]0;PWNED␇ until the end of turn\n"),
            "{out}"
        );
        assert!(
            out.contains("label at line 1, columns 15 to 35: here"),
            "{out}"
        );
        assert!(out.contains("snippet line 2: \\u{9b}x\n"), "{out}");
        assert!(!out.contains('\u{1b}') && !out.contains('\u{7}') && !out.contains('\r'));
    }
}
