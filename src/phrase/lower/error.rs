//! What goes wrong in lowering: a pair the grammar cannot produce at a place, reported as
//! [`LowerError`] rather than a panic, and the span a pair covers.
//!
//! A leaf: it imports nothing from the other lowering files, which all import it.

use crate::model::Span;
use crate::phrase::parser::Rule;
use pest::iterators::Pair;
use std::fmt;

/// A parse tree lowering does not know how to read: a mismatch between grammar and lowering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LowerError {
    pub rule: Rule,
    pub span: Span,
    pub context: &'static str,
}

impl fmt::Display for LowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unexpected grammar rule {:?} at bytes {}..{} while reading {}",
            self.rule, self.span.start, self.span.end, self.context
        )
    }
}

impl std::error::Error for LowerError {}

pub(super) type Lowered<T> = Result<T, LowerError>;

pub(super) fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.end())
}

pub(super) fn unexpected<T>(pair: &Pair<'_, Rule>, context: &'static str) -> Lowered<T> {
    Err(LowerError {
        rule: pair.as_rule(),
        span: span_of(pair),
        context,
    })
}
