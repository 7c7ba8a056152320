//! Every row of the two "Required mappings" tables of TIMING-MODEL.md (version 1 and version 2),
//! as table-driven tests (tests/data/contract.table, tests/data/contract_v2.table), and the
//! conditions the tables give in prose.

use phaselint::model::{Condition, Finding, Kind};
use phaselint::resolve::find_and_resolve;

struct Row {
    line: usize,
    text: String,
    kind: String,
    canonical: String,
    rules: Vec<String>,
    caveats: Vec<String>,
}

fn list(cell: &str) -> Vec<String> {
    cell.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

fn rows(table: &str) -> Vec<Row> {
    table
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(cells.len(), 5, "line {}: five cells expected", index + 1);
            Row {
                line: index + 1,
                text: cells[0].to_string(),
                kind: cells[1].to_string(),
                canonical: cells[2].to_string(),
                rules: list(cells[3]),
                caveats: list(cells[4]),
            }
        })
        .collect()
}

/// What is wrong with `finding` against `row`: kind, timing, rules, caveats.
fn problems(row: &Row, finding: &Finding) -> Vec<String> {
    let mut problems = Vec::new();
    if finding.kind.as_str() != row.kind {
        problems.push(format!("kind {} (expected {})", finding.kind, row.kind));
    }
    if finding.canonical != row.canonical {
        problems.push(format!(
            "timing {:?} (expected {:?})",
            finding.canonical, row.canonical
        ));
    }
    for rule in &row.rules {
        if !finding.rules.contains(&rule.as_str()) {
            problems.push(format!("rule {rule} not cited (cited {:?})", finding.rules));
        }
    }
    for code in &row.caveats {
        if !finding.caveats.iter().any(|c| c.code == code) {
            problems.push(format!("caveat {code} not raised"));
        }
    }
    problems
}

/// Checks every row, `pick` choosing the finding a row is about; fails with every failure.
fn check_rows(rows: &[Row], pick: fn(&Row, &[Finding]) -> Result<usize, String>) {
    let mut failures = Vec::new();
    for row in rows {
        let (findings, errors) = find_and_resolve(&row.text);
        assert!(errors.is_empty(), "line {}: {errors:?}", row.line);
        let problems = match pick(row, &findings) {
            Ok(index) => problems(row, &findings[index]),
            Err(problem) => vec![problem],
        };
        if !problems.is_empty() {
            failures.push(format!(
                "line {}: {:?}: {}",
                row.line,
                row.text,
                problems.join("; ")
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_required_mapping_holds() {
    let rows = rows(include_str!("data/contract.table"));
    assert_eq!(rows.len(), 29, "the contract table has 29 rows");
    check_rows(&rows, |_, findings| match findings {
        [_] => Ok(0),
        _ => Err(format!("expected one finding, got {findings:#?}")),
    });
}

#[test]
fn every_version_2_mapping_holds() {
    let rows = rows(include_str!("data/contract_v2.table"));
    assert_eq!(rows.len(), 18, "the version 2 table has 18 rows");
    check_rows(&rows, |row, findings| {
        if let Some(unknown) = findings.iter().find(|f| f.kind == Kind::Unknown) {
            return Err(format!("{:?} is unknown", unknown.phrase));
        }
        let matching: Vec<usize> = (0..findings.len())
            .filter(|&i| {
                findings[i].kind.as_str() == row.kind && findings[i].canonical == row.canonical
            })
            .collect();
        // A keyword with its reminder text ("Phasing (This phases in or out ...)") gives the
        // keyword's finding (702.26a) and the reminder's, with the same meaning.
        match matching.as_slice() {
            [index] | [index, _] => Ok(*index),
            _ => Err(format!(
                "expected one finding of kind {} with {:?}, got {findings:#?}",
                row.kind, row.canonical
            )),
        }
    });
}

/// A `that` finding carries the span of the phrase that named its turn or combat.
#[test]
fn a_that_occurrence_carries_its_antecedent() {
    let text = "Take an extra turn after this one. At the beginning of that turn's end step, you lose the game.";
    let (findings, _) = find_and_resolve(text);
    let that = findings
        .iter()
        .find(|f| f.canonical == "triggers begin(end, that, you)")
        .expect("the that-turn trigger");
    let antecedent = that.antecedent.expect("an antecedent");
    assert_eq!(antecedent.of(text), "Take an extra turn after this one");
    let json = serde_json::to_value(that).unwrap();
    assert_eq!(
        json["antecedent"],
        serde_json::json!({"start": 0, "end": 33})
    );

    // With nothing before it to refer to, "that turn" is not understood, never guessed.
    let (alone, _) =
        find_and_resolve("At the beginning of that turn's end step, you lose the game.");
    assert_eq!(alone.len(), 1);
    assert_eq!(alone[0].kind, Kind::Unknown);
    assert!(alone[0].timing.is_empty());
}

#[test]
fn sorcery_timing_needs_an_empty_stack() {
    let (findings, _) = find_and_resolve("Activate only as a sorcery.");
    assert_eq!(findings[0].conditions, vec![Condition::StackEmpty]);
}

#[test]
fn spans_point_at_the_phrase() {
    let text = "Target creature gains flying until end of combat.";
    let (findings, _) = find_and_resolve(text);
    let span = findings[0].span;
    assert_eq!(&text[span.start..span.end], "until end of combat");
}

#[test]
fn the_json_shape_is_the_contracts() {
    let (findings, _) = find_and_resolve("gains flying until end of combat");
    let json = serde_json::to_value(&findings[0]).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "phrase": "until end of combat",
            "span": {"start": 13, "end": 32},
            "kind": "duration",
            "timing": [{"role": "expires", "edge": "end", "unit": "combat", "occurrence": "this", "owner": "any"}],
            "conditions": [],
            "canonical": "expires end(combat, this, any)",
            "rules": ["500.5a", "511.2"],
            "caveats": []
        })
    );
}
