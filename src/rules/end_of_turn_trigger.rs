//! PL704: "At the end of your turn,": a designer's wording of "At the beginning of your end step,".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::DesignerWording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL704",
    name: "end-of-turn-trigger",
    level: Severity::Warning,
    summary: "\"At the end of your turn,\": a designer's wording of \"At the beginning of your end step,\"",
    docs: r#"## What it does
Finds an ability that opens with "At the end of your turn,", "At the end of each turn," or "At the end of the turn,". phaselint reads it as the trigger at the beginning of that end step (its finding is the template's) and reports the wording.

## Why
The turn has no "end" a trigger can wait for: the ending phase begins with the end step, and abilities that trigger "at end of turn" trigger at the beginning of the end step (CR 513.1a). The template names that step: "At the beginning of your end step", "At the beginning of each end step", "At the beginning of the end step".

## Example
```text
At the end of your turn, draw a card.
```
Use instead:
```text
At the beginning of your end step, draw a card.
```

## Fix
Safe where it opens an ability: "At the end of [your / each / the] turn" → "At the beginning of [your / each / the] end step" (the owner's words kept). Inside an effect ("sacrifice it at the end of the turn") the wording is not read, so nothing is rewritten."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    helpers::rewrite_designer(face, DesignerWording::EndOfTurnTrigger, |words| {
        helpers::Rewrite {
            replacement: template(words),
            message: format!("\"{words}\" is a designer's wording of the end step's trigger"),
            applicability: Applicability::Safe,
            cr: &["513.1a"],
        }
    })
}

/// "at the end of [owner] turn" as "at the beginning of [owner] end step": the words between
/// "at the end of" and "turn" are kept.
fn template(words: &str) -> String {
    let words: Vec<&str> = words.split_whitespace().collect();
    let owner = words
        .get(4..words.len().saturating_sub(1))
        .unwrap_or_default()
        .join(" ");
    format!("at the beginning of {owner} end step")
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
                "At the beginning of your end step, draw a card.",
                "Target creature gets +1/+1 until the end of your turn.",
            ],
            &[
                "[[At the end of your turn]], draw a card.",
                "[[At the end of each turn]], you gain 1 life.",
                "Flying\n[[At the end of the turn]], sacrifice this creature.",
            ],
        );
    }

    #[test]
    fn the_fix_keeps_the_owner() {
        for (text, fixed_text) in [
            (
                "At the end of your turn, draw a card.",
                "At the beginning of your end step, draw a card.",
            ),
            (
                "At the end of each opponent's turn, draw a card.",
                "At the beginning of each opponent's end step, draw a card.",
            ),
            (
                "At the end of the turn, draw a card.",
                "At the beginning of the end step, draw a card.",
            ),
        ] {
            assert_eq!(
                fixed(&LINT, "Enchantment", text).as_deref(),
                Some(fixed_text)
            );
        }
    }
}
