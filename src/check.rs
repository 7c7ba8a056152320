//! One checked file: its text and what was found in it.

use crate::diagnostic::Diagnostic;
use std::sync::Arc;

/// A file after checking, ready for the reporters.
#[derive(Debug, Clone)]
pub struct CheckedFile {
    /// The path as the user gave it or as the walk found it, `-` for stdin.
    pub path: String,
    /// The file's text. For a file that is not UTF-8, the valid part before the first bad byte.
    pub source: Arc<String>,
    /// Sorted by span start.
    pub diagnostics: Vec<Diagnostic>,
    /// How many cards were read from it.
    pub cards: usize,
    /// How many fixes `--fix` applied to it.
    pub fixed: usize,
    /// The file could not be read whole (I/O error, not UTF-8, malformed YAML or JSON): exit 2.
    pub failed: bool,
}
