//! The one scan of a line that the finder's three readers share: one Aho-Corasick pass (ASCII
//! case ignored) finds where the literals the templates need occur (the walk's prefilter,
//! `templates::Occurrences`), where the first words of the timing words occur (the tripwire
//! passes the words between them, `timing_words`), and whether a grant or keyword-action verb
//! occurs (the keyword reader's grants pass runs only then, `keywords`). Each line was searched
//! three times over before, once for each.

use super::keywords;
use super::templates::{Occurrences, Table};
use super::timing_words;
use crate::model::Span;
use aho_corasick::Anchored;
use aho_corasick::automaton::{Automaton, StateID};
use aho_corasick::dfa::DFA;
use std::sync::OnceLock;

/// What one pass found in a line.
#[derive(Default)]
pub(super) struct Scan {
    /// Where the templates' needed literals occur.
    pub found: Occurrences,
    /// Where the timing words' first words occur, whole words or not, in the order of their
    /// ends; none of them past `MAX_FIRST_WORDS`.
    first_words: Vec<Span>,
    /// `first_words` holds every place of the line: it was not cut at `MAX_FIRST_WORDS`, and the
    /// line holds no character the search cannot see as a first word's letter.
    first_words_whole: bool,
    /// A grant or keyword-action verb occurs in the line.
    verbs: bool,
}

/// How many places of first words one line keeps: a real line holds a few dozen (the words
/// "at", "on" and "as" occur inside many words). A line of more is read word by word, so a long
/// line costs no more memory than a short one.
const MAX_FIRST_WORDS: usize = 1_024;

impl Scan {
    /// Scans `line`, forgetting the line before.
    pub fn line(&mut self, line: &str) {
        let scanner = Scanner::get();
        self.found.start_line(scanner.templates);
        self.first_words.clear();
        self.first_words_whole = true;
        self.verbs = false;
        scanner.each_match(line, |index, start, end| {
            if index < scanner.templates {
                self.found.saw(index, start);
            }
            let role = scanner.roles[index];
            self.verbs |= role.verb;
            self.first_words_whole &= !role.hides_first_words;
            if role.first_word {
                if self.first_words.len() < MAX_FIRST_WORDS {
                    self.first_words.push(Span::new(start, end));
                } else {
                    self.first_words_whole = false;
                }
            }
        });
    }

    /// Where the timing words' first words occur in the line, for `timing_words_from`; `None`
    /// when the tripwire must read each word to find them.
    pub fn first_words(&self) -> Option<&[Span]> {
        self.first_words_whole
            .then_some(self.first_words.as_slice())
    }

    /// Whether a grant or keyword-action verb occurs in the line (`keywords::verbs`).
    pub fn verbs(&self) -> bool {
        self.verbs
    }
}

/// What a pattern of the scan is for, besides a template's literal.
#[derive(Clone, Copy, Default)]
struct Role {
    first_word: bool,
    verb: bool,
    /// The character that lower-cases to an ASCII letter (`timing_words::LOWERS_TO_ASCII`): a
    /// first word holding it is not found as one, so the line's words are read one by one.
    hides_first_words: bool,
}

/// The one matcher of the scan: the templates' literals first, at their own indices, then the
/// first words and verbs that are none of them.
struct Scanner {
    matcher: DFA,
    /// Where a search of a line starts.
    start: StateID,
    /// How many of the patterns are the templates' literals.
    templates: usize,
    roles: Vec<Role>,
}

/// Builds the scan's matcher (and the template table its literals come from) now, on the calling
/// thread, so that the first line scanned does not wait for them.
pub fn prepare() {
    Scanner::get();
}

impl Scanner {
    /// Calls `f` with each match in `line` (its pattern, start and end), in the order of their
    /// ends: the DFA stepped byte by byte, every pattern of each match state taken, as an
    /// overlapping search finds them without its per-match bookkeeping
    /// (`each_match_is_an_overlapping_searchs_match`).
    fn each_match(&self, line: &str, mut f: impl FnMut(usize, usize, usize)) {
        let dfa = &self.matcher;
        let bytes = line.as_bytes();
        let (mut state, mut end) = (self.start, 0);
        while let Some((at, matched)) = next_match(dfa, &bytes[end..], state) {
            (state, end) = (matched, end + at + 1);
            for nth in 0..dfa.match_len(state) {
                let pattern = dfa.match_pattern(state, nth);
                f(pattern.as_usize(), end - dfa.pattern_len(pattern), end);
            }
        }
    }

    /// The scan's matcher, built at its first use: a few million instructions (the DFA of every
    /// literal), which [`prepare`] can spend ahead of time.
    fn get() -> &'static Scanner {
        static SCANNER: OnceLock<Scanner> = OnceLock::new();
        SCANNER.get_or_init(|| {
            let (patterns, templates, roles) = patterns();
            let matcher = DFA::builder()
                .ascii_case_insensitive(true)
                .build(&patterns)
                .expect("the literals of the scan make a matcher");
            let start = matcher
                .start_state(Anchored::No)
                .expect("the matcher searches unanchored");
            Scanner {
                matcher,
                start,
                templates,
                roles,
            }
        })
    }
}

/// Steps `dfa` from `state` through `bytes` to the first byte that ends a match: that byte's
/// index in `bytes` and the match state, or `None` at the end. A function of its own because,
/// inlined into the finder, the loop kept the state on the stack, a store and a load on each
/// byte's path to the next; on its own it kept it in a register (`perf annotate`, rustc 1.95,
/// docs/performance.md).
#[inline(never)]
fn next_match(dfa: &DFA, bytes: &[u8], mut state: StateID) -> Option<(usize, StateID)> {
    for (at, &byte) in bytes.iter().enumerate() {
        state = dfa.next_state(Anchored::No, state, byte);
        if dfa.is_special(state) && dfa.is_match(state) {
            return Some((at, state));
        }
    }
    None
}

/// The scan's patterns (the templates' literals first, at their own indices), how many of them are
/// the templates', and each one's roles.
fn patterns() -> (Vec<String>, usize, Vec<Role>) {
    let mut patterns: Vec<String> = Table::get()
        .literals()
        .iter()
        .map(|literal| literal.to_string())
        .collect();
    let templates = patterns.len();
    let mut roles = vec![Role::default(); templates];
    let mut index_of = |word: String| match patterns
        .iter()
        .position(|pattern| pattern.eq_ignore_ascii_case(&word))
    {
        Some(index) => index,
        None => {
            patterns.push(word);
            roles.push(Role::default());
            patterns.len() - 1
        }
    };
    let first_words: Vec<usize> = timing_words::first_words()
        .map(|word| index_of(word.to_string()))
        .collect();
    let verbs: Vec<usize> = keywords::verbs().map(&mut index_of).collect();
    let hides = index_of(timing_words::LOWERS_TO_ASCII.to_string());
    roles[hides].hides_first_words = true;
    first_words
        .into_iter()
        .for_each(|i| roles[i].first_word = true);
    verbs.into_iter().for_each(|i| roles[i].verb = true);
    (patterns, templates, roles)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phrase::Work;

    /// The scan finds first words with ASCII letters in any case; a word's lower case is that of
    /// each character, and the Kelvin sign is the one character beside ASCII's whose lower case is
    /// ASCII alone ("İ" lowers to "i" and a combining dot).
    #[test]
    fn only_the_kelvin_sign_lowers_to_ascii() {
        let lowering_to_ascii: Vec<char> = (0..=u32::from(char::MAX))
            .filter_map(char::from_u32)
            .filter(|c| !c.is_ascii() && c.to_lowercase().all(|lower| lower.is_ascii()))
            .collect();
        assert_eq!(lowering_to_ascii, [timing_words::LOWERS_TO_ASCII]);
    }

    /// The tripwire passing words to the scan's first words, and the keyword reader told of the
    /// verbs by the scan, find what they find on their own, also where the scan cannot be
    /// trusted and the words are read one by one. (`tests/walk.rs` holds the finder against the
    /// whole-line finder, which reads them on their own, over the corpus.)
    #[test]
    fn the_shared_scan_reads_as_the_separate_readers_do() {
        let crowded = format!(
            "{}until end of turn, it gains haste",
            "At. On. As. ".repeat(400)
        );
        let cases: [(&str, bool); 7] = [
            ("Creatures you control gain haste until end of turn.", true),
            (
                "That cat on one as has; Untilé éuntil UNTIL it’s until’s",
                true,
            ),
            ("S\u{212A}IP your next turn. \u{212A}", false),
            (
                "Sk\u{131}p your draw step. Goad it at the beginning of combat.",
                true,
            ),
            (
                "“Only during your turn” (as a sorcery (until)) — at end of turn",
                true,
            ),
            ("", true),
            (&crowded, false),
        ];
        let mut scan = Scan::default();
        for (line, trusted) in cases {
            scan.line(line);
            assert_eq!(scan.first_words().is_some(), trusted, "{line}");
            assert_eq!(
                timing_words::timing_words_from(line, scan.first_words()).collect::<Vec<_>>(),
                timing_words::timing_words(line),
                "{line}"
            );
            let work = || Work::for_line(line.len(), usize::MAX);
            assert_eq!(
                keywords::find_knowing_verbs(line, 0, 0, &mut work(), scan.verbs()),
                keywords::find(line, 0, 0, &mut work()),
                "{line}"
            );
        }
    }

    /// Stepping the DFA finds what the library's overlapping search finds, in the order of ends.
    #[test]
    fn each_match_is_an_overlapping_searchs_match() {
        let (patterns, ..) = patterns();
        let search = aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(&patterns)
            .expect("the patterns make a matcher");
        let crowded = "At. On. As. ".repeat(50);
        for line in [
            "Whenever a creature attacks, it gets +1/+1 until end of turn. Activate only once.",
            "THIS TURN; until UNTIL at the Beginning of “this turn” — skip, Goads and HAS haste",
            "That cat on one as has; Untilé éuntil S\u{212A}IP it’s until’s (as a sorcery.)",
            "",
            "Flash; it can't attack until",
            &crowded,
        ] {
            let mut stepped = Vec::new();
            Scanner::get().each_match(line, |index, start, end| stepped.push((end, index, start)));
            let mut searched: Vec<_> = search
                .find_overlapping_iter(line)
                .map(|hit| (hit.end(), hit.pattern().as_usize(), hit.start()))
                .collect();
            assert!(stepped.is_sorted_by_key(|&(end, ..)| end), "{line}");
            stepped.sort();
            searched.sort();
            assert_eq!(stepped, searched, "{line}");
        }
    }

    /// Every first word and every verb is a pattern of the scan, whatever else it is.
    #[test]
    fn every_first_word_and_verb_has_its_role() {
        let scanner = Scanner::get();
        let mut scan = Scan::default();
        for word in timing_words::first_words() {
            scan.line(&word.to_uppercase());
            let places = scan.first_words().expect("an ASCII line of a few places");
            assert!(places.contains(&Span::new(0, word.len())), "{word}");
        }
        for verb in keywords::verbs() {
            scan.line(&format!("x {verb} y"));
            assert!(scan.verbs(), "{verb}");
        }
        scan.line("Draw a card.");
        assert!(!scan.verbs());
        // The scan sees a word whose letters are ASCII: a first word with another character (an
        // apostrophe, which the tripwire reads curly or straight) would be missed in a line.
        for word in timing_words::first_words() {
            assert!(
                word.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()),
                "{word}"
            );
        }
        assert_eq!(scanner.roles.len(), scanner.matcher.patterns_len());
    }
}
