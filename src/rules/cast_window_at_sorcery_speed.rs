//! PL203: "Cast this spell only during combat" (or another time outside your main phase) on a
//! card that can be cast only as a sorcery.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation};
use crate::diagnostic::Severity;
use crate::model::{Edge, Finding, Owner, Role, Unit};
use crate::phrase::ast::{Form, WindowActor};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL203",
    name: "cast-window-at-sorcery-speed",
    level: Severity::Error,
    summary: "a spell that is cast at sorcery speed restricted to a time outside your main phase",
    docs: r#"## What it does
Reports "Cast this spell only during combat" (or during an upkeep, an end step, an opponent's turn, ...) on a card that is not an instant, has no flash, and whose text does not let it be cast as though it had flash ("You may cast this spell as though it had flash", even under a condition or for an added cost, CR 601.3c, 601.3d; or "any time you could cast an instant", 702.8a).

## Why
Sorceries, and creature, artifact, enchantment, planeswalker and battle spells, can be cast only in a main phase of their controller's turn with an empty stack (CR 307.1, 505.6a). A restriction to any other time leaves no moment at which the spell can be cast.

## Example
```text
Sorcery
Cast this spell only during combat.
```

## Fix
Make the card an instant, give it flash or a permission to cast it as though it had flash, or drop the restriction."#,
    fix: FixAvailability::None,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let mut outside = face
        .items
        .iter()
        .filter(|(phrase, _)| {
            matches!(&phrase.form, Form::Window(window) if window.actor == WindowActor::CastThisSpell)
        })
        .filter(|(_, finding)| outside_your_main_phases(finding))
        .peekable();
    // Few faces have such a window; whether the face is cast at sorcery speed reads its text.
    if outside.peek().is_none() || face.casts_at_sorcery_speed() != Some(true) {
        return Vec::new();
    }
    outside
        .map(|(phrase, _)| {
            Violation::new(
                phrase.span,
                "this spell can never be cast: it is cast only in your main phase, which this window excludes",
            )
            .help("a card without flash that is not an instant is cast only in a main phase of your turn with an empty stack; make it an instant or give it flash")
            .cr(&["307.1", "505.6a"])
        })
        .collect()
}

/// The window is a span of time outside the main phases of your turn: it opens as some other
/// phase or step begins, or it is in an opponent's turn. Windows that open after a point ("after
/// combat") or close before one ("before blockers are declared") include a main phase.
fn outside_your_main_phases(finding: &Finding) -> bool {
    let in_main = |unit: Unit| {
        matches!(
            unit,
            Unit::Main | Unit::PrecombatMain | Unit::PostcombatMain | Unit::Turn
        )
    };
    finding.timing.iter().any(|point| {
        (point.role == Role::Opens && point.edge == Edge::Begin && !in_main(point.unit))
            || (matches!(point.role, Role::Opens | Role::Closes) && point.owner == Owner::Opponent)
    })
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::rules::testing::cases;

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Sorcery",
            &[
                "Cast this spell only during your turn.",
                "Cast this spell only before combat.",
                "Cast this spell only after combat.",
                "Flash\nCast this spell only during combat.",
                // It may be cast as though it had flash (113.6e, 601.3c, 601.3d, 702.8a).
                "Cast this spell only during your upkeep.\nYou may cast this spell as though it had flash.",
                "You may cast this spell as though it had flash if you pay {2} more to cast it.\nCast this spell only during combat.",
                "Cast this spell only during an opponent's turn.\nAs long as you control a Wizard, you may cast this spell as though it had flash.",
                "Cast this spell only during combat.\nYou may cast this card any time you could cast an instant.",
            ],
            &[
                "[[Cast this spell only during combat]].",
                "[[Cast this spell only during an opponent's turn]].",
                "[[Cast this spell only during your end step]].",
                // Permissions for other spells are a permanent's, not this card's while it is
                // cast, and activating abilities at instant speed is no permission to cast.
                "[[Cast this spell only during your upkeep]].\nYou may cast creature spells as though they had flash.",
                "[[Cast this spell only during combat]].\nYou may activate abilities any time you could cast an instant.",
            ],
        );
    }

    #[test]
    fn instants_may_be_cast_in_combat() {
        cases(
            &LINT,
            "Instant",
            &["Cast this spell only during combat."],
            &[],
        );
    }
}
