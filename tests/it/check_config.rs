//! Which config governs each file (issue 10 §4): the nearest `phaselint.toml` upward from each
//! file, not only from the first path; `--config` for every file; `--stdin-filename` giving
//! standard input a name, a format and a config; and no progress bar off a terminal.

use crate::cli;

use cli::{stdout, write};
use std::path::Path;
use std::process::Output;

/// A card with obsolete wording (PL101, obsolete-end-of-turn, an error by default) on line 3.
const CARD: &str = "- name: Old Bell\n  type: Artifact\n  text: \"At end of turn, untap it.\"\n";

fn run(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    cli::with_stdin(
        cli::command(dir, args),
        stdin.unwrap_or_default().as_bytes(),
    )
}

/// `old/` turns PL101 off and excludes its `drafts/` (which holds a malformed file); `new/` makes it a warning (an error by default); the root is
/// governed by no config.
fn nested_configs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temp dir");
    for set in ["a.yaml", "old/a.yaml", "new/a.yaml"] {
        write(dir.path(), set, CARD);
    }
    // Malformed (PL901) if it were read.
    write(dir.path(), "old/drafts/a.yaml", "- [unclosed\n");
    write(
        dir.path(),
        "old/phaselint.toml",
        "[rules]\nPL101 = \"off\"\n\n[files]\nexclude = [\"drafts/**\"]\n",
    );
    write(
        dir.path(),
        "new/phaselint.toml",
        "[rules]\nPL101 = \"warning\"\n",
    );
    dir
}

#[test]
fn each_file_answers_to_its_nearest_config() {
    let dir = nested_configs();
    let output = run(dir.path(), &["check", "--format", "short"], None);
    assert_eq!(
        stdout(&output)
            .lines()
            .filter(|line| line.contains("PL101"))
            .map(|line| line.split('[').next().unwrap_or_default())
            .collect::<Vec<_>>(),
        ["a.yaml:3:10: error", "new/a.yaml:3:10: warning"],
        "{}",
        stdout(&output)
    );
    // old/drafts is excluded by old/phaselint.toml: its malformed file is never read.
    assert!(!stdout(&output).contains("PL901"), "{}", stdout(&output));
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn the_same_files_named_one_by_one_answer_to_the_same_configs() {
    let dir = nested_configs();
    let output = run(
        dir.path(),
        &["check", "--format", "short", "old/a.yaml", "new/a.yaml"],
        None,
    );
    let text = stdout(&output);
    assert!(!text.contains("old/a.yaml"), "{text}");
    assert!(text.contains("new/a.yaml:3:10: warning[PL101]"), "{text}");
}

#[test]
fn an_explicit_config_governs_every_file() {
    let dir = nested_configs();
    write(dir.path(), "quiet.toml", "[rules]\nPL101 = \"off\"\n");
    let output = run(
        dir.path(),
        &["check", "--format", "short", "--config", "quiet.toml"],
        None,
    );
    let text = stdout(&output);
    assert!(!text.contains("PL101"), "{text}");
    // Nor old/phaselint.toml's exclude: old/drafts is read, and its malformed file fails the run
    // (PL901, an error: exit 1).
    assert!(text.contains("old/drafts/a.yaml:1:"), "{text}");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_broken_config_is_reported_once_and_its_files_are_checked_with_the_defaults() {
    let dir = nested_configs();
    write(dir.path(), "old/drafts/a.yaml", CARD);
    write(dir.path(), "old/phaselint.toml", "[rules\n");
    let output = run(dir.path(), &["check", "--format", "short"], None);
    let text = stdout(&output);
    assert_eq!(text.matches("PL903").count(), 1, "{text}");
    assert!(text.contains("old/phaselint.toml:1:"), "{text}");
    // The defaults: PL101 an error, nothing excluded.
    assert!(text.contains("old/a.yaml:3:10: error[PL101]"), "{text}");
    assert!(
        text.contains("old/drafts/a.yaml:3:10: error[PL101]"),
        "{text}"
    );
    assert!(text.contains("new/a.yaml:3:10: warning[PL101]"), "{text}");
    assert_eq!(output.status.code(), Some(2));
}

#[cfg(unix)]
#[test]
fn a_config_that_is_no_file_or_links_out_of_the_tree_is_reported_and_never_shown() {
    let dir = nested_configs();
    let secret = tempfile::tempdir().expect("a temp dir");
    write(
        secret.path(),
        "key.toml",
        "[rules]\n# SECRET-KEY-MATERIAL\n",
    );
    let config = dir.path().join("new/phaselint.toml");
    for (target, message) in [
        (
            secret.path().join("key.toml"),
            "a symbolic link out of the tree",
        ),
        (
            std::path::PathBuf::from("/dev/zero"),
            "a symbolic link out of the tree",
        ),
    ] {
        std::fs::remove_file(&config).expect("removed");
        std::os::unix::fs::symlink(&target, &config).expect("a link");
        let output = run(dir.path(), &["check"], None);
        let text = stdout(&output);
        assert!(text.contains(message), "{text}");
        assert!(!text.contains("SECRET"), "{text}");
        assert_eq!(output.status.code(), Some(2));
    }
    // A link inside the tree is followed: the repository's, or outside one, the config's own
    // directory (not the current directory, which may be far above it).
    write(dir.path(), "shared.toml", "[rules]\nPL101 = \"warning\"\n");
    std::fs::remove_file(&config).expect("removed");
    std::os::unix::fs::symlink("../shared.toml", &config).expect("a link");
    let output = run(dir.path(), &["check", "--format", "short"], None);
    assert!(
        stdout(&output).contains("new/phaselint.toml:1:1: error[PL903] cannot read the config file: a symbolic link out of the tree"),
        "{}",
        stdout(&output)
    );
    std::fs::create_dir(dir.path().join(".git")).expect("a repository");
    let output = run(dir.path(), &["check", "--format", "short"], None);
    assert!(stdout(&output).contains("new/a.yaml:3:10: warning[PL101]"));
    std::fs::remove_dir(dir.path().join(".git")).expect("removed");
    // A directory of that name is reported, not passed over.
    std::fs::remove_file(&config).expect("removed");
    std::fs::create_dir(&config).expect("a directory");
    let output = run(dir.path(), &["check", "--format", "short"], None);
    assert!(
        stdout(&output).contains("new/phaselint.toml:1:1: error[PL903] cannot read the config file: not a regular file (a directory)"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn stdin_filename_names_standard_input_and_finds_its_config() {
    let dir = nested_configs();
    let output = run(
        dir.path(),
        &[
            "check",
            "--format",
            "short",
            "--stdin-filename",
            "new/draft.yaml",
            "-",
        ],
        Some(CARD),
    );
    // The name in the report, YAML by its extension, and new/'s level.
    assert!(
        stdout(&output).starts_with("new/draft.yaml:3:10: warning[PL101]"),
        "{}",
        stdout(&output)
    );
    // Without it, standard input is `-`, under the root's defaults.
    let output = run(dir.path(), &["check", "--format", "short", "-"], Some(CARD));
    assert!(
        stdout(&output).starts_with("-:3:10: error[PL101]"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn no_progress_bar_off_a_terminal() {
    let dir = nested_configs();
    let output = run(dir.path(), &["check", "--format", "short"], None);
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

/// Issue 20 §1: a team names its own card fields in `[fields]`; `check`, `findings` and `stats`
/// read them, and a JSON file whose cards they cannot find is noted, not passed in silence.
#[test]
fn a_config_names_its_own_card_fields() {
    let project = cli::Project::with(&[
        (
            "sets/cards.json",
            r#"[{"Karte": "Old Bell", "Effekt": "At end of turn, untap it."}]"#,
        ),
        (
            "other/cards.json",
            r#"[{"Karte": "Old Bell", "Effekt": "x"}]"#,
        ),
        (
            "sets/phaselint.toml",
            "[fields]\nname = [\"Karte\"]\ntext = [\"Effekt\"]\n",
        ),
    ]);
    let output = project.run(&["check", "--format", "short", "."]);
    assert_eq!(
        stdout(&output),
        "other/cards.json:1:1: note[PL802] no card in this JSON file: it is not read\n\
         sets/cards.json:1:35: error[PL101] \"At end of turn\" is obsolete wording (card: Old Bell)\n\
         found 1 error, 1 note in 2 files (1 card)\n"
    );
    let findings = stdout(&project.run(&["findings", "sets"]));
    assert!(findings.contains("\"card\":\"Old Bell\""), "{findings}");
    let stats = stdout(&project.run(&["stats", "sets"]));
    assert!(stats.starts_with("cards: 1\n"), "{stats}");
}
