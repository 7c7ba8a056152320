//! Durations: "until" a step or phase begins (500.4), "until the end of" one (500.5), "until end
//! of turn" and "this turn" (514.2), and durations bound to a condition (610.3, 611.2b).

use super::vocabulary::{PlainMeans, occurrence, owner, unit};
use super::{Meaning, caveats};
use crate::model::{Edge, Kind, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::phrase::ast::{ClauseKind, ThisUnit, UnitRef, Until, WhileCondition};

fn expires(edge: Edge, unit: Unit, occurrence: Occurrence, owner: Owner) -> TimingPoint {
    TimingPoint::new(Role::Expires, edge, unit, occurrence, owner)
}

fn end_of_this_turn() -> TimingPoint {
    expires(Edge::Cleanup, Unit::Turn, Occurrence::This, Owner::Any)
}

fn end_of_this_combat() -> TimingPoint {
    expires(Edge::End, Unit::Combat, Occurrence::This, Owner::Any)
}

/// "during its controller's next turn": the effect applies from that turn's beginning to its end
/// (611.2a).
pub fn during(unit_ref: &UnitRef) -> Meaning {
    let during_unit = unit(unit_ref.name);
    let during_occurrence = occurrence(unit_ref, PlainMeans::This);
    let during_owner = owner(unit_ref.owner);
    Meaning::new(Kind::Duration)
        .point(TimingPoint::new(
            Role::Opens,
            Edge::Begin,
            during_unit,
            during_occurrence,
            during_owner,
        ))
        .point(expires(
            Edge::End,
            during_unit,
            during_occurrence,
            during_owner,
        ))
        .rule("611.2a")
}

/// An "until" duration.
pub fn until(until: &Until) -> Meaning {
    let meaning = Meaning::new(Kind::Duration);
    match until {
        Until::EndOfTurn => meaning
            .point(end_of_this_turn())
            .rule("500.5b")
            .rule("514.2"),
        Until::EndOfCombat => meaning
            .point(end_of_this_combat())
            .rule("500.5a")
            .rule("511.2"),
        Until::EndOfCombatOn(word) => meaning
            .point(expires(
                Edge::End,
                Unit::Combat,
                Occurrence::NextTurn,
                owner(Some(*word)),
            ))
            .rule("500.5a")
            .rule("511.2")
            .caveat(caveats::each_combat_phase()),
        Until::RestOfGame => meaning
            .point(expires(Edge::End, Unit::Game, Occurrence::This, Owner::Any))
            .rule("611.2a"),
        Until::TheEndOf(unit_ref) => {
            let point_unit = unit(unit_ref.name);
            let point_occurrence = occurrence(unit_ref, PlainMeans::This);
            let point_owner = owner(unit_ref.owner);
            if point_unit == Unit::Turn {
                // A turn's "until end of turn" effects end in its cleanup step, not as it ends.
                meaning
                    .point(expires(
                        Edge::Cleanup,
                        Unit::Turn,
                        point_occurrence,
                        point_owner,
                    ))
                    .rule("514.2")
            } else {
                meaning
                    .point(expires(
                        Edge::End,
                        point_unit,
                        point_occurrence,
                        point_owner,
                    ))
                    .rule("500.5")
            }
        }
        Until::Unit(unit_ref) => meaning
            .point(expires(
                Edge::Begin,
                unit(unit_ref.name),
                occurrence(unit_ref, PlainMeans::Next),
                owner(unit_ref.owner),
            ))
            .rule("500.4"),
    }
}

/// A clause that lasts "this turn" or "this combat".
pub fn this_span(unit: ThisUnit) -> Meaning {
    let meaning = Meaning::new(Kind::Duration);
    match unit {
        ThisUnit::Turn => meaning.point(end_of_this_turn()).rule("514.2"),
        ThisUnit::Combat => meaning.point(end_of_this_combat()).rule("511.3"),
        // The turn or combat an earlier phrase named (`that`, linked by `antecedent`).
        ThisUnit::ThatTurn => meaning
            .point(expires(
                Edge::Cleanup,
                Unit::Turn,
                Occurrence::That,
                Owner::Any,
            ))
            .rule("514.2"),
        ThisUnit::ThatCombat => meaning
            .point(expires(
                Edge::End,
                Unit::Combat,
                Occurrence::That,
                Owner::Any,
            ))
            .rule("511.3"),
    }
}

/// A duration that lasts while a condition holds: no point on the turn.
pub fn while_condition(condition: WhileCondition) -> Meaning {
    let meaning = Meaning::new(Kind::ObjectDuration);
    match condition {
        WhileCondition::ForAsLongAs => meaning.rule("611.2b"),
        WhileCondition::StaticAsLongAs => meaning.rule("611.3a"),
        WhileCondition::UntilLeavesTheBattlefield => meaning.rule("610.3"),
        WhileCondition::UntilLeavesInPlace => meaning.rule("611.2a"),
        WhileCondition::UntilAbandoned => meaning.rule("701.33").rule("904.11"),
        WhileCondition::UntilEvent => meaning.rule("611.2a"),
        WhileCondition::UntilTurnOfGame => meaning.rule("611.2a").rule("500.1"),
    }
}

impl Meaning {
    /// The duration of a phasing out: the permanent phases in when it ends, by a second one-shot
    /// effect and not in its controller's untap step (610.4, 610.4a), which is not a zone
    /// change's return (610.3).
    pub fn phased_out(mut self) -> Meaning {
        self.rules.retain(|rule| *rule != "610.3");
        self.rule("610.4").rule("610.4a")
    }
}

/// A clause ending in "this turn" or "this combat".
pub fn this_turn_clause(clause: ClauseKind, unit: ThisUnit, opens_ability: bool) -> Meaning {
    match clause {
        ClauseKind::Duration => this_span(unit),
        // A prevention shield: used up once it prevents, if that comes before cleanup (615.3).
        ClauseKind::ShieldDuration => this_span(unit).caveat(caveats::ends_when_used()),
        // A printed trigger's "this turn" counts events ("dealt damage by this creature this
        // turn"); made by an effect, it is a delayed trigger that lasts this turn (603.7b).
        ClauseKind::TriggerDuration if opens_ability => Meaning::new(Kind::Reference),
        ClauseKind::TriggerDuration => Meaning {
            kind: Kind::DelayedTrigger,
            ..this_span(unit).rule("603.7b")
        },
        // "When you next cast a spell this turn": it waits for one event (603.7b).
        ClauseKind::NextTriggerDuration => Meaning {
            kind: Kind::DelayedTrigger,
            ..this_span(unit)
                .rule("603.7b")
                .caveat(caveats::triggers_once())
        },
        ClauseKind::Reference => Meaning::new(Kind::Reference),
    }
}
