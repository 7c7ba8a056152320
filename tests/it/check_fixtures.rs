//! `phaselint check fixtures/`: the bundled custom set, databases and text file, in every output
//! format (snapshots in snapshots/, read before they were accepted), and every rule firing.

use phaselint::check::{CheckOptions, CheckedFile, check_paths};
use phaselint::report::{self, Format, HumanStyle, Summary};
use phaselint::rules;
use phaselint::selection::RuleSelection;
use phaselint::source::ReadOptions;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// `phaselint check fixtures/` with these options, through the library as every front end calls it.
fn check(options: &CheckOptions) -> Vec<CheckedFile> {
    // Integration tests run in the package root, so paths print as `fixtures/...`.
    check_paths(&[PathBuf::from("fixtures/")], options, &|_| {})
        .expect("the fixtures are checked")
        .files
}

fn checked_fixtures() -> Vec<CheckedFile> {
    check(&CheckOptions::default())
}

fn render(format: Format) -> String {
    let style = HumanStyle {
        graphical: true,
        color: false,
        width: 80,
    };
    let files = checked_fixtures();
    // Fixable findings counted as `phaselint check fixtures/` counts them.
    let summary = Summary::counting_fixes_in(&files, |file| file.rewritable);
    report::render(format, &files, rules::registry(), &style, &summary)
}

fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings
}

#[test]
fn every_format_over_the_fixtures() {
    settings().bind(|| {
        insta::assert_snapshot!("check_fixtures_human", render(Format::Human));
        insta::assert_snapshot!("check_fixtures_short", render(Format::Short));
        insta::assert_snapshot!("check_fixtures_json", render(Format::Json));
        insta::assert_snapshot!("check_fixtures_github", render(Format::Github));
        insta::assert_snapshot!("check_fixtures_sarif", render(Format::Sarif));
        insta::assert_snapshot!("check_fixtures_gitlab", render(Format::Gitlab));
        insta::assert_snapshot!("check_fixtures_junit", render(Format::Junit));
        insta::assert_snapshot!("check_fixtures_checkstyle", render(Format::Checkstyle));
    });
}

#[test]
fn every_lint_rule_and_input_note_fires_in_the_fixtures() {
    let fired: BTreeSet<&str> = checked_fixtures()
        .iter()
        .flat_map(|file| &file.diagnostics)
        .map(|diagnostic| diagnostic.code)
        .collect();
    let notes = [
        &rules::UNKNOWN_SUPPRESSION,
        &rules::NOT_A_CARD_FILE,
        &rules::UNREAD_FIELD,
        &rules::LEGACY_ENCODING,
    ];
    for rule in rules::lints().iter().map(|lint| lint.info).chain(notes) {
        assert_eq!(
            fired.contains(rule.code),
            rule.on_by_default,
            "{} {} fires in fixtures/ by default: {}",
            rule.code,
            rule.name,
            rule.on_by_default
        );
    }
    // A rule off by default fires once selected (`--extend-select PL402`).
    let off: Vec<String> = rules::lints()
        .iter()
        .filter(|lint| !lint.info.on_by_default)
        .map(|lint| lint.info.code.to_string())
        .collect();
    assert!(!off.is_empty());
    let options = CheckOptions {
        selection: RuleSelection::new(&[], &off, &[]).expect("known codes"),
        ..CheckOptions::default()
    };
    let files = check(&options);
    let selected: BTreeSet<&str> = files
        .iter()
        .flat_map(|file| &file.diagnostics)
        .map(|diagnostic| diagnostic.code)
        .collect();
    for code in &off {
        assert!(
            selected.contains(code.as_str()),
            "{code} fires nowhere when selected"
        );
    }
}

#[test]
fn the_fixtures_read_without_input_problems() {
    let files = checked_fixtures();
    assert!(files.iter().all(|file| !file.failed));
    let cards: usize = files.iter().map(|file| file.cards).sum();
    assert!(cards >= 20, "the custom set has 20 or more cards: {cards}");
}

#[test]
fn the_suppressed_card_is_quiet_only_because_of_its_comment() {
    let files = checked_fixtures();
    let engine = files
        .iter()
        .find(|file| file.path.ends_with("paradox-engine.yaml"))
        .expect("the fixture is walked");
    assert!(engine.diagnostics.is_empty());
    // Without the comment the same text is an unknown timing phrase.
    let text = std::fs::read_to_string("fixtures/set/paradox-engine.yaml").unwrap();
    let uncommented = text.replace("# phaselint: allow(unknown-timing-phrase)", "");
    let parsed = phaselint::source::read(
        phaselint::source::Format::Yaml,
        &uncommented,
        &Default::default(),
    );
    let config = phaselint::config::Config::default_for(".".into());
    let mut diagnostics = Vec::new();
    for card in &parsed.cards {
        phaselint::lint::check_card(
            card,
            std::path::Path::new("paradox-engine.yaml"),
            &config,
            &mut diagnostics,
        );
    }
    assert_eq!(
        diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(),
        ["PL001"]
    );
}

#[test]
fn the_card_ignored_in_the_config_is_quiet() {
    let files = checked_fixtures();
    assert!(
        files
            .iter()
            .flat_map(|file| &file.diagnostics)
            .all(|d| d.card.as_deref() != Some("Relic of the Old Clock")),
        "fixtures/phaselint.toml ignores obsolete-step-name for this card"
    );
}

#[test]
fn original_text_finds_the_old_wordings_of_the_database() {
    let files = check(&CheckOptions {
        read: ReadOptions {
            original: true,
            ..ReadOptions::default()
        },
        ..CheckOptions::default()
    });
    let database = files
        .iter()
        .find(|file| file.path.ends_with("cwd-mtgjson.json"))
        .unwrap();
    let codes: Vec<_> = database.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        ["PL101", "PL102", "PL103"],
        "{:#?}",
        database.diagnostics
    );
}
