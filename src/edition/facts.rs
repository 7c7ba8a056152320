//! The turn facts that differ between editions, one per topic in each edition, each with the
//! rules of its own edition: when mana empties and whether it burns, whether combat damage uses
//! the stack, whether the draw does; and which of them bear on a finding.

use super::{Edition, Era};
use crate::model::{Edge, Finding, Kind, Unit};

/// What a fact is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topic {
    /// When unspent mana empties, and mana burn.
    Mana,
    /// Whether combat damage uses the stack.
    CombatDamage,
    /// Whether the draw of the draw step uses the stack.
    Draw,
}

impl Topic {
    pub fn label(self) -> &'static str {
        match self {
            Topic::Mana => "mana",
            Topic::CombatDamage => "combat damage",
            Topic::Draw => "draw",
        }
    }
}

/// A turn fact of an edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fact {
    pub topic: Topic,
    pub text: &'static str,
    /// In the edition's own numbers.
    pub rules: &'static [&'static str],
}

const CURRENT: &[Fact] = &[
    Fact {
        topic: Topic::Mana,
        text: "unspent mana empties as each step and each phase ends, and no life is lost for it",
        rules: &["500.5"],
    },
    Fact {
        topic: Topic::CombatDamage,
        text: "combat damage is dealt as a turn-based action that doesn't use the stack; players get priority only after it is dealt",
        rules: &["510.2", "510.3"],
    },
    Fact {
        topic: Topic::Draw,
        text: "the draw is a turn-based action that doesn't use the stack",
        rules: &["504.1"],
    },
];

/// The CR between M10 and Foundations: today's facts, its section 5 numbered as in seed 004
/// (mana empties under 500.4).
const M10: &[Fact] = &[
    Fact {
        topic: Topic::Mana,
        text: CURRENT[0].text,
        rules: &["500.4"],
    },
    CURRENT[1],
    CURRENT[2],
];

const CR2009: &[Fact] = &[
    Fact {
        topic: Topic::Mana,
        text: "unspent mana is lost as each phase ends (not each step), and its player loses 1 life for each mana lost: mana burn, a loss of life that doesn't use the stack",
        rules: &["300.3"],
    },
    Fact {
        topic: Topic::CombatDamage,
        text: "combat damage assignments go on the stack as one object and players get priority before it resolves and the damage is dealt",
        rules: &["310.1", "310.4"],
    },
    Fact {
        topic: Topic::Draw,
        text: "the draw is a game action that doesn't use the stack",
        rules: &["304.1"],
    },
];

const CR2004: &[Fact] = &[
    Fact {
        topic: Topic::Mana,
        text: "unspent mana is lost as each phase ends (not each step), and its player loses 1 life for each mana lost: mana burn",
        rules: &["300.4"],
    },
    Fact {
        topic: Topic::CombatDamage,
        text: "all assignments of combat damage go on the stack as one pseudospell and the active player gets priority before it resolves and the damage is dealt",
        rules: &["310.2", "310.4"],
    },
    Fact {
        topic: Topic::Draw,
        text: "the draw goes on the stack as a triggered ability no player controls, and players get priority before it resolves",
        rules: &["304.1"],
    },
];

impl Edition {
    /// The rule of mana burn, in an edition that had it (2009 300.3, 2004 300.4): unspent mana
    /// is lost as each phase ends, at 1 life a mana.
    pub fn mana_burn(self) -> Option<&'static str> {
        match self.era() {
            Era::Current | Era::M10 => None,
            Era::Cr2009 => Some("300.3"),
            Era::Cr2004 => Some("300.4"),
        }
    }

    /// The turn facts of this edition, one for each topic.
    pub fn facts(self) -> &'static [Fact] {
        match self.era() {
            Era::Current => CURRENT,
            Era::M10 => M10,
            Era::Cr2009 => CR2009,
            Era::Cr2004 => CR2004,
        }
    }

    /// The fact of this edition on `topic`.
    pub fn fact(self, topic: Topic) -> Option<&'static Fact> {
        self.facts().iter().find(|fact| fact.topic == topic)
    }
}

impl Fact {
    /// "mana: ... (2009 300.3)".
    pub fn line(&self, edition: Edition) -> String {
        format!(
            "{}: {} ({} {})",
            self.topic.label(),
            self.text,
            facts_prefix(edition),
            self.rules.join(", ")
        )
    }
}

/// How a rule number is prefixed with its edition in text: "CR", "2009 CR", "2019 CR".
pub fn facts_prefix(edition: Edition) -> String {
    match edition {
        Edition::Current => "CR".to_string(),
        edition => format!("{} CR", edition.year()),
    }
}

/// The turn facts that bear on a finding: mana when one of its points is the end of a step or
/// phase (where mana empties, and once burned); combat damage when it names the combat damage
/// step or combat damage; the draw when it names the draw step.
pub fn topics(finding: &Finding) -> Vec<Topic> {
    let mut out = Vec::new();
    let at_an_end = finding
        .timing
        .iter()
        .any(|point| point.edge == Edge::End && !matches!(point.unit, Unit::Turn | Unit::Game));
    if at_an_end && finding.kind != Kind::Window {
        out.push(Topic::Mana);
    }
    let damage = finding.phrase.to_lowercase().contains("combat damage")
        || finding
            .timing
            .iter()
            .any(|point| point.unit == Unit::CombatDamage);
    if damage {
        out.push(Topic::CombatDamage);
    }
    if finding.timing.iter().any(|point| point.unit == Unit::Draw) {
        out.push(Topic::Draw);
    }
    out
}
