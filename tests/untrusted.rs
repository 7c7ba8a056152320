//! phaselint on files a stranger wrote (issue 11): reads are bounded, links out of the tree are
//! not followed, and nothing that is not card or config text reaches the output.

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn run(dir: &Path, args: &[&str], stdin: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_phaselint"))
        .args(args)
        .current_dir(dir)
        .stdin(stdin)
        .output()
        .expect("the phaselint binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn short(dir: &Path, paths: &[&str]) -> Output {
    let mut args = vec!["check", "--format", "short"];
    args.extend_from_slice(paths);
    run(dir, &args, Stdio::null())
}

#[cfg(unix)]
#[test]
fn only_regular_files_are_read() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let fifo = dir.path().join("cards.yaml");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|status| status.success()) {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    // A FIFO with no writer would block forever if it were opened.
    let output = short(dir.path(), &["cards.yaml", "/dev/zero"]);
    assert_eq!(
        stdout(&output),
        "cards.yaml:1:1: error[PL900] not a regular file (a FIFO): only files and standard input are read\n\
         /dev/zero:1:1: error[PL900] not a regular file (a device): only files and standard input are read\n\
         found 2 errors in 2 files (0 cards)\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn standard_input_is_read_with_the_same_bounds() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let zeros = std::fs::File::open("/dev/zero");
    let Ok(zeros) = zeros else {
        eprintln!("skipped: no /dev/zero");
        return;
    };
    // Endless NULs: refused after the first bytes.
    let output = run(
        dir.path(),
        &["check", "--format", "short", "-"],
        zeros.into(),
    );
    assert_eq!(
        stdout(&output),
        "-:1:1: error[PL900] a binary file: byte 0 is a NUL byte\nfound 1 error in 1 file (0 cards)\n"
    );
    // Endless text: refused at the limit.
    let text = std::fs::File::open("/dev/zero").expect("opened");
    let mut yes = Command::new("tr")
        .args(["\\0", "a"])
        .stdin(text)
        .stdout(Stdio::piped())
        .spawn()
        .expect("tr runs");
    let endless = yes.stdout.take().expect("piped");
    let output = run(
        dir.path(),
        &["check", "--format", "short", "--max-file-size", "64K", "-"],
        endless.into(),
    );
    let _ = yes.kill();
    let _ = yes.wait();
    assert!(
        stdout(&output).starts_with(
            "-:1:1: error[PL900] the input is larger than the limit of 65536 bytes (--max-file-size)"
        ),
        "{}",
        stdout(&output)
    );
    let output = run(
        dir.path(),
        &["explain", "--file", "/dev/zero"],
        Stdio::null(),
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_file_over_the_limit_is_not_read() {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::write(dir.path().join("big.txt"), "a".repeat(2048)).expect("written");
    let output = run(
        dir.path(),
        &[
            "check",
            "--format",
            "short",
            "--max-file-size",
            "1K",
            "big.txt",
        ],
        Stdio::null(),
    );
    assert_eq!(
        stdout(&output),
        "big.txt:1:1: error[PL900] the file is 2048 bytes, larger than the limit of 1024 bytes (--max-file-size); it was not read\n\
         found 1 error in 1 file (0 cards)\n"
    );
}

#[test]
fn a_binary_file_is_placed_but_never_shown() {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::write(
        dir.path().join("env.txt"),
        b"A=1\nSECRET=hunter2\0HOME=/root",
    )
    .expect("written");
    for format in ["human", "short", "json", "sarif", "github"] {
        let output = run(
            dir.path(),
            &["check", "--format", format, "env.txt"],
            Stdio::null(),
        );
        let text = stdout(&output);
        assert!(!text.contains("hunter2"), "{format}: {text}");
        assert_eq!(output.status.code(), Some(2));
    }
    let output = short(dir.path(), &["env.txt"]);
    assert!(
        stdout(&output)
            .starts_with("env.txt:2:15: error[PL900] a binary file: byte 18 is a NUL byte"),
        "{}",
        stdout(&output)
    );
}

#[cfg(unix)]
#[test]
fn a_card_file_linking_out_of_the_tree_is_not_read() {
    let secret = tempfile::tempdir().expect("a temp dir");
    std::fs::write(
        secret.path().join("id_rsa"),
        "name: -----BEGIN OPENSSH PRIVATE KEY-----\n  bad: [\n",
    )
    .expect("written");
    let dir = tempfile::tempdir().expect("a temp dir");
    std::os::unix::fs::symlink(secret.path().join("id_rsa"), dir.path().join("cards.yaml"))
        .expect("a link");
    for format in ["human", "short", "json", "sarif", "github"] {
        let output = run(
            dir.path(),
            &["check", "--format", format, "cards.yaml"],
            Stdio::null(),
        );
        assert!(!stdout(&output).contains("PRIVATE"), "{format}");
        assert_eq!(output.status.code(), Some(2));
    }
    let output = short(dir.path(), &["cards.yaml"]);
    assert!(
        stdout(&output).starts_with(
            "cards.yaml:1:1: error[PL900] a symbolic link out of the tree, which phaselint does not follow"
        ),
        "{}",
        stdout(&output)
    );
}
