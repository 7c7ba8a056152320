//! PL403: a window whose point can be skipped, so that it closes early or never opens.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::Severity;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL403",
    name: "skippable-window-point",
    level: Severity::Note,
    summary: "a window whose point can be skipped, so that it closes early or never opens",
    docs: r#"## What it does
Notes a window whose boundary is a step that may not happen: "before blockers are declared" when no creatures attack (the declare blockers step is skipped, 508.8), or "during combat after blockers are declared" when the declare blockers step is skipped.

## Why
When the stated point does not exist, the window closes at the end of the declare attackers step or of the precombat main phase instead (CR 506.7e), or it never opens (506.7f). Engines and players get this wrong.

## Example
```text
Cast this spell only during combat after blockers are declared.
```

## Fix
Nothing to change if intended; say so in reminder text if the set's players need it."#,
    fix: FixAvailability::None,
};

pub const LINT: Lint = Lint { info: &RULE, check };

const HELP: &str = "see CR 506.7e and 506.7f for where the window closes, or why it never opens, when that step is skipped";

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    helpers::caveat_notes(
        face,
        &["point-may-be-skipped", "no-window-without-blockers-step"],
        HELP,
    )
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
            &[
                "Cast this spell only during combat.",
                "Activate only as a sorcery.",
            ],
            &[
                "[[Cast this spell only during combat after blockers are declared]].",
                "[[Cast this spell only before blockers are declared]].",
            ],
        );
    }
}
