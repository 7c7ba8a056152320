//! Issue 20 §1 and §2 through the binary: Magic Set Editor sets found by a walk (a folder and a
//! zip) in `check`, `stats` and `findings`; a zip never rewritten; a run that read no card fails
//! and says what it passed over.

use crate::cli;

use cli::{Project, assert_exit, stdout};

const CARD: &str = "- name: Old Bell\n  type: Artifact\n  text: \"At end of turn, untap it.\"\n";

#[test]
fn sets_are_walked_in_folders_and_zips_and_read_by_every_command() {
    let project = Project::copy_of_fixtures();
    let output = project.run(&["check", "--format", "short", "formats/mse"]);
    assert_exit(&output, 1);
    let text = stdout(&output);
    assert!(
        text.contains("formats/mse/dawn.mse-set!set:14:100: warning[PL503]"),
        "{text}"
    );
    assert!(
        text.contains("formats/mse/dusk.mse-set/card Lantern Warden:6:103: error[PL102]"),
        "{text}"
    );
    // A set unzipped into `Ember Court/` is read by its content; its zip beside it is skipped,
    // and said so (issue 39).
    assert!(
        text.contains("formats/mse/Ember Court/set:1:1: note[PL802] this folder's set is also saved as the zip `formats/mse/Ember Court.mse-set`"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "in 7 files (11 cards); 1 file skipped\n5 fixable with --fix (2 more with --fix --unsafe-fixes)\n"
        ),
        "{text}"
    );
    let stats = stdout(&project.run(&["stats", "formats/mse"]));
    assert!(stats.starts_with("cards: 11\n"), "{stats}");
    let findings = stdout(&project.run(&["findings", "formats/mse"]));
    assert!(
        findings.contains("\"file\":\"formats/mse/dawn.mse-set!set\""),
        "{findings}"
    );

    // --fix writes the folder's files, never the zip.
    let zip = project.read_bytes("formats/mse/dawn.mse-set");
    let output = project.run(&["check", "--fix", "--format", "short", "formats/mse"]);
    assert_exit(&output, 1);
    assert_eq!(project.read_bytes("formats/mse/dawn.mse-set"), zip);
    assert!(
        project
            .read("formats/mse/dusk.mse-set/set")
            .contains("until end of turn.")
    );
    let after = stdout(&project.run(&["check", "--format", "short", "formats/mse"]));
    assert!(
        after.contains("dawn.mse-set!set:14:100: warning[PL503]"),
        "{after}"
    );
}

#[test]
fn a_set_that_includes_a_file_out_of_its_folder_is_malformed_there() {
    let project = Project::with(&[
        (
            "Dusk.mse-set/set",
            "mse_version: 2.0.2\ngame: magic\ninclude_file: ../secret.txt\ncard:\n\tname: Opt\n\trule_text: Scry 1.\n",
        ),
        ("secret.txt", "Secret\nInstant\nAt end of turn, draw.\n"),
    ]);
    let output = project.run(&["check", "--format", "short", "Dusk.mse-set"]);
    // The set was read, but not whole: an error on it (PL901), exit 1.
    assert_exit(&output, 1);
    assert_eq!(
        stdout(&output),
        "Dusk.mse-set/set:3:15: error[PL901] `include_file: ../secret.txt` names a file that has \
         `..` in its name: it is not read\nfound 1 error in 1 file (1 card)\n"
    );
}

#[test]
fn a_directory_without_cards_fails_and_says_what_it_passed_over() {
    let project = Project::with(&[
        ("sets/README.md", "# Dawn\n"),
        (
            "sets/dawn.cards",
            "Old Bell\nArtifact\nAt end of turn, untap it.\n",
        ),
        ("sets/settings.json", "{\"theme\": \"dark\"}"),
    ]);
    let output = project.run(&["check", "--format", "short", "sets"]);
    assert_exit(&output, 2);
    assert_eq!(
        stdout(&output),
        "sets/settings.json:1:1: note[PL802] no card in this JSON file: it is not read\n\
         sets:1:1: error[PL905] no card in this directory: the one file of a card format in it \
         holds none; 2 files skipped (sets/README.md: not a card file: no card format's extension; ...)\n\
         found 1 error, 1 note in 2 files (0 cards); 2 files skipped\n"
    );
    // Told which files hold cards, it reads them.
    project.write("sets/phaselint.toml", "[files]\ninclude = [\"*.cards\"]\n");
    let output = project.run(&["check", "--format", "json", "sets"]);
    assert_exit(&output, 1);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report["summary"]["cards"], 1);
    assert_eq!(report["summary"]["skipped"], 1);
    // A file named alone that holds no card stays a note, as pre-commit names files.
    let output = project.run(&["check", "--format", "short", "sets/settings.json"]);
    assert_exit(&output, 0);
    // A directory with cards is checked as before: its obsolete wording fails the run (exit 1).
    let project = Project::with(&[("cards.yaml", CARD)]);
    let output = project.run(&["check", "--format", "short", "."]);
    assert_exit(&output, 1);
}
