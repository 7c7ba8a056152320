//! Every rule explains itself: a stable code and kebab-case name, a summary, and docs with the
//! sections `phaselint rules CODE` prints. Messages follow one convention (lower-case start, no
//! trailing period), checked over the fixture snapshots as clippy checks its UI tests.

use phaselint::rules::{lints, lookup, registry};
use std::collections::BTreeSet;

#[test]
fn codes_and_names_are_unique_and_well_formed() {
    let mut codes = BTreeSet::new();
    let mut names = BTreeSet::new();
    for rule in registry() {
        assert!(codes.insert(rule.code), "{} twice", rule.code);
        assert!(names.insert(rule.name), "{} twice", rule.name);
        assert!(
            rule.code.len() == 5
                && rule.code.starts_with("PL")
                && rule.code[2..].chars().all(|c| c.is_ascii_digit()),
            "code {}",
            rule.code
        );
        assert!(
            rule.name.split('-').all(|part| !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())),
            "kebab-case name {}",
            rule.name
        );
        assert_eq!(lookup(rule.code).map(|r| r.name), Some(rule.name));
        assert_eq!(lookup(rule.name).map(|r| r.code), Some(rule.code));
        assert_eq!(
            lookup(&rule.code.to_lowercase()).map(|r| r.code),
            Some(rule.code)
        );
    }
}

#[test]
fn every_rule_is_documented() {
    let lint_codes: BTreeSet<_> = lints().iter().map(|lint| lint.info.code).collect();
    for rule in registry() {
        assert!(
            !rule.summary.is_empty() && !rule.summary.ends_with('.'),
            "{}: summary {:?}",
            rule.code,
            rule.summary
        );
        let mut sections = vec!["## What it does", "## Why", "## Fix"];
        if lint_codes.contains(rule.code) {
            sections.push("## Example");
        }
        for section in sections {
            assert!(
                rule.docs.contains(section),
                "{} {} lacks {section:?}",
                rule.code,
                rule.name
            );
        }
        assert!(
            rule.docs.contains("CR ") || !lint_codes.contains(rule.code),
            "{} cites no rule of the CR in its docs",
            rule.code
        );
    }
}

#[test]
fn messages_start_lower_case_and_end_without_a_period() {
    let json = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/snapshots/check_fixtures_json.snap"
    ))
    .expect("the JSON snapshot exists");
    let body = json.splitn(3, "---").nth(2).expect("an insta snapshot");
    let report: serde_json::Value = serde_json::from_str(body.trim()).expect("JSON");
    let diagnostics = report["diagnostics"].as_array().expect("diagnostics");
    assert!(!diagnostics.is_empty());
    for diagnostic in diagnostics {
        let message = diagnostic["message"].as_str().unwrap();
        let first = message.chars().next().unwrap();
        assert!(
            first.is_lowercase() || first == '"',
            "message starts lower-case: {message:?}"
        );
        assert!(!message.ends_with('.'), "no trailing period: {message:?}");
    }
}
