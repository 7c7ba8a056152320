//! PL702: "your opponent's turn": a designer's two-player wording of "an opponent's".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::DesignerWording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL702",
    name: "your-opponents",
    level: Severity::Warning,
    summary: "\"your opponent's turn\": a designer's two-player wording of \"an opponent's\"",
    docs: r#"## What it does
Finds a turn, phase or step owned by "your opponent" ("during your opponent's turn", "your opponent's untap step"). phaselint reads it as "an opponent's" (its finding is the template's) and reports the wording.

## Why
A game may have more than two players (CR 102.3): "your opponent" names no one when there are several. The templates say "an opponent's" (any one of them) or "each opponent's".

## Example
```text
Activate only during your opponent's turn.
```
Use instead:
```text
Activate only during an opponent's turn.
```

## Fix
Safe: "your opponent's" → "an opponent's", which is what phaselint reads and what the text means in a two-player game."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    helpers::rewrite_designer(face, DesignerWording::YourOpponent, |words| {
        helpers::Rewrite {
            replacement: "an opponent's",
            message: format!("\"{words}\" names one opponent; a game may have several"),
            applicability: Applicability::Safe,
            cr: &["102.3"],
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
                "Activate only during an opponent's turn.",
                "Untap all creatures you control during each other player's untap step.",
            ],
            &[
                "{T}: Draw a card. Activate only during [[your opponent's]] turn.",
                "At the beginning of [[your opponent’s]] upkeep, they lose 1 life.",
            ],
        );
    }

    #[test]
    fn the_fix_writes_the_template() {
        assert_eq!(
            fixed(
                &LINT,
                "Artifact",
                "{T}: Draw a card. Activate only during your opponent's turn."
            )
            .as_deref(),
            Some("{T}: Draw a card. Activate only during an opponent's turn.")
        );
    }
}
