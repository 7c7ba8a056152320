//! PL707: a delayed "at the beginning of the end step" inside an effect: the template says "the
//! next end step".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation};
use crate::diagnostic::{Applicability, Severity};
use crate::model::Span;
use crate::phrase::Rule;
use crate::phrase::ast::{Form, Phrase, Quantifier, Template, TriggerPoint, UnitName};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL707",
    name: "delayed-end-step",
    level: Severity::Warning,
    summary: "a delayed \"at the beginning of the end step\" inside an effect: the template says \"the next end step\"",
    docs: r#"## What it does
Finds a delayed trigger made by an effect that waits for "the end step" ("Sacrifice it at the beginning of the end step"). phaselint reads it as "the next end step" (its finding is the template's) and reports the wording.

## Why
An effect that creates a delayed trigger waits for the next time its event happens (CR 603.7). The template names that end step "the next end step", which also says what happens when the effect resolves during an end step: the next turn's (513.2). PL101 says the same of the old "at end of turn".

## Example
```text
Create a 3/1 red Elemental creature token with haste. Exile it at the beginning of the end step.
```
Use instead:
```text
Create a 3/1 red Elemental creature token with haste. Exile it at the beginning of the next end step.
```

## Fix
Safe: "end step" → "next end step". A granted ability in quotes ("At the beginning of the end step, sacrifice this token") is a printed trigger and passes."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    face.worded()
        .filter(|(phrase, _)| waits_for_the_end_step(phrase))
        .filter_map(|(phrase, _)| {
            let words = phrase.span.of(face.text);
            let at = words.to_ascii_lowercase().rfind("end step")?;
            let start = phrase.span.start + at;
            let unit = Span::new(start, start + "end step".len());
            let replacement = format!("next {}", unit.of(face.text));
            Some(
                Violation::new(
                    phrase.span,
                    "an effect's delayed trigger waits for \"the next end step\"",
                )
                .help(format!("write \"{replacement}\""))
                .cr(&["603.7", "513.2"])
                .fix(
                    Applicability::Safe,
                    format!("replace with \"{replacement}\""),
                    (unit, replacement),
                ),
            )
        })
        .collect()
}

/// A delayed trigger of an effect (not a granted ability in quotes) at "the end step", with no
/// owner and no "next".
fn waits_for_the_end_step(phrase: &Phrase) -> bool {
    let Form::AtPoint {
        point: TriggerPoint::Beginning(unit),
        ..
    } = &phrase.form
    else {
        return false;
    };
    phrase.template == Template::Rule(Rule::delayed_trigger)
        && !phrase.place.in_quotes
        && !phrase.place.opens_ability
        && unit.name == UnitName::End
        && unit.owner.is_none()
        && unit.quantifier == Quantifier::Plain
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::rules::testing::{cases, fixed};

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Sorcery",
            &[
                "Create a 3/1 Elemental token. Exile it at the beginning of the next end step.",
                "At the beginning of the end step, draw a card.",
                "Create a token that's a copy of target creature, except it has \"At the beginning of the end step, sacrifice this token.\"",
                "Return it at the beginning of the end step of its owner's next turn.",
            ],
            &["Create a 3/1 Elemental token. Exile it [[at the beginning of the end step]]."],
        );
    }

    #[test]
    fn the_fix_writes_the_next_end_step() {
        assert_eq!(
            fixed(
                &LINT,
                "Sorcery",
                "Create a 3/1 Elemental token. Exile it at the beginning of the end step."
            )
            .as_deref(),
            Some("Create a 3/1 Elemental token. Exile it at the beginning of the next end step.")
        );
    }
}
