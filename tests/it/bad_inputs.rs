//! `fixtures/bad/`: a file for each class of bad input of issues 11 and 20, each checked by name as
//! `phaselint check --format short fixtures/bad/<file>`, with its exit code, in one snapshot
//! (`snapshots/bad_inputs.snap`). The files with control characters in their card text are also
//! shown in the human format, where the text of the card is quoted.
//!
//! The snapshot records what phaselint prints, byte for byte, except that the test writes each
//! control character other than a line break as `<ESC>`, `<BEL>`, `<BS>`, `<DEL>` or `<U+XXXX>`,
//! so that the snapshot file holds none and a terminal showing it is not driven by them.

use std::path::Path;
use std::process::Command;

/// Every file of `fixtures/bad/`, with the README's order of classes left to the file names.
const BAD: &[&str] = &[
    "alias-bomb.yaml",
    "bad-escape.json",
    "bad-indentation.yaml",
    "binary.yaml",
    "bom-scalar.yaml",
    "control-chars.txt",
    "control-chars.yaml",
    "control-in-string.jsonl",
    "cr-only.txt",
    "cut-script.txt",
    "cut.xml",
    "deep-nesting.json",
    "deep-nesting.yaml",
    "duplicate-keys.json",
    "empty.yaml",
    "entity-bomb.xml",
    "entity-noise.json",
    "escapes-then-bad-escape.jsonl",
    "forge-faces.txt",
    "html-bomb.json",
    "key-order.jsonl",
    "late-not-utf8.jsonl",
    "late-nul.jsonl",
    "lone-surrogate.json",
    "long-line.yaml",
    "malformed.json",
    "mse-bomb.mse-set",
    "mse-cut-set",
    "mse-cut.mse-set",
    "mse-dotdot.mse-set",
    "mse-huge-claim.mse-set",
    "mse-levels-set",
    "mse-no-set.mse-set",
    "mse-noise.mse-set",
    "mse-repeated-name.mse-set",
    "no-text-column.tsv",
    "noise.xml",
    "not-a-database.xml",
    "not-utf8-undefined.txt",
    "not-utf8.yaml",
    "number-name.yaml",
    "stray-card.xml",
    "stray-quote.csv",
    "string-ends.jsonl",
    "tab-indentation.yaml",
    "truncated.jsonl",
    "unclosed-flow.yaml",
    "unclosed-tag.xml",
    "unknown-entity.xml",
    "unterminated.csv",
    "whitespace.yaml",
    "workflow.yml",
];

/// Shown in the human format too: their card text holds terminal escapes.
const HUMAN_TOO: &[&str] = &["control-chars.txt", "control-chars.yaml"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `phaselint check ARGS` run from the package root, as the README's commands are.
fn check(args: &[&str]) -> (String, String, Option<i32>) {
    let output = Command::new(env!("CARGO_BIN_EXE_phaselint"))
        .arg("check")
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100")
        .env_remove("FORCE_COLOR")
        .output()
        .expect("the phaselint binary runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// Control characters other than `\n` written visibly, by the test (see the module's doc).
fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push('\n'),
            '\u{1b}' => out.push_str("<ESC>"),
            '\u{7}' => out.push_str("<BEL>"),
            '\u{8}' => out.push_str("<BS>"),
            '\u{7f}' => out.push_str("<DEL>"),
            c if c.is_control() => out.push_str(&format!("<U+{:04X}>", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// One command and what it printed.
fn transcript(args: &[&str]) -> String {
    let (stdout, stderr, code) = check(args);
    let mut out = format!("$ phaselint check {}\n{}", args.join(" "), visible(&stdout));
    if !stderr.is_empty() {
        out.push_str(&format!("stderr:\n{}", visible(&stderr)));
    }
    let code = code.map_or("killed by a signal".to_string(), |code| code.to_string());
    out.push_str(&format!("exit: {code}\n"));
    out
}

#[test]
fn the_list_is_every_file_of_the_directory() {
    let mut found: Vec<String> = std::fs::read_dir(root().join("fixtures/bad"))
        .expect("fixtures/bad is there")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    found.sort();
    assert_eq!(
        found, BAD,
        "a new file in fixtures/bad/ goes in BAD and the README"
    );
}

#[test]
fn the_files_are_small() {
    for name in BAD {
        let size = std::fs::metadata(root().join("fixtures/bad").join(name))
            .expect("the file is there")
            .len();
        assert!(size < 100 * 1024, "{name}: {size} bytes");
    }
}

#[test]
fn each_bad_file_has_its_diagnostic() {
    let mut out = String::new();
    for name in BAD {
        let path = format!("fixtures/bad/{name}");
        out.push_str(&transcript(&["--format", "short", &path]));
        if HUMAN_TOO.contains(name) {
            out.push_str(&transcript(&[&path]));
        }
        out.push('\n');
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_description(
        "phaselint check on each file of fixtures/bad/; control characters written as <ESC>, <BEL>, ... by the test",
    );
    settings.bind(|| insta::assert_snapshot!("bad_inputs", out));
}

#[test]
fn the_short_format_prints_no_control_character() {
    for name in BAD {
        let (stdout, _, _) = check(&["--format", "short", &format!("fixtures/bad/{name}")]);
        assert!(
            !stdout.chars().any(|c| c.is_control() && c != '\n'),
            "{name}: {stdout:?}"
        );
    }
}

#[test]
fn the_main_run_over_the_fixtures_does_not_read_them() {
    // fixtures/phaselint.toml excludes bad/**: `phaselint check fixtures/` (the README's command)
    // walks past them, and only a file named on the command line is checked. The directory named
    // alone checks nothing, and a run that checked nothing fails (issue 20 §2).
    let (stdout, _, _) = check(&["--format", "short", "fixtures/"]);
    assert!(!stdout.contains("fixtures/bad/"), "{stdout}");
    let (stdout, _, code) = check(&["--format", "short", "fixtures/bad/"]);
    assert!(
        stdout.starts_with(
            "fixtures/bad/:1:1: error[PL905] no card file in this directory: nothing in it was \
             checked; "
        ) && stdout.contains(" entries left out by an exclude glob\n"),
        "{stdout}"
    );
    assert_eq!(code, Some(2));
}
