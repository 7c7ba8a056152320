//! Resolving phrases into findings: each phrase by its form, with the caveats of its marked
//! wordings, then each `that` against the phrase it refers back to.

use super::{CardKind, Meaning, action, antecedent, caveats, duration, during, each_turn, keyword};
use super::{trigger, turn_change, window};
use crate::model::{Condition, Edge, Finding, Kind, Occurrence, Owner, Role, TimingPoint, Unit};
use crate::phrase::ast::{DesignerWording, ExtraTurnTest, Form, Phrase, Wording};

/// Resolves one phrase found in `text` into its finding.
pub fn resolve(text: &str, phrase: &Phrase) -> Finding {
    resolve_on(text, phrase, CardKind::Unknown)
}

/// [`resolve`] on a card of kind `card`.
fn resolve_on(text: &str, phrase: &Phrase, card: CardKind) -> Finding {
    let meaning = phrase
        .marks
        .iter()
        .fold(meaning(text, phrase, card), |meaning, mark| {
            let meaning = meaning.caveat(caveats::wording(mark.wording));
            // "a turn ends" is read as the end step's trigger on the strength of 513.1a.
            if mark.wording == Wording::Designer(DesignerWording::TurnEnds) {
                meaning.rule("513.1a")
            } else {
                meaning
            }
        });
    Finding {
        phrase: phrase.span.of(text).to_string(),
        span: phrase.span,
        kind: meaning.kind,
        timing: meaning.timing,
        conditions: meaning.conditions,
        rules: meaning.rules,
        caveats: meaning.caveats,
        antecedent: None,
    }
}

/// Resolves the phrases of one card text, in text order: each on its own, then every `that`
/// occurrence against the earlier phrase of its ability that named its turn or combat.
pub fn resolve_all(text: &str, phrases: &[Phrase]) -> Vec<Finding> {
    resolve_all_on(text, phrases, CardKind::Unknown)
}

/// [`resolve_all`] of the text of a card of kind `card`.
pub fn resolve_all_on(text: &str, phrases: &[Phrase], card: CardKind) -> Vec<Finding> {
    let mut findings: Vec<Finding> = phrases
        .iter()
        .map(|phrase| resolve_on(text, phrase, card))
        .collect();
    antecedent::link(phrases, &mut findings);
    antecedent::link_skipped_turns(phrases, &mut findings);
    findings
}

/// Finds and resolves every phrase of a card text.
pub fn find_and_resolve(text: &str) -> (Vec<Finding>, Vec<crate::phrase::FindError>) {
    find_and_resolve_named(text, &crate::phrase::CardName::none(), CardKind::Unknown)
}

/// [`find_and_resolve`] of the text of the card `name` of kind `card`: its name in its text is
/// the card.
pub fn find_and_resolve_named(
    text: &str,
    name: &crate::phrase::CardName,
    card: CardKind,
) -> (Vec<Finding>, Vec<crate::phrase::FindError>) {
    let found = crate::phrase::find_named(text, name);
    (resolve_all_on(text, &found.phrases, card), found.errors)
}

fn meaning(text: &str, phrase: &Phrase, card: CardKind) -> Meaning {
    match &phrase.form {
        Form::AtPoint { point, this_turn } => trigger::at_point(point, phrase.place, *this_turn),
        Form::Combat(trigger) => trigger::combat(*trigger),
        Form::Until(until) => duration::until(until),
        Form::WhileCondition(condition) => duration::while_condition(*condition),
        Form::PhasedOutUntil(condition) => duration::while_condition(*condition).phased_out(),
        Form::ThisSpan { clause, unit } => {
            duration::this_turn_clause(*clause, *unit, phrase.place.opens_ability)
        }
        Form::EachTurn(each) => each_turn::each_turn(*each, clause_to(text, phrase.span.end)),
        Form::RepeatUntil | Form::Mention => Meaning::new(Kind::NotTiming),
        Form::ExtraTurnMention(test) => extra_turn_test(*test),
        // Turns counted from the game's first (500.1: a turn is the unit they are counted in).
        Form::TurnsCounted => Meaning::new(Kind::Reference).rule("500.1"),
        Form::Condition => Meaning::new(Kind::NotTiming).rule("602.5b"),
        Form::EndOfTurnStatement => Meaning::new(Kind::Reference)
            .rule("514.2")
            .caveat(caveats::end_of_turn_statement()),
        Form::StepMention => Meaning::new(Kind::Reference),
        Form::SkipDraw => Meaning::new(Kind::NotTiming).rule("614.1b"),
        Form::During(unit_ref) => duration::during(unit_ref),
        Form::DuringUnit(unit_ref) => during::during_unit(unit_ref),
        Form::WouldBegin(unit_ref) => during::would_begin(unit_ref),
        Form::LastUnit => Meaning::new(Kind::Reference),
        Form::GameEndTest => Meaning::new(Kind::Reference)
            .point(TimingPoint::new(
                Role::Tests,
                Edge::End,
                Unit::Game,
                Occurrence::This,
                Owner::Any,
            ))
            .rule("104.1"),
        Form::TurnBasedAction(action) => action::turn_based_action(action),
        // "it becomes night next turn": in the next turn's untap step.
        Form::DayNightNextTurn => action::day_night_change(Occurrence::NextTurn).rule("730.2a"),
        Form::Window(window) => window::window(window),
        Form::TurnChange(change) => turn_change::turn_change(change),
        Form::Keyword(used) => keyword::keyword(used, card),
        Form::EachTurnBegins => Meaning::new(Kind::TurnBasedAction).point(TimingPoint::new(
            Role::Happens,
            Edge::Begin,
            Unit::Turn,
            Occurrence::Each,
            Owner::Any,
        )),
        Form::LaterTurn(by) => window::later_turn(*by),
        Form::FlashPermission { .. } => window::flash_permission(),
        Form::OutsideSorceryTiming => Meaning::new(Kind::Reference)
            .condition(Condition::OutsideSorceryTiming)
            .rule("307.5")
            .rule("307.5a"),
        Form::Unknown => Meaning::new(Kind::Unknown),
    }
}

/// An extra turn named (500.7): a test of this turn where the words ask whether it is one.
fn extra_turn_test(test: ExtraTurnTest) -> Meaning {
    let meaning = Meaning::new(Kind::Reference).rule("500.7");
    let condition = match test {
        ExtraTurnTest::Named => return meaning,
        ExtraTurnTest::IsExtra => Condition::ExtraTurn,
        ExtraTurnTest::IsNotExtra => Condition::NotExtraTurn,
    };
    meaning
        .point(TimingPoint::new(
            Role::Tests,
            Edge::During,
            Unit::Turn,
            Occurrence::This,
            Owner::Any,
        ))
        .condition(condition)
}

/// The clause of `text` that ends at byte `end`: from the last mark of a sentence or clause
/// before it ("Activate no more than twice each turn" of "{1}: Draw a card. Activate no more than
/// twice each turn").
fn clause_to(text: &str, end: usize) -> &str {
    let before = text.get(..end).unwrap_or(text);
    before
        .char_indices()
        .rev()
        .find(|&(_, c)| matches!(c, '.' | '\n' | ';' | ':' | '(' | '"' | '\u{201c}'))
        .map_or(before, |(mark, c)| &before[mark + c.len_utf8()..])
}

#[cfg(test)]
mod tests {
    use super::{CardKind, resolve_all_on};

    fn rules_of_ascend(card: CardKind) -> Vec<&'static str> {
        let text = "Ascend (If you control ten or more permanents, you get the city's blessing for the rest of the game.)";
        let found = crate::phrase::find(text);
        let findings = resolve_all_on(text, &found.phrases, card);
        findings[0].rules.clone()
    }

    /// Ascend is a static ability on a permanent (702.131b, 702.131c) and a spell ability on an
    /// instant or sorcery, whose effect lasts as stated (702.131a, 611.2a); on a text of no known
    /// type both are cited.
    #[test]
    fn ascend_cites_the_rule_of_its_card() {
        let kind = |line| CardKind::of_type_line(Some(line));
        assert_eq!(
            rules_of_ascend(kind("Creature — Vampire Knight")),
            ["702.131b", "702.131c"]
        );
        assert_eq!(rules_of_ascend(kind("Sorcery")), ["702.131a", "611.2a"]);
        assert_eq!(
            rules_of_ascend(CardKind::Unknown),
            ["702.131a", "702.131b", "702.131c", "611.2a"]
        );
        assert_eq!(
            CardKind::of_type_line(Some("Tribal Instant — Elf")),
            CardKind::InstantOrSorcery
        );
        assert_eq!(CardKind::of_type_line(Some("Scheme")), CardKind::Unknown);
        assert_eq!(CardKind::of_type_line(None), CardKind::Unknown);
    }

    /// The canonical points and the rules of every finding of `text`.
    fn read(text: &str) -> Vec<(String, Vec<&'static str>)> {
        crate::resolve::find_and_resolve(text)
            .0
            .iter()
            .map(|finding| (finding.canonical(), finding.rules.clone()))
            .collect()
    }

    /// A limit counted within each turn or combat cites the rule that checks what it limits, by
    /// the verb of its clause.
    #[test]
    fn a_limit_cites_the_rule_of_what_it_limits() {
        for (text, rules) in [
            (
                "{1}: Draw a card. Activate no more than twice each turn.",
                &["602.5b"][..],
            ),
            (
                "No more than one creature can attack you each combat.",
                &["508.1c"],
            ),
            (
                "This creature can block an additional creature each combat.",
                &["509.1a", "509.1b"],
            ),
            ("You may play an additional land each turn.", &["305.2"]),
            (
                "Each player can't cast more than one spell each turn.",
                &["101.2"],
            ),
            (
                "It has “{T}: Draw a card. Activate no more than twice each turn.”",
                &["602.5b"],
            ),
        ] {
            let findings = read(text);
            assert_eq!(
                findings.last().map(|(_, rules)| rules.as_slice()),
                Some(rules),
                "{text}"
            );
        }
    }

    /// A plotted card is cast in its owner's main phase with the stack empty, on a later turn
    /// (702.170d); foretell gives only the turn, the card keeps its own timing (307.1).
    #[test]
    fn plot_opens_its_owners_later_main_phases() {
        let plot = read("Plot {2}{R}");
        assert!(
            plot.iter().any(|(canonical, rules)| {
                canonical == "opens begin(main, later, you); closes end(main, later, you)"
                    && rules.contains(&"702.170d")
            }),
            "{plot:?}"
        );
        let foretell = crate::resolve::find_and_resolve("Foretell {1}{U}").0;
        assert!(foretell.iter().any(|finding| {
            finding.canonical() == "opens begin(turn, later, any)"
                && finding
                    .caveats
                    .iter()
                    .any(|caveat| caveat.code == "own-timing-still-applies")
        }));
    }

    /// Loyalty abilities twice each turn are 606.3's window with a count of two; a trigger twice
    /// each turn is a trigger's limit, no window; "Gift an extra turn" adds a turn.
    #[test]
    fn counts_of_two_and_gifts_are_read_by_what_they_count() {
        assert_eq!(
            read(
                "You may activate the loyalty abilities of planeswalkers you control twice each turn rather than only once."
            ),
            [(
                "opens begin(main, each, you); closes end(main, each, you)".to_string(),
                vec!["606.3"]
            )]
        );
        let nadu =
            crate::resolve::find_and_resolve("This ability triggers only twice each turn.").0;
        assert_eq!(nadu[0].kind, crate::model::Kind::Trigger);
        assert_eq!(read("Gift an extra turn")[0].0, "adds end(turn, this, any)");
    }
}
