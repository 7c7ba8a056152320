//! Shared by the integration tests: the phaselint binary run as a user runs it, in a temporary
//! project of card files. Each test crate includes this module and uses part of it.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use tempfile::TempDir;

/// A permanent whose "At end of turn" is a printed trigger: PL101, with a safe fix.
pub const WARNING_CARD: &str = "\
- name: Ember Runner
  mana_cost: \"{R}\"
  type: Creature — Elemental
  text: At end of turn, sacrifice this creature.
";

/// `phaselint ARGS` in `dir`, with nothing on stdin, without NO_COLOR, FORCE_COLOR, NO_GRAPHICS
/// or COLUMNS from the caller.
pub fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_phaselint"));
    command
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .env_remove("NO_COLOR")
        .env_remove("FORCE_COLOR")
        .env_remove("NO_GRAPHICS")
        .env_remove("COLUMNS");
    command
}

pub fn run(dir: &Path, args: &[&str]) -> Output {
    command(dir, args)
        .output()
        .expect("the phaselint binary runs")
}

/// Runs `command` with `input` on its stdin, capturing stdout and stderr.
pub fn with_stdin(mut command: Command, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().expect("a stdin pipe");
    stdin.write_all(input).expect("stdin takes the input");
    drop(stdin);
    child.wait_with_output().expect("the program ends")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// Lossy: a message on stderr is read whatever bytes it holds.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The exit code, with the output in the message when it is not `expected`.
#[track_caller]
pub fn assert_exit(output: &Output, expected: i32) {
    assert_eq!(
        output.status.code(),
        Some(expected),
        "exit code\nstdout:\n{}\nstderr:\n{}",
        stdout(output),
        stderr(output)
    );
}

/// Writes `contents` to `dir/name`, creating parent directories.
pub fn write(dir: &Path, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("create the parents");
    std::fs::write(&path, contents).expect("write the file");
    path
}

pub fn read(path: impl AsRef<Path>) -> String {
    std::fs::read_to_string(path).expect("read the file")
}

/// The bundled `fixtures/`.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// A temporary directory of card files that phaselint runs in, as a user runs it in a project:
/// the paths in its output are the relative paths the test gave.
pub struct Project(TempDir);

impl Project {
    /// A project with no file yet.
    pub fn empty() -> Project {
        Project(tempfile::tempdir().expect("a temporary directory"))
    }

    /// A project holding `files`, each a path relative to it and its contents.
    pub fn with(files: &[(&str, &str)]) -> Project {
        let project = Project::empty();
        for (name, contents) in files {
            project.write(name, contents);
        }
        project
    }

    /// A copy of `fixtures/`, to fix without touching the real one.
    pub fn copy_of_fixtures() -> Project {
        let project = Project::empty();
        copy_tree(&fixtures(), project.path());
        project
    }

    pub fn path(&self) -> &Path {
        self.0.path()
    }

    pub fn join(&self, name: &str) -> PathBuf {
        self.path().join(name)
    }

    /// Writes (or rewrites) `name`, creating its directories; its path.
    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        write(self.path(), name, contents)
    }

    pub fn read(&self, name: &str) -> String {
        read(self.join(name))
    }

    /// The bytes of a file that is not text (a zip).
    pub fn read_bytes(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.join(name)).expect("read the file")
    }

    /// `phaselint ARGS` in the project's root, with nothing on stdin.
    pub fn run(&self, args: &[&str]) -> Output {
        run(self.path(), args)
    }

    /// `phaselint ARGS` in the project's directory `dir`.
    pub fn run_in(&self, dir: &str, args: &[&str]) -> Output {
        run(&self.join(dir), args)
    }

    /// `phaselint ARGS` in the project's root with `input` on stdin.
    pub fn run_with_stdin(&self, args: &[&str], input: &[u8]) -> Output {
        with_stdin(command(self.path(), args), input)
    }

    /// Every file of the project and its bytes, by path relative to the project.
    pub fn files(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
            for entry in std::fs::read_dir(dir).expect("read the directory") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    walk(root, &path, out);
                } else {
                    let relative = path.strip_prefix(root).expect("inside the root");
                    out.insert(
                        relative.to_path_buf(),
                        std::fs::read(&path).expect("read the file"),
                    );
                }
            }
        }
        let mut out = BTreeMap::new();
        walk(self.path(), self.path(), &mut out);
        out
    }
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create the directory");
    for entry in std::fs::read_dir(from).expect("read the directory") {
        let entry = entry.expect("a directory entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy the file");
        }
    }
}

/// The text without phaselint's colour sequences (SGR: `ESC [`, digits and `;`, `m`). Any other
/// ESC is left where it is, to be seen.
pub fn without_colour(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\u{1b}[") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = after
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(after.len());
        if after[end..].starts_with('m') {
            rest = &after[end + 1..];
        } else {
            out.push_str("\u{1b}[");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}
