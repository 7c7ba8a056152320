//! The old and nonstandard wordings inside a phrase (its `Mark`s), from the grammar rules that
//! name them, whichever template they sit in.
//!
//! It reads a phrase's pairs, not its meaning; of its siblings it imports `error` and `units`.

use super::error::{Lowered, span_of};
use super::units::unit_name;
use crate::phrase::ast::*;
use crate::phrase::parser::Rule;
use pest::iterators::Pair;

/// The old and nonstandard wordings inside a phrase, from the grammar rules that name them.
pub(super) fn marks(pair: &Pair<'_, Rule>) -> Lowered<Vec<Mark>> {
    let mut marks = Vec::new();
    for inner in pair.clone().into_inner().flatten() {
        let wording = match inner.as_rule() {
            Rule::old_untap_phase
            | Rule::old_upkeep_phase
            | Rule::old_draw_phase
            | Rule::old_end_of_turn_step
            | Rule::old_end_phase => Wording::OldStepName(unit_name(&inner)?),
            Rule::actor_play | Rule::actor_play_this_ability | Rule::actor_use_this_ability => {
                Wording::PlayVerb
            }
            Rule::obsolete_play_verb => Wording::PlayForCast,
            Rule::actor_activate_this_ability => Wording::ActivateThisAbility,
            Rule::sorcery_any_time => Wording::AnyTimeSorcery,
            Rule::once_per_turn => Wording::OncePerTurn,
            Rule::loose_trigger_word | Rule::loose_during_word => Wording::LooseTrigger,
            Rule::the_end_of_combat => Wording::AtTheEndOfCombat,
            Rule::next_count | Rule::all_units => Wording::NextSeveral,
            Rule::at_the_start_of => Wording::Designer(DesignerWording::AtTheStartOf),
            Rule::owner_your_opponent => Wording::Designer(DesignerWording::YourOpponent),
            Rule::window_on => Wording::Designer(DesignerWording::OnInWindow),
            Rule::end_of_turn_point => Wording::Designer(DesignerWording::EndOfTurnTrigger),
            Rule::owner_combat_step => Wording::Designer(DesignerWording::CombatStep),
            Rule::designer_until_end_of_turn => Wording::Designer(DesignerWording::UntilEndOfTurn),
            Rule::verb_moment => {
                let holds = |rule| {
                    inner
                        .clone()
                        .into_inner()
                        .any(|child| child.as_rule() == rule)
                };
                if holds(Rule::moment_turn) && holds(Rule::moment_ends) {
                    Wording::Designer(DesignerWording::TurnEnds)
                } else {
                    Wording::Designer(DesignerWording::VerbMoment)
                }
            }
            Rule::at_each_step => Wording::Designer(DesignerWording::AtEachStep),
            Rule::only_one => Wording::Designer(DesignerWording::OnlyOne),
            Rule::instant_speed_spell => Wording::Designer(DesignerWording::InstantSpeedSpell),
            Rule::instant_speed => Wording::Designer(DesignerWording::InstantSpeed),
            Rule::sorcery_speed => Wording::Designer(DesignerWording::SorcerySpeed),
            Rule::designer_until_end_of_combat => {
                Wording::Designer(DesignerWording::UntilEndOfCombat)
            }
            _ => continue,
        };
        marks.push(Mark {
            span: span_of(&inner),
            wording,
        });
    }
    if pair.as_rule() == Rule::upkeep_shorthand {
        marks.push(Mark {
            span: span_of(pair),
            wording: Wording::Designer(DesignerWording::UpkeepShorthand),
        });
    }
    if pair.as_rule() == Rule::until_the_end_of_turn {
        marks.push(Mark {
            span: span_of(pair),
            wording: Wording::UntilTheEndOfTurn,
        });
    }
    Ok(marks)
}
