//! What an edition printed: whether a wording the grammar marks was an older edition's own
//! template (`crate::edition::OldWording`), and the caveats the resolver then does not raise
//! under that edition.

use super::caveats;
use crate::edition::{Edition, OldWording};
use crate::model::Caveat;
use crate::phrase::ast::{Phrase, UnitName, Wording};

/// Whether `wording` (the marked `words` of a phrase) was `edition`'s own template, so no
/// obsolete-wording rule reports it under that edition.
pub fn printed(edition: Edition, wording: Wording, words: &str) -> bool {
    old_wording(wording, words).is_some_and(|old| edition.printed(old))
}

/// The template an older edition printed that `wording` (of the marked `words`) is, if any.
fn old_wording(wording: Wording, words: &str) -> Option<OldWording> {
    match wording {
        // "Use this ability only" was gone before both older editions (2004 and 2009 say "play").
        Wording::PlayVerb => {
            let used = words
                .get(..3)
                .is_some_and(|head| head.eq_ignore_ascii_case("use"));
            (!used).then_some(OldWording::PlayVerb)
        }
        Wording::PlayForCast => Some(OldWording::PlayForCast),
        Wording::ActivateThisAbility => Some(OldWording::ActivateThisAbility),
        // Before M10 the same words said "play a sorcery" (2009 212.7e).
        Wording::AnyTimeSorcery if contains_word(words, "play") => {
            Some(OldWording::AnyTimePlaySorcery)
        }
        Wording::AnyTimeSorcery => Some(OldWording::AnyTimeSorcery),
        Wording::OldStepName(UnitName::End) => Some(OldWording::EndOfTurnStep),
        Wording::OldStepName(UnitName::EndingPhase) => Some(OldWording::EndPhase),
        _ => None,
    }
}

/// Whether `words` holds `word` as a whole word, in any case.
fn contains_word(words: &str, word: &str) -> bool {
    words
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w.eq_ignore_ascii_case(word))
}

/// The caveats the resolver raises on `phrase` (of `text`) for wordings `edition` printed: under
/// that edition they are no obsolete wording.
pub fn printed_caveats(edition: Edition, text: &str, phrase: &Phrase) -> Vec<Caveat> {
    let mut out: Vec<Caveat> = phrase
        .marks
        .iter()
        .filter(|mark| {
            let words = text.get(mark.span.start..mark.span.end).unwrap_or("");
            printed(edition, mark.wording, words)
        })
        .map(|mark| caveats::wording(mark.wording))
        .collect();
    if edition.prints_at_end_of_turn() {
        out.push(caveats::obsolete_end_of_turn(false));
        out.push(caveats::obsolete_end_of_turn(true));
        out.push(caveats::end_of_turn_statement());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_templates_are_printed_in_their_edition() {
        let end = Wording::OldStepName(UnitName::End);
        let upkeep = Wording::OldStepName(UnitName::Upkeep);
        let printed = |edition, wording, words| printed(edition, wording, words);
        assert!(printed(Edition::Cr2009, end, "end of turn step"));
        assert!(!printed(Edition::Cr2009, upkeep, "upkeep phase"));
        assert!(printed(
            Edition::Cr2009,
            Wording::PlayVerb,
            "Play this ability"
        ));
        assert!(!printed(
            Edition::Cr2009,
            Wording::PlayVerb,
            "Use this ability"
        ));
        assert!(!printed(Edition::Current, end, "end of turn step"));
        assert!(!printed(
            Edition::Cr2004,
            Wording::ActivateThisAbility,
            "Activate this ability"
        ));
        assert!(printed(
            Edition::Cr2004,
            Wording::AnyTimeSorcery,
            "any time you could play a sorcery"
        ));
        assert!(!printed(
            Edition::Cr2004,
            Wording::AnyTimeSorcery,
            "any time you could cast a sorcery"
        ));
        let in_2019 = Edition::parse("2019").expect("a year");
        assert!(printed(
            in_2019,
            Wording::AnyTimeSorcery,
            "any time you could cast a sorcery"
        ));
        assert!(!printed(
            in_2019,
            Wording::AnyTimeSorcery,
            "any time you could play a sorcery"
        ));
        assert!(printed(
            in_2019,
            Wording::ActivateThisAbility,
            "Activate this ability"
        ));
        assert!(!printed(in_2019, end, "end of turn step"));
    }
}
