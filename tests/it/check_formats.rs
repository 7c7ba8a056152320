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
    "cockatrice/cwd-html.xml",
    "cockatrice/cwd-v3.xml",
    "cockatrice/cwd-v4.xml",
    "forge/cinder_courier.txt",
    "forge/dawn_watcher_dusk_stalker.txt",
    "forge/ember_vigil_commented.txt",
    "forge/quiet_sundial.txt",
    "json/cwd_objects.json",
    "sheets/cwd.csv",
    "sheets/cwd.tsv",
];

/// The files of `fixtures/formats/` that hold no card, which a walk skips: a Forge edition file
/// and a shell script beside the scripts (issue 39).
const NOT_CARDS: &[&str] = &["forge/editions/Cinder Dawn.txt", "forge/tools/install.sh"];

/// The files of `fixtures/formats/` that are not UTF-8 but Windows-1252 (issue 39).
const WINDOWS_1252: &[&str] = &["forge/eveil_de_l_aube_1252.txt"];

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
    for entry in walkdir::WalkDir::new(&root).sort_by_file_name() {
        let path = entry.expect("an entry").into_path();
        if path.is_file() {
            let relative = path.strip_prefix(&root).expect("under the root");
            found.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
    found.sort();
    // Magic Set Editor's sets are checked in tests/it/mse.rs.
    found.retain(|name| !name.starts_with("mse/"));
    let mut listed = [FILES, NOT_CARDS, WINDOWS_1252].concat();
    listed.sort();
    assert_eq!(
        found, listed,
        "a new file goes in FILES (or NOT_CARDS) and fixtures/README.md"
    );
}

#[test]
fn each_fixture_is_read_in_its_format_card_by_card() {
    let expected: &[(&str, Format, &[&str])] = &[
        (
            "cockatrice/cwd-html.xml",
            Format::Cockatrice,
            &[
                "Tickwork Sentinel",
                "Cinder Tinker",
                "Gearspinner’s Gambit",
                "Dawnbell Curate",
                "Clockwork Spark",
            ],
        ),
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
            "json/cwd_objects.json",
            Format::Json,
            &[
                "Brass Lamplighter",
                "Spring-Wound Sprinter",
                "Delayed Mainspring",
                "Cog Sentry",
                "Gearbound Ward",
            ],
        ),
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

/// Issue 39: a Cockatrice database whose converter wrote its line breaks as `&lt;br&gt;` and its
/// reminder text in `&lt;i&gt;`. Each ability is a line of its own (PL101 at "At end of turn"
/// after a break), names and type lines hold the characters of their references, and `--fix`
/// changes the fixed words and not one byte of the markup around them.
#[test]
fn html_in_a_cockatrice_text_is_read_as_lines_and_kept_by_fixes() {
    let name = "cockatrice/cwd-html.xml";
    let (text, format) = fixture(name);
    let parsed = parsed(&text, format);
    let value = |card: usize| {
        let face = &parsed.cards[card].faces[0];
        face.text.as_ref().expect("a text").value.to_string()
    };
    assert_eq!(value(1), "Haste\nAt end of turn, sacrifice Cinder Tinker.");
    assert_eq!(
        value(2),
        "Target creature gets +2/+0 untill end of turn.\n(Overclock — it can’t block this turn.)"
    );
    assert_eq!(
        parsed.cards[0].faces[0].type_line.as_deref(),
        Some("Artifact Creature — Construct")
    );
    let fixed = fixed(name, &text, format);
    assert_eq!(fixed.fixed, 4);
    // Each line changed keeps its markup (`&lt;br&gt;`, `&amp;mdash;`, ...) as it was.
    let markup = |line: &str| -> Vec<String> {
        line.split('&')
            .skip(1)
            .map(|piece| piece.split(';').next().unwrap_or_default().to_owned())
            .collect()
    };
    let changed: Vec<(&str, &str)> = text
        .lines()
        .zip(fixed.source.lines())
        .filter(|(old, new)| old != new)
        .collect();
    assert_eq!(text.lines().count(), fixed.source.lines().count());
    assert_eq!(changed.len(), 3);
    for (old, new) in &changed {
        assert_eq!(markup(old), markup(new), "{new}");
    }
    assert!(fixed.source.contains(
        "<text>Haste&lt;br&gt;At the beginning of the end step, sacrifice Cinder Tinker.</text>"
    ));
    assert!(fixed.source.contains(
        "+2/+0 until end of turn.&lt;br&gt;&lt;i&gt;(Overclock &amp;mdash; it can&amp;#8217;t block this turn.)&lt;/i&gt;</text>"
    ));
    assert!(fixed.source.contains(
        "+1/+1 until end of turn.&lt;BR /&gt;&lt;b&gt;Raid&lt;/b&gt; &amp;#8212; At the beginning of your upkeep, if"
    ));
}

/// Issue 39: JSON whose card objects hold fields of other types, as an XML-to-JSON converter
/// writes them (`"set": {"#text": "CWD", "@@rarity": "common"}`, `"number": 1`). Every card is
/// read and no field is an error: a field phaselint does not check is skipped, and one it checks
/// but cannot read is one note for the file, whatever the number of cards.
#[test]
fn json_fields_of_other_types_are_read_around_not_errors() {
    let (text, format) = fixture("json/cwd_objects.json");
    let parsed = parsed(&text, format);
    assert!(parsed.cards.iter().all(|card| card.set.is_none()));
    let mana: Vec<_> = parsed
        .cards
        .iter()
        .map(|card| card.faces[0].mana_cost.as_deref())
        .collect();
    assert_eq!(mana[..2], [Some("{1}{W}"), Some("{R}")]);
    // Its HTML read as such exports mean it: breaks, markup, characters.
    let face = |index: usize| &parsed.cards[index].faces[0];
    assert_eq!(
        face(0).type_line.as_deref(),
        Some("Artifact Creature \u{2014} Artificer")
    );
    let text = |index: usize| face(index).text.as_ref().map(|text| &*text.value);
    assert_eq!(
        text(0),
        Some("Vigilance\nAt end of turn, untap target artifact you control.")
    );
    assert_eq!(
        text(2),
        Some(
            "Return target creature to its owner\u{2019}s hand.\nDraw a card at the beginning of the next end step."
        )
    );
    assert_eq!(
        text(3),
        Some(
            "{T}: Target creature gets +1/+1 until the end of turn.\n(Its gears tick \u{2014} once.)"
        )
    );
    // The issue's export: 1,572 cards whose set is an object; 16 of them have an object for a
    // name, and 4 a number for a text.
    let mut json = String::from("[\n");
    for index in 0..1_572 {
        let name = if index % 100 == 7 {
            r##"{"#text": "Cog"}"##.to_string()
        } else {
            format!("\"Cog {index}\"")
        };
        let text = if index % 500 == 9 {
            "12"
        } else {
            "\"Draw a card at the beginning of the next end step.\""
        };
        let comma = if index == 0 { "" } else { ",\n" };
        json.push_str(&format!(
            r##"{comma}  {{"name": {name}, "set": {{"#text": "CWD", "@@rarity": "common"}}, "number": {index}, "text": {text}}}"##
        ));
    }
    json.push_str("\n]\n");
    let checked = phaselint::check::check_text(
        Path::new("cwd.json"),
        json.clone(),
        Format::Json,
        &ReadOptions::default(),
        &Config::default_for(".".into()),
    );
    assert!(!checked.failed);
    assert_eq!(checked.cards, 1_572);
    let found: Vec<_> = checked
        .diagnostics
        .iter()
        .map(|d| (d.code, &json[d.span.clone()], d.message.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            (
                "PL803",
                r##"{"#text": "Cog"}"##,
                "`name` is an object, not a string, in 16 cards (the first here): phaselint reads those cards without the name"
            ),
            (
                "PL803",
                "12",
                "`text` is a number or boolean, not a string, in 4 cards (the first here): phaselint reads those cards without card text"
            ),
        ]
    );
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

/// The cards a check of `paths` reads, and its files, by what it reports of each.
fn checked(paths: &[std::path::PathBuf]) -> phaselint::check::Checked {
    phaselint::check::check_paths(paths, &phaselint::check::CheckOptions::default(), &|_| {})
        .expect("the paths are checked")
}

#[test]
fn a_forge_tree_is_read_script_by_script_and_its_edition_file_is_skipped() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/formats/forge");
    let walked = checked(std::slice::from_ref(&root));
    let cards: usize = walked.files.iter().map(|file| file.cards).sum();
    // Five scripts, one of them Windows-1252.
    assert_eq!(cards, 5, "one card a script");
    assert_eq!(walked.files.len(), 5);
    // The edition file and the shell script are the two files skipped.
    assert_eq!(walked.skipped, 2);
    assert!(
        walked
            .files
            .iter()
            .all(|file| !file.path.contains("editions"))
    );
    // Named directly, as pre-commit or an editor names it, the edition file gets a note.
    let edition = root.join("editions/Cinder Dawn.txt");
    let named = checked(std::slice::from_ref(&edition));
    let notes: Vec<_> = named.files[0]
        .diagnostics
        .iter()
        .map(|diagnostic| (diagnostic.code, diagnostic.message.as_str()))
        .collect();
    assert_eq!(
        notes,
        [(
            "PL802",
            "a Forge edition file: it lists a set's cards by name and holds no card text, so it is not read"
        )]
    );
    assert_eq!(named.files[0].cards, 0);
}

#[test]
fn a_tree_of_400_commented_scripts_is_400_cards() {
    // Issue 39: a tree of 426 scripts was reported as 1,103 cards, its comments and edition files
    // read as cards.
    let dir = tempfile::tempdir().expect("a temporary directory");
    for index in 0..400 {
        let comment = if index % 5 == 0 {
            "# Bug: the upkeep trigger fires twice\n# Script by a volunteer: until end of turn\n"
        } else {
            ""
        };
        let folder = dir.path().join(format!("cardsfolder/{}", index % 26));
        std::fs::create_dir_all(&folder).expect("a folder");
        std::fs::write(
            folder.join(format!("card_{index}.txt")),
            format!(
                "{comment}Name:Card {index}\nManaCost:1 R\nTypes:Creature Goblin\nPT:1/1\nK:Haste\nOracle:Haste\nAt the beginning of your upkeep, draw a card.\n"
            ),
        )
        .expect("a script");
    }
    std::fs::create_dir_all(dir.path().join("editions")).expect("a folder");
    for edition in ["Dawn", "Dusk"] {
        std::fs::write(
            dir.path().join(format!("editions/{edition}.txt")),
            "[metadata]\nCode=CWD\nName=Dawn\n\n[cards]\n1 C Card 1\n2 C Card 2\n",
        )
        .expect("an edition file");
    }
    let walked = checked(&[dir.path().to_path_buf()]);
    let cards: usize = walked.files.iter().map(|file| file.cards).sum();
    assert_eq!(cards, 400);
    assert_eq!(walked.skipped, 2);
    let findings: usize = walked.files.iter().map(|file| file.diagnostics.len()).sum();
    assert_eq!(findings, 0, "nothing in a comment is read");
}

#[test]
fn a_windows_1252_script_is_read_with_a_note_and_fixed_in_its_encoding() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/formats")
        .join(WINDOWS_1252[0]);
    let bytes = std::fs::read(&fixture).expect("the fixture");
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "the fixture is no UTF-8"
    );
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("eveil_de_l_aube_1252.txt");
    std::fs::write(&path, &bytes).expect("a copy");
    let report = checked(std::slice::from_ref(&path));
    let file = &report.files[0];
    let found: Vec<(&str, usize)> = file
        .diagnostics
        .iter()
        .map(|diagnostic| (diagnostic.code, diagnostic.span.start))
        .collect();
    // The note at the first byte that is not UTF-8 (`\xe9`, line 1), then PL503 on the
    // `Oracle:` line, whose columns count one character a byte.
    let first = bytes
        .iter()
        .position(|byte| *byte >= 0x80)
        .expect("a legacy byte");
    let utf8_first = file
        .source
        .char_indices()
        .nth(first)
        .expect("in the text")
        .0;
    assert_eq!(found[0], ("PL805", utf8_first));
    assert_eq!(found[1].0, "PL503");
    assert_eq!(file.cards, 1);
    // `--fix` writes it back in Windows-1252: every byte kept but the fixed words.
    let options = phaselint::check::CheckOptions {
        fix: phaselint::check::FixMode::Apply,
        ..phaselint::check::CheckOptions::default()
    };
    let fixed = phaselint::check::check_paths(std::slice::from_ref(&path), &options, &|_| {})
        .expect("fixed");
    assert_eq!(fixed.files[0].fixed, 1);
    let after = std::fs::read(&path).expect("the fixed file");
    let at = bytes
        .windows(b"until the end of turn".len())
        .position(|window| window == b"until the end of turn")
        .expect("the phrase");
    let mut want = bytes[..at].to_vec();
    want.extend_from_slice(b"until end of turn");
    want.extend_from_slice(&bytes[at + b"until the end of turn".len()..]);
    assert_eq!(after, want);
}

#[test]
fn a_json_or_xml_file_that_is_not_utf8_stays_unreadable() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (name, bytes) in [
        ("cards.json", &b"[{\"name\": \"\xc9veil\", \"text\": \"Draw a card.\"}]"[..]),
        ("cards.xml", &b"<cockatrice_carddatabase version=\"4\"><cards><card><name>\xc9veil</name></card></cards></cockatrice_carddatabase>"[..]),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).expect("a file");
        let report = checked(std::slice::from_ref(&path));
        let codes: Vec<&str> = report.files[0].diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["PL900"], "{name}");
        assert!(report.files[0].diagnostics[0].message.starts_with("not UTF-8 text: byte"));
    }
}

#[test]
fn fixes_before_the_first_windows_1252_byte_move_its_note_without_a_panic() {
    // Issue 39's review: the note's place was kept from before the fixes, inside a character.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("legende.txt");
    let script: &[u8] = b"Name:Legend Keeper\nTypes:Instant\nOracle:It gets +1/+1 untill end of turn. Then it gets +1/+1 until the end of turn. L\xe9gende \x97\x97\n";
    std::fs::write(&path, script).expect("a script");
    let options = phaselint::check::CheckOptions {
        fix: phaselint::check::FixMode::Apply,
        unsafe_fixes: true,
        ..phaselint::check::CheckOptions::default()
    };
    let fixed = phaselint::check::check_paths(std::slice::from_ref(&path), &options, &|_| {})
        .expect("fixed");
    let file = &fixed.files[0];
    assert!(file.fixed > 0, "{:?}", file.diagnostics);
    let note = file
        .diagnostics
        .iter()
        .find(|diagnostic| diagnostic.code == "PL805")
        .expect("the note");
    assert_eq!(&file.source[note.span.start..note.span.end], "\u{e9}");
    let after = std::fs::read(&path).expect("the fixed file");
    assert!(after.ends_with(b" L\xe9gende \x97\x97\n"), "{after:?}");
}

#[test]
fn stats_and_findings_read_no_windows_1252_json() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("cards.json");
    std::fs::write(
        &path,
        b"[{\"name\": \"\xc9veil\", \"text\": \"Draw a card.\"}]",
    )
    .expect("a file");
    let walked =
        phaselint::walk::walk(std::slice::from_ref(&path), &[], &NoFilter).expect("walked");
    let mut read = Vec::new();
    let unreadable =
        phaselint::check::inputs::each_text(&walked, &path, 1 << 20, &mut |name, _| {
            read.push(name.to_path_buf())
        });
    assert!(read.is_empty());
    assert_eq!(unreadable.len(), 1);
    assert!(unreadable[0].1.message.starts_with("not UTF-8 text"));
}

struct NoFilter;

impl phaselint::walk::Filter for NoFilter {
    fn excludes(&self, _: &Path) -> bool {
        false
    }
    fn includes(&self, _: &Path) -> bool {
        false
    }
}

/// `check --help` says which files `--fix` writes: every format the fixes above are written in,
/// and MSE sets (issue 41: it said "YAML, text and JSON Lines" only).
#[test]
fn the_fix_help_names_every_format_it_writes() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_phaselint"))
        .args(["check", "--help"])
        .output()
        .expect("phaselint runs");
    let help = String::from_utf8_lossy(&output.stdout).replace('\n', " ");
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let fix = help
        .split("--fix ")
        .nth(1)
        .expect("check --help describes --fix");
    for format in [
        "YAML",
        "text",
        "JSON Lines",
        "Cockatrice XML",
        "Magic Set Editor",
        "CSV",
        "TSV",
        "Forge",
        "--fix-json",
    ] {
        assert!(
            fix[..400.min(fix.len())].contains(format),
            "{format}: {fix}"
        );
    }
}
