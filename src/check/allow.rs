//! `--add-allow`: silencing every finding of a set as it is, to adopt phaselint on an old set
//! (ruff's `--add-noqa`). A YAML card with findings gets one `# phaselint: allow(...)` comment
//! line above it naming all their codes, sorted; a finding that no comment can hold (a card of a
//! format without comments, a YAML card that starts on the line of another, a file that did not
//! read whole, a note about a whole file) gets an `[[ignore]]` entry, by card name or by path, in
//! the config that governs its file, or in a new `phaselint.toml` in the current directory when
//! none does and that one would. A finding nothing can silence without silencing more (on a card
//! without a name, an input problem, a note on an allow comment) is left, and counted with the
//! reason. A second run finds nothing to silence and writes nothing. Files are written as `--fix`
//! writes them ([`crate::write`]): atomically, under the same lock, never out of their tree,
//! never a zip; a config is written only when its new text still reads as a valid config.

use super::{CheckOptions, CheckedFile, Configs, FixMode, InputsSeen, check_paths};
use crate::config::{Config, FILE_NAME, search_dirs};
use crate::diagnostic::{Diagnostic, Severity};
use crate::read::FileText;
use crate::rules;
use crate::source::{self, Format};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What `--add-allow` wrote, what it left, and what it could not write.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddedAllows {
    /// Each card file written: how many allow comments were added to it, and how many it held
    /// took more names.
    pub comments: Vec<(PathBuf, Comments)>,
    /// Each config written, how many `[[ignore]]` entries it got, and whether it was created.
    pub ignores: Vec<(PathBuf, usize, bool)>,
    /// The findings left as they are, by file and reason, in the order of the files' paths.
    pub left: Vec<Left>,
    /// Files whose findings could not be silenced, and why (lower case).
    pub problems: Vec<(PathBuf, String)>,
    /// What the last check said of the inputs, for the exit code, as `check`'s.
    pub inputs: InputsSeen,
}

/// Findings of one file that `--add-allow` left as they are, for one reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Left {
    /// The file, as a report names it.
    pub path: String,
    pub why: Why,
    pub findings: usize,
    /// How many of the findings are errors.
    pub errors: usize,
}

/// Why `--add-allow` left a finding as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Why {
    /// An input problem (PL9xx): what the file holds past it was not checked.
    InputProblem,
    /// A note on an allow comment (PL801, PL804), which asks for the comment to be mended.
    AllowNote,
    /// A finding on a card without a name in a file that takes no allow comment: an ignore entry
    /// names a card, and one by path would silence the whole file.
    NoName,
    /// A finding in a file whose name is not UTF-8, which no config entry can name.
    FileName,
    /// A finding still there after the last round: each round's allows can uncover findings the
    /// ones they silence covered, and a report shows at most 10,000 findings a file.
    Rounds,
}

impl Why {
    /// What was left, in the singular and the plural: "left 2 input problems in cards.csv".
    pub fn noun(self) -> (&'static str, &'static str) {
        match self {
            Why::InputProblem => ("input problem", "input problems"),
            Why::AllowNote => ("note on an allow comment", "notes on allow comments"),
            Why::NoName => (
                "finding on a card without a name",
                "findings on cards without a name",
            ),
            Why::FileName | Why::Rounds => ("finding", "findings"),
        }
    }

    /// Why, lower case, to follow the file's name.
    pub fn reason(self) -> &'static str {
        match self {
            Why::InputProblem => "an allow silences no input problem",
            Why::AllowNote => "an allow comment is mended, not silenced",
            Why::NoName => {
                "an ignore entry names a card, and one by path would silence the whole file"
            }
            Why::FileName => "the file's name is not UTF-8, and no ignore entry can name it",
            Why::Rounds => "found after the last round of allows: run `--add-allow` again",
        }
    }
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
/// `[[ignore]]` entry can silence (see the module docs); the rest are counted in
/// [`AddedAllows::left`]. Standard input is refused: nothing can be written into it.
pub fn add_allows(paths: &[PathBuf], options: &CheckOptions) -> Result<AddedAllows, String> {
    if paths.iter().any(|path| path.as_os_str() == "-") {
        return Err(
            "`--add-allow` writes into the files it checks, and standard input is no file: name the file instead of `-`"
                .to_string(),
        );
    }
    let options = round_options(options);
    let mut added = AddedAllows::default();
    // Card files and configs a write failed for: their problem is said once, and no later round
    // tries them again.
    let mut unwritable = BTreeSet::new();
    // A finding that covered another one hid it (`crate::lint`), and a report shows the first
    // 10,000 findings of a file: silenced, they show the others, which the next round silences.
    // The round after the last write only counts what is left.
    for round in 0..=ROUNDS {
        let plan = plan_round(paths, &options, &unwritable)?;
        let nothing_to_write = plan.comments.is_empty() && plan.entries.is_empty();
        if nothing_to_write || round == ROUNDS {
            added.problems.extend(plan.problems);
            added.left = plan.left;
            if !nothing_to_write {
                added.left.extend(plan.silenced);
            }
            added.inputs = plan.inputs;
            break;
        }
        write_round(plan, &mut added, &mut unwritable);
    }
    added
        .left
        .sort_by(|a, b| (&a.path, a.why).cmp(&(&b.path, b.why)));
    Ok(added)
}

/// How many rounds `--add-allow` writes in, each after a check.
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

/// What one round writes, and what it leaves.
#[derive(Default)]
struct Plan {
    /// Each YAML file to take allow comments: its text as the check read it, its text with them,
    /// and which they are.
    comments: Vec<(PathBuf, Arc<FileText>, String, Comments)>,
    /// The `[[ignore]]` entries for each config file, in the order of the configs' paths.
    entries: BTreeMap<PathBuf, Vec<String>>,
    /// Files whose findings cannot be silenced, and why.
    problems: Vec<(PathBuf, String)>,
    /// The findings left, for a reason.
    left: Vec<Left>,
    /// The findings the comments and entries silence, by file: left ([`Why::Rounds`]) when this
    /// round writes nothing.
    silenced: Vec<Left>,
    inputs: InputsSeen,
}

/// How many findings, and how many of them errors.
#[derive(Debug, Clone, Copy, Default)]
struct Count {
    findings: usize,
    errors: usize,
}

impl Count {
    fn add(&mut self, diagnostic: &Diagnostic) {
        self.findings += 1;
        self.errors += usize::from(diagnostic.severity == Severity::Error);
    }

    fn left(self, path: &str, why: Why) -> Left {
        Left {
            path: path.to_string(),
            why,
            findings: self.findings,
            errors: self.errors,
        }
    }
}

/// One check of `paths` and the allows that silence what it found.
fn plan_round(
    paths: &[PathBuf],
    options: &CheckOptions,
    unwritable: &BTreeSet<PathBuf>,
) -> Result<Plan, String> {
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
    let mut plan = Plan {
        inputs: InputsSeen::of(&checked.files),
        ..Plan::default()
    };
    for file in &checked.files {
        if !unwritable.contains(Path::new(&file.path)) {
            plan_file(file, options, &configs, unwritable, &mut plan);
        }
    }
    Ok(plan)
}

/// Why a finding of `rule` is left as it is whatever file it is in, or `None` when an allow
/// silences it.
fn left_for(rule: Option<&rules::RuleInfo>) -> Option<Why> {
    match rule {
        Some(rule) if rules::allowed_by_comment(rule) => None,
        // A note on a whole file (no card in it, read as Windows-1252): an `[[ignore]]` by path
        // takes it.
        Some(rule) if rules::is_whole_file_note(rule) => None,
        Some(rule) if !rules::is_input_problem(rule) => Some(Why::AllowNote),
        _ => Some(Why::InputProblem),
    }
}

/// Plans the allows for the findings of one file.
fn plan_file(
    file: &CheckedFile,
    options: &CheckOptions,
    configs: &Configs,
    unwritable: &BTreeSet<PathBuf>,
    plan: &mut Plan,
) {
    let path = PathBuf::from(&file.path);
    let named = file.raw_path.is_none();
    let format = source::format_of(&path, &file.source);
    // A YAML file that read whole takes comments above its cards.
    let cards = (named && format == Format::Yaml && file.rewritable)
        .then(|| Commentable::read(file, &path, configs, options));
    let mut left: BTreeMap<Why, Count> = BTreeMap::new();
    // The codes for each commented card, by the start of its first line, and the findings.
    let mut lines: BTreeMap<usize, (usize, BTreeSet<&'static str>)> = BTreeMap::new();
    let mut commented = Count::default();
    let mut by_card: BTreeMap<&str, BTreeSet<&'static str>> = BTreeMap::new();
    let mut whole_file = BTreeSet::new();
    let mut entered = Count::default();
    for diagnostic in &file.diagnostics {
        let why =
            left_for(rules::lookup(diagnostic.code)).or_else(|| (!named).then_some(Why::FileName));
        if let Some(why) = why {
            left.entry(why).or_default().add(diagnostic);
            continue;
        }
        let line = cards.as_ref().and_then(|cards| cards.line(diagnostic));
        if rules::lookup(diagnostic.code).is_some_and(rules::is_whole_file_note) {
            whole_file.insert(diagnostic.code);
            entered.add(diagnostic);
        } else if let Some((card, at)) = line {
            lines
                .entry(at)
                .or_insert_with(|| (card, BTreeSet::new()))
                .1
                .insert(diagnostic.code);
            commented.add(diagnostic);
        } else if let Some(name) = &diagnostic.card {
            by_card.entry(name).or_default().insert(diagnostic.code);
            entered.add(diagnostic);
        } else {
            left.entry(Why::NoName).or_default().add(diagnostic);
        }
    }
    for (why, count) in left {
        plan.left.push(count.left(&file.path, why));
    }
    if let Some(cards) = &cards
        && let Some((new, count)) = cards.comment(&file.source, &lines)
    {
        plan.comments
            .push((path.clone(), Arc::clone(&file.source), new, count));
        plan.silenced.push(commented.left(&file.path, Why::Rounds));
    }
    if by_card.is_empty() && whole_file.is_empty() {
        return;
    }
    let target = match governing_config(&configs.for_path(&path), &path) {
        Ok(target) if unwritable.contains(&target) => return,
        Ok(target) => target,
        Err(message) => {
            plan.problems.push((path, message));
            return;
        }
    };
    let base = target.parent().unwrap_or(Path::new(""));
    let mut list = Vec::new();
    for (card, codes) in by_card {
        list.push(ignore_entry("card", card, &codes));
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
            Err(_) => plan.problems.push((
                path,
                format!(
                    "it lies outside the directory of {}: no ignore entry by path was written for it",
                    crate::file_name::shown(&target)
                ),
            )),
        }
    }
    plan.entries.entry(target).or_default().extend(list);
    plan.silenced.push(entered.left(&file.path, Why::Rounds));
}

/// Writes what `plan` holds, adding it to `added`; a file or config that could not be written is
/// a problem, and goes into `unwritable`.
fn write_round(plan: Plan, added: &mut AddedAllows, unwritable: &mut BTreeSet<PathBuf>) {
    for (path, old, new, count) in plan.comments {
        let written = {
            let _lock = crate::write::lock_for_fix(&path);
            crate::write::replace_text(&path, &old, &new)
        };
        match written {
            Ok(()) => match added.comments.iter_mut().find(|(known, _)| *known == path) {
                Some((_, total)) => total.merge(count),
                None => added.comments.push((path, count)),
            },
            Err(message) => {
                let message = format!("could not write the allow comments: {message}");
                added.problems.push((path.clone(), message));
                unwritable.insert(path);
            }
        }
    }
    for (config, list) in plan.entries {
        match append_ignores(&config, &list) {
            Ok(created) => match added
                .ignores
                .iter_mut()
                .find(|(known, _, _)| *known == config)
            {
                Some((_, total, _)) => *total += list.len(),
                None => added.ignores.push((config, list.len(), created)),
            },
            Err(message) => {
                added.problems.push((config.clone(), message));
                unwritable.insert(config);
            }
        }
    }
}

/// The cards of a YAML file, each with the start of its first line when an allow comment written
/// above that line would be the card's: when no card before it reaches that line (the second card
/// of `[{name: A}, {name: B}]` starts on the line of the first).
struct Commentable {
    /// Each card's span and the start of its line, sorted.
    cards: Vec<(Range<usize>, Option<usize>)>,
    /// The allow comments on lines of their own, by where their line ends: the start of the line
    /// below, which a card's comment written there would take.
    above: HashMap<usize, (Range<usize>, Vec<String>)>,
}

impl Commentable {
    fn read(file: &CheckedFile, path: &Path, configs: &Configs, options: &CheckOptions) -> Self {
        let text = file.source.as_str();
        let read = source::read(
            Format::Yaml,
            text,
            &configs.read_options(path, &options.read),
        );
        let mut spans: Vec<Range<usize>> =
            read.cards.iter().map(|card| card.span.clone()).collect();
        spans.sort_unstable_by_key(|span| (span.start, span.end));
        let mut floor = 0;
        let cards = spans
            .into_iter()
            .map(|span| {
                let line = line_start(text, span.start);
                let own = (line >= floor).then_some(line);
                floor = floor.max(span.end);
                (span, own)
            })
            .collect();
        let mut above: HashMap<usize, (Range<usize>, Vec<String>)> = HashMap::new();
        for allow in read.cards.iter().flat_map(|card| &card.allows) {
            let (_, names) = above
                .entry(allow.comment.end)
                .or_insert_with(|| (allow.list.clone(), Vec::new()));
            names.push(allow.rule.clone());
        }
        Commentable { cards, above }
    }

    /// The card `diagnostic` is about and the start of its line, when a comment can silence it.
    fn line(&self, diagnostic: &Diagnostic) -> Option<(usize, usize)> {
        rules::lookup(diagnostic.code).filter(|rule| rules::allowed_by_comment(rule))?;
        let at = diagnostic.span.start;
        let card = self
            .cards
            .partition_point(|(span, _)| span.start <= at)
            .checked_sub(1)?;
        let (span, line) = self.cards.get(card)?;
        (at < span.end).then_some((card, (*line)?))
    }

    /// `text` with the comments that silence the codes of `lines` (the card of each and its
    /// codes, by the start of its line), and which they are; `None` when every comment holds
    /// its codes already.
    fn comment(
        &self,
        text: &str,
        lines: &BTreeMap<usize, (usize, BTreeSet<&'static str>)>,
    ) -> Option<(String, Comments)> {
        let mut edits = Vec::new();
        let mut count = Comments::default();
        for (&at, (card, codes)) in lines {
            let codes: Vec<&str> = codes.iter().copied().collect();
            match self.above.get(&at) {
                // One comment a card: the allow line written above it (by a run before, or by
                // this run's last round) takes the new codes.
                Some((list, written)) => {
                    let new: Vec<&str> = codes
                        .into_iter()
                        .filter(|code| !written.iter().any(|w| w.eq_ignore_ascii_case(code)))
                        .collect();
                    if !new.is_empty() {
                        let mut all = written.clone();
                        all.extend(new.into_iter().map(str::to_string));
                        edits.push((list.clone(), all.join(", ")));
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
            return None;
        }
        let mut new = String::with_capacity(text.len() + 40 * edits.len());
        let mut copied = 0;
        for (range, replacement) in &edits {
            new.push_str(&text[copied..range.start]);
            new.push_str(replacement);
            copied = range.end;
        }
        new.push_str(&text[copied..]);
        Some((new, count))
    }
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
/// `phaselint.toml` in the current directory when that one would govern it: the path lies under
/// the current directory, in no repository below it ([`search_dirs`]).
fn governing_config(config: &Config, path: &Path) -> Result<PathBuf, String> {
    if let Some(file) = &config.file {
        return Ok(file.clone());
    }
    let cwd = std::env::current_dir().map_err(|error| crate::read::io_message(&error))?;
    let absolute = crate::tree::absolute(path);
    let dir = absolute.parent().unwrap_or(&absolute);
    if search_dirs(dir).any(|dir| dir == cwd) {
        Ok(PathBuf::from(FILE_NAME))
    } else {
        Err(format!(
            "no {FILE_NAME} governs it and it is outside the current directory, or in a repository below it: no ignore entry was written for it"
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
