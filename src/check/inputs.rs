//! What a walked file holds to check besides its own text: the card files a Magic Set Editor
//! `set` file includes (`include_file: card NAME`, each a file of its own beside it), and the
//! members of a set saved as a `.mse-set` zip, read in memory and never written. `check`,
//! `stats` and `findings` read sets the same way through it. Which files a set includes and what
//! is a set's zip, the source layer says ([`crate::source::holds`]); this reads them.

use crate::read::{FileText, ReadError};
use crate::source::mse_zip::{self, ZipErrorKind, ZipLimits};
use crate::source::{self, Format, SourceError};
use crate::walk::Walked;
use std::path::{Path, PathBuf};

pub use crate::source::holds::is_mse_zip;

/// A text read from a zip: its name in reports (`Dusk.mse-set!set`), and the text.
pub struct Member {
    pub shown: PathBuf,
    pub text: String,
}

/// What a zip holds: its members, or why none is read.
pub enum Zip {
    Members(Vec<Member>),
    /// A zip with no `set` file: the message of the note that says so.
    NoSet(String),
    Unreadable(ReadError),
}

/// The `set` file of the zip `path` (one of `walked`'s files) and the card files it includes, at
/// most `max` bytes of zip and of text.
pub fn zip_members(walked: &Walked, path: &Path, max: u64) -> Zip {
    let bytes = match walked.read_bytes(path, max) {
        Ok(bytes) => bytes,
        Err(error) => return Zip::Unreadable(error),
    };
    let limits = ZipLimits {
        max_total: ZipLimits::default().max_total.min(max),
        ..ZipLimits::default()
    };
    match mse_zip::read_mse_zip(&bytes, &limits) {
        Ok(members) => Zip::Members(
            members
                .into_iter()
                .map(|member| Member {
                    shown: PathBuf::from(format!(
                        "{}!{}",
                        crate::file_name::shown(path),
                        member.name
                    )),
                    text: member.text,
                })
                .collect(),
        ),
        Err(error) if error.kind == ZipErrorKind::NotASet => Zip::NoSet(error.message),
        Err(error) => Zip::Unreadable(ReadError::at_start(error.message)),
    }
}

/// The card files that `text`, the contents of `path`, includes when it is a Magic Set Editor
/// `set` file: the files beside it that its `include_file:` lines name, each once, but those
/// `walked` lists already (named on the command line too), and at most as many bytes in all as a
/// zip's members may hold. A name that would lead out of the set's folder is a problem at its
/// place in `text`, and is not read; so are the files past the bound. Standard input includes
/// nothing: its folder is not known, and `--fix -` writes no file.
pub fn set_includes(walked: &Walked, path: &Path, text: &str) -> (Vec<PathBuf>, Vec<SourceError>) {
    if path.as_os_str() == "-" {
        return (Vec::new(), Vec::new());
    }
    source::holds::set_includes(path, text, &|file| walked.lists(file))
}

/// The note for a `set` file read from standard input whose `include_file:` lines name card
/// files: [`set_includes`] reads none of them. At the first such line.
pub fn unread_includes_of_stdin(path: &Path, text: &str) -> Option<source::SourceNote> {
    if path.as_os_str() != "-" || source::format_of(path, text) != Format::Mse {
        return None;
    }
    let first = source::mse_includes(text).into_iter().next()?;
    Some(source::SourceNote {
        kind: source::NoteKind::NotACardFile,
        span: first.span,
        message: "no card in this set: the card files it includes are not read from standard input"
            .to_string(),
        help: Some(
            "check the set's folder (`phaselint check NAME.mse-set`) to check its card files"
                .to_string(),
        ),
    })
}

/// Each text one of `walked`'s files holds, as [`crate::check::check_paths`] reads them for a run
/// that writes no file (a large one mapped), with the name reports give it: the file; a `set`
/// file, then the card files it includes; a set's zip, each of its members. A zip with no `set`
/// file gives nothing. What could not be read is returned, with the name it was read by.
pub fn each_text(
    walked: &Walked,
    path: &Path,
    max: u64,
    on_text: &mut dyn FnMut(&Path, FileText),
) -> Vec<(PathBuf, ReadError)> {
    let mut unreadable = Vec::new();
    let mut take = |name: &Path, text: Result<FileText, ReadError>| match text {
        // JSON and XML must be UTF-8: one read as Windows-1252 is unreadable, as `check` says.
        Ok(text) => match text.not_utf8() {
            Some((error, _)) if !source::format_of(name, &text).reads_windows_1252() => {
                unreadable.push((name.to_path_buf(), error.clone()));
            }
            _ => on_text(name, text),
        },
        Err(error) => unreadable.push((name.to_path_buf(), error)),
    };
    if is_mse_zip(path) {
        match zip_members(walked, path, max) {
            Zip::Members(members) => {
                for member in members {
                    take(&member.shown, Ok(member.text.into()));
                }
            }
            Zip::NoSet(_) => {}
            Zip::Unreadable(error) => take(path, Err(error)),
        }
        return unreadable;
    }
    let text = walked.read_text(path, max);
    let (included, _) = match &text {
        Ok(text) => set_includes(walked, path, text),
        Err(_) => (Vec::new(), Vec::new()),
    };
    take(path, text);
    for card_file in included {
        take(
            &card_file,
            crate::read::read_card_file(&card_file, max, false),
        );
    }
    unreadable
}
