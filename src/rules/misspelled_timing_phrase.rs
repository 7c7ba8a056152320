//! PL002: an unknown phrase that is a known template misspelt, word by word.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, helpers, templates};
use crate::diagnostic::{Applicability, Severity};
use crate::model::{Kind, Span};
use crate::phrase::ast::Phrase;
use templates::{Measure, Near, Step, doubled, near, reads_as};

pub static RULE: RuleInfo = RuleInfo {
    code: "PL002",
    name: "misspelled-timing-phrase",
    level: Severity::Warning,
    summary: "a timing phrase that is a known template misspelt",
    docs: r#"## What it does
Finds a phrase phaselint does not understand that comes within a typo of a known template, word by word: a word off by a letter or two ("if" for "of", "players" for "player's"), a small word ("of", "the") missing or extra, or a word written twice. It is reported in place of PL001, with the template as its fix, and only when the text reads as that template once it is fixed, with no word doubled and no word beside it left unknown.

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
Unsafe: only the words that differ from the template change, every other byte stays ("untill" becomes "until"; "of the your" becomes "of your"). The template is the closest one the grammar understands, but a typo is a guess at what was meant: read the fix before applying it."#,
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let mut violations: Vec<Violation> = Vec::new();
    for (phrase, _) in face.items.iter().filter(|(_, f)| f.kind == Kind::Unknown) {
        let Some(correction) = correction(face, phrase) else {
            continue;
        };
        let span = correction.span;
        if violations.iter().any(|known| known.span == span) {
            continue;
        }
        let words = span.of(face.text);
        let template = correction.template;
        let written = correction.written;
        violations.push(
            Violation::new(
                span,
                format!("\"{words}\" looks like \"{template}\" misspelt"),
            )
            .help(format!("write \"{written}\""))
            .fix(
                Applicability::Unsafe,
                format!("replace with \"{written}\""),
                correction.edit,
            ),
        );
    }
    violations
}

/// The words around an unknown phrase that misspell a template, and how to mend them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Correction {
    /// The words that misspell the template, from the first to the end of the last.
    pub span: Span,
    pub template: &'static str,
    /// The one edit that mends them: from the first word that changes to the end of the last,
    /// in the text's bytes, and what it becomes. Every other byte stays as it is.
    pub edit: (Span, String),
    /// The words of `span` as the edit leaves them: the template, in the text's capitals.
    pub written: String,
}

/// The words around an unknown phrase that misspell a template, and the edit that mends them,
/// when their sentence reads as a known phrase with it applied.
pub(super) fn correction(face: &FaceText<'_>, phrase: &Phrase) -> Option<Correction> {
    let sentence = sentence_of(face.text, phrase.span);
    near(face.text, sentence, phrase.span, Measure::Typo)
        .into_iter()
        .filter(|near| near.edits > 0)
        // A few candidates at most: each is a read of the sentence.
        .take(4)
        .find_map(|near| {
            let edit = edit(face.text, &near)?;
            let correction = Correction {
                span: near.span,
                template: near.template,
                written: applied(near.span.of(face.text), near.span.start, &edit),
                edit,
            };
            understood_with(face, sentence, phrase.span, &correction).then_some(correction)
        })
}

/// `part` (which starts at `offset` in the text) with `edit` applied.
fn applied(part: &str, offset: usize, (span, replacement): &(Span, String)) -> String {
    let (start, end) = (span.start - offset, span.end - offset);
    [&part[..start], replacement.as_str(), &part[end..]].concat()
}

/// A stretch of the run `near` aligned, and what the fix makes of it.
struct Piece {
    span: Span,
    new: String,
    /// A word of the text or of the template (else the spaces and marks between two words).
    word: bool,
}

/// The edit that makes the words `near` aligned read as its template, changing only the words
/// that differ: a misspelt word becomes the template's (in the capital of the text's), a word too
/// many goes with the spaces before it, a missing word goes in before the next. The spaces and
/// marks between the words stay. When a word goes in before the run's first word, or that word
/// goes, the run's capital moves to its new first word. The edit is one stretch, from the first
/// word that changes to the end of the last; `None` when nothing changes, or when a word too many
/// stands between marks that are not spaces (the marks would go with it, or be left doubled).
fn edit(text: &str, near: &Near) -> Option<(Span, String)> {
    let curly = near.span.of(text).contains('’');
    let spell = |wanted: &str| {
        if curly {
            wanted.replace('\'', "’")
        } else {
            wanted.to_string()
        }
    };
    let mut pieces: Vec<Piece> = Vec::new();
    // Missing words waiting for the text's next word, to go in before it.
    let mut pending: Vec<String> = Vec::new();
    // The end of the text's last word placed, the index of the run's first word, and of the
    // words too many.
    let mut last_end: Option<usize> = None;
    let mut first_word: Option<usize> = None;
    let mut extras: Vec<usize> = Vec::new();
    for step in &near.steps {
        let (word, new) = match *step {
            Step::Missing(wanted) => {
                pending.push(spell(wanted));
                continue;
            }
            Step::Kept(word) => (word, word.of(text).to_string()),
            Step::Respelt(word, wanted) => {
                (word, helpers::keep_capital(word.of(text), &spell(wanted)))
            }
            Step::Extra(word) => (word, String::new()),
        };
        if let Some(end) = last_end {
            let gap = Span::new(end, word.start);
            pieces.push(Piece {
                span: gap,
                new: gap.of(text).to_string(),
                word: false,
            });
        }
        for wanted in pending.drain(..) {
            pieces.push(Piece {
                span: Span::new(word.start, word.start),
                new: format!("{wanted} "),
                word: true,
            });
        }
        if matches!(step, Step::Extra(_)) {
            extras.push(pieces.len());
        }
        first_word.get_or_insert(pieces.len());
        last_end = Some(word.end);
        pieces.push(Piece {
            span: word,
            new,
            word: true,
        });
    }
    // Missing words after the text's last.
    let end = last_end?;
    for wanted in pending {
        pieces.push(Piece {
            span: Span::new(end, end),
            new: format!(" {wanted}"),
            word: true,
        });
    }
    // A word too many goes with the spaces before it (the word before it ends the edit), or
    // after it when it starts the run.
    for &extra in &extras {
        let spaces = |piece: Option<&Piece>| {
            piece.is_some_and(|piece| {
                !piece.word
                    && piece.new == piece.span.of(text)
                    && piece.new.chars().all(char::is_whitespace)
            })
        };
        if extra > 0 && spaces(pieces.get(extra - 1)) {
            pieces[extra - 1].new.clear();
        } else if spaces(pieces.get(extra + 1)) {
            pieces[extra + 1].new.clear();
        } else {
            return None;
        }
    }
    // The run's capital stays at its start.
    let capital = near.span.of(text).starts_with(char::is_uppercase);
    let first_new = pieces
        .iter()
        .position(|piece| piece.word && !piece.new.is_empty());
    if let (true, Some(first_new), Some(first_word)) = (capital, first_new, first_word) {
        if first_new != first_word && !pieces[first_word].new.is_empty() {
            pieces[first_word].new = first_letter(&pieces[first_word].new, false);
        }
        pieces[first_new].new = first_letter(&pieces[first_new].new, true);
    }
    let changed = |piece: &Piece| piece.new != piece.span.of(text);
    let mut from = pieces.iter().position(changed)?;
    let mut to = pieces.iter().rposition(changed)?;
    // The edit starts and ends with a word it writes: a replacement that is empty or starts or
    // ends with a space cannot be written into every card format (a YAML plain scalar), and reads
    // worse in a diff. It takes in the words next to it until it does.
    loop {
        let replacement: String = pieces[from..=to]
            .iter()
            .map(|piece| piece.new.as_str())
            .collect();
        let bare_start = replacement.is_empty() || replacement.starts_with(char::is_whitespace);
        let bare_end = replacement.is_empty() || replacement.ends_with(char::is_whitespace);
        if bare_start && from > 0 {
            from -= 1;
        } else if bare_end && to + 1 < pieces.len() {
            to += 1;
        } else if bare_start || bare_end {
            return None;
        } else {
            let span = Span::new(pieces[from].span.start, pieces[to].span.end);
            return Some((span, replacement));
        }
    }
}

/// `word` with its first letter upper-cased, or lower-cased.
fn first_letter(word: &str, upper: bool) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) if upper => first.to_uppercase().chain(chars).collect(),
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
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

/// The sentence, with the correction's edit applied, reads as its template and holds a known
/// phrase there; no unknown phrase is left where the unknown `phrase` or the corrected words
/// were (a fix that puts an "at" after an "until" leaves "until" unknown); and the edit leaves no
/// word doubled.
fn understood_with(
    face: &FaceText<'_>,
    sentence: Span,
    phrase: Span,
    correction: &Correction,
) -> bool {
    let (edit, replacement) = &correction.edit;
    let fixed = applied(sentence.of(face.text), sentence.start, &correction.edit);
    // Spans of the text that end at or after the edit move by what it adds or takes away; the
    // corrected words and the phrase end there, and start before it.
    let moved = |span: Span| {
        Span::new(
            span.start - sentence.start,
            (span.end + replacement.len()).saturating_sub(edit.end - edit.start + sentence.start),
        )
    };
    let words = moved(correction.span);
    let around = moved(Span::new(
        phrase.start.min(correction.span.start).max(sentence.start),
        phrase.end.max(correction.span.end).min(sentence.end),
    ));
    if !reads_as(words.of(&fixed), correction.template) {
        return false;
    }
    let placed = Span::new(
        edit.start - sentence.start,
        edit.start - sentence.start + replacement.len(),
    );
    if doubled(&fixed)
        .iter()
        .any(|pair| pair.start <= placed.end && placed.start <= pair.end)
    {
        return false;
    }
    let read = FaceText::read_in(&fixed, face.type_line, face.edition);
    let overlapping = |span: Span| {
        read.items
            .iter()
            .filter(move |(phrase, _)| phrase.span.start < span.end && span.start < phrase.span.end)
            .map(|(_, finding)| finding.kind)
    };
    read.errors.is_empty()
        && overlapping(words).next().is_some()
        && !overlapping(around).any(|kind| kind == Kind::Unknown)
}

#[cfg(test)]
mod tests {
    use super::{Correction, LINT, applied, edit, sentence_of, understood_with};
    use crate::model::{Kind, Span};
    use crate::rules::FaceText;
    use crate::rules::templates::{Measure, doubled, every_template, near, understood_in};
    use crate::rules::testing::{cases, fix_applied, fixed};

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
                "It gets +1/+1 [[until the beginning of the your next end step]].",
                "It gets +1/+1 [[until end end of turn]].",
                "It gets +1/+1 [[until until end of turn]].",
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

    /// The fix of `text`: the words it replaces, what it writes there, and the text it leaves.
    fn fix_of(text: &str) -> (String, String, String) {
        let (violation, out) = fix_applied(&LINT, "Creature — Elf", text)
            .unwrap_or_else(|| panic!("{text:?} has no fix"));
        let fix = violation.fix.expect("a fix");
        let [(span, replacement)] = &fix.edits[..] else {
            panic!("one edit: {fix:?}");
        };
        (span.of(text).to_string(), replacement.clone(), out)
    }

    /// Issue 39: the real report. The word too many ("the") goes, and nothing else changes: the
    /// fix used to write the whole of "at the beginning of your next end step" over "the
    /// beginning of the your next end step", after its "until".
    #[test]
    fn a_word_too_many_after_until_goes_and_no_at_comes_in() {
        assert_eq!(
            fix_of("Target creature gets +1/+1 until the beginning of the your next end step."),
            (
                "of the".to_string(),
                "of".to_string(),
                "Target creature gets +1/+1 until the beginning of your next end step.".to_string()
            )
        );
    }

    /// What the fix used to be is refused now: with "at the beginning of your next end step" in
    /// place, "until" is left unknown beside it.
    #[test]
    fn a_fix_that_leaves_a_word_unknown_beside_its_template_is_refused() {
        let text = "Target creature gets +1/+1 until the beginning of the your next end step.";
        let face = FaceText::read(text, Some("Creature — Elf"));
        let (phrase, _) = face
            .items
            .iter()
            .find(|(_, finding)| finding.kind == Kind::Unknown)
            .expect("an unknown phrase");
        let sentence = sentence_of(text, phrase.span);
        let near = near(text, sentence, phrase.span, Measure::Typo)
            .into_iter()
            .find(|near| near.template == "at the beginning of your next end step")
            .expect("the template comes near");
        let edit = edit(text, &near).expect("an edit");
        let correction = Correction {
            span: near.span,
            template: near.template,
            written: applied(near.span.of(text), near.span.start, &edit),
            edit,
        };
        assert_eq!(
            applied(text, 0, &correction.edit),
            "Target creature gets +1/+1 until at the beginning of your next end step."
        );
        assert!(!understood_with(&face, sentence, phrase.span, &correction));
    }

    #[test]
    fn a_missing_word_goes_in_with_the_word_after_it() {
        assert_eq!(
            fix_of("At the beginning your upkeep, draw a card."),
            (
                "your".to_string(),
                "of your".to_string(),
                "At the beginning of your upkeep, draw a card.".to_string()
            )
        );
    }

    #[test]
    fn an_extra_small_word_goes() {
        assert_eq!(
            fix_of("At the beginning of the your upkeep, draw a card.").2,
            "At the beginning of your upkeep, draw a card."
        );
    }

    #[test]
    fn a_misspelt_word_alone_is_respelt() {
        let cases = [
            (
                "Target creature gets +1/+1 untill end of turn.",
                "untill",
                "until",
                "Target creature gets +1/+1 until end of turn.",
            ),
            (
                "At the begining of your upkeep, draw a card.",
                "begining",
                "beginning",
                "At the beginning of your upkeep, draw a card.",
            ),
            (
                "At the beggining of your upkeep, draw a card.",
                "beggining",
                "beginning",
                "At the beginning of your upkeep, draw a card.",
            ),
            (
                "It gets +1/+1 until end of trun.",
                "trun",
                "turn",
                "It gets +1/+1 until end of turn.",
            ),
        ];
        for (text, words, replacement, out) in cases {
            assert_eq!(
                fix_of(text),
                (words.to_string(), replacement.to_string(), out.to_string()),
                "{text}"
            );
        }
    }

    #[test]
    fn a_doubled_word_goes_once() {
        let cases = [
            (
                "Target creature gets +1/+1 until end of of turn.",
                "of of",
                "of",
            ),
            (
                "Target creature gets +1/+1 until end end of turn.",
                "end end",
                "end",
            ),
            (
                "Target creature gets +1/+1 until until end of turn.",
                "until until",
                "until",
            ),
        ];
        for (text, words, replacement) in cases {
            assert_eq!(
                fix_of(text),
                (
                    words.to_string(),
                    replacement.to_string(),
                    "Target creature gets +1/+1 until end of turn.".to_string()
                ),
                "{text}"
            );
        }
        assert_eq!(
            fix_of("At the the beginning of your upkeep, draw a card.").2,
            "At the beginning of your upkeep, draw a card."
        );
    }

    #[test]
    fn the_capital_stays_at_the_start() {
        assert_eq!(
            fix_of("Untill end of turn, target creature gets +1/+1.").2,
            "Until end of turn, target creature gets +1/+1."
        );
        assert_eq!(
            fix_of("At the begining of your upkeep, draw a card.").2,
            "At the beginning of your upkeep, draw a card."
        );
        // A word goes in before the first: the capital moves to it.
        assert_eq!(
            fix_of("The beginning of your upkeep, draw a card."),
            (
                "The".to_string(),
                "At the".to_string(),
                "At the beginning of your upkeep, draw a card.".to_string()
            )
        );
        // The first of a doubled word stays, capital and all.
        assert_eq!(
            fix_of("Until until end of turn, target creature gets +1/+1.").2,
            "Until end of turn, target creature gets +1/+1."
        );
    }

    /// Sentences each template is understood in, as `templates::grammar_tests` has them.
    const CONTEXTS: &[&str] = &[
        "Draw a card {}.",
        "Draw a card for each creature that died {}.",
        "After this main phase, {}.",
        "Each player can't cast more than one spell {}.",
    ];

    /// Typos of `template`, each word in turn: a letter of it dropped, the word written twice,
    /// the word left out.
    fn typos(template: &str) -> Vec<String> {
        let words: Vec<&str> = template.split(' ').collect();
        let mut typos = Vec::new();
        for at in 0..words.len() {
            let with = |word: Option<String>| {
                let mut typo: Vec<String> = words.iter().map(|word| word.to_string()).collect();
                match word {
                    Some(word) => typo[at] = word,
                    None => {
                        typo.remove(at);
                    }
                }
                typo.join(" ")
            };
            let word = words[at];
            if word.len() >= 4 {
                let middle = word.len() / 2;
                typos.push(with(Some(format!(
                    "{}{}",
                    &word[..middle],
                    &word[middle + 1..]
                ))));
            }
            typos.push(with(Some(format!("{word} {word}"))));
            typos.push(with(None));
        }
        typos
    }

    /// Issue 39: every fix, of every template's typos, leaves text that reads as the template it
    /// names, once, with no word doubled, and changes no byte outside its edit, which holds two
    /// words at most either side. A fix to the very template the typo was made of gives back the
    /// sentence before the typo, byte for byte.
    #[test]
    fn every_fix_of_every_template_reads_as_it_with_no_word_doubled() {
        let (mut tried, mut fixes, mut restored) = (0, 0, 0);
        let mut templates_restored = 0;
        let mut templates = 0;
        for template in every_template() {
            templates += 1;
            let Some(context) = CONTEXTS
                .iter()
                .find(|context| understood_in(context, template))
            else {
                panic!("{template:?} is understood in no context");
            };
            let original = context.replace("{}", template);
            let mut restored_here = false;
            for typo in typos(template) {
                let text = context.replace("{}", &typo);
                tried += 1;
                let Some((violation, out)) = fix_applied(&LINT, "Instant", &text) else {
                    continue;
                };
                fixes += 1;
                let fix = violation.fix.as_ref().expect("a fix");
                let [(edit, replacement)] = &fix.edits[..] else {
                    panic!("{text:?}: one edit, not {fix:?}");
                };
                // The bytes outside the edit are the text's.
                assert_eq!(out[..edit.start], text[..edit.start], "{text:?}");
                assert_eq!(
                    out[edit.start + replacement.len()..],
                    text[edit.end..],
                    "{text:?}"
                );
                // Within the words reported, and of a few words only.
                assert!(
                    violation.span.start <= edit.start && edit.end <= violation.span.end,
                    "{text:?}: {edit:?} outside {:?}",
                    violation.span
                );
                let count = |words: &str| words.split_whitespace().count();
                assert!(
                    count(edit.of(&text)) <= 2 && count(replacement) <= 2,
                    "{text:?}: {:?} -> {replacement:?}",
                    edit.of(&text)
                );
                // The template it names, once, no word doubled, and nothing unknown.
                let named = violation
                    .message
                    .split('"')
                    .nth(3)
                    .expect("the message names the template");
                let lower = out.to_lowercase().replace('’', "'");
                assert_eq!(lower.matches(named).count(), 1, "{text:?} -> {out:?}");
                assert_eq!(doubled(&out), Vec::<Span>::new(), "{text:?} -> {out:?}");
                let read = FaceText::read(&out, Some("Instant"));
                assert!(
                    read.items
                        .iter()
                        .all(|(_, finding)| finding.kind != Kind::Unknown),
                    "{text:?} -> {out:?}"
                );
                if named == template {
                    assert_eq!(out, original, "{text:?}");
                    restored += 1;
                    restored_here = true;
                }
            }
            templates_restored += usize::from(restored_here);
        }
        // The test is not vacuous: most templates get some typo fixed back to themselves.
        assert!(
            templates_restored * 4 >= templates * 3,
            "{templates_restored} of {templates} templates restored ({tried} typos, {fixes} fixes, {restored} restored)"
        );
    }
}
