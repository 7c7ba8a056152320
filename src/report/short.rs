//! The short format: one line per diagnostic, as compilers print them, for editors' problem
//! matchers and for grep; then the summary line.

use super::lines::LineIndex;
use super::summary::Summary;
use crate::check::CheckedFile;
use std::fmt::{self, Write};

/// `path:line:col: severity[CODE] message` for each diagnostic, then the summary.
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
            let start = index.position(diagnostic.span.start);
            writeln!(
                out,
                "{}:{}:{}: {}[{}] {}",
                file.path,
                start.line,
                start.column,
                diagnostic.severity,
                diagnostic.code,
                diagnostic.message
            )?;
        }
    }
    writeln!(out, "{}", Summary::of(files))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixture;

    #[test]
    fn one_line_per_diagnostic_with_character_columns() {
        assert_eq!(
            render(&fixture::files()),
            "\
sets/dawn.yaml:2:33: warning[PL101] \"at end of turn\" is the pre-2009 wording
sets/dawn.yaml:4:47: error[PL201] \"can’t block this turn\" begins after the turn's last combat
sets/dawn.yaml:5:15: note[PL301] straight apostrophe in card text
broken.json:1:1: error[PL000] the file is not UTF-8: invalid byte at offset 0
found 2 errors, 1 warning, 1 note in 3 files (5 cards)
"
        );
    }

    #[test]
    fn a_clean_run_is_only_the_summary() {
        assert_eq!(
            render(&[fixture::clean()]),
            "no problems found in 1 file (3 cards)\n"
        );
    }
}
