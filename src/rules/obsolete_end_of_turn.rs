//! PL101: "at end of turn", the wording of end step triggers before 2009 (513.1a).

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers::keep_capital};
use crate::diagnostic::Applicability;
use crate::diagnostic::Severity;
use crate::model::Kind;
use crate::phrase::ast::{Form, TriggerPoint};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL101",
    name: "obsolete-end-of-turn",
    level: Severity::Error,
    summary: "\"at end of turn\": the obsolete wording of an end step trigger",
    docs: r#"## What it does
Finds "at end of turn" and proposes today's wording (CR 513.1a): a trigger printed at the start of an ability becomes "At the beginning of the end step"; inside an effect, where it is a delayed trigger (603.7), it becomes "at the beginning of the next end step".

## Why
The "end of turn step" was renamed the end step in 2009, and "at end of turn" is ambiguous between the two readings above. An effect created during an end step waits for the next turn's end step only under the new wording (513.2).

## Example
```text
At end of turn, sacrifice this creature.
Return that card to the battlefield at end of turn.
```
Use instead:
```text
At the beginning of the end step, sacrifice this creature.
Return that card to the battlefield at the beginning of the next end step.
```

## Fix
The fix is safe when the context decides: a printed trigger on a permanent card, or a delayed trigger in the middle of a sentence. It is unsafe (applied only with `--unsafe-fixes`) on an instant or sorcery, on a card without a type line, and where the phrase begins a sentence inside an ability. Where "at end of turn" is no trigger but says when something ends ("Damage wears off at end of turn", "This effect doesn't end at end of turn"), it means the cleanup step (514.2): the rule reports it with no fix."#,
    fix: FixAvailability::Sometimes,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

const PRINTED: &str = "at the beginning of the end step";
const DELAYED: &str = "at the beginning of the next end step";

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let mut out = Vec::new();
    // "at end of turn" was the template of 2009 and 2004 (313.1 in both).
    if face.edition.prints_at_end_of_turn() {
        return out;
    }
    for (phrase, finding) in &face.items {
        if phrase.form == Form::EndOfTurnStatement {
            out.push(
                Violation::new(phrase.span, format!("\"{}\" is obsolete wording", finding.phrase))
                    .help("no trigger: this is the moment in the cleanup step when damage wears off and \"until end of turn\" effects end; reword it with care")
                    .cr(&["514.2", "513.1a"]),
            );
            continue;
        }
        let Form::AtPoint {
            point: TriggerPoint::ObsoleteEndOfTurn,
            ..
        } = phrase.form
        else {
            continue;
        };
        let printed = finding.kind == Kind::Trigger;
        let (reading, other) = if printed {
            (PRINTED, DELAYED)
        } else {
            (DELAYED, PRINTED)
        };
        let decided = if printed {
            // A spell's line-start trigger may be a delayed trigger of its effect.
            face.type_line.is_some() && !face.has_type("instant") && !face.has_type("sorcery")
        } else {
            !face.starts_sentence(phrase.span)
        };
        let replacement = keep_capital(&finding.phrase, reading);
        let (applicability, why) = if decided {
            (Applicability::Safe, String::new())
        } else {
            (
                Applicability::Unsafe,
                format!(
                    "; the context does not decide it: if this is {}, write \"{other}\"",
                    if printed {
                        "an effect of the spell"
                    } else {
                        "a printed trigger"
                    }
                ),
            )
        };
        let what = if printed {
            "a printed end step trigger"
        } else {
            "a delayed end step trigger"
        };
        out.push(
            Violation::new(
                phrase.span,
                format!("\"{}\" is obsolete wording", finding.phrase),
            )
            .help(format!("as {what}, this now reads \"{replacement}\"{why}"))
            .cr(&["513.1a", if printed { "603.2" } else { "603.7" }])
            .fix(
                applicability,
                format!("replace with \"{replacement}\""),
                (phrase.span, replacement),
            ),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::diagnostic::Applicability;
    use crate::rules::FaceText;
    use crate::rules::testing::{cases, fixed};

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Creature — Elemental",
            &["At the beginning of the end step, sacrifice this creature."],
            &[
                "[[At end of turn]], sacrifice this creature.",
                "Return it to the battlefield [[at end of turn]].",
                "{T}: Put a counter on it. (Damage [[wears off at end of turn]].)",
            ],
        );
    }

    #[test]
    fn the_fix_follows_the_place() {
        assert_eq!(
            fixed(
                &LINT,
                "Creature — Elemental",
                "At end of turn, sacrifice it."
            )
            .as_deref(),
            Some("At the beginning of the end step, sacrifice it.")
        );
        assert_eq!(
            fixed(&LINT, "Instant", "Exile it. Return it at end of turn.").as_deref(),
            Some("Exile it. Return it at the beginning of the next end step.")
        );
    }

    #[test]
    fn a_statement_of_when_effects_end_gets_no_fix() {
        let face = FaceText::read(
            "(Toughness doesn't heal at end of turn.)",
            Some("Enchantment"),
        );
        let got = (LINT.check)(&face);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].fix, None);
    }

    #[test]
    fn undecided_places_get_an_unsafe_fix() {
        for (type_line, text) in [
            ("Sorcery", "At end of turn, draw a card."),
            ("Instant", "Exile it. At end of turn, return it."),
        ] {
            let face = FaceText::read(text, Some(type_line));
            let got = (LINT.check)(&face);
            assert_eq!(
                got[0].fix.as_ref().map(|f| f.applicability),
                Some(Applicability::Unsafe),
                "{text}"
            );
        }
    }
}
