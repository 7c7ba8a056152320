//! `phaselint findings`: one JSON object a card face, each finding in the contract's shape and
//! placed in the file; over the fixtures, and over the whole corpus when it is present.

use crate::corpus;

use corpus::{corpus_file, tell};
use serde_json::Value;
use std::process::{Command, Output, Stdio};

fn findings(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_phaselint"))
        .arg("findings")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .output()
        .expect("the phaselint binary runs")
}

fn lines(output: &Output) -> Vec<Value> {
    String::from_utf8(output.stdout.clone())
        .expect("UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is one JSON object"))
        .collect()
}

#[test]
fn every_face_of_the_fixtures_has_its_findings_placed_in_the_file() {
    let output = findings(&["fixtures/set"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let faces = lines(&output);
    assert!(faces.len() >= 28, "{} faces", faces.len());
    for face in &faces {
        for key in ["file", "card", "face", "line", "findings"] {
            assert!(face.get(key).is_some(), "{key} missing in {face}");
        }
    }
    // Cinder Sentinel's "At the end of combat" on line 52, column 5 of red.yaml.
    let sentinel = faces
        .iter()
        .find(|face| face["card"] == "Cinder Sentinel")
        .expect("the card");
    assert_eq!(sentinel["file"], "fixtures/set/red.yaml");
    let trigger = &sentinel["findings"][0];
    assert_eq!(trigger["phrase"], "At the end of combat");
    assert_eq!(trigger["kind"], "trigger");
    assert_eq!(
        trigger["canonical"],
        "triggers begin(end-of-combat, each, any)"
    );
    assert_eq!(
        (trigger["line"].clone(), trigger["column"].clone()),
        (52.into(), 5.into())
    );
    assert_eq!(trigger["span"], serde_json::json!({"start": 0, "end": 20}));
}

/// The card's own name in its text is the card in `findings` as in `check` (issue 21 §1): Velka's
/// "until Velka, Warden of Hours leaves the battlefield" is an object duration, not unknown.
#[test]
fn the_cards_own_name_is_the_card() {
    let output = findings(&["fixtures/set/designer.yaml"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let faces = lines(&output);
    let velka = faces
        .iter()
        .find(|face| face["card"] == "Velka, Warden of Hours")
        .expect("Velka's face");
    let kinds: Vec<&str> = velka["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter_map(|finding| finding["kind"].as_str())
        .collect();
    assert!(kinds.contains(&"object-duration"), "{velka}");
    assert!(!kinds.contains(&"unknown"), "{velka}");
}

#[test]
fn an_unreadable_file_is_named_and_the_others_are_read() {
    let output = findings(&["fixtures/set/red.yaml", "fixtures/missing.yaml"]);
    // As `check`: a path missing beside a file read is an error, exit 1 (2 when nothing is read).
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("fixtures/missing.yaml"));
    assert!(!lines(&output).is_empty());
}

#[test]
fn the_whole_corpus_is_exported_face_by_face() {
    let Some(path) = corpus_file("cards.jsonl") else {
        tell(
            "SKIPPED the_whole_corpus_is_exported_face_by_face: ../shared/corpus/cards.jsonl is absent",
        );
        return;
    };
    let output = findings(&[path.to_str().expect("a UTF-8 path")]);
    assert_eq!(output.status.code(), Some(0));
    let faces = lines(&output);
    let found: usize = faces
        .iter()
        .map(|face| face["findings"].as_array().map_or(0, Vec::len))
        .sum();
    tell(&format!(
        "findings: {} faces, {found} findings",
        faces.len()
    ));
    assert_eq!(faces.len(), 35_396);
    assert!(found > 20_000, "{found} findings");
}

/// A file over a megabyte is read on one thread and its faces found on the others: the lines still
/// come one a face, in the file's order.
#[test]
fn a_large_file_comes_out_in_file_order() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("large.jsonl");
    let padding = "Flying. ".repeat(20);
    let text: String = (0..5000)
        .map(|i| {
            format!(
                "{{\"name\": \"Card {i}\", \"oracle_text\": \"{padding}Untap it at the beginning of your upkeep.\"}}\n"
            )
        })
        .collect();
    assert!(text.len() > 1 << 20, "{} bytes", text.len());
    std::fs::write(&path, text).expect("the file is written");
    let output = findings(&[path.to_str().expect("a UTF-8 path")]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let faces = lines(&output);
    assert_eq!(faces.len(), 5000);
    for (i, face) in faces.iter().enumerate() {
        assert_eq!(face["card"], format!("Card {i}"));
        assert_eq!(face["line"], i + 1);
        assert_eq!(face["findings"][0]["kind"], "delayed-trigger", "{face}");
    }
}
