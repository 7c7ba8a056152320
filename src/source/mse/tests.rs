//! The Magic Set Editor reader: `set` files and `card NAME` files, their markup, spans and
//! mistakes.

use crate::source::*;

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
    assert_eq!(text.value, "~ can't block until the end of turn.");
    // A stale name atom is the card, standing for the whole element.
    assert_eq!(
        in_file(card, text, "~ can't"),
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

#[test]
fn a_long_name_is_never_copied_into_its_atoms_or_faces() {
    // Issue 38 §1: a 100 KB name and 10,000 empty atoms took 1.97 GB.
    let name = "N".repeat(100_000);
    let file = format!(
        "card:\n\tname: {name}\n\trule_text: {}\n\tlevel_1_text: Flying\n\tlevel_2_text: Haste\n",
        "<atom-cardname></atom-cardname>".repeat(10_000)
    );
    let parsed = read_mse(&file);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let card = &parsed.cards[0];
    let text = card.faces[0].text.as_ref().expect("a text");
    assert_eq!(text.value, "~".repeat(10_000));
    // Each face's name is the file's own bytes: one name, shared.
    assert_eq!(card.faces.len(), 3);
    for name in card.faces.iter().map(|face| &face.name).chain([&card.name]) {
        assert!(
            matches!(name, Some(Cow::Borrowed(name)) if name.len() == 100_000),
            "a borrowed name"
        );
    }
}

#[test]
fn a_card_gives_at_most_the_bounded_faces() {
    // Issue 38 §5: 160,000 levels were found by a search each (44 s).
    let levels: String = (1..=160_000)
        .rev()
        .map(|n| format!("\tlevel_{n}_text: Flying\n"))
        .collect();
    let file = format!("card:\n\tname: A\n\trule_text: Haste\n{levels}card:\n\tname: B\n");
    let parsed = read_mse(&file);
    let names: Vec<_> = parsed.cards.iter().map(|c| c.name.as_deref()).collect();
    assert_eq!(names, [Some("A"), Some("B")]);
    assert_eq!(parsed.cards[0].faces.len(), bounds::MAX_FACES);
    assert_eq!(parsed.errors.len(), 1, "{:?}", parsed.errors);
    let error = &parsed.errors[0];
    assert_eq!(
        error.message,
        "more than 16 faces in one card: phaselint reads no more of its levels"
    );
    // At the first level in the file that is not read: the first one, 160,000, whose face
    // would have come after the 15 of lower number kept with it.
    assert_eq!(&file[error.span.clone()], "level_160000_text");
}

#[test]
fn errors_stop_at_the_shared_bound() {
    // Issue 38 §6: 4,000,000 stray lines kept 4,000,000 errors and a record a line.
    use crate::source::bounds::MAX_ERRORS;
    for stray in ["a\n", "\ta\n", "\t\t\ta\n", "  a\n"] {
        let file = format!(
            "card:\n\tname: A\n{}card:\n\tname: B\n",
            stray.repeat(5_000)
        );
        let parsed = read_mse(&file);
        assert_eq!(parsed.errors.len(), MAX_ERRORS + 1, "{stray:?}");
        assert!(
            parsed.errors[MAX_ERRORS]
                .message
                .starts_with("too many errors in this file"),
            "{stray:?}"
        );
        // Card B, after the cut, is not read.
        assert!(
            parsed
                .cards
                .iter()
                .all(|card| card.name.as_deref() != Some("B")),
            "{stray:?}"
        );
    }
}

#[test]
fn each_included_file_is_listed_once_under_any_spelling() {
    // Issue 38 §2: `card A`, `./card A` and `.//card A` were read and reported three times.
    let set = "mse_version: 2.0.2\ninclude_file: card A\ninclude_file: ./card A\ninclude_file: .//card A  \ninclude_file: card B\ninclude_file: card A/\ninclude_file: ../card A\ninclude_file: /card A\n";
    let includes = mse_includes(set);
    let files: Vec<_> = includes.iter().map(|i| i.file.as_str()).collect();
    assert_eq!(files, ["card A", "card B", "../card A", "/card A"]);
    assert_eq!(&set[includes[0].span.clone()], "card A");
    assert_eq!(&set[includes[2].span.clone()], "../card A");
}

#[test]
fn a_value_of_many_lines_is_placed_whole_past_the_map_bound() {
    // A line a piece: past the bound of a map, the value keeps none and is placed as a whole.
    let lines = "\t\tUntil end of turn, it gains flying.\n".repeat(5_000);
    let file = format!("card:\n\tname: A\n\trule_text:\n{lines}");
    let parsed = read_mse(&file);
    let text = parsed.cards[0].faces[0].text.as_ref().expect("a text");
    assert_eq!(text.value.lines().count(), 5_000);
    assert!(!text.map.is_exact());
    assert_eq!(&file[text.map.raw()], lines.trim_start().trim_end());
}

#[test]
fn a_name_of_markup_is_copied_into_levels_no_more_than_the_card_holds() {
    // The review of issue 38: a name or type line with markup is decoded into a string of its
    // own, which each of 15 levels copied (17 MB for a 1 MB card).
    let levels: String = (1..=15)
        .map(|n| format!("\tlevel_{n}_text: Haste\n"))
        .collect();
    let name = format!("&amp;{}", "N".repeat(100_000));
    let file = format!("card:\n\tname: {name}\n\tsuper_type: <b>Creature</b>\n{levels}");
    let parsed = read_mse(&file);
    let card = &parsed.cards[0];
    let copied: usize = card
        .faces
        .iter()
        .flat_map(|face| [&face.name, &face.type_line])
        .map(|value| value.as_deref().map_or(0, str::len))
        .sum();
    assert!(
        copied <= 2 * file.len(),
        "{copied} bytes for {}",
        file.len()
    );
    assert_eq!(card.faces.len(), 2);
    assert_eq!(parsed.errors.len(), 1);
    assert_eq!(&file[parsed.errors[0].span.clone()], "level_2_text");
    assert!(
        parsed.errors[0]
            .message
            .starts_with("this card's name and type line")
    );
    // A short one, as real cards have, is given to every level.
    let file = format!("card:\n\tname: Ad &amp; ept\n\tsuper_type: <b>Creature</b>\n{levels}");
    let parsed = read_mse(&file);
    assert_eq!(parsed.cards[0].faces.len(), 16);
    assert!(parsed.errors.is_empty());
}
