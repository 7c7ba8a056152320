//! A card after an edit inside one of its texts, read again without reading the file: what an
//! editor's keystroke in a card's text changes. Only an edit that cannot change the file's
//! structure qualifies: inside a one-line quoted text, adding and removing no quote, backslash,
//! line break or control character, in a file with no alias (which could repeat that text in
//! another card). Any other edit is `None`, and the file is read whole.

use super::node::Node;
use super::parse::documents;
use super::scalar::scalar_map;
use crate::source::map::Style;
use crate::source::{Card, CardText};
use std::ops::Range;

/// `card`, read from the file `before`, once its bytes `old` are replaced so that the file is
/// `after` (they are `after[old.start..new_end]` there).
pub(crate) fn edited(
    before: &str,
    after: &str,
    card: &Card<'_>,
    old: Range<usize>,
    new_end: usize,
) -> Option<Card<'static>> {
    let removed = before.get(old.clone())?;
    let added = after.get(old.start..new_end)?;
    if !removed.chars().chain(added.chars()).all(keeps_structure) || has_alias(before) {
        return None;
    }
    let by = new_end.wrapping_sub(old.end);
    let mut edited = card.clone().into_owned();
    edited.moved_from(old.end, by);
    let (face, text) = card.faces.iter().enumerate().find_map(|(i, face)| {
        let text = face.text.as_ref()?;
        inside_quotes(before, text, &old).then_some((i, text))
    })?;
    let raw = text.map.raw();
    let raw = raw.start..raw.end.wrapping_add(by);
    // The scalar alone is a document of one string with the same value.
    let docs = documents(after.get(raw.clone())?).ok()?;
    let [doc] = docs.as_slice() else { return None };
    let Node::Str(value) = &doc.value else {
        return None;
    };
    let map = scalar_map(after, raw, value);
    edited.faces[face].text = Some(CardText {
        value: value.clone().into(),
        map,
    });
    Some(edited)
}

/// Whether `old` lies between the quotes of `text`, a quoted scalar on one line.
fn inside_quotes(file: &str, text: &CardText, old: &Range<usize>) -> bool {
    let raw = text.map.raw();
    matches!(text.map.style(), Style::YamlDouble | Style::YamlSingle)
        && raw.start < old.start
        && old.end < raw.end
        && file.get(raw).is_some_and(|raw| !raw.contains(['\n', '\r']))
}

/// A character that, added to or removed from the inside of a quoted scalar, leaves the file's
/// structure as it was: no quote or escape, no line break, nothing the parser refuses.
fn keeps_structure(c: char) -> bool {
    !matches!(
        c,
        '"' | '\'' | '\\' | '\u{85}' | '\u{feff}' | '\u{2028}' | '\u{2029}'
    ) && !c.is_control()
}

/// Whether `text` may hold an alias (`*name` where a node can start): any `*` not after a letter
/// or digit is taken for one, which at worst costs a whole read.
fn has_alias(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memchr_iter(b'*', bytes).any(|at| at == 0 || !bytes[at - 1].is_ascii_alphanumeric())
}
