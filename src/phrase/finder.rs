//! The finder: splits card text into abilities (lines), parses each with the grammar and lowers
//! the parse into phrases with byte spans in the whole text.

use super::ast::{Form, Phrase, Place, Template};
use super::lower;
use super::parser::{Rule, TimingParser};
use super::templates::ends_clause_at;
use super::timing_words::timing_words;
use super::walk::Walker;
use crate::model::Span;
use pest::Parser;
use std::fmt;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// How many grammar calls one pest parse may take per byte of the line, and at least, before the
/// line is given up as pathological: a whole-line parse, or one template call of the walk (whose
/// calls together are bounded by `walk::WORK_PER_BYTE`). Real text takes a few dozen calls a byte;
/// the limit only stops runaway input. In one process the limit is that of the longest line read
/// so far (see `raise_call_limit`).
const CALLS_PER_BYTE: usize = 1_000;
const MIN_CALLS: usize = 100_000;

/// A line the grammar could not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FindError {
    /// The whole line, in bytes of the text.
    pub span: Span,
    pub message: String,
}

impl fmt::Display for FindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bytes {}..{}: {}",
            self.span.start, self.span.end, self.message
        )
    }
}

impl std::error::Error for FindError {}

/// The phrases of a card text, and the lines that could not be read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Found {
    pub phrases: Vec<Phrase>,
    pub errors: Vec<FindError>,
    /// The timing words of the lines read (`timing_words`), in bytes of the text: what the
    /// tripwire looked at, and what `stats` measures coverage with.
    pub timing_words: Vec<Span>,
}

/// Finds every timing phrase of a card text, in text order. Each line is walked in Rust, and pest
/// is called only where a template can start (`walk`).
pub fn find(text: &str) -> Found {
    let mut walker = Walker::default();
    find_lines(text, |line, ability, offset| {
        walker.line(line, ability, offset)
    })
}

/// Finds the phrases as `find` does, but parses each line whole with the grammar's
/// `ability_line`. It is the reference the walk is held against (`tests/walk.rs`); it is many
/// times slower.
pub fn find_by_whole_lines(text: &str) -> Found {
    find_lines(text, whole_line)
}

/// Reads each line of `text` with `read_line` (the line, its index, its offset in the text).
fn find_lines(
    text: &str,
    mut read_line: impl FnMut(&str, usize, usize) -> Result<Vec<Phrase>, String>,
) -> Found {
    let mut found = Found::default();
    for (ability, (offset, line)) in lines(text).into_iter().enumerate() {
        raise_call_limit(MIN_CALLS.saturating_add(CALLS_PER_BYTE.saturating_mul(line.len())));
        match read_line(line, ability, offset) {
            Ok(phrases) => {
                let words = timing_words(line);
                let silent = silent_words(line, ability, offset, &phrases, &words);
                found.phrases.extend(merge(phrases, silent));
                found.timing_words.extend(
                    words
                        .iter()
                        .map(|word| Span::new(offset + word.start, offset + word.end)),
                );
            }
            Err(message) => found.errors.push(FindError {
                span: Span::new(offset, offset + line.len()),
                message,
            }),
        }
    }
    found
}

/// The tripwire: each timing word of a line (`timing_words`) that no phrase covers, as an
/// `unknown` phrase from the word to the end of its clause (or the next phrase or timing word).
/// So no timing word is passed over in silence, whatever the grammar misses.
fn silent_words(
    line: &str,
    ability: usize,
    offset: usize,
    phrases: &[Phrase],
    words: &[Span],
) -> Vec<Phrase> {
    let covered = |at: usize| {
        phrases
            .iter()
            .any(|phrase| phrase.span.start <= at && at < phrase.span.end)
    };
    let mut silent = Vec::new();
    for (index, word) in words.iter().enumerate() {
        let start = offset + word.start;
        if covered(start) {
            continue;
        }
        // The next place the unknown phrase must stop: a phrase or another timing word.
        let stop = phrases
            .iter()
            .map(|phrase| phrase.span.start)
            .filter(|&at| at > start)
            .chain(words.get(index + 1).map(|next| offset + next.start))
            .min()
            .unwrap_or(offset + line.len());
        let end = offset + clause_end(line, word.end, stop - offset);
        silent.push(Phrase {
            span: Span::new(start, end),
            place: place_in(line, word.start, ability),
            form: Form::Unknown,
            marks: Vec::new(),
            template: Template::TimingWord,
        });
    }
    silent
}

/// Where a clause that goes on from `from` ends, at `stop` at the latest: before the grammar's
/// `clause_end`, and never after a space.
fn clause_end(line: &str, from: usize, stop: usize) -> usize {
    let stop = stop.max(from);
    let mut end = from;
    for (at, c) in line[from..stop].char_indices() {
        let here = from + at;
        if ends_clause_at(&line.as_bytes()[here..stop]) {
            break;
        }
        if c != ' ' && c != '\t' {
            end = here + c.len_utf8();
        }
    }
    end
}

/// The place of a word of a line: inside reminder text or quotes as the brackets before it say.
fn place_in(line: &str, at: usize, ability: usize) -> Place {
    let before = &line[..at];
    let opened = before.matches('(').count();
    let closed = before.matches(')').count();
    let quotes = before.matches(['"', '“', '”']).count();
    Place {
        ability,
        opens_ability: false,
        in_quotes: quotes % 2 == 1,
        in_reminder: opened > closed,
    }
}

/// Two lists of phrases in text order, as one list in text order.
fn merge(phrases: Vec<Phrase>, silent: Vec<Phrase>) -> Vec<Phrase> {
    if silent.is_empty() {
        return phrases;
    }
    let mut all = phrases;
    all.extend(silent);
    all.sort_by_key(|phrase| phrase.span.start);
    all
}

/// One line parsed whole by `ability_line`.
fn whole_line(line: &str, ability: usize, offset: usize) -> Result<Vec<Phrase>, String> {
    TimingParser::parse(Rule::ability_line, line)
        .map_err(|error| error.variant.message().into_owned())
        .and_then(|pairs| {
            lower::ability_line(pairs, ability, offset).map_err(|error| error.to_string())
        })
}

/// The highest call limit any line has needed so far, and a copy read without the lock.
static CALL_LIMIT: Mutex<usize> = Mutex::new(0);
static CALL_LIMIT_SEEN: AtomicUsize = AtomicUsize::new(0);

/// Makes pest's call limit at least `limit`. pest keeps one limit for all threads, and `check`
/// reads cards on several: the limit only grows, under a lock, so no thread's line is parsed with
/// a limit set for a shorter line on another thread. Nearly every line needs no more than the
/// limit already set, which is read without the lock.
fn raise_call_limit(limit: usize) {
    if limit <= CALL_LIMIT_SEEN.load(Ordering::Acquire) {
        return;
    }
    let mut highest = CALL_LIMIT.lock().unwrap_or_else(PoisonError::into_inner);
    if limit > *highest {
        *highest = limit;
        pest::set_call_limit(NonZeroUsize::new(limit));
        CALL_LIMIT_SEEN.store(limit, Ordering::Release);
    }
}

/// The lines of a text with their byte offsets, without their line breaks (`\n`, `\r\n`, `\r`).
fn lines(text: &str) -> Vec<(usize, &str)> {
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    for at in memchr::memchr2_iter(b'\n', b'\r', bytes) {
        if at < start {
            // The `\n` of a `\r\n`, already taken with its `\r`.
            continue;
        }
        lines.push((start, &text[start..at]));
        start = at
            + if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
    }
    lines.push((start, &text[start..]));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_keep_their_offsets() {
        let got = lines("a\r\nbc\nd");
        assert_eq!(got, vec![(0, "a"), (3, "bc"), (6, "d")]);
    }

    #[test]
    fn empty_text_is_one_empty_line() {
        let got = lines("");
        assert_eq!(got, vec![(0, "")]);
    }

    #[test]
    fn trailing_break_gives_an_empty_last_line() {
        let got = lines("a\n");
        assert_eq!(got, vec![(0, "a"), (2, "")]);
    }
}
