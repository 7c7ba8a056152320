//! The `phaselint` binary as a user runs it: output formats, exit codes and bad input.

use std::process::{Command, Output};

fn phaselint(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_phaselint"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn explain_json_is_an_array_of_contract_findings() {
    let output = phaselint(&[
        "explain",
        "--format",
        "json",
        "--",
        "Gains flying until end of combat.",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("valid JSON");
    let findings = json.as_array().expect("an array");
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0]["canonical"], "expires end(combat, this, any)");
    assert_eq!(
        findings[0]["span"],
        serde_json::json!({"start": 13, "end": 32})
    );
}

#[test]
fn explain_joins_its_arguments_into_one_text() {
    let output = phaselint(&[
        "explain", "--", "gains", "flying", "until", "end", "of", "turn",
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("\"until end of turn\"  [duration]"));
}

#[test]
fn explain_reports_an_unknown_phrase_without_a_meaning() {
    let output = phaselint(&[
        "explain",
        "--",
        "At the beginning of that turn's end step, you lose the game.",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains("[unknown]"), "{text}");
    assert!(text.contains("Not understood"), "{text}");
    assert!(
        !text.contains("timing:"),
        "an unknown phrase has no timing: {text}"
    );
}

#[test]
fn a_scenario_changes_the_strip() {
    let output = phaselint(&[
        "explain",
        "--scenario",
        "no-attackers",
        "--",
        "Cast this spell only during combat after blockers are declared.",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(
        text.contains("no window: it never opens in these turns"),
        "{text}"
    );
    assert!(text.contains("~blockers~ ~damage~"), "{text}");
}

#[test]
fn an_unknown_scenario_is_a_usage_error() {
    let output = phaselint(&[
        "explain",
        "--scenario",
        "no-such-thing",
        "--",
        "until end of turn",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("valid: no-attackers"), "{stderr}");
}

#[test]
fn a_file_that_is_not_utf8_is_reported_with_its_place() {
    let dir = std::env::temp_dir().join(format!("phaselint-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.txt");
    std::fs::write(&path, b"Flying\nuntil end \xff of turn").unwrap();
    let output = phaselint(&["explain", "--file", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("bad.txt:2:11: not UTF-8"), "{stderr}");
    let missing = phaselint(&[
        "explain",
        "--file",
        dir.join("missing.txt").to_str().unwrap(),
    ]);
    assert_eq!(missing.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_bundled_sampler_is_explained() {
    let sampler = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/explain/sampler.phrases"
    );
    let output = phaselint(&["explain", "--file", sampler]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    for kind in [
        "[trigger]",
        "[delayed-trigger]",
        "[combat-trigger]",
        "[duration]",
        "[reference]",
        "[window]",
        "[turn-change]",
        "[step-effect]",
        "[turn-based-action]",
        "[unknown]",
    ] {
        assert!(text.contains(kind), "the sampler shows {kind}");
    }
}

#[test]
fn stats_json_has_the_issue_shape_and_counts_joke_sets_apart() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("cards.jsonl");
    std::fs::write(
        &path,
        concat!(
            r#"{"name": "A", "type_line": "Instant", "oracle_text": "It gains flying until end of turn. Draw a card at the beginning of the next end step.", "set": "NEO"}"#,
            "\n",
            r#"{"name": "B", "type_line": "Instant", "oracle_text": "Skip your next turn until the cows come home.", "set": "NEO"}"#,
            "\n",
            r#"{"name": "C", "type_line": "Instant", "oracle_text": "Until end of turn, you may say \"moo\".", "set": "UNH"}"#,
            "\n",
            r#"{"name": "Dirge", "type_line": "Instant", "oracle_text": "Sing of the draw step loudly.", "set": "NEO"}"#,
            "\n",
        ),
    )
    .expect("written");
    let output = phaselint(&["stats", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("valid JSON");
    assert_eq!(json["cards"], 3);
    assert_eq!(json["findings_by_kind"]["duration"], 1);
    assert_eq!(json["findings_by_kind"]["delayed-trigger"], 1);
    assert_eq!(json["findings_by_kind"]["turn-change"], 1);
    assert_eq!(json["findings_by_kind"]["unknown"], 2);
    // The timing words: "until", "end of turn", "at the beginning of", "end step", "Skip", "next
    // turn", the second "until" and "draw step". The last two are in no understood phrase.
    assert_eq!(
        json["anchors"],
        serde_json::json!({"total": 8, "classified": 6})
    );
    // "draw step" is in no template at all: the tripwire makes it unknown.
    assert_eq!(json["silent"], 1);
    assert_eq!(
        json["unknown"],
        serde_json::json!([
            {"phrase": "draw step loudly", "count": 1, "example": "Dirge"},
            {"phrase": "until the cows come home", "count": 1, "example": "B"}
        ])
    );
    assert_eq!(json["joke_sets"]["cards"], 1);
    assert_eq!(json["findings_by_template"]["until_end_of_turn"], 1);
}

#[test]
fn completions_are_made_from_the_parser_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let output = phaselint(&["completions", shell]);
        assert_eq!(output.status.code(), Some(0), "{shell}");
        let script = stdout(&output);
        // Every subcommand and the newest flags are there: the script is not written by hand.
        for word in [
            "check",
            "explain",
            "findings",
            "stdin-filename",
            "extend-select",
        ] {
            assert!(script.contains(word), "{shell} completes {word}");
        }
    }
    assert_eq!(phaselint(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn the_man_page_has_a_page_for_each_subcommand() {
    let output = phaselint(&["man"]);
    assert_eq!(output.status.code(), Some(0));
    let roff = stdout(&output);
    let version = env!("CARGO_PKG_VERSION");
    for page in [
        "phaselint",
        "phaselint-check",
        "phaselint-explain",
        "phaselint-findings",
    ] {
        let title = format!(".TH {page} 1 ");
        let page_title = roff.lines().find(|line| line.starts_with(&title));
        assert!(
            page_title.is_some_and(|line| line.contains(version)),
            "a page for {page}, with the version: {page_title:?}"
        );
    }
    assert!(roff.contains("\\-\\-select"), "the flags are documented");
}
