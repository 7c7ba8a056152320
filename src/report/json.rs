//! The json format: one pretty-printed document holding every diagnostic with its place in both
//! bytes (`span`, for tools that edit the file) and characters (`line`/`column`, for people), and
//! the run's summary.

use super::summary::Summary;
use crate::check::CheckedFile;
use crate::diagnostic::{Fix, Severity};
use crate::lines::LineIndex;
use serde::Serialize;

#[derive(Serialize)]
struct Document<'a> {
    diagnostics: Vec<JsonDiagnostic<'a>>,
    summary: Summary,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    file: &'a str,
    line: usize,
    column: usize,
    /// The place just after the span: an exclusive end, as `span.end`.
    end_line: usize,
    end_column: usize,
    span: ByteSpan,
    code: &'a str,
    name: &'a str,
    severity: Severity,
    message: &'a str,
    help: Option<&'a str>,
    card: Option<&'a str>,
    cr: &'a [&'static str],
    fix: Option<&'a Fix>,
}

/// Byte offsets in the file, as the diagnostic and its fix edits count them.
#[derive(Serialize)]
struct ByteSpan {
    start: usize,
    end: usize,
}

/// The document, ending with a newline.
pub(super) fn render(files: &[CheckedFile], summary: &Summary) -> String {
    let mut diagnostics = Vec::new();
    // Indexing a file costs a pass over it: only files with something to report.
    for file in files.iter().filter(|file| !file.diagnostics.is_empty()) {
        let index = LineIndex::new(&file.source);
        for diagnostic in &file.diagnostics {
            let region = index.region(&diagnostic.span);
            diagnostics.push(JsonDiagnostic {
                file: &file.path,
                line: region.start.line,
                column: region.start.column,
                end_line: region.end.line,
                end_column: region.end.column,
                span: ByteSpan {
                    start: diagnostic.span.start,
                    end: diagnostic.span.end,
                },
                code: diagnostic.code,
                name: diagnostic.name,
                severity: diagnostic.severity,
                message: &diagnostic.message,
                help: diagnostic.help.as_deref(),
                card: diagnostic.card.as_deref(),
                cr: &diagnostic.cr,
                fix: diagnostic.fix.as_ref(),
            });
        }
    }
    let document = Document {
        diagnostics,
        summary: *summary,
    };
    let mut out = serde_json::to_string_pretty(&document).unwrap_or_else(|error| {
        // Plain structs of strings and numbers always serialize; keep the output JSON regardless.
        serde_json::json!({ "error": error.to_string() }).to_string()
    });
    out.push('\n');
    super::visible::visible_json(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixture;
    use serde_json::{Value, json};

    fn render(files: &[CheckedFile]) -> String {
        super::render(files, &Summary::of(files))
    }

    fn parsed() -> Value {
        serde_json::from_str(&render(&fixture::files())).expect("the json format is JSON")
    }

    /// Keys as a sorted list: serde_json's map sorts them unless `preserve_order` is on.
    fn keys(value: &Value) -> Vec<&str> {
        let mut keys: Vec<&str> = value
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        keys
    }

    #[test]
    fn every_diagnostic_has_exactly_the_documented_fields() {
        let document = parsed();
        assert_eq!(keys(&document), ["diagnostics", "summary"]);
        let diagnostics = document["diagnostics"].as_array().expect("an array");
        assert_eq!(diagnostics.len(), 4);
        for diagnostic in diagnostics {
            assert_eq!(
                keys(diagnostic),
                [
                    "card",
                    "code",
                    "column",
                    "cr",
                    "end_column",
                    "end_line",
                    "file",
                    "fix",
                    "help",
                    "line",
                    "message",
                    "name",
                    "severity",
                    "span"
                ]
            );
        }
    }

    #[test]
    fn a_diagnostic_with_an_unsafe_fix_after_multi_byte_characters() {
        let source = fixture::DAWN;
        let span = fixture::span(source, "at end of turn");
        assert_eq!(
            parsed()["diagnostics"][0],
            json!({
                "file": "sets/dawn.yaml",
                "line": 2,
                "column": 33,
                "end_line": 2,
                "end_column": 47,
                "span": { "start": span.start, "end": span.end },
                "code": "PL101",
                "name": "obsolete-end-of-turn",
                "severity": "warning",
                "message": "\"at end of turn\" is the pre-2009 wording",
                "help": "since Magic 2010 this trigger reads \"at the beginning of the end step\"",
                "card": "Sun’s Vigil",
                "cr": ["513.1a"],
                "fix": {
                    "applicability": "unsafe",
                    "message": "replace with \"at the beginning of the next end step\"",
                    "edits": [{
                        "start": span.start,
                        "end": span.end,
                        "replacement": "at the beginning of the next end step"
                    }]
                }
            })
        );
        // The byte column would be 37: `—` and `’` are three bytes each.
        assert_eq!(span.start - source.find("  text").unwrap_or_default(), 36);
    }

    #[test]
    fn nulls_for_what_a_diagnostic_lacks_and_the_summary() {
        let document = parsed();
        let unreadable = &document["diagnostics"][3];
        assert_eq!(unreadable["file"], "broken.json");
        assert_eq!(
            (unreadable["line"].clone(), unreadable["end_column"].clone()),
            (json!(1), json!(1))
        );
        assert!(unreadable["help"].is_null());
        assert!(unreadable["card"].is_null());
        assert!(unreadable["fix"].is_null());
        assert_eq!(unreadable["cr"], json!([]));
        assert_eq!(document["diagnostics"][2]["fix"]["applicability"], "safe");
        assert_eq!(
            document["summary"],
            json!({
                "files": 3, "cards": 5, "errors": 2, "warnings": 1, "notes": 1,
                "fixable": 1, "unsafe_fixable": 1
            })
        );
    }

    #[test]
    fn an_empty_run_is_still_a_document() {
        let document: Value = serde_json::from_str(&render(&[])).expect("JSON");
        assert_eq!(document["diagnostics"], json!([]));
        assert_eq!(document["summary"]["files"], 0);
    }
}
