//! PL002: an unknown phrase that is a known template misspelt, word by word.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers, templates};
use crate::diagnostic::{Applicability, Severity};
use crate::model::{Kind, Span};
use crate::phrase::ast::Phrase;
use templates::{Measure, near};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL002",
    name: "misspelled-timing-phrase",
    level: Severity::Warning,
    summary: "a timing phrase that is a known template misspelt",
    docs: r#"## What it does
Finds a phrase phaselint does not understand that comes within a typo of a known template, word by word: a word off by a letter or two ("if" for "of", "players" for "player's"), or a small word ("of", "the") missing or extra. It is reported in place of PL001, with the template as its fix, and only when the text reads as that template once it is fixed.

## Why
Half of the unknown phrases of designers' sets are typos. A typo leaves the card's timing to a reader's guess: phaselint places no phrase on the turn (CR 500-514) by a guess, and gives it no meaning. The template it was meant to be is one edit away.

## Example
```text
Target creature gets +1/+1 until end if turn.
At the beginning your upkeep, draw a card.
```
Use instead:
```text
Target creature gets +1/+1 until end of turn.
At the beginning of your upkeep, draw a card.
```

## Fix
Unsafe: the words become the template. The template is the closest one the grammar understands, but a typo is a guess at what was meant: read the fix before applying it."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let mut violations: Vec<Violation> = Vec::new();
    for (phrase, _) in face.items.iter().filter(|(_, f)| f.kind == Kind::Unknown) {
        let Some((span, template)) = correction(face, phrase) else {
            continue;
        };
        if violations.iter().any(|known| known.span == span) {
            continue;
        }
        let words = span.of(face.text);
        let replacement = helpers::keep_capital(words, template);
        violations.push(
            Violation::new(
                span,
                format!("\"{words}\" looks like \"{template}\" misspelt"),
            )
            .help(format!("write \"{replacement}\""))
            .fix(
                Applicability::Unsafe,
                format!("replace with \"{replacement}\""),
                (span, replacement),
            ),
        );
    }
    violations
}

/// The words around an unknown phrase that misspell a template, and the template, when their
/// sentence reads as a known phrase with it in their place.
pub(super) fn correction(face: &FaceText<'_>, phrase: &Phrase) -> Option<(Span, &'static str)> {
    let sentence = sentence_of(face.text, phrase.span);
    near(face.text, sentence, phrase.span, Measure::Typo)
        .into_iter()
        .filter(|near| near.edits > 0)
        // A few candidates at most: each is a read of the sentence.
        .take(4)
        .find(|near| understood_with(face, sentence, near.span, near.template))
        .map(|near| (near.span, near.template))
}

/// How far around an unknown phrase its sentence is read: a typo lies within a few words, and a
/// sentence of a hundred kilobytes must not be read again for each of its phrases.
const REACH: usize = 200;

/// The text around `span` up to the marks that end a sentence or a clause of its own, and at most
/// [`REACH`] bytes either side of it.
fn sentence_of(text: &str, span: Span) -> Span {
    const ENDS: &[char] = &['.', '\n', '\r', ':', ';', '(', ')', '"', '“', '”', '—', '•'];
    let mut from = span.start.saturating_sub(REACH);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let mut to = (span.end + REACH).min(text.len());
    while !text.is_char_boundary(to) {
        to -= 1;
    }
    let before = text.get(from..span.start).unwrap_or_default();
    let after = text.get(span.end..to).unwrap_or_default();
    let start = before.rfind(ENDS).map_or(from, |at| {
        from + at + before[at..].chars().next().map_or(1, char::len_utf8)
    });
    let end = after.find(ENDS).map_or(to, |at| span.end + at);
    Span::new(start, end)
}

/// The sentence, with `template` in place of `span`, holds a known phrase there and no unknown
/// one.
fn understood_with(face: &FaceText<'_>, sentence: Span, span: Span, template: &str) -> bool {
    let replacement = helpers::keep_capital(span.of(face.text), template);
    let mut fixed = String::with_capacity(sentence.end - sentence.start + replacement.len());
    fixed.push_str(
        face.text
            .get(sentence.start..span.start)
            .unwrap_or_default(),
    );
    fixed.push_str(&replacement);
    fixed.push_str(face.text.get(span.end..sentence.end).unwrap_or_default());
    let at = span.start - sentence.start;
    let placed = Span::new(at, at + replacement.len());
    let read = FaceText::read_in(&fixed, face.type_line, face.edition);
    let there: Vec<Kind> = read
        .items
        .iter()
        .filter(|(phrase, _)| phrase.span.start < placed.end && placed.start < phrase.span.end)
        .map(|(_, finding)| finding.kind)
        .collect();
    read.errors.is_empty() && !there.is_empty() && !there.contains(&Kind::Unknown)
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
            &[
                "Target creature gets +1/+1 until end of turn.",
                // Unknown, but no template within a typo of it.
                "Tap target creature. It doesn't untap until the turn after next.",
                "Target creature gets +2/+0 until the end of the game's last combat.",
            ],
            &[
                "Target creature gets +1/+1 [[until end if turn]].",
                "[[At the beginning your upkeep]], draw a card.",
                "Untap all creatures you control [[during each other players untap step]].",
                "[[At the begining of your upkeep]], you gain 1 life.",
                "It gets +1/+1 [[until end of trun]].",
                "[[At the beginning of each opponents upkeep]], that player loses 1 life.",
            ],
        );
    }

    #[test]
    fn the_fix_writes_the_template_keeping_the_capital() {
        let fix = |text| fixed(&LINT, "Creature — Elf", text);
        assert_eq!(
            fix("At the beginning your upkeep, draw a card.").as_deref(),
            Some("At the beginning of your upkeep, draw a card.")
        );
        assert_eq!(
            fix("Untap all creatures you control during each other players untap step.").as_deref(),
            Some("Untap all creatures you control during each other player's untap step.")
        );
        assert_eq!(
            fix("It gets +1/+1 until end if turn.").as_deref(),
            Some("It gets +1/+1 until end of turn.")
        );
    }
}
