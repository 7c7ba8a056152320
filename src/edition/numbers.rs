//! The rule numbers of older editions: for each current rule that phaselint cites, the rule of
//! the 2009 CR (MagicCompRules-2009-05-01) and of the edition of about 2004 (seed 002, its turn
//! structure section only) that says the same thing, where there is one; and a current rule cited
//! in an edition's numbers.

use super::{Edition, Era};
use std::fmt;

impl Edition {
    /// This edition's number for `current`, a rule number of the current CR.
    pub fn cite(self, current: &'static str) -> Cite {
        match self.find(current) {
            Found::Same => Cite::Number(current),
            Found::Number(number) => Cite::Number(number),
            Found::None => Cite::None {
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

    /// This edition's number for a current rule number as text, or that it has none.
    pub(super) fn cite_text(self, current: &str) -> String {
        match self.find(current) {
            Found::Same => current.to_string(),
            Found::Number(number) => number.to_string(),
            Found::None => format!("none in {self} (current {current})"),
        }
    }

    fn find(self, current: &str) -> Found {
        let found = match self.era() {
            Era::Current => return Found::Same,
            Era::M10 => {
                return match M10_RULES.iter().find(|(rule, _)| *rule == current) {
                    Some((_, Some(number))) => Found::Number(number),
                    Some((_, None)) => Found::None,
                    None => Found::Same,
                };
            }
            Era::Cr2009 => lookup(current, Column::Cr2009),
            Era::Cr2004 => lookup(current, Column::Cr2004),
        };
        found.map_or(Found::None, Found::Number)
    }
}

/// An edition's number for a current rule.
enum Found {
    /// The current number: the rule had it then.
    Same,
    Number(&'static str),
    /// The edition has no rule that says what the current one says.
    None,
}

/// The rules phaselint cites whose numbers differ in the CR between M10 and Foundations (seed 004,
/// its section 5, from before the 2024 update): "until" and "until end of" were one rule (500.5)
/// beside the mana rule (500.4), the ordinals of 505.1b were not yet defined, and the damage
/// assignment order of 509.2-509.3 pushed the blocking triggers to 509.5. Every other rule is cited
/// by its current number: phaselint holds only section 5 of that CR.
const M10_RULES: &[(&str, Option<&str>)] = &[
    ("500.4", Some("500.5")),
    ("500.5", Some("500.5")),
    ("500.5a", Some("500.5")),
    ("500.5b", Some("500.5")),
    ("505.1b", None),
    ("509.2", Some("509.4")),
    ("509.3a", Some("509.5a")),
    ("509.3b", Some("509.5b")),
    ("509.3c", Some("509.5c")),
    ("509.3d", Some("509.5d")),
    ("509.3g", Some("509.5g")),
];

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

/// Which older edition's column of the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Cr2009,
    Cr2004,
}

/// The number in `column` of the current rule `current`: from the table of rules, or, for a
/// keyword ability (702.N and its subrules), the older rule that defines the same keyword. The
/// subrule letters of a keyword differ between editions, so a subrule maps to the keyword's rule.
fn lookup(current: &str, column: Column) -> Option<&'static str> {
    if let Some((_, cr2009, cr2004)) = RULES.iter().find(|(rule, _, _)| *rule == current) {
        return match column {
            Column::Cr2009 => *cr2009,
            Column::Cr2004 => *cr2004,
        };
    }
    let keyword = keyword_rule(current)?;
    let table = match column {
        Column::Cr2009 => KEYWORDS_2009,
        Column::Cr2004 => KEYWORDS_2004,
    };
    table
        .iter()
        .find(|(rule, _, _)| *rule == keyword)
        .map(|(_, old, _)| *old)
}

/// "702.26" of "702.26a" or "702.26"; `None` for a rule outside 702.
fn keyword_rule(current: &str) -> Option<&str> {
    let rest = current.strip_prefix("702.")?;
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    (digits > 0).then(|| &current[..4 + digits])
}

/// `(current, 2009, 2004)`: `None` where that edition has no counterpart (the rule came later, as
/// day and night, Sagas and "first main phase" counting did), or where the 2004 text held (seed
/// 002, section 3 only) does not show it.
pub(super) const RULES: &[(&str, Option<&str>, Option<&str>)] = &[
    ("102.1", Some("200.3"), None),
    ("103.6", Some("101.5"), None),
    ("103.6b", None, None),
    ("104.1", Some("102.1"), None),
    ("117.1a", Some("408.1d"), None),
    ("117.3a", Some("408.1c"), None),
    ("307.1", Some("212.7a"), None),
    ("307.5", Some("212.7e"), None),
    ("500.1", Some("300.1"), Some("300.1")),
    ("500.4", Some("300.4"), Some("300.3")),
    ("500.5", Some("300.4"), Some("300.3")),
    ("500.5a", Some("300.4"), Some("300.3")),
    ("500.5b", Some("300.4"), Some("300.3")),
    ("500.6", Some("300.5"), Some("300.5")),
    ("500.7", Some("300.6"), Some("300.6")),
    ("500.8", Some("300.7"), None),
    ("500.9", Some("300.8"), None),
    ("500.10", None, None),
    ("500.11", Some("300.9"), None),
    ("501.1", Some("301.1"), Some("301.1")),
    ("502.1", Some("302.1"), Some("302.3")),
    ("502.2", None, None),
    ("502.3", Some("302.2"), Some("302.1")),
    ("502.4", Some("302.3"), Some("302.2")),
    ("503.1", Some("303.1"), Some("303.1")),
    ("503.1a", Some("303.1"), Some("303.1")),
    ("503.2", None, None),
    ("504.1", Some("304.1"), Some("304.1")),
    ("504.2", Some("304.1"), Some("304.1")),
    ("505.1", Some("305.1"), Some("305.1")),
    ("505.1a", None, None),
    ("505.1b", None, None),
    ("505.6", Some("305.3"), Some("305.3")),
    ("505.6a", Some("305.3"), Some("305.3")),
    ("506.1", Some("306.1"), Some("306.1")),
    ("506.7", None, None),
    ("506.7a", None, None),
    ("506.7b", None, None),
    ("506.7c", None, None),
    ("506.7d", None, None),
    ("506.7e", None, None),
    ("506.7f", None, None),
    ("507.1", Some("307.1"), Some("307.1")),
    ("507.2", Some("307.1"), Some("307.1")),
    ("508.1", Some("308.1"), Some("308.1")),
    ("508.1d", Some("308.2a"), None),
    ("508.2", Some("308.1"), Some("308.6")),
    ("508.3a", Some("308.3"), None),
    ("508.3d", Some("308.3"), None),
    ("508.3f", None, None),
    ("509.1", Some("309.1"), Some("309.1")),
    ("509.2", Some("309.1"), Some("309.5")),
    ("509.3a", Some("309.3"), None),
    ("509.3b", Some("309.3"), None),
    ("509.3c", Some("309.4"), None),
    ("509.3d", Some("309.4"), None),
    ("509.3g", None, None),
    ("510.1", Some("310.1"), Some("310.1")),
    ("510.3", Some("310.4"), Some("310.4")),
    ("510.3a", Some("310.4"), Some("310.4")),
    ("510.4", Some("310.5"), None),
    ("511.1", Some("311.1"), Some("311.1")),
    ("511.2", Some("311.1"), Some("311.1")),
    ("511.3", Some("311.2"), None),
    ("512.1", Some("312.1"), Some("312.1")),
    ("513.1", Some("313.1"), Some("313.1")),
    ("513.1a", Some("313.1"), Some("313.1")),
    ("513.2", Some("313.2"), Some("313.2")),
    ("514.2", Some("314.2"), Some("314.1b")),
    ("514.3", Some("314.3"), Some("314.1c")),
    ("514.3a", Some("314.3"), Some("314.1c")),
    ("601.1", None, None),
    ("602.5b", Some("403.4"), None),
    ("602.5d", Some("403.5"), None),
    ("602.5e", None, None),
    ("603.1", Some("404.1"), None),
    ("603.2", Some("410.2"), None),
    ("603.2h", None, None),
    ("603.7", Some("404.4"), None),
    ("603.7a", Some("404.4a"), None),
    ("603.7b", Some("404.4b"), None),
    ("610.3", None, None),
    // Phasing "until" came with the 2016 rules of phasing out until an event.
    ("610.4", None, None),
    ("610.4a", None, None),
    ("611.2a", Some("418.3a"), None),
    ("611.2b", Some("418.3d"), None),
    ("611.3a", Some("418.4a"), None),
    ("614.1b", Some("419.6e"), None),
    ("614.10", Some("419.6e"), None),
    ("701.33", None, None),
    ("714.3b", None, None),
    // Ending the turn was 509 in 2009 (Time Stop); ending the combat phase came with Mandate of
    // Peace (2015).
    ("723.1", Some("509.1"), None),
    ("723.1e", Some("509.1c"), None),
    ("723.2", None, None),
    ("723.2e", None, None),
    ("730.2a", None, None),
    ("904.11", None, None),
];

/// Keywords whose 2004 rule seed 002 names: first strike (310.1) and phasing (302.3).
pub(super) const KEYWORDS_2004: &[(&str, &str, &str)] = &[
    ("702.7", "502.2", "first strike"),
    ("702.26", "502.15", "phasing"),
];

/// Keyword abilities by name: the current 702 rule and the 2009 502 rule that defines it.
/// Extracted once from the headings of both editions (the names that appear in both); a test
/// holds a sample against the rule files.
pub(super) const KEYWORDS_2009: &[(&str, &str, &str)] = &[
    ("702.2", "502.63", "deathtouch"),
    ("702.3", "502.41", "defender"),
    ("702.4", "502.28", "double strike"),
    ("702.5", "502.45", "enchant"),
    ("702.6", "502.33", "equip"),
    ("702.7", "502.2", "first strike"),
    ("702.8", "502.57", "flash"),
    ("702.9", "502.4", "flying"),
    ("702.10", "502.5", "haste"),
    ("702.14", "502.6", "landwalk"),
    ("702.15", "502.68", "lifelink"),
    ("702.16", "502.7", "protection"),
    ("702.17", "502.70", "reach"),
    ("702.18", "502.36", "shroud"),
    ("702.19", "502.9", "trample"),
    ("702.20", "502.14", "vigilance"),
    ("702.22", "502.10", "banding"),
    ("702.23", "502.12", "rampage"),
    ("702.24", "502.13", "cumulative upkeep"),
    ("702.25", "502.3", "flanking"),
    ("702.26", "502.15", "phasing"),
    ("702.27", "502.16", "buyback"),
    ("702.28", "502.8", "shadow"),
    ("702.29", "502.18", "cycling"),
    ("702.30", "502.19", "echo"),
    ("702.31", "502.17", "horsemanship"),
    ("702.32", "502.20", "fading"),
    ("702.33", "502.21", "kicker"),
    ("702.34", "502.22", "flashback"),
    ("702.35", "502.24", "madness"),
    ("702.36", "502.25", "fear"),
    ("702.37", "502.26", "morph"),
    ("702.38", "502.27", "amplify"),
    ("702.39", "502.29", "provoke"),
    ("702.40", "502.30", "storm"),
    ("702.41", "502.31", "affinity"),
    ("702.42", "502.32", "entwine"),
    ("702.43", "502.35", "modular"),
    ("702.44", "502.37", "sunburst"),
    ("702.45", "502.38", "bushido"),
    ("702.46", "502.39", "soulshift"),
    ("702.47", "502.40", "splice"),
    ("702.48", "502.42", "offering"),
    ("702.49", "502.43", "ninjutsu"),
    ("702.50", "502.44", "epic"),
    ("702.51", "502.46", "convoke"),
    ("702.52", "502.47", "dredge"),
    ("702.53", "502.48", "transmute"),
    ("702.54", "502.50", "bloodthirst"),
    ("702.55", "502.51", "haunt"),
    ("702.56", "502.52", "replicate"),
    ("702.57", "502.53", "forecast"),
    ("702.58", "502.54", "graft"),
    ("702.59", "502.55", "recover"),
    ("702.60", "502.56", "ripple"),
    ("702.61", "502.58", "split second"),
    ("702.62", "502.59", "suspend"),
    ("702.63", "502.60", "vanishing"),
    ("702.64", "502.61", "absorb"),
    ("702.65", "502.62", "aura swap"),
    ("702.66", "502.64", "delve"),
    ("702.67", "502.65", "fortify"),
    ("702.68", "502.66", "frenzy"),
    ("702.69", "502.67", "gravestorm"),
    ("702.70", "502.69", "poisonous"),
    ("702.71", "502.71", "transfigure"),
    ("702.72", "502.72", "champion"),
    ("702.73", "502.73", "changeling"),
    ("702.74", "502.74", "evoke"),
    ("702.75", "502.75", "hideaway"),
    ("702.76", "502.76", "prowl"),
    ("702.77", "502.77", "reinforce"),
    ("702.78", "502.78", "conspire"),
    ("702.79", "502.79", "persist"),
    ("702.80", "502.80", "wither"),
    ("702.81", "502.81", "retrace"),
    ("702.82", "502.82", "devour"),
    ("702.83", "502.83", "exalted"),
    ("702.84", "502.84", "unearth"),
    ("702.85", "502.85", "cascade"),
];

#[cfg(test)]
mod tests {
    use super::*;

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
}
