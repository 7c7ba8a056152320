//! The plain diagnostic: what a rule or an input reader reports, as data. Spans are byte ranges in
//! the checked file; how a diagnostic is printed is the reporters' business (src/report/).
//!
//! Architecture invariant: plain data; it knows nothing of the rules' logic, card formats, files or
//! how a diagnostic is rendered.

use serde::Serialize;
use std::fmt;
use std::ops::Range;

/// How serious a diagnostic is. A rule's level is its default severity; config can change it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a fix may be applied without a person reading it (as ruff's `Applicability`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Applicability {
    /// Shown, never applied.
    DisplayOnly,
    /// Applied with `--unsafe-fixes`: the text does not decide between readings.
    Unsafe,
    /// Applied with `--fix`: keeps the meaning.
    Safe,
}

impl Applicability {
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::DisplayOnly => "display-only",
            Applicability::Unsafe => "unsafe",
            Applicability::Safe => "safe",
        }
    }
}

/// Replace the file's bytes `start..end` with `replacement`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Edit {
    pub start: usize,
    pub end: usize,
    pub replacement: String,
}

/// A fix: edits that are applied together, or not at all.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fix {
    pub applicability: Applicability,
    /// What the fix does, in a few words: "replace with \"Activate only\"".
    pub message: String,
    pub edits: Vec<Edit>,
}

/// A secondary place the diagnostic points at, with its own message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Label {
    pub span: Range<usize>,
    pub message: String,
}

/// One reported problem.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// The rule's stable code ("PL001").
    pub code: &'static str,
    /// The rule's kebab-case name.
    pub name: &'static str,
    pub severity: Severity,
    /// Starts lower-case, no trailing period.
    pub message: String,
    pub help: Option<String>,
    /// The words in the file, as bytes.
    pub span: Range<usize>,
    /// More places, such as the trigger that makes a phrase wrong.
    pub labels: Vec<Label>,
    /// The card's name, when the diagnostic is about a card.
    pub card: Option<String>,
    /// The Comprehensive Rules the statement rests on.
    pub cr: Vec<&'static str>,
    pub fix: Option<Fix>,
}

impl Diagnostic {
    /// The same diagnostic with every place at or after `from` moved `by` bytes (wrapping:
    /// moving back is adding the complement), for a card whose bytes moved.
    pub fn moved_from(&mut self, from: usize, by: usize) {
        self.span = moved_from(&self.span, from, by);
        for label in &mut self.labels {
            label.span = moved_from(&label.span, from, by);
        }
        for edit in self.fix.iter_mut().flat_map(|fix| &mut fix.edits) {
            edit.start = moved_at(edit.start, from, by);
            edit.end = moved_at(edit.end, from, by);
        }
    }
}

/// `span` with each end at or after `from` moved `by` bytes, wrapping (see
/// [`Diagnostic::moved_from`]).
pub fn moved_from(span: &Range<usize>, from: usize, by: usize) -> Range<usize> {
    moved_at(span.start, from, by)..moved_at(span.end, from, by)
}

/// Byte `at` moved `by` when it is at or after `from`.
pub fn moved_at(at: usize, from: usize, by: usize) -> usize {
    if at >= from { at.wrapping_add(by) } else { at }
}

/// A message from a library, in our convention: lower-case start, no trailing period.
pub(crate) fn clean_message(message: &str) -> String {
    let message = message.trim().trim_end_matches('.');
    let mut chars = message.chars();
    match chars.next() {
        // Keep acronyms ("TOML") as they are.
        Some(first) if !chars.next().is_some_and(char::is_uppercase) => first
            .to_lowercase()
            .chain(message[first.len_utf8()..].chars())
            .collect(),
        _ => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_follow_the_convention() {
        assert_eq!(clean_message("Invalid key."), "invalid key");
        assert_eq!(clean_message("TOML parse error"), "TOML parse error");
        assert_eq!(clean_message(""), "");
    }
}
