//! `check --show-settings` and `check --show-files` (issue 24 §3): what a run would take, from
//! the same configs and the same walk as `check`, and nothing checked.

#[path = "support/cli.rs"]
mod support;

use serde_json::Value;
use support::{Project, assert_exit, fixtures, run, stdout};

/// The line of `text` that starts with `start`.
fn line<'t>(text: &'t str, start: &str) -> &'t str {
    text.lines()
        .find(|line| line.starts_with(start))
        .unwrap_or_else(|| panic!("no line starting {start:?} in:\n{text}"))
}

#[test]
fn show_settings_names_the_config_of_a_fixture_and_every_rule_at_its_level() {
    let root = fixtures().parent().unwrap().to_path_buf();
    let output = run(
        &root,
        &["check", "--show-settings", "fixtures/set/drafts.yaml"],
    );
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert_eq!(
        line(&text, "settings for"),
        "settings for fixtures/set/drafts.yaml"
    );
    assert_eq!(line(&text, "config:"), "config: fixtures/phaselint.toml");
    assert_eq!(line(&text, "edition:"), "edition: current");
    assert_eq!(line(&text, "files.exclude:"), "files.exclude: bad/**");
    assert_eq!(
        line(&text, "ignore:"),
        "ignore: card \"Relic of the Old Clock\": PL103"
    );
    // Every rule, once, with its level; nothing was checked.
    let rules: Vec<&str> = text.lines().filter(|l| l.starts_with("  PL")).collect();
    assert_eq!(rules.len(), phaselint::rules::registry().len());
    assert!(rules.iter().any(|l| {
        l.split_whitespace()
            .eq(["PL804", "unused-allow", "warning"])
    }));
    assert!(!text.contains("[PL"), "nothing is checked: {text}");
}

#[test]
fn show_settings_of_a_path_under_no_config_is_the_defaults_and_json_too() {
    let dir = Project::with(&[("cards.yaml", "- name: A\n  text: Draw a card.\n")]);
    let output = dir.run(&[
        "check",
        "--show-settings",
        "cards.yaml",
        "--ignore",
        "PL101",
    ]);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert_eq!(
        line(&text, "config:"),
        "config: defaults (no phaselint.toml found)"
    );
    // The command line's selection is part of the settings.
    assert!(
        line(&text, "  PL101").ends_with("off  (default error)"),
        "{text}"
    );
    let output = dir.run(&["check", "--show-settings", "--format", "json", "cards.yaml"]);
    let json: Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    assert_eq!(json[0]["path"], "cards.yaml");
    assert_eq!(json[0]["file"], Value::Null);
    assert_eq!(json[0]["edition"], "current");
    assert_eq!(json[0]["rules"][2]["code"], "PL101");
    assert_eq!(json[0]["rules"][2]["level"], "error");
}

#[test]
fn show_settings_gives_a_configs_levels_ignores_fields_and_edition() {
    let dir = Project::with(&[
        ("sets/old.yaml", "- name: A\n  text: Draw a card.\n"),
        (
            "phaselint.toml",
            "edition = \"2009\"\n[rules]\nPL001 = \"error\"\n[[ignore]]\npath = \"sets/*.yaml\"\nrules = [\"PL102\"]\n[files]\ninclude = [\"*.cards\"]\n[fields]\ntext = [\"Rules Text\"]\n",
        ),
    ]);
    let output = dir.run(&["check", "--show-settings", "sets/old.yaml"]);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert_eq!(line(&text, "config:"), "config: phaselint.toml");
    assert_eq!(line(&text, "edition:"), "edition: 2009");
    assert_eq!(line(&text, "files.include:"), "files.include: *.cards");
    assert_eq!(line(&text, "fields.text:"), "fields.text: rulestext");
    assert_eq!(
        line(&text, "ignore:"),
        "ignore: path \"sets/*.yaml\": PL102"
    );
    assert!(
        line(&text, "  PL001").ends_with("error  (default warning)"),
        "{text}"
    );
    // The path ignore covers this file.
    assert!(
        line(&text, "  PL102").ends_with("off  (default error)"),
        "{text}"
    );
    // A broken config is an error, not the defaults shown as if they governed.
    dir.write("phaselint.toml", "[rules]\nPL001 = \"loud\"\n");
    let output = dir.run(&["check", "--show-settings", "sets/old.yaml"]);
    assert_exit(&output, 2);
}
