//! HTML in card text: what each piece reads as, where each character lies in the file through
//! the format's own decoding, what stays as written, what an edit may touch, and bombs.

use super::*;
use crate::source::map::Style;
use crate::source::{ReadOptions, read};
use std::time::{Duration, Instant};

/// The text of a JSON string written without escapes at `content` of `file` (its quotes around
/// it), read as HTML.
fn json_text(file: &str) -> CardText<'static> {
    let open = file.find('"').expect("a string");
    let close = file.rfind('"').expect("its end");
    let first = CardText {
        value: Cow::Owned(file[open + 1..close].to_owned()),
        map: TextMap::identity(open..close + 1, open + 1..close, Style::Json),
    };
    card_text(first).expect("a text")
}

/// The file's bytes where the decoded `phrase` of `text` lies.
fn in_file<'f>(file: &'f str, text: &CardText, phrase: &str) -> &'f str {
    let at = text.value.find(phrase).expect("the phrase is in the text");
    let span = text
        .map
        .to_file(at..at + phrase.len())
        .expect("an exact map");
    &file[span]
}

/// The first card's first text of `file` read as `format`, with no error.
fn first_text(format: Format, file: &str) -> CardText<'_> {
    let parsed = read(format, file, &ReadOptions::default());
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let card = parsed.cards.into_iter().next().expect("a card");
    card.faces
        .into_iter()
        .next()
        .and_then(|face| face.text)
        .expect("a text")
}

#[test]
fn line_breaks_are_one_character_for_the_whole_tag() {
    let file = r#""Flying<br>At the beginning of your upkeep, scry 1.<br/>Draw.<BR />End.""#;
    let text = json_text(file);
    assert_eq!(
        text.value,
        "Flying\nAt the beginning of your upkeep, scry 1.\nDraw.\nEnd."
    );
    let breaks: Vec<&str> = text
        .value
        .match_indices('\n')
        .map(|(at, _)| &file[text.map.to_file(at..at + 1).unwrap()])
        .collect();
    assert_eq!(breaks, ["<br>", "<br/>", "<BR />"]);
    assert_eq!(
        in_file(file, &text, "At the beginning of your upkeep"),
        "At the beginning of your upkeep"
    );
    // A span across a break covers its tag.
    assert_eq!(in_file(file, &text, "Flying\nAt"), "Flying<br>At");
    assert_eq!(in_file(file, &text, "End."), "End.");
    assert!(text.map.is_exact());
}

#[test]
fn tags_read_as_nothing_and_entities_as_their_characters() {
    let file = r#""<i>(Reminder.)</i> Jace&#8217;s upkeep &#x2014; x&mdash;y, R&amp;D <b>now</b>""#;
    let text = json_text(file);
    assert_eq!(text.value, "(Reminder.) Jace’s upkeep — x—y, R&D now");
    assert_eq!(in_file(file, &text, "(Reminder.)"), "(Reminder.)");
    assert_eq!(in_file(file, &text, "’"), "&#8217;");
    assert_eq!(in_file(file, &text, "Jace’s upkeep"), "Jace&#8217;s upkeep");
    assert_eq!(in_file(file, &text, " — "), " &#x2014; ");
    assert_eq!(in_file(file, &text, "x—y"), "x&mdash;y");
    assert_eq!(in_file(file, &text, "&"), "&amp;");
    assert_eq!(in_file(file, &text, "now"), "now");
    // A span over a tag read as nothing covers it in the file.
    assert_eq!(in_file(file, &text, "D now"), "D <b>now");
    // The first and last characters are the text's, not the tags around it.
    let whole = text.map.to_file(0..text.value.len()).unwrap();
    assert_eq!(&file[whole.start..whole.start + 1], "(");
    assert!(file[..whole.end].ends_with("now"));
}

#[test]
fn what_is_no_html_stays_as_written() {
    for kept in [
        "a <i unclosed",
        "a < b and <3",
        "x <1> y",
        "a &unknown; b",
        "a & b &&&; &#; &#x;",
        "a &#0; b",
        "a &#xD800; b",
        "a &#99999999; b",
        "a &#x110000; b",
        "a &MDASH; b",
        "a <i\nb> c",
    ] {
        let file = format!("\"{kept}\"");
        let text = json_text(&file);
        assert_eq!(text.value, kept);
        assert_eq!(in_file(&file, &text, kept), kept);
    }
    let long = format!("\"a <i {}> b\"", "x".repeat(MAX_TAG));
    assert_eq!(json_text(&long).value, long.trim_matches('"'));
}

#[test]
fn each_piece_reads_as_html_does() {
    assert_eq!(piece_at("<br>x"), Some((Piece::Char('\n'), 4)));
    assert_eq!(piece_at("<Br/>"), Some((Piece::Char('\n'), 5)));
    assert_eq!(piece_at("<br  />"), Some((Piece::Char('\n'), 7)));
    assert_eq!(piece_at("</br>"), Some((Piece::Char('\n'), 5)));
    assert_eq!(piece_at("<br class=\"x\">"), Some((Piece::Char('\n'), 14)));
    assert_eq!(piece_at("<brr>"), Some((Piece::Markup, 5)));
    assert_eq!(piece_at("</i>"), Some((Piece::Markup, 4)));
    assert_eq!(piece_at("<sym>"), Some((Piece::Markup, 5)));
    assert_eq!(piece_at("</ i>"), None);
    assert_eq!(piece_at("<<i>"), None);
    assert_eq!(entity("&#x2014;"), Some(('—', 8)));
    assert_eq!(entity("&#X2014;"), Some(('—', 8)));
    assert_eq!(entity("&#8217;s"), Some(('’', 7)));
    assert_eq!(entity("&nbsp;"), Some(('\u{a0}', 6)));
    assert_eq!(entity("&#+33;"), None);
    assert_eq!(entity("&amp"), None);
    assert!(is_break("br") && is_break("BR /") && !is_break("b") && !is_break("bra"));
}

#[test]
fn cockatrice_html_is_read_through_the_xml_entities() {
    let file = "<cockatrice_carddatabase version=\"4\"><cards><card><name>Jace&amp;#8217;s Ward</name>\
        <text>Flying&lt;br&gt;At the beginning of your upkeep, scry 1. &lt;i&gt;(Look.)&lt;/i&gt;&lt;br /&gt;Draw.</text>\
        <prop><type>Creature &amp;mdash; Spirit</type></prop></card></cards></cockatrice_carddatabase>";
    let parsed = read(Format::Cockatrice, file, &ReadOptions::default());
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let card = &parsed.cards[0];
    assert_eq!(card.name.as_deref(), Some("Jace’s Ward"));
    assert_eq!(
        card.faces[0].type_line.as_deref(),
        Some("Creature — Spirit")
    );
    let text = card.faces[0].text.as_ref().unwrap();
    assert_eq!(
        text.value,
        "Flying\nAt the beginning of your upkeep, scry 1. (Look.)\nDraw."
    );
    assert_eq!(in_file(file, text, "\n"), "&lt;br&gt;");
    assert_eq!(
        in_file(file, text, "At the beginning of your upkeep"),
        "At the beginning of your upkeep"
    );
    assert_eq!(in_file(file, text, "(Look.)"), "(Look.)");
    assert_eq!(in_file(file, text, "1. (Look"), "1. &lt;i&gt;(Look");
    let last = text.value.rfind('\n').unwrap();
    assert_eq!(
        &file[text.map.to_file(last..last + 1).unwrap()],
        "&lt;br /&gt;"
    );
}

#[test]
fn json_html_and_escapes_are_read_together() {
    let file = r#"[{"name": "Jace&#8217;s Vigil", "type_line": "Creature \u2014 Human", "oracle_text": "Vigilance<br>At the beginning of your upkeep, Jace&#8217;s Vigil gets +1/+0 until end of turn.\u2014<i>Hm.</i>"}]"#;
    let parsed = read(Format::Json, file, &ReadOptions::default());
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let card = &parsed.cards[0];
    assert_eq!(card.name.as_deref(), Some("Jace’s Vigil"));
    let text = card.faces[0].text.as_ref().unwrap();
    assert_eq!(
        text.value,
        "Vigilance\nAt the beginning of your upkeep, Jace’s Vigil gets +1/+0 until end of turn.—Hm."
    );
    assert_eq!(in_file(file, text, "\n"), "<br>");
    assert_eq!(in_file(file, text, "’"), "&#8217;");
    assert_eq!(in_file(file, text, "—"), "\\u2014");
    assert_eq!(in_file(file, text, "turn.—Hm"), "turn.\\u2014<i>Hm");
    assert_eq!(
        in_file(file, text, "until end of turn"),
        "until end of turn"
    );
    // JSON Lines reads alike.
    let line = &file[1..file.len() - 1];
    let lines = first_text(Format::JsonLines, line);
    assert_eq!(lines.value, text.value);
    assert_eq!(in_file(line, &lines, "\n"), "<br>");
}

#[test]
fn a_quoted_csv_field_with_html() {
    let file = "Name,Text\r\nGrit &amp; Gear,\"Haste<br>At the beginning of your upkeep, say \"\"hi\"\".\"\r\n";
    let parsed = read(Format::Csv, file, &ReadOptions::default());
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(parsed.cards[0].name.as_deref(), Some("Grit & Gear"));
    let text = parsed.cards[0].faces[0].text.as_ref().unwrap();
    assert_eq!(
        text.value,
        "Haste\nAt the beginning of your upkeep, say \"hi\"."
    );
    assert_eq!(in_file(file, text, "\n"), "<br>");
    assert_eq!(in_file(file, text, "\"hi\""), "\"\"hi\"\"");
    let tsv = "Name\tText\nX\tA<br>until end of turn\n";
    let text = first_text(Format::Tsv, tsv);
    assert_eq!(text.value, "A\nuntil end of turn");
    assert_eq!(in_file(tsv, &text, "until"), "until");
}

#[test]
fn mse_reads_a_break_and_html_entities_in_its_own_markup() {
    let file = "card:\n\tname: Vesna&#8217;s Hour\n\trule_text: <kw-a>Flying</kw-a><br/>At the beginning of your upkeep &mdash; scry 1.\n";
    let parsed = read(Format::Mse, file, &ReadOptions::default());
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    assert_eq!(parsed.cards[0].name.as_deref(), Some("Vesna’s Hour"));
    let text = parsed.cards[0].faces[0].text.as_ref().unwrap();
    assert_eq!(
        text.value,
        "Flying\nAt the beginning of your upkeep — scry 1."
    );
    assert_eq!(in_file(file, text, "\n"), "<br/>");
    assert_eq!(in_file(file, text, "—"), "&mdash;");
}

#[test]
fn yaml_text_and_forge_are_not_html() {
    let yaml = "- name: A &amp; B\n  text: x<br>y &mdash; z\n";
    let text = first_text(Format::Yaml, yaml);
    assert_eq!(text.value, "x<br>y &mdash; z");
    let plain = "A &amp; B\nx<br>y &mdash; z\n";
    let parsed = read(Format::Text, plain, &ReadOptions::default());
    let card = &parsed.cards[0];
    let face = &card.faces[0];
    let read: Vec<&str> = [card.name.as_deref(), face.type_line.as_deref()]
        .into_iter()
        .flatten()
        .chain(face.text.as_ref().map(|text| &*text.value))
        .collect();
    let read = read.join("\n");
    assert!(
        read.contains("A &amp; B") && read.contains("x<br>y &mdash; z"),
        "{read}"
    );
}

#[test]
fn a_text_without_html_keeps_its_map() {
    let file = r#""Flying\nAt the beginning of your upkeep, scry 1.""#;
    let json = format!("[{{\"text\": {file}}}]");
    let parsed = read(Format::Json, &json, &ReadOptions::default());
    let text = parsed.cards[0].faces[0].text.as_ref().unwrap();
    assert!(text.map.edit(&text.value, 0..6, "a<b").is_some());
    let first = CardText {
        value: Cow::Borrowed("Flying"),
        map: TextMap::identity(0..8, 1..7, Style::Json),
    };
    let same = card_text(first.clone()).unwrap();
    assert_eq!(same, first);
    assert!(matches!(same.value, Cow::Borrowed(_)));
    // A text of markup alone is no text.
    assert_eq!(json_text_or_none(r#""<i></i>""#), None);
}

fn json_text_or_none(file: &str) -> Option<String> {
    let first = CardText {
        value: Cow::Owned(file[1..file.len() - 1].to_owned()),
        map: TextMap::identity(0..file.len(), 1..file.len() - 1, Style::Json),
    };
    card_text(first).map(|text| text.value.into_owned())
}

/// An edit of `text` (read from `file`) replacing decoded `phrase` with `replacement`, applied:
/// the file as it would be written, or `None` when the edit is refused.
fn edited(file: &str, text: &CardText, phrase: &str, replacement: &str) -> Option<String> {
    let at = text.value.find(phrase).expect("the phrase");
    let (range, written) = text
        .map
        .edit(&text.value, at..at + phrase.len(), replacement)?;
    let mut out = file.to_owned();
    out.replace_range(range, &written);
    Some(out)
}

#[test]
fn an_edit_keeps_the_markup_it_was_read_from() {
    let file = r#""Haste<br>At end of turn, sacrifice it.<br>Jace&#8217;s <i>upkeep</i> ends.""#;
    let text = json_text(file);
    assert_eq!(
        text.value,
        "Haste\nAt end of turn, sacrifice it.\nJace’s upkeep ends."
    );
    // Between two breaks: the words change, the breaks stay.
    assert_eq!(
        edited(
            file,
            &text,
            "At end of turn",
            "At the beginning of the end step"
        )
        .as_deref(),
        Some(
            r#""Haste<br>At the beginning of the end step, sacrifice it.<br>Jace&#8217;s <i>upkeep</i> ends.""#
        )
    );
    // An edit that keeps a break or an entity at either end is narrowed to what it changes.
    assert_eq!(
        edited(file, &text, "it.\nJace’s", "it.\nJace’s next").as_deref(),
        Some(
            r#""Haste<br>At end of turn, sacrifice it.<br>Jace&#8217;s next <i>upkeep</i> ends.""#
        )
    );
    // Refused: a break, an entity or a tag would go, or be written as another character.
    assert_eq!(edited(file, &text, "it.\nJace", "it. Jace"), None);
    assert_eq!(edited(file, &text, "Jace’s", "Jace's"), None);
    assert_eq!(edited(file, &text, "upkeep ends", "turn stops"), None);
    // Writing HTML in an HTML text is refused: the next read would take it for markup.
    assert_eq!(edited(file, &text, "Haste", "Haste<br>"), None);
    assert_eq!(edited(file, &text, "Haste", "R&amp;D"), None);
    assert_eq!(edited(file, &text, "Haste", "a < b"), None);
    assert_eq!(edited(file, &text, "Haste", "R&D"), None);
    assert_eq!(edited(file, &text, "Haste", "R&"), None);
    assert!(edited(file, &text, "Haste", "R & D").is_some());
    // An edit inside the text a tag encloses, or ending at a tag, is made.
    assert_eq!(
        edited(file, &text, "upkeep", "turn").as_deref(),
        Some(r#""Haste<br>At end of turn, sacrifice it.<br>Jace&#8217;s <i>turn</i> ends.""#)
    );
}

#[test]
fn a_cockatrice_fix_writes_xml_and_keeps_the_breaks() {
    let file = "<cockatrice_carddatabase version=\"4\"><cards><card><name>X</name>\
        <text>Haste&lt;br&gt;At end of turn, sacrifice X &amp; draw.&lt;br&gt;Tap.</text>\
        </card></cards></cockatrice_carddatabase>";
    let text = first_text(Format::Cockatrice, file);
    let out = edited(file, &text, "sacrifice X & draw", "draw & sacrifice X").unwrap();
    assert_eq!(
        out,
        file.replace("sacrifice X &amp; draw", "draw &amp; sacrifice X")
    );
    // The `&` is the file's `&amp;`, a character of XML's, not HTML's: an edit may rewrite it.
    assert!(out.contains("Haste&lt;br&gt;At end") && out.contains("X.&lt;br&gt;Tap."));
}

/// 100,000 `<br>` in one text: read in linear time; past the bound of a map the text is placed
/// whole, and no edit is made in it.
#[test]
fn a_bomb_of_line_breaks_reads_in_linear_time() {
    let count = 100_000;
    let body = format!("At the beginning of your upkeep{}x", "<br>".repeat(count));
    let json = format!("[{{\"text\": \"{body}\"}}]");
    let xml = format!(
        "<cockatrice_carddatabase version=\"4\"><cards><card><name>X</name><text>{}</text></card></cards></cockatrice_carddatabase>",
        body.replace('<', "&lt;").replace('>', "&gt;")
    );
    let csv = format!("Name,Text\nX,\"{body}\"\n");
    for (format, file) in [
        (Format::Json, &json),
        (Format::Cockatrice, &xml),
        (Format::Csv, &csv),
    ] {
        let started = Instant::now();
        let text = first_text(format, file);
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{format:?}: {:?}",
            started.elapsed()
        );
        assert_eq!(text.value.matches('\n').count(), count, "{format:?}");
        assert!(!text.map.is_exact(), "{format:?}");
        assert_eq!(text.map.to_file(0..2), None);
        assert_eq!(text.map.edit(&text.value, 0..2, "x"), None);
    }
    // Tags by the thousand side by side are one place to keep.
    let tags = format!("\"a{}b\"", "<i>".repeat(count));
    let text = json_text(&tags);
    assert_eq!(text.value, "ab");
    assert!(text.map.is_exact());
    assert_eq!(text.map.edit(&text.value, 0..2, "xy"), None);
}

#[test]
fn entity_noise_is_text_and_maps_exactly() {
    let noise = "&#&#x&#;&&&;&#xZZ;&#12345678901234567890;&#-1;&amp&ampx;&#x1F600;&lt&gt;";
    let file = format!("\"{noise}\"");
    let text = json_text(&file);
    assert_eq!(
        text.value,
        "&#&#x&#;&&&;&#xZZ;&#12345678901234567890;&#-1;&amp&ampx;😀&lt>"
    );
    for (at, c) in text.value.char_indices() {
        let span = text.map.to_file(at..at + c.len_utf8()).unwrap();
        let raw = &file[span];
        assert!(
            raw == c.to_string() || (raw.starts_with('&') && raw.ends_with(';')),
            "{c:?} at {raw:?}"
        );
    }
}
