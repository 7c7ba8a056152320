//! Writing a fixed file back: atomically, only over the file that was checked, and keeping what
//! the file is besides its text (owner, group, mode, links); and writing a report to a file.
//!
//! The new text goes to a temporary file in the same directory, which is renamed over the file:
//! readers see the old file or the new one, never half of one. What a rename would lose or
//! overwrite is refused with a reason instead: a read-only file, a file with other hard links, a
//! file whose owner cannot be kept, and a file that changed since it was read. Two runs fixing
//! one file take turns ([`lock_for_fix`]). Temporary files are removed when the run is
//! interrupted ([`remove_temp_files`], called by the binary's signal handler), and none is
//! created after that.
//!
//! Architecture invariant: bytes to files; it knows nothing of card text, fixes or rules
//! (`crate::fix` makes the text it writes).

mod lock;
mod temp;

pub use lock::{FixLock, lock_for_fix};
pub use temp::remove_temp_files;

use std::io::{Read, Write};
use std::path::Path;
use temp::TempFile;

/// Replaces the file at `path`, whose text was `expected` when it was read, with `contents`. The
/// error says, in lower case, why nothing was written. A symbolic link inside its tree is
/// followed: the link stays, and its target is replaced; one out of its tree, or into `.git`, is
/// refused ([`crate::tree`]), as reading it is.
pub fn replace_file(
    path: &Path,
    expected: impl AsRef<[u8]>,
    contents: impl AsRef<[u8]>,
) -> Result<(), String> {
    let (expected, contents) = (expected.as_ref(), contents.as_ref());
    let io = |error: std::io::Error| crate::read::io_message(&error);
    crate::tree::judge(path).map_err(|refusal| refusal.message().to_string())?;
    let target = std::fs::canonicalize(path).map_err(io)?;
    let dir = parent(&target);
    let before = std::fs::metadata(&target).map_err(io)?;
    refuse_what_a_rename_would_break(&before)?;

    let temp = TempFile::new_in(dir, 0o600).map_err(io)?;
    write_all(&temp, contents).map_err(io)?;
    temp.as_file()
        .set_permissions(before.permissions())
        .map_err(io)?;
    keep_owner(temp.as_file(), &before)?;
    temp.as_file().sync_all().map_err(io)?;
    if !unchanged(&target, &before, expected) {
        return Err("the file changed while it was being fixed".to_string());
    }
    temp.persist(&target).map_err(io)?;
    sync_dir(dir);
    Ok(())
}

/// [`replace_file`] for a text file read as `old`: both written in the file's own encoding, so a
/// file read as Windows-1252 is written back in it, never turned into UTF-8 (a text that
/// Windows-1252 cannot hold is refused, and nothing is written).
pub fn replace_text(path: &Path, old: &crate::read::FileText, new: &str) -> Result<(), String> {
    let encoding = old.encoding();
    let new = encoding.encode(new)?;
    let old = encoding.encode(old)?;
    replace_file(path, old, new)
}

/// Why [`replace_file`] would refuse the file at `path`, as far as its metadata tells before it is
/// fixed: a read-only file, a file with other hard links. `None` where it may be written, or cannot
/// be asked; what only the write finds (an owner that cannot be kept, a change under it) is not
/// foreseen.
pub fn refusal(path: &Path) -> Option<String> {
    let metadata = std::fs::metadata(path).ok()?;
    refuse_what_a_rename_would_break(&metadata).err()
}

/// Writes `contents` to a new file at `path` (a report, `--output-file`): through a temporary
/// file in the same directory, renamed over the path, so that a symbolic link at the path is
/// replaced, never written through (a pull request's `phaselint.sarif -> ../victim`), and a
/// reader never sees half a report. The directory is judged as a read is ([`crate::tree`]).
/// `contents` are bytes: a test's card file may be no text on purpose.
pub fn write_new(path: &Path, contents: impl AsRef<[u8]>) -> Result<(), String> {
    let io = |error: std::io::Error| crate::read::io_message(&error);
    let dir = parent(path);
    crate::tree::judge(dir).map_err(|refusal| refusal.message().to_string())?;
    // Read and write for everyone the umask allows, as `std::fs::write` would create it.
    let temp = TempFile::new_in(dir, 0o666).map_err(io)?;
    write_all(&temp, contents.as_ref()).map_err(io)?;
    temp.as_file().sync_all().map_err(io)?;
    temp.persist(path).map_err(io)?;
    sync_dir(dir);
    Ok(())
}

/// The directory `path` is in: `.` for a bare name.
fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

fn write_all(temp: &TempFile, contents: &[u8]) -> std::io::Result<()> {
    let mut file = temp.as_file();
    file.write_all(contents)?;
    file.flush()
}

/// Makes a rename durable. Best effort: the new contents are in place already, and some file
/// systems cannot open or sync a directory.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(handle) = std::fs::File::open(dir) {
        let _ = handle.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// A read-only file is refused as editors refuse it; a file with other hard links too, since the
/// rename would leave them with the old text.
fn refuse_what_a_rename_would_break(metadata: &std::fs::Metadata) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let mode = metadata.permissions().mode();
        if mode & 0o222 == 0 {
            return Err(format!("the file is read-only (mode {:o})", mode & 0o7777));
        }
        if metadata.nlink() > 1 {
            return Err(format!(
                "the file has {} hard links, which a rewrite would split",
                metadata.nlink()
            ));
        }
    }
    #[cfg(not(unix))]
    if metadata.permissions().readonly() {
        return Err("the file is read-only".to_string());
    }
    Ok(())
}

/// Gives the new file the old one's owner and group; refuses where the process may not.
fn keep_owner(file: &std::fs::File, before: &std::fs::Metadata) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let now = file
            .metadata()
            .map_err(|error| crate::read::io_message(&error))?;
        if (now.uid(), now.gid()) != (before.uid(), before.gid()) {
            std::os::unix::fs::fchown(file, Some(before.uid()), Some(before.gid())).map_err(
                |error| {
                    format!(
                        "its owner and group ({}:{}) could not be kept: {}",
                        before.uid(),
                        before.gid(),
                        crate::read::io_message(&error)
                    )
                },
            )?;
        }
    }
    #[cfg(not(unix))]
    let _ = (file, before);
    Ok(())
}

/// Whether the file is still what was read: the same size and time, and the same bytes.
fn unchanged(target: &Path, before: &std::fs::Metadata, expected: &[u8]) -> bool {
    let Ok(now) = std::fs::metadata(target) else {
        return false;
    };
    if now.len() != before.len() || now.modified().ok() != before.modified().ok() {
        return false;
    }
    let mut text = Vec::with_capacity(expected.len());
    let read = std::fs::File::open(target)
        .and_then(|file| file.take(expected.len() as u64 + 1).read_to_end(&mut text));
    read.is_ok() && text == expected
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn file(text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cards.yaml");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    fn names(dir: &Path) -> Vec<std::ffi::OsString> {
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_contents_and_leaves_no_temporary_file() {
        let (dir, path) = file("old contents that are longer\n");
        replace_file(&path, "old contents that are longer\n", "new\u{2014}\r\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\u{2014}\r\n");
        assert_eq!(names(dir.path()), ["cards.yaml"]);
    }

    #[test]
    fn a_windows_1252_file_is_written_back_in_it_or_not_at_all() {
        let (_dir, path) = file("");
        std::fs::write(&path, b"- name: \xc9veil\n  text: x\n").unwrap();
        let old = crate::read::read_card_file(&path, 1 << 20, false).unwrap();
        assert_eq!(&*old, "- name: \u{c9}veil\n  text: x\n");
        replace_text(&path, &old, "- name: \u{c9}veil \u{2014}\n  text: x\n").unwrap();
        assert_eq!(
            std::fs::read(&path).unwrap(),
            b"- name: \xc9veil \x97\n  text: x\n"
        );
        // A character Windows-1252 cannot hold: refused, nothing written.
        let old = crate::read::read_card_file(&path, 1 << 20, false).unwrap();
        let error = replace_text(&path, &old, "- name: \u{c9}veil \u{2192}\n").unwrap_err();
        assert!(error.contains("U+2192"), "{error}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            b"- name: \xc9veil \x97\n  text: x\n"
        );
    }

    #[test]
    fn a_file_changed_since_it_was_read_is_not_written() {
        let (dir, path) = file("old\nand a line appended\n");
        let error = replace_file(&path, "old\n", "new\n").unwrap_err();
        assert_eq!(error, "the file changed while it was being fixed");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "old\nand a line appended\n"
        );
        assert_eq!(names(dir.path()), ["cards.yaml"]);
    }

    #[cfg(unix)]
    #[test]
    fn keeps_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let (_dir, path) = file("old");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        replace_file(&path, "old", "new").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let (_dir, path) = file("old");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        let error = replace_file(&path, "old", "new").unwrap_err();
        assert_eq!(error, "the file is read-only (mode 444)");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
    }

    #[cfg(unix)]
    #[test]
    fn a_file_with_other_hard_links_is_refused() {
        let (dir, path) = file("old");
        let twin = dir.path().join("twin.yaml");
        std::fs::hard_link(&path, &twin).unwrap();
        let error = replace_file(&path, "old", "new").unwrap_err();
        assert_eq!(
            error,
            "the file has 2 hard links, which a rewrite would split"
        );
        assert_eq!(std::fs::read_to_string(&twin).unwrap(), "old");
    }

    #[cfg(unix)]
    #[test]
    fn keeps_a_symlink() {
        let (dir, target) = file("old");
        let link = dir.path().join("link.yaml");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        replace_file(&link, "old", "new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
    }

    #[cfg(unix)]
    #[test]
    fn keeps_the_owner_and_group_where_it_may() {
        use std::os::unix::fs::MetadataExt;
        let (_dir, path) = file("old");
        // Only root may give a file away; elsewhere the file is ours and stays ours.
        let other = std::os::unix::fs::chown(&path, Some(65534), Some(65534));
        replace_file(&path, "old", "new").unwrap();
        let metadata = std::fs::metadata(&path).unwrap();
        if other.is_ok() {
            assert_eq!((metadata.uid(), metadata.gid()), (65534, 65534));
        }
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    }

    #[cfg(unix)]
    #[test]
    fn a_report_replaces_a_link_and_leaves_its_target_alone() {
        let (dir, target) = file("victim");
        let link = dir.path().join("phaselint.sarif");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_new(&link, "report").unwrap();
        assert!(!std::fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "report");
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "victim");
        // A dangling link: its target is not created.
        let missing = dir.path().join("missing.txt");
        std::fs::remove_file(&link).unwrap();
        std::os::unix::fs::symlink(&missing, &link).unwrap();
        write_new(&link, "report").unwrap();
        assert!(!missing.exists());
        assert_eq!(names(dir.path()), ["cards.yaml", "phaselint.sarif"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_report_is_created_as_a_plain_write_creates_a_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain");
        std::fs::write(&plain, "").unwrap();
        let report = dir.path().join("report");
        write_new(&report, "x").unwrap();
        let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&report), mode(&plain));
    }
}
