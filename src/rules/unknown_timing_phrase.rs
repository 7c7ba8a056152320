//! PL001: a timing phrase the grammar does not understand.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, templates};
use crate::diagnostic::Severity;
use crate::model::Kind;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL001",
    name: "unknown-timing-phrase",
    level: Severity::Error,
    summary: "a timing phrase that matches no known template",
    docs: r#"## What it does
Reports words that look like timing ("until", "this turn", "at the beginning of", "only during", "next turn", ...) but match none of the grammar's templates.

## Why
phaselint never gives a phrase a default meaning. A phrase it cannot place on the turn (CR 500-514) may be a typo, a template that does not exist, or a template the grammar does not know yet; an engine reading it would have to guess too.

## Example
```text
Target creature gets +2/+0 until the end of their next turn's combat.
```

## Fix
Use a known template; the help names the closest one:
```text
Target creature gets +2/+0 until end of combat on their next turn.
```
If the wording is right, report it so the grammar can learn it, and allow the rule for that card meanwhile."#,
    fix: FixAvailability::None,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    face.items
        .iter()
        .filter(|(_, finding)| finding.kind == Kind::Unknown)
        .map(|(phrase, finding)| {
            let violation = Violation::new(
                phrase.span,
                format!(
                    "\"{}\" is not a timing phrase phaselint understands",
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
    use crate::rules::testing::cases;

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Instant",
            &[
                "Target creature gets +1/+1 until end of turn.",
                "Draw a card.",
            ],
            &[
                "Target creature gets +1/+1 [[until the end of the game's last combat]].",
                "Tap target creature. It doesn't untap [[until the turn after next]].",
            ],
        );
    }
}
