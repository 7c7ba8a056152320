//! PL703: "Activate only on your turn": a designer's wording of "only during your turn".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::DesignerWording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL703",
    name: "only-on-turn",
    level: Severity::Warning,
    summary: "\"Activate only on your turn\": a designer's wording of \"only during your turn\"",
    docs: r#"## What it does
Finds a window worded with "on" where the template says "during": "Activate only on your turn", "Cast this spell only on your upkeep". phaselint reads it as "during" (its finding is the template's) and reports the wording.

## Why
A restriction on when an ability may be activated or a spell cast says "only during" a turn, phase or step (CR 602.5b, 601.3). "On your turn" means the same, but no Oracle text says it.

## Example
```text
{T}: Draw a card. Activate only on your turn.
```
Use instead:
```text
{T}: Draw a card. Activate only during your turn.
```

## Fix
Safe: "on" → "during"."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    helpers::rewrite_designer(face, DesignerWording::OnInWindow, |words| {
        helpers::Rewrite {
            replacement: "during",
            message: format!("\"only {words}\" is a designer's wording of \"only during\""),
            applicability: Applicability::Safe,
            cr: &["602.5b"],
        }
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
                "{T}: Draw a card. Activate only during your turn.",
                "Whenever a creature attacks on your turn, draw a card.",
            ],
            &[
                "{T}: Draw a card. Activate only [[on]] your turn.",
                "{1}: Tap target creature. Activate only [[on]] an opponent's turn.",
            ],
        );
    }

    #[test]
    fn the_fix_writes_the_template() {
        assert_eq!(
            fixed(
                &LINT,
                "Artifact",
                "{T}: Draw a card. Activate only on your turn."
            )
            .as_deref(),
            Some("{T}: Draw a card. Activate only during your turn.")
        );
    }
}
