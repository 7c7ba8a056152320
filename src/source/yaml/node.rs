//! The tree a YAML file is read into: each node kept whatever its type, with the byte range
//! serde-saphyr gives it, so a field of the wrong type is an error for that card, not for the
//! file.
//!
//! It knows YAML nodes and their places in the file; it knows nothing of cards, their fields or
//! what a reader makes of them.

use crate::source::SourceError;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;
use std::fmt;
use std::ops::Range;

/// A YAML node, kept whatever its type so the reader can say what was wrong with it.
#[derive(Debug)]
pub(super) enum Node {
    Str(String),
    /// A scalar of another type: "number", "boolean", "binary value".
    Scalar(&'static str),
    Null,
    Seq(Vec<Spanned<Node>>),
    Map(Vec<(Spanned<Node>, Spanned<Node>)>),
}

impl Node {
    pub(super) fn kind(&self) -> &'static str {
        match self {
            Node::Str(_) => "string",
            Node::Scalar(kind) => kind,
            Node::Null => "null",
            Node::Seq(_) => "list",
            Node::Map(_) => "map",
        }
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any YAML node")
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Node, E> {
        Ok(Node::Scalar("boolean"))
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Node, E> {
        Ok(Node::Scalar("number"))
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Node, E> {
        Ok(Node::Scalar("number"))
    }
    fn visit_i128<E: de::Error>(self, _: i128) -> Result<Node, E> {
        Ok(Node::Scalar("number"))
    }
    fn visit_u128<E: de::Error>(self, _: u128) -> Result<Node, E> {
        Ok(Node::Scalar("number"))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Node, E> {
        Ok(Node::Scalar("number"))
    }
    fn visit_char<E: de::Error>(self, v: char) -> Result<Node, E> {
        Ok(Node::Str(v.to_string()))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Node, E> {
        Ok(Node::Str(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Node, E> {
        Ok(Node::Str(v))
    }
    fn visit_bytes<E: de::Error>(self, _: &[u8]) -> Result<Node, E> {
        Ok(Node::Scalar("binary value"))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
        Node::deserialize(d)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
        Node::deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Node::Seq(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut entries = Vec::new();
        while let Some(key) = map.next_key()? {
            let value = map.next_value()?;
            entries.push((key, value));
        }
        Ok(Node::Map(entries))
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Node, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
}

/// The first entry whose key is one of `keys` (in the order of `keys`).
pub(super) fn field<'n>(
    entries: &'n [(Spanned<Node>, Spanned<Node>)],
    keys: &[&str],
) -> Option<&'n (Spanned<Node>, Spanned<Node>)> {
    keys.iter().find_map(|wanted| {
        entries
            .iter()
            .find(|(key, _)| matches!(&key.value, Node::Str(k) if k == wanted))
    })
}

/// The length of a leading byte order mark: serde-saphyr skips it and counts its offsets from
/// after it.
pub(super) fn bom_len(text: &str) -> usize {
    if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    }
}

/// The byte range serde-saphyr gives for a node (a scalar's raw text; a collection's start).
pub(super) fn span(text: &str, node: &Spanned<Node>) -> Option<Range<usize>> {
    let s = node.referenced.span();
    let start = usize::try_from(s.byte_offset()?)
        .ok()?
        .checked_add(bom_len(text))?;
    let len = usize::try_from(s.byte_len()?).ok()?;
    let end = start.checked_add(len)?;
    text.get(start..end).map(|_| start..end)
}

/// Where a message about `node` points: its bytes, or the character at its place when it has
/// none (an empty value), so that a label is never empty but at the end of the file.
pub(super) fn label(text: &str, node: &Spanned<Node>) -> Range<usize> {
    let span = span(text, node).unwrap_or(0..0);
    if span.is_empty() {
        SourceError::at(text, span.start, "").span
    } else {
        span
    }
}

/// The raw ranges of every node under `node` (keys included).
pub(super) fn collect_scalars(text: &str, node: &Spanned<Node>, out: &mut Vec<Range<usize>>) {
    if let Some(span) = span(text, node) {
        out.push(span);
    }
    match &node.value {
        Node::Seq(items) => {
            for item in items {
                collect_scalars(text, item, out);
            }
        }
        Node::Map(entries) => {
            for (key, value) in entries {
                collect_scalars(text, key, out);
                collect_scalars(text, value, out);
            }
        }
        _ => {}
    }
}
