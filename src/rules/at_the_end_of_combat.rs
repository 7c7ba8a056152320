//! PL504: "at the end of combat": the nonstandard spelling of "at end of combat".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::Wording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL504",
    name: "at-the-end-of-combat",
    level: Severity::Warning,
    summary: "\"at the end of combat\": the nonstandard spelling of \"at end of combat\"",
    docs: r#"## What it does
Finds "at the end of combat" and rewrites it as "at end of combat".

## Why
"At end of combat" is the trigger template of the end of combat step: it triggers as that step begins (CR 511.2), once in each combat phase (500.8). "At the end of combat" reads as the moment the combat phase ends, after the end of combat step is over, which is no template; phaselint reads it as "at end of combat" and says so.

## Example
```text
At the end of combat, sacrifice this creature.
```
Use instead:
```text
At end of combat, sacrifice this creature.
```

## Fix
Safe: the words become "at end of combat"."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let marks = helpers::marks(face, |wording| matches!(wording, Wording::AtTheEndOfCombat));
    helpers::rewrite_marks(face, marks, |_, _, words| {
        // "at the end of that combat" keeps its "that".
        let combat = words.get("at the end of ".len()..).unwrap_or("combat");
        helpers::Rewrite {
            replacement: format!("at end of {combat}"),
            message: format!("\"{words}\" is not the standard wording"),
            applicability: Applicability::Safe,
            cr: &["511.2"],
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
            "Creature",
            &[
                "At end of combat, sacrifice this creature.",
                "Destroy that creature at end of combat.",
            ],
            &[
                "[[At the end of combat]], sacrifice this creature.",
                "Return it to its owner's hand [[at the end of combat]].",
                "There is an additional combat phase. Sacrifice it [[at the end of that combat]].",
            ],
        );
    }

    #[test]
    fn the_fix_keeps_the_capital() {
        assert_eq!(
            fixed(&LINT, "Creature", "At the end of combat, sacrifice it.").as_deref(),
            Some("At end of combat, sacrifice it.")
        );
        assert_eq!(
            fixed(
                &LINT,
                "Creature",
                "There is an additional combat phase. Sacrifice it at the end of that combat."
            )
            .as_deref(),
            Some("There is an additional combat phase. Sacrifice it at end of that combat.")
        );
    }
}
