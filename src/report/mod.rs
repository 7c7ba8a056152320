//! Reporters: the checked files of a run rendered into one string, in the format the user picked.
//! The library only builds the text; the binary writes it once.
//!
//! Architecture invariant: reporters render what the pipeline returns; they check, read and write
//! nothing.

mod checkstyle;
mod fingerprint;
mod github;
mod gitlab;
mod human;
mod json;
mod junit;
mod narrate;
mod sarif;
mod short;
mod source;
mod statistics;
mod summary;
mod visible;
mod xml;

#[cfg(test)]
mod fixture;

pub use crate::lines::{LineIndex, Position, Region};
pub use human::{DEFAULT_WIDTH, HumanStyle, wrap_width};
pub use statistics::{RuleCount, rule_counts, statistics_json, statistics_text};
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
    Gitlab,
    Junit,
    Checkstyle,
}

impl Format {
    pub const ALL: [Format; 8] = [
        Format::Human,
        Format::Short,
        Format::Json,
        Format::Github,
        Format::Sarif,
        Format::Gitlab,
        Format::Junit,
        Format::Checkstyle,
    ];

    /// The name a user gives it, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Format::Human => "human",
            Format::Short => "short",
            Format::Json => "json",
            Format::Github => "github",
            Format::Sarif => "sarif",
            Format::Gitlab => "gitlab",
            Format::Junit => "junit",
            Format::Checkstyle => "checkstyle",
        }
    }

    /// Other names it answers to: ruff's, for a user's habits (`--output-format concise`).
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Format::Human => &["full"],
            Format::Short => &["concise"],
            _ => &[],
        }
    }

    /// What it is, in a line.
    pub fn about(self) -> &'static str {
        match self {
            Format::Human => {
                "Source snippets with labels and help, on a terminal and piped (ruff's `full`)"
            }
            Format::Short => {
                "One line per diagnostic: `path:line:col: severity[CODE] message` (ruff's `concise`)"
            }
            Format::Json => "One JSON document: every diagnostic and a summary",
            Format::Github => {
                "GitHub Actions workflow commands, shown as annotations on pull requests"
            }
            Format::Sarif => "SARIF 2.1.0, for GitHub code scanning and SARIF viewers",
            Format::Gitlab => "GitLab Code Quality JSON, shown on merge requests",
            Format::Junit => "JUnit XML: a test suite per file, a failing test case per diagnostic",
            Format::Checkstyle => "Checkstyle XML, for Jenkins, SonarQube, reviewdog and others",
        }
    }
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(name: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == name || format.aliases().contains(&name))
            .ok_or_else(|| format!("`{name}` is no output format"))
    }
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
        Format::Gitlab => gitlab::render(files),
        Format::Junit => junit::render(files),
        Format::Checkstyle => checkstyle::render(files),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_named_in_lower_case() {
        let names: Vec<&str> = Format::ALL.iter().map(|format| format.name()).collect();
        assert_eq!(
            names,
            [
                "human",
                "short",
                "json",
                "github",
                "sarif",
                "gitlab",
                "junit",
                "checkstyle"
            ]
        );
        assert_eq!("sarif".parse(), Ok(Format::Sarif));
        // ruff's names.
        assert_eq!("concise".parse(), Ok(Format::Short));
        assert_eq!("full".parse(), Ok(Format::Human));
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
