//! Shared by the integration tests that run the phaselint binary as a user would.

use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `phaselint ARGS` in `dir`, with nothing on stdin.
pub fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_phaselint"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the phaselint binary runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}
