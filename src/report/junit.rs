//! The junit format: JUnit XML, the test report that GitLab, Jenkins, Azure Pipelines, CircleCI
//! and most CI systems show. A `<testsuite>` for each file checked; a failing `<testcase>` for
//! each finding, or one passing `<testcase>` for a file with none, so that a clean file counts as
//! a passed test.

use super::short;
use super::xml;
use crate::check::CheckedFile;
use crate::lines::LineIndex;
use std::fmt::{self, Write};

/// The name of a clean file's one test case.
const CLEAN: &str = "no problems";

pub(super) fn render(files: &[CheckedFile]) -> String {
    xml::written(|out| write(out, files))
}

fn write(out: &mut String, files: &[CheckedFile]) -> fmt::Result {
    let failures: usize = files.iter().map(|file| file.diagnostics.len()).sum();
    let tests: usize = files.iter().map(|file| file.diagnostics.len().max(1)).sum();
    out.push_str(xml::DECLARATION);
    writeln!(
        out,
        "<testsuites name=\"phaselint\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\">"
    )?;
    for file in files {
        let path = xml::attribute(&file.path);
        let failures = file.diagnostics.len();
        writeln!(
            out,
            "  <testsuite name=\"{path}\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"0\">",
            failures.max(1)
        )?;
        if file.diagnostics.is_empty() {
            writeln!(
                out,
                "    <testcase name=\"{CLEAN}\" classname=\"{path}\" file=\"{path}\"/>"
            )?;
        } else {
            // Indexing a file costs a pass over it: only files with something to report.
            let index = LineIndex::new(&file.source);
            for diagnostic in &file.diagnostics {
                let start = index.position(diagnostic.span.start);
                // The place in the name: CI systems tell test cases apart by class and name.
                writeln!(
                    out,
                    "    <testcase name=\"{}:{} {} {}\" classname=\"{path}\" file=\"{path}\" line=\"{}\">",
                    start.line, start.column, diagnostic.code, diagnostic.name, start.line
                )?;
                let headline = short::headline(diagnostic);
                let mut body = format!("{}:{}:{}: {headline}", file.path, start.line, start.column);
                if let Some(help) = &diagnostic.help {
                    body.push_str("\nhelp: ");
                    body.push_str(help);
                }
                writeln!(
                    out,
                    "      <failure message=\"{}\" type=\"{}\">{}</failure>",
                    xml::attribute(&headline),
                    diagnostic.code,
                    xml::text(&body)
                )?;
                writeln!(out, "    </testcase>")?;
            }
        }
        writeln!(out, "  </testsuite>")?;
    }
    writeln!(out, "</testsuites>")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixture;

    #[test]
    fn a_failing_case_per_diagnostic_and_a_passing_one_per_clean_file() {
        let out = render(&[fixture::broken(), fixture::clean()]);
        assert_eq!(
            out,
            "\
<?xml version=\"1.0\" encoding=\"UTF-8\"?>
<testsuites name=\"phaselint\" tests=\"2\" failures=\"1\" errors=\"0\">
  <testsuite name=\"broken.json\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\">
    <testcase name=\"1:1 PL000 unreadable-file\" classname=\"broken.json\" file=\"broken.json\" line=\"1\">
      <failure message=\"error[PL000] the file is not UTF-8: invalid byte at offset 0\" type=\"PL000\">broken.json:1:1: error[PL000] the file is not UTF-8: invalid byte at offset 0</failure>
    </testcase>
  </testsuite>
  <testsuite name=\"clean.txt\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">
    <testcase name=\"no problems\" classname=\"clean.txt\" file=\"clean.txt\"/>
  </testsuite>
</testsuites>
"
        );
    }

    #[test]
    fn the_help_follows_in_the_failure_text() {
        let out = render(&[fixture::dawn("")]);
        assert!(
            out.contains("<failure message=\"error[PL201] &quot;can’t block this turn&quot; begins after the turn&apos;s last combat (card: Gale Aven)\" type=\"PL201\">sets/dawn.yaml:4:47: error[PL201] &quot;can’t block this turn&quot; begins after the turn&apos;s last combat (card: Gale Aven)\nhelp: restrict blocking &quot;until your next turn&quot; instead</failure>"),
            "{out}"
        );
    }
}
