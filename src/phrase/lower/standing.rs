//! Lowering of the grammar's "Standing effects on steps, conditions on the moment, turn-based
//! actions": the unit a moment is tested against ("during your turn"), permissions during a unit,
//! and phasing and lore counters.
//!
//! Of its siblings it imports `error` and `units` only.

use super::error::{Lowered, unexpected};
use super::units::{inner_owner, named_unit, owned_unit, single_unit_ref, unit_on_turn, unit_ref};
use crate::phrase::ast::*;
use crate::phrase::parser::Rule;
use pest::iterators::Pair;

/// `during_unit` and `unit_test`: the unit the moment is tested against, or the step an effect
/// stands on.
pub(super) fn during_unit(pair: Pair<'_, Rule>) -> Lowered<UnitRef> {
    let Some(inner) = pair.clone().into_inner().next() else {
        return unexpected(&pair, "a unit after during");
    };
    let turn = |owner| UnitRef {
        name: UnitName::Turn,
        owner,
        quantifier: Quantifier::Plain,
    };
    match inner.as_rule() {
        Rule::other_turns => Ok(turn(Some(OwnerWord::EachOtherPlayer))),
        Rule::a_turn => Ok(turn(None)),
        Rule::unit_on_turn => unit_on_turn(inner),
        Rule::unit_ref => unit_ref(inner),
        Rule::would_begin => single_unit_ref(inner, "a step about to begin"),
        Rule::in_each_of | Rule::on_owner_turn => owned_unit(inner),
        Rule::at_end_of_turn_step => named_unit(inner, Quantifier::Plain),
        Rule::bare_unit => named_unit(inner, Quantifier::Plain),
        _ => unexpected(&inner, "a unit after during"),
    }
}

/// `during_permission`: "During your turn, you may ...": a window over each such unit; foretell's
/// in its reminder.
pub(super) fn during_permission(pair: Pair<'_, Rule>) -> Lowered<Window> {
    let foretell = pair
        .clone()
        .into_inner()
        .any(|child| child.as_rule() == Rule::foretell_exile);
    let unit = single_unit_ref(pair, "a permission during a unit")?;
    let time = match (unit.name, unit.owner) {
        (UnitName::Turn, Some(owner)) => WindowTime::DuringTurn(owner),
        _ => WindowTime::During(unit),
    };
    Ok(Window {
        actor: if foretell {
            WindowActor::Keyword("Foretell".to_string())
        } else {
            WindowActor::Unstated
        },
        time: Some(time),
        once_each_turn: false,
        bound: None,
        twice_each_turn: false,
    })
}

/// `once_during_turns`: a window open once in each of the owner's turns.
pub(super) fn once_during_turns(pair: Pair<'_, Rule>) -> Lowered<Window> {
    let owner = match pair.clone().into_inner().next() {
        Some(each_of) => inner_owner(each_of)?,
        None => return unexpected(&pair, "once during each of a player's turns"),
    };
    Ok(Window {
        actor: WindowActor::Unstated,
        time: Some(WindowTime::DuringTurn(owner)),
        once_each_turn: true,
        bound: None,
        twice_each_turn: false,
    })
}

/// `turn_based_action`.
pub(super) fn turn_based_action(pair: Pair<'_, Rule>) -> Lowered<TurnBasedAction> {
    let Some(action) = pair.clone().into_inner().next() else {
        return unexpected(&pair, "a turn-based action");
    };
    match action.as_rule() {
        Rule::phasing_action => {
            let by_controller = action
                .clone()
                .into_inner()
                .any(|child| child.as_rule() == Rule::phasing_by_controller);
            let unit = action
                .clone()
                .into_inner()
                .find(|child| child.as_rule() == Rule::unit_ref);
            let Some(unit) = unit else {
                return unexpected(&action, "phasing");
            };
            let mut unit = unit_ref(unit)?;
            // "before its controller untaps during their next untap step": the controller's.
            if by_controller {
                unit.owner = Some(OwnerWord::ObjectController);
            }
            // "They phase in ... during your untap step": what an effect phased out phases in
            // once, in the next untap step (502.1), not in each.
            let in_only = !action
                .clone()
                .into_inner()
                .any(|child| child.as_rule() == Rule::phasing_out);
            if in_only && unit.quantifier == Quantifier::Plain {
                unit.quantifier = Quantifier::Next;
            }
            Ok(TurnBasedAction::Phasing(unit))
        }
        Rule::lore_counter_action => Ok(TurnBasedAction::LoreCounter),
        _ => unexpected(&action, "a turn-based action"),
    }
}
