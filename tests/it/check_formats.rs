//! The designers' formats of issue 20 (Cockatrice XML, Forge scripts, CSV and TSV, a bot's JSON):
//! each fixture
//! of `fixtures/formats/` read card by card, what `--fix` writes into each (a snapshot of the
//! diffs, `snapshots/formats_fixed.snap`), and databases the size of a real export read with every
//! card once and every column exact.

use phaselint::check::fix_text;
use phaselint::config::Config;
use phaselint::diagnostic::Applicability;
use phaselint::source::{Card, Format, Parsed, ReadOptions, format_of, read};
use std::path::Path;

/// Every file of `fixtures/formats/`, sorted.
const FILES: &[&str] = &[
    "cockatrice/cwd-v3.xml",
    "cockatrice/cwd-v4.xml",
    "forge/cinder_courier.txt",
    "forge/dawn_watcher_dusk_stalker.txt",
    "forge/ember_vigil_commented.txt",
    "forge/quiet_sundial.txt",
    "sheets/cwd.csv",
    "sheets/cwd.tsv",
];

fn fixture(name: &str) -> (String, Format) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/formats")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("the fixture is there");
    let format = format_of(&path, &text);
    (text, format)
}

fn parsed(text: &str, format: Format) -> Parsed<'_> {
    let parsed = read(format, text, &ReadOptions::default());
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert!(parsed.notes.is_empty(), "{:?}", parsed.notes);
    parsed
}

fn names<'a>(cards: &'a [Card<'_>]) -> Vec<&'a str> {
    cards
        .iter()
        .map(|card| card.name.as_deref().unwrap_or("?"))
        .collect()
}

#[test]
fn the_list_is_every_file_of_the_directory() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/formats");
    let mut found = Vec::new();
    for dir in std::fs::read_dir(&root).expect("fixtures/formats is there") {
        let dir = dir.expect("an entry").path();
        for file in std::fs::read_dir(&dir).expect("a folder of one format") {
            let path = file.expect("an entry").path();
            let relative = path.strip_prefix(&root).expect("under the root");
            found.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
    found.sort();
    // Magic Set Editor's sets are checked in tests/it/mse.rs.
    found.retain(|name| !name.starts_with("mse/"));
    assert_eq!(
        found, FILES,
        "a new file goes in FILES and fixtures/README.md"
    );
}

#[test]
fn each_fixture_is_read_in_its_format_card_by_card() {
    let expected: &[(&str, Format, &[&str])] = &[
        (
            "cockatrice/cwd-v3.xml",
            Format::Cockatrice,
            &["Gearwright Lookout", "Sprocket Bridge"],
        ),
        (
            "cockatrice/cwd-v4.xml",
            Format::Cockatrice,
            &[
                "Tinker's Ember",
                "Gear & Spring",
                "Hour Warden",
                "Clockwork Mite",
            ],
        ),
        (
            "forge/cinder_courier.txt",
            Format::Forge,
            &["Cinder Courier"],
        ),
        (
            "forge/dawn_watcher_dusk_stalker.txt",
            Format::Forge,
            &["Dawn Watcher // Dusk Stalker"],
        ),
        (
            "forge/ember_vigil_commented.txt",
            Format::Forge,
            &["Ember Vigil"],
        ),
        ("forge/quiet_sundial.txt", Format::Forge, &["Quiet Sundial"]),
        (
            "sheets/cwd.csv",
            Format::Csv,
            &[
                "Rusted Metronome",
                "Spring Loader",
                "Vault, the Patient",
                "Grit Sprinter",
            ],
        ),
        (
            "sheets/cwd.tsv",
            Format::Tsv,
            &["Patient Ambush", "Teatime Herald"],
        ),
    ];
    for (name, format, cards) in expected {
        let (text, found) = fixture(name);
        assert_eq!(found, *format, "{name}");
        let parsed = parsed(&text, found);
        assert_eq!(names(&parsed.cards), *cards, "{name}");
        for card in &parsed.cards {
            for face in &card.faces {
                if let Some(value) = &face.text {
                    assert!(value.map.is_exact(), "{name}: {:?}", value.value);
                }
            }
        }
    }
}

#[test]
fn the_script_lines_of_a_forge_card_are_not_its_text() {
    let (text, format) = fixture("forge/dawn_watcher_dusk_stalker.txt");
    let parsed = parsed(&text, format);
    let faces = &parsed.cards[0].faces;
    assert_eq!(faces.len(), 2);
    for face in faces {
        let value = &face.text.as_ref().expect("an Oracle line").value;
        assert!(!value.contains('$'), "{value}");
    }
    assert_eq!(faces[1].type_line.as_deref(), Some("Creature Werewolf"));
}

/// A unified diff of what `--fix --unsafe-fixes` writes into each fixture.
#[test]
fn a_commented_forge_script_is_one_card_and_its_comments_are_never_fixed() {
    // Issue 39: a script that starts with `#` comments was read as a text file: its lines became
    // cards, and `--fix` rewrote timing words inside its comments.
    let name = "forge/ember_vigil_commented.txt";
    let (text, format) = fixture(name);
    assert_eq!(format, Format::Forge);
    let fixed = fixed(name, &text, format);
    assert_eq!(fixed.fixed, 1);
    let comments = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|line| line.starts_with('#'))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(comments(&fixed.source), comments(&text));
    assert_eq!(comments(&text).len(), 5);
    assert!(fixed.source.contains(
        "Oracle:At the beginning of your upkeep, target creature gets +1/+0 until end of turn."
    ));
}

/// `text`, the fixture `name`, with every fix applied, unsafe ones too.
fn fixed(name: &str, text: &str, format: Format) -> phaselint::check::CheckedFile {
    fix_text(
        Path::new(name),
        text.to_owned(),
        format,
        &ReadOptions::default(),
        &Config::default_for(".".into()),
        Applicability::Unsafe,
    )
}

#[test]
fn fixes_are_written_in_each_files_own_syntax() {
    let mut out = String::new();
    for name in FILES {
        let (text, format) = fixture(name);
        let fixed = fixed(name, &text, format);
        assert!(!fixed.failed, "{name}");
        // The fixed file still reads whole, with the same cards.
        let after = parsed(&fixed.source, format);
        assert_eq!(names(&after.cards), names(&parsed(&text, format).cards));
        let diff = similar::TextDiff::from_lines(text.as_str(), fixed.source.as_str());
        out.push_str(&format!("== {name}: {} fixes\n", fixed.fixed));
        // Line ends written visibly: the CRLF files keep theirs.
        let shown = diff
            .unified_diff()
            .context_radius(0)
            .to_string()
            .replace('\r', "<CR>");
        out.push_str(&shown);
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("formats_fixed", out));
}

/// One card of a generated database: its name, and a text with the phrase `until the end of
/// turn` after characters each format writes otherwise (an apostrophe, a quote, an em dash, a
/// line break).
fn generated(index: usize) -> (String, String) {
    (
        format!("Cog & Spring {index}"),
        format!("Raid — it's \"wound\".\nTap it until the end of turn. ({index})"),
    )
}

/// Every card of the generated database is read once, in order, and its phrase lies at its bytes
/// in the file.
fn every_card_once(text: &str, format: Format, count: usize) {
    let parsed = parsed(text, format);
    assert_eq!(parsed.cards.len(), count);
    let mut cursor = 0;
    for (index, card) in parsed.cards.iter().enumerate() {
        let (name, value) = generated(index);
        assert_eq!(card.name.as_deref(), Some(name.as_str()));
        let read = card.faces[0].text.as_ref().expect("a text");
        assert_eq!(read.value, value);
        let at = read
            .value
            .find("until the end of turn")
            .expect("the phrase");
        let span = read
            .map
            .to_file(at..at + "until the end of turn".len())
            .expect("an exact map");
        assert_eq!(&text[span.clone()], "until the end of turn");
        assert!(span.start > cursor, "card {index} is after the card before");
        cursor = span.start;
    }
}

#[test]
fn a_cockatrice_export_of_358_cards_reads_every_card_once() {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<cockatrice_carddatabase version=\"4\">\r\n<cards>\r\n",
    );
    for index in 0..358 {
        let (name, text) = generated(index);
        let escape = |s: &str| {
            s.replace('&', "&amp;")
                .replace('"', "&quot;")
                .replace('\'', "&apos;")
                .replace('—', "&#x2014;")
                .replace('\n', "\r\n")
        };
        xml.push_str(&format!(
            "<card>\r\n<name>{}</name>\r\n<text>{}</text>\r\n<prop><type>Instant</type></prop>\r\n</card>\r\n",
            escape(&name),
            escape(&text)
        ));
    }
    xml.push_str("</cards>\r\n</cockatrice_carddatabase>\r\n");
    every_card_once(&xml, Format::Cockatrice, 358);
}

#[test]
fn a_spreadsheet_of_358_rows_reads_every_card_once() {
    for (format, delimiter) in [(Format::Csv, ','), (Format::Tsv, '\t')] {
        let mut sheet = format!("Card Name{delimiter}Type{delimiter}Rules Text\r\n");
        for index in 0..358 {
            let (name, text) = generated(index);
            let quoted = text.replace('"', "\"\"");
            sheet.push_str(&format!(
                "{name}{delimiter}Instant{delimiter}\"{quoted}\"\r\n"
            ));
        }
        every_card_once(&sheet, format, 358);
    }
}

#[test]
fn forge_scripts_read_one_card_each() {
    for index in 0..3 {
        let (name, text) = generated(index);
        let script = format!(
            "Name:{name}\nManaCost:U\nTypes:Instant\nA:SP$ Tap | ValidTgts$ Creature | SpellDescription$ Tap it until the end of turn.\nOracle:{}\n",
            text.replace('\n', "\\n")
        );
        let format = format_of(Path::new("cog_and_spring.txt"), &script);
        assert_eq!(format, Format::Forge);
        // The one script is card number `index` of the generated set.
        let parsed = parsed(&script, format);
        assert_eq!(parsed.cards.len(), 1);
        let value = &parsed.cards[0].faces[0].text.as_ref().unwrap().value;
        assert_eq!(*value, text);
    }
}

/// A bot's database keyed by card (`"Name_SET"`), with the common spellings of its fields and a
/// trailing line break in each text: 1,261 cards, every one read once at its bytes.
#[test]
fn a_bot_database_of_1261_cards_keyed_by_card_reads_every_card_once() {
    let mut json = String::from("{\n");
    for index in 0..1_261 {
        let (name, text) = generated(index);
        let quoted = |s: &str| serde_json::to_string(s).expect("a string");
        if index > 0 {
            json.push_str(",\n");
        }
        json.push_str(&format!(
            "  {}: {{\"cardName\": {}, \"manaCost\": \"{{1}}{{R}}\", \"typeLine\": \"Instant\", \
             \"rulesText\": {}, \"flavorText\": \"*Tick.*\", \"setID\": \"CWD\"}}",
            quoted(&format!("{name}_CWD")),
            quoted(&name),
            quoted(&text)
        ));
    }
    json.push_str("\n}\n");
    every_card_once(&json, Format::Json, 1_261);
}
