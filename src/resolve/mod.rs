//! The resolver: a phrase's typed syntax onto the turn model, as the timing points, conditions,
//! rule citations and caveats of the contract (../shared/TIMING-MODEL.md). A phrase with no
//! template stays `unknown`: it is never given a default meaning.

mod action;
mod antecedent;
mod caveats;
mod duration;
mod during;
mod keyword;
mod trigger;
mod turn_change;
mod vocabulary;
mod window;

use crate::model::{
    Caveat, Condition, Edge, Finding, Kind, Occurrence, Owner, Role, TimingPoint, Unit, canonical,
};
use crate::phrase::ast::{ClauseKind, EachTurn, Form, Phrase, ThisUnit};

/// The caveats of old wordings, for an older edition to recognise its own templates
/// (`crate::edition`).
pub(crate) use caveats::{end_of_turn_statement, obsolete_end_of_turn, wording as wording_caveat};

/// The meaning of one phrase, before it is joined with the phrase's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meaning {
    pub kind: Kind,
    pub timing: Vec<TimingPoint>,
    pub conditions: Vec<Condition>,
    pub rules: Vec<&'static str>,
    pub caveats: Vec<Caveat>,
}

impl Meaning {
    fn new(kind: Kind) -> Self {
        Meaning {
            kind,
            timing: Vec::new(),
            conditions: Vec::new(),
            rules: Vec::new(),
            caveats: Vec::new(),
        }
    }

    fn point(mut self, point: TimingPoint) -> Self {
        self.timing.push(point);
        self
    }

    fn rule(mut self, rule: &'static str) -> Self {
        if !self.rules.contains(&rule) {
            self.rules.push(rule);
        }
        self
    }

    fn caveat(mut self, caveat: Caveat) -> Self {
        if !self.caveats.contains(&caveat) {
            self.caveats.push(caveat);
        }
        self
    }

    fn condition(mut self, condition: Condition) -> Self {
        self.conditions.push(condition);
        self
    }
}

/// Resolves one phrase found in `text` into its finding.
pub fn resolve(text: &str, phrase: &Phrase) -> Finding {
    let meaning = phrase.marks.iter().fold(meaning(phrase), |meaning, mark| {
        meaning.caveat(caveats::wording(mark.wording))
    });
    Finding {
        phrase: phrase.span.of(text).to_string(),
        span: phrase.span,
        kind: meaning.kind,
        canonical: canonical(&meaning.timing),
        timing: meaning.timing,
        conditions: meaning.conditions,
        rules: meaning.rules,
        caveats: meaning.caveats,
        antecedent: None,
    }
}

/// Resolves the phrases of one card text, in text order: each on its own, then every `that`
/// occurrence against the earlier phrase of its ability that named its turn or combat.
pub fn resolve_all(text: &str, phrases: &[Phrase]) -> Vec<Finding> {
    let mut findings: Vec<Finding> = phrases.iter().map(|phrase| resolve(text, phrase)).collect();
    antecedent::link(phrases, &mut findings);
    findings
}

/// Finds and resolves every phrase of a card text.
pub fn find_and_resolve(text: &str) -> (Vec<Finding>, Vec<crate::phrase::FindError>) {
    let found = crate::phrase::find(text);
    (resolve_all(text, &found.phrases), found.errors)
}

fn meaning(phrase: &Phrase) -> Meaning {
    match &phrase.form {
        Form::AtPoint { point, this_turn } => trigger::at_point(point, phrase.place, *this_turn),
        Form::Combat(trigger) => trigger::combat(*trigger),
        Form::Until(until) => duration::until(until),
        Form::WhileCondition(condition) => duration::while_condition(*condition),
        Form::ThisSpan { clause, unit } => {
            this_turn_clause(*clause, *unit, phrase.place.opens_ability)
        }
        Form::EachTurn(each) => each_turn(*each),
        Form::RepeatUntil | Form::Mention => Meaning::new(Kind::NotTiming),
        Form::ExtraTurnMention => Meaning::new(Kind::Reference).rule("500.7"),
        Form::Condition => Meaning::new(Kind::NotTiming).rule("602.5b"),
        Form::EndOfTurnStatement => Meaning::new(Kind::Reference)
            .rule("514.2")
            .caveat(caveats::end_of_turn_statement()),
        Form::StepMention => Meaning::new(Kind::Reference),
        Form::SkipDraw => Meaning::new(Kind::NotTiming).rule("614.1b"),
        Form::During(unit_ref) => duration::during(unit_ref),
        Form::DuringUnit(unit_ref) => during::during_unit(unit_ref),
        Form::LastUnit => Meaning::new(Kind::Reference),
        Form::GameEndTest => Meaning::new(Kind::Reference)
            .point(TimingPoint::new(
                Role::Tests,
                Edge::End,
                Unit::Game,
                Occurrence::This,
                Owner::Any,
            ))
            .rule("104.1"),
        Form::TurnBasedAction(action) => action::turn_based_action(action),
        Form::DayNightNextTurn => Meaning::new(Kind::Reference).rule("502.2").rule("730.2a"),
        Form::Window(window) => window::window(window),
        Form::TurnChange(change) => turn_change::turn_change(change),
        Form::Keyword(used) => keyword::keyword(used),
        Form::Unknown => Meaning::new(Kind::Unknown),
    }
}

/// A phrase that counts within each turn or combat.
fn each_turn(each: EachTurn) -> Meaning {
    match each {
        // "This ability triggers only once each turn", "Do this only once each turn": a limit on
        // how often the ability triggers, part of its trigger condition (603.2h).
        EachTurn::OnlyOnce => Meaning::new(Kind::Trigger)
            .condition(Condition::OncePerTurn)
            .rule("603.2h"),
        EachTurn::Counted | EachTurn::Limited | EachTurn::EachCombat => {
            Meaning::new(Kind::Reference)
        }
        // "attacks each combat if able": a requirement the declare attackers step applies in each
        // combat of its controller's turns (508.1d).
        EachTurn::IfAble => Meaning::new(Kind::StepEffect)
            .point(TimingPoint::new(
                Role::Applies,
                Edge::During,
                Unit::DeclareAttackers,
                Occurrence::Each,
                Owner::Controller,
            ))
            .rule("508.1d"),
    }
}

/// A clause ending in "this turn" or "this combat".
fn this_turn_clause(clause: ClauseKind, unit: ThisUnit, opens_ability: bool) -> Meaning {
    match clause {
        ClauseKind::Duration => duration::this_span(unit),
        // A printed trigger's "this turn" counts events ("dealt damage by this creature this
        // turn"); made by an effect, it is a delayed trigger that lasts this turn (603.7b).
        ClauseKind::TriggerDuration if opens_ability => Meaning::new(Kind::Reference),
        ClauseKind::TriggerDuration => Meaning {
            kind: Kind::DelayedTrigger,
            ..duration::this_span(unit).rule("603.7b")
        },
        ClauseKind::Reference => Meaning::new(Kind::Reference),
    }
}
