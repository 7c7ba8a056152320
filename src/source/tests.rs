//! Exact spans for every style of every format, errors, robustness, and the real corpus.
#![allow(clippy::print_stderr)]

use super::*;
use std::path::PathBuf;

fn read_ok(format: Format, file: &str) -> Vec<Card<'_>> {
    let parsed = read(format, file, &ReadOptions::default());
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    for card in &parsed.cards {
        for face in &card.faces {
            if let Some(text) = &face.text {
                check_every_char(file, text);
            }
        }
    }
    parsed.cards
}

fn texts<'a, 't>(cards: &'a [Card<'t>]) -> Vec<&'a CardText<'t>> {
    cards
        .iter()
        .flat_map(|c| &c.faces)
        .filter_map(|f| f.text.as_ref())
        .collect()
}

/// The only text of a one-card file.
fn only_text(format: Format, file: &str) -> CardText<'_> {
    let cards = read_ok(format, file);
    let all = texts(&cards);
    assert_eq!(all.len(), 1, "{cards:?}");
    all[0].clone()
}

/// Collapse each run of whitespace (with its line breaks and indentation) into one space, and
/// drop YAML escaped line breaks: the file slice of a phrase that spans a fold, compared.
fn unfold(s: &str) -> String {
    let s = s.replace("\\\r\n", "").replace("\\\n", "");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The file slice of `phrase` (first occurrence in the decoded value).
fn slice_of<'f>(file: &'f str, text: &CardText, phrase: &str) -> &'f str {
    let start = text
        .value
        .find(phrase)
        .unwrap_or_else(|| panic!("{phrase:?} not in {:?}", text.value));
    let range = text
        .map
        .to_file(start..start + phrase.len())
        .unwrap_or_else(|| panic!("no exact map for {phrase:?} in {:?}", text.value));
    &file[range]
}

/// The phrase is on one line of the file: its slice is the phrase, byte for byte.
fn assert_exact(file: &str, text: &CardText, phrase: &str) {
    assert_eq!(slice_of(file, text, phrase), phrase);
}

/// The phrase spans a fold or a line break: equal once whitespace is collapsed.
fn assert_folded(file: &str, text: &CardText, phrase: &str) {
    let slice = slice_of(file, text, phrase);
    assert_ne!(slice, phrase, "expected a fold in the file slice");
    assert_eq!(unfold(slice), unfold(phrase), "slice {slice:?}");
}

/// Every character maps inside the raw range, in order, to itself, an escape or whitespace.
fn check_every_char(file: &str, text: &CardText) {
    if !text.map.is_exact() {
        return;
    }
    let raw = text.map.raw();
    let mut last_end = raw.start;
    for (i, c) in text.value.char_indices() {
        let range = text
            .map
            .to_file(i..i + c.len_utf8())
            .unwrap_or_else(|| panic!("char {i} of {:?} unmapped", text.value));
        assert!(range.start >= last_end && range.end <= raw.end, "{range:?}");
        let slice = file.get(range.clone()).expect("on char boundaries");
        let ok = slice == c.to_string()
            || slice.starts_with('\\')
            || (c == '\'' && slice == "''")
            || (c.is_whitespace() && slice.chars().all(char::is_whitespace));
        assert!(ok, "{c:?} mapped to {slice:?}");
        last_end = range.end;
    }
    let whole = text.map.to_file(0..text.value.len()).expect("whole value");
    assert!(whole.start >= raw.start && whole.end <= raw.end);
}

// ---- YAML ----

#[test]
fn yaml_plain() {
    let file = "name: Bear\ntext: Target creature gets +1/+1 until end of turn. # note\n";
    let text = only_text(Format::Yaml, file);
    assert_exact(file, &text, "until end of turn");
    assert_eq!(
        text.map.encode("until your next turn").as_deref(),
        Some("until your next turn")
    );
    assert_eq!(text.map.encode("a: b"), None);
}

#[test]
fn yaml_plain_multi_line() {
    let file = "name: Bear\ntext: At the beginning of\n  the next end step,\n\n  sacrifice it at end of turn.\n";
    let text = only_text(Format::Yaml, file);
    assert_eq!(
        text.value,
        "At the beginning of the next end step,\nsacrifice it at end of turn."
    );
    assert_folded(file, &text, "beginning of the next end step");
    assert_folded(file, &text, "step,\nsacrifice");
    assert_exact(file, &text, "at end of turn");
}

#[test]
fn yaml_single_quoted() {
    let file = "- name: Bear\n  text: 'Until end of turn, it''s a 2/2. At end\n    of turn, sacrifice it.'\n";
    let text = only_text(Format::Yaml, file);
    assert_eq!(
        text.value,
        "Until end of turn, it's a 2/2. At end of turn, sacrifice it."
    );
    assert_exact(file, &text, "Until end of turn");
    assert_eq!(slice_of(file, &text, "it's a 2/2"), "it''s a 2/2");
    assert_folded(file, &text, "At end of turn");
    assert_eq!(text.map.encode("it's").as_deref(), Some("it''s"));
}

#[test]
fn yaml_double_quoted() {
    let file = "name: Bear\ntext: \"Flying\\nWhen it dies \\u2014 at end of turn, return it.\\tX\\\n    Until your next \\\n    turn, \\\"hi\\\" \\x41\\U0001F600\"\n";
    let text = only_text(Format::Yaml, file);
    assert_eq!(
        text.value,
        "Flying\nWhen it dies — at end of turn, return it.\tXUntil your next turn, \"hi\" A😀"
    );
    assert_exact(file, &text, "at end of turn");
    assert_eq!(slice_of(file, &text, "—"), "\\u2014");
    assert_eq!(slice_of(file, &text, "\n"), "\\n");
    assert_eq!(slice_of(file, &text, "\t"), "\\t");
    assert_eq!(slice_of(file, &text, "\"hi\""), "\\\"hi\\\"");
    assert_eq!(slice_of(file, &text, "A😀"), "\\x41\\U0001F600");
    assert_eq!(slice_of(file, &text, "Flying\nWhen"), "Flying\\nWhen");
    assert_eq!(
        slice_of(file, &text, "XUntil"),
        "X\\\n    Until",
        "an escaped line break joins the lines"
    );
    assert_folded(file, &text, "Until your next turn");
    assert_eq!(text.map.encode("a\"b\n").as_deref(), Some("a\\\"b\\n"));
}

#[test]
fn yaml_literal() {
    let file = "name: Bear\ntext: |\n  Flying\n  At the beginning of your upkeep, draw.\n    Indented until end of turn.\ntype: Creature\n";
    let text = only_text(Format::Yaml, file);
    assert_eq!(
        text.value,
        "Flying\nAt the beginning of your upkeep, draw.\n  Indented until end of turn.\n"
    );
    assert_exact(file, &text, "At the beginning of your upkeep");
    assert_exact(file, &text, "  Indented until end of turn.");
    assert_folded(file, &text, "Flying\nAt");
    assert_eq!(
        text.map.encode("a\nb").as_deref(),
        Some("a\n  b"),
        "a line break gets the block's indentation"
    );
}

#[test]
fn yaml_literal_chomping() {
    let file = "- name: A\n  text: |-\n    at end of turn\n\n- name: B\n  text: |+\n    until end of turn\n\n\n- name: C\n";
    let cards = read_ok(Format::Yaml, file);
    let all = texts(&cards);
    assert_eq!(all[0].value, "at end of turn");
    assert_eq!(all[1].value, "until end of turn\n\n\n");
    assert_exact(file, all[0], "at end of turn");
    assert_exact(file, all[1], "until end of turn");
    let kept = all[1].map.to_file(0..all[1].value.len()).unwrap();
    assert_eq!(&file[kept], "until end of turn\n\n\n");
}

#[test]
fn yaml_folded() {
    let file = "name: Bear\ntext: >-\n\n  First line\n  continues here.\n\n  Second para\n    more indented until end of turn\n  last\n";
    let text = only_text(Format::Yaml, file);
    assert_eq!(
        text.value,
        "\nFirst line continues here.\nSecond para\n  more indented until end of turn\nlast"
    );
    assert_folded(file, &text, "First line continues");
    assert_exact(file, &text, "  more indented until end of turn");
    assert_folded(file, &text, "here.\nSecond");
    // The leading empty line is before serde-saphyr's range: the map starts there.
    assert_eq!(text.map.to_file(0..1), Some(20..21));
    assert_eq!(text.map.raw().start, 20);
    assert_eq!(text.map.encode("a\nb"), None);
    let file = "text: >\n  at end\n  of turn\n";
    let text = only_text(Format::Yaml, file);
    assert_eq!(text.value, "at end of turn\n");
    assert_folded(file, &text, "at end of turn");
}

#[test]
fn yaml_indentation_indicator() {
    let file = "name: Bear\ntext: |2  # the first line is indented\n    indented first line\n  at end of turn\n";
    let text = only_text(Format::Yaml, file);
    assert_eq!(text.value, "  indented first line\nat end of turn\n");
    assert_exact(file, &text, "  indented first line");
    assert_exact(file, &text, "at end of turn");
    let nested =
        "cards:\n  - name: Bear\n    text: >2\n\n        more indented\n      folded\n      text\n";
    let text = only_text(Format::Yaml, nested);
    assert_eq!(text.value, "\n  more indented\nfolded text\n");
    assert_exact(nested, &text, "  more indented");
    assert_folded(nested, &text, "folded text");
}

#[test]
fn yaml_crlf() {
    let file = "- name: A\r\n  text: at end\r\n    of turn\r\n- name: B\r\n  text: |\r\n    Flying\r\n    until end of turn\r\n- name: C\r\n  text: \"x \\\r\n    y\r\n    z\"\r\n- name: D\r\n  text: >\r\n    a\r\n    b\r\n\r\n    c\r\n";
    let cards = read_ok(Format::Yaml, file);
    let all = texts(&cards);
    assert_eq!(all[0].value, "at end of turn");
    assert_folded(file, all[0], "at end of turn");
    assert_eq!(all[1].value, "Flying\nuntil end of turn\n");
    assert_exact(file, all[1], "until end of turn");
    assert_eq!(slice_of(file, all[1], "Flying\n"), "Flying\r\n");
    assert_eq!(all[2].value, "x y z");
    assert_eq!(slice_of(file, all[2], "y z"), "y\r\n    z");
    assert_eq!(all[3].value, "a b\nc\n");
    assert_eq!(slice_of(file, all[3], "a b"), "a\r\n    b");
}

#[test]
fn yaml_inexact_values_label_the_whole_scalar() {
    let file = "- name: A\n  text: &t at end of turn\n- name: B\n  text: *t\n";
    let cards = read_ok(Format::Yaml, file);
    let all = texts(&cards);
    assert_exact(file, all[0], "at end of turn");
    assert_eq!(all[1].value, "at end of turn");
    assert_eq!(all[1].map.to_file(0..2), None);
    assert_eq!(&file[all[1].map.raw()], "*t");
}

#[test]
fn yaml_card_spans_and_names() {
    let file = "# a set\ncards:\n  - name: Fire\n    text: |\n      Deal 2.\n  - {name: Ice, text: 'Draw.'}\n";
    let cards = read_ok(Format::Yaml, file);
    assert_eq!(
        &file[cards[0].span.clone()],
        "name: Fire\n    text: |\n      Deal 2."
    );
    assert_eq!(&file[cards[1].span.clone()], "{name: Ice, text: 'Draw.'}");
    assert_eq!(
        texts(&cards)[1].map.encode("a, b"),
        Some("a, b".to_owned()),
        "single-quoted"
    );
}

// ---- JSON, JSON Lines, text ----

#[test]
fn json_strings() {
    let file = r#"[{"name": "Bear", "text": "Flying\nAt end of turn \u2014 \"sacrifice\" it \ud83d\ude00 \/ \\ until end of turn."}]"#;
    let text = only_text(Format::Json, file);
    assert_eq!(
        text.value,
        "Flying\nAt end of turn — \"sacrifice\" it 😀 / \\ until end of turn."
    );
    assert_exact(file, &text, "At end of turn");
    assert_exact(file, &text, "until end of turn.");
    assert_eq!(slice_of(file, &text, "\n"), "\\n");
    assert_eq!(slice_of(file, &text, "Flying\nAt"), "Flying\\nAt");
    assert_eq!(slice_of(file, &text, "—"), "\\u2014");
    assert_eq!(slice_of(file, &text, "😀"), "\\ud83d\\ude00");
    assert_eq!(slice_of(file, &text, "\"sacrifice\""), "\\\"sacrifice\\\"");
    assert_eq!(slice_of(file, &text, "/ \\"), "\\/ \\\\");
    assert_eq!(&file[text.map.raw()][..8], "\"Flying\\");
    assert_eq!(
        text.map.to_file(1..3),
        Some(file.find("lying").unwrap()..file.find("lying").unwrap() + 2)
    );
    let em = text.value.find('—').unwrap();
    assert_eq!(
        text.map.to_file(em + 1..em + 3),
        None,
        "inside one escaped character"
    );
    assert_eq!(
        text.map.encode("say \"hi\"\n").as_deref(),
        Some("say \\\"hi\\\"\\n")
    );
}

#[test]
fn json_lines_strings() {
    let file = "{\"name\": \"A\", \"oracle_text\": \"x\\nuntil end of turn\"}\r\n{\"card_name\": \"B // C\", \"name\": \"B\", \"oracle_text\": \"At the beginning of \\u201cyour\\u201d upkeep\"}\n";
    let cards = read_ok(Format::JsonLines, file);
    let all = texts(&cards);
    assert_exact(file, all[0], "until end of turn");
    assert_exact(file, all[1], "At the beginning of ");
    assert_eq!(slice_of(file, all[1], "“your”"), "\\u201cyour\\u201d");
    assert_eq!(cards[1].name.as_deref(), Some("B // C"));
}

#[test]
fn text_format() {
    let lf = "Bear {1}{G}\nCreature — Bear\nFlying\nAt the beginning of your upkeep, draw.\n\nNext\nUntil end of turn.\n";
    let text = &texts(&read_ok(Format::Text, lf))[0].clone();
    assert_eq!(text.value, "Flying\nAt the beginning of your upkeep, draw.");
    assert_exact(lf, text, "Flying\nAt the beginning");
    assert_eq!(text.map.to_file(0..text.value.len()), Some(text.map.raw()));
    let crlf = lf.replace('\n', "\r\n");
    let cards = read_ok(Format::Text, &crlf);
    let text = texts(&cards)[0];
    assert_eq!(text.value, "Flying\nAt the beginning of your upkeep, draw.");
    assert_exact(&crlf, text, "At the beginning");
    assert_eq!(slice_of(&crlf, text, "Flying\nAt"), "Flying\r\nAt");
    assert_eq!(
        cards[0].faces[0].type_line.as_deref(),
        Some("Creature — Bear")
    );
    assert_eq!(&crlf[cards[1].span.clone()], "Next\r\nUntil end of turn.");
}

// ---- errors and robustness ----

#[test]
fn malformed_files_give_located_errors() {
    let yaml = "- name: A\n  text: ok\n- name: B\n  text: \"unclosed\n";
    let parsed = read(Format::Yaml, yaml, &ReadOptions::default());
    assert_eq!(parsed.errors.len(), 1, "{:?}", parsed.errors);
    let e = &parsed.errors[0];
    assert!(e.span.start >= yaml.find("\"unclosed").unwrap(), "{e:?}");
    assert!(!e.message.ends_with('.') && !e.message.is_empty());
    let yaml = "name: A\n  bad: indent\n";
    let parsed = read(Format::Yaml, yaml, &ReadOptions::default());
    assert_eq!(parsed.errors.len(), 1);
    assert_eq!(parsed.errors[0].span.start / 8, 1, "{:?}", parsed.errors);

    let deep = format!("a: {}{}\n", "[".repeat(200), "]".repeat(200));
    let parsed = read(Format::Yaml, &deep, &ReadOptions::default());
    assert_eq!(
        parsed.errors[0].message,
        "yaml exceeds a parser limit: it is nested too deeply"
    );
    let deep = "[".repeat(1_000_000);
    let parsed = read(Format::Json, &deep, &ReadOptions::default());
    assert_eq!(parsed.errors[0].message, "json nested too deeply");

    let json = "{\"data\": {\"cards\": [{\"name\": \"A\"}, {\"name\": \"B\",, }]}}";
    let parsed = read(Format::Json, json, &ReadOptions::default());
    assert_eq!(parsed.cards.len(), 1);
    assert_eq!(parsed.errors.len(), 1);
    assert_eq!(parsed.errors[0].span.start, json.find(",,").unwrap() + 1);
    let json = "[{\"name\": \"A\", \"text\": \"x";
    let parsed = read(Format::Json, json, &ReadOptions::default());
    assert_eq!(parsed.errors[0].message, "unterminated json string");
    assert_eq!(parsed.errors[0].span, json.len()..json.len());
}

#[test]
fn empty_files_have_no_cards_and_no_errors() {
    for format in [Format::Yaml, Format::Json, Format::JsonLines, Format::Text] {
        for file in ["", "\n\n", "  \r\n", "\u{feff}"] {
            let parsed = read(format, file, &ReadOptions::default());
            assert_eq!(parsed, Parsed::default(), "{format:?} {file:?}");
        }
    }
    let parsed = read(Format::Yaml, "# only a comment\n", &ReadOptions::default());
    assert_eq!(parsed, Parsed::default());
}

/// Pieces of every syntax the readers know, for random and mutated inputs.
const PIECES: &[&str] = &[
    "name",
    "text",
    ": ",
    ":",
    "-",
    "- ",
    "\n",
    "\r\n",
    " ",
    "  ",
    "|",
    ">",
    "|-",
    ">+",
    "|2",
    "\"",
    "'",
    "''",
    "\\",
    "\\n",
    "\\u2014",
    "\\ud83d",
    "\\x4",
    "{",
    "}",
    "[",
    "]",
    ",",
    "#",
    "&a",
    "*a",
    "!!str",
    "cards",
    "faces",
    "card_faces",
    "data",
    "oracle_text",
    "—",
    "é",
    "😀",
    "\t",
    "---",
    "1",
    "true",
    "null",
    "{R}",
    "at end of turn",
    "\u{feff}",
    "\0",
];

/// Valid files of each format, to mutate.
const SEEDS: &[(Format, &str)] = &[
    (
        Format::Yaml,
        "# phaselint: allow(x)\ncards:\n  - name: A\n    text: |\n      at end\n        of turn\n  - name: B\n    text: >-\n\n      a\n      b\n  - name: C\n    text: \"x\\u2014y \\\n      z\"\n  - name: D\n    text: 'it''s\n      here'\n  - faces:\n      - {name: E, text: plain\n          fold}\n",
    ),
    (
        Format::Json,
        r#"{"meta": {}, "data": {"cards": [{"name": "A", "text": "x\n\u2014 at end of turn", "setCode": "S"}, {"name": "B", "faceName": "B", "text": "\ud83d\ude00"}], "code": "S", "tokens": [{"name": "T"}]}}"#,
    ),
    (
        Format::Json,
        r#"[{"name": "A // B", "card_faces": [{"name": "A", "oracle_text": "a\"b\""}, {"name": "B"}]}]"#,
    ),
    (
        Format::JsonLines,
        "{\"name\": \"A\", \"oracle_text\": \"x\\ny\"}\r\n{\"name\": \"B\", \"card_name\": \"B // C\"}\n",
    ),
    (
        Format::Text,
        "Bear {1}{G}\r\nCreature — Bear\r\nAt end of turn, draw.\r\n\r\nNext\nText\n",
    ),
];

/// Read `file` in every format and check what comes out: ranges inside the file, on character
/// boundaries, every mapped character in order. Returns how many exact text maps were checked.
fn read_anything(file: &str) -> usize {
    let mut exact = 0;
    for format in [Format::Yaml, Format::Json, Format::JsonLines, Format::Text] {
        for original in [false, true] {
            let parsed = read(
                format,
                file,
                &ReadOptions {
                    original,
                    ..ReadOptions::default()
                },
            );
            for e in &parsed.errors {
                assert!(file.get(e.span.clone()).is_some(), "{file:?} {e:?}");
                assert!(!e.message.is_empty() && !e.message.ends_with('.'));
            }
            for note in &parsed.notes {
                assert!(file.get(note.span.clone()).is_some(), "{file:?} {note:?}");
                // A file of no card is noted as one; a JSON field of a type phaselint does not
                // read is noted beside the cards and errors (issue 39).
                if note.kind == crate::source::NoteKind::NotACardFile {
                    assert!(parsed.cards.is_empty() && parsed.errors.is_empty());
                }
            }
            for card in &parsed.cards {
                assert!(!card.faces.is_empty());
                assert!(file.get(card.span.clone()).is_some(), "{file:?}");
                for allow in &card.allows {
                    assert_eq!(file.get(allow.span.clone()), Some(allow.rule.as_str()));
                }
                for unread in &card.unread {
                    let key = file.get(unread.span.clone()).expect("a key in the file");
                    assert!(!key.is_empty(), "{file:?} {unread:?}");
                }
                for face in &card.faces {
                    if let Some(text) = &face.text {
                        assert!(file.get(text.map.raw()).is_some());
                        check_every_char(file, text);
                        exact += usize::from(text.map.is_exact());
                    }
                }
            }
        }
    }
    let _ = sniff_format(file);
    exact
}

#[test]
fn random_input_never_panics() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..2000 {
        let len = rng.below(40);
        let file: String = (0..len).map(|_| rng.pick(PIECES)).collect();
        read_anything(&file);
    }
}

#[test]
fn mutated_files_never_panic() {
    for (format, seed) in SEEDS {
        let parsed = read(*format, seed, &ReadOptions::default());
        assert!(parsed.errors.is_empty(), "{format:?}: {:?}", parsed.errors);
        assert!(texts(&parsed.cards).iter().all(|t| t.map.is_exact()));
    }
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut exact = 0;
    for round in 0..10_000 {
        let (_, seed) = SEEDS[round % SEEDS.len()];
        let mut file = seed.to_owned();
        for _ in 0..1 + rng.below(3) {
            let mut at = rng.below(file.len() + 1);
            while !file.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + rng.below(4)).min(file.len());
            while !file.is_char_boundary(end) {
                end -= 1;
            }
            let piece = if rng.below(3) == 0 {
                ""
            } else {
                rng.pick(PIECES)
            };
            file.replace_range(at..end, piece);
        }
        exact += read_anything(&file);
    }
    // Most mutations leave most cards readable: their maps were checked too.
    assert!(exact > 20_000, "{exact}");
}

#[test]
fn formats_by_extension_and_content() {
    let f = |p: &str| format_from_extension(Path::new(p));
    assert_eq!(f("set.YML"), Some(Format::Yaml));
    assert_eq!(f("a/b.yaml"), Some(Format::Yaml));
    assert_eq!(f("x.json"), Some(Format::Json));
    assert_eq!(f("x.ndjson"), Some(Format::JsonLines));
    assert_eq!(f("x.jsonl"), Some(Format::JsonLines));
    assert_eq!(f("x.txt"), Some(Format::Text));
    assert_eq!(f("x.md"), None);
    assert_eq!(f("noext"), None);
    assert_eq!(sniff_format("  {\"data\": 1}"), Format::Json);
    assert_eq!(sniff_format("[\n{}]"), Format::Json);
    assert_eq!(sniff_format("{\"name\": \"x\"}\n"), Format::Json);
    assert_eq!(
        sniff_format("{\"a\": 1}\n\n{\"b\": 2}\n"),
        Format::JsonLines
    );
    assert_eq!(sniff_format("{\n\"a\": 1}\n"), Format::Json);
    assert_eq!(sniff_format("# set\nname: Bear\n"), Format::Yaml);
    assert_eq!(sniff_format("- name: Bear\n"), Format::Yaml);
    assert_eq!(sniff_format("---\n"), Format::Yaml);
    assert_eq!(
        sniff_format("Circle of Protection: Red {1}{W}\nEnchantment\n"),
        Format::Text
    );
    assert_eq!(sniff_format("Bear\nCreature\n"), Format::Text);
    assert_eq!(sniff_format(""), Format::Text);
}

// ---- the real corpus ----

fn corpus(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(name);
    path.exists().then_some(path)
}

/// Each JSON string's raw bytes decode (with serde_json) to the value, and a phrase maps to itself.
fn check_json_texts(file: &str, cards: &[Card]) {
    for text in texts(cards) {
        let raw = &file[text.map.raw()];
        let decoded: String = serde_json::from_str(raw).expect("a json string");
        assert_eq!(decoded, text.value);
        assert!(text.map.is_exact() || text.value.is_empty());
        if let Some(at) = text.value.find("until end of turn") {
            let range = text.map.to_file(at..at + 17).expect("exact");
            assert_eq!(&file[range], "until end of turn");
        }
    }
}

#[test]
fn mtgjson_set_files() {
    let Some(dir) = corpus("mtgjson") else {
        eprintln!("SKIPPED mtgjson_set_files: ../shared/corpus/mtgjson is absent");
        return;
    };
    // Counts of `data.cards`, checked with python3's json module.
    let expected = [
        ("DOM", 280, 274),
        ("ICE", 383, 379),
        ("LEA", 295, 280),
        ("M10", 249, 236),
        ("MIR", 351, 349),
        ("NEO", 553, 553),
    ];
    for (code, cards, with_text) in expected {
        let file = std::fs::read_to_string(dir.join(format!("{code}.json"))).expect("readable");
        assert_eq!(sniff_format(&file), Format::Json);
        let parsed = read(Format::Json, &file, &ReadOptions::default());
        assert!(parsed.errors.is_empty(), "{code}: {:?}", parsed.errors);
        assert_eq!(parsed.cards.len(), cards, "{code}");
        assert_eq!(texts(&parsed.cards).len(), with_text, "{code}");
        assert!(parsed.cards.iter().all(|c| c.set.as_deref() == Some(code)));
        check_json_texts(&file, &parsed.cards);
        let original = read(
            Format::Json,
            &file,
            &ReadOptions {
                original: true,
                ..ReadOptions::default()
            },
        );
        assert_eq!(original.cards.len(), cards);
        check_json_texts(&file, &original.cards);
    }
}

#[test]
fn oracle_corpus_jsonl() {
    let Some(path) = corpus("cards.jsonl") else {
        eprintln!("SKIPPED oracle_corpus_jsonl: ../shared/corpus/cards.jsonl is absent");
        return;
    };
    let file = std::fs::read_to_string(path).expect("readable");
    assert_eq!(sniff_format(&file), Format::JsonLines);
    let parsed = read(Format::JsonLines, &file, &ReadOptions::default());
    assert!(
        parsed.errors.is_empty(),
        "{:?}",
        &parsed.errors[..parsed.errors.len().min(5)]
    );
    let faces: usize = parsed.cards.iter().map(|c| c.faces.len()).sum();
    assert_eq!(faces, 35_396);
    let names: std::collections::BTreeSet<_> = parsed
        .cards
        .iter()
        .filter_map(|c| c.name.as_deref())
        .collect();
    assert_eq!(names.len(), 34_582);
    check_json_texts(&file, &parsed.cards);
}

/// A small xorshift generator: the tests are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Generated cards in every YAML scalar style (folds, blank lines, escapes, chomping, more-indented
/// lines, CRLF): every text map is exact and every character maps to itself, an escape or
/// whitespace.
#[test]
fn yaml_generated_scalars_map_exactly() {
    const WORDS: &[&str] = &[
        "at",
        "end",
        "of",
        "turn",
        "Flying",
        "—",
        "é",
        "it's",
        "{1}{R}",
        "+1/+1",
        "😀",
        "(x)",
        "draw,",
        "\"quoted\"",
        "a:b",
        "#tag",
        "x-y",
    ];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut checked = 0;
    for round in 0..400 {
        let mut file = String::from("cards:\n");
        for card in 0..4 {
            let words: Vec<&str> = (0..1 + rng.below(12)).map(|_| rng.pick(WORDS)).collect();
            file.push_str(&format!("  - name: Card {card}\n    text: "));
            let style = rng.below(5);
            // Where a line breaks: after word i when true.
            let breaks: Vec<bool> = (0..words.len()).map(|_| rng.below(3) == 0).collect();
            let blank = |rng: &mut Rng| if rng.below(4) == 0 { "\n" } else { "" };
            match style {
                0 => {
                    // Plain: starts with a letter, no `: ` or ` #` (the words have none).
                    file.push_str("Lead");
                    for (i, w) in words.iter().enumerate() {
                        // ` #` starts a comment after a plain scalar.
                        let w = if w.contains('#') { "tag" } else { w };
                        file.push(if breaks[i] { '\n' } else { ' ' });
                        if breaks[i] {
                            file.push_str(blank(&mut rng));
                            file.push_str("      ");
                        }
                        file.push_str(w);
                    }
                }
                1 => {
                    file.push('\'');
                    for (i, w) in words.iter().enumerate() {
                        file.push_str(&w.replace('\'', "''"));
                        if i + 1 < words.len() {
                            file.push(if breaks[i] { '\n' } else { ' ' });
                            if breaks[i] {
                                file.push_str(blank(&mut rng));
                                file.push_str("      ");
                            }
                        }
                    }
                    file.push('\'');
                }
                2 => {
                    file.push('"');
                    for (i, w) in words.iter().enumerate() {
                        let w = w.replace('\\', "\\\\").replace('"', "\\\"");
                        let w = match rng.below(4) {
                            0 => w.replace('—', "\\u2014").replace('é', "\\xe9"),
                            1 => w.replace("😀", "\\U0001F600"),
                            _ => w,
                        };
                        file.push_str(&w);
                        if i + 1 < words.len() {
                            match (breaks[i], rng.below(3)) {
                                (false, 0) => file.push_str("\\n"),
                                (false, _) => file.push(' '),
                                (true, 0) => file.push_str(" \\\n      "),
                                (true, _) => {
                                    file.push('\n');
                                    file.push_str(blank(&mut rng));
                                    file.push_str("      ");
                                }
                            }
                        }
                    }
                    file.push('"');
                }
                _ => {
                    let header = if style == 3 { "|" } else { ">" };
                    let chomp = rng.pick(&["", "-", "+"]);
                    let explicit = rng.below(3) == 0;
                    file.push_str(header);
                    if explicit {
                        file.push('2');
                    }
                    file.push_str(chomp);
                    file.push('\n');
                    file.push_str(blank(&mut rng));
                    let mut line_start = true;
                    for (i, w) in words.iter().enumerate() {
                        if line_start {
                            file.push_str("      ");
                            // More-indented lines; the first line only with an explicit indicator.
                            if (i > 0 || explicit) && rng.below(4) == 0 {
                                file.push_str("  ");
                            }
                        }
                        file.push_str(w);
                        line_start = breaks[i] || i + 1 == words.len();
                        if line_start {
                            file.push('\n');
                            if i + 1 < words.len() {
                                file.push_str(blank(&mut rng));
                            }
                        } else {
                            file.push(' ');
                        }
                    }
                    file.push_str(blank(&mut rng));
                }
            }
            if !file.ends_with('\n') {
                file.push('\n');
            }
        }
        let file = if round % 3 == 0 {
            file.replace('\n', "\r\n")
        } else {
            file
        };
        let parsed = read(Format::Yaml, &file, &ReadOptions::default());
        assert!(parsed.errors.is_empty(), "{file}\n{:?}", parsed.errors);
        assert_eq!(parsed.cards.len(), 4, "{file}");
        for text in texts(&parsed.cards) {
            assert!(
                text.map.is_exact() || text.value.is_empty(),
                "inexact:\n{file}\n{text:?}"
            );
            check_every_char(&file, text);
            checked += 1;
        }
    }
    assert!(checked > 1000);
}

/// Issue 18 §11: the parser's limits bound what aliases expand to, not a real file's size: 30,000
/// cards of nine fields (540,000 nodes), 1,025 one-card documents and a merge key on each of
/// 12,000 cards are read whole.
#[test]
fn a_large_legitimate_yaml_file_is_read() {
    let card = |i: usize| {
        format!(
            "- name: Card {i}\n  mana_cost: \"{{1}}{{R}}\"\n  type: Instant\n  text: Tap it until end of turn.\n  \
             power: \"1\"\n  toughness: \"1\"\n  rarity: common\n  artist: A\n  number: \"{i}\"\n"
        )
    };
    let yaml: String = (0..30_000).map(card).collect();
    let parsed = read(Format::Yaml, &yaml, &ReadOptions::default());
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors.first());
    assert_eq!(parsed.cards.len(), 30_000);

    let documents: String = (0..1_025).map(|i| format!("---\n{}", card(i))).collect();
    let parsed = read(Format::Yaml, &documents, &ReadOptions::default());
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors.first());
    assert_eq!(parsed.cards.len(), 1_025);

    let mut merged = String::from(
        "defaults: &defaults\n  type: Instant\n  rarity: common\n  artist: A\ncards:\n",
    );
    for i in 0..12_000 {
        merged.push_str(&format!(
            "  - <<: *defaults\n    name: Card {i}\n    text: Tap it.\n"
        ));
    }
    let parsed = read(Format::Yaml, &merged, &ReadOptions::default());
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors.first());
    assert_eq!(parsed.cards.len(), 12_000);
}

/// An alias bomb stops at the bound on what aliases expand to, said in words.
#[test]
fn an_alias_bomb_is_refused_in_words() {
    let bomb = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bad/alias-bomb.yaml"
    ))
    .expect("the fixture");
    let parsed = read(Format::Yaml, &bomb, &ReadOptions::default());
    assert_eq!(
        parsed
            .errors
            .iter()
            .map(|e| e.message.as_str())
            .collect::<Vec<_>>(),
        [
            "yaml exceeds a parser limit: its aliases expand to more than 300,000 nodes (an alias bomb?)"
        ]
    );
}
