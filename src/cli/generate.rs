//! `phaselint completions SHELL`, `phaselint man` and `phaselint config-schema`: shell completions
//! and the man page, made from the same clap definitions the parser uses, so they never drift from
//! the flags; the JSON Schema of phaselint.toml, made from what its reader takes.

use super::outcome::Outcome;
use clap::Args;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// The completion script for a shell, to be sourced or saved where the shell looks. `command` is
/// the whole command line's (`Cli::command()`).
pub fn completions(
    args: &CompletionsArgs,
    mut command: clap::Command,
) -> (Result<String, String>, Outcome) {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "phaselint", &mut script);
    utf8(script)
}

/// The man page of phaselint and each subcommand, in roff, one after another: `phaselint man |
/// man -l -` reads it. `command` is the whole command line's (`Cli::command()`).
pub fn man(mut command: clap::Command) -> (Result<String, String>, Outcome) {
    // Propagates the version to the subcommands' pages.
    command.build();
    let mut roff = Vec::new();
    let mut pages = vec![clap_mangen::Man::new(command.clone())];
    // clap's own `help` subcommand needs no page.
    let subcommands = command
        .get_subcommands()
        .filter(|sub| sub.get_name() != "help");
    pages.extend(subcommands.map(|sub| {
        let title = format!("phaselint-{}", sub.get_name());
        clap_mangen::Man::new(sub.clone().bin_name(title.clone())).title(title)
    }));
    for page in pages {
        if let Err(error) = page.render(&mut roff) {
            return (
                Err(format!(
                    "could not write the man page: {}",
                    phaselint::read::io_message(&error)
                )),
                Outcome::Failed,
            );
        }
    }
    utf8(roff)
}

/// The JSON Schema of phaselint.toml, pretty-printed.
pub fn config_schema() -> (Result<String, String>, Outcome) {
    match serde_json::to_string_pretty(&phaselint::config::json_schema()) {
        Ok(text) => (Ok(text + "\n"), Outcome::Clean),
        Err(error) => (
            Err(format!("could not write the schema: {error}")),
            Outcome::Failed,
        ),
    }
}

fn utf8(bytes: Vec<u8>) -> (Result<String, String>, Outcome) {
    match String::from_utf8(bytes) {
        Ok(text) => (Ok(text), Outcome::Clean),
        Err(_) => (
            Err("the generated text is not UTF-8".to_string()),
            Outcome::Failed,
        ),
    }
}
