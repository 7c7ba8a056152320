//! PL708: "Equip only as an instant": a designer's wording for an equip ability activated at
//! instant speed, which as a restriction grants nothing.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::Rule;
use crate::phrase::ast::Template;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL708",
    name: "equip-as-an-instant",
    level: Severity::Warning,
    summary: "\"Equip only as an instant\": a restriction that cannot lift equip's own \"Activate only as a sorcery\"",
    docs: r#"## What it does
Finds "Equip only as an instant", a designer's way of saying that an Equipment's equip ability may be activated at instant speed. phaselint reads it as the window the words name (any time its player has priority, CR 602.5e) and reports the wording.

## Why
Equip means "Attach this permanent to target creature you control. Activate only as a sorcery." (CR 702.6a). A second restriction on the same ability adds to that one, it does not replace it (CR 602.5b): the ability must be activated both as a sorcery and as an instant, which is as a sorcery. So the sentence does not do what it means. Cards that let equip abilities be activated at instant speed say so with a permission: "You may activate equip abilities any time you could cast an instant."

## Example
```text
Equip {2}
Equip only as an instant.
```
Use instead:
```text
Equip {2}
You may activate this Equipment's equip abilities any time you could cast an instant.
```

## Fix
Unsafe: the restriction becomes that permission for this Equipment's equip abilities. It is unsafe because it changes what the card does under the rules (from as a sorcery to any time you have priority), which is what the designer meant but not what the text said."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

/// The permission cards print for equip abilities at instant speed (Leonin Shikari's, for one
/// Equipment).
const PERMISSION: &str =
    "You may activate this Equipment's equip abilities any time you could cast an instant";

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    face.worded()
        .filter(|(phrase, _)| phrase.template == Template::Rule(Rule::equip_as_an_instant))
        .map(|(phrase, _)| {
            Violation::new(
                phrase.span,
                "\"Equip only as an instant\" grants nothing: equip is activated only as a sorcery",
            )
            .help(format!(
                "to let its equip abilities be activated at instant speed, write \"{PERMISSION}\""
            ))
            .cr(&["702.6a", "602.5b"])
            .fix(
                Applicability::Unsafe,
                format!("replace with \"{PERMISSION}\""),
                (phrase.span, PERMISSION.to_string()),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::diagnostic::Applicability;
    use crate::rules::FaceText;
    use crate::rules::testing::{cases, fixed};

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Artifact — Equipment",
            &[
                "Equip {2}",
                "Equip {2} (Attach to target creature you control. Equip only as a sorcery.)",
                "You may activate equip abilities any time you could cast an instant.",
                "{1}: Untap this artifact. Activate only as an instant.",
            ],
            &[
                "Equipped creature gets +1/+1.\nEquip {2}\n[[Equip only as an instant]].",
                "[[Equip only\u{a0}as an instant]].",
            ],
        );
    }

    #[test]
    fn the_fix_writes_the_permission_unsafely() {
        assert_eq!(
            fixed(
                &LINT,
                "Artifact — Equipment",
                "Equip {2}\nEquip only as an instant."
            )
            .as_deref(),
            Some(
                "Equip {2}\nYou may activate this Equipment's equip abilities any time you could \
                 cast an instant."
            )
        );
        let face = FaceText::read("Equip only as an instant.", Some("Artifact — Equipment"));
        let fix = (LINT.check)(&face).remove(0).fix.expect("a fix");
        assert_eq!(fix.applicability, Applicability::Unsafe);
    }
}
