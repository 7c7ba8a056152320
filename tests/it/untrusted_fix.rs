//! `--fix` runs that meet (issue 18 §9, §10): two runs fixing the same files take turns and lose
//! no fix, and a run stopped by SIGTERM leaves no temporary file, however many files it was at.
#![cfg(unix)]

use std::path::Path;
use std::process::{Child, Command, Stdio};

use crate::interrupt;

/// A text card with two findings whose fixes are apart: PL103 ("upkeep phase") and PL502 ("once
/// per turn").
const CARD: &str = "Old Bell\nArtifact\n{1}: Draw a card. Activate only during your upkeep phase and only once per turn.\n";
const FIXED: &str = "Old Bell\nArtifact\n{1}: Draw a card. Activate only during your upkeep and only once each turn.\n";

fn files(dir: &Path, count: usize) {
    for i in 0..count {
        std::fs::write(dir.join(format!("c{i:04}.txt")), CARD).expect("written");
    }
}

fn phaselint(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_phaselint"));
    command
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stderr(Stdio::null());
    command
}

fn fix_only(dir: &Path, rule: &str) -> Child {
    phaselint(
        dir,
        &["check", "--format", "short", "--fix", "--select", rule, "."],
    )
    .stdout(Stdio::piped())
    .spawn()
    .expect("phaselint runs")
}

/// A directory in memory where there is one: the runs sync each file they write, and on a disk
/// that, not the race under test, would take the time.
fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir_in("/dev/shm")
        .or_else(|_| tempfile::tempdir())
        .expect("a temp dir")
}

#[test]
fn two_fix_runs_at_once_lose_no_fix_and_count_only_what_they_applied() {
    const FILES: usize = 300;
    let dir = tempdir();
    for round in 0..6 {
        files(dir.path(), FILES);
        // Both over the same files, each with its own rule's fixes.
        let runs = [fix_only(dir.path(), "PL103"), fix_only(dir.path(), "PL502")];
        for run in runs {
            let output = run.wait_with_output().expect("phaselint ends");
            let text = String::from_utf8_lossy(&output.stdout);
            // Each run applied its fix to every file, and reported no file it could not write.
            assert!(
                text.ends_with(&format!("; applied {FILES} fixes\n")),
                "round {round}: {}",
                text.lines().last().unwrap_or_default()
            );
            assert!(!text.contains("PL900"), "round {round}: {text}");
            assert_eq!(output.status.code(), Some(0), "round {round}");
        }
        let lost = (0..FILES)
            .filter(|i| {
                std::fs::read_to_string(dir.path().join(format!("c{i:04}.txt"))).expect("read")
                    != FIXED
            })
            .count();
        assert_eq!(lost, 0, "round {round}: files missing a fix");
    }
}

#[test]
fn a_fix_run_stopped_by_sigterm_leaves_no_temporary_file() {
    const FILES: usize = 400;
    let dir = tempdir();
    files(dir.path(), FILES);
    let started = std::time::Instant::now();
    let whole = phaselint(dir.path(), &["check", "--fix", "--quiet", "."])
        .stdout(Stdio::null())
        .status()
        .expect("phaselint runs");
    assert_eq!(whole.code(), Some(0));
    let whole_run = started.elapsed();
    // Many kill points over a run, each file a temporary file made and renamed: a file made as
    // the interrupt ends the run is left behind only now and then.
    for step in 0..40u32 {
        files(dir.path(), FILES);
        let child = phaselint(dir.path(), &["check", "--fix", "--quiet", "."])
            .stdout(Stdio::null())
            .spawn()
            .expect("phaselint runs");
        interrupt::terminate(child, whole_run * (step % 10 + 1) / 12, dir.path(), step);
        // Each file is whole: the old text or the fixed one.
        for i in 0..FILES {
            let text =
                std::fs::read_to_string(dir.path().join(format!("c{i:04}.txt"))).expect("read");
            assert!(text == CARD || text == FIXED, "kill point {step}: c{i:04}");
        }
    }
}
