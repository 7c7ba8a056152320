//! The exit codes (issue 39): a file that cannot be read or does not parse is an error on that
//! file (PL900, PL901) and the run exits 1, as ruff does with E902; 2 is kept for a run that could
//! check nothing it was asked to (every path missing, every file unreadable, a directory named
//! with no card in it), a usage error and a config error. The rule is `Outcome::of`
//! (`src/cli/outcome.rs`); `docs/check.md` says it in its exit codes paragraph.

use crate::cli as support;

use std::process::Output;
use support::{Project, assert_exit, stdout};

/// A card with no finding: a run over it alone exits 0.
const GOOD: &str = "- name: Quiet Bell\n  type: Artifact\n  text: \"{T}: Add {C}.\"\n";

/// A file of a card format's extension that is binary (a NUL byte at byte 3).
const BINARY: &[u8] = b"abc\0def";

/// A card file over `--max-file-size 100`.
fn too_large() -> String {
    format!("- name: Big Bell\n  text: {}\n", "x".repeat(200))
}

/// YAML that does not parse.
const MALFORMED: &str = "- name: [unclosed\n";

/// `path:line:column: code` of each finding of `--format short` output, without its message.
fn findings(output: &Output) -> Vec<String> {
    stdout(output)
        .lines()
        .filter(|line| !line.starts_with("found ") && !line.starts_with("All checks passed"))
        .filter_map(|line| {
            let (place, rest) = line.split_once(": ")?;
            let code = rest.split_once('[')?.1.split_once(']')?.0;
            Some(format!("{place}: {code}"))
        })
        .collect()
}

/// `phaselint check --format json ARGS`: the report, parsed.
fn json(project: &Project, args: &[&str]) -> (serde_json::Value, Output) {
    let mut line = vec!["check", "--format", "json"];
    line.extend(args);
    let output = project.run(&line);
    let report = serde_json::from_str(&stdout(&output)).expect("a JSON report");
    (report, output)
}

#[test]
fn a_good_file_alone_exits_0() {
    let project = Project::with(&[("set/good.yaml", GOOD)]);
    assert_exit(&project.run(&["check", "set"]), 0);
}

#[test]
fn unreadable_files_beside_a_good_one_are_errors_on_them_and_exit_1() {
    let project = Project::with(&[("set/good.yaml", GOOD), ("set/big.yaml", &too_large())]);
    project.write("set/nul.yaml", BINARY);
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--max-file-size",
        "100",
        "set",
    ]);
    assert_exit(&output, 1);
    assert_eq!(
        findings(&output),
        ["set/big.yaml:1:1: PL900", "set/nul.yaml:1:4: PL900"]
    );
    // The good file was checked: its card is counted.
    let (report, output) = json(&project, &["--max-file-size", "100", "set"]);
    assert_exit(&output, 1);
    assert_eq!(report["summary"]["cards"], 1, "{report}");
    assert_eq!(report["summary"]["errors"], 2, "{report}");
    for diagnostic in report["diagnostics"].as_array().expect("diagnostics") {
        assert_eq!(diagnostic["severity"], "error", "{diagnostic}");
    }
}

#[test]
fn a_malformed_file_beside_a_good_one_is_an_error_on_it_and_exits_1() {
    let project = Project::with(&[("set/good.yaml", GOOD), ("set/bad.yaml", MALFORMED)]);
    let output = project.run(&["check", "--format", "short", "set"]);
    assert_exit(&output, 1);
    assert_eq!(findings(&output), ["set/bad.yaml:1:9: PL901"]);
    let (report, _) = json(&project, &["set"]);
    assert_eq!(report["summary"]["cards"], 1, "{report}");
}

#[test]
fn a_malformed_file_alone_was_read_and_exits_1() {
    // Read, but not whole: the cards before the syntax error would be checked.
    let project = Project::with(&[("bad.yaml", MALFORMED)]);
    let output = project.run(&["check", "--format", "short", "bad.yaml"]);
    assert_exit(&output, 1);
    assert_eq!(findings(&output), ["bad.yaml:1:9: PL901"]);
}

#[test]
fn input_problems_stay_errors_whatever_deny_warnings() {
    let project = Project::with(&[("good.yaml", GOOD), ("bad.yaml", MALFORMED)]);
    project.write("nul.yaml", BINARY);
    for flags in [&[][..], &["--deny-warnings"][..]] {
        let mut args = vec!["check", "--format", "short"];
        args.extend(flags);
        args.extend(["good.yaml", "bad.yaml", "nul.yaml"]);
        assert_exit(&project.run(&args), 1);
    }
}

#[test]
fn a_run_whose_only_file_is_unreadable_exits_2() {
    let project = Project::with(&[("big.yaml", &too_large())]);
    project.write("set/nul.yaml", BINARY);
    let output = project.run(&["check", "--format", "short", "set/nul.yaml"]);
    assert_exit(&output, 2);
    assert_eq!(findings(&output), ["set/nul.yaml:1:4: PL900"]);
    // Every file unreadable: nothing was read.
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--max-file-size",
        "100",
        "big.yaml",
        "set/nul.yaml",
    ]);
    assert_exit(&output, 2);
    // A directory whose only file is binary: no card read in it either (PL905).
    let output = project.run(&["check", "--format", "short", "set"]);
    assert_exit(&output, 2);
    assert_eq!(
        findings(&output),
        ["set/nul.yaml:1:4: PL900", "set:1:1: PL905"]
    );
}

#[test]
fn unreadable_standard_input_exits_2_alone_and_1_beside_a_good_file() {
    let project = Project::with(&[("good.yaml", GOOD)]);
    let output = project.run_with_stdin(&["check", "--format", "short", "-"], BINARY);
    assert_exit(&output, 2);
    let output = project.run_with_stdin(&["check", "--format", "short", "-", "good.yaml"], BINARY);
    assert_exit(&output, 1);
    assert_eq!(findings(&output), ["-:1:4: PL900"]);
}

#[test]
fn a_missing_path_beside_a_good_file_exits_1_and_alone_2() {
    let project = Project::with(&[("good.yaml", GOOD)]);
    let output = project.run(&["check", "--format", "short", "missing.yaml", "good.yaml"]);
    assert_exit(&output, 1);
    assert_eq!(findings(&output), ["missing.yaml:1:1: PL900"]);
    let output = project.run(&["check", "--format", "short", "missing.yaml"]);
    assert_exit(&output, 2);
    let output = project.run(&["check", "--format", "short", "missing.yaml", "gone/"]);
    assert_exit(&output, 2);
}

#[test]
fn a_directory_with_no_card_exits_2_whatever_the_other_paths_hold() {
    let project = Project::with(&[("good.yaml", GOOD), ("notes/README.md", "# notes\n")]);
    let output = project.run(&["check", "--format", "short", "good.yaml", "notes"]);
    assert_exit(&output, 2);
    assert_eq!(findings(&output), ["notes:1:1: PL905"]);
}

#[test]
fn a_broken_config_exits_2_though_the_files_are_checked() {
    let project = Project::with(&[
        ("good.yaml", GOOD),
        ("phaselint.toml", "[rules]\nno-such-rule = \"off\"\n"),
    ]);
    for flags in [&[][..], &["--exit-zero"][..]] {
        let mut args = vec!["check", "--format", "short"];
        args.extend(flags);
        args.push("good.yaml");
        let output = project.run(&args);
        assert_exit(&output, 2);
        assert_eq!(findings(&output), ["phaselint.toml:2:1: PL903"]);
    }
    // `--config` naming a file that is not there.
    let project = Project::with(&[("good.yaml", GOOD)]);
    let output = project.run(&["check", "--config", "none.toml", "good.yaml"]);
    assert_exit(&output, 2);
}

#[test]
fn a_usage_error_exits_2() {
    let project = Project::with(&[("good.yaml", GOOD)]);
    assert_exit(&project.run(&["check", "--no-such-flag", "good.yaml"]), 2);
    let output = project.run(&["check", "--statistics", "--format", "sarif", "good.yaml"]);
    assert_exit(&output, 2);
    assert_exit(&project.run(&["check", "--exclude", "[", "good.yaml"]), 2);
}

#[test]
fn exit_zero_clears_an_unreadable_file_but_not_a_run_that_read_nothing() {
    let project = Project::with(&[("good.yaml", GOOD)]);
    project.write("nul.yaml", BINARY);
    let output = project.run(&["check", "--exit-zero", "good.yaml", "nul.yaml"]);
    assert_exit(&output, 0);
    assert_exit(&project.run(&["check", "--exit-zero", "nul.yaml"]), 2);
}

#[test]
fn files_left_out_by_an_exclude_glob_are_no_failure() {
    // pre-commit hands over the changed files; those a glob excludes are passed over, not failed.
    let project = Project::with(&[("good.yaml", GOOD)]);
    let output = project.run(&["check", "--exclude", "good.yaml", "good.yaml"]);
    assert_exit(&output, 0);
}

#[test]
fn stats_and_findings_follow_the_same_rule() {
    let project = Project::with(&[
        ("good.yaml", GOOD),
        ("bad.yaml", MALFORMED),
        ("broken/good.yaml", GOOD),
        ("broken/phaselint.toml", "[rules]\nno-such-rule = \"off\"\n"),
    ]);
    project.write("nul.yaml", BINARY);
    for command in ["stats", "findings"] {
        let run = |paths: &[&str]| {
            let mut args = vec![command];
            args.extend(paths);
            project.run(&args)
        };
        assert_exit(&run(&["good.yaml"]), 0);
        assert_exit(&run(&["good.yaml", "nul.yaml"]), 1);
        assert_exit(&run(&["good.yaml", "bad.yaml"]), 1);
        assert_exit(&run(&["good.yaml", "missing.yaml"]), 1);
        assert_exit(&run(&["nul.yaml"]), 2);
        assert_exit(&run(&["missing.yaml"]), 2);
        assert_exit(&run(&["good.yaml", "broken/good.yaml"]), 2);
    }
}

#[test]
fn show_files_exits_1_for_a_missing_path_beside_a_file_and_2_alone() {
    let project = Project::with(&[("good.yaml", GOOD)]);
    let output = project.run(&["check", "--show-files", "good.yaml", "missing.yaml"]);
    assert_exit(&output, 1);
    assert_exit(&project.run(&["check", "--show-files", "missing.yaml"]), 2);
}
