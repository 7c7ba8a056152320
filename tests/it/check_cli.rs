//! `phaselint check` and `phaselint rules` as a user runs them: exit codes, every output format,
//! what `--fix` may and may not touch, config files, inputs and a closed pipe.
//!
//! Every test works in its own temporary [`Project`] (a copy of the fixtures when a test writes)
//! and runs the binary with it as the current directory, so the paths in the output are the
//! relative paths the test gave: each test reads as the files, the command, and what it printed.

use crate::cli;

use cli::{Project, WARNING_CARD, assert_exit, command, fixtures, read, run, stderr, stdout};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Output, Stdio};

// ---------------------------------------------------------------------------------------------
// Reading the output, and the cards the tests check
// ---------------------------------------------------------------------------------------------

/// The lines of a short-format report, without the summary line and the fixable line under it.
fn short_lines(output: &Output) -> Vec<String> {
    let text = stdout(output);
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    if lines
        .last()
        .is_some_and(|line| line.contains(" fixable with --fix") || line.contains(" left by --fix"))
    {
        lines.pop();
    }
    let summary = lines.pop().unwrap_or_default();
    assert!(
        summary.starts_with("found ") || summary.starts_with("no problems found"),
        "the short format ends with the summary: {text}"
    );
    lines
}

/// The stdout of a json or sarif run, parsed.
fn parse_json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|error| panic!("stdout is JSON ({error}):\n{}", stdout(output)))
}

/// The `diagnostics` of a json-format run.
fn diagnostics(output: &Output) -> Vec<Value> {
    parse_json(output)["diagnostics"]
        .as_array()
        .expect("a diagnostics array")
        .clone()
}

/// The byte range of the only `needle` in `text`.
#[track_caller]
fn only(text: &str, needle: &str) -> std::ops::Range<usize> {
    assert_eq!(
        text.matches(needle).count(),
        1,
        "{needle:?} once in {text:?}"
    );
    let start = text.find(needle).expect("the needle");
    start..start + needle.len()
}

/// The 1-based line and character column of a byte offset, counted the plain way.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// A window in the untap step: PL201, an error without a fix.
const ERROR_CARD: &str = "\
- name: Morning Bell
  mana_cost: \"{2}\"
  type: Artifact
  text: \"{T}: Untap target creature. Activate only during your untap step.\"
";

const CLEAN_CARD: &str = "\
- name: Vigil of Hours
  mana_cost: \"{W}\"
  type: Instant
  text: Creatures you control get +1/+1 until end of turn.
";

/// A config under which `WARNING_CARD`'s obsolete wording (an error by default) is a warning, for
/// the tests of what a warning does.
const PL101_A_WARNING: (&str, &str) = ("phaselint.toml", "[rules]\nPL101 = \"warning\"\n");

/// The short-format line of `WARNING_CARD` in a file named `path`.
fn warning_line(path: &str) -> String {
    format!(
        "{path}:4:9: error[PL101] \"At end of turn\" is obsolete wording (card: Ember Runner) [fix: replace with \"At the beginning of the end step\"]"
    )
}

// ---------------------------------------------------------------------------------------------
// 1. Exit codes
// ---------------------------------------------------------------------------------------------

#[test]
fn a_clean_file_exits_0() {
    let project = Project::with(&[("clean.yaml", CLEAN_CARD)]);
    let output = project.run(&["check", "--format", "short", "clean.yaml"]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "no problems found in 1 file (1 card)\n");
    assert_eq!(stderr(&output), "");
}

#[test]
fn an_error_exits_1() {
    let project = Project::with(&[("bell.yaml", ERROR_CARD)]);
    let output = project.run(&["check", "--format", "short", "bell.yaml"]);
    assert_exit(&output, 1);
    assert_eq!(
        short_lines(&output),
        [
            "bell.yaml:4:38: error[PL201] this window never opens: no player gets priority during \
             the untap step (card: Morning Bell)"
        ]
    );
}

#[test]
fn warnings_exit_0_and_1_only_with_deny_warnings() {
    let project = Project::with(&[("runner.yaml", WARNING_CARD), PL101_A_WARNING]);
    let output = project.run(&["check", "--format", "short", "runner.yaml"]);
    assert_exit(&output, 0);
    let warning = warning_line("runner.yaml").replace("error[PL101]", "warning[PL101]");
    assert_eq!(short_lines(&output), std::slice::from_ref(&warning));
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--deny-warnings",
        "runner.yaml",
    ]);
    assert_exit(&output, 1);
    assert_eq!(short_lines(&output), [warning]);
    // By default obsolete wording is an error: it fails the run without --deny-warnings.
    project.write("phaselint.toml", "");
    let output = project.run(&["check", "--format", "short", "runner.yaml"]);
    assert_exit(&output, 1);
    assert_eq!(short_lines(&output), [warning_line("runner.yaml")]);
}

/// An unknown phrase is phaselint's gap, not the card's problem: a warning that fails no run
/// unless the config makes it an error (issue 21).
#[test]
fn an_unknown_phrase_is_a_warning_and_an_error_only_when_configured() {
    let card = "- name: Slow Tide\n  type: Instant\n  text: Tap target creature. It doesn't untap \
                until the turn after next.\n";
    let project = Project::with(&[("tide.yaml", card)]);
    let output = project.run(&["check", "--format", "short", "tide.yaml"]);
    assert_exit(&output, 0);
    assert_eq!(
        short_lines(&output),
        [
            "tide.yaml:3:47: warning[PL001] phaselint does not understand \"until the turn after \
          next\": it gives it no meaning (card: Slow Tide)"
        ]
    );
    project.write("phaselint.toml", "[rules]\nPL001 = \"error\"\n");
    let output = project.run(&["check", "--format", "short", "tide.yaml"]);
    assert_exit(&output, 1);
    assert!(
        stdout(&output).contains("error[PL001]"),
        "{}",
        stdout(&output)
    );
}

/// A typo of a template is reported with the template as an unsafe fix, which `--unsafe-fixes`
/// applies.
#[test]
fn a_typo_of_a_template_is_fixed_with_unsafe_fixes() {
    let card = "- name: Quick Study\n  type: Instant\n  text: At the beginning your upkeep, draw a card.\n";
    let project = Project::with(&[("study.yaml", card)]);
    let output = project.run(&["check", "--format", "short", "study.yaml"]);
    assert_exit(&output, 0);
    assert_eq!(
        short_lines(&output),
        [
            "study.yaml:3:9: warning[PL002] \"At the beginning your upkeep\" looks like \"at the \
          beginning of your upkeep\" misspelt (card: Quick Study)"
        ]
    );
    let output = project.run(&["check", "--fix", "study.yaml"]);
    assert_exit(&output, 0);
    assert!(
        project
            .read("study.yaml")
            .contains("At the beginning your upkeep")
    );
    project.run(&["check", "--fix", "--unsafe-fixes", "study.yaml"]);
    assert!(
        project
            .read("study.yaml")
            .contains("text: At the beginning of your upkeep, draw a card."),
        "{}",
        project.read("study.yaml")
    );
}

/// Notes that ask for no change (PL402, PL403) are off in `check` unless selected.
#[test]
fn caveat_notes_are_off_by_default_and_on_when_selected() {
    let card = "- name: Ambush\n  type: Instant\n  text: Cast this spell only before blockers are declared.\n";
    let project = Project::with(&[("ambush.yaml", card)]);
    let output = project.run(&["check", "--format", "short", "ambush.yaml"]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "no problems found in 1 file (1 card)\n");
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--extend-select",
        "PL402",
        "ambush.yaml",
    ]);
    let lines = short_lines(&output);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains("note[PL402]"), "{lines:?}");
}

#[test]
fn notes_never_fail_a_run_even_with_deny_warnings() {
    let project = Project::with(&[(
        "warcry.yaml",
        "- name: Warcry Drummer\n  type: Creature — Goblin\n  text: At the beginning of your \
         postcombat main phase, add {R}.\n",
    )]);
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--deny-warnings",
        "warcry.yaml",
    ]);
    assert_exit(&output, 0);
    let lines = short_lines(&output);
    assert_eq!(lines.len(), 1);
    assert!(lines[0].contains(": note[PL401] "), "{lines:?}");
}

/// Checks `name` (with `contents`) and a good file with a warning on one command line: exit 1
/// (the bad file's input problem is an error on it, issue 39), `expected` reported for the bad
/// file and the good file still checked. Both orders.
#[track_caller]
fn assert_bad_input_keeps_the_others(name: &str, contents: &[u8], expected: &str) {
    let project = Project::with(&[("runner.yaml", WARNING_CARD)]);
    if name != "missing.yaml" {
        project.write(name, contents);
    }
    for paths in [[name, "runner.yaml"], ["runner.yaml", name]] {
        let mut args = vec!["check", "--format", "short"];
        args.extend(paths);
        let output = project.run(&args);
        assert_exit(&output, 1);
        let lines = short_lines(&output);
        assert!(
            lines.iter().any(|line| line == expected),
            "{expected:?} in {lines:?}"
        );
        assert!(
            lines.contains(&warning_line("runner.yaml")),
            "the other file is still checked: {lines:?}"
        );
        assert_eq!(lines.len(), 2, "{lines:?}");
        // The JSON summary counts both files and the good file's card.
        args[2] = "json";
        let summary = parse_json(&project.run(&args))["summary"].clone();
        assert_eq!(summary["files"], 2);
        assert_eq!(summary["cards"], 1);
        // The good file's obsolete wording and the bad file's input problem.
        assert_eq!(summary["errors"], 2);
    }
}

#[test]
fn a_missing_path_exits_1_and_the_other_files_are_still_checked() {
    assert_bad_input_keeps_the_others(
        "missing.yaml",
        b"",
        "missing.yaml:1:1: error[PL900] no such file or directory",
    );
}

#[test]
fn malformed_yaml_exits_1_and_the_other_files_are_still_checked() {
    assert_bad_input_keeps_the_others(
        "broken.yaml",
        b"- name: Broken\n  text: [unclosed\n",
        "broken.yaml:2:9: error[PL901] unclosed bracket '['",
    );
}

#[test]
fn malformed_json_exits_1_and_the_other_files_are_still_checked() {
    assert_bad_input_keeps_the_others(
        "broken.json",
        br#"[{"name": "Broken", "oracle_text": "#,
        "broken.json:1:36: error[PL901] unexpected end of json input",
    );
}

#[test]
fn a_non_utf8_file_named_explicitly_exits_1_and_the_other_files_are_still_checked() {
    assert_bad_input_keeps_the_others(
        "latin1.txt",
        // 0x81 is no Windows-1252 byte either (a file that may be one is read so: PL805).
        b"Caf\xe9 Owner\x81\nCreature\nAt end of turn, draw a card.\n",
        "latin1.txt:1:4: error[PL900] not UTF-8 text: byte 3 (0xe9) is not valid UTF-8",
    );
}

#[test]
fn a_binary_file_named_explicitly_exits_1_and_the_other_files_are_still_checked() {
    // A PNG header: not UTF-8 from its first byte.
    assert_bad_input_keeps_the_others(
        "card.png",
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
        "card.png:1:1: error[PL900] not UTF-8 text: byte 0 (0x89) is not valid UTF-8",
    );
}

#[test]
fn a_binary_file_that_happens_to_be_utf8_is_not_read_as_cards() {
    // NUL bytes are valid UTF-8 but never card text: YAML and JSON forbid them, and text files do
    // not hold them. Such a file is binary (as git decides), not one card named "\0\0\0...".
    assert_bad_input_keeps_the_others(
        "blob.bin",
        b"\0\0\0\0\x01\x02abc\0\0",
        "blob.bin:1:1: error[PL900] a binary file: byte 0 is a NUL byte",
    );
}

#[test]
fn a_bad_exclude_glob_exits_2_with_a_message_naming_it() {
    let project = Project::with(&[("runner.yaml", WARNING_CARD)]);
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--exclude",
        "sets/[a",
        "runner.yaml",
    ]);
    assert_exit(&output, 2);
    // A usage error, as a bad option: nothing is checked, the message says which glob.
    assert_eq!(stdout(&output), "");
    let message = stderr(&output);
    assert!(
        message.starts_with("error: --exclude \"sets/[a\": invalid glob"),
        "{message}"
    );
}

#[test]
fn a_config_error_exits_2_in_every_format() {
    // A clean card: it is still checked, with the defaults, and adds nothing but its count.
    let project = Project::with(&[
        ("runner.yaml", CLEAN_CARD),
        ("phaselint.toml", "[rules]\nPL101 = \"loud\"\n"),
    ]);
    let message = "unknown level \"loud\", expected \"error\", \"warning\" (or \"warn\"), \"note\" or \"off\"";
    let check = |format: &str| {
        let output = project.run(&["check", "--format", format, "runner.yaml"]);
        assert_exit(&output, 2);
        output
    };
    assert_eq!(
        stdout(&check("short")),
        format!("phaselint.toml:2:9: error[PL903] {message}\nfound 1 error in 2 files (1 card)\n")
    );
    assert_eq!(
        stdout(&check("github")),
        format!(
            "::error file=phaselint.toml,line=2,col=9,endLine=2,endColumn=15,title=error[PL903] \
             invalid-config::{message}\n"
        )
    );
    let human = stdout(&check("human"));
    assert!(
        human.starts_with(&format!("error[PL903(invalid-config)]\n\n  × {message}")),
        "{human}"
    );
    assert!(human.contains("╭─[phaselint.toml:2:9]\n"), "{human}");
    assert!(human.contains("╰── invalid-config"), "{human}");
    let json = diagnostics(&check("json"));
    assert_eq!(json.len(), 1);
    assert_eq!(
        (
            &json[0]["file"],
            &json[0]["line"],
            &json[0]["column"],
            &json[0]["code"]
        ),
        (
            &json!("phaselint.toml"),
            &json!(2),
            &json!(9),
            &json!("PL903")
        )
    );
    assert_eq!(json[0]["message"], message);
    let sarif = parse_json(&check("sarif"));
    let result = &sarif["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "PL903");
    assert_eq!(
        result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "phaselint.toml"
    );
}

// ---------------------------------------------------------------------------------------------
// 2. Formats
// ---------------------------------------------------------------------------------------------

#[test]
fn the_short_format_is_one_exact_line_per_diagnostic_then_the_summary() {
    let project = Project::with(&[(
        "cards.yaml",
        &format!("{WARNING_CARD}\n{ERROR_CARD}\n{CLEAN_CARD}"),
    )]);
    let output = project.run(&["check", "--format", "short", "cards.yaml"]);
    assert_exit(&output, 1);
    assert_eq!(
        stdout(&output),
        "\
cards.yaml:4:9: error[PL101] \"At end of turn\" is obsolete wording (card: Ember Runner) [fix: replace with \"At the beginning of the end step\"]
cards.yaml:9:38: error[PL201] this window never opens: no player gets priority during the untap step (card: Morning Bell)
found 2 errors in 1 file (3 cards)
1 fixable with --fix
"
    );
}

#[test]
fn json_gives_every_field_of_a_diagnostic_in_a_yaml_block_scalar() {
    let source = "\
# Clockwork Dawn — a block scalar after a comment with a three-byte dash.
- name: Ember Runner
  type: Creature — Elemental
  text: |
    Haste — it’s fast.
    At end of turn, sacrifice this creature.
";
    let project = Project::with(&[("red.yaml", source)]);
    let output = project.run(&["check", "--format", "json", "red.yaml"]);
    assert_exit(&output, 1);
    let document = parse_json(&output);
    let span = only(source, "At end of turn");
    assert_eq!(
        document,
        json!({
            "diagnostics": [{
                "file": "red.yaml",
                "line": 6,
                "column": 5,
                "end_line": 6,
                "end_column": 19,
                "span": {"start": span.start, "end": span.end},
                "code": "PL101",
                "name": "obsolete-end-of-turn",
                "severity": "error",
                "message": "\"At end of turn\" is obsolete wording",
                "help": "as a printed end step trigger, this now reads \"At the beginning of the end step\"",
                "card": "Ember Runner",
                "cr": ["513.1a", "603.2"],
                "fix": {
                    "applicability": "safe",
                    "message": "replace with \"At the beginning of the end step\"",
                    "edits": [{
                        "start": span.start,
                        "end": span.end,
                        "replacement": "At the beginning of the end step"
                    }]
                }
            }],
            "summary": {
                "files": 1, "cards": 1, "errors": 1, "warnings": 0, "notes": 0,
                "fixable": 1, "unsafe_fixable": 0
            }
        })
    );
}

#[test]
fn json_spans_are_exact_bytes_of_a_json_string_with_escapes_before_the_phrase() {
    // `\n` and `\u2014` escapes decode to fewer characters than the file has, and the raw `’`
    // and `—` are three bytes each: only an exact map puts the span on the phrase.
    let source = "[\n  {\"object\": \"card\", \"name\": \"Sun’s Raider\", \"type_line\": \"Creature \
                  \\u2014 Human Rogue\",\n   \"oracle_text\": \"Menace\\nRaid \\u2014 It’s \
                  gone — return it to the battlefield at end of turn.\"}\n]\n";
    let project = Project::with(&[("raider.json", source)]);
    let output = project.run(&["check", "--format", "json", "raider.json"]);
    assert_exit(&output, 1);
    let diagnostics = diagnostics(&output);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let diagnostic = &diagnostics[0];
    let expected = only(source, "at end of turn");
    let start = diagnostic["span"]["start"].as_u64().expect("a start") as usize;
    let end = diagnostic["span"]["end"].as_u64().expect("an end") as usize;
    assert_eq!((start, end), (expected.start, expected.end));
    assert_eq!(&source.as_bytes()[start..end], b"at end of turn");
    let (line, column) = line_column(source, start);
    let (end_line, end_column) = line_column(source, end);
    assert_eq!((line, end_line), (3, 3));
    assert_eq!(diagnostic["line"], line);
    assert_eq!(diagnostic["column"], column);
    assert_eq!(diagnostic["end_line"], end_line);
    assert_eq!(diagnostic["end_column"], end_column);
    // Columns count characters: two three-byte characters come before the phrase on its line.
    assert_eq!(column, start - source[..start].rfind('\n').unwrap() - 4);
    assert_eq!(diagnostic["card"], "Sun’s Raider");
    assert_eq!(diagnostic["fix"]["applicability"], "safe");
    assert_eq!(
        diagnostic["fix"]["edits"],
        json!([{"start": start, "end": end, "replacement": "at the beginning of the next end step"}])
    );
}

#[test]
fn github_format_is_one_workflow_command_per_diagnostic() {
    let project = Project::with(&[
        ("cards.yaml", &format!("{WARNING_CARD}\n{ERROR_CARD}")),
        PL101_A_WARNING,
        (
            "notes.yaml",
            "- name: Warcry Drummer\n  type: Creature — Goblin\n  text: At the beginning of your \
         postcombat main phase, add {R}.\n",
        ),
    ]);
    let output = project.run(&["check", "--format", "github", "cards.yaml", "notes.yaml"]);
    assert_exit(&output, 1);
    assert_eq!(
        stdout(&output),
        "\
::warning file=cards.yaml,line=4,col=9,endLine=4,endColumn=23,title=warning[PL101] obsolete-end-of-turn::\"At end of turn\" is obsolete wording%0Ahelp: as a printed end step trigger, this now reads \"At the beginning of the end step\"%0Afix: replace with \"At the beginning of the end step\"
::error file=cards.yaml,line=9,col=38,endLine=9,endColumn=74,title=error[PL201] window-in-untap-step::this window never opens: no player gets priority during the untap step%0Ahelp: no player gets priority during the untap step: nothing can be cast or activated then, and abilities that trigger wait for the upkeep
::notice file=notes.yaml,line=3,col=9,endLine=3,endColumn=55,title=note[PL401] second-main-phase::every main phase after the first is postcombat: with an additional combat phase and main phase, this triggers in each of them%0Ahelp: say \"each of your postcombat main phases\" for every one, or \"your second main phase\" for one (CR 505.1b)
"
    );
}

#[test]
fn sarif_is_version_2_1_0_with_every_rule_documented_and_fingerprinted_results() {
    let project = Project::with(&[
        ("cards.yaml", &format!("{WARNING_CARD}\n{ERROR_CARD}")),
        PL101_A_WARNING,
    ]);
    let output = project.run(&["check", "--format", "sarif", "cards.yaml"]);
    assert_exit(&output, 1);
    let log = parse_json(&output);
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "phaselint");
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    let ids: Vec<&str> = rules
        .iter()
        .filter_map(|rule| rule["id"].as_str())
        .collect();
    for code in ["PL001", "PL101", "PL201", "PL503", "PL900", "PL903"] {
        assert!(ids.contains(&code), "{code} in {ids:?}");
    }
    for rule in rules {
        let help = rule["help"]["markdown"].as_str().unwrap_or_default();
        assert!(help.contains("## What it does"), "{rule}");
        assert!(rule["shortDescription"]["text"].is_string(), "{rule}");
    }
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), 2);
    for (result, (code, level, line)) in results
        .iter()
        .zip([("PL101", "warning", 4), ("PL201", "error", 9)])
    {
        assert_eq!(result["ruleId"], code);
        assert_eq!(result["level"], level);
        let index = result["ruleIndex"].as_u64().expect("a rule index") as usize;
        assert_eq!(rules[index]["id"], code);
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], "cards.yaml");
        assert_eq!(location["region"]["startLine"], line);
        let print = result["partialFingerprints"]["phaselint/v1"]
            .as_str()
            .expect("a fingerprint");
        assert_eq!(print.len(), 16);
        assert!(print.chars().all(|c| c.is_ascii_hexdigit()), "{print}");
    }
    assert_eq!(
        results[0]["locations"][0]["physicalLocation"]["region"]["snippet"]["text"],
        "At end of turn"
    );
    assert_eq!(
        results[0]["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"],
        "At the beginning of the end step"
    );
}

#[test]
fn sarif_fingerprints_do_not_change_when_lines_are_inserted_above_the_card() {
    let project = Project::with(&[("cards.yaml", &format!("{WARNING_CARD}\n{ERROR_CARD}"))]);
    let results = |project: &Project| -> Vec<(Value, Value)> {
        let output = project.run(&["check", "--format", "sarif", "cards.yaml"]);
        parse_json(&output)["runs"][0]["results"]
            .as_array()
            .expect("results")
            .iter()
            .map(|result| {
                (
                    result["partialFingerprints"].clone(),
                    result["locations"][0]["physicalLocation"]["region"]["startLine"].clone(),
                )
            })
            .collect()
    };
    let before = results(&project);
    project.write(
        "cards.yaml",
        format!("# Clockwork Dawn — reviewed\n\n{WARNING_CARD}\n# the bell\n\n{ERROR_CARD}"),
    );
    let after = results(&project);
    assert_eq!(before.len(), 2);
    assert_ne!(before[0].0, before[1].0);
    // The lines moved; the fingerprints did not.
    assert_eq!(
        after
            .iter()
            .map(|(_, line)| line.clone())
            .collect::<Vec<_>>(),
        [json!(6), json!(13)]
    );
    assert_eq!(
        after
            .iter()
            .map(|(print, _)| print.clone())
            .collect::<Vec<_>>(),
        before
            .iter()
            .map(|(print, _)| print.clone())
            .collect::<Vec<_>>()
    );
}

// ---------------------------------------------------------------------------------------------
// 3. Fix safety
// ---------------------------------------------------------------------------------------------

/// A sorcery whose line-start "At end of turn" may be an effect of the spell: only an unsafe fix.
const SORCERY: &str = "\
- name: Late Lesson
  mana_cost: \"{1}{U}\"
  type: Sorcery
  text: At end of turn, draw a card.
";

#[test]
fn fix_applies_safe_fixes_only_and_unsafe_fixes_adds_the_rest() {
    let project = Project::copy_of_fixtures();
    project.write("set/lesson.yaml", SORCERY);
    let output = project.run(&["check", "--format", "short", "--fix", "."]);
    assert_exit(&output, 1);
    // The sorcery's unsafe-only fix is left alone and still reported ...
    assert_eq!(project.read("set/lesson.yaml"), SORCERY);
    assert!(
        short_lines(&output).contains(
            &"set/lesson.yaml:4:9: error[PL101] \"At end of turn\" is obsolete wording (card: Late \
              Lesson)"
                .to_string()
        ),
        "{}",
        stdout(&output)
    );
    // ... while the safe fix on a permanent was applied.
    let red = project.read("set/red.yaml");
    assert!(
        red.contains("    At the beginning of the end step, sacrifice this creature.\n"),
        "{red}"
    );
    let output = project.run(&["check", "--format", "short", "--fix", "--unsafe-fixes", "."]);
    assert_exit(&output, 1);
    assert_eq!(
        project.read("set/lesson.yaml"),
        SORCERY.replace("At end of turn", "At the beginning of the end step")
    );
    assert!(
        !stdout(&output).contains("lesson.yaml"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn unsafe_fixes_without_fix_writes_nothing() {
    let project = Project::with(&[("lesson.yaml", SORCERY)]);
    let output = project.run(&["check", "--unsafe-fixes", "lesson.yaml"]);
    assert_exit(&output, 1);
    assert_eq!(project.read("lesson.yaml"), SORCERY);
}

#[test]
fn a_second_fix_changes_nothing() {
    let project = Project::copy_of_fixtures();
    project.write("set/lesson.yaml", SORCERY);
    for flags in [
        &["--fix"][..],
        &["--fix", "--unsafe-fixes", "--fix-json"][..],
    ] {
        let mut args = vec!["check", "--format", "short"];
        args.extend(flags);
        args.push(".");
        project.run(&args);
        let once = project.files();
        let first_report = stdout(&project.run(&["check", "--format", "short", "."]));
        let output = project.run(&args);
        assert_eq!(project.files(), once, "{flags:?}");
        assert_eq!(stdout(&output), first_report, "{flags:?}");
        // And no fix is left that the same flags would apply (JSON databases need --fix-json).
        let output = project.run(&["check", "--format", "json", "."]);
        for diagnostic in diagnostics(&output) {
            let applicability = diagnostic["fix"]["applicability"].as_str();
            let json_database = diagnostic["file"].as_str().unwrap().ends_with(".json");
            let applied_by = match applicability {
                Some("safe") => !json_database || flags.contains(&"--fix-json"),
                Some("unsafe") => {
                    flags.contains(&"--unsafe-fixes")
                        && (!json_database || flags.contains(&"--fix-json"))
                }
                _ => false,
            };
            assert!(!applied_by, "{flags:?}: {diagnostic}");
        }
    }
}

#[test]
fn fix_changes_no_byte_outside_the_fixed_words() {
    let source = "\
# Clockwork Dawn — three fixes, and bytes around them that must stay.   
- name: Ember Runner    # a trailing comment
  type: Creature — Elemental
  text: |
    Haste
    At end of turn, sacrifice this creature.

- name: Hourglass Sage
  mana_cost:   \"{1}{U}\"
  type: Creature — Human Wizard
  oracle_text: '{U}, {T}: Scry 2. It''s quick. Activate only once per turn.'


- name: Eddy of Time
  type: Instant
  text: \"Tap target creature. It gets \\u2212 2/-0 until the end of turn.\"
  flavor: \"at end of turn, once per turn, until the end of turn\"
";
    let project = Project::with(&[("set.yaml", source)]);
    let output = project.run(&["check", "--format", "short", "--fix", "set.yaml"]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "no problems found in 1 file (3 cards); applied 3 fixes\n"
    );
    let expected = source
        .replacen(
            "At end of turn, sacrifice",
            "At the beginning of the end step, sacrifice",
            1,
        )
        .replacen("only once per turn.'", "only once each turn.'", 1)
        .replacen("2/-0 until the end of turn.", "2/-0 until end of turn.", 1);
    assert_ne!(expected, source);
    assert_eq!(project.read("set.yaml"), expected);
}

#[test]
fn crlf_files_keep_crlf_after_fix() {
    let yaml = "- name: Ember Runner\r\n  type: Creature\r\n  text: |\r\n    Haste\r\n    At end \
                of turn, sacrifice this creature.\r\n\r\n- name: Hourglass Sage\r\n  type: \
                Creature\r\n  text: \"{T}: Scry 2. Activate only once per turn.\"\r\n";
    let text = "Ancient Hourglass {3}\r\nArtifact\r\nAt end of turn, put a time counter on it.\r\n";
    let lines = "{\"name\": \"A\", \"type_line\": \"Creature\", \"oracle_text\": \"At end of turn, \
                 sacrifice it.\"}\r\n{\"name\": \"B\", \"type_line\": \"Creature\", \
                 \"oracle_text\": \"Flying\"}\r\n";
    let project = Project::with(&[("a.yaml", yaml), ("b.txt", text), ("c.jsonl", lines)]);
    let output = project.run(&["check", "--format", "short", "--fix", "."]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "no problems found in 3 files (5 cards); applied 4 fixes\n"
    );
    let printed = |text: &str| text.replace("At end of turn", "At the beginning of the end step");
    assert_eq!(
        project.read("a.yaml"),
        printed(yaml).replace("once per turn", "once each turn")
    );
    assert_eq!(project.read("b.txt"), printed(text));
    assert_eq!(project.read("c.jsonl"), printed(lines));
    for name in ["a.yaml", "b.txt", "c.jsonl"] {
        let fixed = project.read(name);
        assert_eq!(
            fixed.matches("\r\n").count(),
            fixed.matches('\n').count(),
            "{name}: every line still ends with CRLF"
        );
    }
}

#[test]
fn diff_prints_a_unified_diff_and_writes_nothing() {
    let before = format!("{WARNING_CARD}\n{SORCERY}");
    let project = Project::with(&[("runner.yaml", &before)]);
    let output = project.run(&["check", "--diff", "runner.yaml"]);
    // As ruff: pending changes fail a --diff run.
    assert_exit(&output, 1);
    assert_eq!(
        stdout(&output),
        "\
diff --git a/runner.yaml b/runner.yaml
--- a/runner.yaml
+++ b/runner.yaml
@@ -1,7 +1,7 @@
 - name: Ember Runner
   mana_cost: \"{R}\"
   type: Creature — Elemental
-  text: At end of turn, sacrifice this creature.
+  text: At the beginning of the end step, sacrifice this creature.
 
 - name: Late Lesson
   mana_cost: \"{1}{U}\"
"
    );
    assert_eq!(project.read("runner.yaml"), before);
    // With --unsafe-fixes the diff shows the sorcery too, and still writes nothing.
    let output = project.run(&["check", "--diff", "--unsafe-fixes", "runner.yaml"]);
    assert!(
        stdout(&output).contains("+  text: At the beginning of the end step, draw a card.\n"),
        "{}",
        stdout(&output)
    );
    assert_eq!(project.read("runner.yaml"), before);
    assert_eq!(project.files().len(), 1, "no temporary file is left");
}

#[test]
fn diff_and_fix_together_are_a_usage_error() {
    let project = Project::with(&[("runner.yaml", WARNING_CARD)]);
    let output = project.run(&["check", "--diff", "--fix", "runner.yaml"]);
    assert_exit(&output, 2);
    assert_eq!(project.read("runner.yaml"), WARNING_CARD);
}

#[test]
fn json_databases_are_fixed_only_with_fix_json_and_stay_json() {
    let project = Project::copy_of_fixtures();
    let mtgjson = project.join("databases/cwd-mtgjson.json");
    let scryfall = project.join("databases/cwd-scryfall.json");
    let lines = project.join("databases/cwd-cards.jsonl");
    let before = project.files();
    let output = project.run(&["check", "--format", "short", "--fix", "databases"]);
    assert_exit(&output, 1);
    // The JSON databases are reported, not touched; the JSON Lines file is fixed.
    assert_eq!(
        std::fs::read(&mtgjson).unwrap(),
        before[Path::new("databases/cwd-mtgjson.json")]
    );
    assert_eq!(
        std::fs::read(&scryfall).unwrap(),
        before[Path::new("databases/cwd-scryfall.json")]
    );
    let text = stdout(&output);
    assert!(
        text.contains("cwd-mtgjson.json:9:66: error[PL103]"),
        "{text}"
    );
    assert!(
        text.contains("cwd-scryfall.json:10:142: warning[PL503]"),
        "{text}"
    );
    assert!(read(&lines).contains("Activate only once each turn."));

    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--fix",
        "--fix-json",
        "databases",
    ]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "no problems found in 3 files (7 cards); applied 2 fixes\n"
    );
    let parse = |bytes: &[u8]| -> Value { serde_json::from_slice(bytes).expect("still JSON") };
    let old = parse(&before[Path::new("databases/cwd-mtgjson.json")]);
    let new = parse(&std::fs::read(&mtgjson).unwrap());
    assert_eq!(
        new["data"]["cards"][1]["text"],
        "{T}: Tap target creature. Activate only during your end step."
    );
    // Only that one string changed.
    let mut expected = old.clone();
    expected["data"]["cards"][1]["text"] = new["data"]["cards"][1]["text"].clone();
    assert_eq!(new, expected);
    let old = parse(&before[Path::new("databases/cwd-scryfall.json")]);
    let new = parse(&std::fs::read(&scryfall).unwrap());
    let mut expected = old.clone();
    expected[1]["card_faces"][1]["oracle_text"] = json!(
        "Counter target spell unless its controller pays {2}.\nIt can’t be countered — target \
         creature gains hexproof until end of turn."
    );
    assert_eq!(new, expected);
    // The escapes of the file were kept around the edit.
    assert!(read(&scryfall).contains(
        "It can\\u2019t be countered \\u2014 target creature gains hexproof until end of turn."
    ));
}

#[test]
fn json_lines_are_fixed_by_fix() {
    let source = "{\"name\": \"Gearwright\", \"type_line\": \"Creature \\u2014 Human\", \
                  \"oracle_text\": \"{T}: Untap target artifact.\\nActivate only once per turn.\"}\n\
                  \n\
                  {\"name\": \"Ember\", \"type_line\": \"Creature\", \"oracle_text\": \"Haste\\nAt end \
                  of turn, sacrifice it.\"}\n";
    let project = Project::with(&[("cards.jsonl", source)]);
    let output = project.run(&["check", "--format", "short", "--fix", "cards.jsonl"]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "no problems found in 1 file (2 cards); applied 2 fixes\n"
    );
    let fixed = project.read("cards.jsonl");
    assert_eq!(
        fixed,
        source
            .replace("once per turn", "once each turn")
            .replace("At end of turn", "At the beginning of the end step")
    );
    for line in fixed.lines().filter(|line| !line.is_empty()) {
        serde_json::from_str::<Value>(line).expect("each line is still JSON");
    }
}

#[test]
fn stdin_is_never_written() {
    let project = Project::empty();
    for flags in [
        &["--fix"][..],
        &["--fix", "--unsafe-fixes"][..],
        &["--diff"][..],
    ] {
        let mut args = vec!["check", "--format", "short"];
        args.extend(flags);
        args.push("-");
        let output = project.run_with_stdin(&args, WARNING_CARD.as_bytes());
        // The fixed text and the diff are printed (tests/it/stdin_fix.rs).
        assert_exit(&output, i32::from(flags.contains(&"--diff")));
        assert!(project.files().is_empty(), "{flags:?}: no file is written");
    }
}

#[test]
fn the_exit_code_after_fix_reflects_the_remaining_problems_only() {
    let project = Project::with(&[("runner.yaml", WARNING_CARD)]);
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--deny-warnings",
        "--fix",
        "runner.yaml",
    ]);
    assert_exit(&output, 0);
    assert_eq!(
        stdout(&output),
        "no problems found in 1 file (1 card); applied 1 fix\n"
    );
    assert!(
        project
            .read("runner.yaml")
            .contains("At the beginning of the end step")
    );

    project.write("both.yaml", format!("{WARNING_CARD}\n{ERROR_CARD}"));
    let output = project.run(&["check", "--format", "short", "--fix", "both.yaml"]);
    assert_exit(&output, 1);
    let lines = short_lines(&output);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains("error[PL201]"), "{lines:?}");

    // An unsafe-only fix left in place keeps --deny-warnings failing.
    project.write("lesson.yaml", SORCERY);
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--deny-warnings",
        "--fix",
        "lesson.yaml",
    ]);
    assert_exit(&output, 1);
}

#[test]
fn a_malformed_file_is_not_fixed() {
    let source = "{\"name\": \"A\", \"type_line\": \"Creature\", \"oracle_text\": \"At end of turn, \
                  sacrifice it.\"}\n{\"name\": \"B\", oops\n";
    let project = Project::with(&[("cards.jsonl", source)]);
    let output = project.run(&["check", "--format", "short", "--fix", "cards.jsonl"]);
    assert_exit(&output, 1);
    assert_eq!(project.read("cards.jsonl"), source);
    let lines = short_lines(&output);
    assert!(lines[0].contains("error[PL101]"), "{lines:?}");
    assert!(
        lines[1].starts_with("cards.jsonl:2:15: error[PL901]"),
        "{lines:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// 4. Config
// ---------------------------------------------------------------------------------------------

#[test]
fn a_config_in_a_parent_directory_is_found() {
    let project = Project::with(&[
        ("phaselint.toml", "[rules]\nPL101 = \"off\"\n"),
        ("sets/red/runner.yaml", WARNING_CARD),
    ]);
    // From the checked path, not from the current directory.
    let output = project.run_in("sets", &["check", "--format", "short", "red/runner.yaml"]);
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "no problems found in 1 file (1 card)\n");
    let elsewhere = Project::empty();
    let absolute = project.join("sets/red");
    let output = elsewhere.run(&["check", "--format", "short", absolute.to_str().unwrap()]);
    assert_eq!(stdout(&output), "no problems found in 1 file (1 card)\n");
    // Without the config the warning is there.
    std::fs::remove_file(project.join("phaselint.toml")).unwrap();
    let output = project.run_in("sets", &["check", "--format", "short", "red/runner.yaml"]);
    assert_eq!(short_lines(&output), [warning_line("red/runner.yaml")]);
}

#[test]
fn config_flag_uses_that_file_instead_of_the_one_found() {
    let project = Project::with(&[
        ("phaselint.toml", "[rules]\nPL101 = \"off\"\n"),
        ("runner.yaml", WARNING_CARD),
    ]);
    let settings = Project::with(&[("strict.toml", "[rules]\nobsolete-end-of-turn = \"error\"\n")]);
    let strict = settings.join("strict.toml");
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--config",
        strict.to_str().unwrap(),
        "runner.yaml",
    ]);
    assert_exit(&output, 1);
    assert_eq!(
        short_lines(&output),
        [
            "runner.yaml:4:9: error[PL101] \"At end of turn\" is obsolete wording (card: Ember Runner) [fix: replace with \"At the beginning of the end step\"]"
        ]
    );
}

#[test]
fn a_rule_set_off_is_silenced() {
    let project = Project::with(&[
        ("phaselint.toml", "[rules]\nPL101 = \"off\"\n"),
        ("cards.yaml", &format!("{WARNING_CARD}\n{ERROR_CARD}")),
    ]);
    let output = project.run(&["check", "--format", "short", "cards.yaml"]);
    assert_exit(&output, 1);
    let lines = short_lines(&output);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains("[PL201]"), "{lines:?}");
    // Off also means no fix.
    let output = project.run(&["check", "--fix", "cards.yaml"]);
    assert_exit(&output, 1);
    assert!(project.read("cards.yaml").contains("At end of turn"));
}

#[test]
fn changing_a_level_changes_the_severity_and_the_exit_code() {
    let project = Project::with(&[
        ("runner.yaml", WARNING_CARD),
        ("bell.yaml", ERROR_CARD),
        ("phaselint.toml", "[rules]\nPL101 = \"error\"\n"),
    ]);
    let output = project.run(&["check", "--format", "short", "runner.yaml"]);
    assert_exit(&output, 1);
    assert!(stdout(&output).contains("error[PL101]"));
    project.write(
        "phaselint.toml",
        "[rules]\nwindow-in-untap-step = \"note\"\n",
    );
    let output = project.run(&["check", "--format", "short", "bell.yaml"]);
    assert_exit(&output, 0);
    assert!(stdout(&output).contains("note[PL201]"));
}

#[test]
fn an_ignore_path_glob_silences_its_files_only() {
    let project = Project::with(&[
        (
            "phaselint.toml",
            "[[ignore]]\npath = \"legacy/**\"\nrules = [\"PL101\"]\n",
        ),
        (
            "legacy/old/runner.yaml",
            &format!("{WARNING_CARD}\n{ERROR_CARD}"),
        ),
        ("sets/runner.yaml", WARNING_CARD),
    ]);
    let output = project.run(&["check", "--format", "short", "."]);
    assert_exit(&output, 1);
    let lines = short_lines(&output);
    assert_eq!(lines.len(), 2, "{lines:?}");
    // Only PL101 is ignored in legacy/.
    assert!(
        lines[0].starts_with("legacy/old/runner.yaml:9:38: error[PL201]"),
        "{lines:?}"
    );
    assert_eq!(lines[1], warning_line("sets/runner.yaml"));
    // The same from inside legacy/, and with the files named one by one.
    let output = run(
        &project.join("legacy"),
        &["check", "--format", "short", "old/runner.yaml"],
    );
    assert_eq!(short_lines(&output).len(), 1, "{}", stdout(&output));
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "legacy/old/runner.yaml",
        "sets/runner.yaml",
    ]);
    assert_eq!(short_lines(&output).len(), 2, "{}", stdout(&output));
}

#[test]
fn an_ignore_path_glob_holds_for_a_path_given_through_dot_dot() {
    let project = Project::with(&[
        (
            "phaselint.toml",
            "[[ignore]]\npath = \"legacy/**\"\nrules = [\"all\"]\n",
        ),
        ("legacy/runner.yaml", WARNING_CARD),
        ("sets/runner.yaml", WARNING_CARD),
    ]);
    // Run from sets/, naming legacy/ as ../legacy after the current directory.
    let output = run(
        &project.join("sets"),
        &["check", "--format", "short", ".", "../legacy"],
    );
    assert_eq!(short_lines(&output), [warning_line("runner.yaml")]);
}

#[test]
fn an_ignore_card_silences_that_card_only() {
    let twin = WARNING_CARD.replace("Ember Runner", "Ember Walker");
    let project = Project::with(&[
        (
            "phaselint.toml",
            "[[ignore]]\ncard = \"Ember Runner\"\nrules = [\"obsolete-end-of-turn\"]\n",
        ),
        ("cards.yaml", &format!("{WARNING_CARD}\n{twin}")),
    ]);
    let output = project.run(&["check", "--format", "json", "cards.yaml"]);
    let cards: Vec<Value> = diagnostics(&output)
        .iter()
        .map(|diagnostic| diagnostic["card"].clone())
        .collect();
    assert_eq!(cards, [json!("Ember Walker")]);
}

#[test]
fn an_unknown_config_key_is_pl903_at_its_line_and_column() {
    let config =
        "# phaselint settings\n[rules]\nPL101 = \"warning\"\n\n[output]\nformat = \"short\"\n";
    let project = Project::with(&[("runner.yaml", CLEAN_CARD), ("phaselint.toml", config)]);
    let output = project.run(&["check", "--format", "short", "runner.yaml"]);
    assert_exit(&output, 2);
    assert_eq!(
        stdout(&output),
        "phaselint.toml:5:2: error[PL903] unknown field `output`, expected one of `rules`, \
         `ignore`, `files`, `edition`, `fields`\nfound 1 error in 2 files (1 card)\n"
    );
    // With --config the path is the one given.
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--config",
        "./phaselint.toml",
        "runner.yaml",
    ]);
    assert_exit(&output, 2);
    assert!(
        stdout(&output).starts_with("./phaselint.toml:5:2: error[PL903] unknown field `output`"),
        "{}",
        stdout(&output)
    );
    // An unknown key inside a table, and an unknown rule.
    project.write(
        "phaselint.toml",
        "[[ignore]]\ncard = \"X\"\nrule = [\"all\"]\n",
    );
    let output = project.run(&["check", "--format", "short", "runner.yaml"]);
    assert_exit(&output, 2);
    assert!(
        stdout(&output).starts_with("phaselint.toml:3:1: error[PL903] unknown field `rule`"),
        "{}",
        stdout(&output)
    );
    project.write(
        "phaselint.toml",
        "[rules]\nPL101 = \"off\"\nPL999 = \"off\"\n",
    );
    let output = project.run(&["check", "--format", "short", "runner.yaml"]);
    assert!(
        stdout(&output).starts_with("phaselint.toml:3:1: error[PL903] unknown rule \"PL999\""),
        "{}",
        stdout(&output)
    );
}

#[test]
fn a_missing_config_file_given_with_config_exits_2() {
    let project = Project::with(&[("runner.yaml", WARNING_CARD)]);
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--config",
        "nope.toml",
        "runner.yaml",
    ]);
    assert_exit(&output, 2);
    assert!(
        stdout(&output).starts_with(
            "nope.toml:1:1: error[PL903] cannot read the config file: no such file or directory"
        ),
        "{}",
        stdout(&output)
    );
}

#[test]
fn an_allow_comment_above_a_card_suppresses_for_that_card_only() {
    let source = format!(
        "{WARNING_CARD}\n# reviewed: the old wording stays on this one\n# phaselint: \
         allow(PL101)\n{}\n{}",
        WARNING_CARD.replace("Ember Runner", "Ember Keeper"),
        WARNING_CARD.replace("Ember Runner", "Ember Walker"),
    );
    let project = Project::with(&[("cards.yaml", &source)]);
    let output = project.run(&["check", "--format", "json", "cards.yaml"]);
    let cards: Vec<Value> = diagnostics(&output)
        .iter()
        .map(|diagnostic| diagnostic["card"].clone())
        .collect();
    assert_eq!(cards, [json!("Ember Runner"), json!("Ember Walker")]);
    // Allowed by name too, and --fix leaves the allowed card alone.
    let by_name = source.replace("allow(PL101)", "allow(obsolete-end-of-turn)");
    project.write("cards.yaml", &by_name);
    project.run(&["check", "--fix", "cards.yaml"]);
    let fixed = project.read("cards.yaml");
    assert_eq!(fixed.matches("At end of turn").count(), 1, "{fixed}");
    assert!(
        fixed.contains("- name: Ember Keeper\n  mana_cost: \"{R}\"\n  type: Creature — Elemental\n  text: At end of turn"),
        "{fixed}"
    );
}

// ---------------------------------------------------------------------------------------------
// 5. Inputs
// ---------------------------------------------------------------------------------------------

#[test]
fn stdin_yaml_is_detected_and_linted() {
    let project = Project::empty();
    let output =
        project.run_with_stdin(&["check", "--format", "json", "-"], WARNING_CARD.as_bytes());
    assert_exit(&output, 1);
    let document = parse_json(&output);
    let diagnostic = &document["diagnostics"][0];
    assert_eq!(diagnostic["file"], "-");
    assert_eq!(diagnostic["card"], "Ember Runner");
    assert_eq!(
        (diagnostic["line"].clone(), diagnostic["column"].clone()),
        (json!(4), json!(9))
    );
    assert_eq!(document["summary"]["cards"], 1);
}

#[test]
fn stdin_plain_text_takes_the_first_line_as_the_name() {
    let project = Project::empty();
    let text = "Ancient Hourglass {3}\nArtifact\nAt end of turn, put a time counter on it.\n";
    let output = project.run_with_stdin(&["check", "--format", "json", "-"], text.as_bytes());
    assert_exit(&output, 1);
    let document = parse_json(&output);
    let diagnostic = &document["diagnostics"][0];
    assert_eq!(diagnostic["card"], "Ancient Hourglass");
    assert_eq!(diagnostic["code"], "PL101");
    assert_eq!(
        (diagnostic["line"].clone(), diagnostic["column"].clone()),
        (json!(3), json!(1))
    );
    // The type line was read: a permanent's trigger gets the safe fix.
    assert_eq!(diagnostic["fix"]["applicability"], "safe");
}

#[test]
fn stdin_and_files_mix_on_one_command_line() {
    let project = Project::with(&[("bell.yaml", ERROR_CARD)]);
    let output = project.run_with_stdin(
        &["check", "--format", "short", "bell.yaml", "-"],
        WARNING_CARD.as_bytes(),
    );
    assert_exit(&output, 1);
    let lines = short_lines(&output);
    assert!(
        lines[0].starts_with("bell.yaml:4:38: error[PL201]"),
        "{lines:?}"
    );
    assert_eq!(lines[1], warning_line("-"));
}

#[test]
fn a_directory_walk_is_sorted_and_skips_hidden_directories() {
    let project = Project::empty();
    for name in [
        "sets/c.yaml",
        "sets/a/z.yaml",
        "sets/b.yml",
        "sets/B.yaml",
        "sets/d.txt.bak",
        "sets/.drafts/x.yaml",
        "sets/.hidden.yaml",
        "sets/target/y.yaml",
        "sets/a/.git/w.yaml",
    ] {
        project.write(name, WARNING_CARD);
    }
    let output = project.run(&["check", "--format", "short", "sets"]);
    assert_exit(&output, 1);
    assert_eq!(
        short_lines(&output),
        [
            warning_line("sets/B.yaml"),
            warning_line("sets/a/z.yaml"),
            warning_line("sets/b.yml"),
            warning_line("sets/c.yaml"),
        ]
    );
    // `d.txt.bak` is no card file: counted, not read.
    assert!(
        stdout(&output).ends_with("in 4 files (4 cards); 1 file skipped\n4 fixable with --fix\n")
    );
    // A hidden directory named on the command line is walked.
    let output = project.run(&["check", "--format", "short", "sets/.drafts"]);
    assert_eq!(short_lines(&output), [warning_line("sets/.drafts/x.yaml")]);
}

#[test]
fn a_file_named_and_found_by_a_walk_is_checked_once() {
    let project = Project::with(&[("runner.yaml", WARNING_CARD)]);
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "runner.yaml",
        "./runner.yaml",
        ".",
    ]);
    assert_eq!(
        stdout(&output),
        format!(
            "{}\nfound 1 error in 1 file (1 card)\n1 fixable with --fix\n",
            warning_line("runner.yaml")
        )
    );
    // And fixed as one file.
    project.run(&["check", "--fix", "runner.yaml", "."]);
    assert_eq!(
        project.read("runner.yaml"),
        WARNING_CARD.replace("At end of turn", "At the beginning of the end step")
    );
}

#[test]
fn exclude_skips_matching_files_and_directories() {
    let project = Project::empty();
    for name in [
        "sets/a.yaml",
        "sets/drafts/b.yaml",
        "sets/c.json",
        "old/d.yaml",
    ] {
        project.write(name, WARNING_CARD);
    }
    project.write("sets/c.json", "[]");
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--exclude",
        "drafts",
        "--exclude",
        "*.json",
        "sets",
        "old",
    ]);
    assert_exit(&output, 1);
    assert_eq!(
        short_lines(&output),
        [warning_line("sets/a.yaml"), warning_line("old/d.yaml")]
    );
    assert!(stdout(&output).ends_with("in 2 files (2 cards)\n2 fixable with --fix\n"));
    let output = project.run(&["check", "--format", "short", "--exclude", "old/**", "."]);
    let lines = short_lines(&output);
    assert!(!lines.iter().any(|line| line.contains("old/")), "{lines:?}");
    // A file named explicitly is checked whatever --exclude says.
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--exclude",
        "drafts",
        "sets/drafts/b.yaml",
    ]);
    assert_eq!(short_lines(&output), [warning_line("sets/drafts/b.yaml")]);
}

#[test]
fn original_reads_the_printed_text_of_an_mtgjson_file() {
    let path = fixtures().join("databases/cwd-mtgjson.json");
    let path = path.to_str().unwrap();
    let output = run(&fixtures(), &["check", "--format", "json", path]);
    assert_exit(&output, 1);
    let codes: Vec<Value> = diagnostics(&output)
        .iter()
        .map(|d| d["code"].clone())
        .collect();
    assert_eq!(codes, [json!("PL103")]);

    let output = run(
        &fixtures(),
        &["check", "--format", "json", "--original", path],
    );
    assert_exit(&output, 1);
    let found: Vec<(Value, Value, Value)> = diagnostics(&output)
        .iter()
        .map(|d| (d["code"].clone(), d["card"].clone(), d["line"].clone()))
        .collect();
    assert_eq!(
        found,
        [
            (json!("PL101"), json!("Gale Sentinel"), json!(6)),
            (json!("PL102"), json!("Tempest Bell"), json!(10)),
            (json!("PL103"), json!("Tempest Bell"), json!(10)),
        ]
    );
    let source = read(fixtures().join("databases/cwd-mtgjson.json"));
    let first = &diagnostics(&output)[0];
    let start = first["span"]["start"].as_u64().unwrap() as usize;
    assert_eq!(&source[start..start + 14], "At end of turn");
}

#[test]
fn an_empty_file_is_zero_cards_and_exit_0() {
    let names = [
        "empty.yaml",
        "empty.json",
        "empty.jsonl",
        "empty.txt",
        "blank.yaml",
    ];
    let project = Project::with(&[
        (names[0], ""),
        (names[1], ""),
        (names[2], ""),
        (names[3], ""),
        (names[4], "\n\n# nothing yet\n"),
    ]);
    // Named one by one (as pre-commit names them), they are read and hold nothing.
    let mut args = vec!["check", "--format", "json"];
    args.extend(names);
    let output = project.run(&args);
    assert_exit(&output, 0);
    assert_eq!(
        parse_json(&output),
        json!({
            "diagnostics": [],
            "summary": {
                "files": 5, "cards": 0, "errors": 0, "warnings": 0, "notes": 0,
                "fixable": 0, "unsafe_fixable": 0
            }
        })
    );
    let output = project.run_with_stdin(&["check", "--format", "short", "-"], b"");
    assert_exit(&output, 0);
    assert_eq!(stdout(&output), "no card checked in 1 file\n");
    // A directory in which no card was read checked nothing: the run fails (issue 20 §2).
    let output = project.run(&["check", "--format", "short", "."]);
    assert_exit(&output, 2);
    assert_eq!(
        stdout(&output),
        ".:1:1: error[PL905] no card in this directory: the 5 files of a card format in it hold \
         none\nfound 1 error in 6 files (0 cards)\n"
    );
}

#[test]
fn a_five_megabyte_json_lines_file_is_checked_whole() {
    let mut text = String::new();
    let mut cards = 0;
    while text.len() < 5 * 1024 * 1024 {
        let extra = if cards % 1000 == 999 {
            " At end of turn, sacrifice it."
        } else {
            ""
        };
        text.push_str(&format!(
            "{{\"name\": \"Sentry {cards}\", \"type_line\": \"Creature \\u2014 Human Soldier\", \
             \"mana_cost\": \"{{1}}{{W}}\", \"oracle_text\": \"Vigilance\\nAt the beginning of \
             your upkeep, you gain 1 life.{extra}\", \"flavor_text\": \"{}\"}}\n",
            "The dawn watch never sleeps. ".repeat(4)
        ));
        cards += 1;
    }
    let project = Project::with(&[("big.jsonl", &text)]);
    let output = project.run(&["check", "--format", "json", "big.jsonl"]);
    assert_exit(&output, 1);
    let document = parse_json(&output);
    assert_eq!(document["summary"]["cards"], cards);
    let diagnostics = document["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), cards / 1000);
    let last = diagnostics.last().unwrap();
    assert_eq!(last["card"], format!("Sentry {}", cards / 1000 * 1000 - 1));
    assert_eq!(last["line"], cards / 1000 * 1000);
    let start = last["span"]["start"].as_u64().unwrap() as usize;
    assert_eq!(&text[start..start + 14], "At end of turn");
}

#[test]
fn deeply_nested_brackets_are_malformed_input_not_a_crash() {
    let project = Project::with(&[
        ("deep.json", &"[".repeat(200_000)),
        ("deep.yaml", &"[".repeat(200_000)),
        ("deep.jsonl", &format!("{}\n", "[".repeat(200_000))),
        ("runner.yaml", WARNING_CARD),
    ]);
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "deep.json",
        "deep.yaml",
        "deep.jsonl",
        "runner.yaml",
    ]);
    assert_exit(&output, 1);
    assert!(!stderr(&output).contains("panicked"), "{}", stderr(&output));
    let lines = short_lines(&output);
    for name in ["deep.json", "deep.yaml", "deep.jsonl"] {
        assert!(
            lines.iter().any(
                |line| line.starts_with(&format!("{name}:1:")) && line.contains("error[PL901]")
            ),
            "{name} in {lines:?}"
        );
    }
    assert_eq!(lines.last().unwrap(), &warning_line("runner.yaml"));
}

#[test]
fn a_yaml_file_with_a_byte_order_mark_has_exact_spans_and_fixes() {
    let source = format!("\u{feff}{WARNING_CARD}");
    let project = Project::with(&[("bom.yaml", &source)]);
    let output = project.run(&["check", "--format", "json", "bom.yaml"]);
    let diagnostics = diagnostics(&output);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let span = only(&source, "At end of turn");
    assert_eq!(
        diagnostics[0]["span"],
        json!({"start": span.start, "end": span.end})
    );
    assert_eq!(
        (
            diagnostics[0]["line"].clone(),
            diagnostics[0]["column"].clone()
        ),
        (json!(4), json!(9))
    );
    assert_eq!(diagnostics[0]["fix"]["applicability"], "safe");
    project.run(&["check", "--fix", "bom.yaml"]);
    assert_eq!(
        project.read("bom.yaml"),
        source.replace("At end of turn", "At the beginning of the end step")
    );
    // Errors are placed right too.
    project.write("bom.yaml", "\u{feff}- name: Broken\n  text: [unclosed\n");
    let output = project.run(&["check", "--format", "short", "bom.yaml"]);
    assert_eq!(
        short_lines(&output),
        ["bom.yaml:2:9: error[PL901] unclosed bracket '['"]
    );
}

// ---------------------------------------------------------------------------------------------
// 6. rules
// ---------------------------------------------------------------------------------------------

#[test]
fn rules_lists_every_code_once_in_aligned_columns() {
    let project = Project::empty();
    let output = project.run(&["rules"]);
    assert_exit(&output, 0);
    let text = stdout(&output);
    let codes: Vec<&str> = text
        .lines()
        .map(|line| line.split_whitespace().next().unwrap_or_default())
        .collect();
    let mut unique = codes.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), codes.len(), "each code once: {codes:?}");
    for code in [
        "PL001", "PL101", "PL102", "PL103", "PL104", "PL105", "PL201", "PL202", "PL203", "PL204",
        "PL301", "PL401", "PL402", "PL403", "PL404", "PL501", "PL502", "PL503", "PL900", "PL901",
        "PL902", "PL903",
    ] {
        assert!(codes.contains(&code), "{code} listed: {text}");
    }
    // Every code the fixtures report is listed.
    let output = run(&fixtures(), &["check", "--format", "json", "."]);
    for diagnostic in diagnostics(&output) {
        let code = diagnostic["code"].as_str().unwrap();
        assert!(codes.contains(&code), "{code}");
    }
    // The summaries start in one column, whatever the level's length.
    let summary_columns: Vec<usize> = text
        .lines()
        .map(|line| {
            let level = [" error ", " warning ", " note ", " off "]
                .iter()
                .find_map(|level| line.find(level).map(|at| at + level.len()))
                .expect("a level on every line");
            let rest = &line[level..];
            level + (rest.len() - rest.trim_start().len())
        })
        .collect();
    assert!(
        summary_columns.windows(2).all(|pair| pair[0] == pair[1]),
        "{text}"
    );
}

#[test]
fn rules_by_code_and_by_name_print_the_same_docs() {
    let project = Project::empty();
    let by_code = project.run(&["rules", "PL101"]);
    let by_name = project.run(&["rules", "obsolete-end-of-turn"]);
    let lower = project.run(&["rules", "pl101"]);
    assert_exit(&by_code, 0);
    assert_exit(&by_name, 0);
    let docs = stdout(&by_code);
    assert_eq!(docs, stdout(&by_name));
    assert_eq!(docs, stdout(&lower));
    assert!(docs.starts_with("# PL101 obsolete-end-of-turn\n"), "{docs}");
    for heading in ["## What it does", "## Why", "## Example", "## Fix"] {
        assert!(
            docs.contains(&format!("\n{heading}\n")),
            "{heading} in {docs}"
        );
    }
}

#[test]
fn every_rule_has_its_doc_sections() {
    let project = Project::empty();
    let list = stdout(&project.run(&["rules"]));
    for code in list
        .lines()
        .filter_map(|line| line.split_whitespace().next())
    {
        let output = project.run(&["rules", code]);
        assert_exit(&output, 0);
        let docs = stdout(&output);
        // The input problems (PL9xx) are about files, not card text: no example of card text.
        let headings: &[&str] = if code.starts_with("PL9") {
            &["## What it does", "## Why", "## Fix"]
        } else {
            &["## What it does", "## Why", "## Example", "## Fix"]
        };
        for heading in headings {
            assert!(docs.contains(heading), "{code}: {heading}");
        }
    }
}

#[test]
fn an_unknown_rule_exits_2() {
    let project = Project::empty();
    let output = project.run(&["rules", "PL999"]);
    assert_exit(&output, 2);
    assert_eq!(stdout(&output), "");
    assert!(
        stderr(&output).contains("no rule is called \"PL999\""),
        "{}",
        stderr(&output)
    );
}

// ---------------------------------------------------------------------------------------------
// 7. A closed pipe
// ---------------------------------------------------------------------------------------------

#[test]
fn a_closed_stdout_ends_quietly() {
    // As `phaselint check fixtures/ --format short | head -0`: the reader is gone at once.
    let mut child = command(&fixtures(), &["check", ".", "--format", "short"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("the binary ends");
    assert_eq!(stderr(&output), "");
    assert_exit(&output, 1);
}

#[test]
fn a_pipe_closed_after_one_line_ends_quietly() {
    // As `phaselint check . --format short | head -1`, with more output than a pipe buffers, so
    // that the write meets the closed pipe.
    let cards: String = (0..3000)
        .map(|i| WARNING_CARD.replace("Ember Runner", &format!("Ember Runner {i}")) + "\n")
        .collect();
    let project = Project::with(&[("many.yaml", &cards)]);
    let mut child = command(project.path(), &["check", "many.yaml", "--format", "short"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut reader = BufReader::new(child.stdout.take().expect("a stdout pipe"));
    let mut first = String::new();
    reader.read_line(&mut first).expect("a first line");
    assert_eq!(
        first,
        format!("{}\n", warning_line("many.yaml")).replace("Ember Runner", "Ember Runner 0")
    );
    drop(reader);
    let output = child.wait_with_output().expect("the binary ends");
    let message = stderr(&output);
    assert!(!message.contains("panicked"), "{message}");
    assert_eq!(message, "");
    assert_exit(&output, 1);
}

#[test]
fn printed_wordings_read_with_original_are_reported_never_fixed() {
    let database = read(fixtures().join("databases/cwd-mtgjson.json"));
    let project = Project::with(&[("cwd.json", &database)]);
    let output = project.run(&[
        "check",
        "--format",
        "short",
        "--original",
        "--fix",
        "--fix-json",
        "cwd.json",
    ]);
    assert_exit(&output, 1);
    assert!(
        stdout(&output).contains("error[PL101]"),
        "{}",
        stdout(&output)
    );
    assert_eq!(
        project.read("cwd.json"),
        database,
        "originalText is history: never rewritten"
    );
}
