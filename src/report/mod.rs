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

/// The output formats.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Format {
    #[default]
    Human,
    Short,
    Json,
    Github,
    Sarif,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::Human,
        Format::Short,
        Format::Json,
        Format::Github,
        Format::Sarif,
    ];

    /// The name a user gives it, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Format::Human => "human",
            Format::Short => "short",
            Format::Json => "json",
            Format::Github => "github",
            Format::Sarif => "sarif",
        }
    }

    /// What it is, in a line.
    pub fn about(self) -> &'static str {
        match self {
            Format::Human => {
                "Source snippets with labels and help; plain sentences when stdout is not a terminal"
            }
            Format::Short => "One line per diagnostic: `path:line:col: severity[CODE] message`",
            Format::Json => "One JSON document: every diagnostic and a summary",
            Format::Github => {
                "GitHub Actions workflow commands, shown as annotations on pull requests"
            }
            Format::Sarif => "SARIF 2.1.0, for GitHub code scanning and SARIF viewers",
        }
    }
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(name: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == name)
            .ok_or_else(|| format!("`{name}` is no output format"))
    }
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

    #[test]
    fn formats_are_named_in_lower_case() {
        let names: Vec<&str> = Format::ALL.iter().map(|format| format.name()).collect();
        assert_eq!(names, ["human", "short", "json", "github", "sarif"]);
        assert_eq!("sarif".parse(), Ok(Format::Sarif));
        assert!("SARIF".parse::<Format>().is_err());
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
        for format in Format::ALL {
            let out = render(format, &files, &rules, &style);
            assert!(out.ends_with('\n'), "{format:?}");
        }
    }
}
