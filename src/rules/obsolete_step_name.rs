//! PL103: "untap phase", "upkeep phase", "draw phase", "end of turn step", "end phase": step and phase names of older rules.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::{UnitName, Wording};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL103",
    name: "obsolete-step-name",
    level: Severity::Error,
    summary: "\"untap phase\", \"upkeep phase\", \"draw phase\", \"end of turn step\", \"end phase\": step and phase names of older rules",
    docs: r#"## What it does
Finds the names older rules gave to steps: the untap, upkeep and draw steps were phases, the end step was the "end of turn step", and the ending phase the "end phase" (see the 2009 and older editions of CR section 5). It rewrites them with today's names (CR 501.1, 512.1).

## Why
An engine or a reader that follows today's rules has no "upkeep phase"; the beginning phase has three steps, and the ending phase has the end and cleanup steps.

## Example
```text
At the beginning of your upkeep phase, you lose 1 life.
```
Use instead:
```text
At the beginning of your upkeep, you lose 1 life.
```

## Fix
Safe: "untap phase" → "untap step", "upkeep phase" → "upkeep", "draw phase" → "draw step", "end of turn step" → "end step", "end phase" → "ending phase" (plurals kept)."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let marks = helpers::marks(face, |wording| matches!(wording, Wording::OldStepName(_)));
    helpers::rewrite_marks(face, marks, |_, wording, words| helpers::Rewrite {
        replacement: step_name(wording, words),
        message: format!(
            "\"{words}\" is the obsolete name of the {}",
            todays_name(wording)
        ),
        applicability: Applicability::Safe,
        cr: rule_of(wording),
    })
}

/// Today's name of an old step name, keeping a plural.
fn step_name(wording: Wording, old: &str) -> &'static str {
    let plural = old.ends_with(['s', 'S']);
    match (wording, plural) {
        (Wording::OldStepName(UnitName::Untap), false) => "untap step",
        (Wording::OldStepName(UnitName::Untap), true) => "untap steps",
        (Wording::OldStepName(UnitName::Upkeep), false) => "upkeep",
        (Wording::OldStepName(UnitName::Upkeep), true) => "upkeeps",
        (Wording::OldStepName(UnitName::Draw), false) => "draw step",
        (Wording::OldStepName(UnitName::Draw), true) => "draw steps",
        (Wording::OldStepName(UnitName::EndingPhase), false) => "ending phase",
        (Wording::OldStepName(UnitName::EndingPhase), true) => "ending phases",
        (_, false) => "end step",
        (_, true) => "end steps",
    }
}

/// The step's name today, for messages.
fn todays_name(wording: Wording) -> &'static str {
    match wording {
        Wording::OldStepName(UnitName::Untap) => "untap step",
        Wording::OldStepName(UnitName::Upkeep) => "upkeep step",
        Wording::OldStepName(UnitName::Draw) => "draw step",
        Wording::OldStepName(UnitName::EndingPhase) => "ending phase",
        _ => "end step",
    }
}

/// The rule that names the step today.
fn rule_of(wording: Wording) -> &'static [&'static str] {
    match wording {
        Wording::OldStepName(UnitName::End | UnitName::EndingPhase) => &["512.1"],
        _ => &["501.1"],
    }
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::rules::testing::{cases, fixed};

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Enchantment",
            &[
                "At the beginning of your upkeep, you lose 1 life.",
                "At the beginning of the end step, draw a card.",
            ],
            &[
                "At the beginning of your [[upkeep phase]], you lose 1 life.",
                "Skip your next [[untap phase]].",
                "Exile it at the beginning of the next [[end of turn step]].",
                "During your [[end phase]], you may draw a card.",
                "At the beginning of each [[end phase]], draw a card.",
            ],
        );
    }

    #[test]
    fn the_fix_uses_todays_names() {
        assert_eq!(
            fixed(&LINT, "Enchantment", "Skip your untap phases.").as_deref(),
            Some("Skip your untap steps.")
        );
        assert_eq!(
            fixed(
                &LINT,
                "Enchantment",
                "During your end phase, you may draw a card."
            )
            .as_deref(),
            Some("During your ending phase, you may draw a card.")
        );
        assert_eq!(
            fixed(
                &LINT,
                "Enchantment",
                "Activate only during your draw phase."
            )
            .as_deref(),
            Some("Activate only during your draw step.")
        );
    }
}
