//! The five phases and ten steps of a turn (CR 500.1, 501.1, 505, 506.1, 512.1), their names,
//! short strip labels (and an edition's, `crate::edition`), whether players get priority in them,
//! and how contract units match them.

use crate::edition::Edition;
use crate::model::Unit;

/// A phase of a turn (500.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    Beginning,
    PrecombatMain,
    Combat,
    PostcombatMain,
    Ending,
}

/// A step of a phase (501.1, 506.1, 512.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    Untap,
    Upkeep,
    Draw,
    BeginningOfCombat,
    DeclareAttackers,
    DeclareBlockers,
    CombatDamage,
    EndOfCombat,
    End,
    Cleanup,
}

/// Whether players receive priority during a step (500.2, 500.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Priority {
    Always,
    /// The untap step (502.4).
    Never,
    /// The cleanup step: only when state-based actions or triggers happen in it (514.3, 514.3a).
    OnlyIfSomethingHappens,
}

impl Phase {
    /// The five phases in their normal order (500.1).
    pub const ALL: [Phase; 5] = [
        Phase::Beginning,
        Phase::PrecombatMain,
        Phase::Combat,
        Phase::PostcombatMain,
        Phase::Ending,
    ];

    /// The steps the phase normally has, in order (501.1, 506.1, 512.1); main phases have none
    /// (505.2).
    pub fn steps(self) -> &'static [Step] {
        use Step::*;
        match self {
            Phase::Beginning => &[Untap, Upkeep, Draw],
            Phase::Combat => &[
                BeginningOfCombat,
                DeclareAttackers,
                DeclareBlockers,
                CombatDamage,
                EndOfCombat,
            ],
            Phase::Ending => &[End, Cleanup],
            Phase::PrecombatMain | Phase::PostcombatMain => &[],
        }
    }

    /// Whether this is either main phase (505.1).
    pub fn is_main(self) -> bool {
        matches!(self, Phase::PrecombatMain | Phase::PostcombatMain)
    }

    /// Name, strip label and contract unit, kept in one table so they cannot drift apart.
    fn row(self) -> (&'static str, &'static str, Unit) {
        match self {
            Phase::Beginning => ("beginning phase", "beginning", Unit::Beginning),
            Phase::PrecombatMain => ("precombat main phase", "main", Unit::PrecombatMain),
            Phase::Combat => ("combat phase", "combat", Unit::Combat),
            Phase::PostcombatMain => ("postcombat main phase", "main", Unit::PostcombatMain),
            Phase::Ending => ("ending phase", "ending", Unit::Ending),
        }
    }

    pub fn name(self) -> &'static str {
        self.row().0
    }

    /// The name in `edition`: "end phase" in 2009 and 2004.
    pub fn name_in(self, edition: Edition) -> &'static str {
        edition.name_of(self.name())
    }

    /// The short label a strip shows for a phase without steps. A main phase's is "main": the strip
    /// adds its ordinal in the turn (505.1b), which the phase alone does not know.
    pub fn label(self) -> &'static str {
        self.row().1
    }

    pub fn unit(self) -> Unit {
        self.row().2
    }
}

impl Step {
    pub fn phase(self) -> Phase {
        use Step::*;
        match self {
            Untap | Upkeep | Draw => Phase::Beginning,
            BeginningOfCombat | DeclareAttackers | DeclareBlockers | CombatDamage | EndOfCombat => {
                Phase::Combat
            }
            End | Cleanup => Phase::Ending,
        }
    }

    /// Name, strip label and contract unit, kept in one table so they cannot drift apart.
    fn row(self) -> (&'static str, &'static str, Unit) {
        use {Step::*, Unit as U};
        match self {
            Untap => ("untap step", "untap", U::Untap),
            Upkeep => ("upkeep step", "upkeep", U::Upkeep),
            Draw => ("draw step", "draw", U::Draw),
            BeginningOfCombat => (
                "beginning of combat step",
                "begin-combat",
                U::BeginningOfCombat,
            ),
            DeclareAttackers => ("declare attackers step", "attackers", U::DeclareAttackers),
            DeclareBlockers => ("declare blockers step", "blockers", U::DeclareBlockers),
            CombatDamage => ("combat damage step", "damage", U::CombatDamage),
            EndOfCombat => ("end of combat step", "end-combat", U::EndOfCombat),
            End => ("end step", "end", U::End),
            Cleanup => ("cleanup step", "cleanup", U::Cleanup),
        }
    }

    pub fn name(self) -> &'static str {
        self.row().0
    }

    /// The name in `edition`: "end of turn step" in 2009 and 2004.
    pub fn name_in(self, edition: Edition) -> &'static str {
        edition.name_of(self.name())
    }

    /// The short label a strip shows.
    pub fn label(self) -> &'static str {
        self.row().1
    }

    /// The strip label in `edition`: "end-of-turn" where the end step was the end of turn step.
    pub fn label_in(self, edition: Edition) -> &'static str {
        edition.label_of(self.label())
    }

    pub fn unit(self) -> Unit {
        self.row().2
    }

    pub fn priority(self) -> Priority {
        match self {
            Step::Untap => Priority::Never,
            Step::Cleanup => Priority::OnlyIfSomethingHappens,
            _ => Priority::Always,
        }
    }
}

/// Whether a contract unit names this phase; `main` names either main phase (505.1). The units
/// `turn`, `phase` and `step` name no particular phase.
pub fn matches_phase(unit: Unit, phase: Phase) -> bool {
    unit == phase.unit() || (unit == Unit::Main && phase.is_main())
}

/// Whether a contract unit names this step.
pub fn matches_step(unit: Unit, step: Step) -> bool {
    unit == step.unit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_steps_follow_501_1_506_1_512_1_and_main_has_none_505_2() {
        assert_eq!(Phase::Beginning.steps().len(), 3);
        assert_eq!(Phase::Combat.steps().len(), 5);
        assert_eq!(Phase::Ending.steps(), &[Step::End, Step::Cleanup]);
        assert!(Phase::PostcombatMain.steps().is_empty());
        for phase in Phase::ALL {
            assert!(phase.steps().iter().all(|step| step.phase() == phase));
        }
    }

    #[test]
    fn untap_and_cleanup_priority_502_4_514_3() {
        assert_eq!(Step::Untap.priority(), Priority::Never);
        assert_eq!(Step::Cleanup.priority(), Priority::OnlyIfSomethingHappens);
        assert_eq!(Step::Upkeep.priority(), Priority::Always);
    }

    #[test]
    fn main_unit_matches_both_main_phases_505_1() {
        assert!(matches_phase(Unit::Main, Phase::PrecombatMain));
        assert!(matches_phase(Unit::Main, Phase::PostcombatMain));
        assert!(!matches_phase(Unit::Main, Phase::Combat));
        assert!(!matches_phase(Unit::Phase, Phase::Combat));
        assert!(!matches_step(Unit::Step, Step::Upkeep));
        assert!(matches_step(Unit::DeclareBlockers, Step::DeclareBlockers));
        assert_eq!(Step::DeclareBlockers.name(), "declare blockers step");
        assert_eq!(Phase::PrecombatMain.name(), "precombat main phase");
    }

    #[test]
    fn older_editions_name_the_end_step_and_the_ending_phase_otherwise() {
        assert_eq!(Step::End.name_in(Edition::Cr2009), "end of turn step");
        assert_eq!(Step::End.label_in(Edition::Cr2004), "end-of-turn");
        assert_eq!(Step::End.label_in(Edition::Current), "end");
        assert_eq!(Step::Cleanup.label_in(Edition::Cr2009), "cleanup");
        assert_eq!(Phase::Ending.name_in(Edition::Cr2009), "end phase");
        assert_eq!(
            Phase::PostcombatMain.name_in(Edition::Cr2004),
            "second main phase"
        );
        for step in Phase::ALL.iter().flat_map(|phase| phase.steps()) {
            assert_eq!(step.name_in(Edition::Current), step.name());
        }
    }
}
