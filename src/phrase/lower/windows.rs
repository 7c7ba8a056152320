//! Lowering of the grammar's "Windows": "Activate only ...", sorcery timing, and the times a
//! window names (during combat, before blockers, during a step).
//!
//! Of its siblings it imports `error` and `units` only.

use super::error::{Lowered, unexpected};
use super::units::{inner_owner, named_unit, single_unit_ref, unit_name, unit_on_turn, unit_ref};
use crate::phrase::ast::*;
use crate::phrase::parser::Rule;
use pest::iterators::Pair;

/// `window`, and `window_also`, which continues the window before it.
pub(super) fn window(pair: Pair<'_, Rule>) -> Lowered<Window> {
    let mut actor = match pair.as_rule() {
        Rule::window_also => Some(WindowActor::Continued),
        Rule::window_unstated => Some(WindowActor::Unstated),
        _ => None,
    };
    if let Some(deadline) = pair
        .clone()
        .into_inner()
        .find(|child| child.as_rule() == Rule::deadline)
    {
        return Ok(Window {
            actor: WindowActor::Unstated,
            time: Some(WindowTime::BeforeUnit(named_unit(
                deadline,
                Quantifier::That,
            )?)),
            once_each_turn: false,
            twice_each_turn: false,
            bound: None,
        });
    }
    let mut time = None;
    let mut once_each_turn = false;
    let mut twice_each_turn = false;
    let mut bound = None;
    for child in pair.clone().into_inner() {
        match child.as_rule() {
            Rule::window_actor => actor = Some(window_actor(child)?),
            Rule::window_limit => {
                if child
                    .clone()
                    .into_inner()
                    .any(|p| p.as_rule() == Rule::twice_each_turn)
                {
                    twice_each_turn = true;
                } else {
                    once_each_turn = true;
                }
            }
            Rule::window_bound => {
                if let Some(inner) = child.clone().into_inner().next() {
                    bound = Some(window_time(inner)?);
                }
            }
            _ => time = Some(window_time(child)?),
        }
    }
    match actor {
        Some(actor) => Ok(Window {
            actor,
            time,
            once_each_turn,
            twice_each_turn,
            bound,
        }),
        None => unexpected(&pair, "a window"),
    }
}

/// `sorcery_timing`: sorcery timing with no actor of its own.
pub(super) fn sorcery_timing(pair: Pair<'_, Rule>) -> Lowered<Window> {
    match pair.clone().into_inner().next() {
        Some(time) => Ok(Window {
            actor: WindowActor::Unstated,
            time: Some(window_time(time)?),
            once_each_turn: false,
            twice_each_turn: false,
            bound: None,
        }),
        None => unexpected(&pair, "sorcery timing"),
    }
}

/// `window_actor`.
fn window_actor(pair: Pair<'_, Rule>) -> Lowered<WindowActor> {
    let Some(actor) = pair.clone().into_inner().next() else {
        return unexpected(&pair, "a window's actor");
    };
    Ok(match actor.as_rule() {
        Rule::actor_cast_this_spell => WindowActor::CastThisSpell,
        Rule::actor_activate_this_ability => WindowActor::Activate { this_ability: true },
        Rule::actor_activate => WindowActor::Activate {
            this_ability: false,
        },
        Rule::actor_play_this_ability | Rule::actor_use_this_ability => {
            WindowActor::Play { this_ability: true }
        }
        Rule::actor_play_this_spell => WindowActor::CastThisSpell,
        Rule::actor_play => WindowActor::Play {
            this_ability: false,
        },
        // The keyword's own words, as the card spells them ("Equip", "Level up").
        Rule::keyword_action => WindowActor::Keyword(actor.as_str().to_string()),
        _ => return unexpected(&actor, "a window's actor"),
    })
}

/// The window time rules (`window_sorcery`, `window_before`, ...).
fn window_time(pair: Pair<'_, Rule>) -> Lowered<WindowTime> {
    Ok(match pair.as_rule() {
        Rule::window_sorcery => {
            let other = pair
                .into_inner()
                .any(|child| child.as_rule() == Rule::sorcery_time_of_other);
            if other {
                WindowTime::SorceryFor(OwnerWord::Their)
            } else {
                WindowTime::Sorcery
            }
        }
        Rule::window_instant => match pair.into_inner().next().map(|child| child.as_rule()) {
            Some(Rule::instant_any_time) => WindowTime::InstantAnyTime,
            _ => WindowTime::Instant,
        },
        Rule::window_combat_after_blockers => WindowTime::DuringCombatAfterBlockers,
        Rule::window_combat_before_blockers => WindowTime::DuringCombatBeforeBlockers,
        Rule::window_before_blockers_any_combat => WindowTime::BeforeBlockersAnyCombat,
        Rule::window_combat => {
            let on_turn_owner = match pair.into_inner().next() {
                Some(child) => Some(inner_owner(child)?),
                None => None,
            };
            WindowTime::DuringCombat {
                on_turn: on_turn_owner,
            }
        }
        Rule::window_before => match pair.clone().into_inner().next() {
            Some(unit) if unit.as_rule() == Rule::window_before_unit => {
                WindowTime::BeforeUnit(single_unit_ref(unit, "a step a window closes at")?)
            }
            _ => WindowTime::Before(combat_point(pair)?),
        },
        Rule::window_after => WindowTime::After(combat_point(pair)?),
        Rule::window_after_upkeep => WindowTime::AfterUpkeep(inner_owner(pair)?),
        Rule::window_during => window_during(pair)?,
        _ => return unexpected(&pair, "a window's time"),
    })
}

/// The combat point inside `window_before` and `window_after`.
fn combat_point(pair: Pair<'_, Rule>) -> Lowered<CombatPoint> {
    let Some(point) = pair.clone().into_inner().next() else {
        return unexpected(&pair, "a point in combat");
    };
    Ok(match point.as_rule() {
        Rule::point_attackers_declared => CombatPoint::AttackersDeclared,
        Rule::point_blockers_declared => CombatPoint::BlockersDeclared,
        Rule::point_combat_damage_step => CombatPoint::CombatDamageStep,
        Rule::point_end_of_combat_step => CombatPoint::EndOfCombatStep,
        Rule::point_combat => CombatPoint::Combat,
        _ => return unexpected(&point, "a point in combat"),
    })
}

/// `window_during`.
fn window_during(pair: Pair<'_, Rule>) -> Lowered<WindowTime> {
    // "on" for "during" is a wording mark, no part of the time.
    let Some(inner) = pair
        .clone()
        .into_inner()
        .find(|inner| inner.as_rule() != Rule::window_on)
    else {
        return unexpected(&pair, "a during window");
    };
    match inner.as_rule() {
        Rule::owner_turn => Ok(WindowTime::DuringTurn(inner_owner(inner)?)),
        Rule::unit_ref => Ok(WindowTime::During(unit_ref(inner)?)),
        Rule::unit_on_turn => Ok(WindowTime::During(unit_on_turn(inner)?)),
        Rule::any_unit_ref => {
            let Some(name) = inner.clone().into_inner().next() else {
                return unexpected(&inner, "any unit");
            };
            Ok(WindowTime::During(UnitRef {
                name: unit_name(&name)?,
                owner: None,
                quantifier: Quantifier::Any,
            }))
        }
        _ => unexpected(&inner, "a during window"),
    }
}
