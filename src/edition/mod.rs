//! The editions of the Comprehensive Rules that card text may be written in: the current one, that
//! of 2009-05-01 (before the M10 changes) and one of about 2004 (seed 002). An edition is data over
//! the one turn model (`crate::turn`): its names of phases and steps, its rule numbers, the
//! wordings it printed, and the few turn facts it had that the current rules do not (mana burn,
//! combat damage on the stack). Nothing here copies the model.

mod compare;
mod facts;
mod names;
mod numbers;

pub use compare::{Comparison, Difference, compare, topics};
pub use facts::{Fact, Topic, facts_prefix};

use crate::model::Caveat;
use crate::phrase::ast::{Phrase, Wording};
use crate::resolve;
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

    /// This edition's number for `current`, a rule number of the current CR.
    pub fn cite(self, current: &'static str) -> Cite {
        let found = match self {
            Edition::Current => return Cite::Number(current),
            Edition::Cr2009 => numbers::lookup(current, numbers::Column::Cr2009),
            Edition::Cr2004 => numbers::lookup(current, numbers::Column::Cr2004),
        };
        match found {
            Some(number) => Cite::Number(number),
            None => Cite::None {
                current,
                edition: self,
            },
        }
    }

    /// `rules` in this edition's numbers, as text; a rule without counterpart says so.
    pub fn cite_all(self, rules: &[&'static str]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for rule in rules {
            let cited = self.cite(rule).to_string();
            // Two current rules may share one older rule (500.5 and 500.5b are both 300.4).
            if !out.contains(&cited) {
                out.push(cited);
            }
        }
        out
    }

    /// Whether `wording` (the marked `words` of a phrase) was this edition's own template, so no
    /// obsolete-wording rule reports it under this edition.
    pub fn printed(self, wording: Wording, words: &str) -> bool {
        // "Use this ability only" was gone before both older editions (2004 and 2009 say "play").
        let used = words
            .get(..3)
            .is_some_and(|head| head.eq_ignore_ascii_case("use"));
        match self {
            Edition::Current => false,
            // 2009 403.4, 403.5, 212.7e, 313.1; and the M10 templates printed that year.
            Edition::Cr2009 => match wording {
                Wording::PlayVerb => !used,
                Wording::PlayForCast
                | Wording::ActivateThisAbility
                | Wording::AnyTimeSorcery
                | Wording::OldStepName(crate::phrase::ast::UnitName::End) => true,
                _ => false,
            },
            // 2004 (seed 002) 302.2 "play", 313 "End of Turn Step".
            Edition::Cr2004 => match wording {
                Wording::PlayVerb => !used,
                Wording::PlayForCast
                | Wording::AnyTimeSorcery
                | Wording::OldStepName(crate::phrase::ast::UnitName::End) => true,
                _ => false,
            },
        }
    }

    /// Whether "at end of turn" was this edition's template of an end step trigger (2009 313.1,
    /// 2004 313.1); today it is obsolete (513.1a).
    pub fn prints_at_end_of_turn(self) -> bool {
        self != Edition::Current
    }

    /// The rule of mana burn, in an edition that had it (2009 300.3, 2004 300.4): unspent mana
    /// is lost as each phase ends, at 1 life a mana.
    pub fn mana_burn(self) -> Option<&'static str> {
        facts::mana_burn(self)
    }

    /// The caveats the resolver raises on `phrase` (of `text`) for wordings this edition printed:
    /// under this edition they are no obsolete wording.
    pub fn printed_caveats(self, text: &str, phrase: &Phrase) -> Vec<Caveat> {
        let mut out: Vec<Caveat> = phrase
            .marks
            .iter()
            .filter(|mark| {
                let words = text.get(mark.span.start..mark.span.end).unwrap_or("");
                self.printed(mark.wording, words)
            })
            .map(|mark| resolve::wording_caveat(mark.wording))
            .collect();
        if self.prints_at_end_of_turn() {
            out.push(resolve::obsolete_end_of_turn(false));
            out.push(resolve::obsolete_end_of_turn(true));
            out.push(resolve::end_of_turn_statement());
        }
        out
    }

    /// The turn facts of this edition, one for each topic.
    pub fn facts(self) -> &'static [Fact] {
        facts::of(self)
    }

    /// The fact of this edition on `topic`.
    pub fn fact(self, topic: Topic) -> Option<&'static Fact> {
        self.facts().iter().find(|fact| fact.topic == topic)
    }

    /// The name of a step in this edition: "end of turn step" in 2009 and 2004.
    pub fn step_name(self, step: crate::turn::Step) -> &'static str {
        names::step_name(self, step)
    }

    /// The name of a phase in this edition: "end phase" in 2009 and 2004.
    pub fn phase_name(self, phase: crate::turn::Phase) -> &'static str {
        names::phase_name(self, phase)
    }

    /// The strip label of a step in this edition.
    pub fn step_label(self, step: crate::turn::Step) -> &'static str {
        names::step_label(self, step)
    }

    /// `text` (written with the current names of phases and steps and the current rule numbers)
    /// with this edition's names and numbers.
    pub fn rename(self, text: &str) -> String {
        names::renumber(self, &names::rename(self, text))
    }

    /// This edition's number for a current rule number as text, or that it has none.
    fn cite_text(self, current: &str) -> String {
        let found = match self {
            Edition::Current => return current.to_string(),
            Edition::Cr2009 => numbers::lookup(current, numbers::Column::Cr2009),
            Edition::Cr2004 => numbers::lookup(current, numbers::Column::Cr2004),
        };
        match found {
            Some(number) => number.to_string(),
            None => format!("none in {self} (current {current})"),
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

/// A rule cited in an edition's numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cite {
    Number(&'static str),
    /// The edition has no rule that says what `current` says.
    None {
        current: &'static str,
        edition: Edition,
    },
}

impl fmt::Display for Cite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cite::Number(number) => f.write_str(number),
            Cite::None { current, edition } => {
                write!(f, "none in {edition} (current {current})")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phrase::ast::UnitName;

    #[test]
    fn editions_are_spelled_as_on_the_command_line() {
        for edition in Edition::ALL {
            assert_eq!(Edition::parse(edition.as_str()), Some(edition));
        }
        assert!("2010".parse::<Edition>().is_err());
    }

    #[test]
    fn citations_map_or_say_there_is_none() {
        assert_eq!(Edition::Cr2009.cite("514.2").to_string(), "314.2");
        assert_eq!(Edition::Cr2004.cite("514.2").to_string(), "314.1b");
        assert_eq!(
            Edition::Cr2009.cite("505.1b").to_string(),
            "none in 2009 (current 505.1b)"
        );
        assert_eq!(Edition::Current.cite("505.1b").to_string(), "505.1b");
        // A keyword's subrule maps to the keyword's rule of 2009 (502.N).
        assert_eq!(Edition::Cr2009.cite("702.26a").to_string(), "502.15");
        assert_eq!(Edition::Cr2009.cite("702.30").to_string(), "502.19");
        // A rule no table knows is never given the current number silently.
        assert_eq!(
            Edition::Cr2004.cite("999.9").to_string(),
            "none in 2004 (current 999.9)"
        );
    }

    #[test]
    fn old_templates_are_printed_in_their_edition() {
        let end = Wording::OldStepName(UnitName::End);
        let upkeep = Wording::OldStepName(UnitName::Upkeep);
        assert!(Edition::Cr2009.printed(end, "end of turn step"));
        assert!(!Edition::Cr2009.printed(upkeep, "upkeep phase"));
        assert!(Edition::Cr2009.printed(Wording::PlayVerb, "Play this ability"));
        assert!(!Edition::Cr2009.printed(Wording::PlayVerb, "Use this ability"));
        assert!(!Edition::Current.printed(end, "end of turn step"));
        assert!(!Edition::Cr2004.printed(Wording::ActivateThisAbility, "Activate this ability"));
    }
}
