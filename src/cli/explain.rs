//! `phaselint explain [--format text|json] [--rules EDITION [--compare EDITION]] [--scenario LIST]
//! [--name NAME] [--type TYPE] [--file PATH] -- TEXT...`

use super::outcome::Outcome;
use clap::{Args, ValueEnum};
use phaselint::compare::render_comparison;
use phaselint::edition::Edition;
use phaselint::explain::{explain_named, findings_json_in, findings_named, render_text};
use phaselint::phrase::CardName;
use phaselint::read::{DEFAULT_MAX_FILE_SIZE, read_file};
use phaselint::report::{visible_json, visible_lines};
use phaselint::resolve::CardKind;
use phaselint::turn::Scenario;
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExplainFormat {
    /// Sentences, rules, caveats and a strip of the turn for each phrase.
    Text,
    /// A JSON array of findings in the shape of TIMING-MODEL.md.
    Json,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
    pub format: ExplainFormat,

    /// Turn changes to apply, comma-separated, in order: no-attackers, first-strike,
    /// extra-combat, extra-upkeep, skip-combat, extra-turn, opponents-turn, skip-untap,
    /// skip-draw, extra-end, repeat-cleanup.
    #[arg(long, value_delimiter = ',', value_name = "LIST")]
    pub scenario: Vec<Scenario>,

    /// The edition of the rules to explain in: current, 2009, 2004 or a year from 2004 on (2019).
    /// Its names of phases and steps, its rule numbers, its templates and its turn facts (mana
    /// burn, combat damage on the stack).
    #[arg(long, value_name = "EDITION", default_value_t = Edition::Current)]
    pub rules: Edition,

    /// Compare each phrase under --rules with this edition: names, numbers, wording and meaning,
    /// side by side (text only).
    #[arg(long, value_name = "EDITION")]
    pub compare: Option<Edition>,

    /// The card's name: in the text, the name and its short name before the comma ("Azun" of
    /// "Azun, Sheriff of Daisite") are the card itself, as "this creature" is.
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,

    /// The card's type line ("Instant", "Legendary Creature — Elf"): a keyword that is another
    /// ability on a permanent than on an instant or sorcery (ascend, 702.131) is read as the
    /// card's. Without it, both rules are cited.
    #[arg(long = "type", value_name = "TYPE")]
    pub type_line: Option<String>,

    /// Read the text from a file instead of the arguments.
    #[arg(long, value_name = "PATH", conflicts_with = "text")]
    pub file: Option<PathBuf>,

    /// A phrase or a whole card text; several arguments are joined with spaces.
    #[arg(value_name = "TEXT", required_unless_present = "file")]
    pub text: Vec<String>,
}

/// Runs `explain`: the output to print, or an error message, and the outcome.
pub fn run(args: &ExplainArgs) -> (Result<String, String>, Outcome) {
    let text = match &args.file {
        Some(path) => match read_text(path) {
            Ok(text) => text,
            Err(message) => return (Err(message), Outcome::Failed),
        },
        None => args.text.join(" "),
    };
    let name = args
        .name
        .as_deref()
        .map_or_else(CardName::none, CardName::new);
    let card = CardKind::of_type_line(args.type_line.as_deref());
    // The JSON form holds the findings alone: no sentence or placement is made for it.
    if args.format == ExplainFormat::Json {
        if args.compare.is_some() {
            return (
                Err("--compare has no JSON form: use --format text".to_string()),
                Outcome::Failed,
            );
        }
        let (findings, errors) = findings_named(&text, args.rules, &name, card);
        let findings: Vec<_> = findings.iter().collect();
        let output = findings_json_in(&findings, args.rules)
            .map(|json| visible_json(json + "\n"))
            .map_err(|error| format!("could not write JSON: {error}"));
        let outcome = if output.is_ok() && errors.is_empty() {
            Outcome::Clean
        } else {
            Outcome::Failed
        };
        return (output, outcome);
    }
    let explanation = explain_named(&text, &args.scenario, args.rules, &name, card);
    // The text explained is a stranger's (`--file`): what acts on a terminal is shown, as `check`
    // shows it.
    let output = match args.compare {
        Some(other) => visible_lines(&render_comparison(&text, args.rules, other)).into_owned(),
        None => visible_lines(&render_text(&explanation)).into_owned(),
    };
    let outcome = if explanation.errors.is_empty() {
        Outcome::Clean
    } else {
        Outcome::Failed
    };
    (Ok(output), outcome)
}

/// Reads the text of `--file`; a problem names its line and column.
fn read_text(path: &std::path::Path) -> Result<String, String> {
    read_file(path, DEFAULT_MAX_FILE_SIZE).map_err(|error| {
        let (line, column) = error.line_column();
        format!(
            "{}:{line}:{column}: {}; the file was not read",
            phaselint::file_name::shown(path),
            error.message
        )
    })
}
