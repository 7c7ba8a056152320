//! Snapshots of `explain`: the text output for every row of the contract table, and for the
//! scenario examples of the core issue. Read each snapshot before accepting it: it records what
//! phaselint says a phrase means.

use phaselint::explain::{explain, render_text};
use phaselint::turn::Scenario;

fn contract_texts() -> Vec<&'static str> {
    include_str!("../data/contract.table")
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .filter_map(|line| line.split('|').next())
        .map(str::trim)
        .collect()
}

fn explained(text: &str, scenarios: &[Scenario]) -> String {
    let names: Vec<&str> = scenarios.iter().map(|s| s.name()).collect();
    format!(
        "$ phaselint explain --scenario {} -- {text:?}\n{}",
        if names.is_empty() {
            "(none)".to_string()
        } else {
            names.join(",")
        },
        render_text(&explain(text, scenarios))
    )
}

macro_rules! snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!($name, $value);
        });
    };
}

#[test]
fn contract_rows_as_text() {
    let rendered: Vec<String> = contract_texts().iter().map(|t| explained(t, &[])).collect();
    snapshot!("explain_contract_rows", rendered.join("\n"));
}

#[test]
fn contract_rows_as_json() {
    let findings: Vec<_> = contract_texts()
        .iter()
        .flat_map(|t| explain(t, &[]).explained.into_iter().map(|e| e.finding))
        .collect();
    snapshot!(
        "explain_contract_rows_json",
        serde_json::to_string_pretty(&findings).unwrap()
    );
}

#[test]
fn scenarios() {
    use Scenario::*;
    let cases: &[(&str, &[Scenario])] = &[
        // 506.7f: no attackers, so no declare blockers step, so no window.
        (
            "Cast this spell only during combat after blockers are declared.",
            &[NoAttackers],
        ),
        // 506.7e: no declare blockers step, so the window closes as declare attackers ends.
        (
            "Cast this spell only during combat before blockers are declared.",
            &[NoAttackers],
        ),
        // 506.7d: with two combats, only the first combat's declare blockers step counts.
        (
            "Cast this spell only before blockers are declared.",
            &[ExtraCombat],
        ),
        // "the next turn's upkeep" is not this turn's added upkeep.
        (
            "Draw a card at the beginning of the next turn's upkeep.",
            &[ExtraUpkeep],
        ),
        (
            "At the beginning of your upkeep, you gain 1 life.",
            &[ExtraUpkeep],
        ),
        (
            "Whenever this creature deals combat damage to a player, draw a card.",
            &[FirstStrike],
        ),
        (
            "At the beginning of combat on your turn, put a +1/+1 counter on target creature.",
            &[ExtraCombat],
        ),
        (
            "Cast this spell only before attackers are declared.",
            &[SkipCombat],
        ),
        // Two bounds, one window: the bound of the first combat is in the window's own turns
        // (506.7d), and only a skipped combat phase moves where it closes (506.7e).
        (
            "Cast this spell only during an opponent's turn, after blockers are declared.",
            &[],
        ),
        (
            "Activate only during your turn, before attackers are declared.",
            &[SkipCombat],
        ),
        (
            "Creatures you control get +1/+1 until your next turn.",
            &[ExtraTurn],
        ),
        (
            "At the beginning of your upkeep, you gain 1 life.",
            &[OpponentsTurn],
        ),
        (
            "Target creature gets +2/+2 until end of turn.",
            &[RepeatCleanup],
        ),
    ];
    let rendered: Vec<String> = cases.iter().map(|(t, s)| explained(t, s)).collect();
    snapshot!("explain_scenarios", rendered.join("\n"));
}

/// Keywords whose definition is timing (CR 702, 701): each explained as its definition reads,
/// with the strip, the reminder's finding beside the keyword's where it has reminder text.
#[test]
fn keywords() {
    let rendered: Vec<String> = [
        "Echo {2}{R}",
        "Echo {2}{R} (At the beginning of your upkeep, if this came under your control since the beginning of your last upkeep, sacrifice it unless you pay its echo cost.)",
        "Phasing",
        "Flash",
        "Unearth {B}",
        "Ninjutsu {1}{U}",
        "Daybound",
        "Split second",
        "Bushido 1",
        "Target creature gains rebound until end of turn.",
        "Goad target creature.",
    ]
    .iter()
    .map(|text| explained(text, &[]))
    .collect();
    snapshot!("explain_keywords", rendered.join("\n"));
}

/// "on a later turn" (occurrence `later`) falls on the turns after this one, and "End the turn"
/// (role `ends`) ends this one: neither is "no window".
#[test]
fn a_later_turn_and_an_ended_turn_have_their_place() {
    let later = render_text(&explain(
        "(You may cast it on a later turn for its foretell cost.)",
        &[],
    ));
    assert!(
        later.contains("opens begin(turn, later, any): turn +1"),
        "{later}"
    );
    assert!(!later.contains("no window"), "{later}");
    let ended = render_text(&explain("End the turn.", &[]));
    assert!(
        // 723.1d: not all of what is left is skipped; the cleanup step still happens.
        ended.contains("Ends this turn at once: the game skips straight to its cleanup step."),
        "{ended}"
    );
    assert!(ended.contains("end-step-skipped (723.1e)"), "{ended}");
}
