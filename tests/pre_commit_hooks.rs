//! The pre-commit hooks take card files only (issue 24 §3): a hook of `.pre-commit-hooks.yaml`,
//! or the local hook docs/ci.md shows, never runs on `.pre-commit-config.yaml`, a workflow or an
//! `action.yml`, each of which is YAML and would be noted as no card file on every commit.

use regex::Regex;
use serde::Deserialize;
use std::path::Path;

/// What of a hook decides the files pre-commit hands it.
#[derive(Debug, Deserialize)]
struct Hook {
    id: String,
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
    "my.action.yml",
    "transactions.yaml",
];

fn check(hooks: &[Hook], from: &str) {
    assert!(!hooks.is_empty(), "{from} has hooks");
    for hook in hooks {
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
