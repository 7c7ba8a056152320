//! PL201: a window during the untap step, where no player gets priority.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::Severity;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL201",
    name: "window-in-untap-step",
    level: Severity::Error,
    summary: "a casting or activation window during the untap step, which never opens",
    docs: r#"## What it does
Reports an activation or casting restriction to the untap step ("Activate only during your untap step").

## Why
No player gets priority during the untap step (CR 502.4), so nothing can be cast or activated then: the window never opens. Abilities that trigger during the untap step wait until the upkeep (502.4).

## Example
```text
{T}: Untap target land. Activate only during your untap step.
```

## Fix
Use the upkeep: "Activate only during your upkeep.""#,
    fix: FixAvailability::None,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    helpers::windows_with_caveat(
        face,
        "no-priority-in-untap",
        "this window never opens: no player gets priority during the untap step",
        &["502.4", "117.3a"],
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
            &["{T}: Untap target land. Activate only during your upkeep."],
            &["{T}: Untap target land. [[Activate only during your untap step]]."],
        );
    }
}
