//! The `names` target: the words a user types where phaselint expects a rule's code or name, an
//! edition or a glob (an allow comment, the keys and values of phaselint.toml, `--select`), drawn
//! from pieces that break byte slicing: typographic quotes and dashes, 3- and 4-byte characters,
//! combining marks, escapes. A mutation of a whole file reaches `allow(` at one byte position
//! only; this target writes the names directly (issue 18 §0).

use phaselint::check::{check_text, config_problem};
use phaselint::config::Config;
use phaselint::report::{self, HumanStyle, Summary};
use phaselint::rules;
use phaselint::selection::RuleSelection;
use phaselint::source::{Format, ReadOptions};
use proptest::prelude::*;
use proptest::test_runner::{Config as RunConfig, RngSeed, TestCaseError, TestRunner};
use std::path::Path;

/// Pieces a name is made of: real codes and names, and what a word processor or a copied style
/// guide puts around and inside them.
const PIECES: &[&str] = &[
    "PL",
    "pl",
    "1",
    "101",
    "0",
    "9",
    "all",
    "ALL",
    "until-the-end-of-turn",
    "-",
    "‘",
    "’",
    "“",
    "”",
    "'",
    "\"",
    "`",
    "—",
    "–",
    "é",
    "e\u{301}",
    "😀",
    "日",
    "\u{200b}",
    "\u{feff}",
    "\u{2028}",
    "\u{202e}",
    " ",
    "\t",
    ",",
    "(",
    ")",
    "#",
    "\\",
    "\\u2014",
    "*",
    "**/",
    "[",
    "{",
    "}",
    ".",
    "..",
    "/",
    "=",
];

fn name() -> BoxedStrategy<String> {
    let piece = prop_oneof![
        4 => proptest::sample::select(PIECES).prop_map(str::to_string),
        1 => any::<char>().prop_map(String::from),
    ];
    proptest::collection::vec(piece, 0..8)
        .prop_map(|pieces| pieces.concat())
        .boxed()
}

/// `value` as a TOML basic string.
fn toml_string(value: &str) -> String {
    let mut out = String::from("\"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The config files a name can stand in.
fn configs(name: &str) -> Vec<String> {
    let quoted = toml_string(name);
    vec![
        format!("[rules]\n{quoted} = \"warning\"\n"),
        format!("[rules]\nPL101 = {quoted}\n"),
        format!("edition = {quoted}\n"),
        format!("[[ignore]]\ncard = {quoted}\nrules = [{quoted}]\n"),
        format!("[[ignore]]\npath = {quoted}\nrules = [\"all\"]\n"),
        format!("[files]\ninclude = [{quoted}]\nexclude = [{quoted}]\n"),
        // Unquoted, where TOML takes a bare key or refuses the line.
        format!("[rules]\n{name} = \"off\"\n"),
        format!("{name}\n"),
    ]
}

/// Every diagnostic's span lies in `source` on character boundaries, and every format renders.
fn renders(files: &[phaselint::check::CheckedFile]) -> Result<(), TestCaseError> {
    for file in files {
        for diagnostic in &file.diagnostics {
            let span = &diagnostic.span;
            prop_assert!(
                span.start <= span.end
                    && file.source.is_char_boundary(span.start)
                    && file.source.is_char_boundary(span.end),
                "{span:?} in {:?}",
                file.source
            );
        }
    }
    let summary = Summary::of(files);
    for graphical in [true, false] {
        let style = HumanStyle {
            graphical,
            color: false,
            width: 80,
        };
        for format in report::Format::ALL {
            report::render(format, files, rules::registry(), &style, &summary);
        }
    }
    Ok(())
}

fn one(name: &str) -> Result<(), TestCaseError> {
    // An allow comment on the card and on the file.
    for text in [
        format!(
            "# phaselint: allow({name})\n- name: A\n  type: Instant\n  text: Tap it until end of turn.\n"
        ),
        format!(
            "- name: A  # phaselint: allow(PL101, {name})\n  text: at end of turn, draw a card\n"
        ),
    ] {
        let checked = check_text(
            Path::new("names.yaml"),
            text,
            Format::Yaml,
            &ReadOptions::default(),
            &Config::default_for(".".into()),
        );
        renders(&[checked])?;
    }
    // The keys and values of phaselint.toml.
    for text in configs(name) {
        let path = Path::new("phaselint.toml");
        match Config::parse(path, &text) {
            Ok(config) => {
                let checked = check_text(
                    Path::new("names.yaml"),
                    format!("- name: {name:?}\n  text: at end of turn, draw a card\n"),
                    Format::Yaml,
                    &ReadOptions::default(),
                    &config,
                );
                renders(&[checked])?;
            }
            Err(error) => renders(&[config_problem(&error)])?,
        }
    }
    // `--select`, `--ignore` and the help that names the closest rule.
    let list = [name.to_string()];
    let _ = RuleSelection::new(&list, &list, &list);
    let _ = rules::closest(name);
    let _ = rules::lookup(name);
    Ok(())
}

#[test]
fn names() {
    let (seed, how) = crate::run_seed();
    let cases = crate::cases(3_000);
    eprintln!("fuzz names: {cases} cases, seed {seed} ({how})");
    let mut runner = TestRunner::new(RunConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed ^ 0x4E41_4D45),
        failure_persistence: None,
        ..RunConfig::default()
    });
    if let Err(error) = runner.run(&name(), |name| one(&name)) {
        panic!("fuzz names (PHASELINT_FUZZ_SEED={seed}): {error}");
    }
}

/// The reproduction of issue 18 §0, and the names around it.
#[test]
fn typographic_allow_names_are_reported_not_panicked_on() {
    for name in [
        "‘PL101’",
        "—",
        "日本",
        "😀PL",
        "“until-the-end-of-turn”",
        "é",
    ] {
        one(name).unwrap();
    }
}
