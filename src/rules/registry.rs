//! The registry: every rule in code order, the lint rules first, and the rules looked up by code
//! or name.

use super::input::{
    INVALID_CONFIG, MALFORMED_INPUT, NO_CARD_FOUND, TOO_MANY_FINDINGS, UNREADABLE_FILE,
    UNREADABLE_TEXT, UNWRITABLE_FILE,
};
use super::input_notes::{
    LEGACY_ENCODING, NOT_A_CARD_FILE, UNKNOWN_SUPPRESSION, UNREAD_FIELD, UNUSED_ALLOW,
};
use super::{
    Lint, RuleInfo, activate_this_ability, after_upkeep_window, at_the_end_of_combat,
    at_the_start_of, cast_window_at_sorcery_speed, combat_step, contradictory_windows,
    delayed_end_step, designer_duration, designer_moment, end_of_turn_trigger, equip_as_an_instant,
    first_combat_only, instant_cast_as_sorcery, limit_wording, loose_step_trigger,
    misspelled_timing_phrase, next_end_step_from_end_step, obsolete_end_of_turn,
    obsolete_play_verb, obsolete_step_name, once_per_turn, only_on_turn, precombat_main_phase,
    reminder_disagrees_with_keyword, second_main_phase, skippable_window_point,
    sorcery_timing_wording, speed_wording, unknown_timing_phrase, until_the_end_of_turn,
    upkeep_shorthand, window_in_cleanup_step, window_in_untap_step, your_opponents,
};
use crate::edit_distance::char_distance;

static LINTS: &[Lint] = &[
    unknown_timing_phrase::LINT,
    misspelled_timing_phrase::LINT,
    obsolete_end_of_turn::LINT,
    obsolete_play_verb::LINT,
    obsolete_step_name::LINT,
    sorcery_timing_wording::LINT,
    activate_this_ability::LINT,
    window_in_untap_step::LINT,
    window_in_cleanup_step::LINT,
    cast_window_at_sorcery_speed::LINT,
    contradictory_windows::LINT,
    instant_cast_as_sorcery::LINT,
    next_end_step_from_end_step::LINT,
    second_main_phase::LINT,
    first_combat_only::LINT,
    skippable_window_point::LINT,
    after_upkeep_window::LINT,
    loose_step_trigger::LINT,
    once_per_turn::LINT,
    until_the_end_of_turn::LINT,
    at_the_end_of_combat::LINT,
    reminder_disagrees_with_keyword::LINT,
    at_the_start_of::LINT,
    your_opponents::LINT,
    only_on_turn::LINT,
    end_of_turn_trigger::LINT,
    upkeep_shorthand::LINT,
    combat_step::LINT,
    delayed_end_step::LINT,
    equip_as_an_instant::LINT,
    precombat_main_phase::LINT,
    designer_duration::LINT,
    designer_moment::LINT,
    speed_wording::LINT,
    limit_wording::LINT,
];

static INFOS: std::sync::LazyLock<Vec<&'static RuleInfo>> = std::sync::LazyLock::new(|| {
    let mut infos: Vec<&'static RuleInfo> = LINTS.iter().map(|lint| lint.info).collect();
    infos.extend([
        &UNKNOWN_SUPPRESSION,
        &NOT_A_CARD_FILE,
        &UNREAD_FIELD,
        &LEGACY_ENCODING,
        &UNUSED_ALLOW,
        &UNREADABLE_FILE,
        &MALFORMED_INPUT,
        &UNREADABLE_TEXT,
        &INVALID_CONFIG,
        &TOO_MANY_FINDINGS,
        &NO_CARD_FOUND,
        &UNWRITABLE_FILE,
    ]);
    infos
});

/// The rules that check card text, in code order.
pub fn lints() -> &'static [Lint] {
    LINTS
}

/// Every rule, including the input notes (PL8xx) and input problems (PL9xx), in code order.
pub fn registry() -> &'static [&'static RuleInfo] {
    &INFOS
}

/// A rule by its code (any case) or its name.
pub fn lookup(code_or_name: &str) -> Option<&'static RuleInfo> {
    registry()
        .iter()
        .copied()
        .find(|rule| rule.code.eq_ignore_ascii_case(code_or_name) || rule.name == code_or_name)
}

/// The rule whose code or name is closest to `written`, a name that is neither, when few enough
/// edits (a third of the name, at least one) would make it one.
pub fn closest(written: &str) -> Option<&'static RuleInfo> {
    let written = written.to_ascii_lowercase();
    registry()
        .iter()
        .flat_map(|rule| {
            [
                (rule.code.to_ascii_lowercase(), *rule),
                (rule.name.to_string(), *rule),
            ]
        })
        .map(|(spelling, rule)| (char_distance(&written, &spelling), spelling.len(), rule))
        .filter(|&(distance, len, _)| distance <= (len / 3).max(1))
        .min_by_key(|&(distance, _, _)| distance)
        .map(|(_, _, rule)| rule)
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn the_closest_rule_is_named_by_code_or_name() {
        let code = |written: &str| closest(written).map(|rule| rule.code);
        assert_eq!(code("obsolete-end-of-trun"), Some("PL101"));
        assert_eq!(code("PL10"), Some("PL101"));
        assert_eq!(code("pl5O3"), Some("PL503"));
        assert_eq!(code("unknown-timing"), Some("PL001"));
        assert_eq!(code("late-trigger"), None);
        assert_eq!(code("zzz"), None);
        assert_eq!(code(""), None);
    }
}
