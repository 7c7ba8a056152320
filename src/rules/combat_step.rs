//! PL706: "At the beginning of your combat step": there is no combat step; "combat on your turn".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::DesignerWording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL706",
    name: "combat-step",
    level: Severity::Warning,
    summary: "\"At the beginning of your combat step\": there is no combat step; \"combat on your turn\"",
    docs: r#"## What it does
Finds a trigger at the beginning of a player's "combat step" ("At the beginning of your combat step", "at the beginning of each player's combat step"). phaselint reads it as the template "at the beginning of combat on [that player's] turn" (its finding is the template's) and reports the wording.

## Why
Combat is a phase of five steps (CR 506.1); none is the "combat step". The phase and its first step, the beginning of combat step, begin at the same moment (507.1), so the trigger's moment is certain, and the template says it: "At the beginning of combat on your turn".

## Example
```text
At the beginning of your combat step, put a +1/+1 counter on target creature you control.
```
Use instead:
```text
At the beginning of combat on your turn, put a +1/+1 counter on target creature you control.
```

## Fix
Safe: "[owner] combat step" → "combat on [owner] turn", the owner's words kept."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    helpers::rewrite_designer(face, DesignerWording::CombatStep, |words| {
        helpers::Rewrite {
            replacement: template(words),
            message: format!("there is no combat step: \"{words}\" is a designer's wording"),
            applicability: Applicability::Safe,
            cr: &["506.1", "507.1"],
        }
    })
}

/// "[owner] combat step" as "combat on [owner] turn".
fn template(words: &str) -> String {
    let words: Vec<&str> = words.split_whitespace().collect();
    let owner = words
        .get(..words.len().saturating_sub(2))
        .unwrap_or_default()
        .join(" ");
    format!("combat on {owner} turn")
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::rules::testing::{cases, fixed};

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Creature",
            &[
                "At the beginning of combat on your turn, draw a card.",
                "{T}: Tap target creature. Activate only during the end of combat step.",
            ],
            &[
                "At the beginning of [[your combat step]], draw a card.",
                "At the beginning of [[each player's combat step]], that player loses 1 life.",
            ],
        );
    }

    #[test]
    fn the_fix_keeps_the_owner() {
        assert_eq!(
            fixed(
                &LINT,
                "Creature",
                "At the beginning of each player's combat step, that player loses 1 life."
            )
            .as_deref(),
            Some("At the beginning of combat on each player's turn, that player loses 1 life.")
        );
    }
}
