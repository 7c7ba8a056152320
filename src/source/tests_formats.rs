//! Which reader a designer's file goes to: by extension, and by content where an extension is
//! shared (`.txt`) or missing.

use crate::source::{Format, format_from_extension, format_of, sniff_format};
use std::path::Path;

const SCRIPT: &str = "Name:Ember Runner\nManaCost:1 R\nTypes:Creature Goblin\nK:Haste\nOracle:Haste\\nAt end of turn, sacrifice Ember Runner.\n";

#[test]
fn the_designers_formats_by_extension() {
    let f = |p: &str| format_from_extension(Path::new(p));
    assert_eq!(f("cards.xml"), Some(Format::Cockatrice));
    assert_eq!(f("customsets/CWD.XML"), Some(Format::Cockatrice));
    assert_eq!(f("set.csv"), Some(Format::Csv));
    assert_eq!(f("set.TSV"), Some(Format::Tsv));
    // A Cockatrice deck lists card names, not their text.
    assert_eq!(f("deck.cod"), None);
}

#[test]
fn a_txt_file_shaped_as_a_forge_script_is_one() {
    assert_eq!(
        format_of(Path::new("ember_runner.txt"), SCRIPT),
        Format::Forge
    );
    assert_eq!(
        format_of(
            Path::new("legacy.txt"),
            "Shock {R}\nInstant\nShock deals 2 damage.\n"
        ),
        Format::Text
    );
    // Named without a known extension: sniffed.
    assert_eq!(format_of(Path::new("ember_runner"), SCRIPT), Format::Forge);
    assert_eq!(format_of(Path::new("cards.yaml"), SCRIPT), Format::Yaml);
}

#[test]
fn xml_is_sniffed_by_its_start() {
    assert_eq!(
        sniff_format("\u{feff}<?xml version=\"1.0\"?>\n<cockatrice_carddatabase/>"),
        Format::Cockatrice
    );
    assert_eq!(
        sniff_format("  <cockatrice_carddatabase version=\"4\">"),
        Format::Cockatrice
    );
    assert_eq!(sniff_format("<Untitled>\nInstant\n"), Format::Text);
}
