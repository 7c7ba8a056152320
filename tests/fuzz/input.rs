//! The inputs of the fuzz targets: seed files, mutated.
//!
//! The seeds are every file under `fixtures/` (the set, the databases, the text file, the
//! designers' formats, the explain sampler, the config, the README and the broken files of
//! `fixtures/bad/`), each read in the format `check` would read it in, and card-like random texts
//! (`tests/support/random_text.rs`) written as each format writes a card. A case is
//! a seed with a few mutations: bytes flipped, the file cut or a piece deleted, timing words,
//! quotes, escapes and YAML indicators inserted, a piece repeated (long lines, many findings),
//! deep nesting, an alias bomb, or a piece of another seed spliced in. Positions are taken modulo
//! the length of the text so far, so every mutation applies whatever came before it, and
//! proptest can shrink a failing case by dropping mutations and moving positions toward 0.

use crate::random_text::random_texts;
use phaselint::source::{Format, format_of};
use proptest::prelude::*;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// No case grows past this many bytes (the longest seed, `fixtures/bad/long-line.yaml`, is
/// about 100 KB).
pub const MAX_LEN: usize = 128 * 1024;

/// One seed: a file of `fixtures/`, or a random text written as a card file.
pub struct Seed {
    pub name: String,
    /// Its format by extension, else as phaselint sniffs it.
    pub format: Format,
    pub bytes: Vec<u8>,
}

/// Inserted by [`Mutation::Insert`]: timing words and phrases, quotes, escapes of JSON and YAML
/// (valid, invalid and lone surrogates), YAML indicators, anchors and aliases, line breaks of
/// every kind, a BOM, NUL, terminal escapes and keys the readers look for.
const TOKENS: &[&str] = &[
    "until end of turn",
    "until the end of turn",
    "until your next turn",
    "at the beginning of the next end step",
    "At the beginning of your upkeep, ",
    "at end of turn",
    "At end of combat, ",
    "Activate only as a sorcery.",
    "Activate this ability only any time you could cast a sorcery.",
    "only during your turn",
    "Cast this spell only during combat after blockers are declared.",
    "this turn",
    "that turn's end step",
    "next turn",
    "skip your next untap step",
    "upkeep phase",
    "once per turn",
    "Play this ability only",
    "Whenever a creature attacks, ",
    "(\"",
    "\")",
    "(",
    ")",
    "\"",
    "“",
    "”",
    "’",
    "—",
    "- ",
    ": ",
    "? ",
    "&a ",
    "*a",
    "!!str ",
    "!<tag:x> ",
    "|",
    "|-",
    ">+",
    ">2",
    "---\n",
    "...\n",
    "# ",
    "# phaselint: allow(all)\n",
    "[",
    "]",
    "{",
    "}",
    "'",
    "''",
    ",",
    "\n",
    "\n\n",
    "\r\n",
    "\r",
    "\t",
    "    ",
    "\\",
    "\\n",
    "\\\"",
    "\\u2014",
    "\\u00",
    "\\ud800",
    "\\udc00\\ud83d",
    "\\ud83d\\ude00",
    "\\x41",
    "\\xZZ",
    "\\e",
    "\\U0001F600",
    "\\\n",
    "\u{feff}",
    "\0",
    "\u{1b}]0;PWNED\u{7}",
    "\u{1b}[2J",
    "\u{85}",
    "\u{2028}",
    "é",
    "\u{301}",
    "🜲",
    "%YAML 1.2\n",
    "<<: *a\n",
    "name: ",
    "text: ",
    "type: Instant\n",
    "faces:\n  - ",
    "cards:\n  - ",
    "\"oracle_text\": ",
    "\"text\": ",
    "\"originalText\": \"At end of turn\", ",
    "\"card_faces\": [",
    "card:\n\tname: X\n\trule_text:\n\t\t",
    "\n\t\t",
    "\n\t",
    "<kw-a><nospellcheck>",
    "</nospellcheck></kw-a>",
    "<atom-cardname>",
    "</atom-cardname>",
    "<atom-cardname><nospellcheck>X</nospellcheck></atom-cardname>",
    "<sym>T</sym>",
    "<",
    ">",
    "&lt;",
    "&amp;",
    "&#8212;",
    "&#x",
    // Issue 39: HTML in text fields (Cockatrice writes it inside XML), bombs and noise.
    "<br>",
    "<br/>",
    "<BR />",
    "&lt;br&gt;",
    "&lt;i&gt;",
    "&lt;/i&gt;",
    "<i>",
    "</i>",
    "<i",
    "&#8217;",
    "&mdash;",
    "&amp;mdash;",
    "&#0;",
    "&#xD800;",
    "&#99999999;",
    "&&&;",
    "<br><br><br><br><br><br><br><br><br><br><br><br><br><br><br><br>",
    "include_file: card x\n",
    // Issue 38: a card's levels, the same include under other spellings, empty name atoms, and
    // Forge faces without text.
    "\tlevel_1_text: ",
    "\tlevel_99999999999999999999_text: x\n",
    "\tname_2: Y\n",
    "include_file: ./card x\n",
    "include_file: .//card x \n",
    "<atom-cardname></atom-cardname>",
    "\nALTERNATE\n",
    "\nALTERNATE\n\nName:Y\nTypes:Instant\nOracle:until end of turn\n",
    "\"card_faces\": [{}, {}, {}, ",
    "\"rulesText\": \"x\", \"rulesText\": ",
    "<sets><card><name>X</name></card></sets>",
    "\"cards\": [",
    "\"data\": {",
    "\"name\": 12, ",
    "{\"name\": \"X\", \"oracle_text\": \"until end of turn\"}\n",
    "1e999",
    "-0",
    "null",
    "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ntext: *d\n",
];

/// Inserted by [`Mutation::Word`] after a space, where a card's text most likely is: phrases
/// that rules report and fix, old wordings, and phrases the grammar only half knows.
const WORDS: &[&str] = &[
    "at end of turn",
    "At end of turn,",
    "until the end of turn",
    "once per turn",
    "upkeep phase",
    "untap phase",
    "draw phase",
    "end of turn step",
    "Play this ability only",
    "Activate this ability only",
    "any time you could cast a sorcery",
    "At the end of combat,",
    "at the end of combat",
    "At your upkeep,",
    "During your upkeep,",
    "your postcombat main phase",
    "before blockers are declared",
    "only during your turn and only during an opponent's turn",
    "during your untap step",
    "until end of the next combat",
    "at the beginning of the next end step",
    "that turn",
    "this turn",
    "until",
    "phase phase",
];

/// The pieces of what the keyword reader reads, joined and repeated by [`Mutation::KeywordRun`]:
/// grant verbs, keywords alone and with their parameters, keyword actions and the words before a
/// trigger's event, quotes of each kind, list separators, reminder text, dashes and long words.
pub const KEYWORD_PIECES: &[&str] = &[
    "has ",
    "have ",
    "gains ",
    "Gain ",
    "flying",
    "Flash",
    "haste",
    "rebound",
    "first strike",
    "bushido 2",
    "exalted",
    "Echo {2}{R}",
    "Cumulative upkeep",
    "Cumulative upkeep—Pay 1 life.",
    "Suspend 4—{R}",
    "Forecast — ",
    "Vanishing 3",
    "Mobilize X, where X is ",
    "Protection from red",
    "Swampwalk",
    "Wizardcycling {3}",
    "Web-slinging",
    "goad ",
    "Goads ",
    "exert ",
    "exerted ",
    "detain ",
    "Whenever you ",
    "when you",
    " \t ",
    "“",
    "”",
    "\"",
    "’",
    "'",
    "(",
    ")",
    ", ",
    " and ",
    ", and ",
    "; ",
    "—",
    ".",
    ":",
    " ",
    "\n",
    "{1}",
    "2",
    "X",
    "target creature",
    "until end of turn",
    "é",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
];

/// How many random card texts [`Mutation::InsertText`] picks from.
const TEXTS: usize = 400;

fn fixture_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("fixtures/ is readable")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            fixture_files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Every format, each given random texts as seeds.
pub const FORMATS: [Format; 9] = [
    Format::Yaml,
    Format::Json,
    Format::JsonLines,
    Format::Text,
    Format::Mse,
    Format::Cockatrice,
    Format::Forge,
    Format::Csv,
    Format::Tsv,
];

/// A random text as one card of `format`.
fn as_card(text: &str, format: Format, index: usize) -> String {
    let quoted = serde_json::to_string(text).expect("a string serialises");
    match format {
        Format::Yaml if index % 2 == 0 => {
            format!("- name: Random {index}\n  type: Instant\n  text: {quoted}\n")
        }
        Format::Yaml => {
            let block: String = text
                .replace('\r', "")
                .lines()
                .map(|line| format!("    {line}\n"))
                .collect();
            format!("- name: Random {index}\n  type: Sorcery\n  text: |\n{block}")
        }
        Format::Json => format!(
            "[{{\"object\": \"card\", \"name\": \"Random {index}\", \"type_line\": \"Instant\", \"oracle_text\": {quoted}}}]\n"
        ),
        Format::JsonLines => format!(
            "{{\"name\": \"Random {index}\", \"type_line\": \"Instant\", \"oracle_text\": {quoted}}}\n{{\"name\": \"Other\", \"oracle_text\": \"Draw a card.\"}}\n"
        ),
        Format::Text => format!("Random {index}\nInstant\n{text}\n"),
        Format::Mse => {
            // MSE writes a value of several lines under its key, each a tab deeper, and a
            // literal `<` or `&` as an entity.
            let escaped = text.replace('&', "&amp;").replace('<', "&lt;");
            let block: String = escaped
                .replace('\r', "")
                .lines()
                .map(|line| format!("\t\t{line}\n"))
                .collect();
            format!(
                "\u{feff}mse_version: 2.0.2\ncard:\n\tname: Random {index}\n\tsuper_type: <word-list-type>Instant</word-list-type>\n\trule_text:\n{block}"
            )
        }
        Format::Cockatrice => {
            // Entities of each kind: named, decimal and hexadecimal.
            let escaped = text
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
                .replace('’', "&#8217;")
                .replace('—', "&#x2014;");
            format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<cockatrice_carddatabase version=\"4\"><cards><card><name>Random {index}</name><text>{escaped}</text><prop><type>Instant</type></prop></card></cards></cockatrice_carddatabase>\n"
            )
        }
        Format::Forge => {
            let oracle = text.replace('\r', "").replace('\n', "\\n");
            format!("Name:Random {index}\nManaCost:1 R\nTypes:Instant\nOracle:{oracle}\n")
        }
        Format::Csv | Format::Tsv => {
            let delimiter = if format == Format::Csv { ',' } else { '\t' };
            let quoted = text.replace('"', "\"\"");
            format!(
                "name{delimiter}type{delimiter}text\nRandom {index}{delimiter}Instant{delimiter}\"{quoted}\"\n"
            )
        }
    }
}

/// Every seed, read once.
pub fn seeds() -> &'static [Seed] {
    static SEEDS: OnceLock<Vec<Seed>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        fixture_files(&root.join("fixtures"), &mut files);
        let mut seeds: Vec<Seed> = files
            .iter()
            .map(|path| {
                let bytes = std::fs::read(path).expect("a fixture is readable");
                let format = format_of(path, &String::from_utf8_lossy(&bytes));
                let name = path
                    .strip_prefix(root)
                    .unwrap_or(path)
                    .display()
                    .to_string();
                Seed {
                    name,
                    format,
                    bytes,
                }
            })
            .collect();
        assert!(seeds.len() >= 20, "the fixtures are seeds: {}", seeds.len());
        let formats = FORMATS;
        for (index, text) in random_texts(120).iter().enumerate() {
            let format = formats[index % formats.len()];
            seeds.push(Seed {
                name: format!("random text {index} as {format:?}"),
                format,
                bytes: as_card(text, format, index).into_bytes(),
            });
        }
        seeds
    })
}

fn texts() -> &'static [String] {
    static TEXTS_POOL: OnceLock<Vec<String>> = OnceLock::new();
    TEXTS_POOL.get_or_init(|| random_texts(TEXTS))
}

/// One change to the bytes of a case. Positions and lengths are reduced modulo what there is.
#[derive(Debug, Clone)]
pub enum Mutation {
    /// XOR one byte with `mask`.
    Flip { at: u32, mask: u8 },
    /// Cut the file at `at`, as a truncated download or a write interrupted.
    Cut { at: u32 },
    /// Delete `len` bytes.
    Delete { at: u32, len: u16 },
    /// Insert one of [`TOKENS`].
    Insert { at: u32, token: u16 },
    /// Insert one of [`WORDS`] and a space after the first space at or after `at`.
    Word { at: u32, word: u16 },
    /// Insert a random card text.
    InsertText { at: u32, text: u16 },
    /// Repeat `len` bytes `times` times: long lines, many phrases.
    Repeat { at: u32, len: u16, times: u16 },
    /// Nest `depth` levels: `[`, `{"a":`, `- ` or `("`.
    Nest { at: u32, depth: u16, kind: u8 },
    /// Insert some of [`KEYWORD_PIECES`], joined, `times` times: a grant before each of
    /// thousands of quotes, a goad every five bytes, a keyword line of thousands of items.
    KeywordRun {
        at: u32,
        pieces: Vec<u8>,
        times: u16,
    },
    /// Insert `len` bytes of another seed.
    Splice {
        at: u32,
        seed: u16,
        from: u32,
        len: u16,
    },
}

fn position(at: u32, len: usize) -> usize {
    at as usize % (len + 1)
}

impl Mutation {
    fn apply(&self, bytes: &mut Vec<u8>) {
        match *self {
            Mutation::Flip { at, mask } => {
                if !bytes.is_empty() {
                    let at = at as usize % bytes.len();
                    bytes[at] ^= mask;
                }
            }
            Mutation::Cut { at } => bytes.truncate(position(at, bytes.len())),
            Mutation::Delete { at, len } => {
                let at = position(at, bytes.len());
                let end = (at + len as usize).min(bytes.len());
                bytes.drain(at..end);
            }
            Mutation::Insert { at, token } => {
                let token = TOKENS[token as usize % TOKENS.len()];
                insert(bytes, at, token.as_bytes());
            }
            Mutation::Word { at, word } => {
                let word = WORDS[word as usize % WORDS.len()];
                let from = position(at, bytes.len());
                let after_space = bytes[from..]
                    .iter()
                    .position(|&byte| byte == b' ')
                    .map_or(from, |space| from + space + 1);
                bytes.splice(after_space..after_space, format!("{word} ").into_bytes());
            }
            Mutation::InsertText { at, text } => {
                let texts = texts();
                insert(bytes, at, texts[text as usize % texts.len()].as_bytes());
            }
            Mutation::Repeat { at, len, times } => {
                let at = position(at, bytes.len());
                let end = (at + len as usize).min(bytes.len());
                let piece = bytes[at..end].to_vec();
                let mut repeated = Vec::with_capacity(piece.len() * times as usize);
                for _ in 0..times {
                    if repeated.len() + piece.len() > MAX_LEN {
                        break;
                    }
                    repeated.extend_from_slice(&piece);
                }
                bytes.splice(end..end, repeated);
            }
            Mutation::Nest { at, depth, kind } => {
                let (open, close) = match kind % 4 {
                    0 => ("[", "]"),
                    1 => ("{\"a\": ", "}"),
                    2 => ("- ", ""),
                    _ => ("(\"", "\")"),
                };
                let depth = depth as usize;
                let nested = format!("{}x{}", open.repeat(depth), close.repeat(depth));
                insert(bytes, at, nested.as_bytes());
            }
            Mutation::KeywordRun {
                at,
                ref pieces,
                times,
            } => {
                let piece: String = pieces
                    .iter()
                    .map(|&piece| KEYWORD_PIECES[usize::from(piece) % KEYWORD_PIECES.len()])
                    .collect();
                let times = usize::from(times).min(MAX_LEN / piece.len().max(1));
                insert(bytes, at, piece.repeat(times).as_bytes());
            }
            Mutation::Splice {
                at,
                seed,
                from,
                len,
            } => {
                let seeds = seeds();
                let other = &seeds[seed as usize % seeds.len()].bytes;
                let from = position(from, other.len());
                let end = (from + len as usize).min(other.len());
                insert(bytes, at, &other[from..end]);
            }
        }
        bytes.truncate(MAX_LEN);
    }
}

fn insert(bytes: &mut Vec<u8>, at: u32, piece: &[u8]) {
    let at = position(at, bytes.len());
    bytes.splice(at..at, piece.iter().copied());
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<u32>(), 1..=255u8).prop_map(|(at, mask)| Mutation::Flip { at, mask }),
        1 => any::<u32>().prop_map(|at| Mutation::Cut { at }),
        2 => (any::<u32>(), 1..64u16).prop_map(|(at, len)| Mutation::Delete { at, len }),
        5 => (any::<u32>(), any::<u16>()).prop_map(|(at, token)| Mutation::Insert { at, token }),
        5 => (any::<u32>(), any::<u16>()).prop_map(|(at, word)| Mutation::Word { at, word }),
        2 => (any::<u32>(), any::<u16>()).prop_map(|(at, text)| Mutation::InsertText { at, text }),
        1 => (any::<u32>(), 1..256u16, 2..400u16)
            .prop_map(|(at, len, times)| Mutation::Repeat { at, len, times }),
        1 => (any::<u32>(), 1..1500u16, any::<u8>())
            .prop_map(|(at, depth, kind)| Mutation::Nest { at, depth, kind }),
        1 => (any::<u32>(), any::<u16>(), any::<u32>(), 1..4096u16)
            .prop_map(|(at, seed, from, len)| Mutation::Splice { at, seed, from, len }),
    ]
}

/// A seed and its mutations, and the bytes they make.
#[derive(Clone)]
pub struct Case {
    pub seed: usize,
    pub mutations: Vec<Mutation>,
    pub bytes: Vec<u8>,
}

impl Case {
    fn new(seed: usize, mutations: Vec<Mutation>) -> Case {
        let mut bytes = seeds()[seed].bytes.clone();
        for mutation in &mutations {
            mutation.apply(&mut bytes);
        }
        Case {
            seed,
            mutations,
            bytes,
        }
    }

    /// The case with other bytes (while a failing case is cut down).
    pub fn with_bytes(&self, bytes: Vec<u8>) -> Case {
        Case {
            seed: self.seed,
            mutations: Vec::new(),
            bytes,
        }
    }

    pub fn seed(&self) -> &'static Seed {
        &seeds()[self.seed]
    }

    /// The bytes as text, each invalid sequence a U+FFFD, as a reader is given it.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }

    /// The text, cut to at most `max` bytes (at a character boundary).
    pub fn text_up_to(&self, max: usize) -> String {
        let mut text = self.text();
        let mut end = text.len().min(max);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        text
    }
}

impl fmt::Debug for Case {
    /// The seed, the mutations and the text they made, written as a Rust string literal to paste
    /// into a regression test.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "seed: {} ({:?})", self.seed().name, self.seed().format)?;
        writeln!(f, "mutations: {:?}", self.mutations)?;
        match std::str::from_utf8(&self.bytes) {
            Ok(text) => write!(f, "text ({} bytes): {text:?}", text.len()),
            Err(_) => write!(
                f,
                "bytes ({}, not UTF-8): b\"{}\"",
                self.bytes.len(),
                self.bytes.escape_ascii()
            ),
        }
    }
}

/// Cases: any seed, with up to six mutations of any kind.
pub fn cases() -> BoxedStrategy<Case> {
    (0..seeds().len(), prop::collection::vec(mutation(), 0..6))
        .prop_map(|(seed, mutations)| Case::new(seed, mutations))
        .boxed()
}

/// Cases for the keyword reader: any seed, with up to four runs of its pieces inserted, and up to
/// two mutations of any kind.
pub fn keyword_cases() -> BoxedStrategy<Case> {
    let run = (
        any::<u32>(),
        prop::collection::vec(any::<u8>(), 1..5),
        1..3_000u16,
    )
        .prop_map(|(at, pieces, times)| Mutation::KeywordRun { at, pieces, times });
    (
        0..seeds().len(),
        prop::collection::vec(run, 1..5),
        prop::collection::vec(mutation(), 0..3),
    )
        .prop_map(|(seed, mut mutations, others)| {
            mutations.extend(others);
            Case::new(seed, mutations)
        })
        .boxed()
}

/// Cases of which half only have words inserted after spaces: most of these still read whole,
/// and have findings to fix.
pub fn mostly_readable_cases() -> BoxedStrategy<Case> {
    let words = (any::<u32>(), any::<u16>()).prop_map(|(at, word)| Mutation::Word { at, word });
    let gentle = (0..seeds().len(), prop::collection::vec(words, 1..8))
        .prop_map(|(seed, mutations)| Case::new(seed, mutations));
    prop_oneof![cases(), gentle].boxed()
}
