//! Turn-based actions that reminder text spells out: they happen at a point of the turn without
//! triggering or using the stack (703.1).

use super::Meaning;
use super::vocabulary::{PlainMeans, occurrence, owner, unit};
use crate::model::{Edge, Kind, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::phrase::ast::TurnBasedAction;

pub fn turn_based_action(action: &TurnBasedAction) -> Meaning {
    let meaning = Meaning::new(Kind::TurnBasedAction);
    match action {
        // Phasing happens as the untap step begins, before anything untaps (502.1).
        TurnBasedAction::Phasing(unit_ref) => meaning
            .point(TimingPoint::new(
                Role::Happens,
                Edge::Begin,
                unit(unit_ref.name),
                occurrence(unit_ref, PlainMeans::Each),
                owner(unit_ref.owner),
            ))
            .rule("502.1")
            .rule("702.26a"),
        // The lore counter is put on as the precombat main phase begins (714.3b).
        TurnBasedAction::LoreCounter => meaning
            .point(TimingPoint::new(
                Role::Happens,
                Edge::Begin,
                Unit::PrecombatMain,
                Occurrence::Each,
                Owner::You,
            ))
            .rule("714.3b"),
    }
}

/// Day or night changes as the untap step begins, after phasing, a turn-based action of no one
/// (502.2): in the untap step `occurrence` names.
pub fn day_night_change(occurrence: Occurrence) -> Meaning {
    Meaning::new(Kind::TurnBasedAction)
        .point(TimingPoint::new(
            Role::Happens,
            Edge::Begin,
            Unit::Untap,
            occurrence,
            Owner::Any,
        ))
        .rule("502.2")
}
