//! What a file a walk finds holds, told by its name, its first bytes and its neighbours, and
//! which card files a Magic Set Editor set includes: the source layer alone knows the formats'
//! shapes, so the walk and the check pipeline ask here and only list and read (issue 39).
//! A file named on the command line is not asked: it is always read, and its reader says what
//! it found.

use super::forge::shape as forge_shape;
use super::mse::shape as mse_shape;
use super::mse_zip::{self, ZipLimits};
use super::{Format, SourceError, format_from_extension, format_of, mse_includes};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// What a file found in a directory holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holds {
    /// Cards: a card format's extension (a `.txt` file that is no Forge edition file).
    Cards,
    /// A Magic Set Editor set saved as a zip (`Dusk.mse-set`), read member by member.
    MseZip,
    /// A Magic Set Editor set's `set` file, in a folder of any name: it reads the card files it
    /// includes.
    MseSet,
    /// A file of a folder that holds a Magic Set Editor `set` file (a `card NAME` file, an image,
    /// the style): read through the `set` file, when the set includes it.
    InMseSet,
    /// A file of a `.mse-set` folder that holds no `set` file: no set reads it.
    InMseSetWithoutSetFile,
    /// A zip `X.mse-set` beside a folder `X` that holds a `set` file: the same set, saved by Magic
    /// Set Editor, where the folder is the text a diff shows. The folder is read.
    ZipOfSetFolder,
    /// A Forge edition file (`[metadata]` and `[cards]` sections): a list of a set's cards by
    /// name, with no card text.
    ForgeEdition,
    /// Nothing of a card format by its name or content.
    NoCardFormat,
}

/// Tells what files hold, remembering which folders hold a Magic Set Editor set, so that each
/// folder's `set` file is opened once however many files lie beside it.
#[derive(Debug, Default)]
pub struct Sniffer {
    set_folders: HashMap<PathBuf, bool>,
}

impl Sniffer {
    /// What the file `path`, found in a walk (a regular file, not a link), holds. Only the head
    /// of a `.txt` file, of a file named `set` and of a folder's `set` file is read.
    pub fn holds(&mut self, path: &Path) -> Holds {
        let name = path.file_name().map(|name| name.to_string_lossy());
        let dir = path.parent().unwrap_or(Path::new(""));
        if path
            .extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case(mse_zip::EXTENSION))
        {
            // The folder itself, never through a link.
            let folder = path.with_extension("");
            let is_dir = std::fs::symlink_metadata(&folder).is_ok_and(|meta| meta.is_dir());
            return if is_dir && self.holds_set(&folder) {
                Holds::ZipOfSetFolder
            } else {
                Holds::MseZip
            };
        }
        if name.as_deref() == Some("set") && (is_set_folder_by_name(dir) || self.holds_set(dir)) {
            return Holds::MseSet;
        }
        if is_set_folder_by_name(dir) {
            return if self.holds_set(dir) {
                Holds::InMseSet
            } else {
                Holds::InMseSetWithoutSetFile
            };
        }
        match format_from_extension(path) {
            Some(super::Format::Text) => {
                let head = crate::read::head(path).unwrap_or_default();
                if forge_shape::is_edition(&head) {
                    Holds::ForgeEdition
                } else {
                    Holds::Cards
                }
            }
            Some(_) => Holds::Cards,
            None if self.holds_set(dir) => Holds::InMseSet,
            None => Holds::NoCardFormat,
        }
    }

    /// Whether the folder `dir` holds a set's `set` file: any regular file of that name in a folder
    /// named as a set (its reader says what is wrong with it), one that starts as Magic Set Editor
    /// writes a set elsewhere.
    fn holds_set(&mut self, dir: &Path) -> bool {
        *self
            .set_folders
            .entry(dir.to_path_buf())
            .or_insert_with(|| {
                let set = dir.join("set");
                if is_set_folder_by_name(dir) {
                    std::fs::symlink_metadata(&set).is_ok_and(|meta| meta.is_file())
                } else {
                    crate::read::head(&set).is_some_and(|head| mse_shape::is_set_file("set", &head))
                }
            })
    }
}

/// Whether `path` is a set saved as a zip (`Dusk.mse-set`, a file).
pub fn is_mse_zip(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case(mse_zip::EXTENSION))
        && path.is_file()
}

/// The card files that `text`, the contents of `path`, includes when it is a Magic Set Editor
/// `set` file: the files beside it that its `include_file:` lines name, each once, but those
/// `listed` already (named on the command line too), and at most as many bytes in all as a zip's
/// members may hold. A name that would lead out of the set's folder is a problem at its place in
/// `text`, and is not read; so are the files past the bound.
pub fn set_includes(
    path: &Path,
    text: &str,
    listed: &dyn Fn(&Path) -> bool,
) -> (Vec<PathBuf>, Vec<SourceError>) {
    let (mut files, mut problems) = (Vec::new(), Vec::new());
    if format_of(path, text) != Format::Mse {
        return (files, problems);
    }
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut budget = ZipLimits::default().max_total;
    for include in mse_includes(text) {
        if let Some(why) = mse_zip::unsafe_name(&include.file) {
            problems.push(SourceError::new(
                include.span,
                format!(
                    "`include_file: {}` names a file that {why}: it is not read",
                    include.file
                ),
            ));
            continue;
        }
        let file = dir.join(&include.file);
        if listed(&file) {
            continue;
        }
        // Measured without following a link (the read judges where one leads); a file that
        // cannot be measured is read, to say why it cannot.
        let size = std::fs::symlink_metadata(&file).map_or(0, |meta| meta.len());
        if size > budget {
            problems.push(SourceError::new(
                include.span,
                format!(
                    "`include_file: {}` is not read, nor any file after it: the set's card files \
                     hold more than the {} phaselint reads of a set",
                    include.file,
                    mse_zip::in_words(ZipLimits::default().max_total)
                ),
            ));
            break;
        }
        budget -= size;
        files.push(file);
    }
    (files, problems)
}

/// A folder named as Magic Set Editor names a set (`Dusk.mse-set`).
fn is_set_folder_by_name(dir: &Path) -> bool {
    dir.extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case(mse_zip::EXTENSION))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (path, text) in files {
            let path = dir.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn a_set_is_known_by_its_content_under_any_folder_name() {
        let set = "mse version: 2.0.2\ngame: magic\ninclude_file: card A\n";
        let dir = tree(&[
            ("My Set/set", set),
            ("My Set/card A", "card:\n\tname: A\n"),
            ("My Set/image1", "\u{1}PNG"),
            ("My Set/notes.yaml", "- name: B\n"),
            ("My Set.mse-set", "PK"),
            ("Other.mse-set", "PK"),
            ("plain/set", "not a set\n"),
            ("Old.mse-set/card C", "card:\n\tname: C\n"),
            ("game-first/set", "game: magic\nmse_version: 2.0.0\n"),
        ]);
        let mut sniffer = Sniffer::default();
        let holds = |sniffer: &mut Sniffer, path: &str| sniffer.holds(&dir.path().join(path));
        assert_eq!(holds(&mut sniffer, "My Set/set"), Holds::MseSet);
        assert_eq!(holds(&mut sniffer, "My Set/card A"), Holds::InMseSet);
        assert_eq!(holds(&mut sniffer, "My Set/image1"), Holds::InMseSet);
        // A file of a card format beside a set is read as itself.
        assert_eq!(holds(&mut sniffer, "My Set/notes.yaml"), Holds::Cards);
        assert_eq!(holds(&mut sniffer, "My Set.mse-set"), Holds::ZipOfSetFolder);
        assert_eq!(holds(&mut sniffer, "Other.mse-set"), Holds::MseZip);
        assert_eq!(holds(&mut sniffer, "plain/set"), Holds::NoCardFormat);
        assert_eq!(
            holds(&mut sniffer, "Old.mse-set/card C"),
            Holds::InMseSetWithoutSetFile
        );
        assert_eq!(holds(&mut sniffer, "game-first/set"), Holds::MseSet);
    }

    #[test]
    fn a_forge_edition_file_is_no_card_file() {
        let dir = tree(&[
            (
                "editions/Dawn.txt",
                "[metadata]\nCode=CWD\nName=Dawn\n\n[cards]\n1 C Ember Runner\n",
            ),
            (
                "cardsfolder/e/ember_runner.txt",
                "Name:Ember Runner\nTypes:Creature\n",
            ),
            ("cards.txt", "Ember Runner\nCreature\nHaste\n"),
        ]);
        let mut sniffer = Sniffer::default();
        let holds = |sniffer: &mut Sniffer, path: &str| sniffer.holds(&dir.path().join(path));
        assert_eq!(
            holds(&mut sniffer, "editions/Dawn.txt"),
            Holds::ForgeEdition
        );
        assert_eq!(
            holds(&mut sniffer, "cardsfolder/e/ember_runner.txt"),
            Holds::Cards
        );
        assert_eq!(holds(&mut sniffer, "cards.txt"), Holds::Cards);
    }
}
