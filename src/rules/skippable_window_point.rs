//! PL403: a window whose point can be skipped, so that it closes early or never opens.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::Severity;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL403",
    name: "skippable-window-point",
    level: Severity::Note,
    summary: "a window whose point can be skipped, so that it closes early or never opens",
    docs: r#"## What it does
Notes a window whose boundary is a point that may not happen in a turn, naming only what can take that point away:
- "before blockers are declared" and "before the combat damage step": no creature attacks, so the declare blockers and combat damage steps are skipped (CR 508.8), or the combat phase is skipped (500.11);
- "before attackers are declared", "before the end of combat step" and "before combat": only a skipped combat phase, since every combat phase that happens has a declare attackers step and an end of combat step, attackers or not (506.1, 506.7a);
- "during combat before blockers are declared": only a skipped declare blockers step, since without a combat phase there is no window to close;
- "during combat after blockers are declared": no declare blockers step in that combat phase.

Off by default: the note holds of standard templates, and it asks for no change when the early close is intended. `phaselint explain` and the editor's hover still give the caveat; `--extend-select PL403` or `[rules] PL403 = "note"` turns the rule on in `check`.

## Why
When the stated point does not exist, a "before" window closes as the declare attackers step ends, or as the precombat main phase ends when the combat phase is skipped (506.7e); a "during combat after blockers are declared" window never opens in that combat phase (506.7f). Engines and players get this wrong.

## Example
```text
Cast this spell only during combat after blockers are declared.
```

## Fix
Nothing to change if intended; say so in reminder text if the set's players need it."#,
    fix: FixAvailability::None,
    on_by_default: false,
};

pub const LINT: Lint = Lint { info: &RULE, check };

/// The help for each caveat this rule reports; the caveat's message already says where the window
/// closes instead (506.7e) or that it does not open (506.7f).
const HELPS: &[(&str, &str)] = &[
    (
        "point-may-be-skipped",
        "the window still closes, at that earlier point; nothing to change if that is intended",
    ),
    (
        "no-window-without-blockers-step",
        "nothing to change if a combat phase without attackers is meant to give no window",
    ),
];

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    helpers::caveat_notes(face, HELPS)
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::rules::FaceText;
    use crate::rules::testing::cases;

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Instant",
            &[
                "Cast this spell only during combat.",
                "Activate only as a sorcery.",
            ],
            &[
                "[[Cast this spell only during combat after blockers are declared]].",
                "[[Cast this spell only before blockers are declared]].",
                "[[Activate only during your turn, before attackers are declared]].",
                "[[Cast this spell only during combat before blockers are declared]].",
                "[[Cast this spell only before combat or during combat before blockers are declared]].",
            ],
        );
    }

    /// Each note names only what can take its window's point away (506.7e): a skipped declare
    /// blockers step cannot move a window that closes as attackers are declared, and a skipped
    /// combat phase leaves a window open only during combat nothing to close.
    #[test]
    fn notes_name_only_what_can_move_the_window_506_7e() {
        let note = |text: &str| {
            let face = FaceText::read(text, Some("Instant"));
            let notes = (LINT.check)(&face);
            assert_eq!(notes.len(), 1, "{text}: {notes:#?}");
            notes[0].message.clone()
        };
        for text in [
            "Activate only during your turn, before attackers are declared.",
            "Cast this spell only before attackers are declared.",
            "Cast this spell only before the end of combat step.",
            "Cast this spell only before combat.",
        ] {
            let message = note(text);
            assert!(
                message.contains("combat phase is skipped"),
                "{text}: {message}"
            );
            assert!(!message.contains("blockers"), "{text}: {message}");
        }
        for text in [
            "Cast this spell only before blockers are declared.",
            "Activate only before the combat damage step.",
            // "Before combat" is in it too: a skipped combat phase moves its close (506.7e).
            "Cast this spell only before combat or during combat before blockers are declared.",
        ] {
            let message = note(text);
            assert!(message.contains("declare blockers"), "{text}: {message}");
            assert!(message.contains("combat is skipped"), "{text}: {message}");
        }
        let message = note("Cast this spell only during combat before blockers are declared.");
        assert!(
            message.contains("declare blockers step is skipped"),
            "{message}"
        );
        assert!(!message.contains("precombat"), "{message}");
    }
}
