//! Lowering of pest pairs into the typed syntax of `ast`: one function per grammar rule that makes
//! a pair. A pair the grammar cannot produce at a place is a bug in lowering, reported as
//! `LowerError` rather than a panic.
//!
//! One file a section of grammar/timing.pest, as `rules/` has one file a rule: `triggers`,
//! `durations`, `this_turn`, `each_turn`, `standing`, `windows` and `turn_changes` lower the
//! templates of their section; `units` the owners and the phase and step names they all name;
//! `marks` the old wordings inside any phrase; `error` what goes wrong. This file walks an ability
//! and picks the family by the phrase's rule. No other lowering file imports it, and the families
//! import only `units` and `error`.

mod durations;
mod each_turn;
mod error;
mod marks;
mod standing;
mod this_turn;
mod triggers;
mod turn_changes;
mod units;
mod windows;

use durations::{object_duration, until_the_end_of};
use each_turn::{if_able, once_each_turn};
use error::{Lowered, span_of, unexpected};
use marks::marks;
use standing::{during_permission, during_unit, once_during_turns, turn_based_action};
use this_turn::this_span_in;
use triggers::{combat_trigger, end_of_combat_trigger, trigger};
use turn_changes::{added_step, additional_phases, later_turn, skip_replaced, skip_unit};
use units::{inner_owner, owned_unit, single_unit_ref, unit_ref};
use windows::{sorcery_timing, window};

use crate::model::Span;
use crate::phrase::ast::*;
use crate::phrase::parser::{Rule, TimingParser};
use pest::Parser;
use pest::iterators::{Pair, Pairs};

pub use error::LowerError;

/// Lowers the pairs of one `ability_line` into the phrases it holds, in text order. Spans are
/// shifted by `offset`, the line's start in the whole text.
pub fn ability_line(pairs: Pairs<'_, Rule>, ability: usize, offset: usize) -> Lowered<Vec<Phrase>> {
    let mut phrases = Vec::new();
    let place = Place {
        ability,
        opens_ability: false,
        in_quotes: false,
        in_reminder: false,
    };
    for pair in pairs {
        match pair.as_rule() {
            Rule::ability_line => {
                for inner in pair.into_inner() {
                    match inner.as_rule() {
                        Rule::ability => container(inner, place, &mut phrases)?,
                        Rule::EOI => {}
                        _ => return unexpected(&inner, "an ability"),
                    }
                }
            }
            _ => return unexpected(&pair, "an ability"),
        }
    }
    for phrase in &mut phrases {
        shift(phrase, offset);
    }
    Ok(phrases)
}

/// Lowers what an entry rule (`try_<rule>`, see the grammar's last section) matched in a suffix
/// of a line. `content_start` is where the content of the enclosing ability, quoted ability or
/// reminder begins, in the suffix's bytes, if it is not before the suffix. Spans are shifted by
/// `offset`, the suffix's start in the whole text.
pub(super) fn entry(
    pair: Pair<'_, Rule>,
    place: Place,
    content_start: Option<usize>,
    offset: usize,
    out: &mut Vec<Phrase>,
) -> Lowered<()> {
    for child in pair.into_inner() {
        let mut phrase = child_phrase(child, place, content_start)?;
        shift(&mut phrase, offset);
        out.push(phrase);
    }
    Ok(())
}

/// Moves a phrase and its marks `by` bytes later.
fn shift(phrase: &mut Phrase, by: usize) {
    let shift = |span: Span| Span::new(span.start + by, span.end + by);
    phrase.span = shift(phrase.span);
    for mark in &mut phrase.marks {
        mark.span = shift(mark.span);
    }
}

/// Lowers a phrase that is a child of an ability, a quoted ability or reminder text. A printed
/// trigger opens the ability; a combat trigger or a trigger lasting this turn opens it where it
/// begins the container's content.
fn child_phrase(
    child: Pair<'_, Rule>,
    place: Place,
    content_start: Option<usize>,
) -> Lowered<Phrase> {
    let opens = matches!(
        child.as_rule(),
        Rule::printed_trigger | Rule::moment_trigger | Rule::loose_trigger | Rule::upkeep_shorthand
    ) || (matches!(
        child.as_rule(),
        Rule::combat_trigger | Rule::trigger_this_turn
    ) && Some(child.as_span().start()) == content_start);
    phrase(
        child,
        Place {
            opens_ability: opens,
            ..place
        },
    )
}

/// Lowers the children of an ability, a quoted ability or reminder text. A trigger that begins
/// where its container's content begins opens that ability.
fn container(pair: Pair<'_, Rule>, place: Place, out: &mut Vec<Phrase>) -> Lowered<()> {
    let content_start = match pair.as_rule() {
        Rule::quoted_ability | Rule::reminder => {
            // Past the opening quote or parenthesis.
            let text = pair.as_str();
            pair.as_span().start() + text.chars().next().map_or(0, char::len_utf8)
        }
        // Past its ability word ("Life Drain — "), as the walk reads it.
        _ => {
            let text = pair.as_str();
            let label = ability_word_len(text);
            pair.as_span().start() + content_after_label(&text[..label])
        }
    };
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::quoted_ability => container(
                child,
                Place {
                    in_quotes: true,
                    ..place
                },
                out,
            )?,
            Rule::reminder => container(
                child,
                Place {
                    in_reminder: true,
                    ..place
                },
                out,
            )?,
            _ => out.push(child_phrase(child, place, Some(content_start))?),
        }
    }
    Ok(())
}

/// Where an ability's content begins after its label (an ability word and its dash): past a
/// named ability word ("Life Drain — "), whose trigger then opens the ability; at the label's
/// start for a Saga's chapter numbers ("II — "), whose text is the effect of the chapter ability
/// (714.2b), or a mode's name after a bullet ("• Life of the Party — "), whose text is the mode's
/// effect (700.2): a trigger there is one the chapter or mode makes.
pub(super) fn content_after_label(label: &str) -> usize {
    let numbers = label
        .trim_end()
        .trim_end_matches(['—', '-', '–'])
        .trim_end();
    let chapter = !numbers.is_empty()
        && numbers
            .chars()
            .all(|c| matches!(c, 'I' | 'V' | 'X' | ',' | ' '));
    let mode = label.trim_start().starts_with('•');
    if chapter || mode { 0 } else { label.len() }
}

/// The length of the ability word that opens `ability`, if any.
fn ability_word_len(ability: &str) -> usize {
    TimingParser::parse(Rule::try_ability_word, ability)
        .ok()
        .and_then(|mut pairs| pairs.next())
        .map_or(0, |word| word.as_str().len())
}

/// Lowers one phrase pair.
fn phrase(pair: Pair<'_, Rule>, place: Place) -> Lowered<Phrase> {
    // After a repeated process ("Repeat this process until ...") or "phases out", the phrase is
    // the "until" clause; after "activate this ability but", the "only ..." window.
    let span = pair
        .clone()
        .into_inner()
        .find(|inner| {
            matches!(
                inner.as_rule(),
                Rule::repeated_until | Rule::object_duration | Rule::window_unstated
            )
        })
        .map_or_else(|| span_of(&pair), |inner| span_of(&inner));
    let marks = marks(&pair)?;
    let template = Template::Rule(pair.as_rule());
    let form = match pair.as_rule() {
        Rule::printed_trigger | Rule::moment_trigger | Rule::delayed_trigger => trigger(pair)?,
        Rule::loose_trigger => Form::AtPoint {
            // "At your upkeep" reads as "At the beginning of your upkeep".
            point: TriggerPoint::Beginning(owned_unit(pair)?),
            this_turn: false,
        },
        // "Upkeep —" reads as "At the beginning of your upkeep,".
        Rule::upkeep_shorthand => Form::AtPoint {
            point: TriggerPoint::Beginning(UnitRef {
                name: UnitName::Upkeep,
                owner: Some(OwnerWord::Your),
                quantifier: Quantifier::Plain,
            }),
            this_turn: false,
        },
        Rule::end_of_combat_trigger => Form::AtPoint {
            point: end_of_combat_trigger(pair)?,
            this_turn: false,
        },
        Rule::obsolete_end_of_turn_trigger => Form::AtPoint {
            point: TriggerPoint::ObsoleteEndOfTurn,
            this_turn: false,
        },
        Rule::combat_trigger => Form::Combat(combat_trigger(pair)?),
        Rule::until_end_of_turn | Rule::until_the_end_of_turn => Form::Until(Until::EndOfTurn),
        Rule::until_end_of_combat => match pair
            .clone()
            .into_inner()
            .find(|inner| inner.as_rule() == Rule::on_next_turn)
        {
            Some(on_next_turn) => Form::Until(Until::EndOfCombatOn(inner_owner(on_next_turn)?)),
            None => Form::Until(Until::EndOfCombat),
        },
        Rule::until_the_end_of => Form::Until(until_the_end_of(pair)?),
        Rule::until_unit => Form::Until(Until::Unit(single_unit_ref(pair, "until")?)),
        Rule::object_duration => Form::WhileCondition(object_duration(pair)?),
        // The window `window` reads in the same words: equip's, as an instant.
        Rule::equip_as_an_instant => Form::Window(Window {
            actor: WindowActor::Keyword("Equip".to_string()),
            time: Some(WindowTime::Instant),
            once_each_turn: false,
            twice_each_turn: false,
            bound: None,
        }),
        Rule::phases_out_until => match pair.clone().into_inner().next() {
            Some(duration) => Form::PhasedOutUntil(object_duration(duration)?),
            None => return unexpected(&pair, "phases out until"),
        },
        Rule::until_not_timing => Form::RepeatUntil,
        Rule::during_next_turn => Form::During(unit_ref(pair)?),
        Rule::rest_of_game => Form::Until(Until::RestOfGame),
        Rule::during_unit if holds(&pair, Rule::would_begin) => {
            Form::WouldBegin(during_unit(pair)?)
        }
        Rule::during_unit | Rule::unit_test => Form::DuringUnit(during_unit(pair)?),
        Rule::last_unit => Form::LastUnit,
        Rule::game_end_test => Form::GameEndTest,
        Rule::unit_mention if holds(&pair, Rule::turns_counted) => Form::TurnsCounted,
        Rule::unit_mention
            if pair
                .clone()
                .into_inner()
                .flat_map(|child| child.into_inner())
                .any(|child| child.as_rule() == Rule::most_recent_turn) =>
        {
            Form::LastUnit
        }
        Rule::unit_mention if holds(&pair, Rule::turn_past) => Form::ThisSpan {
            clause: ClauseKind::Reference,
            unit: match pair.clone().into_inner().next() {
                Some(turn_past) => this_span_in(turn_past)?,
                None => return unexpected(&pair, "the turn or combat under way"),
            },
        },
        Rule::unit_mention => Form::StepMention,
        Rule::this_and_next_turn => Form::Until(Until::TheEndOf(UnitRef {
            name: UnitName::Turn,
            owner: None,
            quantifier: Quantifier::Next,
        })),
        Rule::once_during_turns => Form::Window(once_during_turns(pair)?),
        Rule::turn_based_action => Form::TurnBasedAction(turn_based_action(pair)?),
        Rule::each_combat => Form::EachTurn(EachTurn::EachCombat),
        Rule::day_night_next_turn => Form::DayNightNextTurn,
        Rule::quoted_mention => Form::Mention,
        Rule::next_this_turn => Form::ThisSpan {
            clause: if holds(&pair, Rule::next_damage) {
                ClauseKind::ShieldDuration
            } else {
                ClauseKind::Duration
            },
            unit: this_span_in(pair)?,
        },
        Rule::trigger_this_turn => Form::ThisSpan {
            clause: if holds(&pair, Rule::trigger_next) {
                ClauseKind::NextTriggerDuration
            } else {
                ClauseKind::TriggerDuration
            },
            unit: this_span_in(pair)?,
        },
        Rule::turn_duration | Rule::leading_this_turn => Form::ThisSpan {
            clause: ClauseKind::Duration,
            unit: this_span_in(pair)?,
        },
        Rule::turn_reference => Form::ThisSpan {
            // "spells you cast this turn cost {1} less": the clause bounds an effect.
            clause: if holds(&pair, Rule::effect_follows) {
                ClauseKind::Duration
            } else {
                ClauseKind::Reference
            },
            unit: this_span_in(pair)?,
        },
        Rule::once_each_turn => once_each_turn(pair)?,
        Rule::during_permission => Form::Window(during_permission(pair)?),
        Rule::counted_each_turn => Form::EachTurn(EachTurn::Counted),
        Rule::limited_each_turn => Form::EachTurn(EachTurn::Limited),
        Rule::each_turn_if_able => match pair.clone().into_inner().next() {
            // "each ... if able" follows "attacks": "blocks ... if able" is `blocks_if_able`.
            Some(_) => Form::EachTurn(EachTurn::IfAble {
                declared: Declared::Attackers,
                combat: WhichCombat::Each,
            }),
            None => Form::EachTurn(EachTurn::Counted),
        },
        Rule::combat_if_able => Form::EachTurn(if_able(pair, Declared::Attackers)),
        Rule::blocks_if_able => Form::EachTurn(if_able(pair, Declared::Blockers)),
        Rule::sorcery_timing => Form::Window(sorcery_timing(pair)?),
        // A Class's level ability is an activated ability (716.2a).
        Rule::class_level => Form::Window(Window {
            actor: WindowActor::Activate {
                this_ability: false,
            },
            ..sorcery_timing(pair)?
        }),
        Rule::window | Rule::window_also | Rule::window_unstated => Form::Window(window(pair)?),
        Rule::activation_but_only => match pair.clone().into_inner().next() {
            Some(unstated) => Form::Window(Window {
                actor: WindowActor::Activate { this_ability: true },
                ..window(unstated)?
            }),
            None => return unexpected(&pair, "activate this ability but only"),
        },
        Rule::skip_replaced => skip_replaced(pair)?,
        Rule::extra_turn_mention if holds(&pair, Rule::extra_turn_during) => {
            Form::ExtraTurnMention(ExtraTurnTest::IsExtra)
        }
        Rule::extra_turn_mention if holds(&pair, Rule::extra_turn_not) => {
            Form::ExtraTurnMention(ExtraTurnTest::IsNotExtra)
        }
        Rule::extra_turn_mention if holds(&pair, Rule::gift_extra_turn) => {
            Form::TurnChange(TurnChange::GiftExtraTurn)
        }
        Rule::extra_turn_mention => Form::ExtraTurnMention(ExtraTurnTest::Named),
        Rule::end_of_turn_statement => Form::EndOfTurnStatement,
        Rule::activation_condition => Form::Condition,
        Rule::old_step_mention => Form::StepMention,
        Rule::extra_turn => match pair.clone().into_inner().next().map(|p| p.as_rule()) {
            Some(Rule::extra_turn_after_that) => Form::TurnChange(TurnChange::ExtraTurnAfterThat),
            taken => Form::TurnChange(TurnChange::ExtraTurn {
                by_you: taken == Some(Rule::take_imperative),
                instead: false,
            }),
        },
        Rule::additional_phases => Form::TurnChange(additional_phases(pair)?),
        Rule::additional_step => {
            let (step, you_get) = added_step(pair)?;
            Form::TurnChange(TurnChange::AdditionalStep { step, you_get })
        }
        Rule::step_after_phase => {
            let (step, you_get) = added_step(pair)?;
            Form::TurnChange(TurnChange::StepAfterPhase { step, you_get })
        }
        Rule::skip_unit => Form::TurnChange(TurnChange::Skip(skip_unit(pair)?)),
        Rule::end_the_turn => Form::TurnChange(TurnChange::EndTurn),
        Rule::end_the_combat_phase => Form::TurnChange(TurnChange::EndCombat),
        Rule::each_turn_begins => Form::EachTurnBegins,
        Rule::later_turn => Form::LaterTurn(later_turn(pair)?),
        Rule::flash_permission => Form::FlashPermission {
            it: pair.clone().into_inner().next().is_some(),
        },
        Rule::outside_sorcery_timing => Form::OutsideSorceryTiming,
        Rule::extra_turn_instead => Form::TurnChange(TurnChange::ExtraTurn {
            by_you: pair.clone().into_inner().next().is_some(),
            instead: true,
        }),
        Rule::skip_chosen => Form::TurnChange(TurnChange::SkipChosen),
        // The "this turn" of a skip or a loyalty window: it lasts until cleanup.
        Rule::lasting_this_turn => Form::ThisSpan {
            clause: ClauseKind::Duration,
            unit: ThisUnit::Turn,
        },
        Rule::loyalty_any_time | Rule::loyalty_twice => Form::Window(Window {
            actor: WindowActor::Unstated,
            time: Some(if pair.as_rule() == Rule::loyalty_twice {
                WindowTime::LoyaltyTwice
            } else {
                WindowTime::LoyaltyAnyTime
            }),
            once_each_turn: false,
            bound: None,
            twice_each_turn: false,
        }),
        Rule::additional_each_turn => Form::EachTurn(EachTurn::Limited),
        Rule::for_one_this_turn => Form::ThisSpan {
            clause: ClauseKind::Duration,
            unit: this_span_in(pair)?,
        },
        Rule::until_turn_of_game => Form::WhileCondition(WhileCondition::UntilTurnOfGame),
        Rule::units_in_turn_order => Form::StepMention,
        Rule::unknown_timing => Form::Unknown,
        _ => return unexpected(&pair, "a phrase"),
    };
    Ok(Phrase {
        span,
        place,
        form,
        marks,
        template,
    })
}

/// Whether one of `pair`'s children is a `rule`: a mark the grammar sets inside a template.
fn holds(pair: &Pair<'_, Rule>, rule: Rule) -> bool {
    pair.clone()
        .into_inner()
        .any(|child| child.as_rule() == rule)
}
