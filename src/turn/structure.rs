//! One turn as a list of phase runs and step runs (CR 500.1), and its ordered timeline of
//! moments. Skipped runs stay in the lists so a strip can show them, but they have no moments
//! (500.11: the game moves straight past a skipped unit).

use super::phase::{Phase, Step};
use crate::model::Edge;
use std::fmt;

/// Whose turn it is, seen from the card's controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    You,
    Opponent,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepRun {
    pub step: Step,
    pub added: bool,
    pub skipped: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhaseRun {
    pub phase: Phase,
    pub steps: Vec<StepRun>,
    pub added: bool,
    pub skipped: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    pub active: Player,
    pub phases: Vec<PhaseRun>,
    pub extra: bool,
    pub skipped: bool,
}

/// A point on the timeline: an edge of a phase (`step: None`) or of a step. Indices are positions
/// in the `Vec`s, skipped runs included; `turn` is the turn's index in its `Game` (0 alone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Moment {
    pub turn: usize,
    pub phase: usize,
    pub step: Option<usize>,
    pub edge: Edge,
}

impl Moment {
    pub fn new(turn: usize, phase: usize, step: Option<usize>, edge: Edge) -> Self {
        Moment {
            turn,
            phase,
            step,
            edge,
        }
    }
}

/// Why a turn or game could not be changed as asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnError {
    NoTurn(usize),
    NoPhase(usize),
    NoStep {
        phase: usize,
        step: usize,
    },
    /// No combat phase with that ordinal (1 = the first) occurs in the turn.
    NoCombat(usize),
    /// The step cannot be put in that phase (500.9).
    StepNotInPhase {
        step: Step,
        phase: Phase,
    },
    NoCleanup,
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::NoTurn(i) => write!(f, "there is no turn {i}"),
            TurnError::NoPhase(i) => write!(f, "there is no phase {i} in the turn"),
            TurnError::NoStep { phase, step } => write!(f, "phase {phase} has no step {step}"),
            TurnError::NoCombat(n) => write!(f, "the turn has no combat phase number {n}"),
            TurnError::StepNotInPhase { step, phase } => {
                write!(f, "a {} cannot be part of a {}", step.name(), phase.name())
            }
            TurnError::NoCleanup => f.write_str("the turn has no cleanup step"),
        }
    }
}

impl std::error::Error for TurnError {}

/// The outcome of a change to a turn or a game.
pub type TurnResult = Result<(), TurnError>;

impl StepRun {
    pub fn new(step: Step) -> Self {
        StepRun {
            step,
            added: false,
            skipped: false,
        }
    }
}

impl PhaseRun {
    /// A phase with its default steps (501.1, 506.1, 512.1).
    pub fn new(phase: Phase) -> Self {
        PhaseRun {
            phase,
            steps: phase.steps().iter().copied().map(StepRun::new).collect(),
            added: false,
            skipped: false,
        }
    }
}

impl Turn {
    /// The five phases in order, each with its default steps (500.1).
    pub fn standard(active: Player) -> Self {
        Turn {
            active,
            phases: Phase::ALL.into_iter().map(PhaseRun::new).collect(),
            extra: false,
            skipped: false,
        }
    }

    /// The timeline of the turn as turn 0; see [`Turn::moments`].
    pub fn points(&self) -> Vec<Moment> {
        self.moments(0)
    }

    /// Begin and end of every phase and step that happens, in order, with the 514.2 moment
    /// (`Edge::Cleanup`) inside each cleanup step. A skipped turn has none.
    pub fn moments(&self, turn: usize) -> Vec<Moment> {
        let mut out = Vec::new();
        if self.skipped {
            return out;
        }
        let at = |phase, step, edge| Moment::new(turn, phase, step, edge);
        for (p, run) in self.phases.iter().enumerate().filter(|(_, r)| !r.skipped) {
            out.push(at(p, None, Edge::Begin));
            for (s, step) in run.steps.iter().enumerate().filter(|(_, s)| !s.skipped) {
                out.push(at(p, Some(s), Edge::Begin));
                if step.step == Step::Cleanup {
                    out.push(at(p, Some(s), Edge::Cleanup));
                }
                out.push(at(p, Some(s), Edge::End));
            }
            out.push(at(p, None, Edge::End));
        }
        out
    }

    /// The (phase, step) indices of each `step` that happens, in order.
    pub fn occurring(&self, step: Step) -> Vec<(usize, usize)> {
        let begins = self.points().into_iter().filter(|m| m.edge == Edge::Begin);
        let found = begins.filter_map(|m| {
            let index = m.step?;
            let run = self.phases.get(m.phase)?.steps.get(index)?;
            (run.step == step).then_some((m.phase, index))
        });
        found.collect()
    }

    /// Index of the `ordinal`-th phase (1 = first) that occurs and satisfies `wanted`.
    fn nth_occurring(&self, ordinal: usize, wanted: impl Fn(Phase) -> bool) -> Option<usize> {
        let mut found = self
            .phases
            .iter()
            .enumerate()
            .filter(|(_, run)| !run.skipped && wanted(run.phase))
            .map(|(i, _)| i);
        found.nth(ordinal.checked_sub(1)?)
    }

    /// Index of the `ordinal`-th main phase that occurs in the turn (505.1b: "second main
    /// phase" counts main phases of this turn only).
    pub fn main_phase(&self, ordinal: usize) -> Option<usize> {
        self.nth_occurring(ordinal, Phase::is_main)
    }

    /// The ordinal of the main phase at index `phase` as card text counts main phases (505.1b:
    /// "first main phase", "second main phase", ...): one more than the main phases that occur
    /// before it in the turn. A skipped main phase does not occur (500.11) and is not counted, so
    /// it has the number of the next main phase that does. `None` for a phase that is no main phase.
    pub fn main_ordinal(&self, phase: usize) -> Option<usize> {
        let run = self.phases.get(phase)?;
        let before = self.phases.get(..phase)?;
        let occurred = before.iter().filter(|r| !r.skipped && r.phase.is_main());
        run.phase.is_main().then(|| occurred.count() + 1)
    }

    /// Index of the `ordinal`-th combat phase that occurs (1 = the first, as in 506.7d).
    pub fn combat_phase(&self, ordinal: usize) -> Option<usize> {
        self.nth_occurring(ordinal, |phase| phase == Phase::Combat)
    }

    /// How many combat phases occur in the turn.
    pub fn combat_count(&self) -> usize {
        let combats = self.phases.iter().filter(|r| !r.skipped);
        combats.filter(|r| r.phase == Phase::Combat).count()
    }

    pub(super) fn phase_mut(&mut self, phase: usize) -> Result<&mut PhaseRun, TurnError> {
        self.phases.get_mut(phase).ok_or(TurnError::NoPhase(phase))
    }

    pub(super) fn step_mut(
        &mut self,
        phase: usize,
        step: usize,
    ) -> Result<&mut StepRun, TurnError> {
        let run = self.phase_mut(phase)?;
        run.steps
            .get_mut(step)
            .ok_or(TurnError::NoStep { phase, step })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_turn_has_five_phases_in_order_500_1() {
        let turn = Turn::standard(Player::You);
        let phases: Vec<Phase> = turn.phases.iter().map(|r| r.phase).collect();
        assert_eq!(phases, Phase::ALL);
        // 5 phases x 2 edges + 10 steps x 2 edges + the 514.2 moment.
        assert_eq!(turn.points().len(), 31);
    }

    #[test]
    fn cleanup_moment_lies_inside_the_cleanup_step_514_2() {
        let points = Turn::standard(Player::You).points();
        let tail: Vec<Edge> = points.iter().rev().take(4).map(|m| m.edge).collect();
        assert_eq!(tail, [Edge::End, Edge::End, Edge::Cleanup, Edge::Begin]);
        assert_eq!(points.iter().rev().nth(2).and_then(|m| m.step), Some(1));
    }

    #[test]
    fn main_phase_ordinals_count_this_turn_505_1b() {
        let turn = Turn::standard(Player::You);
        assert_eq!(turn.main_phase(1), Some(1));
        assert_eq!(turn.main_phase(2), Some(3));
        assert_eq!(turn.main_phase(3), None);
        assert_eq!(turn.main_phase(0), None);
        assert_eq!(turn.combat_count(), 1);
    }

    #[test]
    fn main_phases_are_numbered_as_they_occur_505_1b() {
        let mut turn = Turn::standard(Player::You);
        assert_eq!(turn.main_ordinal(1), Some(1));
        assert_eq!(turn.main_ordinal(2), None);
        assert_eq!(turn.main_ordinal(3), Some(2));
        // An additional combat and main phase after the second main phase: the third (500.8).
        turn.add_combat_and_main_after(3).unwrap();
        assert_eq!(turn.main_ordinal(5), Some(3));
        // A skipped main phase is not counted: the next one takes its number (500.11).
        turn.skip_phase(3).unwrap();
        assert_eq!(turn.main_ordinal(3), Some(2));
        assert_eq!(turn.main_ordinal(5), Some(2));
        assert_eq!(turn.main_ordinal(9), None);
    }
}
