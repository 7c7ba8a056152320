//! Shared by the tests of interrupted `--fix` runs: SIGTERM at a kill point, and what must be
//! left after it.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Child, Command};
use std::time::Duration;

/// The `.phaselint-*` files in `dir`: temporary files a run left behind.
pub fn temp_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("read the directory")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with(".phaselint-"))
        .collect()
}

/// Sends SIGTERM to `child` (a `--fix` run in `dir`) after `delay`, and asserts that it ended as
/// an interrupted run must: done before the signal (0, or 1 with errors left) or stopped (130), and no temporary file
/// left. `point` names the kill point in a failure.
pub fn terminate(mut child: Child, delay: Duration, dir: &Path, point: u32) {
    std::thread::sleep(delay);
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let status = child.wait().expect("phaselint ends");
    // On a busy machine the signal can come before the handler is installed, as the process
    // starts: it then dies of it, before it has read or written anything.
    use std::os::unix::process::ExitStatusExt;
    let before_the_handler = status.signal() == Some(15);
    assert!(
        matches!(status.code(), Some(0 | 1 | 130)) || before_the_handler,
        "kill point {point}: {status:?}"
    );
    assert_eq!(temp_files(dir), Vec::<String>::new(), "kill point {point}");
}
