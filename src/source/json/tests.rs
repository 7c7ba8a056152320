use super::testing::*;
use super::*;

fn read_str(text: &str, original: bool) -> (Vec<Card<'_>>, Vec<SourceError>) {
    read_with(read, text, original)
}

fn names<'a>(cards: &'a [Card<'_>]) -> Vec<&'a str> {
    cards.iter().filter_map(|c| c.name.as_deref()).collect()
}

/// A card's words without escapes are the file's own bytes, not copies of them; escaped
/// ones are decoded copies.
#[test]
fn words_without_escapes_are_the_files_own() {
    let text = r#"[{"name": "Fire", "type_line": "Instant", "mana_cost": "{R}", "set": "abc", "oracle_text": "Draw a card."},
        {"name": "Ic\u0065", "oracle_text": "Tap it.\nDraw."}]"#;
    let (cards, errors) = read_str(text, false);
    assert!(errors.is_empty(), "{errors:?}");
    let fire = &cards[0].faces[0];
    for word in [
        &cards[0].name,
        &cards[0].set,
        &fire.name,
        &fire.type_line,
        &fire.mana_cost,
    ] {
        assert!(matches!(word, Some(Cow::Borrowed(_))), "{word:?}");
    }
    assert!(matches!(
        fire.text.as_ref().unwrap().value,
        Cow::Borrowed("Draw a card.")
    ));
    let ice = &cards[1].faces[0];
    assert!(matches!(&ice.name, Some(Cow::Owned(name)) if name == "Ice"));
    let text = &ice.text.as_ref().unwrap().value;
    assert!(matches!(text, Cow::Owned(text) if text == "Tap it.\nDraw."));
    for card in &cards {
        assert_eq!(&card.clone().into_owned(), card);
    }
}

/// The last object of each sequence of three in an array reads as it reads alone.
#[test]
fn an_object_reads_alike_whatever_the_keys_of_the_objects_before_it() {
    assert_each_reads_as_alone(read, |a, b, c| format!("[{a},{b},{c}]"), 1);
}

#[test]
fn mtgjson_set() {
    let text = r#"{"meta": {"version": "5.2.0"}, "data": {"booster": {"x": {"cards": {"u": 1}}},
        "cards": [
          {"name": "A", "text": "Oracle.", "originalText": "Printed.", "type": "Instant", "manaCost": "{R}"},
          {"name": "B // C", "faceName": "B", "side": "a", "text": "b", "setCode": "SET"},
          {"name": "B // C", "faceName": "C", "side": "b"}
        ],
        "code": "SET", "tokens": [{"name": "Token", "text": "t"}], "name": "A Set"}}"#;
    let (cards, errors) = read_str(text, false);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(names(&cards), ["A", "B // C", "B // C"]);
    assert!(cards.iter().all(|c| c.set.as_deref() == Some("SET")));
    let a = &cards[0].faces[0];
    assert_eq!(a.name.as_deref(), Some("A"));
    assert_eq!(a.text.as_ref().unwrap().value, "Oracle.");
    assert_eq!(a.type_line.as_deref(), Some("Instant"));
    assert_eq!(a.mana_cost.as_deref(), Some("{R}"));
    assert_eq!(cards[1].faces[0].name.as_deref(), Some("B"));
    assert_eq!(cards[2].faces[0].name.as_deref(), Some("C"));
    assert!(cards[2].faces[0].text.is_none());
    assert!(text[cards[0].span.clone()].starts_with("{\"name\": \"A\""));
    assert!(text[cards[0].span.clone()].ends_with("\"{R}\"}"));
    let (cards, _) = read_str(text, true);
    assert_eq!(cards[0].faces[0].text.as_ref().unwrap().value, "Printed.");
    assert!(cards[1].faces[0].text.is_none());
}

#[test]
fn all_printings_and_atomic() {
    let text = r#"{"meta": {}, "data": {"LEA": {"cards": [{"name": "A"}], "code": "LEA"},
        "ICE": {"code": "ICE", "cards": [{"name": "B"}, {"name": "C"}]}}}"#;
    let (cards, errors) = read_str(text, false);
    assert!(errors.is_empty());
    assert_eq!(names(&cards), ["A", "B", "C"]);
    assert_eq!(cards[0].set.as_deref(), Some("LEA"));
    assert_eq!(cards[2].set.as_deref(), Some("ICE"));
    let text = r#"{"meta": {}, "data": {"Fire // Ice": [{"name": "Fire // Ice", "faceName": "Fire", "text": "f"}, {"name": "Fire // Ice", "faceName": "Ice", "text": "i"}], "Opt": [{"name": "Opt", "text": "Scry 1."}]}}"#;
    let (cards, _) = read_str(text, false);
    assert_eq!(names(&cards), ["Fire // Ice", "Opt"]);
    let faces: Vec<_> = cards[0].faces.iter().map(|f| f.name.as_deref()).collect();
    assert_eq!(faces, [Some("Fire"), Some("Ice")]);
}

#[test]
fn scryfall() {
    let text = r#"[{"object": "card", "name": "Fire // Ice", "set": "mh2", "card_faces": [
        {"name": "Fire", "oracle_text": "F", "type_line": "Instant", "mana_cost": "{1}{R}"},
        {"name": "Ice", "oracle_text": "I"}]},
        {"name": "Opt", "oracle_text": "Scry 1.\nDraw a card.", "type_line": "Instant"}]"#;
    let (cards, errors) = read_str(text, false);
    assert!(errors.is_empty());
    assert_eq!(names(&cards), ["Fire // Ice", "Opt"]);
    assert_eq!(cards[0].set.as_deref(), Some("mh2"));
    assert_eq!(cards[0].faces.len(), 2);
    assert_eq!(cards[0].faces[0].mana_cost.as_deref(), Some("{1}{R}"));
    let (cards, _) = read_str(r#"{"name": "Opt", "oracle_text": "x"}"#, false);
    assert_eq!(names(&cards), ["Opt"]);
    let (cards, _) = read_str(r#"{"object": "list", "data": [{"name": "Opt"}]}"#, false);
    assert_eq!(names(&cards), ["Opt"]);
}

/// Issue 20 §1: any JSON of card objects, by the common spellings of its fields.
#[test]
fn databases_of_other_shapes() {
    // A bot's database keyed by card, with a double-faced card.
    let text = r#"{"Opt_XLN": {"cardName": "Opt", "manaCost": "{U}", "typeLine": "Instant",
          "rulesText": "Scry 1.\nDraw a card.\n", "flavorText": "x", "setID": "XLN"},
        "Day_DFC": {"cardName": "Day", "rulesText": "At the beginning of your upkeep, draw.",
          "cardName2": "Night", "typeLine2": "Creature", "rulesText2": "Haste"}}"#;
    let (cards, errors) = read_str(text, false);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(names(&cards), ["Opt", "Day // Night"]);
    let opt = &cards[0].faces[0];
    assert_eq!(opt.text.as_ref().unwrap().value, "Scry 1.\nDraw a card.\n");
    assert_eq!(opt.type_line.as_deref(), Some("Instant"));
    assert_eq!(opt.mana_cost.as_deref(), Some("{U}"));
    let faces: Vec<_> = cards[1].faces.iter().map(|f| f.name.as_deref()).collect();
    assert_eq!(faces, [Some("Day"), Some("Night")]);
    assert_eq!(cards[1].faces[1].text.as_ref().unwrap().value, "Haste");
    // The text maps back to the file.
    let map = &opt.text.as_ref().unwrap().map;
    assert_eq!(map.to_file(0..5).map(|r| &text[r]), Some("Scry "));
    // A list under `cards`, and an array, in other spellings.
    let (cards, _) = read_str(
        r#"{"set": "X", "cards": [{"Card Name": "A", "Rules Text": "t"}]}"#,
        false,
    );
    assert_eq!(names(&cards), ["A"]);
    assert_eq!(cards[0].faces[0].text.as_ref().unwrap().value, "t");
    let (cards, _) = read_str(
        r#"[{"title": "B", "rules_text": "u", "cost": "{1}"}]"#,
        false,
    );
    assert_eq!(cards[0].faces[0].mana_cost.as_deref(), Some("{1}"));
    // An object of other objects, none a card: nothing.
    let (cards, errors) = read_str(r#"{"settings": {"theme": "dark"}, "version": 3}"#, false);
    assert!(cards.is_empty() && errors.is_empty());
    // A config's own names.
    let mut options = ReadOptions::default();
    options.fields.add(Field::Text, "Effekt");
    options.fields.add(Field::Name, "Karte");
    let mut cards = Vec::new();
    read(
        r#"[{"Karte": "C", "Effekt": "Bis zum Ende des Zuges."}]"#,
        &options,
        &mut |c| cards.push(c),
        &mut Vec::new(),
        &mut Vec::new(),
    );
    assert_eq!(names(&cards), ["C"]);
    assert!(cards[0].faces[0].text.is_some());
}

/// Issue 38 §16: a key repeated in a card object is read at its last value, as JavaScript
/// and Python read it, and the text's map is the last one's bytes.
#[test]
fn a_repeated_key_is_read_at_its_last_value() {
    let text = r#"[{"cardName": "A", "rulesText": "Draw a card.", "typeLine": "Instant",
        "rulesText": "Scry 1.", "cardName": "B", "typeLine": "Sorcery",
        "rulesText2": "x", "rulesText2": "y"}]"#;
    let (cards, errors) = read_str(text, false);
    assert!(errors.is_empty(), "{errors:?}");
    let face = &cards[0].faces[0];
    assert_eq!(face.name.as_deref(), Some("B"));
    assert_eq!(face.type_line.as_deref(), Some("Sorcery"));
    let last = face.text.as_ref().unwrap();
    assert_eq!(last.value, "Scry 1.");
    let at = text.find("Scry").unwrap();
    assert_eq!(last.map.to_file(0..4), Some(at..at + 4));
    assert_eq!(last.map.raw(), at - 1..at + "Scry 1.\"".len());
    let back = &cards[0].faces[1];
    assert_eq!(back.text.as_ref().unwrap().value, "y");
    // MTGJSON's and Scryfall's own keys stay before a common spelling, wherever it is.
    for text in [
        r#"{"oracle_text": "a", "rulesText": "b", "Name": "N", "name": "M", "Name": "O"}"#,
        r#"{"rulesText": "b", "oracle_text": "a", "name": "M", "Name": "N"}"#,
    ] {
        let (cards, _) = read_str(text, false);
        let face = &cards[0].faces[0];
        assert_eq!(face.text.as_ref().unwrap().value, "a", "{text}");
        assert_eq!(face.name.as_deref(), Some("M"), "{text}");
    }
    // Repeated faces and sets.
    let text = r#"{"name": "F", "card_faces": [{"name": "F1"}, {"name": "F2"}],
        "card_faces": [{"name": "G1"}], "original_text_set": "A", "original_text_set": "B"}"#;
    let (cards, _) = read_str(text, false);
    let faces: Vec<_> = cards[0].faces.iter().map(|f| f.name.as_deref()).collect();
    assert_eq!(faces, [Some("G1")]);
    assert_eq!(cards[0].set.as_deref(), Some("B"));
}

/// Issue 38 §17f: a file of cards each with a field of the wrong type stops at the shared
/// bound, with one error that says so.
#[test]
fn errors_stop_at_the_bound() {
    let pairs = vec![r#"1, {"name": "A"}"#; 3 * bounds::MAX_ERRORS];
    assert_stops_at_the_bound(read, &format!("[{}]", pairs.join(",")));
}

/// A card of more faces than the bound: one error at the first face past it, and no face
/// read after it.
#[test]
fn faces_past_the_bound_are_not_read() {
    use crate::source::bounds::MAX_FACES;
    let faces = vec![r#"{"oracle_text": "t"}"#; MAX_FACES + 5].join(", ");
    let text = format!(r#"{{"name": "A", "card_faces": [{faces}]}}"#);
    let atomic = format!(r#"{{"data": {{"A": [{faces}]}}}}"#);
    for text in [text, atomic] {
        let (cards, errors) = read_str(&text, false);
        assert_eq!(cards.len(), 1, "{text}");
        assert_eq!(cards[0].faces.len(), MAX_FACES);
        assert_eq!(errors.len(), 1, "{errors:?}");
        let past = text
            .match_indices("{\"oracle")
            .nth(MAX_FACES)
            .map(|(at, _)| at)
            .unwrap();
        assert_eq!(errors[0].span, past..past + 1);
        assert!(
            errors[0]
                .message
                .starts_with("more than 16 faces in one card")
        );
    }
    // An AtomicCards face of two faces that cross the bound: the first is read.
    let faces = vec![r#"{"text": "t"}"#; MAX_FACES - 1].join(",");
    let text = format!(r#"{{"data": {{"A": [{faces}, {{"name": "B", "name2": "C"}}]}}}}"#);
    let (cards, errors) = read_str(&text, false);
    let last = cards[0].faces.last().and_then(|face| face.name.as_deref());
    assert_eq!((cards[0].faces.len(), last), (MAX_FACES, Some("B")));
    let at = text.find(r#"{"name""#).unwrap();
    assert_eq!(errors[0].span, at..at + 1);
}

#[test]
fn errors() {
    // A text of the wrong type is no error (issue 39); an element that is no card object is.
    let (cards, errors) = read_str(r#"[{"name": "A", "text": 3}, 4, {"name": "B"}]"#, false);
    assert_eq!(names(&cards), ["A", "B"]);
    let messages: Vec<_> = errors.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        messages,
        ["expected a card object, not a number or boolean"]
    );
    assert_eq!(errors[0].span, 27..28);
    let text = r#"[{"name": "A"}, {"name": "B" "text": "x"}]"#;
    let (cards, errors) = read_str(text, false);
    assert_eq!(names(&cards), ["A"]);
    assert_eq!(errors[0].span.start, text.find(" \"text").unwrap() + 1);
    assert_eq!(errors[0].message, "expected `,` or `}` in json object");
    let (_, errors) = read_str("[] x", false);
    assert_eq!(errors[0].span, 3..4);
    let (cards, errors) = read_str(" \n ", false);
    assert!(cards.is_empty() && errors.is_empty());
    let (_, errors) = read_str(&"[".repeat(100_000), false);
    assert_eq!(errors.len(), 1);
}
