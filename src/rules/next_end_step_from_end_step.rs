//! PL301: a "next end step" delayed trigger made by an ability that triggers at the beginning of
//! an end step: it fires in the next turn (513.2).

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation};
use crate::diagnostic::Severity;
use crate::model::{Edge, Finding, Kind, Occurrence, Owner, Role, Unit};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL301",
    name: "next-end-step-from-end-step",
    level: Severity::Note,
    summary: "a \"next end step\" delayed trigger created during an end step fires next turn",
    docs: r#"## What it does
Notes a delayed trigger "at the beginning of the next end step" inside an ability that itself triggers at the beginning of an end step.

## Why
The ability resolves during an end step, after that step has begun, so "the next end step" is the next turn's (CR 513.2, 603.7). A token made "at the beginning of your end step" and exiled "at the beginning of the next end step" stays for a whole turn cycle, which may or may not be the design.

## Example
```text
At the beginning of your end step, create a 1/1 Spirit token. Exile it at the beginning of the next end step.
```

## Fix
Nothing to change if the next turn is meant. To end the effect in this turn, use a duration instead ("It gains haste until end of turn", ending in this turn's cleanup step, 514.2)."#,
    fix: FixAvailability::None,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    face.worded()
        .filter(|(phrase, finding)| {
            finding.kind == Kind::DelayedTrigger && waits_for_next_end_step(finding) && !phrase.place.in_quotes
        })
        .filter_map(|(phrase, _)| {
            let (opening, opening_finding) = face.opening_trigger(phrase.place.ability)?;
            begins_an_end_step(opening_finding).then(|| {
                Violation::new(phrase.span, "created during an end step, this waits for the next turn's end step")
                    .help("the ability resolves after this end step has begun, so \"the next end step\" is the next turn's")
                    .cr(&["513.2", "603.7"])
                    .label(opening.span, "this ability triggers at the beginning of an end step")
            })
        })
        .collect()
}

/// "the next end step" with no owner: "that player's next end step" is simply in that player's
/// next turn, which need not be the next turn.
fn waits_for_next_end_step(finding: &Finding) -> bool {
    finding.timing.iter().any(|point| {
        point.role == Role::Triggers
            && point.edge == Edge::Begin
            && point.unit == Unit::End
            && point.occurrence == Occurrence::Next
            && point.owner == Owner::Any
    })
}

fn begins_an_end_step(finding: &Finding) -> bool {
    finding.timing.iter().any(|point| {
        point.role == Role::Triggers && point.edge == Edge::Begin && point.unit == Unit::End
    })
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::rules::testing::cases;

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Enchantment",
            &[
                "At the beginning of your upkeep, create a 1/1 token. Exile it at the beginning of the next end step.",
                "At the beginning of your end step, draw a card.",
                "At the beginning of your end step, choose an opponent. At the beginning of that player's next end step, you draw a card.",
            ],
            &[
                "At the beginning of your end step, create a 1/1 token. Exile it [[at the beginning of the next end step]].",
            ],
        );
    }
}
