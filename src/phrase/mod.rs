//! Finding timing phrases in card text: the pest grammar, the finder that walks whole card texts,
//! and the lowering of parse trees into the typed syntax of `ast`.
//!
//! Architecture invariant: the grammar knows card text and the vocabulary of `crate::model`, and
//! nothing of what a phrase means on the turn (`crate::resolve`), of rules or of files.

pub mod ast;
mod parser;
mod reading;
mod scan;

pub use parser::{Rule, TimingParser};
mod finder;
mod first_pairs;
pub mod keywords;
mod lower;
mod memo;
mod templates;
pub mod timing_words;
mod walk;
mod work;

pub use finder::{
    FindError, Found, MAX_PHRASES, MAX_WHOLE_LINE_BRACKETS, find, find_by_whole_lines,
    find_by_whole_lines_named, find_named,
};
pub use lower::LowerError;
pub use reading::CardName;
pub use scan::prepare;
pub use walk::MAX_NESTING;
pub use work::{MIN_WORK, WORK_PER_BYTE, Work};
