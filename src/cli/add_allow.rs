//! `check --add-allow`: what it wrote, rendered; the library writes it
//! ([`phaselint::check::add_allows`]).

use super::outcome::Outcome;
use phaselint::check::{CheckOptions, add_allows, counted};
use phaselint::file_name::shown;
use std::fmt::Write;
use std::path::PathBuf;

/// `--add-allow`: a line for each file written, for the findings of each file left and why, and for
/// each file that could not be written. The exit code is `check`'s ([`Outcome::of`]): a file that
/// could not be written, or an error left (an unreadable file's among them), exits 1.
pub fn run(
    paths: &[PathBuf],
    options: Result<CheckOptions, String>,
) -> (Result<String, String>, Outcome) {
    let added = match options.and_then(|options| add_allows(paths, &options)) {
        Ok(added) => added,
        Err(message) => return (Err(message), Outcome::Failed),
    };
    let mut out = String::new();
    for (path, count) in &added.comments {
        for (comments, done, place) in [
            (count.added(), "added", "to"),
            (count.extended(), "extended", "in"),
        ] {
            if comments > 0 {
                let _ = writeln!(
                    out,
                    "{done} {} {place} {}",
                    counted(comments, "allow comment", "allow comments"),
                    shown(path)
                );
            }
        }
    }
    for (path, count, created) in &added.ignores {
        let _ = writeln!(
            out,
            "added {} to {}{}",
            counted(*count, "ignore entry", "ignore entries"),
            shown(path),
            if *created { " (created)" } else { "" }
        );
    }
    for left in &added.left {
        let (one, many) = left.why.noun();
        let _ = writeln!(
            out,
            "left {} in {}: {}",
            counted(left.findings, one, many),
            left.path,
            left.why.reason()
        );
    }
    for (path, message) in &added.problems {
        let _ = writeln!(out, "error {}: {message}", shown(path));
    }
    if out.is_empty() {
        out.push_str("no finding to allow\n");
    }
    // As `check` would exit after the run; a refused write is an error, as under `--fix`.
    let problems = !added.problems.is_empty() || added.left.iter().any(|left| left.errors > 0);
    let outcome = Outcome::of(added.inputs, problems, false);
    (Ok(out), outcome)
}
