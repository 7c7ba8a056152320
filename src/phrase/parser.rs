//! The pest parser generated from grammar/timing.pest.

use pest_derive::Parser;

/// The timing grammar; its rules are documented in the grammar file.
#[derive(Parser)]
#[grammar = "grammar/timing.pest"]
pub struct TimingParser;
