//! Points measured in the first combat phase of the turn (506.7d), and where a "before" window
//! closes when its point does not happen there, or in each combat phase of a window open only
//! during combat (506.7e).

use super::Placement;
use crate::model::{Edge, Role, TimingPoint, Unit};
use crate::turn::{Game, Moment, Phase, PhaseRun, Step, Turn, matches_step, owned_by};

/// Places a point of the turn's first combat phase: the first combat phase of the current turn,
/// skipped or not, since a later combat phase does not stand in for it (506.7d). A point whose
/// owner names a player (a window "during an opponent's turn") is in the first turn taken that
/// is theirs; when that is not the current turn, the placement says it comes later.
pub fn place(game: &Game, point: &TimingPoint) -> Placement {
    let taken = game
        .turns
        .iter()
        .enumerate()
        .find(|(index, turn)| (*index == 0 || !turn.skipped) && owned_by(turn, point.owner));
    let Some((index, turn)) = taken else {
        return Placement::Never;
    };
    let placement = place_in_turn(turn, index, point);
    match placement {
        Placement::At(moments) if index > 0 => Placement::Later(moments),
        other => other,
    }
}

/// Places `point` in the first combat phase of `turn`, the game's turn `index`.
fn place_in_turn(turn: &Turn, index: usize, point: &TimingPoint) -> Placement {
    let Some((phase, run)) = turn
        .phases
        .iter()
        .enumerate()
        .find(|(_, run)| run.phase == Phase::Combat)
    else {
        return Placement::Never;
    };
    let found = if run.skipped {
        None
    } else if point.unit == Unit::Combat {
        Some(Moment::new(index, phase, None, point.edge))
    } else {
        happening_step(run, |step| matches_step(point.unit, step))
            .map(|step| Moment::new(index, phase, Some(step), point.edge))
    };
    match found {
        Some(moment) => Placement::At(vec![moment]),
        None if point.role == Role::Closes => instead(turn, index, phase, run),
        None => Placement::Never,
    }
}

/// 506.7e: with no declare blockers or combat damage step the window closes as the declare
/// attackers step ends; with the combat phase skipped, as the precombat main phase ends.
fn instead(turn: &Turn, index: usize, combat: usize, run: &PhaseRun) -> Placement {
    let attackers = happening_step(run, |step| step == Step::DeclareAttackers);
    let instead = match attackers {
        Some(step) if !run.skipped => Some((
            Moment::new(index, combat, Some(step), Edge::End),
            "as the declare attackers step ends",
        )),
        _ => turn.phases[..combat]
            .iter()
            .rposition(|p| p.phase == Phase::PrecombatMain && !p.skipped)
            .map(|main| {
                (
                    Moment::new(index, main, None, Edge::End),
                    "as the precombat main phase ends",
                )
            }),
    };
    match instead {
        Some((moment, at)) => Placement::Instead {
            moments: vec![moment],
            rule: "506.7e",
            at,
        },
        None => Placement::Never,
    }
}

/// 506.7e for a window that closes at a step of each combat phase ("during combat before blockers
/// are declared"): in each combat phase of the current turn that happens without that step (no
/// attackers, 508.8), the window closes as its declare attackers step ends. A skipped combat phase
/// has no window to close (506.7c).
pub fn instead_in_each(game: &Game, point: &TimingPoint) -> Placement {
    let Some(turn) = game.turns.first() else {
        return Placement::Never;
    };
    let moments: Vec<Moment> = turn
        .phases
        .iter()
        .enumerate()
        .filter(|(_, run)| run.phase == Phase::Combat && !run.skipped)
        .filter(|(_, run)| happening_step(run, |step| matches_step(point.unit, step)).is_none())
        .filter_map(|(phase, run)| {
            let attackers = happening_step(run, |step| step == Step::DeclareAttackers)?;
            Some(Moment::new(0, phase, Some(attackers), Edge::End))
        })
        .collect();
    if moments.is_empty() {
        return Placement::Never;
    }
    Placement::Instead {
        moments,
        rule: "506.7e",
        at: "as the declare attackers step ends",
    }
}

/// The index of the first step of `run` that happens and satisfies `wanted`.
fn happening_step(run: &PhaseRun, wanted: impl Fn(Step) -> bool) -> Option<usize> {
    run.steps.iter().position(|s| !s.skipped && wanted(s.step))
}
