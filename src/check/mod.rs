//! The check pipeline, one for every front end: the CLI's `check`, the language server and the
//! tests. Paths are walked, each file read, its cards checked and, when asked, fixed; what comes
//! out is a [`CheckedFile`] per file for the reporters.
//!
//! Architecture invariant: the pipeline may use every layer below it, and knows nothing of how its
//! results are rendered (`crate::report`) or which front end asked.

mod allow;
mod cache;
mod configs;
pub mod inputs;
mod paths;
mod show;
mod text;

pub use allow::{AddedAllows, Comments, Left, Why, add_allows};
pub use cache::CardCache;
pub use configs::Configs;
pub use paths::check_paths;
pub use show::{WalkedFiles, files_of, settings_of};
pub use text::{check_text, check_text_again, fix_text, threads_for};

use crate::config::ConfigError;
use crate::diagnostic::Diagnostic;
use crate::edition::Edition;
use crate::lint::input_problem;
use crate::read::{DEFAULT_MAX_FILE_SIZE, FileText, ReadError};
use crate::rules::{INVALID_CONFIG, UNREADABLE_FILE};
use crate::selection::RuleSelection;
use crate::source::{self, ReadOptions};
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
    pub source: Arc<FileText>,
    /// Sorted by span start.
    pub diagnostics: Vec<Diagnostic>,
    /// How many cards were read from it.
    pub cards: usize,
    /// How many fixes `--fix` applied to it.
    pub fixed: usize,
    /// The file could not be read whole (I/O error, not UTF-8, malformed YAML or JSON): it is
    /// neither fixed nor looked into further (see [`InputsSeen`] for the exit code).
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
    /// Map card files of [`crate::read::MAP_FROM`] bytes or more instead of copying them
    /// ([`crate::read::FileText`]): for a run that writes no card file. `--fix` reads a copy
    /// whatever this says, and [`add_allows`] sets it off.
    pub map_large_files: bool,
}

/// `1 card`, `2 cards`, `0 cards`: `count` with the noun's singular (`one`) or plural (`many`).
pub fn counted(count: usize, one: &str, many: &str) -> String {
    match count {
        1 => format!("1 {one}"),
        _ => format!("{count} {many}"),
    }
}

impl CheckOptions {
    /// Whether fixing may rewrite a file that read whole, of `format`: not printed wordings
    /// (`--original` is history: reported, never rewritten), and a JSON database only with
    /// `fix_json`. Standard input is rewritten by printing it ([`Checked::stdin`]).
    pub fn may_rewrite(&self, format: source::Format) -> bool {
        !self.read.original && (format != source::Format::Json || self.fix_json)
    }

    /// The configs of the run: `--config` or each path's nearest, with the run's selection and
    /// edition.
    pub(crate) fn configs(&self) -> Configs {
        Configs::new(self.config.as_deref(), self.selection.clone()).with_edition(self.edition)
    }

    /// The path `path` stands for: standard input (`-`) is `--stdin-filename` when given.
    pub(crate) fn stands_for<'p>(&'p self, path: &'p Path) -> &'p Path {
        match (&self.stdin_filename, path.as_os_str() == "-") {
            (Some(name), true) => name,
            _ => path,
        }
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
            map_large_files: false,
        }
    }
}

/// What a run found: every file, and the diffs of [`FixMode::Diff`].
#[derive(Debug, Default)]
pub struct Checked {
    /// Config problems first, then paths that could not be walked, then the files in walk order.
    pub files: Vec<CheckedFile>,
    /// Bytes: a file read as Windows-1252 is diffed in it.
    pub diffs: Vec<u8>,
    /// With [`FixMode::Apply`] and `-` among the paths: standard input's text after its fixes (as
    /// it came when none applies), for the caller to print, as it cannot be written back. `None`
    /// when it could not be read whole (not UTF-8, too large): no part of it is given.
    pub stdin: Option<String>,
    /// Files the walks of directories skipped ([`crate::walk::LeftOut::is_skipped`]): as many as
    /// `--show-files` says are skipped.
    pub skipped: usize,
}

impl CheckedFile {
    /// The text of a file that read whole, to look into further (a set's includes).
    fn cards_text(&self) -> Option<&str> {
        (!self.failed).then_some(self.source.as_str())
    }

    /// Adds an input problem (PL901) at `span`: the file no longer reads whole.
    fn add_input_problem(&mut self, span: std::ops::Range<usize>, message: String) {
        self.diagnostics.push(input_problem(
            &crate::rules::MALFORMED_INPUT,
            span,
            message,
            None,
        ));
        self.diagnostics.sort_by(crate::lint::in_file_order);
        self.failed = true;
    }

    /// Adds `note` (at the level `config` gives its rule), `path` the file it is of.
    fn add_note(&mut self, note: &source::SourceNote, path: &Path, config: &crate::config::Config) {
        self.diagnostics
            .extend(crate::lint::source_note(note, path, config));
        self.diagnostics.sort_by(crate::lint::in_file_order);
    }

    /// A file that holds no card, said in a note (PL802, at the level `config` gives it) at its
    /// start: a zip with no `set` file.
    fn noted(path: &Path, message: String, config: &crate::config::Config) -> CheckedFile {
        let note = source::SourceNote {
            kind: source::NoteKind::NotACardFile,
            span: 0..0,
            message,
            help: Some(
                "a set saved by Magic Set Editor is a zip holding a `set` file; exclude the file (`[files] exclude`) to drop this note"
                    .to_string(),
            ),
        };
        CheckedFile {
            path: crate::file_name::shown(path),
            raw_path: crate::file_name::raw_bytes(path),
            source: Arc::default(),
            diagnostics: crate::lint::source_note(&note, path, config)
                .into_iter()
                .collect(),
            cards: 0,
            fixed: 0,
            failed: false,
            rewritable: false,
        }
    }

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
            source: Arc::new(source.into()),
            diagnostics: vec![input_problem(rule, span, message, None)],
            cards: 0,
            fixed: 0,
            failed: true,
            rewritable: false,
        }
    }
}

/// What the files of a run say of the inputs it was given: the facts its exit code is decided on
/// (by the binary's `Outcome::of`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InputsSeen {
    /// A config could not be read or has an error (PL903).
    pub config_problem: bool,
    /// A directory named on the command line in which no card was read (PL905).
    pub no_card_found: bool,
    /// A path of which nothing was read: missing, not walkable, unreadable, not UTF-8, binary or
    /// too large (PL900 alone on it).
    pub unread: bool,
    /// A file was read: whole, or up to where it does not parse (PL901).
    pub read: bool,
}

impl InputsSeen {
    /// What `files`, a run's [`Checked::files`], say.
    pub fn of(files: &[CheckedFile]) -> InputsSeen {
        let mut seen = InputsSeen::default();
        for file in files {
            let has = |rule: &crate::rules::RuleInfo| {
                file.diagnostics.iter().any(|d| d.code == rule.code)
            };
            if has(&INVALID_CONFIG) {
                seen.config_problem = true;
            } else if has(&crate::rules::NO_CARD_FOUND) {
                seen.no_card_found = true;
            } else if file.unread() {
                seen.unread = true;
            } else {
                seen.read = true;
            }
        }
        seen
    }
}

impl CheckedFile {
    /// Nothing of this path was read ([`unreadable`]): its one diagnostic is PL900. A file whose
    /// fixes could not be written has a PL900 too, but was read: the findings whose fixes those
    /// were are beside it.
    fn unread(&self) -> bool {
        self.failed
            && self.cards == 0
            && !self.diagnostics.is_empty()
            && self
                .diagnostics
                .iter()
                .all(|d| d.code == UNREADABLE_FILE.code)
    }
}

/// A config's problems, reported like a file's so that every format carries them: each of its
/// mistakes at its place.
pub fn config_problem(error: &ConfigError) -> CheckedFile {
    let mut problems = error
        .problems()
        .map(|(span, message)| (span.unwrap_or(0..0), message.to_string()));
    let (span, message) = problems.next().unwrap_or_default();
    let mut file = CheckedFile::problem(
        &error.path,
        error.source_text.clone(),
        &INVALID_CONFIG,
        span,
        message,
    );
    file.diagnostics.extend(
        problems.map(|(span, message)| input_problem(&INVALID_CONFIG, span, message, None)),
    );
    file
}

/// A file that could not be read, with the part that could be (blanked) as its source.
pub fn unreadable(path: &Path, error: &ReadError) -> CheckedFile {
    let mut message = error.message.clone();
    // An option written after `--`, as pre-commit puts a hook's `args` after its entry.
    let option_like = path
        .to_str()
        .is_some_and(|name| name.starts_with('-') && name != "-");
    if option_like && path.symlink_metadata().is_err() {
        message.push_str(
            ": a name that starts with `-` after `--` is a file name; options go before `--` \
             (with pre-commit, in the hook's `entry`, not its `args`)",
        );
    }
    CheckedFile::problem(
        path,
        error.readable.clone(),
        &UNREADABLE_FILE,
        error.at..error.at,
        message,
    )
}
