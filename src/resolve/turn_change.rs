//! Turn changes: extra turns (500.7), additional phases (500.8, 505.1a) and steps (500.9), and
//! skipped units (500.11, 614.10).

use super::vocabulary::{PlainMeans, occurrence, owner, unit};
use super::{Meaning, caveats};
use crate::model::{Edge, Kind, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::phrase::ast::{TurnChange, UnitName};

fn adds_after(unit: Unit) -> TimingPoint {
    TimingPoint::new(Role::Adds, Edge::End, unit, Occurrence::This, Owner::Any)
}

/// The unit in progress, ended at once (723).
fn ends(unit: Unit) -> TimingPoint {
    TimingPoint::new(Role::Ends, Edge::During, unit, Occurrence::This, Owner::Any)
}

/// A change to the structure of a turn.
pub fn turn_change(change: &TurnChange) -> Meaning {
    let meaning = Meaning::new(Kind::TurnChange);
    match change {
        TurnChange::ExtraTurn { instead, .. } => {
            let meaning = meaning.point(adds_after(Unit::Turn)).rule("500.7");
            if *instead {
                meaning
                    .rule("614.1a")
                    .caveat(caveats::extra_turn_in_place())
            } else {
                meaning
            }
        }
        // Only if its gift was promised as the spell was cast (702.174b).
        TurnChange::GiftExtraTurn => meaning
            .point(adds_after(Unit::Turn))
            .rule("702.174g")
            .rule("500.7")
            .caveat(caveats::only_if_gift_promised()),
        // After the turn an earlier phrase named (`that`, linked by `antecedent`).
        TurnChange::ExtraTurnAfterThat => meaning
            .point(TimingPoint::new(
                Role::Adds,
                Edge::End,
                Unit::Turn,
                Occurrence::That,
                Owner::Any,
            ))
            .rule("500.7"),
        TurnChange::AdditionalPhases {
            after_main,
            after_counted,
            phases,
        } => {
            let after = match after_counted {
                // "After the first combat phase this turn": that phase of this turn (505.1b).
                Some(counted) => TimingPoint::new(
                    Role::Adds,
                    Edge::End,
                    unit(counted.name),
                    occurrence(counted, PlainMeans::This),
                    Owner::Any,
                ),
                None if *after_main => adds_after(Unit::Main),
                None => adds_after(Unit::Phase),
            };
            let meaning = meaning.point(after).rule("500.8");
            // 505.1a classes main phases: cited only where a main phase is added.
            if phases
                .iter()
                .any(|p| matches!(p, UnitName::Main | UnitName::PostcombatMain))
            {
                meaning
                    .rule("505.1a")
                    .caveat(caveats::added_main_is_postcombat())
            } else {
                meaning
            }
        }
        TurnChange::StepAfterPhase { you_get, .. } => given(
            meaning
                .point(adds_after(Unit::Phase))
                .rule("500.8")
                .rule("500.10")
                .caveat(caveats::phase_created_for_step()),
            *you_get,
        ),
        TurnChange::AdditionalStep { you_get, .. } => given(
            meaning.point(adds_after(Unit::Step)).rule("500.9"),
            *you_get,
        ),
        TurnChange::Skip(unit_ref) => meaning
            .point(TimingPoint::new(
                Role::Skips,
                Edge::Begin,
                unit(unit_ref.name),
                occurrence(unit_ref, PlainMeans::Each),
                owner(unit_ref.owner),
            ))
            .rule("500.11")
            .rule("614.10"),
        // A replacement: the step its condition names ("if you would begin your draw step") is
        // skipped as it would begin (614.10).
        TurnChange::SkipThatStep => meaning
            .point(TimingPoint::new(
                Role::Skips,
                Edge::Begin,
                Unit::Step,
                Occurrence::Each,
                Owner::Any,
            ))
            .rule("614.10")
            .caveat(caveats::skips_what_the_condition_names()),
        // The unit is a player's choice: no point of the turn names it.
        TurnChange::SkipChosen => meaning.rule("500.11").rule("614.10"),
        // The game goes straight to the cleanup step (723.1d).
        TurnChange::EndTurn => meaning
            .point(ends(Unit::Turn))
            .rule("723.1")
            .caveat(caveats::ends_the_turn()),
        // Straight to the next phase; outside combat nothing happens (723.2d, 723.2g).
        TurnChange::EndCombat => meaning
            .point(ends(Unit::Combat))
            .rule("723.2")
            .caveat(caveats::ends_the_combat_phase()),
        // A standing replacement: every turn its condition names is skipped (614.10).
        TurnChange::SkipThatTurn => meaning
            .point(TimingPoint::new(
                Role::Skips,
                Edge::Begin,
                Unit::Turn,
                Occurrence::Each,
                Owner::Any,
            ))
            .rule("614.10")
            .caveat(caveats::skips_what_the_condition_names()),
    }
}

/// A step or phase "you get" is added only to its controller's own turn (500.10a).
fn given(meaning: Meaning, you_get: bool) -> Meaning {
    if you_get {
        meaning
            .rule("500.10a")
            .caveat(caveats::not_on_another_players_turn())
    } else {
        meaning
    }
}
