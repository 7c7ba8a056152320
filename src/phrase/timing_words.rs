//! The timing words: every word or run of words in card text that says something about the turn.
//! It is the one list both of the tripwire (a timing word no finding covers becomes an `unknown`
//! finding, so that none is passed over in silence) and of `stats`' anchor coverage. It is at
//! least as wide as the paragraph "No timing word in silence" of ../shared/TIMING-MODEL.md.

use crate::model::Span;
use std::sync::OnceLock;

/// The timing words, each a run of words matched whole and case-insensitively. In a pattern,
/// `a|b` is either word, `*` stands for up to two other words, and a pattern that starts with `!`
/// names words that are *not* timing although a timing pattern would match inside them (a
/// keyword or a cost that names a step). At each word the first pattern that matches wins, so an
/// exception comes before the timing words it shadows.
///
/// - durations and delayed points: "until", "at the beginning of", "at end of", "at the end of",
///   "for the rest of the game";
/// - the turn and its instances: "this turn", "next turn", "that turn", "last turn", "each
///   turn", "extra turn", "your turn" after "during" or "on", "this combat", "that combat";
/// - windows: "only during / before / after", "as a sorcery", "as an instant";
/// - changes to the turn: "skip", "additional ... phase / step";
/// - every phase and step by name (CR 500.1), old names included ("untap phase", "end of turn
///   step"), and "end of turn".
pub const TIMING_WORDS: &[&str] = &[
    // Keywords and costs that name the upkeep without being a point of it: the keyword itself
    // is read by the keyword rules, not the timing grammar.
    "!cumulative upkeep",
    "!upkeep cost|costs",
    // A card type, not the instant-speed window.
    "!as an instant card|cards",
    "until",
    "at the beginning of",
    "at end of",
    "at the end of",
    "rest of the game",
    "this|that|next|last|each|every turn|turns",
    "extra turn|turns",
    "during|on your|their turn|turns",
    "during * turn|turns",
    "during each of * turns",
    "this|that|each|every|first|last combat|combats",
    "only during|before|after",
    "as a sorcery",
    "as an instant",
    "skip|skips",
    "additional * phase|phases|step|steps",
    "end of turn",
    "end of combat",
    "beginning of combat",
    "combat phase|phases",
    "combat damage step|steps",
    "declare attackers|blockers step|steps",
    "main phase|phases",
    "beginning|ending phase|phases",
    "untap step|steps|phase|phases",
    "upkeep|upkeeps",
    "draw step|steps|phase|phases",
    "end step|steps",
    "cleanup step|steps",
];

/// One compiled pattern: its words, each a set of alternatives, `None` for `*`.
struct Pattern {
    timing: bool,
    words: Vec<Option<Vec<&'static str>>>,
}

fn patterns() -> &'static [Pattern] {
    static PATTERNS: OnceLock<Vec<Pattern>> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        TIMING_WORDS
            .iter()
            .map(|pattern| {
                let (timing, pattern) = match pattern.strip_prefix('!') {
                    Some(rest) => (false, rest),
                    None => (true, *pattern),
                };
                let words = pattern
                    .split(' ')
                    .map(|word| (word != "*").then(|| word.split('|').collect()))
                    .collect();
                Pattern { timing, words }
            })
            .collect()
    })
}

/// The byte spans of the timing words of `text`, in text order and never overlapping.
pub fn timing_words(text: &str) -> Vec<Span> {
    let words = words(text);
    let patterns = patterns();
    let mut found = Vec::new();
    let mut at = 0;
    while at < words.len() {
        let matched = patterns
            .iter()
            .find_map(|pattern| matches_at(text, &words, at, pattern).map(|end| (pattern, end)));
        match matched {
            Some((pattern, end)) => {
                if pattern.timing {
                    found.push(Span::new(words[at].start, words[end].end));
                }
                at = end + 1;
            }
            None => at += 1,
        }
    }
    found
}

/// The words of a text: runs of letters, digits and apostrophes.
fn words(text: &str) -> Vec<Span> {
    let mut words = Vec::new();
    let mut start = None;
    for (at, c) in text.char_indices() {
        let in_word = c.is_alphanumeric() || c == '\'' || c == '’';
        match (in_word, start) {
            (true, None) => start = Some(at),
            (false, Some(from)) => {
                words.push(Span::new(from, at));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        words.push(Span::new(from, text.len()));
    }
    words
}

/// Whether a word of the text is `expected`, in any case and with either apostrophe.
fn word_is(word: &str, expected: &str) -> bool {
    let mut got = word.chars().map(|c| {
        if c == '’' {
            '\''
        } else {
            c.to_ascii_lowercase()
        }
    });
    expected.chars().all(|c| got.next() == Some(c)) && got.next().is_none()
}

/// The index of the last word of `pattern` when it matches from word `start`.
fn matches_at(text: &str, words: &[Span], start: usize, pattern: &Pattern) -> Option<usize> {
    let is = |index: usize, choices: &[&str]| {
        words
            .get(index)
            .is_some_and(|word| choices.iter().any(|c| word_is(word.of(text), c)))
    };
    let mut at = start;
    let mut parts = pattern.words.iter();
    while let Some(part) = parts.next() {
        match part {
            Some(choices) => {
                if !is(at, choices) {
                    return None;
                }
                at += 1;
            }
            None => {
                // Up to two words, then the next part.
                let next = parts.next()?.as_ref()?;
                at = (at..at + 3).find(|&index| is(index, next))? + 1;
            }
        }
    }
    Some(at - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<&str> {
        timing_words(text)
            .iter()
            .map(|span| span.of(text))
            .collect()
    }

    #[test]
    fn timing_words_are_whole_words_in_any_case() {
        assert_eq!(
            found("Until end of turn, it gains haste. Skip your next turn."),
            ["Until", "end of turn", "Skip", "next turn"]
        );
        assert_eq!(
            found("untapped, skipping, turned, stepped"),
            Vec::<&str>::new()
        );
        assert_eq!(
            found("there is an additional combat phase"),
            ["additional combat phase"]
        );
        assert_eq!(
            found("At the beginning of each end step this turn"),
            ["At the beginning of", "end step", "this turn"]
        );
    }

    #[test]
    fn a_keyword_that_names_a_step_is_not_timing() {
        assert_eq!(
            found("Cumulative upkeep {1}. Pay its upkeep cost at the beginning of your upkeep."),
            ["at the beginning of", "upkeep"]
        );
    }

    #[test]
    fn curly_apostrophes_match_straight_ones() {
        assert_eq!(
            found("during each opponent’s turn"),
            ["during each opponent’s turn"]
        );
    }
}
