//! The formats for CI systems other than GitHub, read as those systems read them: `gitlab` held to
//! the fields GitLab's Code Quality report requires, `junit` and `checkstyle` parsed as XML, each
//! with one issue, failure or error per diagnostic of the same run's `json` report. Their exact
//! text is in `snapshots/check_fixtures_{gitlab,junit,checkstyle}.snap`.

use crate::cli;

use cli::{Project, assert_exit, run, stdout};
use quick_xml::Reader;
use quick_xml::events::Event;
use serde_json::Value;
use std::collections::{BTreeMap, HashSet};
use std::path::Path;

/// A card whose name holds every character XML escapes, and characters XML 1.0 cannot hold at
/// all (C0 controls and the noncharacters U+FFFE and U+FFFF): in every message that names the
/// card.
const MARKUP_CARD: &str = "\
- name: \"Fish & <Chips> \\\"Deluxe\\\" \\e]0;x\\a\\uFFFE\\uFFFF Golem\"
  type: Artifact Creature — Golem
  text: At end of turn, sacrifice this creature.
";

const CLEAN_CARD: &str = "\
- name: Quiet Owl
  type: Creature — Bird
  text: Flying
";

/// `phaselint check --format FORMAT PATH...` in `dir`: its stdout.
fn report(dir: &Path, format: &str, paths: &[&str]) -> String {
    let mut args = vec!["check", "--format", format];
    args.extend(paths);
    let output = run(dir, &args);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{format}: {output:?}"
    );
    stdout(&output)
}

/// The diagnostics of the same run in the json format: what each other format must carry.
fn json_diagnostics(dir: &Path, paths: &[&str]) -> Vec<Value> {
    let document: Value =
        serde_json::from_str(&report(dir, "json", paths)).expect("the json format is JSON");
    document["diagnostics"]
        .as_array()
        .expect("a diagnostics array")
        .clone()
}

/// Whether XML 1.0 can hold `c` (its production `Char`), raw or as a character reference.
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}')
        || c >= '\u{10000}'
}

/// The name's characters that XML 1.0 cannot hold, as the XML formats show them.
fn shown(text: &str) -> String {
    text.replace('\u{1b}', "␛")
        .replace('\u{7}', "␇")
        .replace('\u{fffe}', "\\u{fffe}")
        .replace('\u{ffff}', "\\u{ffff}")
}

/// Each element of an XML document, in order: its name and its attributes, unescaped. Panics
/// where the document is not well-formed (a tag left open or closed twice, a bad escape, a
/// character XML 1.0 cannot hold).
fn elements(xml: &str) -> Vec<(String, BTreeMap<String, String>)> {
    if let Some(bad) = xml.chars().find(|&c| !xml_char(c)) {
        panic!("well-formed XML holds no {bad:?}\n{xml}");
    }
    let mut reader = Reader::from_str(xml);
    let mut found = Vec::new();
    let mut depth = 0usize;
    loop {
        let event = reader
            .read_event()
            .unwrap_or_else(|error| panic!("well-formed XML: {error}\n{xml}"));
        let tag = match &event {
            Event::Start(tag) | Event::Empty(tag) => tag,
            Event::End(_) => {
                depth = depth.checked_sub(1).expect("no end tag without a start");
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        if matches!(event, Event::Start(_)) {
            depth += 1;
        }
        let attributes = tag
            .attributes()
            .map(|attribute| {
                let attribute = attribute.expect("a well-formed attribute");
                // As an XML 1.0 reader sees it: escapes resolved, line breaks made spaces.
                let value = attribute
                    .normalized_value(quick_xml::XmlVersion::Explicit1_0)
                    .expect("a well-escaped value");
                (
                    String::from_utf8_lossy(attribute.key.as_ref()).into_owned(),
                    value.into_owned(),
                )
            })
            .collect();
        found.push((
            String::from_utf8_lossy(tag.name().as_ref()).into_owned(),
            attributes,
        ));
    }
    assert_eq!(depth, 0, "every element is closed:\n{xml}");
    found
}

fn named<'a>(
    elements: &'a [(String, BTreeMap<String, String>)],
    name: &str,
) -> Vec<&'a BTreeMap<String, String>> {
    elements
        .iter()
        .filter(|(element, _)| element == name)
        .map(|(_, attributes)| attributes)
        .collect()
}

/// `severity[CODE] message (card: Name)`: the line every one of these formats writes.
fn headline(diagnostic: &Value) -> String {
    let card = match diagnostic["card"].as_str() {
        Some(card) => format!(" (card: {card})"),
        None => String::new(),
    };
    format!(
        "{}[{}] {}{card}",
        diagnostic["severity"].as_str().expect("a severity"),
        diagnostic["code"].as_str().expect("a code"),
        diagnostic["message"].as_str().expect("a message")
    )
}

fn markup_project() -> Project {
    Project::with(&[("golem.yaml", MARKUP_CARD), ("owl.yaml", CLEAN_CARD)])
}

#[test]
fn gitlab_issues_have_every_field_code_quality_requires() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let paths = ["fixtures/"];
    let issues: Value =
        serde_json::from_str(&report(root, "gitlab", &paths)).expect("the gitlab format is JSON");
    let issues = issues.as_array().expect("an array of issues");
    let diagnostics = json_diagnostics(root, &paths);
    assert!(diagnostics.len() > 20, "the fixtures have findings");
    assert_eq!(issues.len(), diagnostics.len(), "an issue per diagnostic");
    let mut prints = HashSet::new();
    for (issue, diagnostic) in issues.iter().zip(&diagnostics) {
        let text = |key: &str| issue[key].as_str().filter(|text| !text.is_empty());
        assert_eq!(text("description"), Some(headline(diagnostic).as_str()));
        assert_eq!(text("check_name"), diagnostic["code"].as_str());
        let print = text("fingerprint").expect("a fingerprint");
        assert!(prints.insert(print), "fingerprint {print} is unique");
        assert!(
            ["info", "minor", "major", "critical", "blocker"]
                .contains(&text("severity").unwrap_or("")),
            "{issue}"
        );
        assert_eq!(issue["location"]["path"], diagnostic["file"]);
        let begin = issue["location"]["lines"]["begin"]
            .as_u64()
            .expect("lines.begin");
        assert!(begin >= 1, "{issue}");
        assert_eq!(Some(begin), diagnostic["line"].as_u64());
    }
}

#[test]
fn gitlab_escapes_what_json_must() {
    let project = markup_project();
    let issues: Value =
        serde_json::from_str(&report(project.path(), "gitlab", &["."])).expect("JSON");
    assert_eq!(
        issues[0]["description"],
        "error[PL101] \"At end of turn\" is obsolete wording (card: Fish & <Chips> \"Deluxe\" \
         ␛]0;x␇\\u{fffe}\\u{ffff} Golem)"
    );
}

/// `check` of each run the XML formats are held to, the fixtures and a project with markup in a
/// card's name: the output in `format`, and the diagnostics of the same run in the json format.
fn each_run(format: &str, check: impl Fn(&str, &[Value])) {
    let project = markup_project();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (dir, path) in [(root, "fixtures/"), (project.path(), ".")] {
        check(
            &report(dir, format, &[path]),
            &json_diagnostics(dir, &[path]),
        );
    }
}

#[test]
fn junit_has_a_failure_per_diagnostic_and_a_suite_per_file() {
    each_run("junit", |xml, diagnostics| {
        let elements = elements(xml);
        let root = named(&elements, "testsuites");
        assert_eq!(root.len(), 1, "{xml}");
        assert_eq!(root[0]["failures"], diagnostics.len().to_string());
        let failures = named(&elements, "failure");
        assert_eq!(failures.len(), diagnostics.len(), "{xml}");
        for (failure, diagnostic) in failures.iter().zip(diagnostics) {
            assert_eq!(failure["message"], shown(&headline(diagnostic)));
            assert_eq!(Some(failure["type"].as_str()), diagnostic["code"].as_str());
        }
        let suites = named(&elements, "testsuite");
        let counted: usize = suites
            .iter()
            .map(|suite| suite["failures"].parse::<usize>().expect("a count"))
            .sum();
        assert_eq!(counted, diagnostics.len());
        let cases: usize = suites
            .iter()
            .map(|suite| suite["tests"].parse::<usize>().expect("a count"))
            .sum();
        assert_eq!(cases, named(&elements, "testcase").len());
        assert_eq!(root[0]["tests"], cases.to_string());
    });
}

#[test]
fn junit_counts_a_clean_file_as_a_passed_test() {
    let project = markup_project();
    let elements = elements(&report(project.path(), "junit", &["owl.yaml"]));
    let suites = named(&elements, "testsuite");
    assert_eq!(suites.len(), 1);
    assert_eq!(
        (suites[0]["name"].as_str(), suites[0]["tests"].as_str()),
        ("owl.yaml", "1")
    );
    assert!(named(&elements, "failure").is_empty());
}

#[test]
fn checkstyle_has_an_error_per_diagnostic_under_its_file() {
    each_run("checkstyle", |xml, diagnostics| {
        let elements = elements(xml);
        let root = elements.first().map(|(name, _)| name.as_str());
        assert_eq!(root, Some("checkstyle"));
        let mut file = None;
        let mut errors = Vec::new();
        for (name, attributes) in &elements {
            match name.as_str() {
                "file" => file = attributes.get("name").cloned(),
                "error" => errors.push((file.clone(), attributes)),
                _ => {}
            }
        }
        assert_eq!(errors.len(), diagnostics.len(), "{xml}");
        for ((file, error), diagnostic) in errors.iter().zip(diagnostics) {
            assert_eq!(file.as_deref(), diagnostic["file"].as_str());
            assert_eq!(error["message"], shown(&headline(diagnostic)));
            assert_eq!(error["line"], diagnostic["line"].to_string());
            assert_eq!(error["column"], diagnostic["column"].to_string());
            let severity = diagnostic["severity"].as_str().unwrap_or("");
            let expected = if severity == "note" { "info" } else { severity };
            assert_eq!(error["severity"], expected);
            assert_eq!(
                error["source"],
                format!("phaselint.{}", diagnostic["code"].as_str().unwrap_or(""))
            );
        }
    });
}

#[test]
fn output_format_is_format_by_another_name() {
    let project = markup_project();
    let by = |flag: &str| run(project.path(), &["check", flag, "short", "golem.yaml"]);
    let (format, output_format) = (by("--format"), by("--output-format"));
    assert_exit(&output_format, 1);
    assert_eq!(stdout(&output_format), stdout(&format));
    assert!(stdout(&format).starts_with("golem.yaml:3:9: error[PL101] "));
    let help = run(project.path(), &["check", "--help"]);
    assert!(
        stdout(&help).contains("--output-format"),
        "the alias is shown in --help"
    );
    for format in ["gitlab", "junit", "checkstyle"] {
        assert!(
            stdout(&help).contains(format),
            "{format} is listed in --help"
        );
    }
}
