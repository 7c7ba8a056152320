//! The editions of the Comprehensive Rules that card text may be written in: the current one, that
//! of 2009-05-01 (before the M10 changes), one of about 2004 (seed 002), and any year between
//! (`dates`: the one dated table of changes, each with its source; a year takes the templates
//! printed in it and the CR of its point). An edition is data about the rules, over the one turn
//! model (`crate::turn`): its names of phases and steps (`names`), its rule numbers (`numbers`),
//! the templates it printed that the current rules replaced (`templates`), and the few turn facts
//! it had that the current rules do not (mana burn, combat damage on the stack; `facts`). Nothing
//! here copies the model.
//!
//! Architecture invariant: editions are data below the turn model. They know the vocabulary of
//! `crate::model` and nothing else of the crate: no turn, no card text, no grammar, no rules.
//! What compares two editions' wordings and findings is `crate::compare`, above the rules.

mod dates;
mod facts;
mod names;
mod numbers;
mod templates;

pub use dates::{CHANGES, CURRENT_YEAR, Change, Era, FIRST_YEAR, OldWording};
pub use facts::{Fact, Topic, facts_prefix, topics};
pub use numbers::Cite;

use std::fmt;
use std::str::FromStr;

/// An edition of the rules: those in force in one year, from 2004 to the current CR's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Edition {
    year: u16,
}

// The named editions keep the names they had as the variants of an enum, so that code matching
// or comparing them reads the same.
#[allow(non_upper_case_globals)]
impl Edition {
    /// MagicCompRules-2026-01-16: the rules phaselint's model follows; the newest point.
    pub const Current: Edition = Edition { year: CURRENT_YEAR };
    /// MagicCompRules-2009-05-01, and the M10 templates printed under it in 2009.
    pub const Cr2009: Edition = Edition { year: 2009 };
    /// The edition of about 2004 (seed 002: its turn structure section).
    pub const Cr2004: Edition = Edition { year: FIRST_YEAR };
}

impl Default for Edition {
    fn default() -> Edition {
        Edition::Current
    }
}

impl Edition {
    /// The named editions.
    pub const ALL: [Edition; 3] = [Edition::Current, Edition::Cr2009, Edition::Cr2004];

    /// `current`, or a year from 2004 to the current CR's (`2019`).
    pub fn parse(text: &str) -> Option<Edition> {
        if text == "current" {
            return Some(Edition::Current);
        }
        if text.len() != 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let year: u16 = text.parse().ok()?;
        (FIRST_YEAR..=CURRENT_YEAR)
            .contains(&year)
            .then_some(Edition { year })
    }

    /// The year whose rules and templates this edition holds.
    pub fn year(self) -> u16 {
        self.year
    }

    /// The CR its names, numbers and turn facts come from.
    pub fn era(self) -> Era {
        dates::era(self.year)
    }

    /// The document, for headings: "the 2009 CR (2009-05-01)".
    pub fn title(self) -> String {
        let named = match self.era() {
            Era::Current => "the current CR (2026-01-16)",
            Era::Cr2009 => "the 2009 CR (2009-05-01, with the M10 templates of 2009)",
            Era::Cr2004 => "the CR of about 2004",
            Era::M10 => "the CR between the M10 and Foundations updates",
        };
        match self.named() {
            true => named.to_string(),
            false => format!("the rules and templates of {}: {named}", self.year),
        }
    }

    /// Whether this is one of the named editions, which speak of themselves by their names.
    fn named(self) -> bool {
        Edition::ALL.contains(&self)
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Edition::Current => f.write_str("current"),
            edition => write!(f, "{}", edition.year),
        }
    }
}

impl FromStr for Edition {
    type Err = String;

    fn from_str(text: &str) -> Result<Edition, String> {
        Edition::parse(text).ok_or_else(|| {
            format!(
                "unknown rules edition `{text}`: expected current, 2009, 2004 or a year from {FIRST_YEAR} to {CURRENT_YEAR}"
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editions_are_spelled_as_on_the_command_line() {
        for edition in Edition::ALL {
            assert_eq!(Edition::parse(&edition.to_string()), Some(edition));
        }
        assert_eq!(Edition::parse("2019").map(Edition::year), Some(2019));
        assert_eq!(Edition::parse("2026"), Some(Edition::Current));
        for wrong in ["2003", "2027", "+2019", "19", "20190", "latest"] {
            assert!(wrong.parse::<Edition>().is_err(), "{wrong}");
        }
    }
}
