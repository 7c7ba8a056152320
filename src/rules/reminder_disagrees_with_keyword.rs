//! PL601: reminder text whose timing disagrees with the keyword it explains. Reminder text only
//! summarises a rule (CR 207.2a); the keyword means what its 701/702 definition says, so a
//! reminder that names other points of the turn misleads every reader and every engine that
//! trusts it.

use super::{FaceText, FixAvailability, Lint, RuleInfo, Violation, sorcery_timing_wording};
use crate::diagnostic::Severity;
use crate::explain::sentence;
use crate::model::{Finding, Kind, Occurrence, Role, Span, TimingPoint};
use crate::phrase::ast::{Form, Parameter, Phrase, Template, Wording};
use crate::resolve::printed;

pub static RULE: RuleInfo = RuleInfo {
    code: "PL601",
    name: "reminder-disagrees-with-keyword",
    level: Severity::Error,
    summary: "reminder text whose timing disagrees with its keyword's definition (207.2a, 702)",
    docs: r#"## What it does
Compares the timing of a keyword with the timing of the reminder text in parentheses right after it, on the same line (after a keyword with a label, "Forecast — ...", the first parenthesis on its line): the points of the turn the keyword's definition names (CR 701 and 702, see docs/keywords.md) and the points at which the reminder's phrases say the ability acts. When the reminder names a point the keyword does not, it reports the reminder with both readings.

## Why
Reminder text is not rules text: it summarises the keyword's rule and has no effect on play (CR 207.2a). A reader, a judge or an engine that trusts a wrong reminder plays the card wrong. The keyword wins; the reminder must say what it means.

A reminder worded the old way for the edition checked ("at end of turn") is left to the obsolete-wording rules (PL101-PL105, PL5xx), which fix the words; this rule judges it again once it is reworded. A reminder that says less than the keyword ("Echo {2}{R} (Pay its echo cost or sacrifice it.)", an unearth reminder without "Unearth only as a sorcery") says nothing wrong, and is not reported. A condition the reminder states ("during their own turn", daybound) is no time the ability acts at, and is not compared.

## Example
```text
Dash {2}{R} (You may cast this spell for its dash cost. If you do, it gains haste, and it's returned from the battlefield to its owner's hand at the beginning of your next upkeep.)
```
Dash returns the creature at the beginning of the next end step (702.109a).

## Fix
Reword the reminder after the keyword's definition, or the keyword's Oracle reminder text:
```text
Dash {2}{R} (You may cast this spell for its dash cost. If you do, it gains haste, and it's returned from the battlefield to its owner's hand at the beginning of the next end step.)
```"#,
    fix: FixAvailability::None,
    on_by_default: true,
};

pub const LINT: Lint = Lint { info: &RULE, check };

fn check(face: &FaceText<'_>) -> Vec<Violation> {
    let keywords: Vec<&(Phrase, Finding)> = face
        .items
        .iter()
        .filter(|(phrase, _)| printed_keyword(phrase))
        .collect();
    // A keyword's findings share its span ("Unearth {B}": a window and a delayed trigger).
    keywords
        .chunk_by(|(a, _), (b, _)| a.span == b.span)
        .filter_map(|findings| {
            let (keyword, _) = findings.first()?;
            let said: Vec<&Finding> = findings.iter().map(|(_, finding)| finding).collect();
            judge(face, keyword, &said)
        })
        .collect()
}

/// A keyword the card prints on a keyword line (not one an effect grants, not one inside a
/// granted ability in quotes, whose reminder explains the ability rather than the keyword).
fn printed_keyword(phrase: &Phrase) -> bool {
    phrase.template == Template::Keyword
        && !phrase.place.in_quotes
        && matches!(&phrase.form, Form::Keyword(used) if !used.granted)
}

/// The violation for one keyword and the reminder right after it, if they disagree.
fn judge(face: &FaceText<'_>, keyword: &Phrase, said: &[&Finding]) -> Option<Violation> {
    let Form::Keyword(used) = &keyword.form else {
        return None;
    };
    let label = used.keyword.parameter == Parameter::Label;
    let reminder = reminder_after(face.text, reminder_start(face.text, keyword, label))?;
    let reminded: Vec<&(Phrase, Finding)> = face
        .items
        .iter()
        .filter(|(phrase, _)| {
            phrase.place.ability == keyword.place.ability
                && reminder.start <= phrase.span.start
                && phrase.span.end <= reminder.end
        })
        .collect();
    // Old wording is the obsolete-wording rules' to report and fix; a phrase not understood is
    // PL001's. Either way this reminder has no reading to hold against the keyword yet.
    if reminded
        .iter()
        .any(|(phrase, finding)| finding.kind == Kind::Unknown || obsolete_in_edition(face, phrase))
    {
        return None;
    }
    let reminder_points = points(reminded.iter().map(|(_, finding)| finding));
    if reminder_points.is_empty() {
        return None;
    }
    let keyword_points = points(said.iter().copied());
    // Saying less than the keyword is no disagreement: only a point it does not name is.
    if reminder_points
        .iter()
        .all(|point| said_by(&keyword_points, point))
    {
        return None;
    }
    let name = used.keyword.name.to_lowercase();
    let differs = |finding: &Finding| {
        points(std::iter::once(finding))
            .iter()
            .any(|point| !said_by(&keyword_points, point))
    };
    let wrong: Vec<&(Phrase, Finding)> = reminded
        .iter()
        .copied()
        .filter(|(_, finding)| differs(finding))
        .collect();
    // What the keyword does in the reminder's place: its findings that act as the wrong phrases
    // do (unearth's trigger, not its window, for an exile at the wrong step), else all.
    let acts = |finding: &Finding, role: Role| finding.timing.iter().any(|p| p.role == role);
    let related: Vec<&Finding> = said
        .iter()
        .copied()
        .filter(|finding| {
            wrong.iter().any(|(_, w)| {
                w.timing
                    .iter()
                    .any(|point| point.role != Role::Tests && acts(finding, point.role))
            })
        })
        .collect();
    let does = if related.is_empty() {
        in_words(said.iter().copied())
    } else {
        in_words(related.into_iter())
    };
    let quoted: Vec<String> = wrong
        .iter()
        .map(|(_, finding)| format!("\"{}\"", finding.phrase))
        .collect();
    let mut violation = Violation::new(
        reminder,
        format!(
            "reminder text disagrees with {name}: the reminder says {}; {name} {does}",
            quoted.join(" and "),
        ),
    )
    .help(format!(
        "{}: {} Reminder text: {} Reminder text only summarises the keyword's rule; reword it to \
         say what the keyword means",
        used.keyword.rule,
        sentences(said.iter().copied()),
        sentences(reminded.iter().map(|(_, finding)| finding)),
    ))
    .cr(&["207.2a", used.keyword.rule])
    .label(
        keyword.span,
        format!("{name} {}", in_words(said.iter().copied())),
    );
    for (phrase, finding) in wrong {
        violation = violation.label(
            phrase.span,
            format!("the reminder {}", in_words(std::iter::once(finding))),
        );
    }
    Some(violation)
}

/// The phrase holds a wording that the edition checked no longer prints (its own templates, as
/// "Play this ability only" under 2009, are read like current ones).
fn obsolete_in_edition(face: &FaceText<'_>, phrase: &Phrase) -> bool {
    phrase
        .marks
        .iter()
        // "You may cast this spell any time you could cast a sorcery" is a permission that
        // current Oracle text still words so: no obsolete-wording rule rewords it (PL104).
        .filter(|mark| {
            !(mark.wording == Wording::AnyTimeSorcery
                && sorcery_timing_wording::is_permission(phrase))
        })
        .any(|mark| !printed(face.edition, mark.wording, mark.span.of(face.text)))
}

/// Where the reminder of a keyword starts looking: right after its item, or for a keyword with a
/// label ("Forecast — {1}{W}, Reveal this card: ... (reminder)"), whose finding lies on its name
/// alone, at the first parenthesis after it on its line.
fn reminder_start(text: &str, keyword: &Phrase, label: bool) -> usize {
    if !label {
        return keyword.span.end;
    }
    let rest = text.get(keyword.span.end..).unwrap_or_default();
    let line = rest.split(['\n', '\r']).next().unwrap_or_default();
    line.find('(')
        .map_or(keyword.span.end, |at| keyword.span.end + at)
}

/// The span of the parenthesised reminder text at `from` (spaces before it), to its
/// matching closing parenthesis (a reminder may hold parentheses of its own) or the end of its
/// line.
fn reminder_after(text: &str, from: usize) -> Option<Span> {
    let rest = text.get(from..)?;
    let open = from + (rest.len() - rest.trim_start_matches([' ', '\t']).len());
    let from_open = text.get(open..)?;
    if !from_open.starts_with('(') {
        return None;
    }
    let mut depth = 0usize;
    for (at, c) in from_open.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(Span::new(open, open + at + 1));
                }
            }
            '\n' | '\r' => return Some(Span::new(open, open + at)),
            _ => {}
        }
    }
    Some(Span::new(open, text.len()))
}

/// Whether the keyword's points say `point`: the same point, or the same unit at each of its
/// occurrences where `point` names the next one (daybound's "it becomes night next turn" is the
/// untap step of each turn): saying less than the keyword is no disagreement.
fn said_by(keyword_points: &[TimingPoint], point: &TimingPoint) -> bool {
    let each = TimingPoint {
        occurrence: Occurrence::Each,
        ..*point
    };
    keyword_points.contains(point)
        || matches!(point.occurrence, Occurrence::Next | Occurrence::NextTurn)
            && keyword_points.contains(&each)
}

/// The points of some findings at which the ability acts, in the order the words name them, each
/// once. Two readings agree when they hold the same points, in any order. A `tests` point is a
/// condition the rule asks about ("If a player casts no spells during their own turn",
/// daybound's reminder, 702.145b), not a time the keyword acts at.
fn points<'f>(findings: impl Iterator<Item = &'f Finding>) -> Vec<TimingPoint> {
    let mut points: Vec<TimingPoint> = Vec::new();
    let acting = findings.flat_map(|finding| {
        finding
            .timing
            .iter()
            .filter(|point| point.role != Role::Tests)
    });
    for point in acting {
        if !points.contains(point) {
            points.push(*point);
        }
    }
    points
}

/// What some findings say, as explain says it, to follow a subject: "triggers as your next
/// upkeep step begins".
fn in_words<'f>(findings: impl Iterator<Item = &'f Finding>) -> String {
    let said: Vec<String> = timed_or_all(findings)
        .into_iter()
        .map(|finding| {
            let sentence = sentence(finding);
            let sentence = sentence.strip_suffix('.').unwrap_or(&sentence);
            let mut chars = sentence.chars();
            let said: String = chars
                .next()
                .map(|first| first.to_lowercase().chain(chars).collect())
                .unwrap_or_default();
            // A sentence of no point ("Open whenever its player has priority") follows "is".
            if finding.timing.is_empty() {
                format!("is {said}")
            } else {
                said
            }
        })
        .collect();
    said.join("; and ")
}

fn sentences<'f>(findings: impl Iterator<Item = &'f Finding>) -> String {
    timed_or_all(findings)
        .into_iter()
        .map(sentence)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The findings that name points of the turn, or all of them where none does (flash's window is
/// open whenever its player has priority, 702.8a).
fn timed_or_all<'f>(findings: impl Iterator<Item = &'f Finding>) -> Vec<&'f Finding> {
    let all: Vec<&Finding> = findings.collect();
    let timed: Vec<&Finding> = all
        .iter()
        .copied()
        .filter(|finding| !finding.timing.is_empty())
        .collect();
    if timed.is_empty() { all } else { timed }
}

#[cfg(test)]
mod tests {
    use super::LINT;
    use crate::rules::testing::cases;

    /// A Flash reminder that gives sorcery timing, in the words Oracle still uses for a
    /// permission, is judged: flash is instant timing (702.8a).
    #[test]
    fn a_flash_reminder_with_sorcery_timing_disagrees() {
        cases(
            &LINT,
            "Instant",
            &["Flash (You may cast this spell any time you could cast an instant.)"],
            &["Flash [[(You may cast this spell any time you could cast a sorcery.)]]"],
        );
    }

    #[test]
    fn cases_pass_and_fail() {
        cases(
            &LINT,
            "Creature — Goblin",
            &[
                // The Oracle reminders agree with their keywords.
                "Echo {2}{R} (At the beginning of your upkeep, if this came under your control since the beginning of your last upkeep, sacrifice it unless you pay its echo cost.)",
                "Dash {2}{R} (You may cast this spell for its dash cost. If you do, it gains haste, and it's returned from the battlefield to its owner's hand at the beginning of the next end step.)",
                "Equip {2} ({2}: Attach to target creature you control. Equip only as a sorcery.)",
                "Flash (You may cast this spell any time you could cast an instant.)",
                "Rebound (If you cast this spell from your hand, exile it as it resolves. At the beginning of your next upkeep, you may cast this card from exile without paying its mana cost.)",
                // No reminder, or a reminder that names no point of the turn.
                "Echo {2}{R}",
                "Flying, haste",
                "Echo {2}{R} (Pay its echo cost or sacrifice it.)",
                // Only worded the old way: PL101 reports it.
                "Dash {2}{R} (You may cast this spell for its dash cost. If you do, it gains haste, and it's returned from the battlefield to its owner's hand at end of turn.)",
                // The condition of the day/night check is no time daybound acts at.
                "Daybound (If a player casts no spells during their own turn, it becomes night next turn.)",
                // A reminder with parentheses of its own is read to its matching parenthesis.
                "Mobilize 2 (Whenever this creature attacks, create two tapped and attacking 1/1 red Warrior creature tokens (tokens). Sacrifice them at the beginning of the next end step.)",
                // Saying less than the keyword: no sorcery sentence.
                "Unearth {B} ({B}: Return this card from your graveyard to the battlefield. It gains haste. Exile it at the beginning of the next end step or if it would leave the battlefield.)",
                "Forecast — {1}{W}, Reveal this card from your hand: Tap target creature. (Activate only during your upkeep and only once each turn.)",
                // A granted keyword's reminder explains the grant, not a keyword line.
                "Target creature gains haste until end of turn.",
            ],
            &[
                "Dash {2}{R} [[(You may cast this spell for its dash cost. If you do, it gains haste, and it's returned from the battlefield to its owner's hand at the beginning of your next upkeep.)]]",
                "Echo {1}{R} [[(At the beginning of your end step, if this came under your control since the beginning of your last end step, sacrifice it unless you pay its echo cost.)]]",
                "Flying\nEquip {1} [[({1}: Attach to target creature you control. Equip only during combat.)]]",
                "Mobilize 2 [[(Whenever this creature attacks, create two tapped and attacking 1/1 red Warrior creature tokens (tokens). Sacrifice them at end of combat.)]]",
                "Forecast — {1}{W}, Reveal this card from your hand: Tap target creature. [[(Activate only during combat and only once each turn.)]]",
                "Rebound [[(If you cast this spell from your hand, exile it as it resolves. At the beginning of the next end step, you may cast this card from exile without paying its mana cost.)]]",
            ],
        );
    }

    #[test]
    fn the_message_gives_both_readings() {
        let face = crate::rules::FaceText::read(
            "Rebound (If you cast this spell from your hand, exile it as it resolves. At the beginning of the next end step, you may cast this card from exile without paying its mana cost.)",
            Some("Instant"),
        );
        let violations = (LINT.check)(&face);
        assert_eq!(violations.len(), 1, "{violations:#?}");
        let violation = &violations[0];
        assert_eq!(
            violation.message,
            "reminder text disagrees with rebound: the reminder says \"At the beginning of the \
             next end step\"; rebound triggers as your next upkeep step begins"
        );
        assert_eq!(violation.cr, ["207.2a", "702.88a"]);
        assert_eq!(violation.labels.len(), 2, "{:#?}", violation.labels);
    }

    /// The message names what the keyword does where the reminder goes wrong, in explain's words.
    #[test]
    fn the_message_names_the_keyword_finding_the_reminder_gets_wrong() {
        let face = crate::rules::FaceText::read(
            "Unearth {B} ({B}: Return this card from your graveyard to the battlefield. It gains \
             haste. Exile it at the beginning of the end step or if it would leave the battlefield. \
             Unearth only as a sorcery.)",
            Some("Creature — Zombie"),
        );
        let violations = (LINT.check)(&face);
        assert_eq!(violations.len(), 1, "{violations:#?}");
        assert_eq!(
            violations[0].message,
            "reminder text disagrees with unearth: the reminder says \"at the beginning of the \
             end step\"; unearth triggers as the next end step begins"
        );
    }

    #[test]
    fn an_editions_own_wording_is_judged() {
        use crate::edition::Edition;
        use crate::rules::FaceText;
        let text = "Equip {2} ({2}: Attach to target creature you control. Play this ability only during combat.)";
        let under =
            |edition| (LINT.check)(&FaceText::read_in(text, Some("Artifact"), edition)).len();
        // Under the current rules "Play" is obsolete: PL102 reports it first.
        assert_eq!(under(Edition::Current), 0);
        // Under 2009 it was the template, so the wrong window is this rule's.
        assert_eq!(under(Edition::Cr2009), 1);
    }
}
