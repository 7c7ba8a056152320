//! Lowering of the grammar's "each turn": "only once each turn" as a trigger's limit (603.2h) or
//! as a window's condition, and the requirement of one combat ("attacks this combat if able").
//!
//! Of its siblings it imports `error` only.

use super::error::{Lowered, unexpected};
use crate::phrase::ast::*;
use crate::phrase::parser::Rule;
use pest::iterators::Pair;

/// `once_each_turn`: "triggers only once [twice] each turn" limits a trigger (603.2h); "Once each turn,
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
    Ok(if trigger {
        Form::EachTurn(if twice {
            EachTurn::OnlyTwice
        } else {
            EachTurn::OnlyOnce
        })
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

/// `combat_if_able` and `blocks_if_able`: "attacks this combat if able", "blocks each combat if
/// able", "attacks or blocks that combat if able": the verbs say which declarations, the combat
/// words which combats (this one unless "each" or "that").
pub(super) fn if_able(pair: Pair<'_, Rule>, verb: Declared) -> EachTurn {
    let mut declared = verb;
    let mut combat = WhichCombat::This;
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::attacks_or => declared = Declared::Both,
            Rule::each_if_able => combat = WhichCombat::Each,
            Rule::that_combat_span => combat = WhichCombat::That,
            _ => {}
        }
    }
    EachTurn::IfAble { declared, combat }
}
