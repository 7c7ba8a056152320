//! How much of a broken file the readers that step over errors report: the first
//! [`MAX_ERRORS`], then one that says reading stopped. An error costs a hundred bytes or more
//! for a few bytes of input (a bad entity, a stray quote), so a file of nothing else would
//! otherwise cost many times its size.

use super::SourceError;
use std::ops::Range;

/// Errors a reader reports of one file before it stops.
pub(super) const MAX_ERRORS: usize = 1_000;

/// Faces a reader gives one card (a Magic Set Editor card's levels, a Forge script's `ALTERNATE`
/// faces, a JSON card's `card_faces` or AtomicCards faces): real cards have at most a handful; past this, a reader reports one error and reads no
/// more faces of that card, so a card of a million empty faces costs no more than a card.
pub(super) const MAX_FACES: usize = 16;

/// Whether `errors` is full; when it has just filled, the error that says reading stops at `at`
/// is added.
pub(super) fn full(errors: &mut Vec<SourceError>, text: &str, at: usize) -> bool {
    if errors.len() == MAX_ERRORS {
        errors.push(SourceError::at(
            text,
            at,
            format!(
                "too many errors in this file: reading stopped here, after the first {MAX_ERRORS}"
            ),
        ));
    }
    errors.len() > MAX_ERRORS
}

/// Adds `error`, unless `errors` is full: then the error that says reading stops is added at its
/// place instead, and false says to stop.
pub(super) fn report(errors: &mut Vec<SourceError>, text: &str, error: SourceError) -> bool {
    if full(errors, text, error.span.start) {
        return false;
    }
    errors.push(error);
    true
}

/// The error at the first face of a card past [`MAX_FACES`], at `span`.
pub(super) fn too_many_faces(span: Range<usize>) -> SourceError {
    SourceError::new(
        span,
        format!(
            "more than {MAX_FACES} faces in one card: phaselint reads none after the {MAX_FACES}th"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_stop_error_after_the_bound() {
        let text = "abc";
        let mut errors: Vec<SourceError> = (0..MAX_ERRORS)
            .map(|_| SourceError::new(0..1, "x"))
            .collect();
        assert!(full(&mut errors, text, 2));
        assert!(full(&mut errors, text, 2));
        assert_eq!(errors.len(), MAX_ERRORS + 1);
        assert_eq!(errors[MAX_ERRORS].span, 2..3);
        errors.truncate(MAX_ERRORS - 1);
        assert!(!full(&mut errors, text, 0));
    }
}
