//! The timing words: every word or run of words in card text that says something about the turn.
//! It is the one list both of the tripwire (a timing word no finding covers becomes an `unknown`
//! finding, so that none is passed over in silence) and of `stats`' anchor coverage. It is at
//! least as wide as the paragraph "No timing word in silence" of ../shared/TIMING-MODEL.md.

use super::first_pairs::FirstPairs;
use crate::model::Span;
use rustc_hash::FxHashMap;
use std::cell::Cell;
use std::collections::VecDeque;
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
/// - changes to the turn: "skip", "additional ... phase / step", "end the turn", "end the combat
///   phase" (723);
/// - casting permissions: "on a later turn" (foretell, plot, warp), "as though it had flash"
///   (702.8a), "sorcery couldn't" (307.5a);
/// - every phase and step by name (CR 500.1), old names included ("untap phase", "end of turn
///   step"), and "end of turn";
/// - the units of the turn alone (version 4): "turn", "combat", "cleanup", "end phase", "instant
///   speed", "sorcery speed". This closed vocabulary is what the guarantee stands on; the runs
///   above only place the words of a template. Their other senses are exceptions here, each with
///   a test (`every_unit_word_is_a_timing_word_unless_a_rule_says_otherwise`), and a word of an
///   ability word is none (`in_ability_word`).
pub const TIMING_WORDS: &[&str] = &[
    // Keywords and costs that name the upkeep without being a point of it. Where a card has
    // cumulative upkeep or grants it, the keyword's own finding says its timing (`keywords`);
    // elsewhere it is named ("pay cumulative upkeep costs"), not used.
    "!cumulative upkeep",
    "!upkeep cost|costs",
    // A card type, not the instant-speed window.
    "!as an instant card|cards",
    "until",
    "end the turn",
    "end the combat phase",
    "on a later turn",
    "as though it|they had flash",
    "sorcery couldn't",
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
    // The units of the turn by themselves (version 4): the closed vocabulary the tripwire's
    // guarantee stands on. The runs above that start with these words come first.
    "end phase|phases",
    "cleanup",
    // The same words in another sense, which names no unit of the turn: damage dealt in combat
    // (510.1), a creature taken out of combat (506.4), "turn" as a verb (702.37e, 712.2),
    // the order in which players take turns (101.4), the active player (102.1). A bare unit
    // word in a card's name or a creature's state is told by the words before it
    // (`named_or_in_combat`), as a pattern starting at "creature" would be tried at every
    // "creature" of the pool.
    "!combat damage",
    "!remove|removes|removed ** from combat",
    "!turn|turns ** face up|down",
    "!turn|turns ** other face",
    "!turn|turns over",
    "!turn|turns completely over",
    "!turn order",
    "!turn based",
    "!turn|turns into",
    "!combat trick|tricks",
    "!whose turn it is",
    "instant|sorcery speed",
    "combat|combats",
    "turn|turns",
];

/// One compiled pattern: its parts in order.
struct Pattern {
    timing: bool,
    words: Vec<Part>,
}

/// A part of a pattern: a word (one of its alternatives), or a gap of other words before the next
/// part.
enum Part {
    Word(Vec<&'static str>),
    /// `*`: up to two words.
    Gap,
    /// `**`: up to twelve words of the same clause (only spaces, hyphens or a card name's `~` between
    /// them), none of
    /// which starts a timing word: "turn a face-down creature you control face up" is one verb,
    /// where "turn it face up at the beginning of the next turn" is not passed over.
    ClauseGap,
}

/// How many words a `**` gap passes at most.
const CLAUSE_GAP: usize = 12;

/// The patterns, and for each word that can start one, the patterns it starts (in list order).
/// Fx, not std's SipHash: every word of every line is looked up.
struct Patterns {
    patterns: Vec<Pattern>,
    by_first_word: FxHashMap<&'static str, Vec<usize>>,
    /// The first bytes of those words, and the longest: most words of a line are passed on
    /// these alone, without looking them up.
    first_bytes: [bool; 256],
    longest_first_word: usize,
    /// The first two bytes of those words, a bit for each pair: most words that pass the first
    /// byte are turned away on the second, without being looked up.
    first_pairs: FirstPairs,
}

impl Patterns {
    /// Whether the lower-cased ASCII word `word` starts a pattern.
    fn starts(&self, word: &[u8]) -> bool {
        word.len() <= self.longest_first_word
            && self.first_pairs.may_be(word)
            && std::str::from_utf8(word).is_ok_and(|word| self.by_first_word.contains_key(word))
    }
}

fn patterns() -> &'static Patterns {
    static PATTERNS: OnceLock<Patterns> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        let patterns: Vec<Pattern> = TIMING_WORDS
            .iter()
            .map(|pattern| {
                let (timing, pattern) = match pattern.strip_prefix('!') {
                    Some(rest) => (false, rest),
                    None => (true, *pattern),
                };
                let words = pattern
                    .split(' ')
                    .map(|word| match word {
                        "*" => Part::Gap,
                        "**" => Part::ClauseGap,
                        word => Part::Word(word.split('|').collect()),
                    })
                    .collect();
                Pattern { timing, words }
            })
            .collect();
        let mut by_first_word: FxHashMap<&'static str, Vec<usize>> = FxHashMap::default();
        for (index, pattern) in patterns.iter().enumerate() {
            let first = match pattern.words.first() {
                Some(Part::Word(first)) => first.as_slice(),
                _ => &[],
            };
            for &word in first {
                by_first_word.entry(word).or_default().push(index);
            }
        }
        let mut first_bytes = [false; 256];
        for word in by_first_word.keys() {
            first_bytes[usize::from(word.as_bytes()[0])] = true;
        }
        let longest_first_word = by_first_word
            .keys()
            .map(|word| word.len())
            .max()
            .unwrap_or(0);
        let first_pairs = FirstPairs::of(by_first_word.keys().copied());
        Patterns {
            patterns,
            by_first_word,
            first_bytes,
            longest_first_word,
            first_pairs,
        }
    })
}

/// The byte spans of the timing words of `text`, in text order and never overlapping.
pub fn timing_words(text: &str) -> Vec<Span> {
    timing_words_in(text).collect()
}

/// The timing words of `text` as `timing_words` gives them, found one at a time as they are
/// taken. The words are read as the match goes, a few ahead at most, so memory does not grow with
/// a long line, and a reader that needs only the first few reads no further.
pub fn timing_words_in(text: &str) -> impl Iterator<Item = Span> + '_ {
    timing_words_from(text, None)
}

/// The words that can start a timing word (lower case): a word of a line that is none of them
/// is no timing word's start.
pub(super) fn first_words() -> impl Iterator<Item = &'static str> {
    patterns().by_first_word.keys().copied()
}

/// The one character other than ASCII that lower-cases to ASCII letters alone, the Kelvin sign
/// (to "k"; `only_the_kelvin_sign_lowers_to_ascii`): a word that holds it can start a timing word
/// ("S\u{212A}IP" reads as "skip") where a search for ASCII letters in any case finds none.
pub(super) const LOWERS_TO_ASCII: char = '\u{212A}';

/// [`timing_words_in`], the line's words between its first words passed at once: `first_words`
/// holds every place in `text` where one of [`first_words`] occurs (ASCII case ignored, whole
/// word or not), in the order of their ends, and `text` holds no [`LOWERS_TO_ASCII`]. With
/// `None`, each word is read to see whether it starts one.
pub(super) fn timing_words_from<'t>(
    text: &'t str,
    first_words: Option<&'t [Span]>,
) -> impl Iterator<Item = Span> + 't {
    let mut first_words = first_words.map(<[Span]>::iter);
    let all = patterns();
    let Patterns {
        patterns,
        by_first_word,
        ..
    } = all;
    let mut words = Words::new(text);
    std::iter::from_fn(move || {
        loop {
            match first_words.as_mut() {
                Some(first_words) => words.pass_to_a_first_word(first_words),
                None => words.pass_words_that_start_nothing(
                    |first| all.first_bytes[usize::from(first)],
                    |word| all.starts(word),
                ),
            }
            let Some((first, lower)) = words.get(0) else {
                break;
            };
            let matched = by_first_word
                .get(lower)
                .into_iter()
                .flatten()
                .find_map(|&index| {
                    let pattern = &patterns[index];
                    words.matches(pattern, 0).map(|last| (pattern, last))
                });
            let Some((pattern, last)) = matched else {
                words.advance(1);
                continue;
            };
            let end = words.get(last).map_or(first.end, |(span, _)| span.end);
            words.advance(last + 1);
            if pattern.timing
                && !in_ability_word(text, first.start)
                && !named_or_in_combat(text, first.start, pattern)
            {
                return Some(Span::new(first.start, end));
            }
        }
        None
    })
}

/// Whether the bare unit word at `start` (of `pattern`, a single word) is part of a card's name
/// ("a card named Final Turn", 201.2), at most three words after "named" in its clause, or a
/// creature's state ("creatures in combat": attacking or blocking, 506.4). Asked only of a bare
/// unit word that no template's run took, so it costs nothing on the rest of the text.
fn named_or_in_combat(text: &str, start: usize, pattern: &Pattern) -> bool {
    let [Part::Word(choices)] = pattern.words.as_slice() else {
        return false;
    };
    if !choices.iter().any(|word| is_bare_unit(word)) {
        return false;
    }
    let before = &text[..start];
    let clause = before
        .char_indices()
        .rev()
        .find(|&(_, c)| matches!(c, '.' | ',' | ';' | ':' | '(' | '"' | '“' | '\n' | '—'))
        .map_or(before, |(mark, c)| &before[mark + c.len_utf8()..]);
    let mut words = clause.split_whitespace().rev();
    let last_three: Vec<&str> = words.by_ref().take(3).collect();
    if last_three
        .iter()
        .any(|word| word.eq_ignore_ascii_case("named"))
    {
        return true;
    }
    let is_combat = text
        .get(start..start + "combat".len())
        .is_some_and(|word| word.eq_ignore_ascii_case("combat"));
    is_combat
        && matches!(last_three.as_slice(), [inside, creature, ..]
            if inside.eq_ignore_ascii_case("in")
                && (creature.eq_ignore_ascii_case("creature")
                    || creature.eq_ignore_ascii_case("creatures")))
}

/// Whether a timing word is a unit of the turn alone (the last patterns of `TIMING_WORDS`), with
/// no word of a template around it.
pub(super) fn is_bare_unit(word: &str) -> bool {
    const BARE: &[&str] = &[
        "turn",
        "turns",
        "combat",
        "combats",
        "cleanup",
        "end phase",
        "end phases",
        "instant speed",
        "sorcery speed",
    ];
    BARE.iter().any(|bare| bare.eq_ignore_ascii_case(word))
}

/// Words that can make a label before a dash a timing phrase rather than a name: "At the dawn of
/// your turn — draw a card." and "End step — ..." are read, where "Combat Inspiration —" is not.
const TIMING_LABEL_WORDS: &[&str] = &[
    "at",
    "during",
    "until",
    "before",
    "after",
    "when",
    "whenever",
    "each",
    "every",
    "next",
    "this",
    "end",
    "beginning",
    "start",
];

/// Whether the word at `start` lies in an ability word or a flavor word (207.2c, 207.2d): a
/// label of at most 40 characters that opens its line (or a mode's bullet) and ends in a dash,
/// with no punctuation, holding a word that names nothing of the turn ("Combat Inspiration —",
/// "Sanctified Rules of Combat —") and no word that makes it a time ("Upkeep —", "End step —",
/// "At the dawn of your turn —" stay timing words).
fn in_ability_word(text: &str, start: usize) -> bool {
    let line_start = text[..start].rfind('\n').map_or(0, |at| at + 1);
    let line = &text[line_start..];
    let head = line.trim_start_matches(['•', ' ']);
    let label_start = line_start + (line.len() - head.len());
    // A label is at most `MAX_LABEL` bytes: a word further on is none, and the dash is looked
    // for only within reach of one, not over the rest of the text for each timing word.
    if start < label_start || start - label_start >= MAX_LABEL {
        return false;
    }
    let mut reach = head.len().min(MAX_LABEL + " – ".len());
    while !head.is_char_boundary(reach) {
        reach -= 1;
    }
    // An em dash, or an en dash or a hyphen between spaces, as designers type it. Most lines
    // hold none within reach: one pass over the bytes (both dashes start with 0xE2) says so.
    if !head.as_bytes()[..reach]
        .iter()
        .any(|&byte| byte == 0xE2 || byte == b'-')
    {
        return false;
    }
    let Some(dash) = ["—", " – ", " - "]
        .iter()
        .filter_map(|dash| head[..reach].find(dash))
        .min()
    else {
        return false;
    };
    let label = head[..dash].trim_end();
    if start >= label_start + label.len() || label.len() > MAX_LABEL {
        return false;
    }
    if !label
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '\'' | '’' | '-'))
    {
        return false;
    }
    let mut names_something_else = false;
    for word in label.split([' ', '-']).filter(|word| !word.is_empty()) {
        let word = word.to_lowercase();
        if TIMING_LABEL_WORDS.contains(&word.as_str()) {
            return false;
        }
        names_something_else |= !UNIT_LABEL_WORDS.contains(&word.as_str());
    }
    names_something_else
}

/// The longest ability or flavor word label, in bytes ("Sanctified Rules of Combat").
const MAX_LABEL: usize = 40;

/// The words of a label that name units of the turn: a label of these alone ("Combat —", "Draw
/// step —") names a step, not an ability.
const UNIT_LABEL_WORDS: &[&str] = &[
    "turn",
    "turns",
    "combat",
    "phase",
    "step",
    "upkeep",
    "untap",
    "draw",
    "main",
    "cleanup",
    "ending",
    "precombat",
    "postcombat",
    "of",
    "the",
    "declare",
    "attackers",
    "blockers",
    "damage",
    "first",
    "second",
    "extra",
    "once",
    "twice",
    "per",
    "your",
    "their",
    "opponent's",
    "opponent’s",
    "player's",
    "player’s",
    "a",
    "an",
];

/// The words of a text (runs of letters, digits and apostrophes), read on demand: each with its
/// span and its lower-cased form (a curly apostrophe as a straight one).
struct Words<'t> {
    text: &'t str,
    /// Where the next word is looked for.
    next: usize,
    /// The words read and not yet passed.
    ahead: VecDeque<(Span, String)>,
    /// Buffers of passed words, for the next ones.
    spare: Vec<String>,
}

/// The length of the word (`is_word_char`) that `rest` starts with; ASCII bytes are judged
/// without decoding them.
pub(super) fn word_len(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        if byte.is_ascii() {
            if !is_word_char(char::from(byte)) {
                return at;
            }
            at += 1;
            continue;
        }
        match rest.get(at..).and_then(|tail| tail.chars().next()) {
            Some(c) if is_word_char(c) => at += c.len_utf8(),
            _ => return at,
        }
    }
    at
}

/// A possessive's ending, either apostrophe, either case: the word before it names the same unit
/// ("combat" of "the combat's end").
const POSSESSIVE_ENDINGS: [&str; 4] = ["'s", "’s", "'S", "’S"];

/// How many bytes of the end of `word` are a possessive's ending, with a word before it: 0 where
/// there is none.
fn possessive_len(word: &str) -> usize {
    POSSESSIVE_ENDINGS
        .iter()
        .find(|ending| word.len() > ending.len() && word.ends_with(*ending))
        .map_or(0, |ending| ending.len())
}

/// `text` past a possessive's ending it starts with, or all of it.
fn past_possessive(text: &str) -> &str {
    POSSESSIVE_ENDINGS
        .iter()
        .find_map(|ending| text.strip_prefix(ending))
        .unwrap_or(text)
}

/// A character of a word: a letter, a digit or an apostrophe (straight or curly). The keyword
/// reader reads its subjects' words so too.
pub(super) fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '\'' || c == '’'
}

/// Whether `text` holds a curly apostrophe. `str::contains('’')` builds a substring searcher for
/// a character outside ASCII at each call: a card's name and each word of the keyword reader
/// ask, and most hold no byte 0xE2, the first of the apostrophe's three.
pub(super) fn has_curly_apostrophe(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memchr_iter(0xE2, bytes).any(|at| bytes[at..].starts_with("’".as_bytes()))
}

/// The buffers a `Words` leaves when it is dropped, for the next on its thread.
type Buffers = (VecDeque<(Span, String)>, Vec<String>);

thread_local! {
    /// Every line of every card reads its words: new buffers for each line were most of the
    /// tripwire's allocations.
    static BUFFERS: Cell<Option<Buffers>> = const { Cell::new(None) };
}

/// How many word buffers are kept from one `Words` to the next, and how long each may be: a
/// hostile line of long words leaves no more than a few small buffers behind it.
const KEPT_BUFFERS: usize = 16;
const KEPT_BUFFER_CAPACITY: usize = 64;

impl<'t> Words<'t> {
    fn new(text: &'t str) -> Self {
        let (ahead, spare) = BUFFERS.take().unwrap_or_default();
        Words {
            text,
            next: 0,
            ahead,
            spare,
        }
    }

    /// The word `index` words ahead, with its lower-cased form.
    fn get(&mut self, index: usize) -> Option<(Span, &str)> {
        while self.ahead.len() <= index {
            self.read_one()?;
        }
        self.ahead
            .get(index)
            .map(|(span, lower)| (*span, lower.as_str()))
    }

    /// When no word is read ahead, passes the words that start no pattern, without reading them
    /// into `ahead`: most words start none, and a word read ahead is a buffer filled. A word whose
    /// first character is ASCII and no pattern's first (`may_start`, of its lower case) is passed
    /// whatever follows; else only words of ASCII word characters and apostrophes (straight or
    /// curly) of at most 32 bytes that `starts` (of their lower case) refuses are passed; at any
    /// other the pass stops and the word is read as usual (its lower case is not ASCII's, or it
    /// does not fit).
    fn pass_words_that_start_nothing(
        &mut self,
        may_start: impl Fn(u8) -> bool,
        starts: impl Fn(&[u8]) -> bool,
    ) {
        if !self.ahead.is_empty() {
            return;
        }
        let bytes = self.text.as_bytes();
        loop {
            let Some(start) = self.next_word_start() else {
                return;
            };
            let first = bytes[start];
            if first.is_ascii() && !may_start(first.to_ascii_lowercase()) {
                self.next = self.word_end(start);
                continue;
            }
            let mut lower = [0u8; 32];
            let mut length = 0;
            let mut end = start;
            while let Some(&byte) = bytes.get(end) {
                let byte = match byte {
                    // A curly apostrophe, compared as a straight one.
                    0xE2 if bytes.get(end + 1..end + 3) == Some(&[0x80, 0x99]) => b'\'',
                    byte if byte.is_ascii() && is_word_char(char::from(byte)) => {
                        byte.to_ascii_lowercase()
                    }
                    byte if byte.is_ascii() => break,
                    // Another character: the word is read as usual.
                    _ => return,
                };
                let Some(slot) = lower.get_mut(length) else {
                    return;
                };
                *slot = byte;
                length += 1;
                end += if byte == b'\'' && bytes[end] == 0xE2 {
                    3
                } else {
                    1
                };
            }
            // The word, or its stem before a possessive's "'s" (the bytes are ASCII).
            let word = &lower[..length];
            let stem = length - std::str::from_utf8(word).map_or(0, possessive_len);
            if starts(word) || (stem < length && starts(&lower[..stem])) {
                self.next = start;
                return;
            }
            self.next = end;
        }
    }

    /// When no word is read ahead, passes the words before the next of `first_words` that is a
    /// whole word, at or after `next`: the words passed start no pattern. The places are in the
    /// order of their ends, and whole words never overlap, so those are in the order of their
    /// starts too: a place passed over (before `next`, or inside a word) is never wanted later.
    fn pass_to_a_first_word(&mut self, first_words: &mut std::slice::Iter<'_, Span>) {
        if !self.ahead.is_empty() {
            return;
        }
        let text = self.text;
        let whole = |span: &Span| {
            // A possessive's "'s" after the word ("turn's") leaves it whole.
            let rest = past_possessive(&text[span.end..]);
            !text[..span.start]
                .chars()
                .next_back()
                .is_some_and(is_word_char)
                && !rest.chars().next().is_some_and(is_word_char)
        };
        let next = self.next;
        self.next = first_words
            .find(|span| span.start >= next && whole(span))
            .map_or(text.len(), |span| span.start);
    }

    /// Where the next word starts, from `next` on.
    fn next_word_start(&self) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let mut at = self.next;
        while let Some(&byte) = bytes.get(at) {
            if byte.is_ascii() {
                if is_word_char(char::from(byte)) {
                    return Some(at);
                }
                at += 1;
                continue;
            }
            let c = self.text.get(at..)?.chars().next()?;
            if is_word_char(c) {
                return Some(at);
            }
            at += c.len_utf8();
        }
        None
    }

    /// Where the word starting at `start` ends.
    fn word_end(&self, start: usize) -> usize {
        start + word_len(self.text.get(start..).unwrap_or_default())
    }

    /// Reads the next word of the text into `ahead`: a possessive's word without its "'s"
    /// ("combat" of "the combat's end"), which names the same unit.
    fn read_one(&mut self) -> Option<()> {
        let start = self.next_word_start()?;
        let end = self.word_end(start);
        let stem = end - possessive_len(&self.text[start..end]);
        let mut lower = self.spare.pop().unwrap_or_default();
        lower.clear();
        for c in self.text[start..stem].chars() {
            match c {
                '’' => lower.push('\''),
                c if c.is_ascii() => lower.push(c.to_ascii_lowercase()),
                c => lower.extend(c.to_lowercase()),
            }
        }
        self.next = end;
        self.ahead.push_back((Span::new(start, stem), lower));
        Some(())
    }

    /// Passes `count` words.
    fn advance(&mut self, count: usize) {
        for _ in 0..count {
            match self.ahead.pop_front() {
                Some((_, buffer)) => self.spare.push(buffer),
                None => {
                    if self.read_one().is_none() {
                        return;
                    }
                    self.ahead.pop_front();
                }
            }
        }
    }

    /// Whether the word `index` ahead is one of `choices`.
    fn is(&mut self, index: usize, choices: &[&str]) -> bool {
        self.get(index)
            .is_some_and(|(_, lower)| choices.contains(&lower))
    }

    /// How many words ahead the last word of `pattern` is, when it matches from the word `from`
    /// words ahead.
    fn matches(&mut self, pattern: &Pattern, from: usize) -> Option<usize> {
        let mut at = from;
        let mut parts = pattern.words.iter();
        while let Some(part) = parts.next() {
            match part {
                Part::Word(choices) => {
                    if !self.is(at, choices) {
                        return None;
                    }
                    at += 1;
                }
                Part::Gap => {
                    // Up to two words, then the next part.
                    let Some(Part::Word(next)) = parts.next() else {
                        return None;
                    };
                    at = (at..at + 3).find(|&index| self.is(index, next))? + 1;
                }
                Part::ClauseGap => {
                    let Some(Part::Word(next)) = parts.next() else {
                        return None;
                    };
                    let mut index = at;
                    loop {
                        if index == 0 || !self.joined(index) {
                            return None;
                        }
                        if self.is(index, next) {
                            break;
                        }
                        if index == at + CLAUSE_GAP || self.starts_timing_word(index) {
                            return None;
                        }
                        index += 1;
                    }
                    at = index + 1;
                }
            }
        }
        Some(at - 1)
    }

    /// Whether only spaces or hyphens lie between the word `index` ahead and the one before it
    /// (and the "'s" of the one before, a possessive).
    fn joined(&mut self, index: usize) -> bool {
        let before = self.get(index - 1).map(|(span, _)| span.end);
        let start = self.get(index).map(|(span, _)| span.start);
        match (before, start) {
            (Some(before), Some(start)) => past_possessive(&self.text[before..start])
                .chars()
                .all(|c| matches!(c, ' ' | '-' | '~')),
            _ => false,
        }
    }

    /// Whether a timing word starts at the word `index` ahead.
    fn starts_timing_word(&mut self, index: usize) -> bool {
        let Some((_, lower)) = self.get(index) else {
            return false;
        };
        let all = patterns();
        let Some(starting) = all.by_first_word.get(lower) else {
            return false;
        };
        starting.iter().any(|&pattern| {
            let pattern = &all.patterns[pattern];
            pattern.timing && self.matches(pattern, index).is_some()
        })
    }
}

impl Drop for Words<'_> {
    fn drop(&mut self) {
        let mut ahead = std::mem::take(&mut self.ahead);
        let mut spare = std::mem::take(&mut self.spare);
        spare.extend(ahead.drain(..).map(|(_, buffer)| buffer));
        spare.retain(|buffer| buffer.capacity() <= KEPT_BUFFER_CAPACITY);
        spare.truncate(KEPT_BUFFERS);
        ahead.shrink_to(KEPT_BUFFERS);
        BUFFERS.set(Some((ahead, spare)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_curly_apostrophe_is_found_as_contains_finds_it() {
        // Other characters that start with 0xE2 (dashes, quotes, bullets), an apostrophe cut at
        // the end of a slice of bytes, and the apostrophe at each place.
        for text in [
            "",
            "'",
            "’",
            "Urza’s",
            "Urza's",
            "a—b",
            "“x”",
            "•",
            "…’",
            "’’",
            "x\u{2019}",
            "’—",
            "\u{2018}s",
            "abc\u{2010}",
            "Séance’",
            "é’é",
        ] {
            assert_eq!(has_curly_apostrophe(text), text.contains('’'), "{text:?}");
        }
    }

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
    fn version_3_anchors_are_timing_words() {
        assert_eq!(
            found("End the turn. End the combat phase. Cast it on a later turn."),
            ["End the turn", "End the combat phase", "on a later turn"]
        );
        assert_eq!(
            found("cast it as though it had flash any time a sorcery couldn’t have been cast"),
            ["as though it had flash", "sorcery couldn’t"]
        );
    }

    #[test]
    fn a_keyword_that_names_a_step_is_not_timing() {
        assert_eq!(
            found("Cumulative upkeep {1}. Pay its upkeep cost at the beginning of your upkeep."),
            ["at the beginning of", "upkeep"]
        );
    }

    /// Words that start no pattern are passed without being read ahead; a word the quick pass
    /// cannot read (not ASCII, or longer than its buffer) is read as usual, and what follows it is
    /// found all the same.
    #[test]
    fn words_passed_quickly_are_passed_as_any_other() {
        let long = "a".repeat(40);
        assert_eq!(
            found(&format!(
                "{long} until Ærathi’s end step, Séance's next turn"
            )),
            ["until", "end step", "next turn"]
        );
        assert_eq!(found("Don’t skip it. Don't skips."), ["skip", "skips"]);
        assert_eq!(found("x’ until x’y"), ["until"]);
    }

    /// Version 4's unit words, and the rules that tell their other senses apart.
    /// A possessive names its unit: "the combat's end" holds "combat", either apostrophe, and
    /// "this turn's" the timing word "this turn". Its "'s" joins a verb's object as a space does.
    #[test]
    fn a_possessive_is_its_unit_word() {
        assert_eq!(
            found("Exile it at the combat's end. If it's the turn’s first spell, draw."),
            ["combat", "turn"]
        );
        assert_eq!(
            found("At this turn's next end of combat, untap it."),
            ["this turn", "end of combat"]
        );
        assert_eq!(
            found("Turn target creature's card face down."),
            Vec::<&str>::new()
        );
    }

    #[test]
    fn every_unit_word_is_a_timing_word_unless_a_rule_says_otherwise() {
        assert_eq!(
            found("At the dawn of your turn, draw. During the quiet phase of combat, tap it."),
            ["turn", "combat"]
        );
        assert_eq!(
            found("It has instant speed, or sorcery speed. In its end phase, cleanup."),
            ["instant speed", "sorcery speed", "end phase", "cleanup"]
        );
        // Damage dealt in combat (510.1), a creature taken out of it (506.4).
        assert_eq!(
            found(
                "It deals combat damage. Remove target attacking creature you control from combat."
            ),
            Vec::<&str>::new()
        );
        // "turn" as a verb (702.37e, 712.2), turn order (101.4), the active player (102.1).
        assert_eq!(
            found(
                "Turn it face up. Turn a face-down creature you control face up. Turn target \
                 permanent to its other face. In turn order, the player whose turn it is draws."
            ),
            Vec::<&str>::new()
        );
        // A verb's object never passes over a timing word, nor a sentence's end.
        assert_eq!(
            found("Turn it face down this turn. Turn. Face up, it gets +1/+1."),
            ["this turn", "Turn"]
        );
        // "turn-based", "combat tricks", "turn into" name no unit.
        assert_eq!(
            found("A turn-based action, combat tricks; turn into a Frog."),
            Vec::<&str>::new()
        );
        // A creature in combat (506.4), a card's name (201.2); "in combat" alone still is a unit.
        assert_eq!(
            found(
                "Creatures in combat get +1/+0. Search for a card named Final Turn. Activate only \
                 in combat."
            ),
            ["combat"]
        );
        // The clause before a unit word is looked for past a dash of several bytes.
        assert_eq!(
            found("Lieutenant — At the beginning of combat, draw. Named — combat."),
            ["At the beginning of", "combat", "combat"]
        );
        // A coin turns over; a turn that "is over" is a turn.
        assert_eq!(
            found("If it turns over completely, when your turn is over, draw."),
            ["turn"]
        );
    }

    /// Ability and flavor words (207.2c, 207.2d) name no unit; a label that names a time does.
    #[test]
    fn a_label_before_a_dash_is_a_name_unless_it_names_a_time() {
        assert_eq!(
            found(
                "Combat Inspiration — Draw.\n• Turn People into Dinosaurs — Draw.\nCombat \
                 Inspiration - Draw.\nYour Turn Now – Draw."
            ),
            Vec::<&str>::new()
        );
        assert_eq!(
            found(
                "Combat — Draw.\nAt the dawn of your turn — Draw.\nEnd step — Draw.\n\
                 Second main phase — Draw.\nOpponent's turn — Draw.\nOnce per turn - Draw."
            ),
            ["Combat", "turn", "End step", "main phase", "turn", "turn"]
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
