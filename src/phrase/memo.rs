//! A memo of the walk's template calls on short rests of a line. A call is a pure function of its
//! template, the text from its site to the end of the line, and where its container's content
//! starts from the site (`lower::entry`): the place is only copied into the phrases, and spans
//! move with the site. So a call met before, on any card, is answered here instead of by pest.
//! Phrases are kept with spans counted from the site.
//!
//! Calls that end in an error (pest's call limit, a lowering error) are not kept. pest's limit
//! only grows (`finder::raise_call_limit`): an answer found within it once is the answer under any
//! later limit. pest is built without its `std` feature, so no limit on the stack's depth, which
//! would make a call's answer depend on where it is called from, applies. The memo is one per
//! thread, small enough to stay in the core's cache, and emptied when full: a memo of every call,
//! 8,192 answers of rests up to 256 bytes, saved more pest work and no time, its lookups missing
//! the cache (docs/performance.md, the ninth step's "Tried and left out").

use super::ast::{Phrase, Place};
use super::parser::Rule;
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// The longest rest of a line that is kept: calls repeat on the short ends of lines ("until end
/// of turn."); over the corpus, 35% of the walk's calls are on rests this short, and two thirds
/// of those are answered by the memo.
pub const MAX_REST: usize = 48;
/// Answers a thread keeps before its memo is emptied: about 200 KB of keys and phrases.
pub const MAX_ANSWERS: usize = 1024;

/// What one call found: where its match ends and its phrases, both counted from the site; `None`
/// when the template did not match there.
type Answer = Option<(usize, Vec<Phrase>)>;

#[derive(Default)]
struct Memo {
    answers: FxHashMap<Box<[u8]>, Answer>,
    /// The key being looked up, built here so that a lookup allocates nothing.
    key: Vec<u8>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::default();
}

impl Memo {
    /// Writes the key of a call into `self.key`, or says the call is not kept.
    fn key(&mut self, entry: Rule, content_start: Option<usize>, rest: &str) -> bool {
        if rest.len() > MAX_REST {
            return false;
        }
        self.key.clear();
        self.key.extend_from_slice(&(entry as u16).to_le_bytes());
        let content = content_start.map_or(0, |start| start.saturating_add(1));
        self.key.extend_from_slice(&content.to_le_bytes());
        self.key.extend_from_slice(rest.as_bytes());
        true
    }
}

/// The answer kept for a call of `entry` on `rest`, if there is one: `Some(None)` when the
/// template did not match; `Some(Some(end))` when it did, its phrases pushed onto `out` at `place`
/// and `offset` (the site's place, and its start in the whole text), `end` counted from the site.
pub fn recall(
    entry: Rule,
    content_start: Option<usize>,
    rest: &str,
    place: Place,
    offset: usize,
    out: &mut Vec<Phrase>,
) -> Option<Option<usize>> {
    MEMO.with_borrow_mut(|memo| {
        if !memo.key(entry, content_start, rest) {
            return None;
        }
        let answer = memo.answers.get(memo.key.as_slice())?;
        Some(answer.as_ref().map(|(end, phrases)| {
            out.extend(phrases.iter().map(|kept| {
                let mut phrase = kept.clone();
                phrase.place = Place {
                    opens_ability: kept.place.opens_ability,
                    ..place
                };
                phrase.map_spans(|at| at + offset);
                phrase
            }));
            *end
        }))
    })
}

/// Keeps what a call found: `found` is its end and its phrases as lowered at `offset` (spans in
/// the whole text), or `None` for no match.
pub fn keep(
    entry: Rule,
    content_start: Option<usize>,
    rest: &str,
    offset: usize,
    found: Option<(usize, &[Phrase])>,
) {
    MEMO.with_borrow_mut(|memo| {
        if !memo.key(entry, content_start, rest) {
            return;
        }
        if memo.answers.len() >= MAX_ANSWERS {
            memo.answers.clear();
        }
        let answer = found.map(|(end, phrases)| {
            let from_site = phrases.iter().map(|phrase| {
                let mut phrase = phrase.clone();
                phrase.map_spans(|at| at - offset);
                phrase
            });
            (end, from_site.collect())
        });
        memo.answers.insert(memo.key.as_slice().into(), answer);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Span;
    use crate::phrase::ast::{Form, Template};

    fn place(ability: usize, opens_ability: bool) -> Place {
        Place {
            ability,
            opens_ability,
            in_quotes: false,
            in_reminder: false,
        }
    }

    fn phrase(span: Span, place: Place) -> Phrase {
        Phrase {
            span,
            place,
            form: Form::Unknown,
            marks: Vec::new(),
            template: Template::Rule(Rule::until_end_of_turn),
        }
    }

    /// A kept answer comes back at the new site: spans moved to its offset, the place its own but
    /// for whether the phrase opens its ability, which the text decides.
    #[test]
    fn an_answer_comes_back_at_the_new_site() {
        let rest = "until end of turn. memo test 1";
        let entry = Rule::try_until_end_of_turn;
        let kept = phrase(Span::new(100, 117), place(0, true));
        keep(entry, Some(0), rest, 100, Some((17, &[kept])));
        let mut out = Vec::new();
        let elsewhere = Place {
            in_reminder: true,
            ..place(3, false)
        };
        assert_eq!(
            recall(entry, Some(0), rest, elsewhere, 40, &mut out),
            Some(Some(17))
        );
        let expected = Phrase {
            place: Place {
                opens_ability: true,
                ..elsewhere
            },
            ..phrase(Span::new(40, 57), elsewhere)
        };
        assert_eq!(out, [expected]);
        // The content's start is part of the call; so are the template and the text.
        assert_eq!(recall(entry, None, rest, elsewhere, 40, &mut out), None);
        let other = Rule::try_window;
        assert_eq!(recall(other, Some(0), rest, elsewhere, 40, &mut out), None);
        assert_eq!(
            recall(entry, Some(0), "until", elsewhere, 40, &mut out),
            None
        );
        assert_eq!(out.len(), 1);
    }

    #[test]
    fn a_miss_is_kept_and_a_long_rest_is_not() {
        let entry = Rule::try_window;
        let mut out = Vec::new();
        keep(entry, None, "memo test 2", 5, None);
        assert_eq!(
            recall(entry, None, "memo test 2", place(0, false), 9, &mut out),
            Some(None)
        );
        let long = "x".repeat(MAX_REST + 1);
        keep(entry, None, &long, 0, None);
        assert_eq!(
            recall(entry, None, &long, place(0, false), 0, &mut out),
            None
        );
        assert!(out.is_empty());
    }

    #[test]
    fn a_full_memo_is_emptied() {
        let entry = Rule::try_window;
        let mut out = Vec::new();
        let rests: Vec<String> = (0..=MAX_ANSWERS)
            .map(|n| format!("memo test 3 {n}"))
            .collect();
        for rest in &rests {
            keep(entry, None, rest, 0, None);
        }
        let kept = |rest: &str, out: &mut Vec<Phrase>| {
            recall(entry, None, rest, place(0, false), 0, out).is_some()
        };
        assert!(kept(&rests[MAX_ANSWERS], &mut out));
        assert!(!kept(&rests[0], &mut out));
        MEMO.with_borrow(|memo| assert!(memo.answers.len() <= MAX_ANSWERS));
    }
}
