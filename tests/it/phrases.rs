//! The grammar and resolver beyond the contract table: spellings, owners, occurrences and kinds
//! (tests/data/phrases.table), and where a phrase stands in a card text.

use crate::random_text;
use crate::table;

use phaselint::model::Kind;
use phaselint::phrase::{MAX_PHRASES, find};
use phaselint::resolve::find_and_resolve;

#[test]
fn every_phrase_in_the_table_resolves_as_written() {
    let rows = table::rows(include_str!("../data/phrases.table"));
    let mut failures = Vec::new();
    for row in &rows {
        let text = row.text;
        let want: Vec<String> = row
            .cells
            .iter()
            .map(|cell| {
                let (kind, canonical) = cell.split_once(':').expect("kind: timing");
                format!("{}: {}", kind.trim(), canonical.trim())
            })
            .collect();
        let (findings, errors) = find_and_resolve(text);
        assert!(errors.is_empty(), "line {}: {errors:?}", row.line);
        let got: Vec<String> = findings
            .iter()
            .map(|f| format!("{}: {}", f.kind, f.canonical()))
            .collect();
        let meaningless = findings
            .iter()
            .filter(|f| f.kind == Kind::Unknown)
            .all(|f| f.timing.is_empty() && f.rules.is_empty() && f.caveats.is_empty());
        if !meaningless {
            failures.push(format!(
                "line {}: an unknown phrase was given a meaning",
                row.line
            ));
        }
        if got != want {
            failures.push(format!(
                "line {}: {text:?}\n  want {want:?}\n  got  {got:?}",
                row.line
            ));
        }
    }
    assert!(rows.len() > 60, "the table was read");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

fn kinds(text: &str) -> Vec<(String, Kind)> {
    let (findings, _) = find_and_resolve(text);
    findings.into_iter().map(|f| (f.phrase, f.kind)).collect()
}

/// Where a phrase stands decides its kind: the phrases a card text gives, in order.
#[test]
fn the_place_of_a_phrase_decides_its_kind() {
    use Kind::*;
    let cases: &[(&str, &[(&str, Kind)])] = &[
        // A printed trigger opens its ability, after an ability word.
        (
            "Flying\nRaid — At the beginning of your end step, if you attacked this turn, draw a card.",
            &[
                ("At the beginning of your end step", Trigger),
                ("attacked this turn", Reference),
            ],
        ),
        // An "at" after a sentence of effect is created by that effect (603.7).
        (
            "Exile target creature. At the beginning of your upkeep, return it.",
            &[("At the beginning of your upkeep", DelayedTrigger)],
        ),
        // The second trigger event of an ability is printed too.
        (
            "When this creature enters and at the beginning of your upkeep, scry 1.",
            &[("at the beginning of your upkeep", Trigger)],
        ),
        // Reminder text spells out a keyword's own trigger (719.3a).
        (
            "Case of the Marsh (If unsolved, solve at the beginning of your end step.)",
            &[("at the beginning of your end step", Trigger)],
        ),
        // A trigger before a dash is not an ability word.
        (
            "Whenever you attack, choose one —\n• Draw a card.",
            &[("Whenever you attack", CombatTrigger)],
        ),
        // Modal bullets are effects.
        (
            "Choose one —\n• Target creature can't block this turn.\n• Return target creature at the beginning of the next end step.",
            &[
                ("can't block this turn", Duration),
                ("at the beginning of the next end step", DelayedTrigger),
            ],
        ),
        // A phrase that is not understood ends where the next timing phrase begins.
        (
            "Skip that draw and you draw a card at the beginning of the next end step.",
            &[
                ("Skip that draw", NotTiming),
                ("at the beginning of the next end step", DelayedTrigger),
            ],
        ),
        // Named in quotes, a duration is mentioned, not used.
        (
            "Damage wears off, and \"this turn\" and \"until end of turn\" effects end.",
            &[
                ("\"this turn\"", NotTiming),
                ("\"until end of turn\"", NotTiming),
            ],
        ),
        // "This turn, ..." opens an activated ability's effect.
        (
            "{G}{U}: This turn, creatures can't block.",
            &[("This turn", Duration)],
        ),
    ];
    for (text, expected) in cases {
        let expected: Vec<(String, Kind)> =
            expected.iter().map(|(p, k)| (p.to_string(), *k)).collect();
        assert_eq!(kinds(text), expected, "{text:?}");
    }
}

#[test]
fn a_trigger_with_a_stated_duration_is_delayed() {
    let (findings, _) =
        find_and_resolve("At the beginning of combat this turn, untap target creature.");
    assert_eq!(findings.len(), 1, "{findings:#?}");
    assert_eq!(findings[0].kind, Kind::DelayedTrigger);
    assert_eq!(
        findings[0].canonical(),
        "triggers begin(beginning-of-combat, each, any)"
    );
    assert!(
        findings[0]
            .caveats
            .iter()
            .any(|c| c.code == "only-this-turn")
    );
}

/// "When you next attack this turn" (All-Out Assault) waits for one event: it fires once, the
/// next time you attack, and "this turn" only bounds how long it waits (603.7b).
#[test]
fn a_trigger_on_your_next_attack_fires_once() {
    let (findings, _) =
        find_and_resolve("When you next attack this turn, untap each creature you control.");
    assert_eq!(findings.len(), 1, "{findings:#?}");
    let codes: Vec<&str> = findings[0].caveats.iter().map(|c| c.code).collect();
    assert_eq!(findings[0].kind, Kind::DelayedTrigger);
    assert_eq!(codes, ["triggers-once"], "{findings:#?}");
    assert!(findings[0].rules.contains(&"603.7b"));
}

/// "you get" an additional step adds nothing on another player's turn (500.10a): Obeka's upkeep
/// steps say so; "there is" and "that player gets" are no "you get".
#[test]
fn steps_you_get_are_added_only_to_your_turn() {
    let cases = [
        (
            "Whenever Obeka deals combat damage to a player, you get that many additional upkeep steps after this phase.",
            true,
        ),
        (
            "At the beginning of your untap step, you get an additional upkeep step after this step.",
            true,
        ),
        (
            "At the beginning of enchanted player's upkeep, that player gets an additional upkeep step after this step.",
            false,
        ),
        (
            "After this phase, there is an additional upkeep step.",
            false,
        ),
    ];
    for (text, you_get) in cases {
        let (findings, _) = find_and_resolve(text);
        let added = findings
            .iter()
            .find(|f| f.kind == Kind::TurnChange)
            .unwrap_or_else(|| panic!("{text:?}: no turn change in {findings:#?}"));
        let caveat = added
            .caveats
            .iter()
            .any(|c| c.code == "not-on-another-players-turn" && c.rule == "500.10a");
        assert_eq!(caveat, you_get, "{text:?}: {added:#?}");
        assert_eq!(
            added.rules.contains(&"500.10a"),
            you_get,
            "{text:?}: {added:#?}"
        );
    }
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
    let got = kinds(text);
    assert!(
        got.iter().all(|(_, kind)| *kind == Kind::Trigger),
        "{got:?}"
    );
}

#[test]
fn spans_are_bytes_of_the_whole_text_across_lines() {
    let text = "Flying\r\nGains haste until end of turn.\nSkip your draw step.";
    let found = find(text);
    let phrases: Vec<&str> = found.phrases.iter().map(|p| p.span.of(text)).collect();
    assert_eq!(
        phrases,
        vec!["haste", "until end of turn", "Skip your draw step"]
    );
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
    // A text of more phrases than any card is read up to MAX_PHRASES, and says where it stops.
    let long = "until end of turn, ".repeat(20_000);
    let found = find(&long);
    assert_eq!(found.phrases.len(), MAX_PHRASES);
    assert_eq!(found.errors.len(), 1);
    assert_eq!(
        found.errors[0].span.start,
        MAX_PHRASES * "until end of turn, ".len()
    );
    // Many triggers in one clause stay linear: the line is read, not given up at the call limit.
    let whenevers = "Whenever a ".repeat(10_000);
    assert!(find(&whenevers).errors.is_empty());
}

/// Random texts built from timing words, punctuation, quotes and multi-byte characters: the
/// finder never panics, and every span lies inside the text, on character boundaries, in order
/// and without overlap.
#[test]
fn spans_are_sound_on_random_text() {
    for text in random_text::random_texts(3_000) {
        let found = find(&text);
        let mut end = 0;
        for phrase in &found.phrases {
            let span = phrase.span;
            assert!(
                span.start >= end && span.start <= span.end && span.end <= text.len(),
                "{text:?}: {span:?}"
            );
            assert!(
                text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
                "{text:?}: {span:?}"
            );
            end = span.end;
        }
        let (findings, _) = find_and_resolve(&text);
        assert_eq!(findings.len(), found.phrases.len());
    }
}

#[test]
fn old_and_nonstandard_wordings_are_noted_with_their_rule() {
    let cases = [
        (
            "Play this ability only during your upkeep.",
            "obsolete-wording",
            "602.5d",
        ),
        ("Play only as a sorcery.", "obsolete-wording", "602.5d"),
        (
            "Activate only any time you could play a sorcery.",
            "obsolete-wording",
            "307.5",
        ),
        (
            "Activate only any time you could cast a sorcery.",
            "obsolete-wording",
            "307.5",
        ),
        (
            "Activate this ability only as a sorcery.",
            "nonstandard-wording",
            "602.5b",
        ),
        (
            "Activate only once per turn.",
            "nonstandard-wording",
            "602.5b",
        ),
        (
            "Target creature gets +1/+1 until the end of turn.",
            "nonstandard-wording",
            "500.5b",
        ),
        (
            "At your upkeep, you lose 1 life.",
            "nonstandard-wording",
            "603.1",
        ),
        (
            "During your draw step, you lose 1 life.",
            "nonstandard-wording",
            "603.1",
        ),
        (
            "Activate only during your upkeep phase.",
            "obsolete-wording",
            "501.1",
        ),
        (
            "At the beginning of your draw phase, scry 1.",
            "obsolete-wording",
            "501.1",
        ),
        ("Skip your untap phase.", "obsolete-wording", "501.1"),
        (
            "Exile it at the beginning of the end of turn step.",
            "obsolete-wording",
            "512.1",
        ),
    ];
    for (text, code, rule) in cases {
        let (findings, _) = find_and_resolve(text);
        assert!(
            findings[0]
                .caveats
                .iter()
                .any(|c| c.code == code && c.rule == rule),
            "{text:?}: {findings:#?}"
        );
    }
    for text in [
        "Activate only as a sorcery.",
        "Activate only once each turn.",
    ] {
        let (findings, _) = find_and_resolve(text);
        assert!(findings[0].caveats.is_empty(), "{text:?}: {findings:#?}");
    }
}

#[test]
fn twice_each_turn_is_not_once_each_turn() {
    let (findings, _) = find_and_resolve("{T}: Add {R}. Activate only twice each turn.");
    assert_eq!(findings.len(), 1, "{findings:#?}");
    assert!(findings[0].conditions.is_empty(), "{findings:#?}");
    assert!(
        findings[0]
            .caveats
            .iter()
            .any(|c| c.code == "twice-each-turn" && c.rule == "602.5b")
    );
    let (once, _) = find_and_resolve("{T}: Add {R}. Activate only once each turn.");
    assert_eq!(
        once[0].conditions,
        [phaselint::model::Condition::OncePerTurn]
    );
}
