//! Whether a YAML file holds cards at all: the shapes phaselint reads (a card map, a list of them,
//! a map with a `cards:` list), and the note for a file of another kind (a workflow, a compose
//! file) that is skipped rather than reported as broken cards.
//!
//! It knows the shapes of documents; reading the cards in them is `card`'s job.

use super::fields::{fits, is_metadata, is_read, respelt, spelt_like};
use super::node::{Node, field, label};
use crate::source::{Field, NoteKind, SourceNote};
use serde_saphyr::Spanned;

/// Whether a document holds a card: a map with a `cards` key, a card map, or a list that is
/// empty or holds a card map.
pub(super) fn holds_cards(node: &Node) -> bool {
    match node {
        Node::Map(entries) => field(entries, &["cards"]).is_some() || is_card(entries),
        Node::Seq(items) => {
            items.is_empty()
                || items
                    .iter()
                    .any(|item| matches!(&item.value, Node::Map(entries) if is_card(entries)))
        }
        _ => false,
    }
}

/// Whether a map has a card's shape: a field phaselint reads other than `name` (spelt as it
/// reads it, or only in other case and separators, as `Text`, `type-line`), or a `name` beside
/// nothing but card fields: fields phaselint reads, metadata, and fields named like the ones it
/// reads ([`spelt_like`]). Without a `name`, those other names are not enough: a list of
/// `effect: Allow` maps is no card list.
fn is_card(entries: &[(Spanned<Node>, Spanned<Node>)]) -> bool {
    let reads_more_than_a_name = entries.iter().any(|(key, _)| {
        matches!(&key.value, Node::Str(key) if respelt(key).is_some_and(|field| field != Field::Name))
    });
    let card_fields_only = entries.iter().all(|(key, value)| match &key.value {
        Node::Str(key) => {
            is_read(key)
                || is_metadata(key)
                || spelt_like(key).is_some_and(|field| fits(field, &value.value))
        }
        _ => false,
    });
    reads_more_than_a_name || (field(entries, &["name"]).is_some() && card_fields_only)
}

/// The note for a YAML file that holds no card, at the first key (or item, or scalar) of its
/// first document.
pub(super) fn not_a_card_file(text: &str, first: &Spanned<Node>) -> SourceNote {
    let mut node = first;
    loop {
        match &node.value {
            Node::Map(entries) => match entries.first() {
                Some((key, _)) => node = key,
                None => break,
            },
            Node::Seq(items) => match items.first() {
                Some(item) => node = item,
                None => break,
            },
            _ => break,
        }
    }
    SourceNote {
        kind: NoteKind::NotACardFile,
        span: label(text, node),
        message: "no card in this YAML file: it is not read".to_string(),
        help: Some(
            "phaselint reads a card map (with `text`, `type` or `mana_cost`), a list of them, or a map with a `cards:` list; exclude the file in phaselint.toml (`[files] exclude`) to drop this note"
                .to_string(),
        ),
    }
}
