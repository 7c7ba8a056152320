//! The editions of the Comprehensive Rules that card text may be written in: the current one, that
//! of 2009-05-01 (before the M10 changes) and one of about 2004 (seed 002). An edition is data
//! about the rules, over the one turn model (`crate::turn`): its names of phases and steps
//! (`names`), its rule numbers (`numbers`), the templates it printed that the current rules
//! replaced (`templates`), and the few turn facts it had that the current rules do not (mana burn,
//! combat damage on the stack; `facts`). Nothing here copies the model.
//!
//! Architecture invariant: editions are data below the turn model. They know the vocabulary of
//! `crate::model` and nothing else of the crate: no turn, no card text, no grammar, no rules.
//! What compares two editions' wordings and findings is `crate::compare`, above the rules.

mod facts;
mod names;
mod numbers;
mod templates;

pub use facts::{Fact, Topic, facts_prefix, topics};
pub use numbers::Cite;
pub use templates::OldWording;

use std::fmt;
use std::str::FromStr;

/// An edition of the Comprehensive Rules.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Edition {
    /// MagicCompRules-2026-01-16: the rules phaselint's model follows.
    #[default]
    Current,
    /// MagicCompRules-2009-05-01, and the M10 templates printed under it in 2009.
    Cr2009,
    /// The edition of about 2004 (seed 002: its turn structure section).
    Cr2004,
}

impl Edition {
    pub const ALL: [Edition; 3] = [Edition::Current, Edition::Cr2009, Edition::Cr2004];

    /// The spelling on the command line and in phaselint.toml.
    pub fn as_str(self) -> &'static str {
        match self {
            Edition::Current => "current",
            Edition::Cr2009 => "2009",
            Edition::Cr2004 => "2004",
        }
    }

    pub fn parse(text: &str) -> Option<Edition> {
        Edition::ALL
            .into_iter()
            .find(|edition| edition.as_str() == text)
    }

    /// The document, for headings: "the 2009 CR (2009-05-01)".
    pub fn title(self) -> &'static str {
        match self {
            Edition::Current => "the current CR (2026-01-16)",
            Edition::Cr2009 => "the 2009 CR (2009-05-01, with the M10 templates of 2009)",
            Edition::Cr2004 => "the CR of about 2004",
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Edition {
    type Err = String;

    fn from_str(text: &str) -> Result<Edition, String> {
        Edition::parse(text).ok_or_else(|| {
            format!("unknown rules edition `{text}`: expected current, 2009 or 2004")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editions_are_spelled_as_on_the_command_line() {
        for edition in Edition::ALL {
            assert_eq!(Edition::parse(edition.as_str()), Some(edition));
        }
        assert!("2010".parse::<Edition>().is_err());
    }
}
