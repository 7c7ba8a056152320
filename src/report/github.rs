//! The github format: workflow commands that GitHub Actions turns into annotations on the lines
//! of a pull request. Only commands are written, so nothing else lands in the log as noise.

use super::visible::visible_lines;
use crate::check::CheckedFile;
use crate::diagnostic::{Applicability, Diagnostic, Severity};
use crate::lines::LineIndex;
use std::fmt::{self, Write};

/// `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=error[CODE] name::message` per
/// diagnostic, the help and the fix after the message.
pub(super) fn render(files: &[CheckedFile]) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = write(&mut out, files);
    out
}

fn write(out: &mut String, files: &[CheckedFile]) -> fmt::Result {
    // Indexing a file costs a pass over it: only files with something to report.
    for file in files.iter().filter(|file| !file.diagnostics.is_empty()) {
        let index = LineIndex::new(&file.source);
        for diagnostic in &file.diagnostics {
            let region = index.region(&diagnostic.span);
            // GitHub's own words; the title says phaselint's, as every other format does (GitHub
            // shows a note as a "notice" and an error as a "failure").
            let command = match diagnostic.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "notice",
            };
            writeln!(
                out,
                "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}",
                escape_property(&visible_lines(&file.path)),
                region.start.line,
                region.start.column,
                region.end.line,
                region.end.column,
                escape_property(&format!(
                    "{}[{}] {}",
                    diagnostic.severity, diagnostic.code, diagnostic.name
                )),
                escape_data(&annotation(diagnostic)),
            )?;
        }
    }
    Ok(())
}

/// What the annotation says: the message, then the help and the fix on lines of their own, as
/// the human report gives them. Each is made visible (its line breaks kept, which the command
/// escapes): the log shows what the file holds, and a control character in it does nothing.
fn annotation(diagnostic: &Diagnostic) -> String {
    let mut text = visible_lines(&diagnostic.message).into_owned();
    if let Some(help) = &diagnostic.help {
        text.push_str("\nhelp: ");
        text.push_str(&visible_lines(help));
    }
    if let Some(fix) = &diagnostic.fix {
        let kind = match fix.applicability {
            Applicability::Safe => "fix",
            Applicability::Unsafe => "unsafe fix (--unsafe-fixes)",
            Applicability::DisplayOnly => "suggestion",
        };
        text.push_str(&format!("\n{kind}: {}", visible_lines(&fix.message)));
    }
    text
}

/// The message after `::`: GitHub decodes `%25`, `%0D` and `%0A`.
fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A `key=value` property: as data, and `:` and `,` would end the value.
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixture;

    #[test]
    fn one_command_per_diagnostic() {
        assert_eq!(
            render(&fixture::files()),
            "\
::warning file=sets/dawn.yaml,line=2,col=33,endLine=2,endColumn=47,title=warning[PL101] obsolete-end-of-turn::\"at end of turn\" is the pre-2009 wording%0Ahelp: since Magic 2010 this trigger reads \"at the beginning of the end step\"%0Aunsafe fix (--unsafe-fixes): replace with \"at the beginning of the next end step\"
::error file=sets/dawn.yaml,line=4,col=47,endLine=4,endColumn=68,title=error[PL201] restriction-after-combat::\"can’t block this turn\" begins after the turn's last combat%0Ahelp: restrict blocking \"until your next turn\" instead
::notice file=sets/dawn.yaml,line=5,col=15,endLine=5,endColumn=16,title=note[PL301] straight-apostrophe::straight apostrophe in card text%0Afix: replace with \"’\"
::error file=broken.json,line=1,col=1,endLine=1,endColumn=1,title=error[PL000] unreadable-file::the file is not UTF-8: invalid byte at offset 0
"
        );
    }

    #[test]
    fn escapes_data_and_properties() {
        assert_eq!(escape_data("50% a: b,\r\nc"), "50%25 a: b,%0D%0Ac");
        assert_eq!(
            escape_property("C:\\sets\\a,b%.yaml\n"),
            "C%3A\\sets\\a%2Cb%25.yaml%0A"
        );
    }

    #[test]
    fn escapes_inside_a_command() {
        let mut file = fixture::broken();
        file.path = "sets/a,b: c.json".to_owned();
        file.diagnostics[0].message = "100% broken\nsee log".to_owned();
        assert_eq!(
            render(&[file]),
            "::error file=sets/a%2Cb%3A c.json,line=1,col=1,endLine=1,endColumn=1,\
             title=error[PL000] unreadable-file::100%25 broken%0Asee log\n"
        );
    }
}
