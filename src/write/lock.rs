//! An advisory lock on a file being fixed, held from its read to the rename of its new text, so
//! that two `--fix` runs over one file take turns: the second reads what the first wrote.
//!
//! The lock is `flock` on the file itself. The rename puts a new file at the path, so a run that
//! waited on the old file's lock finds the path holds another file, and locks that one instead.
//! Other writers (an editor) take no lock; for them the check that the file is unchanged, just
//! before the rename, remains.

use std::path::Path;

/// Held until dropped. Holds nothing where the file could not be locked: reading it reports why,
/// or the unchanged check guards the write.
pub struct FixLock {
    #[cfg(unix)]
    _file: Option<std::fs::File>,
}

/// Waits for the lock on the file at `path` (a link's target inside its tree), the file the path
/// holds once it is locked.
pub fn lock_for_fix(path: &Path) -> FixLock {
    #[cfg(unix)]
    {
        FixLock {
            _file: lock_current(path),
        }
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        FixLock {}
    }
}

#[cfg(unix)]
fn lock_current(path: &Path) -> Option<std::fs::File> {
    use rustix::fs::{FlockOperation, OFlags, flock};
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    // Each turn, another run renamed a new file over the path while this one waited; a few
    // hundred of them means something else is at work, and the unchanged check is left.
    for _ in 0..256 {
        crate::tree::judge(path).ok()?;
        if !std::fs::metadata(path).ok()?.is_file() {
            return None;
        }
        // Not blocking: a FIFO put in the file's place does not hang the run.
        let file = std::fs::File::options()
            .read(true)
            .custom_flags(OFlags::NONBLOCK.bits() as i32)
            .open(path)
            .ok()?;
        flock(&file, FlockOperation::LockExclusive).ok()?;
        let locked = file.metadata().ok()?;
        let now = std::fs::metadata(path).ok()?;
        if (locked.dev(), locked.ino()) == (now.dev(), now.ino()) {
            return Some(file);
        }
    }
    None
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_waits_for_the_first_and_takes_the_new_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cards.yaml");
        std::fs::write(&path, "old").unwrap();
        let first = lock_for_fix(&path);
        let waiting = {
            let path = path.clone();
            std::thread::spawn(move || {
                let _second = lock_for_fix(&path);
                std::fs::read_to_string(&path).unwrap()
            })
        };
        std::thread::sleep(std::time::Duration::from_millis(50));
        // As a fix writes: a new file renamed over the path, then the lock let go.
        let new = dir.path().join("new");
        std::fs::write(&new, "new").unwrap();
        std::fs::rename(&new, &path).unwrap();
        drop(first);
        assert_eq!(waiting.join().unwrap(), "new");
    }
}
