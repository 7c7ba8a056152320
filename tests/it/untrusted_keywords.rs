//! The keyword reader on lines a stranger wrote (issue 18 §4-6): it reads a line in a few passes
//! whatever the line holds, within the line's work budget (`WORK_PER_BYTE`), and keeps no more
//! phrases than the finder keeps. Its work is counted (`Work::spent`), not timed.

use phaselint::phrase::ast::Phrase;
use phaselint::phrase::keywords;
use phaselint::phrase::{MAX_PHRASES, WORK_PER_BYTE, Work, find};

/// The keyword phrases of `line` with all it may keep, and the bytes the reader read.
fn read(line: &str, enough: usize) -> (Result<Vec<Phrase>, String>, usize) {
    let mut work = Work::for_line(line.len(), enough);
    let phrases = keywords::find(line, 0, 0, &mut work);
    (phrases, work.spent())
}

/// `line` is read whole, in at most `WORK_PER_BYTE` passes (with no allowance for a short line).
fn assert_linear(line: &str) -> Vec<Phrase> {
    let (phrases, spent) = read(line, MAX_PHRASES + 1);
    let phrases = phrases.unwrap_or_else(|error| panic!("not read: {error}"));
    assert!(
        spent <= WORK_PER_BYTE * line.len(),
        "{spent} bytes read for a line of {}",
        line.len()
    );
    phrases
}

#[test]
fn an_opening_quote_after_each_grant_is_read_once() {
    // Each "has “" looked for its closing quote to the end of the line: 200 KB took 2 s.
    let line = "has “".repeat(30_000);
    assert_eq!(assert_linear(&line), []);
    let found = find(&line);
    assert!(found.errors.is_empty() && found.phrases.is_empty());
    // Quoted keyword lines, each opening inside the last: a quote that opens ends the one before
    // it, so no byte is read for more than one of them.
    let nested = format!("{}”", "gains “Echo—{1} and ".repeat(10_000));
    assert_eq!(assert_linear(&nested).len(), 1);
    let straight = "has \"flash, echo—".repeat(10_000);
    assert_linear(&straight);
}

#[test]
fn a_quoted_keyword_line_is_still_read() {
    let line = "Enchanted creature has “Cumulative upkeep {1}.” (At ...)";
    let phrases = assert_linear(line);
    assert_eq!(phrases.len(), 1);
    assert_eq!(phrases[0].span.of(line), "Cumulative upkeep {1}");
    assert!(phrases[0].place.in_quotes);
    // A quote opening before the keyword line closes: not a keyword line in quotes.
    assert_eq!(assert_linear("It has “Echo {1} “x” ”."), []);
}

#[test]
fn keyword_actions_look_back_a_few_words_only() {
    // Each goad lower-cased a copy of the whole line before it: 1.28 MB took 9 s.
    let line = "goad ".repeat(50_000);
    let phrases = assert_linear(&line);
    assert_eq!(phrases.len(), MAX_PHRASES + 1);
    // "Whenever you exert" names the trigger's event, however many blanks stand between.
    let gap = format!(
        "Whenever you{}exert a creature, goad it.",
        " \t".repeat(50_000)
    );
    let phrases = assert_linear(&gap);
    let words: Vec<&str> = phrases.iter().map(|phrase| phrase.span.of(&gap)).collect();
    assert_eq!(words, ["goad", "goad"]);
    let exerts = "When you exert ".repeat(20_000);
    assert_eq!(assert_linear(&exerts), []);
}

/// The first `enough` of `phrases` by start, ties in the reader's order: what the finder keeps of
/// them.
fn first(mut phrases: Vec<Phrase>, enough: usize) -> Vec<Phrase> {
    phrases.sort_by_key(|phrase| phrase.span.start);
    phrases.truncate(enough);
    phrases
}

#[test]
fn the_reader_keeps_no_more_phrases_than_the_finder() {
    for line in [
        "goad ".repeat(3_000),
        "Flash, ".repeat(3_000),
        format!("It gains {}", "haste and ".repeat(3_000)),
        // A keyword line with a grant in it: its items and the grant's list start alike.
        format!(
            "Protection from has flash, {}haste",
            "exalted, bushido 2, ".repeat(500)
        ),
        // A keyword line in quotes, read at its grant, and actions and grants inside it, read
        // after it: found out of text order.
        format!(
            "Creatures you control have “{}echo {{1}}.”",
            "Protection from goad has haste, ".repeat(700)
        ),
    ] {
        let (all, _) = read(&line, usize::MAX);
        let all = all.expect("read");
        assert!(all.len() > 2 * MAX_PHRASES, "{} phrases", all.len());
        for enough in [0, 1, 7, MAX_PHRASES + 1] {
            let (kept, _) = read(&line, enough);
            let kept = kept.expect("read");
            assert!(kept.len() <= enough, "{} kept of {enough}", kept.len());
            assert_eq!(first(kept, enough), first(all.clone(), enough));
        }
    }
}

#[test]
fn the_finder_stops_at_the_phrase_cap_on_keywords_too() {
    // Two findings a goad: the first 500 are kept, and the text is unreadable from the 501st.
    let line = "goad ".repeat(3_000);
    let found = find(&line);
    assert_eq!(found.phrases.len(), MAX_PHRASES);
    assert_eq!(found.errors.len(), 1);
    assert_eq!(found.errors[0].span.start, 500 * "goad ".len());
    assert!(
        found.errors[0]
            .message
            .contains("more than 1000 timing phrases")
    );
    let line = format!("It gains {}", "haste and ".repeat(3_000));
    let found = find(&line);
    assert_eq!(found.phrases.len(), MAX_PHRASES);
    assert_eq!(
        found.errors[0].span.start,
        "It gains ".len() + MAX_PHRASES * "haste and ".len()
    );
}

#[test]
fn the_keyword_reader_spends_what_the_walk_left() {
    // A line the walk has all but used up: the keywords are not read past the budget.
    let line = "Flying, haste. It gains flash and goad target creature.";
    let mut work = Work::for_line(line.len(), MAX_PHRASES);
    let budget = WORK_PER_BYTE * line.len() + phaselint::phrase::MIN_WORK;
    work.spend(budget - 10, "a clause runs on too long")
        .expect("within the budget");
    let error = keywords::find(line, 0, 0, &mut work).expect_err("given up");
    assert!(
        error.contains(&format!("{WORK_PER_BYTE} passes")),
        "{error}"
    );
    let (phrases, _) = read(line, MAX_PHRASES);
    assert_eq!(phrases.expect("read").len(), 3);
}

#[test]
fn the_subject_of_each_grant_is_read_in_the_one_pass() {
    // Each grant verb's holder comes from the words before it, read once as the pass meets them:
    // a clause of many verbs or one endless subject reads no word twice for it.
    let named = "If it doesn't have suspend, ".repeat(20_000);
    assert_eq!(assert_linear(&named), []);
    let verbs = format!(
        "Enchanted creature{}",
        " gets +1/+1 and has phasing".repeat(20_000)
    );
    assert_eq!(assert_linear(&verbs).len(), MAX_PHRASES + 1);
    let subject = format!("{} has phasing.", "and/or other creatures, ".repeat(20_000));
    assert_eq!(assert_linear(&subject).len(), 1);
    let word = format!("{} has phasing.", "x".repeat(500_000));
    assert_eq!(assert_linear(&word).len(), 1);
}
