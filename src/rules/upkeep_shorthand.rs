//! PL705: "Upkeep — Draw a card.": a designer's shorthand for "At the beginning of your upkeep,".

use super::{FaceText, FixAvailability, Lint, RuleInfo, TextFix, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::model::Span;
use crate::phrase::ast::{DesignerWording, Wording};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL705",
    name: "upkeep-shorthand",
    level: Severity::Warning,
    summary: "\"Upkeep — Draw a card.\": a designer's shorthand for \"At the beginning of your upkeep,\"",
    docs: r#"## What it does
Finds an ability that opens with "Upkeep —" as if it were an ability word. phaselint reads it as the trigger "At the beginning of your upkeep," (its finding is the template's) and reports the wording.

## Why
An ability word has no rules meaning (CR 207.2c): "Upkeep — Draw a card." says nothing of when the card is drawn, by the rules. A triggered ability begins with "when", "whenever" or "at" (603.1), and a step trigger with "at the beginning of" (503.1).

## Example
```text
Upkeep — Draw a card, then discard a card.
```
Use instead:
```text
At the beginning of your upkeep, draw a card, then discard a card.
```

## Fix
Safe: "Upkeep —" → "At the beginning of your upkeep,", and the effect's first letter in lower case."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

const TEMPLATE: &str = "At the beginning of your upkeep,";

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let marks = helpers::marks(face, |wording| {
        wording == Wording::Designer(DesignerWording::UpkeepShorthand)
    });
    marks
        .map(|(span, _, _, _)| {
            let words = span.of(face.text);
            let mut edits = vec![(span, TEMPLATE.to_string())];
            // The effect's first word now follows a comma.
            let rest = face.text.get(span.end..).unwrap_or("");
            let spaces = rest.len() - rest.trim_start().len();
            if let Some(first) = rest.trim_start().chars().next() {
                let at = span.end + spaces;
                edits.push((
                    Span::new(at, at + first.len_utf8()),
                    first.to_lowercase().collect(),
                ));
            }
            let mut violation = Violation::new(
                span,
                format!("\"{words}\" reads as an ability word, which has no rules meaning"),
            )
            .help(format!("write \"{TEMPLATE}\""))
            .cr(&["207.2c", "603.1"]);
            violation.fix = Some(TextFix {
                applicability: Applicability::Safe,
                message: format!("replace with \"{TEMPLATE}\""),
                edits,
            });
            violation
        })
        .collect()
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
                "At the beginning of your upkeep, draw a card.",
                "Raid — When this creature enters, draw a card.",
            ],
            &[
                "[[Upkeep —]] Draw a card, then discard a card.",
                "Flying\n[[Upkeep —]] You gain 1 life.",
            ],
        );
    }

    #[test]
    fn the_fix_writes_the_trigger() {
        assert_eq!(
            fixed(&LINT, "Enchantment", "Upkeep — Draw a card.").as_deref(),
            Some("At the beginning of your upkeep, draw a card.")
        );
    }
}
