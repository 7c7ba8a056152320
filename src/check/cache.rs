//! The cards of a text's last check and their findings, kept so that the check of its next
//! version reads and lints only what changed: an editor's document checked as it is typed.
//!
//! - An edit the reader can apply to one card without reading the file again
//!   ([`source::edited_card`]) gives the cards of the new text from the last ones; any other
//!   change reads the text whole, so the cards, their places and the file's own problems are
//!   exactly those of a fresh check.
//! - A card equal to one of the last check (every field, with its places taken from its start)
//!   gets that card's findings, moved to where it is now; only the others are linted.

use crate::config::Config;
use crate::diagnostic::Diagnostic;
use crate::lint::{FileLevels, check_card_in};
use crate::read::FileText;
use crate::source::{self, Card, Format};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The cards of the last check of one text, and their findings.
#[derive(Default)]
pub struct CardCache {
    /// The file and config the findings were made with: a level, an ignore or the path's globs
    /// may change any finding, so another makes them all stale.
    made_with: Option<(PathBuf, Config)>,
    last: Option<Checked>,
    /// The check being made.
    next: Checked,
    /// Where the findings of each card of the check being made may be found in `last`.
    plan: Plan,
}

/// A text checked, its cards in file order and the findings of each.
#[derive(Default)]
struct Checked {
    text: Arc<FileText>,
    /// It read without an error or a note.
    clean: bool,
    /// Owned: they outlive the text they were read from.
    cards: Vec<Card<'static>>,
    found: Vec<Vec<Diagnostic>>,
}

/// How the cards of the check being made are found among the last ones.
#[derive(Default)]
enum Plan {
    /// Nothing is known of them.
    #[default]
    Lint,
    /// The text was read whole: a card is looked up by its bytes (with a hash of them), and
    /// reused when every field is equal once moved.
    Read(HashMap<u64, Vec<usize>>),
    /// The cards are the last ones with card `at` edited, and every place at or after `from`
    /// moved `by`.
    Edited { at: usize, from: usize, by: usize },
}

impl CardCache {
    /// Starts a check of `path` with `config`.
    pub(super) fn begin(&mut self, path: &Path, config: &Config) {
        self.next = Checked::default();
        self.plan = Plan::Lint;
        let same = self
            .made_with
            .as_ref()
            .is_some_and(|(p, c)| p == path && c == config);
        if !same {
            self.last = None;
            self.made_with = Some((path.to_path_buf(), config.clone()));
        }
    }

    /// The check of `text` is complete: its cards are the ones the next check reuses. `clean`:
    /// it read without an error or a note.
    pub(super) fn finish(&mut self, text: Arc<FileText>, clean: bool) {
        let mut next = std::mem::take(&mut self.next);
        next.text = text;
        next.clean = clean;
        self.last = Some(next);
        self.plan = Plan::Lint;
    }

    /// The cards of `text`, in file order, from those of the last text when the edit between
    /// them lies in one card that the reader can read again alone. `None`: the text is to be
    /// read whole.
    pub(super) fn edited_cards(
        &mut self,
        format: Format,
        text: &str,
    ) -> Option<Vec<Card<'static>>> {
        let last = self.last.as_ref()?;
        match edited(last, format, text) {
            Some((cards, plan)) => {
                self.plan = plan;
                Some(cards)
            }
            None => {
                self.plan = Plan::Read(by_bytes(last));
                None
            }
        }
    }

    /// [`check_card_in`] of `card`, read from `text`: the last check's findings, moved, when it
    /// had this card.
    pub(super) fn check_card(
        &mut self,
        card: &Card<'_>,
        text: &str,
        levels: &FileLevels,
        out: &mut Vec<Diagnostic>,
    ) {
        let found = self.known(card, text).unwrap_or_else(|| {
            let mut found = Vec::new();
            check_card_in(card, levels, &mut found);
            found
        });
        out.extend(found.iter().cloned());
        self.next.cards.push(card.clone().into_owned());
        self.next.found.push(found);
    }

    /// The findings of `card` (the next of the check being made) in the last check, moved.
    fn known(&self, card: &Card<'_>, text: &str) -> Option<Vec<Diagnostic>> {
        let last = self.last.as_ref()?;
        let (found, from, by) = match &self.plan {
            Plan::Lint => return None,
            Plan::Edited { at, from, by } => {
                let i = self.next.cards.len();
                if i == *at {
                    return None;
                }
                (last.found.get(i)?, *from, *by)
            }
            Plan::Read(by_bytes) => {
                let bytes = text.as_bytes().get(card.span.clone())?;
                let i = by_bytes.get(&hash(bytes))?.iter().copied().find(|&i| {
                    let by = card.span.start.wrapping_sub(last.cards[i].span.start);
                    let mut known = last.cards[i].clone();
                    known.moved(by);
                    known == *card
                })?;
                let by = card.span.start.wrapping_sub(last.cards[i].span.start);
                (&last.found[i], 0, by)
            }
        };
        Some(
            found
                .iter()
                .cloned()
                .map(|mut diagnostic| {
                    diagnostic.moved_from(from, by);
                    diagnostic
                })
                .collect(),
        )
    }
}

/// The cards of `text` from those of `last` and how to find their findings, when the edit
/// between the two lies in one card that the reader can read again alone.
fn edited(last: &Checked, format: Format, text: &str) -> Option<(Vec<Card<'static>>, Plan)> {
    if !last.clean {
        return None;
    }
    let (old, new_end) = changed(&last.text, text);
    let at = last
        .cards
        .partition_point(|card| card.span.end <= old.start);
    let edited = source::edited_card(
        format,
        &last.text,
        text,
        last.cards.get(at)?,
        old.clone(),
        new_end,
    )?;
    let by = new_end.wrapping_sub(old.end);
    let mut cards = Vec::with_capacity(last.cards.len());
    for (i, card) in last.cards.iter().enumerate() {
        if i == at {
            cards.push(edited.clone());
        } else {
            let mut card = card.clone();
            card.moved_from(old.end, by);
            cards.push(card);
        }
    }
    let plan = Plan::Edited {
        at,
        from: old.end,
        by,
    };
    Some((cards, plan))
}

/// The last cards by a hash of their bytes.
fn by_bytes(last: &Checked) -> HashMap<u64, Vec<usize>> {
    let mut cards: HashMap<u64, Vec<usize>> = HashMap::new();
    for (i, card) in last.cards.iter().enumerate() {
        if let Some(bytes) = last.text.as_bytes().get(card.span.clone()) {
            cards.entry(hash(bytes)).or_default().push(i);
        }
    }
    cards
}

/// FNV-1a: the bytes of a card are hashed at every check of a text read whole.
fn hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The bytes of `before` that differ from `after`, and where they end in `after`: what an edit
/// replaced, between the longest common start and end (on character boundaries).
fn changed(before: &str, after: &str) -> (std::ops::Range<usize>, usize) {
    let (old, new) = (before.as_bytes(), after.as_bytes());
    let mut start = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    while !before.is_char_boundary(start) || !after.is_char_boundary(start) {
        start -= 1;
    }
    let most = old.len().min(new.len()) - start;
    let mut end = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(most)
        .take_while(|(a, b)| a == b)
        .count();
    while !before.is_char_boundary(old.len() - end) || !after.is_char_boundary(new.len() - end) {
        end -= 1;
    }
    (start..old.len() - end, new.len() - end)
}
