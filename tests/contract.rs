//! Every row of the three "Required mappings" tables of TIMING-MODEL.md (versions 1, 2 and 3),
//! as table-driven tests (tests/data/contract.table, contract_v2.table, contract_v3.table), and
//! the conditions the tables give in prose. The third table is checked through the binary,
//! `phaselint explain --format json`, as a user reads it.

#[path = "support/cli.rs"]
mod cli;
#[path = "support/table.rs"]
mod table;

use phaselint::model::{Condition, Finding, Kind};
use phaselint::resolve::find_and_resolve;

struct Row {
    line: usize,
    text: String,
    kind: String,
    canonical: String,
    rules: Vec<String>,
    caveats: Vec<String>,
    /// The card's name, for a row checked "when the card is named" it (`explain --name`).
    name: Option<String>,
}

fn list(cell: &str) -> Vec<String> {
    cell.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

fn rows(text: &str) -> Vec<Row> {
    table::cells(text, "|")
        .into_iter()
        .map(|(line, cells)| {
            assert!(
                matches!(cells.len(), 5 | 6),
                "line {line}: five cells expected, and a card name"
            );
            Row {
                line,
                text: cells[0].to_string(),
                kind: cells[1].to_string(),
                canonical: cells[2].to_string(),
                rules: list(cells[3]),
                caveats: list(cells[4]),
                name: cells.get(5).map(|name| name.to_string()),
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
    if finding.canonical() != row.canonical {
        problems.push(format!(
            "timing {:?} (expected {:?})",
            finding.canonical(),
            row.canonical
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
                findings[i].kind.as_str() == row.kind && findings[i].canonical() == row.canonical
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
        .find(|f| f.canonical() == "triggers begin(end, that, you)")
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

/// Rows of the version 3 table this branch does not make hold, each with why. A row here that
/// holds fails the test: remove it.
const PENDING_V3: &[(&str, &str)] = &[
    // Issue 22: who holds a keyword, a clause's kind by what it does, rules cited by their scope.
];

/// What `phaselint explain --format json` says of `row`, or why it does not hold.
fn explained(row: &Row) -> Result<(), String> {
    let dir = std::env::temp_dir();
    let mut args = vec!["explain", "--format", "json"];
    if let Some(name) = &row.name {
        args.extend(["--name", name.as_str()]);
    }
    args.extend(["--", row.text.as_str()]);
    let output = cli::run(&dir, &args);
    if !output.status.success() {
        return Err(format!(
            "explain failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let findings: Vec<serde_json::Value> =
        serde_json::from_slice(&output.stdout).map_err(|e| format!("not a JSON array: {e}"))?;
    let text = |finding: &serde_json::Value, key: &str| {
        finding[key].as_str().unwrap_or_default().to_string()
    };
    if let Some(unknown) = findings.iter().find(|f| f["kind"] == "unknown") {
        return Err(format!("{:?} is unknown", text(unknown, "phrase")));
    }
    let matching: Vec<&serde_json::Value> = findings
        .iter()
        .filter(|f| text(f, "kind") == row.kind && text(f, "canonical") == row.canonical)
        .collect();
    let [finding] = matching.as_slice() else {
        return Err(format!(
            "expected one finding of kind {} with {:?}, got {}",
            row.kind,
            row.canonical,
            String::from_utf8_lossy(&output.stdout)
        ));
    };
    let listed = |key: &str, field: Option<&str>| -> Vec<String> {
        finding[key]
            .as_array()
            .into_iter()
            .flatten()
            .map(|item| field.map_or(item, |field| &item[field]))
            .filter_map(|value| value.as_str().map(String::from))
            .collect()
    };
    let (rules, caveats) = (listed("rules", None), listed("caveats", Some("code")));
    let mut problems = Vec::new();
    problems.extend(
        row.rules
            .iter()
            .filter(|rule| !rules.contains(rule))
            .map(|rule| format!("rule {rule} not cited (cited {rules:?})")),
    );
    problems.extend(
        row.caveats
            .iter()
            .filter(|code| !caveats.contains(code))
            .map(|code| format!("caveat {code} not raised")),
    );
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

#[test]
fn every_version_3_mapping_holds_through_explain_json() {
    let rows = rows(include_str!("data/contract_v3.table"));
    assert_eq!(rows.len(), 23, "the version 3 table has 23 rows");
    let outcomes: Vec<_> = rows
        .iter()
        .map(|row| (row.line, row.text.as_str(), explained(row)))
        .collect();
    let failures = table::failures(&outcomes, PENDING_V3, "PENDING_V3");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
