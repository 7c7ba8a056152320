//! The known templates, spelled as cards spell them, for the "closest known template" help of an
//! unknown phrase. Kept as examples, one per template the grammar reads.

use crate::edit_distance::edit_distance;
use std::sync::OnceLock;

const TEMPLATES: &[&str] = &[
    "until end of turn",
    "until end of combat",
    "until your next turn",
    "until the end of your next turn",
    "until your next upkeep",
    "until the end of your next upkeep",
    "until the end of combat on your next turn",
    "at the beginning of your upkeep",
    "at the beginning of each upkeep",
    "at the beginning of the next end step",
    "at the beginning of your next upkeep",
    "at the beginning of the end step",
    "at the beginning of your end step",
    "at the beginning of combat on your turn",
    "at the beginning of your precombat main phase",
    "at the beginning of your postcombat main phase",
    "at the beginning of your draw step",
    "at the beginning of the next turn's upkeep",
    "at end of combat",
    "activate only as a sorcery",
    "activate only during your turn",
    "activate only during your upkeep",
    "activate only once each turn",
    "activate only before blockers are declared",
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

/// The known template closest to `phrase`, by edits of whole words.
pub fn closest(phrase: &str) -> Option<&'static str> {
    // Split once: every unknown phrase of a file is compared with all of them.
    static SPLIT: OnceLock<Vec<(Vec<String>, &'static str)>> = OnceLock::new();
    let templates = SPLIT.get_or_init(|| {
        TEMPLATES
            .iter()
            .map(|template| (words(template), *template))
            .collect()
    });
    let words = words(phrase);
    templates
        .iter()
        .map(|(template_words, template)| (edit_distance(&words, template_words), *template))
        .min_by_key(|(distance, _)| *distance)
        .filter(|(distance, _)| *distance <= words.len().max(2))
        .map(|(_, template)| template)
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == '.')
        .filter(|word| !word.is_empty())
        .map(|word| word.to_lowercase().replace('’', "'"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn the_closest_template_is_named() {
        assert_eq!(
            closest("until the end of their next turn"),
            Some("until the end of your next turn")
        );
        assert_eq!(
            closest("at the beginning of the first upkeep"),
            Some("at the beginning of your upkeep")
        );
    }
}
