//! PL502: "once per turn": the nonstandard spelling of "once each turn".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::Wording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL502",
    name: "once-per-turn",
    level: Severity::Warning,
    summary: "\"once per turn\": the nonstandard spelling of \"once each turn\"",
    docs: r#"## What it does
Finds "once per turn" and rewrites it as "once each turn".

## Why
Cards and the rules say "only once each turn" (CR 602.5b, 603.2h); one spelling keeps searches and engines simple.

## Example
```text
{1}: This creature gets +1/+0 until end of turn. Activate only once per turn.
```
Use instead:
```text
{1}: This creature gets +1/+0 until end of turn. Activate only once each turn.
```

## Fix
Safe: "once per turn" becomes "once each turn"."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let marks = helpers::marks(face, |wording| matches!(wording, Wording::OncePerTurn));
    helpers::rewrite_marks(face, marks, |_, _, words| helpers::Rewrite {
        replacement: "once each turn",
        message: format!("\"{words}\" is not the standard wording"),
        applicability: Applicability::Safe,
        cr: &["602.5b"],
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
            &["{1}: Draw a card. Activate only once each turn."],
            &["{1}: Draw a card. Activate only [[once per turn]]."],
        );
    }

    #[test]
    fn the_fix_rewrites_the_words() {
        assert_eq!(
            fixed(
                &LINT,
                "Artifact",
                "{1}: Draw a card. Activate only once per turn."
            )
            .as_deref(),
            Some("{1}: Draw a card. Activate only once each turn.")
        );
    }
}
