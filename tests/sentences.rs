//! The sentence `explain` gives each kind x role x owner that card text uses
//! (tests/data/sentences.table), each written from the CR: a sentence says no more and no less
//! than its finding.

use phaselint::explain::explain;

/// Rows that do not hold yet, with the reason; a pending row that comes to hold fails the test
/// until it is taken off this list.
const PENDING: &[(&str, &str)] = &[
    (
        "Enchanted creature has phasing.",
        "issue 22 §1: a keyword granted to another permanent is held by its controller (109.5)",
    ),
    (
        "Exile target creature and put two time counters on it. If it doesn't have suspend, it gains suspend.",
        "issue 22 §1: a keyword granted to a card in exile is held by its owner (109.5)",
    ),
];

struct Row {
    line: usize,
    kind: String,
    role: String,
    owner: String,
    text: String,
    sentence: String,
}

fn rows() -> Vec<Row> {
    include_str!("data/sentences.table")
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| {
            let cells: Vec<&str> = line.split(" | ").map(str::trim).collect();
            let combination: Vec<&str> = cells[0].split(' ').collect();
            assert!(
                cells.len() == 3 && combination.len() == 3,
                "line {}: `kind role owner | text | sentence` expected",
                index + 1
            );
            Row {
                line: index + 1,
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
                .map(|e| format!("{} {}", e.finding.kind, e.finding.canonical))
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
    for (text, _) in PENDING {
        assert!(
            rows.iter().any(|row| row.text == *text),
            "{text:?} is pending but is no row of the table"
        );
    }
    let mut failures = Vec::new();
    for row in &rows {
        let pending = PENDING.iter().any(|(text, _)| *text == row.text);
        let holds = said(row).and_then(|said| match said == row.sentence {
            true => Ok(()),
            false => Err(format!("said {said:?}\n    wanted {:?}", row.sentence)),
        });
        match (holds, pending) {
            (Ok(()), false) | (Err(_), true) => {}
            (Err(problem), false) => {
                failures.push(format!("line {}: {:?}: {problem}", row.line, row.text));
            }
            (Ok(()), true) => failures.push(format!(
                "line {}: {:?} holds now: remove it from PENDING",
                row.line, row.text
            )),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Every kind x role x owner the table claims is one it has a row for, and the table has a row
/// for each combination of the vocabulary it lists, so a new combination gets a sentence row.
#[test]
fn the_table_covers_each_combination_once_at_least() {
    let rows = rows();
    let mut combinations: Vec<(String, String, String)> = rows
        .iter()
        .map(|row| (row.kind.clone(), row.role.clone(), row.owner.clone()))
        .collect();
    combinations.sort();
    combinations.dedup();
    assert!(
        combinations.len() >= 60,
        "{} combinations",
        combinations.len()
    );
}
