//! Pieces several rules share: replacements that keep the text's capitals, and violations made
//! from a marked wording or a resolver caveat.

use super::{FaceText, Violation};
use crate::diagnostic::Applicability;
use crate::model::{Finding, Kind, Span};
use crate::phrase::ast::{DesignerWording, Phrase, Wording};
use crate::resolve::printed;

/// `replacement` with its first letter upper-cased when `original` starts with a capital.
pub fn keep_capital(original: &str, replacement: &str) -> String {
    if original.starts_with(|c: char| c.is_uppercase()) {
        let mut chars = replacement.chars();
        match chars.next() {
            Some(first) => first.to_uppercase().chain(chars).collect(),
            None => String::new(),
        }
    } else {
        replacement.to_string()
    }
}

/// Every mark of the face whose wording `pick` accepts, with its phrase and finding.
pub fn marks<'f>(
    face: &'f FaceText<'_>,
    pick: impl Fn(Wording) -> bool + Copy + 'f,
) -> impl Iterator<Item = MarkAt<'f>> + 'f {
    face.items.iter().flat_map(move |(phrase, finding)| {
        phrase
            .marks
            .iter()
            .filter(move |mark| pick(mark.wording))
            // A template of the edition the text is written in is no obsolete wording there.
            .filter(move |mark| {
                let words = face.text.get(mark.span.start..mark.span.end).unwrap_or("");
                !printed(face.edition, mark.wording, words)
            })
            .map(move |mark| (mark.span, mark.wording, phrase, finding))
    })
}

/// The marks of any of the designer's wordings `designers` (rules PL7xx), as `marks` gives them,
/// outside reminder text: a reminder keeps its words, as printed reminders say "for the rest of
/// the turn" (no wording diagnostic there, TIMING-MODEL.md version 4).
pub fn designer_marks<'f>(
    face: &'f FaceText<'_>,
    designers: &'static [DesignerWording],
) -> impl Iterator<Item = MarkAt<'f>> + 'f {
    marks(
        face,
        move |wording| matches!(wording, Wording::Designer(designer) if designers.contains(&designer)),
    )
    .filter(|(_, _, phrase, _)| !phrase.place.in_reminder)
}

/// A mark with the phrase and finding it is in.
pub type MarkAt<'f> = (Span, Wording, &'f Phrase, &'f Finding);

/// What marked words become, how safe that is, and the rules that say so. The replacement is
/// mostly a fixed template; a rule that keeps some of the marked words makes it a `String`.
pub struct Rewrite<R = &'static str> {
    pub replacement: R,
    pub message: String,
    pub cr: &'static [&'static str],
    pub applicability: Applicability,
}

/// One violation with a fix per mark: `rewrite` gets the mark's span, its wording and its words.
pub fn rewrite_marks<'f, R: AsRef<str>>(
    face: &'f FaceText<'_>,
    marks: impl Iterator<Item = MarkAt<'f>>,
    rewrite: impl Fn(Span, Wording, &str) -> Rewrite<R>,
) -> Vec<Violation> {
    marks
        .map(|(span, wording, _, _)| {
            let original = span.of(face.text);
            let Rewrite {
                replacement,
                message,
                cr,
                applicability,
            } = rewrite(span, wording, original);
            let replacement = keep_capital(original, replacement.as_ref());
            Violation::new(span, message)
                .help(format!("write \"{replacement}\""))
                .cr(cr)
                .fix(
                    applicability,
                    format!("replace with \"{replacement}\""),
                    (span, replacement),
                )
        })
        .collect()
}

/// One violation with a fix per mark of the designer's wording `designer` (rules PL7xx).
pub fn rewrite_designer<R: AsRef<str>>(
    face: &FaceText<'_>,
    designer: DesignerWording,
    rewrite: impl Fn(&str) -> Rewrite<R>,
) -> Vec<Violation> {
    let marks = marks(face, move |wording| wording == Wording::Designer(designer));
    rewrite_marks(face, marks, |_, _, words| rewrite(words))
}

/// One violation per window whose finding carries the resolver caveat `code`: a window in a step
/// where no player gets priority. The caveat's own message is the help.
pub fn windows_with_caveat(
    face: &FaceText<'_>,
    code: &str,
    message: &str,
    cr: &[&'static str],
) -> Vec<Violation> {
    face.worded()
        .filter(|(_, finding)| finding.kind == Kind::Window)
        .filter_map(|(phrase, finding)| {
            let caveat = finding.caveats.iter().find(|caveat| caveat.code == code)?;
            Some(
                Violation::new(phrase.span, message)
                    .help(caveat.message.clone())
                    .cr(cr),
            )
        })
        .collect()
}

/// One note per caveat whose code `helps` lists, on any worded finding (not a keyword's), with the caveat's message and the
/// help `helps` pairs with that code.
pub fn caveat_notes(face: &FaceText<'_>, helps: &[(&str, &str)]) -> Vec<Violation> {
    face.worded()
        .flat_map(|(phrase, finding)| {
            finding.caveats.iter().filter_map(move |caveat| {
                let (_, help) = helps.iter().find(|(code, _)| *code == caveat.code)?;
                Some(
                    Violation::new(phrase.span, caveat.message.clone())
                        .help(*help)
                        .cr(&[caveat.rule]),
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::keep_capital;

    #[test]
    fn capitals_follow_the_original() {
        assert_eq!(keep_capital("Play", "activate"), "Activate");
        assert_eq!(keep_capital("play", "activate"), "activate");
        assert_eq!(keep_capital("", "x"), "x");
    }
}
