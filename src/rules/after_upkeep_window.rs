//! PL404: "after [a player's] upkeep" in a turn with several upkeep steps.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::Severity;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL404",
    name: "after-upkeep-window",
    level: Severity::Note,
    summary: "\"after [a player's] upkeep\" in a turn with several upkeep steps",
    docs: r#"## What it does
Notes a window that opens "after [a player's] upkeep" ("Cast this spell only after your upkeep step"): in a turn with several upkeep steps it opens after the first one (CR 503.2).

## Why
An additional upkeep step (500.9) does not close the window again, which surprises readers who picture "after upkeep" as "not during an upkeep".

## Example
```text
Cast this spell only after your upkeep.
```

## Fix
Nothing to change if intended."#,
    fix: FixAvailability::None,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

const HELP: &str =
    "with several upkeep steps in the turn, the window opens after the first one ends (CR 503.2)";

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    helpers::caveat_notes(face, &[("after-first-upkeep", HELP)])
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::rules::testing::cases;

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Instant",
            &["Cast this spell only during your upkeep."],
            &["[[Cast this spell only after your upkeep]]."],
        );
    }
}
