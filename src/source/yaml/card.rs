//! The cards of a YAML tree: each card map (or face of one) read into a [`Card`], its extent in
//! the file, its allow comments, and an error for each field of the wrong type.
//!
//! It knows card shapes and the tree's nodes; decoding a scalar's bytes is `scalar`'s job, field
//! names are `fields`'s.

use super::allow::allows;
use super::fields::{TEXT_KEYS, unread_fields};
use super::node::{Node, collect_scalars, field, label, span};
use super::scalar::scalar_map;
use crate::source::map::{Style, TextMap};
use crate::source::{Card, CardText, Face, SourceError};
use serde_saphyr::Spanned;
use std::borrow::Cow;

/// Reads the cards of every document in `docs`, in file order.
pub(super) fn read_documents<'t>(
    text: &str,
    docs: &[Spanned<Node>],
    on_card: &mut dyn FnMut(Card<'t>),
    errors: &mut Vec<SourceError>,
) {
    let mut reader = Reader {
        text,
        errors,
        on_card,
        floor: 0,
    };
    for doc in docs {
        reader.document(doc);
    }
}

struct Reader<'a, 'f, 't> {
    text: &'a str,
    errors: &'a mut Vec<SourceError>,
    on_card: &'f mut dyn FnMut(Card<'t>),
    /// End of the last card read: allow comments above a card come after it.
    floor: usize,
}

impl Reader<'_, '_, '_> {
    fn document(&mut self, doc: &Spanned<Node>) {
        match &doc.value {
            Node::Null => {}
            Node::Seq(items) => {
                for item in items {
                    self.card(item, None);
                }
            }
            Node::Map(entries) => match field(entries, &["cards"]) {
                Some((_, cards)) => {
                    let set = self.string(entries, &["set", "code"]);
                    match &cards.value {
                        Node::Seq(items) => {
                            for item in items {
                                self.card(item, set.as_ref().map(|(s, _)| s.clone()));
                            }
                        }
                        Node::Null => {}
                        other => self.error(
                            cards,
                            format!("`cards` should be a list of cards, not a {}", other.kind()),
                        ),
                    }
                }
                None => self.card(doc, None),
            },
            other => self.error(
                doc,
                format!(
                    "expected a card map, a list of cards or a map with a `cards` list, not a {}",
                    other.kind()
                ),
            ),
        }
    }

    fn card(&mut self, node: &Spanned<Node>, default_set: Option<String>) {
        let Node::Map(entries) = &node.value else {
            self.error(
                node,
                format!("expected a card map, not a {}", node.value.kind()),
            );
            return;
        };
        let name = self.string(entries, &["name"]).map(|(s, _)| s);
        let set = self
            .string(entries, &["set"])
            .map(|(s, _)| s)
            .or(default_set);
        let mut faces = Vec::new();
        match field(entries, &["faces"]).map(|(_, v)| v) {
            None => {}
            Some(Spanned {
                value: Node::Seq(items),
                ..
            }) => {
                for item in items {
                    match &item.value {
                        Node::Map(face) => {
                            let face = self.face(face);
                            faces.push(face);
                        }
                        other => {
                            self.error(item, format!("expected a face map, not a {}", other.kind()))
                        }
                    }
                }
            }
            Some(Spanned {
                value: Node::Null, ..
            }) => {}
            Some(other) => self.error(
                other,
                format!(
                    "`faces` should be a list of faces, not a {}",
                    other.value.kind()
                ),
            ),
        }
        // A card with faces is read from its faces, so theirs are the fields that may be misplaced.
        let unread = match field(entries, &["faces"]).map(|(_, v)| &v.value) {
            Some(Node::Seq(items)) if !items.is_empty() => items
                .iter()
                .filter_map(|item| match &item.value {
                    Node::Map(face) => Some(unread_fields(self.text, face)),
                    _ => None,
                })
                .flatten()
                .collect(),
            _ => unread_fields(self.text, entries),
        };
        if faces.is_empty() {
            faces.push(self.face_named(entries, name.clone()));
        } else if let Some((key, _)) = field(entries, TEXT_KEYS) {
            self.error(
                key,
                "a card with `faces` has its text in the faces: this text is not read",
            );
        }
        let name = name.or_else(|| {
            let names: Vec<&str> = faces.iter().filter_map(|f| f.name.as_deref()).collect();
            (!names.is_empty()).then(|| names.join(" // "))
        });
        let mut scalars = Vec::new();
        collect_scalars(self.text, node, &mut scalars);
        let start = span(self.text, node).map_or(0, |s| s.start);
        let end = scalars
            .iter()
            .map(|s| s.end)
            .filter(|&end| end >= start)
            .max()
            .unwrap_or(start);
        let end = card_end(self.text, start, end);
        let allows = allows(self.text, start, self.floor, &scalars);
        self.floor = self.floor.max(end);
        (self.on_card)(Card {
            name: name.map(Cow::Owned),
            set: set.map(Cow::Owned),
            span: start..end,
            faces,
            allows,
            unread,
        });
    }

    /// A face of `faces:`, which has its own name.
    fn face(&mut self, entries: &[(Spanned<Node>, Spanned<Node>)]) -> Face<'static> {
        let name = self.string(entries, &["name"]).map(|(s, _)| s);
        self.face_named(entries, name)
    }

    /// A face whose name was read already (a card without `faces:` is its own face): the name is
    /// not read twice, nor a problem with it reported twice.
    fn face_named(
        &mut self,
        entries: &[(Spanned<Node>, Spanned<Node>)],
        name: Option<String>,
    ) -> Face<'static> {
        let type_line = self.string(entries, &["type", "type_line"]).map(|(s, _)| s);
        let mana_cost = self.string(entries, &["mana_cost"]).map(|(s, _)| s);
        let text = self.string(entries, TEXT_KEYS).map(|(value, node)| {
            let map = match span(self.text, node) {
                Some(span) => scalar_map(self.text, span, &value),
                None => TextMap::whole(0..0, Style::YamlPlain { flow: false }),
            };
            CardText {
                value: Cow::Owned(value),
                map,
            }
        });
        Face {
            name: name.map(Cow::Owned),
            type_line: type_line.map(Cow::Owned),
            mana_cost: mana_cost.map(Cow::Owned),
            text,
        }
    }

    /// The string value of the first of `keys` present; another type is an error for the card
    /// (null is the same as absent).
    fn string<'n>(
        &mut self,
        entries: &'n [(Spanned<Node>, Spanned<Node>)],
        keys: &[&str],
    ) -> Option<(String, &'n Spanned<Node>)> {
        let (key, value) = field(entries, keys)?;
        let name = match &key.value {
            Node::Str(name) => name.as_str(),
            _ => "",
        };
        match &value.value {
            Node::Str(s) => Some((s.clone(), value)),
            Node::Null => None,
            Node::Map(_) if name == "mana_cost" => {
                self.error(
                    value,
                    "`mana_cost` should be a string: quote it, as in `mana_cost: \"{1}{R}\"`",
                );
                None
            }
            other => {
                let at = if span(self.text, value).is_some_and(|s| !s.is_empty()) {
                    value
                } else {
                    key
                };
                let hint = if matches!(other, Node::Scalar(_)) {
                    " (quote it)"
                } else {
                    ""
                };
                self.error(
                    at,
                    format!("`{name}` should be a string, not a {}{hint}", other.kind()),
                );
                None
            }
        }
    }

    fn error(&mut self, node: &Spanned<Node>, message: impl Into<String>) {
        self.errors
            .push(SourceError::new(label(self.text, node), message));
    }
}

/// The end of a card whose last scalar ends at `end`: without the trailing line break and
/// indentation a block scalar's range has, with the `}` of a flow map.
fn card_end(text: &str, start: usize, end: usize) -> usize {
    let Some(body) = text.get(start..end) else {
        return end;
    };
    let end = start + body.trim_end().len();
    if body.starts_with('{') {
        let rest = text.get(end..).unwrap_or("");
        let trimmed = rest.trim_start();
        if trimmed.starts_with('}') {
            return end + (rest.len() - trimmed.len()) + 1;
        }
    }
    end
}
