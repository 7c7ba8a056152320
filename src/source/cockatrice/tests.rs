//! The Cockatrice reader: both versions, entities through the map, and broken databases.

use super::MAX_DEPTH;
use crate::source::{Card, Format, NoteKind, Parsed, ReadOptions, read};

fn parse(text: &str) -> Parsed<'_> {
    read(Format::Cockatrice, text, &ReadOptions::default())
}

/// The file's bytes where the decoded `phrase` of `card`'s text lies.
fn in_file<'t>(text: &'t str, card: &Card, phrase: &str) -> &'t str {
    let value = card.faces[0].text.as_ref().expect("a text");
    let at = value.value.find(phrase).expect("the phrase is in the text");
    let span = value
        .map
        .to_file(at..at + phrase.len())
        .expect("an exact map");
    &text[span]
}

const VERSION_4: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_carddatabase version="4">
  <sets>
    <set>
      <name>CWD</name>
      <longname>Clockwork Dawn</longname>
    </set>
  </sets>
  <cards>
    <card>
      <name>Tinker&apos;s Ember</name>
      <text>Haste&#x2014;quick.
At end of turn, sacrifice Tinker&apos;s Ember &amp; draw a card.</text>
      <prop>
        <type>Creature - Goblin</type>
        <manacost>1R</manacost>
        <cmc>2</cmc>
      </prop>
      <set rarity="common" num="7">CWD</set>
      <tablerow>2</tablerow>
    </card>
    <card>
      <name>Clockwork Mite</name>
      <text/>
      <prop><type>Token Artifact Creature - Construct</type></prop>
      <token>1</token>
    </card>
  </cards>
</cockatrice_carddatabase>
"#;

#[test]
fn version_4_reads_prop_and_decodes_entities_through_the_map() {
    let parsed = parse(VERSION_4);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert!(parsed.notes.is_empty());
    let [ember, mite] = &parsed.cards[..] else {
        panic!("two cards: {:?}", parsed.cards);
    };
    assert_eq!(ember.name.as_deref(), Some("Tinker's Ember"));
    assert_eq!(ember.set.as_deref(), Some("CWD"));
    let face = &ember.faces[0];
    assert_eq!(face.type_line.as_deref(), Some("Creature - Goblin"));
    assert_eq!(face.mana_cost.as_deref(), Some("1R"));
    let text = face.text.as_ref().unwrap();
    assert_eq!(
        text.value,
        "Haste—quick.\nAt end of turn, sacrifice Tinker's Ember & draw a card."
    );
    // Each entity is one character for its raw bytes; the text after it is where it is.
    assert_eq!(in_file(VERSION_4, ember, "—"), "&#x2014;");
    assert_eq!(in_file(VERSION_4, ember, "&"), "&amp;");
    assert_eq!(
        in_file(VERSION_4, ember, "At end of turn"),
        "At end of turn"
    );
    assert_eq!(
        in_file(VERSION_4, ember, "Ember & draw"),
        "Ember &amp; draw"
    );
    let raw = &VERSION_4[text.map.raw()];
    assert!(raw.starts_with("Haste&#x2014;") && raw.ends_with("draw a card."));
    let span = &VERSION_4[ember.span.clone()];
    assert!(span.starts_with("<card>") && span.ends_with("</card>"));
    // A token, with an empty text.
    assert_eq!(mite.name.as_deref(), Some("Clockwork Mite"));
    assert!(mite.faces[0].text.is_none());
    assert_eq!(
        mite.faces[0].type_line.as_deref(),
        Some("Token Artifact Creature - Construct")
    );
}

#[test]
fn version_3_reads_the_fields_under_the_card() {
    let text = "\u{feff}<?xml version=\"1.0\"?>\r\n<cockatrice_carddatabase version=\"3\"><cards><card><name>Old Sundial</name><set>CWD</set><manacost>3</manacost><type>Artifact</type><text>{T}: Untap target land. Play this ability only during your upkeep.\r\nIt&#8217;s slow.</text></card></cards></cockatrice_carddatabase>";
    let parsed = parse(text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let [sundial] = &parsed.cards[..] else {
        panic!("one card: {:?}", parsed.cards);
    };
    let face = &sundial.faces[0];
    assert_eq!(face.type_line.as_deref(), Some("Artifact"));
    assert_eq!(face.mana_cost.as_deref(), Some("3"));
    let value = &face.text.as_ref().unwrap().value;
    assert_eq!(
        value,
        "{T}: Untap target land. Play this ability only during your upkeep.\nIt’s slow."
    );
    // After a byte order mark and a CRLF, columns still point at the right bytes.
    assert_eq!(
        in_file(text, sundial, "Play this ability only"),
        "Play this ability only"
    );
    assert_eq!(in_file(text, sundial, "\n"), "\r\n");
    assert_eq!(in_file(text, sundial, "’"), "&#8217;");
}

#[test]
fn a_cdata_section_and_a_comment_map_exactly_but_are_never_rewritten() {
    let text = "<cockatrice_carddatabase><cards><card><name>A</name><text>Until <![CDATA[end of > turn <]]><!-- x -->, tap it.</text></card></cards></cockatrice_carddatabase>";
    let parsed = parse(text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let card = &parsed.cards[0];
    let value = card.faces[0].text.as_ref().unwrap();
    assert_eq!(value.value, "Until end of > turn <, tap it.");
    assert_eq!(in_file(text, card, "of > turn <"), "of > turn <");
    assert_eq!(in_file(text, card, ", tap"), ", tap");
    assert_eq!(value.map.encode("x"), None);
}

#[test]
fn another_xml_file_is_noted_and_not_read() {
    let text = "<?xml version=\"1.0\"?>\n<project><name>x</name><text>until end of turn</text></project>\n";
    let parsed = parse(text);
    assert!(parsed.cards.is_empty() && parsed.errors.is_empty());
    let [note] = &parsed.notes[..] else {
        panic!("one note: {:?}", parsed.notes);
    };
    assert_eq!(note.kind, NoteKind::NotACardFile);
    assert_eq!(&text[note.span.clone()], "project");
    assert_eq!(
        note.message,
        "an XML file that is not a Cockatrice card database: no card was read from it"
    );
}

#[test]
fn a_dtd_is_refused_so_an_entity_bomb_expands_nothing() {
    let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n <!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n]>\n<cockatrice_carddatabase><cards><card><name>B</name><text>&lol2;</text></card></cards></cockatrice_carddatabase>";
    let parsed = parse(text);
    assert!(parsed.cards.is_empty());
    let [error] = &parsed.errors[..] else {
        panic!("one error: {:?}", parsed.errors);
    };
    assert_eq!(&text[error.span.clone()], "<!DOCTYPE");
    assert!(
        error.message.starts_with("a DTD is refused"),
        "{}",
        error.message
    );
}

#[test]
fn unknown_entities_and_bad_references_are_errors_at_them() {
    let text = "<cockatrice_carddatabase><cards><card><name>C</name><text>a&nbsp;b&#0;c&#xZZ;d&#1114112;</text></card></cards></cockatrice_carddatabase>";
    let parsed = parse(text);
    let places: Vec<&str> = parsed
        .errors
        .iter()
        .map(|error| &text[error.span.clone()])
        .collect();
    assert_eq!(places, ["&nbsp;", "&#0;", "&#xZZ;", "&#1114112;"]);
    assert!(parsed.errors[0].message.starts_with("unknown entity"));
    assert!(
        parsed.errors[1]
            .message
            .starts_with("invalid character reference")
    );
    // The card is still read, without what could not be decoded.
    assert_eq!(
        parsed.cards[0].faces[0].text.as_ref().unwrap().value,
        "abcd"
    );
}

#[test]
fn a_cut_file_keeps_the_cards_before_the_cut() {
    let cut = &VERSION_4[..VERSION_4.find("<name>Clockwork Mite").unwrap() + 9];
    let parsed = parse(cut);
    assert_eq!(parsed.cards.len(), 1);
    let [error] = &parsed.errors[..] else {
        panic!("one error: {:?}", parsed.errors);
    };
    assert_eq!(error.span, cut.len()..cut.len());
    assert_eq!(
        error.message,
        "the file ends inside a <card>: it was cut short"
    );
    // Cut inside a tag: quick-xml's error, at the tag.
    let cut = &VERSION_4[..VERSION_4.find("<tablerow>").unwrap() + 4];
    let parsed = parse(cut);
    assert_eq!(parsed.cards.len(), 0);
    assert_eq!(&cut[parsed.errors[0].span.clone()], "<");
    assert!(parsed.errors[0].message.starts_with("malformed XML: "));
    // Cut after the last card.
    let cut = &VERSION_4[..VERSION_4.find("</cards>").unwrap()];
    let parsed = parse(cut);
    assert_eq!(parsed.cards.len(), 2);
    assert_eq!(
        parsed.errors[0].message,
        "the file ends before </cockatrice_carddatabase>: it was cut short"
    );
}

#[test]
fn mismatched_tags_and_text_outside_the_root_are_errors() {
    let text = "<cockatrice_carddatabase><cards><card><name>D</text></card></cards></cockatrice_carddatabase>";
    let parsed = parse(text);
    assert_eq!(&text[parsed.errors[0].span.clone()], "<");
    assert!(
        parsed.errors[0].message.contains("</text>"),
        "{:?}",
        parsed.errors
    );
    // Binary noise, or a text file named `.xml`.
    let parsed = parse("Shock {R}\nInstant\n");
    assert!(parsed.cards.is_empty());
    assert_eq!(
        parsed.errors[0].message,
        "text before the root element: this is not an XML document"
    );
    let parsed = parse("<cockatrice_carddatabase/>\n<more/>");
    assert_eq!(
        parsed.errors[0].message,
        "a second root element: an XML document has one"
    );
    // An empty file holds nothing and says nothing, as an empty YAML file.
    let parsed = parse("  \n");
    assert!(parsed.errors.is_empty() && parsed.notes.is_empty());
    let parsed = parse("<?xml version=\"1.0\"?>");
    assert_eq!(
        parsed.errors[0].message,
        "the file ends before its root element: it was cut short"
    );
}

#[test]
fn markup_inside_a_field_is_an_error() {
    let text = "<cockatrice_carddatabase><cards><card><name>E</name><text>Tap <b>it</b>.</text></card></cards></cockatrice_carddatabase>";
    let parsed = parse(text);
    assert_eq!(&text[parsed.errors[0].span.clone()], "<b>");
    assert_eq!(
        parsed.errors[0].message,
        "an element inside <text>: a card's fields hold text, not markup"
    );
}

#[test]
fn nesting_is_bounded() {
    let depth = MAX_DEPTH + 10;
    let text = format!(
        "<cockatrice_carddatabase>{}{}</cockatrice_carddatabase>",
        "<a>".repeat(depth),
        "</a>".repeat(depth)
    );
    let parsed = parse(&text);
    let [error] = &parsed.errors[..] else {
        panic!("one error: {:?}", parsed.errors);
    };
    assert_eq!(
        error.span.start,
        "<cockatrice_carddatabase>".len() + 3 * (MAX_DEPTH - 1)
    );
    assert!(
        error
            .message
            .starts_with("elements nested more than 64 deep")
    );
}

#[test]
fn a_text_of_unknown_entities_stops_after_the_bound() {
    use crate::source::bounds::MAX_ERRORS;
    let text = format!(
        "<cockatrice_carddatabase><cards><card><name>F</name><text>{}</text></card></cards></cockatrice_carddatabase>",
        "&x;".repeat(3 * MAX_ERRORS)
    );
    let parsed = parse(&text);
    assert_eq!(parsed.errors.len(), MAX_ERRORS + 1);
    assert!(
        parsed.errors[MAX_ERRORS]
            .message
            .starts_with("too many errors")
    );
    assert_eq!(&text[parsed.errors[MAX_ERRORS].span.clone()], "&");
    assert!(parsed.cards.is_empty());
}

/// Issue 38 §17g: a `<card>` outside `<cards>` (under the root, in `<sets>`, in another card) is
/// not read, as Cockatrice does not read it: one error at the first, with their count.
#[test]
fn cards_outside_cards_are_one_error_with_their_count() {
    let text = "<cockatrice_carddatabase>\n<card><name>Stray</name></card>\n<sets><set><card/></set></sets>\n<cards><card><name>Read</name><card><name>In</name></card></card></cards>\n</cockatrice_carddatabase>";
    let parsed = parse(text);
    let names: Vec<_> = parsed.cards.iter().map(|c| c.name.as_deref()).collect();
    assert_eq!(names, [Some("Read")]);
    let [error] = &parsed.errors[..] else {
        panic!("one error: {:?}", parsed.errors);
    };
    let first = text.find("<card>").unwrap();
    assert_eq!(error.span, first..first + "<card>".len());
    assert_eq!(
        error.message,
        "3 <card> elements outside <cards>, the first here, which neither Cockatrice nor phaselint reads"
    );
    let one = "<cockatrice_carddatabase><cards/><card/></cockatrice_carddatabase>";
    let parsed = parse(one);
    assert_eq!(parsed.errors.len(), 1);
    assert_eq!(&one[parsed.errors[0].span.clone()], "<card/>");
    assert_eq!(
        parsed.errors[0].message,
        "a <card> outside <cards>, which neither Cockatrice nor phaselint reads"
    );
    // Counted to the end of what was read, when reading stops at malformed XML.
    let cut = "<cockatrice_carddatabase><card/><card/><cards></x>";
    let parsed = parse(cut);
    assert!(
        parsed.errors[0].message.starts_with("2 <card> elements"),
        "{:?}",
        parsed.errors
    );
}
