//! A card's allow comments at work: which rules they turn off, and which of them silence nothing
//! (PL804, unused-allow), with the fix that removes those.

use crate::diagnostic::{Applicability, Edit, Fix, Severity};
use crate::rules::{self, RuleInfo};
use crate::source::{Allow, Card};
use std::ops::Range;

/// A name of an allow comment that silences nothing: what PL804 says of it, and its fix.
pub(super) struct Unused {
    pub span: Range<usize>,
    pub message: String,
    pub help: String,
    pub fix: Fix,
}

/// The allow comments of one card, and what each did while the card was checked.
pub(super) struct Allows<'c> {
    allows: &'c [Allow],
    /// PL804's level for the card: when it is off, an allowed rule is not run at all.
    judging: Option<Severity>,
    /// Each allow's rule ran with the allow in its way (it was on for the card).
    judged: Vec<bool>,
    /// Each allow's rule found something the allow silenced.
    used: Vec<bool>,
}

impl<'c> Allows<'c> {
    /// `judging` is PL804's severity for the card, `None` when it is off.
    pub(super) fn new(card: &'c Card, judging: Option<Severity>) -> Self {
        let count = card.allows.len();
        Allows {
            allows: &card.allows,
            judging,
            judged: vec![false; count],
            used: vec![false; count],
        }
    }

    /// Whether an allow comment turns `rule` off, a rule that is on for the card.
    pub(super) fn turn_off(&mut self, rule: &RuleInfo) -> bool {
        let mut off = false;
        for (i, allow) in self.allows.iter().enumerate() {
            if names(allow, rule) {
                self.judged[i] = true;
                off = true;
            }
        }
        off
    }

    /// Whether the findings of `rule`, which an allow turned off, are worth finding: only to
    /// judge the allow, when PL804 is on and a name other than `all` (never unused) names it.
    pub(super) fn judges(&self, rule: &RuleInfo) -> bool {
        self.judging.is_some()
            && self
                .allows
                .iter()
                .any(|allow| !is_all(&allow.rule) && names(allow, rule))
    }

    /// PL804's severity for the card, `None` when it is off.
    pub(super) fn severity(&self) -> Option<Severity> {
        self.judging
    }

    /// `rule`, turned off by an allow, found something: the allows that name it were needed.
    pub(super) fn silenced(&mut self, rule: &RuleInfo) {
        for (i, allow) in self.allows.iter().enumerate() {
            if names(allow, rule) {
                self.used[i] = true;
            }
        }
    }

    /// Each name of a known rule that silenced nothing (none when PL804 is off).
    pub(super) fn unused(&self) -> Vec<Unused> {
        if self.judging.is_none() {
            return Vec::new();
        }
        let unused: Vec<bool> = (0..self.allows.len()).map(|i| self.is_unused(i)).collect();
        let mut out = Vec::new();
        for (i, allow) in self.allows.iter().enumerate() {
            let Some(rule) = rules::lookup(&allow.rule).filter(|_| unused[i]) else {
                continue;
            };
            let (message, help) = if never_allowed(rule) {
                (
                    format!(
                        "unused allow: an allow comment cannot turn off `{}` ({})",
                        rule.code, rule.name
                    ),
                    if rules::is_input_problem(rule) {
                        "input problems are always reported: remove the name".to_string()
                    } else {
                        "only phaselint.toml or --ignore turns it off: remove the name".to_string()
                    },
                )
            } else {
                (
                    format!("unused allow: `{}` finds nothing on this card", allow.rule),
                    format!(
                        "{} ({}) runs on this card and has nothing to silence: remove the name",
                        rule.code, rule.name
                    ),
                )
            };
            out.push(Unused {
                span: allow.span.clone(),
                message,
                help,
                fix: self.removal(allow, &unused),
            });
        }
        out
    }

    /// Whether allow `i` names a known rule and silenced nothing. `all` is never unused: it
    /// stands for rules this run may not have run.
    fn is_unused(&self, i: usize) -> bool {
        let allow = &self.allows[i];
        match rules::lookup(&allow.rule) {
            Some(rule) if !is_all(&allow.rule) => {
                never_allowed(rule) || (self.judged[i] && !self.used[i])
            }
            _ => false,
        }
    }

    /// The fix that removes every unused name of `allow`'s comment: the same edit for each of
    /// them, so applying one applies them all. The comment goes when no name is left in it.
    fn removal(&self, allow: &Allow, unused: &[bool]) -> Fix {
        let kept: Vec<&str> = self
            .allows
            .iter()
            .zip(unused)
            .filter(|(other, gone)| other.comment == allow.comment && !**gone)
            .map(|(other, _)| other.rule.as_str())
            .collect();
        let (edit, message) = if kept.is_empty() {
            (
                Edit {
                    start: allow.comment.start,
                    end: allow.comment.end,
                    replacement: String::new(),
                },
                "remove the allow comment".to_string(),
            )
        } else {
            (
                Edit {
                    start: allow.list.start,
                    end: allow.list.end,
                    replacement: kept.join(", "),
                },
                "remove the unused names from the allow comment".to_string(),
            )
        };
        Fix {
            applicability: Applicability::Safe,
            message,
            edits: vec![edit],
        }
    }
}

/// Whether `allow` turns `rule` off: its code in any case, its name, or `all`.
fn names(allow: &Allow, rule: &RuleInfo) -> bool {
    allow.rule.eq_ignore_ascii_case(rule.code) || allow.rule == rule.name || is_all(&allow.rule)
}

/// `all` in an allow comment, in any case (as `--select ALL`).
pub(super) fn is_all(rule: &str) -> bool {
    rule.eq_ignore_ascii_case("all")
}

/// The rules an allow comment never turns off.
fn never_allowed(rule: &RuleInfo) -> bool {
    !rules::allowed_by_comment(rule)
}
