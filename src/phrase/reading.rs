//! The reading copy of a line: what the grammar is given instead of the line itself, with a map
//! back to the line's bytes. The user's text is never rewritten; only the copy pest reads is.
//!
//! - Every run of spaces (ASCII spaces, tabs, and Unicode spaces: no-break U+00A0, thin U+2009,
//!   narrow no-break U+202F, figure space, ...) becomes one ASCII space: pest's `^"..."` literals
//!   are ASCII, and a template such as "until end of turn" holds one space between its words, so
//!   "At  the beginning" means what "At the beginning" means (issue 40).
//! - The card's own name, its short name before the comma ("Azun" of "Azun, Sheriff of
//!   Daisite"), becomes `~`, the word that stands for the card: a legendary name's comma would
//!   otherwise end the clause ("until Azun, Sheriff of Daisite leaves the battlefield").
//!
//! Each replacement is one byte, so a position of the copy maps back to the line through the
//! replacements before it; a span of the copy maps back to the exact words of the line.

use super::timing_words::has_curly_apostrophe;
use std::borrow::Cow;

/// Names longer than this are not looked for: the longest printed card name has 141 characters,
/// and a hostile name must not make the search costly.
const MAX_NAME: usize = 200;

/// The word that stands for the card in the copy.
const SELF: &str = "~";

/// The names that stand for the card itself in its text.
#[derive(Debug, Clone, Default)]
pub struct CardName {
    /// The names and their short forms, with either apostrophe, longest first: the first `len`
    /// strings. A few plain searches: building an automaton for each face costs more than
    /// reading it. The strings past `len` are spare room kept for the next name
    /// ([`CardName::with_face`]).
    names: Vec<String>,
    len: usize,
}

/// The strings a thread keeps for the next face's names ([`CardName::with_face`]): a card of two
/// faces has up to 8 (each face whole and short, each with either apostrophe), one of five up to
/// 20; after a hostile name of many faces the thread keeps neither its thousands of strings nor
/// room for them.
const KEPT_NAMES: usize = 16;

impl CardName {
    /// No name: only Unicode spaces are read as spaces.
    pub fn none() -> Self {
        CardName::default()
    }

    /// The names that stand for the card in a face's text: the card's and the face's own.
    pub fn of_face(card: Option<&str>, face: Option<&str>) -> Self {
        let mut name = CardName::none();
        name.fill(card, face);
        name
    }

    /// The card named `name`: the name, each face's name of a `Front // Back` name, and the
    /// short name before the comma of each ("Azun, Sheriff of Daisite" is also "Azun").
    pub fn new(name: &str) -> Self {
        CardName::of_face(Some(name), None)
    }

    /// `f` of [`CardName::of_face`], made in the strings this thread kept from the face before:
    /// checking a file allocates nothing for its cards' names once the thread has met a name as
    /// long.
    pub fn with_face<R>(
        card: Option<&str>,
        face: Option<&str>,
        f: impl FnOnce(&CardName) -> R,
    ) -> R {
        thread_local! {
            static KEPT: std::cell::RefCell<CardName> = std::cell::RefCell::default();
        }
        KEPT.with(|kept| match kept.try_borrow_mut() {
            Ok(mut name) => {
                name.fill(card, face);
                let result = f(&name);
                name.names.truncate(KEPT_NAMES);
                name.names.shrink_to(KEPT_NAMES);
                result
            }
            // Asked again inside `f`: a name of its own.
            Err(_) => f(&CardName::of_face(card, face)),
        })
    }

    /// The names, longest first.
    fn names(&self) -> &[String] {
        &self.names[..self.len]
    }

    /// The names of `card` and, when it is another, of `face`: each face of a `Front // Back`
    /// name whole and short, with either apostrophe, as `card // face` would give them.
    fn fill(&mut self, card: Option<&str>, face: Option<&str>) {
        self.len = 0;
        // A face named as its card adds nothing (its names would be repeats): not read twice.
        let other_face = face.filter(|&face| card.is_some_and(|card| card != face));
        for name in card.or(face).into_iter().chain(other_face) {
            for face in faces(name) {
                let face = normal_spaces(face.trim());
                let short = face.split(',').next().unwrap_or("").trim();
                for form in [face.as_ref(), short] {
                    if form.is_empty() || form.len() > MAX_NAME {
                        continue;
                    }
                    // Most names have no apostrophe: one copy, not two spellings of the same.
                    if !form.contains('\'') && !has_curly_apostrophe(form) {
                        self.push(|name| name.push_str(form));
                        continue;
                    }
                    for (from, to) in [('’', '\''), ('\'', '’')] {
                        self.push(|name| {
                            name.extend(form.chars().map(|c| if c == from { to } else { c }))
                        });
                    }
                }
            }
        }
        self.names[..self.len].sort_by_key(|name| std::cmp::Reverse(name.len()));
    }

    /// Adds the name `write` writes, unless it is one already.
    fn push(&mut self, write: impl FnOnce(&mut String)) {
        if self.len == self.names.len() {
            self.names.push(String::new());
        }
        let (names, spare) = self.names.split_at_mut(self.len);
        let name = &mut spare[0];
        name.clear();
        write(name);
        if !names.contains(name) {
            self.len += 1;
        }
    }
}

/// The faces of a `Front // Back` name, as `name.split("//")` gives them, found without building
/// a substring searcher for every name (`faces_split_as_str_split_does`).
fn faces(name: &str) -> impl Iterator<Item = &str> {
    let bytes = name.as_bytes();
    let mut from = Some(0);
    std::iter::from_fn(move || {
        let start = from?;
        let separator = memchr::memchr_iter(b'/', &bytes[start..])
            .map(|at| start + at)
            .find(|&at| bytes.get(at + 1) == Some(&b'/'));
        match separator {
            Some(at) => {
                from = Some(at + 2);
                Some(&name[start..at])
            }
            None => {
                from = None;
                Some(&name[start..])
            }
        }
    })
}

/// A line as the grammar reads it, and the way back to the line's bytes.
pub struct Reading<'l> {
    pub text: Cow<'l, str>,
    /// The two passes' replacements (spaces, then names), each mapping its own copy's positions
    /// back to the text it was made from.
    passes: [Shrinks; 2],
}

impl<'l> Reading<'l> {
    /// The reading copy of `line` for the card `name`.
    pub fn of(line: &'l str, name: &CardName) -> Self {
        let (spaced, spaces) = spaces_read(line);
        let (text, names) = names_read(spaced, name.names());
        Reading {
            text,
            passes: [spaces, names],
        }
    }

    /// Whether the copy is the line itself, so positions need no mapping.
    pub fn is_line(&self) -> bool {
        self.passes.iter().all(|pass| pass.0.is_empty())
    }

    /// The line's position of a boundary (a span's start or end) of the copy.
    pub fn to_line(&self, at: usize) -> usize {
        let at = self.passes[1].back(at);
        self.passes[0].back(at)
    }
}

/// One pass's replacements, in order: where each ends in the copy, and how many bytes shorter
/// the copy is than the original up to there.
#[derive(Debug, Default)]
struct Shrinks(Vec<(usize, usize)>);

impl Shrinks {
    /// Records that the original's `from` bytes became one byte, ending at `end` in the copy.
    fn push(&mut self, end: usize, from: usize) {
        let before = self.0.last().map_or(0, |&(_, shrunk)| shrunk);
        self.0.push((end, before + from - 1));
    }

    /// The original's position of the copy's boundary `at`: a boundary is never inside a
    /// replacement, as each is one byte.
    fn back(&self, at: usize) -> usize {
        let passed = self.0.partition_point(|&(end, _)| end <= at);
        let shrunk = passed
            .checked_sub(1)
            .and_then(|last| self.0.get(last))
            .map_or(0, |&(_, shrunk)| shrunk);
        at + shrunk
    }
}

/// A space character other than the ASCII space and tab.
fn is_other_space(c: char) -> bool {
    c != ' ' && c != '\t' && c != '\n' && c != '\r' && c.is_whitespace()
        || matches!(c, '\u{200B}' | '\u{2060}' | '\u{FEFF}')
}

/// Whether `text` holds another space (`is_other_space`). Each of them starts with one of a few
/// bytes; only the characters at those bytes are decoded (curly quotes and dashes start with one
/// of them too, most other text with none).
fn holds_other_space(text: &str) -> bool {
    text.bytes().enumerate().any(|(at, byte)| {
        OTHER_SPACE_FIRST_BYTES[usize::from(byte)]
            && text
                .get(at..)
                .and_then(|rest| rest.chars().next())
                .is_some_and(is_other_space)
    })
}

/// The first bytes of the other spaces' UTF-8, a flag a byte (`other_spaces_start_with_these`).
static OTHER_SPACE_FIRST_BYTES: [bool; 256] = {
    let mut flags = [false; 256];
    let bytes = [0x0B, 0x0C, 0xC2, 0xE1, 0xE2, 0xE3, 0xEF];
    let mut index = 0;
    while index < bytes.len() {
        flags[bytes[index] as usize] = true;
        index += 1;
    }
    flags
};

/// `text` with its other spaces as ASCII spaces.
fn normal_spaces(text: &str) -> Cow<'_, str> {
    // Not `is_ascii`: a vertical tab or form feed is ASCII and another space.
    if !holds_other_space(text) {
        return Cow::Borrowed(text);
    }
    text.chars()
        .map(|c| if is_other_space(c) { ' ' } else { c })
        .collect()
}

/// The line with its other spaces as ASCII spaces. A line of ASCII alone is taken as it is, its
/// vertical tabs and form feeds too (as it always was; a name's are spaces, `normal_spaces`).
fn spaces_read(line: &str) -> (Cow<'_, str>, Shrinks) {
    let mut shrinks = Shrinks::default();
    let spaced = memchr::memchr(b'\t', line.as_bytes()).is_some()
        || memchr::memmem::find(line.as_bytes(), b"  ").is_some()
        || (!line.is_ascii() && holds_other_space(line));
    if !spaced {
        return (Cow::Borrowed(line), shrinks);
    }
    let mut copy = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if !is_space(c) {
            copy.push(c);
            continue;
        }
        // A run of spaces is one: "At  the beginning" reads as "At the beginning" (issue 40).
        let mut run = c.len_utf8();
        while let Some(&next) = chars.peek().filter(|&&next| is_space(next)) {
            run += next.len_utf8();
            chars.next();
        }
        copy.push(' ');
        if run > 1 || c != ' ' {
            shrinks.push(copy.len(), run);
        }
    }
    (Cow::Owned(copy), shrinks)
}

/// A space inside a line: the ASCII space, a tab, or another space ([`is_other_space`]).
fn is_space(c: char) -> bool {
    c == ' ' || c == '\t' || is_other_space(c)
}

/// `text` with each whole-word occurrence of a name as `~`, the longest name where several
/// start at one place.
fn names_read<'l>(text: Cow<'l, str>, names: &[String]) -> (Cow<'l, str>, Shrinks) {
    let mut shrinks = Shrinks::default();
    let mut found: Vec<(usize, usize)> = names
        .iter()
        .flat_map(|name| occurrences(&text, name).map(|start| (start, start + name.len())))
        .collect();
    if found.is_empty() {
        return (text, shrinks);
    }
    // By start, the longest first; a match inside one taken is passed over.
    found.sort_unstable_by_key(|&(start, end)| (start, std::cmp::Reverse(end)));
    let mut copy = String::new();
    let mut copied = 0;
    for (start, end) in found {
        if start < copied {
            continue;
        }
        let before = text[..start].chars().next_back();
        let after = text[end..].chars().next();
        if before.is_some_and(char::is_alphanumeric) || after.is_some_and(char::is_alphanumeric) {
            continue;
        }
        copy.push_str(&text[copied..start]);
        copy.push_str(SELF);
        shrinks.push(copy.len(), end - start);
        copied = end;
    }
    if shrinks.0.is_empty() {
        return (text, shrinks);
    }
    copy.push_str(&text[copied..]);
    (Cow::Owned(copy), shrinks)
}

/// Where `name` (never empty) occurs in `text`, left to right and not overlapping, as
/// `str::match_indices` finds it; found from its first byte with memchr, without building a
/// searcher for each line.
fn occurrences<'t>(text: &'t str, name: &'t str) -> impl Iterator<Item = usize> + 't {
    let first = name.as_bytes().first().copied();
    let mut from = 0;
    std::iter::from_fn(move || {
        let first = first?;
        let bytes = text.as_bytes();
        while let Some(offset) = bytes
            .get(from..)
            .and_then(|rest| memchr::memchr(first, rest))
        {
            let start = from + offset;
            if bytes[start..].starts_with(name.as_bytes()) {
                from = start + name.len();
                return Some(start);
            }
            from = start + 1;
        }
        from = bytes.len();
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_split_as_str_split_does() {
        for name in [
            "", "/", "//", "///", "////", "a", "a // b", "a//b//c", "a///b", "a/b", "/a//", "é//ü",
        ] {
            assert_eq!(
                faces(name).collect::<Vec<_>>(),
                name.split("//").collect::<Vec<_>>(),
                "{name}"
            );
        }
    }

    /// Every other space starts with a byte the quick test looks at, and the quick test answers
    /// as decoding every character would.
    #[test]
    fn other_spaces_start_with_these() {
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            let mut encoded = [0; 4];
            let first = c.encode_utf8(&mut encoded).as_bytes()[0];
            if is_other_space(c) {
                assert!(OTHER_SPACE_FIRST_BYTES[usize::from(first)], "{c:?}");
            }
            let text = format!("a’{c}—b");
            assert_eq!(
                holds_other_space(&text),
                text.chars().any(is_other_space),
                "{c:?}"
            );
        }
    }

    /// A name's other spaces are spaces, ASCII ones (vertical tab, form feed) too: the name is
    /// found where the line spells it with a space and other text is not ASCII.
    #[test]
    fn a_names_ascii_other_spaces_are_spaces() {
        let name = CardName::new("Azun\u{0B}Bell");
        assert_eq!(name.names(), ["Azun Bell"]);
        let (copy, _) = read("Azun Bell — it gains haste.", "Azun\u{0B}Bell");
        assert_eq!(copy, "~ — it gains haste.");
    }

    /// The names of a card and its face: each face whole and short, with either apostrophe,
    /// longest first; a face named apart from its card as `card // face` would give it.
    #[test]
    fn a_card_and_its_face_give_these_names() {
        let cases: [(Option<&str>, Option<&str>, &[&str]); 6] = [
            (
                Some("Azun, Sheriff of Daisite"),
                None,
                &["Azun, Sheriff of Daisite", "Azun"],
            ),
            (Some("Fire // Ice"), Some("Fire"), &["Fire", "Ice"]),
            (None, Some("Fire"), &["Fire"]),
            (
                Some("Urza's Saga, the Land"),
                Some("Urza's Saga, the Land"),
                &[
                    "Urza’s Saga, the Land",
                    "Urza's Saga, the Land",
                    "Urza’s Saga",
                    "Urza's Saga",
                ],
            ),
            (
                Some("Bell"),
                Some("Azun, Sheriff"),
                &["Azun, Sheriff", "Bell", "Azun"],
            ),
            (None, None, &[]),
        ];
        for (card, face, names) in cases {
            assert_eq!(
                CardName::of_face(card, face).names(),
                names,
                "{card:?} {face:?}"
            );
        }
        let joined = [
            ("A/", "/B"),
            ("A //", "// B"),
            (" Fire ", "\u{a0}Ice\u{2009}"),
            ("", "Ice"),
            ("Fire", ""),
            ("Urza's, Tower", "Urza’s Mine"),
            ("Fire // Ice", "Ice"),
            ("Who // What", "When, Where // Why"),
        ];
        let long = "x".repeat(MAX_NAME + 1);
        for (card, face) in joined.into_iter().chain([(long.as_str(), "Bell")]) {
            assert_eq!(
                CardName::of_face(Some(card), Some(face)).names(),
                CardName::new(&format!("{card} // {face}")).names(),
                "{card:?} {face:?}"
            );
        }
    }

    /// A name made in the strings a thread kept is the name made afresh, whatever names came
    /// before it, longer or shorter; asked for again inside, it is made apart.
    #[test]
    fn a_name_made_in_kept_strings_is_made_afresh() {
        let many_faces = ["Face's"; 40].join(" // ");
        let names = [
            (Some("Urza's Saga, the Land"), None),
            (Some("Fire // Ice"), Some("Ice")),
            (Some(many_faces.as_str()), None),
            (Some("Ab"), Some("Ab")),
            (None, Some("Bell, the Ringer")),
            (None, None),
            (Some("Azun"), Some("Azun’s Bell")),
        ];
        for _ in 0..2 {
            for (card, face) in names {
                let fresh = CardName::of_face(card, face);
                CardName::with_face(card, face, |kept| {
                    assert_eq!(kept.names(), fresh.names(), "{card:?} {face:?}");
                });
            }
        }
        CardName::with_face(Some("Azun"), None, |outer| {
            CardName::with_face(Some("Bell"), None, |inner| {
                assert_eq!(outer.names(), ["Azun"]);
                assert_eq!(inner.names(), ["Bell"]);
            });
        });
    }

    #[test]
    fn names_are_found_where_match_indices_finds_them() {
        let texts = [
            "",
            "a",
            "aaaa",
            "Azun, Azun’s Azun",
            "xAzuAzun Az",
            "ééAzunéAzun",
            "AzunAzun",
        ];
        for text in texts {
            for name in ["a", "aa", "Azun", "Azun’s", "é", "Az"] {
                let expected: Vec<usize> = text.match_indices(name).map(|(at, _)| at).collect();
                assert_eq!(
                    occurrences(text, name).collect::<Vec<_>>(),
                    expected,
                    "{text} {name}"
                );
            }
        }
    }

    /// The copy of `line` and each word of the copy mapped back to the line.
    fn read(line: &str, name: &str) -> (String, Vec<String>) {
        let reading = Reading::of(line, &CardName::new(name));
        let mut words = Vec::new();
        let mut start = 0;
        for (at, c) in reading
            .text
            .char_indices()
            .chain([(reading.text.len(), ' ')])
        {
            if c == ' ' {
                if at > start {
                    words.push(line[reading.to_line(start)..reading.to_line(at)].to_string());
                }
                start = at + 1;
            }
        }
        (reading.text.to_string(), words)
    }

    #[test]
    fn other_spaces_read_as_spaces_and_map_back() {
        let (copy, words) = read("until end\u{a0}of\u{2009}turn\u{202f}x", "");
        assert_eq!(copy, "until end of turn x");
        assert_eq!(words, ["until", "end", "of", "turn", "x"]);
    }

    #[test]
    fn the_name_and_its_short_name_read_as_the_card() {
        let name = "Azun, Sheriff of Daisite";
        let (copy, words) = read(
            "Exile it until Azun, Sheriff of Daisite leaves. Azun's",
            name,
        );
        assert_eq!(copy, "Exile it until ~ leaves. ~'s");
        assert_eq!(words[3], "Azun, Sheriff of Daisite");
        assert_eq!(words[5], "Azun's");
        // Not inside another word.
        assert_eq!(read("Azunite", name).0, "Azunite");
    }

    #[test]
    fn names_match_either_apostrophe_and_spaces() {
        let (copy, words) = read("Urza’s\u{a0}Saga enters", "Urza's Saga");
        assert_eq!(copy, "~ enters");
        assert_eq!(words[0], "Urza’s\u{a0}Saga");
        assert_eq!(
            read("Fire deals, Ice taps", "Fire // Ice").0,
            "~ deals, ~ taps"
        );
    }

    #[test]
    fn a_line_with_nothing_to_read_is_borrowed() {
        let reading = Reading::of("until end of turn", &CardName::new("Azun"));
        assert!(reading.is_line());
        assert!(matches!(reading.text, Cow::Borrowed(_)));
    }
}
