//! The human format: miette's graphical reports (source snippets, labels, help) on a terminal,
//! and its narratable reports (plain sentences, no box drawing) for logs and screen readers.
//! Each file's text is shared by all its diagnostics through one borrowed [`FileSource`].

use super::HumanStyle;
use super::source::FileSource;
use super::summary::Summary;
use crate::check::CheckedFile;
use crate::diagnostic::{Applicability, Diagnostic, Severity};
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, NarratableReportHandler, SourceCode,
};
use std::fmt;

/// Below this, miette's wrapping leaves no room for text beside its gutters.
const MIN_WIDTH: usize = 40;

/// Every diagnostic of every file, then the summary line.
pub(super) fn render(files: &[CheckedFile], style: &HumanStyle, summary: &Summary) -> String {
    let handler = Handler::new(style);
    let mut out = String::new();
    for file in files.iter().filter(|file| !file.diagnostics.is_empty()) {
        let source = FileSource::new(&file.path, &file.source);
        for diagnostic in &file.diagnostics {
            handler.render(&mut out, Report::new(diagnostic, &source));
            out.push('\n');
        }
    }
    out.push_str(&summary.to_string());
    out.push('\n');
    out
}

/// The miette handler the style asks for.
enum Handler {
    // Boxed: the graphical handler is large, the narratable one tiny.
    Graphical(Box<GraphicalReportHandler>),
    Narratable(NarratableReportHandler),
}

impl Handler {
    fn new(style: &HumanStyle) -> Self {
        if !style.graphical {
            return Handler::Narratable(NarratableReportHandler::new());
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
        let mut buffer = String::new();
        let rendered = match self {
            Handler::Graphical(handler) => {
                // The graphical report marks the severity with an icon only: its header names
                // it, `warning[PL101(obsolete-end-of-turn)]`, as the plain fallback does.
                report.header = format!("{}[{}]", report.diagnostic.severity, report.code);
                handler.render_report(&mut buffer, &report)
            }
            Handler::Narratable(handler) => {
                let rendered = handler.render_report(&mut buffer, &report);
                buffer = note_not_advice(&report, buffer);
                rendered
            }
        };
        match rendered {
            Ok(()) => out.push_str(&buffer),
            Err(fmt::Error) => out.push_str(&report.plain()),
        }
    }
}

/// A narrated report with a note called a note: miette narrates it as "advice", its own lowest
/// severity. Only the header miette writes is replaced, so a message holding those words is left
/// as it is.
fn note_not_advice(report: &Report<'_>, narrated: String) -> String {
    if report.diagnostic.severity != Severity::Note {
        return narrated;
    }
    let header = |severity: &str| format!("{report}\n    Diagnostic severity: {severity}\n");
    match narrated.strip_prefix(&header("advice")) {
        Some(rest) => header(Severity::Note.as_str()) + rest,
        None => narrated,
    }
}

/// One diagnostic as miette sees it: spans clamped onto the file's text, help gathered with the
/// fix and the Comprehensive Rules it rests on.
#[derive(Debug, Clone)]
struct Report<'a> {
    diagnostic: &'a Diagnostic,
    /// `PL101(obsolete-end-of-turn)`: the code to search for, the name to read.
    code: String,
    /// What miette writes as the code: `code`, or with the severity before it.
    header: String,
    help: Option<String>,
    source: &'a FileSource<'a>,
    labels: Vec<LabeledSpan>,
}

impl<'a> Report<'a> {
    fn new(diagnostic: &'a Diagnostic, source: &'a FileSource<'a>) -> Self {
        let index = source.index();
        // The rule's name under the primary span: the header already says the message.
        let primary = LabeledSpan::new_primary_with_span(
            Some(diagnostic.name.to_owned()),
            index.clamp_span(&diagnostic.span),
        );
        let secondary = diagnostic.labels.iter().map(|label| {
            LabeledSpan::new_with_span(Some(label.message.clone()), index.clamp_span(&label.span))
        });
        let code = format!("{}({})", diagnostic.code, diagnostic.name);
        Report {
            diagnostic,
            header: code.clone(),
            code,
            help: help(diagnostic),
            source,
            labels: std::iter::once(primary).chain(secondary).collect(),
        }
    }

    /// `error[PL000(unreadable-file)]: broken.json:1:1: message`, and a newline.
    fn plain(&self) -> String {
        let start = self.source.index().position(self.diagnostic.span.start);
        format!(
            "{}[{}]: {}:{}:{}: {}\n",
            self.diagnostic.severity,
            self.code,
            self.source.name(),
            start.line,
            start.column,
            self.diagnostic.message
        )
    }
}

/// The help text, then `fix: …` and the CR rules, one to a line.
fn help(diagnostic: &Diagnostic) -> Option<String> {
    let mut lines = Vec::new();
    if let Some(help) = &diagnostic.help {
        lines.push(help.clone());
    }
    if let Some(fix) = &diagnostic.fix {
        let caution = match fix.applicability {
            Applicability::Safe => "",
            Applicability::Unsafe => " (unsafe)",
            Applicability::DisplayOnly => " (display only)",
        };
        lines.push(format!("fix: {}{caution}", fix.message));
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

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic.message)
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
        Some(self.source as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(self.labels.iter().cloned()))
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
        file.source = Arc::new(source.to_string());
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
        // The unreadable, empty file is reported under its name.
        assert!(out.contains(
            "error[PL000(unreadable-file)]\n\n  × the file is not UTF-8: invalid byte at offset 0\n   \
             ╭─[broken.json:1:1]\n"
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
        let report = Report::new(&dawn.diagnostics[1], &source);
        assert_eq!(
            report.plain(),
            "error[PL201(restriction-after-combat)]: sets/dawn.yaml:4:47: \"can’t block this \
             turn\" begins after the turn's last combat\n"
        );
    }
}
