//! The phaselint binary: parse arguments, run the subcommand, print, exit with its code.
//!
//! Architecture invariant: the binary's root holds no logic of its own: the subcommands are
//! `cli`'s, the pipeline the library's.

use clap::CommandFactory;
mod cli;
mod server;

use cli::{Cli, Command, check, explain, findings, generate, rules, stats};
use std::io::Write;
use std::process::ExitCode;

/// jemalloc on x86_64 Linux and macOS (Cargo.toml says why, where and what it was measured to save).
#[cfg(all(target_arch = "x86_64", any(target_os = "linux", target_os = "macos")))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    // Interrupted (SIGINT, SIGTERM, SIGHUP): no half-written `.phaselint-*.tmp` is left behind,
    // none is created after this (the writers are stopped first), and the file being fixed keeps
    // its old text. 130 is the shell's code for an interrupt.
    let _ = ctrlc::set_handler(|| {
        phaselint::write::remove_temp_files();
        std::process::exit(130);
    });
    let cli = Cli::parse_args();
    // Text, but for `check --diff`, whose diff of a Windows-1252 file is in that encoding.
    let text =
        |(output, outcome): (Result<String, String>, _)| (output.map(String::into_bytes), outcome);
    let (output, outcome) = match &cli.command {
        Command::Check(args) => check::run(args),
        Command::Explain(args) => text(explain::run(args)),
        Command::Findings(args) => text(findings::run(args)),
        Command::Rules(args) => text(rules::run(args)),
        Command::Server(args) => text(cli::server::run(args)),
        Command::Stats(args) => text(stats::run(args)),
        Command::Completions(args) => text(generate::completions(args, Cli::command())),
        Command::Man => text(generate::man(Cli::command())),
        Command::ConfigSchema => text(generate::config_schema()),
    };
    let message = match output {
        Ok(text) => match write_stdout(&text) {
            Ok(()) => None,
            Err(error) => Some(format!(
                "could not write the report: {}",
                phaselint::read::io_message(&error)
            )),
        },
        Err(message) => Some(message),
    };
    let Some(message) = message else {
        return ExitCode::from(outcome.exit_code());
    };
    // A closed stderr leaves nothing to report to.
    let _ = writeln!(std::io::stderr(), "error: {message}");
    // A report that was not written is a run that failed, whatever it found.
    ExitCode::from(outcome.exit_code().max(2))
}

/// Writes to stdout in one piece. A closed pipe (`phaselint ... | head`) ends quietly: the reader
/// has all it wanted. Any other failure (a full disk, `> /dev/full`) is an error.
fn write_stdout(text: &[u8]) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text).and_then(|()| stdout.flush()) {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        written => written,
    }
}
