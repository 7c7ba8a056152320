//! PL102: "Play only" and "Play this ability only": the obsolete wording of "Activate only".

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers};
use crate::diagnostic::{Applicability, Severity};
use crate::phrase::ast::Wording;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL102",
    name: "obsolete-play-verb",
    level: Severity::Error,
    summary: "\"Play only\" and \"Play this ability only\": the obsolete wording of \"Activate only\"",
    docs: r#"## What it does
Finds an activation restriction that says "Play" or "Use" ("Play this ability only during your upkeep", "Use this ability only once each turn", "Play only once each turn") and rewrites it as "Activate only"; and "play" for casting a spell ("any time you could play an instant", "Play this spell only during combat"), rewritten as "cast". On an instant or sorcery, a "Play only ..." with no cost before it restricted casting the spell and becomes "Cast this spell only ...".

## Why
Since the Magic 2010 rules, abilities are activated, spells are cast, and only lands are played (CR 602.5b, 601.1, 305.1); "play" an ability or a spell is obsolete.

## Example
```text
{T}: Add {G}. Play this ability only during your upkeep.
```
Use instead:
```text
{T}: Add {G}. Activate only during your upkeep.
```

## Fix
Safe where the text decides: after a cost ("{1}: ...") "Play" becomes "Activate"; on an instant or sorcery without a cost it becomes "Cast this spell". Elsewhere the "Activate" rewrite is unsafe."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let marks = helpers::marks(face, |wording| {
        matches!(wording, Wording::PlayVerb | Wording::PlayForCast)
    })
    // "any time you could play a sorcery" is rewritten whole by sorcery-timing-wording.
    .filter(|(span, _, phrase, _)| {
        !phrase.marks.iter().any(|mark| {
            mark.wording == Wording::AnyTimeSorcery
                && mark.span.start <= span.start
                && span.end <= mark.span.end
        })
    });
    helpers::rewrite_marks(face, marks, |span, wording, words| match wording {
        Wording::PlayForCast => helpers::Rewrite {
            replacement: "cast",
            message: format!("\"{words}\" is obsolete wording for casting a spell"),
            cr: &["601.1"],
            applicability: Applicability::Safe,
        },
        _ if after_a_cost(face, span) => helpers::Rewrite {
            replacement: "activate",
            message: format!("\"{words}\" is obsolete wording for activating an ability"),
            cr: &["602.5b"],
            applicability: Applicability::Safe,
        },
        // No cost before it: on an instant or sorcery, "Play only" restricted casting the spell.
        _ if face.has_type("instant") || face.has_type("sorcery") => helpers::Rewrite {
            replacement: "cast this spell",
            message: format!("\"{words}\" is obsolete wording for casting this spell"),
            cr: &["601.1"],
            applicability: Applicability::Safe,
        },
        _ => helpers::Rewrite {
            replacement: "activate",
            message: format!("\"{words}\" is obsolete wording for activating an ability"),
            cr: &["602.5b"],
            applicability: Applicability::Unsafe,
        },
    })
}

/// A cost's colon stands before `span` in its ability: the restriction is an activated
/// ability's (602.1).
fn after_a_cost(face: &FaceText<'_>, span: crate::model::Span) -> bool {
    let before = face.text.get(..span.start).unwrap_or("");
    let line = before.rsplit(['\n', '\r']).next().unwrap_or(before);
    line.contains(':')
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::rules::testing::{cases, fixed};

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Creature — Elf",
            &["{T}: Add {G}. Activate only during your upkeep."],
            &[
                "{T}: Add {G}. [[Play this ability]] only during your upkeep.",
                "{1}: Regenerate this creature. [[Play]] only once each turn.",
            ],
        );
    }

    #[test]
    fn a_spells_play_only_becomes_cast_this_spell_only() {
        assert_eq!(
            fixed(
                &LINT,
                "Instant",
                "Play only during combat. Tap target creature."
            )
            .as_deref(),
            Some("Cast this spell only during combat. Tap target creature.")
        );
    }

    #[test]
    fn a_spell_is_cast_not_played() {
        assert_eq!(
            fixed(
                &LINT,
                "Artifact",
                "{1}: Add {G}. Activate only any time you could play an instant."
            )
            .as_deref(),
            Some("{1}: Add {G}. Activate only any time you could cast an instant.")
        );
    }

    #[test]
    fn the_fix_reads_activate_only() {
        assert_eq!(
            fixed(
                &LINT,
                "Artifact",
                "{1}: Untap it. Play this ability only during your turn."
            )
            .as_deref(),
            Some("{1}: Untap it. Activate only during your turn.")
        );
    }
}
