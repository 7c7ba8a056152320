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

pub use finding::{find_and_resolve, find_and_resolve_named, resolve, resolve_all};
pub use printed::{printed, printed_caveats};

use crate::model::{Caveat, Condition, Kind, TimingPoint};

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
