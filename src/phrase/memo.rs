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

/// The longest key: a rule, a start of content and a rest.
const MAX_KEY: usize = 2 + 8 + MAX_REST;

#[derive(Default)]
struct Memo {
    answers: FxHashMap<Box<[u8]>, Answer>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::default();
}

/// One call of a template by the walk.
pub struct Call<'t> {
    pub entry: Rule,
    /// Where the content of the container starts, from the site, if not before it.
    pub content_start: Option<usize>,
    /// The line from the site to its end.
    pub rest: &'t str,
    /// The site's place, and its start in the whole text.
    pub place: Place,
    pub offset: usize,
}

impl Call<'_> {
    /// The call's key, in a buffer of the stack, or `None` when its rest is too long to keep.
    fn key(&self) -> Option<([u8; MAX_KEY], usize)> {
        if self.rest.len() > MAX_REST {
            return None;
        }
        let mut key = [0; MAX_KEY];
        let content = self
            .content_start
            .map_or(0, |start| start.saturating_add(1));
        key[..2].copy_from_slice(&(self.entry as u16).to_le_bytes());
        key[2..10].copy_from_slice(&(content as u64).to_le_bytes());
        key[10..10 + self.rest.len()].copy_from_slice(self.rest.as_bytes());
        Some((key, 10 + self.rest.len()))
    }
}

/// What `call` finds: `parse` calls the template and lowers its match onto `out` (spans in the
/// whole text), unless the memo holds the answer, whose phrases are then pushed at the call's
/// place and offset. Returns where the match ends, counted from the site, or `None` for no match;
/// an error of `parse` is returned and not kept.
pub fn answer(
    call: &Call,
    out: &mut Vec<Phrase>,
    parse: impl FnOnce(&mut Vec<Phrase>) -> Result<Option<usize>, String>,
) -> Result<Option<usize>, String> {
    let Some((key, len)) = call.key() else {
        return parse(out);
    };
    let key = &key[..len];
    let kept = MEMO.with_borrow(|memo| {
        let answer = memo.answers.get(key)?;
        Some(answer.as_ref().map(|(end, phrases)| {
            out.extend(phrases.iter().map(|kept| {
                let mut phrase = kept.clone();
                phrase.place = Place {
                    opens_ability: kept.place.opens_ability,
                    ..call.place
                };
                phrase.map_spans(|at| at + call.offset);
                phrase
            }));
            *end
        }))
    });
    if let Some(end) = kept {
        return Ok(end);
    }
    let before = out.len();
    let end = parse(out)?;
    let answer = end.map(|end| {
        let from_site = out[before..].iter().map(|phrase| {
            let mut phrase = phrase.clone();
            phrase.map_spans(|at| at - call.offset);
            phrase
        });
        (end, from_site.collect())
    });
    MEMO.with_borrow_mut(|memo| {
        if memo.answers.len() >= MAX_ANSWERS {
            memo.answers.clear();
        }
        memo.answers.insert(key.into(), answer);
    });
    Ok(end)
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

    fn call(entry: Rule, content_start: Option<usize>, rest: &str, offset: usize) -> Call<'_> {
        Call {
            entry,
            content_start,
            rest,
            place: place(0, false),
            offset,
        }
    }

    /// The memo's answer to `call`, if it holds one: the probe's parse answers with an error,
    /// which is not kept.
    fn recalled(call: &Call, out: &mut Vec<Phrase>) -> Option<Option<usize>> {
        answer(call, out, |_| Err("parsed".into())).ok()
    }

    /// A kept answer comes back at the new site: spans moved to its offset, the place its own but
    /// for whether the phrase opens its ability, which the text decides.
    #[test]
    fn an_answer_comes_back_at_the_new_site() {
        let rest = "until end of turn. memo test 1";
        let entry = Rule::try_until_end_of_turn;
        let mut out = vec![phrase(Span::new(0, 1), place(0, false))];
        let first = answer(&call(entry, Some(0), rest, 100), &mut out, |out| {
            out.push(phrase(Span::new(100, 117), place(0, true)));
            Ok(Some(17))
        });
        assert_eq!(first, Ok(Some(17)));
        let elsewhere = Place {
            in_reminder: true,
            ..place(3, false)
        };
        let mut out = Vec::new();
        let again = Call {
            place: elsewhere,
            ..call(entry, Some(0), rest, 40)
        };
        assert_eq!(recalled(&again, &mut out), Some(Some(17)));
        let expected = Phrase {
            place: Place {
                opens_ability: true,
                ..elsewhere
            },
            ..phrase(Span::new(40, 57), elsewhere)
        };
        assert_eq!(out, [expected]);
        // The content's start is part of the call; so are the template and the text.
        for other in [
            call(entry, None, rest, 40),
            call(Rule::try_window, Some(0), rest, 40),
            call(entry, Some(0), "until", 40),
        ] {
            assert_eq!(recalled(&other, &mut out), None);
        }
        assert_eq!(out.len(), 1);
    }

    #[test]
    fn a_miss_is_kept_and_an_error_or_a_long_rest_is_not() {
        let entry = Rule::try_window;
        let mut out = Vec::new();
        let miss = call(entry, None, "memo test 2", 5);
        assert_eq!(answer(&miss, &mut out, |_| Ok(None)), Ok(None));
        assert_eq!(
            recalled(&call(entry, None, "memo test 2", 9), &mut out),
            Some(None)
        );
        let failed = call(entry, None, "memo test 2, an error", 0);
        assert_eq!(recalled(&failed, &mut out), None);
        assert_eq!(recalled(&failed, &mut out), None);
        let long = "x".repeat(MAX_REST + 1);
        assert_eq!(
            answer(&call(entry, None, &long, 0), &mut out, |_| Ok(None)),
            Ok(None)
        );
        assert_eq!(recalled(&call(entry, None, &long, 0), &mut out), None);
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
            assert_eq!(
                answer(&call(entry, None, rest, 0), &mut out, |_| Ok(None)),
                Ok(None)
            );
        }
        let kept = |rest: &str, out: &mut Vec<Phrase>| recalled(&call(entry, None, rest, 0), out);
        assert_eq!(kept(&rests[MAX_ANSWERS], &mut out), Some(None));
        assert_eq!(kept(&rests[0], &mut out), None);
        MEMO.with_borrow(|memo| assert!(memo.answers.len() <= MAX_ANSWERS));
    }
}
