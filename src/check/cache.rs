//! The findings of each card of a text's last check, kept so that the check of its next version
//! lints only the cards that changed: an editor's document checked as it is typed. The text is
//! still read whole, so the cards, their places and the file's own problems are exactly those of a
//! fresh check; a card equal to one of the last check (every field, with its places taken from
//! its start) gets that card's findings moved to where it is now.

use crate::config::Config;
use crate::diagnostic::Diagnostic;
use crate::lint::check_card;
use crate::source::Card;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

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
}

impl CardCache {
    /// Starts a check of `path` with `config`.
    pub(super) fn begin(&mut self, path: &Path, config: &Config) {
        self.next.clear();
        let same = self
            .made_with
            .as_ref()
            .is_some_and(|(p, c)| p == path && c == config);
        if !same {
            self.last.clear();
            self.made_with = Some((path.to_path_buf(), config.clone()));
        }
    }

    /// The check is complete: its cards are the ones the next check reuses.
    pub(super) fn finish(&mut self) {
        self.last = std::mem::take(&mut self.next);
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
