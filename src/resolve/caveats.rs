//! The caveats the resolver raises: things about a phrase that depend on how the turn goes. Each
//! has a stable code and the rule it comes from.

use crate::model::Caveat;
use crate::phrase::ast::{DesignerWording, UnitName, Wording};

fn caveat(code: &'static str, rule: &'static str, message: &str) -> Caveat {
    Caveat {
        code,
        rule,
        message: message.to_string(),
    }
}

/// A "next end step" delayed trigger, or a permanent's end step trigger, that comes into being
/// during an end step waits for the next turn's end step.
pub fn created_during_end_step() -> Caveat {
    caveat(
        "created-during-end-step",
        "513.2",
        "created during an end step, it waits for the next turn's end step",
    )
}

/// A delayed trigger with the stated duration "this combat" triggers each time until the combat
/// ends.
pub fn only_this_combat() -> Caveat {
    caveat(
        "only-this-combat",
        "603.7b",
        "it states the duration \"this combat\": it triggers each time this combat, and not after",
    )
}

/// "twice each turn" limits activations to two a turn; the contract's condition names only once.
pub fn twice_each_turn() -> Caveat {
    caveat(
        "twice-each-turn",
        "602.5b",
        "it can be activated at most twice each turn",
    )
}

/// "Gift an extra turn": the turn is added only if the gift was promised (702.174b).
pub fn only_if_gift_promised() -> Caveat {
    caveat(
        "only-if-gift-promised",
        "702.174b",
        "only if its controller promised the gift as the spell was cast; the chosen opponent takes the extra turn",
    )
}

/// Foretell and warp say on which turns a card may be cast, not when in them: a card that is
/// no instant and has no flash still waits for its owner's main phase with the stack empty.
pub fn own_timing_still_applies() -> Caveat {
    caveat(
        "own-timing-still-applies",
        "307.1",
        "a card cast this way keeps its own timing: unless it is an instant or has flash, only in its owner's main phase while the stack is empty",
    )
}

/// "loyalty abilities of this planeswalker twice each turn": 606.3's limit of one is two.
pub fn loyalty_twice_each_turn() -> Caveat {
    caveat(
        "loyalty-twice-each-turn",
        "606.3",
        "two loyalty abilities of each permanent it names may be activated each turn, in place of one; each still in a main phase of its controller's turn with the stack empty",
    )
}

/// "This ability triggers only twice each turn": at most two times, counted within each turn.
pub fn triggers_twice_each_turn() -> Caveat {
    caveat(
        "triggers-twice-each-turn",
        "603.2h",
        "it triggers at most twice each turn; later events that turn trigger nothing",
    )
}

/// "The next time ... would deal damage ... this turn": a prevention shield ends once it has
/// prevented the damage it names, if that comes before cleanup (615.3).
pub fn ends_when_used() -> Caveat {
    caveat(
        "ends-when-used",
        "615.3",
        "a prevention shield: it also ends as soon as it has prevented the damage it names",
    )
}

/// A keyword that is another ability on a permanent than on an instant or sorcery, on a text of
/// no known type: both rules are cited (ascend, 702.131a and 702.131b).
pub fn card_kind_unknown(keyword: &str) -> Caveat {
    caveat(
        "card-type-unknown",
        "702.131b",
        &format!(
            "{keyword} is a spell ability on an instant or sorcery and a static ability on a permanent; the card's type is not known here (`explain --type`)"
        ),
    )
}

/// Loyalty abilities given an instant's timing: 606.3 still allows one a turn.
pub fn loyalty_once_each_turn() -> Caveat {
    caveat(
        "loyalty-once-each-turn",
        "606.3",
        "only the timing changes: a player still activates at most one loyalty ability of each permanent each turn",
    )
}

/// A permanent's end step trigger does not fire in the end step the permanent entered in.
pub fn entered_during_end_step() -> Caveat {
    caveat(
        "entered-during-end-step",
        "513.2",
        "a permanent that enters during an end step does not trigger in that end step; it first triggers in the next end step its ability names",
    )
}

/// "When you next attack this turn": a delayed trigger that waits for one event fires once, and
/// never if the event does not happen while it waits.
pub fn triggers_once() -> Caveat {
    caveat(
        "triggers-once",
        "603.7b",
        "it triggers only once, the next time the event happens, and not at all if it does not happen this turn",
    )
}

/// "You get an additional step": on another player's turn the effect adds nothing.
pub fn not_on_another_players_turn() -> Caveat {
    caveat(
        "not-on-another-players-turn",
        "500.10a",
        "\"you get\" adds the step only to your own turn: on another player's turn it adds nothing",
    )
}

/// A delayed trigger with the stated duration "this turn" triggers each time until the turn ends.
pub fn only_this_turn() -> Caveat {
    caveat(
        "only-this-turn",
        "603.7b",
        "it states the duration \"this turn\": it triggers each time this turn, and not after",
    )
}

/// A trigger with several trigger events, only some of which are points of the turn.
pub fn other_trigger_events() -> Caveat {
    caveat(
        "other-trigger-events",
        "603.2",
        "it also triggers on another event (such as entering or dying), which is no point of the turn",
    )
}

/// An additional step after a phase creates that phase with its other steps skipped.
pub fn phase_created_for_step() -> Caveat {
    caveat(
        "phase-created-for-step",
        "500.10",
        "the step comes in a new phase of its own kind, whose other steps are skipped",
    )
}

/// A trigger or window tied to combat happens once per combat phase.
pub fn each_combat_phase() -> Caveat {
    caveat(
        "each-combat-phase",
        "500.8",
        "one per combat phase when there are several",
    )
}

/// "before [a point in combat]" looks only at the first combat phase.
pub fn first_combat_only() -> Caveat {
    caveat(
        "first-combat-only",
        "506.7d",
        "first combat only: with additional combat phases, the stated point of the first one counts",
    )
}

/// "before combat or during combat before blockers are declared" closes in the first combat
/// phase, and opens again in each later one: "during combat" windows are open in any of them.
pub fn later_combats_before_blockers() -> Caveat {
    caveat(
        "later-combats-before-blockers",
        "506.7c",
        "with additional combat phases, the window opens again in each later one until its blockers are declared",
    )
}

/// What can take away the point a "before" window closes at (506.7e), and so which of 506.7e's
/// two cases can move where the window closes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissingPoint {
    /// A point in the declare blockers or combat damage step ("before blockers are declared"):
    /// 508.8 skips those steps when no creature attacks, and the combat phase itself may be
    /// skipped (500.11).
    StepOrCombat,
    /// The combat phase, or a step every combat phase has ("before attackers are declared",
    /// "before the end of combat step", 506.1, 506.7a): only a skipped combat phase takes it away.
    Combat,
    /// A window open only during combat that closes at the declare blockers step ("during combat
    /// before blockers are declared"): a skipped combat phase has no window to close (506.7c), so
    /// only a skipped declare blockers step moves its close.
    Step,
}

/// The point a "before" window names may not exist; the message names only the cases that can
/// take that point away.
pub fn point_may_be_skipped(missing: MissingPoint) -> Caveat {
    let message = match missing {
        MissingPoint::StepOrCombat => {
            "if the declare blockers and combat damage steps are skipped, the window closes as the declare attackers step ends; if combat is skipped, as the precombat main phase ends"
        }
        MissingPoint::Combat => {
            "if the combat phase is skipped, the window closes as the precombat main phase ends"
        }
        MissingPoint::Step => {
            "if the declare blockers step is skipped (no attackers, 508.8), the window closes as the declare attackers step ends"
        }
    };
    caveat("point-may-be-skipped", "506.7e", message)
}

/// "during combat after blockers are declared" never opens in a combat without blockers step.
pub fn no_window_without_blockers_step() -> Caveat {
    caveat(
        "no-window-without-blockers-step",
        "506.7f",
        "no window in a combat phase whose declare blockers step is skipped (no attackers, 508.8)",
    )
}

/// "Whenever ~ attacks" does not fire for a creature put onto the battlefield attacking.
pub fn not_when_put_onto_battlefield_attacking() -> Caveat {
    caveat(
        "not-when-put-onto-battlefield-attacking",
        "508.3a",
        "does not trigger for a creature put onto the battlefield attacking",
    )
}

/// "attacks and isn't blocked" also fires for a creature put onto the battlefield attacking.
pub fn also_when_put_onto_battlefield_attacking() -> Caveat {
    caveat(
        "also-when-put-onto-battlefield-attacking",
        "509.3g",
        "unlike \"attacks\", it also triggers for a creature put onto the battlefield attacking",
    )
}

/// With first or double strike there are two combat damage steps.
pub fn two_combat_damage_steps() -> Caveat {
    caveat(
        "two-combat-damage-steps",
        "510.4",
        "with first or double strike there are two combat damage steps; it triggers in each one in which the creature deals combat damage",
    )
}

/// "at end of turn" is the obsolete wording of an end step trigger.
pub fn obsolete_end_of_turn(delayed: bool) -> Caveat {
    let message = if delayed {
        "obsolete wording: \"at end of turn\" in an effect now reads \"at the beginning of the next end step\""
    } else {
        "obsolete wording: printed \"at end of turn\" now reads \"at the beginning of the end step\""
    };
    caveat("obsolete-wording", "513.1a", message)
}

/// The caveat of an old or nonstandard wording the grammar marked.
pub fn wording(wording: Wording) -> Caveat {
    match wording {
        Wording::OldStepName(name) => old_step_name(name),
        Wording::PlayVerb | Wording::PlayForCast => obsolete_play(),
        Wording::ActivateThisAbility => caveat(
            "nonstandard-wording",
            "602.5b",
            "the current wording is \"Activate only\"",
        ),
        Wording::AnyTimeSorcery => caveat(
            "obsolete-wording",
            "307.5",
            "older wording: \"any time you could cast a sorcery\" now reads \"as a sorcery\"",
        ),
        Wording::OncePerTurn => caveat(
            "nonstandard-wording",
            "602.5b",
            "the standard wording is \"once each turn\"",
        ),
        Wording::UntilTheEndOfTurn => nonstandard_until_the_end_of_turn(),
        Wording::AtTheEndOfCombat => at_the_end_of_combat(),
        Wording::NextSeveral => caveat(
            "several-units",
            "500.11",
            "names several units from the next one on; the timing shows the first of them",
        ),
        Wording::LooseTrigger => caveat(
            "nonstandard-wording",
            "603.1",
            "read as \"at the beginning of\" that step, the standard wording of this trigger",
        ),
        Wording::Designer(designer) => designer_wording(designer),
    }
}

/// A designer's wording, read as the template it stands for.
fn designer_wording(wording: DesignerWording) -> Caveat {
    let (rule, message) = match wording {
        DesignerWording::AtTheStartOf => (
            "603.1",
            "read as \"at the beginning of\", the template of this trigger",
        ),
        DesignerWording::YourOpponent => (
            "102.3",
            "read as \"an opponent's\", the template that also holds in a multiplayer game",
        ),
        DesignerWording::OnInWindow => ("602.5b", "read as \"during\", the template of a window"),
        DesignerWording::UntilEndOfTurn => (
            "514.2",
            "read as \"until end of turn\", the template of a duration that ends in the cleanup step",
        ),
        DesignerWording::UntilEndOfCombat => (
            "511.2",
            "read as \"until end of combat\", the template of a duration that ends with the end of combat step",
        ),
        DesignerWording::CombatStep => (
            "507.1",
            "there is no combat step: read as the beginning of combat on that turn, whose first step is the beginning of combat step",
        ),
        DesignerWording::UpkeepShorthand => (
            "603.1",
            "read as \"At the beginning of your upkeep,\", the template of this trigger",
        ),
        DesignerWording::EndOfTurnTrigger => (
            "513.1a",
            "read as \"at the beginning of\" the end step, the template of this trigger",
        ),
        DesignerWording::VerbMoment => (
            "603.1",
            "a moment named by a verb: read as the template's point (a turn begins with its untap step, a turn's end is its end step, a combat begins with its beginning of combat step)",
        ),
        DesignerWording::TurnEnds => (
            "513.1a",
            "read as \"at the beginning of\" the end step, the template of this trigger; a turn whose end step is skipped still ends, and then this trigger does not (723.1e)",
        ),
        DesignerWording::InstantSpeedSpell => (
            "702.8a",
            "read as flash, the keyword that lets a spell be cast any time its controller could cast an instant",
        ),
        DesignerWording::InstantSpeed => (
            "304.5",
            "read as \"as an instant\", the template of this window",
        ),
        DesignerWording::SorcerySpeed => (
            "307.5",
            "read as \"as a sorcery\", the template of this window",
        ),
        DesignerWording::AtEachStep => (
            "603.1",
            "read as \"at the beginning of each\" step, the template of this trigger",
        ),
        DesignerWording::OnlyOne => (
            "101.2",
            "read as \"can't ... more than one\", the template of a limit: a \"can't\" overrides any effect that allows more",
        ),
    };
    caveat("designer-wording", rule, message)
}

/// A step's name from older rules: the untap, upkeep and draw steps were phases, and the end step
/// was the "end of turn step".
fn old_step_name(name: UnitName) -> Caveat {
    let (rule, message) = match name {
        UnitName::Untap => (
            "501.1",
            "obsolete wording: the untap phase is now the untap step",
        ),
        UnitName::Upkeep => (
            "501.1",
            "obsolete wording: the upkeep phase is now the upkeep step",
        ),
        UnitName::Draw => (
            "501.1",
            "obsolete wording: the draw phase is now the draw step",
        ),
        UnitName::EndingPhase => (
            "512.1",
            "obsolete wording: the end phase is now the ending phase",
        ),
        _ => (
            "512.1",
            "obsolete wording: the end of turn step is now the end step",
        ),
    };
    caveat("obsolete-wording", rule, message)
}

/// "skips that turn instead" skips each turn its "if" clause names, which the point does not say.
pub fn skips_what_the_condition_names() -> Caveat {
    caveat(
        "skips-what-the-condition-names",
        "614.10",
        "a replacement effect: it skips each turn its condition names (\"if a player would begin an extra turn\"), not every turn",
    )
}

/// "at end of turn" saying when something ends: the cleanup step's moment, in old wording.
pub fn end_of_turn_statement() -> Caveat {
    caveat(
        "obsolete-wording",
        "514.2",
        "obsolete wording: \"at end of turn\" here is the moment in the cleanup step when damage wears off and \"until end of turn\" effects end",
    )
}

/// "Play this ability only" is the obsolete wording of "Activate only".
pub fn obsolete_play() -> Caveat {
    caveat(
        "obsolete-wording",
        "602.5d",
        "obsolete wording: \"play\" an ability now reads \"activate\"",
    )
}

/// "until the end of turn" is a nonstandard spelling of "until end of turn".
pub fn nonstandard_until_the_end_of_turn() -> Caveat {
    caveat(
        "nonstandard-wording",
        "500.5b",
        "the standard wording is \"until end of turn\"",
    )
}

/// With additional combat phases a turn has several postcombat main phases.
pub fn several_postcombat_main_phases() -> Caveat {
    caveat(
        "several-postcombat-main-phases",
        "505.1a",
        "with an additional combat phase and main phase, the turn has several postcombat main phases",
    )
}

/// An added main phase is a postcombat main phase.
pub fn added_main_is_postcombat() -> Caveat {
    caveat(
        "added-main-is-postcombat",
        "505.1a",
        "the added main phase is postcombat",
    )
}

/// An extra turn that replaces another is taken where the replaced one would have been.
pub fn extra_turn_in_place() -> Caveat {
    caveat(
        "extra-turn-in-place",
        "614.1a",
        "the extra turn replaces another: it is taken where the replaced extra turn would have been, which may be after a later turn",
    )
}

/// No player gets priority in the untap step.
pub fn untap_has_no_priority() -> Caveat {
    caveat(
        "no-priority-in-untap",
        "502.4",
        "no player gets priority during the untap step: nothing can be cast or activated then, and abilities that trigger wait for the upkeep",
    )
}

/// Players get priority in a cleanup step only when something happens in it.
pub fn cleanup_rarely_has_priority() -> Caveat {
    caveat(
        "no-priority-in-cleanup",
        "514.3",
        "normally no player gets priority during the cleanup step; only when state-based actions or triggers happen there (514.3a)",
    )
}

/// An ability that triggers in a cleanup step gives players priority, and another cleanup step
/// follows.
pub fn repeats_cleanup() -> Caveat {
    caveat(
        "repeats-cleanup",
        "514.3a",
        "players get priority in that cleanup step, and another cleanup step follows",
    )
}

/// "after [a player's] upkeep" in a turn with several upkeeps.
pub fn after_first_upkeep() -> Caveat {
    caveat(
        "after-first-upkeep",
        "503.2",
        "with several upkeep steps, the window opens after the first one ends",
    )
}

/// An upkeep trigger triggers as each upkeep step begins, extra ones included.
pub fn each_upkeep_step() -> Caveat {
    caveat(
        "each-upkeep-step",
        "500.9",
        "one trigger each time an upkeep step begins: an additional upkeep step triggers it again",
    )
}

/// "at the end of combat" is the nonstandard spelling of "at end of combat".
pub fn at_the_end_of_combat() -> Caveat {
    caveat(
        "nonstandard-wording",
        "511.2",
        "the standard wording is \"at end of combat\"",
    )
}

/// "End the turn" skips the end step: its "at the beginning of the end step" abilities don't
/// trigger.
pub fn ends_the_turn() -> Caveat {
    caveat(
        "end-step-skipped",
        "723.1e",
        "the game skips straight to the cleanup step: \"at the beginning of the end step\" abilities don't trigger",
    )
}

/// "End the combat phase" skips the end of combat step: its "at end of combat" abilities don't
/// trigger.
pub fn ends_the_combat_phase() -> Caveat {
    caveat(
        "end-of-combat-skipped",
        "723.2e",
        "the game skips straight to the next phase: \"at end of combat\" abilities don't trigger, and outside combat nothing happens (723.2g)",
    )
}
