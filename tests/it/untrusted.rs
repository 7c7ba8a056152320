//! phaselint on files a stranger wrote (issue 11): reads are bounded, links out of the tree are
//! not followed, and nothing that is not card or config text reaches the output.

use phaselint::report::Format;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::interrupt;

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
    for format in Format::ALL.map(Format::name) {
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
    for format in Format::ALL.map(Format::name) {
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

/// A card whose only finding is PL103 on "upkeep phase", with a safe fix.
const STEP_NAME_CARD: &str =
    "- name: Old Bell\n  type: Artifact\n  text: \"Activate only during your upkeep phase.\"\n";

fn fix(dir: &Path, file: &str) -> Output {
    run(
        dir,
        &["check", "--fix", "--format", "short", file],
        Stdio::null(),
    )
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_not_fixed_and_no_fix_is_counted() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("bell.yaml");
    std::fs::write(&path, STEP_NAME_CARD).expect("written");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let output = fix(dir.path(), "bell.yaml");
    let text = stdout(&output);
    assert!(
        text.contains("error[PL906] could not write the fixes: the file is read-only (mode 444); the file was not changed"),
        "{text}"
    );
    // The report is of the file as it is: its finding is still there, and nothing was applied.
    assert!(text.contains("error[PL103]"), "{text}");
    assert!(!text.contains("applied"), "{text}");
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        STEP_NAME_CARD
    );
    // A refused write is an error on the file (PL906): exit 1.
    assert_eq!(output.status.code(), Some(1));
}

#[cfg(unix)]
#[test]
fn a_file_with_other_hard_links_is_not_fixed() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("bell.yaml");
    std::fs::write(&path, STEP_NAME_CARD).expect("written");
    std::fs::hard_link(&path, dir.path().join("twin.yaml")).expect("a hard link");
    let output = fix(dir.path(), "bell.yaml");
    assert!(
        stdout(&output).contains("the file has 2 hard links, which a rewrite would split"),
        "{}",
        stdout(&output)
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("twin.yaml")).expect("read"),
        STEP_NAME_CARD
    );
}

/// Issue 38 §17a: the findings of a file `--fix` refuses to write offer no fix it would apply, in
/// the json and sarif reports of a run with or without `--fix`: each fix is display-only and says
/// why, and none is counted fixable.
#[cfg(unix)]
#[test]
fn a_file_fix_refuses_offers_no_fix_in_json_or_sarif() {
    use std::os::unix::fs::PermissionsExt;
    for read_only in [true, false] {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("bell.yaml");
        std::fs::write(&path, STEP_NAME_CARD).expect("written");
        let reason = if read_only {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
            "the file is read-only (mode 444)"
        } else {
            std::fs::hard_link(&path, dir.path().join("twin.yaml")).expect("a hard link");
            "the file has 2 hard links, which a rewrite would split"
        };
        let said = format!("--fix does not write this file: {reason}");
        for fix in [&[][..], &["--fix"]] {
            let report = |format: &str| -> serde_json::Value {
                let mut args = vec!["check", "--format", format, "bell.yaml"];
                args.extend(fix);
                let output = run(dir.path(), &args, Stdio::null());
                serde_json::from_str(&stdout(&output)).expect("JSON")
            };
            let json = report("json");
            let finding = json["diagnostics"]
                .as_array()
                .and_then(|all| all.iter().find(|d| d["code"] == "PL103"))
                .unwrap_or_else(|| panic!("a PL103 finding: {json}"));
            assert_eq!(
                finding["fix"]["applicability"], "display-only",
                "{reason} {fix:?}"
            );
            let message = finding["fix"]["message"].as_str().unwrap_or("");
            assert!(message.ends_with(&said), "{reason} {fix:?}: {message}");
            assert_eq!(json["summary"]["fixable"], 0, "{reason} {fix:?}");
            let sarif = report("sarif");
            let result = sarif["runs"][0]["results"]
                .as_array()
                .and_then(|all| all.iter().find(|r| r["ruleId"] == "PL103"))
                .unwrap_or_else(|| panic!("a PL103 result: {sarif}"));
            let fixes = result["fixes"].as_array().expect("fixes");
            assert!(!fixes.is_empty(), "{reason}: {result}");
            for fix in fixes {
                assert_eq!(fix["properties"]["applicability"], "display-only");
                let message = fix["description"]["text"].as_str().unwrap_or("");
                assert!(message.ends_with(&said), "{reason}: {message}");
            }
        }
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            STEP_NAME_CARD
        );
    }
}

#[cfg(unix)]
#[test]
fn a_fix_in_a_read_only_directory_counts_no_fix() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a temp dir");
    let sub = dir.path().join("set");
    std::fs::create_dir(&sub).expect("a directory");
    std::fs::write(sub.join("bell.yaml"), STEP_NAME_CARD).expect("written");
    std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    let writable = std::fs::write(sub.join("probe"), "").is_ok();
    let output = fix(dir.path(), "set/bell.yaml");
    std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    if writable {
        eprintln!("skipped: running as root, the directory is writable whatever its mode");
        return;
    }
    let text = stdout(&output);
    assert!(text.contains("could not write the fixes"), "{text}");
    assert!(!text.contains("applied"), "{text}");
}

#[cfg(unix)]
#[test]
fn the_owner_and_group_are_kept_where_the_process_may() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("bell.yaml");
    std::fs::write(&path, STEP_NAME_CARD).expect("written");
    // Only root may give a file to another user; elsewhere this checks the file stays ours.
    let given = std::os::unix::fs::chown(&path, Some(65534), Some(65534)).is_ok();
    let before = std::fs::metadata(&path).expect("metadata");
    let output = fix(dir.path(), "bell.yaml");
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    let after = std::fs::metadata(&path).expect("metadata");
    assert_eq!((after.uid(), after.gid()), (before.uid(), before.gid()));
    if given {
        assert_eq!((after.uid(), after.gid()), (65534, 65534));
    }
    assert!(
        std::fs::read_to_string(&path)
            .expect("read")
            .contains("during your upkeep.")
    );
}

#[test]
fn fix_rounds_apply_only_the_reported_edits() {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::write(
        dir.path().join("c.txt"),
        "Foo\nInstant\nActivate only during your upkeep phase phase.\n",
    )
    .expect("written");
    let output = fix(dir.path(), "c.txt");
    // One edit was reported and one applied; the finding the edit brought about is reported.
    assert_eq!(
        std::fs::read_to_string(dir.path().join("c.txt")).expect("read"),
        "Foo\nInstant\nActivate only during your upkeep phase.\n"
    );
    let text = stdout(&output);
    assert!(text.contains("applied 1 fix\n"), "{text}");
    assert!(text.contains("c.txt:3:27: error[PL103]"), "{text}");
}

/// Issue 38 §17d: the cap of a report (10,000 findings a file) bounds what is shown, not what is
/// fixed: 12,000 fixes and a flood of 10,500 findings without one before them take one run.
#[test]
fn fixes_past_the_report_cap_are_applied_in_one_run() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let unfixable: String = (0..10_500)
        .map(|i| format!("Wordy {i}\nInstant\nDraw a card until.\n\n"))
        .collect();
    let fixable: String = (0..12_000)
        .map(|i| format!("Hourglass {i}\nArtifact\nAt end of turn, untap it.\n\n"))
        .collect();
    for (name, text, reported) in [
        ("fixes.txt", fixable.clone(), "no problems found"),
        (
            "after-a-flood.txt",
            unfixable + &fixable,
            "found 1 error, 10000 warnings",
        ),
    ] {
        std::fs::write(dir.path().join(name), text).expect("written");
        let output = fix(dir.path(), name);
        let fixed = std::fs::read_to_string(dir.path().join(name)).expect("read");
        assert!(!fixed.contains("At end of turn"), "{name}");
        assert_eq!(
            fixed
                .matches("At the beginning of the end step, untap it.")
                .count(),
            12_000,
            "{name}"
        );
        let summary = stdout(&output);
        let summary = summary.lines().last().unwrap_or_default();
        assert!(
            summary.starts_with(reported) && summary.ends_with("applied 12000 fixes"),
            "{name}: {summary}"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_fix_interrupted_by_sigterm_leaves_no_temporary_file_and_no_mixed_text() {
    let dir = tempfile::tempdir().expect("a temp dir");
    // Large enough that writing it takes a while: about 1.3 MB of text cards, each with a fix.
    let original = "Old Bell\nArtifact\nActivate only during your upkeep phase.\n\n".repeat(20_000);
    let path = dir.path().join("big.txt");
    std::fs::write(&path, &original).expect("written");
    let started = std::time::Instant::now();
    let output = fix(dir.path(), "big.txt");
    let whole_run = started.elapsed();
    // Every fix in one run, past the report's cap of 10,000 findings a file too.
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        stdout(&output).lines().next().unwrap_or_default()
    );
    let fixed = std::fs::read_to_string(&path).expect("read");
    assert!(!fixed.contains("upkeep phase"));
    // Kill points spread over a whole run, most of them late, where the file is written.
    for step in 1..=8u32 {
        std::fs::write(&path, &original).expect("written");
        let child = Command::new(env!("CARGO_BIN_EXE_phaselint"))
            .args(["check", "--fix", "--format", "short", "big.txt"])
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("phaselint runs");
        interrupt::terminate(child, whole_run * (step + 2) / 11, dir.path(), step);
        let now = std::fs::read_to_string(&path).expect("read");
        assert!(
            now == original || now == fixed,
            "kill point {step}: mixed text"
        );
    }
}

/// Issue 18 §0: an allow name that starts with a 3- or 4-byte character (typographic quotes, a
/// dash) is an unknown rule with help, in every format; it made `check` panic at a byte slice.
#[test]
fn typographic_allow_names_are_warned_about() {
    let dir = tempfile::tempdir().expect("a temp dir");
    std::fs::write(
        dir.path().join("a.yaml"),
        "# phaselint: allow(\u{2018}PL101\u{2019}, \u{2014}, \u{1F600})\n- name: A\n  type: Instant\n  text: Tap it.\n",
    )
    .expect("written");
    for format in Format::ALL.map(Format::name) {
        let output = run(
            dir.path(),
            &["check", "--format", format, "a.yaml"],
            Stdio::null(),
        );
        assert_eq!(output.status.code(), Some(0), "{format}: {output:?}");
        assert!(output.stderr.is_empty(), "{format}: {output:?}");
    }
    let output = run(
        dir.path(),
        &["check", "--format", "json", "a.yaml"],
        Stdio::null(),
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let helps: Vec<(&str, &str)> = report["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| (d["code"].as_str().unwrap(), d["help"].as_str().unwrap()))
        .collect();
    assert_eq!(
        helps,
        [
            (
                "PL801",
                "write the name without quotes: `allow(PL101)` (obsolete-end-of-turn)"
            ),
            (
                "PL801",
                "`phaselint rules` lists the codes and names; `all` turns every rule off for the card"
            ),
            (
                "PL801",
                "`phaselint rules` lists the codes and names; `all` turns every rule off for the card"
            ),
        ]
    );
}

/// A large card file is mapped, a small one copied; either way its text, and its errors, are
/// those `read_file` gives, also for a bad byte or NUL past the first 8 KiB.
#[test]
fn a_mapped_file_reads_as_a_copied_one() {
    use phaselint::read::{DEFAULT_MAX_FILE_SIZE, FileText, MAP_FROM, read_card_file, read_text};
    let dir = tempfile::tempdir().expect("a temp dir");
    let large = "Bear — until end of turn.\n".repeat(50_000);
    assert!(large.len() as u64 >= MAP_FROM);
    let mut cases: Vec<(String, Vec<u8>)> = vec![
        ("small".to_string(), b"Bear\n".to_vec()),
        ("large".to_string(), large.clone().into_bytes()),
    ];
    // A NUL, a Latin-1 byte (read as Windows-1252) and a byte Windows-1252 leaves undefined in
    // the head, where a binary file is refused before it is mapped, and past it, where only the
    // mapped bytes' checks find them.
    for at in [10, 100, 1_000_000, 1_000_003] {
        for byte in [0, 0xe9, 0x81] {
            let mut bytes = large.clone().into_bytes();
            bytes[at] = byte;
            cases.push((format!("{byte:02x}-at-{at}"), bytes));
        }
    }
    for (name, bytes) in cases {
        let path = dir.path().join(&name);
        phaselint::write::write_new(&path, &bytes).expect("written");
        let mapped = read_text(&path, DEFAULT_MAX_FILE_SIZE, false);
        let copied = read_card_file(&path, DEFAULT_MAX_FILE_SIZE, false);
        assert_eq!(
            mapped.as_deref().map_err(Clone::clone),
            copied.as_deref().map_err(Clone::clone),
            "{name}"
        );
        assert_eq!(
            mapped.as_ref().map(FileText::encoding).ok(),
            copied.as_ref().map(FileText::encoding).ok(),
            "{name}"
        );
        let is_mapped = mapped.as_ref().is_ok_and(FileText::is_mapped);
        assert_eq!(is_mapped, name == "large", "{name}");
    }
    let path = dir.path().join("large");
    let max = large.len() as u64 - 1;
    let too_large = read_text(&path, max, true).unwrap_err();
    assert_eq!(too_large, read_card_file(&path, max, false).unwrap_err());
    assert!(
        too_large.message.contains("larger than the limit"),
        "{too_large:?}"
    );
}

/// A file named on the command line is judged as `read_file` judges it, mapped or not; one a
/// walk found was judged by the walk.
#[test]
fn a_mapped_file_is_judged_first() {
    use phaselint::read::{DEFAULT_MAX_FILE_SIZE, read_file, read_text};
    let dir = tempfile::tempdir().expect("a temp dir");
    let written = dir.path().join("cards.txt");
    phaselint::write::write_new(&written, "Bear\n".repeat(300_000)).expect("written");
    // The writer refuses `.git`, as the reader does: the file is moved in.
    std::fs::create_dir(dir.path().join(".git")).expect("a .git directory");
    let path = dir.path().join(".git").join("cards.txt");
    std::fs::rename(&written, &path).expect("moved into .git");
    let judged = read_text(&path, DEFAULT_MAX_FILE_SIZE, false).unwrap_err();
    assert_eq!(judged.message, phaselint::tree::Refusal::InGit.message());
    assert_eq!(judged, read_file(&path, DEFAULT_MAX_FILE_SIZE).unwrap_err());
    assert!(read_text(&path, DEFAULT_MAX_FILE_SIZE, true).is_ok());
}
