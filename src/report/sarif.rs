//! The sarif format: SARIF 2.1.0, the static-analysis log that GitHub code scanning and editors'
//! SARIF viewers read. One run; every rule described under `tool.driver.rules`; each result with
//! its place in lines, character columns and character offsets (`columnKind` says code points),
//! a fingerprint that survives edits above it, and the fix as artifact changes.

use super::fingerprint::fingerprints;
use crate::check::CheckedFile;
use crate::diagnostic::{Diagnostic, Fix};
use crate::lines::LineIndex;
use crate::rules::RuleInfo;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;
use std::ops::Range;

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
const VERSION: &str = "2.1.0";
/// The key of our fingerprint; the version bumps if what it hashes ever changes.
const FINGERPRINT_KEY: &str = "phaselint/v1";

#[derive(Serialize)]
struct Log {
    #[serde(rename = "$schema")]
    schema: &'static str,
    version: &'static str,
    runs: [Run; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    tool: Tool,
    column_kind: &'static str,
    results: Vec<SarifResult>,
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    information_uri: Option<&'static str>,
    rules: Vec<Rule>,
}

/// SARIF's `reportingDescriptor`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: String,
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    short_description: Option<Message>,
    #[serde(skip_serializing_if = "Option::is_none")]
    full_description: Option<Markdown>,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<Markdown>,
    default_configuration: Configuration,
}

#[derive(Serialize)]
struct Message {
    text: String,
}

/// SARIF's `multiformatMessageString`: rule docs are Markdown, which reads well as text too.
#[derive(Serialize)]
struct Markdown {
    text: String,
    markdown: String,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
    /// False for a rule that runs only when selected (PL402, PL403); SARIF's default is true.
    #[serde(skip_serializing_if = "is_true")]
    enabled: bool,
}

fn is_true(value: &bool) -> bool {
    *value
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: String,
    rule_index: usize,
    level: &'static str,
    message: Message,
    locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location>,
    partial_fingerprints: BTreeMap<&'static str, String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<SarifFix>,
    #[serde(skip_serializing_if = "Properties::is_empty")]
    properties: Properties,
}

/// What SARIF has no field for: the card and the Comprehensive Rules cited.
#[derive(Serialize)]
struct Properties {
    #[serde(skip_serializing_if = "Option::is_none")]
    card: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cr: Vec<&'static str>,
}

impl Properties {
    fn is_empty(&self) -> bool {
        self.card.is_none() && self.cr.is_empty()
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: PhysicalLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Message>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

#[derive(Clone, Serialize)]
struct ArtifactLocation {
    uri: String,
}

/// A span given both ways SARIF allows, consistently: lines and columns, and character offsets.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: usize,
    start_column: usize,
    end_line: usize,
    end_column: usize,
    char_offset: usize,
    char_length: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    snippet: Option<Message>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifFix {
    description: Message,
    artifact_changes: [ArtifactChange; 1],
    properties: FixProperties,
}

/// SARIF fixes carry no safety; ours says whether `--fix` would apply it.
#[derive(Serialize)]
struct FixProperties {
    applicability: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange {
    artifact_location: ArtifactLocation,
    replacements: Vec<Replacement>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement {
    deleted_region: Region,
    inserted_content: Message,
}

/// The SARIF log of a run, pretty-printed, ending with a newline.
pub(super) fn render(files: &[CheckedFile], rules: &[&RuleInfo]) -> String {
    let mut descriptors = Descriptors::new(rules);
    let mut results = Vec::new();
    // Indexing a file costs a pass over it: only files with something to report.
    for file in files.iter().filter(|file| !file.diagnostics.is_empty()) {
        let index = LineIndex::new(&file.source);
        let artifact = ArtifactLocation {
            uri: artifact_uri(
                file.raw_path.as_deref().unwrap_or(file.path.as_bytes()),
                cfg!(windows),
            ),
        };
        let prints = fingerprints(file, &index);
        for (diagnostic, print) in file.diagnostics.iter().zip(prints) {
            results.push(result(
                diagnostic,
                descriptors.index_of(diagnostic),
                &index,
                &artifact,
                print,
            ));
        }
    }
    let log = Log {
        schema: SCHEMA,
        version: VERSION,
        runs: [Run {
            tool: Tool {
                driver: Driver {
                    name: "phaselint",
                    version: env!("CARGO_PKG_VERSION"),
                    information_uri: information_uri(),
                    rules: descriptors.rules,
                },
            },
            column_kind: "unicodeCodePoints",
            results,
        }],
    };
    let mut out = serde_json::to_string_pretty(&log).unwrap_or_else(|error| {
        // Plain structs of strings and numbers always serialize; keep the output JSON regardless.
        serde_json::json!({ "error": error.to_string() }).to_string()
    });
    out.push('\n');
    super::visible::visible_json(out)
}

/// The crate's homepage or repository, when Cargo.toml names one: SARIF wants a real URI or none.
fn information_uri() -> Option<&'static str> {
    [env!("CARGO_PKG_HOMEPAGE"), env!("CARGO_PKG_REPOSITORY")]
        .into_iter()
        .find(|uri| !uri.is_empty())
}

/// The rules of the run, and where each code sits among them for `ruleIndex`.
struct Descriptors {
    rules: Vec<Rule>,
    index: HashMap<String, usize>,
}

impl Descriptors {
    fn new(rules: &[&RuleInfo]) -> Self {
        let mut descriptors = Descriptors {
            rules: Vec::with_capacity(rules.len()),
            index: HashMap::new(),
        };
        for rule in rules {
            if descriptors.index.contains_key(rule.code) {
                continue;
            }
            descriptors.push(Rule {
                id: rule.code.to_owned(),
                name: rule.name.to_owned(),
                short_description: Some(Message {
                    text: rule.summary.to_owned(),
                }),
                full_description: Some(Markdown {
                    text: rule.docs.to_owned(),
                    markdown: rule.docs.to_owned(),
                }),
                help: Some(Markdown {
                    text: rule.docs.to_owned(),
                    markdown: rule.docs.to_owned(),
                }),
                default_configuration: Configuration {
                    level: rule.level.as_str(),
                    enabled: rule.on_by_default,
                },
            });
        }
        descriptors
    }

    fn push(&mut self, rule: Rule) {
        self.index.insert(rule.id.clone(), self.rules.len());
        self.rules.push(rule);
    }

    /// The index of the diagnostic's rule. A code the caller did not describe (an unreadable
    /// file, a rule filtered out of `rules`) gets a bare descriptor, so every `ruleIndex` is valid.
    fn index_of(&mut self, diagnostic: &Diagnostic) -> usize {
        if let Some(&index) = self.index.get(diagnostic.code) {
            return index;
        }
        let index = self.rules.len();
        self.push(Rule {
            id: diagnostic.code.to_owned(),
            name: diagnostic.name.to_owned(),
            short_description: None,
            full_description: None,
            help: None,
            default_configuration: Configuration {
                level: diagnostic.severity.as_str(),
                enabled: true,
            },
        });
        index
    }
}

fn result(
    diagnostic: &Diagnostic,
    rule_index: usize,
    index: &LineIndex<'_>,
    artifact: &ArtifactLocation,
    fingerprint: String,
) -> SarifResult {
    let place = |span: &Range<usize>, message: Option<&str>, id: Option<usize>| Location {
        id,
        physical_location: PhysicalLocation {
            artifact_location: artifact.clone(),
            region: region(index, span, true),
        },
        message: message.map(|text| Message {
            text: text.to_owned(),
        }),
    };
    SarifResult {
        rule_id: diagnostic.code.to_owned(),
        rule_index,
        level: diagnostic.severity.as_str(),
        message: Message {
            text: diagnostic.message.clone(),
        },
        locations: vec![place(&diagnostic.span, None, None)],
        related_locations: diagnostic
            .labels
            .iter()
            .enumerate()
            .map(|(id, label)| place(&label.span, Some(&label.message), Some(id)))
            .collect(),
        partial_fingerprints: BTreeMap::from([(FINGERPRINT_KEY, fingerprint)]),
        fixes: diagnostic
            .fix
            .iter()
            .map(|fix| sarif_fix(fix, index, artifact))
            .collect(),
        properties: Properties {
            card: diagnostic.card.clone(),
            cr: diagnostic.cr.clone(),
        },
    }
}

fn sarif_fix(fix: &Fix, index: &LineIndex<'_>, artifact: &ArtifactLocation) -> SarifFix {
    SarifFix {
        description: Message {
            text: fix.message.clone(),
        },
        artifact_changes: [ArtifactChange {
            artifact_location: artifact.clone(),
            replacements: fix
                .edits
                .iter()
                .map(|edit| Replacement {
                    deleted_region: region(index, &(edit.start..edit.end), false),
                    inserted_content: Message {
                        text: edit.replacement.clone(),
                    },
                })
                .collect(),
        }],
        properties: FixProperties {
            applicability: fix.applicability.as_str(),
        },
    }
}

/// The longest snippet a region carries, in bytes. A phrase is at most a clause (344 bytes in the
/// Oracle card set); a longer span is a whole line given up on (PL902), which can be megabytes.
const MAX_SNIPPET: usize = 1024;

/// A span as a SARIF region, clamped onto the text; with the words under it when `snippet` and
/// they are no longer than [`MAX_SNIPPET`].
fn region(index: &LineIndex<'_>, span: &Range<usize>, snippet: bool) -> Region {
    let span = index.clamp_span(span);
    let place = index.region(&span);
    let char_offset = index.char_offset(span.start);
    let text = index.slice(&span);
    Region {
        start_line: place.start.line,
        start_column: place.start.column,
        end_line: place.end.line,
        end_column: place.end.column,
        char_offset,
        char_length: index.char_offset(span.end) - char_offset,
        snippet: (snippet && !text.is_empty() && text.len() <= MAX_SNIPPET).then(|| Message {
            text: text.to_owned(),
        }),
    }
}

/// A path (its bytes, UTF-8 or not) as a URI reference: forward slashes, bytes outside the
/// unreserved set percent-encoded, `:` and `\` among them. Absolute paths become `file:` URIs; a
/// relative path stays relative, as code scanning wants paths from the repository root. Only on
/// Windows (`windows`) is `\` a separator and `C:` a drive: elsewhere `h\i.yaml` and `j:k.yaml`
/// are names of their own.
fn artifact_uri(path: &[u8], windows: bool) -> String {
    let path: Vec<u8> = if windows {
        path.iter()
            .map(|&byte| if byte == b'\\' { b'/' } else { byte })
            .collect()
    } else {
        path.to_vec()
    };
    let bytes = path.as_slice();
    let mut uri = String::with_capacity(path.len());
    let rest = match bytes {
        // `C:/sets`: as a relative reference, `C:` would read as a scheme.
        [drive, b':', rest @ ..] if windows && drive.is_ascii_alphabetic() => {
            uri.push_str("file:///");
            uri.push(char::from(*drive));
            uri.push(':');
            rest
        }
        [b'/', ..] => {
            uri.push_str("file://");
            bytes
        }
        _ => bytes,
    };
    for &byte in rest {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~' | b'/') {
            uri.push(char::from(byte));
        } else {
            // Writing into a String cannot fail.
            let _ = write!(uri, "%{byte:02X}");
        }
    }
    uri
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixture;
    use serde_json::{Value, json};

    fn log(files: &[CheckedFile]) -> Value {
        let rules = fixture::rules();
        serde_json::from_str(&render(files, &rules)).expect("the sarif format is JSON")
    }

    #[test]
    fn has_the_required_sarif_fields() {
        let log = log(&fixture::files());
        assert_eq!(log["$schema"], SCHEMA);
        assert_eq!(log["version"], "2.1.0");
        let runs = log["runs"].as_array().expect("runs");
        assert_eq!(runs.len(), 1);
        let run = &runs[0];
        assert_eq!(run["columnKind"], "unicodeCodePoints");
        let driver = &run["tool"]["driver"];
        assert_eq!(driver["name"], "phaselint");
        assert_eq!(driver["version"], env!("CARGO_PKG_VERSION"));
        let results = run["results"].as_array().expect("results");
        assert_eq!(results.len(), 4);
        for result in results {
            assert!(result["message"]["text"].is_string());
            let rule = &driver["rules"][result["ruleIndex"].as_u64().expect("an index") as usize];
            assert_eq!(rule["id"], result["ruleId"]);
            let location = &result["locations"][0]["physicalLocation"];
            assert!(location["artifactLocation"]["uri"].is_string());
            assert!(location["region"]["startLine"].as_u64() >= Some(1));
            assert!(result["partialFingerprints"][FINGERPRINT_KEY].is_string());
        }
    }

    #[test]
    fn describes_every_rule_and_the_codes_it_was_not_given() {
        let log = log(&fixture::files());
        let rules = &log["runs"][0]["tool"]["driver"]["rules"];
        assert_eq!(
            rules[0],
            json!({
                "id": "PL101",
                "name": "obsolete-end-of-turn",
                "shortDescription": { "text": fixture::OBSOLETE_END_OF_TURN.summary },
                "fullDescription": {
                    "text": fixture::OBSOLETE_END_OF_TURN.docs,
                    "markdown": fixture::OBSOLETE_END_OF_TURN.docs,
                },
                "help": {
                    "text": fixture::OBSOLETE_END_OF_TURN.docs,
                    "markdown": fixture::OBSOLETE_END_OF_TURN.docs,
                },
                "defaultConfiguration": { "level": "warning" },
            })
        );
        assert_eq!(rules[2]["defaultConfiguration"]["level"], "note");
        assert_eq!(
            rules[3],
            json!({
                "id": "PL000",
                "name": "unreadable-file",
                "defaultConfiguration": { "level": "error" },
            })
        );
        assert_eq!(log["runs"][0]["results"][3]["ruleIndex"], 3);
    }

    #[test]
    fn a_result_counts_characters_and_carries_its_fix() {
        let log = log(&fixture::files());
        let result = &log["runs"][0]["results"][0];
        assert_eq!(result["ruleId"], "PL101");
        assert_eq!(result["ruleIndex"], 0);
        assert_eq!(result["level"], "warning");
        let region = json!({
            "startLine": 2,
            "startColumn": 33,
            "endLine": 2,
            "endColumn": 47,
            "charOffset": 52,
            "charLength": 14,
        });
        let mut with_snippet = region.clone();
        with_snippet["snippet"] = json!({ "text": "at end of turn" });
        assert_eq!(
            result["locations"],
            json!([{ "physicalLocation": {
                "artifactLocation": { "uri": "sets/dawn.yaml" },
                "region": with_snippet,
            }}])
        );
        assert_eq!(
            result["fixes"],
            json!([{
                "description": { "text": "replace with \"at the beginning of the next end step\"" },
                "artifactChanges": [{
                    "artifactLocation": { "uri": "sets/dawn.yaml" },
                    "replacements": [{
                        "deletedRegion": region,
                        "insertedContent": { "text": "at the beginning of the next end step" },
                    }],
                }],
                "properties": { "applicability": "unsafe" },
            }])
        );
        assert_eq!(
            result["properties"],
            json!({ "card": "Sun’s Vigil", "cr": ["513.1a"] })
        );
    }

    #[test]
    fn labels_become_related_locations() {
        let log = log(&fixture::files());
        let result = &log["runs"][0]["results"][1];
        assert_eq!(result["level"], "error");
        assert!(result.get("fixes").is_none());
        let related = &result["relatedLocations"][0];
        assert_eq!(related["id"], 0);
        assert_eq!(related["message"]["text"], "resolves in the end step");
        assert_eq!(
            related["physicalLocation"]["region"]["startColumn"],
            json!(9)
        );
        assert_eq!(
            related["physicalLocation"]["region"]["endColumn"],
            json!(42)
        );
        assert_eq!(
            related["physicalLocation"]["region"]["charOffset"],
            json!(94)
        );
    }

    #[test]
    fn an_unreadable_empty_file_has_an_empty_region_at_its_start() {
        let log = log(&fixture::files());
        let result = &log["runs"][0]["results"][3];
        assert_eq!(result["level"], "error");
        assert_eq!(
            result["locations"][0]["physicalLocation"]["region"],
            json!({
                "startLine": 1,
                "startColumn": 1,
                "endLine": 1,
                "endColumn": 1,
                "charOffset": 0,
                "charLength": 0,
            })
        );
        assert!(result.get("properties").is_none());
    }

    #[test]
    fn fingerprints_survive_lines_inserted_above() {
        let prints = |file: CheckedFile| -> Vec<Value> {
            let log = log(&[file]);
            let results = log["runs"][0]["results"]
                .as_array()
                .expect("results")
                .clone();
            results
                .iter()
                .map(|result| result["partialFingerprints"].clone())
                .collect()
        };
        let before = prints(fixture::dawn(""));
        let after = prints(fixture::dawn("# Dawn of the Phases\n# reprints\n"));
        assert_eq!(before.len(), 3);
        assert_eq!(before, after);
    }

    #[test]
    fn a_region_longer_than_a_phrase_has_no_snippet() {
        let mut file = fixture::broken();
        file.source = std::sync::Arc::new(
            format!(
                "{}\n{}",
                "a".repeat(MAX_SNIPPET),
                "b".repeat(MAX_SNIPPET + 1)
            )
            .into(),
        );
        file.diagnostics[0].span = 0..MAX_SNIPPET;
        let mut long = file.diagnostics[0].clone();
        long.span = MAX_SNIPPET + 1..2 * MAX_SNIPPET + 2;
        file.diagnostics.push(long);
        let log = log(&[file]);
        let results = &log["runs"][0]["results"];
        let region = |at: usize| &results[at]["locations"][0]["physicalLocation"]["region"];
        assert_eq!(region(0)["snippet"]["text"], json!("a".repeat(MAX_SNIPPET)));
        assert_eq!(region(1)["snippet"], Value::Null);
        assert_eq!(region(1)["charLength"], json!(MAX_SNIPPET + 1));
    }

    #[test]
    fn paths_become_uri_references() {
        let unix = |path: &str| artifact_uri(path.as_bytes(), false);
        let windows = |path: &str| artifact_uri(path.as_bytes(), true);
        assert_eq!(unix("sets/dawn.yaml"), "sets/dawn.yaml");
        assert_eq!(windows("sets\\dawn set.yaml"), "sets/dawn%20set.yaml");
        assert_eq!(unix("/home/me/a#1.yaml"), "file:///home/me/a%231.yaml");
        assert_eq!(windows("C:\\sets\\dawn.yaml"), "file:///C:/sets/dawn.yaml");
        assert_eq!(unix("Sun’s.txt"), "Sun%E2%80%99s.txt");
    }

    /// Issue 18 §13, §14: on Unix, `j:k.yaml` and `h\i.yaml` are files of their own, not a drive
    /// and another file; a byte that is not UTF-8 is percent-encoded as it is.
    #[test]
    fn unix_names_keep_their_colons_backslashes_and_bytes() {
        assert_eq!(artifact_uri(b"j:k.yaml", false), "j%3Ak.yaml");
        assert_eq!(artifact_uri(b"h\\i.yaml", false), "h%5Ci.yaml");
        assert_eq!(
            artifact_uri(b"sets/caf\xe9.yaml", false),
            "sets/caf%E9.yaml"
        );
        assert_ne!(
            artifact_uri(b"\xff.yaml", false),
            artifact_uri(b"\xfe.yaml", false)
        );
    }
}
