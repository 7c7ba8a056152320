//! PL713: "may only cast one spell each turn": a designer's wording of the limit "can't cast more
//! than one spell each turn".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::DesignerWording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL713",
    name: "limit-wording",
    level: Severity::Warning,
    summary: "\"may only cast one spell each turn\": a designer's wording of \"can't cast more than one spell each turn\"",
    docs: r#"## What it does
Finds a limit counted in each turn and worded as a permission: "may only cast one spell each turn", "can only play one land each turn". phaselint reads it as the template's limit, "can't cast more than one spell each turn", counted within each turn (CR 500.1), and reports the wording. Inside reminder text nothing is reported.

## Why
The templates say a limit as what a player can't do: "Each player can't cast more than one spell each turn." A "can't" overrides every effect that allows the action (101.2), so the limit holds whatever else the game allows. "May only" reads as a permission: a reader must work out that it also forbids, and what happens beside an effect that allows a second spell.

## Example
```text
Each player may only cast one spell each turn.
```
Use instead:
```text
Each player can't cast more than one spell each turn.
```

## Fix
Safe: "may only [verb] one" (or "can only [verb] one") becomes "can't [verb] more than one", keeping the verb and the rest of the sentence."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let marks = helpers::designer_marks(face, &[DesignerWording::OnlyOne]);
    helpers::rewrite_marks(face, marks, |_, _, words| {
        // "may only cast one": the verb is the third word.
        let verb = words.split_whitespace().nth(2).unwrap_or_default();
        let replacement = format!("can't {verb} more than one");
        helpers::Rewrite {
            message: format!("\"{words}\" is a designer's wording of \"{replacement}\""),
            replacement,
            applicability: Applicability::Safe,
            cr: &["101.2", "500.1"],
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
            "Enchantment",
            &[
                "Each player can't cast more than one spell each turn.",
                "Each player can't play more than one land each turn.",
                "You may cast only one spell.",
                "Target creature can block only one creature each combat. (It may only block one each combat.)",
            ],
            &[
                "Each player [[may only cast one]] spell each turn.",
                "You [[can only play one]] land each turn.",
                "Each creature [[can only block one]] creature each combat.",
            ],
        );
    }

    #[test]
    fn the_fix_writes_the_template() {
        for (text, want) in [
            (
                "Each player may only cast one spell each turn.",
                "Each player can't cast more than one spell each turn.",
            ),
            (
                "You Can Only Play One land each turn.",
                "You Can't Play more than one land each turn.",
            ),
        ] {
            assert_eq!(
                fixed(&LINT, "Enchantment", text).as_deref(),
                Some(want),
                "{text}"
            );
        }
    }
}
