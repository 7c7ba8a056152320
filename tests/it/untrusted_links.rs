//! phaselint on a pull request's links (issue 18 §1-§3): a path is read or written only when it
//! resolves inside its tree (the repository, else the config's directory, else the current
//! directory) and outside `.git`; `--output-file` replaces a link at its path, never writes
//! through it. And what a walk's errors say: paths without `./`, words without OS error numbers.
#![cfg(unix)]

use phaselint::report::Format;
use std::os::unix::fs::symlink;
use std::path::Path;

use crate::cli;
use cli::{run, stderr, stdout, write};

/// A temporary directory, resolved (the system's own links out of the way), holding `repo/` with
/// a `.git` directory: a checkout as CI has it.
fn checkout() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let root = dir.path().canonicalize().expect("resolved");
    std::fs::create_dir_all(root.join("repo/.git")).expect("a repository");
    (dir, root)
}

/// A card whose only finding is PL103 on "upkeep phase", with a safe fix.
const STEP_NAME_CARD: &str =
    "- name: Old Bell\n  type: Artifact\n  text: \"Activate only during your upkeep phase.\"\n";

#[test]
fn the_output_file_replaces_a_link_and_never_writes_its_target() {
    let (_dir, root) = checkout();
    write(&root, "outside/victim.txt", "precious\n");
    write(&root, "repo/bell.yaml", STEP_NAME_CARD);
    let repo = root.join("repo");
    let sarif = repo.join("phaselint.sarif");
    let args = [
        "check",
        "--format",
        "sarif",
        "--output-file",
        "phaselint.sarif",
        "--exit-zero",
        ".",
    ];
    symlink("../outside/victim.txt", &sarif).expect("a link");
    let output = run(&repo, &args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        std::fs::read_to_string(root.join("outside/victim.txt")).expect("read"),
        "precious\n"
    );
    let metadata = std::fs::symlink_metadata(&sarif).expect("the report");
    assert!(metadata.is_file(), "the link is replaced by the report");
    assert!(
        std::fs::read_to_string(&sarif)
            .expect("read")
            .contains("\"PL103\"")
    );

    // A dangling link: its target is not created.
    std::fs::remove_file(&sarif).expect("removed");
    symlink("../outside/created.txt", &sarif).expect("a link");
    let output = run(&repo, &args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!root.join("outside/created.txt").exists());
    assert!(
        std::fs::symlink_metadata(&sarif)
            .expect("the report")
            .is_file()
    );
    let left: Vec<_> = std::fs::read_dir(&repo)
        .expect("listed")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with(".phaselint-"))
        .collect();
    assert_eq!(left, Vec::<String>::new());
}

#[test]
fn the_output_file_is_not_written_through_a_linked_directory() {
    let (_dir, root) = checkout();
    std::fs::create_dir_all(root.join("outside")).expect("a directory");
    write(&root, "repo/bell.yaml", STEP_NAME_CARD);
    symlink("../outside", root.join("repo/reports")).expect("a link");
    let output = run(
        &root.join("repo"),
        &["check", "--output-file", "reports/phaselint.sarif", "."],
    );
    assert_eq!(
        stderr(&output),
        "error: could not write reports/phaselint.sarif: a symbolic link out of the tree, which phaselint does not follow\n"
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(!root.join("outside/phaselint.sarif").exists());
}

#[test]
fn a_linked_directory_named_on_the_command_line_is_not_followed_out_of_the_tree() {
    let (_dir, root) = checkout();
    write(&root, "secret/credentials.yml", "password: hunter2\n");
    write(&root, "secret/o.yaml", STEP_NAME_CARD);
    write(
        &root,
        "repo/phaselint.toml",
        "[files]\ninclude = [\"**/*\"]\n",
    );
    symlink("../secret", root.join("repo/cards")).expect("a link");
    let repo = root.join("repo");

    let output = run(&repo, &["check", "--format", "short", "cards"]);
    assert_eq!(
        stdout(&output),
        "cards:1:1: error[PL900] a symbolic link out of the tree, which phaselint does not follow\n\
         found 1 error in 1 file (0 cards)\n"
    );
    assert_eq!(output.status.code(), Some(2));

    // A file named through the link is judged by its whole resolved path, not its last name.
    let output = run(
        &repo,
        &["check", "--format", "short", "cards/credentials.yml"],
    );
    assert!(!stdout(&output).contains("hunter2"), "{}", stdout(&output));
    assert!(
        stdout(&output)
            .starts_with("cards/credentials.yml:1:1: error[PL900] a symbolic link out of the tree")
    );
    let output = run(&repo, &["check", "--fix", "cards/o.yaml"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(root.join("secret/o.yaml")).expect("read"),
        STEP_NAME_CARD
    );
}

#[test]
fn a_config_link_is_judged_against_its_repository_not_the_current_directory() {
    // A developer in their home directory checks a repository beside their secrets.
    let (_dir, home) = checkout();
    write(&home, "secret/creds", "api_key = \"SECRET-KEY-1234\"\n");
    write(&home, "repo/bell.yaml", STEP_NAME_CARD);
    symlink("../secret/creds", home.join("repo/phaselint.toml")).expect("a link");
    for format in Format::ALL.map(Format::name) {
        let output = run(&home, &["check", "--format", format, "repo"]);
        assert!(
            !stdout(&output).contains("SECRET"),
            "{format}: {}",
            stdout(&output)
        );
        assert_eq!(output.status.code(), Some(2), "{format}");
    }
    let output = run(&home, &["check", "--format", "short", "repo"]);
    assert!(
        stdout(&output).starts_with(
            "repo/phaselint.toml:1:1: error[PL903] cannot read the config file: a symbolic link out of the tree"
        ),
        "{}",
        stdout(&output)
    );

    // Without a repository, the config's own directory is the tree.
    std::fs::remove_dir(home.join("repo/.git")).expect("removed");
    let output = run(&home, &["check", "--format", "short", "repo"]);
    assert!(!stdout(&output).contains("SECRET"), "{}", stdout(&output));
    assert!(stdout(&output).contains("error[PL903]"));
}

#[test]
fn nothing_is_read_through_a_link_into_git() {
    let (_dir, root) = checkout();
    write(
        &root,
        "repo/.git/config",
        "[remote \"origin\"]\n\turl = https://x-access-token:ghs_TOKEN@github.com/o/r\n",
    );
    write(&root, "repo/bell.yaml", STEP_NAME_CARD);
    let repo = root.join("repo");
    symlink(".git/config", repo.join("phaselint.toml")).expect("a link");
    symlink(".git/config", repo.join("cards.yaml")).expect("a link");
    for format in Format::ALL.map(Format::name) {
        let output = run(&repo, &["check", "--format", format, ".", "cards.yaml"]);
        assert!(
            !stdout(&output).contains("TOKEN"),
            "{format}: {}",
            stdout(&output)
        );
    }
    let output = run(&repo, &["check", "--format", "short", ".", "cards.yaml"]);
    let text = stdout(&output);
    assert!(
        text.contains("phaselint.toml:1:1: error[PL903] cannot read the config file: inside a .git directory, which phaselint does not read or write"),
        "{text}"
    );
    assert!(
        text.contains("cards.yaml:1:1: error[PL900] inside a .git directory"),
        "{text}"
    );
}

#[test]
fn a_link_inside_the_repository_is_read_wherever_it_is_run_from() {
    let (_dir, root) = checkout();
    write(&root, "repo/shared/bell.yaml", STEP_NAME_CARD);
    std::fs::create_dir_all(root.join("repo/set")).expect("a directory");
    symlink("../shared/bell.yaml", root.join("repo/set/bell.yaml")).expect("a link");
    // Up and out of its own directory and the current one, but inside the repository.
    let output = run(
        &root.join("repo/set"),
        &["check", "--format", "short", "bell.yaml"],
    );
    assert!(
        stdout(&output).starts_with("bell.yaml:3:36: error[PL103]"),
        "{}",
        stdout(&output)
    );
    assert_eq!(output.status.code(), Some(1));
}

/// Nested directories under `dir` whose path is longer than the system allows (PATH_MAX is 4096
/// on Linux), made one `cd` at a time, as no single path may name them: the `cd` that fails is
/// into the first one too deep.
fn too_deep(dir: &Path) -> bool {
    let name = "d".repeat(200);
    let script =
        format!("for i in $(seq 40); do mkdir {name} || exit 1; cd {name} || exit 0; done; exit 1");
    std::process::Command::new("sh")
        .args(["-c", &script])
        .current_dir(dir)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

#[test]
fn a_walk_error_under_dot_is_named_without_dot_and_in_words() {
    let dir = tempfile::tempdir().expect("a temp dir");
    if !too_deep(dir.path()) {
        eprintln!("skipped: could not make the nested directories");
        return;
    }
    let output = run(dir.path(), &["check", "--format", "short", "."]);
    let text = stdout(&output);
    let first = text.lines().next().unwrap_or_default();
    assert!(first.starts_with("ddd"), "{first:.80}");
    assert!(
        first.ends_with(": error[PL900] file name too long"),
        "{}",
        &first[first.len().saturating_sub(80)..]
    );
    assert!(!text.contains("os error"));
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_name_too_long_is_said_in_words() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let long = format!("{}.yaml", "n".repeat(300));
    let output = run(dir.path(), &["check", "--format", "short", &long]);
    assert_eq!(
        stdout(&output),
        format!("{long}:1:1: error[PL900] file name too long\nfound 1 error in 1 file (0 cards)\n")
    );
    let output = run(dir.path(), &["check", "--output-file", &long, "."]);
    assert_eq!(
        stderr(&output),
        format!("error: could not write {long}: file name too long\n")
    );
}
