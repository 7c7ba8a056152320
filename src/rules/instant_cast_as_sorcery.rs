//! PL205: "Cast this spell only as a sorcery." on an instant.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation};
use crate::diagnostic::Severity;
use crate::phrase::ast::{Form, Window, WindowActor, WindowTime};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL205",
    name: "instant-cast-as-sorcery",
    level: Severity::Note,
    summary: "an instant whose own text lets it be cast only as a sorcery",
    docs: r#"## What it does
Notes a restriction "Cast this spell only as a sorcery" (or "only any time you could cast a sorcery", "only at sorcery speed") printed on an instant.

## Why
An instant may be cast whenever its controller has priority (CR 304.1); "as a sorcery" restricts that to their own main phase with an empty stack (307.5). Together they make the instant a sorcery in all but name: what is left of "instant" is what other cards say of instants (a spell that copies an instant, "instant and sorcery spells you cast cost {1} less"). That may be the design; often it is a card meant to be a sorcery.

## Example
```text
Instant
Cast this spell only as a sorcery.
Draw two cards.
```

## Fix
None automatic: make the card a sorcery and remove the restriction, or keep both if the instant type is wanted."#,
    fix: FixAvailability::None,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    face.worded()
        .filter(|(phrase, _)| {
            matches!(
                &phrase.form,
                Form::Window(Window {
                    actor: WindowActor::CastThisSpell,
                    time: Some(WindowTime::Sorcery),
                    ..
                })
            ) && !phrase.place.in_quotes
        })
        // The type line is read only for a face that has such a restriction: most have none.
        .filter(|_| face.has_type("instant"))
        .map(|(phrase, _)| {
            Violation::new(
                phrase.span,
                "an instant that may be cast only as a sorcery is a sorcery in all but name",
            )
            .help("if the card is meant to be cast only as a sorcery, make it a sorcery")
            .cr(&["304.1", "307.5"])
        })
        .collect()
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
                "Cast this spell only during combat.\nDraw a card.",
                "Draw a card.",
                "{T}: Draw a card. Activate only as a sorcery.",
            ],
            &[
                "[[Cast this spell only as a sorcery]].\nDraw two cards.",
                "[[Cast this spell only at sorcery speed]].\nDraw two cards.",
            ],
        );
        // On a sorcery the restriction says what the type already does: not this rule's.
        cases(
            &LINT,
            "Sorcery",
            &["Cast this spell only as a sorcery.\nDraw."],
            &[],
        );
    }
}
