//! Checking one card: every enabled rule over every face, and the violations mapped from the
//! decoded text onto the bytes of the file.

use crate::config::Config;
use crate::diagnostic::{Diagnostic, Edit, Fix, Label, Severity};
use crate::model::Span;
use crate::rules::{self, FaceText, RuleInfo, TextFix, Violation};
use crate::source::{Card, CardText};
use std::ops::Range;
use std::path::Path;

/// How many findings of one card a report shows; the rest are counted in one PL904. No real card
/// has more than 4 (the Oracle card set and all its printed wordings).
pub const MAX_PER_CARD: usize = 100;

/// How many findings of one file a report shows; the rest are counted in one PL904. A file of
/// every printed wording of every card has 1,874.
pub const MAX_PER_FILE: usize = 10_000;

/// Checks every face of `card`, appending diagnostics in the file's bytes to `out`: the first
/// [`MAX_PER_CARD`] in the file's order, and a PL904 for the rest.
pub fn check_card(card: &Card, path: &Path, config: &Config, out: &mut Vec<Diagnostic>) {
    let mut kept = Capped::new(MAX_PER_CARD);
    for face in &card.faces {
        let Some(text) = &face.text else { continue };
        let name = card.name.as_deref().or(face.name.as_deref());
        let read = FaceText::read(&text.value, face.type_line.as_deref());
        for error in &read.errors {
            kept.push(input_problem(
                &rules::UNREADABLE_TEXT,
                place(text, error.span),
                format!("this line could not be read: {}", error.message),
                name,
            ));
        }
        for lint in rules::lints() {
            let Some(severity) = severity(lint.info, card, path, name, config) else {
                continue;
            };
            for violation in (lint.check)(&read) {
                kept.push(diagnostic(lint.info, severity, violation, text, name));
            }
        }
    }
    let name = card
        .name
        .as_deref()
        .or_else(|| card.faces.iter().find_map(|face| face.name.as_deref()));
    out.extend(kept.finish("on this card", name));
}

/// The first `limit` diagnostics in the file's order, whatever order they come in, and a count
/// of the rest. It holds at most twice `limit` at any time, so a flood of findings costs no
/// memory: the cap acts as they are made.
#[derive(Debug)]
pub struct Capped {
    limit: usize,
    kept: Vec<Diagnostic>,
    left_out: usize,
    /// The first diagnostic left out, in the file's order.
    first_left_out: Option<Diagnostic>,
}

impl Capped {
    pub fn new(limit: usize) -> Self {
        Capped {
            limit,
            kept: Vec::new(),
            left_out: 0,
            first_left_out: None,
        }
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.kept.push(diagnostic);
        if self.kept.len() >= 2 * self.limit.max(1) {
            self.cut();
        }
    }

    /// Sorts what is kept and leaves out what is past the limit.
    fn cut(&mut self) {
        self.kept.sort_by(in_file_order);
        if self.kept.len() <= self.limit {
            return;
        }
        let mut past = self.kept.split_off(self.limit);
        self.left_out += past.len();
        let first = past.swap_remove(0);
        let earlier = self
            .first_left_out
            .as_ref()
            .is_some_and(|known| in_file_order(known, &first).is_le());
        if !earlier {
            self.first_left_out = Some(first);
        }
    }

    /// The diagnostics kept, in the file's order, then a PL904 at the first one left out that
    /// says how many of `whose` (this card, this file) were; `card` names the card it is about.
    pub fn finish(mut self, whose: &str, card: Option<&str>) -> Vec<Diagnostic> {
        self.cut();
        if let Some(first) = self.first_left_out {
            let message = format!(
                "too many findings {whose}: {} more {} not shown, past the first {}",
                self.left_out,
                if self.left_out == 1 { "is" } else { "are" },
                self.limit,
            );
            let mut summary = input_problem(&rules::TOO_MANY_FINDINGS, first.span, message, card);
            summary.help = Some(format!(
                "the first one left out is here: {}[{}] {}",
                first.severity, first.code, first.message
            ));
            self.kept.push(summary);
        }
        self.kept
    }
}

/// The order of a file's report: by place, then by rule, message and card, so that it does not
/// depend on the order the cards were checked in.
pub fn in_file_order(a: &Diagnostic, b: &Diagnostic) -> std::cmp::Ordering {
    let key = |d: &Diagnostic| (d.span.start, d.span.end, d.code);
    key(a)
        .cmp(&key(b))
        .then_with(|| a.message.cmp(&b.message))
        .then_with(|| a.card.cmp(&b.card))
}

/// The severity a rule reports with for this card, or `None` when it is off for it (config, or a
/// `# phaselint: allow(...)` comment on the card).
fn severity(
    rule: &RuleInfo,
    card: &Card,
    path: &Path,
    name: Option<&str>,
    config: &Config,
) -> Option<Severity> {
    let allowed = card.allows.iter().any(|allow| {
        allow.rule.eq_ignore_ascii_case(rule.code) || allow.rule == rule.name || allow.rule == "all"
    });
    if allowed || !config.selection.runs(rule) {
        return None;
    }
    config.level(rule, path, name).severity()
}

/// An input problem (PL9xx) at `span` of the file.
pub fn input_problem(
    rule: &'static RuleInfo,
    span: Range<usize>,
    message: String,
    card: Option<&str>,
) -> Diagnostic {
    Diagnostic {
        code: rule.code,
        name: rule.name,
        severity: Severity::Error,
        message,
        help: None,
        span,
        labels: Vec::new(),
        card: card.map(str::to_string),
        cr: Vec::new(),
        fix: None,
    }
}

/// Where a span of the decoded text lies in the file: exact, or the whole string when the map
/// cannot say.
fn place(text: &CardText, span: Span) -> Range<usize> {
    text.map
        .to_file(span.start..span.end)
        .unwrap_or_else(|| text.map.raw())
}

fn diagnostic(
    rule: &'static RuleInfo,
    severity: Severity,
    violation: Violation,
    text: &CardText,
    card: Option<&str>,
) -> Diagnostic {
    Diagnostic {
        code: rule.code,
        name: rule.name,
        severity,
        message: violation.message,
        help: violation.help,
        span: place(text, violation.span),
        labels: violation
            .labels
            .into_iter()
            .map(|(span, message)| Label {
                span: place(text, span),
                message,
            })
            .collect(),
        card: card.map(str::to_string),
        cr: violation.cr,
        fix: violation.fix.and_then(|fix| file_fix(fix, text)),
    }
}

/// A fix in the file's bytes, with each replacement written as the file's string syntax needs
/// (JSON escapes, YAML quoting). No fix when a span cannot be placed exactly.
fn file_fix(fix: TextFix, text: &CardText) -> Option<Fix> {
    let edits = fix
        .edits
        .into_iter()
        .map(|(span, replacement)| {
            let range = text.map.to_file(span.start..span.end)?;
            Some(Edit {
                start: range.start,
                end: range.end,
                replacement: text.map.encode(&replacement)?,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Fix {
        applicability: fix.applicability,
        message: fix.message,
        edits,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(start: usize) -> Diagnostic {
        input_problem(
            &rules::UNREADABLE_TEXT,
            start..start + 2,
            format!("at {start}"),
            Some("Flood"),
        )
    }

    #[test]
    fn the_first_ones_are_kept_in_any_order_and_never_many_at_once() {
        // Every start from 0 to 9,999, in a scrambled order.
        let starts: Vec<usize> = (0..10_000).map(|n| (n * 7_919) % 10_000).collect();
        let mut capped = Capped::new(100);
        for &start in &starts {
            capped.push(at(start));
            assert!(capped.kept.len() < 200, "{} held", capped.kept.len());
        }
        let kept = capped.finish("on this card", Some("Flood"));
        assert_eq!(kept.len(), 101);
        let shown: Vec<usize> = kept[..100].iter().map(|d| d.span.start).collect();
        assert_eq!(shown, (0..100).collect::<Vec<_>>());
        let summary = &kept[100];
        assert_eq!(summary.code, "PL904");
        assert_eq!(summary.span, 100..102);
        assert_eq!(summary.card.as_deref(), Some("Flood"));
        assert_eq!(
            summary.message,
            "too many findings on this card: 9900 more are not shown, past the first 100"
        );
        assert_eq!(
            summary.help.as_deref(),
            Some("the first one left out is here: error[PL902] at 100")
        );
    }

    #[test]
    fn under_the_limit_nothing_is_added() {
        let mut capped = Capped::new(3);
        for start in [5, 1, 3] {
            capped.push(at(start));
        }
        let kept = capped.finish("in this file", None);
        let starts: Vec<usize> = kept.iter().map(|d| d.span.start).collect();
        assert_eq!(starts, [1, 3, 5]);
        let mut one_more = Capped::new(3);
        for start in [5, 1, 3, 4] {
            one_more.push(at(start));
        }
        let kept = one_more.finish("in this file", None);
        assert_eq!(
            kept[3].message,
            "too many findings in this file: 1 more is not shown, past the first 3"
        );
        assert_eq!(kept[3].span, 5..7);
    }
}
