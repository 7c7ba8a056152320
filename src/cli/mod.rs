//! The command line: clap arguments and one module per subcommand.
//!
//! Architecture invariant: the command line parses arguments, calls the library and renders what it
//! returns; it holds none of the pipeline's logic.

mod add_allow;
pub mod check;
pub mod explain;
pub mod findings;
mod format;
pub mod generate;
mod outcome;
mod progress;
pub mod rules;
pub mod server;
mod show;
pub mod stats;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};

/// Timing and duration phrases of Magic: The Gathering cards, checked against the turn model of
/// the Comprehensive Rules (CR 500-514).
#[derive(Debug, Parser)]
#[command(name = "phaselint", version, propagate_version = true, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// The command line, parsed by clap; a combination of arguments it cannot refuse by itself
    /// ([`check::conflict`]) ends the process as its own usage errors do.
    pub fn parse_args() -> Cli {
        let cli = Cli::parse();
        let conflict = match &cli.command {
            Command::Check(args) => check::conflict(args),
            _ => None,
        };
        if let Some(message) = conflict {
            let mut command = Cli::command();
            command.build();
            if let Some(check) = command.find_subcommand_mut("check") {
                check.error(ErrorKind::ArgumentConflict, message).exit();
            }
        }
        cli
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check card files, databases and directories of them; the main job.
    Check(check::CheckArgs),
    /// Explain what each timing phrase of a text means on the turn timeline.
    Explain(explain::ExplainArgs),
    /// Print the findings of every card face of card files, one JSON object a line.
    Findings(findings::FindingsArgs),
    /// List the rules, or print one rule's documentation (`rule CODE`, as ruff's; `--all`: every
    /// rule's).
    #[command(visible_alias = "rule")]
    Rules(rules::RulesArgs),
    /// Run the language server over stdin and stdout (LSP): diagnostics, quick fixes, hover.
    Server(server::ServerArgs),
    /// Count what the grammar finds in a card pool: kinds, templates, coverage, unknown phrases.
    Stats(stats::StatsArgs),
    /// Print a shell completion script (bash, elvish, fish, powershell, zsh).
    Completions(generate::CompletionsArgs),
    /// Print the man pages of phaselint and its subcommands, in roff.
    Man,
    /// Print the JSON Schema of phaselint.toml, for editors that complete and validate it.
    ConfigSchema,
}
