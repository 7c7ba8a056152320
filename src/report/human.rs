//! The human format: miette's graphical reports (source snippets, labels, help) on a terminal,
//! and narratable reports (plain sentences, no box drawing) for logs and screen readers.
//! Each file's text is shared by all its diagnostics through one borrowed [`FileSource`]. Every
//! text from the file (the snippet, the path, messages and labels that quote card text) is made
//! visible first: no control character of a card file reaches the terminal.

use super::narrate::{Mark, Narration, narrate};
use super::source::{FileSource, MAX_ROOM, Snippet};
use super::summary::Summary;
use super::visible::visible;
use crate::check::CheckedFile;
use crate::diagnostic::{Applicability, Diagnostic, Severity};
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, SourceCode};
use std::fmt;
use std::ops::Range;

/// Below this, miette's wrapping leaves no room for text beside its gutters.
const MIN_WIDTH: usize = 40;

/// The columns of a graphical snippet's gutter (` 12345 │ `), left out of the room a line of the
/// file has.
const GUTTER: usize = 9;

/// How the human format is drawn. The CLI decides: `graphical` unless narration is asked for,
/// `color` on a terminal when `NO_COLOR` is unset, `width` with [`wrap_width`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HumanStyle {
    /// Snippets drawn with box characters; otherwise miette's narratable plain text.
    pub graphical: bool,
    /// Colours in the graphical drawing.
    pub color: bool,
    /// Columns to wrap at; widths below 40 are taken as 40. A graphical snippet's lines are cut
    /// to it around their spans.
    pub width: usize,
}

impl HumanStyle {
    /// The columns of a file's line a snippet shows: what the width leaves beside the gutter.
    fn room(&self) -> usize {
        if self.graphical {
            (self.width.max(MIN_WIDTH) - GUTTER).min(MAX_ROOM)
        } else {
            MAX_ROOM
        }
    }
}

/// The width of the human report when neither `COLUMNS` nor a terminal gives one.
pub const DEFAULT_WIDTH: usize = 100;

/// The columns to wrap the human report at: `COLUMNS` when it holds a positive whole number (the
/// user's word, as `ls` and Python's `shutil` take it), else the width of the terminal stdout is
/// (`terminal`), else [`DEFAULT_WIDTH`].
pub fn wrap_width(columns: Option<&str>, terminal: Option<usize>) -> usize {
    columns
        .and_then(|columns| columns.trim().parse::<usize>().ok())
        .into_iter()
        .chain(terminal)
        .find(|&width| width > 0)
        .unwrap_or(DEFAULT_WIDTH)
}

/// Every diagnostic of every file, then the summary line.
pub(super) fn render(files: &[CheckedFile], style: &HumanStyle, summary: &Summary) -> String {
    let handler = Handler::new(style);
    let mut out = String::new();
    for file in files.iter().filter(|file| !file.diagnostics.is_empty()) {
        let source = FileSource::new(&file.path, &file.source);
        for diagnostic in &file.diagnostics {
            handler.render(&mut out, Report::new(diagnostic, &source, style.room()));
            out.push('\n');
        }
    }
    out.push_str(&summary.to_string());
    out.push('\n');
    out
}

/// How the style asks for a report to be drawn.
enum Handler {
    // Boxed: the graphical handler is large.
    Graphical(Box<GraphicalReportHandler>),
    Narratable,
}

impl Handler {
    fn new(style: &HumanStyle) -> Self {
        if !style.graphical {
            return Handler::Narratable;
        }
        let theme = if style.color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        Handler::Graphical(Box::new(
            GraphicalReportHandler::new_themed(theme)
                .with_links(false)
                .with_width(style.width.max(MIN_WIDTH)),
        ))
    }

    /// Renders `report` onto `out`. miette gives up with `fmt::Error` on a span it cannot read;
    /// [`FileSource`] clamps every span so that should not happen, but if it does the diagnostic
    /// is still reported, as one plain line.
    fn render(&self, out: &mut String, mut report: Report<'_>) {
        let Handler::Graphical(handler) = self else {
            let narration = Narration {
                message: &report.message,
                severity: report.diagnostic.severity.as_str(),
                marks: &report.marks,
                help: report.help.as_deref(),
                code: &report.code,
            };
            narrate(out, &narration, report.source);
            return;
        };
        // The graphical report marks the severity with an icon only: its header names it,
        // `warning[PL101(obsolete-end-of-turn)]`, as the plain fallback does.
        report.header = format!("{}[{}]", report.diagnostic.severity, report.code);
        let mut buffer = String::new();
        match handler.render_report(&mut buffer, &report) {
            Ok(()) => out.push_str(&buffer),
            Err(fmt::Error) => out.push_str(&report.plain()),
        }
    }
}

/// One diagnostic as the human format shows it: spans clamped onto the file's text (and cut to
/// what a snippet shows), help gathered with the fix and the Comprehensive Rules it rests on,
/// every text made visible.
struct Report<'a> {
    diagnostic: &'a Diagnostic,
    message: String,
    /// `PL101(obsolete-end-of-turn)`: the code to search for, the name to read.
    code: String,
    /// What miette writes as the code: `code`, or with the severity before it.
    header: String,
    help: Option<String>,
    source: &'a FileSource<'a>,
    /// What miette may read of the file: the windows around `marks`, made visible.
    snippet: Snippet<'a>,
    /// The primary span (labelled with the rule's name: the header already says the message),
    /// then the secondary ones.
    marks: Vec<Mark>,
}

impl<'a> Report<'a> {
    /// `room`: the characters of a line the snippet shows.
    fn new(diagnostic: &'a Diagnostic, source: &'a FileSource<'a>, room: usize) -> Self {
        let primary = (&diagnostic.span, diagnostic.name);
        let secondary = diagnostic
            .labels
            .iter()
            .map(|label| (&label.span, label.message.as_str()));
        // An empty file (or a directory) has no words to show: its path goes in the message.
        let has_text = !source.index().text().is_empty();
        let marks: Vec<Mark> = std::iter::once(primary)
            .chain(secondary)
            .filter(|_| has_text)
            .map(|(span, label)| mark(source, span, label, room))
            .collect();
        let message = visible(&diagnostic.message);
        let message = if has_text {
            message.into_owned()
        } else {
            format!("{}: {message}", visible(source.name()))
        };
        let spans: Vec<Range<usize>> = marks.iter().map(|mark| mark.span.clone()).collect();
        let code = format!("{}({})", diagnostic.code, diagnostic.name);
        Report {
            diagnostic,
            message,
            header: code.clone(),
            code,
            help: help(diagnostic),
            source,
            // miette's graphical reports show a line of context either side.
            snippet: source.snippet(&spans, 1, room),
            marks,
        }
    }

    /// `error[PL000(unreadable-file)]: broken.json:1:1: message`, and a newline.
    fn plain(&self) -> String {
        let start = self.source.index().position(self.diagnostic.span.start);
        format!(
            "{}[{}]: {}:{}:{}: {}\n",
            self.diagnostic.severity,
            self.code,
            visible(self.source.name()),
            start.line,
            start.column,
            self.message
        )
    }
}

/// A span and its label as a snippet shows them: clamped onto the text, and a span of more than
/// `room` characters (a whole line given up on, which can be megabytes) cut to its start, its
/// label saying where it ends.
fn mark(source: &FileSource<'_>, span: &Range<usize>, label: &str, room: usize) -> Mark {
    let index = source.index();
    let span = index.clamp_span(span);
    let mut label = visible(label).into_owned();
    let text = index.text();
    let shown_end = span.start
        + text[span.clone()]
            .chars()
            .take(room)
            .map(char::len_utf8)
            .sum::<usize>();
    if shown_end == span.end {
        return Mark { span, label };
    }
    let end = index.position(span.end);
    label.push_str(&format!(" (to line {}, column {})", end.line, end.column));
    Mark {
        span: span.start..shown_end,
        label,
    }
}

/// The help text, then `fix: …` and the CR rules, one to a line; each made visible.
fn help(diagnostic: &Diagnostic) -> Option<String> {
    let mut lines = Vec::new();
    if let Some(help) = &diagnostic.help {
        lines.push(visible(help).into_owned());
    }
    if let Some(fix) = &diagnostic.fix {
        let caution = match fix.applicability {
            Applicability::Safe => "",
            Applicability::Unsafe => " (unsafe)",
            Applicability::DisplayOnly => " (display only)",
        };
        lines.push(format!("fix: {}{caution}", visible(&fix.message)));
    }
    if !diagnostic.cr.is_empty() {
        let rules: Vec<String> = diagnostic.cr.iter().map(|rule| cite(rule)).collect();
        lines.push(format!("see {}", rules.join(", ")));
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// `CR 513.1a`, whether or not the rule already carries the prefix.
fn cite(rule: &str) -> String {
    if rule.starts_with("CR ") {
        rule.to_owned()
    } else {
        format!("CR {rule}")
    }
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Report")
            .field("code", &self.code)
            .field("message", &self.message)
            .finish_non_exhaustive()
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report<'_> {}

impl miette::Diagnostic for Report<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(&self.header))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.help
            .as_ref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display + 'b>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.snippet as &dyn SourceCode)
    }

    /// The spans in the text made visible, which is what the source gives miette.
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.marks.is_empty() {
            return None;
        }
        Some(Box::new(self.marks.iter().enumerate().map(|(at, mark)| {
            let span = self.source.shown_span(&mark.span);
            let label = Some(mark.label.clone());
            if at == 0 {
                LabeledSpan::new_primary_with_span(label, span)
            } else {
                LabeledSpan::new_with_span(label, span)
            }
        })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{Edit, Fix, Label};
    use crate::report::fixture;
    use std::ops::Range;
    use std::sync::Arc;

    /// The report with the summary of `files`, as the CLI counts it when every file is fixable.
    fn render(files: &[CheckedFile], style: &HumanStyle) -> String {
        super::render(files, style, &Summary::of(files))
    }

    fn style(graphical: bool, color: bool) -> HumanStyle {
        HumanStyle {
            graphical,
            color,
            width: 80,
        }
    }

    /// A file whose one diagnostic has `span` and a label on each of `labels`.
    fn file(source: &str, span: Range<usize>, labels: &[Range<usize>]) -> CheckedFile {
        let mut file = fixture::broken();
        file.source = Arc::new(source.to_string().into());
        file.failed = false;
        let diagnostic = &mut file.diagnostics[0];
        diagnostic.span = span;
        diagnostic.labels = labels
            .iter()
            .map(|span| Label {
                span: span.clone(),
                message: "also here".to_owned(),
            })
            .collect();
        file
    }

    #[test]
    fn graphical_report_of_a_warning_with_an_unsafe_fix() {
        let mut dawn = fixture::dawn("");
        dawn.diagnostics.truncate(1);
        assert_eq!(
            render(&[dawn], &style(true, false)),
            "\
warning[PL101(obsolete-end-of-turn)]

  ⚠ \"at end of turn\" is the pre-2009 wording
   ╭─[sets/dawn.yaml:2:33]
 1 │ - name: Sun’s Vigil
 2 │   text: Flash — it’s sacrificed at end of turn.
   ·                                 ───────┬──────
   ·                                        ╰── obsolete-end-of-turn
 3 │ - name: Gale Aven
   ╰────
  help: since Magic 2010 this trigger reads \"at the beginning of the end step\"
        fix: replace with \"at the beginning of the next end step\" (unsafe)
        see CR 513.1a

found 1 warning in 1 file (2 cards)
1 fixable with --fix --unsafe-fixes
"
        );
    }

    #[test]
    fn graphical_report_of_every_file() {
        let out = render(&fixture::files(), &style(true, false));
        // Secondary labels, a note under its name, a safe fix without a caution.
        assert!(out.contains("╰── resolves in the end step"));
        assert!(out.contains("  × \"can’t block this turn\""));
        assert!(out.contains("  see CR 513.1, CR 506.1\n"));
        assert!(
            out.contains(
                "note[PL301(straight-apostrophe)]\n\n  ☞ straight apostrophe in card text"
            )
        );
        assert!(out.contains("  help: fix: replace with \"’\"\n"));
        // The unreadable, empty file is reported under its name, with no empty snippet.
        assert!(out.contains(
            "error[PL000(unreadable-file)]\n\n  × broken.json: the file is not UTF-8: invalid byte \
             at offset 0\n\n"
        ));
        assert!(out.ends_with(
            "\nfound 2 errors, 1 warning, 1 note in 3 files (5 cards)\n\
             1 fixable with --fix (1 more with --fix --unsafe-fixes)\n"
        ));
        assert!(!out.contains('\u{1b}'), "no colour without `color`");
        assert!(!out.contains("clean.txt"));
    }

    #[test]
    fn color_only_when_asked() {
        let out = render(&fixture::files(), &style(true, true));
        assert!(out.contains('\u{1b}'));
        assert!(out.contains("sets/dawn.yaml:2:33"));
    }

    #[test]
    fn narrated_without_a_terminal() {
        let out = render(&fixture::files(), &style(false, true));
        assert!(out.starts_with(
            "\"at end of turn\" is the pre-2009 wording\n    Diagnostic severity: warning\n"
        ));
        assert!(out.contains("    label at line 2, columns 33 to 46: obsolete-end-of-turn\n"));
        assert!(out.contains("    label at line 4, columns 9 to 41: resolves in the end step\n"));
        assert!(out.contains("straight apostrophe in card text\n    Diagnostic severity: note\n"));
        assert!(out.contains("diagnostic code: PL000(unreadable-file)\n"));
        assert!(out.ends_with(
            "\nfound 2 errors, 1 warning, 1 note in 3 files (5 cards)\n\
             1 fixable with --fix (1 more with --fix --unsafe-fixes)\n"
        ));
        assert!(!out.contains('│') && !out.contains('\u{1b}'));
    }

    #[test]
    fn a_clean_run_is_only_the_summary() {
        let out = render(&[fixture::clean()], &style(true, false));
        assert_eq!(out, "no problems found in 1 file (3 cards)\n");
    }

    /// A span as (start, end), which may be backwards.
    type Bytes = (usize, usize);

    #[test]
    fn awkward_spans_neither_panic_nor_lose_the_diagnostic() {
        // (source, span, labels), spans as (start, end): some backwards, some past the end.
        let cases: &[(&str, Bytes, &[Bytes])] = &[
            ("", (0, 0), &[]),
            ("", (0, 5), &[(0, 0), (3, 9)]),
            ("abc", (3, 3), &[]),
            ("abc\n", (4, 4), &[]),
            ("abc\n", (3, 4), &[]),
            ("abc\ndef", (1, 6), &[]),
            ("abc\ndef\n", (0, 8), &[(0, 1)]),
            ("ab\r\ncd\r\n", (4, 6), &[(0, 2), (2, 4)]),
            ("ab\rcd", (3, 5), &[]),
            ("a—b", (2, 3), &[]),
            ("a—b", (1, 99), &[(50, 60)]),
            ("abc", (5, 1), &[(1, 1)]),
            ("abc def", (1, 2), &[(1, 2), (0, 7)]),
            ("\n\n\n", (1, 1), &[(2, 3)]),
            ("x", (0, 1), &[(0, 1), (0, 1)]),
        ];
        for &(source, (start, end), labels) in cases {
            let labels: Vec<Range<usize>> = labels.iter().map(|&(start, end)| start..end).collect();
            let files = [file(source, start..end, &labels)];
            for graphical in [true, false] {
                let out = render(&files, &style(graphical, false));
                assert!(
                    out.contains("the file is not UTF-8") && out.contains("1 error"),
                    "{source:?} {start}..{end}: {out}"
                );
            }
        }
    }

    #[test]
    fn a_huge_line_is_shown_around_the_span_only() {
        let text = format!(
            "[{}at end of turn{}]",
            "—x".repeat(100_000),
            "y".repeat(100_000)
        );
        let start = text.find("at end").unwrap_or_default();
        let files = [file(&text, start..start + 14, &[])];
        let out = render(&files, &style(true, false));
        assert!(out.len() < 4_000, "{} bytes", out.len());
        assert!(out.contains("[broken.json:1:200002]"));
        assert!(out.contains("at end of turn"));
    }

    #[test]
    fn a_huge_span_is_shown_from_its_start_and_says_where_it_ends() {
        let text = format!("X\nInstant\n{}\n", "until ".repeat(200_000));
        let span = text.find("until").unwrap_or_default()..text.len() - 1;
        let files = [file(&text, span, &[])];
        for graphical in [true, false] {
            let out = render(&files, &style(graphical, false));
            assert!(out.len() < 4_000, "{} bytes", out.len());
            assert!(out.contains("(to line 3, column 1200001)"), "{out}");
        }
        let narrated = render(&files, &style(false, false));
        assert!(
            narrated.contains(
                "label at line 3, columns 1 to 480: unreadable-file (to line 3, column 1200001)"
            ),
            "{narrated}"
        );
    }

    #[test]
    fn help_gathers_the_fix_and_the_rules() {
        let mut diagnostic = fixture::broken().diagnostics.remove(0);
        assert_eq!(help(&diagnostic), None);
        diagnostic.cr = vec!["514.3a", "CR 500.7"];
        assert_eq!(
            help(&diagnostic).as_deref(),
            Some("see CR 514.3a, CR 500.7")
        );
        diagnostic.fix = Some(Fix {
            applicability: Applicability::DisplayOnly,
            message: "say which end step".to_owned(),
            edits: vec![Edit {
                start: 0,
                end: 0,
                replacement: String::new(),
            }],
        });
        assert_eq!(
            help(&diagnostic).as_deref(),
            Some("fix: say which end step (display only)\nsee CR 514.3a, CR 500.7")
        );
    }

    #[test]
    fn the_plain_fallback_names_the_place() {
        let dawn = fixture::dawn("");
        let source = FileSource::new(&dawn.path, &dawn.source);
        let report = Report::new(&dawn.diagnostics[1], &source, MAX_ROOM);
        assert_eq!(
            report.plain(),
            "error[PL201(restriction-after-combat)]: sets/dawn.yaml:4:47: \"can’t block this \
             turn\" begins after the turn's last combat\n"
        );
    }

    #[test]
    fn columns_wins_over_the_terminal_when_it_is_a_positive_number() {
        assert_eq!(wrap_width(Some("72"), Some(180)), 72);
        assert_eq!(wrap_width(Some(" 72\n"), None), 72);
        assert_eq!(wrap_width(Some("300"), None), 300);
        // Not a usable number: the terminal's width, or the default.
        for columns in [
            "",
            "0",
            "-80",
            "80x",
            "eighty",
            "1e3",
            "99999999999999999999999",
        ] {
            assert_eq!(wrap_width(Some(columns), Some(132)), 132, "{columns:?}");
            assert_eq!(
                wrap_width(Some(columns), None),
                DEFAULT_WIDTH,
                "{columns:?}"
            );
        }
        assert_eq!(wrap_width(None, Some(132)), 132);
        assert_eq!(wrap_width(None, Some(0)), DEFAULT_WIDTH);
        assert_eq!(wrap_width(None, None), DEFAULT_WIDTH);
    }
}
