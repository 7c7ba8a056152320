//! `phaselint server`: the language server, over stdin and stdout.

use super::outcome::Outcome;
use crate::server::{self, Ended};
use clap::Args;

#[derive(Debug, Args)]
pub struct ServerArgs {
    /// Speak over stdin and stdout, the only transport; accepted because LSP clients pass it.
    #[arg(long)]
    pub stdio: bool,
}

/// Runs the server until the client says `exit`: exit 0 after `shutdown`, else 1, as LSP asks.
pub fn run(_args: &ServerArgs) -> (Result<String, String>, Outcome) {
    match server::run() {
        Ended::Shutdown => (Ok(String::new()), Outcome::Clean),
        Ended::Abruptly => (Ok(String::new()), Outcome::Problems),
    }
}
