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

pub use finding::{find_and_resolve, find_and_resolve_named, resolve, resolve_all, resolve_all_on};
pub use printed::{printed, printed_caveats};

use crate::model::{Caveat, Condition, Kind, TimingPoint};

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
        let Some(line) = line else {
            return CardKind::Unknown;
        };
        let names = |types: &[&str]| {
            line.split(|c: char| !c.is_alphanumeric())
                .any(|word| types.iter().any(|name| word.eq_ignore_ascii_case(name)))
        };
        if names(&["instant", "sorcery"]) {
            CardKind::InstantOrSorcery
        } else if names(&[
            "artifact",
            "battle",
            "creature",
            "enchantment",
            "land",
            "planeswalker",
        ]) {
            CardKind::Permanent
        } else {
            CardKind::Unknown
        }
    }
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
