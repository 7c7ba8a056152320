//! `phaselint check --fix -` and `--diff -`: a buffer piped through, as format-on-save tools do
//! (`ruff check --fix -`). stdout is the fixed text and nothing else, or the diff; the report goes
//! to stderr; the exit code is the usual one.

use crate::cli;

use cli::{Project, WARNING_CARD, assert_exit, stderr, stdout};

const FIXED: &str = "\
- name: Ember Runner
  mana_cost: \"{R}\"
  type: Creature — Elemental
  text: At the beginning of the end step, sacrifice this creature.
";

/// PL101 on an instant: two readings, so only an unsafe fix; an error left after `--fix`.
const UNSAFE_ONLY: &str = "\
- name: Late Guard
  type: Instant
  text: At end of turn, draw a card.
";

fn piped(args: &[&str], input: &[u8]) -> std::process::Output {
    Project::empty().run_with_stdin(args, input)
}

#[test]
fn fix_prints_the_fixed_text_and_only_it() {
    let output = piped(&["check", "--fix", "-"], WARNING_CARD.as_bytes());
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), FIXED);
    assert!(
        stderr(&output).contains("applied 1 fix"),
        "the summary is on stderr: {}",
        stderr(&output)
    );
}

#[test]
fn fix_reports_what_is_left_on_stderr_and_exits_with_it() {
    let output = piped(
        &["check", "--fix", "--format", "short", "-"],
        UNSAFE_ONLY.as_bytes(),
    );
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), UNSAFE_ONLY, "nothing safe to apply");
    assert!(
        stderr(&output).starts_with("-:3:9: error[PL101] "),
        "{}",
        stderr(&output)
    );
    let output = piped(
        &["check", "--fix", "--unsafe-fixes", "--format", "json", "-"],
        UNSAFE_ONLY.as_bytes(),
    );
    assert_exit(&output, 0);
    assert!(stdout(&output).contains("  text: At the beginning of the "));
    let report: serde_json::Value =
        serde_json::from_str(&stderr(&output)).expect("the json report is on stderr");
    assert_eq!(report["diagnostics"], serde_json::json!([]));
}

#[test]
fn fix_writes_the_report_to_the_output_file_when_one_is_named() {
    let project = Project::empty();
    let output = project.run_with_stdin(
        &["check", "--fix", "--output-file", "report.txt", "-"],
        WARNING_CARD.as_bytes(),
    );
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), FIXED);
    assert_eq!(stderr(&output), "");
    assert!(cli::read(project.join("report.txt")).contains("applied 1 fix"));
}

#[test]
fn diff_prints_the_diff_named_by_the_stdin_filename() {
    let output = piped(
        &["check", "--diff", "--stdin-filename", "sets/dawn.yaml", "-"],
        WARNING_CARD.as_bytes(),
    );
    // As with files: pending fixes fail the run.
    assert_exit(&output, 1);
    assert_eq!(
        stdout(&output),
        "\
diff --git a/sets/dawn.yaml b/sets/dawn.yaml
--- a/sets/dawn.yaml
+++ b/sets/dawn.yaml
@@ -1,4 +1,4 @@
 - name: Ember Runner
   mana_cost: \"{R}\"
   type: Creature — Elemental
-  text: At end of turn, sacrifice this creature.
+  text: At the beginning of the end step, sacrifice this creature.
"
    );
}

#[test]
fn a_text_with_nothing_to_fix_comes_back_byte_for_byte() {
    // No final newline, a CRLF, a tab, a straight apostrophe in a name: none of it is touched.
    let texts: [&[u8]; 3] = [
        b"- name: Quiet Owl\r\n  type: Creature\r\n  text: Flying\t",
        b"",
        b"Nobody's Card\nDraw a card.",
    ];
    for text in texts {
        let output = piped(&["check", "--fix", "-"], text);
        assert_exit(&output, 0);
        assert_eq!(output.stdout, text, "{:?}", String::from_utf8_lossy(text));
        let output = piped(&["check", "--diff", "-"], text);
        assert_exit(&output, 0);
        assert_eq!(stdout(&output), "", "no change, no diff");
    }
}

#[test]
fn a_text_that_does_not_parse_comes_back_unchanged_and_fails_the_run() {
    let text = "- name: [unclosed\n  text: At end of turn, draw a card.";
    let output = piped(
        &["check", "--fix", "--stdin-filename", "a.yaml", "-"],
        text.as_bytes(),
    );
    // Read, but not whole: an error on it (PL901), exit 1 (issue 39).
    assert_exit(&output, 1);
    assert_eq!(stdout(&output), text);
}

#[test]
fn a_text_that_cannot_be_read_gives_nothing_on_stdout() {
    // Not UTF-8: printing the part before the bad byte would cut the buffer short.
    let output = piped(&["check", "--fix", "-"], b"- name: Owl\n  text: \xff\n");
    assert_exit(&output, 2);
    assert_eq!(output.stdout, b"");
    assert!(stderr(&output).contains("not UTF-8"), "{}", stderr(&output));
}

#[test]
fn a_set_on_stdin_writes_none_of_the_files_it_includes() {
    // Issue 38 §4: a set piped in had its includes read from the current directory, and
    // `--fix -` rewrote them.
    let card = "card:\n\tname: A\n\trule_text: Tap it until the end of turn.\n";
    let project = Project::with(&[("card A", card), ("sets/s.mse-set/card A", card)]);
    let set = "mse_version: 2.0.2\ninclude_file: card A\n";
    for filename in ["sets/s.mse-set/set", "set"] {
        let output = project.run_with_stdin(
            &["check", "--fix", "--stdin-filename", filename, "-"],
            set.as_bytes(),
        );
        assert_eq!(stdout(&output), set, "{}", stderr(&output));
        assert!(
            stderr(&output).contains(
                "no card in this set: the card files it includes are not read from standard input"
            ),
            "{}",
            stderr(&output)
        );
        assert_eq!(project.read("card A"), card);
        assert_eq!(project.read("sets/s.mse-set/card A"), card);
    }
}
