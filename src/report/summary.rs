//! What a run found, counted: the last lines of the human and short formats, the `summary` of
//! JSON.

use crate::check::{CheckedFile, counted};
use crate::diagnostic::{Applicability, Severity};
use serde::Serialize;
use std::fmt;

/// Counts over every checked file of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub files: usize,
    pub cards: usize,
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
    /// Fixes applied by `--fix`; left out of JSON when none were.
    #[serde(skip_serializing_if = "is_zero")]
    pub fixed: usize,
    /// Findings `--fix` would fix: their fix is safe.
    pub fixable: usize,
    /// Findings only `--fix --unsafe-fixes` would fix. Display-only fixes are in neither count.
    pub unsafe_fixable: usize,
    /// Files the walk of a directory passed over for not being card files; left out of JSON when
    /// none were.
    #[serde(skip_serializing_if = "is_zero")]
    pub skipped: usize,
}

fn is_zero(count: &usize) -> bool {
    *count == 0
}

impl Summary {
    /// Counts files, cards and diagnostics by severity, and the fixable ones in every file.
    pub fn of(files: &[CheckedFile]) -> Summary {
        Summary::counting_fixes_in(files, |_| true)
    }

    /// As [`Summary::of`], counting fixable diagnostics only in the files `--fix` may rewrite
    /// (`may_fix`). Fixes a `--fix` run has applied are gone from the diagnostics it re-checked:
    /// what is counted after it is what is left.
    pub fn counting_fixes_in(
        files: &[CheckedFile],
        may_fix: impl Fn(&CheckedFile) -> bool,
    ) -> Summary {
        let mut summary = Summary {
            files: files.len(),
            ..Summary::default()
        };
        for file in files {
            summary.cards += file.cards;
            summary.fixed += file.fixed;
            for diagnostic in &file.diagnostics {
                match diagnostic.severity {
                    Severity::Error => summary.errors += 1,
                    Severity::Warning => summary.warnings += 1,
                    Severity::Note => summary.notes += 1,
                }
            }
            if fixes_apply(file, &may_fix) {
                for fix in file.diagnostics.iter().filter_map(|d| d.fix.as_ref()) {
                    match fix.applicability {
                        Applicability::Safe => summary.fixable += 1,
                        Applicability::Unsafe => summary.unsafe_fixable += 1,
                        Applicability::DisplayOnly => {}
                    }
                }
            }
        }
        summary
    }
}

/// Whether `--fix` would apply the fixes of `file`: it has one, and `may_fix` says the file may be
/// rewritten (asked only then).
pub(super) fn fixes_apply(file: &CheckedFile, may_fix: impl Fn(&CheckedFile) -> bool) -> bool {
    file.diagnostics.iter().any(|d| d.fix.is_some()) && may_fix(file)
}

/// `found 3 errors, 2 warnings, 1 note in 4 files (21 cards); 2 files skipped`; severities found
/// none of are left out, and so are files skipped when none were. A clean run says `no problems
/// found in 4 files (21 cards)`, and a run that read no card `no card checked in 4 files`: never
/// that it found no problems. When some findings have a fix, a second line says which flags fix
/// them: `3 fixable with --fix (1 more with --fix --unsafe-fixes)`.
impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let counts: Vec<String> = [
            (self.errors, "error", "errors"),
            (self.warnings, "warning", "warnings"),
            (self.notes, "note", "notes"),
        ]
        .into_iter()
        .filter(|&(count, ..)| count > 0)
        .map(|(count, one, many)| counted(count, one, many))
        .collect();
        if counts.is_empty() && self.cards == 0 {
            write!(
                f,
                "no card checked in {}",
                counted(self.files, "file", "files")
            )?;
        } else {
            if counts.is_empty() {
                f.write_str("no problems found")?;
            } else {
                write!(f, "found {}", counts.join(", "))?;
            }
            write!(
                f,
                " in {} ({})",
                counted(self.files, "file", "files"),
                counted(self.cards, "card", "cards")
            )?;
        }
        if self.skipped > 0 {
            write!(f, "; {} skipped", counted(self.skipped, "file", "files"))?;
        }
        if self.fixed > 0 {
            write!(f, "; applied {}", counted(self.fixed, "fix", "fixes"))?;
        }
        match (self.fixable, self.unsafe_fixable) {
            (0, 0) => Ok(()),
            // After `--fix`: say why it left these, lest a typo left behind look missed.
            (0, only_unsafe) if self.fixed > 0 => write!(
                f,
                "\n{} left by --fix, whose {} unsafe: --fix --unsafe-fixes applies {}",
                counted(only_unsafe, "finding", "findings"),
                if only_unsafe == 1 {
                    "fix is"
                } else {
                    "fixes are"
                },
                if only_unsafe == 1 { "it" } else { "them" }
            ),
            (0, only_unsafe) => write!(f, "\n{only_unsafe} fixable with --fix --unsafe-fixes"),
            (safe, 0) => write!(f, "\n{safe} fixable with --fix"),
            (safe, only_unsafe) => write!(
                f,
                "\n{safe} fixable with --fix ({only_unsafe} more with --fix --unsafe-fixes)"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixture;

    #[test]
    fn counts_every_file() {
        let summary = Summary::of(&fixture::files());
        assert_eq!(
            summary,
            Summary {
                files: 3,
                cards: 5,
                errors: 2,
                warnings: 1,
                notes: 1,
                fixed: 0,
                fixable: 1,
                unsafe_fixable: 1,
                skipped: 0,
            }
        );
        assert_eq!(
            summary.to_string(),
            "found 2 errors, 1 warning, 1 note in 3 files (5 cards)\n\
             1 fixable with --fix (1 more with --fix --unsafe-fixes)"
        );
    }

    #[test]
    fn fixes_are_counted_only_in_the_files_fix_may_rewrite() {
        let mut dawn = fixture::dawn("");
        // A display-only fix is shown, never applied: in neither count.
        let mut display_only = dawn.diagnostics[2].clone();
        if let Some(fix) = &mut display_only.fix {
            fix.applicability = Applicability::DisplayOnly;
        }
        dawn.diagnostics.push(display_only);
        let files = [dawn, fixture::broken()];
        let all = Summary::counting_fixes_in(&files, |_| true);
        assert_eq!((all.fixable, all.unsafe_fixable), (1, 1));
        let none = Summary::counting_fixes_in(&files, |file| file.path != "sets/dawn.yaml");
        assert_eq!((none.fixable, none.unsafe_fixable), (0, 0));
        // Only the counts of fixes differ.
        assert_eq!(
            all,
            Summary {
                fixable: 1,
                unsafe_fixable: 1,
                ..none
            }
        );
        // A file without fixes is not asked about.
        let clean = Summary::counting_fixes_in(&[fixture::clean()], |_| unreachable!());
        assert_eq!(clean.files, 1);
    }

    /// Issue 20 §2: a run that read no card never says it found no problems, and the files a walk
    /// passed over are counted.
    #[test]
    fn a_run_without_cards_says_so_and_skipped_files_are_counted() {
        let none = Summary {
            files: 2,
            skipped: 3,
            ..Summary::default()
        };
        assert_eq!(
            none.to_string(),
            "no card checked in 2 files; 3 files skipped"
        );
        let clean = Summary {
            files: 1,
            cards: 4,
            skipped: 1,
            ..Summary::default()
        };
        assert_eq!(
            clean.to_string(),
            "no problems found in 1 file (4 cards); 1 file skipped"
        );
    }

    #[test]
    fn the_fix_line_names_the_flags_that_fix() {
        let found = Summary {
            files: 1,
            cards: 2,
            warnings: 3,
            ..Summary::default()
        };
        let line = |fixable, unsafe_fixable, fixed| {
            Summary {
                fixable,
                unsafe_fixable,
                fixed,
                ..found
            }
            .to_string()
        };
        assert_eq!(line(0, 0, 0), "found 3 warnings in 1 file (2 cards)");
        assert_eq!(
            line(3, 0, 0),
            "found 3 warnings in 1 file (2 cards)\n3 fixable with --fix"
        );
        assert_eq!(
            line(2, 1, 0),
            "found 3 warnings in 1 file (2 cards)\n2 fixable with --fix (1 more with --fix \
             --unsafe-fixes)"
        );
        // After a --fix run, what is left is what needs --unsafe-fixes.
        assert_eq!(
            line(0, 3, 1),
            "found 3 warnings in 1 file (2 cards); applied 1 fix\n3 findings left by --fix, whose \
             fixes are unsafe: --fix --unsafe-fixes applies them"
        );
    }

    #[test]
    fn singular_plural_and_clean_runs() {
        let one = Summary {
            files: 1,
            cards: 1,
            errors: 1,
            warnings: 0,
            notes: 0,
            ..Summary::default()
        };
        assert_eq!(one.to_string(), "found 1 error in 1 file (1 card)");
        let clean = Summary {
            files: 4,
            cards: 21,
            ..Summary::default()
        };
        assert_eq!(clean.to_string(), "no problems found in 4 files (21 cards)");
        let fixed = Summary { fixed: 2, ..clean };
        assert_eq!(
            fixed.to_string(),
            "no problems found in 4 files (21 cards); applied 2 fixes"
        );
        let notes = Summary {
            files: 2,
            cards: 0,
            errors: 0,
            warnings: 3,
            notes: 2,
            ..Summary::default()
        };
        assert_eq!(
            notes.to_string(),
            "found 3 warnings, 2 notes in 2 files (0 cards)"
        );
    }
}
