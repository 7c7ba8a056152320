//! What an editor shows when the pointer rests on a timing phrase of a card file: the phrase
//! under a byte offset of the file, and its explanation (as `phaselint explain` gives it) as
//! Markdown.

use super::{Explained, explain_named, text};
use crate::edition::Edition;
use crate::phrase::CardName;
use crate::resolve::CardKind;
use crate::source::{self, Format, ReadOptions};
use std::fmt::Write;
use std::ops::Range;

/// The phrase under a place in a file, and what it means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hover {
    /// The phrase's words, as bytes of the file.
    pub span: Range<usize>,
    /// Kind, sentence, timing, rules, caveats, and the turn strip in a code block.
    pub markdown: String,
}

/// The phrase of the card file `file` (in `format`) whose words cover byte `offset` and its
/// explanation in the standard game; the innermost one when phrases nest. `None` where no phrase
/// is, and where the words cannot be mapped exactly onto the file (a YAML alias): a hover never
/// points at a wrong place.
pub fn hover(file: &str, format: Format, options: &ReadOptions, offset: usize) -> Option<Hover> {
    let mut found: Option<Hover> = None;
    source::read_each(format, file, options, &mut |card| {
        for face in &card.faces {
            let Some(text) = face.text.as_ref() else {
                continue;
            };
            let raw = text.map.raw();
            if found.is_some() || !(raw.start <= offset && offset < raw.end) {
                continue;
            }
            // The card's name is the card itself, as `check` reads it.
            let name = CardName::of_face(card.name.as_deref(), face.name.as_deref());
            let card = CardKind::of_type_line(face.type_line.as_deref());
            let explanation = explain_named(&text.value, &[], Edition::Current, &name, card);
            let under: Vec<(Range<usize>, &Explained)> = explanation
                .explained
                .iter()
                .filter_map(|explained| {
                    let span = explained.finding.span;
                    let place = text.map.to_file(span.start..span.end)?;
                    place.contains(&offset).then_some((place, explained))
                })
                .collect();
            // The innermost phrase, with every finding on its words: a keyword may give several
            // ("Unearth {B}": a window and a delayed trigger, 702.84a).
            if let Some(span) = under
                .iter()
                .map(|(place, _)| place.clone())
                .min_by_key(Range::len)
            {
                let markdown = under
                    .iter()
                    .filter(|(place, _)| *place == span)
                    .map(|(_, explained)| markdown(explained, &explanation.game))
                    .collect::<Vec<_>>()
                    .join("\n---\n\n");
                found = Some(Hover { span, markdown });
            }
        }
    });
    found
}

/// The explanation of one finding as Markdown that VS Code, Neovim and Helix all render: plain
/// paragraphs and a list, and the strip in a fenced block, where its marks stay aligned.
fn markdown(explained: &Explained, game: &crate::turn::Game) -> String {
    let finding = &explained.finding;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "**{}** · {}\n\n{}\n",
        escape(&finding.phrase),
        finding.kind,
        escape(&explained.sentence)
    );
    for (label, value) in text::facts(finding, Edition::Current) {
        let _ = writeln!(out, "**{label}:** `{value}`\n");
    }
    if !finding.caveats.is_empty() {
        out.push_str("**caveats:**\n\n");
        for caveat in &finding.caveats {
            let _ = writeln!(
                out,
                "- `{}` ({}): {}",
                caveat.code,
                caveat.rule,
                escape(&caveat.message)
            );
        }
        out.push('\n');
    }
    let mut strip = String::new();
    text::placements(&mut strip, &explained.placements, game, Edition::Current);
    if !strip.is_empty() {
        out.push_str("```text\n");
        for line in strip.lines() {
            let _ = writeln!(out, "{}", line.strip_prefix("   ").unwrap_or(line));
        }
        out.push_str("```\n");
    }
    out
}

/// Card text with the characters Markdown would read as markup escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#' | '|'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SET: &str = "- name: Brass Herald\n  type: Creature — Soldier\n  text: \"Flash — it’s quick. Target creature gains flying until end of combat.\"\n";

    /// The card's name written in full is the card, in the hover as in `check`.
    #[test]
    fn the_cards_name_is_the_card_in_a_hover() {
        let set = "- name: Azun, Sheriff of Daisite\n  type: Legendary Creature — Human\n  text: Exile target creature until Azun, Sheriff of Daisite leaves the battlefield.\n";
        let at = set.find("Sheriff of Daisite leaves").unwrap();
        let hover = hover(set, Format::Yaml, &ReadOptions::default(), at).expect("a phrase");
        assert_eq!(
            &set[hover.span.clone()],
            "until Azun, Sheriff of Daisite leaves the battlefield"
        );
        assert!(
            hover.markdown.contains("object-duration"),
            "{}",
            hover.markdown
        );
    }

    #[test]
    fn the_phrase_under_the_offset_is_explained_with_its_place_in_the_file() {
        let at = SET.find("end of combat").unwrap();
        let hover = hover(SET, Format::Yaml, &ReadOptions::default(), at).expect("a phrase");
        assert_eq!(&SET[hover.span.clone()], "until end of combat");
        let markdown = &hover.markdown;
        assert!(
            markdown.starts_with("**until end of combat** · duration\n"),
            "{markdown}"
        );
        assert!(
            markdown.contains("**timing:** `expires end(combat, this, any)`"),
            "{markdown}"
        );
        assert!(
            markdown.contains("**rules:** `500.5a, 511.2`"),
            "{markdown}"
        );
        assert!(
            markdown.contains("```text\nexpires end(combat, this, any): this turn (yours)\n"),
            "{markdown}"
        );
        assert!(markdown.contains("end-combat"), "the strip: {markdown}");
        assert!(markdown.trim_end().ends_with("```"), "{markdown}");
    }

    #[test]
    fn a_keyword_is_explained_with_every_finding_it_gives() {
        let set = "Grave Bat\nFlying\nUnearth {B} (reminder)\n";
        let at = set.find("{B}").unwrap();
        let hover = hover(set, Format::Text, &ReadOptions::default(), at).expect("a keyword");
        assert_eq!(&set[hover.span.clone()], "Unearth {B}");
        let markdown = &hover.markdown;
        assert!(
            markdown.starts_with("**Unearth {B}** · window\n"),
            "{markdown}"
        );
        assert!(
            markdown.contains("**Unearth {B}** · delayed-trigger\n"),
            "{markdown}"
        );
        assert!(markdown.contains("`702.84a, "), "{markdown}");
    }

    #[test]
    fn no_hover_off_a_phrase_or_outside_card_text() {
        let options = ReadOptions::default();
        for at in [
            SET.find("Flash").unwrap(),
            SET.find("Brass").unwrap(),
            0,
            SET.len(),
            10_000,
        ] {
            assert_eq!(hover(SET, Format::Yaml, &options, at), None, "at {at}");
        }
        assert_eq!(hover("a: [unclosed", Format::Yaml, &options, 3), None);
    }

    #[test]
    fn caveats_are_listed_and_card_text_is_escaped() {
        let set = "Sky_Bell\nCast this spell only during combat after blockers are declared.\n";
        let hover = hover(
            set,
            Format::Text,
            &ReadOptions::default(),
            set.find("after").unwrap(),
        )
        .expect("a window");
        assert!(hover.markdown.contains("· window"), "{}", hover.markdown);
        assert!(
            hover
                .markdown
                .contains("- `no-window-without-blockers-step` (506.7f): "),
            "{}",
            hover.markdown
        );
        assert_eq!(escape("a*b_[c]"), "a\\*b\\_\\[c\\]");
    }
}
