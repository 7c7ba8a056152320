//! YAML custom sets: a document is one card map, a list of card maps, or a map with a `cards:`
//! list. Every document of a multi-document file (`---`) is read.
//!
//! The file is read into a small tree of spanned nodes first (custom sets are hand-written and
//! small), so a field of the wrong type is an error for that card, not for the file.

use super::map::TextMap;
use super::yaml_scalar::scalar_map;
use super::{Allow, Card, CardText, Face, Field, NoteKind, SourceError, SourceNote, UnreadField};
use crate::edit_distance::char_distance;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;
use std::fmt;
use std::ops::Range;

/// A YAML node, kept whatever its type so the reader can say what was wrong with it.
#[derive(Debug)]
enum Node {
    Str(String),
    /// A scalar of another type: "number", "boolean", "binary value".
    Scalar(&'static str),
    Null,
    Seq(Vec<Spanned<Node>>),
    Map(Vec<(Spanned<Node>, Spanned<Node>)>),
}

impl Node {
    fn kind(&self) -> &'static str {
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

/// How many parser events aliases may replay in one file: a set that repeats a block of shared
/// fields on each card (`<<: *defaults`, 12,000 cards of a dozen events) replays a fraction of
/// it, and an alias bomb (`fixtures/bad/alias-bomb.yaml`) stops here, with its memory bounded.
const MAX_ALIAS_EVENTS: usize = 300_000;
const _: () = assert!(
    MAX_ALIAS_EVENTS % 1000 == 0,
    "the message says it in thousands"
);

/// The parser's limits for a text of `len` bytes. What the file itself holds is bounded by its
/// size (every node, document, anchor or merge key takes at least a byte of it), so the counts of
/// its own structure are: a large legitimate file is never refused for being large. What aliases
/// expand to is bounded by [`MAX_ALIAS_EVENTS`] on top, whatever the size.
fn budget(len: usize) -> serde_saphyr::Budget {
    let mut budget = serde_saphyr::Budget::default();
    let replayed = MAX_ALIAS_EVENTS;
    budget.max_events = budget
        .max_events
        .max(len.saturating_mul(2).saturating_add(2 * replayed));
    budget.max_nodes = budget.max_nodes.max(len.saturating_add(replayed));
    budget.max_documents = budget.max_documents.max(len);
    budget.max_anchors = budget.max_anchors.max(len);
    budget.max_aliases = budget.max_aliases.max(len);
    budget.max_merge_keys = budget.max_merge_keys.max(len);
    budget.max_total_scalar_bytes = budget.max_total_scalar_bytes.saturating_add(len);
    budget.max_total_comment_bytes = budget.max_total_comment_bytes.saturating_add(len);
    // Many aliases of one anchor are how shared fields are written; the replay bound above is what
    // stops a bomb.
    budget.enforce_alias_anchor_ratio = false;
    budget
}

/// Read every document of `text`; a file none of whose documents holds a card is not read (a
/// note says so).
pub(super) fn read(
    text: &str,
    on_card: &mut dyn FnMut(Card),
    errors: &mut Vec<SourceError>,
    notes: &mut Vec<SourceNote>,
) {
    let options = serde_saphyr::options! {
        // `yes`, `no`, `on`, `off` are words in card text, not booleans.
        strict_booleans: true,
        // `.inf` as text rather than a failed file.
        reject_non_finite_typeless_float: false,
        with_snippet: false,
        budget: Some(budget(text.len())),
        alias_limits: serde_saphyr::alias_limits! {
            max_total_replayed_events: MAX_ALIAS_EVENTS,
        },
    };
    let docs = match serde_saphyr::from_multiple_with_options::<Spanned<Node>>(text, options) {
        Ok(docs) => docs,
        Err(e) => {
            errors.push(syntax_error(text, &e));
            return;
        }
    };
    if let Some(first) = docs.iter().find(|doc| !matches!(doc.value, Node::Null))
        && !docs.iter().any(|doc| holds_cards(&doc.value))
    {
        notes.push(not_a_card_file(text, first));
        return;
    }
    let first_new = errors.len();
    let mut reader = Reader {
        text,
        errors,
        on_card,
        floor: 0,
    };
    for doc in &docs {
        reader.document(doc);
    }
    // Fields are looked up by name, not met in file order.
    errors[first_new..].sort_by_key(|e| e.span.start);
}

struct Reader<'a, 'f> {
    text: &'a str,
    errors: &'a mut Vec<SourceError>,
    on_card: &'f mut dyn FnMut(Card),
    /// End of the last card read: allow comments above a card come after it.
    floor: usize,
}

impl Reader<'_, '_> {
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
            name,
            set,
            span: start..end,
            faces,
            allows,
            unread,
        });
    }

    /// A face of `faces:`, which has its own name.
    fn face(&mut self, entries: &[(Spanned<Node>, Spanned<Node>)]) -> Face {
        let name = self.string(entries, &["name"]).map(|(s, _)| s);
        self.face_named(entries, name)
    }

    /// A face whose name was read already (a card without `faces:` is its own face): the name is
    /// not read twice, nor a problem with it reported twice.
    fn face_named(
        &mut self,
        entries: &[(Spanned<Node>, Spanned<Node>)],
        name: Option<String>,
    ) -> Face {
        let type_line = self.string(entries, &["type", "type_line"]).map(|(s, _)| s);
        let mana_cost = self.string(entries, &["mana_cost"]).map(|(s, _)| s);
        let text = self.string(entries, TEXT_KEYS).map(|(value, node)| {
            let map = match span(self.text, node) {
                Some(span) => scalar_map(self.text, span, &value),
                None => TextMap::whole(0..0, super::map::Style::YamlPlain { flow: false }),
            };
            CardText { value, map }
        });
        Face {
            name,
            type_line,
            mana_cost,
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
        let span = span(self.text, node).unwrap_or(0..0);
        let span = if span.is_empty() {
            SourceError::at(self.text, span.start, "").span
        } else {
            span
        };
        self.errors.push(SourceError::new(span, message));
    }
}

const TEXT_KEYS: &[&str] = Field::Text.yaml_keys();

/// Whether `key` is one of the fields phaselint reads from a card or face map.
fn is_read(key: &str) -> bool {
    Field::ALL
        .iter()
        .any(|field| field.yaml_keys().contains(&key))
}

/// Lower case, letters and digits only: `oracleText`, `oracle-text` and `Oracle Text` are one
/// spelling.
fn normalized(key: &str) -> String {
    key.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// A field phaselint reads, spelt otherwise: `Text`, `oracleText`, `type-line`, `Mana Cost`.
fn respelt(key: &str) -> Option<Field> {
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
fn spelt_like(key: &str) -> Option<Field> {
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
fn fits(field: Field, value: &Node) -> bool {
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

fn is_metadata(key: &str) -> bool {
    CARD_METADATA.contains(&normalized(key).as_str())
}

/// The fields of a card or face map that may hold what phaselint reads under a name it does not
/// read: a key spelt like a read field, or any other key's string when the map has no text. A
/// key is noted only when the map has none of the fields it stands for: beside a `text`, a
/// `body` is a second field, not a misplaced one.
fn unread_fields(text: &str, entries: &[(Spanned<Node>, Spanned<Node>)]) -> Vec<UnreadField> {
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

/// Whether a document holds a card: a map with a `cards` key, a card map, or a list that is
/// empty or holds a card map.
fn holds_cards(node: &Node) -> bool {
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
fn not_a_card_file(text: &str, first: &Spanned<Node>) -> SourceNote {
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
    let span = span(text, node).unwrap_or(0..0);
    let span = if span.is_empty() {
        SourceError::at(text, span.start, "").span
    } else {
        span
    };
    SourceNote {
        kind: NoteKind::NotACardFile,
        span,
        message: "no card in this YAML file: it is not read".to_string(),
        help: Some(
            "phaselint reads a card map (with `text`, `type` or `mana_cost`), a list of them, or a map with a `cards:` list; exclude the file in phaselint.toml (`[files] exclude`) to drop this note"
                .to_string(),
        ),
    }
}

/// The first entry whose key is one of `keys` (in the order of `keys`).
fn field<'n>(
    entries: &'n [(Spanned<Node>, Spanned<Node>)],
    keys: &[&str],
) -> Option<&'n (Spanned<Node>, Spanned<Node>)> {
    keys.iter().find_map(|wanted| {
        entries
            .iter()
            .find(|(key, _)| matches!(&key.value, Node::Str(k) if k == wanted))
    })
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

/// The length of a leading byte order mark: serde-saphyr skips it and counts its offsets from
/// after it.
fn bom_len(text: &str) -> usize {
    if text.starts_with('\u{feff}') {
        '\u{feff}'.len_utf8()
    } else {
        0
    }
}

/// The byte range serde-saphyr gives for a node (a scalar's raw text; a collection's start).
fn span(text: &str, node: &Spanned<Node>) -> Option<Range<usize>> {
    let s = node.referenced.span();
    let start = usize::try_from(s.byte_offset()?)
        .ok()?
        .checked_add(bom_len(text))?;
    let len = usize::try_from(s.byte_len()?).ok()?;
    let end = start.checked_add(len)?;
    text.get(start..end).map(|_| start..end)
}

/// The raw ranges of every node under `node` (keys included).
fn collect_scalars(text: &str, node: &Spanned<Node>, out: &mut Vec<Range<usize>>) {
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

/// `# phaselint: allow(...)` comments on the line where the card starts (outside its scalars)
/// and on the comment lines directly above it (after `floor`, the end of the previous card, so
/// the content lines of a block scalar are never taken for comments).
fn allows(text: &str, start: usize, floor: usize, scalars: &[Range<usize>]) -> Vec<Allow> {
    let bytes = text.as_bytes();
    let line_start = bytes
        .get(..start)
        .and_then(|head| head.iter().rposition(|&b| b == b'\n'))
        .map_or(0, |i| i + 1);
    let mut found = Vec::new();
    let line_end = bytes
        .get(start..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
        .map_or(text.len(), |i| start + i);
    let mut hash = None;
    for (i, &b) in bytes.iter().enumerate().take(line_end).skip(line_start) {
        let after_blank = i == line_start || matches!(bytes[i - 1], b' ' | b'\t');
        if b == b'#' && after_blank && !scalars.iter().any(|s| s.start <= i && i < s.end) {
            hash = Some(i);
            break;
        }
    }
    if let Some(hash) = hash {
        allow_comment(text, hash, line_end, &mut found);
    }
    // Comment lines directly above, nearest first; kept in file order.
    let mut above = Vec::new();
    let mut end = line_start;
    while end > floor && end > 0 {
        let prev_end = end - 1;
        let prev_start = bytes
            .get(..prev_end)
            .and_then(|head| head.iter().rposition(|&b| b == b'\n'))
            .map_or(0, |i| i + 1);
        if prev_start < floor {
            break;
        }
        let Some(line) = text.get(prev_start..prev_end) else {
            break;
        };
        let trimmed = line.trim_start_matches('\u{feff}').trim_start();
        if !trimmed.starts_with('#') {
            break;
        }
        let hash = prev_start + (line.len() - trimmed.len());
        let mut these = Vec::new();
        allow_comment(text, hash, prev_end, &mut these);
        above.push(these);
        end = prev_start;
    }
    above.reverse();
    let mut allows: Vec<Allow> = above.into_iter().flatten().collect();
    allows.extend(found);
    allows
}

/// The rules of one comment `# phaselint: allow(A, b-c)` running from `hash` to `end`.
fn allow_comment(text: &str, hash: usize, end: usize, out: &mut Vec<Allow>) {
    let Some(comment) = text.get(hash..end) else {
        return;
    };
    let Some(body) = comment.strip_prefix('#') else {
        return;
    };
    let Some(rest) = body.trim_start().strip_prefix("phaselint:") else {
        return;
    };
    let Some(rest) = rest.trim_start().strip_prefix("allow") else {
        return;
    };
    let Some(rest) = rest.trim_start().strip_prefix('(') else {
        return;
    };
    let Some(close) = rest.find(')') else {
        return;
    };
    let list = &rest[..close];
    // `list` is a slice of `text`: its position is its pointer's distance from the text's.
    let list_start = list.as_ptr() as usize - text.as_ptr() as usize;
    let mut offset = 0;
    for item in list.split(',') {
        let trimmed = item.trim();
        if !trimmed.is_empty() {
            let lead = item.len() - item.trim_start().len();
            let start = list_start + offset + lead;
            out.push(Allow {
                rule: trimmed.to_owned(),
                span: start..start + trimmed.len(),
            });
        }
        offset += item.len() + 1;
    }
}

/// A SourceError for a file serde-saphyr could not read.
fn syntax_error(text: &str, e: &serde_saphyr::Error) -> SourceError {
    let location = e.location();
    // serde-saphyr's places are in the text after a byte order mark.
    let bom = bom_len(text);
    let offset = location
        .as_ref()
        .and_then(|l| {
            let span = l.span();
            span.byte_offset()
                .and_then(|o| usize::try_from(o).ok())
                .or_else(|| offset_of(&text[bom..], l.line(), l.column()))
                .map(|o| o + bom)
        })
        .unwrap_or(0);
    let full = e.to_string();
    let mut message = full.lines().next().unwrap_or("").trim().to_owned();
    if let Some(at) = message.find(" at line ") {
        message.truncate(at);
    }
    if let Some(limit) = limit_message(e, &message) {
        message = limit;
    }
    if let Some(at) = message.find(", set DuplicateKeyPolicy") {
        message.truncate(at);
    }
    let message = message.trim_end_matches('.').to_owned();
    let mut message = lower_first(&message);
    if message.is_empty() {
        message = "invalid yaml".to_owned();
    }
    let line = line_at(text, offset);
    if line.contains("mana_cost: {") {
        message.push_str(" (quote mana costs: `mana_cost: \"{1}{R}\"`)");
    }
    SourceError::at(text, offset, message)
}

/// A limit of the parser that `e` reports, in words. An error met while replaying an alias comes
/// as an alias error holding only the inner error's text (`message`).
fn limit_message(e: &serde_saphyr::Error, message: &str) -> Option<String> {
    use serde_saphyr::budget::BudgetBreach;
    // 300,000: a limit read in words.
    let alias_bomb = || {
        let thousands = MAX_ALIAS_EVENTS / 1000;
        format!("its aliases expand to more than {thousands},000 nodes (an alias bomb?)")
    };
    let what = match e.without_snippet() {
        serde_saphyr::Error::AliasReplayLimitExceeded { .. }
        | serde_saphyr::Error::AliasReplayCounterOverflow { .. }
        | serde_saphyr::Error::AliasExpansionLimitExceeded { .. } => alias_bomb(),
        serde_saphyr::Error::AliasReplayStackDepthExceeded { max_depth, .. } => {
            format!("its aliases refer to aliases more than {max_depth} deep")
        }
        serde_saphyr::Error::Budget { breach, .. } => match breach {
            BudgetBreach::Depth { .. } => "it is nested too deeply".to_string(),
            BudgetBreach::Nodes { .. }
            | BudgetBreach::Events { .. }
            | BudgetBreach::ScalarBytes { .. } => alias_bomb(),
            BudgetBreach::CommentBytes { .. } => "its comments are too long".to_string(),
            _ => "it is too large or too complex to read".to_string(),
        },
        serde_saphyr::Error::AliasError { .. }
            if message.starts_with("alias replay") || message.starts_with("budget breached") =>
        {
            alias_bomb()
        }
        _ => return None,
    };
    Some(format!("yaml exceeds a parser limit: {what}"))
}

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_uppercase() && !chars.clone().next().is_some_and(char::is_uppercase) => {
            c.to_lowercase().chain(chars).collect()
        }
        _ => s.to_owned(),
    }
}

/// Byte offset of 1-based `line` and `column` (in characters).
fn offset_of(text: &str, line: u64, column: u64) -> Option<usize> {
    let line = usize::try_from(line).ok()?.checked_sub(1)?;
    let column = usize::try_from(column).ok()?.saturating_sub(1);
    let mut start = 0;
    for _ in 0..line {
        start += text.get(start..)?.find('\n')? + 1;
    }
    let rest = text.get(start..)?;
    let line_len = rest.find('\n').unwrap_or(rest.len());
    let in_line = rest[..line_len]
        .char_indices()
        .nth(column)
        .map_or(line_len, |(i, _)| i);
    Some(start + in_line)
}

fn line_at(text: &str, offset: usize) -> &str {
    let bytes = text.as_bytes();
    let offset = offset.min(bytes.len());
    let start = bytes[..offset]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let end = bytes[offset..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |i| offset + i);
    text.get(start..end).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_str(text: &str) -> (Vec<Card>, Vec<SourceError>) {
        let (cards, errors, _) = read_noting(text);
        (cards, errors)
    }

    fn read_noting(text: &str) -> (Vec<Card>, Vec<SourceError>, Vec<SourceNote>) {
        let mut cards = Vec::new();
        let mut errors = Vec::new();
        let mut notes = Vec::new();
        read(text, &mut |c| cards.push(c), &mut errors, &mut notes);
        (cards, errors, notes)
    }

    /// The note for `text` when it holds no card, with the words it is at.
    fn skipped(text: &str) -> Option<&str> {
        let (cards, errors, notes) = read_noting(text);
        match notes.as_slice() {
            [] => None,
            [note] => {
                assert!(
                    cards.is_empty() && errors.is_empty(),
                    "{cards:?} {errors:?}"
                );
                assert_eq!(note.kind, NoteKind::NotACardFile);
                text.get(note.span.clone())
            }
            more => panic!("one note a file: {more:?}"),
        }
    }

    #[test]
    fn a_file_without_a_card_shape_is_skipped_with_one_note() {
        let workflow = "# CI\nname: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: cargo test\n";
        assert_eq!(skipped(workflow), Some("name"));
        let compose = "version: \"3\"\nservices:\n  web:\n    image: nginx\n";
        assert_eq!(skipped(compose), Some("version"));
        let site = "title: Clockwork Dawn\ndescription: Until the clocks stop.\ntheme: minima\n";
        assert_eq!(skipped(site), Some("title"));
        let hooks =
            "- id: phaselint\n  name: phaselint\n  entry: phaselint check\n  language: rust\n";
        assert_eq!(skipped(hooks), Some("id"));
        // Not malformed cards either: no error for what is not a card file.
        assert_eq!(skipped("- one\n- two\n"), Some("one"));
        assert_eq!(skipped("just a string\n"), Some("just a string"));
        assert_eq!(
            skipped("---\nversion: 2\n---\nupdates: []\n"),
            Some("version")
        );
        // A list of `effect: Allow` maps names no field phaselint reads.
        assert_eq!(skipped("- effect: Allow\n  action: read\n"), Some("effect"));
        // Nothing at all is no note: an empty file, or comments only.
        assert_eq!(skipped(""), None);
        assert_eq!(skipped("# nothing yet\n"), None);
    }

    #[test]
    fn anything_with_a_card_shape_is_read_as_before() {
        for (text, cards) in [
            ("name: Only A Name\n", 1),
            (
                "name: A\nset: CWD\nrarity: rare\nartist: B\nflavor: Until dawn.\n",
                1,
            ),
            (
                "name: A\nbody: Draw a card.\noracle_txet: x\ncard_faces: []\n",
                1,
            ),
            ("type: Instant\n", 1),
            ("mana_cost: \"{R}\"\n", 1),
            ("text: Draw a card.\n", 1),
            ("Text: Draw a card.\n", 1),
            ("faces:\n  - name: A\n", 1),
            ("- title: not a card\n- name: A\n  type: Instant\n", 2),
            ("cards:\n", 0),
            ("cards: []\n", 0),
            ("set: CWD\ncards:\n  - name: A\n", 1),
            ("[]\n", 0),
            // The other documents of a file that holds a card are read as before.
            ("version: 2\n---\nname: A\ntext: x\n", 2),
        ] {
            let (read, _, notes) = read_noting(text);
            assert!(notes.is_empty(), "{text:?}: {notes:?}");
            assert_eq!(read.len(), cards, "{text:?}");
        }
        let (cards, errors, _) = read_noting("- name: A\n  text: x\n- 7\n");
        assert_eq!((cards.len(), errors.len()), (1, 1));
    }

    /// The unread fields of the first card: key, what its name says, and whether a value is kept.
    fn unread(text: &str) -> Vec<(String, Option<Field>, bool)> {
        let (cards, errors) = read_str(text);
        assert!(errors.is_empty(), "{errors:?}");
        for field in cards.iter().flat_map(|card| &card.unread) {
            assert_eq!(text.get(field.span.clone()), Some(field.key.as_str()));
        }
        cards[0]
            .unread
            .iter()
            .map(|field| (field.key.clone(), field.like, field.value.is_some()))
            .collect()
    }

    fn like(key: &str, field: Field) -> (String, Option<Field>, bool) {
        (key.to_string(), Some(field), false)
    }

    #[test]
    fn fields_named_like_what_phaselint_reads_are_unread_fields() {
        assert_eq!(
            unread("name: A\ntypeline: Instant\nbody: Draw a card.\ncost: \"{U}\"\n"),
            [
                like("typeline", Field::TypeLine),
                like("body", Field::Text),
                like("cost", Field::ManaCost),
            ]
        );
        assert_eq!(
            unread("Name: A\noracleText: x\ntype-line: Instant\nMana Cost: \"{U}\"\n"),
            [
                like("Name", Field::Name),
                like("oracleText", Field::Text),
                like("type-line", Field::TypeLine),
                like("Mana Cost", Field::ManaCost),
            ]
        );
        assert_eq!(
            unread("name: A\noracle_txet: x\ncard_faces:\n  - name: B\n"),
            [
                like("oracle_txet", Field::Text),
                like("card_faces", Field::Faces)
            ]
        );
        // The key's span is its bytes, quotes and all.
        let (cards, _) = read_str("name: A\n\"rules\": x\n");
        assert_eq!(cards[0].unread[0].span, 8..15);
        // In a card with faces, the faces' fields.
        assert_eq!(
            unread("name: A // B\nfaces:\n  - name: A\n    body: x\n  - name: B\n    text: y\n"),
            [like("body", Field::Text)]
        );
    }

    #[test]
    fn other_fields_are_unread_fields_only_when_the_card_has_no_text() {
        assert_eq!(
            unread("name: A\ntype: Instant\nblurb: Untap it at end of turn.\n"),
            [("blurb".to_string(), None, true)]
        );
        for quiet in [
            // Beside the field it stands for, a field is a second one, not a misplaced one.
            "name: A\ntext: x\nbody: y\ntype: Instant\ntypeline: Instant\n",
            "name: A\ntext: x\nblurb: Untap it at end of turn.\n",
            // Metadata and prose, whatever they say.
            "name: A\nflavor: Until the end of days.\nflavor_text: x\nartist: B\nrarity: rare\nset: CWD\nnumber: 7\n",
            "name: A\ntype: Instant\ndesigner_notes: untap at end of turn\nlore: until dawn\nComments: each turn\ncard_rulings: it untaps at end of turn\n",
            // A value of the wrong kind for what the name says.
            "name: A\ntext: x\ntypes: [Creature]\nface: one\n",
            "name: A\ntext: x\ntypes:\n  - Creature\n",
            // Short names are not near misses: `test` is no `text`.
            "name: A\ntype: Instant\ntest: 1\n",
        ] {
            let (cards, errors) = read_str(quiet);
            assert!(errors.is_empty(), "{quiet:?}: {errors:?}");
            assert!(
                cards[0].unread.is_empty(),
                "{quiet:?}: {:?}",
                cards[0].unread
            );
        }
    }

    #[test]
    fn shapes() {
        let (cards, errors) = read_str("name: A\ntext: x\n");
        assert_eq!((cards.len(), errors.len()), (1, 0));
        let (cards, _) = read_str("- name: A\n- name: B\n");
        assert_eq!(cards.len(), 2);
        let (cards, _) = read_str("set: ABC\ncards:\n  - name: A\n  - name: B\n    set: XYZ\n");
        assert_eq!(cards[0].set.as_deref(), Some("ABC"));
        assert_eq!(cards[1].set.as_deref(), Some("XYZ"));
        let (cards, _) = read_str("name: A\n---\nname: B\n---\n- name: C\n");
        let names: Vec<_> = cards.iter().map(|c| c.name.clone().unwrap()).collect();
        assert_eq!(names, ["A", "B", "C"]);
    }

    #[test]
    fn faces_and_names() {
        let text = "faces:\n  - name: Fire\n    type: Instant\n    mana_cost: '{1}{R}'\n    text: Fire deals 2 damage.\n  - name: Ice\n    oracle_text: Draw a card.\n";
        let (cards, errors) = read_str(text);
        assert!(errors.is_empty(), "{errors:?}");
        let card = &cards[0];
        assert_eq!(card.name.as_deref(), Some("Fire // Ice"));
        assert_eq!(card.faces.len(), 2);
        assert_eq!(card.faces[0].type_line.as_deref(), Some("Instant"));
        assert_eq!(card.faces[0].mana_cost.as_deref(), Some("{1}{R}"));
        assert_eq!(
            card.faces[1].text.as_ref().map(|t| t.value.as_str()),
            Some("Draw a card.")
        );
        assert_eq!(card.span, 0..text.trim_end().len());
        let (cards, _) = read_str("- {name: A, text: x }  # c\n");
        assert_eq!(cards[0].span, 2..21);
    }

    #[test]
    fn a_wrong_name_is_one_error() {
        let (cards, errors) = read_str("- name: 12\n  text: Draw a card.\n");
        assert_eq!(cards.len(), 1);
        let messages: Vec<_> = errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(
            messages,
            ["`name` should be a string, not a number (quote it)"]
        );
    }

    #[test]
    fn wrong_types_are_card_errors() {
        let text =
            "- name: A\n  text: [1, 2]\n  mana_cost: {R}\n  type: 3\n- name: B\n  text: ok\n- 7\n";
        let (cards, errors) = read_str(text);
        assert_eq!(cards.len(), 2);
        assert!(cards[0].faces[0].text.is_none());
        let messages: Vec<_> = errors.iter().map(|e| e.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`text` should be a string, not a list",
                "`mana_cost` should be a string: quote it, as in `mana_cost: \"{1}{R}\"`",
                "`type` should be a string, not a number (quote it)",
                "expected a card map, not a number",
            ]
        );
        assert_eq!(&text[errors[2].span.clone()], "3");
        assert_eq!(&text[errors[3].span.clone()], "7");
    }

    #[test]
    fn syntax_errors_have_locations() {
        let text = "name: A\ntext: [unclosed\n";
        let (cards, errors) = read_str(text);
        assert!(cards.is_empty());
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].span.start, text.find('[').unwrap());
        assert!(errors[0].message.contains("unclosed"), "{:?}", errors[0]);
        let text = "name: A\nname: B\n";
        let (_, errors) = read_str(text);
        assert_eq!(errors[0].span.start, 8);
        assert_eq!(errors[0].message, "duplicate mapping key: name");
        let (_, errors) = read_str("name: A\nmana_cost: {1}{R}\n");
        assert!(
            errors[0]
                .message
                .ends_with("(quote mana costs: `mana_cost: \"{1}{R}\"`)")
        );
    }

    #[test]
    fn a_byte_order_mark_does_not_move_spans() {
        let text = "\u{feff}# phaselint: allow(PL001)\n- name: A\n  text: at end of turn\n";
        let (cards, errors) = read_str(text);
        assert!(errors.is_empty(), "{errors:?}");
        let card_text = cards[0].faces[0].text.as_ref().unwrap();
        assert_eq!(&text[card_text.map.raw()], "at end of turn");
        assert_eq!(
            card_text.map.to_file(3..6).map(|span| &text[span]),
            Some("end")
        );
        let rules: Vec<_> = cards[0].allows.iter().map(|a| a.rule.as_str()).collect();
        assert_eq!(rules, ["PL001"]);
        let text = "\u{feff}name: A\ntext: [unclosed\n";
        let (_, errors) = read_str(text);
        assert_eq!(errors[0].span.start, text.find('[').unwrap());
    }

    #[test]
    fn allow_comments() {
        let text = "# phaselint: allow(PL001)\n- name: A  # phaselint: allow(late-trigger, PL002)\n  text: |\n    # phaselint: allow(not-me)\n# phaselint:allow( x )\n- name: \"B # phaselint: allow(no)\"\n";
        let (cards, errors) = read_str(text);
        assert!(errors.is_empty(), "{errors:?}");
        let rules: Vec<_> = cards[0].allows.iter().map(|a| a.rule.as_str()).collect();
        assert_eq!(rules, ["PL001", "late-trigger", "PL002"]);
        for allow in cards.iter().flat_map(|c| &c.allows) {
            assert_eq!(&text[allow.span.clone()], allow.rule);
        }
        let rules: Vec<_> = cards[1].allows.iter().map(|a| a.rule.as_str()).collect();
        assert_eq!(rules, ["x"]);
    }
}
