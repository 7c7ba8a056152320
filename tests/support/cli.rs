//! Shared by the integration tests: the phaselint binary run as a user runs it. Each test crate
//! includes this module and uses part of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// `phaselint ARGS` in `dir`, with nothing on stdin, without NO_COLOR, FORCE_COLOR or COLUMNS
/// from the caller.
pub fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_phaselint"));
    command
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .env_remove("NO_COLOR")
        .env_remove("FORCE_COLOR")
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
