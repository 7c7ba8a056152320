//! Lowering of pest pairs into the typed syntax of `ast`: one function per grammar rule that makes
//! a pair. A pair the grammar cannot produce at a place is a bug in this file, reported as
//! `LowerError` rather than a panic.

use super::ast::*;
use super::parser::Rule;
use crate::model::Span;
use pest::iterators::{Pair, Pairs};
use std::fmt;

/// A parse tree this module does not know how to read: a mismatch between grammar and lowering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LowerError {
    pub rule: Rule,
    pub span: Span,
    pub context: &'static str,
}

impl fmt::Display for LowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unexpected grammar rule {:?} at bytes {}..{} while reading {}",
            self.rule, self.span.start, self.span.end, self.context
        )
    }
}

impl std::error::Error for LowerError {}

type Lowered<T> = Result<T, LowerError>;

fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

fn unexpected<T>(pair: &Pair<'_, Rule>, context: &'static str) -> Lowered<T> {
    Err(LowerError {
        rule: pair.as_rule(),
        span: span_of(pair),
        context,
    })
}

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
    let opens = matches!(child.as_rule(), Rule::printed_trigger | Rule::loose_trigger)
        || (matches!(
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
        _ => pair.as_span().start(),
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

/// Lowers one phrase pair.
fn phrase(pair: Pair<'_, Rule>, place: Place) -> Lowered<Phrase> {
    // After a repeated process ("Repeat this process until ..."), the phrase is the "until" clause.
    let span = pair
        .clone()
        .into_inner()
        .find(|inner| inner.as_rule() == Rule::repeated_until)
        .map_or_else(|| span_of(&pair), |inner| span_of(&inner));
    let marks = marks(&pair)?;
    let template = Template::Rule(pair.as_rule());
    let form = match pair.as_rule() {
        Rule::printed_trigger | Rule::delayed_trigger => trigger(pair)?,
        Rule::loose_trigger => Form::AtPoint {
            // "At your upkeep" reads as "At the beginning of your upkeep".
            point: TriggerPoint::Beginning(owned_unit(pair)?),
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
        Rule::until_end_of_combat => match pair.clone().into_inner().next() {
            Some(on_next_turn) => Form::Until(Until::EndOfCombatOn(inner_owner(on_next_turn)?)),
            None => Form::Until(Until::EndOfCombat),
        },
        Rule::until_the_end_of => Form::Until(until_the_end_of(pair)?),
        Rule::until_unit => Form::Until(Until::Unit(single_unit_ref(pair, "until")?)),
        Rule::object_duration => Form::WhileCondition(object_duration(pair)?),
        Rule::until_not_timing => Form::RepeatUntil,
        Rule::during_next_turn => Form::During(unit_ref(pair)?),
        Rule::rest_of_game => Form::Until(Until::RestOfGame),
        Rule::during_unit | Rule::unit_test => Form::DuringUnit(during_unit(pair)?),
        Rule::last_unit => Form::LastUnit,
        Rule::game_end_test => Form::GameEndTest,
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
            clause: ClauseKind::Duration,
            unit: this_span_in(pair)?,
        },
        Rule::trigger_this_turn => Form::ThisSpan {
            clause: ClauseKind::TriggerDuration,
            unit: this_span_in(pair)?,
        },
        Rule::turn_duration | Rule::leading_this_turn => Form::ThisSpan {
            clause: ClauseKind::Duration,
            unit: this_span_in(pair)?,
        },
        Rule::turn_reference => Form::ThisSpan {
            clause: ClauseKind::Reference,
            unit: this_span_in(pair)?,
        },
        Rule::once_each_turn => once_each_turn(pair)?,
        Rule::during_permission => Form::Window(during_permission(pair)?),
        Rule::counted_each_turn => Form::EachTurn(EachTurn::Counted),
        Rule::limited_each_turn => Form::EachTurn(EachTurn::Limited),
        Rule::each_turn_if_able => match pair.clone().into_inner().next() {
            Some(_) => Form::EachTurn(EachTurn::IfAble),
            None => Form::EachTurn(EachTurn::Counted),
        },
        Rule::sorcery_timing => Form::Window(sorcery_timing(pair)?),
        Rule::window | Rule::window_also | Rule::window_unstated => Form::Window(window(pair)?),
        Rule::skip_replaced => skip_replaced(pair)?,
        Rule::extra_turn_mention => Form::ExtraTurnMention,
        Rule::end_of_turn_statement => Form::EndOfTurnStatement,
        Rule::activation_condition => Form::Condition,
        Rule::old_step_mention => Form::StepMention,
        Rule::extra_turn => match pair.clone().into_inner().next().map(|p| p.as_rule()) {
            Some(Rule::extra_turn_after_that) => Form::TurnChange(TurnChange::ExtraTurnAfterThat),
            taken => Form::TurnChange(TurnChange::ExtraTurn {
                by_you: taken == Some(Rule::take_imperative),
            }),
        },
        Rule::additional_phases => Form::TurnChange(additional_phases(pair)?),
        Rule::additional_step => {
            Form::TurnChange(TurnChange::AdditionalStep(only_unit_name(pair)?))
        }
        Rule::step_after_phase => {
            Form::TurnChange(TurnChange::StepAfterPhase(only_unit_name(pair)?))
        }
        Rule::skip_unit => Form::TurnChange(TurnChange::Skip(skip_unit(pair)?)),
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

/// The old and nonstandard wordings inside a phrase, from the grammar rules that name them.
fn marks(pair: &Pair<'_, Rule>) -> Lowered<Vec<Mark>> {
    let mut marks = Vec::new();
    for inner in pair.clone().into_inner().flatten() {
        let wording = match inner.as_rule() {
            Rule::old_untap_phase
            | Rule::old_upkeep_phase
            | Rule::old_draw_phase
            | Rule::old_end_of_turn_step => Wording::OldStepName(unit_name(&inner)?),
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
            _ => continue,
        };
        marks.push(Mark {
            span: span_of(&inner),
            wording,
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

/// `skip_replaced`: "skips that turn instead" skips the turn about to begin; "skip that draw"
/// replaces a draw, which is no point of the turn.
fn skip_replaced(pair: Pair<'_, Rule>) -> Lowered<Form> {
    match pair.clone().into_inner().next().map(|p| p.as_rule()) {
        Some(Rule::skip_that_turn) => Ok(Form::TurnChange(TurnChange::SkipThatTurn)),
        Some(Rule::skip_that_step) => Ok(Form::TurnChange(TurnChange::SkipThatStep)),
        Some(Rule::skip_that_draw) => Ok(Form::SkipDraw),
        _ => unexpected(&pair, "a skipped turn or draw"),
    }
}

/// `printed_trigger` and `delayed_trigger`.
fn trigger(pair: Pair<'_, Rule>) -> Lowered<Form> {
    let mut point = None;
    let mut this_turn = false;
    for inner in pair.clone().into_inner() {
        match inner.as_rule() {
            Rule::unit_ref => point = Some(TriggerPoint::Beginning(unit_ref(inner)?)),
            Rule::combat_on_turn => point = Some(combat_on_turn(inner)?),
            Rule::that_combat => point = Some(TriggerPoint::ThatCombat),
            Rule::the_game => point = Some(TriggerPoint::Game),
            Rule::end_of_combat_point => point = Some(end_of_combat_point(inner)?),
            Rule::obsolete_end_of_turn => point = Some(TriggerPoint::ObsoleteEndOfTurn),
            Rule::stated_this_turn => this_turn = true,
            _ => return unexpected(&inner, "a trigger"),
        }
    }
    match point {
        Some(point) => Ok(Form::AtPoint { point, this_turn }),
        None => unexpected(&pair, "a trigger"),
    }
}

/// `end_of_combat_trigger`.
fn end_of_combat_trigger(pair: Pair<'_, Rule>) -> Lowered<TriggerPoint> {
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
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::on_turn => owner = Some(inner_owner(child)?),
            Rule::this_turns_next => next = true,
            Rule::the_end_of_combat => {}
            _ => return unexpected(&child, "end of combat"),
        }
    }
    Ok(TriggerPoint::EndOfCombat { owner, next })
}

/// The owner that is the first child of `on_turn`, `owner_turn`, `each_of` and
/// `window_after_upkeep`.
fn inner_owner(pair: Pair<'_, Rule>) -> Lowered<OwnerWord> {
    match pair.clone().into_inner().next() {
        Some(inner) => owner(&inner),
        None => unexpected(&pair, "an owner's turn"),
    }
}

/// The owner rules (`owner_your`, `owner_each_opponent`, ...).
fn owner(pair: &Pair<'_, Rule>) -> Lowered<OwnerWord> {
    Ok(match pair.as_rule() {
        Rule::owner_your => OwnerWord::Your,
        Rule::owner_each_opponent => OwnerWord::EachOpponent,
        Rule::owner_each_player => OwnerWord::EachPlayer,
        Rule::owner_each_other_player => OwnerWord::EachOtherPlayer,
        Rule::owner_monarch => OwnerWord::Monarch,
        Rule::owner_an_opponent => OwnerWord::AnOpponent,
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

/// The unit name rules (`unit_upkeep`, `unit_ordinal_main`, ...).
fn unit_name(pair: &Pair<'_, Rule>) -> Lowered<UnitName> {
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
        Rule::unit_ending_phase => UnitName::EndingPhase,
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
fn unit_ref(pair: Pair<'_, Rule>) -> Lowered<UnitRef> {
    let mut name = None;
    let mut owner_word = None;
    let mut quantifier = Quantifier::Plain;
    for child in pair.clone().into_inner() {
        match child.as_rule() {
            Rule::next_turns => quantifier = Quantifier::NextTurns,
            Rule::next => quantifier = Quantifier::Next,
            Rule::first_each_turn | Rule::of_the_turn => quantifier = Quantifier::FirstEachTurn,
            Rule::game_first | Rule::of_the_game => quantifier = Quantifier::GameFirst,
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
    match name {
        Some(name) => Ok(every_players(
            UnitRef {
                name,
                owner: owner_word,
                quantifier,
            },
            pair.as_str(),
        )),
        None => unexpected(&pair, "a phase or step reference"),
    }
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

/// `during_unit` and `unit_test`: the unit the moment is tested against, or the step an effect
/// stands on.
fn during_unit(pair: Pair<'_, Rule>) -> Lowered<UnitRef> {
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

/// `once_each_turn`: "triggers only once each turn" limits a trigger (603.2h); "Once each turn,
/// you may cast", "twice each turn" limit how often something may be done: a window's condition.
fn once_each_turn(pair: Pair<'_, Rule>) -> Lowered<Form> {
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

/// `during_permission`: "During your turn, you may ...": a window over each such unit.
fn during_permission(pair: Pair<'_, Rule>) -> Lowered<Window> {
    let unit = single_unit_ref(pair, "a permission during a unit")?;
    let time = match (unit.name, unit.owner) {
        (UnitName::Turn, Some(owner)) => WindowTime::DuringTurn(owner),
        _ => WindowTime::During(unit),
    };
    Ok(Window {
        actor: WindowActor::Unstated,
        time: Some(time),
        once_each_turn: false,
        bound: None,
        twice_each_turn: false,
    })
}

/// `once_during_turns`: a window open once in each of the owner's turns.
fn once_during_turns(pair: Pair<'_, Rule>) -> Lowered<Window> {
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
fn turn_based_action(pair: Pair<'_, Rule>) -> Lowered<TurnBasedAction> {
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
            let unit = unit_ref(unit)?;
            // "before its controller untaps during their next untap step": the controller's.
            Ok(TurnBasedAction::Phasing(if by_controller {
                UnitRef {
                    owner: Some(OwnerWord::ObjectController),
                    ..unit
                }
            } else {
                unit
            }))
        }
        Rule::lore_counter_action => Ok(TurnBasedAction::LoreCounter),
        _ => unexpected(&action, "a turn-based action"),
    }
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

/// The one `unit_ref` inside `until_unit` or `skip_unit`.
fn single_unit_ref(pair: Pair<'_, Rule>, context: &'static str) -> Lowered<UnitRef> {
    match pair.clone().into_inner().next() {
        Some(inner) if inner.as_rule() == Rule::unit_ref => unit_ref(inner),
        _ => unexpected(&pair, context),
    }
}

/// `combat_trigger`.
fn combat_trigger(pair: Pair<'_, Rule>) -> Lowered<CombatTrigger> {
    let mut event = None;
    let mut by_player = false;
    let mut other_events = false;
    let mut this_turn = false;
    let mut this_combat = false;
    for child in pair.clone().into_inner() {
        match child.as_rule() {
            Rule::player_subject => by_player = true,
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
            other_events,
            this_turn,
            this_combat,
        }),
        None => unexpected(&pair, "a combat trigger"),
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

/// `until_the_end_of`.
fn until_the_end_of(pair: Pair<'_, Rule>) -> Lowered<Until> {
    match pair.clone().into_inner().next() {
        Some(inner) if inner.as_rule() == Rule::unit_ref => Ok(Until::TheEndOf(unit_ref(inner)?)),
        _ => unexpected(&pair, "until the end of"),
    }
}

/// `object_duration`.
fn object_duration(pair: Pair<'_, Rule>) -> Lowered<WhileCondition> {
    match pair.clone().into_inner().next().map(|p| p.as_rule()) {
        Some(Rule::for_as_long_as) => Ok(WhileCondition::ForAsLongAs),
        Some(Rule::until_leaves) => Ok(WhileCondition::UntilLeavesTheBattlefield),
        Some(Rule::until_abandoned) => Ok(WhileCondition::UntilAbandoned),
        Some(Rule::until_event) => Ok(WhileCondition::UntilEvent),
        _ => unexpected(&pair, "a duration with a condition"),
    }
}

/// The `this_span` at the end of `turn_duration` or `turn_reference`.
fn this_span_in(pair: Pair<'_, Rule>) -> Lowered<ThisUnit> {
    let span = pair
        .clone()
        .into_inner()
        .find(|p| matches!(p.as_rule(), Rule::this_span | Rule::that_span));
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

/// `window`, and `window_also`, which continues the window before it.
fn window(pair: Pair<'_, Rule>) -> Lowered<Window> {
    let mut actor = match pair.as_rule() {
        Rule::window_also => Some(WindowActor::Continued),
        Rule::window_unstated => Some(WindowActor::Unstated),
        _ => None,
    };
    if let Some(deadline) = pair
        .clone()
        .into_inner()
        .find(|child| child.as_rule() == Rule::deadline)
    {
        return Ok(Window {
            actor: WindowActor::Unstated,
            time: Some(WindowTime::BeforeUnit(named_unit(
                deadline,
                Quantifier::That,
            )?)),
            once_each_turn: false,
            twice_each_turn: false,
            bound: None,
        });
    }
    let mut time = None;
    let mut once_each_turn = false;
    let mut twice_each_turn = false;
    let mut bound = None;
    for child in pair.clone().into_inner() {
        match child.as_rule() {
            Rule::window_actor => actor = Some(window_actor(child)?),
            Rule::window_limit => {
                if child
                    .clone()
                    .into_inner()
                    .any(|p| p.as_rule() == Rule::twice_each_turn)
                {
                    twice_each_turn = true;
                } else {
                    once_each_turn = true;
                }
            }
            Rule::window_bound => {
                if let Some(inner) = child.clone().into_inner().next() {
                    bound = Some(window_time(inner)?);
                }
            }
            _ => time = Some(window_time(child)?),
        }
    }
    match actor {
        Some(actor) => Ok(Window {
            actor,
            time,
            once_each_turn,
            twice_each_turn,
            bound,
        }),
        None => unexpected(&pair, "a window"),
    }
}

/// `sorcery_timing`: sorcery timing with no actor of its own.
fn sorcery_timing(pair: Pair<'_, Rule>) -> Lowered<Window> {
    match pair.clone().into_inner().next() {
        Some(time) => Ok(Window {
            actor: WindowActor::Unstated,
            time: Some(window_time(time)?),
            once_each_turn: false,
            twice_each_turn: false,
            bound: None,
        }),
        None => unexpected(&pair, "sorcery timing"),
    }
}

/// `window_actor`.
fn window_actor(pair: Pair<'_, Rule>) -> Lowered<WindowActor> {
    let Some(actor) = pair.clone().into_inner().next() else {
        return unexpected(&pair, "a window's actor");
    };
    Ok(match actor.as_rule() {
        Rule::actor_cast_this_spell => WindowActor::CastThisSpell,
        Rule::actor_activate_this_ability => WindowActor::Activate { this_ability: true },
        Rule::actor_activate => WindowActor::Activate {
            this_ability: false,
        },
        Rule::actor_play_this_ability | Rule::actor_use_this_ability => {
            WindowActor::Play { this_ability: true }
        }
        Rule::actor_play_this_spell => WindowActor::CastThisSpell,
        Rule::actor_play => WindowActor::Play {
            this_ability: false,
        },
        // The keyword's own words, as the card spells them ("Equip", "Level up").
        Rule::keyword_action => WindowActor::Keyword(actor.as_str().to_string()),
        _ => return unexpected(&actor, "a window's actor"),
    })
}

/// The window time rules (`window_sorcery`, `window_before`, ...).
fn window_time(pair: Pair<'_, Rule>) -> Lowered<WindowTime> {
    Ok(match pair.as_rule() {
        Rule::window_sorcery => {
            let other = pair
                .into_inner()
                .any(|child| child.as_rule() == Rule::sorcery_time_of_other);
            if other {
                WindowTime::SorceryFor(OwnerWord::Their)
            } else {
                WindowTime::Sorcery
            }
        }
        Rule::window_instant => match pair.into_inner().next() {
            Some(_) => WindowTime::InstantAnyTime,
            None => WindowTime::Instant,
        },
        Rule::window_combat_after_blockers => WindowTime::DuringCombatAfterBlockers,
        Rule::window_combat_before_blockers => WindowTime::DuringCombatBeforeBlockers,
        Rule::window_combat => {
            let on_turn_owner = match pair.into_inner().next() {
                Some(child) => Some(inner_owner(child)?),
                None => None,
            };
            WindowTime::DuringCombat {
                on_turn: on_turn_owner,
            }
        }
        Rule::window_before => match pair.clone().into_inner().next() {
            Some(unit) if unit.as_rule() == Rule::window_before_unit => {
                WindowTime::BeforeUnit(single_unit_ref(unit, "a step a window closes at")?)
            }
            _ => WindowTime::Before(combat_point(pair)?),
        },
        Rule::window_after => WindowTime::After(combat_point(pair)?),
        Rule::window_after_upkeep => WindowTime::AfterUpkeep(inner_owner(pair)?),
        Rule::window_during => window_during(pair)?,
        _ => return unexpected(&pair, "a window's time"),
    })
}

/// The combat point inside `window_before` and `window_after`.
fn combat_point(pair: Pair<'_, Rule>) -> Lowered<CombatPoint> {
    let Some(point) = pair.clone().into_inner().next() else {
        return unexpected(&pair, "a point in combat");
    };
    Ok(match point.as_rule() {
        Rule::point_attackers_declared => CombatPoint::AttackersDeclared,
        Rule::point_blockers_declared => CombatPoint::BlockersDeclared,
        Rule::point_combat_damage_step => CombatPoint::CombatDamageStep,
        Rule::point_end_of_combat_step => CombatPoint::EndOfCombatStep,
        Rule::point_combat => CombatPoint::Combat,
        _ => return unexpected(&point, "a point in combat"),
    })
}

/// `window_during`.
fn window_during(pair: Pair<'_, Rule>) -> Lowered<WindowTime> {
    let Some(inner) = pair.clone().into_inner().next() else {
        return unexpected(&pair, "a during window");
    };
    match inner.as_rule() {
        Rule::owner_turn => Ok(WindowTime::DuringTurn(inner_owner(inner)?)),
        Rule::unit_ref => Ok(WindowTime::During(unit_ref(inner)?)),
        Rule::unit_on_turn => Ok(WindowTime::During(unit_on_turn(inner)?)),
        Rule::any_unit_ref => {
            let Some(name) = inner.clone().into_inner().next() else {
                return unexpected(&inner, "any unit");
            };
            Ok(WindowTime::During(UnitRef {
                name: unit_name(&name)?,
                owner: None,
                quantifier: Quantifier::Any,
            }))
        }
        _ => unexpected(&inner, "a during window"),
    }
}

/// `in_each_of`, `on_owner_turn` and `loose_trigger`: an owner and a unit name; "in each of" is
/// every one.
fn owned_unit(pair: Pair<'_, Rule>) -> Lowered<UnitRef> {
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
    match name {
        Some(name) => Ok(every_players(
            UnitRef {
                name,
                owner: owner_word,
                quantifier,
            },
            pair.as_str(),
        )),
        None => unexpected(&pair, "an owner's unit"),
    }
}

/// The one phase or step name among `pair`'s children ("that draw step", "the end of turn step",
/// "cleanup steps"), with no owner and the given quantifier.
fn named_unit(pair: Pair<'_, Rule>, quantifier: Quantifier) -> Lowered<UnitRef> {
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
fn unit_on_turn(pair: Pair<'_, Rule>) -> Lowered<UnitRef> {
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

/// `additional_phases`.
fn additional_phases(pair: Pair<'_, Rule>) -> Lowered<TurnChange> {
    let mut after_main = false;
    let mut after_counted = None;
    let mut phases = Vec::new();
    for child in pair.into_inner() {
        match child.as_rule() {
            Rule::after_this_main => after_main = true,
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
fn skip_unit(pair: Pair<'_, Rule>) -> Lowered<UnitRef> {
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

/// The one step name inside `additional_step` and `step_after_phase`.
fn only_unit_name(pair: Pair<'_, Rule>) -> Lowered<UnitName> {
    match pair.clone().into_inner().next() {
        Some(name) => unit_name(&name),
        None => unexpected(&pair, "an additional step"),
    }
}
