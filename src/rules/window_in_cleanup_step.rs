//! PL202: a window during the cleanup step, where no player gets priority.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::Severity;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL202",
    name: "window-in-cleanup-step",
    level: Severity::Error,
    summary: "a casting or activation window during the cleanup step, which never opens",
    docs: r#"## What it does
Reports an activation or casting restriction to the cleanup step ("Activate only during the cleanup step").

## Why
Players get no priority during the cleanup step (CR 514.3) unless a state-based action or a trigger happens in it (514.3a); a window there normally never opens.

## Example
```text
{1}: Regenerate this creature. Activate only during the cleanup step.
```

## Fix
Use the end step: "Activate only during the end step.""#,
    fix: FixAvailability::None,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    helpers::windows_with_caveat(
        face,
        "no-priority-in-cleanup",
        "this window never opens: no player gets priority during the cleanup step",
        &["514.3", "514.3a"],
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
            "Artifact",
            &["{1}: Draw a card. Activate only during the end step."],
            &["{1}: Draw a card. [[Activate only during the cleanup step]]."],
        );
    }
}
