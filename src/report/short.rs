//! The short format: one line per diagnostic, as compilers print them, for editors' problem
//! matchers and for grep; then the summary line.

use super::summary::Summary;
use super::visible::visible;
use crate::check::CheckedFile;
use crate::diagnostic::{Applicability, Diagnostic};
use crate::lines::LineIndex;
use std::fmt::{self, Write};

/// `path:line:col: severity[CODE] message (card: Name) [fix: ...]` for each diagnostic (no card
/// for a problem of the file itself; the fix when it is safe), then the summary.
pub(super) fn render(files: &[CheckedFile], summary: &Summary) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = write(&mut out, files, summary);
    out
}

fn write(out: &mut String, files: &[CheckedFile], summary: &Summary) -> fmt::Result {
    // Indexing a file costs a pass over it: only files with something to report.
    for file in files.iter().filter(|file| !file.diagnostics.is_empty()) {
        let index = LineIndex::new(&file.source);
        for diagnostic in &file.diagnostics {
            let start = index.position(diagnostic.span.start);
            writeln!(
                out,
                "{}:{}:{}: {}{}",
                visible(&file.path),
                start.line,
                start.column,
                headline(diagnostic),
                safe_fix(diagnostic)
            )?;
        }
    }
    writeln!(out, "{summary}")
}

/// `severity[CODE] message (card: Name)`: what a diagnostic says, on one line; the other
/// one-line formats (checkstyle, gitlab, junit) say it in these words too.
pub(super) fn headline(diagnostic: &Diagnostic) -> String {
    format!(
        "{}[{}] {}{}",
        diagnostic.severity,
        diagnostic.code,
        visible(&diagnostic.message),
        card(diagnostic)
    )
}

/// ` (card: Sun’s Vigil)`: after the message, as linters put what is not the message, so that
/// the `path:line:col:` a problem matcher reads stays first and a name holding `: ` (Circle of
/// Protection: Red) is not read as the start of the message. A control character in the name
/// is shown visibly: a line break would split the one line, an ESC would reach the terminal.
fn card(diagnostic: &Diagnostic) -> String {
    diagnostic
        .card
        .as_ref()
        .map(|name| format!(" (card: {})", visible(name)))
        .unwrap_or_default()
}

/// ` [fix: replace with "..."]`: what to write, where the fix is safe, so that a commit a hook
/// blocked says it on the line (an unsafe fix is a guess, left to the full report).
fn safe_fix(diagnostic: &Diagnostic) -> String {
    diagnostic
        .fix
        .as_ref()
        .filter(|fix| fix.applicability == Applicability::Safe)
        .map(|fix| format!(" [fix: {}]", visible(&fix.message)))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixture;

    fn render(files: &[CheckedFile]) -> String {
        super::render(files, &Summary::of(files))
    }

    #[test]
    fn one_line_per_diagnostic_with_character_columns() {
        assert_eq!(
            render(&fixture::files()),
            "\
sets/dawn.yaml:2:33: warning[PL101] \"at end of turn\" is the pre-2009 wording (card: Sun’s Vigil)
sets/dawn.yaml:4:47: error[PL201] \"can’t block this turn\" begins after the turn's last combat (card: Gale Aven)
sets/dawn.yaml:5:15: note[PL301] straight apostrophe in card text (card: Gale Aven) [fix: replace with \"’\"]
broken.json:1:1: error[PL000] the file is not UTF-8: invalid byte at offset 0
found 2 errors, 1 warning, 1 note in 3 files (5 cards)
1 fixable with --fix (1 more with --fix --unsafe-fixes)
"
        );
    }

    #[test]
    fn a_line_break_in_a_card_name_does_not_split_the_line() {
        let mut dawn = fixture::dawn("");
        dawn.diagnostics.truncate(1);
        dawn.diagnostics[0].card = Some("Sun’s\nVigil\t: Red".to_owned());
        let out = render(&[dawn]);
        assert_eq!(
            out.lines().next(),
            Some(
                "sets/dawn.yaml:2:33: warning[PL101] \"at end of turn\" is the pre-2009 wording \
                 (card: Sun’s␊Vigil␉: Red)"
            )
        );
        assert!(
            out.lines()
                .nth(1)
                .is_some_and(|line| line.starts_with("found ")),
            "{out}"
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
