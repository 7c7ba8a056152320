//! One plain sentence for a finding: when it triggers, expires, opens, closes, skips or adds.

use super::window::{Bounded, bounded};
use crate::model::{Condition, Edge, Finding, Kind, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::phrase::timing_words::timing_words;
use crate::resolve::checks_a_limit;

/// The sentence for a finding, ending with a period.
pub fn sentence(finding: &Finding) -> String {
    sentence_in(finding, "")
}

/// [`sentence`] for a finding of `text`: where the finding's span and antecedent lead into the
/// text, the sentence uses its words (what a step effect does, which phrase named "that turn").
pub fn sentence_in(finding: &Finding, text: &str) -> String {
    let body = match finding.kind {
        Kind::Reference if finding.timing.is_empty() => reference(finding, text),
        Kind::Trigger if finding.timing.is_empty() => {
            "Limits how often the ability triggers; it names no point of the turn".into()
        }
        // "until you've begun your sixth turn of the game": a turn counted from the game's first.
        Kind::ObjectDuration if finding.rules.contains(&"500.1") => {
            "Lasts until its player begins the turn of the game it counts (500.1); it ends as that \
             turn begins, whichever turn of the game that is"
                .into()
        }
        Kind::ObjectDuration => {
            "Lasts while its condition holds or until its event happens; no fixed point of the turn \
             ends it"
                .into()
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
        // "skips each instance of the chosen step or phase this turn": a step or phase, but one
        // chosen as the game is played.
        Kind::TurnChange if finding.timing.is_empty() => {
            "Changes the turn at a step or phase chosen as the game is played; it names no fixed point of the turn".into()
        }
        _ if finding.timing.is_empty() => "Names no point of the turn".into(),
        Kind::CombatTrigger if finding.timing.iter().all(|p| p.role == Role::Triggers) => {
            combat_trigger(finding)
        }
        _ => match (bounded(finding), step_effect(finding, text)) {
            (Some(window), _) => bounded_window(&window),
            (None, Some(effect)) => capitalise(&effect),
            (None, None) if as_saga_enters(finding) => {
                let clauses: Vec<String> = finding.timing.iter().map(|p| clause(finding.kind, p, None)).collect();
                format!(
                    "Happens as the Saga enters the battlefield (714.3a), at no point of the turn; \
                     then {} (714.3b)",
                    clauses.join("; ")
                )
            }
            (None, None) => {
                let antecedent = finding
                    .antecedent
                    .map(|span| span.of(text))
                    .filter(|words| !words.is_empty());
                let mut clauses: Vec<String> = finding
                    .timing
                    .iter()
                    .map(|point| clause(finding.kind, point, antecedent))
                    .collect();
                // "If it's not your turn" keeps its negation: the moment lies outside the unit.
                // An extra turn's negation is its condition's ("not-extra-turn").
                if negated(&finding.phrase) && finding.conditions.is_empty() {
                    for clause in &mut clauses {
                        *clause = clause.replace(
                            "asks whether the moment lies in ",
                            "asks whether the moment lies outside ",
                        );
                    }
                }
                // "can't attack unless it's your turn": the word before the test makes it an
                // exception.
                if let Some(word) = exception_before(finding, text) {
                    clauses.push(format!(
                        "\"{word}\" before it makes it an exception: the rest of its sentence \
                         applies when the moment does not"
                    ));
                }
                // "skip that turn instead": only the turns its condition names (614.10).
                if finding
                    .caveats
                    .iter()
                    .any(|caveat| caveat.code == "skips-what-the-condition-names")
                {
                    for clause in &mut clauses {
                        clause.push_str(" that its condition names");
                    }
                }
                // "When you next cast a spell this turn": no point triggers it, its event does,
                // until the point it expires at (603.7b).
                let waits = finding.kind == Kind::DelayedTrigger
                    && !finding.timing.iter().any(|p| p.role == Role::Triggers);
                if waits {
                    clauses.insert(0, "triggers when its event happens (603.7b)".into());
                }
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

/// Whether a phrase's words deny what they test: "it's not your turn", "isn't your turn".
fn negated(phrase: &str) -> bool {
    phrase
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .any(|word| {
            let word = word.to_lowercase();
            word == "not" || word.ends_with("n't") || word.ends_with("n’t")
        })
}

/// "unless" or "except" just before a test of the moment ("can't block except during their
/// controller's turn"), in any case: the word as written.
fn exception_before<'t>(finding: &Finding, text: &'t str) -> Option<&'t str> {
    if !finding.timing.iter().any(|point| point.role == Role::Tests) {
        return None;
    }
    let before = text.get(..finding.span.start)?.trim_end();
    let word = before
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .filter(|word| !word.is_empty())?;
    ["unless", "except"]
        .iter()
        .any(|exception| word.eq_ignore_ascii_case(exception))
        .then_some(word)
}

/// Whether the player of a count of turns is "you": "your first, second, or third turn of the
/// game", "the number of turns you have begun". Without a player, the game's turns are counted.
fn counts_your_turns(finding: &Finding, text: &str) -> bool {
    let before = text
        .get(..finding.span.start)
        .unwrap_or_default()
        .trim_end()
        .to_lowercase();
    let phrase = finding.phrase.to_lowercase();
    before.ends_with("your") || phrase.contains(" you") || phrase.starts_with("your ")
}

/// What a reference with no point refers to, by the rule it stands on: a keyword that is a rule
/// about the turn says that rule; a phrase that counts or asks about the past says so.
fn reference(finding: &Finding, text: &str) -> String {
    let cites = |rule: &str| finding.rules.contains(&rule);
    if cites("702.10b") {
        return "Lets the creature attack, and activate its abilities with {T} or {Q} in their \
                costs, even if its controller has not controlled it continuously since their \
                most recent turn began (702.10b, 702.10c, 302.6); it names no point of the turn"
            .into();
    }
    if finding.rules.iter().any(|rule| checks_a_limit(rule)) {
        let within = if finding.phrase.to_lowercase().contains("each combat") {
            "each combat"
        } else {
            "each turn"
        };
        return format!(
            "Limits how many times it can happen within {within} ({}); it names no point of the \
             turn",
            finding.rules.join(", ")
        );
    }
    if !finding.conditions.is_empty() {
        return "Asks about the moment the ability is used; it names no point of the turn".into();
    }
    if cites("500.1") && counts_your_turns(finding, text) {
        return "Counts your turns, from your first turn of the game (500.1); it names no point of \
                the turn"
            .into();
    }
    if cites("500.1") {
        return "Counts turns from the first turn of the game (500.1); it names no point of the \
                turn"
            .into();
    }
    if cites("500.7") {
        return "Names an extra turn (500.7), a whole turn an effect adds; it names no point of \
                this turn"
            .into();
    }
    if cites("514.2") {
        return "Names the cleanup step's moment when damage wears off and \"until end of turn\" \
                effects end (514.2), as no point at which the ability acts"
            .into();
    }
    match named_part(&finding.phrase) {
        Some(part) => format!(
            "Refers to what happened in a turn or combat, or counts within one; it names \
             \"{part}\", but as no point at which the ability acts"
        ),
        None => "Refers to what happened in a turn or combat, or counts within one; it names no \
                 point of the turn"
            .into(),
    }
}

/// The words of a phrase from the first part of a turn it names, other than the turn or a combat
/// as a whole ("upkeep" of "your last upkeep", "at the beginning of this turn"): such a
/// reference does name a point of the turn, though not one it acts at.
fn named_part(phrase: &str) -> Option<&str> {
    timing_words(phrase).into_iter().find_map(|span| {
        let words = span.of(phrase).to_lowercase();
        let part = ["upkeep", "step", "phase", "beginning of", "end of"]
            .iter()
            .any(|part| words.contains(part));
        phrase.get(span.start..).filter(|_| part)
    })
}

/// "Triggers in a combat damage step in which this creature deals combat damage to a player": a
/// combat trigger fires only when its event happens (603.2): attackers or blockers being
/// declared (508.1m, 509.1i) or combat damage being dealt (510.3a), not each time the step
/// begins. The event is the phrase's own words after "when"/"whenever"; a keyword's phrase has
/// none, so its event is said by the step.
fn combat_trigger(finding: &Finding) -> String {
    let steps: Vec<String> = finding.timing.iter().map(one_of).collect();
    let event = event_words(&finding.phrase).map_or_else(
        || {
            // Frenzy: no block is declared for it (509.3g).
            if finding.rules.contains(&"509.3g") {
                return "blockers are declared and none blocks the creature".to_string();
            }
            let mut events: Vec<&str> = finding.timing.iter().map(|p| step_event(p.unit)).collect();
            events.dedup();
            events.join(" or ")
        },
        str::to_string,
    );
    let steps = steps.join(" or ");
    // "Whenever this creature enters or attacks": only part of the event is in combat.
    if event.to_lowercase().contains("enters") {
        return format!("Triggers when {event}; its combat event happens in {steps}");
    }
    format!("Triggers in {steps} in which {event}")
}

/// The words of a trigger event after its "when" or "whenever".
fn event_words(phrase: &str) -> Option<&str> {
    ["whenever ", "when "].iter().find_map(|word| {
        let head = phrase.get(..word.len())?;
        let rest = phrase.get(word.len()..)?.trim();
        (head.eq_ignore_ascii_case(word) && !rest.is_empty()).then_some(rest)
    })
}

/// What happens in a combat step that a combat trigger can wait for.
fn step_event(unit: Unit) -> &'static str {
    match unit {
        Unit::DeclareAttackers => "the attack its ability names is declared",
        Unit::DeclareBlockers => "the block its ability names is declared",
        Unit::CombatDamage => "the combat damage its ability names is dealt",
        _ => "the event its ability names happens",
    }
}

/// One unit among those that happen: "a declare attackers step of your turn".
fn one_of(point: &TimingPoint) -> String {
    match (point.occurrence, owner_possessive(point.owner)) {
        (Occurrence::Each, None) => format!("a {}", unit_name(point.unit)),
        (Occurrence::Each, Some(whose)) => {
            format!("a {} of {whose} turn", unit_name(point.unit))
        }
        _ => unit_phrase(point.unit, point.occurrence, point.owner),
    }
}

/// A Saga's reminder "As this Saga enters and after your draw step": a lore counter is put on it
/// as it enters (714.3a) as well as by the turn-based action of 714.3b, the finding's points.
fn as_saga_enters(finding: &Finding) -> bool {
    finding.kind == Kind::TurnBasedAction
        && finding.rules.contains(&"714.3b")
        && finding.phrase.to_lowercase().contains(" enters")
}

/// What a step effect does, in the words of the text before its phrase: "this creature doesn't
/// untap during each of your untap steps" (502.3); "this creature attacks each combat if able:
/// applies during ..." (a requirement, 508.1d, 509.1c). `None` where the text does not say it
/// there.
fn step_effect(finding: &Finding, text: &str) -> Option<String> {
    let [point] = finding.timing.as_slice() else {
        return None;
    };
    // Exert: the keyword action's own effect (701.43a), which its words do not spell out.
    if finding.kind == Kind::StepEffect && finding.rules.first() == Some(&"701.43a") {
        let unit = unit_phrase(point.unit, point.occurrence, point.owner);
        return Some(format!("it won't untap during {unit} (701.43a)"));
    }
    let phrase = finding.phrase.to_lowercase();
    let during = phrase.starts_with("during ");
    if finding.kind != Kind::StepEffect
        || point.role != Role::Applies
        || !(during || phrase.ends_with(" if able"))
    {
        return None;
    }
    // "If a creature would untap during your untap step, ...": the effect is in the words after.
    let after = text.get(finding.span.end..)?.trim_start();
    if after.starts_with(',') {
        return None;
    }
    let before = text.get(..finding.span.start)?;
    let effect = before
        .rsplit(['.', '\n', '(', ':', ';', '"', '\u{201c}', '\u{2014}'])
        .next()?
        .trim();
    let unit = unit_phrase(point.unit, point.occurrence, point.owner);
    (!effect.is_empty()).then(|| match during {
        true => format!("{effect} during {unit}"),
        false => format!("{effect} {}: applies during {unit}", finding.phrase),
    })
}

fn condition(condition: Condition) -> &'static str {
    match condition {
        Condition::StackEmpty => "only while the stack is empty",
        Condition::OncePerTurn => "at most once each turn",
        Condition::OutsideSorceryTiming => "when a sorcery couldn't have been cast",
        Condition::ExtraTurn => "when this turn is an extra turn",
        Condition::NotExtraTurn => "when this turn is not an extra turn",
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// "triggers as each of your upkeep steps begins"; `antecedent` is the phrase that named the
/// turn of a `that` point.
fn clause(kind: Kind, point: &TimingPoint, antecedent: Option<&str>) -> String {
    let role = match point.role {
        Role::Triggers => "triggers",
        Role::Expires => "expires",
        // An effect that lasts "during that player's next turn" (611.2a) starts to apply then;
        // only a window of casting or activating opens.
        Role::Opens if kind == Kind::Duration => "takes effect",
        Role::Opens => "opens",
        Role::Closes => "closes",
        Role::Skips => "skips",
        Role::Adds => "adds turns, phases or steps",
        Role::Applies => "applies",
        Role::Happens => "happens, as a turn-based action (no trigger, no stack),",
        Role::Tests => "asks whether the moment lies in",
        Role::Ends => "ends",
    };
    let unit = match point.occurrence {
        Occurrence::That => that_unit(point.unit, point.owner, antecedent),
        _ => unit_phrase(point.unit, point.occurrence, point.owner),
    };
    match (point.role, point.edge) {
        (Role::Skips, _) => format!("{role} {unit}"),
        (Role::Tests, Edge::Begin) => {
            format!("asks whether {} is about to begin", tested_unit(point))
        }
        (Role::Tests, _) => format!("{role} {}", tested_unit(point)),
        // 723.1d: the game skips straight to the cleanup step, which still happens.
        (Role::Ends, _) if point.unit == Unit::Turn => {
            format!("{role} {unit} at once: the game skips straight to its cleanup step")
        }
        // 723.2d: the game skips straight to the next phase.
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
    // A turn's one precombat main phase is its first main phase (505.1a): the first of a turn
    // is each one.
    let occurrence = match (unit, occurrence) {
        (Unit::PrecombatMain, Occurrence::First) => Occurrence::Each,
        _ => occurrence,
    };
    let name = unit_name(unit);
    let plural = plural_name(unit);
    let possessive = owner_possessive(owner);
    match (occurrence, possessive.as_deref()) {
        (Occurrence::This, None) => format!("this {name}"),
        (Occurrence::This, Some(whose)) if unit == Unit::Turn => {
            format!("this turn ({whose} turn)")
        }
        (Occurrence::This, Some(whose)) => format!("this {name} of {whose} turn"),
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
        (Occurrence::That, _) => that_unit(unit, owner, None),
        (Occurrence::Later, None) => format!("each {name} after the current turn"),
        (Occurrence::Later, Some(whose)) => format!("each of {whose} {plural} after this turn"),
    }
}

/// A unit of the turn an earlier phrase named: "that turn (your turn named before: \"At the
/// beginning of your next upkeep\")", "the end step of that turn (the turn named before)".
fn that_unit(unit: Unit, owner: Owner, antecedent: Option<&str>) -> String {
    // "That combat" or "that turn": a combat unit's antecedent may name either.
    let named = if unit.is_combat() {
        "turn or combat"
    } else {
        "turn"
    };
    let whose = owner_possessive(owner).unwrap_or_else(|| "the".to_string());
    let said = match antecedent {
        Some(words) => format!("{whose} {named} named before: \"{words}\""),
        None => format!("{whose} {named} named before"),
    };
    match unit {
        Unit::Turn => format!("that turn ({said})"),
        _ => format!("the {} of that {named} ({said})", unit_name(unit)),
    }
}

/// The unit a condition tests: "your turn", "the first combat phase of the turn".
fn tested_unit(point: &TimingPoint) -> String {
    let name = unit_name(point.unit);
    // A moment lies in one turn: "turns other than yours" asks for another player's.
    let whose = match point.owner {
        Owner::OtherPlayer => Some("another player's".to_string()),
        owner => owner_possessive(owner),
    };
    match (point.occurrence, whose) {
        (Occurrence::GameFirst, None) => format!("the first {name} of the game"),
        (Occurrence::GameFirst, Some(whose)) => format!("{whose} first {name} of the game"),
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

fn owner_possessive(owner: Owner) -> Option<String> {
    match owner {
        Owner::Any => None,
        Owner::You => Some("your".into()),
        Owner::Opponent => Some("an opponent's".into()),
        Owner::OtherPlayer => Some("each other player's".into()),
        _ => player_named(owner).map(|player| format!("{player}'s")),
    }
}

/// The one player an owner names whom the game shown does not fix as you or an opponent: "the
/// enchanted player", "its owner". `None` for any player, you, and opponents.
pub(super) fn player_named(owner: Owner) -> Option<&'static str> {
    match owner {
        Owner::Any | Owner::You | Owner::Opponent | Owner::OtherPlayer => None,
        Owner::ThatPlayer => Some("that player"),
        Owner::TargetPlayer => Some("the target player"),
        Owner::ChosenPlayer => Some("the chosen player"),
        Owner::DefendingPlayer => Some("the defending player"),
        Owner::Controller => Some("its controller"),
        Owner::ObjectOwner => Some("its owner"),
        Owner::EnchantedPlayer => Some("the enchanted player"),
        Owner::Monarch => Some("the monarch"),
        Owner::NamedPlayer => Some("the named player"),
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
    use super::{sentence, sentence_in};
    use crate::resolve::find_and_resolve;

    fn said(text: &str) -> String {
        let (findings, errors) = find_and_resolve(text);
        assert!(errors.is_empty() && findings.len() == 1, "{text}");
        sentence(&findings[0])
    }

    /// The sentence of each finding of `text`, read in `text`.
    fn said_in(text: &str) -> Vec<String> {
        let (findings, errors) = find_and_resolve(text);
        assert!(errors.is_empty(), "{text}");
        findings.iter().map(|f| sentence_in(f, text)).collect()
    }

    /// A reference says what it refers to: haste its rule (702.10b, 702.10c, 302.6), a count of
    /// turns 500.1, an extra turn named 500.7; only a phrase that counts or asks about the past
    /// "refers to what happened".
    #[test]
    fn a_reference_says_what_it_refers_to() {
        assert!(said("Haste").starts_with("Lets the creature attack, and activate its abilities"));
        assert!(said("Haste").contains("(702.10b, 702.10c, 302.6)"));
        assert!(
            said("If it's your first, second, or third turn of the game, draw a card.")
                .starts_with("Counts turns from the first turn of the game (500.1)")
        );
        assert!(
            said("If a player would begin an extra turn, draw a card.")
                .starts_with("Names an extra turn (500.7)")
        );
        assert!(
            said("This creature can't block creatures that attacked this turn.")
                .starts_with("Refers to what happened in a turn or combat")
        );
    }

    /// A negated test keeps its negation.
    #[test]
    fn a_negated_test_says_outside() {
        assert_eq!(
            said("If it's not your turn, draw a card."),
            "Asks whether the moment lies outside your turn."
        );
        assert_eq!(
            said("If it's your turn, draw a card."),
            "Asks whether the moment lies in your turn."
        );
    }

    /// Exert says what it does (701.43a), not only when it applies.
    #[test]
    fn exert_says_the_creature_wont_untap() {
        assert_eq!(
            said("You may exert this creature as it attacks."),
            "It won't untap during your next untap step (701.43a)."
        );
    }

    /// Every owner of the contract is said as itself, at every occurrence and role: never
    /// "your" for a player that is not you, and the player a point names is named.
    #[test]
    fn every_owner_is_said_as_itself_at_every_occurrence() {
        use super::player_named;
        use crate::model::{Edge, Finding, Kind, Occurrence, Owner, Role, Span, TimingPoint, Unit};
        let roles = [
            (Kind::Trigger, Role::Triggers, Edge::Begin),
            (Kind::Duration, Role::Expires, Edge::Cleanup),
            (Kind::Reference, Role::Tests, Edge::During),
            (Kind::StepEffect, Role::Applies, Edge::During),
            (Kind::TurnChange, Role::Skips, Edge::Begin),
            (Kind::TurnBasedAction, Role::Happens, Edge::Begin),
        ];
        for &owner in Owner::ALL {
            for &occurrence in Occurrence::ALL {
                for (kind, role, edge) in roles {
                    for unit in [Unit::Turn, Unit::Upkeep, Unit::Combat] {
                        // The first turn in a turn means nothing.
                        if unit == Unit::Turn && occurrence == Occurrence::First {
                            continue;
                        }
                        let point = TimingPoint::new(role, edge, unit, occurrence, owner);
                        let finding = Finding {
                            phrase: String::new(),
                            span: Span::new(0, 0),
                            kind,
                            timing: vec![point],
                            conditions: Vec::new(),
                            rules: Vec::new(),
                            caveats: Vec::new(),
                            antecedent: None,
                        };
                        let said = sentence(&finding);
                        let yours = said.contains("your");
                        assert_eq!(yours, owner == Owner::You, "{point}: {said}");
                        if let Some(player) = player_named(owner) {
                            assert!(said.contains(player), "{point}: {said}");
                        }
                        assert!(!said.contains("turn of the turn"), "{point}: {said}");
                        assert!(!said.contains("turn of that turn"), "{point}: {said}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_combat_trigger_fires_only_when_its_event_happens_603_2() {
        assert_eq!(
            said("Whenever this creature deals combat damage to a player, draw a card."),
            "Triggers in a combat damage step in which this creature deals combat damage to a \
             player."
        );
        assert_eq!(
            said("Whenever you attack with one or more Zombies, draw a card."),
            "Triggers in a declare attackers step of your turn in which you attack with one or \
             more Zombies."
        );
    }

    #[test]
    fn a_sagas_reminder_says_the_counter_as_it_enters_and_after_the_draw_step_714_3() {
        assert_eq!(
            said("(As this Saga enters and after your draw step, add a lore counter.)"),
            "Happens as the Saga enters the battlefield (714.3a), at no point of the turn; then \
             happens, as a turn-based action (no trigger, no stack), as each of your precombat \
             main phases begins (714.3b)."
        );
        // A read-ahead reminder has its own words for how the Saga enters (714.3a).
        assert_eq!(
            said(
                "(Choose a chapter and start with that many lore counters. Add one after your \
                 draw step. Skipped chapters don't trigger.)"
            ),
            "Happens, as a turn-based action (no trigger, no stack), as each of your precombat \
             main phases begins."
        );
    }

    #[test]
    fn a_reference_says_it_names_no_point_only_when_it_names_none() {
        assert_eq!(
            said("Flying. This creature can't block creatures that attacked this turn."),
            "Refers to what happened in a turn or combat, or counts within one; it names no \
             point of the turn."
        );
        let echo = said_in(
            "At the beginning of your upkeep, if this came under your control since the \
             beginning of your last upkeep, sacrifice it.",
        );
        assert!(
            echo.iter()
                .any(|said| said.contains("it names \"upkeep\", but as no point")),
            "{echo:?}"
        );
        assert!(
            !echo.iter().any(|said| said.contains("names no point")),
            "{echo:?}"
        );
    }

    #[test]
    fn a_combat_trigger_with_an_event_out_of_combat_says_both() {
        assert_eq!(
            said("Whenever this creature enters or attacks, draw a card."),
            "Triggers when this creature enters or attacks; its combat event happens in a \
             declare attackers step."
        );
    }

    #[test]
    fn a_step_effect_says_what_it_does_502_3() {
        assert_eq!(
            said_in("This creature doesn't untap during your untap step."),
            ["This creature doesn't untap during each of your untap steps."]
        );
        // A condition before the phrase is no effect, nor words of a quoted ability.
        assert_eq!(
            said_in(
                "If a creature you control would untap during your untap step, put a +1/+1 \
                 counter on it instead."
            )[0],
            "Applies during each of your untap steps."
        );
        assert_eq!(
            said_in(
                "Enchanted land has \"Untap this land during each other player's untap step.\""
            )[0],
            "Untap this land during each untap step of each other player's turn."
        );
        // Without the text, it says only where it applies.
        assert_eq!(
            said("This creature doesn't untap during your untap step."),
            "Applies during each of your untap steps."
        );
    }

    #[test]
    fn that_turn_is_the_turn_the_phrase_before_named_not_a_turn_of_a_turn() {
        let said = said_in(
            "{5}: At the beginning of your next upkeep, choose a basic land type. This creature \
             gains landwalk of the chosen type until the end of that turn.",
        );
        assert_eq!(
            said[1],
            "Expires in the cleanup step of that turn (your turn named before: \"At the \
             beginning of your next upkeep\"), when \"until end of turn\" effects end (514.2)."
        );
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
