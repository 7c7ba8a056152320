//! `phaselint check [OPTIONS] PATH...`: lint card files, databases and design repositories.

use super::Outcome;
use crate::check::CheckedFile;
use crate::config::{Config, ConfigError};
use crate::diagnostic::{Applicability, Diagnostic};
use crate::fix;
use crate::lint::{check_card, input_problem};
use crate::parallel;
use crate::report::{self, Format, HumanStyle, Summary};
use crate::rules::{self, INVALID_CONFIG, MALFORMED_INPUT, UNREADABLE_FILE};
use crate::selection::RuleSelection;
use crate::source::{self, Card, ReadOptions};
use crate::walk::walk;
use clap::Args;
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How many times `--fix` re-checks and fixes a file: fixes skipped for overlapping an earlier
/// one get their turn in the next round.
const FIX_ROUNDS: usize = 4;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files or directories to check; `-` reads standard input. With none, the current directory.
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,

    /// Use this config file instead of the phaselint.toml found upward from the first path.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Skip files matching this glob (relative to the current directory); may be repeated.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,

    /// MTGJSON: check each card's `originalText` (its printed wording) instead of `text`.
    #[arg(long)]
    pub original: bool,

    /// Apply safe fixes to YAML, text and JSON Lines files.
    #[arg(long)]
    pub fix: bool,

    /// With --fix or --diff, apply unsafe fixes too.
    #[arg(long)]
    pub unsafe_fixes: bool,

    /// Also fix MTGJSON and Scryfall JSON databases.
    #[arg(long)]
    pub fix_json: bool,

    /// Print the changes fixes would make, as a unified diff, and write nothing.
    #[arg(long, conflicts_with = "fix")]
    pub diff: bool,

    /// Exit with 1 when there are warnings, not only errors.
    #[arg(long)]
    pub deny_warnings: bool,

    /// Exit with 0 even when problems are found (2 still means the run itself failed).
    #[arg(long, conflicts_with = "deny_warnings")]
    pub exit_zero: bool,

    /// Report only these rules: codes (PL101), names, code prefixes (PL1) or ALL; comma-separated
    /// or repeated.
    #[arg(long, value_name = "RULE", value_delimiter = ',')]
    pub select: Vec<String>,

    /// Report these rules besides those of --select.
    #[arg(long, value_name = "RULE", value_delimiter = ',')]
    pub extend_select: Vec<String>,

    /// Do not report these rules.
    #[arg(long, value_name = "RULE", value_delimiter = ',')]
    pub ignore: Vec<String>,

    /// Print how many times each rule fired instead of the findings.
    #[arg(long, conflicts_with = "diff")]
    pub statistics: bool,

    /// Write the report to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub output_file: Option<PathBuf>,

    /// Print the findings and nothing else: no summary line.
    #[arg(long, short)]
    pub quiet: bool,

    /// Colour in the human report: `auto` (on a terminal, unless NO_COLOR is set; FORCE_COLOR
    /// turns it on anywhere), `always` or `never`.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// What a `check` run found: every file, and the diffs of `--diff`.
#[derive(Debug, Default)]
pub struct Checked {
    pub files: Vec<CheckedFile>,
    pub diffs: String,
}

/// Checks (and with --fix, fixes) the paths of `args`. A config problem is reported as a checked
/// file of its own; the error is a usage problem (a bad `--exclude` glob).
pub fn check(args: &CheckArgs) -> Result<Checked, String> {
    let selection = RuleSelection::new(&args.select, &args.extend_select, &args.ignore)?;
    let config = match load_config(args.config.as_ref(), &args.paths) {
        Ok(mut config) => {
            config.selection = selection;
            config
        }
        Err(error) => {
            return Ok(Checked {
                files: vec![config_problem(&error)],
                ..Checked::default()
            });
        }
    };
    let walked = walk(&args.paths, &args.exclude, &config)?;
    let mut checked = Checked {
        files: walked
            .errors
            .iter()
            .map(|(path, message)| unreadable(path, Arc::default(), 0, message.clone()))
            .collect(),
        ..Checked::default()
    };
    // Files are checked side by side. With fixes they are checked one at a time: two paths may
    // name one file, and the second must see what the first wrote.
    let threads = if args.fix || args.diff {
        1
    } else {
        parallel::cores()
    };
    // The cores are shared between the files checked at once and each large file's readers.
    let per_file = (parallel::cores() / threads.min(walked.files.len()).max(1)).max(1);
    let files = parallel::map(threads, &walked.files, |path| {
        let mut diff = String::new();
        let file = check_path(path, args, &config, per_file, &mut diff);
        (file, diff)
    });
    for (file, diff) in files {
        checked.files.push(file);
        checked.diffs.push_str(&diff);
    }
    Ok(checked)
}

/// Runs `check`: the report to print and the outcome.
pub fn run(args: &CheckArgs) -> (Result<String, String>, Outcome) {
    let Checked { files, diffs } = match check(args) {
        Ok(checked) => checked,
        Err(message) => return (Err(message), Outcome::Failed),
    };
    let failed = files.iter().any(|file| file.failed);
    let summary = summary(&files, args);
    // As ruff: with --diff, pending changes fail the run.
    let pending = !diffs.is_empty();
    let output = if args.diff {
        diffs
    } else if args.statistics {
        statistics(&files)
    } else if args.quiet && matches!(args.format, Format::Human | Format::Short) {
        // Both end with the summary line; the findings before it are kept as they are.
        let output = render(args, &files, &summary);
        let summary = format!("{summary}\n");
        match output.strip_suffix(summary.as_str()) {
            Some(findings) => findings.to_string(),
            None => output,
        }
    } else {
        render(args, &files, &summary)
    };
    let outcome = if failed {
        Outcome::Failed
    } else if args.exit_zero {
        Outcome::Clean
    } else if pending || summary.errors > 0 || (args.deny_warnings && summary.warnings > 0) {
        Outcome::Problems
    } else {
        Outcome::Clean
    };
    match &args.output_file {
        Some(path) => match std::fs::write(path, &output) {
            Ok(()) => (Ok(String::new()), outcome),
            Err(error) => (
                Err(format!("could not write {}: {error}", path.display())),
                Outcome::Failed,
            ),
        },
        None => (Ok(output), outcome),
    }
}

/// `--statistics`: one line a rule that fired, most frequent first: count, code, name.
fn statistics(files: &[CheckedFile]) -> String {
    let mut counts: std::collections::BTreeMap<(&str, &str), usize> = Default::default();
    for diagnostic in files.iter().flat_map(|file| &file.diagnostics) {
        *counts
            .entry((diagnostic.code, diagnostic.name))
            .or_default() += 1;
    }
    let mut rows: Vec<_> = counts.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let width = rows.first().map_or(1, |(_, count)| count.to_string().len());
    rows.iter()
        .map(|((code, name), count)| format!("{count:>width$}  {code}  {name}\n"))
        .collect()
}

/// `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

fn render(args: &CheckArgs, files: &[CheckedFile], summary: &Summary) -> String {
    let set = |name: &str| std::env::var_os(name).is_some_and(|value| !value.is_empty());
    let terminal = std::io::stdout().is_terminal();
    // Colour forced on draws the graphical report too: a CI log shows it as a terminal would.
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => !set("NO_COLOR") && (terminal || set("FORCE_COLOR")),
    };
    let style = HumanStyle {
        graphical: terminal || color,
        color,
        width: report::wrap_width(
            std::env::var("COLUMNS").ok().as_deref(),
            terminal_size::terminal_size_of(std::io::stdout()).map(|(width, _)| width.0.into()),
        ),
    };
    report::render(args.format, files, rules::registry(), &style, summary)
}

/// The config named with `--config`, or the one found upward from the first path, or defaults.
pub(crate) fn load_config(
    explicit: Option<&PathBuf>,
    paths: &[PathBuf],
) -> Result<Config, ConfigError> {
    let found = match explicit {
        Some(path) => Some(path.clone()),
        None => {
            let start = paths
                .iter()
                .find(|path| path.as_os_str() != "-")
                .cloned()
                .unwrap_or_else(|| PathBuf::from("."));
            let start = std::path::absolute(&start).unwrap_or(start);
            Config::find(&start).map(|found| relative_to_current_dir(&found))
        }
    };
    match found {
        Some(path) => Config::load(&path),
        None => Ok(Config::default_for(
            std::env::current_dir().unwrap_or_default(),
        )),
    }
}

/// A path found by searching (absolute) made relative to the current directory when it is inside
/// it, so that a problem in it is reported under the same kind of path as the checked files.
fn relative_to_current_dir(path: &Path) -> PathBuf {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok())
        .filter(|relative| !relative.as_os_str().is_empty())
        .map_or_else(|| path.to_path_buf(), Path::to_path_buf)
}

/// A config problem, reported like a file problem so that every format carries it.
fn config_problem(error: &ConfigError) -> CheckedFile {
    let span = error.span.clone().unwrap_or(0..0);
    CheckedFile {
        path: error.path.display().to_string(),
        source: Arc::new(error.source_text.clone()),
        diagnostics: vec![input_problem(
            &INVALID_CONFIG,
            span,
            error.message.clone(),
            None,
        )],
        cards: 0,
        fixed: 0,
        failed: true,
    }
}

/// A file that could not be read; `source` is the part that could be.
fn unreadable(path: &Path, source: Arc<String>, at: usize, message: String) -> CheckedFile {
    CheckedFile {
        path: display(path),
        source,
        diagnostics: vec![input_problem(&UNREADABLE_FILE, at..at, message, None)],
        cards: 0,
        fixed: 0,
        failed: true,
    }
}

fn display(path: &Path) -> String {
    path.display().to_string()
}

/// Reads, checks and (with --fix or --diff) fixes one file.
fn check_path(
    path: &Path,
    args: &CheckArgs,
    config: &Config,
    threads: usize,
    diffs: &mut String,
) -> CheckedFile {
    let text = match read_text(path) {
        Ok(text) => text,
        Err(unreadable) => return *unreadable,
    };
    let format = format_of(path, &text);
    let options = ReadOptions {
        original: args.original,
    };
    let checked = check_text(path, text, format, &options, config, threads);
    if (args.fix || args.diff) && fixable(&checked, format, args) {
        let min = if args.unsafe_fixes {
            Applicability::Unsafe
        } else {
            Applicability::Safe
        };
        let mut fixed = checked.clone();
        let mut fixes = 0;
        for _ in 0..FIX_ROUNDS {
            let applied = fix::apply(&fixed.source, &fixed.diagnostics, min);
            if applied.applied == 0 || applied.text == *fixed.source {
                break;
            }
            fixes += applied.applied;
            fixed = check_text(path, applied.text, format, &options, config, threads);
        }
        if fixed.source != checked.source {
            if args.diff {
                diffs.push_str(&fix::unified_diff(
                    &display(path),
                    &checked.source,
                    &fixed.source,
                ));
                // The report is of the file as it is on disk: the first check.
                return checked;
            }
            fixed.fixed = fixes;
            if let Err(error) = fix::write_atomically(path, &fixed.source) {
                fixed.diagnostics.push(input_problem(
                    &UNREADABLE_FILE,
                    0..0,
                    format!(
                        "could not write the fixes: {}",
                        crate::config::io_message(&error)
                    ),
                    None,
                ));
                fixed.failed = true;
            }
            return fixed;
        }
    }
    checked
}

/// The format of a file's text: by its extension, else by its content.
fn format_of(path: &Path, text: &str) -> source::Format {
    source::format_from_extension(path).unwrap_or_else(|| source::sniff_format(text))
}

/// The counts of a run, fixable findings counted only in the files `--fix` may rewrite.
pub fn summary(files: &[CheckedFile], args: &CheckArgs) -> Summary {
    Summary::counting_fixes_in(files, |file| {
        fixable(file, format_of(Path::new(&file.path), &file.source), args)
    })
}

/// Whether `--fix` (and `--diff`) may rewrite a checked file of `format` with these flags: a file
/// read whole, not standard input, not printed wordings (`--original`: history, reported but
/// never rewritten), and a JSON database only with `--fix-json`.
fn fixable(file: &CheckedFile, format: source::Format, args: &CheckArgs) -> bool {
    !file.failed
        && file.path != "-"
        && !args.original
        && (args.fix_json || format != source::Format::Json)
}

/// Reads a file (or stdin for `-`) as text. A file that cannot be read, is not UTF-8 or holds a
/// NUL byte is an unreadable checked file, with the part that could be read as its source.
pub(crate) fn read_text(path: &Path) -> Result<String, Box<CheckedFile>> {
    let is_stdin = path.as_os_str() == "-";
    let bytes = if is_stdin {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    };
    let bytes = match bytes {
        Ok(bytes) => bytes,
        Err(error) => {
            return Err(Box::new(unreadable(
                path,
                Arc::default(),
                0,
                crate::config::io_message(&error),
            )));
        }
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            let valid = error.utf8_error().valid_up_to();
            let bytes = error.into_bytes();
            let prefix = String::from_utf8_lossy(&bytes[..valid]).into_owned();
            return Err(Box::new(unreadable(
                path,
                Arc::new(prefix),
                valid,
                format!(
                    "not UTF-8 text: byte {valid} (0x{:02x}) is not valid UTF-8",
                    bytes[valid]
                ),
            )));
        }
    };
    // NUL is valid UTF-8 but never in card text (YAML and JSON forbid it): a binary file, as git
    // decides, and not a text card named "\0\0\0".
    if let Some(nul) = text.bytes().position(|byte| byte == 0) {
        return Err(Box::new(unreadable(
            path,
            Arc::new(text[..nul].to_string()),
            nul,
            format!("a binary file: byte {nul} is a NUL byte"),
        )));
    }
    Ok(text)
}

/// Reads the cards of a file's text and checks them.
fn check_text(
    path: &Path,
    text: String,
    format: source::Format,
    options: &ReadOptions,
    config: &Config,
    threads: usize,
) -> CheckedFile {
    // A large file is read on this thread while the other cores check the cards read so far, a
    // batch at a time: a database of hundreds of MB costs its text plus a few batches, never a
    // list of every card. A small one is checked on this thread as it is read.
    let threads = if text.len() < PIPELINE_BYTES {
        0
    } else {
        threads
    };
    let mut cards = 0;
    let (errors, mut diagnostics) = parallel::pipeline(
        threads,
        |send| {
            let mut batch = Vec::with_capacity(BATCH);
            let errors = source::read_each(format, &text, options, &mut |card| {
                cards += 1;
                batch.push(card);
                if batch.len() == BATCH {
                    send(std::mem::replace(&mut batch, Vec::with_capacity(BATCH)));
                }
            });
            send(batch);
            errors
        },
        |batch: Vec<Card>, out: &mut Vec<Diagnostic>| {
            for card in &batch {
                check_card(card, path, config, out);
            }
        },
    );
    diagnostics.extend(errors.iter().map(|error| {
        input_problem(
            &MALFORMED_INPUT,
            error.span.clone(),
            error.message.clone(),
            None,
        )
    }));
    // Stable, and no two cards share a span: the order does not depend on the batches.
    diagnostics.sort_by(|a, b| {
        (a.span.start, a.span.end, a.code).cmp(&(b.span.start, b.span.end, b.code))
    });
    CheckedFile {
        path: display(path),
        failed: !errors.is_empty(),
        source: Arc::from(text),
        diagnostics,
        cards,
        fixed: 0,
    }
}

/// Cards read before they are handed to a checking thread together.
const BATCH: usize = 256;

/// Files smaller than this are read and checked on one thread (with other files beside it).
/// Below it, spawning checking threads costs more than it saves.
const PIPELINE_BYTES: usize = 1 << 20;
