//! The text of `explain --rules A --compare B`: each phrase under both editions side by side, and
//! what changed.

use super::{Comparison, Difference, compare};
use crate::edition::{Edition, facts_prefix};
use std::fmt::Write;

/// Each phrase of `text` under `left` and `right`, and how its meaning or wording changed.
pub fn render_comparison(text: &str, left: Edition, right: Edition) -> String {
    let comparisons = compare(text, left, right);
    let mut out = String::new();
    let _ = writeln!(out, "comparing {} with {}", left.title(), right.title());
    if comparisons.is_empty() {
        out.push_str("no timing phrase found\n");
    }
    for (index, comparison) in comparisons.iter().enumerate() {
        out.push('\n');
        one(&mut out, index + 1, comparison);
    }
    out
}

fn one(out: &mut String, number: usize, comparison: &Comparison) {
    let finding = &comparison.finding;
    let _ = writeln!(
        out,
        "{number}. \"{}\"  [{}]  bytes {}..{}",
        finding.phrase, finding.kind, finding.span.start, finding.span.end
    );
    for side in &comparison.sides {
        let edition = side.edition;
        let _ = writeln!(out, "   under {edition}: {}", side.sentence);
        if !side.rules.is_empty() {
            let _ = writeln!(
                out,
                "     rules ({}): {}",
                facts_prefix(edition),
                side.rules.join(", ")
            );
        }
        if side.reported.is_empty() {
            let _ = writeln!(out, "     wording: nothing reported under {edition}");
        }
        for (code, message, help) in &side.reported {
            let _ = writeln!(out, "     wording: {code} {message}");
            if let Some(help) = help {
                let _ = writeln!(out, "       {help}");
            }
        }
    }
    let (left, right) = (comparison.sides[0].edition, comparison.sides[1].edition);
    for difference in &comparison.differences {
        match difference {
            Difference::Name { left: a, right: b } => {
                let _ = writeln!(
                    out,
                    "   changed name: the {a} of {left} is the {b} of {right}"
                );
            }
            Difference::Wording {
                code,
                reported_under,
            } => {
                let other = if *reported_under == left { right } else { left };
                let _ = writeln!(
                    out,
                    "   changed wording: {code} reports it under {reported_under}, not under {other}, whose template it is"
                );
            }
            Difference::Fact {
                left: a, right: b, ..
            } => {
                let _ = writeln!(out, "   changed turn: under {left}, {}", a.line(left));
                let _ = writeln!(out, "                 under {right}, {}", b.line(right));
            }
        }
    }
    let verdict = if comparison.same_meaning() {
        "the same: it names the same point of the same turn under both; only the names, numbers or wording above differ"
    } else {
        "different: a turn fact above that bears on it changed"
    };
    let _ = writeln!(out, "   meaning: {verdict}");
}
