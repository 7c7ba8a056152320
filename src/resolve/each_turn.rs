//! Phrases that count within each turn or combat: a limit on how often an ability triggers, and
//! a requirement of each combat.

use super::Meaning;
use crate::model::{Condition, Edge, Kind, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::phrase::ast::{Declared, EachTurn, WhichCombat};

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
        EachTurn::IfAble { declared, combat } => requirement(declared, combat),
    }
}

/// A requirement checked as attackers are declared (508.1d) or blockers are (509.1c): a standing
/// effect on what those steps do, not a duration and not a condition on the moment. Attackers are
/// declared in their controller's turns only, so "each combat" is its controller's (508.1);
/// blockers in any player's.
fn requirement(declared: Declared, combat: WhichCombat) -> Meaning {
    let (occurrence, attacker) = match combat {
        WhichCombat::Each => (Occurrence::Each, Owner::Controller),
        WhichCombat::This => (Occurrence::This, Owner::Any),
        // Linked to the combat an earlier phrase added (antecedent).
        WhichCombat::That => (Occurrence::That, Owner::Any),
    };
    let applies =
        |unit, owner| TimingPoint::new(Role::Applies, Edge::During, unit, occurrence, owner);
    let mut meaning = Meaning::new(Kind::StepEffect);
    if declared != Declared::Blockers {
        meaning = meaning
            .point(applies(Unit::DeclareAttackers, attacker))
            .rule("508.1d");
    }
    if declared != Declared::Attackers {
        meaning = meaning
            .point(applies(Unit::DeclareBlockers, Owner::Any))
            .rule("509.1c");
    }
    meaning
}
