//! Two editions side by side for each phrase of a text: its sentence, rules and wording under
//! each, and what differs (`text` renders it for `explain --rules A --compare B`). Every
//! difference is derived from the editions' data (names, numbers, the wordings each printed, turn
//! facts), none is written for a particular phrase.
//!
//! Architecture invariant: a comparison only reads what the layers below say (the editions'
//! data, the turn's names, the rules' reports, the explanations' sentences); it judges nothing
//! itself, and nothing below it knows of it.

mod text;

pub use text::render_comparison;

use crate::edition::{Edition, Fact, Topic, topics};
use crate::explain::sentence_in;
use crate::model::{Finding, Span, Unit};
use crate::rules::{FaceText, lints};
use crate::turn::{Phase, Step};

/// One phrase under two editions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    pub finding: Finding,
    pub sides: [Side; 2],
    pub differences: Vec<Difference>,
}

/// What a phrase is under one edition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    pub edition: Edition,
    /// The plain sentence, with the edition's names of phases and steps.
    pub sentence: String,
    /// The finding's rules in the edition's numbers.
    pub rules: Vec<String>,
    /// What the lint rules report on the phrase under the edition: code, message and help (the
    /// obsolete-wording rules give today's template there).
    pub reported: Vec<(&'static str, String, Option<String>)>,
}

/// A way the two editions differ on a phrase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// A phase or step the phrase names is called otherwise.
    Name { left: String, right: String },
    /// A rule is reported under one edition and not under the other: the wording was that
    /// edition's template, or it was not.
    Wording {
        code: &'static str,
        reported_under: Edition,
    },
    /// A turn fact that bears on the phrase's points differs: the meaning differs.
    Fact {
        topic: Topic,
        left: &'static Fact,
        right: &'static Fact,
    },
}

impl Comparison {
    /// Whether the phrase means the same under both editions: only names, numbers and wording
    /// differ.
    pub fn same_meaning(&self) -> bool {
        !self
            .differences
            .iter()
            .any(|difference| matches!(difference, Difference::Fact { .. }))
    }
}

/// Compares every phrase of `text` under `left` and `right`.
pub fn compare(text: &str, left: Edition, right: Edition) -> Vec<Comparison> {
    // The phrases and their findings are the one model's: read once, and only the rules' view
    // of the edition changes between the two sides.
    let mut face = FaceText::read_in(text, None, left);
    let left_reports = reports(&face);
    face.edition = right;
    let reported = [left_reports, reports(&face)];
    face.items
        .iter()
        .map(|(_, finding)| {
            let side = |index: usize, edition: Edition| Side {
                edition,
                sentence: edition.rename(&sentence_in(finding, text)),
                rules: edition.cite_all(&finding.rules),
                reported: reported[index]
                    .iter()
                    .filter(|(span, ..)| overlaps(*span, finding.span))
                    .map(|(_, code, message, help)| (*code, message.clone(), help.clone()))
                    .collect(),
            };
            let sides = [side(0, left), side(1, right)];
            let differences = differences(finding, &sides);
            Comparison {
                finding: finding.clone(),
                sides,
                differences,
            }
        })
        .collect()
}

type Reported = (Span, &'static str, String, Option<String>);

/// Every violation of every lint rule on `face`.
fn reports(face: &FaceText<'_>) -> Vec<Reported> {
    lints()
        .iter()
        .flat_map(|lint| {
            (lint.check)(face)
                .into_iter()
                .map(|violation| {
                    (
                        violation.span,
                        lint.info.code,
                        violation.message,
                        violation.help,
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

fn overlaps(a: Span, b: Span) -> bool {
    a.start < b.end && b.start < a.end
}

fn differences(finding: &Finding, sides: &[Side; 2]) -> Vec<Difference> {
    let (left, right) = (sides[0].edition, sides[1].edition);
    let mut out = Vec::new();
    for unit in finding.timing.iter().map(|point| point.unit) {
        for (a, b) in names_of(unit, left).into_iter().zip(names_of(unit, right)) {
            let difference = Difference::Name {
                left: a.to_string(),
                right: b.to_string(),
            };
            if a != b && !out.contains(&difference) {
                out.push(difference);
            }
        }
    }
    for (index, side) in sides.iter().enumerate() {
        let other = &sides[1 - index];
        for (code, ..) in &side.reported {
            let elsewhere = other.reported.iter().any(|(c, ..)| c == code);
            let difference = Difference::Wording {
                code,
                reported_under: side.edition,
            };
            if !elsewhere && !out.contains(&difference) {
                out.push(difference);
            }
        }
    }
    for topic in topics(finding) {
        if let (Some(a), Some(b)) = (left.fact(topic), right.fact(topic))
            && a.text != b.text
        {
            out.push(Difference::Fact {
                topic,
                left: a,
                right: b,
            });
        }
    }
    out
}

/// The names a unit has in `edition`: the step's or phase's, for the units that are one.
fn names_of(unit: Unit, edition: Edition) -> Vec<&'static str> {
    let steps: Vec<Step> = Phase::ALL
        .iter()
        .flat_map(|phase| phase.steps().iter().copied())
        .filter(|step| step.unit() == unit)
        .collect();
    if !steps.is_empty() {
        return steps.into_iter().map(|s| s.name_in(edition)).collect();
    }
    Phase::ALL
        .into_iter()
        .filter(|phase| phase.unit() == unit)
        .map(|phase| phase.name_in(edition))
        .collect()
}
