//! PL712: "This spell can be cast at instant speed.", "Activate only at sorcery speed": a
//! designer's speed, written as flash or as the window's template.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::{DesignerWording, Form, WindowActor, Wording};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL712",
    name: "speed-wording",
    level: Severity::Warning,
    summary: "\"at instant speed\", \"at sorcery speed\": a designer's wording of flash, \"as an instant\" or \"as a sorcery\"",
    docs: r#"## What it does
Finds "This spell can be cast at instant speed." and "You may cast this spell at instant speed.", which phaselint reads as flash (CR 702.8a), and "at instant speed" or "at sorcery speed" in a window ("Activate only at sorcery speed"), which it reads as "as an instant" (602.5e) or "as a sorcery" (602.5d, 307.5). The findings are the templates'; the wording is reported.

## Why
"Instant speed" and "sorcery speed" are players' words, not the rules': the rules say when a player could cast an instant or a sorcery (307.1, 117.1a), and the templates say it as the keyword flash or as "as an instant" and "as a sorcery". A reader who knows the templates reads them at a glance; an engine reads them without guessing.

## Example
```text
This spell can be cast at instant speed.
{T}: Draw a card. Activate only at sorcery speed.
```
Use instead:
```text
Flash
{T}: Draw a card. Activate only as a sorcery.
```

## Fix
Safe: "at sorcery speed" becomes "as a sorcery" and "at instant speed" "as an instant" in a window ("Activate only ...", "Cast this spell only ..."). The sentence that gives a spell instant speed, whole and with no condition, becomes "Flash" safely where it is a line of its own; beside other sentences on its line, or on a card that already has flash, the fix is unsafe. A permission for other spells ("You may cast creature spells at instant speed") and reminder text are not reported."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let marks = helpers::designer_marks(
        face,
        &[
            DesignerWording::InstantSpeedSpell,
            DesignerWording::InstantSpeed,
            DesignerWording::SorcerySpeed,
        ],
    )
    // "at instant speed" names a window's template only after "Activate only" or "Cast this
    // spell only": a permission ("You may cast creature spells at instant speed") is "as though
    // they had flash", another template.
    .filter(|(_, wording, phrase, _)| {
        *wording == Wording::Designer(DesignerWording::InstantSpeedSpell)
            || matches!(&phrase.form, Form::Window(window) if window.actor != WindowActor::Unstated)
    });
    let text = face.text;
    let has_flash = face.has_flash();
    helpers::rewrite_marks(face, marks, |span, wording, words| {
        let (replacement, applicability, cr): (&str, _, &'static [&'static str]) = match wording {
            Wording::Designer(DesignerWording::SorcerySpeed) => {
                ("as a sorcery", Applicability::Safe, &["602.5d", "307.5"])
            }
            Wording::Designer(DesignerWording::InstantSpeed) => {
                ("as an instant", Applicability::Safe, &["602.5e", "304.5"])
            }
            _ => {
                let line_start = text[..span.start].rfind('\n').map_or(0, |at| at + 1);
                let line_end = text[span.end..]
                    .find('\n')
                    .map_or(text.len(), |at| span.end + at);
                let alone = text[line_start..span.start].trim().is_empty()
                    && text[span.end..line_end].trim().is_empty();
                // Beside a printed Flash the sentence is one flash too many: removing it is the
                // author's call.
                let applicability = if alone && !has_flash {
                    Applicability::Safe
                } else {
                    Applicability::Unsafe
                };
                ("Flash", applicability, &["702.8a"])
            }
        };
        helpers::Rewrite {
            message: format!(
                "\"{}\" is a designer's wording of \"{replacement}\"",
                words.trim_end_matches('.')
            ),
            replacement,
            applicability,
            cr,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::diagnostic::Applicability;
    use crate::rules::testing::{cases, fix_applied, fixed};

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Instant",
            &[
                "Flash\nDraw a card.",
                "{T}: Draw a card. Activate only as a sorcery.",
                "You may cast spells as though they had flash.",
                "Flash (You may cast this spell at instant speed.)",
                "You may cast creature spells at instant speed.",
                "This spell can be cast at instant speed if you control a Wizard.",
            ],
            &[
                "[[This spell can be cast at instant speed.]]\nDraw a card.",
                "[[You may cast this spell at instant speed.]]\nDraw a card.",
                "{T}: Draw a card. Activate only [[at sorcery speed]].",
                "{T}: Draw a card. Activate only [[at instant speed]].",
            ],
        );
    }

    #[test]
    fn the_fix_writes_the_template() {
        for (text, want) in [
            (
                "This spell can be cast at instant speed.\nDraw a card.",
                "Flash\nDraw a card.",
            ),
            (
                "{T}: Draw a card. Activate only at sorcery speed.",
                "{T}: Draw a card. Activate only as a sorcery.",
            ),
        ] {
            assert_eq!(
                fixed(&LINT, "Instant", text).as_deref(),
                Some(want),
                "{text}"
            );
        }
    }

    /// Flash beside other sentences of its line would not stand on a line of its own.
    #[test]
    fn flash_beside_other_sentences_is_fixed_only_unsafely() {
        let (violation, _) = fix_applied(
            &LINT,
            "Instant",
            "This spell can be cast at instant speed. Draw a card.",
        )
        .expect("a fix");
        assert_eq!(
            violation.fix.map(|fix| fix.applicability),
            Some(Applicability::Unsafe)
        );
    }
}
