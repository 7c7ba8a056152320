//! A one-line picture of a turn with a line of `^` under the marked moments, for terminals.
//!
//! The line lists each phase as its steps separated by spaces, or as its own label when it has no
//! steps (the main phases); phases are separated by ` | `. A skipped step or phase is shown as
//! `~label~`; added ones simply show their label again, main phases numbered in the order they
//! occur (`main1`, `main2`, `main3`: 505.1b). Under the label of the marked unit, a
//! `Begin` mark is a `^` under its first character, an `End` mark a `^` under its last, and a
//! `Cleanup` mark (514.2) underlines the whole cleanup label. A phase with steps spans from the
//! first character of its first step that happens to the last of its last one, since nothing
//! happens between a phase's edge and that step's (500.12).

use super::structure::{Moment, PhaseRun, Turn};
use crate::edition::Edition;
use crate::model::Edge;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Strip {
    pub line: String,
    pub marks: String,
    /// Under an edition with mana burn (2009 300.3, 2004 300.4), a `$` under the last character
    /// of each phase, where unspent mana burns; empty otherwise.
    pub burns: String,
}

/// Character columns `[start, end)` of a label on the line (labels are ASCII, so byte offsets
/// are columns).
type Span = (usize, usize);

/// Draws `turn`, marking the moments of `marks` that belong to turn `turn_index`.
pub fn render(turn: &Turn, marks: &[Moment], turn_index: usize) -> Strip {
    render_in(turn, marks, turn_index, Edition::Current)
}

/// [`render`] with the step labels of `edition` and, where it had mana burn, where mana burns.
pub fn render_in(turn: &Turn, marks: &[Moment], turn_index: usize, edition: Edition) -> Strip {
    let mut line = String::new();
    let mut phase_spans: Vec<Span> = Vec::new();
    let mut step_spans: Vec<Vec<Span>> = Vec::new();
    for (i, run) in turn.phases.iter().enumerate() {
        if i > 0 {
            line.push_str(" | ");
        }
        let segment_start = line.len();
        let own_label = run.steps.is_empty();
        let own_label =
            own_label.then(|| push_label(&mut line, &phase_label(turn, i, run), run.skipped));
        let mut spans = Vec::new();
        let mut happening = Vec::new();
        for (j, step) in run.steps.iter().enumerate() {
            if j > 0 {
                line.push(' ');
            }
            let skipped = run.skipped || step.skipped;
            let span = push_label(&mut line, step.step.label_in(edition), skipped);
            if !skipped {
                happening.push(span);
            }
            spans.push(span);
        }
        phase_spans.push(match (happening.first(), happening.last(), own_label) {
            (Some(first), Some(last), _) => (first.0, last.1),
            (_, _, Some(label)) => label,
            _ => (segment_start, line.len()),
        });
        step_spans.push(spans);
    }
    let mut under = vec![' '; line.len()];
    for mark in marks.iter().filter(|m| m.turn == turn_index) {
        let span = match mark.step {
            None => phase_spans.get(mark.phase),
            Some(s) => step_spans.get(mark.phase).and_then(|spans| spans.get(s)),
        };
        let Some(&(start, end)) = span else { continue };
        let columns = match mark.edge {
            Edge::Begin => start..start + 1,
            Edge::End => end.saturating_sub(1)..end,
            // The 514.2 moment, or the whole unit a point lies `during`.
            Edge::Cleanup | Edge::During => start..end,
        };
        for column in columns {
            if let Some(cell) = under.get_mut(column) {
                *cell = '^';
            }
        }
    }
    let mut burns = String::new();
    if edition.mana_burn().is_some() {
        let mut cells = vec![' '; line.len()];
        for (run, &(_, end)) in turn.phases.iter().zip(&phase_spans) {
            if let Some(cell) = cells
                .get_mut(end.saturating_sub(1))
                .filter(|_| !run.skipped)
            {
                *cell = '$';
            }
        }
        burns = cells.into_iter().collect::<String>().trim_end().to_string();
    }
    Strip {
        line,
        marks: under.into_iter().collect(),
        burns,
    }
}

/// The label of `run`, phase `index` of `turn`: main phases numbered as card text counts them,
/// "main1", "main2", "main3" (505.1b), others by their name.
fn phase_label(turn: &Turn, index: usize, run: &PhaseRun) -> String {
    match turn.main_ordinal(index) {
        Some(ordinal) => format!("{}{ordinal}", run.phase.label()),
        None => run.phase.label().to_string(),
    }
}

/// Appends a label (between `~` if skipped) and returns the columns of the label itself.
fn push_label(line: &mut String, label: &str, skipped: bool) -> Span {
    if skipped {
        line.push('~');
    }
    let start = line.len();
    line.push_str(label);
    let span = (start, line.len());
    if skipped {
        line.push('~');
    }
    span
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn::{Player, Step};

    const STANDARD: &str = "untap upkeep draw | main1 | \
        begin-combat attackers blockers damage end-combat | main2 | end cleanup";
    /// begin(upkeep), end(main1), begin(combat) and the 514.2 moment of cleanup.
    const STANDARD_MARKS: &str = "      ^                 ^   ^                                                               ^^^^^^^";

    fn at(phase: usize, step: Option<usize>, edge: Edge) -> Moment {
        Moment::new(0, phase, step, edge)
    }

    #[test]
    fn standard_turn_with_marks_500_1() {
        let turn = Turn::standard(Player::You);
        let marks = [
            at(0, Some(1), Edge::Begin),
            at(1, None, Edge::End),
            at(2, None, Edge::Begin),
            at(4, Some(1), Edge::Cleanup),
            Moment {
                turn: 1,
                ..at(3, None, Edge::Begin)
            },
            at(9, None, Edge::Begin),
        ];
        let strip = render(&turn, &marks, 0);
        assert_eq!(strip.line, STANDARD);
        assert_eq!(strip.marks, STANDARD_MARKS);
        assert_eq!(strip.marks.len(), strip.line.len());
    }

    #[test]
    fn main_phases_are_numbered_as_card_text_counts_them_505_1b() {
        let mut turn = Turn::standard(Player::You);
        turn.add_combat_and_main_after(3).unwrap();
        let strip = render(&turn, &[], 0);
        assert_eq!(
            strip.line,
            "untap upkeep draw | main1 | \
             begin-combat attackers blockers damage end-combat | main2 | \
             begin-combat attackers blockers damage end-combat | main3 | end cleanup"
        );
    }

    #[test]
    fn skipped_and_added_units_are_shown_500_9_508_8() {
        let mut turn = Turn::standard(Player::You);
        turn.no_attackers(1).unwrap();
        turn.add_step_after(0, 1, Step::Upkeep).unwrap();
        turn.skip_step(0, 0).unwrap();
        turn.skip_phase(3).unwrap();
        let marks = [at(0, None, Edge::Begin), at(2, None, Edge::End)];
        let strip = render(&turn, &marks, 0);
        assert_eq!(
            strip.line,
            "~untap~ upkeep upkeep draw | main1 | \
             begin-combat attackers ~blockers~ ~damage~ end-combat | ~main2~ | end cleanup"
        );
        // The beginning phase begins with its first step that happens (500.12).
        assert_eq!(strip.marks.find('^'), Some(8));
        let combat_end = strip.line.find(" | ~main2~").map(|i| i - 1);
        assert_eq!(strip.marks.rfind('^'), combat_end);
        assert_eq!(strip.marks.matches('^').count(), 2);
    }
}
