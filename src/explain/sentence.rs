//! One plain sentence for a finding: when it triggers, expires, opens, closes, skips or adds.

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
        Kind::Unknown => {
            "Not understood: no template matches this phrase, so it is given no meaning".into()
        }
        _ if finding.timing.is_empty() => "Names no point of the turn".into(),
        _ => {
            let clauses: Vec<String> = finding.timing.iter().map(clause).collect();
            capitalise(&clauses.join("; "))
        }
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
    };
    let unit = unit_phrase(point.unit, point.occurrence, point.owner);
    match (point.role, point.edge) {
        (Role::Skips, _) => format!("{role} {unit}"),
        (Role::Tests, _) => format!("{role} {}", tested_unit(point)),
        (_, Edge::During) => format!("{role} during {unit}"),
        (Role::Adds, _) => format!("{role} right after {unit}"),
        (_, Edge::Begin) => format!("{role} as {unit} begins"),
        (_, Edge::End) => format!("{role} as {unit} ends"),
        (_, Edge::Cleanup) => format!(
            "{role} in the cleanup step of {unit}, when \"until end of turn\" effects end (514.2)"
        ),
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
