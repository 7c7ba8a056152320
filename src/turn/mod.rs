//! The formal turn model (CR section 5): phases and steps, turns and the changes effects make to
//! them, a small game of consecutive turns, where a timing point falls, named what-if scenarios,
//! and a one-line strip to draw a turn with its marked points.
//!
//! Architecture invariant: the turn model knows nothing of card text, the grammar, the lint rules
//! or files; of editions it knows only their data (names, mana burn), from `crate::edition`.

mod game;
mod locate;
mod modify;
mod phase;
mod scenario;
mod strip;
mod structure;

pub use game::Game;
pub use locate::{locate, owned_by};
pub use phase::{Phase, Priority, Step, matches_phase, matches_step};
pub use scenario::{Scenario, UnknownScenario, build_game};
pub use strip::{Strip, render, render_in};
pub use structure::{Moment, PhaseRun, Player, StepRun, Turn, TurnError, TurnResult};
