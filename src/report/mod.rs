//! Reporters: the checked files of a run rendered into one string, in the format the user picked.
//! The library only builds the text; the binary writes it once.

mod fingerprint;
mod github;
mod human;
mod json;
mod lines;
mod sarif;
mod short;
mod source;
mod summary;

#[cfg(test)]
mod fixture;

pub use lines::{LineIndex, Position, Region};
pub use summary::Summary;

use crate::check::CheckedFile;
use crate::rules::RuleInfo;

/// The output formats of `--format`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Format {
    /// Source snippets with labels and help; plain sentences when stdout is not a terminal.
    #[default]
    Human,
    /// One line per diagnostic: `path:line:col: severity[CODE] message`.
    Short,
    /// One JSON document: every diagnostic and a summary.
    Json,
    /// GitHub Actions workflow commands, shown as annotations on pull requests.
    Github,
    /// SARIF 2.1.0, for GitHub code scanning and SARIF viewers.
    Sarif,
}

/// How the human format is drawn. The CLI decides: `graphical` when stdout is a terminal,
/// `color` when graphical and `NO_COLOR` is unset, `width` from the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HumanStyle {
    /// Snippets drawn with box characters; otherwise miette's narratable plain text.
    pub graphical: bool,
    /// Colours in the graphical drawing.
    pub color: bool,
    /// Columns to wrap at; widths below 40 are taken as 40.
    pub width: usize,
}

/// The whole output of a run: the files in the order given, each file's diagnostics in the order
/// given (the caller sorts). `rules` describes the rules in SARIF; the other formats ignore it.
pub fn render(
    format: Format,
    files: &[CheckedFile],
    rules: &[&RuleInfo],
    style: &HumanStyle,
) -> String {
    match format {
        Format::Human => human::render(files, style),
        Format::Short => short::render(files),
        Format::Json => json::render(files),
        Format::Github => github::render(files),
        Format::Sarif => sarif::render(files, rules),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    #[test]
    fn formats_are_named_in_lower_case() {
        let names: Vec<String> = Format::value_variants()
            .iter()
            .filter_map(|format| format.to_possible_value())
            .map(|value| value.get_name().to_owned())
            .collect();
        assert_eq!(names, ["human", "short", "json", "github", "sarif"]);
        assert_eq!(Format::from_str("sarif", false), Ok(Format::Sarif));
    }

    #[test]
    fn every_format_ends_with_a_newline() {
        let files = fixture::files();
        let rules = fixture::rules();
        let style = HumanStyle {
            graphical: true,
            color: false,
            width: 80,
        };
        for format in Format::value_variants() {
            let out = render(*format, &files, &rules, &style);
            assert!(out.ends_with('\n'), "{format:?}");
        }
    }
}
