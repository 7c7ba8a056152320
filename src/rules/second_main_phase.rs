//! PL401: a trigger whose words leave unclear which main phase it means: "your main phase" or
//! "your postcombat main phase", of which a turn can have several.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation};
use crate::diagnostic::Severity;
use crate::model::Occurrence;
use crate::phrase::ast::{Form, Phrase, Quantifier, TriggerPoint, UnitName};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL401",
    name: "second-main-phase",
    level: Severity::Note,
    summary: "a trigger at \"your main phase\" or \"your postcombat main phase\", which a turn can have several of",
    docs: r#"## What it does
Notes an "at the beginning of" trigger that names one main phase in words that fit several in the same turn: "your main phase", which is either main phase (CR 505.1), and "your postcombat main phase", which is every main phase but the first (505.1a). The ordinals of the current template, "first main phase" and "second main phase", count the main phases of the turn and name exactly one (505.1b); they, "precombat main phase" (only the first, 505.1a), and "each of your ... main phases" (every one, as the words say) are clear and pass.

## Why
The trigger reads as once a turn, but it triggers at the beginning of every main phase the words fit: "your main phase" twice in every turn, and "your postcombat main phase" once more for each additional combat phase and main phase an effect creates (500.8, 505.1a). A reader cannot tell whether the designer meant every one or only one.

## Example
```text
At the beginning of your postcombat main phase, add {R}.
```

## Fix
Say which main phase is meant: "At the beginning of your second main phase" for one a turn (505.1b), "At the beginning of each of your postcombat main phases" or "each of your main phases" for every one."#,
    fix: FixAvailability::None,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    face.items
        .iter()
        .filter_map(|(phrase, finding)| {
            let name = unclear_main_phase(phrase)?;
            // A delayed trigger waits for the next one only (603.7b): only a trigger that fires
            // at every one the words fit is unclear.
            let every = finding
                .timing
                .iter()
                .any(|point| point.occurrence == Occurrence::Each);
            every.then(|| note(phrase, name))
        })
        .collect()
}

/// The main phase a beginning trigger names without saying which one (no ordinal, no "each",
/// no "next"), when its name fits several in one turn.
fn unclear_main_phase(phrase: &Phrase) -> Option<UnitName> {
    let Form::AtPoint {
        point: TriggerPoint::Beginning(unit_ref),
        ..
    } = &phrase.form
    else {
        return None;
    };
    let several = matches!(unit_ref.name, UnitName::Main | UnitName::PostcombatMain);
    (several && unit_ref.quantifier == Quantifier::Plain).then_some(unit_ref.name)
}

fn note(phrase: &Phrase, name: UnitName) -> Violation {
    if name == UnitName::Main {
        Violation::new(
            phrase.span,
            "\"main phase\" is either main phase: this triggers at the beginning of each one, at least twice a turn",
        )
        .help("say \"each of your main phases\" for every one, or \"your first main phase\" or \"your second main phase\" for one (CR 505.1b)")
        .cr(&["505.1", "505.1b"])
    } else {
        Violation::new(
            phrase.span,
            "every main phase after the first is postcombat: with an additional combat phase and main phase, this triggers in each of them",
        )
        .help("say \"each of your postcombat main phases\" for every one, or \"your second main phase\" for one (CR 505.1b)")
        .cr(&["505.1a", "505.1b"])
    }
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
                // The current template: ordinals count the main phases of the turn (505.1b).
                "At the beginning of your second main phase, add {R}.",
                "At the beginning of your first main phase, add {R}.",
                "At the beginning of your precombat main phase, add {R}.",
                // "each" says every one is meant.
                "At the beginning of each of your postcombat main phases, add {R}.",
                "At the beginning of each of your main phases, add {R}.",
                // A delayed trigger waits for the next one only.
                "Return it to the battlefield at the beginning of your next main phase.",
                // A window during any main phase is what the words say.
                "Activate only during your postcombat main phase.",
                "Activate only as a sorcery.",
            ],
            &[
                "[[At the beginning of your postcombat main phase]], add {R}.",
                "[[At the beginning of each player's postcombat main phase]], that player adds {R}.",
                "[[At the beginning of your main phase]], add {G}.",
            ],
        );
    }
}
