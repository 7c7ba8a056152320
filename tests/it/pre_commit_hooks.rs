//! The pre-commit hooks take card files only (issue 24 §3): a hook of `.pre-commit-hooks.yaml`,
//! or the local hook docs/ci.md shows, never runs on `.pre-commit-config.yaml`, a workflow or an
//! `action.yml`, each of which is YAML and would be noted as no card file on every commit. And
//! each entry ends with `--` (issue 38 §3): pre-commit appends the file names to it, and a
//! committed `--output-file=cards.yaml` is a file to check, not an option.

use crate::cli as support;

use regex::Regex;
use serde::Deserialize;
use std::path::Path;

/// What of a hook decides the files pre-commit hands it.
#[derive(Debug, Deserialize)]
struct Hook {
    id: String,
    entry: String,
    #[serde(default)]
    files: Option<String>,
    #[serde(default)]
    exclude: Option<String>,
    #[serde(default)]
    types: Vec<String>,
    #[serde(default)]
    types_or: Vec<String>,
}

/// A `.pre-commit-config.yaml`, as far as its hooks go.
#[derive(Debug, Deserialize)]
struct Config {
    repos: Vec<Repo>,
}

#[derive(Debug, Deserialize)]
struct Repo {
    repo: String,
    hooks: Vec<Hook>,
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(relative))
        .unwrap_or_else(|error| panic!("{relative} is read: {error}"))
}

fn published_hooks() -> Vec<Hook> {
    serde_saphyr::from_str(&read(".pre-commit-hooks.yaml")).expect(".pre-commit-hooks.yaml parses")
}

/// The local hooks of the `.pre-commit-config.yaml` blocks of docs/ci.md.
fn documented_hooks() -> Vec<Hook> {
    let page = read("docs/ci.md");
    let mut hooks = Vec::new();
    let mut block: Option<String> = None;
    for line in page.lines() {
        match (&mut block, line.trim_start().strip_prefix("```")) {
            (None, Some("yaml")) => block = Some(String::new()),
            (Some(text), Some(_)) => {
                if text.starts_with("repos:") {
                    let config: Config = serde_saphyr::from_str(text)
                        .unwrap_or_else(|error| panic!("docs/ci.md's config parses: {error}"));
                    hooks.extend(
                        config
                            .repos
                            .into_iter()
                            .filter(|repo| repo.repo == "local")
                            .flat_map(|repo| repo.hooks),
                    );
                }
                block = None;
            }
            (Some(text), None) => {
                text.push_str(line);
                text.push('\n');
            }
            (None, _) => {}
        }
    }
    hooks
}

/// Whether pre-commit hands `path` to `hook`, as far as its patterns go: `files` and `exclude` are
/// searched (Python's `re.search`, not a full match), their defaults are `''` and `^$`.
fn takes(hook: &Hook, path: &str) -> bool {
    let files = Regex::new(hook.files.as_deref().unwrap_or("")).expect("files compiles");
    let exclude = Regex::new(hook.exclude.as_deref().unwrap_or("^$")).expect("exclude compiles");
    files.is_match(path) && !exclude.is_match(path)
}

/// Files a repository keeps for its tools, in the formats of card files.
const NOT_CARDS: &[&str] = &[
    ".pre-commit-config.yaml",
    ".pre-commit-hooks.yaml",
    ".github/workflows/ci.yml",
    ".github/dependabot.yml",
    "sets/.github/workflows/phaselint.yaml",
    ".gitlab-ci.yml",
    "action.yml",
    "action.yaml",
    "tools/lint/action.yml",
    "art/card Ash Wight.png",
    "My Set/card back.jpg",
];

/// Card files, each in a format every hook takes.
const CARDS: &[&str] = &[
    "cards.yaml",
    "sets/dusk/cards.yml",
    "cards.xml",
    "cards.txt",
    "sheet.csv",
    "Dusk.mse-set/set",
    "Dusk.mse-set/card Ash Wight",
    // An unzipped set under any folder name (issue 39).
    "My Set/set",
    "My Set/card Ash Wight",
    "sets/Dusk (v2)/card Mr. Orfeo",
    "my.action.yml",
    "transactions.yaml",
];

fn check(hooks: &[Hook], from: &str) {
    assert!(!hooks.is_empty(), "{from} has hooks");
    for hook in hooks {
        takes_file_names_as_files(hook, from);
        for path in NOT_CARDS {
            assert!(!takes(hook, path), "{from}: hook {} takes {path}", hook.id);
        }
        for path in CARDS {
            assert!(
                takes(hook, path),
                "{from}: hook {} leaves out {path}",
                hook.id
            );
        }
        // identify's tags: a symbolic link has neither `file` nor `text`.
        let tags: Vec<&String> = hook.types.iter().chain(&hook.types_or).collect();
        assert!(
            tags.iter().all(|tag| *tag == "file" || *tag == "text") && !tags.is_empty(),
            "{from}: hook {} takes regular files only: {tags:?}",
            hook.id
        );
    }
}

#[test]
fn the_published_hooks_take_card_files_only() {
    let hooks = published_hooks();
    check(&hooks, ".pre-commit-hooks.yaml");
    // A JSON database is fixed only with --fix-json, and a zip never: the fix hook leaves both out.
    for hook in &hooks {
        let fixes = hook.id.ends_with("-fix");
        for path in ["set.json", "Dusk.mse-set"] {
            assert_eq!(takes(hook, path), !fixes, "hook {} and {path}", hook.id);
        }
    }
}

#[test]
fn the_documented_local_hooks_take_card_files_only() {
    let hooks = documented_hooks();
    check(&hooks, "docs/ci.md");
    let published = published_hooks();
    for hook in &hooks {
        let twin = published
            .iter()
            .find(|published| published.id == hook.id)
            .unwrap_or_else(|| panic!("docs/ci.md's hook {} is a published one", hook.id));
        assert_eq!(
            (&hook.files, &hook.exclude),
            (&twin.files, &twin.exclude),
            "docs/ci.md's hook {} takes the files the published one takes",
            hook.id
        );
    }
}

/// A file whose name is an option of `check`, as a stranger may commit it.
const OPTION_NAMED: &str = "--output-file=cards.yaml";

/// The hook's entry ends the options, and run as pre-commit runs it (the file names appended), it
/// reads a file named as an option as a card file and writes nothing over `cards.yaml`.
fn takes_file_names_as_files(hook: &Hook, from: &str) {
    assert!(takes(hook, OPTION_NAMED), "{from}: hook {}", hook.id);
    let project = support::Project::with(&[
        (OPTION_NAMED, support::WARNING_CARD),
        ("cards.yaml", support::WARNING_CARD),
    ]);
    let mut words = hook.entry.split_whitespace();
    assert_eq!(words.next(), Some("phaselint"), "{from}: hook {}", hook.id);
    let args: Vec<&str> = words.chain([OPTION_NAMED, "cards.yaml"]).collect();
    let output = project.run(&args);
    let fixes = hook.entry.contains("--fix");
    let report = support::stdout(&output);
    // The check hook names both files' findings; the fix hook fixes both, and says so.
    let read_both = if fixes {
        report.contains("in 2 files")
    } else {
        report.contains(&format!("{OPTION_NAMED}:")) && report.contains("\ncards.yaml:")
    };
    assert!(
        read_both,
        "{from}: hook {} reads both files as card files:\n{report}{}",
        hook.id,
        support::stderr(&output)
    );
    // Neither is written over with a report.
    let fixed = project.read("cards.yaml");
    assert_eq!(
        fixed,
        project.read(OPTION_NAMED),
        "{from}: hook {} treats both files alike",
        hook.id
    );
    assert_eq!(
        fixed == support::WARNING_CARD,
        !fixes,
        "{from}: hook {}",
        hook.id
    );
    assert!(
        hook.entry.ends_with(" --"),
        "{from}: hook {}'s entry ends the options with `--`: {}",
        hook.id,
        hook.entry
    );
}

#[test]
fn options_after_the_entrys_end_are_said_to_be_file_names() {
    // The review of issue 38: pre-commit puts a hook's `args` after its entry, so after its `--`:
    // `--select PL1` is then two files, and the error says where options go.
    let project = support::Project::with(&[("cards.yaml", support::WARNING_CARD)]);
    let output = project.run(&["check", "--format", "short", "--", "--select", "cards.yaml"]);
    // A missing path beside a file that was checked: an error on it, exit 1 (issue 39).
    support::assert_exit(&output, 1);
    let report = support::stdout(&output);
    assert!(
        report.contains(
            "--select:1:1: error[PL900] no such file or directory: a name that starts with `-` \
             after `--` is a file name; options go before `--` (with pre-commit, in the hook's \
             `entry`, not its `args`)"
        ),
        "{report}"
    );
}
