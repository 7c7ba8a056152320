//! phaselint: the timing and duration phrases of Magic: The Gathering card text, parsed with a PEG
//! grammar and mapped onto the turn model of the Comprehensive Rules (CR 500-514).
//!
//! One pipeline for every front end: the command line (`src/main.rs`, `src/cli/`), the language
//! server (`src/server/`) and the tests call the same functions, and only render what they return.
//!
//! - **Check a path:** [`check::check_paths`] walks paths ([`walk`]), finds each file's
//!   `phaselint.toml` ([`check::Configs`]), reads, checks and, as [`check::CheckOptions`] says,
//!   fixes each file; it returns a [`check::CheckedFile`] per file. [`read::read_file`] reads a
//!   file with the bounds that untrusted input needs, and only inside its tree ([`tree`]).
//! - **Check a text:** [`check::check_text`] checks the contents of one file of a given
//!   [`source::Format`] ([`source::format_of`] picks it); [`check::fix_text`] fixes it as
//!   `--fix` does.
//! - **Explain a phrase:** [`explain::explain`] places each timing phrase of a text on the turn
//!   ([`turn`]); [`resolve::find_and_resolve`] gives the findings in the shape of TIMING-MODEL.md,
//!   and [`export::each_face`] gives them for every card face of a file.
//! - **Editions:** [`edition::Edition`] is an edition of the rules (current, 2009, 2004, or a
//!   year from 2004 on, a point of one dated table of changes) as data below the one turn model:
//!   its names, rule numbers, templates and turn facts. `check` takes it
//!   through [`check::CheckOptions::edition`] or the config, [`explain::explain_in`] explains in
//!   it, and [`compare::compare`] sets two editions side by side.
//! - **Hover:** [`explain::hover`] gives the phrase under a place in a card file and its
//!   explanation as Markdown.
//! - **Render:** [`report::render`] turns checked files into `human`, `short`, `json`, `github`
//!   or `sarif` text.
//!
//! The library never prints and does not depend on clap; the binary's front ends write what it
//! returns.
//!
//! The modules are layered, each importing only from its own layer and those below (lowest
//! first): the vocabulary and plain data ([`model`], [`diagnostic`], [`lines`], [`file_name`],
//! [`parallel`]); the editions' data ([`edition`]); the turn model ([`turn`]); bounded file I/O
//! ([`tree`], [`read`], [`write`](mod@write)); the readers and the grammar ([`source`], [`phrase`]); the
//! resolver ([`resolve`]); judgements and explanations ([`explain`], [`rules`], [`selection`],
//! [`stats`], [`compare`]); the pipeline ([`config`], [`lint`], [`walk`], [`fix`], [`check`],
//! [`export`]); the reporters ([`report`]); and the binary's front ends. `tests/it/architecture.rs`
//! holds the table and fails when an import reaches up, or two files import each other.
#![warn(clippy::print_stdout, clippy::print_stderr)]

// pest without its `std` feature (Cargo.toml) generates code that names `alloc`.
extern crate alloc;
pub mod check;
pub mod compare;
pub mod config;
pub mod diagnostic;
mod edit_distance;
pub mod edition;
pub mod explain;
pub mod export;
pub mod file_name;
pub mod fix;
pub mod lines;
pub mod lint;
pub mod model;
pub mod parallel;
pub mod phrase;
pub mod read;
pub mod report;
pub mod resolve;
pub mod rules;
pub mod selection;
pub mod source;
pub mod stats;
pub mod tree;
pub mod turn;
pub mod walk;
pub mod write;
