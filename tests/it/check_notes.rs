//! What `phaselint check` says about the input besides the card text (issue 10 §4): an allow
//! comment naming no rule (PL801), a YAML file that holds no card (PL802) and card text under a
//! field phaselint does not read (PL803). None of them fails a run by itself, and each is
//! configured like a lint rule. Each test works in its own temporary directory.

use crate::cli as support;

use serde_json::Value;
use std::path::Path;
use std::process::Output;
use support::{Project, assert_exit, run, stdout};

/// A card under a misspelt allow comment whose other name, a code, silences its old wording.
const MISSPELT_ALLOW: &str = "# phaselint: allow(obsolete-end-of-trun, PL101)\n- name: Quiet Bear\n  type: Creature — Bear\n  text: At end of turn, untap it.\n";

/// A GitHub workflow, as pre-commit hands it to phaselint by its path.
const WORKFLOW: &str = "name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: cargo test\n";

/// A card whose type line and text are under keys phaselint does not read.
const MISFILED: &str = "- name: Misfiled Cog\n  typeline: Artifact\n  body: \"{T}: Untap target artifact at end of turn.\"\n";

/// `check --format short ARGS`: the finding lines and the summary line (not the line of what
/// `--fix` would fix).
fn short(dir: &Path, args: &[&str]) -> (Output, Vec<String>, String) {
    let mut argv = vec!["check", "--format", "short"];
    argv.extend_from_slice(args);
    let output = run(dir, &argv);
    let text = stdout(&output);
    let (findings, rest): (Vec<&str>, Vec<&str>) =
        text.lines().partition(|line| line.contains("[PL"));
    let summary = rest
        .into_iter()
        .find(|line| line.starts_with("found ") || line.starts_with("no problems found"))
        .unwrap_or_default();
    let lines = findings.into_iter().map(str::to_owned).collect();
    (output, lines, summary.to_owned())
}

/// `check --format json ARGS`: the diagnostics.
fn json(dir: &Path, args: &[&str]) -> Vec<Value> {
    let mut argv = vec!["check", "--format", "json"];
    argv.extend_from_slice(args);
    let output = run(dir, &argv);
    let report: Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    report["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .clone()
}

// ---------------------------------------------------------------------------------------------
// PL801 unknown-suppression
// ---------------------------------------------------------------------------------------------

#[test]
fn a_misspelt_allow_is_a_warning_at_its_name_that_fails_only_with_deny_warnings() {
    let dir = Project::with(&[("bear.yaml", MISSPELT_ALLOW)]);
    let (output, lines, _) = short(dir.path(), &["bear.yaml"]);
    assert_exit(&output, 0);
    assert_eq!(
        lines,
        [
            "bear.yaml:1:20: warning[PL801] unknown rule `obsolete-end-of-trun`: this allow comment turns nothing off (card: Quiet Bear)"
        ]
    );
    let (output, _, _) = short(dir.path(), &["--deny-warnings", "bear.yaml"]);
    assert_exit(&output, 1);
    let diagnostics = json(dir.path(), &["bear.yaml"]);
    let warning = &diagnostics[0];
    assert_eq!(
        (&warning["span"]["start"], &warning["span"]["end"]),
        (&Value::from(19), &Value::from(39))
    );
    assert_eq!(
        warning["help"],
        "did you mean `obsolete-end-of-turn` (PL101)?"
    );
    assert_eq!(warning["card"], "Quiet Bear");
}

#[test]
fn unknown_suppression_is_turned_off_by_the_config_or_ignore_not_by_an_allow() {
    let allowed = MISSPELT_ALLOW.replace("allow(", "allow(unknown-suppression, all, ");
    let dir = Project::with(&[("bear.yaml", &allowed)]);
    let (_, lines, _) = short(dir.path(), &["bear.yaml"]);
    assert_eq!(lines.len(), 2, "{lines:?}");
    // The allow of PL801 silences nothing, and PL804 says so.
    assert!(lines[0].contains("warning[PL804]"), "{lines:?}");
    assert!(lines[1].contains("warning[PL801]"), "{lines:?}");
    let (output, lines, summary) = short(dir.path(), &["--ignore", "PL801,PL804", "bear.yaml"]);
    assert_exit(&output, 0);
    assert_eq!(
        (lines.len(), summary.as_str()),
        (0, "no problems found in 1 file (1 card)")
    );
    let dir = Project::with(&[
        ("bear.yaml", MISSPELT_ALLOW),
        ("phaselint.toml", "[rules]\nunknown-suppression = \"off\"\n"),
    ]);
    let (_, lines, _) = short(dir.path(), &["bear.yaml"]);
    assert_eq!(lines, Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------------
// PL802 not-a-card-file
// ---------------------------------------------------------------------------------------------

#[test]
fn a_workflow_named_on_the_command_line_is_skipped_with_one_note() {
    // As pre-commit runs the hook: every staged YAML file, by its path.
    let dir = Project::with(&[
        (".github/workflows/ci.yml", WORKFLOW),
        (
            "set/bear.yaml",
            "name: Grizzly Bear\ntype: Creature — Bear\n",
        ),
    ]);
    let (output, lines, summary) =
        short(dir.path(), &[".github/workflows/ci.yml", "set/bear.yaml"]);
    assert_exit(&output, 0);
    assert_eq!(
        lines,
        [".github/workflows/ci.yml:1:1: note[PL802] no card in this YAML file: it is not read"]
    );
    assert_eq!(summary, "found 1 note in 2 files (1 card)");
    let diagnostics = json(dir.path(), &[".github/workflows/ci.yml"]);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0]["end_column"], 5, "the note is at `name`");
    assert_eq!(diagnostics[0]["card"], Value::Null);
}

#[test]
fn yaml_that_is_not_cards_is_no_longer_malformed_input() {
    // A list of strings used to be PL901 for each item, and exit 2.
    let dir = Project::with(&[("words.yaml", "- dawn\n- dusk\n"), ("version.yml", "3\n")]);
    let (output, lines, _) = short(dir.path(), &["words.yaml", "version.yml"]);
    assert_exit(&output, 0);
    assert_eq!(
        lines,
        [
            "words.yaml:1:3: note[PL802] no card in this YAML file: it is not read",
            "version.yml:1:1: note[PL802] no card in this YAML file: it is not read",
        ]
    );
}

#[test]
fn card_files_of_every_shape_get_no_note() {
    let dir = Project::with(&[
        ("one.yaml", "name: Plains\n"),
        ("list.yaml", "- name: A\n  text: Draw a card.\n- name: B\n"),
        (
            "set.yaml",
            "set: CWD\ncards:\n  - name: A\n    type: Instant\n",
        ),
        ("docs.yaml", "set: CWD\n---\nname: A\ntext: Draw a card.\n"),
        ("faces.yaml", "faces:\n  - name: A\n    text: x\n"),
    ]);
    let (output, lines, summary) = short(dir.path(), &["."]);
    assert_exit(&output, 0);
    assert_eq!(lines, Vec::<String>::new());
    assert_eq!(summary, "no problems found in 5 files (7 cards)");
}

#[test]
fn the_config_drops_the_note_by_exclude_or_by_level() {
    let card = "- name: Opt\n  type: Instant\n  text: Scry 1. Draw a card.\n";
    let dir = Project::with(&[
        (
            "docker-compose.yml",
            "services:\n  web:\n    image: nginx\n",
        ),
        ("cards.yaml", card),
        (
            "phaselint.toml",
            "[files]\nexclude = [\"docker-compose.yml\"]\n",
        ),
    ]);
    let (_, lines, summary) = short(dir.path(), &["."]);
    assert_eq!(
        (lines.len(), summary.as_str()),
        (0, "no problems found in 1 file (1 card)")
    );
    let dir = Project::with(&[
        (
            "docker-compose.yml",
            "services:\n  web:\n    image: nginx\n",
        ),
        ("cards.yaml", card),
        ("phaselint.toml", "[rules]\nPL802 = \"off\"\n"),
    ]);
    let (_, lines, _) = short(dir.path(), &["."]);
    assert_eq!(lines, Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------------
// PL803 unread-field
// ---------------------------------------------------------------------------------------------

#[test]
fn text_under_a_field_phaselint_does_not_read_is_a_note_at_the_key() {
    let dir = Project::with(&[("cog.yaml", MISFILED)]);
    let (output, lines, _) = short(dir.path(), &["--deny-warnings", "cog.yaml"]);
    assert_exit(&output, 0);
    assert_eq!(
        lines,
        [
            "cog.yaml:2:3: note[PL803] phaselint does not read `typeline`; the type line is read from `type` (also `type_line`) (card: Misfiled Cog)",
            "cog.yaml:3:3: note[PL803] phaselint does not read `body`; card text is read from `text` (also `oracle_text`, `rules_text`) (card: Misfiled Cog)",
        ]
    );
    let diagnostics = json(dir.path(), &["cog.yaml"]);
    let body = &diagnostics[1];
    assert_eq!(
        (&body["line"], &body["column"]),
        (&Value::from(3), &Value::from(3))
    );
    assert_eq!(body["end_column"], 7);
    assert_eq!(body["help"], "rename `body` to `text`");
    // Renamed, the text is read and checked.
    std::fs::write(
        dir.path().join("cog.yaml"),
        MISFILED.replace("body", "text"),
    )
    .unwrap();
    let (_, lines, _) = short(dir.path(), &["--select", "PL101,PL803", "cog.yaml"]);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[1].contains("error[PL101]"), "{lines:?}");
}

#[test]
fn metadata_and_second_fields_are_not_noted_and_an_allow_silences_the_note() {
    let quiet = "- name: A\n  type: Creature\n  flavor: It waits until the end of turn.\n  artist: B\n  rarity: rare\n- name: C\n  text: Draw a card.\n  body: At end of turn, draw.\n";
    let dir = Project::with(&[("quiet.yaml", quiet)]);
    let (_, lines, _) = short(dir.path(), &["quiet.yaml"]);
    assert_eq!(lines, Vec::<String>::new());
    let allowed = format!("# phaselint: allow(unread-field)\n{MISFILED}");
    let dir = Project::with(&[("cog.yaml", &allowed)]);
    let (_, lines, _) = short(dir.path(), &["cog.yaml"]);
    assert_eq!(lines, Vec::<String>::new());
}

#[test]
fn rules_prints_the_docs_of_each_new_code() {
    let dir = Project::empty();
    for (code, level) in [
        ("PL801", "warning"),
        ("not-a-card-file", "note"),
        ("PL803", "note"),
    ] {
        let output = run(dir.path(), &["rules", code]);
        assert_exit(&output, 0);
        let text = stdout(&output);
        assert!(text.contains(&format!("Level: {level}.")), "{text}");
        assert!(text.contains("## Example"), "{text}");
    }
}

// ---------------------------------------------------------------------------------------------
// PL804 unused-allow
// ---------------------------------------------------------------------------------------------

/// Two cards: the first one's allow silences its old wording, the second one's silences nothing.
const TWO_ALLOWS: &str = "# phaselint: allow(PL101)\n- name: Ember Runner\n  type: Creature\n  text: At end of turn, sacrifice it.\n\n# phaselint: allow(PL101)\n- name: Mended Runner\n  type: Creature\n  text: At the beginning of your end step, sacrifice it.\n";

#[test]
fn fix_removes_only_the_allow_that_silences_nothing() {
    let dir = Project::with(&[("cards.yaml", TWO_ALLOWS)]);
    let (output, lines, _) = short(dir.path(), &["cards.yaml"]);
    assert_exit(&output, 0);
    assert_eq!(
        lines,
        [
            "cards.yaml:6:20: warning[PL804] unused allow: `PL101` finds nothing on this card (card: Mended Runner) [fix: remove the allow comment]"
        ]
    );
    // --fix keeps the allow that silences something.
    for select in [&[][..], &["--select", "PL804,PL101"]] {
        dir.write("cards.yaml", TWO_ALLOWS);
        let mut args = vec!["cards.yaml", "--fix"];
        args.extend_from_slice(select);
        let (output, lines, _) = short(dir.path(), &args);
        assert_exit(&output, 0);
        assert_eq!(lines, Vec::<String>::new(), "{select:?}");
        assert_eq!(
            dir.read("cards.yaml"),
            TWO_ALLOWS.replacen("\n# phaselint: allow(PL101)\n", "\n", 1),
            "{select:?}"
        );
    }
    // With PL101 not run, neither allow is judged, and neither is removed.
    for off in [&["--ignore", "PL101"][..], &["--select", "PL804"]] {
        dir.write("cards.yaml", TWO_ALLOWS);
        let mut args = vec!["cards.yaml", "--fix"];
        args.extend_from_slice(off);
        let (_, lines, _) = short(dir.path(), &args);
        assert_eq!(lines, Vec::<String>::new(), "{off:?}");
        assert_eq!(dir.read("cards.yaml"), TWO_ALLOWS, "{off:?}");
    }
}
