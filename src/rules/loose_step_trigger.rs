//! PL501: "At your upkeep", "On your upkeep", "During your upkeep" used as a trigger.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::Wording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL501",
    name: "loose-step-trigger",
    level: Severity::Warning,
    summary: "\"At your upkeep\", \"On your upkeep\", \"During your upkeep\" used as a trigger",
    docs: r#"## What it does
Finds a triggered ability that opens with "At", "On" or "During" and a step ("At your upkeep, ...") instead of the template "At the beginning of [step]".

## Why
Triggered abilities begin with "when", "whenever" or "at" (CR 603.1), and step triggers say which edge they wait for: "at the beginning of" (CR 503.1, 513.1). "On your upkeep" is no trigger at all by the rules, and "During your upkeep" reads as a duration.

## Example
```text
At your upkeep, you lose 1 life.
```
Use instead:
```text
At the beginning of your upkeep, you lose 1 life.
```

## Fix
"At" or "On" becomes "At the beginning of": safe. "During" becomes "At the beginning of" only with `--unsafe-fixes`, as "During ..." may describe the whole step rather than a trigger. "During [the] untap step, untap ..." changes the untap step's turn-based action (502.3) and is never reported."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let marks = helpers::marks(face, |wording| matches!(wording, Wording::LooseTrigger));
    helpers::rewrite_marks(face, marks, |_, _, words| helpers::Rewrite {
        replacement: "at the beginning of",
        message: format!("\"{words}\" opens a trigger without \"the beginning of\""),
        // "During ..." may describe the whole step rather than a trigger: the text must decide.
        applicability: if words.eq_ignore_ascii_case("during") {
            Applicability::Unsafe
        } else {
            Applicability::Safe
        },
        cr: &["603.1"],
    })
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
                "Activate only during your upkeep.",
            ],
            &[
                "[[At]] your upkeep, you lose 1 life.",
                "[[On]] your upkeep, you lose 1 life.",
                "[[During]] each opponent's draw step, they discard a card.",
            ],
        );
    }

    #[test]
    fn the_fix_rewrites_the_words() {
        assert_eq!(
            fixed(&LINT, "Enchantment", "On your upkeep, you lose 1 life.").as_deref(),
            Some("At the beginning of your upkeep, you lose 1 life.")
        );
    }
}
