//! The walk against the whole-line parse. `find` walks each line in Rust and calls pest only
//! where the template table says a template can start; `find_by_whole_lines` parses each line
//! whole with `ability_line`. They must find the same phrases, with the same spans, places,
//! forms and marks, over the fixtures, the phrase table, random text and the real card pool. A
//! template the table does not list, or lists with a wrong start or need, shows up here as a
//! phrase one finds and the other does not. The walk's keyword reader and tripwire are told what
//! one shared scan of the line found (its verbs, its timing words' first words); the whole-line
//! finder's read every line on their own, so a word the scan misses shows up here too.

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/random_text.rs"]
mod random_text;

use phaselint::phrase::{
    CardName, MAX_NESTING, MAX_PHRASES, WORK_PER_BYTE, find, find_by_whole_lines,
    find_by_whole_lines_named, find_named,
};
use std::path::{Path, PathBuf};

/// Asserts that both finders read `text` alike; `origin` names it in the failure.
fn assert_same(text: &str, origin: &str) {
    let walked = find(text);
    let whole = find_by_whole_lines(text);
    if walked != whole {
        let first_difference = walked
            .phrases
            .iter()
            .zip(&whole.phrases)
            .find(|(a, b)| a != b)
            .map(|(a, b)| format!("walk: {a:?}\nwhole line: {b:?}"));
        panic!(
            "{origin}: the walk and the whole-line parse differ on {text:?}\n\
             phrases: {} against {}; errors: {:?} against {:?}\n{}",
            walked.phrases.len(),
            whole.phrases.len(),
            walked.errors,
            whole.errors,
            first_difference.unwrap_or_default()
        );
    }
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("the directory is readable")
        .map(|entry| entry.expect("the entry is readable").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn the_walk_reads_every_fixture_as_a_whole_line_parse_does() {
    let mut files = Vec::new();
    files_under(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
        &mut files,
    );
    let mut read = 0;
    for path in &files {
        // Every fixture's raw text, keys and all: more lines than the card texts alone.
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        assert_same(&text, &path.display().to_string());
        read += 1;
    }
    assert!(read >= 10, "the fixtures were read ({read} files)");
}

#[test]
fn the_walk_reads_every_row_of_the_phrase_tables_as_a_whole_line_parse_does() {
    for table in [
        include_str!("data/phrases.table"),
        include_str!("data/contract.table"),
    ] {
        let mut rows = 0;
        for line in table.lines() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let text = line.split(" => ").next().unwrap_or(line);
            assert_same(text, "a phrase table row");
            rows += 1;
        }
        assert!(rows > 20, "the table was read ({rows} rows)");
    }
}

#[test]
fn the_walk_reads_random_text_as_a_whole_line_parse_does() {
    for text in random_text::random_texts(5_000) {
        assert_same(&text, "a random text");
    }
}

/// The walk answers a template call on a short rest of a line from a memo when it has met the call
/// before (`phrase::memo`): the same rest (one with an old wording marked in it), read again at another ability, offset, place (in quotes,
/// in reminder text, either left open) and start of content, is read there as the whole-line parse
/// reads it.
#[test]
fn a_call_met_before_is_read_at_its_new_place() {
    let rests = [
        "Whenever it attacks, scry 1.",
        "At the beginning of your upkeep, scry 1.",
        "until end of turn.",
        "this turn, scry 1.",
        "until the end of turn.",
    ];
    let openings = [
        "",
        "Flying. ",
        "Flying and ",
        "Equipped creature has \"",
        "Flying (",
        "Creatures you control have \"Flying. ",
        "Echo {2}{R} (Haste. ",
    ];
    let lines: Vec<String> = rests
        .iter()
        .flat_map(|rest| {
            openings
                .iter()
                .map(move |opening| format!("{opening}{rest}"))
        })
        .collect();
    let text = lines.join("\n");
    for read in [text.clone(), format!("Haste\n{text}"), lines.concat()] {
        for _ in 0..2 {
            assert_same(&read, "the same calls at other places");
        }
    }
    assert!(
        find(&text).phrases.len() >= lines.len(),
        "{:?}",
        find(&text)
    );
}

#[test]
fn deep_nesting_is_an_unreadable_line_not_a_crash() {
    let deep = "(\"".repeat(20_000);
    let found = find(&deep);
    assert_eq!(found.errors.len(), 1, "{:?}", found.errors);
    assert_eq!(found.errors[0].span.end, deep.len());
    // Reminder text holds quoted abilities, which hold reminder text: `("` nests two deep.
    // Just past the bound: reported, with the bound in the message.
    let past = format!("{}until end of turn", "(\"".repeat(MAX_NESTING / 2 + 1));
    let found = find(&past);
    assert_eq!(found.errors.len(), 1);
    assert!(found.errors[0].message.contains(&MAX_NESTING.to_string()));
    // At the bound: read as the whole-line parse reads it.
    let at_bound = format!("{}until end of turn", "(\"".repeat(MAX_NESTING / 2));
    assert_same(&at_bound, "nesting at the bound");
    assert_eq!(find(&at_bound).phrases.len(), 1);
}

#[test]
fn a_line_of_one_endless_clause_is_unreadable_as_in_a_whole_line_parse() {
    // Each "may" could open an effect lasting "this turn" at the clause's end: called at every
    // word, the template would read the clause to its end each time. The walk gives the line up
    // once its calls would read it more than WORK_PER_BYTE times; the whole-line parse gives it
    // up at pest's call limit.
    let hostile = format!("Hostile\n{}until this turn", "may x and ".repeat(2_000));
    let (walked, whole) = (find(&hostile), find_by_whole_lines(&hostile));
    assert!(walked.phrases.is_empty() && whole.phrases.is_empty());
    assert_eq!(walked.errors.len(), 1);
    assert_eq!(whole.errors.len(), 1);
    assert_eq!(walked.errors[0].span, whole.errors[0].span);
    assert!(
        walked.errors[0]
            .message
            .contains(&format!("{WORK_PER_BYTE} passes")),
        "{}",
        walked.errors[0].message
    );
    // Many short clauses on one line are read alike, whatever its length, up to MAX_PHRASES.
    let many = "Target creature gets +1/+1 until end of turn. ".repeat(MAX_PHRASES);
    assert_same(&many, "many short clauses");
    assert_eq!(find(&many).phrases.len(), MAX_PHRASES);
    let more = "Target creature gets +1/+1 until end of turn. ".repeat(2 * MAX_PHRASES);
    assert_same(&more, "more short clauses than a text is read for");
    assert_eq!(find(&more).phrases.len(), MAX_PHRASES);
}

#[test]
fn a_clause_guard_changes_what_a_line_costs_only_by_the_calls_it_saves() {
    // "it's x" over and over with no unit name in the clause: `unit_test`'s guard turns every call
    // away, so none is charged and the line is read (before the guard, each call was charged to the
    // period, and the line was given up at 150 of them).
    let no_unit = format!("{}now.", "it's x ".repeat(150));
    assert!(
        find(&no_unit).errors.is_empty(),
        "{:?}",
        find(&no_unit).errors
    );
    // "choose x, " over and over before a unit name: `unit_mention`'s guard looks past the commas
    // and lets each call through; each is charged to the next comma, as before the guard, and the
    // line is read as it was.
    let list = format!("{}upkeep.", "choose x, ".repeat(150));
    assert!(find(&list).errors.is_empty(), "{:?}", find(&list).errors);
}

#[test]
fn a_template_known_to_miss_is_charged_as_its_call_was() {
    // `combat_trigger` is an opening and a phrase; where it missed as the line's opening (its
    // subject is more than 16 words), the walk does not parse it again as a phrase at the same
    // place, but charges it to the line's work as the call was: these lines are given up where,
    // and for what, they were given up before (a review found them read, or given up for
    // another reason, when the skipped call was not charged).
    let head = format!(
        "Whenever {}creature attacks, draw a card. ",
        "whenever ".repeat(150)
    );
    let reminder = format!(
        "(Whenever creature {}attacks, draw a card.) ",
        "x ".repeat(40)
    );
    let cases = [
        (
            format!("{head}{}{}", reminder.repeat(4), "z".repeat(1400)),
            "its keywords run on too long",
        ),
        (
            format!("{head}{}", "z".repeat(1038)),
            "a clause runs on too long",
        ),
    ];
    for (line, cause) in cases {
        let errors = find(&line).errors;
        assert!(
            errors.len() == 1 && errors[0].message.ends_with(cause),
            "{cause}: {errors:?}"
        );
    }
}

/// Holds the walk against the whole-line parse over every text of a JSON Lines file of the
/// corpus, taken by `texts` from each row; there must be more than `at_least` of them.
fn walks_alike_over(
    name: &str,
    at_least: usize,
    texts: impl Fn(&serde_json::Value) -> Vec<String>,
) {
    let Some(path) = corpus::corpus_file(name) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI runs with ../shared/corpus beside the repository"
        );
        corpus::tell(&format!(
            "SKIPPED the walk over {name}: ../shared/corpus/{name} is absent"
        ));
        return;
    };
    let data = std::fs::read_to_string(path).expect("the corpus file is readable");
    let texts: Vec<String> = data
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect("a JSON row"))
        .flat_map(|row| texts(&row))
        .collect();
    assert!(texts.len() > at_least, "{name}: {} texts", texts.len());
    for text in &texts {
        assert_same(text, name);
    }
}

#[test]
fn the_walk_reads_the_oracle_pool_as_a_whole_line_parse_does() {
    walks_alike_over("cards.jsonl", 35_000, |row| {
        ["oracle_text", "original_text"]
            .iter()
            .filter_map(|field| row[field].as_str().map(String::from))
            .collect()
    });
}

#[test]
fn the_walk_reads_every_printed_wording_as_a_whole_line_parse_does() {
    walks_alike_over("printed_texts.jsonl", 29_000, |row| {
        row["printed"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|printed| printed["original_text"].as_str().map(String::from))
            .collect()
    });
}

/// The card's name and Unicode spaces are read through the line's reading copy by both finders,
/// with the same spans back in the text.
#[test]
fn the_walk_reads_names_and_unicode_spaces_as_a_whole_line_parse_does() {
    let name = CardName::new("Azun, Sheriff of Daisite");
    for text in [
        "Exile target creature until Azun, Sheriff of Daisite leaves the battlefield.",
        "When Azun, Sheriff of Daisite enters and at the beginning of your upkeep, draw.",
        "Metalcraft —\u{a0}At the beginning of your upkeep, Azun deals 1 damage.",
        "Tap it until end\u{a0}of\u{2009}turn. (Azun’s\u{202f}reminder until Azun leaves.)",
    ] {
        let walked = find_named(text, &name);
        assert_eq!(walked, find_by_whole_lines_named(text, &name), "{text:?}");
        assert!(!walked.phrases.is_empty(), "{text:?}");
        for phrase in &walked.phrases {
            assert!(
                text.get(phrase.span.start..phrase.span.end).is_some(),
                "{text:?}"
            );
        }
    }
}
