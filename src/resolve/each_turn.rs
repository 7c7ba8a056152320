//! Phrases that count within each turn or combat: a limit on how often an ability triggers, and
//! a requirement of each combat.

use super::Meaning;
use crate::model::{Condition, Edge, Kind, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::phrase::ast::EachTurn;

/// A phrase that counts within each turn or combat.
pub fn each_turn(each: EachTurn) -> Meaning {
    match each {
        // "This ability triggers only once each turn", "Do this only once each turn": a limit on
        // how often the ability triggers, part of its trigger condition (603.2h).
        EachTurn::OnlyOnce => Meaning::new(Kind::Trigger)
            .condition(Condition::OncePerTurn)
            .rule("603.2h"),
        EachTurn::Counted | EachTurn::Limited | EachTurn::EachCombat => {
            Meaning::new(Kind::Reference)
        }
        // "attacks each combat if able": a requirement the declare attackers step applies in each
        // combat of its controller's turns (508.1d).
        EachTurn::IfAble => Meaning::new(Kind::StepEffect)
            .point(TimingPoint::new(
                Role::Applies,
                Edge::During,
                Unit::DeclareAttackers,
                Occurrence::Each,
                Owner::Controller,
            ))
            .rule("508.1d"),
    }
}
