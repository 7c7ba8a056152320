//! One plain sentence for a finding: when it triggers, expires, opens, closes, skips or adds.

use super::window::{Bounded, bounded};
use crate::model::{Condition, Edge, Finding, Kind, Occurrence, Owner, Role, TimingPoint, Unit};

/// The sentence for a finding, ending with a period.
pub fn sentence(finding: &Finding) -> String {
    let body = match finding.kind {
        Kind::Reference if finding.timing.is_empty() => {
            "Refers to what happened in a turn or combat, or counts within one; it names no point of the turn".into()
        }
        Kind::Trigger if finding.timing.is_empty() => {
            "Limits how often the ability triggers; it names no point of the turn".into()
        }
        Kind::ObjectDuration => {
            "Lasts while its condition holds; no point of the turn ends it".into()
        }
        Kind::NotTiming => "Not timing: it names no point of the turn".into(),
        // "any time you could cast an instant" (117.1a, 702.8a), a special action any time you
        // have priority (116.2b).
        Kind::Window if finding.timing.is_empty() => {
            "Open whenever its player has priority; no point of the turn opens or closes it".into()
        }
        Kind::Unknown => {
            "Not understood: no template matches this phrase, so it is given no meaning".into()
        }
        _ if finding.timing.is_empty() => "Names no point of the turn".into(),
        _ => match bounded(finding) {
            Some(window) => bounded_window(&window),
            None => {
                let clauses: Vec<String> = finding.timing.iter().map(clause).collect();
                capitalise(&clauses.join("; "))
            }
        },
    };
    let conditions: Vec<&str> = finding.conditions.iter().map(|c| condition(*c)).collect();
    if conditions.is_empty() {
        format!("{body}.")
    } else {
        format!("{body}; {}.", conditions.join("; "))
    }
}

fn condition(condition: Condition) -> &'static str {
    match condition {
        Condition::StackEmpty => "only while the stack is empty",
        Condition::OncePerTurn => "at most once each turn",
        Condition::OutsideSorceryTiming => "when a sorcery couldn't have been cast",
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "triggers as each of your upkeep steps begins".
fn clause(point: &TimingPoint) -> String {
    let role = match point.role {
        Role::Triggers => "triggers",
        Role::Expires => "expires",
        Role::Opens => "opens",
        Role::Closes => "closes",
        Role::Skips => "skips",
        Role::Adds => "adds turns, phases or steps",
        Role::Applies => "applies",
        Role::Happens => "happens, as a turn-based action (no trigger, no stack),",
        Role::Tests => "asks whether the moment lies in",
        Role::Ends => "ends",
    };
    let unit = unit_phrase(point.unit, point.occurrence, point.owner);
    match (point.role, point.edge) {
        (Role::Skips, _) => format!("{role} {unit}"),
        (Role::Tests, _) => format!("{role} {}", tested_unit(point)),
        // 723.1d, 723.2d: the game skips straight past what is left of the unit.
        (Role::Ends, _) => format!("{role} {unit} at once, skipping what is left of it"),
        (_, Edge::During) => format!("{role} during {unit}"),
        (Role::Adds, _) => format!("{role} right after {unit}"),
        (_, Edge::Begin) => format!("{role} as {unit} begins"),
        (_, Edge::End) => format!("{role} as {unit} ends"),
        (_, Edge::Cleanup) => format!(
            "{role} in the cleanup step of {unit}, when \"until end of turn\" effects end (514.2)"
        ),
    }
}

/// One sentence for a window bounded inside the unit it is open during, on the turn that unit is
/// in: "Open on each opponent's turn from the moment blockers are declared (as the declare
/// blockers step of its first combat phase begins) until that turn ends". Both restrictions
/// hold, so it opens at the later opening and closes at the earlier closing; a bound of the
/// first combat phase is measured in that turn (506.7d).
fn bounded_window(window: &Bounded) -> String {
    let scope = &window.scope;
    let in_turn = scope.unit == Unit::Turn;
    let during = if in_turn {
        format!(
            "on {}",
            unit_phrase(scope.unit, scope.occurrence, scope.owner)
        )
    } else {
        format!(
            "during {}",
            unit_phrase(scope.unit, scope.occurrence, scope.owner)
        )
    };
    let from = window.opens.map_or_else(
        || "from the moment it begins".to_string(),
        |opens| format!("from the moment {}", moment(&opens, in_turn)),
    );
    let until = window.closes.map_or_else(
        || format!("until that {} ends", unit_name(scope.unit)),
        |closes| format!("until {}", moment(&closes, in_turn)),
    );
    format!("Open {during} {from} {until}")
}

/// A bound's moment inside its window: "blockers are declared (as the declare blockers step of
/// its first combat phase begins)". Declaring attackers and blockers are the turn-based actions
/// at the start of their steps that "before/after attackers (blockers) are declared" refer to
/// (506.7a, 506.7b).
fn moment(point: &TimingPoint, in_turn: bool) -> String {
    let first_in_turn = in_turn && point.occurrence == Occurrence::First;
    let place = match point.unit {
        Unit::Combat if first_in_turn => "its first combat phase".to_string(),
        unit if first_in_turn && unit.is_combat() => {
            format!("the {} of its first combat phase", unit_name(unit))
        }
        unit => unit_phrase(unit, point.occurrence, point.owner),
    };
    let edge = if point.edge == Edge::End {
        "ends"
    } else {
        "begins"
    };
    let declared = match (point.unit, point.edge) {
        (Unit::DeclareAttackers, Edge::Begin) => Some("attackers are declared"),
        (Unit::DeclareBlockers, Edge::Begin) => Some("blockers are declared"),
        _ => None,
    };
    match declared {
        Some(action) => format!("{action} (as {place} {edge})"),
        None => format!("{place} {edge}"),
    }
}

/// "each of your upkeep steps", "the next end step", "your next turn".
fn unit_phrase(unit: Unit, occurrence: Occurrence, owner: Owner) -> String {
    let name = unit_name(unit);
    let plural = plural_name(unit);
    let possessive = owner_possessive(owner);
    match (occurrence, possessive) {
        (Occurrence::This, _) => format!("this {name}"),
        (Occurrence::Next, None) => format!("the next {name}"),
        (Occurrence::Next, Some(whose)) => format!("{whose} next {name}"),
        (Occurrence::Each, None) => format!("each {name}"),
        (Occurrence::Each, Some("your")) => format!("each of your {plural}"),
        // A turn is the whole of one player's turn, not a unit inside it.
        (Occurrence::Each, Some(_)) if unit == Unit::Turn => each_turn_of(owner),
        (Occurrence::Each, Some(whose)) => format!("each {name} of {whose} turn"),
        (Occurrence::First, None) => format!("the first {name} of the turn"),
        (Occurrence::First, Some(whose)) => format!("the first {name} of {whose} turn"),
        (Occurrence::NextTurn, None) => {
            format!("the {name} of the next turn (not an added one this turn)")
        }
        (Occurrence::NextTurn, Some(whose)) => format!("the {name} of {whose} next turn"),
        (Occurrence::GameFirst, None) => format!("the first {name} of the game"),
        (Occurrence::GameFirst, Some(whose)) => format!("{whose} first {name} of the game"),
        (Occurrence::That, None) => format!("the {name} of the turn or combat named before"),
        (Occurrence::That, Some(whose)) => {
            format!("the {name} of the turn named before ({whose} turn)")
        }
        (Occurrence::Later, None) => format!("each {name} after the current turn"),
        (Occurrence::Later, Some(whose)) => format!("each of {whose} {plural} after this turn"),
    }
}

/// The unit a condition tests: "your turn", "the first combat phase of the turn".
fn tested_unit(point: &TimingPoint) -> String {
    let name = unit_name(point.unit);
    let whose = owner_possessive(point.owner);
    match (point.occurrence, whose) {
        (Occurrence::First, None) => format!("the first {name} of the turn"),
        (Occurrence::First, Some(whose)) => format!("the first {name} of {whose} turn"),
        (_, None) => format!("a {name}"),
        (_, Some(whose)) => format!("{whose} {name}"),
    }
}

/// "each opponent's turn", "each of that player's turns".
fn each_turn_of(owner: Owner) -> String {
    match owner {
        Owner::Opponent => "each opponent's turn".to_string(),
        Owner::OtherPlayer => "each other player's turn".to_string(),
        _ => match owner_possessive(owner) {
            Some(whose) => format!("each of {whose} turns"),
            None => "each turn".to_string(),
        },
    }
}

fn owner_possessive(owner: Owner) -> Option<&'static str> {
    match owner {
        Owner::Any => None,
        Owner::You => Some("your"),
        Owner::Opponent => Some("an opponent's"),
        Owner::ThatPlayer => Some("that player's"),
        Owner::TargetPlayer => Some("the target player's"),
        Owner::ChosenPlayer => Some("the chosen player's"),
        Owner::DefendingPlayer => Some("the defending player's"),
        Owner::Controller => Some("its controller's"),
        Owner::ObjectOwner => Some("its owner's"),
        Owner::EnchantedPlayer => Some("the enchanted player's"),
        Owner::OtherPlayer => Some("each other player's"),
        Owner::Monarch => Some("the monarch's"),
        Owner::NamedPlayer => Some("the named player's"),
    }
}

fn unit_name(unit: Unit) -> &'static str {
    match unit {
        Unit::Turn => "turn",
        Unit::Phase => "phase (the one in progress)",
        Unit::Step => "step (the one in progress)",
        Unit::Beginning => "beginning phase",
        Unit::PrecombatMain => "precombat main phase",
        Unit::Combat => "combat phase",
        Unit::PostcombatMain => "postcombat main phase",
        Unit::Main => "main phase",
        Unit::Ending => "ending phase",
        Unit::Untap => "untap step",
        Unit::Upkeep => "upkeep step",
        Unit::Draw => "draw step",
        Unit::BeginningOfCombat => "beginning of combat step",
        Unit::DeclareAttackers => "declare attackers step",
        Unit::DeclareBlockers => "declare blockers step",
        Unit::CombatDamage => "combat damage step",
        Unit::EndOfCombat => "end of combat step",
        Unit::End => "end step",
        Unit::Cleanup => "cleanup step",
        Unit::Game => "game",
    }
}

fn plural_name(unit: Unit) -> String {
    match unit {
        Unit::Phase | Unit::Step => unit_name(unit).to_string(),
        _ => format!("{}s", unit_name(unit)),
    }
}

#[cfg(test)]
mod tests {
    use super::sentence;
    use crate::resolve::find_and_resolve;

    fn said(text: &str) -> String {
        let (findings, errors) = find_and_resolve(text);
        assert!(errors.is_empty() && findings.len() == 1, "{text}");
        sentence(&findings[0])
    }

    #[test]
    fn a_window_bounded_inside_a_turn_reads_as_one_span_on_that_turn_506_7d() {
        assert_eq!(
            said("Cast this spell only during an opponent's turn, after blockers are declared."),
            "Open on each opponent's turn from the moment blockers are declared (as the declare \
             blockers step of its first combat phase begins) until that turn ends."
        );
        assert_eq!(
            said("Activate only during your turn, before attackers are declared."),
            "Open on each of your turns from the moment it begins until attackers are declared \
             (as the declare attackers step of its first combat phase begins)."
        );
    }

    #[test]
    fn a_window_on_whole_units_names_each_opponents_turn() {
        assert_eq!(
            said("Activate only during an opponent's turn."),
            "Opens as each opponent's turn begins; closes as each opponent's turn ends."
        );
        assert_eq!(
            said("Cast this spell only during combat on an opponent's turn."),
            "Opens as each combat phase of an opponent's turn begins; closes as each combat \
             phase of an opponent's turn ends."
        );
        assert_eq!(
            said("Cast this spell only during combat after blockers are declared."),
            "Opens as each declare blockers step begins; closes as each combat phase ends."
        );
    }
}
