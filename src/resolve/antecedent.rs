//! The `that` occurrence: "that turn's end step", "the untap step of that turn", "at the
//! beginning of that combat" name a turn or combat an earlier phrase of the same ability named
//! ("Take an extra turn after this one", "there's an additional combat phase"). The finding
//! takes its owner from that phrase and carries its span as `antecedent`; with no such phrase it
//! is unknown, never a guess (TIMING-MODEL.md, version 2). A skipped "that turn" is the turn its
//! replacement's condition names (614.10).

use super::vocabulary::owner;
use crate::model::{Finding, Kind, Occurrence, Owner, Span, TimingPoint, Unit};
use crate::phrase::ast::{EachTurn, Form, Phrase, TriggerPoint, TurnChange, UnitName, WhichCombat};

/// What a `that` refers to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Named {
    Turn,
    Combat,
}

/// Links each `that` finding to its antecedent, or makes it unknown.
pub fn link(phrases: &[Phrase], findings: &mut [Finding]) {
    for index in 0..findings.len().min(phrases.len()) {
        let refers_to_that = findings[index]
            .timing
            .iter()
            .any(|point| point.occurrence == Occurrence::That);
        if !refers_to_that {
            continue;
        }
        let phrase = &phrases[index];
        let combat = findings[index]
            .timing
            .iter()
            .any(|point| point.occurrence == Occurrence::That && point.unit == Unit::Combat);
        let wanted = match phrase.form {
            Form::AtPoint {
                point: TriggerPoint::ThatCombat | TriggerPoint::EndOfThatCombat,
                ..
            } => Named::Combat,
            Form::EachTurn(EachTurn::IfAble {
                combat: WhichCombat::That,
                ..
            }) => Named::Combat,
            _ if combat => Named::Combat,
            _ => Named::Turn,
        };
        let found = phrases[..index]
            .iter()
            .zip(findings[..index].iter())
            .rev()
            .filter(|(earlier, _)| earlier.place.ability == phrase.place.ability)
            .find_map(|(earlier, finding)| names(earlier, finding, wanted));
        let finding = &mut findings[index];
        match found {
            Some((span, whose, rule)) => {
                for point in &mut finding.timing {
                    if point.occurrence == Occurrence::That {
                        point.owner = whose;
                    }
                }
                if !finding.rules.contains(&rule) {
                    finding.rules.insert(0, rule);
                }
                finding.antecedent = Some(span);
            }
            None => unknown(finding),
        }
    }
}

/// The span, owner and rule of the turn or combat a phrase names, when it names the kind wanted.
fn names(phrase: &Phrase, finding: &Finding, wanted: Named) -> Option<(Span, Owner, &'static str)> {
    match (&phrase.form, wanted) {
        // "Take an extra turn after this one": the one who takes it is the spell's controller,
        // told to in the imperative; another subject ("target player takes") is not read.
        (Form::TurnChange(TurnChange::ExtraTurn { by_you, .. }), Named::Turn) => {
            let whose = if *by_you { Owner::You } else { Owner::Any };
            Some((phrase.span, whose, "500.7"))
        }
        // "during that player's next turn": that turn is the named player's.
        (Form::During(unit_ref), Named::Turn) if unit_ref.name == UnitName::Turn => {
            Some((phrase.span, owner(unit_ref.owner), "500.1"))
        }
        // "there is an additional combat phase": a combat added to this turn.
        (Form::TurnChange(TurnChange::AdditionalPhases { phases, .. }), Named::Combat)
            if phases.contains(&UnitName::Combat) =>
        {
            Some((phrase.span, Owner::Any, "500.8"))
        }
        // A point an effect waits for ("at the beginning of your next upkeep", "that player's
        // next declare attackers step") names the turn it falls in, and the combat of a combat
        // step.
        _ => finding
            .timing
            .iter()
            .find(|point| {
                matches!(point.occurrence, Occurrence::Next | Occurrence::NextTurn)
                    && (wanted == Named::Turn || point.unit.is_combat())
            })
            .map(|point| (phrase.span, point.owner, "603.7")),
    }
}

/// "If you would begin your turn ..., skip that turn instead": the turn skipped is the one the
/// replacement's condition names (614.10), so it is that turn's owner's. A condition that names
/// no owner ("would begin an extra turn") leaves it `any`.
pub fn link_skipped_turns(phrases: &[Phrase], findings: &mut [Finding]) {
    for index in 0..findings.len().min(phrases.len()) {
        let phrase = &phrases[index];
        if phrase.form != Form::TurnChange(TurnChange::SkipThatTurn) {
            continue;
        }
        let condition = phrases[..index]
            .iter()
            .rev()
            .take_while(|earlier| earlier.place.ability == phrase.place.ability)
            .find_map(|earlier| match earlier.form {
                Form::DuringUnit(unit_ref) | Form::WouldBegin(unit_ref)
                    if unit_ref.name == UnitName::Turn =>
                {
                    Some(owner(unit_ref.owner))
                }
                _ => None,
            });
        if let Some(whose) = condition {
            let finding = &mut findings[index];
            for point in &mut finding.timing {
                point.owner = whose;
            }
        }
    }
}

/// A `that` with nothing before it to refer to: not understood.
fn unknown(finding: &mut Finding) {
    finding.kind = Kind::Unknown;
    finding.timing = Vec::<TimingPoint>::new();
    finding.conditions.clear();
    finding.rules.clear();
    finding.caveats.clear();
}
