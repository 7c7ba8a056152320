//! Concrete templates, spelled as cards spell them, and the word-by-word measure that finds the
//! one an unknown phrase misspells (PL002) or, for PL001's help, comes close to.
//!
//! The measure aligns a template with a run of the text's words: a word may differ by a letter or
//! two (a typo), a small function word ("of", "the") may be missing or extra, and a word written
//! twice in a row may be there once too many. Anything else is no typo. The alignment is kept,
//! word by word ([`Step`]), so that a fix changes only the words that differ. Which match is right
//! is not decided here: PL002 reads the text with the fix in place and keeps it only when the
//! grammar then understands it.

use crate::edit_distance::char_distance;
use crate::model::Span;
use rustc_hash::FxHashSet;
use std::sync::OnceLock;

/// Templates written out in full.
const TEMPLATES: &[&str] = &[
    "until end of turn",
    "until end of combat",
    "until your next turn",
    "until the end of your next turn",
    "until your next upkeep",
    "until the end of your next upkeep",
    "until the end of combat on your next turn",
    "at the beginning of the next end step",
    "at the beginning of the end step",
    "at the beginning of combat on your turn",
    "at the beginning of each combat",
    "at the beginning of the next turn's upkeep",
    "at end of combat",
    "activate only as a sorcery",
    "activate only during your turn",
    "activate only during your upkeep",
    "activate only once each turn",
    "activate only before blockers are declared",
    "activate only during combat",
    "cast this spell only during combat",
    "cast this spell only before attackers are declared",
    "cast this spell only during combat after blockers are declared",
    "cast this spell only after combat",
    "this turn",
    "this combat",
    "each turn",
    "only once each turn",
    "the first time each turn",
    "take an extra turn after this one",
    "there is an additional combat phase followed by an additional main phase",
    "skip your next untap step",
    "for as long as you control this creature",
    "until this creature leaves the battlefield",
];

/// Steps and phases named with an owner, each written after every lead and owner below: "at the
/// beginning of each other player's untap step".
const STEPS: &[&str] = &[
    "upkeep",
    "draw step",
    "end step",
    "untap step",
    "turn",
    "precombat main phase",
    "postcombat main phase",
    "first main phase",
    "second main phase",
];
const OWNERS: &[&str] = &[
    "your",
    "each",
    "each player's",
    "each opponent's",
    "each other player's",
    "that player's",
    "target player's",
    "target opponent's",
    "enchanted player's",
    "its controller's",
    "your next",
    "the next",
];
/// "until the beginning of" too: a typo in "until the beginning of your next end step" is measured
/// against what it says, not against "at the beginning of ...", whose fix would put an "at" after
/// its "until".
const LEADS: &[&str] = &["at the beginning of", "until the beginning of", "during"];

/// A run of a text's words that a template comes close to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Near {
    pub template: &'static str,
    /// From the first word of the run to the end of its last word, in the text's bytes.
    pub span: Span,
    /// Word edits: words misspelt, function words missing or extra, words doubled.
    pub edits: usize,
    /// The run's words and the template's, aligned in order: every word of the run once, and
    /// every word of the template once.
    pub steps: Vec<Step>,
}

/// One word of an alignment of a run of the text with a template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A word of the text, spelt as the template spells it (case and apostrophes aside).
    Kept(Span),
    /// A word of the text, misspelt: the template's word belongs in its place.
    Respelt(Span, &'static str),
    /// A word of the text the template does not have: a small word too many, or a word written
    /// twice in a row.
    Extra(Span),
    /// A word of the template the text does not have.
    Missing(&'static str),
}

impl Step {
    /// The text's word the step is of, if any.
    fn word(self) -> Option<Span> {
        match self {
            Step::Kept(word) | Step::Respelt(word, _) | Step::Extra(word) => Some(word),
            Step::Missing(_) => None,
        }
    }

    /// The same step of another word of the text.
    fn with_word(self, other: Span) -> Step {
        match self {
            Step::Kept(_) => Step::Kept(other),
            Step::Respelt(_, wanted) => Step::Respelt(other, wanted),
            Step::Extra(_) => Step::Extra(other),
            Step::Missing(wanted) => Step::Missing(wanted),
        }
    }
}

/// How near a word must come to a template's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// A typo: each word within a letter or two, only small function words missing or extra, and
    /// a word written twice in a row once too many.
    Typo,
    /// A typo, or a word naming whose step or turn changed, missing or extra ("their" for
    /// "your"), at most a third of the template's words (PL001's help). No word that names a step,
    /// a phase or an edge changes: "end" for "beginning" would be help that misleads.
    Loose,
}

/// The templates that come near some words of `text[within]` overlapping `around`, best first.
pub fn near(text: &str, within: Span, around: Span, measure: Measure) -> Vec<Near> {
    let words = words_of(text, within);
    let spelt: FxHashSet<&str> = words.iter().map(|word| word.compared.as_str()).collect();
    let mut found: Vec<Near> = templates()
        .iter()
        .filter_map(|(template_words, template)| {
            let budget = match measure {
                Measure::Typo if template_words.len() <= 4 => 1,
                Measure::Typo => 2,
                Measure::Loose => (template_words.len() / 3).max(1),
            };
            // Cheap first: all but `budget` of the template's words are in the text as it spells
            // them, and two at least, else any short text is "near" a short template.
            let present = template_words
                .iter()
                .filter(|word| spelt.contains(*word))
                .count();
            if present < template_words.len().saturating_sub(budget).max(2) {
                return None;
            }
            let (first, last, edits) = align(&words, template_words, measure)?;
            if edits > budget {
                return None;
            }
            // A word of the run written twice, once outside it: the one outside goes too, else a
            // fix would leave the word doubled ("at at the beginning").
            let before = first > 0 && words[first].repeats;
            let after = words.get(last + 1).is_some_and(|next| next.repeats);
            let (from, to) = (first - usize::from(before), last + usize::from(after));
            let span = Span::new(words[from].span.start, words[to].span.end);
            let overlaps = span.start < around.end && around.start < span.end;
            if !overlaps {
                return None;
            }
            let mut steps = steps(&words[first..=last], template_words, measure);
            if before {
                // The first of the two is kept, as the run's first word was; the second goes.
                let (outside, inside) = (words[from].span, words[first].span);
                if let Some(at) = steps.iter().position(|step| step.word() == Some(inside)) {
                    steps[at] = steps[at].with_word(outside);
                    steps.insert(at + 1, Step::Extra(inside));
                }
            }
            if after {
                steps.push(Step::Extra(words[to].span));
            }
            let edits = edits + usize::from(before) + usize::from(after);
            Some(Near {
                template,
                span,
                edits,
                steps,
            })
        })
        .collect();
    // The fewest edits, then the longest template: it explains more of the words.
    found.sort_by_key(|near| (near.edits, std::cmp::Reverse(near.template.len())));
    found
}

/// The known template closest to `phrase`, for PL001's help: only one within a few word edits of
/// the whole phrase.
pub fn closest(phrase: &str) -> Option<&'static str> {
    let all = Span::new(0, phrase.len());
    let words = words_of(phrase, all);
    let whole = Span::new(words.first()?.span.start, words.last()?.span.end);
    near(phrase, all, all, Measure::Loose)
        .into_iter()
        .find(|near| near.edits > 0 && near.span == whole)
        .map(|near| near.template)
}

/// Whether the words of `text` are the words of `template`, as compared (case and apostrophes
/// aside; the spaces and marks between the words are not read).
pub fn reads_as(text: &str, template: &str) -> bool {
    let words = words_of(text, Span::new(0, text.len()));
    let wanted = words_of(template, Span::new(0, template.len()));
    words.len() == wanted.len()
        && words
            .iter()
            .zip(&wanted)
            .all(|(word, wanted)| word.compared == wanted.compared)
}

/// The words of `text` written twice in a row (case aside, only spaces between them), each pair
/// as the span from the first to the end of the second: "the the", "turn turn".
pub fn doubled(text: &str) -> Vec<Span> {
    let words = words_of(text, Span::new(0, text.len()));
    words
        .windows(2)
        .filter(|pair| pair[1].repeats)
        .map(|pair| Span::new(pair[0].span.start, pair[1].span.end))
        .collect()
}

/// Every template a typo is measured against, in order.
#[cfg(test)]
pub fn every_template() -> impl Iterator<Item = &'static str> {
    templates().iter().map(|(_, template)| *template)
}

/// Whether `template`, set in `context` (a sentence with `{}` where it goes), is understood there:
/// it gives findings, none of them unknown.
#[cfg(test)]
pub fn understood_in(context: &str, template: &str) -> bool {
    let text = context.replace("{}", template);
    let face = crate::rules::FaceText::read(&text, Some("Instant"));
    !face.items.is_empty()
        && face
            .items
            .iter()
            .all(|(_, finding)| finding.kind != crate::model::Kind::Unknown)
}

/// Every template, split into its compared words once: an unknown phrase is compared with all.
/// A template is written in lower case with straight apostrophes, so its words as it spells them
/// are its words as compared.
fn templates() -> &'static [(Vec<&'static str>, &'static str)] {
    static SPLIT: OnceLock<Vec<(Vec<&'static str>, &'static str)>> = OnceLock::new();
    SPLIT.get_or_init(|| {
        let mut all: Vec<&'static str> = TEMPLATES.to_vec();
        for lead in LEADS {
            for owner in OWNERS {
                for step in STEPS {
                    // Leaked once: the table lives as long as the program.
                    let template = format!("{lead} {owner} {step}");
                    all.push(Box::leak(template.into_boxed_str()));
                }
            }
        }
        all.into_iter()
            .map(|template| {
                let words = words_of(template, Span::new(0, template.len()));
                (
                    words.iter().map(|word| word.span.of(template)).collect(),
                    template,
                )
            })
            .collect()
    })
}

/// A word of a text: its bytes without the punctuation around it, and its spelling as compared.
struct Word {
    span: Span,
    compared: String,
    /// The word before it is the same word, with only spaces between them: a word doubled.
    repeats: bool,
}

fn words_of(text: &str, within: Span) -> Vec<Word> {
    let Some(part) = text.get(within.start..within.end) else {
        return Vec::new();
    };
    let mut words = Vec::new();
    let mut offset = within.start;
    for piece in part.split_inclusive(char::is_whitespace) {
        let start = offset;
        offset += piece.len();
        let trimmed = piece.trim_start_matches(|c: char| !c.is_alphanumeric());
        let lead = piece.len() - trimmed.len();
        let bare = trimmed.trim_end_matches(|c: char| !c.is_alphanumeric());
        if bare.is_empty() {
            continue;
        }
        let span = Span::new(start + lead, start + lead + bare.len());
        let compared = bare.to_lowercase().replace('’', "'");
        let repeats = words.last().is_some_and(|last: &Word| {
            last.compared == compared
                && Span::new(last.span.end, span.start)
                    .of(text)
                    .chars()
                    .all(char::is_whitespace)
        });
        words.push(Word {
            span,
            compared,
            repeats,
        });
    }
    words
}

/// Words a typo may drop or repeat: they carry no meaning of their own in a template.
const FUNCTION_WORDS: &[&str] = &["of", "the", "a", "an", "on", "in", "at", "to", "for"];

/// Words that say whose step or turn, or which one: the help may change one for another.
const OWNER_WORDS: &[&str] = &[
    "your",
    "their",
    "his",
    "her",
    "its",
    "each",
    "that",
    "this",
    "the",
    "a",
    "an",
    "target",
    "next",
    "other",
    "enchanted",
    "chosen",
    "player's",
    "opponent's",
    "owner's",
    "controller's",
];

const NEVER: usize = usize::MAX / 4;

/// The cost of a word missing from the text, or there too many: one for a word a typo may drop or
/// repeat, else never.
fn spare(word: &str, measure: Measure) -> usize {
    let small = FUNCTION_WORDS.contains(&word);
    match measure {
        Measure::Typo if !small => NEVER,
        Measure::Loose if !small && !OWNER_WORDS.contains(&word) => NEVER,
        _ => 1,
    }
}

/// The cost of a word of the text that the template does not have: one for a word written twice
/// in a row, whatever it is, else as [`spare`].
fn extra(word: &Word, measure: Measure) -> usize {
    if word.repeats {
        1
    } else {
        spare(&word.compared, measure)
    }
}

/// The best run of `words` that `template` comes near: its first and last word and the edits.
fn align(words: &[Word], template: &[&str], measure: Measure) -> Option<(usize, usize, usize)> {
    let mut best: Option<(usize, usize, usize)> = None;
    for first in 0..words.len() {
        // row[k]: the edits that align words[first..first + j] with template[..k].
        let mut row: Vec<usize> = Vec::with_capacity(template.len() + 1);
        row.push(0);
        for k in 0..template.len() {
            row.push(
                row[k]
                    .saturating_add(spare(template[k], measure))
                    .min(NEVER),
            );
        }
        for (j, word) in words[first..].iter().enumerate() {
            let mut diagonal = row[0];
            row[0] = row[0].saturating_add(extra(word, measure)).min(NEVER);
            for k in 0..template.len() {
                let substituted =
                    diagonal.saturating_add(close(&word.compared, template[k], measure));
                diagonal = row[k + 1];
                let dropped = row[k + 1].saturating_add(extra(word, measure));
                let missing = row[k].saturating_add(spare(template[k], measure));
                row[k + 1] = substituted.min(dropped).min(missing).min(NEVER);
            }
            let edits = row[template.len()];
            if edits < NEVER && best.is_none_or(|(.., known)| edits < known) {
                best = Some((first, first + j, edits));
            }
            if row.iter().all(|&cost| cost >= NEVER) {
                break;
            }
        }
    }
    best
}

/// The alignment of the whole of `run` with the whole of `template` that [`align`] measured, word
/// by word. Where two alignments cost the same, the later of two words is dropped, and a word of
/// the text is respelt rather than a template's word put in.
fn steps(run: &[Word], template: &[&'static str], measure: Measure) -> Vec<Step> {
    // cost[j][k]: the edits that align run[..j] with template[..k].
    let mut cost = vec![vec![NEVER; template.len() + 1]; run.len() + 1];
    for j in 0..=run.len() {
        for k in 0..=template.len() {
            cost[j][k] = if j == 0 && k == 0 {
                0
            } else {
                let mut best = NEVER;
                if j > 0 && k > 0 {
                    let substituted = close(&run[j - 1].compared, template[k - 1], measure);
                    best = best.min(cost[j - 1][k - 1].saturating_add(substituted));
                }
                if j > 0 {
                    best = best.min(cost[j - 1][k].saturating_add(extra(&run[j - 1], measure)));
                }
                if k > 0 {
                    best = best.min(cost[j][k - 1].saturating_add(spare(template[k - 1], measure)));
                }
                best.min(NEVER)
            };
        }
    }
    let mut steps = Vec::with_capacity(run.len().max(template.len()));
    let (mut j, mut k) = (run.len(), template.len());
    while j > 0 || k > 0 {
        let here = cost[j][k];
        // Going back from the end, a word is dropped rather than kept when either costs the
        // same: of a word written twice, the second goes.
        if j > 0 && (k == 0 || cost[j - 1][k].saturating_add(extra(&run[j - 1], measure)) == here) {
            steps.push(Step::Extra(run[j - 1].span));
            j -= 1;
            continue;
        }
        if j > 0 && k > 0 {
            let substituted = close(&run[j - 1].compared, template[k - 1], measure);
            if cost[j - 1][k - 1].saturating_add(substituted) == here {
                steps.push(if substituted == 0 {
                    Step::Kept(run[j - 1].span)
                } else {
                    Step::Respelt(run[j - 1].span, template[k - 1])
                });
                j -= 1;
                k -= 1;
                continue;
            }
        }
        steps.push(Step::Missing(template[k - 1]));
        k -= 1;
    }
    steps.reverse();
    steps
}

/// The cost of writing `word` where the template has `wanted`.
fn close(word: &str, wanted: &str, measure: Measure) -> usize {
    if word == wanted {
        return 0;
    }
    match measure {
        Measure::Loose if OWNER_WORDS.contains(&word) && OWNER_WORDS.contains(&wanted) => 1,
        _ => {
            let (length, wanted_length) = (word.chars().count(), wanted.chars().count());
            let shorter = length.min(wanted_length);
            let allowed = if shorter <= 5 { 1 } else { 2 };
            // Words whose lengths differ by more than the edits allowed are that many edits
            // apart at least, and a swap keeps the length: most pairs are settled here, without
            // the distance.
            if length.abs_diff(wanted_length) > allowed {
                return NEVER;
            }
            // A letter of a short word changes it into another word ("a" for "i"): no typo.
            if shorter >= 2 && (swapped(word, wanted) || char_distance(word, wanted) <= allowed) {
                1
            } else {
                NEVER
            }
        }
    }
}

/// Two letters side by side written the other way round: "trun" for "turn", one slip of the
/// fingers though two edits apart.
fn swapped(word: &str, wanted: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (word.chars().collect(), wanted.chars().collect());
    if a.len() != b.len() {
        return false;
    }
    let differ: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    matches!(differ[..], [i, j] if j == i + 1 && a[i] == b[j] && a[j] == b[i])
}

#[cfg(test)]
mod tests {
    use super::{Measure, Step, closest, doubled, near, reads_as};
    use crate::model::Span;

    fn typo(text: &str, around: &str) -> Option<(&'static str, String)> {
        let at = text.find(around).expect("the words are in the text");
        let all = Span::new(0, text.len());
        near(text, all, Span::new(at, at + around.len()), Measure::Typo)
            .into_iter()
            .find(|near| near.edits > 0)
            .map(|near| (near.template, near.span.of(text).to_string()))
    }

    #[test]
    fn a_typo_is_found_word_by_word() {
        assert_eq!(
            typo(
                "Target creature gets +1/+1 until end if turn.",
                "until end if turn"
            ),
            Some(("until end of turn", "until end if turn".to_string()))
        );
        assert_eq!(
            typo("At the beginning your upkeep, draw a card.", "upkeep"),
            Some((
                "at the beginning of your upkeep",
                "At the beginning your upkeep".to_string()
            ))
        );
        assert_eq!(
            typo(
                "Untap all creatures you control during each other players untap step.",
                "untap step"
            ),
            Some((
                "during each other player's untap step",
                "during each other players untap step".to_string()
            ))
        );
    }

    /// The alignment of the first template near `text`, a word a step: `-word` too many,
    /// `+word` missing, `word>wanted` misspelt.
    fn aligned(text: &str) -> String {
        let all = Span::new(0, text.len());
        let near = near(text, all, all, Measure::Typo)
            .into_iter()
            .next()
            .expect("a template comes near");
        let steps: Vec<String> = near
            .steps
            .iter()
            .map(|step| match *step {
                Step::Kept(word) => word.of(text).to_string(),
                Step::Respelt(word, wanted) => format!("{}>{wanted}", word.of(text)),
                Step::Extra(word) => format!("-{}", word.of(text)),
                Step::Missing(wanted) => format!("+{wanted}"),
            })
            .collect();
        steps.join(" ")
    }

    #[test]
    fn the_alignment_is_kept_word_by_word() {
        assert_eq!(
            aligned("until the beginning of the your next end step"),
            "until the beginning of -the your next end step"
        );
        assert_eq!(
            aligned("At the begining your upkeep"),
            "At the begining>beginning +of your upkeep"
        );
        assert_eq!(aligned("untill end of turn"), "untill>until end of turn");
        // Of a word written twice, the second goes, inside the run or just outside it.
        assert_eq!(aligned("until end end of turn"), "until end -end of turn");
        assert_eq!(
            aligned("until until end of trun"),
            "until -until end of trun>turn"
        );
        assert_eq!(
            aligned("until end of trun trun"),
            "until end of trun>turn -trun"
        );
    }

    #[test]
    fn doubled_words_and_template_words() {
        let text = "At at the the beginning, beginning of your upkeep";
        let pairs: Vec<&str> = doubled(text).iter().map(|pair| pair.of(text)).collect();
        assert_eq!(pairs, ["At at", "the the"]);
        assert!(reads_as(
            "At the beginning of each other player’s upkeep",
            "at the beginning of each other player's upkeep"
        ));
        assert!(!reads_as(
            "at the beginning of your",
            "at the beginning of your upkeep"
        ));
    }

    #[test]
    fn two_letters_swapped_are_one_typo() {
        assert_eq!(
            typo("It gets +1/+1 until end of trun.", "until end of trun"),
            Some(("until end of turn", "until end of trun".to_string()))
        );
    }

    #[test]
    fn words_that_differ_in_more_than_a_letter_or_two_are_no_typo() {
        assert_eq!(typo("Do it until the turn after next.", "until"), None);
        assert_eq!(typo("At the beginning of the game, draw.", "game"), None);
    }

    #[test]
    fn the_closest_template_is_named_only_when_close() {
        assert_eq!(
            closest("until the end of their next turn"),
            Some("until the end of your next turn")
        );
        assert_eq!(closest("upkeep"), None);
        // Help that changes the meaning misleads: none is better.
        assert_eq!(closest("At the end of your turn"), None);
        assert_eq!(
            closest("At the end of the first combat phase on your turn"),
            None
        );
        assert_eq!(
            closest("At the beginning of the first upkeep in your next game with this card"),
            None
        );
        assert_eq!(closest("until the end of the game's last combat"), None);
    }
}

#[cfg(test)]
mod grammar_tests {
    use super::{templates, understood_in};

    /// Every template a typo is matched against is one the grammar understands, in one of the
    /// sentences cards write it in: the table cannot drift from the grammar unseen.
    #[test]
    fn every_template_is_understood_in_a_sentence() {
        let contexts = [
            "Draw a card {}.",
            "Draw a card for each creature that died {}.",
            "After this main phase, {}.",
            "Each player can't cast more than one spell {}.",
        ];
        for (_, template) in templates() {
            let understood = contexts
                .iter()
                .any(|context| understood_in(context, template));
            assert!(understood, "{template:?} is not understood");
        }
    }
}
