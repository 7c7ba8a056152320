//! The templates older editions printed that the current rules replaced: "play" for activating
//! and casting, "Activate this ability only", "any time you could cast a sorcery", the "end of turn
//! step", "at end of turn", "enters the battlefield" and "precombat main phase" (`OldWording`, listed
//! beside the dated table that says when each was printed, `super::dates`). Under an edition of a
//! year that printed it such a template is no obsolete wording.

use super::Edition;
use super::dates::{self, OldWording};

impl Edition {
    /// Whether this edition printed `wording` as its own template: the 2009 CR 403.4, 403.5,
    /// 212.7e, 313.1 and the M10 templates printed that year; 2004 (seed 002) 302.2 "play", 313
    /// "End of Turn Step"; a year, what was printed at any time in it.
    pub fn printed(self, wording: OldWording) -> bool {
        dates::printed(self.year(), wording)
    }

    /// The older templates this edition printed, oldest first.
    pub fn templates(self) -> Vec<OldWording> {
        OldWording::ALL
            .into_iter()
            .filter(|wording| self.printed(*wording))
            .collect()
    }

    /// Whether "at end of turn" was this edition's template of an end step trigger (2009 313.1,
    /// 2004 313.1); today it is obsolete (513.1a).
    pub fn prints_at_end_of_turn(self) -> bool {
        self.printed(OldWording::AtEndOfTurn)
    }
}
