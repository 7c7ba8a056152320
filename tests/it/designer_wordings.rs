//! What designers write, read through `explain --format json` as a user runs it: the card's own
//! name (`--name`), Unicode spaces, and the designer wordings whose meaning is certain (the last
//! rows of the version-3 table of ../shared/TIMING-MODEL.md). Each text is of a card of our own.

use serde_json::Value;
use std::process::Command;

/// The findings `explain --format json` gives `text`, with `--name` when a name is given.
fn findings(text: &str, name: Option<&str>) -> Vec<Value> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_phaselint"));
    command.args(["explain", "--format", "json"]);
    if let Some(name) = name {
        command.args(["--name", name]);
    }
    let output = command
        .arg("--")
        .arg(text)
        .output()
        .expect("phaselint runs");
    let json: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!(
            "{text:?}: no JSON ({error}): {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    json.as_array().cloned().unwrap_or_default()
}

/// The one finding of `text` whose kind is `kind`, or a failure listing what there is.
fn finding(text: &str, name: Option<&str>, kind: &str) -> Value {
    let all = findings(text, name);
    all.iter()
        .find(|finding| finding["kind"] == kind)
        .cloned()
        .unwrap_or_else(|| panic!("{text:?}: no {kind} finding in {all:#?}"))
}

/// The words of `text` a finding's span covers.
fn words<'t>(text: &'t str, finding: &Value) -> &'t str {
    let at = |key: &str| finding["span"][key].as_u64().unwrap_or(0) as usize;
    &text[at("start")..at("end")]
}

fn has_rule(finding: &Value, rule: &str) -> bool {
    finding["rules"]
        .as_array()
        .is_some_and(|rules| rules.iter().any(|r| r == rule))
}

fn no_unknown(text: &str, name: Option<&str>) {
    let all = findings(text, name);
    assert!(
        all.iter().all(|finding| finding["kind"] != "unknown"),
        "{text:?}: {all:#?}"
    );
}

#[test]
fn the_full_legendary_name_is_the_card_in_an_object_duration() {
    let text = "Exile target creature until Azun, Sheriff of Daisite leaves the battlefield.";
    let name = Some("Azun, Sheriff of Daisite");
    let found = finding(text, name, "object-duration");
    assert!(has_rule(&found, "610.3"), "{found:#?}");
    assert_eq!(
        words(text, &found),
        "until Azun, Sheriff of Daisite leaves the battlefield"
    );
    no_unknown(text, name);
    // The short name before the comma is the card too.
    let text = "Exile target creature until Azun leaves the battlefield.";
    no_unknown(text, name);
    finding(text, name, "object-duration");
}

#[test]
fn a_joined_trigger_after_the_full_name_is_printed_not_delayed() {
    let text = "When Nocturne, Monstrous Krasis enters and at the beginning of your upkeep, put a +1/+1 counter on it.";
    let found = finding(text, Some("Nocturne, Monstrous Krasis"), "trigger");
    assert_eq!(found["canonical"], "triggers begin(upkeep, each, you)");
    assert!(has_rule(&found, "500.6"), "{found:#?}");
    assert_eq!(words(text, &found), "at the beginning of your upkeep");
    // The same text without the name is read as it was: the comma ends the event.
    assert!(
        findings(text, None)
            .iter()
            .all(|finding| finding["kind"] != "trigger")
    );
}

#[test]
fn the_name_before_this_turn_is_the_card() {
    let text = "Target creature blocks Tsolmon, the Huntress this turn if able.";
    let name = Some("Tsolmon, the Huntress");
    no_unknown(text, name);
    let found = finding(text, name, "duration");
    assert_eq!(found["canonical"], "expires cleanup(turn, this, any)");
    assert_eq!(
        words(text, &found),
        "blocks Tsolmon, the Huntress this turn"
    );
}

#[test]
fn tilde_and_cardname_are_the_card() {
    for text in [
        "When ~ enters and at the beginning of your upkeep, draw a card.",
        "When CARDNAME enters and at the beginning of your upkeep, draw a card.",
    ] {
        let found = finding(text, None, "trigger");
        assert_eq!(found["canonical"], "triggers begin(upkeep, each, you)");
    }
}

#[test]
fn a_no_break_space_is_a_space_with_exact_spans() {
    let text = "At the beginning of your\u{a0}upkeep, draw a card.";
    let found = finding(text, None, "trigger");
    assert_eq!(found["canonical"], "triggers begin(upkeep, each, you)");
    assert!(has_rule(&found, "500.6"), "{found:#?}");
    assert_eq!(words(text, &found), "At the beginning of your\u{a0}upkeep");
    assert!(found["caveats"].as_array().is_some_and(|caveats| {
        caveats
            .iter()
            .all(|caveat| !caveat["code"].as_str().unwrap_or("").contains("wording"))
    }));

    let text = "Metalcraft —\u{a0}At the beginning of your upkeep, draw a card.";
    let found = finding(text, None, "trigger");
    assert_eq!(words(text, &found), "At the beginning of your upkeep");

    let text = "Target creature gets +1/+1 until end\u{a0}of\u{2009}turn.";
    let found = finding(text, None, "duration");
    assert_eq!(found["canonical"], "expires cleanup(turn, this, any)");
    assert_eq!(words(text, &found), "until end\u{a0}of\u{2009}turn");
    // Narrow no-break and figure spaces too.
    no_unknown("Tap it until end\u{202f}of\u{2007}turn.", None);
}

/// Issue 40: whitespace before or inside a line never changes what a phrase means, in `explain`
/// and in `check` of an indented text card alike.
#[test]
fn indented_or_spaced_text_reads_as_it_does_plainly() {
    for text in [
        "  At the beginning of your upkeep, draw a card.",
        "\tAt the beginning of your upkeep, draw a card.",
        "At  the beginning of\tyour upkeep, draw a card.",
    ] {
        let found = finding(text, None, "trigger");
        assert_eq!(
            found["canonical"], "triggers begin(upkeep, each, you)",
            "{text:?}"
        );
        assert!(
            words(text, &found).starts_with("At") && words(text, &found).ends_with("upkeep"),
            "{text:?}"
        );
        assert!(
            findings(text, None)
                .iter()
                .all(|finding| finding["kind"] != "delayed-trigger"),
            "{text:?}"
        );
    }
    // An indented line of a text card opens its ability: its "At end of turn" is a printed
    // trigger, whose fix is safe, as unindented (it was read as a delayed one, whose fix is not).
    let plain = diagnostics("Ember Keeper\nCreature\nAt end of turn, sacrifice Ember Keeper.\n");
    let indented =
        diagnostics("Ember Keeper\nCreature\n    At end of turn, sacrifice Ember Keeper.\n");
    let fixes = |all: &[Value]| {
        all.iter()
            .map(|d| (d["code"].clone(), d["fix"]["applicability"].clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(fixes(&indented), fixes(&plain));
    assert_eq!(plain[0]["fix"]["applicability"], "safe", "{plain:#?}");
}

/// The diagnostics `check --format json` gives one card read from standard input (the text
/// format: name and cost, type line, rules text).
fn diagnostics(card: &str) -> Vec<Value> {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_phaselint"))
        .args(["check", "--format", "json", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("phaselint runs");
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(card.as_bytes())
            .expect("the card is written");
    }
    let output = child.wait_with_output().expect("phaselint ends");
    let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    json["diagnostics"].as_array().cloned().unwrap_or_default()
}

/// `text` with the safe fix of the one diagnostic `code` applied, asserting it is the only one.
fn fixed_by(code: &str, text: &str) -> String {
    let card = format!("Test Card {{1}}\nArtifact\n{text}\n");
    let found = diagnostics(&card);
    assert_eq!(found.len(), 1, "{text:?}: {found:#?}");
    assert_eq!(found[0]["code"], code, "{text:?}: {found:#?}");
    assert_eq!(found[0]["fix"]["applicability"], "safe", "{found:#?}");
    let mut out = card.clone();
    let edits = found[0]["fix"]["edits"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    for edit in edits.iter().rev() {
        let at = |key: &str| edit[key].as_u64().unwrap_or(0) as usize;
        out.replace_range(
            at("start")..at("end"),
            edit["replacement"].as_str().unwrap_or(""),
        );
    }
    out.lines().nth(2).unwrap_or("").to_string()
}

/// The rows of the version-3 table for designer wordings: the template's finding, and a warning
/// whose safe fix writes the template.
#[test]
fn designer_wordings_read_as_their_templates() {
    let rows = [
        (
            "At the start of your upkeep, draw a card.",
            "trigger",
            "triggers begin(upkeep, each, you)",
        ),
        (
            "At the end of your turn, draw a card.",
            "trigger",
            "triggers begin(end, each, you)",
        ),
        (
            "At the end of each turn, draw a card.",
            "trigger",
            "triggers begin(end, each, any)",
        ),
        (
            "At the end of the turn, draw a card.",
            "trigger",
            "triggers begin(end, each, any)",
        ),
        (
            "Activate only during your opponent's turn.",
            "window",
            "opens begin(turn, each, opponent); closes end(turn, each, opponent)",
        ),
        (
            "Activate only on your turn.",
            "window",
            "opens begin(turn, each, you); closes end(turn, each, you)",
        ),
        (
            "Upkeep — Draw a card.",
            "trigger",
            "triggers begin(upkeep, each, you)",
        ),
        (
            "At the beginning of each player's combat step, that player draws a card.",
            "trigger",
            "triggers begin(beginning-of-combat, each, any)",
        ),
    ];
    for (text, kind, canonical) in rows {
        no_unknown(text, None);
        let found = finding(text, None, kind);
        assert_eq!(found["canonical"], canonical, "{text:?}");
        assert!(
            found["caveats"]
                .as_array()
                .is_some_and(|caveats| caveats.iter().any(|c| c["code"] == "designer-wording")),
            "{text:?}: {found:#?}"
        );
    }
    for text in [
        "At the start of your upkeep, draw a card.",
        "At the end of your turn, draw a card.",
    ] {
        assert!(
            has_rule(&finding(text, None, "trigger"), "500.6"),
            "{text:?}"
        );
    }
}

#[test]
fn each_designer_wording_is_a_warning_whose_fix_writes_the_template() {
    for (code, text, template) in [
        (
            "PL701",
            "At the start of your upkeep, draw a card.",
            "At the beginning of your upkeep, draw a card.",
        ),
        (
            "PL702",
            "{T}: Draw a card. Activate only during your opponent's turn.",
            "{T}: Draw a card. Activate only during an opponent's turn.",
        ),
        (
            "PL703",
            "{T}: Draw a card. Activate only on your turn.",
            "{T}: Draw a card. Activate only during your turn.",
        ),
        (
            "PL704",
            "At the end of your turn, draw a card.",
            "At the beginning of your end step, draw a card.",
        ),
        (
            "PL704",
            "At the end of each turn, draw a card.",
            "At the beginning of each end step, draw a card.",
        ),
        (
            "PL705",
            "Upkeep — Draw a card.",
            "At the beginning of your upkeep, draw a card.",
        ),
        (
            "PL707",
            "Create a 3/1 Elemental token. Exile it at the beginning of the end step.",
            "Create a 3/1 Elemental token. Exile it at the beginning of the next end step.",
        ),
        (
            "PL706",
            "At the beginning of your combat step, draw a card.",
            "At the beginning of combat on your turn, draw a card.",
        ),
    ] {
        assert_eq!(fixed_by(code, text), template, "{code}");
    }
}

/// `check` gives the card's name to the finder: a legendary name written in full is the card.
#[test]
fn check_reads_the_cards_own_name_as_the_card() {
    let card = "Azun, Sheriff of Daisite {1}{W}\nLegendary Creature — Human\nWhen Azun, Sheriff of Daisite enters, exile target creature until Azun, Sheriff of Daisite leaves the battlefield.\n";
    let found = diagnostics(card);
    assert!(found.is_empty(), "{found:#?}");
    // Another card's name is no self-reference: the comma still ends the clause.
    let other = card.replacen("Azun, Sheriff of Daisite {1}{W}", "Someone Else {1}{W}", 1);
    assert!(
        diagnostics(&other).iter().any(|d| d["code"] == "PL001"),
        "{other:?}"
    );
}

/// A delayed "at the beginning of the end step" in an effect already reads as the next end step
/// (603.7); PL707 asks for the template's words.
#[test]
fn a_delayed_end_step_in_an_effect_is_the_next_one() {
    let text = "Create a 3/1 Elemental token. Exile it at the beginning of the end step.";
    no_unknown(text, None);
    let found = finding(text, None, "delayed-trigger");
    assert_eq!(found["canonical"], "triggers begin(end, next, any)");
    assert!(has_rule(&found, "603.7"), "{found:#?}");
}

/// Magic Set Editor's card-name atom is decoded to the card's name, and the name is the card: a
/// legendary name in the atom does not end the clause at its comma.
#[test]
fn the_mse_card_name_atom_is_the_card() {
    let dir = std::env::temp_dir().join(format!("phaselint-designer-{}", std::process::id()));
    let set = dir.join("azun.mse-set");
    std::fs::create_dir_all(&set).expect("a temporary folder");
    std::fs::write(
        set.join("set"),
        "mse_version: 2.0.2\ngame: magic\nstylesheet: m15\nset_info:\n\ttitle: Daisite\ncard:\n\tname: Azun, Sheriff of Daisite\n\tsuper_type: <word-list-type>Legendary Creature</word-list-type>\n\trule_text: Exile target creature until <atom-cardname><nospellcheck>Azun, Sheriff of Daisite</nospellcheck></atom-cardname> leaves the battlefield.\n",
    )
    .expect("the set file");
    let output = Command::new(env!("CARGO_BIN_EXE_phaselint"))
        .args(["check", "--format", "json"])
        .arg(&set)
        .output()
        .expect("phaselint runs");
    let _ = std::fs::remove_dir_all(&dir);
    let json: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["summary"]["cards"], 1, "{json:#}");
    let diagnostics = json["diagnostics"].as_array().cloned().unwrap_or_default();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
}

/// The designers' durations of the version-4 table (issue 40): each reads as its template, whole
/// ("until the turn ends" is never "until the turn"), and PL710's safe fix writes the template.
#[test]
fn designer_durations_read_as_their_templates() {
    let rows = [
        (
            "Target creature gets +1/+1 until the turn ends.",
            "expires cleanup(turn, this, any)",
            "514.2",
            "Target creature gets +1/+1 until end of turn.",
        ),
        (
            "Target creature gets +1/+1 till end of turn.",
            "expires cleanup(turn, this, any)",
            "514.2",
            "Target creature gets +1/+1 until end of turn.",
        ),
        (
            "Target creature gets +1/+1 until turn\u{2019}s end.",
            "expires cleanup(turn, this, any)",
            "514.2",
            "Target creature gets +1/+1 until end of turn.",
        ),
        (
            "For the rest of the turn, creatures you control have haste.",
            "expires cleanup(turn, this, any)",
            "514.2",
            "Until end of turn, creatures you control have haste.",
        ),
        (
            "Target creature gets +2/+2 until combat ends.",
            "expires end(combat, this, any)",
            "511.2",
            "Target creature gets +2/+2 until end of combat.",
        ),
    ];
    for (text, timing, rule, fixed) in rows {
        let found = finding(text, None, "duration");
        assert_eq!(found["canonical"], timing, "{text:?}");
        assert!(has_rule(&found, rule), "{text:?}: {found:#?}");
        assert!(
            findings(text, None)
                .iter()
                .all(|finding| finding["canonical"] != "expires begin(turn, next, any)"),
            "{text:?}"
        );
        assert_eq!(fixed_by("PL710", text), fixed, "{text:?}");
    }
}

/// "During your end phase" (issue 40): "end phase" is the ending phase's name of the 2004 and
/// 2009 rules (312). Read as the ending phase, it is PL103 under the current rules, and right
/// under `--rules 2009`.
#[test]
fn the_end_phase_is_the_ending_phase_and_obsolete_but_in_2009() {
    let text = "During your end phase, you may draw a card.";
    let found = finding(text, None, "reference");
    assert_eq!(found["canonical"], "tests during(ending, this, you)");
    let card = format!("Test Card {{1}}\nArtifact\n{text}\n");
    let found = diagnostics(&card);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0]["code"], "PL103");
    assert_eq!(
        fixed_by("PL103", text),
        "During your ending phase, you may draw a card."
    );
    let output = Command::new(env!("CARGO_BIN_EXE_phaselint"))
        .args(["check", "--rules", "2009", "--format", "short", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            if let Some(mut stdin) = child.stdin.take() {
                stdin.write_all(card.as_bytes())?;
            }
            child.wait_with_output()
        })
        .expect("phaselint runs");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(report.starts_with("no problems found"), "{report}");
}
