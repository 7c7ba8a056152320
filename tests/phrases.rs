//! The grammar and resolver beyond the contract table: spellings, owners, occurrences and kinds
//! (tests/data/phrases.table), and where a phrase stands in a card text.

use phaselint::model::Kind;
use phaselint::phrase::find;
use phaselint::resolve::{CardContext, explain_text};

#[test]
fn every_phrase_in_the_table_resolves_as_written() {
    let table = include_str!("data/phrases.table");
    let mut failures = Vec::new();
    let mut rows = 0;
    for (index, line) in table.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        rows += 1;
        let (text, expected) = line.split_once(" => ").expect("text => kind: timing");
        let (kind, canonical) = expected.split_once(':').expect("kind: timing");
        let (findings, errors) = explain_text(text, CardContext::default());
        assert!(errors.is_empty(), "line {}: {errors:?}", index + 1);
        let got: Vec<String> = findings
            .iter()
            .map(|f| format!("{}: {}", f.kind, f.canonical))
            .collect();
        let want = format!("{}: {}", kind.trim(), canonical.trim());
        if got != [want.trim_end().to_string()] && got != [want.clone()] {
            failures.push(format!(
                "line {}: {text:?}\n  want {want:?}\n  got  {got:?}",
                index + 1
            ));
        }
    }
    assert!(rows > 60, "the table was read");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

fn kinds(text: &str, context: CardContext) -> Vec<(String, Kind)> {
    let (findings, _) = explain_text(text, context);
    findings.into_iter().map(|f| (f.phrase, f.kind)).collect()
}

#[test]
fn a_printed_trigger_opens_its_ability_after_an_ability_word() {
    let text =
        "Flying\nRaid — At the beginning of your end step, if you attacked this turn, draw a card.";
    let got = kinds(text, CardContext::default());
    assert_eq!(
        got[0],
        ("At the beginning of your end step".into(), Kind::Trigger)
    );
    assert_eq!(got[1], ("attacked this turn".into(), Kind::Reference));
}

#[test]
fn an_effect_at_a_sentence_start_is_a_delayed_trigger() {
    let text = "Exile target creature. At the beginning of your upkeep, return it.";
    let got = kinds(text, CardContext::default());
    assert_eq!(got[0].1, Kind::DelayedTrigger);
}

#[test]
fn an_instant_or_sorcery_has_no_printed_triggers() {
    let text = "At the beginning of your upkeep, draw a card.";
    let spell = CardContext {
        is_instant_or_sorcery: true,
    };
    assert_eq!(kinds(text, spell)[0].1, Kind::DelayedTrigger);
    assert_eq!(kinds(text, CardContext::default())[0].1, Kind::Trigger);
}

#[test]
fn granted_abilities_and_reminder_text_open_their_own_triggers() {
    let text = "Creatures you control have \"At the beginning of your upkeep, you gain 1 life.\"\nVanishing 3 (This enters with three time counters. At the beginning of your upkeep, remove a time counter from it.)";
    let found = find(text);
    let triggers: Vec<_> = found
        .phrases
        .iter()
        .filter(|p| p.place.opens_ability)
        .collect();
    assert_eq!(triggers.len(), 2);
    assert!(triggers[0].place.in_quotes && !triggers[0].place.in_reminder);
    assert!(triggers[1].place.in_reminder && triggers[1].place.ability == 1);
    let got = kinds(text, CardContext::default());
    assert!(
        got.iter().all(|(_, kind)| *kind == Kind::Trigger),
        "{got:?}"
    );
}

#[test]
fn modal_bullets_are_effects() {
    let text = "Choose one —\n• Target creature can't block this turn.\n• Return target creature at the beginning of the next end step.";
    let got = kinds(text, CardContext::default());
    assert_eq!(
        got,
        vec![
            ("can't block this turn".into(), Kind::Duration),
            (
                "at the beginning of the next end step".into(),
                Kind::DelayedTrigger
            ),
        ]
    );
}

#[test]
fn spans_are_bytes_of_the_whole_text_across_lines() {
    let text = "Flying\r\nGains haste until end of turn.\nSkip your draw step.";
    let found = find(text);
    let phrases: Vec<&str> = found.phrases.iter().map(|p| p.span.of(text)).collect();
    assert_eq!(phrases, vec!["until end of turn", "Skip your draw step"]);
}

#[test]
fn odd_input_is_read_without_a_panic() {
    for text in [
        "",
        "\n\n\n",
        "(((((",
        "\"\"\"",
        "until",
        "at the beginning of",
        "Whenever",
        "— — —",
        "\u{2019}\u{2014}\u{201c}",
        "until until until until until",
    ] {
        let found = find(text);
        assert!(found.errors.is_empty(), "{text:?}: {:?}", found.errors);
    }
    let long = "until end of turn, ".repeat(20_000);
    assert_eq!(find(&long).phrases.len(), 20_000);
}
