//! `check --add-allow` (issue 24 §3): every finding of an old set silenced as it is, by an allow
//! comment above each YAML card and `[[ignore]]` entries for the rest; a second run changes
//! nothing, and `check` passes afterwards. Each test works in its own temporary directory.

use crate::cli as support;

use std::collections::BTreeMap;
use std::path::Path;
use support::{Project, assert_exit, stdout};

/// Every file under `dir` and its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in walkdir::WalkDir::new(dir) {
        let entry = entry.expect("an entry");
        if entry.file_type().is_file() {
            let name = entry
                .path()
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            files.insert(name, std::fs::read(entry.path()).expect("read"));
        }
    }
    files
}

#[test]
fn on_the_fixtures_check_passes_after_and_a_second_run_changes_nothing() {
    let dir = Project::copy_of_fixtures();
    let zip = dir.read_bytes("formats/mse/dawn.mse-set");
    let before = dir.run(&["check", "--format", "short", "."]);
    assert_exit(&before, 1);
    let output = dir.run(&["check", "--add-allow", "."]);
    assert_exit(&output, 0);
    let report = stdout(&output);
    assert!(
        report.contains("added 4 allow comments to set/blue.yaml\n"),
        "{report}"
    );
    assert!(
        report.contains("ignore entries to phaselint.toml\n"),
        "{report}"
    );
    // The findings that an allow can silence are gone; what is left are the notes on allow
    // comments that need mending (a misspelt one, an unused one), which are warnings.
    let after = dir.run(&["check", "--format", "short", "."]);
    assert_exit(&after, 0);
    let lines: Vec<String> = stdout(&after)
        .lines()
        .filter(|line| line.contains("[PL"))
        .map(str::to_owned)
        .collect();
    assert!(
        lines
            .iter()
            .all(|l| l.contains("[PL801]") || l.contains("[PL804]")),
        "{lines:#?}"
    );
    // One comment a card, its codes sorted; a comment already above a card takes them.
    let blue = dir.read("set/blue.yaml");
    assert!(
        blue.contains("\n  # phaselint: allow(PL104, PL105)\n  - name: Clockwork Archivist\n"),
        "{blue}"
    );
    let drafts = dir.read("set/drafts.yaml");
    assert!(
        drafts.contains(
            "# phaselint: allow(obsolete-end-of-trun, PL101)\n- name: Tardy Lamplighter\n"
        ),
        "{drafts}"
    );
    // Idempotent: the second run writes nothing, and says what it leaves.
    let written = snapshot(dir.path());
    let again = dir.run(&["check", "--add-allow", "."]);
    assert_exit(&again, 0);
    assert_eq!(
        stdout(&again),
        "left 2 notes on allow comments in set/drafts.yaml: an allow comment is mended, not silenced\n"
    );
    assert_eq!(snapshot(dir.path()), written);
    // A zip is never written: its cards are ignored in the config.
    assert_eq!(dir.read_bytes("formats/mse/dawn.mse-set"), zip);
}

#[test]
fn comments_keep_the_indentation_and_line_breaks_and_other_formats_get_a_new_config() {
    let dir = Project::with(&[
        (
            "set/cards.yaml",
            "\u{feff}- name: Old\r\n  type: Creature\r\n  text: At end of turn, sacrifice it.\r\n",
        ),
        (
            "set/list.yaml",
            "cards:\n  - name: Quiet\n    text: Draw a card.\n  - name: Older\n    text: Play this ability only during your upkeep phase.\n",
        ),
        (
            "legacy.txt",
            "Ancient Hourglass\nAt end of turn, untap it.\n",
        ),
    ]);
    let output = dir.run(&["check", "--add-allow", "."]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "added 1 allow comment to set/cards.yaml\nadded 1 allow comment to set/list.yaml\nadded 1 ignore entry to phaselint.toml (created)\n"
    );
    assert_eq!(
        dir.read("set/cards.yaml"),
        "\u{feff}# phaselint: allow(PL101)\r\n- name: Old\r\n  type: Creature\r\n  text: At end of turn, sacrifice it.\r\n"
    );
    assert!(
        dir.read("set/list.yaml")
            .contains("\n  # phaselint: allow(PL102, PL103)\n  - name: Older\n"),
        "{}",
        dir.read("set/list.yaml")
    );
    let config = dir.read("phaselint.toml");
    assert!(
        config.ends_with("\n[[ignore]]\ncard = \"Ancient Hourglass\"\nrules = [\"PL101\"]\n"),
        "{config}"
    );
    let check = dir.run(&["check", "--deny-warnings", "."]);
    assert_exit(&check, 0);
    let again = dir.run(&["check", "--add-allow", "."]);
    assert_eq!(stdout(&again), "no finding to allow\n");
}

#[test]
fn a_note_about_a_whole_file_is_ignored_by_its_path_in_the_governing_config() {
    let dir = Project::with(&[
        ("phaselint.toml", "[rules]\nPL001 = \"error\"\n"),
        (
            "ci/work[1].yml",
            "name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n",
        ),
    ]);
    let output = dir.run(&["check", "--add-allow", "ci"]);
    // As `check ci`: a directory in which no card was read fails the run (PL905).
    assert_exit(&output, 2);
    assert_eq!(
        stdout(&output),
        "added 1 ignore entry to phaselint.toml\nleft 1 input problem in ci: an allow silences no input problem\n"
    );
    assert_eq!(
        dir.read("phaselint.toml"),
        "[rules]\nPL001 = \"error\"\n\n[[ignore]]\npath = \"/ci/work[[]1[]].yml\"\nrules = [\"PL802\"]\n"
    );
    let check = dir.run(&["check", "--format", "short", "ci/work[1].yml"]);
    assert!(!stdout(&check).contains("[PL802]"), "{}", stdout(&check));
}

#[test]
fn a_file_outside_the_current_directory_under_no_config_gets_no_config() {
    let outside = Project::with(&[(
        "legacy.txt",
        "Ancient Hourglass\nAt end of turn, untap it.\n",
    )]);
    let dir = Project::empty();
    let path = outside.join("legacy.txt");
    let output = dir.run(&["check", "--add-allow", path.to_str().unwrap()]);
    // A file whose findings could not be silenced fails the run as a refused write does.
    assert_exit(&output, 1);
    assert!(
        stdout(&output).contains("outside the current directory"),
        "{}",
        stdout(&output)
    );
    assert!(!dir.join("phaselint.toml").exists());
}

#[test]
fn nothing_is_written_under_a_broken_config() {
    let card = "- name: Old\n  text: At end of turn, sacrifice it.\n";
    let dir = Project::with(&[
        ("sets/phaselint.toml", "[rules]\nPL101 = \"loud\"\n"),
        ("sets/a.yaml", card),
    ]);
    let output = dir.run(&["check", "--add-allow", "."]);
    assert_exit(&output, 2);
    assert_eq!(dir.read("sets/a.yaml"), card);
    assert!(!dir.join("phaselint.toml").exists());
}

/// Runs `--add-allow` on a project of one `cards.yaml` holding `cards`: it says `report`, and the
/// file then starts with `starts`.
fn adds_to_one_file(cards: &str, report: &str, starts: &str) {
    let dir = Project::with(&[("cards.yaml", cards)]);
    let output = dir.run(&["check", "--add-allow", "."]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), report);
    let written = dir.read("cards.yaml");
    assert!(written.starts_with(starts), "{written}");
}

/// A card whose allow comment is already above it gets its new names in that comment, and the
/// report says so: no "added 0 allow comments".
#[test]
fn a_comment_that_takes_more_names_is_reported_as_extended() {
    adds_to_one_file(
        "# phaselint: allow(PL503)\n- name: Foo\n  type: Instant\n  text: \"Untap it until the end of turn. At end of turn, draw a card.\"\n",
        "extended 1 allow comment in cards.yaml\n",
        "# phaselint: allow(PL503, PL101)\n- name: Foo\n",
    );
}

/// A finding that covered another hid it; the round after the first silences the other in the
/// comment the first round wrote: one new comment, reported as added and not also as extended.
#[test]
fn a_comment_written_and_then_extended_by_the_run_is_reported_once_as_added() {
    adds_to_one_file(
        "- name: Clockwork Archivist\n  type: Artifact Creature\n  text: \"{2}{U}: Draw a card. Activate this ability only any time you could cast a sorcery.\"\n",
        "added 1 allow comment to cards.yaml\n",
        "# phaselint: allow(PL104, PL105)\n- name: Clockwork Archivist\n",
    );
}

/// Issue 38 §11: of the cards that share a line (YAML flow style), the first takes the comment
/// above the line and the others, which no comment line can be above, get ignore entries by name.
#[test]
fn cards_that_share_a_line_are_allowed_each() {
    let dir = Project::with(&[(
        "cards.yaml",
        "[{name: A, type: Artifact, text: \"At end of turn, untap it.\"}, {name: B, type: Artifact, text: \"Untap it during your upkeep phase.\"}]\n",
    )]);
    let output = dir.run(&["check", "--add-allow", "."]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "added 1 allow comment to cards.yaml\nadded 1 ignore entry to phaselint.toml (created)\n"
    );
    assert!(
        dir.read("cards.yaml")
            .starts_with("# phaselint: allow(PL101)\n[{name: A,")
    );
    assert!(
        dir.read("phaselint.toml")
            .ends_with("\n[[ignore]]\ncard = \"B\"\nrules = [\"PL103\"]\n")
    );
    assert_exit(&dir.run(&["check", "--deny-warnings", "."]), 0);
    assert_eq!(
        stdout(&dir.run(&["check", "--add-allow", "."])),
        "no finding to allow\n"
    );
}

/// Issue 38 §11: a file that did not read whole takes no comment, but its cards' findings get
/// ignore entries by name; its input problem is left, and said, and the run fails as `check`'s.
#[test]
fn the_findings_of_a_file_with_an_input_error_are_allowed_and_the_error_is_said() {
    let dir = Project::with(&[
        (
            "cards.csv",
            "name,type,text\n\"Bad\"Row,Artifact,x\nOld Bell,Artifact,\"At end of turn, untap it.\"\n",
        ),
        (
            "cards.xml",
            "<?xml version=\"1.0\"?>\n<cockatrice_carddatabase version=\"4\"><cards><card><name>Ember</name><type>Artifact</type><text>At end of turn, untap it. &nbsp;</text></card></cards></cockatrice_carddatabase>\n",
        ),
    ]);
    for _ in 0..2 {
        let output = dir.run(&["check", "--add-allow", "."]);
        // As `check .`: a file that does not parse is an error on it (exit 1).
        assert_exit(&output, 1);
        let report = stdout(&output);
        assert!(
            report.contains(
                "left 1 input problem in cards.csv: an allow silences no input problem\nleft 1 input problem in cards.xml: an allow silences no input problem\n"
            ),
            "{report}"
        );
        assert!(!report.contains("no finding to allow"), "{report}");
    }
    let config = dir.read("phaselint.toml");
    for card in ["Old Bell", "Ember"] {
        assert!(
            config.contains(&format!("card = \"{card}\"\nrules = [\"PL101\"]\n")),
            "{config}"
        );
    }
    let check = stdout(&dir.run(&["check", "--format", "short", "."]));
    assert!(!check.contains("[PL101]"), "{check}");
}

/// Issue 38 §12: a card without a name gets no ignore entry by its file's path, which would
/// silence every card of the file: its findings are left, and said.
#[test]
fn the_findings_of_a_card_without_a_name_are_left_not_its_whole_file() {
    let dir = Project::with(&[
        (
            "cards.csv",
            "name,type,text\n,Artifact,\"At end of turn, untap it.\"\nOld Bell,Artifact,\"At end of turn, untap it.\"\n",
        ),
        (
            "cards.xml",
            "<?xml version=\"1.0\"?>\n<cockatrice_carddatabase version=\"4\"><cards><card><type>Artifact</type><text>At end of turn, untap it.</text></card></cards></cockatrice_carddatabase>\n",
        ),
        // A YAML card needs no name: the comment above it goes by place.
        (
            "cards.yaml",
            "- type: Artifact\n  text: \"At end of turn, untap it.\"\n",
        ),
    ]);
    let output = dir.run(&["check", "--add-allow", "."]);
    assert_exit(&output, 1);
    let why = "an ignore entry names a card, and one by path would silence the whole file";
    assert_eq!(
        stdout(&output),
        format!(
            "added 1 allow comment to cards.yaml\nadded 1 ignore entry to phaselint.toml (created)\n\
             left 1 finding on a card without a name in cards.csv: {why}\n\
             left 1 finding on a card without a name in cards.xml: {why}\n"
        )
    );
    let config = dir.read("phaselint.toml");
    assert!(!config.contains("path ="), "{config}");
    let check = stdout(&dir.run(&["check", "--format", "short", "."]));
    assert_eq!(check.matches("[PL101]").count(), 2, "{check}");
    assert_eq!(
        stdout(&dir.run(&["check", "--add-allow", "."])),
        format!(
            "left 1 finding on a card without a name in cards.csv: {why}\n\
             left 1 finding on a card without a name in cards.xml: {why}\n"
        )
    );
}

/// Issue 38 §13: config discovery stops at the root of the repository, so a phaselint.toml above
/// it is neither read nor written; from above the repository, a new config in the current
/// directory would not govern its files, and none is created.
#[test]
fn a_config_above_the_repository_is_neither_read_nor_written() {
    let above = "[rules]\nPL103 = \"off\"\n";
    let card = "Old Bell\nArtifact\nUntap it during your upkeep phase.\n";
    let dir = Project::with(&[
        ("phaselint.toml", above),
        ("repo/.git/HEAD", "ref: refs/heads/main\n"),
        ("repo/set/bell.txt", card),
    ]);
    let check = dir.run_in("repo", &["check", "--format", "short", "set"]);
    assert_exit(&check, 1);
    assert!(stdout(&check).contains("[PL103]"), "{}", stdout(&check));
    let output = dir.run(&["check", "--add-allow", "repo/set"]);
    assert_exit(&output, 1);
    assert!(
        stdout(&output).contains("error repo/set/bell.txt: no phaselint.toml governs it"),
        "{}",
        stdout(&output)
    );
    let output = dir.run_in("repo", &["check", "--add-allow", "set"]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "added 1 ignore entry to phaselint.toml (created)\n"
    );
    assert_eq!(dir.read("phaselint.toml"), above);
    assert!(
        dir.read("repo/phaselint.toml")
            .ends_with("card = \"Old Bell\"\nrules = [\"PL103\"]\n")
    );
    assert_exit(&dir.run_in("repo", &["check", "set"]), 0);
}

/// Issue 38 §17e: standard input cannot take an allow: a usage error that says so.
#[test]
fn standard_input_is_refused_with_a_reason() {
    let dir = Project::empty();
    let output = dir.run_with_stdin(
        &["check", "--add-allow", "-"],
        b"Old Bell\nArtifact\nUntap it during your upkeep phase.\n",
    );
    assert_exit(&output, 2);
    assert_eq!(stdout(&output), "");
    assert!(
        support::stderr(&output).contains("standard input is no file"),
        "{}",
        support::stderr(&output)
    );
}
