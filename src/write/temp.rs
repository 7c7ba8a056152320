//! The temporary files being written, so that an interrupted run removes them all.
//!
//! A file is registered before it is created, and created under the registry's lock; once
//! [`remove_temp_files`] has run, no thread creates another. So whatever the interrupt finds, it
//! removes, and nothing is created after it (a thread mid-write finds its file gone, and the
//! process exits).

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

struct Registry {
    files: Vec<PathBuf>,
    /// Set by [`remove_temp_files`]: the run is ending.
    stopped: bool,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    files: Vec::new(),
    stopped: false,
});

fn registry() -> MutexGuard<'static, Registry> {
    REGISTRY
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Removes every temporary file being written, and refuses to create any more. For a signal
/// handler (SIGINT, SIGTERM): the run stops, and leaves no `.phaselint-*.tmp` behind.
pub fn remove_temp_files() {
    let mut registry = registry();
    registry.stopped = true;
    remove_all(&registry.files);
}

fn remove_all(files: &[PathBuf]) {
    for file in files {
        let _ = std::fs::remove_file(file);
    }
}

/// A new `.phaselint-*.tmp` in `dir`, created with `mode` (before the umask), removed when
/// dropped unless it was persisted.
pub struct TempFile {
    // Fields drop in order: the file goes before its registration does.
    file: tempfile::NamedTempFile,
    registered: Registered,
}

/// A path in the registry until dropped.
struct Registered(PathBuf);

impl Drop for Registered {
    fn drop(&mut self) {
        registry().files.retain(|file| *file != self.0);
    }
}

impl TempFile {
    pub fn new_in(dir: &Path, mode: u32) -> std::io::Result<TempFile> {
        let file = tempfile::Builder::new()
            .prefix(".phaselint-")
            .suffix(".tmp")
            .make_in(dir, |path| create_registered(path, mode))?;
        let registered = Registered(file.path().to_path_buf());
        Ok(TempFile { file, registered })
    }

    pub fn as_file(&self) -> &std::fs::File {
        self.file.as_file()
    }

    /// Renames the file over `target` (a link there is replaced, not followed).
    pub fn persist(self, target: &Path) -> std::io::Result<()> {
        let TempFile { file, registered } = self;
        let persisted = file.persist(target).map(drop).map_err(|error| error.error);
        drop(registered);
        persisted
    }
}

/// Creates `path` (which must not exist) once it is registered, under the registry's lock: an
/// interrupt either finds it to remove or has stopped its creation.
fn create_registered(path: &Path, mode: u32) -> std::io::Result<std::fs::File> {
    let mut registry = registry();
    if registry.stopped {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "the run was interrupted",
        ));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, mode);
    #[cfg(not(unix))]
    let _ = mode;
    let file = options.open(path)?;
    registry.files.push(path.to_path_buf());
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_temporary_file_is_registered_while_it_lives() {
        let dir = tempfile::tempdir().unwrap();
        let temp = TempFile::new_in(dir.path(), 0o600).unwrap();
        let path = temp.registered.0.clone();
        assert!(path.exists());
        assert!(registry().files.contains(&path));
        // Not remove_temp_files itself: it would remove the files other tests are writing, and
        // stop them.
        remove_all(std::slice::from_ref(&path));
        assert!(!path.exists());
        drop(temp);
        assert!(!registry().files.contains(&path));
    }

    #[test]
    fn a_dropped_file_is_removed_and_a_persisted_one_kept() {
        let dir = tempfile::tempdir().unwrap();
        let temp = TempFile::new_in(dir.path(), 0o600).unwrap();
        let path = temp.registered.0.clone();
        drop(temp);
        assert!(!path.exists());
        let temp = TempFile::new_in(dir.path(), 0o600).unwrap();
        let path = temp.registered.0.clone();
        let target = dir.path().join("kept");
        temp.persist(&target).unwrap();
        assert!(target.exists() && !path.exists());
        assert!(!registry().files.contains(&path));
    }
}
