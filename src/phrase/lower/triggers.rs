//! Lowering of the grammar's "Triggers": printed and delayed triggers at a point of the turn, end
//! of combat triggers and combat triggers (attacks, blocks, combat damage).
//!
//! Of its siblings it imports `error` and `units` only.

use super::error::{Lowered, unexpected};
use super::units::{inner_owner, owner as owner_of, unit_name, unit_ref};
use crate::phrase::ast::*;
use crate::phrase::parser::Rule;
use pest::iterators::Pair;

/// `printed_trigger` and `delayed_trigger`.
pub(super) fn trigger(pair: Pair<'_, Rule>) -> Lowered<Form> {
    let mut point = None;
    let mut this_turn = false;
    for inner in pair.clone().into_inner() {
        match inner.as_rule() {
            Rule::unit_ref => point = Some(TriggerPoint::Beginning(unit_ref(inner)?)),
            Rule::joined_unit => point = Some(joined_unit(point, inner)?),
            Rule::combat_on_turn => point = Some(combat_on_turn(inner)?),
            // "your combat step" is "combat on your turn" (a wording mark).
            Rule::owner_combat_step => point = Some(owner_combat_step(inner)?),
            Rule::that_combat => point = Some(TriggerPoint::ThatCombat),
            Rule::the_game => point = Some(TriggerPoint::Game),
            Rule::end_of_combat_point => point = Some(end_of_combat_point(inner)?),
            Rule::obsolete_end_of_turn => point = Some(TriggerPoint::ObsoleteEndOfTurn),
            Rule::end_of_turn_point => point = Some(end_of_turn_point(inner)?),
            Rule::verb_moment => point = Some(verb_moment(inner)?),
            Rule::at_each_step => point = Some(at_each_step(inner)?),
            // "at the start of" is "at the beginning of" (a wording mark).
            Rule::at_the_start_of => {}
            Rule::stated_this_turn => this_turn = true,
            _ => return unexpected(&inner, "a trigger"),
        }
    }
    match point {
        Some(point) => Ok(Form::AtPoint { point, this_turn }),
        None => unexpected(&pair, "a trigger"),
    }
}

/// `joined_unit` after the unit `point`: "that turn's upkeep and end step".
fn joined_unit(point: Option<TriggerPoint>, pair: Pair<'_, Rule>) -> Lowered<TriggerPoint> {
    let second = pair.clone().into_inner().next();
    match (point, second) {
        (Some(TriggerPoint::Beginning(first)), Some(second)) => {
            Ok(TriggerPoint::Beginnings(first, unit_name(&second)?))
        }
        _ => unexpected(&pair, "two joined units"),
    }
}

/// `end_of_turn_point`: "At the end of your turn," is "At the beginning of your end step,",
/// "each turn" is each end step and "the turn" the end step (513.1a).
fn end_of_turn_point(pair: Pair<'_, Rule>) -> Lowered<TriggerPoint> {
    let mut owner = None;
    let mut quantifier = Quantifier::Plain;
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::each => quantifier = Quantifier::Each,
            Rule::the => {}
            _ => owner = Some(owner_of(&child)?),
        }
    }
    Ok(TriggerPoint::Beginning(UnitRef {
        name: UnitName::End,
        owner,
        quantifier,
    }))
}

/// `verb_moment`: "when your turn begins" is the beginning of your turn, "whenever a turn ends"
/// the beginning of each end step (513.1a), "when the combat phase begins" the beginning of
/// combat, "when combat ends" end of combat. A turn or combat with no owner is each one.
fn verb_moment(pair: Pair<'_, Rule>) -> Lowered<TriggerPoint> {
    let mut owner = None;
    let mut combat = false;
    let mut ends = false;
    for child in pair.clone().into_inner() {
        match child.as_rule() {
            Rule::each | Rule::the | Rule::moment_turn | Rule::moment_begins => {}
            Rule::moment_combat => combat = true,
            Rule::moment_ends => ends = true,
            _ => owner = Some(owner_of(&child)?),
        }
    }
    let unit = |name| {
        TriggerPoint::Beginning(UnitRef {
            name,
            owner,
            quantifier: if owner.is_some() {
                Quantifier::Plain
            } else {
                Quantifier::Each
            },
        })
    };
    Ok(match (combat, ends) {
        (false, false) => unit(UnitName::Turn),
        (false, true) => unit(UnitName::End),
        (true, false) => TriggerPoint::CombatOnTurn { owner },
        (true, true) => TriggerPoint::EndOfCombat {
            owner,
            next: false,
            first: false,
        },
    })
}

/// `at_each_step`: "At each end step," is the beginning of each end step.
fn at_each_step(pair: Pair<'_, Rule>) -> Lowered<TriggerPoint> {
    let step = pair
        .clone()
        .into_inner()
        .find(|child| child.as_rule() != Rule::each);
    match step {
        Some(step) => Ok(TriggerPoint::Beginning(UnitRef {
            name: unit_name(&step)?,
            owner: None,
            quantifier: Quantifier::Each,
        })),
        None => unexpected(&pair, "a step after \"at each\""),
    }
}

/// `owner_combat_step`: the beginning of combat on the owner's turn.
fn owner_combat_step(pair: Pair<'_, Rule>) -> Lowered<TriggerPoint> {
    match pair.clone().into_inner().next() {
        Some(owner) => Ok(TriggerPoint::CombatOnTurn {
            owner: Some(owner_of(&owner)?),
        }),
        None => unexpected(&pair, "an owner's combat step"),
    }
}

/// `end_of_combat_trigger`.
pub(super) fn end_of_combat_trigger(pair: Pair<'_, Rule>) -> Lowered<TriggerPoint> {
    match pair.clone().into_inner().next() {
        Some(inner) if inner.as_rule() == Rule::end_of_combat_point => end_of_combat_point(inner),
        _ => unexpected(&pair, "an end of combat trigger"),
    }
}

/// `combat_on_turn`.
fn combat_on_turn(pair: Pair<'_, Rule>) -> Lowered<TriggerPoint> {
    let mut owner = None;
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::on_turn => owner = Some(inner_owner(child)?),
            _ => return unexpected(&child, "combat on a turn"),
        }
    }
    Ok(TriggerPoint::CombatOnTurn { owner })
}

/// `end_of_combat_point`.
fn end_of_combat_point(pair: Pair<'_, Rule>) -> Lowered<TriggerPoint> {
    let mut owner = None;
    let mut next = false;
    let mut first = false;
    let mut that = false;
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::on_turn => owner = Some(inner_owner(child)?),
            Rule::this_turns_next => next = true,
            Rule::first_combat_end => first = true,
            Rule::end_of_that => that = true,
            Rule::the_end_of_combat => {
                that = child
                    .into_inner()
                    .any(|inner| inner.as_rule() == Rule::end_of_that);
            }
            _ => return unexpected(&child, "end of combat"),
        }
    }
    Ok(if that {
        TriggerPoint::EndOfThatCombat
    } else {
        TriggerPoint::EndOfCombat { owner, next, first }
    })
}

/// `combat_trigger`.
pub(super) fn combat_trigger(pair: Pair<'_, Rule>) -> Lowered<CombatTrigger> {
    let mut event = None;
    let mut by_player = false;
    let mut attacker = None;
    let mut other_events = false;
    let mut this_turn = false;
    let mut this_combat = false;
    let mut next = false;
    let mut during = None;
    for child in pair.clone().into_inner() {
        match child.as_rule() {
            Rule::during_whose_turn => during = Some(inner_owner(child)?),
            Rule::player_subject => {
                by_player = true;
                for part in child.into_inner() {
                    match part.as_rule() {
                        Rule::player_word => attacker = player_subject(&part),
                        Rule::next_attack => next = true,
                        _ => return unexpected(&part, "a player who attacks"),
                    }
                }
            }
            Rule::stated_this_combat => this_combat = true,
            Rule::joined_when | Rule::joined_event | Rule::other_event => other_events = true,
            Rule::stated_this_turn => this_turn = true,
            _ => event = Some(combat_event(&child)?),
        }
    }
    match event {
        Some(event) => Ok(CombatTrigger {
            event,
            by_player,
            attacker,
            other_events,
            this_turn,
            this_combat,
            next,
            during,
        }),
        None => unexpected(&pair, "a combat trigger"),
    }
}

/// `player_word`: the player whose attack it is, as the owner of the turn it happens in.
fn player_subject(pair: &Pair<'_, Rule>) -> Option<OwnerWord> {
    let subject = pair.as_str().trim_end().to_ascii_lowercase();
    match subject.as_str() {
        "you" => Some(OwnerWord::Your),
        "an opponent" => Some(OwnerWord::AnOpponent),
        "each opponent" => Some(OwnerWord::EachOpponent),
        "that player" => Some(OwnerWord::ThatPlayer),
        "target player" => Some(OwnerWord::TargetPlayer),
        _ => None,
    }
}

/// The combat event rules (`event_attacks`, ...).
fn combat_event(pair: &Pair<'_, Rule>) -> Lowered<CombatEvent> {
    Ok(match pair.as_rule() {
        Rule::event_attacks_and_isnt_blocked => CombatEvent::AttacksAndIsntBlocked,
        Rule::event_attacks_or_blocks => CombatEvent::AttacksOrBlocks,
        Rule::event_blocks_or_becomes_blocked => CombatEvent::BlocksOrBecomesBlocked,
        Rule::event_becomes_blocked_by_creature => CombatEvent::BecomesBlockedByACreature,
        Rule::event_becomes_blocked => CombatEvent::BecomesBlocked,
        Rule::event_attacks => CombatEvent::Attacks,
        Rule::event_blocks_creature => CombatEvent::BlocksACreature,
        Rule::event_blocks => CombatEvent::Blocks,
        Rule::event_combat_damage => CombatEvent::DealsCombatDamage,
        _ => return unexpected(pair, "a combat event"),
    })
}

#[cfg(test)]
mod tests {
    use crate::phrase::ast::{Form, Quantifier, TriggerPoint, UnitName};
    use crate::phrase::find;

    /// The point of the one phrase of `text`.
    fn point(text: &str) -> TriggerPoint {
        let found = find(text);
        assert_eq!(found.phrases.len(), 1, "{text}: {:?}", found.phrases);
        match &found.phrases[0].form {
            Form::AtPoint { point, .. } => point.clone(),
            form => panic!("{text}: {form:?}"),
        }
    }

    /// A unit joined to another is read once, with the unit after "and"; without "and", the unit
    /// alone.
    #[test]
    fn joined_units_are_two_points() {
        let text = "At the beginning of that turn's upkeep and end step, draw a card.";
        match point(text) {
            TriggerPoint::Beginnings(first, second) => {
                assert_eq!(first.name, UnitName::Upkeep);
                assert_eq!(second, UnitName::End);
            }
            other => panic!("{other:?}"),
        }
        // "and" that joins no unit: the unit alone, and the second trigger after it.
        let found = find("At the beginning of your upkeep and at the beginning of your draw step.");
        assert_eq!(found.phrases.len(), 2);
        assert_eq!(
            found.phrases[0].span.end,
            "At the beginning of your upkeep".len()
        );
        assert!(matches!(
            &found.phrases[0].form,
            Form::AtPoint { point: TriggerPoint::Beginning(unit), .. } if unit.name == UnitName::Upkeep
        ));
        let found = find("At the beginning of your upkeep and draw step, scry 1.");
        assert_eq!(
            found.phrases[0].span.end,
            "At the beginning of your upkeep and draw step".len()
        );
    }

    /// `ordinal_ahead` lets `unit_ref`'s ordinal choices be tried only with "first" or "second"
    /// within six words: the longest owners (four words, three with a possessive) still reach it.
    #[test]
    fn the_longest_owners_reach_their_ordinal() {
        for phrase in [
            "At the beginning of enchanted creature's controller's first upkeep each turn",
            "At the beginning of his or her own first upkeep each turn",
            "At the beginning of each other player's first upkeep each turn",
            "At the beginning of target opponent's first upkeep each turn",
            "At the beginning of the first upkeep of the turn",
        ] {
            let found = find(&format!("{phrase}, draw a card."));
            assert_eq!(found.phrases.len(), 1, "{phrase}");
            assert_eq!(found.phrases[0].span.end, phrase.len(), "{phrase}");
            assert!(
                matches!(
                    &found.phrases[0].form,
                    Form::AtPoint { point: TriggerPoint::Beginning(unit), .. }
                        if unit.quantifier == Quantifier::FirstEachTurn
                ),
                "{phrase}: {:?}",
                found.phrases[0].form
            );
        }
    }
}
