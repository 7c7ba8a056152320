//! The `check` flags ruff and oxlint users reach for first (issue 10 §4): no path checks `.`,
//! paths without a leading `./`, `--exit-zero`, `--select` / `--extend-select` / `--ignore`,
//! `--statistics` and `--output-file`. Each test works in its own temporary directory.

use crate::cli as support;

use std::process::{Command, Output};
use support::{run, stdout};

/// A card with an error (PL201) and a warning (PL101).
const CARD: &str = "- name: Old Bell\n  type: Artifact\n  text: \"At end of turn, untap it. Activate only during your untap step.\"\n";

fn with_card() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::create_dir(dir.path().join("set")).expect("a directory");
    std::fs::write(dir.path().join("set/bell.yaml"), CARD).expect("written");
    dir
}

/// The rule codes of `--format short` output, in order.
fn codes(output: &Output) -> Vec<String> {
    stdout(output)
        .lines()
        .filter_map(|line| {
            line.split_once('[')
                .and_then(|(_, rest)| rest.split_once(']'))
        })
        .map(|(code, _)| code.to_string())
        .collect()
}

#[test]
fn no_path_checks_the_current_directory_without_a_leading_dot() {
    let dir = with_card();
    let output = run(dir.path(), &["check", "--format", "short"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.starts_with("set/bell.yaml:3:"), "{text}");
    assert!(!text.contains("./"), "{text}");
}

#[test]
fn exit_zero_reports_but_exits_0() {
    let dir = with_card();
    let output = run(
        dir.path(),
        &["check", "--format", "short", "--exit-zero", "set"],
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(codes(&output), ["PL101", "PL201"]);
    // A run that fails still says so.
    let output = run(dir.path(), &["check", "--exit-zero", "missing.yaml"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn select_ignore_and_extend_select_take_codes_names_and_prefixes() {
    let dir = with_card();
    let short = ["check", "--format", "short"];
    let only = |extra: &[&str]| {
        let args: Vec<&str> = short.iter().chain(extra).copied().collect();
        codes(&run(dir.path(), &args))
    };
    assert_eq!(only(&["--select", "PL1", "set"]), ["PL101"]);
    assert_eq!(
        only(&["--select", "window-in-untap-step", "set"]),
        ["PL201"]
    );
    assert_eq!(only(&["--ignore", "pl101", "set"]), ["PL201"]);
    assert_eq!(
        only(&["--select", "PL2", "--extend-select", "PL101", "set"]),
        ["PL101", "PL201"]
    );
    assert_eq!(
        only(&["--select", "ALL", "--ignore", "PL1,PL2", "set"]),
        Vec::<String>::new()
    );
    // With the errors ignored, the warnings alone exit 0.
    let output = run(dir.path(), &["check", "--ignore", "PL201,PL1", "set"]);
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_selector_that_names_no_rule_is_a_usage_error() {
    let dir = with_card();
    let output = run(dir.path(), &["check", "--select", "PL9999", "set"]);
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("`PL9999` names no rule"), "{error}");
}

#[test]
fn quiet_prints_the_findings_without_the_summary() {
    let dir = with_card();
    let output = run(
        dir.path(),
        &["check", "--format", "short", "--quiet", "set"],
    );
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(!text.contains("found"), "{text}");
    let clean = tempfile::tempdir().expect("a temp dir");
    std::fs::write(
        clean.path().join("clean.yaml"),
        "- name: Opt\n  type: Instant\n  text: Scry 1. Draw a card.\n",
    )
    .expect("written");
    let output = run(clean.path(), &["check", "-q"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
    // Nothing to check is no clean run, quiet or not (issue 20 §2).
    let empty = tempfile::tempdir().expect("a temp dir");
    let output = run(empty.path(), &["check", "-q"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).contains("PL905"), "{}", stdout(&output));
}

#[test]
fn color_always_and_force_color_draw_the_graphical_report_in_colour() {
    let dir = with_card();
    let human = |args: &[&str], force: bool| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_phaselint"));
        command
            .args(["check", "set"])
            .args(args)
            .current_dir(dir.path())
            .env_remove("NO_COLOR")
            .env_remove("FORCE_COLOR");
        if force {
            command.env("FORCE_COLOR", "1");
        }
        stdout(&command.output().expect("the phaselint binary runs"))
    };
    let always = human(&["--color", "always"], false);
    assert!(
        always.contains('\u{1b}') && always.contains('╭'),
        "{always}"
    );
    assert!(human(&[], true).contains('\u{1b}'));
    // Off a terminal, with no colour asked for: the same drawing, no escapes.
    let plain = human(&[], false);
    assert!(!plain.contains('\u{1b}') && plain.contains('╭'), "{plain}");
    assert_eq!(plain, support::without_colour(&always));
    assert!(!human(&["--color", "never"], true).contains('\u{1b}'));
}

#[test]
fn statistics_count_each_rule() {
    let dir = with_card();
    std::fs::write(
        dir.path().join("set/bell2.yaml"),
        CARD.replace("Old Bell", "New Bell"),
    )
    .expect("written");
    let output = run(dir.path(), &["check", "--statistics", "set"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "2  PL101  obsolete-end-of-turn\n2  PL201  window-in-untap-step\n"
    );
    // As JSON, as `ruff check --statistics --output-format json`: the same rows, with how many of
    // each have a safe fix `--fix` would apply.
    let output = run(
        dir.path(),
        &["check", "--statistics", "--output-format", "json", "set"],
    );
    assert_eq!(output.status.code(), Some(1));
    let rows: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    assert_eq!(
        rows,
        serde_json::json!([
            {"code": "PL101", "name": "obsolete-end-of-turn", "count": 2, "fixable": 2},
            {"code": "PL201", "name": "window-in-untap-step", "count": 2, "fixable": 0},
        ])
    );
}

#[test]
fn statistics_is_text_or_json_and_a_usage_error_in_any_other_format() {
    let dir = with_card();
    let table = "1  PL101  obsolete-end-of-turn\n1  PL201  window-in-untap-step\n";
    for format in ["human", "short"] {
        let output = run(
            dir.path(),
            &["check", "--statistics", "--format", format, "set"],
        );
        assert_eq!(output.status.code(), Some(1), "{format}");
        assert_eq!(stdout(&output), table, "{format}");
    }
    // A CI system that reads SARIF, JUnit or annotations would take the table for a broken
    // report: clap's usage error instead, and nothing on stdout.
    for format in ["sarif", "gitlab", "junit", "checkstyle", "github"] {
        let output = run(
            dir.path(),
            &["check", "--statistics", "--output-format", format, "set"],
        );
        assert_eq!(output.status.code(), Some(2), "{format}");
        assert_eq!(stdout(&output), "", "{format}");
        let stderr = support::stderr(&output);
        assert!(
            stderr.starts_with(&format!(
                "error: the argument '--statistics' cannot be used with '--format {format}'\n"
            )) && stderr.contains("\nUsage: phaselint check ")
                && stderr.contains("For more information, try '--help'."),
            "{format}: {stderr}"
        );
    }
}

#[test]
fn output_file_takes_the_report() {
    let dir = with_card();
    let output = run(
        dir.path(),
        &[
            "check",
            "--format",
            "json",
            "--output-file",
            "report.json",
            "set",
        ],
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "");
    let report: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("report.json")).expect("the report"),
    )
    .expect("JSON");
    assert_eq!(report["diagnostics"].as_array().map(Vec::len), Some(2));
}
