//! The sentence `explain` gives each kind x role x owner that card text uses
//! (tests/data/sentences.table), each written from the CR: a sentence says no more and no less
//! than its finding.

use crate::table;

use phaselint::explain::explain;

/// Rows that do not hold yet, with the reason; a pending row that comes to hold fails the test
/// until it is taken off this list.
const PENDING: &[(&str, &str)] = &[];

struct Row {
    line: usize,
    kind: String,
    role: String,
    owner: String,
    text: String,
    sentence: String,
}

fn rows() -> Vec<Row> {
    table::cells(include_str!("../data/sentences.table"), " | ")
        .into_iter()
        .map(|(line, cells)| {
            let combination: Vec<&str> = cells[0].split(' ').collect();
            assert!(
                cells.len() == 3 && combination.len() == 3,
                "line {line}: `kind role owner | text | sentence` expected"
            );
            Row {
                line,
                kind: combination[0].to_string(),
                role: combination[1].to_string(),
                owner: combination[2].to_string(),
                text: cells[1].to_string(),
                sentence: cells[2].to_string(),
            }
        })
        .collect()
}

/// The sentence of the first finding of `row`'s text with the row's kind, role and owner.
fn said(row: &Row) -> Result<String, String> {
    let explanation = explain(&row.text, &[]);
    explanation
        .explained
        .iter()
        .find(|explained| {
            let finding = &explained.finding;
            finding.kind.as_str() == row.kind
                && match row.role.as_str() {
                    "-" => finding.timing.is_empty(),
                    role => finding.timing.iter().any(|point| {
                        point.role.as_str() == role && point.owner.as_str() == row.owner
                    }),
                }
        })
        .map(|explained| explained.sentence.clone())
        .ok_or_else(|| {
            let found: Vec<String> = explanation
                .explained
                .iter()
                .map(|e| format!("{} {}", e.finding.kind, e.finding.canonical()))
                .collect();
            format!(
                "no {} {} {} finding: {found:?}",
                row.kind, row.role, row.owner
            )
        })
}

#[test]
fn every_sentence_in_the_table_is_said_as_written() {
    let rows = rows();
    assert!(rows.len() >= 60, "{} rows: at least 60 wanted", rows.len());
    let outcomes: Vec<_> = rows
        .iter()
        .map(|row| {
            let holds = said(row).and_then(|said| match said == row.sentence {
                true => Ok(()),
                false => Err(format!("said {said:?}\n    wanted {:?}", row.sentence)),
            });
            (row.line, row.text.as_str(), holds)
        })
        .collect();
    let failures = table::failures(&outcomes, PENDING, "PENDING");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// The kind x role x owner combinations of the findings of the corpus
/// (`phaselint findings ../shared/corpus/cards.jsonl`, 2f220c6), a finding with no point as
/// `kind - -`.
const CORPUS_COMBINATIONS: &[&str] = &[
    "combat-trigger triggers any",
    "combat-trigger triggers opponent",
    "combat-trigger triggers you",
    "delayed-trigger expires any",
    "delayed-trigger triggers any",
    "delayed-trigger triggers monarch",
    "delayed-trigger triggers that-player",
    "delayed-trigger triggers you",
    "duration expires any",
    "duration expires controller",
    "duration expires defending-player",
    "duration expires named-player",
    "duration expires target-player",
    "duration expires that-player",
    "duration expires you",
    "duration opens controller",
    "duration opens named-player",
    "duration opens target-player",
    "duration opens that-player",
    "duration opens you",
    "not-timing - -",
    "object-duration - -",
    "reference - -",
    "reference tests any",
    "reference tests controller",
    "reference tests opponent",
    "reference tests other-player",
    "reference tests that-player",
    "reference tests you",
    "step-effect applies any",
    "step-effect applies controller",
    "step-effect applies named-player",
    "step-effect applies opponent",
    "step-effect applies other-player",
    "step-effect applies target-player",
    "step-effect applies that-player",
    "step-effect applies you",
    "trigger - -",
    "trigger triggers any",
    "trigger triggers chosen-player",
    "trigger triggers controller",
    "trigger triggers enchanted-player",
    "trigger triggers monarch",
    "trigger triggers named-player",
    "trigger triggers object-owner",
    "trigger triggers opponent",
    "trigger triggers other-player",
    "trigger triggers that-player",
    "trigger triggers you",
    "turn-based-action happens any",
    "turn-based-action happens controller",
    "turn-based-action happens you",
    "turn-change - -",
    "turn-change adds any",
    "turn-change adds that-player",
    "turn-change ends any",
    "turn-change skips any",
    "turn-change skips that-player",
    "turn-change skips you",
    "unknown - -",
    "window - -",
    "window closes any",
    "window closes opponent",
    "window closes that-player",
    "window closes you",
    "window opens any",
    "window opens opponent",
    "window opens that-player",
    "window opens you",
];

/// Each combination the corpus uses has a row, so each has a sentence pinned.
#[test]
fn the_table_has_a_row_for_each_combination_the_corpus_uses() {
    let rows = rows();
    let missing: Vec<&&str> = CORPUS_COMBINATIONS
        .iter()
        .filter(|combination| {
            !rows
                .iter()
                .any(|row| format!("{} {} {}", row.kind, row.role, row.owner) == **combination)
        })
        .collect();
    assert!(missing.is_empty(), "no row for {missing:?}");
}
