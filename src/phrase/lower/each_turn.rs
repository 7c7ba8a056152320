//! Lowering of the grammar's "each turn": "only once each turn" as a trigger's limit (603.2h) or
//! as a window's condition, and the requirement of one combat ("attacks this combat if able").
//!
//! Of its siblings it imports `error` only.

use super::error::{Lowered, unexpected};
use crate::phrase::ast::*;
use crate::phrase::parser::Rule;
use pest::iterators::Pair;

/// `once_each_turn`: "triggers only once each turn" limits a trigger (603.2h); "Once each turn,
/// you may cast", "twice each turn" limit how often something may be done: a window's condition.
pub(super) fn once_each_turn(pair: Pair<'_, Rule>) -> Lowered<Form> {
    let mut trigger = false;
    let mut twice = false;
    for child in pair.clone().into_inner() {
        match child.as_rule() {
            Rule::triggers_only => trigger = true,
            Rule::window_limit => {
                twice = child
                    .into_inner()
                    .any(|p| p.as_rule() == Rule::twice_each_turn);
            }
            _ => return unexpected(&child, "once each turn"),
        }
    }
    Ok(if trigger && !twice {
        Form::EachTurn(EachTurn::OnlyOnce)
    } else {
        Form::Window(Window {
            actor: WindowActor::Unstated,
            time: None,
            once_each_turn: !twice,
            bound: None,
            twice_each_turn: twice,
        })
    })
}

/// `blocks_if_able`: "blocks each combat if able", "attacks or blocks this combat if able".
pub(super) fn blocks_if_able(pair: Pair<'_, Rule>) -> EachTurn {
    let mut also_attacks = false;
    let mut combat = WhichCombat::This;
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::attacks_or => also_attacks = true,
            Rule::each_if_able => combat = WhichCombat::Each,
            Rule::that_combat_span => combat = WhichCombat::That,
            _ => {}
        }
    }
    EachTurn::BlocksIfAble {
        also_attacks,
        combat,
    }
}

/// `combat_if_able`: "attacks this combat if able" or "attacks that combat if able", told apart by
/// the combat it names.
pub(super) fn if_able_in_one_combat(pair: Pair<'_, Rule>) -> EachTurn {
    let that = pair
        .into_inner()
        .any(|child| child.as_rule() == Rule::that_combat_span);
    if that {
        EachTurn::IfAbleThatCombat
    } else {
        EachTurn::IfAbleThisCombat
    }
}
