//! The gitlab format: GitLab's Code Quality report (`artifacts: reports: codequality`), a JSON
//! array of issues that merge requests show beside the changed lines. Each issue has the fields
//! GitLab requires: `description`, `check_name` (the rule's code), a `fingerprint` unique in the
//! report (the SARIF one, which survives edits above the card), `severity` in GitLab's words and
//! `location` with its path and lines.

use super::fingerprint::fingerprints;
use super::short;
use crate::check::CheckedFile;
use crate::diagnostic::Severity;
use crate::lines::LineIndex;
use serde::Serialize;
use std::collections::HashSet;

#[derive(Serialize)]
struct Issue<'a> {
    description: String,
    check_name: &'static str,
    fingerprint: String,
    severity: &'static str,
    location: Location<'a>,
}

#[derive(Serialize)]
struct Location<'a> {
    path: &'a str,
    lines: Lines,
}

#[derive(Serialize)]
struct Lines {
    begin: usize,
    end: usize,
}

/// The array, ending with a newline.
pub(super) fn render(files: &[CheckedFile]) -> String {
    let mut issues = Vec::new();
    let mut seen = HashSet::new();
    // Indexing a file costs a pass over it: only files with something to report.
    for file in files.iter().filter(|file| !file.diagnostics.is_empty()) {
        let index = LineIndex::new(&file.source);
        let prints = fingerprints(file, &index);
        for (diagnostic, print) in file.diagnostics.iter().zip(prints) {
            let region = index.region(&diagnostic.span);
            issues.push(Issue {
                description: short::headline(diagnostic),
                check_name: diagnostic.code,
                fingerprint: unique(print, &mut seen),
                // GitLab's scale is info, minor, major, critical, blocker.
                severity: match diagnostic.severity {
                    Severity::Error => "major",
                    Severity::Warning => "minor",
                    Severity::Note => "info",
                },
                location: Location {
                    path: &file.path,
                    lines: Lines {
                        begin: region.start.line,
                        end: region.end.line,
                    },
                },
            });
        }
    }
    let mut out = serde_json::to_string_pretty(&issues).unwrap_or_else(|_| {
        // Plain structs of strings and numbers always serialize; keep the output JSON regardless.
        "[]".to_string()
    });
    out.push('\n');
    super::visible::visible_json(out)
}

/// `print`, or it with a count after it when the report has it already (one file named twice):
/// GitLab takes two issues with one fingerprint for one.
fn unique(print: String, seen: &mut HashSet<String>) -> String {
    let mut candidate = print.clone();
    let mut count = 1;
    while !seen.insert(candidate.clone()) {
        count += 1;
        candidate = format!("{print}-{count}");
    }
    candidate
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixture;
    use serde_json::{Value, json};

    #[test]
    fn an_issue_per_diagnostic_with_gitlab_fields() {
        let out = render(&fixture::files());
        let issues: Value = serde_json::from_str(&out).expect("JSON");
        let issues = issues.as_array().expect("an array");
        assert_eq!(issues.len(), 4);
        let first = &issues[0];
        assert_eq!(
            first["description"],
            "warning[PL101] \"at end of turn\" is the pre-2009 wording (card: Sun’s Vigil)"
        );
        assert_eq!(first["check_name"], "PL101");
        assert_eq!(first["severity"], "minor");
        assert_eq!(
            first["location"],
            json!({"path": "sets/dawn.yaml", "lines": {"begin": 2, "end": 2}})
        );
        let severities: Vec<&Value> = issues.iter().map(|issue| &issue["severity"]).collect();
        assert_eq!(severities, ["minor", "major", "info", "major"]);
    }

    #[test]
    fn a_file_named_twice_keeps_fingerprints_unique() {
        let out = render(&[fixture::dawn(""), fixture::dawn("")]);
        let issues: Value = serde_json::from_str(&out).expect("JSON");
        let prints: HashSet<&str> = issues
            .as_array()
            .expect("an array")
            .iter()
            .map(|issue| issue["fingerprint"].as_str().expect("a string"))
            .collect();
        assert_eq!(prints.len(), 6);
    }

    #[test]
    fn an_empty_run_is_an_empty_array() {
        assert_eq!(render(&[fixture::clean()]), "[]\n");
    }
}
