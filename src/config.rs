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

use crate::diagnostic::Severity;
use crate::edition::Edition;
use crate::rules::RuleInfo;
use crate::selection::RuleSelection;
use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::path::{Component, Path, PathBuf};
use toml::Spanned;

/// The name of the config file, searched upward from the checked paths.
pub const FILE_NAME: &str = "phaselint.toml";

/// The level of a rule: its severity, or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Off,
    Note,
    Warning,
    Error,
}

impl Level {
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

    fn parse(text: &str) -> Option<Level> {
        match text {
            "off" => Some(Level::Off),
            "note" => Some(Level::Note),
            "warning" => Some(Level::Warning),
            "error" => Some(Level::Error),
            _ => None,
        }
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
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}",
            crate::file_name::shown(&self.path),
            self.message
        )
    }
}

impl std::error::Error for ConfigError {}

/// Globs from one place, all matched against paths relative to one base directory (see the
/// module docs for the rule).
#[derive(Debug, Clone)]
pub(crate) struct PathGlobs {
    base: PathBuf,
    /// Globs with a `/`: matched against the relative path and its parents.
    whole: GlobSet,
    /// Globs without a `/`: matched against each name in the relative path.
    names: GlobSet,
}

impl PathGlobs {
    /// Compile `globs` against `base`. The error names the glob at fault by its index
    /// (`usize::MAX` when none is).
    pub(crate) fn new<'a>(
        base: &Path,
        globs: impl IntoIterator<Item = &'a str>,
    ) -> Result<PathGlobs, (usize, String)> {
        let mut whole = GlobSetBuilder::new();
        let mut names = GlobSetBuilder::new();
        for (index, text) in globs.into_iter().enumerate() {
            let (anchored, pattern) = normalize_glob(text);
            if pattern.is_empty() {
                return Err((index, "empty glob".to_string()));
            }
            let glob = GlobBuilder::new(pattern)
                .literal_separator(true)
                .build()
                .map_err(|err| (index, format!("invalid glob: {}", err.kind())))?;
            if anchored || pattern.contains('/') {
                whole.add(glob);
            } else {
                names.add(glob);
            }
        }
        // Building the set fails only on regex size limits; no single glob is at fault.
        let build = |set: GlobSetBuilder| {
            set.build()
                .map_err(|err| (usize::MAX, format!("invalid globs: {}", err.kind())))
        };
        Ok(PathGlobs {
            base: absolute(base),
            whole: build(whole)?,
            names: build(names)?,
        })
    }

    /// Globs that match nothing.
    pub(crate) fn empty(base: &Path) -> PathGlobs {
        PathGlobs {
            base: absolute(base),
            whole: GlobSet::empty(),
            names: GlobSet::empty(),
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.whole.is_empty() && self.names.is_empty()
    }

    /// Whether a glob matches `path` or one of its parent directories.
    pub(crate) fn is_match(&self, path: &Path) -> bool {
        if self.is_empty() {
            return false;
        }
        let relative = relative_to(&self.base, path);
        let mut current: &Path = &relative;
        loop {
            let named = current
                .file_name()
                .is_some_and(|name| self.names.is_match(name));
            if named || self.whole.is_match(current) {
                return true;
            }
            match current.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => current = parent,
                _ => return false,
            }
        }
    }
}

/// Strip the anchoring `./` or `/` and a trailing `/` from a glob; say whether it was anchored.
fn normalize_glob(text: &str) -> (bool, &str) {
    let mut pattern = text.trim_end_matches('/');
    let mut anchored = false;
    loop {
        if let Some(rest) = pattern.strip_prefix("./") {
            pattern = rest;
        } else if let Some(rest) = pattern.strip_prefix('/') {
            pattern = rest;
        } else {
            break;
        }
        anchored = true;
    }
    (anchored, pattern)
}

/// `path` made absolute against the current directory, with `..` resolved by its text, without
/// touching the file system; `path` itself when that is not possible.
pub(crate) fn absolute(path: &Path) -> PathBuf {
    let path = if path.as_os_str().is_empty() {
        Path::new(".")
    } else {
        path
    };
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    without_parent_dirs(&absolute)
}

/// `path` with each `..` taking away the name before it: `/a/b/../c` is `/a/c`, as `/a/c` is what
/// a glob of the config under `/a` should see (and `/a/b` is not one of its parents).
fn without_parent_dirs(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => match out.components().next_back() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                // `/..` is `/`.
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(Component::ParentDir),
            },
            other => out.push(other),
        }
    }
    out
}

/// `path` relative to `base` (which is absolute) when it lies inside it, else as given, without
/// `.` components either way.
fn relative_to<'a>(base: &Path, path: &'a Path) -> Cow<'a, Path> {
    if let Ok(inside) = absolute(path).strip_prefix(base) {
        return Cow::Owned(inside.to_path_buf());
    }
    if path.components().any(|c| c == Component::CurDir) {
        return Cow::Owned(
            path.components()
                .filter(|c| *c != Component::CurDir)
                .collect(),
        );
    }
    Cow::Borrowed(path)
}

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

#[derive(Debug, Clone)]
enum Target {
    Path(PathGlobs),
    Card(String),
}

#[derive(Debug, Clone)]
struct Ignore {
    target: Target,
    rules: RuleSet,
}

/// A loaded, validated phaselint.toml, or the defaults when there is none.
#[derive(Debug, Clone)]
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
        }
    }

    /// Read, parse and validate the config file at `path`. It is read as card files are
    /// ([`crate::read::read_file`]: a regular file of UTF-8 text, no link out of the tree), and
    /// at most [`MAX_CONFIG_BYTES`]; otherwise nothing of it is read or shown.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        match crate::read::read_file(path, MAX_CONFIG_BYTES) {
            Ok(text) => Config::parse(path, &text),
            Err(error) => Err(ConfigError {
                path: path.to_path_buf(),
                source_text: String::new(),
                span: None,
                message: format!("cannot read the config file: {}", error.message),
            }),
        }
    }

    /// Parse and validate `text`, the contents of the config file at `path`, against the rule
    /// registry.
    pub fn parse(path: &Path, text: &str) -> Result<Config, ConfigError> {
        Config::parse_with(path, text, crate::rules::lookup)
    }

    /// [`Config::parse`] with the rules looked up by `lookup` (tests use a fake registry).
    fn parse_with(
        path: &Path,
        text: &str,
        lookup: impl Fn(&str) -> Option<&'static RuleInfo>,
    ) -> Result<Config, ConfigError> {
        let error = |span: Option<Range<usize>>, message: String| ConfigError {
            path: path.to_path_buf(),
            source_text: text.to_string(),
            span,
            message,
        };
        let raw: RawConfig =
            toml::from_str(text).map_err(|err| error(err.span(), clean_message(err.message())))?;
        let root = absolute(path.parent().unwrap_or(Path::new("")));
        let edition = match &raw.edition {
            None => Edition::Current,
            Some(value) => Edition::parse(value.get_ref()).ok_or_else(|| {
                error(
                    Some(value.span()),
                    format!(
                        "unknown edition \"{}\", expected \"current\", \"2009\" or \"2004\"",
                        value.get_ref()
                    ),
                )
            })?,
        };
        raw.validate(&root, &lookup)
            .map(|(levels, ignores, include, exclude)| Config {
                root,
                file: Some(path.to_path_buf()),
                levels,
                ignores,
                include,
                exclude,
                selection: RuleSelection::default(),
                edition,
            })
            .map_err(|(span, message)| error(Some(span), message))
    }

    /// The nearest phaselint.toml in `start` (its directory, when `start` is a file) or a parent
    /// of it, up to the file-system root. A relative `start` is taken from the current directory.
    pub fn find(start: &Path) -> Option<PathBuf> {
        let start = absolute(start);
        let dir = if start.is_file() {
            start.parent()?
        } else {
            &start
        };
        dir.ancestors()
            .map(|dir| dir.join(FILE_NAME))
            .find(|candidate| is_config_entry(candidate))
    }

    /// The config of one file on its own, as an editor asks for it: the nearest phaselint.toml
    /// upward from the file's directory, or the defaults rooted there.
    pub fn for_file(file: &Path) -> Result<Config, ConfigError> {
        let dir = absolute(file.parent().unwrap_or(Path::new("")));
        match Config::find(&dir) {
            Some(found) => Config::load(&found),
            None => Ok(Config::default_for(dir)),
        }
    }

    /// The level of `rule` for a diagnostic in `path` about `card`: off when an ignore entry
    /// matches the path or the card (names compare exactly), else the level in `[rules]`, else
    /// the rule's default.
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
        self.levels
            .get(rule.code)
            .copied()
            .unwrap_or(Level::from(rule.level))
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

/// A config larger than this is not read: configs are a few lines.
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// Whether `path` is where a config is: anything named `phaselint.toml`, so that a directory, a
/// FIFO or a broken link of that name is reported rather than passed over in silence.
pub fn is_config_entry(path: &Path) -> bool {
    path.symlink_metadata().is_ok()
}

/// The text of an I/O error, lower-case, without the OS error number: std writes one as
/// "File name too long (os error 36)", and the number means nothing to a reader.
pub fn io_message(err: &std::io::Error) -> String {
    match err.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => clean_message(&without_os_error_number(&err.to_string())),
    }
}

/// `message` without its " (os error N)" (wherever a wrapping error put it).
fn without_os_error_number(message: &str) -> String {
    const OPEN: &str = " (os error ";
    let mut out = String::new();
    let mut rest = message;
    while let Some(at) = rest.find(OPEN) {
        let after = &rest[at + OPEN.len()..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        out.push_str(&rest[..at]);
        match after[digits..].strip_prefix(')') {
            Some(tail) if digits > 0 => rest = tail,
            _ => {
                out.push_str(OPEN);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A message from a library, in our convention: lower-case start, no trailing period.
fn clean_message(message: &str) -> String {
    let message = message.trim().trim_end_matches('.');
    let mut chars = message.chars();
    match chars.next() {
        // Keep acronyms ("TOML") as they are.
        Some(first) if !chars.next().is_some_and(char::is_uppercase) => first
            .to_lowercase()
            .chain(message[first.len_utf8()..].chars())
            .collect(),
        _ => message.to_string(),
    }
}

/// The file as written, before validation.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    #[serde(default)]
    rules: BTreeMap<Spanned<String>, Spanned<String>>,
    #[serde(default)]
    ignore: Vec<Spanned<RawIgnore>>,
    #[serde(default)]
    files: RawFiles,
    /// The edition of the rules the cards are written in: "current", "2009" or "2004".
    edition: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawIgnore {
    path: Option<Spanned<String>>,
    card: Option<Spanned<String>>,
    rules: Spanned<Vec<Spanned<String>>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawFiles {
    #[serde(default)]
    include: Vec<Spanned<String>>,
    #[serde(default)]
    exclude: Vec<Spanned<String>>,
}

type Invalid = (Range<usize>, String);
type Validated = (
    BTreeMap<&'static str, Level>,
    Vec<Ignore>,
    PathGlobs,
    PathGlobs,
);

impl RawConfig {
    /// Check every name, level and glob; the first error in file order wins.
    fn validate(
        self,
        root: &Path,
        lookup: &impl Fn(&str) -> Option<&'static RuleInfo>,
    ) -> Result<Validated, Invalid> {
        // The map is ordered by key text; errors should come in file order.
        let mut rules: Vec<_> = self.rules.into_iter().collect();
        rules.sort_by_key(|(key, _)| key.span().start);
        let mut levels: BTreeMap<&'static str, Level> = BTreeMap::new();
        let mut written: BTreeMap<&'static str, &str> = BTreeMap::new();
        for (key, value) in &rules {
            let rule = configurable(lookup, key)?;
            if let Some(first) = written.get(rule.code) {
                return Err((
                    key.span(),
                    format!(
                        "rule \"{}\" is already configured as \"{first}\"",
                        key.get_ref()
                    ),
                ));
            }
            let level = Level::parse(value.get_ref()).ok_or_else(|| {
                (
                    value.span(),
                    format!(
                        "unknown level \"{}\", expected \"error\", \"warning\", \"note\" or \"off\"",
                        value.get_ref()
                    ),
                )
            })?;
            written.insert(rule.code, key.get_ref());
            levels.insert(rule.code, level);
        }

        let mut ignores = Vec::new();
        for entry in &self.ignore {
            ignores.push(validate_ignore(entry, root, lookup)?);
        }

        let include = globs(root, &self.files.include)?;
        let exclude = globs(root, &self.files.exclude)?;
        Ok((levels, ignores, include, exclude))
    }
}

fn validate_ignore(
    entry: &Spanned<RawIgnore>,
    root: &Path,
    lookup: &impl Fn(&str) -> Option<&'static RuleInfo>,
) -> Result<Ignore, Invalid> {
    let raw = entry.get_ref();
    let target = match (&raw.path, &raw.card) {
        (Some(path), None) => Target::Path(globs(root, std::slice::from_ref(path))?),
        (None, Some(card)) => Target::Card(card.get_ref().clone()),
        (Some(_), Some(card)) => {
            return Err((
                card.span(),
                "an ignore entry takes `path` or `card`, not both".to_string(),
            ));
        }
        (None, None) => {
            return Err((
                entry.span(),
                "an ignore entry needs `path` or `card`".to_string(),
            ));
        }
    };
    if raw.rules.get_ref().is_empty() {
        return Err((
            raw.rules.span(),
            "empty rule list, write [\"all\"] to ignore every rule".to_string(),
        ));
    }
    let mut codes = Vec::new();
    let mut all = false;
    for name in raw.rules.get_ref() {
        if name.get_ref() == "all" {
            all = true;
            continue;
        }
        let rule = configurable(lookup, name)?;
        codes.push(rule.code);
    }
    let rules = if all {
        RuleSet::All
    } else {
        RuleSet::Codes(codes)
    };
    Ok(Ignore { target, rules })
}

/// The rule `name` names, if a config may set its level or ignore it: input problems (PL9xx)
/// always report.
fn configurable(
    lookup: &impl Fn(&str) -> Option<&'static RuleInfo>,
    name: &Spanned<String>,
) -> Result<&'static RuleInfo, Invalid> {
    let rule = lookup(name.get_ref())
        .ok_or_else(|| (name.span(), format!("unknown rule \"{}\"", name.get_ref())))?;
    if crate::rules::is_input_problem(rule) {
        return Err((
            name.span(),
            format!(
                "{} ({}) is an input problem, which always reports: its level cannot be set and it cannot be ignored",
                rule.code, rule.name
            ),
        ));
    }
    Ok(rule)
}

/// Globs of the config, relative to its directory. One with a `..` component can never match:
/// paths are matched relative to the config's directory, below it.
fn globs(root: &Path, texts: &[Spanned<String>]) -> Result<PathGlobs, Invalid> {
    if let Some(outside) = texts
        .iter()
        .find(|text| text.get_ref().split('/').any(|part| part == ".."))
    {
        return Err((
            outside.span(),
            format!(
                "\"{}\" can never match: globs match paths below the config's directory, and `..` leads out of it",
                outside.get_ref()
            ),
        ));
    }
    PathGlobs::new(root, texts.iter().map(|text| text.get_ref().as_str())).map_err(
        |(index, message)| {
            let span = texts.get(index).map(Spanned::span).unwrap_or_default();
            (span, message)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::FixAvailability;

    static OBSOLETE: RuleInfo = RuleInfo {
        code: "PL001",
        name: "obsolete-end-of-turn",
        level: Severity::Warning,
        summary: "test rule",
        docs: "",
        fix: FixAvailability::None,
    };
    static STEP: RuleInfo = RuleInfo {
        code: "PL101",
        name: "obsolete-step-name",
        level: Severity::Error,
        summary: "test rule",
        docs: "",
        fix: FixAvailability::None,
    };

    static INPUT: RuleInfo = RuleInfo {
        code: "PL900",
        name: "unreadable-file",
        level: Severity::Error,
        summary: "test input problem",
        docs: "",
        fix: FixAvailability::None,
    };

    fn fake_lookup(code_or_name: &str) -> Option<&'static RuleInfo> {
        [&OBSOLETE, &STEP, &INPUT]
            .into_iter()
            .find(|rule| rule.code.eq_ignore_ascii_case(code_or_name) || rule.name == code_or_name)
    }

    const ROOT: &str = "/project";

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse_with(&Path::new(ROOT).join(FILE_NAME), text, fake_lookup)
    }

    /// The error's message and the text its span covers.
    fn error(text: &str) -> (String, String) {
        let err = parse(text).expect_err("config should be rejected");
        let span = err.span.clone().expect("error should have a span");
        (err.message, text[span].to_string())
    }

    fn level(config: &Config, rule: &RuleInfo, path: &str, card: Option<&str>) -> Level {
        config.level(rule, Path::new(path), card)
    }

    const EXAMPLE: &str = r#"
# rule levels, by code or by name
[rules]
PL001 = "note"
obsolete-step-name = "off"

[[ignore]]
path = "legacy/**"
rules = ["PL001"]

[[ignore]]
card = "Ancient Relic"
rules = ["all"]

[files]
include = ["**/*.cards"]
exclude = ["drafts/**"]
"#;

    #[test]
    fn the_example_file_is_read() {
        let config = parse(EXAMPLE).unwrap();
        assert_eq!(config.root, Path::new(ROOT));
        assert_eq!(
            level(&config, &OBSOLETE, "/project/a.yaml", None),
            Level::Note
        );
        assert_eq!(level(&config, &STEP, "/project/a.yaml", None), Level::Off);
    }

    #[test]
    fn defaults_are_the_rules_own_levels() {
        let config = Config::default_for(PathBuf::from(ROOT));
        assert_eq!(config.file, None);
        assert_eq!(level(&config, &OBSOLETE, "a.yaml", None), Level::Warning);
        assert_eq!(level(&config, &STEP, "a.yaml", Some("X")), Level::Error);
        assert!(!config.is_included_extra(Path::new("a.cards")));
        assert!(!config.is_excluded(Path::new("a.yaml")));
        assert_eq!(parse("").unwrap().levels, BTreeMap::new());
    }

    #[test]
    fn codes_are_case_insensitive() {
        let config = parse("[rules]\npl101 = \"warning\"\n").unwrap();
        assert_eq!(level(&config, &STEP, "a.yaml", None), Level::Warning);
    }

    #[test]
    fn path_ignores_apply_to_their_rules_only() {
        let config = parse(EXAMPLE).unwrap();
        assert_eq!(
            level(&config, &OBSOLETE, "/project/legacy/old/a.yaml", None),
            Level::Off
        );
        // PL101 is off by [rules] anyway; check the ignore leaves other rules alone.
        let config = parse("[[ignore]]\npath = \"legacy/**\"\nrules = [\"PL101\"]\n").unwrap();
        assert_eq!(
            level(&config, &OBSOLETE, "/project/legacy/a.yaml", None),
            Level::Warning
        );
        assert_eq!(
            level(&config, &STEP, "/project/legacy/a.yaml", None),
            Level::Off
        );
        assert_eq!(
            level(&config, &STEP, "/project/new/a.yaml", None),
            Level::Error
        );
    }

    #[test]
    fn path_ignores_match_absolute_relative_and_outside_paths() {
        let config = parse("[[ignore]]\npath = \"legacy/**\"\nrules = [\"all\"]\n").unwrap();
        // Inside the root: the root prefix is stripped.
        assert_eq!(
            level(&config, &STEP, "/project/legacy/a.yaml", None),
            Level::Off
        );
        assert_eq!(
            level(&config, &STEP, "/project/./legacy/a.yaml", None),
            Level::Off
        );
        // `..` is resolved by the text of the path.
        assert_eq!(
            level(&config, &STEP, "/project/sets/../legacy/a.yaml", None),
            Level::Off
        );
        assert_eq!(
            level(&config, &STEP, "/project/legacy/../sets/a.yaml", None),
            Level::Error
        );
        // Outside the root: matched as given.
        assert_eq!(
            level(&config, &STEP, "/elsewhere/legacy/a.yaml", None),
            Level::Error
        );
        // Relative to the current directory (the crate, not below /project): outside the root, so
        // matched as given, without the `./`.
        assert_eq!(level(&config, &STEP, "./legacy/a.yaml", None), Level::Off);
        assert_eq!(level(&config, &STEP, "legacy/a.yaml", None), Level::Off);
    }

    #[test]
    fn card_ignores_compare_names_exactly() {
        let config = parse(EXAMPLE).unwrap();
        assert_eq!(
            level(&config, &OBSOLETE, "/project/a.yaml", Some("Ancient Relic")),
            Level::Off
        );
        assert_eq!(
            level(&config, &OBSOLETE, "/project/a.yaml", Some("ancient relic")),
            Level::Note
        );
        assert_eq!(
            level(&config, &OBSOLETE, "/project/a.yaml", None),
            Level::Note
        );
    }

    #[test]
    fn files_include_and_exclude() {
        let config = parse(EXAMPLE).unwrap();
        assert!(config.is_included_extra(Path::new("/project/a.cards")));
        assert!(config.is_included_extra(Path::new("/project/sets/x/a.cards")));
        assert!(!config.is_included_extra(Path::new("/project/a.cardsx")));
        assert!(config.is_excluded(Path::new("/project/drafts/a.yaml")));
        assert!(!config.is_excluded(Path::new("/project/sets/drafts/a.yaml")));
        assert!(!config.is_excluded(Path::new("/project/a.yaml")));
    }

    #[test]
    fn glob_matching_rule() {
        let globs = PathGlobs::new(
            Path::new(ROOT),
            ["drafts", "*.json", "/top", "./sets/*.yaml", "old/"],
        )
        .unwrap();
        let matches = |path: &str| globs.is_match(Path::new(path));
        // Names match at any depth, and cover what is inside.
        assert!(matches("/project/drafts"));
        assert!(matches("/project/a/drafts/b/c.yaml"));
        assert!(matches("/project/a/b.json"));
        assert!(matches("/project/a/old/b.yaml"));
        assert!(!matches("/project/a/drafts.yaml"));
        // Anchored globs match from the root only; `*` stops at `/`.
        assert!(matches("/project/top/a.yaml"));
        assert!(!matches("/project/a/top/a.yaml"));
        assert!(matches("/project/sets/a.yaml"));
        assert!(!matches("/project/sets/x/a.yaml"));
        assert!(!matches("/project/x/sets/a.yaml"));
    }

    #[test]
    fn unknown_keys_are_errors_with_their_place() {
        let (message, at) = error("[rule]\nPL001 = \"off\"\n");
        assert!(message.starts_with("unknown field `rule`"), "{message}");
        assert_eq!(at, "rule");

        let (message, at) = error("[[ignore]]\npath = \"a\"\nrule = [\"all\"]\n");
        assert!(message.starts_with("unknown field `rule`"), "{message}");
        assert_eq!(at, "rule");

        let (message, at) = error("[files]\nincludes = []\n");
        assert!(message.starts_with("unknown field `includes`"), "{message}");
        assert_eq!(at, "includes");
    }

    #[test]
    fn syntax_errors_have_a_place() {
        let err = parse("[rules\n").unwrap_err();
        assert!(err.span.is_some());
        assert!(!err.message.ends_with('.'));
        assert!(
            !err.message.starts_with(char::is_uppercase),
            "{}",
            err.message
        );
    }

    #[test]
    fn unknown_rules_are_errors_at_the_key_or_string() {
        assert_eq!(
            error("[rules]\nPL001 = \"off\"\nPL999 = \"off\"\n"),
            ("unknown rule \"PL999\"".to_string(), "PL999".to_string())
        );
        let (message, at) = error("[[ignore]]\ncard = \"X\"\nrules = [\"PL001\", \"nope\"]\n");
        assert_eq!(message, "unknown rule \"nope\"");
        assert_eq!(at, "\"nope\"");
    }

    #[test]
    fn a_rule_configured_twice_is_an_error() {
        let (message, at) = error("[rules]\nPL001 = \"off\"\nobsolete-end-of-turn = \"note\"\n");
        assert_eq!(
            message,
            "rule \"obsolete-end-of-turn\" is already configured as \"PL001\""
        );
        assert_eq!(at, "obsolete-end-of-turn");
    }

    #[test]
    fn bad_levels_are_errors_at_the_value() {
        let (message, at) = error("[rules]\nPL001 = \"warn\"\n");
        assert!(message.starts_with("unknown level \"warn\""), "{message}");
        assert_eq!(at, "\"warn\"");
        let (message, at) = error("[rules]\nPL001 = 1\n");
        assert!(message.contains("string"), "{message}");
        assert_eq!(at, "1");
    }

    #[test]
    fn an_ignore_entry_needs_exactly_one_target() {
        let (message, at) = error("[[ignore]]\nrules = [\"all\"]\n");
        assert_eq!(message, "an ignore entry needs `path` or `card`");
        assert!(at.starts_with("[[ignore]]"), "{at}");
        let (message, at) = error("[[ignore]]\npath = \"a\"\ncard = \"B\"\nrules = [\"all\"]\n");
        assert_eq!(message, "an ignore entry takes `path` or `card`, not both");
        assert_eq!(at, "\"B\"");
        let (message, at) = error("[[ignore]]\npath = \"a\"\nrules = []\n");
        assert!(message.starts_with("empty rule list"), "{message}");
        assert_eq!(at, "[]");
        let (message, _) = error("[[ignore]]\npath = \"a\"\n");
        assert!(message.starts_with("missing field `rules`"), "{message}");
    }

    #[test]
    fn input_problems_cannot_be_configured() {
        let message = "PL900 (unreadable-file) is an input problem, which always reports: its level cannot be set and it cannot be ignored";
        assert_eq!(
            error("[rules]\nPL900 = \"off\"\n"),
            (message.to_string(), "PL900".to_string())
        );
        assert_eq!(
            error("[[ignore]]\npath = \"x/**\"\nrules = [\"unreadable-file\"]\n"),
            (message.to_string(), "\"unreadable-file\"".to_string())
        );
    }

    #[test]
    fn globs_leading_out_of_the_config_directory_are_errors() {
        for glob in ["../**", "sets/../../x", ".."] {
            let (message, at) = error(&format!("[files]\nexclude = [\"{glob}\"]\n"));
            assert!(message.ends_with("`..` leads out of it"), "{message}");
            assert_eq!(at, format!("\"{glob}\""));
        }
        // `..` inside a name is no parent directory.
        assert!(parse("[files]\nexclude = [\"a..b/**\"]\n").is_ok());
    }

    #[test]
    fn bad_globs_are_errors_at_the_glob() {
        let (message, at) = error("[files]\nexclude = [\"ok/**\", \"a[b\"]\n");
        assert!(message.starts_with("invalid glob"), "{message}");
        assert_eq!(at, "\"a[b\"");
        let (message, at) = error("[[ignore]]\npath = \"\"\nrules = [\"all\"]\n");
        assert_eq!(message, "empty glob");
        assert_eq!(at, "\"\"");
    }

    #[test]
    fn load_reports_a_missing_file() {
        let dir = tempfile::tempdir().unwrap();
        let err = Config::load(&dir.path().join(FILE_NAME)).unwrap_err();
        assert_eq!(err.span, None);
        assert_eq!(
            err.message,
            "cannot read the config file: no such file or directory"
        );
    }

    #[test]
    fn load_sets_the_root_to_the_files_directory() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, "[files]\nexclude = [\"x\"]\n").unwrap();
        let config = Config::load(&path).unwrap();
        assert_eq!(config.root, dir.path());
        assert_eq!(config.file.as_deref(), Some(path.as_path()));
    }

    #[test]
    fn find_searches_upward_from_a_file_or_directory() {
        let dir = tempfile::tempdir().unwrap();
        let deep = dir.path().join("a/b");
        std::fs::create_dir_all(&deep).unwrap();
        let card_file = deep.join("cards.yaml");
        std::fs::write(&card_file, "").unwrap();
        let config = dir.path().join("a").join(FILE_NAME);
        std::fs::write(&config, "").unwrap();
        assert_eq!(Config::find(&deep), Some(config.clone()));
        assert_eq!(Config::find(&card_file), Some(config.clone()));
        assert_eq!(Config::find(&dir.path().join("a")), Some(config));
        // Only real parents count: `a/b/../c` is in `a`, not in `a/b`.
        let b_config = deep.join(FILE_NAME);
        std::fs::create_dir_all(dir.path().join("a/c")).unwrap();
        std::fs::write(&b_config, "").unwrap();
        assert_eq!(
            Config::find(&deep.join("../c")),
            Some(dir.path().join("a").join(FILE_NAME))
        );
        std::fs::remove_file(&b_config).unwrap();
        // A nearer file wins.
        let nearer = deep.join(FILE_NAME);
        std::fs::write(&nearer, "").unwrap();
        assert_eq!(Config::find(&card_file), Some(nearer));
    }

    #[test]
    fn messages_follow_the_convention() {
        assert_eq!(clean_message("Invalid key."), "invalid key");
        assert_eq!(clean_message("TOML parse error"), "TOML parse error");
        assert_eq!(clean_message(""), "");
    }

    #[test]
    fn io_messages_are_words_without_the_os_error_number() {
        // ENAMETOOLONG on Linux: its text was "file name too long (os error 36)".
        let error = std::io::Error::from_raw_os_error(36);
        let message = io_message(&error);
        assert!(!message.contains("os error"), "{message}");
        assert!(message.starts_with(|c: char| c.is_lowercase()), "{message}");
        let wrapped = std::io::Error::other(format!("{error} at path \"x\""));
        assert!(!io_message(&wrapped).contains("os error"));
        assert_eq!(
            without_os_error_number("a (os error x) b (os error 2)"),
            "a (os error x) b"
        );
    }
}
