//! A panic in the library, caught so that it costs one document its check, not every open
//! document its diagnostics: the session goes on, and the document says what went wrong.
//!
//! The panic hook still runs first and writes its message (and a backtrace, with
//! `RUST_BACKTRACE`) to stderr, never to stdout, which carries the protocol.

use std::any::Any;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// A panic caught while phaselint worked on a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    panic: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an internal error, please report it: {}", self.panic)
    }
}

impl Failure {
    /// What is said on the document, and in answer to a request about it.
    pub fn on_document(&self) -> String {
        format!("phaselint failed on this document: {self}")
    }
}

/// Runs `work` on the document `text`, catching a panic. The work reads the document and builds
/// its answer: a panic drops what was being built, and leaves no shared state half done.
pub fn run<T>(text: &str, work: impl FnOnce() -> T) -> Result<T, Failure> {
    catch(|| {
        panic_on_purpose(text);
        work()
    })
}

/// Runs `work`, catching a panic.
pub fn catch<T>(work: impl FnOnce() -> T) -> Result<T, Failure> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|payload| Failure {
        panic: message(payload.as_ref()),
    })
}

/// What a panic said: `panic!` gives a `&str` or a `String`.
fn message(payload: &(dyn Any + Send)) -> String {
    match payload.downcast_ref::<&str>() {
        Some(text) => text.to_string(),
        None => payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_else(|| "a panic without a message".into()),
    }
}

/// The tests' way to make a check panic, as a bug would (`tests/it/server.rs`): in a debug build, a
/// document that holds the text of the environment variable `PHASELINT_TEST_PANIC` panics. Release
/// builds have no such way.
#[cfg(debug_assertions)]
fn panic_on_purpose(text: &str) {
    static MARKER: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let marker = MARKER.get_or_init(|| {
        std::env::var("PHASELINT_TEST_PANIC")
            .ok()
            .filter(|marker| !marker.is_empty())
    });
    if marker
        .as_deref()
        .is_some_and(|marker| text.contains(marker))
    {
        panic!("a panic asked for by PHASELINT_TEST_PANIC");
    }
}

#[cfg(not(debug_assertions))]
fn panic_on_purpose(_: &str) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_caught_with_its_message() {
        let number = 7;
        let formatted = run("", || -> u8 { panic!("index {number} out of range") });
        let literal = run("", || -> u8 { panic!("a literal") });
        let other = run("", || -> u8 { std::panic::panic_any(5) });
        assert_eq!(
            formatted.map_err(|f| f.on_document()),
            Err(
                "phaselint failed on this document: an internal error, please report it: \
                 index 7 out of range"
                    .into()
            )
        );
        assert_eq!(literal.map_err(|f| f.panic), Err("a literal".into()));
        assert_eq!(
            other.map_err(|f| f.panic),
            Err("a panic without a message".into())
        );
        assert_eq!(run("", || 3), Ok(3));
    }
}
