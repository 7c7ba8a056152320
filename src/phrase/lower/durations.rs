//! Lowering of the grammar's "Durations": "until the end of ..." and durations that last while a
//! condition holds ("for as long as", "until ... leaves the battlefield").
//!
//! Of its siblings it imports `error` and `units` only.

use super::error::{Lowered, unexpected};
use super::units::unit_ref;
use crate::phrase::ast::*;
use crate::phrase::parser::Rule;
use pest::iterators::Pair;

/// `until_the_end_of`.
pub(super) fn until_the_end_of(pair: Pair<'_, Rule>) -> Lowered<Until> {
    match pair.clone().into_inner().next() {
        Some(inner) if inner.as_rule() == Rule::unit_ref => Ok(Until::TheEndOf(unit_ref(inner)?)),
        _ => unexpected(&pair, "until the end of"),
    }
}

/// `object_duration`.
pub(super) fn object_duration(pair: Pair<'_, Rule>) -> Lowered<WhileCondition> {
    match pair.clone().into_inner().next().map(|p| p.as_rule()) {
        Some(Rule::for_as_long_as) => Ok(WhileCondition::ForAsLongAs),
        Some(Rule::until_leaves) => Ok(WhileCondition::UntilLeavesTheBattlefield),
        Some(Rule::until_abandoned) => Ok(WhileCondition::UntilAbandoned),
        Some(Rule::until_event) => Ok(WhileCondition::UntilEvent),
        _ => unexpected(&pair, "a duration with a condition"),
    }
}
