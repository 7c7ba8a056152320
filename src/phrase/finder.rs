//! The finder: splits card text into abilities (lines), parses each with the grammar and lowers
//! the parse into phrases with byte spans in the whole text.

use super::ast::{Form, Phrase, Place, Template, WhileCondition};
use super::keywords;
use super::lower;
use super::parser::{Rule, TimingParser};
use super::reading::{CardName, Reading};
use super::scan::Scan;
use super::templates::ends_clause_at;
use super::timing_words::{is_bare_unit, is_word_char, timing_words_from};
use super::walk::walk_line;
use super::work::Work;
use crate::model::Span;
use pest::Parser;
use std::cell::RefCell;
use std::fmt;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// How many grammar calls one pest parse may take per byte of the line, and at least, before the
/// line is given up as pathological: a whole-line parse, or one template call of the walk (whose
/// calls together are bounded by `work::WORK_PER_BYTE`). Real text takes a few dozen calls a byte;
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
    find_named(text, &CardName::none())
}

/// [`find`] in the text of the card `name`: its name reads as the card itself (`reading`).
pub fn find_named(text: &str, name: &CardName) -> Found {
    thread_local! {
        /// The scan of this thread, kept from card to card: its buffers are sized for the
        /// template table's literals (kilobytes), and were allocated anew for every card.
        static SCAN: RefCell<Scan> = RefCell::default();
    }
    SCAN.with(|kept| {
        // A scan in use (a find within a find) cannot be shared: that call has its own.
        let mut own = None;
        let mut borrowed = kept.try_borrow_mut().ok();
        let scan = match borrowed.as_deref_mut() {
            Some(scan) => scan,
            None => own.insert(Scan::default()),
        };
        find_lines(text, name, Some(scan))
    })
}

/// Finds the phrases as `find` does, but parses each line whole with the grammar's
/// `ability_line`, and reads its keywords and timing words on their own. It is the reference the
/// walk and the shared scan are held against (`tests/walk.rs`); it is many times slower.
pub fn find_by_whole_lines(text: &str) -> Found {
    find_by_whole_lines_named(text, &CardName::none())
}

/// [`find_by_whole_lines`] in the text of the card `name`, the reference of [`find_named`].
pub fn find_by_whole_lines_named(text: &str, name: &CardName) -> Found {
    find_lines(text, name, None)
}

/// How many phrases one text may hold; the text after the phrase past it is not read, and says
/// so (a `FindError`). Real faces hold at most 6 (the Oracle card set and its printed wordings),
/// so only a hostile or broken text reaches it; it bounds what resolving and every rule do with
/// the phrases of one text, some of which compare phrases with the phrases before them.
pub const MAX_PHRASES: usize = 1_000;

/// Reads each line of `text`, up to `MAX_PHRASES` phrases: with `scan`, the finder's way (one
/// scan of each line serves the walk, the keyword reader and the tripwire); without, the
/// reference's (each line parsed whole, its keywords and timing words read on their own).
fn find_lines(text: &str, name: &CardName, mut scan: Option<&mut Scan>) -> Found {
    let mut found = Found::default();
    for (ability, (offset, original)) in lines(text).enumerate() {
        // The grammar reads the line's reading copy; every span is mapped back to the line.
        let reading = Reading::of(original, name);
        let line = reading.text.as_ref();
        let back = |at: usize| offset + reading.to_line(at - offset);
        raise_call_limit(MIN_CALLS.saturating_add(CALLS_PER_BYTE.saturating_mul(line.len())));
        // One phrase past the room left says where reading stops.
        let room = MAX_PHRASES - found.phrases.len();
        let mut work = Work::for_line(line.len(), room + 1);
        if let Some(scan) = scan.as_deref_mut() {
            scan.line(line);
        }
        let scan = scan.as_deref();
        let phrases = match scan {
            Some(scan) => walk_line(line, &scan.found, ability, offset, &mut work),
            None => whole_line(line, ability, offset),
        };
        // Keywords are read after the grammar, within what is left of the line's work, and no
        // further than the phrases kept.
        let read = phrases.and_then(|phrases| {
            let keywords = match scan {
                Some(scan) => {
                    keywords::find_knowing_verbs(line, ability, offset, &mut work, scan.verbs())
                }
                None => keywords::find(line, ability, offset, &mut work),
            }?;
            Ok(merge(phrases, keywords))
        });
        match read {
            Ok(mut phrases) => {
                read_in_part(line, offset, &mut phrases);
                until_leaves_in_place(line, offset, &mut phrases);
                let first_word = found.timing_words.len();
                let silent = silent_words(
                    line,
                    ability,
                    offset,
                    &phrases,
                    timing_words_from(line, scan.and_then(Scan::first_words)),
                    room + 1,
                    &mut found.timing_words,
                );
                let mut phrases = merge(phrases, silent);
                join_unknowns(line, offset, &mut phrases);
                if !reading.is_line() {
                    phrases.iter_mut().for_each(|phrase| phrase.map_spans(back));
                }
                let past = phrases.get(room).map(|phrase| phrase.span);
                phrases.truncate(room);
                found.phrases.extend(phrases);
                // The line's words, in bytes of the text, up to where reading stops.
                let read_to = past.map_or(usize::MAX, |span| span.start);
                let words = &mut found.timing_words[first_word..];
                for word in words.iter_mut() {
                    *word = Span::new(back(offset + word.start), back(offset + word.end));
                }
                // Words from the first phrase not kept on are not read. Only a word no template
                // covers could lie there, and `unknown_timing` covers the bare timing words tried:
                // a safeguard.
                let read = words.partition_point(|word| word.start < read_to);
                found.timing_words.truncate(first_word + read);
                if let Some(span) = past {
                    found.errors.push(FindError {
                        span,
                        message: format!(
                            "more than {MAX_PHRASES} timing phrases in one text; it is not read \
                             from here on"
                        ),
                    });
                    break;
                }
            }
            Err(message) => found.errors.push(FindError {
                span: Span::new(offset, offset + original.len()),
                message,
            }),
        }
    }
    found
}

/// The tripwire: each timing word of a line (`timing_words`) that no phrase covers, as an
/// `unknown` phrase from the word to the end of its clause (or the next phrase or timing word),
/// a bare unit word's from the start of its clause. So no timing word is passed over in silence, whatever the grammar misses. The timing words
/// taken from `words` go to `taken`, in bytes of the line: those up to where `enough` phrases
/// (these and `phrases`) start, for the line is not read past them.
///
/// The words are in text order, and one sweep goes through them, the phrases and the brackets of
/// the line together, each once: a line of 10 MB with a phrase every few words costs its length,
/// not its words times its phrases.
fn silent_words(
    line: &str,
    ability: usize,
    offset: usize,
    phrases: &[Phrase],
    words: impl Iterator<Item = Span>,
    enough: usize,
    taken: &mut Vec<Span>,
) -> Vec<Phrase> {
    let mut sweep = Sweep::new(phrases, offset);
    let mut brackets = Brackets::default();
    let mut silent = Vec::new();
    let mut words = words.peekable();
    while let Some(word) = words.next() {
        let start = offset + word.start;
        sweep.pass(start);
        // `enough` phrases start before this word, or at it: it is not read.
        if sweep.next + silent.len() >= enough {
            break;
        }
        taken.push(word);
        if sweep.covers(start) {
            continue;
        }
        // The next place the unknown phrase must stop: a phrase or another timing word.
        let stop = sweep
            .next_start()
            .into_iter()
            .chain(words.peek().map(|next| offset + next.start))
            .min()
            .unwrap_or(offset + line.len());
        let end = offset + clause_end(line, word.end, stop - offset);
        // A bare unit word ("turn", "combat") says nothing alone: what is not understood is the
        // clause that holds it ("At the dawn of your turn"), from where that clause starts.
        let start = if is_bare_unit(word.of(line)) {
            let floor = sweep
                .reach
                .max(silent.last().map_or(0, |phrase: &Phrase| phrase.span.end))
                .max(offset)
                - offset;
            offset + clause_start(line, floor, word.start)
        } else {
            start
        };
        silent.push(Phrase {
            span: Span::new(start, end),
            place: brackets.place(line, word.start, ability),
            form: Form::Unknown,
            marks: Vec::new(),
            template: Template::TimingWord,
        });
    }
    silent
}

/// The phrases of a line by their starts, passed in order as the sweep goes forward.
struct Sweep<'p> {
    spans: ByStart<'p>,
    /// The phrases before this one start at or before the sweep.
    next: usize,
    /// The furthest end of those phrases.
    reach: usize,
}

/// The spans of a line's phrases by start: the phrases themselves when they are in that order,
/// as the walk and `merge` give them, else a sorted copy. The order of phrases that start
/// together does not matter to the sweep, which passes them all at once.
enum ByStart<'p> {
    Phrases(&'p [Phrase]),
    Sorted(Vec<(usize, usize)>),
}

impl ByStart<'_> {
    fn get(&self, index: usize) -> Option<(usize, usize)> {
        match self {
            ByStart::Phrases(phrases) => phrases
                .get(index)
                .map(|phrase| (phrase.span.start, phrase.span.end)),
            ByStart::Sorted(spans) => spans.get(index).copied(),
        }
    }
}

impl<'p> Sweep<'p> {
    fn new(phrases: &'p [Phrase], offset: usize) -> Self {
        let spans = if phrases.is_sorted_by_key(|phrase| phrase.span.start) {
            ByStart::Phrases(phrases)
        } else {
            let mut spans: Vec<(usize, usize)> = phrases
                .iter()
                .map(|phrase| (phrase.span.start, phrase.span.end))
                .collect();
            spans.sort_unstable();
            ByStart::Sorted(spans)
        };
        Sweep {
            spans,
            next: 0,
            reach: offset,
        }
    }

    /// Goes forward to `at`, which is never before the last place passed.
    fn pass(&mut self, at: usize) {
        while let Some((start, end)) = self.spans.get(self.next) {
            if start > at {
                break;
            }
            self.reach = self.reach.max(end);
            self.next += 1;
        }
    }

    /// Whether a phrase covers `at`, the last place passed.
    fn covers(&self, at: usize) -> bool {
        at < self.reach
    }

    /// Where the first phrase after the last place passed starts.
    fn next_start(&self) -> Option<usize> {
        self.spans.get(self.next).map(|(start, _)| start)
    }
}

/// The verbs that go on from a moment and say it begins or ends ("until your turn begins", "until
/// the turn ends"): a template's match that one follows read only the head of its clause.
const CONTINUATIONS: &[&str] = &["ends", "begins", "starts", "is over"];

/// The verbs of a zone change: an "until ... leaves the battlefield" in a sentence with one of them
/// returns what it moved (610.3).
const ZONE_CHANGE_VERBS: &[&str] = &["exile", "exiles", "return", "returns", "put", "puts"];

/// "Target land becomes a Forest until this creature leaves the battlefield": an "until ...
/// leaves the battlefield" whose sentence moves no object is a continuous effect that lasts as
/// stated (611.2a), not a zone change and its return (610.3).
fn until_leaves_in_place(line: &str, offset: usize, phrases: &mut [Phrase]) {
    let leaves = Form::WhileCondition(WhileCondition::UntilLeavesTheBattlefield);
    for phrase in phrases.iter_mut().filter(|phrase| phrase.form == leaves) {
        let (Some(before), Some(after)) = (
            line.get(..phrase.span.start - offset),
            line.get(phrase.span.end - offset..),
        ) else {
            continue;
        };
        let bounds = ['.', '"', '(', ')', '\u{201c}', '\u{201d}'];
        let before = before.rsplit(bounds).next().unwrap_or_default();
        let after = after.split(bounds).next().unwrap_or_default();
        let moves = [before, after].iter().any(|words| {
            words.split(|c: char| !c.is_alphanumeric()).any(|word| {
                ZONE_CHANGE_VERBS
                    .iter()
                    .any(|verb| word.eq_ignore_ascii_case(verb))
            })
        });
        if !moves {
            phrase.form = Form::WhileCondition(WhileCondition::UntilLeavesInPlace);
        }
    }
}

/// Never a reading of part of a clause (TIMING-MODEL.md, version 4): a phrase that a continuation
/// follows is not understood, from its start through the verb. A template of its own reads the
/// whole clause where its meaning is certain ("until the turn ends"); then no verb follows it.
/// "Ends up" and "starts with" are other verbs, whose subject is no moment ("a creature that
/// attacked this turn ends up in a graveyard").
fn read_in_part(line: &str, offset: usize, phrases: &mut [Phrase]) {
    let mut floor = 0;
    for phrase in phrases.iter_mut() {
        let before = floor;
        floor = floor.max(phrase.span.end - offset);
        // An anchor no template read ("next turn" of "When your next turn begins") is not
        // understood from the word that opens its clause of time.
        if phrase.template == Template::Rule(Rule::unknown_timing) {
            phrase.span.start = offset + opener_start(line, before, phrase.span.start - offset);
        }
        if matches!(phrase.form, Form::Unknown | Form::Keyword(_)) {
            continue;
        }
        let Some(after) = line.get(phrase.span.end - offset..) else {
            continue;
        };
        let rest = after.trim_start_matches([' ', '\t']);
        if rest.len() == after.len() {
            continue;
        }
        let verb = CONTINUATIONS.iter().find(|verb| {
            rest.get(..verb.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(verb))
                && !rest[verb.len()..].chars().next().is_some_and(is_word_char)
                && !rest[verb.len()..]
                    .split_whitespace()
                    .next()
                    .is_some_and(|next| {
                        let next = next.trim_end_matches(|c: char| !c.is_alphanumeric());
                        next.eq_ignore_ascii_case("up") || next.eq_ignore_ascii_case("with")
                    })
        });
        if let Some(verb) = verb {
            phrase.span.end += after.len() - rest.len() + verb.len();
            phrase.span.start = offset + opener_start(line, before, phrase.span.start - offset);
            phrase.form = Form::Unknown;
            phrase.marks.clear();
            phrase.template = Template::TimingWord;
        }
    }
}

/// The words that open a clause of time: a template read in part from after one ("When your next
/// turn begins": "next turn begins") is not understood from that word on.
const TIME_OPENERS: &[&str] = &[
    "when", "whenever", "as", "at", "until", "till", "during", "after", "before", "since", "for",
];

/// Where an unknown phrase that starts at `start` starts from: the last word of `TIME_OPENERS` of
/// its clause before it, after `floor`, where the phrase does not open with one itself and no
/// "and" or "or" joins another clause between them; else `start`.
fn opener_start(line: &str, floor: usize, start: usize) -> usize {
    let is_opener = |word: &str| {
        TIME_OPENERS
            .iter()
            .any(|time| word.eq_ignore_ascii_case(time))
    };
    let first = line[start..].split([' ', ',']).next().unwrap_or_default();
    if is_opener(first) {
        return start;
    }
    let clause = clause_start(line, floor, start);
    let mut opener = None;
    let mut at = clause;
    for word in line[clause..start].split(' ') {
        if is_opener(word) {
            opener = Some(at);
        } else if word.eq_ignore_ascii_case("and") || word.eq_ignore_ascii_case("or") {
            opener = None;
        }
        at += word.len() + 1;
    }
    opener.unwrap_or(start)
}

/// Joins each unknown phrase to the unknown one before it where only spaces lie between them
/// ("At the end of" and "each turn ends"): one clause not understood is one finding.
fn join_unknowns(line: &str, offset: usize, phrases: &mut Vec<Phrase>) {
    phrases.dedup_by(|next, last| {
        let joined = last.form == Form::Unknown
            && next.form == Form::Unknown
            && last.span.end <= next.span.start
            && line
                .get(last.span.end - offset..next.span.start - offset)
                .is_some_and(|between| between.trim().is_empty());
        if joined {
            last.span.end = next.span.end;
        }
        joined
    });
}

/// Where the clause that holds `to` starts, at `floor` at the earliest: after the grammar's last
/// `clause_end` before `to`, and at a word.
fn clause_start(line: &str, floor: usize, to: usize) -> usize {
    let floor = floor.min(to);
    let mut start = floor;
    for (at, c) in line[floor..to].char_indices() {
        let here = floor + at;
        if ends_clause_at(&line.as_bytes()[here..to]) {
            start = here + c.len_utf8();
        }
    }
    start + line[start..to].len() - line[start..to].trim_start().len()
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

/// The brackets of a line counted up to a place, going forward: whether a word is inside
/// reminder text or quotes, as the brackets before it say.
#[derive(Default)]
struct Brackets {
    /// Counted up to here.
    at: usize,
    opened: usize,
    closed: usize,
    quotes: usize,
}

impl Brackets {
    /// The place of the word at `at`, which is never before the last word's.
    fn place(&mut self, line: &str, at: usize, ability: usize) -> Place {
        for c in line[self.at..at].chars() {
            match c {
                '(' => self.opened += 1,
                ')' => self.closed += 1,
                '"' | '“' | '”' => self.quotes += 1,
                _ => {}
            }
        }
        self.at = at;
        Place {
            ability,
            opens_ability: false,
            in_quotes: self.quotes % 2 == 1,
            in_reminder: self.opened > self.closed,
        }
    }
}

/// Two lists of phrases in text order, as one list in text order.
fn merge(phrases: Vec<Phrase>, more: Vec<Phrase>) -> Vec<Phrase> {
    if more.is_empty() {
        return phrases;
    }
    let mut all = phrases;
    all.extend(more);
    all.sort_by_key(|phrase| phrase.span.start);
    all
}

/// How many quotes and parentheses a line may hold for a whole-line parse. `ability_line` recurses
/// through quoted abilities and reminder text (each opens with one of these), and pest runs
/// without a stack probe (Cargo.toml): nesting is bounded here, far below what a thread's stack
/// holds (1,024 levels of `("` were read on a 2 MiB stack in the test profile, 2,048 overflowed
/// it), and far above what a card holds. Its own number: the walk's bound is another matter.
pub const MAX_WHOLE_LINE_BRACKETS: usize = 512;

/// One line parsed whole by `ability_line`.
fn whole_line(line: &str, ability: usize, offset: usize) -> Result<Vec<Phrase>, String> {
    let brackets = line
        .chars()
        .filter(|c| matches!(c, '(' | '"' | '“' | '”'))
        .count();
    if brackets > MAX_WHOLE_LINE_BRACKETS {
        return Err(format!(
            "more than {MAX_WHOLE_LINE_BRACKETS} quotes and parentheses for a whole-line parse"
        ));
    }
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

/// The lines of a text with their byte offsets, without their line breaks (`\n`, `\r\n`, `\r`)
/// and the spaces that indent them, found as they are read: an indented ability reads as it does
/// unindented ("  At the beginning of your upkeep" opens its ability, issue 40).
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    raw_lines(text).map(|(offset, line)| {
        let unindented = line.trim_start();
        (offset + line.len() - unindented.len(), unindented)
    })
}

/// [`lines`] as they are written, indented or not.
fn raw_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = text.as_bytes();
    let mut breaks = memchr::memchr2_iter(b'\n', b'\r', bytes);
    let mut start = Some(0);
    std::iter::from_fn(move || {
        let from = start?;
        // The `\n` of a `\r\n` was taken with its `\r`.
        let Some(at) = breaks.by_ref().find(|&at| at >= from) else {
            start = None;
            return Some((from, &text[from..]));
        };
        let width = if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') {
            2
        } else {
            1
        };
        start = Some(at + width);
        Some((from, &text[from..at]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scan and the tripwire keep their buffers on their thread from card to card: a card
    /// found after others is found as it is on a thread that found nothing before.
    #[test]
    fn a_text_found_after_others_is_found_as_alone() {
        let texts = [
            "Until end of turn, target creature gains flying. At the beginning of your upkeep, draw a card.",
            "Flash\nWhenever you cast a spell during an opponent's turn, skip your next untap step.",
            "“Until your next turn” (As a sorcery.) Activate only during your turn and only once each turn.",
        ];
        for text in texts {
            let alone = std::thread::spawn(move || find(text))
                .join()
                .expect("the thread ends");
            for other in texts {
                find(other);
            }
            assert_eq!(find(text), alone, "{text}");
        }
    }

    /// The tripwire as it was first written: every word against every phrase, and the brackets
    /// counted from the line's start for each word. The sweep must give what it gave.
    fn silent_words_by_rescanning(
        line: &str,
        ability: usize,
        offset: usize,
        phrases: &[Phrase],
        words: &[Span],
    ) -> Vec<Phrase> {
        let mut silent = Vec::new();
        for (index, word) in words.iter().enumerate() {
            let start = offset + word.start;
            if phrases
                .iter()
                .any(|phrase| phrase.span.start <= start && start < phrase.span.end)
            {
                continue;
            }
            let stop = phrases
                .iter()
                .map(|phrase| phrase.span.start)
                .filter(|&at| at > start)
                .chain(words.get(index + 1).map(|next| offset + next.start))
                .min()
                .unwrap_or(offset + line.len());
            let before = &line[..word.start];
            let start = if is_bare_unit(word.of(line)) {
                let floor = phrases
                    .iter()
                    .filter(|phrase| phrase.span.start <= start)
                    .map(|phrase| phrase.span.end)
                    .chain(silent.last().map(|phrase: &Phrase| phrase.span.end))
                    .fold(offset, usize::max);
                offset + clause_start(line, floor - offset, word.start)
            } else {
                start
            };
            let place = Place {
                ability,
                opens_ability: false,
                in_quotes: before.matches(['"', '“', '”']).count() % 2 == 1,
                in_reminder: before.matches('(').count() > before.matches(')').count(),
            };
            let end = offset + clause_end(line, word.end, stop - offset);
            silent.push(Phrase {
                span: Span::new(start, end),
                place,
                form: Form::Unknown,
                marks: Vec::new(),
                template: Template::TimingWord,
            });
        }
        silent
    }

    /// A continuation after a template makes its clause unknown; "ends up" and "starts with" are
    /// other verbs.
    #[test]
    fn a_template_a_continuation_follows_is_read_whole_or_not_at_all() {
        let unknown = |text: &str| -> Vec<String> {
            find(text)
                .phrases
                .iter()
                .filter(|phrase| phrase.form == Form::Unknown)
                .map(|phrase| phrase.span.of(text).to_string())
                .collect()
        };
        assert_eq!(
            unknown("Until your turn begins, it has hexproof."),
            ["Until your turn begins"]
        );
        assert!(
            unknown("If a creature that attacked this turn ends up in exile, draw.").is_empty()
        );
        assert!(unknown("Each creature that entered this turn starts with a shield.").is_empty());
        // Read in part from after the clause's opening word: not understood from that word on.
        assert_eq!(
            unknown("When your next turn begins, draw a card."),
            ["When your next turn begins"]
        );
        assert_eq!(
            unknown("Creatures you control get +1/+0 until your turn begins."),
            ["until your turn begins"]
        );
    }

    /// An "until ... leaves the battlefield" returns what its sentence moved (610.3); where the
    /// sentence moves nothing, the effect lasts as stated (611.2a).
    #[test]
    fn until_it_leaves_is_a_return_only_where_something_moved() {
        use crate::phrase::ast::WhileCondition;
        let condition = |text: &str| match find(text).phrases.first().map(|p| &p.form) {
            Some(Form::WhileCondition(condition)) => Some(*condition),
            _ => None,
        };
        assert_eq!(
            condition(
                "When this enters, exile target creature until this creature leaves the battlefield."
            ),
            Some(WhileCondition::UntilLeavesTheBattlefield)
        );
        assert_eq!(
            condition(
                "{T}: Target land becomes a Forest until this creature leaves the battlefield."
            ),
            Some(WhileCondition::UntilLeavesInPlace)
        );
        assert_eq!(
            condition("Until this land leaves the battlefield, it's a Forest. Exile it."),
            Some(WhileCondition::UntilLeavesInPlace)
        );
    }

    #[test]
    fn the_tripwire_sweeps_as_a_rescan_would() {
        let lines = [
            "Until end of turn, it gains haste. (Skip your next turn “until” this turn.)",
            "At the beginning of your upkeep, until \"this turn\" and until (until) until.",
            "Whenever a creature dies this turn, skip your draw step until your next turn",
            "“Only during your turn” (as a sorcery (until)) — at end of turn, until",
            "until until until this turn until the end of turn until, until. until",
            "At the dawn of your turn, until (the quiet phase of combat) at the end of each turn",
        ];
        for (ability, line) in lines.iter().enumerate() {
            let offset = 7 * ability;
            let mut scan = Scan::default();
            scan.line(line);
            let phrases = walk_line(
                line,
                &scan.found,
                ability,
                offset,
                &mut Work::for_line(line.len(), MAX_PHRASES),
            )
            .expect("the line reads");
            let words = crate::phrase::timing_words::timing_words(line);
            assert!(!words.is_empty() && !phrases.is_empty(), "{line}");
            let sweep = |phrases: &[Phrase]| {
                let mut taken = Vec::new();
                let silent = silent_words(
                    line,
                    ability,
                    offset,
                    phrases,
                    words.iter().copied(),
                    MAX_PHRASES,
                    &mut taken,
                );
                (silent, taken)
            };
            let swept = sweep(&phrases);
            assert_eq!(
                swept,
                (
                    silent_words_by_rescanning(line, ability, offset, &phrases, &words),
                    words.clone()
                ),
                "{line}"
            );
            // Phrases out of order are swept as in order.
            let mut reversed = phrases.clone();
            reversed.reverse();
            assert_eq!(sweep(&reversed), swept, "{line}");
        }
    }

    /// The walk reads a line as the whole-line parse does wherever it stands: at another index and
    /// offset, with the card's name in it, and where the room left cuts its phrases short.
    #[test]
    fn a_line_reads_alike_at_any_place_and_room() {
        let line = "Until end of turn, Azun gains flying (until your next turn).";
        let name = CardName::new("Azun, Sheriff of Daisite");
        let text = format!("{line}\nDraw a card.\r\n{line}\n{line}");
        assert_eq!(
            find_named(&text, &name),
            find_by_whole_lines_named(&text, &name)
        );
        let crowded = format!(
            "{}{line}\n{line}",
            "Tap it until end of turn.\n".repeat(997)
        );
        let found = find_named(&crowded, &name);
        assert_eq!(found, find_by_whole_lines_named(&crowded, &name));
        assert_eq!(found.phrases.len(), MAX_PHRASES);
        assert_eq!(found.errors.len(), 1, "{:?}", found.errors);
    }

    /// Spaces never change what a phrase means (issue 40): an indented line opens its ability as
    /// the same line unindented, and a run of spaces or a tab inside it reads as one space. Only
    /// the spans move, onto the words as written.
    #[test]
    fn spaces_before_or_inside_a_line_change_no_meaning() {
        let line = "At the beginning of your upkeep, draw a card until end of turn.";
        let plain = find(line);
        for text in [
            format!("  {line}"),
            format!("\t{line}"),
            format!("\u{a0}{line}"),
            line.replace("the beginning", "the  beginning"),
            line.replace(" of ", "\tof\t"),
            line.replace("end of", "end \u{a0} of"),
        ] {
            let found = find(&text);
            assert_eq!(found, find_by_whole_lines(&text), "{text:?}");
            assert_eq!(found.phrases.len(), plain.phrases.len(), "{text:?}");
            for (got, want) in found.phrases.iter().zip(&plain.phrases) {
                assert_eq!(got.form, want.form, "{text:?}");
                assert_eq!(got.place, want.place, "{text:?}");
                let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
                assert_eq!(
                    words(&text[got.span.start..got.span.end]),
                    words(&line[want.span.start..want.span.end]),
                    "{text:?}"
                );
            }
        }
    }

    /// A face's timing words are placed in bytes of its text: on a later line, after the card's
    /// name (read as `~`) and a no-break space.
    #[test]
    fn timing_words_are_placed_in_the_text() {
        let name = "Azun, Sheriff of Daisite";
        let text = format!("Flying\n{name}\u{a0}gains haste until end of turn.");
        let found = find_named(&text, &CardName::new(name));
        let until = text.find("until").expect("in the text");
        let words: Vec<(usize, &str)> = found
            .timing_words
            .iter()
            .map(|word| (word.start, word.of(&text)))
            .collect();
        assert!(words.contains(&(until, "until")), "{words:?}");
        assert!(
            words
                .iter()
                .all(|&(start, word)| text[start..].starts_with(word))
        );
    }

    #[test]
    fn a_text_is_read_up_to_max_phrases() {
        let text = "Tap it until end of turn.\n".repeat(MAX_PHRASES + 5);
        let found = find(&text);
        assert_eq!(found.phrases.len(), MAX_PHRASES);
        let line = "Tap it until end of turn.\n".len();
        let first_unread = MAX_PHRASES * line + "Tap it ".len();
        assert_eq!(found.errors.len(), 1, "{:?}", found.errors);
        let error = &found.errors[0];
        assert_eq!(error.span.start, first_unread);
        assert_eq!(error.span.of(&text), "until end of turn");
        assert!(error.message.contains("more than 1000 timing phrases"));
        assert!(
            found
                .timing_words
                .iter()
                .all(|word| word.start < first_unread)
        );
        // Within one line too: the rest of the line is not read either.
        let line = "until. ".repeat(MAX_PHRASES + 1);
        let found = find(&line);
        assert_eq!(found.phrases.len(), MAX_PHRASES);
        assert_eq!(found.errors[0].span.start, MAX_PHRASES * "until. ".len());
    }

    #[test]
    fn lines_keep_their_offsets() {
        let got: Vec<_> = lines("a\r\nbc\nd").collect();
        assert_eq!(got, vec![(0, "a"), (3, "bc"), (6, "d")]);
    }

    #[test]
    fn empty_text_is_one_empty_line() {
        let got: Vec<_> = lines("").collect();
        assert_eq!(got, vec![(0, "")]);
    }

    #[test]
    fn trailing_break_gives_an_empty_last_line() {
        let got: Vec<_> = lines("a\n").collect();
        assert_eq!(got, vec![(0, "a"), (2, "")]);
    }
}
