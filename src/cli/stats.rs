//! `phaselint stats [--format text|json] PATH...`: what the grammar makes of a card pool.

use super::outcome::Outcome;
use clap::{Args, ValueEnum};
use phaselint::check::inputs::each_text;
use phaselint::check::{Configs, InputsSeen, threads_for};
use phaselint::parallel;
use phaselint::read::DEFAULT_MAX_FILE_SIZE;
use phaselint::report::{LineIndex, visible, visible_json};
use phaselint::selection::RuleSelection;
use phaselint::source::{self, ReadOptions};
use phaselint::stats::{Report, Stats, Tally};
use phaselint::walk::walk;
use serde::Serialize;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// Counts, coverage and the unknown phrases, for reading.
    Text,
    /// `{"cards", "findings_by_kind", "anchors", "unknown", ...}`.
    Json,
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Files or directories of cards; `-` reads standard input.
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = StatsFormat::Text)]
    pub format: StatsFormat,

    /// MTGJSON: read each card's `originalText` instead of `text`.
    #[arg(long)]
    pub original: bool,

    /// Skip files matching this glob; may be repeated.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,

    /// How many unknown phrases the text format lists (JSON lists them all).
    #[arg(long, default_value_t = 40)]
    pub top: usize,
}

/// Runs `stats`. Files that cannot be read, and cards that do not read, are named on stderr
/// (stdout holds the statistics alone: with `--format json`, one JSON document, which lists them
/// too under `"problems"`) and make the exit code 1; the statistics of the rest are printed. A
/// config problem, or no file read at all, is 2, as in `check` ([`Outcome::of`]).
pub fn run(args: &StatsArgs) -> (Result<String, String>, Outcome) {
    // The configs decide which files a directory holds ([files] include and exclude).
    let configs = Configs::new(None, RuleSelection::default());
    let walked = match walk(&args.paths, &args.exclude, &configs) {
        Ok(walked) => walked,
        Err(message) => return (Err(message), Outcome::Failed),
    };
    let mut inputs = InputsSeen {
        unread: !walked.errors.is_empty(),
        ..InputsSeen::default()
    };
    let mut problems: Vec<String> = walked
        .errors
        .iter()
        .map(|(path, message)| format!("{}: {message}", phaselint::file_name::shown(path)))
        .collect();
    let options = ReadOptions {
        original: args.original,
        ..ReadOptions::default()
    };
    let mut tally = Tally::default();
    for path in &walked.files {
        let options = configs.read_options(path, &options);
        let unreadable = each_text(&walked, path, DEFAULT_MAX_FILE_SIZE, &mut |name, text| {
            inputs.read = true;
            let shown = phaselint::file_name::shown(name);
            let format = source::format_of(name, &text);
            let threads = threads_for(text.len(), parallel::cores());
            let errors = tally.add_text(&text, format, &options, threads);
            let index = LineIndex::new(&text);
            problems.extend(errors.iter().map(|error| {
                let at = index.position(error.span.start);
                format!("{shown}:{}:{}: {}", at.line, at.column, error.message)
            }));
        });
        inputs.unread |= !unreadable.is_empty();
        problems.extend(unreadable.iter().map(|(name, error)| {
            format!("{}: {}", phaselint::file_name::shown(name), error.message)
        }));
    }
    // Configs are read as the files they govern are: every one met is known only now.
    let config_problems = configs.problems();
    inputs.config_problem = !config_problems.is_empty();
    let problems: Vec<String> = config_problems
        .iter()
        .map(ToString::to_string)
        .chain(problems)
        .map(|problem| visible(&problem).into_owned())
        .collect();
    let report = tally.finish();
    let output = match args.format {
        StatsFormat::Text => Ok(render_text(&report, args.top)),
        StatsFormat::Json => serde_json::to_string_pretty(&Json {
            report: &report,
            problems: &problems,
        })
        .map(|json| visible_json(json + "\n"))
        .map_err(|error| format!("could not write JSON: {error}")),
    };
    let mut stderr = std::io::stderr().lock();
    for problem in &problems {
        // A closed stderr leaves nothing to report to.
        let _ = writeln!(stderr, "could not read: {problem}");
    }
    (output, Outcome::of(inputs, !problems.is_empty(), false))
}

/// The JSON document: the statistics, and what could not be read.
#[derive(Serialize)]
struct Json<'a> {
    #[serde(flatten)]
    report: &'a Report,
    /// `path:line:column: message`, or `path: message` for a file not read at all.
    problems: &'a [String],
}

fn render_text(report: &Report, top: usize) -> String {
    let mut out = String::new();
    section(&mut out, "cards", &report.stats, top);
    if let Some(joke) = &report.joke_sets {
        out.push('\n');
        section(&mut out, "joke-set cards, counted apart", joke, top);
    }
    out
}

fn section(out: &mut String, title: &str, stats: &Stats, top: usize) {
    let _ = writeln!(out, "{title}: {}", stats.cards);
    let total: usize = stats.findings_by_kind.values().sum();
    let _ = writeln!(out, "findings: {total}");
    for (kind, count) in &stats.findings_by_kind {
        let _ = writeln!(out, "  {kind:<16} {count:>7}");
    }
    let _ = writeln!(out, "by template:");
    let mut templates: Vec<_> = stats.findings_by_template.iter().collect();
    templates.sort_by(|a, b| b.1.cmp(a.1).then_with(|| a.0.cmp(b.0)));
    for (template, count) in templates {
        let _ = writeln!(out, "  {template:<30} {count:>7}");
    }
    let _ = writeln!(
        out,
        "anchors: {} of {} classified ({:.2}%)",
        stats.anchors.classified,
        stats.anchors.total,
        stats.anchors.share() * 100.0
    );
    if stats.unreadable > 0 {
        let _ = writeln!(out, "unreadable lines: {}", stats.unreadable);
    }
    let unknown: usize = stats.unknown.iter().map(|u| u.count).sum();
    let _ = writeln!(
        out,
        "unknown: {unknown} ({} distinct){}",
        stats.unknown.len(),
        if stats.unknown.len() > top {
            format!(", the {top} most frequent:")
        } else {
            String::new()
        }
    );
    for entry in stats.unknown.iter().take(top) {
        let _ = writeln!(
            out,
            "  {:>5}  {:?}  (e.g. {})",
            entry.count,
            entry.phrase,
            visible(&entry.example)
        );
    }
}
