//! phaselint: the timing and duration phrases of Magic: The Gathering card text, parsed with a PEG
//! grammar and mapped onto the turn model of the Comprehensive Rules (CR 500-514).
//!
//! The library never prints; the binary's reporters do.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod check;
pub mod cli;
pub mod config;
pub mod diagnostic;
pub mod explain;
pub mod export;
pub mod fix;
pub mod lint;
pub mod model;
pub mod parallel;
pub mod phrase;
pub mod report;
pub mod resolve;
pub mod rules;
pub mod selection;
pub mod source;
pub mod stats;
pub mod turn;
pub mod walk;
