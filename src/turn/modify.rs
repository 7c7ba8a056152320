//! Effects that change the shape of a turn: combat without attackers, first strike, added and
//! skipped phases and steps, and repeated cleanup steps (CR 500.8-500.11, 506.1, 510.4, 514.3a).
//! Indices are positions in `Turn::phases` and `PhaseRun::steps`; combat ordinals count the combat
//! phases that occur, 1 being the first.

use super::phase::{Phase, Step};
use super::structure::{PhaseRun, Player, StepRun, Turn, TurnError, TurnResult};

impl Turn {
    /// No creature attacks in that combat: its declare blockers and combat damage steps are
    /// skipped (508.8, 506.1).
    pub fn no_attackers(&mut self, combat_ordinal: usize) -> TurnResult {
        let run = self.combat_mut(combat_ordinal)?;
        for step in &mut run.steps {
            if matches!(step.step, Step::DeclareBlockers | Step::CombatDamage) {
                step.skipped = true;
            }
        }
        Ok(())
    }

    /// A creature with first or double strike is in that combat: the phase gets a second combat
    /// damage step (510.4). Nothing changes if its combat damage step is skipped (510.4 applies
    /// as that step begins) or it already has a second one.
    pub fn first_strike(&mut self, combat_ordinal: usize) -> TurnResult {
        let run = self.combat_mut(combat_ordinal)?;
        let steps = run.steps.iter().enumerate();
        let mut damage = steps.filter(|(_, s)| s.step == Step::CombatDamage);
        let only_unskipped = match (damage.next(), damage.next()) {
            (Some((i, step)), None) if !step.skipped => Some(i),
            _ => None,
        };
        if let Some(i) = only_unskipped {
            run.steps.insert(i + 1, added_step(Step::CombatDamage));
        }
        Ok(())
    }

    /// Adds phases, in the given order, directly after a phase (500.8); phases added later after
    /// the same phase come first. An added main phase is a postcombat main phase (505.1a).
    pub fn add_phases_after(&mut self, phase: usize, added: &[Phase]) -> TurnResult {
        self.phase_mut(phase)?;
        for &kind in added.iter().rev() {
            let kind = if kind.is_main() {
                Phase::PostcombatMain
            } else {
                kind
            };
            let run = PhaseRun {
                added: true,
                ..PhaseRun::new(kind)
            };
            self.phases.insert(phase + 1, run);
        }
        Ok(())
    }

    /// "An additional combat phase followed by an additional main phase" (500.8, 505.1a).
    pub fn add_combat_and_main_after(&mut self, phase: usize) -> TurnResult {
        self.add_phases_after(phase, &[Phase::Combat, Phase::PostcombatMain])
    }

    /// Adds a step directly after a step of the same phase; later ones come first (500.9).
    pub fn add_step_after(&mut self, phase: usize, step: usize, new: Step) -> TurnResult {
        self.insert_step(phase, step, new, 1)
    }

    /// Adds a step directly before a step of the same phase (500.9); the most recently added one
    /// ends up nearest that step.
    pub fn add_step_before(&mut self, phase: usize, step: usize, new: Step) -> TurnResult {
        self.insert_step(phase, step, new, 0)
    }

    fn insert_step(&mut self, phase: usize, step: usize, new: Step, offset: usize) -> TurnResult {
        self.step_mut(phase, step)?;
        let run = self.phase_mut(phase)?;
        if new.phase() != run.phase {
            return Err(TurnError::StepNotInPhase {
                step: new,
                phase: run.phase,
            });
        }
        run.steps.insert(step + offset, added_step(new));
        Ok(())
    }

    /// Adds a step after a phase by creating, directly after it, the phase that normally holds the
    /// step, with its other steps skipped (500.10, the Obeka example).
    pub fn add_step_after_phase(&mut self, phase: usize, step: Step) -> TurnResult {
        self.phase_mut(phase)?;
        let mut run = PhaseRun {
            added: true,
            ..PhaseRun::new(step.phase())
        };
        for other in &mut run.steps {
            other.added = other.step == step;
            other.skipped = other.step != step;
        }
        self.phases.insert(phase + 1, run);
        Ok(())
    }

    /// Applies a "you get an additional step or phase" change only if `controller` is the active
    /// player; otherwise nothing is added (500.10a). Returns whether the change was made.
    pub fn you_get(
        &mut self,
        controller: Player,
        change: impl FnOnce(&mut Turn) -> TurnResult,
    ) -> Result<bool, TurnError> {
        if self.active != controller {
            return Ok(false);
        }
        change(self).map(|()| true)
    }

    /// Marks a step that has not begun yet as skipped: it does not happen (500.11, 614.10).
    pub fn skip_step(&mut self, phase: usize, step: usize) -> TurnResult {
        self.step_mut(phase, step)?.skipped = true;
        Ok(())
    }

    /// Marks a phase that has not begun yet as skipped, steps and all (500.11, 614.10).
    pub fn skip_phase(&mut self, phase: usize) -> TurnResult {
        self.phase_mut(phase)?.skipped = true;
        Ok(())
    }

    /// A player received priority in the last cleanup step, so another cleanup step begins after
    /// it (514.3a).
    pub fn repeat_cleanup(&mut self) -> TurnResult {
        let last = self.occurring(Step::Cleanup).last().copied();
        let (phase, step) = last.ok_or(TurnError::NoCleanup)?;
        self.phase_mut(phase)?
            .steps
            .insert(step + 1, added_step(Step::Cleanup));
        Ok(())
    }

    fn combat_mut(&mut self, ordinal: usize) -> Result<&mut PhaseRun, TurnError> {
        let phase = self
            .combat_phase(ordinal)
            .ok_or(TurnError::NoCombat(ordinal))?;
        self.phase_mut(phase)
    }
}

fn added_step(step: Step) -> StepRun {
    StepRun {
        added: true,
        ..StepRun::new(step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(run: &PhaseRun) -> Vec<(Step, bool)> {
        run.steps.iter().map(|s| (s.step, s.skipped)).collect()
    }

    fn phases(turn: &Turn) -> Vec<Phase> {
        turn.phases.iter().map(|r| r.phase).collect()
    }

    #[test]
    fn no_attackers_skips_blockers_and_damage_508_8() {
        let mut turn = Turn::standard(Player::You);
        turn.no_attackers(1).unwrap();
        use Step::*;
        let combat = [(BeginningOfCombat, false), (DeclareAttackers, false)];
        let combat = [
            &combat[..],
            &[(DeclareBlockers, true), (CombatDamage, true)],
        ]
        .concat();
        assert_eq!(steps(&turn.phases[2])[..4], combat);
        assert_eq!(turn.no_attackers(2), Err(TurnError::NoCombat(2)));
        assert_eq!(turn.no_attackers(0), Err(TurnError::NoCombat(0)));
    }

    #[test]
    fn first_strike_adds_one_second_damage_step_510_4() {
        let mut turn = Turn::standard(Player::You);
        turn.first_strike(1).unwrap();
        turn.first_strike(1).unwrap();
        let damage = turn.phases[2].steps.iter();
        assert_eq!(damage.filter(|s| s.step == Step::CombatDamage).count(), 2);
        assert_eq!(turn.phases[2].steps[5].step, Step::EndOfCombat);
    }

    #[test]
    fn added_phases_go_directly_after_newest_first_500_8_505_1a() {
        let mut turn = Turn::standard(Player::You);
        turn.add_phases_after(3, &[Phase::Ending]).unwrap();
        turn.add_combat_and_main_after(3).unwrap();
        let shape = phases(&turn);
        assert_eq!(
            shape[3..],
            [
                Phase::PostcombatMain,
                Phase::Combat,
                Phase::PostcombatMain,
                Phase::Ending,
                Phase::Ending
            ]
        );
        turn.add_phases_after(0, &[Phase::PrecombatMain]).unwrap();
        assert_eq!(turn.phases[1].phase, Phase::PostcombatMain);
        assert_eq!(turn.add_phases_after(99, &[]), Err(TurnError::NoPhase(99)));
    }

    #[test]
    fn added_steps_go_after_or_before_a_step_of_that_phase_500_9() {
        let mut turn = Turn::standard(Player::You);
        turn.add_step_after(0, 1, Step::Draw).unwrap();
        turn.add_step_after(0, 1, Step::Upkeep).unwrap();
        turn.add_step_before(4, 0, Step::Cleanup).unwrap();
        let beginning: Vec<Step> = turn.phases[0].steps.iter().map(|s| s.step).collect();
        use Step::*;
        assert_eq!(beginning, [Untap, Upkeep, Upkeep, Draw, Draw]);
        assert_eq!(turn.phases[4].steps[0].step, Cleanup);
        let wrong = turn.add_step_after(2, 0, Upkeep);
        assert!(matches!(wrong, Err(TurnError::StepNotInPhase { .. })));
        assert!(turn.add_step_after(1, 0, Upkeep).is_err());
        assert!(turn.add_step_before(0, 9, Upkeep).is_err());
    }

    #[test]
    fn step_after_phase_creates_its_phase_with_other_steps_skipped_500_10() {
        let mut turn = Turn::standard(Player::You);
        turn.add_step_after_phase(2, Step::Upkeep).unwrap();
        let obeka = &turn.phases[3];
        assert!(obeka.added && obeka.phase == Phase::Beginning);
        use Step::*;
        assert_eq!(steps(obeka), [(Untap, true), (Upkeep, false), (Draw, true)]);
    }

    #[test]
    fn you_get_adds_nothing_on_another_players_turn_500_10a() {
        let mut turn = Turn::standard(Player::Opponent);
        let upkeep = |t: &mut Turn| t.add_step_after_phase(2, Step::Upkeep);
        assert_eq!(turn.you_get(Player::You, upkeep), Ok(false));
        assert_eq!(turn.phases.len(), 5);
        assert_eq!(turn.you_get(Player::Opponent, upkeep), Ok(true));
        assert_eq!(turn.phases.len(), 6);
    }

    #[test]
    fn skipped_units_stay_listed_but_have_no_moments_500_11_614_10() {
        let mut turn = Turn::standard(Player::You);
        turn.skip_step(0, 0).unwrap();
        turn.skip_phase(2).unwrap();
        assert!(turn.phases[0].steps[0].skipped && turn.phases[2].skipped);
        assert_eq!(turn.points().len(), 31 - 2 - 12);
        assert_eq!(turn.combat_count(), 0);
        assert!(turn.skip_step(1, 0).is_err() && turn.skip_phase(5).is_err());
    }

    #[test]
    fn repeat_cleanup_adds_another_cleanup_step_514_3a() {
        let mut turn = Turn::standard(Player::You);
        turn.repeat_cleanup().unwrap();
        turn.repeat_cleanup().unwrap();
        use Step::*;
        assert_eq!(
            steps(&turn.phases[4]),
            [
                (End, false),
                (Cleanup, false),
                (Cleanup, false),
                (Cleanup, false)
            ]
        );
        turn.skip_phase(4).unwrap();
        assert_eq!(turn.repeat_cleanup(), Err(TurnError::NoCleanup));
    }
}
