//! Explaining a text: each finding with its sentence, and each of its points placed in a game of
//! a few turns.

use super::{Explained, Explanation, Placement, first_combat, sentence_in, window};
use crate::edition::Edition;
use crate::model::{Edge, Finding, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::phrase::CardName;
use crate::phrase::FindError;
use crate::resolve::{CardKind, printed_caveats};
use crate::turn::{Game, Moment, Phase, Player, Scenario, build_game, locate};

/// Explains every phrase of `text` in the standard game changed by `scenarios`.
pub fn explain(text: &str, scenarios: &[Scenario]) -> Explanation {
    explain_in(text, scenarios, Edition::Current)
}

/// [`explain`] in the terms of `edition`: its names of phases and steps in the sentences and the
/// strip, its rule numbers, its turn facts. The meaning is the one model's.
pub fn explain_in(text: &str, scenarios: &[Scenario], edition: Edition) -> Explanation {
    explain_named(
        text,
        scenarios,
        edition,
        &CardName::none(),
        CardKind::Unknown,
    )
}

/// [`explain_in`] for the text of the card `name` of kind `card`: its name in the text is the card
/// itself, and its kind decides a keyword that is another ability on a permanent (ascend).
pub fn explain_named(
    text: &str,
    scenarios: &[Scenario],
    edition: Edition,
    name: &CardName,
    card: CardKind,
) -> Explanation {
    let game = build_game(scenarios);
    let created = creation_moment(&game);
    let (findings, errors) = findings_named(text, edition, name, card);
    let explained = findings
        .into_iter()
        .map(|finding| {
            // A window's bound of "the turn" falls in the turns the window is confined to.
            let owner = window::turn_owner(&finding);
            let placements = finding
                .timing
                .iter()
                .map(|point| {
                    let measured = window::within_window(point, owner);
                    (*point, place(&game, &measured, created))
                })
                .collect();
            Explained {
                sentence: edition.rename(&sentence_in(&finding, text)),
                finding,
                placements,
            }
        })
        .collect();
    Explanation {
        text: text.to_string(),
        scenarios: scenarios.to_vec(),
        game,
        created,
        explained,
        errors,
        edition,
    }
}

/// The findings of the text of the card `name` in `edition`, without the sentences and
/// placements of [`explain_named`] (the JSON form has neither), and the problems of reading it.
pub fn findings_named(
    text: &str,
    edition: Edition,
    name: &CardName,
    card: CardKind,
) -> (Vec<Finding>, Vec<FindError>) {
    let found = crate::phrase::find_named(text, name);
    let mut findings = crate::resolve::resolve_all_on(text, &found.phrases, card);
    // An older edition's own templates are no obsolete wording in it.
    for (phrase, finding) in found.phrases.iter().zip(&mut findings) {
        let printed = printed_caveats(edition, text, phrase);
        finding.caveats.retain(|caveat| !printed.contains(caveat));
    }
    (findings, found.errors)
}

/// The begin of the current turn's precombat main phase.
fn creation_moment(game: &Game) -> Option<Moment> {
    let turn = game.turns.first()?;
    let phase = turn
        .phases
        .iter()
        .position(|run| run.phase == Phase::PrecombatMain && !run.skipped)?;
    Some(Moment::new(0, phase, None, Edge::Begin))
}

/// Where `point` falls in `game`.
fn place(game: &Game, point: &TimingPoint, created: Option<Moment>) -> Placement {
    if matches!(point.unit, Unit::Phase | Unit::Step) {
        return Placement::InProgress;
    }
    if point.occurrence == Occurrence::First && point.unit.is_combat() {
        return first_combat::place(game, point);
    }
    let at = |occurrence| {
        locate(
            game,
            point.unit,
            point.edge,
            occurrence,
            point.owner,
            created,
        )
    };
    let moments = at(point.occurrence);
    if !moments.is_empty() {
        return Placement::At(moments);
    }
    // A window closing at a step of each combat phase closes elsewhere without it (506.7e).
    if point.role == Role::Closes && point.owner == Owner::Any && point.unit.is_combat() {
        return first_combat::instead_in_each(game, point);
    }
    // A unit of another player's turn is not in the current turn: show the next one. A unit
    // skipped in the current turn is not looked for later: it does not happen this turn.
    let owned_elsewhere = matches!(
        (point.owner, game.turns.first().map(|t| t.active)),
        (Owner::You, Some(Player::Opponent)) | (Owner::Opponent, Some(Player::You))
    );
    if owned_elsewhere && matches!(point.occurrence, Occurrence::Each | Occurrence::This) {
        let later = at(Occurrence::Next);
        if !later.is_empty() {
            return Placement::Later(later);
        }
    }
    Placement::Never
}

#[cfg(test)]
mod tests {
    use super::{Placement, explain};
    use crate::explain::render_text;
    use crate::model::Unit;

    /// The placement of the point of `unit` in the one finding of `text`.
    fn placed(text: &str, unit: Unit) -> Placement {
        let explanation = explain(text, &[]);
        let found = explanation.explained[0]
            .placements
            .iter()
            .find(|(point, _)| point.unit == unit);
        found
            .map(|(_, placement)| placement.clone())
            .unwrap_or(Placement::Never)
    }

    #[test]
    fn a_bound_of_a_window_on_an_opponents_turn_falls_in_that_turn_506_7d() {
        let text = "Cast this spell only during an opponent's turn, after blockers are declared.";
        let Placement::Later(moments) = placed(text, Unit::DeclareBlockers) else {
            panic!("the declare blockers step of the opponent's turn, later")
        };
        assert!(moments.iter().all(|moment| moment.turn == 1), "{moments:?}");
        let text = "Activate only during your turn, before attackers are declared.";
        let Placement::At(moments) = placed(text, Unit::DeclareAttackers) else {
            panic!("the declare attackers step of this turn")
        };
        assert!(moments.iter().all(|moment| moment.turn == 0), "{moments:?}");
    }

    /// A turn shown for a point of a player the game does not fix is labelled as that player's,
    /// never as yours.
    #[test]
    fn a_turn_shown_for_an_enchanted_player_is_labelled_as_theirs() {
        for (text, label) in [
            (
                "At the beginning of enchanted player's upkeep, that player loses 1 life.",
                "this turn (a turn of the enchanted player): untap",
            ),
            (
                "At the beginning of its owner's upkeep, remove a time counter from it.",
                "this turn (a turn of its owner): untap",
            ),
            (
                "At the beginning of the upkeep of enchanted creature's controller, draw a card.",
                "this turn (a turn of its controller): untap",
            ),
        ] {
            let shown = render_text(&explain(text, &[]));
            assert!(shown.contains(label) && !shown.contains("yours"), "{shown}");
        }
    }

    /// A unit of a turn another phrase named, or of the whole game, is not placed on the turns
    /// shown, and the text says why rather than "never comes".
    #[test]
    fn that_and_game_points_say_why_they_are_not_on_the_strip() {
        let text = render_text(&explain(
            "Take an extra turn after this one. At the beginning of that turn's end step, you lose the game. You have no maximum hand size for the rest of the game.",
            &[],
        ));
        assert!(
            text.contains("in the turn or combat named before"),
            "{text}"
        );
        assert!(text.contains("at a point of the whole game"), "{text}");
        assert!(!text.contains("never comes"), "{text}");
    }
}
