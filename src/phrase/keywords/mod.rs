//! Keyword abilities (CR 702): the one table of them, and where card text uses them. A keyword
//! whose definition holds a timing phrase ("Echo [cost]" means "At the beginning of your upkeep,
//! ...", 702.30a) says what that phrase says, in the syntax of `ast`, so the resolver gives the
//! keyword exactly the meaning it gives the same words in reminder text. A keyword with no timing
//! in its definition is in the table too, with nothing to say: it is still a word of a keyword
//! line ("Flying, flash").
//!
//! Keywords are read on keyword lines (a comma list of keywords with their costs and numbers,
//! optionally followed by reminder text) and where an effect grants them ("has flash", "gains
//! haste"), held by the object they are granted to (`holder`); a keyword a sentence only names
//! ("if it doesn't have suspend") is no ability and no finding. Both ways are plain scans of the
//! line, a few comparisons a word.
//!
//! The keyword's types are the AST's (`ast::Keyword`, `ast::Says`, `ast::KeywordUse`): a keyword's
//! definition is said in the syntax of `ast`, and a phrase holds the keyword it uses. This module
//! is the table of them (`table`), the reader that finds them in a line (`reader`) and who holds a
//! granted one (`holder`); they import the AST, never the reverse.

mod holder;
mod reader;
mod table;

pub use super::ast::{Keyword, KeywordUse, Parameter, Says};
pub use reader::find;
pub(super) use reader::{find_knowing_verbs, verbs};
pub use table::{KEYWORDS, keyword_at, special_action};
