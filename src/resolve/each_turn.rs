//! Phrases that count within each turn or combat: a limit on how often an ability triggers, and
//! a requirement of each combat.

use super::Meaning;
use crate::model::{Condition, Edge, Kind, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::phrase::ast::{EachTurn, WhichCombat};

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
        EachTurn::IfAble => requirement(Occurrence::Each, Owner::Controller),
        // "attacks this combat if able", "attacks that combat if able": the same requirement, of
        // one combat only; "that" is linked to the combat an earlier phrase added (antecedent).
        EachTurn::IfAbleThisCombat => requirement(Occurrence::This, Owner::Any),
        EachTurn::IfAbleThatCombat => requirement(Occurrence::That, Owner::Any),
        // "blocks each combat if able": a requirement the declare blockers step applies (509.1c),
        // in any player's combat; "attacks or blocks" also one of the declare attackers step,
        // which its controller's turns have (508.1d).
        EachTurn::BlocksIfAble {
            also_attacks,
            combat,
        } => {
            let occurrence = match combat {
                WhichCombat::Each => Occurrence::Each,
                WhichCombat::This => Occurrence::This,
                WhichCombat::That => Occurrence::That,
            };
            let attacks = match (also_attacks, combat) {
                (false, _) => Meaning::new(Kind::StepEffect),
                (true, WhichCombat::Each) => requirement(occurrence, Owner::Controller),
                (true, _) => requirement(occurrence, Owner::Any),
            };
            attacks
                .point(TimingPoint::new(
                    Role::Applies,
                    Edge::During,
                    Unit::DeclareBlockers,
                    occurrence,
                    Owner::Any,
                ))
                .rule("509.1c")
        }
    }
}

/// A requirement checked as attackers are declared (508.1d): a standing effect on what the declare
/// attackers step does, not a duration and not a condition on the moment.
fn requirement(occurrence: Occurrence, owner: Owner) -> Meaning {
    Meaning::new(Kind::StepEffect)
        .point(TimingPoint::new(
            Role::Applies,
            Edge::During,
            Unit::DeclareAttackers,
            occurrence,
            owner,
        ))
        .rule("508.1d")
}
