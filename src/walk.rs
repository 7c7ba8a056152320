//! Which files to check: the command-line paths expanded into a list of files.
//!
//! - A file named on the command line is always checked, whatever its extension and whatever the
//!   exclude globs say. `-` stands for standard input and is passed through.
//! - A directory is walked in file-name order, depth first. Hidden entries (`.git`, `.cache.yaml`)
//!   and directories named `target` below it are skipped, and so are symlinks: they are not
//!   followed, to a file or a directory. An entry that is neither a file nor a directory (a FIFO,
//!   a socket, a device) is left out without being opened. A file is kept when the source layer
//!   says it holds cards ([`crate::source::holds`]: a card format's extension but a Forge edition
//!   file; a Magic Set Editor set, as a `.mse-set` zip or as the `set` file of a folder of any
//!   name, whose card files are read through it; not a zip beside the folder it was unzipped
//!   into) or it matches a `[files] include` glob of its config, and it does not match an
//!   `--exclude` glob or a `[files] exclude` glob, and it is not named `phaselint.toml`. An
//!   excluded directory is not entered. What each directory named on the command line held is
//!   kept ([`WalkedDir`]): its card files, the files skipped ([`LeftOut::is_skipped`]), and how
//!   many entries an exclude glob left out, so that a run that read no card there can say so.
//!   Each entry left out is kept with its reason ([`Walked::left_out`], [`LeftOut`]), which
//!   `check --show-files` prints: the walk says why, the front end only renders it.
//! - A directory named on the command line that resolves out of its tree or into `.git`
//!   ([`crate::tree`]) is an error, and nothing in it is walked (`cards -> ../secret`).
//! - Each entry answers to the config of its own directory: the walk asks a [`Filter`], which the
//!   caller gives (`crate::check::Configs`: the nearest `phaselint.toml` upward; a directory whose
//!   config is broken takes the defaults, as its files do when they are checked).
//! - Excludes apply to everything a walk finds, even by the name of the directory named on the
//!   command line: `phaselint check drafts --exclude drafts` checks nothing. Only files named
//!   explicitly are exempt, since naming a file is the clearest way to ask for it.
//! - `--exclude` globs are relative to the current directory, the config's globs to the config
//!   file's directory; both match the way the [`crate::config`] module docs describe (as in
//!   `.gitignore`: `drafts` or `*.json` at any depth, `legacy/**` from the base directory).
//! - A path named twice is listed once, where it first appears, however it is spelled: `a.yaml`,
//!   `./a.yaml` and the `./a.yaml` a walk of `.` finds are one file.
//!
//! Architecture invariant: the walk knows paths and globs, asks the source layer what a file
//! holds, and knows nothing of how configs are found or what is done with the files: its caller
//! answers for the configs through a [`Filter`].

use crate::config::{self, PathGlobs};
use crate::read::{FileText, ReadError, io_message, read_bytes, read_card_file, read_text};
use crate::source::holds::{Holds, Sniffer};
use std::borrow::Cow;
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

/// The files to check, and the paths that could not be walked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Walked {
    /// In command-line order, each directory's files in file-name order.
    pub files: Vec<PathBuf>,
    /// Missing paths and unreadable directories, with a lower-case message.
    pub errors: Vec<(PathBuf, String)>,
    /// The directories named on the command line, with what the walk found in each.
    pub dirs: Vec<WalkedDir>,
    /// Each file or directory a walk of a directory left out, and why, in walk order (a
    /// directory left out is not entered: what it holds is not listed).
    pub left_out: Vec<(PathBuf, LeftOut)>,
    /// The files found in a directory, not named on the command line.
    found: HashSet<PathBuf>,
    /// Every listed file, absolute, and its index: a path named twice is one file.
    listed: HashMap<PathBuf, usize>,
    /// The zips left out for the folder beside them ([`LeftOut::ZipOfSetFolder`]), by the
    /// folder's `set` file (absolute).
    saved_zips: HashMap<PathBuf, PathBuf>,
}

impl Walked {
    /// Reads one of [`Walked::files`] as [`read_card_file`] does. A file found in a directory is not
    /// judged again ([`crate::tree`]): the directory was, and the walk followed no link below it.
    pub fn read(&self, path: &Path, max: u64) -> Result<FileText, ReadError> {
        read_card_file(path, max, self.found.contains(path))
    }

    /// [`Walked::read`] for a run that writes no file: a large file is mapped ([`read_text`]).
    pub fn read_text(&self, path: &Path, max: u64) -> Result<FileText, ReadError> {
        read_text(path, max, self.found.contains(path))
    }

    /// The zip a walk left out beside the folder whose `set` file is `set`, as it found it
    /// ([`LeftOut::ZipOfSetFolder`]).
    pub fn saved_zip(&self, set: &Path) -> Option<&Path> {
        self.saved_zips.get(&listed_key(set)).map(PathBuf::as_path)
    }

    /// Whether `path` is one of [`Walked::files`], however it is spelt.
    pub fn lists(&self, path: &Path) -> bool {
        self.listed.contains_key(&listed_key(path))
    }

    /// Why reading one of [`Walked::files`] would fail before its end, as [`crate::read::probe`]
    /// says: `text` for a card file, not for a zip.
    pub fn probe(&self, path: &Path, max: u64, text: bool) -> Option<String> {
        crate::read::probe(path, max, self.found.contains(path), text)
    }

    /// Reads one of [`Walked::files`] that is not text (a zip), as [`read_bytes`] does.
    pub fn read_bytes(&self, path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
        read_bytes(path, max, self.found.contains(path))
    }
}

/// A directory named on the command line, and what its walk found in it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WalkedDir {
    pub path: PathBuf,
    /// The card files found in it, as indices of [`Walked::files`] (a file named before is listed
    /// where it was named first).
    pub files: Vec<usize>,
    /// The files found in it that were skipped ([`LeftOut::is_skipped`]), in walk order, each
    /// with why.
    pub skipped: Vec<(PathBuf, LeftOut)>,
    /// The files and directories in it that an exclude glob left out (a directory counts once).
    pub excluded: usize,
}

/// Why a walk left a file or directory out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeftOut {
    /// Its name starts with `.`.
    Hidden,
    /// A directory named `target`: build output.
    BuildOutput,
    /// A symbolic link: never followed; `Some` when it also resolves out of its tree or into
    /// `.git`.
    Link(Option<crate::tree::Refusal>),
    /// An `--exclude` glob matches it.
    ExcludedByCommandLine,
    /// A `[files] exclude` glob of its config matches it.
    ExcludedByConfig,
    /// No card format's extension, and no include glob matches it.
    NotACardFile,
    /// A file of a folder that holds a Magic Set Editor set: read through the set's `set` file.
    InMseSet,
    /// A file of a Magic Set Editor set folder that has no `set` file: no set reads it.
    InMseSetWithoutSetFile,
    /// A set's zip `X.mse-set` beside the folder `X` that holds the same set unzipped, which is
    /// read instead.
    ZipOfSetFolder,
    /// A Forge edition file: a set's list of cards by name, with no card text.
    ForgeEdition,
    /// The config file.
    Config,
    /// Neither a regular file nor a directory: a FIFO, a socket, a device (its kind, as
    /// [`crate::read`] names it). It is not opened: a FIFO would block, a device never end.
    NotRegular(&'static str),
}

impl LeftOut {
    /// Lower case, without the path.
    pub fn reason(self) -> Cow<'static, str> {
        let reason = match self {
            LeftOut::Hidden => "hidden",
            LeftOut::BuildOutput => "a build output directory (target)",
            LeftOut::Link(Some(refusal)) => refusal.message(),
            LeftOut::Link(None) => "a symbolic link, which the walk does not follow",
            LeftOut::ExcludedByCommandLine => "excluded by --exclude",
            LeftOut::ExcludedByConfig => "excluded by `[files] exclude` of its phaselint.toml",
            LeftOut::NotACardFile => "not a card file: no card format's extension",
            LeftOut::InMseSet => "part of a Magic Set Editor set: read through its set file",
            LeftOut::InMseSetWithoutSetFile => {
                "in a Magic Set Editor set folder that has no `set` file: not read"
            }
            LeftOut::ZipOfSetFolder => {
                "a Magic Set Editor set saved as a zip beside the folder of its name, which holds \
                 the set unzipped and is read instead; name the zip to check it"
            }
            LeftOut::ForgeEdition => {
                "a Forge edition file: it lists a set's cards by name and holds no card text"
            }
            LeftOut::Config => "the config file",
            LeftOut::NotRegular(kind) => return Cow::Owned(crate::read::not_regular(kind)),
        };
        Cow::Borrowed(reason)
    }

    /// Whether a run counts it as a file skipped (the summary's "2 files skipped", the word
    /// `--show-files` gives it): a file that may hold cards but is not read. The rest (hidden,
    /// excluded, links, the config, a set's card files read through its `set` file) are left out
    /// by design, and not counted.
    pub fn is_skipped(self) -> bool {
        match self {
            LeftOut::NotACardFile
            | LeftOut::InMseSetWithoutSetFile
            | LeftOut::ZipOfSetFolder
            | LeftOut::ForgeEdition => true,
            LeftOut::Hidden
            | LeftOut::BuildOutput
            | LeftOut::Link(_)
            | LeftOut::ExcludedByCommandLine
            | LeftOut::ExcludedByConfig
            | LeftOut::InMseSet
            | LeftOut::Config
            | LeftOut::NotRegular(_) => false,
        }
    }
}

/// What the configs say of a file or directory a walk finds in a directory: each answer is that of
/// the config of the entry's own directory.
pub trait Filter {
    /// Whether `path` matches a `[files] exclude` glob: it is not listed, nor entered.
    fn excludes(&self, path: &Path) -> bool;
    /// Whether `path` matches a `[files] include` glob: a card file whatever its extension.
    fn includes(&self, path: &Path) -> bool;
}

/// Expand the command-line `paths` into the files to check (see the module docs for the rules).
/// `excludes` are the `--exclude` globs; the error is the first one that is not a valid glob.
pub fn walk(paths: &[PathBuf], excludes: &[String], filter: &dyn Filter) -> Result<Walked, String> {
    let cwd = std::env::current_dir().unwrap_or_default();
    walk_from(&cwd, paths, excludes, filter)
}

/// [`walk`] with `--exclude` globs relative to `cwd`.
fn walk_from(
    cwd: &Path,
    paths: &[PathBuf],
    excludes: &[String],
    filter: &dyn Filter,
) -> Result<Walked, String> {
    let excludes =
        PathGlobs::new(cwd, excludes.iter().map(String::as_str)).map_err(|(index, message)| {
            match excludes.get(index) {
                Some(glob) => format!("--exclude \"{glob}\": {message}"),
                None => format!("--exclude: {message}"),
            }
        })?;
    let excluded = |path: &Path| {
        if excludes.is_match(path) {
            Some(LeftOut::ExcludedByCommandLine)
        } else {
            filter.excludes(path).then_some(LeftOut::ExcludedByConfig)
        }
    };

    let mut walked = Walked::default();
    let mut sniffer = Sniffer::default();
    let mut seen = HashMap::new();
    // The index of `path` in the list, and whether it is new there.
    for path in paths {
        if path.as_os_str() == "-" {
            keep(&mut walked.files, &mut seen, path.clone());
            continue;
        }
        // A directory is judged here, a file as it is read.
        let metadata = std::fs::metadata(path)
            .map_err(|err| io_message(&err))
            .and_then(|metadata| {
                if metadata.is_dir() {
                    crate::tree::judge(path).map_err(|refusal| refusal.message().to_string())?;
                }
                Ok(metadata)
            });
        match metadata {
            Err(message) => walked.errors.push((path.clone(), message)),
            Ok(metadata) if !metadata.is_dir() => {
                keep(&mut walked.files, &mut seen, path.clone());
            }
            Ok(_) => {
                let mut dir = WalkedDir {
                    path: path.clone(),
                    ..WalkedDir::default()
                };
                let left_out = std::cell::Cell::new(0);
                let passed = std::cell::RefCell::new(Vec::new());
                let entries = WalkDir::new(path)
                    .follow_links(false)
                    .sort_by_file_name()
                    .into_iter()
                    // The directory named on the command line is entered whatever its name.
                    .filter_entry(|entry| {
                        if entry.depth() == 0 {
                            return true;
                        }
                        let why = if let Some(why) = skipped_name(entry) {
                            why
                        } else if let Some(why) = excluded(entry.path()) {
                            left_out.set(left_out.get() + 1);
                            why
                        } else {
                            return true;
                        };
                        passed
                            .borrow_mut()
                            .push((without_dot(entry.path().to_path_buf()), why));
                        false
                    });
                for entry in entries {
                    match entry {
                        Ok(entry) => {
                            if entry.path_is_symlink() {
                                let refusal = crate::tree::judge(entry.path()).err();
                                passed
                                    .borrow_mut()
                                    .push((without_dot(entry.into_path()), LeftOut::Link(refusal)));
                                continue;
                            }
                            if entry.file_type().is_dir() {
                                continue;
                            }
                            if !entry.file_type().is_file() {
                                let kind = crate::read::kind_of(&entry.file_type());
                                passed.borrow_mut().push((
                                    without_dot(entry.into_path()),
                                    LeftOut::NotRegular(kind),
                                ));
                                continue;
                            }
                            let why = match left_out_file(entry.path(), &mut sniffer, filter) {
                                // The set's folder was left out (excluded, a link): the zip is
                                // the set's one copy, and is read.
                                Some(LeftOut::ZipOfSetFolder)
                                    if !seen
                                        .contains_key(&listed_key(&set_of_zip(entry.path()))) =>
                                {
                                    None
                                }
                                why => why,
                            };
                            match why {
                                None => {
                                    let path = without_dot(entry.into_path());
                                    let (index, new) =
                                        keep(&mut walked.files, &mut seen, path.clone());
                                    if new {
                                        walked.found.insert(path);
                                    }
                                    dir.files.push(index);
                                }
                                Some(why) => {
                                    let path = without_dot(entry.into_path());
                                    if why == LeftOut::ZipOfSetFolder {
                                        walked
                                            .saved_zips
                                            .insert(listed_key(&set_of_zip(&path)), path.clone());
                                    }
                                    if why.is_skipped() {
                                        dir.skipped.push((path.clone(), why));
                                    }
                                    passed.borrow_mut().push((path, why));
                                }
                            }
                        }
                        Err(err) => {
                            let at = without_dot(err.path().unwrap_or(path).to_path_buf());
                            let message = match err.io_error() {
                                Some(io) => io_message(io),
                                None => "filesystem loop".to_string(),
                            };
                            walked.errors.push((at, message));
                        }
                    }
                }
                dir.excluded = left_out.get();
                walked.dirs.push(dir);
                walked.left_out.extend(passed.into_inner());
            }
        }
    }
    // A zip named on the command line is read, even where a walk left it out for its folder.
    let named = |path: &Path| seen.contains_key(&listed_key(path));
    walked
        .left_out
        .retain(|(path, why)| *why != LeftOut::ZipOfSetFolder || !named(path));
    for dir in &mut walked.dirs {
        dir.skipped
            .retain(|(path, why)| *why != LeftOut::ZipOfSetFolder || !named(path));
    }
    walked.saved_zips.retain(|_, zip| !named(zip));
    walked.listed = seen;
    Ok(walked)
}

/// The index of `path` in `files` (listed there if it is new), and whether it is new: `seen`
/// holds every listed file by its absolute path.
fn keep(
    files: &mut Vec<PathBuf>,
    seen: &mut HashMap<PathBuf, usize>,
    path: PathBuf,
) -> (usize, bool) {
    match seen.entry(listed_key(&path)) {
        Entry::Occupied(listed) => (*listed.get(), false),
        Entry::Vacant(slot) => {
            slot.insert(files.len());
            files.push(path);
            (files.len() - 1, true)
        }
    }
}

/// The `set` file of the folder `X` beside the zip `X.mse-set`.
fn set_of_zip(zip: &Path) -> PathBuf {
    zip.with_extension("").join("set")
}

/// `a.yaml` and `./a.yaml` are one file: they are compared absolute, where `.` is dropped.
fn listed_key(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// A path found under `.` without its leading `./`, as ruff and grep print it: `./a/b.yaml` is
/// `a/b.yaml`.
fn without_dot(path: PathBuf) -> PathBuf {
    match path.strip_prefix(".") {
        Ok(rest) if !rest.as_os_str().is_empty() => rest.to_path_buf(),
        _ => path,
    }
}

/// Hidden entries, and `target` directories (Rust and other build output).
fn skipped_name(entry: &walkdir::DirEntry) -> Option<LeftOut> {
    let name = entry.file_name().to_string_lossy();
    if name.starts_with('.') {
        Some(LeftOut::Hidden)
    } else if name == "target" && entry.file_type().is_dir() {
        Some(LeftOut::BuildOutput)
    } else {
        None
    }
}

/// Why a file found in a directory is left out, as the source layer tells what it holds
/// ([`Sniffer::holds`]); `None` when it is read: cards, a Magic Set Editor set (a zip, or a `set`
/// file in a folder of any name), or a file an include glob of its config names.
fn left_out_file(path: &Path, sniffer: &mut Sniffer, filter: &dyn Filter) -> Option<LeftOut> {
    if is_config(path) {
        return Some(LeftOut::Config);
    }
    match sniffer.holds(path) {
        Holds::Cards | Holds::MseZip | Holds::MseSet => None,
        Holds::InMseSet => Some(LeftOut::InMseSet),
        Holds::InMseSetWithoutSetFile => Some(LeftOut::InMseSetWithoutSetFile),
        Holds::ZipOfSetFolder => Some(LeftOut::ZipOfSetFolder),
        Holds::ForgeEdition => Some(LeftOut::ForgeEdition),
        Holds::NoCardFormat if filter.includes(path) => None,
        Holds::NoCardFormat => Some(LeftOut::NotACardFile),
    }
}

fn is_config(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|name| name == config::FILE_NAME)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    /// Each directory's nearest config, as a run without `--config` finds it; a broken one
    /// excludes and includes nothing, as the defaults do.
    struct Discovered;

    impl Filter for Discovered {
        fn excludes(&self, path: &Path) -> bool {
            Config::for_file(path).is_ok_and(|config| config.is_excluded(path))
        }

        fn includes(&self, path: &Path) -> bool {
            Config::for_file(path).is_ok_and(|config| config.is_included_extra(path))
        }
    }

    fn discovered() -> Discovered {
        Discovered
    }

    /// A temporary tree: each path is created with empty contents; a trailing `/` makes a
    /// directory.
    fn tree(paths: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for path in paths {
            let full = dir.path().join(path);
            if path.ends_with('/') {
                std::fs::create_dir_all(&full).unwrap();
            } else {
                std::fs::create_dir_all(full.parent().unwrap()).unwrap();
                std::fs::write(&full, "").unwrap();
            }
        }
        dir
    }

    /// The walked files relative to `root`, with `/` separators.
    fn names(root: &Path, walked: &Walked) -> Vec<String> {
        walked
            .files
            .iter()
            .map(|file| {
                let relative = file.strip_prefix(root).unwrap_or(file);
                relative.to_string_lossy().replace('\\', "/")
            })
            .collect()
    }

    fn run(root: &Path, excludes: &[&str], config: &dyn Filter) -> Walked {
        let excludes: Vec<String> = excludes.iter().map(|s| s.to_string()).collect();
        walk_from(root, &[root.to_path_buf()], &excludes, config).unwrap()
    }

    #[test]
    fn a_set_folder_without_a_set_file_is_said_to_have_none() {
        // Issue 38 §17: its files were "read through its set file", which it does not have.
        let dir = tree(&["a.mse-set/set", "a.mse-set/card A", "b.mse-set/card B"]);
        let walked = run(dir.path(), &[], &discovered());
        assert_eq!(names(dir.path(), &walked), ["a.mse-set/set"]);
        let reasons: Vec<_> = walked
            .left_out
            .iter()
            .map(|(path, why)| {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                (name, why.reason().into_owned())
            })
            .collect();
        assert_eq!(
            reasons,
            [
                (
                    "card A".to_string(),
                    "part of a Magic Set Editor set: read through its set file".to_string()
                ),
                (
                    "card B".to_string(),
                    "in a Magic Set Editor set folder that has no `set` file: not read".to_string()
                )
            ]
        );
    }

    #[test]
    fn the_source_layer_says_what_a_file_holds() {
        // Issue 39: a set unzipped under any name is read, its zip beside it skipped; a Forge
        // edition file is skipped; each skipped file is counted in the directory.
        let dir = tree(&[
            "My Set/card A",
            "My Set.mse-set",
            "editions/",
            "cards/a.txt",
        ]);
        let write = |path: &str, text: &str| std::fs::write(dir.path().join(path), text).unwrap();
        write(
            "My Set/set",
            "mse version: 2.0.2\ngame: magic\ninclude_file: card A\n",
        );
        write(
            "editions/Dawn.txt",
            "[metadata]\nCode=CWD\n[cards]\n1 C A\n",
        );
        write(
            "cards/a.txt",
            "Name:A\nTypes:Instant\nOracle:Draw a card.\n",
        );
        let walked = run(dir.path(), &[], &discovered());
        assert_eq!(names(dir.path(), &walked), ["My Set/set", "cards/a.txt"]);
        let why = |name: &str| {
            walked
                .left_out
                .iter()
                .find(|(path, _)| path.ends_with(name))
                .map(|(_, why)| *why)
        };
        assert_eq!(why("My Set/card A"), Some(LeftOut::InMseSet));
        assert_eq!(why("My Set.mse-set"), Some(LeftOut::ZipOfSetFolder));
        assert_eq!(why("editions/Dawn.txt"), Some(LeftOut::ForgeEdition));
        let skipped: Vec<LeftOut> = walked.dirs[0].skipped.iter().map(|(_, why)| *why).collect();
        assert_eq!(skipped, [LeftOut::ZipOfSetFolder, LeftOut::ForgeEdition]);
    }

    /// A set unzipped into `My Set/` beside its zip, with `extra` files.
    fn set_beside_its_zip(extra: &[&str]) -> tempfile::TempDir {
        let mut paths = vec!["My Set/card A", "My Set.MSE-SET"];
        paths.extend(extra);
        let dir = tree(&paths);
        let set = "mse version: 2.0.2\ngame: magic\ninclude_file: card A\n";
        std::fs::write(dir.path().join("My Set/set"), set).unwrap();
        dir
    }

    #[test]
    fn a_zip_is_the_sets_one_copy_where_its_folder_is_not_read() {
        // Excluded, the folder is not read: the zip is (issue 39's review).
        let dir = set_beside_its_zip(&[]);
        let walked = run(dir.path(), &["My Set"], &discovered());
        assert_eq!(names(dir.path(), &walked), ["My Set.MSE-SET"]);
        assert_eq!(walked.saved_zip(&dir.path().join("My Set/set")), None);
        // Read, the folder stands for it, whatever the case of its extension.
        let walked = run(dir.path(), &[], &discovered());
        assert_eq!(names(dir.path(), &walked), ["My Set/set"]);
        assert_eq!(
            walked.saved_zip(&dir.path().join("My Set/set")),
            Some(dir.path().join("My Set.MSE-SET").as_path())
        );
        // Named on the command line, the zip is read, and no longer said to be skipped.
        let paths = [dir.path().to_path_buf(), dir.path().join("My Set.MSE-SET")];
        let walked = walk_from(dir.path(), &paths, &[], &discovered()).unwrap();
        assert_eq!(names(dir.path(), &walked), ["My Set/set", "My Set.MSE-SET"]);
        assert!(walked.dirs[0].skipped.is_empty());
        assert!(
            walked
                .left_out
                .iter()
                .all(|(_, why)| *why != LeftOut::ZipOfSetFolder)
        );
        assert_eq!(walked.saved_zip(&dir.path().join("My Set/set")), None);
    }

    #[cfg(unix)]
    #[test]
    fn a_zip_beside_a_link_to_a_set_is_read() {
        let outside = set_beside_its_zip(&[]);
        let dir = tree(&["Ember.mse-set"]);
        std::os::unix::fs::symlink(outside.path().join("My Set"), dir.path().join("Ember"))
            .unwrap();
        let walked = run(dir.path(), &[], &discovered());
        assert_eq!(names(dir.path(), &walked), ["Ember.mse-set"]);
    }

    #[test]
    fn walks_in_file_name_order_keeping_known_extensions() {
        let dir = tree(&[
            "b.yaml",
            "a.json",
            "sets/z.txt",
            "sets/m.jsonl",
            "c.ndjson",
            "d.YML",
            "README.md",
            "notes.toml",
            "phaselint.toml",
            "empty/",
        ]);
        let config = discovered();
        let walked = run(dir.path(), &[], &config);
        assert_eq!(
            names(dir.path(), &walked),
            [
                "a.json",
                "b.yaml",
                "c.ndjson",
                "d.YML",
                "sets/m.jsonl",
                "sets/z.txt"
            ]
        );
        assert!(walked.errors.is_empty());
    }

    #[test]
    fn skips_hidden_entries_and_target() {
        let dir = tree(&[
            ".git/config.json",
            ".hidden.yaml",
            "target/debug/x.json",
            "sub/.cache/y.yaml",
            "sub/target",
            "sub/ok.yaml",
        ]);
        let config = discovered();
        let walked = run(dir.path(), &[], &config);
        // A file named `target` is not a directory; it has no known extension either.
        assert_eq!(names(dir.path(), &walked), ["sub/ok.yaml"]);
    }

    #[test]
    fn a_hidden_directory_named_on_the_command_line_is_walked() {
        let dir = tree(&[".cards/a.yaml"]);
        let config = discovered();
        let walked = run(&dir.path().join(".cards"), &[], &config);
        assert_eq!(walked.files, [dir.path().join(".cards/a.yaml")]);
    }

    #[test]
    fn command_line_excludes() {
        let dir = tree(&[
            "drafts/a.yaml",
            "sets/drafts/b.yaml",
            "sets/c.json",
            "sets/d.yaml",
            "old/e.yaml",
        ]);
        let config = discovered();
        // A name matches at any depth; a glob with `/` from the current directory.
        let walked = run(dir.path(), &["drafts", "*.json", "old/**"], &config);
        assert_eq!(names(dir.path(), &walked), ["sets/d.yaml"]);
        let walked = run(dir.path(), &["/drafts"], &config);
        assert_eq!(
            names(dir.path(), &walked),
            [
                "old/e.yaml",
                "sets/c.json",
                "sets/d.yaml",
                "sets/drafts/b.yaml"
            ]
        );
    }

    #[test]
    fn config_include_and_exclude() {
        let dir = tree(&[
            "a.cards",
            "b.yaml",
            "drafts/c.yaml",
            "x/d.cards",
            "phaselint.toml",
        ]);
        let config_path = dir.path().join(config::FILE_NAME);
        std::fs::write(
            &config_path,
            "[files]\ninclude = [\"**/*.cards\", \"*.toml\"]\nexclude = [\"drafts/**\"]\n",
        )
        .unwrap();
        let config = discovered();
        let walked = run(dir.path(), &[], &config);
        // The config file itself is never a card file, even when an include glob matches it.
        assert_eq!(
            names(dir.path(), &walked),
            ["a.cards", "b.yaml", "x/d.cards"]
        );
    }

    #[test]
    fn a_file_named_explicitly_is_always_checked() {
        let dir = tree(&["notes.md", "drafts/a.yaml"]);
        let config = discovered();
        let paths = [
            dir.path().join("notes.md"),
            dir.path().join("drafts/a.yaml"),
            PathBuf::from("-"),
        ];
        let walked = walk_from(dir.path(), &paths, &["drafts".to_string()], &config).unwrap();
        assert_eq!(walked.files, paths);
    }

    #[test]
    fn excludes_apply_inside_a_directory_named_explicitly() {
        let dir = tree(&["drafts/a.yaml", "drafts/b.yaml"]);
        let config = discovered();
        let paths = [dir.path().join("drafts"), dir.path().join("drafts/b.yaml")];
        let walked = walk_from(dir.path(), &paths, &["drafts".to_string()], &config).unwrap();
        assert_eq!(walked.files, [dir.path().join("drafts/b.yaml")]);
    }

    #[test]
    fn paths_named_twice_are_listed_once() {
        let dir = tree(&["a.yaml", "b.yaml"]);
        let config = discovered();
        let paths = [dir.path().join("b.yaml"), dir.path().to_path_buf()];
        let walked = walk_from(dir.path(), &paths, &[], &config).unwrap();
        assert_eq!(
            walked.files,
            [dir.path().join("b.yaml"), dir.path().join("a.yaml")]
        );
    }

    #[test]
    fn one_file_spelled_two_ways_is_listed_once() {
        let dir = tree(&["a.yaml"]);
        let config = discovered();
        let paths = [
            dir.path().join("a.yaml"),
            dir.path().join("./a.yaml"),
            dir.path().join("."),
        ];
        let walked = walk_from(dir.path(), &paths, &[], &config).unwrap();
        assert_eq!(walked.files, [dir.path().join("a.yaml")]);
    }

    #[test]
    fn missing_paths_are_errors_and_the_walk_goes_on() {
        let dir = tree(&["a.yaml"]);
        let config = discovered();
        let missing = dir.path().join("nope");
        let paths = [missing.clone(), dir.path().to_path_buf()];
        let walked = walk_from(dir.path(), &paths, &[], &config).unwrap();
        assert_eq!(
            walked.errors,
            [(missing, "no such file or directory".to_string())]
        );
        assert_eq!(walked.files, [dir.path().join("a.yaml")]);
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_not_followed() {
        let dir = tree(&["real/a.yaml", "b.yaml"]);
        std::os::unix::fs::symlink(dir.path().join("real"), dir.path().join("link")).unwrap();
        std::os::unix::fs::symlink(dir.path().join("b.yaml"), dir.path().join("c.yaml")).unwrap();
        let config = discovered();
        let walked = run(dir.path(), &[], &config);
        assert_eq!(names(dir.path(), &walked), ["b.yaml", "real/a.yaml"]);
    }

    #[cfg(unix)]
    #[test]
    fn unreadable_directories_are_errors() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tree(&["a.yaml", "locked/b.yaml"]);
        let locked = dir.path().join("locked");
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
        let readable = std::fs::read_dir(&locked).is_ok();
        let config = discovered();
        let walked = run(dir.path(), &[], &config);
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
        if readable {
            // Running as root: permissions do not stop reading.
            return;
        }
        assert_eq!(names(dir.path(), &walked), ["a.yaml"]);
        assert_eq!(walked.errors, [(locked, "permission denied".to_string())]);
    }

    #[test]
    fn a_bad_exclude_glob_is_an_error() {
        let config = discovered();
        let err = walk_from(
            Path::new("."),
            &[],
            &["ok".to_string(), "a[".to_string()],
            &config,
        )
        .unwrap_err();
        assert!(err.starts_with("--exclude \"a[\": invalid glob"), "{err}");
    }
}
