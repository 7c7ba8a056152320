//! The check pipeline, one for every front end: the CLI's `check`, the language server and the
//! tests. Paths are walked, each file read, its cards checked and, when asked, fixed; what comes
//! out is a [`CheckedFile`] per file for the reporters.

mod configs;
mod text;

pub use configs::Configs;
pub use text::{check_text, fix_text};

use crate::config::ConfigError;
use crate::diagnostic::{Applicability, Diagnostic};
use crate::edition::Edition;
use crate::fix;
use crate::lint::input_problem;
use crate::parallel;
use crate::read::{DEFAULT_MAX_FILE_SIZE, ReadError};
use crate::rules::{INVALID_CONFIG, UNREADABLE_FILE};
use crate::selection::RuleSelection;
use crate::source::{self, ReadOptions};
use crate::walk::{Walked, walk};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A file after checking, ready for the reporters.
#[derive(Debug, Clone)]
pub struct CheckedFile {
    /// The path as the user gave it or as the walk found it, `-` for stdin; a byte of it that is
    /// not UTF-8 is shown as `\xNN` ([`crate::file_name::shown`]).
    pub path: String,
    /// The path's bytes, when they are not UTF-8 and `path` can only show them.
    pub raw_path: Option<Vec<u8>>,
    /// The file's text. For a file that is not UTF-8, the valid part before the first bad byte.
    pub source: Arc<String>,
    /// Sorted by span start.
    pub diagnostics: Vec<Diagnostic>,
    /// How many cards were read from it.
    pub cards: usize,
    /// How many fixes `--fix` applied to it.
    pub fixed: usize,
    /// The file could not be read whole (I/O error, not UTF-8, malformed YAML or JSON): exit 2.
    pub failed: bool,
    /// Fixing may write this file (see [`CheckOptions::may_rewrite`]): its fixable findings count.
    pub rewritable: bool,
}

/// What a run does with the fixes it finds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum FixMode {
    /// Report them.
    #[default]
    Report,
    /// Write them to the files (`--fix`).
    Apply,
    /// Report the files as they are, and the fixes as a unified diff (`--diff`).
    Diff,
}

/// How to check paths: everything the command line says besides the paths and the output.
#[derive(Debug, Clone)]
pub struct CheckOptions {
    pub read: ReadOptions,
    pub fix: FixMode,
    /// Apply (or diff) unsafe fixes too.
    pub unsafe_fixes: bool,
    /// Fix MTGJSON and Scryfall JSON databases too.
    pub fix_json: bool,
    /// The config for every file; `None` finds each file's nearest `phaselint.toml`.
    pub config: Option<PathBuf>,
    /// Globs of files to skip, relative to the current directory.
    pub exclude: Vec<String>,
    pub selection: RuleSelection,
    /// The path standard input stands for: its name in reports, its format, config and ignores.
    pub stdin_filename: Option<PathBuf>,
    /// Files (and standard input) larger than this are not read.
    pub max_file_size: u64,
    /// `--rules`: the edition the text is written in, over the config's `edition` key.
    pub edition: Option<Edition>,
}

impl CheckOptions {
    /// Whether fixing may rewrite a file that read whole, of `format`, from `path`: not standard
    /// input, not printed wordings (`--original` is history: reported, never rewritten), and a
    /// JSON database only with `fix_json`.
    pub fn may_rewrite(&self, path: &Path, format: source::Format) -> bool {
        path.as_os_str() != "-"
            && !self.read.original
            && (format != source::Format::Json || self.fix_json)
    }
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            read: ReadOptions::default(),
            fix: FixMode::default(),
            unsafe_fixes: false,
            fix_json: false,
            config: None,
            exclude: Vec::new(),
            selection: RuleSelection::default(),
            stdin_filename: None,
            max_file_size: DEFAULT_MAX_FILE_SIZE,
            edition: None,
        }
    }
}

/// What a run found: every file, and the diffs of [`FixMode::Diff`].
#[derive(Debug, Default)]
pub struct Checked {
    /// Config problems first, then paths that could not be walked, then the files in walk order.
    pub files: Vec<CheckedFile>,
    pub diffs: String,
}

/// Checks (and fixes, as `options` says) the files under `paths`; `on_file` is called as each
/// file is done, from the checking threads (for a progress bar). A config problem is reported as
/// a checked file of its own, and the files it governs are checked with the defaults; the error
/// is a usage problem (a bad `--exclude` glob).
pub fn check_paths(
    paths: &[PathBuf],
    options: &CheckOptions,
    on_file: &(dyn Fn(&CheckedFile) + Sync),
) -> Result<Checked, String> {
    let configs = Configs::new(options.config.as_deref(), options.selection.clone())
        .with_edition(options.edition);
    let walked = walk(paths, &options.exclude, &configs)?;
    // Each file's config, read here on one thread, once per config file.
    let stands_for = |path: &Path| match (&options.stdin_filename, path.as_os_str() == "-") {
        (Some(name), true) => name.clone(),
        _ => path.to_path_buf(),
    };
    let planned: Vec<_> = walked
        .files
        .iter()
        .map(|path| (path.clone(), configs.for_path(&stands_for(path))))
        .collect();
    let mut checked = Checked {
        files: configs.problems().iter().map(config_problem).collect(),
        ..Checked::default()
    };
    checked.files.extend(
        walked
            .errors
            .iter()
            .map(|(path, message)| unreadable(path, &ReadError::at_start(message.clone()))),
    );
    // Files are checked side by side. With fixes they are checked one at a time: two paths may
    // name one file, and the second must see what the first wrote.
    let threads = if options.fix == FixMode::Report {
        parallel::cores()
    } else {
        1
    };
    // The cores are shared between the files checked at once and each large file's readers.
    let per_file = (parallel::cores() / threads.min(planned.len()).max(1)).max(1);
    let files = parallel::map(threads, &planned, |(path, config)| {
        let mut diff = String::new();
        let file = check_path(
            path,
            &walked,
            &stands_for(path),
            options,
            config,
            per_file,
            &mut diff,
        );
        on_file(&file);
        (file, diff)
    });
    for (file, diff) in files {
        checked.files.push(file);
        checked.diffs.push_str(&diff);
    }
    Ok(checked)
}

/// Reads, checks and (as `options` says) fixes one of the `walked` files; `shown` is the path it
/// stands for.
fn check_path(
    path: &Path,
    walked: &Walked,
    shown: &Path,
    options: &CheckOptions,
    config: &crate::config::Config,
    threads: usize,
    diffs: &mut String,
) -> CheckedFile {
    // From the read to the rename: another run fixing this file waits, then reads what this one
    // wrote, so neither loses the other's fixes.
    let _lock = (options.fix == FixMode::Apply && path.as_os_str() != "-")
        .then(|| crate::write::lock_for_fix(path));
    let text = match walked.read(path, options.max_file_size) {
        Ok(text) => text,
        Err(error) => return unreadable(shown, &error),
    };
    let format = source::format_of(shown, &text);
    let mut checked = text::check_text_on(shown, text, format, &options.read, config, threads);
    checked.rewritable = !checked.failed && options.may_rewrite(path, format);
    if options.fix == FixMode::Report || !checked.rewritable {
        return checked;
    }
    let min = if options.unsafe_fixes {
        Applicability::Unsafe
    } else {
        Applicability::Safe
    };
    let original = checked.source.clone();
    let fixed = text::fix_rounds(
        shown,
        checked.clone(),
        format,
        &options.read,
        config,
        min,
        threads,
    );
    if fixed.source == original {
        return checked;
    }
    if options.fix == FixMode::Diff {
        let name = crate::file_name::bytes(path);
        diffs.push_str(&fix::unified_diff(&name, &original, &fixed.source));
        // The report is of the file as it is on disk: the first check.
        return checked;
    }
    match crate::write::replace_file(path, &original, &fixed.source) {
        Ok(()) => fixed,
        // Nothing was written: the report is of the file as it is, with no fix counted.
        Err(message) => {
            let mut unchanged = checked;
            unchanged.diagnostics.push(input_problem(
                &UNREADABLE_FILE,
                0..0,
                format!("could not write the fixes: {message}; the file was not changed"),
                None,
            ));
            unchanged.failed = true;
            unchanged
        }
    }
}

impl CheckedFile {
    /// A file that could not be checked: one input problem of `rule` at `span` of `source`, the
    /// text that could be read (or shown).
    fn problem(
        path: &Path,
        source: String,
        rule: &'static crate::rules::RuleInfo,
        span: std::ops::Range<usize>,
        message: String,
    ) -> CheckedFile {
        CheckedFile {
            path: crate::file_name::shown(path),
            raw_path: crate::file_name::raw_bytes(path),
            source: Arc::new(source),
            diagnostics: vec![input_problem(rule, span, message, None)],
            cards: 0,
            fixed: 0,
            failed: true,
            rewritable: false,
        }
    }
}

/// A config problem, reported like a file problem so that every format carries it.
pub fn config_problem(error: &ConfigError) -> CheckedFile {
    CheckedFile::problem(
        &error.path,
        error.source_text.clone(),
        &INVALID_CONFIG,
        error.span.clone().unwrap_or(0..0),
        error.message.clone(),
    )
}

/// A file that could not be read, with the part that could be (blanked) as its source.
pub fn unreadable(path: &Path, error: &ReadError) -> CheckedFile {
    CheckedFile::problem(
        path,
        error.readable.clone(),
        &UNREADABLE_FILE,
        error.at..error.at,
        error.message.clone(),
    )
}
