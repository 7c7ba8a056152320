//! Every row of the "Required mappings" table of TIMING-MODEL.md, as one table-driven test
//! (tests/data/contract.table), and the conditions the table gives in prose.

use phaselint::model::Condition;
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

fn rows() -> Vec<Row> {
    let table = include_str!("data/contract.table");
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

#[test]
fn every_required_mapping_holds() {
    let rows = rows();
    assert_eq!(rows.len(), 29, "the contract table has 29 rows");
    let mut failures = Vec::new();
    for row in &rows {
        let (findings, errors) = find_and_resolve(&row.text);
        assert!(errors.is_empty(), "line {}: {errors:?}", row.line);
        if findings.len() != 1 {
            failures.push(format!(
                "line {}: {:?}: expected one finding, got {:#?}",
                row.line, row.text, findings
            ));
            continue;
        }
        let finding = &findings[0];
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
