//! `explain`: what each phrase of a text means on the turn timeline. For every finding it gives a
//! plain sentence, and where each of its points falls in a game of a few turns, optionally changed
//! by scenarios (extra combats, skipped steps, extra turns).
//!
//! Architecture invariant: explanations know phrases, findings, the turn model and the editions'
//! data, and nothing of lint rules (`crate::compare` sets rules and explanations side by side),
//! configs or reports.

mod first_combat;
mod hover;
mod json;
mod place;
mod sentence;
mod text;
mod window;

pub use hover::{Hover, hover};
pub use json::{findings_json, findings_json_in};
pub use place::{explain, explain_in, explain_named, findings_named};
pub use sentence::{sentence, sentence_in};
pub use text::render_text;

use crate::edition::Edition;
use crate::model::{Finding, TimingPoint};
use crate::phrase::FindError;
use crate::turn::{Game, Moment, Scenario};

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
    /// The edition whose names, rule numbers and turn facts the explanation is given in.
    pub edition: Edition,
}
