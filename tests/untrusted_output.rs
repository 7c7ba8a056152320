//! What phaselint writes about files a stranger wrote (issue 11, §3, §4, §12, §13, §14, §17):
//! a report of bounded size, no control character of a card file sent to the terminal, lines
//! and columns that agree in every format, and a report that could not be written is an error.

use serde_json::Value;
use std::path::Path;
use std::process::Output;

#[path = "support/cli.rs"]
mod cli;
use cli::{run, stdout, without_colour};

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!("stdout is one JSON document ({error}):\n{}", stdout(output))
    })
}

fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

fn write(dir: &Path, name: &str, contents: impl AsRef<[u8]>) {
    std::fs::write(dir.join(name), contents).expect("write the file");
}

fn card(name: &str, text: &str) -> String {
    serde_json::json!({"name": name, "type_line": "Instant", "oracle_text": text}).to_string()
        + "\n"
}

fn check(dir: &Path, format: &str, file: &str) -> Output {
    run(dir, &["check", "--format", format, file])
}

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
    let narrated = stdout(&check(dir.path(), "human", "bom.jsonl"));
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
    let narrated = stdout(&check(dir.path(), "human", "long.jsonl"));
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
    let human = stdout(&check(dir.path(), "human", file));
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
    assert!(short.contains("error[PL001] \"Until ␛\" is not"), "{short}");
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
