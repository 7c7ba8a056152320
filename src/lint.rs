//! Checking one card: every enabled rule over every face, and the violations mapped from the
//! decoded text onto the bytes of the file.

use crate::config::Config;
use crate::diagnostic::{Diagnostic, Edit, Fix, Label, Severity};
use crate::model::Span;
use crate::rules::{self, FaceText, RuleInfo, TextFix, Violation};
use crate::source::{Card, CardText};
use std::ops::Range;
use std::path::Path;

/// Checks every face of `card`, appending diagnostics in the file's bytes to `out`.
pub fn check_card(card: &Card, path: &Path, config: &Config, out: &mut Vec<Diagnostic>) {
    for face in &card.faces {
        let Some(text) = &face.text else { continue };
        let name = card.name.as_deref().or(face.name.as_deref());
        let read = FaceText::read(&text.value, face.type_line.as_deref());
        for error in &read.errors {
            out.push(input_problem(
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
                out.push(diagnostic(lint.info, severity, violation, text, name));
            }
        }
    }
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
