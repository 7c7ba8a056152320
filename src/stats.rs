//! Statistics over checked cards: findings by kind and by template, the phrases not understood,
//! and how many occurrences of the timing anchors were classified. Joke-set cards (the Un-sets,
//! which break templating on purpose) are counted apart when the input names their set.
//!
//! Architecture invariant: counts only: it knows cards, phrases and rules, and nothing of configs,
//! walks or reports.

use crate::edition::Edition;
use crate::model::{Finding, Kind};
use crate::phrase::CardName;
use crate::phrase::ast::Template;
use crate::rules::FaceText;
use crate::source::{self, Card, Format, ReadOptions, SourceError};
use serde::Serialize;
use std::collections::BTreeMap;

/// Set codes of the joke sets and of other cards printed to break templating on purpose.
const JOKE_SETS: &[&str] = &[
    "UGL", "UNH", "UST", "UND", "UNF", "UNK", "UNS", "CMB1", "CMB2", "HHO", "PCEL", "PTG",
];

/// Whether a set code is a joke set's.
pub fn is_joke_set(set: &str) -> bool {
    JOKE_SETS.iter().any(|joke| joke.eq_ignore_ascii_case(set))
}

/// Anchor occurrences, and how many of them a finding other than `unknown` covers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Anchors {
    pub total: usize,
    pub classified: usize,
}

impl Anchors {
    /// The classified share, 1.0 when there are no anchors.
    pub fn share(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            self.classified as f64 / self.total as f64
        }
    }
}

/// One phrase not understood, with how often it occurs and a card it occurs on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unknown {
    pub phrase: String,
    pub count: usize,
    pub example: String,
}

/// The statistics of a set of cards.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Stats {
    pub cards: usize,
    pub findings_by_kind: BTreeMap<&'static str, usize>,
    pub findings_by_template: BTreeMap<String, usize>,
    pub anchors: Anchors,
    /// Timing words that no template covered (`timing_words`): each is reported as an unknown
    /// phrase, so this counts what the grammar would otherwise pass over in silence.
    pub silent: usize,
    /// Lines the grammar could not read within its limits (PL902 in `check`).
    pub unreadable: usize,
    /// Most frequent first, then alphabetical.
    pub unknown: Vec<Unknown>,
}

/// Statistics being gathered: the regular cards and the joke-set cards apart.
#[derive(Debug, Default)]
pub struct Tally {
    regular: Gathered,
    joke: Gathered,
}

#[derive(Debug, Default)]
struct Gathered {
    stats: Stats,
    unknown: BTreeMap<String, (usize, String)>,
}

/// The result: statistics of the regular cards, and of the joke-set cards when there are any.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    #[serde(flatten)]
    pub stats: Stats,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub joke_sets: Option<Stats>,
}

impl Tally {
    /// Counts one card.
    pub fn add(&mut self, card: &Card) {
        let joke = card.set.as_deref().is_some_and(is_joke_set);
        let gathered = if joke {
            &mut self.joke
        } else {
            &mut self.regular
        };
        gathered.add(card);
    }

    /// Counts the cards of `text` (in `format`): they are read on this thread while `threads`
    /// others count them a batch at a time (0: all on this one). The problems of a malformed
    /// text are returned; the cards read before them are counted.
    pub fn add_text(
        &mut self,
        text: &str,
        format: Format,
        options: &ReadOptions,
        threads: usize,
    ) -> Vec<SourceError> {
        let count = |cards: Vec<Card>| {
            let mut tally = Tally::default();
            cards.iter().for_each(|card| tally.add(card));
            tally
        };
        // In the order of the cards, so that each unknown phrase keeps its first example.
        let merge = &mut |tally: Tally| {
            self.regular.merge(tally.regular);
            self.joke.merge(tally.joke);
        };
        source::read_batched(format, text, options, threads, count, merge)
    }

    pub fn finish(self) -> Report {
        let joke = (self.joke.stats.cards > 0).then(|| self.joke.finish());
        Report {
            stats: self.regular.finish(),
            joke_sets: joke,
        }
    }
}

impl Gathered {
    fn add(&mut self, card: &Card) {
        self.stats.cards += 1;
        for face in &card.faces {
            let Some(text) = &face.text else { continue };
            let text = text.value.as_ref();
            // The same reading `check` gives the face, so that the two cannot drift apart.
            let read = CardName::with_face(card.name.as_deref(), face.name.as_deref(), |name| {
                FaceText::read_named(text, face.type_line.as_deref(), Edition::Current, name)
            });
            self.stats.unreadable += read.errors.len();
            for (phrase, _) in &read.items {
                if phrase.template == Template::TimingWord {
                    self.stats.silent += 1;
                }
                *self
                    .stats
                    .findings_by_template
                    .entry(phrase.template.name())
                    .or_default() += 1;
            }
            let findings: Vec<&Finding> = read.items.iter().map(|(_, finding)| finding).collect();
            for finding in &findings {
                *self
                    .stats
                    .findings_by_kind
                    .entry(finding.kind.as_str())
                    .or_default() += 1;
                if finding.kind == Kind::Unknown {
                    let name = face.name.as_deref().or(card.name.as_deref()).unwrap_or("");
                    let phrase = generic(&finding.phrase, name);
                    let entry = self
                        .unknown
                        .entry(phrase)
                        .or_insert_with(|| (0, name.to_string()));
                    entry.0 += 1;
                }
            }
            // The timing words the finder read (the same list as the tripwire's), line by line.
            for anchor in &read.timing_words {
                self.stats.anchors.total += 1;
                let classified = findings.iter().any(|finding| {
                    finding.kind != Kind::Unknown
                        && finding.span.start <= anchor.start
                        && anchor.start < finding.span.end
                });
                if classified {
                    self.stats.anchors.classified += 1;
                }
            }
        }
    }

    /// Adds the counts of `later`, gathered from cards after these.
    fn merge(&mut self, later: Gathered) {
        let (stats, more) = (&mut self.stats, later.stats);
        stats.cards += more.cards;
        for (kind, count) in more.findings_by_kind {
            *stats.findings_by_kind.entry(kind).or_default() += count;
        }
        for (template, count) in more.findings_by_template {
            *stats.findings_by_template.entry(template).or_default() += count;
        }
        stats.anchors.total += more.anchors.total;
        stats.anchors.classified += more.anchors.classified;
        stats.silent += more.silent;
        stats.unreadable += more.unreadable;
        for (phrase, (count, example)) in later.unknown {
            self.unknown.entry(phrase).or_insert((0, example)).0 += count;
        }
    }

    fn finish(self) -> Stats {
        let mut stats = self.stats;
        stats.unknown = self
            .unknown
            .into_iter()
            .map(|(phrase, (count, example))| Unknown {
                phrase,
                count,
                example,
            })
            .collect();
        stats
            .unknown
            .sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.phrase.cmp(&b.phrase)));
        stats
    }
}

/// A phrase lower-cased, with the card's own name as `~`, so that one shape groups together.
fn generic(phrase: &str, name: &str) -> String {
    let phrase = phrase.to_lowercase().replace('’', "'");
    if name.is_empty() {
        phrase
    } else {
        phrase.replace(&name.to_lowercase().replace('’', "'"), "~")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// JSON Lines of `n` faces, joke-set cards among them, and unknown phrases whose first
    /// example is in an early batch and whose later occurrences are in others.
    fn pool(n: usize) -> String {
        (0..n)
            .map(|i| {
                let set = if i % 7 == 0 { "UST" } else { "NEO" };
                let text = match i % 3 {
                    0 => "Untap it during each other player's untap step.",
                    1 => "Exile it until Card {i} is revealed.",
                    _ => "At the beginning of your upkeep, draw a card.",
                };
                let text = text.replace("{i}", &(i % 5).to_string());
                format!(
                    "{{\"name\": \"Card {}\", \"set\": \"{set}\", \"type_line\": \"Artifact\", \"oracle_text\": \"{text}\"}}\n",
                    i % 5
                )
            })
            .collect()
    }

    #[test]
    fn counting_on_threads_gives_the_counts_of_one_thread() {
        let text = pool(2000);
        let counted = |threads| {
            let mut tally = Tally::default();
            let errors = tally.add_text(&text, Format::JsonLines, &ReadOptions::default(), threads);
            assert!(errors.is_empty(), "{errors:?}");
            tally.finish()
        };
        let alone = counted(0);
        assert_eq!(
            alone.stats.cards + alone.joke_sets.as_ref().map_or(0, |s| s.cards),
            2000
        );
        assert!(!alone.stats.unknown.is_empty());
        assert_eq!(counted(2), alone);
        assert_eq!(counted(3), alone);
    }

    #[test]
    fn joke_sets_are_known_by_code() {
        assert!(is_joke_set("ust"));
        assert!(!is_joke_set("NEO"));
    }

    #[test]
    fn a_card_name_groups_as_a_tilde() {
        assert_eq!(
            generic(
                "until Mirror-Mad Phantasm is revealed",
                "Mirror-Mad Phantasm"
            ),
            "until ~ is revealed"
        );
    }
}
