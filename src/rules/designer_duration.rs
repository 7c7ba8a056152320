//! PL710: "till end of turn", "for the rest of the turn", "until combat ends": a designer's
//! wording of "until end of turn" or "until end of combat".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::{DesignerWording, Wording};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL710",
    name: "designer-duration",
    level: Severity::Warning,
    summary: "\"till end of turn\", \"until the turn ends\", \"until combat ends\": a designer's wording of \"until end of turn\" or \"until end of combat\"",
    docs: r#"## What it does
Finds a duration worded "till end of turn", "until turn's end", "until the turn ends", "for the rest of the turn" or "until end of your turn", which phaselint reads as "until end of turn", and "until combat ends", which it reads as "until end of combat". Their findings are the templates' (an effect that ends in the cleanup step, or as combat ends), and the wording is reported. Inside reminder text it is not: reminders of printed cards say "for the rest of the turn".

## Why
An effect that lasts the turn says "until end of turn" and ends in the cleanup step (CR 500.5b, 514.2); one that lasts the combat says "until end of combat" (CR 500.5a, 511.2). The designer's words mean the same, but no Oracle text says them, and a reader may take "until the turn ends" for "until the turn" (which would last until the next turn begins, CR 500.4).

## Example
```text
Target creature gets +1/+1 till end of turn.
For the rest of the turn, creatures you control have haste.
Target creature gets +2/+2 until combat ends.
```
Use instead:
```text
Target creature gets +1/+1 until end of turn.
Until end of turn, creatures you control have haste.
Target creature gets +2/+2 until end of combat.
```

## Fix
Safe: the words become the template, a capital kept."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let designers = &[
        DesignerWording::UntilEndOfTurn,
        DesignerWording::UntilEndOfCombat,
    ];
    let marks = helpers::designer_marks(face, designers);
    helpers::rewrite_marks(face, marks, |_, wording, words| {
        let (template, cr): (&str, &'static [&'static str]) =
            if wording == Wording::Designer(DesignerWording::UntilEndOfCombat) {
                ("until end of combat", &["511.2"])
            } else {
                ("until end of turn", &["514.2"])
            };
        helpers::Rewrite {
            replacement: template,
            message: format!("\"{words}\" is a designer's wording of \"{template}\""),
            applicability: Applicability::Safe,
            cr,
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
            "Instant",
            &[
                "Target creature gets +1/+1 until end of turn.",
                "Target creature gets +2/+2 until end of combat.",
                "Creatures you control have haste for the rest of the game.",
                "Flash (You may cast this spell any time you could cast an instant. It has haste for the rest of the turn.)",
            ],
            &[
                "Target creature gets +1/+1 [[till end of turn]].",
                "Target creature gets +1/+1 [[until turn's end]].",
                "Target creature gets +1/+1 [[until turn’s end]].",
                "Target creature gets +1/+1 [[until the turn ends]].",
                "[[For the rest of the turn]], creatures you control have haste.",
                "Target creature gets +2/+2 [[until combat ends]].",
                "Target creature gets +1/+1 [[until end of your turn]].",
            ],
        );
    }

    #[test]
    fn the_fix_writes_the_template_keeping_the_capital() {
        for (text, want) in [
            (
                "Target creature gets +1/+1 until the turn ends.",
                "Target creature gets +1/+1 until end of turn.",
            ),
            (
                "For the rest of the turn, creatures you control have haste.",
                "Until end of turn, creatures you control have haste.",
            ),
            (
                "Target creature gets +2/+2 until combat ends.",
                "Target creature gets +2/+2 until end of combat.",
            ),
        ] {
            assert_eq!(
                fixed(&LINT, "Instant", text).as_deref(),
                Some(want),
                "{text}"
            );
        }
    }
}
