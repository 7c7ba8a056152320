//! Phrases that count within each turn or combat: a limit on how often an ability triggers, and
//! a requirement of each combat.

use super::{Meaning, caveats};
use crate::model::{Condition, Edge, Kind, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::phrase::ast::{Declared, EachTurn, WhichCombat};

/// A phrase that counts within each turn or combat.
pub fn each_turn(each: EachTurn, clause: &str) -> Meaning {
    match each {
        // "This ability triggers only once each turn", "Do this only once each turn": a limit on
        // how often the ability triggers, part of its trigger condition (603.2h).
        EachTurn::OnlyOnce => Meaning::new(Kind::Trigger)
            .condition(Condition::OncePerTurn)
            .rule("603.2h"),
        EachTurn::OnlyTwice => Meaning::new(Kind::Trigger)
            .rule("603.2h")
            .caveat(caveats::triggers_twice_each_turn()),
        EachTurn::Counted => Meaning::new(Kind::Reference),
        EachTurn::Limited | EachTurn::EachCombat => limit_rules(clause)
            .iter()
            .fold(Meaning::new(Kind::Reference), |meaning, rule| {
                meaning.rule(rule)
            }),
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

/// The rules that check a limit counted within each turn or combat, by the verb of its clause
/// that names what it limits: an activation restriction (602.5b), a restriction on attacks
/// (508.1c) or blocks (509.1a, 509.1b), land plays (305.2); spells and anything else take
/// `OTHER_LIMIT`.
const LIMIT_VERBS: &[(&str, &[&str])] = &[
    ("activate", &["602.5b"]),
    ("attack", &["508.1c"]),
    ("block", &["509.1a", "509.1b"]),
    ("land", &["305.2"]),
    ("cast", OTHER_LIMIT),
    ("spell", OTHER_LIMIT),
];

/// A limit on anything else ("can't cast more than one spell each turn"): a "can't" overrides
/// what allows more (101.2).
const OTHER_LIMIT: &[&str] = &["101.2"];

/// The rules of the limit at the end of `clause` ("Activate no more than twice each turn", "can
/// block an additional creature each combat"): the verb nearest the count decides.
fn limit_rules(clause: &str) -> &'static [&'static str] {
    let clause = clause.to_ascii_lowercase();
    LIMIT_VERBS
        .iter()
        .filter_map(|&(verb, rules)| clause.rfind(verb).map(|at| (at, rules)))
        .max_by_key(|&(at, _)| at)
        .map_or(OTHER_LIMIT, |(_, rules)| rules)
}

/// Whether `rule` is one that checks a limit counted within each turn or combat: a reference
/// citing one limits how often something happens.
pub fn checks_a_limit(rule: &str) -> bool {
    LIMIT_VERBS.iter().any(|(_, rules)| rules.contains(&rule))
}
