//! Windows: when a spell may be cast or an ability activated. Combat windows follow 506.7 (and
//! 506.7g for abilities); sorcery timing 307.5, and 602.5d for activated abilities only. A window
//! whose time has no rule of its own cites the rule of what it restricts.

use super::Meaning;
use super::caveats::{self, MissingPoint};
use super::vocabulary::{PlainMeans, occurrence, owner, unit};
use crate::model::{Condition, Edge, Kind, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::phrase::ast::{
    CombatPoint, LaterBy, OwnerWord, Quantifier, Window, WindowActor, WindowTime,
};
use crate::phrase::keywords::{keyword_at, special_action};

fn point(role: Role, edge: Edge, unit: Unit, occurrence: Occurrence, owner: Owner) -> TimingPoint {
    TimingPoint::new(role, edge, unit, occurrence, owner)
}

/// A window that is open for the whole of each matching unit.
fn open_during(meaning: Meaning, unit: Unit, occurrence: Occurrence, owner: Owner) -> Meaning {
    meaning
        .point(point(Role::Opens, Edge::Begin, unit, occurrence, owner))
        .point(point(Role::Closes, Edge::End, unit, occurrence, owner))
}

/// "on a later turn": open from the first turn after the current one, on each turn after it,
/// under the rule of the keyword whose reminder it is.
pub fn later_turn(by: LaterBy) -> Meaning {
    if by == LaterBy::Plot {
        // A plotted card is cast in its owner's main phase with the stack empty, whatever its
        // type (702.170d).
        return open_during(
            Meaning::new(Kind::Window),
            Unit::Main,
            Occurrence::Later,
            Owner::You,
        )
        .condition(Condition::StackEmpty)
        .rule("702.170d");
    }
    let meaning = Meaning::new(Kind::Window).point(point(
        Role::Opens,
        Edge::Begin,
        Unit::Turn,
        Occurrence::Later,
        Owner::Any,
    ));
    let meaning = match by {
        LaterBy::Foretell => meaning.rule("702.143a"),
        LaterBy::Foretold => meaning.rule("702.143d"),
        LaterBy::Warp => meaning.rule("702.185a"),
        LaterBy::Plot | LaterBy::Unnamed => return meaning,
    };
    // Only the turn is the keyword's: the card is cast with its own timing (307.1).
    meaning.caveat(caveats::own_timing_still_applies())
}

/// "as though it had flash": the window flash gives, any time its caster could cast an instant;
/// no point of the turn opens or closes it (702.8a).
pub fn flash_permission() -> Meaning {
    Meaning::new(Kind::Window).rule("702.8a")
}

/// What a window restricts, which decides the rules that give the restriction its force.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Restricted {
    /// An activated ability's instructions (602.1b); "as a sorcery" is 602.5d's.
    Activation,
    /// Casting a spell: a rule or effect may prohibit it (601.3).
    Cast,
    /// A keyword used by a special action (116.2): the keyword's rule and the action's.
    SpecialAction {
        keyword: &'static str,
        action: &'static str,
    },
    /// An effect with no actor of its own, a static ability's (611.3a): "During your turn, you
    /// may ...", "Players can cast spells only during their own turns".
    Effect,
}

impl Restricted {
    fn of(actor: &WindowActor) -> Restricted {
        match actor {
            // "and only ..." continues an activation's instructions on every card that prints it.
            WindowActor::Activate { .. } | WindowActor::Play { .. } | WindowActor::Continued => {
                Restricted::Activation
            }
            WindowActor::CastThisSpell => Restricted::Cast,
            WindowActor::Keyword(name) => special_action(name).zip(keyword_at(name)).map_or(
                Restricted::Activation,
                |(action, (keyword, _))| Restricted::SpecialAction {
                    keyword: keyword.rule,
                    action,
                },
            ),
            WindowActor::Unstated => Restricted::Effect,
        }
    }

    /// The rule of the restriction itself, for a time that has no rule of its own.
    fn cite(self, meaning: Meaning) -> Meaning {
        match self {
            Restricted::Activation => meaning.rule("602.1b"),
            Restricted::Cast => meaning.rule("601.3"),
            Restricted::SpecialAction { keyword, action } => meaning.rule(keyword).rule(action),
            Restricted::Effect => meaning.rule("611.3a"),
        }
    }

    /// "as a sorcery" and "as an instant": an activated ability's own rule (602.5d, 602.5e), a
    /// special action's, or none but the timing rule.
    fn cite_speed(self, meaning: Meaning, activated: &'static str) -> Meaning {
        match self {
            Restricted::Activation => meaning.rule(activated),
            Restricted::SpecialAction { keyword, action } => meaning.rule(keyword).rule(action),
            Restricted::Cast | Restricted::Effect => meaning,
        }
    }
}

/// A casting or activation window.
pub fn window(window: &Window) -> Meaning {
    let mut meaning = Meaning::new(Kind::Window);
    let restricted = Restricted::of(&window.actor);
    if let Some(time) = window.time {
        meaning = window_time(meaning, time, restricted);
    }
    // Both bounds hold: the window closes at whichever point comes first.
    if let Some(bound) = window.bound {
        meaning = window_time(meaning, bound, restricted);
    }
    if window.once_each_turn {
        meaning = meaning.condition(Condition::OncePerTurn).rule("602.5b");
    }
    if window.twice_each_turn {
        meaning = meaning.rule("602.5b").caveat(caveats::twice_each_turn());
    }
    meaning
}

fn window_time(meaning: Meaning, time: WindowTime, restricted: Restricted) -> Meaning {
    match time {
        WindowTime::Sorcery => restricted
            .cite_speed(
                open_during(meaning, Unit::Main, Occurrence::Each, Owner::You),
                "602.5d",
            )
            .condition(Condition::StackEmpty)
            .rule("307.5"),
        WindowTime::SorceryFor(word) => {
            open_during(meaning, Unit::Main, Occurrence::Each, owner(Some(word)))
                .condition(Condition::StackEmpty)
                .rule("307.5")
                .rule("117.1a")
        }
        // Whenever its controller has priority: no point of the turn opens or closes it (117.1a,
        // 702.8a for flash).
        WindowTime::Instant => restricted.cite_speed(meaning, "602.5e").rule("117.1a"),
        WindowTime::InstantAnyTime => meaning.rule("117.1a").rule("702.8a"),
        // Loyalty abilities at an instant's timing: the rest of 606.3, one a turn, still holds.
        WindowTime::LoyaltyAnyTime => meaning
            .rule("117.1a")
            .rule("606.3")
            .caveat(caveats::loyalty_once_each_turn()),
        // 606.3's own window (a main phase of its controller's turn, the stack empty), with
        // two activations a turn in place of one.
        WindowTime::LoyaltyTwice => open_during(meaning, Unit::Main, Occurrence::Each, Owner::You)
            .condition(Condition::StackEmpty)
            .rule("606.3")
            .caveat(caveats::loyalty_twice_each_turn()),
        WindowTime::DuringCombat { on_turn } => {
            open_during(meaning, Unit::Combat, Occurrence::Each, owner(on_turn))
                .rule("506.7c")
                .caveat(caveats::each_combat_phase())
        }
        WindowTime::DuringCombatAfterBlockers => meaning
            .point(point(
                Role::Opens,
                Edge::Begin,
                Unit::DeclareBlockers,
                Occurrence::Each,
                Owner::Any,
            ))
            .point(point(
                Role::Closes,
                Edge::End,
                Unit::Combat,
                Occurrence::Each,
                Owner::Any,
            ))
            .rule("506.7c")
            .rule("506.7f")
            .caveat(caveats::no_window_without_blockers_step()),
        WindowTime::DuringCombatBeforeBlockers => meaning
            .point(point(
                Role::Opens,
                Edge::Begin,
                Unit::Combat,
                Occurrence::Each,
                Owner::Any,
            ))
            .point(point(
                Role::Closes,
                Edge::Begin,
                Unit::DeclareBlockers,
                Occurrence::Each,
                Owner::Any,
            ))
            .rule("506.7b")
            .rule("506.7c")
            .caveat(caveats::point_may_be_skipped(MissingPoint::Step)),
        // Open from the turn's start until blockers are declared in its first combat phase, and in
        // each later combat phase until its blockers are declared: "during combat" is 506.7c's
        // criterion, so the first combat is not the only one (506.7d does not apply).
        WindowTime::BeforeBlockersAnyCombat => meaning
            .point(point(
                Role::Closes,
                Edge::Begin,
                Unit::DeclareBlockers,
                Occurrence::First,
                Owner::Any,
            ))
            .rule("506.7b")
            .rule("506.7c")
            .caveat(caveats::later_combats_before_blockers())
            .caveat(caveats::point_may_be_skipped(MissingPoint::StepOrCombat)),
        // "before the end step": closed as that step begins, in each turn the window is open in.
        // It bounds a window whose time cites the restriction, or is a payment's deadline.
        WindowTime::BeforeUnit(unit_ref) => meaning.point(point(
            Role::Closes,
            Edge::Begin,
            unit(unit_ref.name),
            occurrence(&unit_ref, PlainMeans::Each),
            owner(unit_ref.owner),
        )),
        WindowTime::Before(at) => {
            let (edge, at_unit, rule) = combat_point(at);
            meaning
                .point(point(
                    Role::Closes,
                    edge,
                    at_unit,
                    Occurrence::First,
                    Owner::Any,
                ))
                .rule(rule)
                .rule("506.7d")
                .caveat(caveats::first_combat_only())
                .caveat(caveats::point_may_be_skipped(missing_point(at)))
        }
        WindowTime::After(at) => {
            let (edge, at_unit, rule) = combat_point(at);
            let edge = if at == CombatPoint::Combat {
                Edge::End
            } else {
                edge
            };
            meaning
                .point(point(
                    Role::Opens,
                    edge,
                    at_unit,
                    Occurrence::First,
                    Owner::Any,
                ))
                .rule(rule)
                .rule("506.7d")
                .caveat(caveats::first_combat_only())
        }
        WindowTime::AfterUpkeep(word) => meaning
            .point(point(
                Role::Opens,
                Edge::End,
                Unit::Upkeep,
                Occurrence::First,
                owner(Some(word)),
            ))
            .rule("503.2")
            .caveat(caveats::after_first_upkeep()),
        WindowTime::DuringTurn(word) => restricted.cite(open_during(
            meaning,
            Unit::Turn,
            Occurrence::Each,
            actor_owner(Some(word)),
        )),
        WindowTime::During(unit_ref) => {
            let during_unit = unit(unit_ref.name);
            let during_occurrence = match unit_ref.quantifier {
                Quantifier::Plain | Quantifier::Any => Occurrence::Each,
                _ => occurrence(&unit_ref, PlainMeans::Each),
            };
            let meaning = open_during(
                meaning,
                during_unit,
                during_occurrence,
                actor_owner(unit_ref.owner),
            );
            priority_note(meaning, during_unit, restricted)
        }
    }
}

/// Whose turn a window names. "Their" in a restriction is the player who casts or activates,
/// who is "you" (109.5): "Players can cast spells only during their own turns".
fn actor_owner(word: Option<OwnerWord>) -> Owner {
    match word {
        Some(OwnerWord::Their) => Owner::You,
        other => owner(other),
    }
}

/// The unit, edge and rule of a point in combat (506.7a, 506.7b). "Before combat" closes as the
/// combat phase begins; "after combat" opens as it ends.
fn combat_point(at: CombatPoint) -> (Edge, Unit, &'static str) {
    match at {
        CombatPoint::AttackersDeclared => (Edge::Begin, Unit::DeclareAttackers, "506.7a"),
        CombatPoint::BlockersDeclared => (Edge::Begin, Unit::DeclareBlockers, "506.7b"),
        CombatPoint::CombatDamageStep => (Edge::Begin, Unit::CombatDamage, "506.7"),
        CombatPoint::EndOfCombatStep => (Edge::Begin, Unit::EndOfCombat, "506.7"),
        CombatPoint::Combat => (Edge::Begin, Unit::Combat, "506.7"),
    }
}

/// What can take a combat point away (506.7e): 508.8 skips the declare blockers and combat
/// damage steps when no creature attacks; the declare attackers and end of combat steps are in
/// every combat phase that happens (506.1, 506.7a), so only a skipped combat phase takes them,
/// or the combat phase itself, away.
fn missing_point(at: CombatPoint) -> MissingPoint {
    match at {
        CombatPoint::BlockersDeclared | CombatPoint::CombatDamageStep => MissingPoint::StepOrCombat,
        CombatPoint::AttackersDeclared | CombatPoint::EndOfCombatStep | CombatPoint::Combat => {
            MissingPoint::Combat
        }
    }
}

/// The rule that gives players priority in the unit a window names, or the caveat that says
/// they get none there; in a turn or a phase, the rule of the restriction.
fn priority_note(meaning: Meaning, during: Unit, restricted: Restricted) -> Meaning {
    match during {
        Unit::Untap => meaning
            .rule("502.4")
            .caveat(caveats::untap_has_no_priority()),
        Unit::Upkeep => meaning.rule("503.1"),
        Unit::Draw => meaning.rule("504.2"),
        Unit::PrecombatMain | Unit::PostcombatMain | Unit::Main => meaning.rule("505.6"),
        Unit::BeginningOfCombat => meaning.rule("507.2"),
        Unit::DeclareAttackers => meaning.rule("508.2"),
        Unit::DeclareBlockers => meaning.rule("509.2"),
        Unit::CombatDamage => meaning.rule("510.3"),
        Unit::EndOfCombat => meaning.rule("511.1"),
        Unit::End => meaning.rule("513.1"),
        Unit::Cleanup => meaning
            .rule("514.3")
            .caveat(caveats::cleanup_rarely_has_priority()),
        Unit::Combat => meaning.rule("506.7c"),
        _ => restricted.cite(meaning),
    }
}
