//! `phaselint findings`: the findings of every card face of card files, as JSON Lines written as
//! the files are read (`phaselint::export`).

use super::outcome::Outcome;
use clap::Args;
use phaselint::check::inputs::each_text;
use phaselint::check::{Configs, InputsSeen, threads_for};
use phaselint::export::{FaceFindings, each_face_on};
use phaselint::parallel;
use phaselint::read::DEFAULT_MAX_FILE_SIZE;
use phaselint::report::visible_json;
use phaselint::selection::RuleSelection;
use phaselint::source::{self, ReadOptions};
use phaselint::walk::walk;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct FindingsArgs {
    /// Card files or directories, as `check` reads them; `-` reads standard input. With none,
    /// the current directory.
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,

    /// MTGJSON and JSON Lines: read the printed wording (`originalText`, `original_text`).
    #[arg(long)]
    pub original: bool,
}

/// Runs `findings`: one line a card face on standard output, written as each file is read. A file
/// that cannot be read, or is malformed, is named on the error channel and makes the exit code 1;
/// the other files are still read. A config problem, or no file read at all, is 2, as in `check`
/// ([`Outcome::of`]).
pub fn run(args: &FindingsArgs) -> (Result<String, String>, Outcome) {
    // The configs decide which files a directory holds ([files] include and exclude).
    let configs = Configs::new(None, RuleSelection::default());
    let walked = match walk(&args.paths, &[], &configs) {
        Ok(walked) => walked,
        Err(message) => return (Err(message), Outcome::Failed),
    };
    let mut inputs = InputsSeen {
        unread: !walked.errors.is_empty(),
        ..InputsSeen::default()
    };
    // An input that could not be read, or not read whole (a card that does not read).
    let mut failed = !walked.errors.is_empty();
    for (path, message) in &walked.errors {
        complain(&format!("{}: {message}", phaselint::file_name::shown(path)));
    }
    let options = ReadOptions {
        original: args.original,
        ..ReadOptions::default()
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut closed = false;
    for path in &walked.files {
        let options = configs.read_options(path, &options);
        let unreadable = each_text(&walked, path, DEFAULT_MAX_FILE_SIZE, &mut |name, text| {
            inputs.read = true;
            let shown = phaselint::file_name::shown(name);
            if closed {
                return;
            }
            let format = source::format_of(name, &text);
            let threads = threads_for(text.len(), parallel::cores());
            // Each face's line is serialised on the thread that found it; the lines of a batch
            // go out together (one flush a batch, not one a line).
            let render = |face: FaceFindings| {
                let mut line = visible_json(serde_json::to_string(&face).unwrap_or_default());
                line.push('\n');
                line
            };
            let errors = each_face_on(
                &shown,
                &text,
                format,
                &options,
                threads,
                render,
                &mut |lines| {
                    if closed {
                        return;
                    }
                    // A closed pipe (`phaselint findings . | head`) ends the output quietly.
                    closed = lines
                        .iter()
                        .try_for_each(|line| out.write_all(line.as_bytes()))
                        .and_then(|()| out.flush())
                        .is_err();
                },
            );
            for error in &errors {
                complain(&format!(
                    "{shown}: bytes {}..{}: {}",
                    error.span.start, error.span.end, error.message
                ));
                failed = true;
            }
        });
        for (name, error) in &unreadable {
            complain(&format!(
                "{}: {}",
                phaselint::file_name::shown(name),
                error.message
            ));
            inputs.unread = true;
            failed = true;
        }
        if closed {
            break;
        }
    }
    // Configs are read as the files they govern are: every one met is known only now.
    let problems = configs.problems();
    for problem in &problems {
        complain(&problem.to_string());
    }
    inputs.config_problem = !problems.is_empty();
    (Ok(String::new()), Outcome::of(inputs, failed, false))
}

/// A problem with an input, on the error channel.
fn complain(message: &str) {
    let _ = writeln!(std::io::stderr(), "error: {message}");
}
