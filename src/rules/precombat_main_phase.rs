//! PL709: "precombat main phase": Oracle's "first main phase" since the Foundations update.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation};
use crate::diagnostic::{Applicability, Severity};
use crate::edition::OldWording;
use crate::model::Span;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL709",
    name: "precombat-main-phase",
    level: Severity::Warning,
    summary: "\"your precombat main phase\": cards say \"first main phase\" since the Foundations update (November 2024)",
    docs: r#"## What it does
Finds "precombat main phase" in card text and rewrites it as "first main phase". Under `--rules` of a year before the Foundations update (2024 and earlier), it passes: the older templates said "precombat main phase".

## Why
Since the Foundations update of the Comprehensive Rules (November 2024) cards name the main phases by number ("first main phase", "second main phase", CR 505.1b). The rules still know the older name: the first main phase is the precombat main phase, and only it (CR 505.1, 505.1a), so the meaning is certain and nothing changes but the words. It is a warning, not an obsolete-wording error, because the CR keeps the name. "Postcombat main phase" is left alone: every main phase after the first is one (CR 505.1a), which "second main phase" is not.

## Example
```text
At the beginning of your precombat main phase, add {G}.
```
Use instead:
```text
At the beginning of your first main phase, add {G}.
```

## Fix
Safe: "precombat" → "first"."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

const OLD: &str = "precombat";
const NEW: &str = "first";

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    if face.edition.printed(OldWording::PrecombatMainPhase) {
        return Vec::new();
    }
    face.worded()
        .filter_map(|(phrase, _)| {
            let words = phrase.span.of(face.text);
            let at = precombat_main_phase(words)?;
            let start = phrase.span.start + at;
            let old = Span::new(start, start + OLD.len());
            let replacement = super::helpers::keep_capital(old.of(face.text), NEW);
            Some(
                Violation::new(
                    old,
                    "\"precombat main phase\" is the older name of \"first main phase\"",
                )
                .help(format!("write \"{replacement} main phase\""))
                .cr(&["505.1", "505.1b"])
                .fix(
                    Applicability::Safe,
                    format!("replace with \"{replacement}\""),
                    (old, replacement),
                ),
            )
        })
        .collect()
}

/// The byte offset of "precombat" in `words` where it names the main phase ("precombat main
/// phase", any case, one space of any kind between the words).
fn precombat_main_phase(words: &str) -> Option<usize> {
    // Compared in place, in any ASCII case: most phrases hold no "p" to start from, and no copy
    // of each phrase is made.
    let bytes = words.as_bytes();
    memchr::memchr2_iter(b'p', b'P', bytes).find(|&at| {
        let Some(rest) = words.get(at + OLD.len()..) else {
            return false;
        };
        let mut after = rest.split_whitespace();
        bytes[at..at + OLD.len()].eq_ignore_ascii_case(OLD.as_bytes())
            && !words[..at].ends_with(|c: char| c.is_alphanumeric())
            && rest.starts_with(char::is_whitespace)
            && after.next().is_some_and(|w| w.eq_ignore_ascii_case("main"))
            && after.next().is_some_and(|w| {
                w.as_bytes()
                    .get(..5)
                    .is_some_and(|head| head.eq_ignore_ascii_case(b"phase"))
            })
    })
}

#[cfg(test)]
mod tests {
    use super::{LINT, OLD, precombat_main_phase};
    use crate::rules::testing::{cases, fixed};

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Enchantment",
            &[
                "At the beginning of your first main phase, add {G}.",
                "At the beginning of each of your postcombat main phases, add {R}.",
            ],
            &[
                "At the beginning of your [[precombat]] main phase, add {G}.",
                "At the beginning of each player's [[precombat]] main phase, that player draws a card.",
            ],
        );
    }

    #[test]
    fn the_fix_writes_first() {
        assert_eq!(
            fixed(
                &LINT,
                "Enchantment",
                "At the beginning of your precombat main phase, add {G}."
            )
            .as_deref(),
            Some("At the beginning of your first main phase, add {G}.")
        );
    }

    #[test]
    fn a_year_before_foundations_prints_it() {
        use crate::edition::Edition;
        use crate::rules::FaceText;
        let text = "At the beginning of your precombat main phase, add {G}.";
        for (year, expected) in [("2023", 0), ("2024", 0), ("2025", 1)] {
            let edition: Edition = year.parse().expect("a year");
            let face = FaceText::read_in(text, Some("Enchantment"), edition);
            assert_eq!((LINT.check)(&face).len(), expected, "{year}");
        }
    }

    /// Found in place as a lower-cased copy finds it: any case, other blanks, a word before or
    /// after, a cut phrase, and text outside ASCII around it.
    #[test]
    fn found_in_place_as_in_a_lower_cased_copy() {
        let copied = |words: &str| {
            let lower = words.to_ascii_lowercase();
            lower.match_indices(OLD).find_map(|(at, _)| {
                let rest = lower.get(at + OLD.len()..)?;
                let mut after = rest.split_whitespace();
                let starts_a_word = !lower[..at].ends_with(|c: char| c.is_alphanumeric());
                (starts_a_word
                    && rest.starts_with(char::is_whitespace)
                    && after.next() == Some("main")
                    && after.next().is_some_and(|w| w.starts_with("phase")))
                .then_some(at)
            })
        };
        for words in [
            "precombat main phase",
            "your PRECOMBAT MAIN PHASE",
            "Precombat\u{a0}Main  pHases",
            "xprecombat main phase, precombat main phase",
            "éprecombat main phase",
            "precombat main",
            "precombat mainphase",
            "precombat main phasé",
            "precombat main phé",
            "precombat",
            "p",
            "precombat\tmain\nphase",
            "pprecombat main phase",
            "the precombat step and your precombat main phase",
        ] {
            assert_eq!(precombat_main_phase(words), copied(words), "{words:?}");
        }
    }
}
