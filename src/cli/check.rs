//! `phaselint check [OPTIONS] PATH...`: lint card files, databases and design repositories.

use super::format::FormatArg;
use super::outcome::Outcome;
use super::progress::Progress;
use clap::Args;
use phaselint::check::{
    CheckOptions, Checked, CheckedFile, FixMode, InputsSeen, check_paths, counted,
};
use phaselint::edition::Edition;
use phaselint::read::DEFAULT_MAX_FILE_SIZE;
use phaselint::report::{self, Format, HumanStyle, Summary};
use phaselint::rules;
use phaselint::selection::RuleSelection;
use phaselint::source::ReadOptions;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files or directories to check; `-` reads standard input. With none, the current directory.
    #[arg(value_name = "PATH", default_value = ".")]
    pub paths: Vec<PathBuf>,

    /// Output format (`--output-format`, as ruff spells it, is the same option).
    #[arg(long, visible_alias = "output-format", default_value = "human", value_parser = FormatArg::parser())]
    pub format: Format,

    /// Use this config file for every file, instead of the phaselint.toml found upward from each.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Skip files matching this glob (relative to the current directory); may be repeated.
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,

    /// MTGJSON: check each card's `originalText` (its printed wording) instead of `text`.
    #[arg(long)]
    pub original: bool,

    /// The edition of the rules the cards are written in: current, 2009, 2004 or a year from
    /// 2004 on (2019). The templates printed that year ("at end of turn", "Activate this ability
    /// only") are no obsolete wording. Overrides the config's `edition`.
    #[arg(long, value_name = "EDITION")]
    pub rules: Option<Edition>,

    /// Apply safe fixes to the card files read: YAML, text, JSON Lines, Cockatrice XML, Magic Set
    /// Editor sets, CSV, TSV and Forge scripts (JSON databases with --fix-json). With `-`, print
    /// the fixed standard input on stdout, and the report on stderr.
    #[arg(long)]
    pub fix: bool,

    /// With --fix or --diff, apply unsafe fixes too.
    #[arg(long)]
    pub unsafe_fixes: bool,

    /// Also fix MTGJSON and Scryfall JSON databases.
    #[arg(long)]
    pub fix_json: bool,

    /// Print the changes fixes would make, as a unified diff, and write nothing; exit 1 when there
    /// is one (as ruff's --diff), 0 when there is none.
    #[arg(long, conflicts_with = "fix")]
    pub diff: bool,

    /// Exit with 1 when there are warnings, not only errors.
    #[arg(long)]
    pub deny_warnings: bool,

    /// Exit with 0 even when problems are found, an unreadable or malformed file among them (2
    /// still means a usage or config problem, or a run that could check nothing).
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

    /// Print how many times each rule fired instead of the findings (a JSON array with
    /// `--format json`: code, name, count, fixable); only with the human, short and json formats.
    #[arg(long, conflicts_with = "diff")]
    pub statistics: bool,

    /// Write the report to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub output_file: Option<PathBuf>,

    /// Print the findings and nothing else: no summary line.
    #[arg(long, short)]
    pub quiet: bool,

    /// The path that standard input (`-`) stands for: its name in the report, its format, its
    /// config and the ignores that match it.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,

    /// Files (and standard input) larger than this are not read: a number of bytes, or with a
    /// K, M or G suffix (binary units). A card file of 1 MiB or more is mapped, not copied, when
    /// the run writes no file: one cut short during the run ends it with SIGBUS.
    #[arg(long, value_name = "SIZE", default_value_t = ByteSize(DEFAULT_MAX_FILE_SIZE))]
    pub max_file_size: ByteSize,

    /// Colour in the human report: `auto` (on a terminal, unless NO_COLOR is set; FORCE_COLOR
    /// turns it on anywhere), `always` or `never`. Piped, the report is drawn the same, without
    /// colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// The human report as plain sentences, one fact to a line, for screen readers (also when
    /// NO_GRAPHICS is set, as miette reads it): no box drawing.
    #[arg(long)]
    pub narrate: bool,

    /// Print the settings that govern each PATH (its phaselint.toml or the defaults, every
    /// rule's level there, the edition, the ignores, files and fields) and check nothing.
    #[arg(long, conflicts_with_all = ["fix", "diff", "statistics"])]
    pub show_settings: bool,

    /// Print the files a check of the PATHs takes, one a line, and each file or directory it
    /// leaves out with the reason; check nothing.
    #[arg(long, conflicts_with_all = ["fix", "diff", "statistics", "show_settings"])]
    pub show_files: bool,

    /// Silence every finding as it is, to adopt phaselint on an old set: a `# phaselint:
    /// allow(...)` comment above each YAML card with findings, and `[[ignore]]` entries in the
    /// config for the rest; the findings it leaves are counted, with why.
    #[arg(long, conflicts_with_all = ["fix", "diff", "statistics", "show_settings", "show_files"])]
    pub add_allow: bool,
}

/// What clap cannot refuse by itself, for it to refuse as it refuses two conflicting flags (a
/// usage error, exit 2): `--statistics` is a text table or, with `--format json`, a JSON array,
/// and no format of a CI system (SARIF, JUnit, annotations) can hold it.
pub fn conflict(args: &CheckArgs) -> Option<String> {
    let counts = matches!(args.format, Format::Human | Format::Short | Format::Json);
    (args.statistics && !counts).then(|| {
        format!(
            "the argument '--statistics' cannot be used with '--format {}'",
            args.format.name()
        )
    })
}

/// The library's options for these arguments.
pub fn options(args: &CheckArgs) -> Result<CheckOptions, String> {
    Ok(CheckOptions {
        read: ReadOptions {
            original: args.original,
            ..ReadOptions::default()
        },
        fix: if args.fix {
            FixMode::Apply
        } else if args.diff {
            FixMode::Diff
        } else {
            FixMode::Report
        },
        unsafe_fixes: args.unsafe_fixes,
        fix_json: args.fix_json,
        config: args.config.clone(),
        exclude: args.exclude.clone(),
        selection: RuleSelection::new(&args.select, &args.extend_select, &args.ignore)?,
        stdin_filename: args.stdin_filename.clone(),
        max_file_size: args.max_file_size.0,
        edition: args.rules,
        // Only a run that writes no card file maps one.
        map_large_files: !args.fix && !args.add_allow,
    })
}

/// Runs `check`: the report to print and the outcome.
pub fn run(args: &CheckArgs) -> (Result<Vec<u8>, String>, Outcome) {
    let text = |(output, outcome): (Result<String, String>, Outcome)| {
        (output.map(String::into_bytes), outcome)
    };
    if args.show_settings {
        return text(super::show::settings(
            &args.paths,
            options(args),
            args.format,
        ));
    }
    if args.show_files {
        return text(super::show::files(&args.paths, options(args)));
    }
    if args.add_allow {
        return text(super::add_allow::run(&args.paths, options(args)));
    }
    let checked = options(args).and_then(|options| {
        let progress = Progress::start(args.quiet);
        let checked = check_paths(&args.paths, &options, &|file| progress.file_done(file));
        progress.finish();
        checked
    });
    let Checked {
        files,
        diffs,
        stdin,
        skipped,
    } = match checked {
        Ok(checked) => checked,
        Err(message) => return (Err(message), Outcome::Failed),
    };
    let inputs = InputsSeen::of(&files);
    let summary = Summary {
        skipped,
        ..Summary::counting_fixes_in(&files, |file| file.rewritable)
    };
    // As ruff: with --diff, pending changes fail the run.
    let pending = !diffs.is_empty();
    let output = if args.diff {
        if !args.quiet {
            tell_diff_outcome(args, &summary, pending);
        }
        // Bytes: a file read as Windows-1252 is diffed in its own encoding.
        diffs
    } else if args.statistics {
        let rows = report::rule_counts(&files);
        match args.format {
            Format::Json => report::statistics_json(&rows),
            _ => report::statistics_text(&rows),
        }
        .into_bytes()
    } else if args.quiet && matches!(args.format, Format::Human | Format::Short) {
        // Both end with the summary line; the findings before it are kept as they are.
        let output = render(args, &files, &summary);
        let summary = format!("{summary}\n");
        match output.strip_suffix(summary.as_str()) {
            Some(findings) => findings.to_string(),
            None => output,
        }
        .into_bytes()
    } else {
        render(args, &files, &summary).into_bytes()
    };
    // The process ends after the report: the files' texts are left to it rather than freed,
    // which for a large database returns its pages to the system one by one (20 MB: 2 ms, after
    // the work).
    std::mem::forget(files);
    let problems = pending || summary.errors > 0 || (args.deny_warnings && summary.warnings > 0);
    let outcome = Outcome::of(inputs, problems, args.exit_zero);
    let report = match &args.output_file {
        Some(path) => match phaselint::write::write_new(path, &output) {
            Ok(()) => Vec::new(),
            Err(message) => {
                let path = phaselint::file_name::shown(path);
                return (
                    Err(format!("could not write {path}: {message}")),
                    Outcome::Failed,
                );
            }
        },
        None => output,
    };
    if !fixes_stdin(args) {
        return (Ok(report), outcome);
    }
    // As ruff: stdout is the fixed text alone, for the editor that piped it in; a closed stderr
    // leaves nothing to report to.
    let _ = std::io::stderr().write_all(&report);
    (Ok(stdin.unwrap_or_default().into_bytes()), outcome)
}

/// `--fix -`: standard input is fixed, and stdout is its text, the report going to stderr.
fn fixes_stdin(args: &CheckArgs) -> bool {
    args.fix && args.paths.iter().any(|path| path.as_os_str() == "-")
}

/// A size in bytes, given as `1048576`, `1024K`, `1M` or `1G` (powers of 1024).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByteSize(pub u64);

impl std::str::FromStr for ByteSize {
    type Err = String;

    fn from_str(text: &str) -> Result<ByteSize, String> {
        let (digits, shift) = match text.char_indices().last() {
            Some((at, 'k' | 'K')) => (&text[..at], 10),
            Some((at, 'm' | 'M')) => (&text[..at], 20),
            Some((at, 'g' | 'G')) => (&text[..at], 30),
            _ => (text, 0),
        };
        digits
            .parse::<u64>()
            .ok()
            .and_then(|number| number.checked_mul(1 << shift))
            .map(ByteSize)
            .ok_or_else(|| {
                format!("`{text}` is not a size: give bytes, or a number with K, M or G")
            })
    }
}

impl std::fmt::Display for ByteSize {
    /// In the largest unit that divides it: `1G`, `1536K`, `100`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let unit = [(30, 'G'), (20, 'M'), (10, 'K')]
            .into_iter()
            .find(|(shift, _)| self.0 != 0 && self.0 % (1u64 << shift) == 0);
        match unit {
            Some((shift, suffix)) => write!(f, "{}{suffix}", self.0 >> shift),
            None => write!(f, "{}", self.0),
        }
    }
}

/// On stderr after `--diff`'s patch, as ruff says "Would fix": whether it holds a change, and
/// that a pending change fails the run (unless `--exit-zero`; errors fail it either way).
fn tell_diff_outcome(args: &CheckArgs, summary: &Summary, pending: bool) {
    let unsafe_fixes = if args.unsafe_fixes {
        summary.unsafe_fixable
    } else {
        0
    };
    let fixes = counted(summary.fixable + unsafe_fixes, "fix", "fixes");
    let message = match (pending, args.exit_zero) {
        (true, false) => {
            format!(
                "would apply {fixes}: a change to make fails a --diff run (exit 1; --fix makes it)"
            )
        }
        (true, true) => format!("would apply {fixes} (--fix makes them)"),
        (false, _) => "no change to make".to_string(),
    };
    let _ = writeln!(std::io::stderr(), "{message}");
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
    // The report is drawn for the stream it goes to: stderr under `--fix -`.
    let (terminal, size) = if fixes_stdin(args) {
        let stderr = std::io::stderr();
        (
            stderr.is_terminal(),
            terminal_size::terminal_size_of(stderr),
        )
    } else {
        let stdout = std::io::stdout();
        (
            stdout.is_terminal(),
            terminal_size::terminal_size_of(stdout),
        )
    };
    // The same report on a terminal and piped, as ruff's and rustc's: only the colour differs.
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => !set("NO_COLOR") && (terminal || set("FORCE_COLOR")),
    };
    let style = HumanStyle {
        // As miette reads it: NO_GRAPHICS set to anything but "0" asks for the narrated form.
        graphical: !(args.narrate
            || std::env::var_os("NO_GRAPHICS")
                .is_some_and(|value| !value.is_empty() && value != "0")),
        color,
        width: report::wrap_width(
            std::env::var("COLUMNS").ok().as_deref(),
            size.map(|(width, _)| width.0.into()),
        ),
    };
    report::render(args.format, files, rules::registry(), &style, summary)
}

#[cfg(test)]
mod tests {
    use super::ByteSize;

    /// Only a run that writes no card file maps one: `--fix` and `--add-allow` write into the
    /// text they read, which must be a copy no other process can change.
    #[test]
    fn only_a_check_that_writes_nothing_maps_files() {
        use clap::Parser;
        #[derive(Parser)]
        struct Check {
            #[command(flatten)]
            args: super::CheckArgs,
        }
        for (flags, maps) in [
            (&[][..], true),
            (&["--diff"][..], true),
            (&["--fix"][..], false),
            (&["--add-allow"][..], false),
        ] {
            let line = ["check"].iter().chain(flags).chain(&["cards.yaml"]);
            let check = Check::try_parse_from(line).unwrap();
            let options = super::options(&check.args).unwrap();
            assert_eq!(options.map_large_files, maps, "{flags:?}");
        }
    }

    #[test]
    fn sizes_read_and_print_in_binary_units() {
        let size = |text: &str| text.parse::<ByteSize>().map(|size| size.0);
        assert_eq!(size("100"), Ok(100));
        assert_eq!(size("2k"), Ok(2048));
        assert_eq!(size("1M"), Ok(1 << 20));
        assert_eq!(size("1G"), Ok(1 << 30));
        assert!(size("").is_err());
        assert!(size("G").is_err());
        assert!(size("-1").is_err());
        assert!(size("99999999999G").is_err());
        assert_eq!(ByteSize(1 << 30).to_string(), "1G");
        assert_eq!(ByteSize(1536 << 10).to_string(), "1536K");
        assert_eq!(ByteSize(100).to_string(), "100");
        assert_eq!(ByteSize(0).to_string(), "0");
    }
}
