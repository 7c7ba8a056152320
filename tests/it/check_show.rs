//! `check --show-settings` and `check --show-files` (issue 24 §3): what a run would take, from
//! the same configs and the same walk as `check`, and nothing checked.

use crate::cli as support;

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

#[test]
fn show_files_of_the_fixtures_lists_what_check_reads_and_why_the_rest_is_left_out() {
    let root = fixtures().parent().unwrap().to_path_buf();
    let output = run(&root, &["check", "--show-files", "fixtures"]);
    assert_exit(&output, 0);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    for taken in [
        "fixtures/set/drafts.yaml",
        "fixtures/databases/cwd-mtgjson.json",
        "fixtures/formats/mse/dawn.mse-set",
        "fixtures/formats/mse/dusk.mse-set/set",
    ] {
        assert!(lines.contains(&taken), "{taken} in:\n{text}");
    }
    for skipped in [
        "skipped fixtures/README.md: not a card file: no card format's extension",
        "left out fixtures/phaselint.toml: the config file",
        "left out fixtures/bad/binary.yaml: excluded by `[files] exclude` of its phaselint.toml",
        "skipped fixtures/formats/forge/editions/Cinder Dawn.txt: a Forge edition file: it lists a set's cards by name and holds no card text",
        "left out fixtures/formats/mse/Ember Court/card Ashen Steward: part of a Magic Set Editor set: read through its set file",
    ] {
        assert!(lines.contains(&skipped), "{skipped} in:\n{text}");
    }
    // Nothing is checked, and the files taken come first, then those skipped, then those left
    // out by design.
    assert!(!text.contains("[PL"));
    let first_skip = lines
        .iter()
        .position(|l| l.starts_with("skipped "))
        .unwrap();
    let first_left_out = lines
        .iter()
        .position(|l| l.starts_with("left out "))
        .unwrap();
    assert!(first_skip < first_left_out);
    assert!(
        lines[first_skip..first_left_out]
            .iter()
            .all(|l| l.starts_with("skipped "))
    );
    assert!(
        lines[first_left_out..]
            .iter()
            .all(|l| l.starts_with("left out "))
    );
    // As many skipped as a check's summary counts.
    let skipped = lines.iter().filter(|l| l.starts_with("skipped ")).count();
    let output = run(&root, &["check", "--format", "json", "fixtures"]);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report["summary"]["skipped"], skipped, "{text}");
}

#[cfg(unix)]
#[test]
fn show_files_gives_the_reason_for_links_binaries_excludes_and_sizes() {
    let outside = Project::with(&[("secret.yaml", "- name: Secret\n")]);
    let dir = Project::with(&[
        ("cards/a.yaml", "- name: A\n  text: Draw a card.\n"),
        (
            "cards/big.yaml",
            &format!("- name: Big\n  text: {}\n", "x".repeat(200)),
        ),
        ("drafts/b.yaml", "- name: B\n"),
        (".hidden/c.yaml", "- name: C\n"),
        ("target/d.yaml", "- name: D\n"),
    ]);
    dir.write("cards/nul.yaml", b"- name: N\0\n");
    dir.write("cards/art.png", b"\x89PNG\r\n\x1a\n\0\0");
    std::os::unix::fs::symlink(outside.path(), dir.join("cards/out")).unwrap();
    std::os::unix::fs::symlink(dir.join("cards/a.yaml"), dir.join("cards/in.yaml")).unwrap();
    let output = dir.run(&[
        "check",
        "--show-files",
        ".",
        "--exclude",
        "drafts",
        "--max-file-size",
        "100",
    ]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "cards/a.yaml\n\
         unreadable cards/big.yaml: the file is 221 bytes, larger than the limit of 100 bytes (--max-file-size); it was not read\n\
         unreadable cards/nul.yaml: a binary file: byte 9 is a NUL byte\n\
         skipped cards/art.png: not a card file: no card format's extension\n\
         left out .hidden: hidden\n\
         left out cards/in.yaml: a symbolic link, which the walk does not follow\n\
         left out cards/out: a symbolic link out of the tree, which phaselint does not follow\n\
         left out drafts: excluded by --exclude\n\
         left out target: a build output directory (target)\n"
    );
    // A missing path fails the run, as it fails `check`.
    let output = dir.run(&["check", "--show-files", "nope"]);
    assert_exit(&output, 2);
    assert_eq!(stdout(&output), "error nope: no such file or directory\n");
}

/// Characters that act on a terminal (ESC, BEL, C1, a bidirectional override), or that XML 1.0
/// cannot hold: none of them is printed raw.
fn acts_on_a_terminal(c: char) -> bool {
    (c.is_control() && c != '\n') || matches!(c, '\u{202e}' | '\u{fffe}')
}

#[test]
fn show_settings_shows_a_configs_control_characters_visibly() {
    // A repository's config is a stranger's text: its globs, ignores and field names.
    let dir = Project::with(&[
        ("cards.yaml", "- name: A\n  text: Draw a card.\n"),
        (
            "phaselint.toml",
            "[files]\ninclude = [\"\\u001b]0;PWNED\\u0007*.cards\", \"\\u202ex\"]\n\
             exclude = [\"\\u009b2J\"]\n\
             [[ignore]]\ncard = \"Evil\\u001b[2J\"\nrules = [\"PL102\"]\n\
             [[ignore]]\npath = \"\\u202e*.yaml\\u0007\"\nrules = [\"PL103\"]\n\
             [fields]\ntext = [\"Rules\\u001b[31mText\"]\n",
        ),
    ]);
    let output = dir.run(&["check", "--show-settings", "cards.yaml"]);
    assert_exit(&output, 0);
    let text = stdout(&output);
    assert!(!text.chars().any(acts_on_a_terminal), "{text:?}");
    assert_eq!(
        line(&text, "files.include:"),
        "files.include: ␛]0;PWNED␇*.cards, \\u{202e}x"
    );
    assert_eq!(line(&text, "files.exclude:"), "files.exclude: \\u{9b}2J");
    assert!(
        text.contains("ignore: card \"Evil␛[2J\": PL102\n"),
        "{text}"
    );
    assert!(
        text.contains("ignore: path \"\\u{202e}*.yaml␇\": PL103\n"),
        "{text}"
    );
    // JSON keeps every character, escaped: the same strings to a program.
    let output = dir.run(&["check", "--show-settings", "--format", "json", "cards.yaml"]);
    let json = stdout(&output);
    assert!(!json.chars().any(acts_on_a_terminal), "{json:?}");
    let json: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(json[0]["include"][0], "\u{1b}]0;PWNED\u{7}*.cards");
    assert_eq!(json[0]["exclude"][0], "\u{9b}2J");
}

/// Makes a FIFO at `path` with `mkfifo`.
#[cfg(unix)]
fn mkfifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn show_files_names_a_fifo_it_does_not_read_and_shows_names_visibly() {
    let dir = Project::with(&[
        ("cards/a.yaml", "- name: A\n  text: Draw a card.\n"),
        ("cards/\u{1b}]0;PWNED\u{7}.yaml", "- name: B\n"),
    ]);
    mkfifo(&dir.join("cards/pipe.yaml"));
    mkfifo(&dir.join("cards/notes"));
    let fifo = "not a regular file (a FIFO): only files and standard input are read";
    let output = dir.run(&["check", "--show-files", "."]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        format!(
            "cards/␛]0;PWNED␇.yaml\n\
             cards/a.yaml\n\
             left out cards/notes: {fifo}\n\
             left out cards/pipe.yaml: {fifo}\n"
        )
    );
    // Named on the command line, it is taken but not read, for the same reason (PL900 in a check).
    let output = dir.run(&["check", "--show-files", "cards/pipe.yaml"]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        format!("unreadable cards/pipe.yaml: {fifo}\n")
    );
}
