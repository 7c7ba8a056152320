//! Lowering of the grammar's "Turn changes": extra turns, additional phases and steps, skipped
//! steps and turns, and skips that replace a draw.
//!
//! Of its siblings it imports `error` and `units` only.

use super::error::{Lowered, unexpected};
use super::units::{single_unit_ref, unit_name};
use crate::phrase::ast::*;
use crate::phrase::parser::Rule;
use pest::iterators::Pair;

/// `skip_replaced`: "skips that turn instead" skips the turn about to begin; "skip that draw"
/// replaces a draw, which is no point of the turn.
pub(super) fn skip_replaced(pair: Pair<'_, Rule>) -> Lowered<Form> {
    match pair.clone().into_inner().next().map(|p| p.as_rule()) {
        Some(Rule::skip_that_turn) => Ok(Form::TurnChange(TurnChange::SkipThatTurn)),
        Some(Rule::skip_that_step) => Ok(Form::TurnChange(TurnChange::SkipThatStep)),
        Some(Rule::skip_that_draw) => Ok(Form::SkipDraw),
        _ => unexpected(&pair, "a skipped turn or draw"),
    }
}

/// `additional_phases`.
pub(super) fn additional_phases(pair: Pair<'_, Rule>) -> Lowered<TurnChange> {
    let mut after_main = false;
    let mut after_counted = None;
    let mut phases = Vec::new();
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::after_this_main => after_main = true,
            // "After this combat phase": the phase in progress, named; the point is the same as
            // "after this phase", in the unit it names.
            Rule::after_this_phase if child.as_str().to_ascii_lowercase().starts_with("combat") => {
                after_counted = Some(UnitRef {
                    name: UnitName::Combat,
                    owner: None,
                    quantifier: Quantifier::Plain,
                });
            }
            Rule::after_this_phase | Rule::after_this_one => {}
            Rule::after_counted_phase => after_counted = Some(counted_phase(child)?),
            _ => phases.push(unit_name(&child)?),
        }
    }
    Ok(TurnChange::AdditionalPhases {
        after_main,
        after_counted,
        phases,
    })
}

/// `after_counted_phase`: "the first combat phase this turn" is the first of the turn (506.7d
/// counts the same way); "the second main phase" is counted by 505.1b itself.
fn counted_phase(pair: Pair<'_, Rule>) -> Lowered<UnitRef> {
    let mut ordinal = None;
    let mut name = None;
    for child in pair.clone().into_inner() {
        match child.as_rule() {
            Rule::ordinal_first => ordinal = Some(1),
            Rule::ordinal_second => ordinal = Some(2),
            _ => name = Some(unit_name(&child)?),
        }
    }
    match (ordinal, name) {
        (Some(ordinal), Some(UnitName::Main)) => Ok(UnitRef {
            name: UnitName::OrdinalMain(ordinal),
            owner: None,
            quantifier: Quantifier::Plain,
        }),
        (Some(1), Some(name)) => Ok(UnitRef {
            name,
            owner: None,
            quantifier: Quantifier::FirstEachTurn,
        }),
        _ => unexpected(&pair, "a phase counted in the turn"),
    }
}

/// `skip_unit`: "skip your draw step this turn" skips the next one, which is this turn's.
pub(super) fn skip_unit(pair: Pair<'_, Rule>) -> Lowered<UnitRef> {
    let unit = single_unit_ref(pair.clone(), "skip")?;
    let this_turn = pair
        .into_inner()
        .any(|child| child.as_rule() == Rule::stated_this_turn);
    Ok(if this_turn && unit.quantifier == Quantifier::Plain {
        UnitRef {
            quantifier: Quantifier::Next,
            ..unit
        }
    } else {
        unit
    })
}

/// `additional_step`, `step_after_phase`: the one step name inside, and whether "you get" the
/// step (500.10a).
pub(super) fn added_step(pair: Pair<'_, Rule>) -> Lowered<(UnitName, bool)> {
    let mut you_get = false;
    for child in pair.clone().into_inner() {
        match child.as_rule() {
            Rule::you_get => you_get = true,
            _ => return Ok((unit_name(&child)?, you_get)),
        }
    }
    unexpected(&pair, "an additional step")
}

/// `later_turn`: the keyword its words name, if any.
pub(super) fn later_turn(pair: Pair<'_, Rule>) -> Lowered<LaterBy> {
    let mut by = LaterBy::Unnamed;
    for child in pair.into_inner() {
        by = match child.as_rule() {
            Rule::later_foretell => LaterBy::Foretell,
            Rule::later_foretold => LaterBy::Foretold,
            Rule::later_plot => LaterBy::Plot,
            Rule::later_from_exile => LaterBy::Warp,
            _ => return unexpected(&child, "a later turn"),
        };
    }
    Ok(by)
}
