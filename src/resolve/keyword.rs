//! Keyword abilities (CR 702): what a keyword's definition says, resolved with the very functions
//! that resolve the same words in card text, so a keyword and its reminder text mean the same.
//! The keyword's own rule is cited first.

use super::{CardKind, Meaning, action, caveats, duration, during, each_turn, trigger};
use super::{vocabulary, window};
use crate::model::{Occurrence, Owner, TimingPoint};
use crate::phrase::ast::{
    CombatTrigger, KeywordUse, OwnerWord, Place, Says, ThisUnit, TriggerPoint, Window, WindowActor,
};

/// Keywords whose meaning is a rule about the turn beyond their own rule: haste lets a creature
/// attack (702.10b) and use {T} and {Q} abilities (702.10c) though 302.6 would not.
const MORE_RULES: &[(&str, &[&str])] = &[
    ("Haste", &["702.10c", "302.6"]),
    // Its window: the conspiracy is turned face up any time you have priority (702.106c).
    ("Hidden agenda", &["702.106c"]),
    ("Double agenda", &["702.106c"]),
];

/// Keywords that are another ability on a permanent than on an instant or sorcery: the name, and
/// the rules on a permanent in place of the keyword's own. Ascend on a permanent is a static
/// ability (702.131b), and the blessing it gives a designation (702.131c), not the effect of a
/// resolving spell that lasts as stated (611.2a).
const ON_A_PERMANENT: &[(&str, &[&str])] = &[("Ascend", &["702.131b", "702.131c"])];

pub fn keyword(used: &KeywordUse, card: CardKind) -> Meaning {
    let mut meaning = says(used.keyword.name, used.says);
    let on_a_permanent = ON_A_PERMANENT
        .iter()
        .find(|(name, _)| *name == used.keyword.name)
        .map(|(_, rules)| *rules);
    let mut rules = match (on_a_permanent, card) {
        (Some(permanent), CardKind::Permanent) => {
            meaning.rules.retain(|rule| *rule != "611.2a");
            permanent.to_vec()
        }
        (Some(permanent), CardKind::Unknown) => {
            meaning = meaning.caveat(caveats::card_kind_unknown(used.keyword.name));
            [used.keyword.rule]
                .into_iter()
                .chain(permanent.iter().copied())
                .collect()
        }
        _ => vec![used.keyword.rule],
    };
    rules.extend(
        MORE_RULES
            .iter()
            .filter(|(name, _)| *name == used.keyword.name)
            .flat_map(|(_, rules)| rules.iter().copied()),
    );
    rules.extend(
        meaning
            .rules
            .iter()
            .filter(|rule| **rule != used.keyword.rule),
    );
    // "Your" in the definition is the holder's (109.5): a granted keyword's turns are those of
    // the object's controller, or of its owner when it has none.
    let holder = vocabulary::owner(Some(used.holder));
    let timing = meaning
        .timing
        .iter()
        .map(|point| match point.owner {
            Owner::You => TimingPoint {
                owner: holder,
                ..*point
            },
            _ => *point,
        })
        .collect();
    if used.holder != OwnerWord::Your && timing != meaning.timing {
        rules.push("109.5");
    }
    Meaning {
        rules,
        timing,
        ..meaning
    }
}

fn says(name: &str, says: &Says) -> Meaning {
    match says {
        Says::Trigger(unit_ref) => {
            trigger::at_point(&TriggerPoint::Beginning(*unit_ref), place(true), false)
        }
        Says::Delayed(point) => trigger::at_point(point, place(false), false),
        Says::Combat(event) => trigger::combat(CombatTrigger {
            event: *event,
            by_player: false,
            attacker: None,
            other_events: false,
            this_turn: false,
            this_combat: false,
            next: false,
            during: None,
        }),
        // The keyword's own verb restricts: an activated ability's, or a special action's (plot).
        Says::Window(time, once_each_turn) => window::window(&Window {
            actor: WindowActor::Keyword(name.to_string()),
            time: *time,
            once_each_turn: *once_each_turn,
            bound: None,
            twice_each_turn: false,
        }),
        Says::Until(until) => duration::until(until),
        Says::While(condition) => duration::while_condition(*condition),
        Says::ThisTurn(clause) => duration::this_turn_clause(*clause, ThisUnit::Turn, false),
        Says::Action(action) => action::turn_based_action(action),
        // As the untap step begins, after phasing, it may become day or night (502.2), and a
        // permanent with daybound or nightbound transforms (702.145b, 702.145e). It happens in
        // every player's untap step, and the game's day or night is no one's.
        Says::DayNight => action::day_night_change(Occurrence::Each).rule("730.2"),
        Says::During(unit_ref) => during::during_unit(unit_ref),
        Says::EachTurn(each) => each_turn::each_turn(*each, ""),
        Says::Later(by) => window::later_turn(*by),
    }
}

/// Where the definition's trigger stands: a printed one opens its ability, a delayed one is in
/// an effect (603.7).
fn place(printed: bool) -> Place {
    Place {
        ability: 0,
        opens_ability: printed,
        in_quotes: false,
        in_reminder: false,
    }
}
