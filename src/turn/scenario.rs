//! Named what-if changes to the standard game, so a user can see how a phrase behaves when the
//! turn does not go the usual way. Scenarios change the current turn (turn 0) and apply in the
//! order given; a scenario whose unit no longer happens by then changes nothing.

use super::game::Game;
use super::phase::Step;
use super::structure::{Player, Turn, TurnResult};
use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scenario {
    NoAttackers,
    FirstStrike,
    ExtraCombat,
    ExtraUpkeep,
    SkipCombat,
    ExtraTurn,
    OpponentsTurn,
    SkipUntap,
    SkipDraw,
    ExtraEnd,
    RepeatCleanup,
}

/// A scenario name that is not one of [`Scenario::ALL`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownScenario(pub String);

impl fmt::Display for UnknownScenario {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Scenario::ALL.iter().map(|s| s.name()).collect();
        write!(
            f,
            "unknown scenario `{}`; valid: {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownScenario {}

impl Scenario {
    pub const ALL: [Scenario; 11] = [
        Scenario::NoAttackers,
        Scenario::FirstStrike,
        Scenario::ExtraCombat,
        Scenario::ExtraUpkeep,
        Scenario::SkipCombat,
        Scenario::ExtraTurn,
        Scenario::OpponentsTurn,
        Scenario::SkipUntap,
        Scenario::SkipDraw,
        Scenario::ExtraEnd,
        Scenario::RepeatCleanup,
    ];

    /// The kebab-case name used on the command line.
    pub fn name(self) -> &'static str {
        use Scenario::*;
        match self {
            NoAttackers => "no-attackers",
            FirstStrike => "first-strike",
            ExtraCombat => "extra-combat",
            ExtraUpkeep => "extra-upkeep",
            SkipCombat => "skip-combat",
            ExtraTurn => "extra-turn",
            OpponentsTurn => "opponents-turn",
            SkipUntap => "skip-untap",
            SkipDraw => "skip-draw",
            ExtraEnd => "extra-end",
            RepeatCleanup => "repeat-cleanup",
        }
    }

    /// One line saying what the scenario does, with its rule.
    pub fn describe(self) -> &'static str {
        use Scenario::*;
        match self {
            NoAttackers => "no creature attacks: no declare blockers or combat damage step (508.8)",
            FirstStrike => "a creature with first strike: a second combat damage step (510.4)",
            ExtraCombat => {
                "an additional combat and main phase after the second main phase (500.8)"
            }
            ExtraUpkeep => "an additional upkeep step after the upkeep step (500.9)",
            SkipCombat => "the first combat phase is skipped (500.11)",
            ExtraTurn => "you take an extra turn after this one (500.7)",
            OpponentsTurn => "this turn is an opponent's and the next is yours (500.1)",
            SkipUntap => "the untap step is skipped (500.11)",
            SkipDraw => "the draw step is skipped (500.11)",
            ExtraEnd => "an additional end step after the end step (500.9)",
            RepeatCleanup => "a player gets priority in cleanup: another cleanup step (514.3a)",
        }
    }

    /// Changes the current turn of `game`. `extra-combat` goes after the turn's second main
    /// phase, as "after this main phase" does when cast there; `no-attackers` and `first-strike`
    /// affect every combat phase; `opponents-turn` hands the normal turns out again starting with
    /// the opponent, leaving extra turns with their player.
    pub fn apply(self, game: &mut Game) -> TurnResult {
        let turn = game.turn_mut(0)?;
        match self {
            Scenario::NoAttackers => each_combat(turn, Turn::no_attackers),
            Scenario::FirstStrike => each_combat(turn, Turn::first_strike),
            Scenario::ExtraCombat => {
                let main = turn.main_phase(2);
                main.map_or(Ok(()), |main| turn.add_combat_and_main_after(main))
            }
            Scenario::ExtraUpkeep => add_after_first(turn, Step::Upkeep),
            Scenario::ExtraEnd => add_after_first(turn, Step::End),
            Scenario::SkipCombat => {
                let combat = turn.combat_phase(1);
                combat.map_or(Ok(()), |combat| turn.skip_phase(combat))
            }
            Scenario::SkipUntap => skip_first(turn, Step::Untap),
            Scenario::SkipDraw => skip_first(turn, Step::Draw),
            Scenario::RepeatCleanup => turn.repeat_cleanup(),
            Scenario::ExtraTurn => game.add_extra_turn_after(0, Player::You),
            Scenario::OpponentsTurn => {
                let normal = game.turns.iter_mut().filter(|t| !t.extra);
                for (turn, player) in normal.zip([Player::Opponent, Player::You].iter().cycle()) {
                    turn.active = *player;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Scenario {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Scenario {
    type Err = UnknownScenario;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        let found = Scenario::ALL.into_iter().find(|s| s.name() == name);
        found.ok_or_else(|| UnknownScenario(name.to_string()))
    }
}

/// The standard game with the scenarios applied in order; one that does not fit the game built
/// so far is left out.
pub fn build_game(scenarios: &[Scenario]) -> Game {
    let mut game = Game::standard();
    for scenario in scenarios {
        // A scenario only fails when its unit no longer exists; the game is then unchanged.
        let _ = scenario.apply(&mut game);
    }
    game
}

fn each_combat(turn: &mut Turn, change: fn(&mut Turn, usize) -> TurnResult) -> TurnResult {
    (1..=turn.combat_count()).try_for_each(|ordinal| change(turn, ordinal))
}

fn add_after_first(turn: &mut Turn, step: Step) -> TurnResult {
    let first = turn.occurring(step).first().copied();
    first.map_or(Ok(()), |(phase, at)| turn.add_step_after(phase, at, step))
}

fn skip_first(turn: &mut Turn, step: Step) -> TurnResult {
    let first = turn.occurring(step).first().copied();
    first.map_or(Ok(()), |(phase, at)| turn.skip_step(phase, at))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn::Phase;

    fn steps_of(game: &Game, phase: usize) -> Vec<(Step, bool)> {
        let run = &game.turns[0].phases[phase];
        run.steps.iter().map(|s| (s.step, s.skipped)).collect()
    }

    #[test]
    fn names_round_trip_and_unknown_lists_valid_names() {
        for scenario in Scenario::ALL {
            assert_eq!(scenario.name().parse::<Scenario>(), Ok(scenario));
            assert!(scenario.describe().contains('('));
        }
        let err = "extra-lunch".parse::<Scenario>().unwrap_err().to_string();
        assert!(err.contains("extra-lunch") && err.contains("repeat-cleanup"));
    }

    #[test]
    fn extra_combat_follows_the_postcombat_main_500_8() {
        let game = build_game(&[Scenario::ExtraCombat, Scenario::NoAttackers]);
        let phases: Vec<Phase> = game.turns[0].phases.iter().map(|r| r.phase).collect();
        assert_eq!(
            phases[3..6],
            [Phase::PostcombatMain, Phase::Combat, Phase::PostcombatMain]
        );
        assert!(steps_of(&game, 4)[2].1 && steps_of(&game, 2)[2].1);
    }

    #[test]
    fn extra_upkeep_end_and_skips_change_turn_zero_500_9_500_11() {
        use Step::*;
        let game = build_game(&[
            Scenario::ExtraUpkeep,
            Scenario::SkipUntap,
            Scenario::SkipDraw,
            Scenario::ExtraEnd,
            Scenario::SkipCombat,
        ]);
        let beginning = [
            (Untap, true),
            (Upkeep, false),
            (Upkeep, false),
            (Draw, true),
        ];
        assert_eq!(steps_of(&game, 0), beginning);
        assert_eq!(steps_of(&game, 4).len(), 3);
        assert!(game.turns[0].phases[2].skipped);
        assert_eq!(game.turns[1], Turn::standard(Player::Opponent));
    }

    #[test]
    fn turn_scenarios_500_7() {
        let game = build_game(&[Scenario::OpponentsTurn, Scenario::ExtraTurn]);
        let players: Vec<Player> = game.turns.iter().map(|t| t.active).collect();
        use Player::*;
        assert_eq!(players, [Opponent, You, You, Opponent]);
        assert!(game.turns[1].extra);
    }

    #[test]
    fn first_strike_and_repeat_cleanup_510_4_514_3a() {
        let game = build_game(&[Scenario::FirstStrike, Scenario::RepeatCleanup]);
        assert_eq!(steps_of(&game, 2).len(), 6);
        assert_eq!(steps_of(&game, 4).len(), 3);
    }
}
