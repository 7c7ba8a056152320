//! PL001: a timing phrase the grammar does not understand.

use super::{
    FaceText, FixAvailability, Lint, RuleInfo, Violation, misspelled_timing_phrase, templates,
};
use crate::diagnostic::Severity;
use crate::model::Kind;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL001",
    name: "unknown-timing-phrase",
    level: Severity::Warning,
    summary: "a timing phrase that matches no known template: phaselint gives it no meaning",
    docs: r#"## What it does
Reports words that look like timing ("until", "this turn", "at the beginning of", "only during", "next turn", ...) but match none of the grammar's templates, and every word that names a unit of the turn ("turn", "combat", a phase or step by any of its names, "end of turn", "instant speed", "sorcery speed") that no finding reads. Such a word is reported with its whole clause ("At the dawn of your turn"), and so is a template followed by a verb that goes on from it ("until your turn begins"): never a reading of part of a clause.

The same words in another sense name no unit and are not reported: "combat damage" (510.1), "remove it from combat" (506.4), "turn" as a verb ("turn it face up", 702.37e), "in turn order" (101.4), "the player whose turn it is" (102.1), and an ability word or flavor word before a dash ("Combat Training —", 207.2c, 207.2d) unless it names a time ("End step —").

A phrase within a typo of a known template is reported as that template misspelt (PL002), not here.

## Why
phaselint never gives a phrase a default meaning. A phrase it cannot place on the turn (CR 500-514) may be a template that does not exist, or one the grammar does not know yet; an engine reading it would have to guess too. It is a warning, not an error: what it proves is a gap in what phaselint understands, not a problem of the card. A team that wants every phrase understood makes it an error in `phaselint.toml` (`[rules] PL001 = "error"`).

## Example
```text
Target creature gets +2/+0 until the end of their next turn's combat.
```

## Fix
Use a known template; when one is within a few words of the phrase, the help names it:
```text
Target creature gets +2/+0 until end of combat on their next turn.
```
If the wording is right, report it so the grammar can learn it, and allow the rule for that card meanwhile."#,
    fix: FixAvailability::None,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    face.items
        .iter()
        .filter(|(_, finding)| finding.kind == Kind::Unknown)
        // A typo of a template is PL002's, with the template as its fix.
        .filter(|(phrase, _)| misspelled_timing_phrase::correction(face, phrase).is_none())
        .map(|(phrase, finding)| {
            let violation = Violation::new(
                phrase.span,
                format!(
                    "phaselint does not understand \"{}\": it gives it no meaning",
                    finding.phrase
                ),
            );
            match templates::closest(&finding.phrase) {
                Some(template) => {
                    violation.help(format!("the closest known template is \"{template}\""))
                }
                None => violation.help("use a timing template of CR 500-514"),
            }
        })
        .collect()
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
                "Target creature gets +1/+1 until end of turn.",
                "Draw a card.",
                // A typo of a template: PL002 reports it.
                "Target creature gets +1/+1 until end if turn.",
            ],
            &[
                "Target creature gets +1/+1 [[until the end of the game's last combat]].",
                "Tap target creature. It doesn't untap [[until the turn after next]].",
                "[[At the dawn of your turn]], draw a card.",
                "[[During the quiet phase of combat]], tap target creature.",
                "Target creature gets +1/+1 [[until your next turn begins]].",
            ],
        );
        // Words of the turn in another sense.
        cases(
            &LINT,
            "Creature",
            &[
                "Whenever this creature deals combat damage to a player, draw a card.",
                "Remove target attacking creature from combat.",
                "You may turn it face up any time for its morph cost.",
                "Combat Training — Whenever this creature attacks, it gets +1/+0 until end of turn.",
            ],
            &["[[End step]] — Draw a card."],
        );
    }

    #[test]
    fn the_message_says_phaselint_does_not_know_the_phrase() {
        let face = FaceText::read(
            "Tap target creature. It doesn't untap until the turn after next.",
            Some("Instant"),
        );
        let violations = (LINT.check)(&face);
        assert_eq!(violations.len(), 1, "{violations:#?}");
        assert_eq!(
            violations[0].message,
            "phaselint does not understand \"until the turn after next\": it gives it no meaning"
        );
    }

    /// No help beats a wrong one: a phrase far from every template gets the general help.
    #[test]
    fn the_closest_template_is_named_only_when_close() {
        let help = |text: &str| {
            let face = FaceText::read(text, Some("Instant"));
            (LINT.check)(&face)
                .into_iter()
                .map(|violation| violation.help.unwrap_or_default())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            help("Tap target creature. It doesn't untap until the turn after next."),
            ["use a timing template of CR 500-514"]
        );
    }
}
