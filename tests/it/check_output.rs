//! What `phaselint check` writes for a person, an editor or a patch tool (issue 10 §4): one name
//! for each severity, text wrapped to the terminal's width, `short` naming the card, the summary
//! line saying what `--fix` would fix, and `--diff` output that `git apply` and `patch -p1` take.
//! Each test works in its own temporary directory, with it as the current directory.

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::cli;
use cli::{Project, command, run, stdout, without_colour, write};

/// A creature whose printed "At end of turn" has a safe fix (PL101, a warning), and a trigger at
/// "your postcombat main phase" (PL401, a note).
const DRUMMER: &str = "\
- name: Warcry Drummer
  type: Creature — Goblin
  text: |-
    At end of turn, untap this creature.
    At the beginning of your postcombat main phase, add {R}.
";

/// An instant whose "at end of turn" could be either end step: an unsafe fix only (PL101).
const OMEN: &str = "\
- name: Quick Omen
  type: Instant
  text: Scry 2. At end of turn, draw a card.
";

// ---------------------------------------------------------------------------------------------
// One name for each severity
// ---------------------------------------------------------------------------------------------

#[test]
fn a_note_is_called_note_in_every_text_a_person_reads() {
    let dir = Project::with(&[("drummer.yaml", DRUMMER)]);
    let check = |extra: &[&str]| {
        let mut args = vec!["check", "drummer.yaml"];
        args.extend_from_slice(extra);
        stdout(&run(dir.path(), &args))
    };
    let narrated = check(&["--narrate"]);
    let graphical = without_colour(&check(&["--color", "always"]));
    let short = check(&["--format", "short"]);
    let github = check(&["--format", "github"]);
    let json = check(&["--format", "json"]);
    let sarif = check(&["--format", "sarif"]);
    let rules = stdout(&run(dir.path(), &["rules"]));
    let rule = stdout(&run(dir.path(), &["rules", "PL401"]));

    assert!(
        narrated.contains(
            "every main phase after the first is postcombat: with an additional combat phase and \
             main phase, this triggers in each of them\n    Diagnostic severity: note\n"
        ),
        "{narrated}"
    );
    // The graphical report names the severity above its icon, as the plain one does.
    assert!(
        graphical.contains("note[PL401(second-main-phase)]\n\n  ☞ every main phase"),
        "{graphical}"
    );
    assert!(
        graphical.contains("error[PL101(obsolete-end-of-turn)]\n\n  ×"),
        "{graphical}"
    );
    assert!(
        short.contains("drummer.yaml:5:5: note[PL401] every main phase"),
        "{short}"
    );
    // GitHub's command for a note is `::notice`; the title says note.
    assert!(
        github.contains("::notice file=drummer.yaml,line=5,col=5,endLine=5,endColumn=51,title=note[PL401] second-main-phase::"),
        "{github}"
    );
    assert!(json.contains("\"severity\": \"note\""), "{json}");
    assert!(sarif.contains("\"level\": \"note\""), "{sarif}");
    assert!(rules.contains(" second-main-phase "), "{rules}");
    assert!(rule.contains("Level: note."), "{rule}");
    for (name, text) in [
        ("narrated", &narrated),
        ("graphical", &graphical),
        ("short", &short),
        ("github", &github),
        ("json", &json),
        ("sarif", &sarif),
        ("rules", &rules),
        ("rules PL401", &rule),
    ] {
        let lower = text.to_lowercase();
        assert!(!lower.contains("advice"), "{name}: {text}");
        let commands = text.lines().filter(|l| l.starts_with("::notice ")).count();
        assert_eq!(lower.matches("notice").count(), commands, "{name}: {text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Wrapping
// ---------------------------------------------------------------------------------------------

/// The graphical report of `DRUMMER` with `COLUMNS` set to `columns` (or unset), colour removed.
fn graphical_with_columns(columns: Option<&str>) -> String {
    let dir = Project::with(&[("drummer.yaml", DRUMMER)]);
    let mut command = command(dir.path(), &["check", "--color", "always", "drummer.yaml"]);
    if let Some(columns) = columns {
        command.env("COLUMNS", columns);
    }
    let output = command.output().expect("the phaselint binary runs");
    without_colour(&stdout(&output))
}

/// The lines miette wraps: all but the quoted source and the rules drawn under it.
fn wrapped_lines(report: &str) -> Vec<&str> {
    report
        .lines()
        .filter(|line| !line.contains(" │ ") && !line.contains(" · "))
        .collect()
}

#[test]
fn the_graphical_report_wraps_at_columns_and_otherwise_at_100() {
    let narrow = graphical_with_columns(Some("50"));
    let lines = wrapped_lines(&narrow);
    assert!(
        lines.iter().all(|line| line.chars().count() <= 50),
        "{narrow}"
    );
    // The message of the note is longer than 50 columns: it went onto a second line.
    assert!(
        narrow.contains("  ☞ every main phase after the first is\n  │ postcombat"),
        "{narrow}"
    );
    let default = graphical_with_columns(None);
    assert!(
        wrapped_lines(&default)
            .iter()
            .any(|line| line.chars().count() > 50),
        "{default}"
    );
    assert!(
        wrapped_lines(&default)
            .iter()
            .all(|line| line.chars().count() <= 100),
        "{default}"
    );
    // COLUMNS that is no width is ignored.
    for columns in ["", "0", "wide", "-80"] {
        assert_eq!(
            graphical_with_columns(Some(columns)),
            default,
            "{columns:?}"
        );
    }
    assert_ne!(graphical_with_columns(Some("160")), default);
}

// ---------------------------------------------------------------------------------------------
// `short` names the card
// ---------------------------------------------------------------------------------------------

#[test]
fn short_names_the_card_after_the_message() {
    let dir = Project::with(&[
        ("drummer.yaml", DRUMMER),
        ("broken.yaml", "- name: [unclosed\n"),
        (
            "circle.txt",
            "Circle of Protection: Dusk\nEnchantment\nAt end of turn, you gain 1 life.\n",
        ),
    ]);
    let output = run(
        dir.path(),
        &[
            "check",
            "--format",
            "short",
            "broken.yaml",
            "drummer.yaml",
            "circle.txt",
        ],
    );
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    // A problem of the file itself names no card.
    assert!(lines[0].starts_with("broken.yaml:1:"), "{text}");
    assert!(!lines[0].contains("(card:"), "{text}");
    assert_eq!(
        lines[1..4],
        [
            "drummer.yaml:4:5: error[PL101] \"At end of turn\" is obsolete wording (card: \
             Warcry Drummer) [fix: replace with \"At the beginning of the end step\"]",
            "drummer.yaml:5:5: note[PL401] every main phase after the first is postcombat: with \
             an additional combat phase and main phase, this triggers in each of them (card: \
             Warcry Drummer)",
            "circle.txt:3:1: error[PL101] \"At end of turn\" is obsolete wording (card: Circle \
             of Protection: Dusk) [fix: replace with \"At the beginning of the end step\"]",
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// What `--fix` would fix
// ---------------------------------------------------------------------------------------------

#[test]
fn the_summary_says_how_many_findings_fix_and_unsafe_fixes_would_fix() {
    let dir = Project::with(&[("drummer.yaml", DRUMMER), ("omen.yaml", OMEN)]);
    let both = ["drummer.yaml", "omen.yaml"];
    let check = |extra: &[&str]| {
        let mut args = vec!["check"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&both);
        stdout(&run(dir.path(), &args))
    };
    let summary = "found 2 errors, 1 note in 2 files (2 cards)\n\
                   1 fixable with --fix (1 more with --fix --unsafe-fixes)\n";
    assert!(check(&["--format", "short"]).ends_with(summary));
    assert!(check(&[]).ends_with(&format!("\n\n{summary}")));
    assert!(without_colour(&check(&["--color", "always"])).ends_with(summary));
    let json: Value = serde_json::from_str(&check(&["--format", "json"])).expect("JSON");
    assert_eq!(
        (
            &json["summary"]["fixable"],
            &json["summary"]["unsafe_fixable"]
        ),
        (&json!(1), &json!(1))
    );
    // --quiet leaves out the summary, and the fix line with it.
    assert!(!check(&["--format", "short", "-q"]).contains("fixable"));

    // After --fix, the safe fix is applied and the summary says so; what is left needs
    // --unsafe-fixes, and the summary says why --fix left it.
    assert!(check(&["--format", "short", "--fix"]).ends_with(
        "found 1 error, 1 note in 2 files (2 cards); applied 1 fix\n\
         1 finding left by --fix, whose fix is unsafe: --fix --unsafe-fixes applies it\n"
    ));
    // After --fix --unsafe-fixes, nothing is left to fix: no fix line.
    assert!(
        check(&["--format", "short", "--fix", "--unsafe-fixes"])
            .ends_with("found 1 note in 2 files (2 cards); applied 1 fix\n")
    );
    assert!(check(&[]).ends_with("found 1 note in 2 files (2 cards)\n"));
}

#[test]
fn findings_fix_would_not_touch_are_not_counted() {
    let dir = Project::with(&[("drummer.yaml", DRUMMER)]);
    let databases = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/databases");
    let mtgjson = databases.join("cwd-mtgjson.json");
    let mtgjson = mtgjson.to_str().expect("a UTF-8 path");
    let counts = |args: &[&str], stdin: Option<&str>| {
        let command = command(dir.path(), args);
        let output = cli::with_stdin(command, stdin.unwrap_or_default().as_bytes());
        let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
        let diagnostics = json["diagnostics"].as_array().map_or(0, Vec::len);
        (
            diagnostics,
            json["summary"]["fixable"].as_u64(),
            json["summary"]["unsafe_fixable"].as_u64(),
        )
    };
    fn with<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        ["check", "--format", "json"]
            .iter()
            .chain(extra)
            .copied()
            .collect()
    }
    // A JSON database is fixed only with --fix-json.
    assert_eq!(counts(&with(&[mtgjson]), None), (1, Some(0), Some(0)));
    assert_eq!(
        counts(&with(&["--fix-json", mtgjson]), None),
        (1, Some(1), Some(0))
    );
    // Printed wordings are reported, never rewritten.
    assert_eq!(
        counts(&with(&["--original", "--fix-json", mtgjson]), None),
        (3, Some(0), Some(0))
    );
    // Standard input is fixed by printing it (`--fix -`, tests/it/stdin_fix.rs): its fixes count.
    assert_eq!(counts(&with(&["-"]), Some(DRUMMER)), (2, Some(1), Some(0)));
    assert_eq!(
        counts(&with(&["drummer.yaml"]), None),
        (2, Some(1), Some(0))
    );
}

// ---------------------------------------------------------------------------------------------
// `--diff` for git apply and patch
// ---------------------------------------------------------------------------------------------

/// Runs `program ARGS` in `dir` with `input` on stdin; panics with its output when it fails.
fn tool(dir: &Path, program: &str, args: &[&str], input: &[u8]) -> Output {
    let mut command = Command::new(program);
    command.args(args).current_dir(dir);
    let output = cli::with_stdin(command, input);
    assert!(
        output.status.success(),
        "{program} {args:?}: {}\n{}",
        stdout(&output),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Every file under `dir` (but `.git`) with its bytes, by path.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        for entry in std::fs::read_dir(&next).expect("a readable directory") {
            let path = entry.expect("an entry").path();
            if path.file_name().is_some_and(|name| name == ".git") {
                continue;
            }
            if path.is_dir() {
                pending.push(path);
            } else {
                let bytes = std::fs::read(&path).expect("a readable file");
                let relative = path.strip_prefix(dir).expect("under dir").to_path_buf();
                files.push((relative, bytes));
            }
        }
    }
    files.sort();
    files
}

/// The bundled fixtures copied into `dir` under names with spaces and a non-ASCII letter, with
/// card files that do not end with a newline, end lines with CRLF, or with a lone CR (a line
/// break to YAML, none to git and patch).
fn awkward_copy_of_fixtures(dir: &Path) {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    for (relative, bytes) in tree(&fixtures) {
        let relative = relative.to_string_lossy().replace("set/", "my set/");
        let target = dir.join(relative.replace("red.yaml", "red cards — Sun’s.yaml"));
        std::fs::create_dir_all(target.parent().expect("a parent")).expect("the parents");
        std::fs::write(target, bytes).expect("the copy is written");
    }
    write(dir, "drafts/no newline.yaml", DRUMMER.trim_end());
    write(dir, "drafts/crlf.yaml", OMEN.replace('\n', "\r\n"));
    write(dir, "drafts/lone cr.yaml", DRUMMER.replace('\n', "\r"));
}

#[test]
fn diff_is_accepted_by_git_apply_and_patch_and_gives_what_fix_gives() {
    for flags in [&["--fix-json"][..], &["--fix-json", "--unsafe-fixes"][..]] {
        // What --fix writes, in one copy.
        let fixed = tempfile::tempdir().expect("a temp dir");
        awkward_copy_of_fixtures(fixed.path());
        let mut args = vec!["check", "--fix", "--exit-zero"];
        args.extend_from_slice(flags);
        run(fixed.path(), &args);
        let expected = tree(fixed.path());

        // What --diff says, applied by git in a repository holding another copy.
        let repo = tempfile::tempdir().expect("a temp dir");
        awkward_copy_of_fixtures(repo.path());
        let before = tree(repo.path());
        assert_ne!(before, expected, "{flags:?}: the fixes change something");
        let mut args = vec!["check", "--diff"];
        args.extend_from_slice(flags);
        let diff = run(repo.path(), &args).stdout;
        assert_eq!(tree(repo.path()), before, "--diff writes nothing");
        let text = String::from_utf8_lossy(&diff);
        assert!(
            text.contains("diff --git a/my set/red cards — Sun’s.yaml b/my set/red cards — Sun’s.yaml\n--- a/my set/red cards — Sun’s.yaml\t\n"),
            "{text}"
        );
        assert!(text.contains("\\ No newline at end of file\n"), "{text}");
        tool(repo.path(), "git", &["init", "--quiet"], b"");
        tool(repo.path(), "git", &["apply", "--check", "-"], &diff);
        tool(repo.path(), "git", &["apply", "-"], &diff);
        assert_eq!(tree(repo.path()), expected, "{flags:?}: git apply");

        // And by patch -p1, where it is installed.
        let patched = tempfile::tempdir().expect("a temp dir");
        awkward_copy_of_fixtures(patched.path());
        if Command::new("patch").arg("--version").output().is_ok() {
            tool(
                patched.path(),
                "patch",
                &["-p1", "--quiet", "--forward"],
                &diff,
            );
            assert_eq!(tree(patched.path()), expected, "{flags:?}: patch -p1");
        } else {
            eprintln!("patch is not installed: `--diff` was applied with git apply only");
        }
    }
}
