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
        EachTurn::Limited | EachTurn::EachCombat => limit_rules(limit_of(clause))
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

/// What a limit counted within each turn or combat limits, by the verb of its clause: the rule
/// that checks it differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LimitOf {
    /// "Activate no more than twice each turn" (602.5b).
    Activations,
    /// "No more than one creature can attack each combat" (508.1c).
    Attacks,
    /// "can block an additional creature each combat" (509.1a, 509.1b).
    Blocks,
    /// "You may play an additional land each turn" (305.2).
    LandPlays,
    /// Anything else, spells and cards: "can't cast more than one spell each turn" (101.2).
    Other,
}

/// What the limit at the end of `clause` counts ("Activate no more than twice each turn", "can
/// block an additional creature each combat"): the verb nearest the count decides.
fn limit_of(clause: &str) -> LimitOf {
    const VERBS: &[(&str, LimitOf)] = &[
        ("activate", LimitOf::Activations),
        ("attack", LimitOf::Attacks),
        ("block", LimitOf::Blocks),
        ("land", LimitOf::LandPlays),
        ("cast", LimitOf::Other),
        ("spell", LimitOf::Other),
    ];
    let clause = clause.to_ascii_lowercase();
    VERBS
        .iter()
        .filter_map(|&(verb, limit)| clause.rfind(verb).map(|at| (at, limit)))
        .max_by_key(|&(at, _)| at)
        .map_or(LimitOf::Other, |(_, limit)| limit)
}

/// The rules that check a limit counted within each turn or combat, by what it limits: an
/// activation restriction (602.5b), a restriction on attacks (508.1c) or blocks (509.1a, 509.1b),
/// land plays (305.2), and anything else a "can't" that overrides what allows more (101.2).
fn limit_rules(limit: LimitOf) -> &'static [&'static str] {
    match limit {
        LimitOf::Activations => &["602.5b"],
        LimitOf::Attacks => &["508.1c"],
        LimitOf::Blocks => &["509.1a", "509.1b"],
        LimitOf::LandPlays => &["305.2"],
        LimitOf::Other => &["101.2"],
    }
}

/// Whether `rule` is one that checks a limit counted within each turn or combat: a reference
/// citing one limits how often something happens.
pub fn checks_a_limit(rule: &str) -> bool {
    [
        LimitOf::Activations,
        LimitOf::Attacks,
        LimitOf::Blocks,
        LimitOf::LandPlays,
        LimitOf::Other,
    ]
    .iter()
    .any(|&limit| limit_rules(limit).contains(&rule))
}
