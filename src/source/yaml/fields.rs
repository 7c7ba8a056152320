//! The names of card fields: the keys phaselint reads, the card metadata it passes over, and the
//! keys that look like what it reads under another name (the unread fields a note points at).
//!
//! It knows field names and the value types they should hold; it knows nothing of where a card
//! starts or ends, nor of parsing.

use super::node::{Node, field, span};
use crate::edit_distance::char_distance;
use crate::source::fields::normalized;
use crate::source::{Field, UnreadField};
use serde_saphyr::Spanned;

pub(super) const TEXT_KEYS: &[&str] = Field::Text.yaml_keys();

/// Whether `key` is one of the fields phaselint reads from a card or face map.
pub(super) fn is_read(key: &str) -> bool {
    Field::ALL
        .iter()
        .any(|field| field.yaml_keys().contains(&key))
}

/// A field phaselint reads, spelt otherwise: `Text`, `oracleText`, `type-line`, `Mana Cost`.
pub(super) fn respelt(key: &str) -> Option<Field> {
    let key = normalized(key);
    Field::ALL.into_iter().find(|field| {
        field
            .yaml_keys()
            .iter()
            .any(|known| normalized(known) == key)
    })
}

/// Other names card files give the fields phaselint reads (normalized).
const OTHER_NAMES: &[(&str, Field)] = &[
    ("body", Field::Text),
    ("rules", Field::Text),
    ("oracle", Field::Text),
    ("ability", Field::Text),
    ("abilities", Field::Text),
    ("effect", Field::Text),
    ("effects", Field::Text),
    ("cardtext", Field::Text),
    ("textbox", Field::Text),
    ("txt", Field::Text),
    ("originaltext", Field::Text),
    ("printedtext", Field::Text),
    ("types", Field::TypeLine),
    ("cardtype", Field::TypeLine),
    ("cost", Field::ManaCost),
    ("mana", Field::ManaCost),
    ("castingcost", Field::ManaCost),
    ("cardfaces", Field::Faces),
    ("face", Field::Faces),
    ("sides", Field::Faces),
    ("cardname", Field::Name),
];

/// What an unread key's name says it holds: a field phaselint reads spelt otherwise, a near miss
/// of one of the long names (`oracle_txet`, `typeline`: short names are too near other words,
/// `test` to `text`), or another common name for it (`body`, `cost`, `card_faces`).
pub(super) fn spelt_like(key: &str) -> Option<Field> {
    if let Some(field) = respelt(key) {
        return Some(field);
    }
    let key = normalized(key);
    let near = Field::ALL.into_iter().find(|field| {
        field.yaml_keys().iter().any(|known| {
            let known = normalized(known);
            known.len() >= 8 && key.len() >= 6 && char_distance(&key, &known) <= 2
        })
    });
    near.or_else(|| {
        OTHER_NAMES
            .iter()
            .find(|(name, _)| *name == key)
            .map(|&(_, field)| field)
    })
}

/// Whether `value` can be what `field` holds: a list of faces, a string for the others.
pub(super) fn fits(field: Field, value: &Node) -> bool {
    match field {
        Field::Faces => matches!(value, Node::Seq(_)),
        _ => matches!(value, Node::Str(_)),
    }
}

/// Card fields phaselint does not read (normalized): a map with a `name` and only these and the
/// fields it reads is a card. None of them is ever noted as misplaced text.
const CARD_METADATA: &[&str] = &[
    "set",
    "setcode",
    "code",
    "number",
    "collectornumber",
    "rarity",
    "artist",
    "illustrator",
    "flavor",
    "flavortext",
    "power",
    "toughness",
    "loyalty",
    "defense",
    "color",
    "colors",
    "coloridentity",
    "cmc",
    "manavalue",
    "id",
    "uuid",
    "keywords",
    "layout",
    "watermark",
    "image",
    "art",
    "subtype",
    "subtypes",
    "supertype",
    "supertypes",
    "rulings",
    "legalities",
    "printings",
    "frame",
    "border",
    "lang",
    "language",
    "notes",
    "note",
    "comment",
    "comments",
    "designer",
    "designernotes",
    "author",
    "tags",
    "status",
];

/// Parts of a key naming prose that is not the card's text, whatever words it uses.
const PROSE: &[&str] = &["flavor", "note", "comment", "ruling", "lore", "story"];

pub(super) fn is_metadata(key: &str) -> bool {
    CARD_METADATA.contains(&normalized(key).as_str())
}

/// The fields of a card or face map that may hold what phaselint reads under a name it does not
/// read: a key spelt like a read field, or any other key's string when the map has no text. A
/// key is noted only when the map has none of the fields it stands for: beside a `text`, a
/// `body` is a second field, not a misplaced one.
pub(super) fn unread_fields(
    text: &str,
    entries: &[(Spanned<Node>, Spanned<Node>)],
) -> Vec<UnreadField> {
    let has = |field: Field| self::field(entries, field.yaml_keys()).is_some();
    let mut unread = Vec::new();
    for (key, value) in entries {
        let Node::Str(name) = &key.value else {
            continue;
        };
        if is_read(name) || is_metadata(name) {
            continue;
        }
        let (like, value) = match spelt_like(name) {
            Some(field) if has(field) || !fits(field, &value.value) => continue,
            Some(field) => (Some(field), None),
            None => match &value.value {
                Node::Str(string) if !has(Field::Text) && !has(Field::Faces) => {
                    let normal = normalized(name);
                    if PROSE.iter().any(|prose| normal.contains(prose)) {
                        continue;
                    }
                    (None, Some(string.clone()))
                }
                _ => continue,
            },
        };
        let Some(span) = span(text, key).filter(|span| !span.is_empty()) else {
            continue;
        };
        unread.push(UnreadField {
            key: name.clone(),
            span,
            like,
            value,
        });
    }
    unread
}
