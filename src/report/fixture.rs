//! Checked files built by hand for the reporters' tests: multi-byte characters before spans, a
//! multi-line source, fixes of each kind, a secondary label, an unreadable file and a clean one.

use crate::check::CheckedFile;
use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix, Label, Severity};
use crate::rules::{FixAvailability, RuleInfo};
use std::ops::Range;
use std::sync::Arc;

/// The text of `sets/dawn.yaml`, without anything inserted above it.
pub const DAWN: &str = "\
- name: Sun’s Vigil
  text: Flash — it’s sacrificed at end of turn.
- name: Gale Aven
  text: At the beginning of your end step, it can’t block this turn.
  flavor: \"Don't look back.\"
";

pub static OBSOLETE_END_OF_TURN: RuleInfo = RuleInfo {
    code: "PL101",
    name: "obsolete-end-of-turn",
    level: Severity::Warning,
    summary: "finds the pre-2009 wording \"at end of turn\"",
    docs: "## What it does\nFinds \"at end of turn\".\n\n## Why is this bad?\nSince Magic 2010 \
           the trigger reads \"at the beginning of the end step\" (CR 513.1a).",
    fix: FixAvailability::Always,
    on_by_default: true,
};

pub static RESTRICTION_AFTER_COMBAT: RuleInfo = RuleInfo {
    code: "PL201",
    name: "restriction-after-combat",
    level: Severity::Error,
    summary: "finds combat restrictions that begin after the turn's last combat",
    docs: "## What it does\nFinds \"can't block this turn\" created in the end step.",
    fix: FixAvailability::None,
    on_by_default: true,
};

pub static STRAIGHT_APOSTROPHE: RuleInfo = RuleInfo {
    code: "PL301",
    name: "straight-apostrophe",
    level: Severity::Note,
    summary: "finds straight apostrophes in card text",
    docs: "## What it does\nFinds `'` where cards print `’`.",
    fix: FixAvailability::Always,
    on_by_default: true,
};

/// The rules the fixture's diagnostics come from; `PL000` (an unreadable file) is not among them.
pub fn rules() -> Vec<&'static RuleInfo> {
    vec![
        &OBSOLETE_END_OF_TURN,
        &RESTRICTION_AFTER_COMBAT,
        &STRAIGHT_APOSTROPHE,
    ]
}

/// `sets/dawn.yaml` (3 diagnostics), `broken.json` (unreadable, empty) and `clean.txt`.
pub fn files() -> Vec<CheckedFile> {
    vec![dawn(""), broken(), clean()]
}

/// The byte span of the first `needle` in `source`.
pub fn span(source: &str, needle: &str) -> Range<usize> {
    let start = source.find(needle).expect("the fixture holds the needle");
    start..start + needle.len()
}

/// `sets/dawn.yaml` with `above` inserted before its first line.
pub fn dawn(above: &str) -> CheckedFile {
    let source = format!("{above}{DAWN}");
    let end_of_turn = span(&source, "at end of turn");
    let apostrophe = span(&source, "'");
    let diagnostics = vec![
        Diagnostic {
            code: "PL101",
            name: "obsolete-end-of-turn",
            severity: Severity::Warning,
            message: "\"at end of turn\" is the pre-2009 wording".to_owned(),
            help: Some(
                "since Magic 2010 this trigger reads \"at the beginning of the end step\""
                    .to_owned(),
            ),
            span: end_of_turn.clone(),
            labels: vec![],
            card: Some("Sun’s Vigil".to_owned()),
            cr: vec!["513.1a"],
            fix: Some(Fix {
                applicability: Applicability::Unsafe,
                message: "replace with \"at the beginning of the next end step\"".to_owned(),
                edits: vec![Edit {
                    start: end_of_turn.start,
                    end: end_of_turn.end,
                    replacement: "at the beginning of the next end step".to_owned(),
                }],
            }),
        },
        Diagnostic {
            code: "PL201",
            name: "restriction-after-combat",
            severity: Severity::Error,
            message: "\"can’t block this turn\" begins after the turn's last combat".to_owned(),
            help: Some("restrict blocking \"until your next turn\" instead".to_owned()),
            span: span(&source, "can’t block this turn"),
            labels: vec![Label {
                span: span(&source, "At the beginning of your end step"),
                message: "resolves in the end step".to_owned(),
            }],
            card: Some("Gale Aven".to_owned()),
            cr: vec!["513.1", "506.1"],
            fix: None,
        },
        Diagnostic {
            code: "PL301",
            name: "straight-apostrophe",
            severity: Severity::Note,
            message: "straight apostrophe in card text".to_owned(),
            help: None,
            span: apostrophe.clone(),
            labels: vec![],
            card: Some("Gale Aven".to_owned()),
            cr: vec![],
            fix: Some(Fix {
                applicability: Applicability::Safe,
                message: "replace with \"’\"".to_owned(),
                edits: vec![Edit {
                    start: apostrophe.start,
                    end: apostrophe.end,
                    replacement: "’".to_owned(),
                }],
            }),
        },
    ];
    CheckedFile {
        path: "sets/dawn.yaml".to_owned(),
        source: Arc::new(source.to_string().into()),
        diagnostics,
        raw_path: None,
        cards: 2,
        fixed: 0,
        failed: false,
        rewritable: true,
    }
}

/// A file that could not be read at all: empty source, one file-level diagnostic at 0..0.
pub fn broken() -> CheckedFile {
    CheckedFile {
        path: "broken.json".to_owned(),
        source: Arc::default(),
        diagnostics: vec![Diagnostic {
            code: "PL000",
            name: "unreadable-file",
            severity: Severity::Error,
            message: "the file is not UTF-8: invalid byte at offset 0".to_owned(),
            help: None,
            span: 0..0,
            labels: vec![],
            card: None,
            cr: vec![],
            fix: None,
        }],
        raw_path: None,
        cards: 0,
        fixed: 0,
        failed: true,
        rewritable: false,
    }
}

/// A file with nothing to report.
pub fn clean() -> CheckedFile {
    CheckedFile {
        path: "clean.txt".to_owned(),
        source: Arc::new("Ornithopter\nMemnite\nShield Sphere\n".to_string().into()),
        diagnostics: vec![],
        raw_path: None,
        cards: 3,
        fixed: 0,
        failed: false,
        rewritable: true,
    }
}
