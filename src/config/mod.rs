//! phaselint.toml: rule levels, per-path and per-card ignores, extra and excluded files, and the
//! edition of the rules the cards are written in (`edition = "2009"`, `crate::edition`).
//!
//! The file is strict: an unknown key, an unknown rule, a bad level or a bad glob is an error that
//! points at its place in the file.
//!
//! ## How globs match paths
//!
//! The same rule holds for every glob, in the config file (`[[ignore]] path`, `[files]`) and on the
//! command line (`--exclude`), and it is the rule of `.gitignore` without negation:
//!
//! - A path is first made relative to the glob's base directory: the config file's directory, or
//!   the current directory for `--exclude`. A relative path is taken as relative to the current
//!   directory; nothing is canonicalized, so symlinks are not resolved, but `..` is, by the text of
//!   the path (`sets/../legacy` is `legacy`). A path outside the base directory is matched as it
//!   was given.
//! - A glob matches a path when it matches the path or one of its parent directories, so
//!   `legacy/old` also covers everything inside `legacy/old/`.
//! - A glob without `/` is matched against single names, at any depth: `drafts`, `*.json`. A glob
//!   with `/` is matched against the whole relative path: `legacy/**`, `sets/*.yaml`; a leading
//!   `/` or `./` only anchors it (`/drafts` is `drafts` at the top only). A trailing `/` is dropped.
//! - `*` and `?` never cross a `/`; `**` does.
//!
//! The module is in three parts: reading and finding the file (`file`), validating what it says
//! (`raw`: the file as written, and its checks), and matching paths against its globs (`globs`).
//! What a validated config says of a path, its levels and ignores, is here.
//!
//! Architecture invariant: the config knows the rules by their `RuleInfo` and the editions by
//! name, and nothing of card text, phrases or reports; it reads its file through [`crate::read`]
//! and judges paths by their text ([`crate::tree`]).

mod file;
mod globs;
mod raw;
mod schema;
mod show;

pub use crate::tree::CONFIG_FILE_NAME as FILE_NAME;
pub use file::{MAX_CONFIG_BYTES, is_config_entry, search_dirs};
pub(crate) use globs::PathGlobs;
pub use schema::json_schema;
pub use show::{FieldNamesOf, IgnoreEntry, RuleLevel, Settings};

use crate::diagnostic::Severity;
use crate::edition::Edition;
use crate::rules::RuleInfo;
use crate::selection::RuleSelection;
use crate::source::FieldNames;
use crate::tree::absolute;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The level of a rule: its severity, or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Off,
    Note,
    Warning,
    Error,
}

impl Level {
    /// Every level, as phaselint.toml may write it.
    pub const ALL: [Level; 4] = [Level::Error, Level::Warning, Level::Note, Level::Off];

    /// The spelling used in phaselint.toml.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Off => "off",
            Level::Note => "note",
            Level::Warning => "warning",
            Level::Error => "error",
        }
    }

    /// The severity a diagnostic at this level gets; `None` for off.
    pub fn severity(self) -> Option<Severity> {
        match self {
            Level::Off => None,
            Level::Note => Some(Severity::Note),
            Level::Warning => Some(Severity::Warning),
            Level::Error => Some(Severity::Error),
        }
    }

    /// Other spellings a config may write: eslint's `"warn"`.
    pub const ALIASES: [(&'static str, Level); 1] = [("warn", Level::Warning)];

    fn parse(text: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .map(|level| (level.as_str(), level))
            .chain(Level::ALIASES)
            .find(|(name, _)| *name == text)
            .map(|(_, level)| level)
    }
}

impl From<Severity> for Level {
    fn from(severity: Severity) -> Level {
        match severity {
            Severity::Note => Level::Note,
            Severity::Warning => Level::Warning,
            Severity::Error => Level::Error,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A config file that could not be read or is not valid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The config file.
    pub path: PathBuf,
    /// Its text, empty when it could not be read.
    pub source_text: String,
    /// The byte range in `source_text` the error is about, when there is one.
    pub span: Option<Range<usize>>,
    /// Starts lower-case, no trailing period.
    pub message: String,
    /// The file's other problems after this one, in file order: a config is checked whole, so
    /// that each of its mistakes is reported in one run.
    pub more: Vec<(Range<usize>, String)>,
}

impl ConfigError {
    /// Every problem: this one, then the others, each with its place where it has one.
    pub fn problems(&self) -> impl Iterator<Item = (Option<Range<usize>>, &str)> {
        std::iter::once((self.span.clone(), self.message.as_str())).chain(
            self.more
                .iter()
                .map(|(span, message)| (Some(span.clone()), message.as_str())),
        )
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}",
            crate::file_name::shown(&self.path),
            self.message
        )?;
        match self.more.len() {
            0 => Ok(()),
            1 => f.write_str(" (and 1 more problem: `phaselint check` shows each at its place)"),
            more => write!(
                f,
                " (and {more} more problems: `phaselint check` shows each at its place)"
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

/// Rules an ignore entry applies to.
#[derive(Debug, Clone, PartialEq, Eq)]
enum RuleSet {
    All,
    /// Rule codes.
    Codes(Vec<&'static str>),
}

impl RuleSet {
    fn contains(&self, rule: &RuleInfo) -> bool {
        match self {
            RuleSet::All => true,
            RuleSet::Codes(codes) => codes.contains(&rule.code),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Target {
    Path(PathGlobs),
    Card(String),
}

#[derive(Debug, Clone, PartialEq)]
struct Ignore {
    target: Target,
    rules: RuleSet,
}

/// The ignore entries of a config that name cards ([`Config::card_ignores`]), found by name: a set
/// adopted with `--add-allow` has one for each card of its files of other formats than YAML.
pub struct CardIgnores<'c> {
    by_name: BTreeMap<&'c str, Vec<&'c RuleSet>>,
}

impl CardIgnores<'_> {
    /// Whether an ignore entry that names `card` turns `rule` off.
    pub fn turn_off(&self, rule: &RuleInfo, card: &str) -> bool {
        self.by_name
            .get(card)
            .is_some_and(|sets| sets.iter().any(|rules| rules.contains(rule)))
    }
}

/// A loaded, validated phaselint.toml, or the defaults when there is none. Two configs are equal
/// when they check every card alike.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// The directory path globs are relative to: the config file's, or the current directory when
    /// there is no file. Absolute when it could be made so.
    pub root: PathBuf,
    /// The file the config was read from; `None` for the defaults.
    pub file: Option<PathBuf>,
    /// Configured levels by rule code.
    levels: BTreeMap<&'static str, Level>,
    ignores: Vec<Ignore>,
    include: PathGlobs,
    exclude: PathGlobs,
    /// The rules the command line selected (`--select`, `--ignore`); every rule by default.
    pub selection: RuleSelection,
    /// The edition of the rules the cards are written in (`edition = "2009"`); `--rules` sets it.
    pub edition: Edition,
    /// The team's own names of card fields in JSON and spreadsheets (`[fields]`).
    pub fields: FieldNames,
}

impl Config {
    /// The configuration with no file: every rule at its default level, nothing ignored.
    pub fn default_for(root: PathBuf) -> Config {
        let root = absolute(&root);
        Config {
            include: PathGlobs::empty(&root),
            exclude: PathGlobs::empty(&root),
            root,
            file: None,
            levels: BTreeMap::new(),
            ignores: Vec::new(),
            selection: RuleSelection::default(),
            edition: Edition::Current,
            fields: FieldNames::default(),
        }
    }

    /// [`Config::level`] in this run: off where the run's selection does not run `rule`.
    pub fn run_level(&self, rule: &RuleInfo, path: &Path, card: Option<&str>) -> Level {
        if !self.selection.runs(rule) {
            return Level::Off;
        }
        self.level(rule, path, card)
    }

    /// The level of `rule` for a diagnostic in `path` about `card`: off when an ignore entry
    /// matches the path or the card (names compare exactly), else the level in `[rules]`, else
    /// the rule's default: its level, or off for a rule off by default that no `--select` names.
    pub fn level(&self, rule: &RuleInfo, path: &Path, card: Option<&str>) -> Level {
        let ignored = self.ignores.iter().any(|ignore| {
            ignore.rules.contains(rule)
                && match &ignore.target {
                    Target::Path(globs) => globs.is_match(path),
                    Target::Card(name) => card == Some(name.as_str()),
                }
        });
        if ignored {
            return Level::Off;
        }
        let default = if rule.on_by_default || self.selection.names(rule) {
            Level::from(rule.level)
        } else {
            Level::Off
        };
        self.levels.get(rule.code).copied().unwrap_or(default)
    }

    /// The ignore entries that name cards, by name: the only way a rule's level differs between
    /// two cards of one file. An entry only turns rules off, so a card's level is its file's
    /// ([`Config::level`] with no card), or off where one of these names the card.
    pub fn card_ignores(&self) -> CardIgnores<'_> {
        let mut by_name: BTreeMap<&str, Vec<&RuleSet>> = BTreeMap::new();
        for ignore in &self.ignores {
            if let Target::Card(name) = &ignore.target {
                by_name.entry(name).or_default().push(&ignore.rules);
            }
        }
        CardIgnores { by_name }
    }

    /// Whether `path` matches a `[files] include` glob: a file to check besides the known
    /// extensions.
    pub fn is_included_extra(&self, path: &Path) -> bool {
        self.include.is_match(path)
    }

    /// Whether `path` matches a `[files] exclude` glob.
    pub fn is_excluded(&self, path: &Path) -> bool {
        self.exclude.is_match(path)
    }
}
