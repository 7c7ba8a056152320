//! PL105: "Activate this ability only": the older wording of "Activate only".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::Wording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL105",
    name: "activate-this-ability-only",
    level: Severity::Error,
    summary: "\"Activate this ability only\": the older wording of \"Activate only\"",
    docs: r#"## What it does
Finds "Activate this ability only" and rewrites it as "Activate only".

## Why
Cards have said "Activate only ..." since Strixhaven (April 2021; `--rules 2021` and earlier years pass the older wording); the restriction is on the ability it follows either way (CR 602.5b). Reminder text is left alone: some keywords' reminder text still says "Activate this ability only" (forecast, 702.57).

## Example
```text
{T}: Add {R}. Activate this ability only during your turn.
```
Use instead:
```text
{T}: Add {R}. Activate only during your turn.
```

## Fix
Safe: "Activate this ability" becomes "Activate". In "Activate this ability only any time you could cast a sorcery", sorcery-timing-wording (PL104) rewrites the whole restriction, and its one diagnostic stands for both: this rule's is left out, since PL104's fix makes its edit too."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

/// The "Activate this ability" this rule reports: sorcery-timing-wording (PL104) rewrites one
/// that opens its restriction with the rest of it.
pub(super) fn marks<'f>(face: &'f FaceText<'_>) -> impl Iterator<Item = helpers::MarkAt<'f>> + 'f {
    helpers::marks(face, |wording| {
        matches!(wording, Wording::ActivateThisAbility)
    })
    // Keyword reminder text keeps this wording today (forecast, 702.57).
    .filter(|(_, _, phrase, _)| !phrase.place.in_reminder)
}

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    helpers::rewrite_marks(face, marks(face), |_, _, words| helpers::Rewrite {
        replacement: "activate",
        message: format!("\"{words} only\" is the older wording of \"Activate only\""),
        applicability: Applicability::Safe,
        cr: &["602.5b"],
    })
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::rules::testing::{cases, fixed};

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Artifact",
            &[
                "{T}: Add {R}. Activate only during your turn.",
                "Forecast — {1}: Scry 1. (Activate this ability only during your upkeep and only once each turn.)",
            ],
            &["{T}: Add {R}. [[Activate this ability]] only during your turn."],
        );
    }

    #[test]
    fn the_fix_rewrites_the_words() {
        assert_eq!(
            fixed(
                &LINT,
                "Artifact",
                "{T}: Add {R}. Activate this ability only during your turn."
            )
            .as_deref(),
            Some("{T}: Add {R}. Activate only during your turn.")
        );
    }
}
