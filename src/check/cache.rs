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
use crate::lint::check_card;
use crate::source::{self, Card, Format};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A card moved to offset 0, and its findings moved alike.
type Linted = (Card, Vec<Diagnostic>);

/// The cards of the last check of one text, and their findings.
#[derive(Default)]
pub struct CardCache {
    /// The file and config the findings were made with: a level, an ignore or the path's globs
    /// may change any finding, so another makes them all stale.
    made_with: Option<(PathBuf, Config)>,
    /// By the card's bytes in the file (cards with the same bytes are told apart by their
    /// fields, which comments above the card and aliases may change).
    last: HashMap<Box<[u8]>, Vec<Linted>>,
    /// The cards of the check being made.
    next: HashMap<Box<[u8]>, Vec<Linted>>,
    /// The last text, when it read without an error or a note, and its cards in file order.
    read: Option<(Arc<String>, Vec<Card>)>,
    /// The cards of the check being made, in file order.
    cards: Vec<Card>,
}

impl CardCache {
    /// Starts a check of `path` with `config`.
    pub(super) fn begin(&mut self, path: &Path, config: &Config) {
        self.next.clear();
        self.cards.clear();
        let same = self
            .made_with
            .as_ref()
            .is_some_and(|(p, c)| p == path && c == config);
        if !same {
            self.last.clear();
            self.read = None;
            self.made_with = Some((path.to_path_buf(), config.clone()));
        }
    }

    /// The check of `text` is complete: its cards are the ones the next check reuses. `clean`:
    /// it read without an error or a note.
    pub(super) fn finish(&mut self, text: Arc<String>, clean: bool) {
        self.last = std::mem::take(&mut self.next);
        let cards = std::mem::take(&mut self.cards);
        self.read = clean.then_some((text, cards));
    }

    /// The cards of `text`, in file order, from those of the last text when the edit between
    /// them lies in one card that the reader can read again alone.
    pub(super) fn edited_cards(&self, format: Format, text: &str) -> Option<Vec<Card>> {
        let (before, cards) = self.read.as_ref()?;
        let (old, new_end) = changed(before, text);
        if old.is_empty() && new_end == old.start {
            return Some(cards.clone());
        }
        let at = cards.partition_point(|card| card.span.end <= old.start);
        let edited = source::edited_card(format, before, text, cards.get(at)?, old.clone(), new_end)?;
        let by = new_end.wrapping_sub(old.end);
        let mut moved = Vec::with_capacity(cards.len());
        for (i, card) in cards.iter().enumerate() {
            if i == at {
                moved.push(edited.clone());
            } else {
                let mut card = card.clone();
                card.moved_from(old.end, by);
                moved.push(card);
            }
        }
        Some(moved)
    }

    /// [`check_card`] of `card`, read from `text`: the last check's findings, moved, when it had
    /// this card.
    pub(super) fn check_card(
        &mut self,
        card: &Card,
        text: &str,
        path: &Path,
        config: &Config,
        out: &mut Vec<Diagnostic>,
    ) {
        self.cards.push(card.clone());
        let Some(bytes) = text.as_bytes().get(card.span.clone()) else {
            return check_card(card, path, config, out);
        };
        let start = card.span.start;
        let mut at_zero = card.clone();
        at_zero.moved(start.wrapping_neg());
        let known = self
            .last
            .get(bytes)
            .and_then(|cards| cards.iter().find(|(known, _)| *known == at_zero));
        let found = match known {
            Some((_, found)) => found.clone(),
            None => {
                let mut found = Vec::new();
                check_card(card, path, config, &mut found);
                for diagnostic in &mut found {
                    diagnostic.moved(start.wrapping_neg());
                }
                found
            }
        };
        out.extend(found.iter().cloned().map(|mut diagnostic| {
            diagnostic.moved(start);
            diagnostic
        }));
        self.next
            .entry(bytes.into())
            .or_default()
            .push((at_zero, found));
    }
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
    let mut end = old.iter().rev().zip(new.iter().rev()).take(most).take_while(|(a, b)| a == b).count();
    while !before.is_char_boundary(old.len() - end) || !after.is_char_boundary(new.len() - end) {
        end -= 1;
    }
    (start..old.len() - end, new.len() - end)
}
