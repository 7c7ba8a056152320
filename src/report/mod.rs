//! Reporters: the checked files of a run rendered into one string, in the format the user picked.
//! The library only builds the text; the binary writes it once.

mod fingerprint;
mod github;
mod human;
mod json;
mod lines;
mod narrate;
mod sarif;
mod short;
mod source;
mod summary;
mod visible;

#[cfg(test)]
mod fixture;

pub use lines::{LineIndex, Position, Region};
pub use summary::Summary;
pub use visible::{visible, visible_json, visible_lines};

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
/// `color` when graphical and `NO_COLOR` is unset, `width` with [`wrap_width`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HumanStyle {
    /// Snippets drawn with box characters; otherwise miette's narratable plain text.
    pub graphical: bool,
    /// Colours in the graphical drawing.
    pub color: bool,
    /// Columns to wrap at; widths below 40 are taken as 40.
    pub width: usize,
}

/// The width of the human report when neither `COLUMNS` nor a terminal gives one.
pub const DEFAULT_WIDTH: usize = 100;

/// The columns to wrap the human report at: `COLUMNS` when it holds a positive whole number (the
/// user's word, as `ls` and Python's `shutil` take it), else the width of the terminal stdout is
/// (`terminal`), else [`DEFAULT_WIDTH`].
pub fn wrap_width(columns: Option<&str>, terminal: Option<usize>) -> usize {
    columns
        .and_then(|columns| columns.trim().parse::<usize>().ok())
        .into_iter()
        .chain(terminal)
        .find(|&width| width > 0)
        .unwrap_or(DEFAULT_WIDTH)
}

/// The whole output of a run: the files in the order given, each file's diagnostics in the order
/// given (the caller sorts). `rules` describes the rules in SARIF; `summary`, the counts of
/// `files` ([`Summary::of`], or [`Summary::counting_fixes_in`] the files `--fix` may rewrite),
/// ends the human, short and JSON formats; the other formats ignore them.
pub fn render(
    format: Format,
    files: &[CheckedFile],
    rules: &[&RuleInfo],
    style: &HumanStyle,
    summary: &Summary,
) -> String {
    match format {
        Format::Human => human::render(files, style, summary),
        Format::Short => short::render(files, summary),
        Format::Json => json::render(files, summary),
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
            let out = render(format, &files, &rules, &style, &Summary::of(&files));
            assert!(out.ends_with('\n'), "{format:?}");
        }
    }

    #[test]
    fn columns_wins_over_the_terminal_when_it_is_a_positive_number() {
        assert_eq!(wrap_width(Some("72"), Some(180)), 72);
        assert_eq!(wrap_width(Some(" 72\n"), None), 72);
        assert_eq!(wrap_width(Some("300"), None), 300);
        // Not a usable number: the terminal's width, or the default.
        for columns in [
            "",
            "0",
            "-80",
            "80x",
            "eighty",
            "1e3",
            "99999999999999999999999",
        ] {
            assert_eq!(wrap_width(Some(columns), Some(132)), 132, "{columns:?}");
            assert_eq!(
                wrap_width(Some(columns), None),
                DEFAULT_WIDTH,
                "{columns:?}"
            );
        }
        assert_eq!(wrap_width(None, Some(132)), 132);
        assert_eq!(wrap_width(None, Some(0)), DEFAULT_WIDTH);
        assert_eq!(wrap_width(None, None), DEFAULT_WIDTH);
    }

    #[test]
    fn a_note_is_called_note_in_every_format() {
        let files = fixture::files();
        let rules = fixture::rules();
        for format in Format::ALL {
            for graphical in [true, false] {
                let style = HumanStyle {
                    graphical,
                    color: false,
                    width: 80,
                };
                let out = render(format, &files, &rules, &style, &Summary::of(&files));
                let lower = out.to_lowercase();
                assert!(lower.contains("note"), "{format:?}: {out}");
                assert!(!lower.contains("advice"), "{format:?}: {out}");
                // GitHub's workflow command for a note is `::notice`; nothing else says notice.
                let notices = lower.matches("notice").count();
                let commands = out.lines().filter(|l| l.starts_with("::notice ")).count();
                assert_eq!(notices, commands, "{format:?}: {out}");
            }
        }
    }
}
