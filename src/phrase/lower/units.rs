//! Lowering of the grammar's "Owners, occurrences and units": owners (`your`, `each opponent's`),
//! phase and step names, and the references to them (`unit_ref`) that every family of templates
//! names.
//!
//! It knows the words of the turn only, not the templates around them; of its siblings it imports
//! `error` alone.

use super::error::{Lowered, unexpected};
use crate::phrase::ast::*;
use crate::phrase::parser::Rule;
use pest::iterators::Pair;

/// The owner rules (`owner_your`, `owner_each_opponent`, ...).
pub(super) fn owner(pair: &Pair<'_, Rule>) -> Lowered<OwnerWord> {
    Ok(match pair.as_rule() {
        Rule::owner_your => OwnerWord::Your,
        Rule::owner_each_opponent => OwnerWord::EachOpponent,
        Rule::owner_each_player => OwnerWord::EachPlayer,
        Rule::owner_each_other_player => OwnerWord::EachOtherPlayer,
        Rule::owner_monarch => OwnerWord::Monarch,
        // "your opponent's" is a designer's "an opponent's" (a wording mark).
        Rule::owner_an_opponent | Rule::owner_your_opponent => OwnerWord::AnOpponent,
        Rule::owner_that_player | Rule::owner_suffix_that_player => OwnerWord::ThatPlayer,
        Rule::owner_target_player | Rule::owner_suffix_target_player => OwnerWord::TargetPlayer,
        Rule::owner_chosen_player => OwnerWord::ChosenPlayer,
        Rule::owner_defending_player => OwnerWord::DefendingPlayer,
        Rule::owner_enchanted_player => OwnerWord::EnchantedPlayer,
        Rule::owner_object_controller | Rule::owner_suffix_controller => {
            OwnerWord::ObjectController
        }
        Rule::owner_object_owner => OwnerWord::ObjectOwner,
        Rule::owner_their => OwnerWord::Their,
        Rule::owner_named => OwnerWord::Named,
        _ => return unexpected(pair, "an owner"),
    })
}

fn is_owner_rule(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::owner_your
            | Rule::owner_each_opponent
            | Rule::owner_each_player
            | Rule::owner_each_other_player
            | Rule::owner_monarch
            | Rule::owner_an_opponent
            | Rule::owner_your_opponent
            | Rule::owner_that_player
            | Rule::owner_target_player
            | Rule::owner_chosen_player
            | Rule::owner_defending_player
            | Rule::owner_enchanted_player
            | Rule::owner_object_controller
            | Rule::owner_object_owner
            | Rule::owner_their
            | Rule::owner_named
            | Rule::owner_suffix_controller
            | Rule::owner_suffix_that_player
            | Rule::owner_suffix_target_player
    )
}

/// The owner that is the first child of `on_turn`, `owner_turn`, `each_of` and
/// `window_after_upkeep`.
pub(super) fn inner_owner(pair: Pair<'_, Rule>) -> Lowered<OwnerWord> {
    match pair.clone().into_inner().next() {
        Some(inner) => owner(&inner),
        None => unexpected(&pair, "an owner's turn"),
    }
}

/// The unit name rules (`unit_upkeep`, `unit_ordinal_main`, ...).
pub(super) fn unit_name(pair: &Pair<'_, Rule>) -> Lowered<UnitName> {
    Ok(match pair.as_rule() {
        Rule::unit_precombat_main => UnitName::PrecombatMain,
        Rule::unit_postcombat_main => UnitName::PostcombatMain,
        Rule::unit_ordinal_main => UnitName::OrdinalMain(main_ordinal(pair)?),
        Rule::unit_main => UnitName::Main,
        Rule::unit_beginning_of_combat => UnitName::BeginningOfCombat,
        Rule::unit_declare_attackers => UnitName::DeclareAttackers,
        Rule::unit_declare_blockers => UnitName::DeclareBlockers,
        Rule::unit_combat_damage => UnitName::CombatDamage,
        Rule::unit_end_of_combat => UnitName::EndOfCombat,
        Rule::unit_combat => UnitName::Combat,
        Rule::unit_untap | Rule::old_untap_phase => UnitName::Untap,
        Rule::unit_upkeep | Rule::old_upkeep_phase => UnitName::Upkeep,
        Rule::unit_draw | Rule::old_draw_phase => UnitName::Draw,
        Rule::unit_end_step | Rule::old_end_of_turn_step => UnitName::End,
        Rule::unit_cleanup => UnitName::Cleanup,
        Rule::unit_beginning_phase => UnitName::BeginningPhase,
        Rule::unit_ending_phase | Rule::old_end_phase => UnitName::EndingPhase,
        Rule::unit_turn => UnitName::Turn,
        _ => return unexpected(pair, "a phase or step name"),
    })
}

/// The ordinal inside `unit_ordinal_main`.
fn main_ordinal(pair: &Pair<'_, Rule>) -> Lowered<u8> {
    match pair.clone().into_inner().next().map(|p| p.as_rule()) {
        Some(Rule::ordinal_first) => Ok(1),
        Some(Rule::ordinal_second) => Ok(2),
        _ => unexpected(pair, "a main phase ordinal"),
    }
}

/// `unit_ref`.
pub(super) fn unit_ref(pair: Pair<'_, Rule>) -> Lowered<UnitRef> {
    let mut name = None;
    let mut owner_word = None;
    let mut quantifier = Quantifier::Plain;
    for child in pair.clone().into_inner() {
        match child.as_rule() {
            Rule::next_turns => quantifier = Quantifier::NextTurns,
            Rule::next => quantifier = Quantifier::Next,
            Rule::first_each_turn | Rule::of_the_turn => quantifier = Quantifier::FirstEachTurn,
            Rule::game_first | Rule::of_the_game | Rule::in_commander_game => {
                quantifier = Quantifier::GameFirst
            }
            Rule::that_turns | Rule::of_that_turn | Rule::that_unit => {
                quantifier = Quantifier::That
            }
            Rule::next_count => {}
            Rule::all_units => quantifier = Quantifier::NextTurns,
            Rule::next_turn_of => quantifier = Quantifier::NextTurns,
            Rule::in_next_turn => {
                quantifier = Quantifier::NextTurns;
                owner_word = Some(inner_owner(child)?);
            }
            Rule::each => quantifier = Quantifier::Each,
            Rule::each_of => {
                quantifier = Quantifier::Each;
                owner_word = Some(inner_owner(child)?);
            }
            Rule::the => {}
            rule if is_owner_rule(rule) => owner_word = Some(owner(&child)?),
            _ => name = Some(unit_name(&child)?),
        }
    }
    owned_unit_ref(
        &pair,
        name,
        owner_word,
        quantifier,
        "a phase or step reference",
    )
}

/// "their" before a plural unit follows a plural subject: "Players skip their untap steps",
/// "Players can't untap more than one creature during their untap steps". It names every
/// player's own units, each of them, not one player's.
fn every_players(unit_ref: UnitRef, words: &str) -> UnitRef {
    let plural = words.ends_with(['s', 'S']);
    if unit_ref.owner == Some(OwnerWord::Their)
        && unit_ref.quantifier == Quantifier::Plain
        && plural
    {
        UnitRef {
            owner: None,
            quantifier: Quantifier::Each,
            ..unit_ref
        }
    } else {
        unit_ref
    }
}

/// The one `unit_ref` inside `until_unit` or `skip_unit`.
pub(super) fn single_unit_ref(pair: Pair<'_, Rule>, context: &'static str) -> Lowered<UnitRef> {
    match pair.clone().into_inner().next() {
        Some(inner) if inner.as_rule() == Rule::unit_ref => unit_ref(inner),
        _ => unexpected(&pair, context),
    }
}

/// The one phase or step name among `pair`'s children ("that draw step", "the end of turn step",
/// "cleanup steps"), with no owner and the given quantifier.
pub(super) fn named_unit(pair: Pair<'_, Rule>, quantifier: Quantifier) -> Lowered<UnitRef> {
    let name = pair
        .clone()
        .into_inner()
        .find(|child| !matches!(child.as_rule(), Rule::that_unit | Rule::the));
    match name {
        Some(name) => Ok(UnitRef {
            name: unit_name(&name)?,
            owner: None,
            quantifier,
        }),
        None => unexpected(&pair, "a phase or step name"),
    }
}

/// `unit_on_turn`: "the declare blockers step on an opponent's turn".
pub(super) fn unit_on_turn(pair: Pair<'_, Rule>) -> Lowered<UnitRef> {
    let mut name = None;
    let mut owner = None;
    for child in pair.clone().into_inner() {
        match child.as_rule() {
            Rule::the => {}
            Rule::on_turn => owner = Some(inner_owner(child)?),
            _ => name = Some(unit_name(&child)?),
        }
    }
    match name {
        Some(name) => Ok(UnitRef {
            name,
            owner,
            quantifier: Quantifier::Plain,
        }),
        None => unexpected(&pair, "a unit on a turn"),
    }
}

/// `in_each_of`, `on_owner_turn` and `loose_trigger`: an owner and a unit name; "in each of" is
/// every one.
pub(super) fn owned_unit(pair: Pair<'_, Rule>) -> Lowered<UnitRef> {
    let quantifier = if pair.as_rule() == Rule::in_each_of {
        Quantifier::Each
    } else {
        Quantifier::Plain
    };
    let mut owner_word = None;
    let mut name = None;
    for child in pair.clone().into_inner() {
        match child.as_rule() {
            Rule::loose_trigger_word | Rule::loose_during_word => {}
            rule if is_owner_rule(rule) => owner_word = Some(owner(&child)?),
            _ => name = Some(unit_name(&child)?),
        }
    }
    owned_unit_ref(&pair, name, owner_word, quantifier, "an owner's unit")
}

/// The unit `name` of `pair` with its owner and quantifier, "every player's" read as each
/// player's; `what` names the pair in the error when no unit name was read.
fn owned_unit_ref(
    pair: &Pair<'_, Rule>,
    name: Option<UnitName>,
    owner: Option<OwnerWord>,
    quantifier: Quantifier,
    what: &'static str,
) -> Lowered<UnitRef> {
    match name {
        Some(name) => Ok(every_players(
            UnitRef {
                name,
                owner,
                quantifier,
            },
            pair.as_str(),
        )),
        None => unexpected(pair, what),
    }
}
