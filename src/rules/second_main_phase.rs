//! PL401: "second main phase" and "postcombat main phase" in a turn with additional combats.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation};
use crate::diagnostic::Severity;
use crate::model::Unit;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL401",
    name: "second-main-phase",
    level: Severity::Note,
    summary: "a postcombat or \"second\" main phase, of which a turn with additional combats has several",
    docs: r#"## What it does
Notes phrases that name a postcombat main phase or a "second main phase". Only the first main phase of a turn is precombat; every other main phase is postcombat (CR 505.1a). "Second main phase" counts the main phases of the current turn (505.1b).

## Why
With an additional combat phase and main phase (500.8), "your postcombat main phase" happens more than once, and "your second main phase" is only the first of them. A trigger "at the beginning of your postcombat main phase" triggers in each.

## Example
```text
At the beginning of your postcombat main phase, add {R}.
```

## Fix
Nothing to change if every postcombat main phase is meant. For one, say "second main phase" (505.1b) or "the next main phase this turn"."#,
    fix: FixAvailability::None,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    face.items
        .iter()
        .filter(|(_, finding)| {
            finding
                .timing
                .iter()
                .any(|point| point.unit == Unit::PostcombatMain)
        })
        .map(|(phrase, finding)| {
            let message = finding
                .caveats
                .iter()
                .find(|caveat| caveat.code == "several-postcombat-main-phases")
                .map_or_else(
                    || "with an additional combat phase, the turn has main phases after this one, and they are postcombat too".to_string(),
                    |caveat| caveat.message.clone(),
                );
            Violation::new(phrase.span, message)
                .help("say which main phase is meant if the turn can have additional combats (CR 505.1b)")
                .cr(&["505.1a", "505.1b"])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::rules::testing::cases;

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Enchantment",
            &[
                "At the beginning of your precombat main phase, add {R}.",
                "Activate only as a sorcery.",
            ],
            &[
                "[[At the beginning of your postcombat main phase]], add {R}.",
                "[[At the beginning of your second main phase]], add {R}.",
            ],
        );
    }
}
