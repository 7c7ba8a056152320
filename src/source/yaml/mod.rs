//! YAML custom sets: a document is one card map, a list of card maps, or a map with a `cards:`
//! list. Every document of a multi-document file (`---`) is read.
//!
//! The file is read into a small tree of spanned nodes first (custom sets are hand-written and
//! small), so a field of the wrong type is an error for that card, not for the file.
//!
//! One job a file: `parse` runs the parser, `node` is its tree, `shape` tells a card file from
//! another YAML file, `card` reads the cards, `fields` knows field names, `allow` reads allow
//! comments and `scalar` maps a scalar's decoded bytes back to the file. None of them imports
//! this file.

mod allow;
mod card;
mod edit;
mod fields;
mod node;
mod parse;
mod scalar;
mod shape;

use crate::source::{Card, SourceError, SourceNote};
pub(super) use edit::edited;
use node::Node;

/// Read every document of `text`; a file none of whose documents holds a card is not read (a
/// note says so).
pub(super) fn read<'t>(
    text: &str,
    on_card: &mut dyn FnMut(Card<'t>),
    errors: &mut Vec<SourceError>,
    notes: &mut Vec<SourceNote>,
) {
    let docs = match parse::documents(text) {
        Ok(docs) => docs,
        Err(error) => {
            errors.push(error);
            return;
        }
    };
    if let Some(first) = docs.iter().find(|doc| !matches!(doc.value, Node::Null))
        && !docs.iter().any(|doc| shape::holds_cards(&doc.value))
    {
        notes.push(shape::not_a_card_file(text, first));
        return;
    }
    let first_new = errors.len();
    card::read_documents(text, &docs, on_card, errors);
    // Fields are looked up by name, not met in file order.
    errors[first_new..].sort_by_key(|e| e.span.start);
}

#[cfg(test)]
mod tests;
