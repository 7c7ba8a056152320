//! PL402: a window measured from a point in combat applies to the first combat phase only.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::Severity;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL402",
    name: "first-combat-only",
    level: Severity::Note,
    summary: "a window measured from a point in combat applies to the first combat phase only",
    docs: r#"## What it does
Notes a window "before" or "after" a point in the combat phase ("Cast this spell only before blockers are declared"): in a turn with more than one combat phase, the point is the one of the first combat phase (CR 506.7d).

Off by default: the note holds of standard templates, and it asks for no change when the first combat phase is meant. `phaselint explain` and the editor's hover still give the caveat; `--extend-select PL402` or `[rules] PL402 = "note"` turns the rule on in `check`.

## Why
Designers often mean "each combat". An engine must close the window at the first combat's point and not open it again in an additional combat phase.

## Example
```text
Cast this spell only before blockers are declared.
```

## Fix
Nothing to change if the first combat is meant. For every combat, use "only during combat before blockers are declared" (506.7b)."#,
    fix: FixAvailability::None,
    on_by_default: false,
};

pub const LINT: Lint = Lint { info: &RULE, check };

const HELP: &str =
    "in a turn with several combat phases, the point is the one of the first combat phase";

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    helpers::caveat_notes(face, &[("first-combat-only", HELP)])
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
                "Cast this spell only during combat before blockers are declared.",
                "Cast this spell only during combat.",
                // "During combat" opens it in every combat phase (506.7c).
                "Cast this spell only before combat or during combat before blockers are declared.",
            ],
            &[
                "[[Cast this spell only before blockers are declared]].",
                "[[Cast this spell only after combat]].",
            ],
        );
    }
}
