//! The one dated table of the changes to the rules and templates that phaselint knows, each with
//! its source (a set release or a CR update). The named editions are points in it; a year
//! (`--rules 2019`) takes the templates printed at any time that year and the CR of its point.

use OldWording::*;

/// A template an older edition printed and the current rules replaced. The grammar marks the
/// wordings of card text (`crate::phrase::ast::Wording`); the resolver says which of these each
/// one is (`crate::resolve::printed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OldWording {
    /// "Play this ability only ...": "play" as a window's actor, now "activate".
    PlayVerb,
    /// "play" a spell ("any time you could play an instant"), now "cast".
    PlayForCast,
    /// "Activate this ability only ...", now "Activate only ...".
    ActivateThisAbility,
    /// "any time you could cast a sorcery", now "as a sorcery".
    AnyTimeSorcery,
    /// "any time you could play a sorcery", the same before M10 said "cast".
    AnyTimePlaySorcery,
    /// "end of turn step", now "end step".
    EndOfTurnStep,
    /// "end phase", now "ending phase".
    EndPhase,
    /// "at end of turn" as an end step trigger, now "at the beginning of the end step" (513.1a).
    AtEndOfTurn,
    /// "enters the battlefield", now "enters".
    EntersTheBattlefield,
    /// "precombat main phase" in card text, now "first main phase" (505.1b).
    PrecombatMainPhase,
}

impl OldWording {
    pub const ALL: [OldWording; 10] = [
        PlayVerb,
        PlayForCast,
        AnyTimePlaySorcery,
        EndOfTurnStep,
        EndPhase,
        AtEndOfTurn,
        ActivateThisAbility,
        AnyTimeSorcery,
        EntersTheBattlefield,
        PrecombatMainPhase,
    ];

    /// The template's words, for headings.
    pub fn words(self) -> &'static str {
        match self {
            PlayVerb => "Play this ability only",
            PlayForCast => "play (a spell)",
            AnyTimePlaySorcery => "any time you could play a sorcery",
            EndOfTurnStep => "end of turn step",
            EndPhase => "end phase",
            AtEndOfTurn => "at end of turn",
            ActivateThisAbility => "Activate this ability only",
            AnyTimeSorcery => "any time you could cast a sorcery",
            EntersTheBattlefield => "enters the battlefield",
            PrecombatMainPhase => "precombat main phase",
        }
    }
}

/// The rules text an edition's names, numbers and turn facts come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Era {
    /// The CR of about 2004 (seed 002: its section 3 only).
    Cr2004,
    /// MagicCompRules-2009-05-01, the last CR before M10.
    Cr2009,
    /// The CR from the M10 update to the Foundations update: today's numbering and turn facts,
    /// its section 5 as in seed 004 (no 505.1b, damage assignment order in 509).
    M10,
    /// MagicCompRules-2026-01-16, the model's own.
    Current,
}

/// A row of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change {
    /// "2021-04-23", or a year alone where only the year is known.
    pub date: &'static str,
    pub source: &'static str,
    /// What changed, for the docs and `explain`.
    pub summary: &'static str,
    /// Templates printed up to this change (and during its year), not after it.
    pub retires: &'static [OldWording],
    /// Templates printed from this change's year on; a template no row introduces was printed
    /// from the start of the table.
    pub introduces: &'static [OldWording],
    /// The CR in force from this point on, where the change is one.
    pub rules: Option<Era>,
}

impl Change {
    pub fn year(&self) -> u16 {
        self.date
            .get(..4)
            .and_then(|year| year.parse().ok())
            .unwrap_or(0)
    }
}

/// The table, oldest first.
pub const CHANGES: &[Change] = &[
    Change {
        date: "2004",
        source: "the CR of about 2004 (seed 002, its section 3)",
        summary: "mana burn; combat damage and the draw on the stack; \"Play this ability only\", \"at end of turn\", \"end of turn step\"",
        retires: &[],
        introduces: &[],
        rules: Some(Era::Cr2004),
    },
    Change {
        date: "2009-05-01",
        source: "MagicCompRules-2009-05-01, the last CR before M10",
        summary: "section 3 turn structure, mana burn, combat damage on the stack",
        retires: &[],
        introduces: &[],
        rules: Some(Era::Cr2009),
    },
    Change {
        date: "2009-07-17",
        source: "Magic 2010 (M10) and its CR update of 2009-07-10",
        summary: "\"Play this ability only\" becomes \"Activate this ability only\", \"play a sorcery\" \"cast a sorcery\", \"at end of turn\" \"at the beginning of the end step\", \"end of turn step\" \"end step\", \"end phase\" \"ending phase\", \"comes into play\" \"enters the battlefield\"; mana burn removed; combat damage no longer uses the stack; the turn structure renumbered into section 5",
        retires: &[
            PlayVerb,
            PlayForCast,
            AnyTimePlaySorcery,
            AtEndOfTurn,
            EndOfTurnStep,
            EndPhase,
        ],
        introduces: &[ActivateThisAbility, AnyTimeSorcery, EntersTheBattlefield],
        rules: Some(Era::M10),
    },
    Change {
        date: "2021-04-23",
        source: "Strixhaven: School of Mages and Commander 2021 (first printed; Kaldheim and Time Spiral Remastered, early 2021, still print the older wording)",
        summary: "\"Activate this ability only\" becomes \"Activate only\", \"Activate only any time you could cast a sorcery\" \"Activate only as a sorcery\"",
        retires: &[ActivateThisAbility, AnyTimeSorcery],
        introduces: &[],
        rules: None,
    },
    Change {
        date: "2024-09-27",
        source: "Duskmourn: House of Horror and its Oracle update",
        summary: "\"enters the battlefield\" becomes \"enters\"",
        retires: &[EntersTheBattlefield],
        introduces: &[],
        rules: None,
    },
    Change {
        date: "2024-11-08",
        source: "the Foundations CR update (Foundations released 2024-11-15)",
        summary: "\"precombat main phase\" becomes \"first main phase\" in card text (505.1b), \"postcombat main phase\" \"second main phase\"; damage assignment order removed (509 renumbered)",
        retires: &[PrecombatMainPhase],
        introduces: &[],
        rules: Some(Era::Current),
    },
    Change {
        date: "2026-01-16",
        source: "MagicCompRules-2026-01-16, the rules phaselint's model follows",
        summary: "the current rules",
        retires: &[],
        introduces: &[],
        rules: Some(Era::Current),
    },
];

/// The first year `--rules` accepts: the oldest point of the table.
pub const FIRST_YEAR: u16 = 2004;

/// The year of the newest point: `current`.
pub const CURRENT_YEAR: u16 = 2026;

/// The CR of `year`: that of the first point dated in it, else of the latest point before it
/// (2009 takes the CR of 2009-05-01, the named edition, not M10's of the same year).
pub fn era(year: u16) -> Era {
    let points = || {
        CHANGES
            .iter()
            .filter_map(|change| Some((change.year(), change.rules?)))
    };
    let in_the_year = points().find(|(point_year, _)| *point_year == year);
    let before = points().rfind(|(point_year, _)| *point_year < year);
    in_the_year
        .or(before)
        .map_or(Era::Cr2004, |(_, rules)| rules)
}

/// Whether `wording` was printed at any time in `year`: introduced by then, not retired before.
pub fn printed(year: u16, wording: OldWording) -> bool {
    let introduced = CHANGES
        .iter()
        .find(|change| change.introduces.contains(&wording))
        .is_none_or(|change| change.year() <= year);
    let retired = CHANGES
        .iter()
        .find(|change| change.retires.contains(&wording))
        .is_some_and(|change| change.year() < year);
    introduced && !retired
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_dated_in_order_and_ends_with_the_current_rules() {
        let years: Vec<u16> = CHANGES.iter().map(Change::year).collect();
        assert!(years.windows(2).all(|pair| pair[0] <= pair[1]), "{years:?}");
        assert_eq!(years.first(), Some(&FIRST_YEAR));
        assert_eq!(years.last(), Some(&CURRENT_YEAR));
        assert!(CHANGES.iter().all(|change| !change.source.is_empty()));
    }

    #[test]
    fn a_year_takes_the_rules_of_its_point() {
        assert_eq!(era(2004), Era::Cr2004);
        assert_eq!(era(2008), Era::Cr2004);
        assert_eq!(era(2009), Era::Cr2009);
        assert_eq!(era(2010), Era::M10);
        assert_eq!(era(2019), Era::M10);
        assert_eq!(era(2023), Era::M10);
        assert_eq!(era(2024), Era::Current);
        assert_eq!(era(2026), Era::Current);
    }

    #[test]
    fn a_template_is_printed_from_its_introduction_through_the_year_it_is_retired() {
        assert!(printed(2004, PlayVerb));
        assert!(printed(2009, PlayVerb));
        assert!(!printed(2010, PlayVerb));
        assert!(!printed(2004, ActivateThisAbility));
        assert!(printed(2009, ActivateThisAbility));
        assert!(printed(2021, ActivateThisAbility));
        assert!(!printed(2022, ActivateThisAbility));
        assert!(!printed(2004, EntersTheBattlefield));
        assert!(printed(2023, EntersTheBattlefield));
        assert!(printed(2023, PrecombatMainPhase));
        assert!(!printed(2025, EntersTheBattlefield));
        assert!(!printed(2025, PrecombatMainPhase));
    }
}
