//! The Magic Set Editor reader: `set` files and `card NAME` files, their markup, spans and
//! mistakes.

use super::*;

fn read_mse(text: &str) -> Parsed<'_> {
    read(Format::Mse, text, &ReadOptions::default())
}

/// The file's bytes under the decoded `needle` of `text`.
fn in_file<'f>(file: &'f str, text: &CardText, needle: &str) -> &'f str {
    let at = text.value.find(needle).expect("in the value");
    let span = text
        .map
        .to_file(at..at + needle.len())
        .expect("an exact map");
    &file[span]
}

/// The face's type line, mana cost and text.
fn face_is<'c>(
    face: &'c Face<'_>,
    type_line: &str,
    mana_cost: &str,
    text: &str,
) -> &'c CardText<'c> {
    assert_eq!(face.type_line.as_deref(), Some(type_line));
    assert_eq!(face.mana_cost.as_deref(), Some(mana_cost));
    let card_text = face.text.as_ref().expect("a text");
    assert_eq!(card_text.value, text);
    card_text
}

const SET: &str = "\u{feff}mse_version: 2.0.2\ngame: magic\nset_info:\n\ttitle: Hours\n\tcode: HRS\ncard:\n\tname: Gloam Stalker\n\tcasting_cost: 2BB\n\tsuper_type: <word-list-type>Creature</word-list-type>\n\tsub_type: <word-list-race>Vampire</word-list-race> <word-list-class>Rogue</word-list-class>\n\trule_text:\n\t\t<kw-a><nospellcheck>Flash</nospellcheck></kw-a>\n\t\tWhen <atom-cardname><nospellcheck>Gloam Stalker</nospellcheck></atom-cardname> enters, it gets +1/+1 until the end of turn.\n\tflavor_text: <i-flavor>Until the end of time.</i-flavor>\ncard:\n\tname: Dawn\n\tsuper_type: Instant\n\trule_text: Tap it &amp; draw &lt;2&gt;.\n\tname_2: Dusk\n\tcasting_cost_2: W/U2\n\tsuper_type_2: Sorcery\n\trule_text_2:\n\t\tCast this spell only during combat.\n\n\t\t\n\t\tDraw a card.\ninclude_file: card Lantern Warden\n";

#[test]
fn a_set_file_is_sniffed_and_read_not_refused_as_yaml() {
    // Issue 20: MSE's `set` file was read as YAML and refused for its tabs.
    assert_eq!(sniff_format(SET), Format::Mse);
    assert_eq!(format_of(Path::new("dusk.mse-set/set"), SET), Format::Mse);
    let parsed = read_mse(SET);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert!(parsed.notes.is_empty());
    let names: Vec<_> = parsed.cards.iter().map(|c| c.name.as_deref()).collect();
    assert_eq!(names, [Some("Gloam Stalker"), Some("Dawn // Dusk")]);
}

#[test]
fn card_fields_markup_and_exact_spans() {
    let parsed = read_mse(SET);
    let stalker = &parsed.cards[0];
    assert!(SET[stalker.span.clone()].starts_with("card:\n\tname: Gloam Stalker"));
    assert!(SET[stalker.span.clone()].ends_with("Until the end of time.</i-flavor>"));
    let text = face_is(
        &stalker.faces[0],
        "Creature — Vampire Rogue",
        "{2}{B}{B}",
        "Flash\nWhen Gloam Stalker enters, it gets +1/+1 until the end of turn.",
    );
    assert_eq!(
        in_file(SET, text, "until the end of turn"),
        "until the end of turn"
    );
    // The name inside its atom is the name's own bytes; the line break is the line end and the
    // next line's tabs.
    assert_eq!(in_file(SET, text, "Gloam"), "Gloam");
    assert_eq!(
        in_file(SET, text, "Flash\nWhen"),
        "Flash</nospellcheck></kw-a>\n\t\tWhen"
    );
    assert_eq!(text.map.raw().start, SET.find("<kw-a>").unwrap());
    assert_eq!(text.map.encode("a\nb<"), Some("a\n\t\tb&lt;".to_string()));
    assert_eq!(stalker.faces.len(), 1);
}

#[test]
fn second_faces_entities_and_blank_lines() {
    let parsed = read_mse(SET);
    let card = &parsed.cards[1];
    assert_eq!(card.faces.len(), 2);
    let front = card.faces[0].text.as_ref().unwrap();
    assert_eq!(front.value, "Tap it & draw <2>.");
    assert_eq!(in_file(SET, front, "& draw <"), "&amp; draw &lt;");
    assert_eq!(front.map.encode("x"), Some("x".to_string()));
    assert_eq!(front.map.encode("a\nb"), None);
    let back = &card.faces[1];
    assert_eq!(back.name.as_deref(), Some("Dusk"));
    // A blank line not indented, and one indented: each a line of the value.
    let text = face_is(
        back,
        "Sorcery",
        "{W/U}{2}",
        "Cast this spell only during combat.\n\n\nDraw a card.",
    );
    assert_eq!(
        in_file(SET, text, "combat.\n\n\nDraw"),
        "combat.\n\n\t\t\n\t\tDraw"
    );
}

#[test]
fn planeswalker_lines_and_leveler_texts() {
    let file = "card:\r\n\tname: Vesna\r\n\tsuper_type: Legendary Planeswalker\r\n\tsub_type: Vesna\r\n\tloyalty_cost_1: +1\r\n\tloyalty_cost_2: -2\r\n\trule_text:\r\n\t\tUntap target permanent.\r\n\t\tTap target creature until the end of turn.\r\ncard:\r\n\tname: Adept\r\n\tsuper_type: Creature\r\n\trule_text: Level up <sym-auto>1U</sym-auto>\r\n\tlevel_2_text: Flying\r\n\tlevel_1: 1-3\r\n\tlevel_1_text: At your upkeep, scry 1.\r\n\tlevel_10_text:\r\n";
    let parsed = read_mse(file);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let vesna = &parsed.cards[0].faces[0];
    let text = vesna.text.as_ref().unwrap();
    assert_eq!(
        text.value,
        "Untap target permanent.\nTap target creature until the end of turn."
    );
    assert_eq!(
        in_file(file, text, ".\nTap"),
        ".\r\n\t\tTap",
        "a CRLF and the tabs after it"
    );
    assert_eq!(
        vesna.type_line.as_deref(),
        Some("Legendary Planeswalker — Vesna")
    );
    let adept = &parsed.cards[1];
    let texts: Vec<_> = adept
        .faces
        .iter()
        .map(|face| face.text.as_ref().map(|text| text.value.as_ref()))
        .collect();
    // The card's text, then its levels in order of their number; an empty level is no face.
    assert_eq!(
        texts,
        [
            Some("Level up 1U"),
            Some("At your upkeep, scry 1."),
            Some("Flying")
        ]
    );
    assert!(
        adept.faces[1..]
            .iter()
            .all(|face| face.name.as_deref() == Some("Adept")
                && face.type_line.as_deref() == Some("Creature"))
    );
    assert_eq!(adept.name.as_deref(), Some("Adept"));
}

#[test]
fn a_card_file_of_its_own_is_read_and_included_files_are_listed() {
    let card = "card:\n\tname: Lantern Warden\n\trule_text: <atom-cardname>Old Name</atom-cardname> can't block until the end of turn.\n";
    assert_eq!(sniff_format(card), Format::Mse);
    let parsed = read_mse(card);
    let text = parsed.cards[0].faces[0].text.as_ref().unwrap();
    assert_eq!(
        text.value,
        "Lantern Warden can't block until the end of turn."
    );
    // A stale name atom is the card's name, standing for the whole element.
    assert_eq!(
        in_file(card, text, "Lantern Warden can't"),
        "<atom-cardname>Old Name</atom-cardname> can't"
    );
    let includes = mse_includes(SET);
    assert_eq!(includes.len(), 1);
    assert_eq!(includes[0].file, "card Lantern Warden");
    assert_eq!(&SET[includes[0].span.clone()], "card Lantern Warden");
    assert!(is_mse_set_file("set", SET));
    assert!(!is_mse_set_file("set", "name: x"));
    assert!(!is_mse_set_file("card Lantern Warden", SET));
    // A set whose cards are all included has no card of its own, and no note: it is a set.
    let parsed = read_mse("mse_version: 2.0.2\ninclude_file: card x\n");
    assert!(parsed.cards.is_empty() && parsed.notes.is_empty());
}

#[test]
fn what_is_not_a_card_is_said() {
    let parsed = read_mse("\u{feff}mse_version: 2.0.2\ngame: magic\nstylesheet: m15\n");
    assert!(parsed.cards.is_empty());
    assert_eq!(parsed.notes.len(), 1);
    assert_eq!(parsed.notes[0].kind, NoteKind::NotACardFile);
    assert_eq!(parsed.notes[0].span, 3..14);
    let file = "mse_version: 2\ncard:\n\tname: A\n\t  rule_text: x\n\trule_te\ncard: inline\n\t\tstray\ncard:\n\tname: B\n";
    let parsed = read_mse(file);
    let errors: Vec<_> = parsed
        .errors
        .iter()
        .map(|e| (&file[e.span.clone()], e.message.as_str()))
        .collect();
    assert_eq!(
        errors,
        [
            (
                " ",
                "a line indented with spaces: magic set editor indents with tabs"
            ),
            ("rule_te", "expected `key: value`: this line has no `:`"),
            (
                "card",
                "`card:` should be followed by the card's keys, one tab deeper"
            ),
            (
                "s",
                "unexpected indentation: this line is in no key's block or value"
            ),
        ]
    );
    let names: Vec<_> = parsed.cards.iter().map(|c| c.name.as_deref()).collect();
    assert_eq!(names, [Some("A"), Some("B")]);
}

#[test]
fn sniffing_tells_mse_from_yaml() {
    assert_eq!(sniff_format("mse version: 2.0.2\n"), Format::Mse);
    assert_eq!(sniff_format("\n\ncard:\n\tname: x\n"), Format::Mse);
    assert_eq!(sniff_format("card:\n  name: x\n"), Format::Yaml);
    assert_eq!(sniff_format("name: x\n"), Format::Yaml);
}

#[test]
fn never_panics_on_cut_or_odd_input() {
    for cut in 0..SET.len() {
        if SET.is_char_boundary(cut) {
            let _ = read_mse(&SET[..cut]);
            let _ = mse_includes(&SET[..cut]);
        }
    }
    for odd in [
        "card:",
        "card:\n\t",
        "card:\n\trule_text:",
        "card:\n\trule_text:\n\t\t<",
        "card:\n\trule_text: &#x110000; &#xFFFFFFFFFF; <atom-cardname",
        "card:\n\tname: <atom-cardname>\n\trule_text: <atom-cardname></atom-cardname>",
        "\t\t\t:\n:\n\r\r\n",
    ] {
        let _ = read_mse(odd);
    }
}
