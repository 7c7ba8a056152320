//! The command line: clap arguments and one module per subcommand.

pub mod explain;

use clap::{Parser, Subcommand};

/// Timing and duration phrases of Magic: The Gathering cards, checked against the turn model of
/// the Comprehensive Rules (CR 500-514).
#[derive(Debug, Parser)]
#[command(name = "phaselint", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Explain what each timing phrase of a text means on the turn timeline.
    Explain(explain::ExplainArgs),
}

/// How a subcommand ended, for the exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Done, nothing at error level: exit 0.
    Clean,
    /// A usage or I/O problem: exit 2.
    Failed,
}

impl Outcome {
    pub fn exit_code(self) -> u8 {
        match self {
            Outcome::Clean => 0,
            Outcome::Failed => 2,
        }
    }
}
