//! Findings for every card face of a file, for engines and scripts (`phaselint findings`): each
//! face's findings in the shape of the timing contract, each placed in the file by line and
//! column. Faces are handed out one by one as the file is read, so a caller can stream them.
//!
//! Architecture invariant: it knows card files, findings and their lines, and nothing of lint
//! rules, configs or reports.

use crate::lines::LineIndex;
use crate::model::Finding;
use crate::phrase::{CardName, find_named};
use crate::resolve::{CardKind, resolve_all_on};
use crate::source::{self, Card, Format, ReadOptions, SourceError};
use serde::Serialize;

/// One card face and what its timing phrases mean.
#[derive(Debug, Clone, Serialize)]
pub struct FaceFindings {
    pub file: String,
    /// The card's name (`A // B` for a card of several faces).
    pub card: Option<String>,
    /// The face's name, when the input names faces.
    pub face: Option<String>,
    /// The 1-based line of the face's text in the file.
    pub line: usize,
    pub findings: Vec<PlacedFinding>,
}

/// A finding (its `span` in bytes of the face's text, as the contract says) and where its words
/// are in the file, 1-based, the end exclusive. No place when the words cannot be mapped exactly
/// (a YAML alias).
#[derive(Debug, Clone, Serialize)]
pub struct PlacedFinding {
    #[serde(flatten)]
    pub finding: Finding,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub end_line: Option<usize>,
    pub end_column: Option<usize>,
}

/// Reads the cards of `text` (the file at `file`, in `format`) and hands each face with a text
/// to `on_face`, in file order. The problems of a malformed file are returned; the cards read
/// before them are handed out first.
pub fn each_face(
    file: &str,
    text: &str,
    format: Format,
    options: &ReadOptions,
    on_face: &mut dyn FnMut(FaceFindings),
) -> Vec<SourceError> {
    each_face_on(file, text, format, options, 0, |face| face, &mut |faces| {
        faces.into_iter().for_each(&mut *on_face);
    })
}

/// [`each_face`] with the faces found and `render`ed on `threads` threads beside the one reading
/// the cards (0: all on this one); `emit` gets the rendered faces a batch at a time, in file
/// order, on this thread, as soon as the batches before them are out.
pub fn each_face_on<R: Send>(
    file: &str,
    text: &str,
    format: Format,
    options: &ReadOptions,
    threads: usize,
    render: impl Fn(FaceFindings) -> R + Sync,
    emit: &mut dyn FnMut(Vec<R>),
) -> Vec<SourceError> {
    let lines = LineIndex::new(text);
    let find = |cards: Vec<Card>| {
        let mut rendered = Vec::new();
        for card in &cards {
            faces_of(file, card, &lines, &mut |face| rendered.push(render(face)));
        }
        rendered
    };
    source::read_batched(format, text, options, threads, find, emit)
}

/// The faces of `card` that have a text, with their findings placed by `lines`.
fn faces_of(file: &str, card: &Card, lines: &LineIndex, on_face: &mut dyn FnMut(FaceFindings)) {
    for face in &card.faces {
        let Some(face_text) = &face.text else {
            continue;
        };
        let (findings, _) =
            CardName::with_face(card.name.as_deref(), face.name.as_deref(), |name| {
                let found = find_named(&face_text.value, name);
                let card = CardKind::when_needed(&found.phrases, face.type_line.as_deref());
                (
                    resolve_all_on(&face_text.value, &found.phrases, card),
                    found.errors,
                )
            });
        let findings = findings
            .into_iter()
            .map(|finding| {
                let span = finding.span;
                let place = face_text.map.to_file(span.start..span.end);
                let region = place.map(|range| lines.region(&range));
                PlacedFinding {
                    finding,
                    line: region.map(|r| r.start.line),
                    column: region.map(|r| r.start.column),
                    end_line: region.map(|r| r.end.line),
                    end_column: region.map(|r| r.end.column),
                }
            })
            .collect();
        on_face(FaceFindings {
            file: file.to_string(),
            card: card.name.as_deref().map(str::to_owned),
            face: face.name.as_deref().map(str::to_owned),
            line: lines.position(face_text.map.raw().start).line,
            findings,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_found_on_threads_come_in_file_order() {
        let text: String = (0..1000)
            .map(|i| {
                format!("{{\"name\": \"Card {i}\", \"oracle_text\": \"Untap it at the beginning of your upkeep.\"}}\n")
            })
            .collect();
        let render = |face: FaceFindings| serde_json::to_string(&face).expect("JSON");
        let mut alone = Vec::new();
        each_face(
            "p.jsonl",
            &text,
            Format::JsonLines,
            &ReadOptions::default(),
            &mut |face| {
                alone.push(render(face));
            },
        );
        let mut threaded = Vec::new();
        let errors = each_face_on(
            "p.jsonl",
            &text,
            Format::JsonLines,
            &ReadOptions::default(),
            2,
            render,
            &mut |lines| threaded.extend(lines),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(alone.len(), 1000);
        assert!(alone[999].contains("\"line\":1000"), "{}", alone[999]);
        assert_eq!(threaded, alone);
    }

    #[test]
    fn each_finding_is_placed_in_the_file() {
        let text = "- name: Old Bell\n  type: Artifact\n  text: \"Untap it at the beginning of your upkeep.\"\n";
        let mut faces = Vec::new();
        let errors = each_face(
            "set.yaml",
            text,
            Format::Yaml,
            &ReadOptions::default(),
            &mut |face| faces.push(face),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(faces.len(), 1);
        let face = &faces[0];
        assert_eq!((face.card.as_deref(), face.line), (Some("Old Bell"), 3));
        let placed = &face.findings[0];
        assert_eq!(
            placed.finding.canonical(),
            "triggers begin(upkeep, next, you)"
        );
        assert_eq!((placed.line, placed.column), (Some(3), Some(19)));
        let json = serde_json::to_value(placed).expect("JSON");
        assert_eq!(json["kind"], "delayed-trigger");
        assert_eq!(json["end_column"], 50);
    }
}
