//! `--add-allow`: silencing every finding of a set as it is, to adopt phaselint on an old set
//! (ruff's `--add-noqa`). A YAML card with findings gets one `# phaselint: allow(...)` comment
//! line above it naming all their codes, sorted; a finding that no comment can hold (a card of a
//! format without comments, a note about a whole file) gets an `[[ignore]]` entry in the config
//! that governs its file, or in a new `phaselint.toml` in the current directory when none does.
//! A second run finds nothing to silence and writes nothing. Files are written as `--fix` writes
//! them ([`crate::write`]): atomically, under the same lock, never out of their tree, never a
//! zip; a config is written only when its new text still reads as a valid config.

use super::{CheckOptions, CheckedFile, Configs, FixMode, check_paths};
use crate::config::{Config, FILE_NAME};
use crate::diagnostic::Diagnostic;
use crate::rules::{self, allowed_by_comment};
use crate::source::{self, Format};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// What `--add-allow` wrote, and what it could not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddedAllows {
    /// Each card file written: how many allow comments were added to it, and how many it held
    /// took more names.
    pub comments: Vec<(PathBuf, Comments)>,
    /// Each config written, how many `[[ignore]]` entries it got, and whether it was created.
    pub ignores: Vec<(PathBuf, usize, bool)>,
    /// Files whose findings could not be silenced, and why (lower case).
    pub problems: Vec<(PathBuf, String)>,
}

/// The allow comments written to one card file, by the index of the card each is above: the
/// cards keep their order and indices from round to round, only comment lines come between them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Comments {
    /// Cards that got a new comment line.
    added: BTreeSet<usize>,
    /// Cards whose comment took more names.
    extended: BTreeSet<usize>,
}

impl Comments {
    /// How many comment lines were added, one above each card.
    pub fn added(&self) -> usize {
        self.added.len()
    }

    /// How many comments that were there before the run took more names: one this run added
    /// and a later round extended is counted as added only.
    pub fn extended(&self) -> usize {
        self.extended.difference(&self.added).count()
    }

    /// The comments of another round in the same file.
    fn merge(&mut self, round: Comments) {
        self.added.extend(round.added);
        self.extended.extend(round.extended);
    }
}

/// Checks `paths` as `check` does and silences every finding that an allow comment or an
/// `[[ignore]]` entry can silence (see the module docs). Input problems (PL9xx) are left as
/// they are: a file that was not read whole was not checked whole.
pub fn add_allows(paths: &[PathBuf], options: &CheckOptions) -> Result<AddedAllows, String> {
    let options = round_options(options);
    let mut added = AddedAllows::default();
    // A finding that covered another one hid it (`crate::lint`): silenced, it shows the other,
    // which the next round silences.
    for _ in 0..ROUNDS {
        let round = add_round(paths, &options)?;
        let done = round.comments.is_empty() && round.ignores.is_empty();
        for (path, count) in round.comments {
            match added.comments.iter_mut().find(|(known, _)| *known == path) {
                Some((_, total)) => total.merge(count),
                None => added.comments.push((path, count)),
            }
        }
        for (path, count, created) in round.ignores {
            match added
                .ignores
                .iter_mut()
                .find(|(known, _, _)| *known == path)
            {
                Some((_, total, _)) => *total += count,
                None => added.ignores.push((path, count, created)),
            }
        }
        added.problems.extend(round.problems);
        if done || !added.problems.is_empty() {
            break;
        }
    }
    Ok(added)
}

/// How many times `--add-allow` checks and silences: one finding hides at most one other.
const ROUNDS: usize = 4;

/// The options of each round's check: `options` reporting, never fixing, and reading copies: the
/// allow comments are written into the texts the check read, which no other process may change
/// under them, as it could a mapped file.
fn round_options(options: &CheckOptions) -> CheckOptions {
    CheckOptions {
        fix: FixMode::Report,
        map_large_files: false,
        ..options.clone()
    }
}

/// One check of `paths` and the allows that silence what it found.
fn add_round(paths: &[PathBuf], options: &CheckOptions) -> Result<AddedAllows, String> {
    let checked = check_paths(paths, options, &|_| {})?;
    // Under a broken config its files take the defaults: entries added elsewhere would not
    // govern them, and the config itself cannot take any.
    let broken = checked.files.iter().find(|file| {
        file.diagnostics
            .iter()
            .any(|d| d.code == rules::INVALID_CONFIG.code)
    });
    if let Some(config) = broken {
        return Err(format!(
            "{} is not a valid config (`phaselint check` says why): nothing was written",
            config.path
        ));
    }
    let configs = options.configs();
    let mut added = AddedAllows::default();
    // Entries by config file, in the order of the config files' paths.
    let mut entries: BTreeMap<PathBuf, Vec<String>> = BTreeMap::new();
    for file in &checked.files {
        if file.raw_path.is_some() || file.path == "-" || file.failed {
            continue;
        }
        let path = PathBuf::from(&file.path);
        let format = source::format_of(&path, &file.source);
        let (by_card, whole_file) = if format == Format::Yaml && file.rewritable {
            match comment(file, &path, &configs, options) {
                Ok(Some(count)) => added.comments.push((path.clone(), count)),
                Ok(None) => {}
                Err(message) => added.problems.push((path.clone(), message)),
            }
            (BTreeMap::new(), file_level(file))
        } else {
            by_card_name(file)
        };
        if by_card.is_empty() && whole_file.is_empty() {
            continue;
        }
        let config = configs.for_path(&path);
        let target = match governing_config(&config, &path) {
            Ok(target) => target,
            Err(message) => {
                added.problems.push((path, message));
                continue;
            }
        };
        let base = target.parent().unwrap_or(Path::new(""));
        let list = entries.entry(target.clone()).or_default();
        for (card, codes) in by_card {
            list.push(ignore_entry("card", &card, &codes));
        }
        if !whole_file.is_empty() {
            let absolute = crate::tree::absolute(&path);
            match absolute.strip_prefix(crate::tree::absolute(base)) {
                Ok(relative) => {
                    // Anchored at the config's directory, every glob character taken literally.
                    let glob = format!(
                        "/{}",
                        globset::escape(&relative.to_string_lossy().replace('\\', "/"))
                    );
                    list.push(ignore_entry("path", &glob, &whole_file));
                }
                Err(_) => added.problems.push((
                    path,
                    format!(
                        "it lies outside the directory of {}: no ignore entry by path was written for it",
                        crate::file_name::shown(&target)
                    ),
                )),
            }
        }
    }
    for (config, list) in entries {
        match append_ignores(&config, &list) {
            Ok(created) => added.ignores.push((config, list.len(), created)),
            Err(message) => added.problems.push((config, message)),
        }
    }
    Ok(added)
}

/// Whether a diagnostic is one this adds an allow for: one an allow comment turns off, or the
/// note that a file holds no card (an `[[ignore]]` by path takes it). Not an input problem, nor a
/// note about an allow comment (silencing it would hide a comment that needs mending).
fn to_silence(diagnostic: &Diagnostic) -> bool {
    rules::lookup(diagnostic.code).is_some_and(|rule| {
        rules::allowed_by_comment(rule) || rule.code == rules::NOT_A_CARD_FILE.code
    })
}

/// The codes of the findings of `file` that are about no card: a config entry by path holds them.
fn file_level(file: &CheckedFile) -> BTreeSet<&'static str> {
    file.diagnostics
        .iter()
        .filter(|d| d.card.is_none() && to_silence(d))
        .map(|d| d.code)
        .collect()
}

/// The codes of each named card's findings, and those of the findings about no card (or a card
/// with no name), for a file that takes no comment.
type ByCard = (
    BTreeMap<String, BTreeSet<&'static str>>,
    BTreeSet<&'static str>,
);

fn by_card_name(file: &CheckedFile) -> ByCard {
    let mut by_card: BTreeMap<String, BTreeSet<&'static str>> = BTreeMap::new();
    let mut whole_file = BTreeSet::new();
    for diagnostic in file.diagnostics.iter().filter(|d| to_silence(d)) {
        match &diagnostic.card {
            Some(card) => {
                by_card
                    .entry(card.clone())
                    .or_default()
                    .insert(diagnostic.code);
            }
            None => {
                whole_file.insert(diagnostic.code);
            }
        }
    }
    (by_card, whole_file)
}

/// Writes an allow comment above each card of a YAML file that has findings an allow comment
/// turns off; how many, or `None` when there were none.
fn comment(
    file: &CheckedFile,
    path: &Path,
    configs: &Configs,
    options: &CheckOptions,
) -> Result<Option<Comments>, String> {
    let text = file.source.as_str();
    let read = source::read(
        Format::Yaml,
        text,
        &configs.read_options(path, &options.read),
    );
    let mut cards: Vec<(usize, usize)> = read
        .cards
        .iter()
        .map(|card| (card.span.start, card.span.end))
        .collect();
    cards.sort_unstable();
    // The codes for each card, by the start of its first line.
    let mut lines: BTreeMap<usize, (usize, BTreeSet<&'static str>)> = BTreeMap::new();
    for diagnostic in &file.diagnostics {
        let allowed = rules::lookup(diagnostic.code).is_some_and(allowed_by_comment);
        if !allowed || diagnostic.card.is_none() {
            continue;
        }
        let at = diagnostic.span.start;
        let index = cards.partition_point(|&(start, _)| start <= at);
        let Some(card) = index.checked_sub(1) else {
            continue;
        };
        let Some(&(start, end)) = cards.get(card) else {
            continue;
        };
        if at < end {
            lines
                .entry(line_start(text, start))
                .or_insert_with(|| (card, BTreeSet::new()))
                .1
                .insert(diagnostic.code);
        }
    }
    if lines.is_empty() {
        return Ok(None);
    }
    // The allow comments on a line of their own, by where their line ends: the start of the
    // line below, which a card's comment written there would take.
    let mut above: HashMap<usize, (Range<usize>, Vec<String>)> = HashMap::new();
    for allow in read.cards.iter().flat_map(|card| &card.allows) {
        let (_, names) = above
            .entry(allow.comment.end)
            .or_insert_with(|| (allow.list.clone(), Vec::new()));
        names.push(allow.rule.clone());
    }
    let mut edits = Vec::new();
    let mut count = Comments::default();
    for (&at, (card, codes)) in &lines {
        let codes: Vec<&str> = codes.iter().copied().collect();
        match above.remove(&at) {
            // One comment a card: the allow line written above it (by a run before, or by this
            // run's last round) takes the new codes.
            Some((list, written)) => {
                let new: Vec<&str> = codes
                    .into_iter()
                    .filter(|code| !written.iter().any(|w| w.eq_ignore_ascii_case(code)))
                    .collect();
                if !new.is_empty() {
                    let mut all = written;
                    all.extend(new.into_iter().map(str::to_string));
                    edits.push((list, all.join(", ")));
                    count.extended.insert(*card);
                }
            }
            None => {
                let line = &text[at..];
                let indent = &line[..line.len() - line.trim_start_matches([' ', '\t']).len()];
                let eol = if line.split('\n').next().is_some_and(|l| l.ends_with('\r')) {
                    "\r\n"
                } else {
                    "\n"
                };
                edits.push((
                    at..at,
                    format!("{indent}# phaselint: allow({}){eol}", codes.join(", ")),
                ));
                count.added.insert(*card);
            }
        }
    }
    if edits.is_empty() {
        return Ok(None);
    }
    let mut new = String::with_capacity(text.len() + 40 * edits.len());
    let mut copied = 0;
    for (range, replacement) in &edits {
        new.push_str(&text[copied..range.start]);
        new.push_str(replacement);
        copied = range.end;
    }
    new.push_str(&text[copied..]);
    let _lock = crate::write::lock_for_fix(path);
    crate::write::replace_file(path, text, &new)
        .map_err(|message| format!("could not write the allow comments: {message}"))?;
    Ok(Some(count))
}

/// The start of the line that holds byte `at`, after a byte order mark.
fn line_start(text: &str, at: usize) -> usize {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    if start == 0 && text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        start
    }
}

/// The config file to add entries to for `path`: the one that governs it, or a new
/// `phaselint.toml` in the current directory when the path lies under it.
fn governing_config(config: &Config, path: &Path) -> Result<PathBuf, String> {
    if let Some(file) = &config.file {
        return Ok(file.clone());
    }
    let cwd = std::env::current_dir().map_err(|error| crate::read::io_message(&error))?;
    if crate::tree::absolute(path).starts_with(&cwd) {
        Ok(PathBuf::from(FILE_NAME))
    } else {
        Err(format!(
            "no {FILE_NAME} governs it and it is outside the current directory: no ignore entry was written for it"
        ))
    }
}

/// An `[[ignore]]` entry for `key` (`card` or `path`) = `value` and the codes.
fn ignore_entry(key: &str, value: &str, codes: &BTreeSet<&'static str>) -> String {
    let codes: Vec<String> = codes.iter().map(|code| format!("\"{code}\"")).collect();
    format!(
        "\n[[ignore]]\n{key} = {}\nrules = [{}]\n",
        toml::Value::String(value.to_string()),
        codes.join(", ")
    )
}

/// Appends `entries` to the config at `path` (created when missing); whether it was created.
/// Nothing is written when the new text would not read as a valid config.
fn append_ignores(path: &Path, entries: &[String]) -> Result<bool, String> {
    let _lock = crate::write::lock_for_fix(path);
    let exists = path.symlink_metadata().is_ok();
    let old = if exists {
        crate::read::read_file(path, crate::config::MAX_CONFIG_BYTES)
            .map_err(|error| format!("could not read the config: {}", error.message))?
    } else {
        String::new()
    };
    let mut new = old.clone();
    if !new.is_empty() && !new.ends_with('\n') {
        new.push('\n');
    }
    if new.is_empty() {
        new.push_str("# phaselint's settings. The ignore entries below were added by `phaselint check --add-allow`.\n");
    }
    for entry in entries {
        new.push_str(entry);
    }
    Config::parse(path, &new).map_err(|error| {
        format!(
            "the ignore entries would not make a valid config ({}): nothing was written",
            error.message
        )
    })?;
    let written = if exists {
        crate::write::replace_file(path, &old, &new)
    } else {
        crate::write::write_new(path, &new)
    };
    written.map_err(|message| format!("could not write the config: {message}"))?;
    Ok(!exists)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each round reports and reads copies, whatever the options it is given.
    #[test]
    fn rounds_report_and_read_copies() {
        for fix in [FixMode::Report, FixMode::Diff, FixMode::Apply] {
            let options = CheckOptions {
                fix,
                map_large_files: true,
                ..CheckOptions::default()
            };
            let round = round_options(&options);
            assert_eq!(round.fix, FixMode::Report);
            assert!(!round.map_large_files, "{fix:?}");
        }
    }
}
