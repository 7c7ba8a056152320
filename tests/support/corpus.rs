//! Shared by the integration tests: the real card pool in ../shared/corpus and the rule files in
//! ../shared/rules, which are not shipped with phaselint.

use std::io::Write;
use std::path::PathBuf;

/// A file of ../shared/corpus, if it is there.
pub fn corpus_file(name: &str) -> Option<PathBuf> {
    shared_file(&format!("corpus/{name}"))
}

/// A file of ../shared (the corpus, the rule files), if it is there.
pub fn shared_file(path: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(path);
    path.is_file().then_some(path)
}

/// Writes past libtest's output capture, so the message is seen on a passing run.
pub fn tell(message: &str) {
    let _ = writeln!(std::io::stderr(), "{message}");
}
