//! PL503: "until the end of turn": the nonstandard spelling of "until end of turn".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::Wording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL503",
    name: "until-the-end-of-turn",
    level: Severity::Warning,
    summary: "\"until the end of turn\": the nonstandard spelling of \"until end of turn\"",
    docs: r#"## What it does
Finds "until the end of turn" and "until the end of the turn" and rewrites each as "until end of turn". "Until the end of the turn" was printed from 1997 to 1999, before the 2004 rules, the oldest edition `--rules` knows: under every edition it reads it is not the template.

## Why
"Until end of turn" effects end in the cleanup step (CR 500.5b, 514.2), not as the turn ends; the standard wording says so by being a fixed phrase. "Until the end of turn" looks like a different duration.

## Example
```text
Target creature gets +2/+2 until the end of turn.
```
Use instead:
```text
Target creature gets +2/+2 until end of turn.
```

## Fix
Safe: the phrase becomes "until end of turn"."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let marks = helpers::marks(face, |wording| {
        matches!(wording, Wording::UntilTheEndOfTurn)
    });
    helpers::rewrite_marks(face, marks, |_, _, words| helpers::Rewrite {
        replacement: "until end of turn",
        message: format!("\"{words}\" is not the standard wording"),
        applicability: Applicability::Safe,
        cr: &["500.5b", "514.2"],
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
            "Instant",
            &[
                "Target creature gets +2/+2 until end of turn.",
                "It gains haste until the end of your next turn.",
            ],
            &["Target creature gets +2/+2 [[until the end of turn]]."],
        );
    }

    #[test]
    fn the_fix_rewrites_the_words() {
        assert_eq!(
            fixed(&LINT, "Instant", "It gains flying until the end of turn.").as_deref(),
            Some("It gains flying until end of turn.")
        );
    }
}
