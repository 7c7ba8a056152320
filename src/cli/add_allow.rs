//! `check --add-allow`: what it wrote, rendered; the library writes it
//! ([`phaselint::check::add_allows`]).

use super::outcome::Outcome;
use phaselint::check::{CheckOptions, add_allows, counted};
use phaselint::file_name::shown;
use std::fmt::Write;
use std::path::PathBuf;

/// `--add-allow`: a line for each file written, and for each that could not be; a file that could
/// not be written fails the run.
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
    for (path, message) in &added.problems {
        let _ = writeln!(out, "error {}: {message}", shown(path));
    }
    if out.is_empty() {
        out.push_str("no finding to allow\n");
    }
    let outcome = if added.problems.is_empty() {
        Outcome::Clean
    } else {
        Outcome::Failed
    };
    (Ok(out), outcome)
}
