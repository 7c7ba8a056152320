//! The checkstyle format: Checkstyle's XML report, which Jenkins (warnings-ng), SonarQube,
//! reviewdog and most CI systems read. A `<file>` for each file with findings, an `<error>` for
//! each finding, its `source` the rule's code.

use super::short;
use super::xml;
use crate::check::CheckedFile;
use crate::diagnostic::Severity;
use crate::lines::LineIndex;
use std::fmt::{self, Write};

/// The version of Checkstyle's report that the attributes follow.
const VERSION: &str = "4.3";

pub(super) fn render(files: &[CheckedFile]) -> String {
    xml::written(|out| write(out, files))
}

fn write(out: &mut String, files: &[CheckedFile]) -> fmt::Result {
    out.push_str(xml::DECLARATION);
    writeln!(out, "<checkstyle version=\"{VERSION}\">")?;
    // Indexing a file costs a pass over it: only files with something to report.
    for file in files.iter().filter(|file| !file.diagnostics.is_empty()) {
        writeln!(out, "  <file name=\"{}\">", xml::attribute(&file.path))?;
        let index = LineIndex::new(&file.source);
        for diagnostic in &file.diagnostics {
            let start = index.position(diagnostic.span.start);
            // Checkstyle's own levels: a note is its `info`.
            let severity = match diagnostic.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "info",
            };
            writeln!(
                out,
                "    <error line=\"{}\" column=\"{}\" severity=\"{severity}\" message=\"{}\" source=\"phaselint.{}\"/>",
                start.line,
                start.column,
                xml::attribute(&short::headline(diagnostic)),
                diagnostic.code,
            )?;
        }
        writeln!(out, "  </file>")?;
    }
    writeln!(out, "</checkstyle>")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixture;

    #[test]
    fn an_error_element_per_diagnostic() {
        assert_eq!(
            render(&[fixture::dawn(""), fixture::clean(), fixture::broken()]),
            "\
<?xml version=\"1.0\" encoding=\"UTF-8\"?>
<checkstyle version=\"4.3\">
  <file name=\"sets/dawn.yaml\">
    <error line=\"2\" column=\"33\" severity=\"warning\" message=\"warning[PL101] &quot;at end of turn&quot; is the pre-2009 wording (card: Sun’s Vigil)\" source=\"phaselint.PL101\"/>
    <error line=\"4\" column=\"47\" severity=\"error\" message=\"error[PL201] &quot;can’t block this turn&quot; begins after the turn&apos;s last combat (card: Gale Aven)\" source=\"phaselint.PL201\"/>
    <error line=\"5\" column=\"15\" severity=\"info\" message=\"note[PL301] straight apostrophe in card text (card: Gale Aven)\" source=\"phaselint.PL301\"/>
  </file>
  <file name=\"broken.json\">
    <error line=\"1\" column=\"1\" severity=\"error\" message=\"error[PL000] the file is not UTF-8: invalid byte at offset 0\" source=\"phaselint.PL000\"/>
  </file>
</checkstyle>
"
        );
    }

    #[test]
    fn an_empty_run_is_still_a_document() {
        assert_eq!(
            render(&[fixture::clean()]),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n</checkstyle>\n"
        );
    }
}
