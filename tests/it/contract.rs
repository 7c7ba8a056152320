//! Every row of the four "Required mappings" tables of TIMING-MODEL.md (versions 1 to 4), as
//! table-driven tests (tests/data/contract.table, contract_v2.table, contract_v3.table,
//! contract_v4.table), and the conditions the tables give in prose. The third and fourth tables
//! are checked through the binary, `phaselint explain --format json`, as a user reads it.

use crate::cli;
use crate::table;

use phaselint::model::{Condition, Finding, Kind};
use phaselint::resolve::find_and_resolve;

struct Row {
    line: usize,
    text: String,
    kind: String,
    canonical: String,
    rules: Vec<String>,
    caveats: Vec<String>,
    /// The caveat cell as written: a row of kind `unknown` names its phrase there.
    caveat_cell: String,
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
                caveat_cell: cells[4].to_string(),
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
    let rows = rows(include_str!("../data/contract.table"));
    assert_eq!(rows.len(), 29, "the contract table has 29 rows");
    check_rows(&rows, |_, findings| match findings {
        [_] => Ok(0),
        _ => Err(format!("expected one finding, got {findings:#?}")),
    });
}

#[test]
fn every_version_2_mapping_holds() {
    let rows = rows(include_str!("../data/contract_v2.table"));
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

/// The findings `phaselint explain --format json` prints for `row`, and its output as printed.
fn explain_json(row: &Row) -> Result<(Vec<serde_json::Value>, String), String> {
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
    let findings =
        serde_json::from_slice(&output.stdout).map_err(|e| format!("not a JSON array: {e}"))?;
    Ok((
        findings,
        String::from_utf8_lossy(&output.stdout).into_owned(),
    ))
}

/// A string field of a JSON finding, or "".
fn text(finding: &serde_json::Value, key: &str) -> String {
    finding[key].as_str().unwrap_or_default().to_string()
}

/// The strings of a list field of a JSON finding, or of `field` of each of its items.
fn listed(finding: &serde_json::Value, key: &str, field: Option<&str>) -> Vec<String> {
    finding[key]
        .as_array()
        .into_iter()
        .flatten()
        .map(|item| field.map_or(item, |field| &item[field]))
        .filter_map(|value| value.as_str().map(String::from))
        .collect()
}

/// The one finding of `row`'s kind with the timing `canonical`, none of `findings` unknown.
fn the_finding<'f>(
    row: &Row,
    canonical: &str,
    findings: &'f [serde_json::Value],
    printed: &str,
) -> Result<&'f serde_json::Value, String> {
    if let Some(unknown) = findings.iter().find(|f| f["kind"] == "unknown") {
        return Err(format!("{:?} is unknown", text(unknown, "phrase")));
    }
    let matching: Vec<&serde_json::Value> = findings
        .iter()
        .filter(|f| text(f, "kind") == row.kind && text(f, "canonical") == canonical)
        .collect();
    match matching.as_slice() {
        [finding] => Ok(finding),
        _ => Err(format!(
            "expected one finding of kind {} with {canonical:?}, got {printed}",
            row.kind
        )),
    }
}

/// The rules of `row` that `finding` does not cite and its caveat codes it does not raise.
fn uncited(row: &Row, finding: &serde_json::Value) -> Vec<String> {
    let (rules, caveats) = (
        listed(finding, "rules", None),
        listed(finding, "caveats", Some("code")),
    );
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
    problems
}

/// A row holds when nothing is wrong with it.
fn outcome(problems: Vec<String>) -> Result<(), String> {
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// What `phaselint explain --format json` says of `row`, or why it does not hold.
fn explained(row: &Row) -> Result<(), String> {
    let (findings, printed) = explain_json(row)?;
    let finding = the_finding(row, &row.canonical, &findings, &printed)?;
    outcome(uncited(row, finding))
}

#[test]
fn every_version_3_mapping_holds_through_explain_json() {
    let rows = rows(include_str!("../data/contract_v3.table"));
    assert_eq!(rows.len(), 23, "the version 3 table has 23 rows");
    let outcomes: Vec<_> = rows
        .iter()
        .map(|row| (row.line, row.text.as_str(), explained(row)))
        .collect();
    let failures = table::failures(&outcomes, PENDING_V3, "PENDING_V3");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Rows of the version 4 table this branch does not make hold, each with why. A row here that
/// holds fails the test: remove it.
const PENDING_V4: &[(&str, &str)] = &[];

/// What a row of the version 4 table asks beyond its finding, in the contract's prose, where it
/// can be checked exactly.
enum Also {
    /// No finding of this kind.
    NoKind(&'static str),
    /// No finding with this timing.
    NoTiming(&'static str),
    /// No finding of this kind on any of these words of the text.
    NoKindOn(&'static str, &'static str),
    /// The row's own finding does not cite this rule.
    NotCited(&'static str),
    /// Another finding: of this kind (any, for `None`), with this timing, citing these rules, and
    /// with a caveat of some code when `caveated`.
    Finding {
        kind: Option<&'static str>,
        canonical: &'static str,
        rules: &'static [&'static str],
        caveated: bool,
    },
}

/// The version 4 table's prose, by row.
const EXTRA_V4: &[(&str, &[Also])] = &[
    (
        "Whenever you scry, the next instant or sorcery spell you cast this turn costs {1} less to cast.",
        &[Also::NoKind("delayed-trigger")],
    ),
    (
        "The player skips each instance of the chosen step or phase this turn.",
        &[Also::Finding {
            kind: Some("turn-change"),
            canonical: "",
            rules: &["500.11", "614.10"],
            caveated: false,
        }],
    ),
    (
        "At the beginning of each of your postcombat main phases, there is an additional beginning phase after this phase.",
        &[
            Also::NotCited("505.1a"),
            Also::Finding {
                kind: Some("trigger"),
                canonical: "triggers begin(postcombat-main, each, you)",
                rules: &["500.6", "505.1a"],
                caveated: false,
            },
        ],
    ),
    (
        "Target creature gets +1/+1 until the turn ends.",
        &[Also::NoTiming("expires begin(turn, next, any)")],
    ),
    (
        "You may activate loyalty abilities of that planeswalker any time you could cast an instant this turn.",
        &[Also::Finding {
            kind: Some("window"),
            canonical: "",
            rules: &["117.1a", "606.3"],
            caveated: true,
        }],
    ),
    (
        "If you do, it gains haste, and after this combat phase, there is an additional combat phase. Sacrifice that creature at the end of that combat.",
        &[
            Also::Finding {
                kind: None,
                canonical: "adds end(combat, this, any)",
                rules: &["500.8"],
                caveated: false,
            },
            Also::NoKindOn("duration", "gains haste, and after this combat"),
        ],
    ),
];

/// What is wrong with `findings` of `row`, `finding` the row's own if it has one, against `also`.
fn also_problems(
    row: &Row,
    also: &Also,
    finding: Option<&serde_json::Value>,
    findings: &[serde_json::Value],
) -> Option<String> {
    let phrases_of = |pick: &dyn Fn(&serde_json::Value) -> bool| -> Vec<String> {
        findings
            .iter()
            .filter(|f| pick(f))
            .map(|f| text(f, "phrase"))
            .collect()
    };
    match also {
        Also::NoKind(kind) => {
            let found = phrases_of(&|f| text(f, "kind") == *kind);
            (!found.is_empty()).then(|| format!("a {kind} finding on {found:?}"))
        }
        Also::NoTiming(canonical) => {
            let found = phrases_of(&|f| text(f, "canonical") == *canonical);
            (!found.is_empty()).then(|| format!("a finding {canonical:?} on {found:?}"))
        }
        Also::NoKindOn(kind, words) => {
            let start = row.text.find(words).expect("the words are the row's");
            let end = start + words.len();
            let found = phrases_of(&|f| {
                let span = |key: &str| f["span"][key].as_u64().unwrap_or_default() as usize;
                text(f, "kind") == *kind && span("start") < end && start < span("end")
            });
            (!found.is_empty()).then(|| format!("a {kind} finding on {found:?}"))
        }
        Also::NotCited(rule) => finding
            .is_some_and(|finding| listed(finding, "rules", None).contains(&rule.to_string()))
            .then(|| format!("rule {rule} cited")),
        Also::Finding {
            kind,
            canonical,
            rules,
            caveated,
        } => {
            let holds = findings.iter().any(|f| {
                let cited = listed(f, "rules", None);
                kind.is_none_or(|kind| text(f, "kind") == kind)
                    && text(f, "canonical") == *canonical
                    && rules.iter().all(|rule| cited.contains(&rule.to_string()))
                    && (!caveated || !listed(f, "caveats", Some("code")).is_empty())
            });
            (!holds).then(|| {
                format!(
                    "no {}finding {canonical:?} citing {rules:?}{}",
                    kind.map_or(String::new(), |kind| format!("{kind} ")),
                    if *caveated { " with a caveat" } else { "" }
                )
            })
        }
    }
}

/// What `phaselint explain --format json` says of a row of the version 4 table, or why it does
/// not hold: its finding and conditions, or for a row of kind `unknown` the unknown finding on
/// the phrase its caveat cell names, and what `EXTRA_V4` asks of it.
fn explained_v4(row: &Row) -> Result<(), String> {
    let (findings, _) = explain_json(row)?;
    let summary: Vec<String> = findings
        .iter()
        .map(|f| {
            let timing = text(f, "canonical");
            format!("{} {:?} {timing:?}", text(f, "kind"), text(f, "phrase"))
        })
        .collect();
    let printed = format!("[{}]", summary.join(", "));
    if row.kind == "unknown" {
        let phrase = row
            .caveat_cell
            .strip_prefix("PL001 on \"")
            .and_then(|rest| rest.strip_suffix('"'))
            .expect("an unknown row names its phrase: PL001 on \"...\"");
        let found = findings.iter().any(|f| {
            f["kind"] == "unknown" && text(f, "phrase") == phrase && text(f, "canonical").is_empty()
        });
        return if found {
            Ok(())
        } else {
            Err(format!("no unknown finding on {phrase:?}, got {printed}"))
        };
    }
    let (conditions, points): (Vec<&str>, Vec<&str>) = row
        .canonical
        .split("; ")
        .filter(|piece| !piece.is_empty())
        .partition(|piece| piece.starts_with("condition "));
    // What the prose asks is checked even when the row's own finding is not there.
    let (finding, mut problems) = match the_finding(row, &points.join("; "), &findings, &printed) {
        Ok(finding) => (Some(finding), uncited(row, finding)),
        Err(problem) => (None, vec![problem]),
    };
    if let Some(finding) = finding {
        let held = listed(finding, "conditions", None);
        problems.extend(
            conditions
                .iter()
                .map(|condition| &condition["condition ".len()..])
                .filter(|condition| !held.iter().any(|held| held == condition))
                .map(|condition| format!("condition {condition} not given (given {held:?})")),
        );
    }
    let extra = EXTRA_V4.iter().filter(|(text, _)| *text == row.text);
    for also in extra.flat_map(|(_, also)| also.iter()) {
        problems.extend(also_problems(row, also, finding, &findings));
    }
    outcome(problems)
}

#[test]
fn every_version_4_mapping_holds_through_explain_json() {
    let rows = rows(include_str!("../data/contract_v4.table"));
    assert_eq!(rows.len(), 22, "the version 4 table has 22 rows");
    for (text, _) in EXTRA_V4 {
        assert!(
            rows.iter().any(|row| row.text == *text),
            "{text:?} is in EXTRA_V4 but is no row of the table"
        );
    }
    let outcomes: Vec<_> = rows
        .iter()
        .map(|row| (row.line, row.text.as_str(), explained_v4(row)))
        .collect();
    let failures = table::failures(&outcomes, PENDING_V4, "PENDING_V4");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
