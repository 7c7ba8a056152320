//! The YAML reader read whole: shapes, fields, errors, allow comments.

use super::read;
use crate::source::{Card, Field, NoteKind, SourceError, SourceNote};

fn read_str(text: &str) -> (Vec<Card<'_>>, Vec<SourceError>) {
    let (cards, errors, _) = read_noting(text);
    (cards, errors)
}

fn read_noting(text: &str) -> (Vec<Card<'_>>, Vec<SourceError>, Vec<SourceNote>) {
    let mut cards = Vec::new();
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    read(text, &mut |c| cards.push(c), &mut errors, &mut notes);
    (cards, errors, notes)
}

/// The note for `text` when it holds no card, with the words it is at.
fn skipped(text: &str) -> Option<&str> {
    let (cards, errors, notes) = read_noting(text);
    match notes.as_slice() {
        [] => None,
        [note] => {
            assert!(
                cards.is_empty() && errors.is_empty(),
                "{cards:?} {errors:?}"
            );
            assert_eq!(note.kind, NoteKind::NotACardFile);
            text.get(note.span.clone())
        }
        more => panic!("one note a file: {more:?}"),
    }
}

#[test]
fn a_file_without_a_card_shape_is_skipped_with_one_note() {
    let workflow = "# CI\nname: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: cargo test\n";
    assert_eq!(skipped(workflow), Some("name"));
    let compose = "version: \"3\"\nservices:\n  web:\n    image: nginx\n";
    assert_eq!(skipped(compose), Some("version"));
    let site = "title: Clockwork Dawn\ndescription: Until the clocks stop.\ntheme: minima\n";
    assert_eq!(skipped(site), Some("title"));
    let hooks = "- id: phaselint\n  name: phaselint\n  entry: phaselint check\n  language: rust\n";
    assert_eq!(skipped(hooks), Some("id"));
    // Not malformed cards either: no error for what is not a card file.
    assert_eq!(skipped("- one\n- two\n"), Some("one"));
    assert_eq!(skipped("just a string\n"), Some("just a string"));
    assert_eq!(
        skipped("---\nversion: 2\n---\nupdates: []\n"),
        Some("version")
    );
    // A list of `effect: Allow` maps names no field phaselint reads.
    assert_eq!(skipped("- effect: Allow\n  action: read\n"), Some("effect"));
    // Nothing at all is no note: an empty file, or comments only.
    assert_eq!(skipped(""), None);
    assert_eq!(skipped("# nothing yet\n"), None);
}

#[test]
fn anything_with_a_card_shape_is_read_as_before() {
    for (text, cards) in [
        ("name: Only A Name\n", 1),
        (
            "name: A\nset: CWD\nrarity: rare\nartist: B\nflavor: Until dawn.\n",
            1,
        ),
        (
            "name: A\nbody: Draw a card.\noracle_txet: x\ncard_faces: []\n",
            1,
        ),
        ("type: Instant\n", 1),
        ("mana_cost: \"{R}\"\n", 1),
        ("text: Draw a card.\n", 1),
        ("Text: Draw a card.\n", 1),
        ("faces:\n  - name: A\n", 1),
        ("- title: not a card\n- name: A\n  type: Instant\n", 2),
        ("cards:\n", 0),
        ("cards: []\n", 0),
        ("set: CWD\ncards:\n  - name: A\n", 1),
        ("[]\n", 0),
        // The other documents of a file that holds a card are read as before.
        ("version: 2\n---\nname: A\ntext: x\n", 2),
    ] {
        let (read, _, notes) = read_noting(text);
        assert!(notes.is_empty(), "{text:?}: {notes:?}");
        assert_eq!(read.len(), cards, "{text:?}");
    }
    let (cards, errors, _) = read_noting("- name: A\n  text: x\n- 7\n");
    assert_eq!((cards.len(), errors.len()), (1, 1));
}

/// The unread fields of the first card: key, what its name says, and whether a value is kept.
fn unread(text: &str) -> Vec<(String, Option<Field>, bool)> {
    let (cards, errors) = read_str(text);
    assert!(errors.is_empty(), "{errors:?}");
    for field in cards.iter().flat_map(|card| &card.unread) {
        assert_eq!(text.get(field.span.clone()), Some(field.key.as_str()));
    }
    cards[0]
        .unread
        .iter()
        .map(|field| (field.key.clone(), field.like, field.value.is_some()))
        .collect()
}

fn like(key: &str, field: Field) -> (String, Option<Field>, bool) {
    (key.to_string(), Some(field), false)
}

#[test]
fn fields_named_like_what_phaselint_reads_are_unread_fields() {
    assert_eq!(
        unread("name: A\ntypeline: Instant\nbody: Draw a card.\ncost: \"{U}\"\n"),
        [
            like("typeline", Field::TypeLine),
            like("body", Field::Text),
            like("cost", Field::ManaCost),
        ]
    );
    assert_eq!(
        unread("Name: A\noracleText: x\ntype-line: Instant\nMana Cost: \"{U}\"\n"),
        [
            like("Name", Field::Name),
            like("oracleText", Field::Text),
            like("type-line", Field::TypeLine),
            like("Mana Cost", Field::ManaCost),
        ]
    );
    assert_eq!(
        unread("name: A\noracle_txet: x\ncard_faces:\n  - name: B\n"),
        [
            like("oracle_txet", Field::Text),
            like("card_faces", Field::Faces)
        ]
    );
    // The key's span is its bytes, quotes and all.
    let (cards, _) = read_str("name: A\n\"rules\": x\n");
    assert_eq!(cards[0].unread[0].span, 8..15);
    // In a card with faces, the faces' fields.
    assert_eq!(
        unread("name: A // B\nfaces:\n  - name: A\n    body: x\n  - name: B\n    text: y\n"),
        [like("body", Field::Text)]
    );
}

#[test]
fn other_fields_are_unread_fields_only_when_the_card_has_no_text() {
    assert_eq!(
        unread("name: A\ntype: Instant\nblurb: Untap it at end of turn.\n"),
        [("blurb".to_string(), None, true)]
    );
    for quiet in [
        // Beside the field it stands for, a field is a second one, not a misplaced one.
        "name: A\ntext: x\nbody: y\ntype: Instant\ntypeline: Instant\n",
        "name: A\ntext: x\nblurb: Untap it at end of turn.\n",
        // Metadata and prose, whatever they say.
        "name: A\nflavor: Until the end of days.\nflavor_text: x\nartist: B\nrarity: rare\nset: CWD\nnumber: 7\n",
        "name: A\ntype: Instant\ndesigner_notes: untap at end of turn\nlore: until dawn\nComments: each turn\ncard_rulings: it untaps at end of turn\n",
        // A value of the wrong kind for what the name says.
        "name: A\ntext: x\ntypes: [Creature]\nface: one\n",
        "name: A\ntext: x\ntypes:\n  - Creature\n",
        // Short names are not near misses: `test` is no `text`.
        "name: A\ntype: Instant\ntest: 1\n",
    ] {
        let (cards, errors) = read_str(quiet);
        assert!(errors.is_empty(), "{quiet:?}: {errors:?}");
        assert!(
            cards[0].unread.is_empty(),
            "{quiet:?}: {:?}",
            cards[0].unread
        );
    }
}

#[test]
fn shapes() {
    let (cards, errors) = read_str("name: A\ntext: x\n");
    assert_eq!((cards.len(), errors.len()), (1, 0));
    let (cards, _) = read_str("- name: A\n- name: B\n");
    assert_eq!(cards.len(), 2);
    let (cards, _) = read_str("set: ABC\ncards:\n  - name: A\n  - name: B\n    set: XYZ\n");
    assert_eq!(cards[0].set.as_deref(), Some("ABC"));
    assert_eq!(cards[1].set.as_deref(), Some("XYZ"));
    let (cards, _) = read_str("name: A\n---\nname: B\n---\n- name: C\n");
    let names: Vec<_> = cards.iter().map(|c| c.name.clone().unwrap()).collect();
    assert_eq!(names, ["A", "B", "C"]);
}

#[test]
fn faces_and_names() {
    let text = "faces:\n  - name: Fire\n    type: Instant\n    mana_cost: '{1}{R}'\n    text: Fire deals 2 damage.\n  - name: Ice\n    oracle_text: Draw a card.\n";
    let (cards, errors) = read_str(text);
    assert!(errors.is_empty(), "{errors:?}");
    let card = &cards[0];
    assert_eq!(card.name.as_deref(), Some("Fire // Ice"));
    assert_eq!(card.faces.len(), 2);
    assert_eq!(card.faces[0].type_line.as_deref(), Some("Instant"));
    assert_eq!(card.faces[0].mana_cost.as_deref(), Some("{1}{R}"));
    assert_eq!(
        card.faces[1].text.as_ref().map(|t| t.value.as_ref()),
        Some("Draw a card.")
    );
    assert_eq!(card.span, 0..text.trim_end().len());
    let (cards, _) = read_str("- {name: A, text: x }  # c\n");
    assert_eq!(cards[0].span, 2..21);
}

#[test]
fn a_wrong_name_is_one_error() {
    let (cards, errors) = read_str("- name: 12\n  text: Draw a card.\n");
    assert_eq!(cards.len(), 1);
    let messages: Vec<_> = errors.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        messages,
        ["`name` should be a string, not a number (quote it)"]
    );
}

#[test]
fn wrong_types_are_card_errors() {
    let text =
        "- name: A\n  text: [1, 2]\n  mana_cost: {R}\n  type: 3\n- name: B\n  text: ok\n- 7\n";
    let (cards, errors) = read_str(text);
    assert_eq!(cards.len(), 2);
    assert!(cards[0].faces[0].text.is_none());
    let messages: Vec<_> = errors.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "`text` should be a string, not a list",
            "`mana_cost` should be a string: quote it, as in `mana_cost: \"{1}{R}\"`",
            "`type` should be a string, not a number (quote it)",
            "expected a card map, not a number",
        ]
    );
    assert_eq!(&text[errors[2].span.clone()], "3");
    assert_eq!(&text[errors[3].span.clone()], "7");
}

#[test]
fn syntax_errors_have_locations() {
    let text = "name: A\ntext: [unclosed\n";
    let (cards, errors) = read_str(text);
    assert!(cards.is_empty());
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].span.start, text.find('[').unwrap());
    assert!(errors[0].message.contains("unclosed"), "{:?}", errors[0]);
    let text = "name: A\nname: B\n";
    let (_, errors) = read_str(text);
    assert_eq!(errors[0].span.start, 8);
    assert_eq!(errors[0].message, "duplicate mapping key: name");
    let (_, errors) = read_str("name: A\nmana_cost: {1}{R}\n");
    assert!(
        errors[0]
            .message
            .ends_with("(quote mana costs: `mana_cost: \"{1}{R}\"`)")
    );
}

#[test]
fn a_byte_order_mark_does_not_move_spans() {
    let text = "\u{feff}# phaselint: allow(PL001)\n- name: A\n  text: at end of turn\n";
    let (cards, errors) = read_str(text);
    assert!(errors.is_empty(), "{errors:?}");
    let card_text = cards[0].faces[0].text.as_ref().unwrap();
    assert_eq!(&text[card_text.map.raw()], "at end of turn");
    assert_eq!(
        card_text.map.to_file(3..6).map(|span| &text[span]),
        Some("end")
    );
    let rules: Vec<_> = cards[0].allows.iter().map(|a| a.rule.as_str()).collect();
    assert_eq!(rules, ["PL001"]);
    let text = "\u{feff}name: A\ntext: [unclosed\n";
    let (_, errors) = read_str(text);
    assert_eq!(errors[0].span.start, text.find('[').unwrap());
}

#[test]
fn allow_comments() {
    let text = "# phaselint: allow(PL001)\n- name: A  # phaselint: allow(late-trigger, PL002)\n  text: |\n    # phaselint: allow(not-me)\n# phaselint:allow( x )\n- name: \"B # phaselint: allow(no)\"\n";
    let (cards, errors) = read_str(text);
    assert!(errors.is_empty(), "{errors:?}");
    let rules: Vec<_> = cards[0].allows.iter().map(|a| a.rule.as_str()).collect();
    assert_eq!(rules, ["PL001", "late-trigger", "PL002"]);
    for allow in cards.iter().flat_map(|c| &c.allows) {
        assert_eq!(&text[allow.span.clone()], allow.rule);
    }
    let rules: Vec<_> = cards[1].allows.iter().map(|a| a.rule.as_str()).collect();
    assert_eq!(rules, ["x"]);
}
