//! PL711: "When your turn begins,", "Whenever a turn ends,", "When the combat phase begins,", "At
//! each end step,": a designer's moment, read as the template's trigger.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::DesignerWording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL711",
    name: "designer-moment",
    level: Severity::Warning,
    summary: "\"When your turn begins,\", \"Whenever a turn ends,\", \"At each end step,\": a designer's wording of a trigger's template",
    docs: r#"## What it does
Finds an ability that opens with a moment named by a verb ("When your turn begins,", "Whenever a turn ends,", "As your turn ends,", "When the combat phase begins,", "When combat ends,") or with "At each [step],". phaselint reads each as the template's trigger and reports the wording:
- a turn begins with its untap step (CR 501.1): "When your turn begins" is "At the beginning of your turn", and what triggers then waits for the upkeep to be put on the stack, since no player gets priority in the untap step (502.4, 503.1a);
- "a turn ends" is the end step's trigger (513.1a);
- a combat phase begins with its beginning of combat step (506.1); "When combat ends" is read as "At end of combat" (511.2), though combat is over only as the end of combat step ends (511.3);
- "At each end step" is "At the beginning of each end step" (603.1).

Words that name no certain moment ("At the dawn of your turn") are not read: PL001 reports them. Inside reminder text nothing is reported: the reading stands.

## Why
A trigger names its moment with a template, "At the beginning of ..." or "At end of combat" (CR 603.1); a reader or an engine must otherwise guess which step the words mean. "When your turn begins" and "At the beginning of your upkeep" differ: the first triggers before the untap step's actions, the second after them.

## Example
```text
When your turn begins, draw a card.
Whenever a turn ends, put a +1/+1 counter on this creature.
When the combat phase begins, tap target creature.
At each end step, draw a card.
```
Use instead:
```text
At the beginning of your upkeep, draw a card.
At the beginning of each end step, put a +1/+1 counter on this creature.
At the beginning of each combat, tap target creature.
At the beginning of each end step, draw a card.
```

## Fix
Safe for a combat's beginning and "At each [step]". Unsafe for a turn's moments: "At the beginning of your upkeep" triggers after the untap step's actions, not before them, and a turn whose end step is skipped still ends, where "At the beginning of each end step" then does not trigger (723.1e). Unsafe for a combat's end: "At end of combat" triggers as the end of combat step begins, and not when an effect ends the combat phase (723.2e)."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let marks = helpers::designer_marks(
        face,
        &[
            DesignerWording::VerbMoment,
            DesignerWording::TurnEnds,
            DesignerWording::AtEachStep,
        ],
    );
    helpers::rewrite_marks(face, marks, |_, _, words| {
        let (replacement, applicability, cr) = template(words);
        helpers::Rewrite {
            message: format!("\"{words}\" is a designer's wording of \"{replacement}\""),
            replacement,
            applicability,
            cr,
        }
    })
}

/// The template of a designer's moment, whether writing it keeps the meaning, and the rules
/// that say so.
fn template(words: &str) -> (String, Applicability, &'static [&'static str]) {
    let lower = words.to_lowercase();
    let mut words: Vec<&str> = lower.split_whitespace().collect();
    if words.first() == Some(&"at") {
        // "At each end step".
        let step = words.get(2..).unwrap_or_default().join(" ");
        return (
            format!("at the beginning of each {step}"),
            Applicability::Safe,
            &["603.1"],
        );
    }
    let verb = words.pop().unwrap_or_default();
    let combat = words.last() == Some(&"phase") || words.last() == Some(&"combat");
    while matches!(words.last(), Some(&("phase" | "combat" | "turn"))) {
        words.pop();
    }
    let owner = match words.get(1..).unwrap_or_default().join(" ") {
        owner if matches!(owner.as_str(), "" | "a" | "the" | "each" | "every") => None,
        // A trigger on "an opponent's turn" waits for each opponent's.
        owner => Some(match owner.strip_prefix("an ") {
            Some(rest) => format!("each {rest}"),
            None => owner,
        }),
    };
    match (combat, verb == "ends", owner) {
        (true, false, Some(owner)) => (
            format!("at the beginning of combat on {owner} turn"),
            Applicability::Safe,
            &["506.1"],
        ),
        (true, false, None) => (
            "at the beginning of each combat".into(),
            Applicability::Safe,
            &["506.1"],
        ),
        // Combat is over as the end of combat step ends (511.3); "at end of combat" triggers as
        // it begins (511.2), and not at all when an effect ends the combat phase (723.2e).
        (true, true, Some(owner)) => (
            format!("at end of combat on {owner} turn"),
            Applicability::Unsafe,
            &["511.2", "511.3"],
        ),
        (true, true, None) => (
            "at end of combat".into(),
            Applicability::Unsafe,
            &["511.2", "511.3"],
        ),
        (false, false, owner) => (
            format!(
                "at the beginning of {} upkeep",
                owner.as_deref().unwrap_or("each")
            ),
            Applicability::Unsafe,
            &["502.4", "503.1a"],
        ),
        (false, true, owner) => (
            format!(
                "at the beginning of {} end step",
                owner.as_deref().unwrap_or("each")
            ),
            Applicability::Unsafe,
            &["513.1a", "723.1e"],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::diagnostic::Applicability;
    use crate::rules::testing::{cases, fix_applied, fixed};

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Creature",
            &[
                "At the beginning of your upkeep, draw a card.",
                "At the beginning of each end step, draw a card.",
                "Whenever this creature attacks, it gets +1/+0 until end of turn.",
                "When your upkeep ends, draw a card.",
                "Vanishing 3 (When your turn begins, remove a time counter from it.)",
            ],
            &[
                "[[When your turn begins]], draw a card.",
                "[[Whenever a turn ends]], put a +1/+1 counter on this creature.",
                "[[As your turn ends]], discard a card.",
                "[[When the combat phase begins]], tap target creature.",
                "[[When combat ends]], untap this creature.",
                "[[At each end step]], draw a card.",
            ],
        );
    }

    #[test]
    fn the_fix_writes_the_template() {
        for (text, want) in [
            (
                "When the combat phase begins, tap target creature.",
                "At the beginning of each combat, tap target creature.",
            ),
            (
                "When your combat phase begins, tap target creature.",
                "At the beginning of combat on your turn, tap target creature.",
            ),
            (
                "At each end step, draw a card.",
                "At the beginning of each end step, draw a card.",
            ),
        ] {
            assert_eq!(
                fixed(&LINT, "Creature", text).as_deref(),
                Some(want),
                "{text}"
            );
        }
    }

    /// A turn's moments change when the ability triggers: their fix is unsafe.
    #[test]
    fn a_turns_moment_is_fixed_only_unsafely() {
        for (text, want) in [
            (
                "When your turn begins, draw a card.",
                "At the beginning of your upkeep, draw a card.",
            ),
            (
                "Whenever a turn ends, put a +1/+1 counter on this creature.",
                "At the beginning of each end step, put a +1/+1 counter on this creature.",
            ),
            (
                "As each opponent's turn ends, you gain 1 life.",
                "At the beginning of each opponent's end step, you gain 1 life.",
            ),
            (
                "When an opponent's turn begins, you gain 1 life.",
                "At the beginning of each opponent's upkeep, you gain 1 life.",
            ),
            (
                "When combat ends, untap this creature.",
                "At end of combat, untap this creature.",
            ),
        ] {
            let (violation, out) = fix_applied(&LINT, "Creature", text).expect("a fix");
            let applicability = violation.fix.map(|fix| fix.applicability);
            assert_eq!(applicability, Some(Applicability::Unsafe), "{text}");
            assert_eq!(out, want, "{text}");
        }
    }
}
