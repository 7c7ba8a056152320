//! What phaselint writes about files a stranger wrote (issue 11, §3, §4, §12, §13, §14, §17):
//! a report of bounded size, no control character of a card file sent to the terminal, lines
//! and columns that agree in every format, and a report that could not be written is an error.

use phaselint::report::Format;
use serde_json::Value;
use std::path::Path;
use std::process::Output;

use crate::cli;
use cli::{command, run, stderr, stdout, without_colour, write};

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!("stdout is one JSON document ({error}):\n{}", stdout(output))
    })
}

fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// One JSON Lines card.
fn card(name: &str, text: &str) -> String {
    serde_json::json!({"name": name, "type_line": "Instant", "oracle_text": text}).to_string()
        + "\n"
}

/// `check --format FORMAT FILE`.
fn check(dir: &Path, format: &str, file: &str) -> Output {
    run(dir, &["check", "--format", format, file])
}

/// `check --narrate FILE`: the human format as plain sentences.
fn narrated(dir: &Path, file: &str) -> Output {
    run(dir, &["check", "--narrate", file])
}

/// The first `path:line:col` of a short report.
fn short_place(output: &Output) -> (usize, usize) {
    let text = stdout(output);
    let mut parts = text.split(':').skip(1);
    let mut number = || {
        parts
            .next()
            .and_then(|part| part.parse().ok())
            .unwrap_or_else(|| panic!("a short line: {text}"))
    };
    (number(), number())
}

// ---------------------------------------------------------------------------------------------
// §17: a byte order mark is no column
// ---------------------------------------------------------------------------------------------

#[test]
fn a_byte_order_mark_is_no_column_in_any_format() {
    let dir = tempdir();
    let line = card("X", "Draw at end of turn.");
    write(dir.path(), "bom.jsonl", format!("\u{feff}{line}"));
    // Without the mark, "at end of turn" is at characters `column` to `column + 13` of the line.
    let column = line.find("at end").expect("the words") + 1;
    let end = column + "at end of turn".len();
    let short = check(dir.path(), "short", "bom.jsonl");
    assert_eq!(short_place(&short), (1, column), "{}", stdout(&short));
    let report = json(&check(dir.path(), "json", "bom.jsonl"));
    let diagnostic = &report["diagnostics"][0];
    assert_eq!(
        (
            &diagnostic["line"],
            &diagnostic["column"],
            &diagnostic["end_column"]
        ),
        (&Value::from(1), &Value::from(column), &Value::from(end))
    );
    // The span is in the file's bytes, the mark's three included.
    assert_eq!(diagnostic["span"]["start"], Value::from(column - 1 + 3));
    let github = stdout(&check(dir.path(), "github", "bom.jsonl"));
    assert!(
        github.contains(&format!(",line=1,col={column},endLine=1,endColumn={end},")),
        "{github}"
    );
    let sarif = json(&check(dir.path(), "sarif", "bom.jsonl"));
    let region = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (
            &region["startColumn"],
            &region["endColumn"],
            &region["charOffset"]
        ),
        (
            &Value::from(column),
            &Value::from(end),
            &Value::from(column - 1)
        )
    );
    let narrated = stdout(&narrated(dir.path(), "bom.jsonl"));
    assert!(
        narrated.contains(&format!(
            "label at line 1, columns {column} to {}: obsolete-end-of-turn",
            end - 1
        )),
        "{narrated}"
    );
    let drawn = stdout(&run(
        dir.path(),
        &["check", "--color", "always", "bom.jsonl"],
    ));
    assert!(drawn.contains(&format!("bom.jsonl:1:{column}")), "{drawn}");
}

// ---------------------------------------------------------------------------------------------
// §13: the human format's columns on long lines
// ---------------------------------------------------------------------------------------------

#[test]
fn the_human_format_gives_the_columns_of_short_on_long_lines() {
    let dir = tempdir();
    // 300 characters before the words, some of them of several bytes.
    let before = "Flash — it’s a long ability, ".repeat(10);
    let text = format!("{before}Tap it until the end of turn.");
    write(dir.path(), "long.jsonl", card("Long Card", &text));
    let (line, column) = short_place(&check(dir.path(), "short", "long.jsonl"));
    assert!(column > 300, "{column}");
    let narrated = stdout(&narrated(dir.path(), "long.jsonl"));
    let label = format!(
        "label at line {line}, columns {column} to {}: until-the-end-of-turn",
        column + "until the end of turn".len() - 1
    );
    assert!(narrated.contains(&label), "{label}\n{narrated}");
    // The snippet is cut around the words and says where it starts.
    assert!(narrated.contains(&format!("starting at line {line}, column ")));
    let drawn = stdout(&run(
        dir.path(),
        &["check", "--color", "always", "long.jsonl"],
    ));
    assert!(
        drawn.contains(&format!("long.jsonl:{line}:{column}")),
        "{drawn}"
    );
}

// ---------------------------------------------------------------------------------------------
// §4: no control character of a card file reaches the terminal
// ---------------------------------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn control_characters_of_a_card_file_are_shown_not_sent() {
    let dir = tempdir();
    let file = "evil\u{1b}[2J.txt";
    write(
        dir.path(),
        file,
        "Foo\u{1b}]0;PWNED\u{7}\nInstant\nTap it until the end of turn.\u{1b}]0;PWNED\u{7} \
         Until \u{1b}[31mthe \u{9b}2J\u{202e}moon rises.\n",
    );
    let human = stdout(&narrated(dir.path(), file));
    let drawn = stdout(&run(dir.path(), &["check", "--color", "always", file]));
    let short = stdout(&check(dir.path(), "short", file));
    let github = stdout(&check(dir.path(), "github", file));
    for (format, out) in [
        ("narrated", human.clone()),
        ("graphical", without_colour(&drawn)),
        ("short", short.clone()),
        ("github", github.clone()),
    ] {
        let controls: Vec<char> = out
            .chars()
            .filter(|&c| (c.is_control() && c != '\n') || c == '\u{202e}')
            .collect();
        assert!(controls.is_empty(), "{format}: {controls:?} in\n{out}");
        assert!(out.contains("␛"), "{format}: the ESC is shown\n{out}");
    }
    // The snippet line, the path and the card name, in the one-column stand-ins.
    assert!(
        human.contains("snippet line 3: Tap it until the end of turn.␛]0;PWNED␇ Until ␛[31mthe \\u{9b}2J\\u{202e}moon rises."),
        "{human}"
    );
    assert!(human.contains("Begin snippet for evil␛[2J.txt"), "{human}");
    assert!(
        short.contains("evil␛[2J.txt:3:8: warning[PL503]"),
        "{short}"
    );
    assert!(short.contains("(card: Foo␛]0;PWNED␇)"), "{short}");
    // The columns are still the file's: a stand-in counts as the one character it stands for.
    assert!(
        human.contains("label at line 3, columns 8 to 28: until-the-end-of-turn"),
        "{human}"
    );
    // The message of the unknown phrase quotes the card text, stand-ins and all.
    assert!(
        short.contains("warning[PL001] phaselint does not understand \"Until ␛\""),
        "{short}"
    );
    assert!(github.contains("file=evil␛[2J.txt,"), "{github}");
    // JSON and SARIF escape control characters by their own rules.
    for format in ["json", "sarif"] {
        let out = check(dir.path(), format, file);
        assert!(
            !out.stdout.contains(&0x1b) && !out.stdout.contains(&0x07),
            "{format}"
        );
        let value = json(&out);
        assert!(value.to_string().contains("PWNED"));
    }
}

// ---------------------------------------------------------------------------------------------
// §3: the report is bounded: per card, per file
// ---------------------------------------------------------------------------------------------

#[test]
fn a_card_shows_its_first_hundred_findings_and_counts_the_rest() {
    let dir = tempdir();
    let text = "until. ".repeat(150);
    let cards = card("Flood", text.trim_end()) + &card("Calm", "Tap it until the end of turn.");
    write(dir.path(), "flood.jsonl", cards);
    let output = check(dir.path(), "short", "flood.jsonl");
    let out = stdout(&output);
    let flood: Vec<&str> = out
        .lines()
        .filter(|line| line.ends_with("(card: Flood)"))
        .collect();
    assert_eq!(flood.len(), 101, "{out}");
    assert!(
        flood[..100]
            .iter()
            .all(|line| line.contains("warning[PL001]"))
    );
    // The first left out is the 101st "until", at byte 700 of the text.
    let column = card("Flood", text.trim_end())
        .find("until")
        .unwrap_or_default()
        + 1
        + 700;
    assert_eq!(
        flood[100],
        format!(
            "flood.jsonl:1:{column}: error[PL904] too many findings on this card: 50 more are not \
             shown, past the first 100 (card: Flood)"
        )
    );
    // The next card is checked as always.
    assert!(out.contains("flood.jsonl:2:"), "{out}");
    assert!(
        out.contains("found 1 error, 101 warnings in 1 file (2 cards)"),
        "{out}"
    );
    // Every format says so, the rule is documented.
    let report = json(&check(dir.path(), "json", "flood.jsonl"));
    let last = &report["diagnostics"][100];
    assert_eq!(last["code"], "PL904");
    assert_eq!(last["name"], "too-many-findings");
    assert!(
        last["help"].as_str().is_some_and(
            |help| help.contains("warning[PL001] phaselint does not understand \"until\"")
        ),
        "{last}"
    );
    let rule = stdout(&run(dir.path(), &["rules", "PL904"]));
    assert!(rule.contains("too-many-findings"), "{rule}");
}

#[test]
fn a_file_shows_its_first_ten_thousand_findings_and_counts_the_rest() {
    let dir = tempdir();
    // 105 cards of 101 findings each (100 and a PL904): 10,605 in all.
    let text = "until. ".repeat(101);
    let cards: String = (0..105)
        .map(|i| card(&format!("Flood {i}"), text.trim_end()))
        .collect();
    write(dir.path(), "floods.jsonl", cards);
    let report = json(&check(dir.path(), "json", "floods.jsonl"));
    let diagnostics = report["diagnostics"].as_array().expect("diagnostics");
    assert_eq!(diagnostics.len(), 10_001);
    let last = &diagnostics[10_000];
    assert_eq!(last["code"], "PL904");
    assert_eq!(last["card"], Value::Null);
    assert_eq!(
        last["message"],
        "too many findings in this file: 605 more are not shown, past the first 10000"
    );
    // The first left out: the second finding of the 100th card, after 99 cards of 101.
    assert_eq!(last["line"], Value::from(100));
    assert_eq!(diagnostics[9_999]["line"], Value::from(100));
    // The PL904s are errors, 99 of cards and the file's; the unknown phrases are warnings.
    assert_eq!(report["summary"]["errors"], Value::from(100));
    assert_eq!(report["summary"]["warnings"], Value::from(9_901));
}

#[test]
fn a_huge_line_of_timing_words_gives_a_short_report() {
    let dir = tempdir();
    // A quarter of a megabyte of "until": 45,000 timing words, each a finding of its own.
    write(
        dir.path(),
        "until.txt",
        format!("Flood\nInstant\n{}\n", "until\n".repeat(45_000)),
    );
    let output = check(dir.path(), "sarif", "until.txt");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        output.stdout.len() < 400_000,
        "{} bytes",
        output.stdout.len()
    );
    let sarif = json(&output);
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    // 1,000 phrases are read; the rest of the text is reported unread, and the card's findings
    // past the first 100 are counted.
    assert_eq!(results.len(), 100 + 1);
    let codes: Vec<&str> = results
        .iter()
        .filter_map(|result| result["ruleId"].as_str())
        .collect();
    assert_eq!(codes.iter().filter(|&&code| code == "PL001").count(), 100);
    assert_eq!(codes.last(), Some(&"PL904"));
    let short = stdout(&check(dir.path(), "short", "until.txt"));
    assert!(
        short
            .contains("too many findings on this card: 901 more are not shown, past the first 100"),
        "{short}"
    );
}

// ---------------------------------------------------------------------------------------------
// §14: a report that could not be written fails the run
// ---------------------------------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn a_report_that_cannot_be_written_fails_the_run() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: no /dev/full");
        return;
    };
    let dir = tempdir();
    write(
        dir.path(),
        "x.jsonl",
        card("X", "Tap it until end of turn."),
    );
    for format in ["sarif", "short", "human"] {
        let full = full.try_clone().expect("another handle");
        let output = command(dir.path(), &["check", "--format", format, "x.jsonl"])
            .stdout(full)
            .output()
            .expect("the binary runs");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{format}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).starts_with("error: could not write the report: "),
            "{format}: {}",
            stderr(&output)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// §12: stats --format json prints one JSON document
// ---------------------------------------------------------------------------------------------

#[test]
fn stats_json_is_one_document_and_lists_what_could_not_be_read() {
    let dir = tempdir();
    write(dir.path(), "s.jsonl", "{\"name\" \"B\"}\n");
    write(
        dir.path(),
        "good.jsonl",
        card("A", "Tap it until end of turn."),
    );
    let output = run(
        dir.path(),
        &["stats", "--format", "json", "s.jsonl", "good.jsonl"],
    );
    // As `check`: a file that does not parse is an error, exit 1.
    assert_eq!(output.status.code(), Some(1));
    let stats = json(&output);
    assert_eq!(stats["cards"], Value::from(1));
    assert_eq!(
        stats["problems"],
        serde_json::json!(["s.jsonl:1:9: expected `:` after json object key"])
    );
    assert_eq!(
        stderr(&output),
        "could not read: s.jsonl:1:9: expected `:` after json object key\n"
    );
    // The text format keeps its stdout for the statistics too.
    let text = run(dir.path(), &["stats", "s.jsonl", "good.jsonl"]);
    assert_eq!(text.status.code(), Some(1));
    assert!(
        !stdout(&text).contains("could not read"),
        "{}",
        stdout(&text)
    );
    assert!(stderr(&text).contains("could not read: s.jsonl:1:9:"));
    // Nothing to report: an empty list.
    let clean = json(&run(
        dir.path(),
        &["stats", "--format", "json", "good.jsonl"],
    ));
    assert_eq!(clean["problems"], serde_json::json!([]));
}

// ---------------------------------------------------------------------------------------------
// Issue 18 §12 and the separators: explain, and the characters no format may pass raw
// ---------------------------------------------------------------------------------------------

/// What acts on a terminal or breaks a line: C0, DEL, C1 (CSI), bidi overrides, U+2028, U+2029.
fn raw_controls(out: &str) -> Vec<char> {
    out.chars()
        .filter(|&c| {
            (c.is_control() && c != '\n')
                || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
        })
        .collect()
}

#[test]
fn explain_shows_the_control_characters_of_the_text_it_explains() {
    let dir = tempdir();
    let text = "At the beginning of the \u{1b}]0;PWNED\u{7}\u{9b}2J\u{202e} step, draw.\n\
                Until \u{2028}the moon rises. It gains haste until end of turn.\n";
    write(dir.path(), "e.txt", text);
    for args in [
        &["explain", "--file", "e.txt"][..],
        &["explain", "--compare", "2009", "--file", "e.txt"][..],
        &["explain", "--format", "json", "--file", "e.txt"][..],
    ] {
        let out = stdout(&run(dir.path(), args));
        assert!(
            raw_controls(&out).is_empty(),
            "{args:?}: {:?} in\n{out}",
            raw_controls(&out)
        );
        assert!(out.contains("At the beginning of the"), "{args:?}\n{out}");
    }
    let out = stdout(&run(dir.path(), &["explain", "--file", "e.txt"]));
    assert!(out.contains("\"At the beginning of the ␛\""), "{out}");
    // JSON keeps the text, escaped: a reader decodes the same characters.
    let value: Value = serde_json::from_slice(
        &run(
            dir.path(),
            &["explain", "--format", "json", "--file", "e.txt"],
        )
        .stdout,
    )
    .expect("one JSON document");
    assert!(
        value
            .to_string()
            .contains("At the beginning of the \\u001b"),
        "{value}"
    );
}

#[test]
fn line_and_paragraph_separators_are_shown_in_every_format() {
    let dir = tempdir();
    write(
        dir.path(),
        "cards.jsonl",
        card(
            "Sep\u{2028}arated\u{2029}",
            "Tap it until the end of turn.\u{2028}",
        ),
    );
    for format in Format::ALL.map(Format::name) {
        let out = stdout(&check(dir.path(), format, "cards.jsonl"));
        assert!(
            raw_controls(&out).is_empty(),
            "{format}: {:?} in\n{out}",
            raw_controls(&out)
        );
    }
    let short = stdout(&check(dir.path(), "short", "cards.jsonl"));
    assert!(
        short.contains("(card: Sep\\u{2028}arated\\u{2029})"),
        "{short}"
    );
    let value = json(&check(dir.path(), "json", "cards.jsonl"));
    assert_eq!(value["diagnostics"][0]["card"], "Sep\u{2028}arated\u{2029}");
}

// ---------------------------------------------------------------------------------------------
// Issue 18 §13, §14: names that are not UTF-8, and names SARIF would read as other files
// ---------------------------------------------------------------------------------------------

/// The URI of each SARIF result, in order.
fn sarif_uris(output: &Output) -> Vec<String> {
    let sarif = json(output);
    sarif["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|result| {
            let location = &result["locations"][0]["physicalLocation"];
            location["artifactLocation"]["uri"]
                .as_str()
                .expect("uri")
                .to_string()
        })
        .collect()
}

#[cfg(unix)]
#[test]
fn names_that_are_not_utf8_stay_apart_and_can_be_patched() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempdir();
    let text = "- name: A\n  type: Instant\n  text: Draw a card at end of turn.\n";
    for name in [&b"caf\xe9 \xfe.yaml"[..], &b"caf\xe9 \xff.yaml"[..]] {
        std::fs::write(dir.path().join(std::ffi::OsStr::from_bytes(name)), text).expect("written");
    }
    let short = stdout(&run(dir.path(), &["check", "--format", "short", "."]));
    assert!(
        short.contains("caf\\xe9 \\xfe.yaml:3:21: error[PL101]"),
        "{short}"
    );
    assert!(
        short.contains("caf\\xe9 \\xff.yaml:3:21: error[PL101]"),
        "{short}"
    );
    assert!(!short.contains('\u{fffd}'), "{short}");
    let uris = sarif_uris(&run(dir.path(), &["check", "--format", "sarif", "."]));
    assert_eq!(uris, ["caf%E9%20%FE.yaml", "caf%E9%20%FF.yaml"]);
    let diff = run(dir.path(), &["check", "--diff", "--unsafe-fixes", "."]);
    assert!(
        diff.stdout
            .starts_with(b"diff --git \"a/caf\\351 \\376.yaml\" \"b/caf\\351 \\376.yaml\"\n"),
        "{}",
        stdout(&diff)
    );
    // git takes the names back to the files' bytes.
    let patch = dir.path().join("fixes.patch");
    std::fs::write(&patch, &diff.stdout).expect("written");
    match std::process::Command::new("git")
        .args(["apply", "--check", "fixes.patch"])
        .current_dir(dir.path())
        .output()
    {
        Ok(applied) => assert!(applied.status.success(), "{applied:?}"),
        Err(_) => eprintln!("skipped the git apply part: git is not installed"),
    }
}

#[cfg(unix)]
#[test]
fn sarif_names_a_colon_or_a_backslash_file_as_itself() {
    let dir = tempdir();
    let text = "- name: A\n  type: Instant\n  text: Draw a card at end of turn.\n";
    write(dir.path(), "j:k.yaml", text);
    write(dir.path(), "h\\i.yaml", text);
    let uris = sarif_uris(&run(
        dir.path(),
        &["check", "--format", "sarif", "j:k.yaml", "h\\i.yaml"],
    ));
    assert_eq!(uris, ["j%3Ak.yaml", "h%5Ci.yaml"]);
}
