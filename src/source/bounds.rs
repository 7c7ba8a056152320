//! How much of a broken file the readers that step over errors report: the first
//! [`MAX_ERRORS`], then one that says reading stopped. An error costs a hundred bytes or more
//! for a few bytes of input (a bad entity, a stray quote), so a file of nothing else would
//! otherwise cost many times its size.

use super::SourceError;

/// Errors a reader reports of one file before it stops.
pub(super) const MAX_ERRORS: usize = 1_000;

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
