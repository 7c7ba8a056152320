//! What a ruff or eslint user types first (issue 41): `--output-format concise`, `phaselint rule
//! CODE` and `rule --all`, `"warn"` as a level, every mistake of a config in one run, the short
//! format's safe replacement, and `--diff` saying why it exits 1.

use crate::cli::{Project, WARNING_CARD, assert_exit, run, stderr, stdout};

#[test]
fn concise_is_the_short_format_and_carries_the_safe_replacement() {
    let project = Project::with(&[("runner.yaml", WARNING_CARD)]);
    let concise = project.run(&["check", "--output-format", "concise", "runner.yaml"]);
    let short = project.run(&["check", "--format", "short", "runner.yaml"]);
    assert_exit(&concise, 1);
    assert_eq!(stdout(&concise), stdout(&short));
    assert!(
        stdout(&concise).starts_with(
            "runner.yaml:4:9: error[PL101] \"At end of turn\" is obsolete wording (card: Ember \
             Runner) [fix: replace with \"At the beginning of the end step\"]\n"
        ),
        "{}",
        stdout(&concise)
    );
    let full = project.run(&["check", "--output-format", "full", "runner.yaml"]);
    assert_eq!(
        stdout(&full),
        stdout(&project.run(&["check", "runner.yaml"]))
    );
}

#[test]
fn rule_is_rules_and_all_prints_every_rule_s_docs() {
    let project = Project::with(&[]);
    let one = project.run(&["rule", "PL102"]);
    assert_exit(&one, 0);
    assert_eq!(stdout(&one), stdout(&project.run(&["rules", "PL102"])));
    assert!(stdout(&one).starts_with("# PL102 obsolete-play-verb\n"));
    let all = stdout(&project.run(&["rule", "--all"]));
    let listed = stdout(&project.run(&["rules"])).lines().count();
    assert_eq!(
        all.lines().filter(|line| line.starts_with("# PL")).count(),
        listed
    );
    for section in ["## What it does", "## Why", "## Fix"] {
        assert_eq!(all.matches(section).count(), listed, "{section}");
    }
}

#[test]
fn warn_is_a_level_and_every_config_mistake_is_reported_at_once() {
    let project = Project::with(&[
        ("runner.yaml", WARNING_CARD),
        (
            "phaselint.toml",
            "[rules]\nPL101 = \"warn\"\nPL999 = \"off\"\nPL102 = \"loud\"\n\n[files]\nexclude = [\"../x\"]\n",
        ),
    ]);
    let output = project.run(&["check", "--format", "short", "runner.yaml"]);
    assert_exit(&output, 2);
    let report = stdout(&output);
    let lines: Vec<&str> = report
        .lines()
        .filter(|line| line.contains("PL903"))
        .collect();
    assert_eq!(
        lines,
        [
            "phaselint.toml:3:1: error[PL903] unknown rule \"PL999\"",
            "phaselint.toml:4:9: error[PL903] unknown level \"loud\", expected \"error\", \"warning\" (or \"warn\"), \"note\" or \"off\"",
            "phaselint.toml:7:12: error[PL903] \"../x\" can never match: globs match paths below the config's directory, and `..` leads out of it",
        ]
    );
    let fine = Project::with(&[
        ("runner.yaml", WARNING_CARD),
        ("phaselint.toml", "[rules]\nPL101 = \"warn\"\n"),
    ]);
    let output = fine.run(&["check", "--format", "short", "runner.yaml"]);
    assert_exit(&output, 0);
    assert!(
        stdout(&output).contains("warning[PL101]"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn diff_says_on_stderr_why_it_exits_as_it_does() {
    let project = Project::with(&[
        ("runner.yaml", WARNING_CARD),
        ("clean.yaml", "- name: Calm\n  text: Flying\n"),
    ]);
    let pending = project.run(&["check", "--diff", "runner.yaml"]);
    assert_exit(&pending, 1);
    assert!(stdout(&pending).starts_with("diff --git a/runner.yaml b/runner.yaml\n"));
    assert_eq!(
        stderr(&pending),
        "would apply 1 fix: a change to make fails a --diff run (exit 1; --fix makes it)\n"
    );
    let clean = run(project.path(), &["check", "--diff", "clean.yaml"]);
    assert_exit(&clean, 0);
    assert_eq!(stdout(&clean), "");
    assert_eq!(stderr(&clean), "no change to make\n");
}
