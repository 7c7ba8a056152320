//! Triggers: printed and delayed "at" triggers (500.6, 603.7) and combat triggers (508.3, 509.3,
//! 510.3a).

use super::vocabulary::{PlainMeans, occurrence, owner, plain_occurrence, unit};
use super::{Meaning, caveats};
use crate::model::{Edge, Kind, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::phrase::ast::{
    CombatEvent, CombatTrigger, Place, Quantifier, TriggerPoint, UnitName, UnitRef,
};

/// Whether an "at" trigger is printed on its card (rather than created by an effect, 603.7).
/// It is printed when it opens an ability, or stands in reminder text that spells out a keyword's
/// own trigger ("solve at the beginning of your end step", 719.3a), and names no "next" unit and
/// no duration of its own.
fn is_printed(point: &TriggerPoint, place: Place, this_turn: bool) -> bool {
    // A next unit, or one of a turn or combat an earlier phrase named, is a point an effect
    // waits for.
    let names_next = matches!(
        point,
        TriggerPoint::Beginning(UnitRef {
            quantifier: Quantifier::Next | Quantifier::NextTurns | Quantifier::That,
            ..
        }) | TriggerPoint::Beginnings(
            UnitRef {
                quantifier: Quantifier::Next | Quantifier::NextTurns | Quantifier::That,
                ..
            },
            _,
        ) | TriggerPoint::ThatCombat
            | TriggerPoint::EndOfThatCombat
            | TriggerPoint::EndOfCombat { next: true, .. }
    );
    let keyword_trigger = place.in_reminder
        && matches!(
            point,
            TriggerPoint::Beginning(_) | TriggerPoint::Beginnings(..)
        );
    (place.opens_ability || keyword_trigger) && !names_next && !this_turn
}

/// An "at" trigger. A delayed one triggers only the next time, unless it states a duration such
/// as "this turn", in which it triggers each time (603.7b).
pub fn at_point(point: &TriggerPoint, place: Place, this_turn: bool) -> Meaning {
    let printed = is_printed(point, place, this_turn);
    let plain = if printed || this_turn {
        PlainMeans::Each
    } else {
        PlainMeans::Next
    };
    let meaning = if printed {
        Meaning::new(Kind::Trigger)
    } else {
        Meaning::new(Kind::DelayedTrigger).rule("603.7")
    };
    let meaning = with_stated_duration(meaning, this_turn);
    match point {
        TriggerPoint::Beginning(unit_ref) => {
            let point_unit = unit(unit_ref.name);
            let point_occurrence = occurrence(unit_ref, plain);
            let meaning = meaning
                .point(triggers(
                    point_unit,
                    point_occurrence,
                    owner(unit_ref.owner),
                ))
                .rule("500.6");
            beginning_notes(meaning, unit_ref.name, point_unit, point_occurrence)
        }
        // Each unit is a point of its own, of the same owner and occurrence.
        TriggerPoint::Beginnings(unit_ref, also) => {
            let also_ref = UnitRef {
                name: *also,
                ..*unit_ref
            };
            [unit_ref, &also_ref]
                .into_iter()
                .fold(meaning.rule("500.6"), |meaning, unit_ref| {
                    let point_unit = unit(unit_ref.name);
                    let point_occurrence = occurrence(unit_ref, plain);
                    let meaning = meaning.point(triggers(
                        point_unit,
                        point_occurrence,
                        owner(unit_ref.owner),
                    ));
                    beginning_notes(meaning, unit_ref.name, point_unit, point_occurrence)
                })
        }
        TriggerPoint::CombatOnTurn { owner: word } => meaning
            .point(triggers(
                Unit::BeginningOfCombat,
                plain_occurrence(*word, plain),
                owner(*word),
            ))
            .rule("500.6")
            .rule("507.2")
            .caveat(caveats::each_combat_phase()),
        // The end of combat of the turn's first combat phase: once a turn, whatever combats follow.
        TriggerPoint::EndOfCombat {
            owner: word,
            first: true,
            ..
        } => meaning
            .point(triggers(Unit::EndOfCombat, Occurrence::First, owner(*word)))
            .rule("511.2"),
        TriggerPoint::EndOfCombat { owner: word, .. } => {
            let which = plain_occurrence(*word, plain);
            let meaning = meaning
                .point(triggers(Unit::EndOfCombat, which, owner(*word)))
                .rule("511.2");
            if which == Occurrence::Each {
                meaning.caveat(caveats::each_combat_phase())
            } else {
                meaning
            }
        }
        // Before the first turn, as opening-hand actions are (103.6): a printed trigger of a
        // vanguard or of a card that starts in the command zone.
        TriggerPoint::Game => meaning
            .point(triggers(Unit::Game, Occurrence::This, Owner::Any))
            .rule("103.6"),
        TriggerPoint::ThatCombat => meaning
            .point(triggers(
                Unit::BeginningOfCombat,
                Occurrence::That,
                Owner::Any,
            ))
            .rule("500.6"),
        TriggerPoint::EndOfThatCombat => meaning
            .point(triggers(Unit::EndOfCombat, Occurrence::That, Owner::Any))
            .rule("511.2"),
        TriggerPoint::ObsoleteEndOfTurn => {
            let meaning = meaning
                .point(triggers(
                    Unit::End,
                    plain_occurrence(None, plain),
                    Owner::Any,
                ))
                .rule("513.1a")
                .caveat(caveats::obsolete_end_of_turn(!printed));
            if printed {
                meaning
            } else {
                meaning
                    .rule("513.2")
                    .caveat(caveats::created_during_end_step())
            }
        }
    }
}

/// The rules and caveats particular to the unit a beginning trigger names.
fn beginning_notes(
    meaning: Meaning,
    name: UnitName,
    point_unit: Unit,
    point_occurrence: Occurrence,
) -> Meaning {
    let meaning = match point_unit {
        Unit::Untap => meaning
            .rule("502.4")
            .caveat(caveats::untap_has_no_priority()),
        // A turn begins with its untap step, where no player gets priority: what triggers then
        // waits for the upkeep (502.4, 503.1a).
        Unit::Turn => meaning
            .rule("502.4")
            .rule("503.1a")
            .caveat(caveats::untap_has_no_priority()),
        Unit::Upkeep if point_occurrence == Occurrence::Each => {
            meaning.rule("503.1a").caveat(caveats::each_upkeep_step())
        }
        Unit::Upkeep => meaning.rule("503.1a"),
        Unit::End if point_occurrence == Occurrence::Next => meaning
            .rule("513.2")
            .caveat(caveats::created_during_end_step()),
        Unit::End if point_occurrence == Occurrence::Each => meaning
            .rule("513.2")
            .caveat(caveats::entered_during_end_step()),
        Unit::Cleanup => meaning.rule("514.3a").caveat(caveats::repeats_cleanup()),
        Unit::PostcombatMain if point_occurrence != Occurrence::First => meaning
            .rule("505.1a")
            .caveat(caveats::several_postcombat_main_phases()),
        Unit::BeginningOfCombat | Unit::Combat if point_occurrence == Occurrence::Each => {
            meaning.caveat(caveats::each_combat_phase())
        }
        _ => meaning,
    };
    let meaning = match point_occurrence {
        // The delayed trigger waits for the first such unit of the game (103.6b for the cards
        // revealed from an opening hand).
        Occurrence::GameFirst if meaning.kind == Kind::DelayedTrigger => {
            meaning.rule("103.6b").rule("603.7a")
        }
        Occurrence::NextTurn => meaning.rule("603.7"),
        _ => meaning,
    };
    match name {
        // "your first main phase of the game" is the precombat one (505.1a), counted in the game
        // rather than the turn (505.1b).
        UnitName::OrdinalMain(_) if point_occurrence == Occurrence::GameFirst => {
            meaning.rule("505.1a").rule("505.1b")
        }
        UnitName::OrdinalMain(_) => meaning.rule("505.1b"),
        _ => meaning,
    }
}

fn triggers(unit: Unit, occurrence: Occurrence, owner: Owner) -> TimingPoint {
    TimingPoint::new(Role::Triggers, Edge::Begin, unit, occurrence, owner)
}

/// A combat trigger fires in the step whose turn-based action makes its event happen.
pub fn combat(trigger: CombatTrigger) -> Meaning {
    let meaning = Meaning::new(Kind::CombatTrigger);
    // "Whenever a creature you control deals combat damage during your turn": only that player's
    // turns.
    let whose = trigger.during.map_or(Owner::Any, |word| owner(Some(word)));
    let in_step = |unit| triggers(unit, Occurrence::Each, whose);
    let meaning = match trigger.event {
        // "When you next attack this turn": created by an effect, it waits for that one attack
        // and fires once (603.7b); "this turn" bounds the wait, it does not make it repeat.
        CombatEvent::Attacks if trigger.by_player && trigger.next => {
            return Meaning::new(Kind::DelayedTrigger)
                .point(triggers(
                    Unit::DeclareAttackers,
                    Occurrence::Next,
                    owner(trigger.attacker),
                ))
                .rule("508.3d")
                .rule("603.7b")
                .caveat(caveats::triggers_once());
        }
        // Only the active player attacks (508.1): the turn is the attacker's.
        CombatEvent::Attacks if trigger.by_player => meaning
            .point(triggers(
                Unit::DeclareAttackers,
                Occurrence::Each,
                owner(trigger.attacker),
            ))
            .rule("508.3d"),
        CombatEvent::Attacks => meaning
            .point(in_step(Unit::DeclareAttackers))
            .rule("508.3a")
            .caveat(caveats::not_when_put_onto_battlefield_attacking()),
        CombatEvent::AttacksAndIsntBlocked => meaning
            .point(in_step(Unit::DeclareBlockers))
            .rule("508.3f")
            .rule("509.3g")
            .caveat(caveats::also_when_put_onto_battlefield_attacking()),
        CombatEvent::AttacksOrBlocks => meaning
            .point(in_step(Unit::DeclareAttackers))
            .point(in_step(Unit::DeclareBlockers))
            .rule("508.3a")
            .rule("509.3a")
            .caveat(caveats::not_when_put_onto_battlefield_attacking()),
        CombatEvent::Blocks => meaning.point(in_step(Unit::DeclareBlockers)).rule("509.3a"),
        CombatEvent::BlocksACreature => {
            meaning.point(in_step(Unit::DeclareBlockers)).rule("509.3b")
        }
        CombatEvent::BlocksOrBecomesBlocked => meaning
            .point(in_step(Unit::DeclareBlockers))
            .rule("509.3a")
            .rule("509.3c"),
        CombatEvent::BecomesBlocked => meaning.point(in_step(Unit::DeclareBlockers)).rule("509.3c"),
        CombatEvent::BecomesBlockedByACreature => {
            meaning.point(in_step(Unit::DeclareBlockers)).rule("509.3d")
        }
        CombatEvent::DealsCombatDamage => meaning
            .point(in_step(Unit::CombatDamage))
            .rule("510.3a")
            .caveat(caveats::two_combat_damage_steps()),
    };
    let meaning = if trigger.other_events {
        meaning
            .rule("603.2")
            .caveat(caveats::other_trigger_events())
    } else {
        meaning
    };
    let meaning = with_stated_duration(meaning, trigger.this_turn);
    if trigger.this_combat {
        meaning.rule("603.7b").caveat(caveats::only_this_combat())
    } else {
        meaning
    }
}

/// A trigger that states the duration "this turn" triggers each time until the turn ends
/// (603.7b).
fn with_stated_duration(meaning: Meaning, this_turn: bool) -> Meaning {
    if this_turn {
        meaning.rule("603.7b").caveat(caveats::only_this_turn())
    } else {
        meaning
    }
}
