//! `explain`: what each phrase of a text means on the turn timeline. For every finding it gives a
//! plain sentence, and where each of its points falls in a game of a few turns, optionally changed
//! by scenarios (extra combats, skipped steps, extra turns).

mod first_combat;
mod sentence;
mod text;

pub use sentence::sentence;
pub use text::render_text;

use crate::model::{Finding, Occurrence, Owner, TimingPoint, Unit};
use crate::phrase::FindError;
use crate::resolve::find_and_resolve;
use crate::turn::{Game, Moment, Phase, Player, Scenario, build_game, locate};

/// Where one timing point falls in the game being explained.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placement {
    /// The moments it falls on.
    At(Vec<Moment>),
    /// None falls in the current turn; these are the next ones.
    Later(Vec<Moment>),
    /// The point it names does not happen; by `rule` the window closes `at` instead (506.7e).
    Instead {
        moments: Vec<Moment>,
        rule: &'static str,
        at: &'static str,
    },
    /// "The phase or step in progress": it has no fixed place.
    InProgress,
    /// It never comes in these turns (skipped, or no such unit).
    Never,
}

/// A finding with its sentence and the placement of each of its points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explained {
    pub finding: Finding,
    pub sentence: String,
    pub placements: Vec<(TimingPoint, Placement)>,
}

/// The explanation of a whole text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    pub text: String,
    pub scenarios: Vec<Scenario>,
    pub game: Game,
    /// When effects in the text are taken to be created: as the current turn's precombat main
    /// phase begins, where most spells resolve.
    pub created: Option<Moment>,
    pub explained: Vec<Explained>,
    pub errors: Vec<FindError>,
}

/// Explains every phrase of `text` in the standard game changed by `scenarios`.
pub fn explain(text: &str, scenarios: &[Scenario]) -> Explanation {
    let game = build_game(scenarios);
    let created = creation_moment(&game);
    let (findings, errors) = find_and_resolve(text);
    let explained = findings
        .into_iter()
        .map(|finding| {
            let placements = finding
                .timing
                .iter()
                .map(|point| (*point, place(&game, point, created)))
                .collect();
            Explained {
                sentence: sentence(&finding),
                finding,
                placements,
            }
        })
        .collect();
    Explanation {
        text: text.to_string(),
        scenarios: scenarios.to_vec(),
        game,
        created,
        explained,
        errors,
    }
}

/// The begin of the current turn's precombat main phase.
fn creation_moment(game: &Game) -> Option<Moment> {
    let turn = game.turns.first()?;
    let phase = turn
        .phases
        .iter()
        .position(|run| run.phase == Phase::PrecombatMain && !run.skipped)?;
    Some(Moment::new(0, phase, None, crate::model::Edge::Begin))
}

/// Where `point` falls in `game`.
fn place(game: &Game, point: &TimingPoint, created: Option<Moment>) -> Placement {
    if matches!(point.unit, Unit::Phase | Unit::Step) {
        return Placement::InProgress;
    }
    if point.occurrence == Occurrence::First && combat_step(point.unit) {
        return first_combat::place(game, point);
    }
    let at = |occurrence| {
        locate(
            game,
            point.unit,
            point.edge,
            occurrence,
            point.owner,
            created,
        )
    };
    let moments = at(point.occurrence);
    if !moments.is_empty() {
        return Placement::At(moments);
    }
    // A unit of another player's turn is not in the current turn: show the next one. A unit
    // skipped in the current turn is not looked for later: it does not happen this turn.
    let owned_elsewhere = matches!(
        (point.owner, game.turns.first().map(|t| t.active)),
        (Owner::You, Some(Player::Opponent)) | (Owner::Opponent, Some(Player::You))
    );
    if owned_elsewhere && matches!(point.occurrence, Occurrence::Each | Occurrence::This) {
        let later = at(Occurrence::Next);
        if !later.is_empty() {
            return Placement::Later(later);
        }
    }
    Placement::Never
}

/// The combat phase and its steps, which 506.7d measures in the first combat phase.
fn combat_step(unit: Unit) -> bool {
    matches!(
        unit,
        Unit::Combat
            | Unit::BeginningOfCombat
            | Unit::DeclareAttackers
            | Unit::DeclareBlockers
            | Unit::CombatDamage
            | Unit::EndOfCombat
    )
}
