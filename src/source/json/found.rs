//! What reading card objects finds besides cards: the file's errors, and the values of fields
//! phaselint checks whose type it does not read, one note for each key and type (issue 39).

use super::cursor::Kind;
use crate::source::{Field, NoteKind, SourceError, SourceNote};
use std::ops::Range;

/// What reading card objects finds besides cards: the file's errors, and the values of the
/// fields phaselint checks that it cannot read.
pub(in crate::source) struct Found<'e> {
    pub(in crate::source) errors: &'e mut Vec<SourceError>,
    pub(super) unusable: Unusable,
}

impl<'e> Found<'e> {
    pub(in crate::source) fn new(errors: &'e mut Vec<SourceError>) -> Found<'e> {
        Found {
            errors,
            unusable: Unusable::default(),
        }
    }

    /// A card object starts (or the face objects of one card): what is unusable from now on is
    /// counted for it. Returns its number.
    pub(in crate::source) fn begin_card(&mut self) -> usize {
        self.unusable.card += 1;
        self.unusable.card
    }

    /// The notes of the unusable values: one for each key and type, in the order first met.
    pub(in crate::source) fn finish(self, notes: &mut Vec<SourceNote>) {
        notes.extend(self.unusable.values.iter().map(UnusableValues::note));
    }
}

/// The values of card fields phaselint checks whose type it does not read (an object where a
/// string was expected), counted by key and type: a file of a million such cards costs an entry
/// for each key and type, never one for each card, and gets one note for each.
#[derive(Default)]
pub(super) struct Unusable {
    /// In the order first met, at most [`MAX_UNUSABLE`].
    values: Vec<UnusableValues>,
    /// The number of the card being read ([`Found::begin_card`]).
    pub(super) card: usize,
}

/// The keys and types noted in one file: the values of more are skipped without a note. A file's
/// card fields are a handful of keys, and a value of a few types.
pub(super) const MAX_UNUSABLE: usize = 16;

/// A key (as written, up to [`SHOWN_KEY`] bytes) longer than this is shown cut.
const SHOWN_KEY: usize = 64;

/// What the reader reads at a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Wanted {
    /// A string, for the field.
    String(Field),
    /// `card_faces`: an array.
    Faces,
    /// An element of `card_faces`: a face object.
    Face,
}

/// The values of one key and one type that phaselint does not read.
struct UnusableValues {
    /// The key, cut to [`SHOWN_KEY`] bytes.
    key: Box<str>,
    cut: bool,
    wanted: Wanted,
    kind: Kind,
    /// The first such value.
    span: Range<usize>,
    /// How many cards hold one.
    cards: usize,
    /// The number of the last card counted.
    last_card: usize,
}

impl Unusable {
    /// A value of `key` of the type `kind`, at `span`, where the reader wanted what `wanted` says.
    pub(super) fn count(&mut self, key: &str, wanted: Wanted, kind: Kind, span: Range<usize>) {
        let (shown, cut) = if key.len() > SHOWN_KEY {
            let mut end = SHOWN_KEY;
            while !key.is_char_boundary(end) {
                end -= 1;
            }
            (&key[..end], true)
        } else {
            (key, false)
        };
        let card = self.card;
        let same = |values: &&mut UnusableValues| {
            values.wanted == wanted && values.kind == kind && *values.key == *shown
        };
        if let Some(values) = self.values.iter_mut().find(same) {
            if values.last_card != card {
                values.cards += 1;
                values.last_card = card;
            }
        } else if self.values.len() < MAX_UNUSABLE {
            self.values.push(UnusableValues {
                key: shown.into(),
                cut,
                wanted,
                kind,
                span,
                cards: 1,
                last_card: card,
            });
        }
    }
}

impl UnusableValues {
    fn note(&self) -> SourceNote {
        let key = format!("`{}{}`", self.key, if self.cut { "…" } else { "" });
        let kind = self.kind.name();
        let (cards, those, its, faces) = match self.cards {
            1 => ("1 card".to_string(), "that card", "its", "that face"),
            n => (
                format!("{n} cards (the first here)"),
                "those cards",
                "their",
                "those faces",
            ),
        };
        let (message, help) = match self.wanted {
            Wanted::String(field) => {
                let noun = field.noun();
                let own = match fields_key(field) {
                    Some(name) => format!(
                        ", or name a key that holds it as one in phaselint.toml (`[fields] {name} = [\"...\"]`)"
                    ),
                    None => String::new(),
                };
                (
                    format!(
                        "{key} is {kind}, not a string, in {cards}: phaselint reads {those} without {noun}"
                    ),
                    format!(
                        "phaselint reads {noun} from a string (or null for none): write {key} as a string{own}"
                    ),
                )
            }
            Wanted::Faces => (
                format!(
                    "{key} is {kind}, not an array, in {cards}: phaselint reads {those} as one face, from {its} own fields"
                ),
                "phaselint reads `card_faces` as an array of face objects, as Scryfall writes it"
                    .to_string(),
            ),
            Wanted::Face => (
                format!(
                    "a face in {key} is {kind}, not an object, in {cards}: phaselint reads {those} without {faces}"
                ),
                "each face in `card_faces` is an object of its own fields (`name`, `oracle_text`, `type_line`, `mana_cost`), as Scryfall writes it"
                    .to_string(),
            ),
        };
        SourceNote {
            kind: NoteKind::UnusableField,
            span: self.span.clone(),
            message,
            help: Some(help),
        }
    }
}

/// The key of `[fields]` in phaselint.toml that names more keys for `field`.
fn fields_key(field: Field) -> Option<&'static str> {
    match field {
        Field::Name => Some("name"),
        Field::Text => Some("text"),
        Field::TypeLine => Some("type"),
        Field::ManaCost => Some("mana-cost"),
        Field::Faces => None,
    }
}
