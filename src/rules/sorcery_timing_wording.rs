//! PL104: "any time you could cast a sorcery": the older wording of "as a sorcery".

use super::{
    FaceText, FixAvailability, Lint, RuleInfo, TextFix, Violation, activate_this_ability, helpers,
};
use crate::diagnostic::{Applicability, Severity};
use crate::model::Span;
use crate::phrase::ast::{Form, Phrase, WindowActor, Wording};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL104",
    name: "sorcery-timing-wording",
    level: Severity::Error,
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
Safe: the words are replaced by "as a sorcery". After "Activate this ability only", the diagnostic covers the whole restriction and its fix also makes activate-this-ability-only's (PL105) edit, "Activate only as a sorcery": one diagnostic for the older restriction, PL105's own left out."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let marks = helpers::marks(face, |wording| matches!(wording, Wording::AnyTimeSorcery))
        .filter(|(_, _, phrase, _)| !is_permission(phrase));
    let verbs: Vec<(Span, Span)> = activate_this_ability::marks(face)
        .map(|(span, _, phrase, _)| (span, phrase.span))
        .collect();
    helpers::rewrite_marks(face, marks, |_, _, words| helpers::Rewrite {
        replacement: "as a sorcery",
        message: format!("\"{words}\" is the older wording of \"as a sorcery\""),
        applicability: Applicability::Safe,
        cr: &["307.5", "602.5d"],
    })
    .into_iter()
    .map(|violation| with_older_verb(face, violation, &verbs))
    .collect()
}

/// Whether the older words are a permission: only a restriction ("Activate only ...") is reworded;
/// "Any time you could cast a sorcery, you may ..." is a permission, and current Oracle text
/// still words it so.
pub(super) fn is_permission(phrase: &Phrase) -> bool {
    matches!(&phrase.form, Form::Window(window) if window.actor == WindowActor::Unstated)
}

/// The violation widened to the "Activate this ability" that opens its restriction, when there is
/// one (PL105's words): one diagnostic and one fix for the older restriction as a whole.
fn with_older_verb(face: &FaceText<'_>, violation: Violation, verbs: &[(Span, Span)]) -> Violation {
    let Some(fix) = &violation.fix else {
        return violation;
    };
    let at = violation.span;
    let Some((verb, _)) = verbs.iter().find(|(verb, phrase)| {
        phrase.start <= verb.start && verb.end <= at.start && at.end <= phrase.end
    }) else {
        return violation;
    };
    let activate = helpers::keep_capital(verb.of(face.text), "activate");
    let whole = Span::new(verb.start, at.end);
    let now = format!(
        "{activate}{}as a sorcery",
        face.text.get(verb.end..at.start).unwrap_or(" only ")
    );
    let mut edits = vec![(*verb, activate)];
    edits.extend(fix.edits.iter().cloned());
    let mut widened = Violation::new(
        whole,
        format!(
            "\"{}\" is the older wording of \"{now}\"",
            whole.of(face.text)
        ),
    )
    .help(format!("write \"{now}\""))
    .cr(&["602.5b", "307.5", "602.5d"]);
    widened.fix = Some(TextFix {
        applicability: fix.applicability,
        message: format!("replace with \"{now}\""),
        edits,
    });
    widened
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
    fn after_activate_this_ability_the_whole_restriction_is_one_fix() {
        assert_eq!(
            fixed(
                &LINT,
                "Artifact",
                "{2}: Draw a card. Activate this ability only any time you could cast a sorcery."
            )
            .as_deref(),
            Some("{2}: Draw a card. Activate only as a sorcery.")
        );
        let face = crate::rules::FaceText::read(
            "{2}: Draw a card. Activate this ability only any time you could cast a sorcery.",
            Some("Artifact"),
        );
        let violations = (LINT.check)(&face);
        assert_eq!(violations.len(), 1, "{violations:#?}");
        assert_eq!(
            violations[0].message,
            "\"Activate this ability only any time you could cast a sorcery\" is the older \
             wording of \"Activate only as a sorcery\""
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
