//! Lowering of the grammar's "this turn" and "this combat": the span a duration or a reference
//! governs ("this turn", "that combat").
//!
//! Of its siblings it imports `error` only.

use super::error::{Lowered, unexpected};
use crate::phrase::ast::*;
use crate::phrase::parser::Rule;
use pest::iterators::Pair;

/// The `this_span` at the end of `turn_duration` or `turn_reference`.
pub(super) fn this_span_in(pair: Pair<'_, Rule>) -> Lowered<ThisUnit> {
    let span = pair.clone().into_inner().find(|p| {
        matches!(
            p.as_rule(),
            Rule::this_span | Rule::that_span | Rule::turn_now | Rule::combat_now
        )
    });
    match span.as_ref().map(Pair::as_rule) {
        Some(Rule::turn_now) => return Ok(ThisUnit::Turn),
        Some(Rule::combat_now) => return Ok(ThisUnit::Combat),
        _ => {}
    }
    if let Some(that) = span.clone().filter(|p| p.as_rule() == Rule::that_span) {
        let combat = that
            .into_inner()
            .any(|child| child.as_rule() == Rule::that_combat_span);
        return Ok(if combat {
            ThisUnit::ThatCombat
        } else {
            ThisUnit::ThatTurn
        });
    }
    match span
        .and_then(|p| p.into_inner().next())
        .map(|p| p.as_rule())
    {
        Some(Rule::this_turn) => Ok(ThisUnit::Turn),
        Some(Rule::this_combat) => Ok(ThisUnit::Combat),
        _ => unexpected(&pair, "this turn or this combat"),
    }
}
