//! What a run found, counted: the last line of the human and short formats, the `summary` of JSON.

use crate::check::CheckedFile;
use crate::diagnostic::Severity;
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
}

fn is_zero(count: &usize) -> bool {
    *count == 0
}

impl Summary {
    /// Counts files, cards and diagnostics by severity.
    pub fn of(files: &[CheckedFile]) -> Summary {
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
        }
        summary
    }
}

/// `found 3 errors, 2 warnings, 1 note in 4 files (21 cards)`; severities found none of are left
/// out, and a clean run says `no problems found in 4 files (21 cards)`.
impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let counts: Vec<String> = [
            (self.errors, "error"),
            (self.warnings, "warning"),
            (self.notes, "note"),
        ]
        .into_iter()
        .filter(|&(count, _)| count > 0)
        .map(|(count, noun)| counted(count, noun))
        .collect();
        if counts.is_empty() {
            f.write_str("no problems found")?;
        } else {
            write!(f, "found {}", counts.join(", "))?;
        }
        write!(
            f,
            " in {} ({})",
            counted(self.files, "file"),
            counted(self.cards, "card")
        )?;
        if self.fixed > 0 {
            write!(f, "; applied {}", counted_fixes(self.fixed))?;
        }
        Ok(())
    }
}

/// `1 fix`, `2 fixes`.
fn counted_fixes(count: usize) -> String {
    if count == 1 {
        "1 fix".to_string()
    } else {
        format!("{count} fixes")
    }
}

/// `1 card`, `2 cards`, `0 cards`.
fn counted(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
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
            }
        );
        assert_eq!(
            summary.to_string(),
            "found 2 errors, 1 warning, 1 note in 3 files (5 cards)"
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
            fixed: 0,
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
            fixed: 0,
        };
        assert_eq!(
            notes.to_string(),
            "found 3 warnings, 2 notes in 2 files (0 cards)"
        );
    }
}
