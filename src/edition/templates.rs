//! The templates older editions printed that the current rules replaced: "play" for activating
//! and casting, "Activate this ability only", "any time you could cast a sorcery", the "end of turn
//! step" and "at end of turn". Under its own edition such a template is no obsolete wording.

use super::Edition;

/// A template an older edition printed and the current rules replaced. The grammar marks the
/// wordings of card text (`crate::phrase::ast::Wording`); the resolver says which of these each
/// one is (`crate::resolve::printed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OldWording {
    /// "Play this ability only ...": "play" as a window's actor, now "activate".
    PlayVerb,
    /// "play" a spell ("any time you could play an instant"), now "cast".
    PlayForCast,
    /// "Activate this ability only ...", now "Activate only ...".
    ActivateThisAbility,
    /// "any time you could cast a sorcery", now "as a sorcery".
    AnyTimeSorcery,
    /// "end of turn step", now "end step".
    EndOfTurnStep,
}

impl Edition {
    /// Whether this edition printed `wording` as its own template: 2009 403.4, 403.5, 212.7e,
    /// 313.1, and the M10 templates printed that year; 2004 (seed 002) 302.2 "play", 313 "End of
    /// Turn Step".
    pub fn printed(self, wording: OldWording) -> bool {
        match self {
            Edition::Current => false,
            Edition::Cr2009 => true,
            Edition::Cr2004 => wording != OldWording::ActivateThisAbility,
        }
    }

    /// Whether "at end of turn" was this edition's template of an end step trigger (2009 313.1,
    /// 2004 313.1); today it is obsolete (513.1a).
    pub fn prints_at_end_of_turn(self) -> bool {
        self != Edition::Current
    }
}
