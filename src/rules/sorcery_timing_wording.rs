//! PL104: "any time you could cast a sorcery": the older wording of "as a sorcery".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::{Form, WindowActor, Wording};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL104",
    name: "sorcery-timing-wording",
    level: Severity::Warning,
    summary: "\"any time you could cast a sorcery\": the older wording of \"as a sorcery\"",
    docs: r#"## What it does
Finds "any time you could cast a sorcery" and the obsolete "any time you could play a sorcery" in a restriction ("Activate only ..."), and rewrites them as "as a sorcery". A permission that opens a sentence ("Any time you could cast a sorcery, you may ...") is left alone.

## Why
Both mean the same (CR 307.5, 602.5d): the player has priority, in a main phase of their turn, with an empty stack. Today's cards say "as a sorcery"; "play a sorcery" also uses the pre-2009 verb.

## Example
```text
{2}: Put a +1/+1 counter on this creature. Activate only any time you could cast a sorcery.
```
Use instead:
```text
{2}: Put a +1/+1 counter on this creature. Activate only as a sorcery.
```

## Fix
Safe: the words are replaced by "as a sorcery"."#,
    fix: FixAvailability::Always,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let marks = helpers::marks(face, |wording| matches!(wording, Wording::AnyTimeSorcery))
        // Only a restriction ("Activate only ..."); "Any time you could cast a sorcery, you may
        // ..." is a permission, and current Oracle text still words it so.
        .filter(|(_, _, phrase, _)| {
            !matches!(&phrase.form, Form::Window(window) if window.actor == WindowActor::Unstated)
        });
    helpers::rewrite_marks(face, marks, |_, _, words| helpers::Rewrite {
        replacement: "as a sorcery",
        message: format!("\"{words}\" is the older wording of \"as a sorcery\""),
        applicability: Applicability::Safe,
        cr: &["307.5", "602.5d"],
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
            "Artifact",
            &[
                "{2}: Draw a card. Activate only as a sorcery.",
                "Any time you could cast a sorcery, you may exile a card from your hand.",
            ],
            &[
                "{2}: Draw a card. Activate only [[any time you could cast a sorcery]].",
                "{2}: Draw a card. Play only [[any time you could play a sorcery]].",
            ],
        );
    }

    #[test]
    fn the_fix_rewrites_the_words() {
        // The whole clause is rewritten; obsolete-play-verb rewrites "Play" on its own.
        assert_eq!(
            fixed(
                &LINT,
                "Artifact",
                "{2}: Draw a card. Play only any time you could play a sorcery."
            )
            .as_deref(),
            Some("{2}: Draw a card. Play only as a sorcery.")
        );
    }
}
