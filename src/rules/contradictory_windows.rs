//! PL204: restrictions of one ability that exclude each other, so that its window never opens.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation};
use crate::diagnostic::Severity;
use crate::model::{Edge, Finding, Owner, Role, Unit};
use crate::phrase::ast::{Form, Phrase, Template, WindowActor};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL204",
    name: "contradictory-windows",
    level: Severity::Error,
    summary: "two restrictions of one ability that exclude each other",
    docs: r#"## What it does
Reports an ability whose restrictions cannot hold at once: "Activate only during your turn and only during an opponent's turn", or "only during your upkeep and only during combat".

## Why
All of an ability's restrictions apply (CR 602.5b). When one allows only your turn and the other only an opponent's, or each names a different phase or step, no moment satisfies both and the window never opens (500.1: each phase and step is its own span of the turn).

## Example
```text
{T}: Tap target creature. Activate only during your turn and only during an opponent's turn.
```

## Fix
Keep the restriction that is meant."#,
    fix: FixAvailability::None,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let mut out = Vec::new();
    for (index, (phrase, finding)) in face.items.iter().enumerate() {
        if !is_continuation(phrase) {
            continue;
        }
        // The window this one continues: the window just before it in the same ability.
        let Some((first, first_finding)) =
            face.items[..index].iter().rev().find(|(earlier, found)| {
                earlier.place.ability == phrase.place.ability
                    && earlier.template != Template::Keyword
                    && found.kind == crate::model::Kind::Window
            })
        else {
            continue;
        };
        if let Some(reason) = contradiction(first_finding, finding) {
            out.push(
                Violation::new(
                    phrase.span,
                    format!(
                        "this restriction contradicts \"{}\": {reason}",
                        first_finding.phrase
                    ),
                )
                .help("the window never opens; keep the restriction that is meant")
                .cr(&["602.5b", "500.1"])
                .label(first.span, "the other restriction"),
            );
        }
    }
    out
}

fn is_continuation(phrase: &Phrase) -> bool {
    matches!(&phrase.form, Form::Window(window) if window.actor == WindowActor::Continued)
}

/// The "during" span (opens as the unit begins, closes as it ends) of a window, with its owner.
fn during(finding: &Finding) -> Option<(Unit, Owner)> {
    let opens = finding
        .timing
        .iter()
        .find(|point| point.role == Role::Opens && point.edge == Edge::Begin)?;
    finding
        .timing
        .iter()
        .any(|point| {
            point.role == Role::Closes && point.edge == Edge::End && point.unit == opens.unit
        })
        .then_some((opens.unit, opens.owner))
}

/// Why two "during" windows never overlap, if they never do.
fn contradiction(a: &Finding, b: &Finding) -> Option<&'static str> {
    let (unit_a, owner_a) = during(a)?;
    let (unit_b, owner_b) = during(b)?;
    let owners = [owner_a, owner_b];
    if owners.contains(&Owner::You) && owners.contains(&Owner::Opponent) {
        return Some("no turn is both yours and an opponent's");
    }
    if !contains(unit_a, unit_b) && !contains(unit_b, unit_a) {
        return Some("no moment is in both of these parts of the turn");
    }
    None
}

/// `outer` includes `inner` (a turn includes everything; a phase includes its steps).
fn contains(outer: Unit, inner: Unit) -> bool {
    use Unit::*;
    outer == inner
        || outer == Turn
        || match outer {
            Beginning => matches!(inner, Untap | Upkeep | Draw),
            Combat => matches!(
                inner,
                BeginningOfCombat | DeclareAttackers | DeclareBlockers | CombatDamage | EndOfCombat
            ),
            Ending => matches!(inner, End | Cleanup),
            Main => matches!(inner, PrecombatMain | PostcombatMain),
            _ => false,
        }
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
            &[
                "{T}: Draw a card. Activate only during your turn and only during combat.",
                "{T}: Draw a card. Activate only during your turn and only once each turn.",
            ],
            &[
                "{T}: Draw a card. Activate only during your turn [[and only during an opponent's turn]].",
                "{T}: Draw a card. Activate only during your upkeep [[and only during combat]].",
            ],
        );
    }
}
