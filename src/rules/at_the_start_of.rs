//! PL701: "At the start of your upkeep": a designer's wording of "At the beginning of".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::DesignerWording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL701",
    name: "at-the-start-of",
    level: Severity::Warning,
    summary: "\"At the start of your upkeep\": a designer's wording of \"At the beginning of\"",
    docs: r#"## What it does
Finds a trigger worded "at the start of" a step, phase or turn. phaselint reads it as the template "at the beginning of" (its finding is the template's) and reports the wording.

## Why
Triggered abilities that wait for a step say "at the beginning of" it (CR 603.1, 503.1). "At the start of" means the same moment, but no Oracle text says it, and a reader or an engine that knows the templates may not.

## Example
```text
At the start of your upkeep, draw a card.
```
Use instead:
```text
At the beginning of your upkeep, draw a card.
```

## Fix
Safe: "at the start of" → "at the beginning of", the rest kept."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    helpers::rewrite_designer(face, DesignerWording::AtTheStartOf, |words| {
        helpers::Rewrite {
            replacement: "at the beginning of",
            message: format!("\"{words}\" is a designer's wording of \"at the beginning of\""),
            applicability: Applicability::Safe,
            cr: &["603.1"],
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
                "At the beginning of your upkeep, draw a card.",
                "Return it to the battlefield at the beginning of the next end step.",
            ],
            &[
                "[[At the start of]] your upkeep, draw a card.",
                "[[At the start of]] each end step, you gain 1 life.",
                "Return it [[at the start of]] the next end step.",
            ],
        );
    }

    #[test]
    fn the_fix_writes_the_template() {
        assert_eq!(
            fixed(
                &LINT,
                "Enchantment",
                "At the start of your upkeep, draw a card."
            )
            .as_deref(),
            Some("At the beginning of your upkeep, draw a card.")
        );
    }
}
