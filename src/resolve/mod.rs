//! The resolver: a phrase's typed syntax onto the turn model, as the timing points, conditions,
//! rule citations and caveats of the contract (../shared/TIMING-MODEL.md). A phrase with no
//! template stays `unknown`: it is never given a default meaning.
//!
//! Architecture invariant: the resolver knows phrases, the vocabulary and the editions' data, and
//! nothing of lint rules, card files, configs or reports.

mod action;
mod antecedent;
mod caveats;
mod duration;
mod during;
mod each_turn;
mod finding;
mod keyword;
mod printed;
mod trigger;
mod turn_change;
mod vocabulary;
mod window;

pub use each_turn::checks_a_limit;
pub use finding::{find_and_resolve, find_and_resolve_named, resolve, resolve_all, resolve_all_on};
pub use printed::{printed, printed_caveats};

use crate::model::{Caveat, Condition, Kind, TimingPoint};
use crate::phrase::ast::{Form, Phrase};

/// What kind of card a text is printed on, where a keyword is another rule on each: ascend is a
/// spell ability on an instant or sorcery (702.131a) and a static ability on a permanent
/// (702.131b). Unknown where no type line is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CardKind {
    #[default]
    Unknown,
    /// An artifact, battle, creature, enchantment, land or planeswalker (110.4).
    Permanent,
    /// An instant or a sorcery (304, 307).
    InstantOrSorcery,
}

impl CardKind {
    /// The kind a type line names ("Legendary Creature — Elf", "Instant"), by its card types.
    pub fn of_type_line(line: Option<&str>) -> CardKind {
        let mut kind = CardKind::Unknown;
        for word in line.into_iter().flat_map(type_line_words) {
            let is = |types: &[&str]| types.iter().any(|name| word.eq_ignore_ascii_case(name));
            if is(&["instant", "sorcery"]) {
                return CardKind::InstantOrSorcery;
            }
            if is(&[
                "artifact",
                "battle",
                "creature",
                "enchantment",
                "land",
                "planeswalker",
            ]) {
                kind = CardKind::Permanent;
            }
        }
        kind
    }

    /// The kind of the card whose text holds `phrases`, read from its type line only when a
    /// phrase's meaning depends on it (a keyword such as ascend, 702.131): most faces never do.
    pub fn when_needed(phrases: &[Phrase], type_line: Option<&str>) -> CardKind {
        if phrases
            .iter()
            .any(|phrase| matches!(phrase.form, Form::Keyword(_)))
        {
            CardKind::of_type_line(type_line)
        } else {
            CardKind::Unknown
        }
    }
}

/// The words of a type line: "Legendary", "Creature", "Elf" of "Legendary Creature — Elf".
fn type_line_words(line: &str) -> impl Iterator<Item = &str> {
    line.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
}

/// Whether a type line names one of `types` (any case, whole word): "Legendary Creature — Elf"
/// names "creature".
pub fn names_a_type(line: &str, types: &[&str]) -> bool {
    type_line_words(line).any(|word| types.iter().any(|name| word.eq_ignore_ascii_case(name)))
}

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
