//! A short run of consecutive turns, so points such as "your next turn" or "the next end step"
//! can land beyond the current turn. `turns[0]` is the current turn.

use super::structure::{Moment, Player, Turn, TurnError, TurnResult};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub turns: Vec<Turn>,
}

impl Game {
    /// Your turn, then your opponent's, then yours again.
    pub fn standard() -> Self {
        let players = [Player::You, Player::Opponent, Player::You];
        Game {
            turns: players.into_iter().map(Turn::standard).collect(),
        }
    }

    /// Gives `player` an extra turn directly after a turn, so a newer extra turn comes before
    /// older ones created after the same turn (500.7).
    pub fn add_extra_turn_after(&mut self, turn: usize, player: Player) -> TurnResult {
        self.turn_mut(turn)?;
        let extra = Turn {
            extra: true,
            ..Turn::standard(player)
        };
        self.turns.insert(turn + 1, extra);
        Ok(())
    }

    /// Marks a turn that has not begun yet as skipped: it is not taken (500.11, 614.10).
    pub fn skip_turn(&mut self, turn: usize) -> TurnResult {
        self.turn_mut(turn)?.skipped = true;
        Ok(())
    }

    pub fn turn_mut(&mut self, turn: usize) -> Result<&mut Turn, TurnError> {
        self.turns.get_mut(turn).ok_or(TurnError::NoTurn(turn))
    }

    /// The whole timeline, turn after turn.
    pub fn points(&self) -> Vec<Moment> {
        let turns = self.turns.iter().enumerate();
        turns.flat_map(|(i, turn)| turn.moments(i)).collect()
    }

    /// Index of the first turn after the current one that is actually taken (614.10a: a
    /// skipped turn is not the "next" one).
    pub fn next_turn(&self) -> Option<usize> {
        let later = self.turns.iter().enumerate().skip(1);
        later.filter(|(_, t)| !t.skipped).map(|(i, _)| i).next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actives(game: &Game) -> Vec<(Player, bool)> {
        game.turns.iter().map(|t| (t.active, t.extra)).collect()
    }

    #[test]
    fn standard_game_alternates_players() {
        let game = Game::standard();
        let players: Vec<Player> = game.turns.iter().map(|t| t.active).collect();
        assert_eq!(players, [Player::You, Player::Opponent, Player::You]);
        assert_eq!(game.points().len(), 3 * 31);
    }

    #[test]
    fn extra_turns_go_directly_after_newest_first_500_7() {
        let mut game = Game::standard();
        game.add_extra_turn_after(0, Player::Opponent).unwrap();
        game.add_extra_turn_after(0, Player::You).unwrap();
        use Player::*;
        assert_eq!(
            actives(&game),
            [
                (You, false),
                (You, true),
                (Opponent, true),
                (Opponent, false),
                (You, false)
            ]
        );
        assert_eq!(game.add_extra_turn_after(9, You), Err(TurnError::NoTurn(9)));
    }

    #[test]
    fn skipped_turn_has_no_moments_and_is_not_next_500_11() {
        let mut game = Game::standard();
        game.skip_turn(1).unwrap();
        assert_eq!(game.points().len(), 2 * 31);
        assert!(game.points().iter().all(|m| m.turn != 1));
        assert_eq!(game.next_turn(), Some(2));
        assert!(game.skip_turn(3).is_err());
    }
}
