//! The text form of an explanation: each finding with its sentence, canonical timing, rules,
//! caveats, and a strip of the turn with a mark where each point falls.

use super::sentence::player_named;
use super::{Explained, Explanation, Placement};
use crate::edition::{Edition, topics};
use crate::model::{Finding, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::turn::{Game, Moment, Player, render_in};
use std::fmt::Write;

/// Renders an explanation as text for a terminal.
pub fn render_text(explanation: &Explanation) -> String {
    let mut out = String::new();
    let edition = explanation.edition;
    if edition != Edition::Current {
        let _ = writeln!(out, "edition: {}", edition.title());
        for fact in edition.facts() {
            let _ = writeln!(out, "  {}", fact.line(edition));
        }
        let templates: Vec<String> = edition
            .templates()
            .iter()
            .map(|template| format!("\"{}\"", template.words()))
            .collect();
        if !templates.is_empty() {
            let _ = writeln!(
                out,
                "  templates: {}: its own, no obsolete wording",
                templates.join(", ")
            );
        }
        out.push('\n');
    }
    if !explanation.scenarios.is_empty() {
        for scenario in &explanation.scenarios {
            let _ = writeln!(out, "scenario: {scenario}: {}", scenario.describe());
        }
        out.push('\n');
    }
    if explanation.explained.is_empty() && explanation.errors.is_empty() {
        out.push_str("no timing phrase found\n");
    }
    for (index, explained) in explanation.explained.iter().enumerate() {
        if index > 0 {
            out.push('\n');
        }
        finding(&mut out, index + 1, explained, &explanation.game, edition);
    }
    for error in &explanation.errors {
        let _ = writeln!(out, "error: could not read {error}");
    }
    out
}

fn finding(out: &mut String, number: usize, explained: &Explained, game: &Game, edition: Edition) {
    let finding = &explained.finding;
    let _ = writeln!(
        out,
        "{number}. \"{}\"  [{}]  bytes {}..{}",
        finding.phrase, finding.kind, finding.span.start, finding.span.end
    );
    let _ = writeln!(out, "   {}", explained.sentence);
    for (label, value) in facts(finding, edition) {
        let _ = writeln!(out, "   {:<9}{value}", format!("{label}:"));
    }
    for (i, caveat) in finding.caveats.iter().enumerate() {
        let label = if i == 0 { "caveats:" } else { "        " };
        let _ = writeln!(
            out,
            "   {label} {} ({}): {}",
            caveat.code,
            edition.cite(caveat.rule),
            edition.rename(&caveat.message)
        );
    }
    // The turn facts of an older edition that bear on this phrase (mana burn, damage on the stack).
    if edition != Edition::Current {
        for fact in topics(finding)
            .into_iter()
            .filter_map(|topic| edition.fact(topic))
        {
            let _ = writeln!(out, "   under {edition}: {}", fact.line(edition));
        }
    }
    let never_opens = explained.placements.iter().any(|(point, placement)| {
        point.role == Role::Opens
            && *placement == Placement::Never
            && point.occurrence != Occurrence::Later
    });
    if never_opens {
        out.push_str("   no window: it never opens in these turns\n");
    }
    placements(out, &explained.placements, game, edition);
}

/// The finding's timing, the conditions of a window and the CR rules (in `edition`'s numbers),
/// each with its label, where the finding has them.
pub(super) fn facts(finding: &Finding, edition: Edition) -> Vec<(&'static str, String)> {
    let mut facts = Vec::new();
    if !finding.timing.is_empty() {
        facts.push(("timing", finding.canonical()));
    }
    if !finding.conditions.is_empty() {
        let conditions: Vec<&str> = finding.conditions.iter().map(|c| c.as_str()).collect();
        facts.push(("needs", conditions.join(", ")));
    }
    if !finding.rules.is_empty() {
        facts.push(("rules", edition.cite_all(&finding.rules).join(", ")));
    }
    facts
}

/// A line for each point saying where it falls, then one strip for each turn that has marks,
/// with the marks of every point on it. Lines are indented by three spaces.
pub(super) fn placements(
    out: &mut String,
    placements: &[(TimingPoint, Placement)],
    game: &Game,
    edition: Edition,
) {
    let mut marked: Vec<(usize, Vec<Moment>, Option<Owner>)> = Vec::new();
    for (point, placement) in placements {
        let (moments, note): (&[Moment], String) = match placement {
            Placement::InProgress => (
                &[],
                "wherever the effect resolves, so no fixed place on the turn".into(),
            ),
            // A unit of a turn another phrase named, or of the game's start, has no place on
            // the turns shown; that is not the same as never coming.
            Placement::Never if point.occurrence == Occurrence::That => (
                &[],
                "in the turn or combat named before, which the strip does not lay out".into(),
            ),
            Placement::Never
                if point.occurrence == Occurrence::GameFirst || point.unit == Unit::Game =>
            {
                (
                    &[],
                    "at a point of the whole game, before or beyond the turns shown".into(),
                )
            }
            Placement::Never if point.occurrence == Occurrence::Later => (
                &[],
                "on a turn after the current one, beyond the turns shown".into(),
            ),
            Placement::Never => (&[], "never comes in these turns".into()),
            Placement::At(moments) => (moments, turns_named(game, moments, point.owner)),
            Placement::Later(moments) => (
                moments,
                format!(
                    "not in this turn; next in {}",
                    turns_named(game, moments, point.owner)
                ),
            ),
            Placement::Instead { moments, rule, at } => (
                moments,
                format!(
                    "that point does not happen; it closes {at} instead ({}): {}",
                    edition.cite(rule),
                    turns_named(game, moments, point.owner)
                ),
            ),
        };
        let _ = writeln!(out, "   {point}: {note}");
        for moment in moments {
            match marked.iter_mut().find(|(turn, ..)| *turn == moment.turn) {
                Some((_, marks, owner)) => {
                    marks.push(*moment);
                    // Points of different owners on one turn: it is the active player's.
                    if *owner != Some(point.owner) {
                        *owner = None;
                    }
                }
                None => marked.push((moment.turn, vec![*moment], Some(point.owner))),
            }
        }
    }
    marked.sort_by_key(|(turn, ..)| *turn);
    for (turn_index, marks, owner) in marked {
        let Some(turn) = game.turns.get(turn_index) else {
            continue;
        };
        let strip = render_in(turn, &marks, turn_index, edition);
        let name = turn_name(game, turn_index, owner.unwrap_or(Owner::Any));
        let _ = writeln!(out, "     {name}: {}", strip.line);
        let pad = " ".repeat(name.len() + 2);
        let _ = writeln!(out, "     {pad}{}", strip.marks.trim_end());
        if let Some(rule) = edition.mana_burn() {
            let _ = writeln!(
                out,
                "     {pad}{}  mana burn ({edition} {rule})",
                strip.burns
            );
        }
    }
}

/// The names of the turns some moments of a point of `owner` fall in: "this turn (yours)",
/// "turn +2 (yours)".
fn turns_named(game: &Game, moments: &[Moment], owner: Owner) -> String {
    let mut turns: Vec<usize> = moments.iter().map(|m| m.turn).collect();
    turns.dedup();
    let names: Vec<String> = turns.iter().map(|t| turn_name(game, *t, owner)).collect();
    names.join(", ")
}

/// "this turn (yours)", "turn +1 (an opponent's)", "turn +1 (yours, extra)"; a turn shown for a
/// point of a player the game does not fix is that player's: "this turn (a turn of the enchanted
/// player)", not yours.
fn turn_name(game: &Game, index: usize, owner: Owner) -> String {
    let Some(turn) = game.turns.get(index) else {
        return format!("turn +{index}");
    };
    let whose = match (player_named(owner), turn.active) {
        (Some(player), _) => format!("a turn of {player}"),
        (None, Player::You) => "yours".to_string(),
        (None, Player::Opponent) => "an opponent's".to_string(),
    };
    let extra = if turn.extra { ", extra" } else { "" };
    if index == 0 {
        format!("this turn ({whose}{extra})")
    } else {
        format!("turn +{index} ({whose}{extra})")
    }
}
