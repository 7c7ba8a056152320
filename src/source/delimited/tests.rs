//! The CSV and TSV reader: headers in their spellings, quoted fields mapped exactly, and broken
//! files.

use super::Column;
use super::column_of;
use crate::source::{FieldNames, Format, NoteKind, Parsed, ReadOptions, read};

fn parse(format: Format, text: &str) -> Parsed<'_> {
    read(format, text, &ReadOptions::default())
}

const SHEET: &str = "\u{feff}Card Name,Mana Cost,TYPE_LINE,Rarity,Rules Text\r\nShock,{R},Instant,common,Shock deals 2 damage to any target.\r\n\"Tinker, the Late\",{1}{R},Creature — Goblin,rare,\"Haste\r\nAt end of turn, sacrifice \"\"Tinker\"\".\"\r\n,,,,\r\n\r\nBare Name\r\n";

#[test]
fn columns_by_header_and_quoted_fields_mapped_exactly() {
    let parsed = parse(Format::Csv, SHEET);
    assert!(parsed.errors.is_empty() && parsed.notes.is_empty());
    let names: Vec<_> = parsed.cards.iter().map(|c| c.name.as_deref()).collect();
    assert_eq!(
        names,
        [Some("Shock"), Some("Tinker, the Late"), Some("Bare Name")]
    );
    let tinker = &parsed.cards[1].faces[0];
    assert_eq!(tinker.mana_cost.as_deref(), Some("{1}{R}"));
    assert_eq!(tinker.type_line.as_deref(), Some("Creature — Goblin"));
    let text = tinker.text.as_ref().unwrap();
    assert_eq!(text.value, "Haste\nAt end of turn, sacrifice \"Tinker\".");
    let place = |phrase: &str| {
        let at = text.value.find(phrase).unwrap();
        &SHEET[text.map.to_file(at..at + phrase.len()).unwrap()]
    };
    assert_eq!(place("At end of turn"), "At end of turn");
    assert_eq!(place("\"Tinker\""), "\"\"Tinker\"\"");
    assert_eq!(place("\n"), "\r\n");
    let raw = &SHEET[text.map.raw()];
    assert!(raw.starts_with("\"Haste") && raw.ends_with("\".\""));
    let row = &SHEET[parsed.cards[1].span.clone()];
    assert!(row.starts_with("\"Tinker, the Late\"") && row.ends_with("\".\""));
    // A bare field maps byte for byte.
    let shock = parsed.cards[0].faces[0].text.as_ref().unwrap();
    assert_eq!(&SHEET[shock.map.to_file(0..5).unwrap()], "Shock");
    assert!(parsed.cards[2].faces[0].text.is_none());
}

#[test]
fn tsv_is_read_with_tabs() {
    let text = "name\ttext\ttype\nEmber\t\"At end of turn, draw.\tTab.\"\tInstant\nPlain\tA, b\n";
    let parsed = parse(Format::Tsv, text);
    assert!(parsed.errors.is_empty());
    let values: Vec<_> = parsed
        .cards
        .iter()
        .map(|card| card.faces[0].text.as_ref().unwrap().value.as_ref())
        .collect();
    assert_eq!(values, ["At end of turn, draw.\tTab.", "A, b"]);
    assert_eq!(
        parsed.cards[0].faces[0].type_line.as_deref(),
        Some("Instant")
    );
    // The same file as CSV has no text column.
    let parsed = parse(Format::Csv, text);
    assert!(parsed.cards.is_empty());
    assert_eq!(parsed.notes[0].kind, NoteKind::NotACardFile);
}

#[test]
fn a_sheet_without_a_text_column_is_noted() {
    let text = "Name,Quantity\nShock,4\n";
    let parsed = parse(Format::Csv, text);
    assert!(parsed.cards.is_empty() && parsed.errors.is_empty());
    let [note] = &parsed.notes[..] else {
        panic!("one note: {:?}", parsed.notes);
    };
    assert_eq!(&text[note.span.clone()], "Name,Quantity");
    assert_eq!(
        note.message,
        "a CSV file with no card text column: no card was read from it"
    );
    assert!(parse(Format::Csv, "").notes.is_empty());
    assert!(parse(Format::Csv, "\n\n").notes.is_empty());
}

#[test]
fn header_spellings() {
    for header in [
        "name",
        "Card Name",
        "card_name",
        "CARDNAME",
        "Title",
        "card-name",
    ] {
        assert_eq!(
            column_of(header, &FieldNames::default()),
            Some(Column::Name),
            "{header}"
        );
    }
    for header in [
        "Text",
        "rules text",
        "rules_text",
        "Oracle Text",
        "oracle_text",
        "RulesText",
        "rule_text",
    ] {
        assert_eq!(
            column_of(header, &FieldNames::default()),
            Some(Column::Text),
            "{header}"
        );
    }
    for header in ["type", "Type Line", "typeline"] {
        assert_eq!(
            column_of(header, &FieldNames::default()),
            Some(Column::TypeLine),
            "{header}"
        );
    }
    for header in ["cost", "Mana Cost", "manacost"] {
        assert_eq!(
            column_of(header, &FieldNames::default()),
            Some(Column::Cost),
            "{header}"
        );
    }
    for header in ["flavor text", "texts", "nametag", ""] {
        assert_eq!(column_of(header, &FieldNames::default()), None, "{header}");
    }
}

#[test]
fn the_first_column_of_a_kind_is_read() {
    let text = "Text,Name,Oracle Text\nfirst,A,second\n";
    let parsed = parse(Format::Csv, text);
    assert_eq!(
        parsed.cards[0].faces[0].text.as_ref().unwrap().value,
        "first"
    );
}

#[test]
fn broken_quotes_are_errors_at_them() {
    // Unterminated: the file was cut inside a quoted field.
    let text = "name,text\nA,\"At end of turn\nB,x\n";
    let parsed = parse(Format::Csv, text);
    assert!(parsed.cards.is_empty());
    assert_eq!(&text[parsed.errors[0].span.clone()], "\"");
    assert_eq!(parsed.errors[0].span.start, text.find("\"At").unwrap());
    assert_eq!(
        parsed.errors[0].message,
        "unterminated quoted field: the file ends inside it"
    );
    // A stray character after the closing quote: that row is skipped, the next one read.
    let text = "name,text\nA,\"x\"y,z\nB,fine\n";
    let parsed = parse(Format::Csv, text);
    assert_eq!(parsed.cards.len(), 1);
    assert_eq!(parsed.cards[0].name.as_deref(), Some("B"));
    assert_eq!(&text[parsed.errors[0].span.clone()], "y");
}

#[test]
fn a_quote_inside_a_bare_field_is_kept() {
    let text = "name,text\nA,say \"hi\" now\n";
    let parsed = parse(Format::Csv, text);
    let value = parsed.cards[0].faces[0].text.as_ref().unwrap();
    assert_eq!(value.value, "say \"hi\" now");
    assert_eq!(&text[value.map.to_file(0..12).unwrap()], "say \"hi\" now");
}

#[test]
fn lone_carriage_returns_end_rows() {
    let text = "name,text\rA,until end of turn\rB,\"x\ry\"\r";
    let parsed = parse(Format::Csv, text);
    assert_eq!(parsed.cards.len(), 2);
    assert_eq!(
        parsed.cards[1].faces[0].text.as_ref().unwrap().value,
        "x\ny"
    );
}

#[test]
fn a_file_of_broken_rows_stops_after_the_bound() {
    use crate::source::bounds::MAX_ERRORS;
    let text = format!("name,text\n{}B,fine\n", "\"x\"y,z\n".repeat(3 * MAX_ERRORS));
    let parsed = parse(Format::Csv, &text);
    assert_eq!(parsed.errors.len(), MAX_ERRORS + 1);
    let last = &parsed.errors[MAX_ERRORS];
    assert_eq!(
        last.message,
        "too many errors in this file: reading stopped here, after the first 1000"
    );
    assert_eq!(last.span.start, "name,text\n".len() + 7 * MAX_ERRORS);
    assert!(parsed.cards.is_empty());
}

/// Issue 20 §1: a config's `[fields]` names a sheet's columns too.
#[test]
fn a_config_names_the_columns() {
    let mut options = ReadOptions::default();
    options.fields.add(crate::source::Field::Text, "Effekt");
    options.fields.add(crate::source::Field::Name, "Karte");
    let parsed = read(
        Format::Csv,
        "Karte,Effekt\nOld Bell,\"At end of turn, untap it.\"\n",
        &options,
    );
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(parsed.cards.len(), 1);
    assert_eq!(parsed.cards[0].name.as_deref(), Some("Old Bell"));
    let text = parsed.cards[0].faces[0].text.as_ref().expect("text");
    assert_eq!(text.value, "At end of turn, untap it.");
}
