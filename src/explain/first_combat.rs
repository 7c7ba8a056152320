//! Points measured in the first combat phase of the turn (506.7d), and where a "before" window
//! closes when its point does not happen there (506.7e).

use super::Placement;
use crate::model::{Edge, Role, TimingPoint, Unit};
use crate::turn::{Game, Moment, Phase, PhaseRun, Step, matches_step};

/// Places a point of the turn's first combat phase: the first combat phase of the current turn,
/// skipped or not, since a later combat phase does not stand in for it (506.7d).
pub fn place(game: &Game, point: &TimingPoint) -> Placement {
    let Some(turn) = game.turns.first() else {
        return Placement::Never;
    };
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
        Some(Moment::new(0, phase, None, point.edge))
    } else {
        happening_step(run, |step| matches_step(point.unit, step))
            .map(|step| Moment::new(0, phase, Some(step), point.edge))
    };
    match found {
        Some(moment) => Placement::At(vec![moment]),
        None if point.role == Role::Closes => instead(game, phase, run),
        None => Placement::Never,
    }
}

/// 506.7e: with no declare blockers or combat damage step the window closes as the declare
/// attackers step ends; with the combat phase skipped, as the precombat main phase ends.
fn instead(game: &Game, combat: usize, run: &PhaseRun) -> Placement {
    let attackers = happening_step(run, |step| step == Step::DeclareAttackers);
    let instead = match attackers {
        Some(step) if !run.skipped => Some((
            Moment::new(0, combat, Some(step), Edge::End),
            "as the declare attackers step ends",
        )),
        _ => game.turns.first().and_then(|turn| {
            let main = turn.phases[..combat]
                .iter()
                .rposition(|p| p.phase == Phase::PrecombatMain && !p.skipped)?;
            Some((
                Moment::new(0, main, None, Edge::End),
                "as the precombat main phase ends",
            ))
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

/// The index of the first step of `run` that happens and satisfies `wanted`.
fn happening_step(run: &PhaseRun, wanted: impl Fn(Step) -> bool) -> Option<usize> {
    run.steps.iter().position(|s| !s.skipped && wanted(s.step))
}
