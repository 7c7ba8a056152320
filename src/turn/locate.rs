//! Where a timing point `EDGE(UNIT, OCCURRENCE, OWNER)` of the contract falls in a game. Only
//! units that happen are found: skipped steps, phases and turns never are (500.11, 614.10a).

use super::game::Game;
use super::phase::{matches_phase, matches_step};
use super::structure::{Moment, Player, Turn};
use crate::model::{Edge, Occurrence, Owner, Unit};

/// The moments a point can fall on. `This` and `Each` give every matching unit of the current
/// turn (which one is in progress is not known), `First` the first of them (503.2, 506.7d),
/// `Next` the first that begins after `after` (`None`: before the current turn begins; for a
/// turn, the first matching turn after the one `after` is in, 500.4), and `NextTurn` the first
/// in the next turn taken. Owners other than `you` and `opponent` match every turn. `phase` and
/// `step` (the one in progress) and `cleanup` of anything but a turn locate nothing.
pub fn locate(
    game: &Game,
    unit: Unit,
    edge: Edge,
    occurrence: Occurrence,
    owner: Owner,
    after: Option<Moment>,
) -> Vec<Moment> {
    match unit {
        // The game's first units came before the turns shown, and a `that` unit belongs to a turn
        // or combat another phrase named.
        _ if matches!(occurrence, Occurrence::GameFirst | Occurrence::That) => Vec::new(),
        Unit::Phase | Unit::Step | Unit::Game => Vec::new(),
        Unit::Turn => locate_turn(game, edge, occurrence, owner, after),
        _ if edge == Edge::Cleanup => Vec::new(),
        _ => locate_unit(game, unit, edge, occurrence, owner, after),
    }
}

/// The owner's next turn: the first turn after the current one that is taken and is theirs.
fn next_turn_of(game: &Game, owner: Owner) -> Option<usize> {
    let first = game.next_turn()?;
    (first..game.turns.len()).find(|&i| {
        game.turns
            .get(i)
            .is_some_and(|t| !t.skipped && owned_by(t, owner))
    })
}

/// Whether `turn` is one whose units `owner` names: you and opponents by the active player;
/// every other owner names no fixed player, so every turn.
pub fn owned_by(turn: &Turn, owner: Owner) -> bool {
    match owner {
        Owner::You => turn.active == Player::You,
        Owner::Opponent | Owner::OtherPlayer => turn.active == Player::Opponent,
        _ => true,
    }
}

fn locate_unit(
    game: &Game,
    unit: Unit,
    edge: Edge,
    occurrence: Occurrence,
    owner: Owner,
    after: Option<Moment>,
) -> Vec<Moment> {
    let timeline = game.points();
    let position = |after: Moment| timeline.iter().position(|m| *m == after);
    let Some(start) = after.map_or(Some(0), |after| position(after).map(|i| i + 1)) else {
        return Vec::new();
    };
    let next_turn = next_turn_of(game, owner);
    let wanted = |i: usize, m: &Moment| match occurrence {
        Occurrence::This | Occurrence::Each | Occurrence::First => m.turn == 0,
        Occurrence::Next => i >= start,
        Occurrence::NextTurn => Some(m.turn) == next_turn,
        // Every turn after the current one.
        Occurrence::Later => m.turn > 0,
        Occurrence::GameFirst | Occurrence::That => false,
    };
    // The begin moment of each matching unit that happens, moved to the asked edge.
    let mut found = timeline.iter().enumerate().filter_map(|(i, m)| {
        let owned = game.turns.get(m.turn).is_some_and(|t| owned_by(t, owner));
        let hit = m.edge == Edge::Begin && owned && names(game, unit, m) && wanted(i, m);
        hit.then_some(Moment { edge, ..*m })
    });
    match occurrence {
        Occurrence::This | Occurrence::Each | Occurrence::Later => found.collect(),
        _ => found.next().into_iter().collect(),
    }
}

/// Whether the begin moment `m` is the begin of a phase or step that `unit` names.
fn names(game: &Game, unit: Unit, m: &Moment) -> bool {
    let Some(run) = game.turns.get(m.turn).and_then(|t| t.phases.get(m.phase)) else {
        return false;
    };
    match m.step {
        None => matches_phase(unit, run.phase),
        Some(s) => run.steps.get(s).is_some_and(|s| matches_step(unit, s.step)),
    }
}

/// A turn begins as its first phase begins, ends as its last phase ends, and its `cleanup` edge is
/// the 514.2 moment of its first cleanup step.
fn locate_turn(
    game: &Game,
    edge: Edge,
    occurrence: Occurrence,
    owner: Owner,
    after: Option<Moment>,
) -> Vec<Moment> {
    let taken = |i: &usize| {
        let turn = game.turns.get(*i);
        turn.is_some_and(|t| !t.skipped && owned_by(t, owner))
    };
    let index = match occurrence {
        Occurrence::This | Occurrence::Each | Occurrence::First => Some(0).filter(taken),
        Occurrence::Next => {
            let current = after.map_or(0, |m| m.turn);
            (current.saturating_add(1)..game.turns.len()).find(taken)
        }
        Occurrence::NextTurn => next_turn_of(game, owner),
        // The first of the turns after the current one.
        Occurrence::Later => (1..game.turns.len()).find(taken),
        Occurrence::GameFirst | Occurrence::That => None,
    };
    let Some((i, turn)) = index.and_then(|i| Some((i, game.turns.get(i)?))) else {
        return Vec::new();
    };
    let moments = turn.moments(i);
    let found = match edge {
        Edge::Begin => moments.first(),
        Edge::End => moments.last(),
        Edge::Cleanup => moments.iter().find(|m| m.edge == Edge::Cleanup),
        Edge::During => moments.first(),
    };
    found.copied().into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Edge as E, Occurrence as O};
    use crate::turn::Step;

    /// Locates with owner `any`.
    fn any(game: &Game, unit: Unit, edge: E, occ: O, after: Option<Moment>) -> Vec<Moment> {
        locate(game, unit, edge, occ, Owner::Any, after)
    }

    fn at(turn: usize, phase: usize, step: Option<usize>, edge: E) -> Moment {
        Moment::new(turn, phase, step, edge)
    }

    #[test]
    fn next_end_step_created_during_an_end_step_is_next_turns_513_2() {
        let game = Game::standard();
        let during = Some(at(0, 4, Some(0), E::Begin));
        let next = any(&game, Unit::End, E::Begin, O::Next, during);
        assert_eq!(next, [at(1, 4, Some(0), E::Begin)]);
        let before = any(&game, Unit::End, E::Begin, O::Next, None);
        assert_eq!(before, [at(0, 4, Some(0), E::Begin)]);
    }

    #[test]
    fn next_turns_upkeep_ignores_an_extra_upkeep_this_turn_500_10() {
        let mut game = Game::standard();
        game.turns[0].add_step_after_phase(2, Step::Upkeep).unwrap();
        let after = Some(at(0, 2, None, E::End));
        let next = any(&game, Unit::Upkeep, E::Begin, O::Next, after);
        assert_eq!(next, [at(0, 3, Some(1), E::Begin)]);
        let next_turn = any(&game, Unit::Upkeep, E::Begin, O::NextTurn, after);
        assert_eq!(next_turn, [at(1, 0, Some(1), E::Begin)]);
    }

    #[test]
    fn first_declare_blockers_is_in_the_first_combat_506_7d() {
        let mut game = Game::standard();
        game.turns[0].add_combat_and_main_after(3).unwrap();
        let first = any(&game, Unit::DeclareBlockers, E::Begin, O::First, None);
        assert_eq!(first, [at(0, 2, Some(2), E::Begin)]);
        let each = any(&game, Unit::DeclareBlockers, E::Begin, O::Each, None);
        assert_eq!(each.len(), 2);
    }

    #[test]
    fn no_attackers_leaves_no_declare_blockers_step_506_7f() {
        let mut game = Game::standard();
        game.turns[0].no_attackers(1).unwrap();
        assert!(any(&game, Unit::DeclareBlockers, E::Begin, O::Each, None).is_empty());
    }

    #[test]
    fn owners_pick_whose_turn_500_6_505_1() {
        let game = Game::standard();
        let upkeep = |owner| locate(&game, Unit::Upkeep, E::Begin, O::Each, owner, None);
        assert_eq!(upkeep(Owner::You).len(), 1);
        assert!(upkeep(Owner::Opponent).is_empty());
        assert_eq!(upkeep(Owner::ThatPlayer).len(), 1);
        let main = any(&game, Unit::Main, E::End, O::Each, None);
        assert_eq!(main, [at(0, 1, None, E::End), at(0, 3, None, E::End)]);
    }

    #[test]
    fn until_your_next_turn_and_end_of_turn_500_4_514_2() {
        let mut game = Game::standard();
        let your_next = |game: &Game| locate(game, Unit::Turn, E::Begin, O::Next, Owner::You, None);
        assert_eq!(your_next(&game), [at(2, 0, None, E::Begin)]);
        let cleanup = any(&game, Unit::Turn, E::Cleanup, O::This, None);
        assert_eq!(cleanup, [at(0, 4, Some(1), E::Cleanup)]);
        let end = any(&game, Unit::Turn, E::End, O::This, None);
        assert_eq!(end, [at(0, 4, None, E::End)]);
        game.add_extra_turn_after(0, Player::You).unwrap();
        assert_eq!(your_next(&game), [at(1, 0, None, E::Begin)]);
    }

    #[test]
    fn unknowable_and_skipped_units_locate_nothing_500_11() {
        let mut game = Game::standard();
        assert!(any(&game, Unit::Phase, E::End, O::This, None).is_empty());
        assert!(any(&game, Unit::Upkeep, E::Cleanup, O::This, None).is_empty());
        game.skip_turn(1).unwrap();
        let next_turn = any(&game, Unit::Upkeep, E::Begin, O::NextTurn, None);
        assert_eq!(next_turn, [at(2, 0, Some(1), E::Begin)]);
        let lost = Some(at(usize::MAX, 0, None, E::Begin));
        assert!(any(&game, Unit::End, E::Begin, O::Next, lost).is_empty());
        assert!(any(&game, Unit::Turn, E::Begin, O::Next, lost).is_empty());
    }
}
