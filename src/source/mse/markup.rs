//! Magic Set Editor's tagged text, decoded: tags (`<kw-a>`, `<sym>`, `</i>`,
//! `<error-spelling:en>`, ...) stand for nothing, except an HTML line break (`<br>`, `<br/>`),
//! which is one `\n`; an entity (`&lt;`, `&amp;`, `&#8212;`, and the HTML ones [`super::html`]
//! reads, such as `&mdash;`) stands for one character, and an `<atom-cardname>` element for the
//! card itself: its content where that is the card's name, else `~`, which the grammar reads as
//! the card, as it reads its name. The name is never copied into the text, so a card text is
//! never longer than its value in the file. A card text keeps a map back to the file through it;
//! names, type lines and costs are decoded to plain strings.

use crate::source::CardText;
use crate::source::html;
use crate::source::map::{MAX_SEGMENTS, MapBuilder, Style, TextMap};
use std::ops::Range;

/// A value as MSE reads it, its lines joined with `\n`, each piece placed in the file.
#[derive(Debug, Default)]
pub(in crate::source) struct Joined {
    pub(in crate::source) text: String,
    pieces: Vec<Piece>,
    /// More pieces than a map of the value could keep apart (each line end is one): none are
    /// kept, and the value is placed as a whole, as a text map past its bound is.
    overflowed: bool,
}

/// Pieces a value keeps: a map holds at most [`MAX_SEGMENTS`], and a line is two pieces.
const MAX_PIECES: usize = 2 * MAX_SEGMENTS + 2;

/// Joined bytes `at..at+len` come from file bytes `file..file+file_len`: verbatim when the lengths
/// agree, else one `\n` standing for a line's end and the next line's indentation.
#[derive(Debug, Clone, Copy)]
struct Piece {
    at: usize,
    len: usize,
    file: usize,
    file_len: usize,
}

impl Joined {
    /// The file bytes `raw` of `file`, verbatim.
    pub(in crate::source) fn push_text(&mut self, file: &str, raw: Range<usize>) {
        let Some(slice) = file.get(raw.clone()) else {
            return;
        };
        if slice.is_empty() {
            return;
        }
        self.push_piece(Piece {
            at: self.text.len(),
            len: slice.len(),
            file: raw.start,
            file_len: slice.len(),
        });
        self.text.push_str(slice);
    }

    fn push_piece(&mut self, piece: Piece) {
        if self.pieces.len() == MAX_PIECES {
            self.overflowed = true;
            self.pieces = Vec::new();
        }
        if !self.overflowed {
            self.pieces.push(piece);
        }
    }

    /// A line break standing for the file bytes `raw` (all blanks and line ends).
    pub(in crate::source) fn push_break(&mut self, raw: Range<usize>) {
        self.push_piece(Piece {
            at: self.text.len(),
            len: 1,
            file: raw.start,
            file_len: raw.len(),
        });
        self.text.push('\n');
    }

    /// The file position where the joined byte `pos` starts (`end`: where the byte before it
    /// ends). Tags and entities never start or end inside a line break, so every position asked
    /// for is one.
    fn file_at(&self, pos: usize, end: bool) -> usize {
        let index = if end {
            self.pieces.partition_point(|p| p.at + p.len < pos)
        } else {
            self.pieces.partition_point(|p| p.at + p.len <= pos)
        };
        match self.pieces.get(index) {
            Some(p) if p.len == p.file_len => p.file + (pos - p.at),
            Some(p) if pos == p.at => p.file,
            Some(p) => p.file + p.file_len,
            None => self.pieces.last().map_or(0, |p| p.file + p.file_len),
        }
    }
}

/// Where decoded text goes: a plain string, or a card text with its map.
trait Sink {
    /// Joined bytes `range`, verbatim.
    fn verbatim(&mut self, joined: &str, range: Range<usize>);
    /// `decoded` standing for the joined bytes `range` as a whole.
    fn atomic(&mut self, decoded: &str, range: Range<usize>);
}

impl Sink for String {
    fn verbatim(&mut self, joined: &str, range: Range<usize>) {
        self.push_str(&joined[range]);
    }
    fn atomic(&mut self, decoded: &str, _: Range<usize>) {
        self.push_str(decoded);
    }
}

/// A card text being built, with its map through the joined value to the file.
struct Mapped<'j> {
    joined: &'j Joined,
    value: String,
    map: MapBuilder,
}

impl Sink for Mapped<'_> {
    fn verbatim(&mut self, joined: &str, range: Range<usize>) {
        let pieces = &self.joined.pieces;
        let mut index = pieces.partition_point(|p| p.at + p.len <= range.start);
        while let Some(p) = pieces.get(index)
            && p.at < range.end
        {
            let start = range.start.max(p.at);
            let end = range.end.min(p.at + p.len);
            if p.len == p.file_len {
                let len = end - start;
                self.map
                    .push(self.value.len(), len, p.file + (start - p.at), len);
            } else {
                self.map.push(self.value.len(), p.len, p.file, p.file_len);
            }
            self.value.push_str(&joined[start..end]);
            index += 1;
        }
    }

    fn atomic(&mut self, decoded: &str, range: Range<usize>) {
        let start = self.joined.file_at(range.start, false);
        let end = self.joined.file_at(range.end, true);
        self.map.push(
            self.value.len(),
            decoded.len(),
            start,
            end.saturating_sub(start),
        );
        self.value.push_str(decoded);
    }
}

/// The card text of a value: its markup removed, `<atom-cardname>` read as `name`. `raw` is the
/// value's extent in the file; None for a value that decodes to nothing.
pub(in crate::source) fn card_text(
    joined: &Joined,
    raw: Range<usize>,
    style: Style,
    name: Option<&str>,
) -> Option<CardText<'static>> {
    if joined.overflowed {
        let mut value = String::with_capacity(joined.text.len());
        decode(&joined.text, name, &mut value);
        return (!value.trim().is_empty()).then(|| CardText {
            map: TextMap::whole(raw, style),
            value: value.into(),
        });
    }
    let mut sink = Mapped {
        joined,
        value: String::with_capacity(joined.text.len()),
        map: MapBuilder::default(),
    };
    decode(&joined.text, name, &mut sink);
    if sink.value.trim().is_empty() {
        return None;
    }
    let len = sink.value.len();
    Some(CardText {
        map: sink.map.finish(raw, style, len),
        value: sink.value.into(),
    })
}

/// `text` without its markup, entities decoded (a name, a type, a cost).
pub(in crate::source) fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    decode(text, None, &mut out);
    out
}

/// Decode `text` into `sink`. A `<` with no `>` after it, and a `&` that starts no entity, are
/// text. Linear in the text's length, whatever markup it holds.
fn decode(text: &str, name: Option<&str>, sink: &mut dyn Sink) {
    let bytes = text.as_bytes();
    let mut run = 0;
    let mut i = 0;
    // No `>` from here on: every `<` left is text.
    let mut unclosed = false;
    // The last closing tag of the name atom found, and where its search started: the first one
    // at or after any later start too, so no stretch of text is searched twice.
    let mut last_end: Option<Range<usize>> = None;
    while let Some(found) = memchr::memchr2(b'<', b'&', &bytes[i..]) {
        let at = i + found;
        i = at + 1;
        if bytes[at] == b'&' {
            if let Some((c, len)) = html::entity(&text[at..]) {
                sink.verbatim(text, run..at);
                sink.atomic(c.encode_utf8(&mut [0; 4]), at..at + len);
                i = at + len;
                run = i;
            }
            continue;
        }
        let close = if unclosed {
            None
        } else {
            memchr::memchr(b'>', &bytes[i..]).map(|gt| i + gt)
        };
        let Some(close) = close else {
            unclosed = true;
            continue;
        };
        sink.verbatim(text, run..at);
        i = close + 1;
        if html::is_break(&text[at + 1..close]) {
            sink.atomic("\n", at..i);
        } else if let Some(name) = name
            && is_tag(&text[at + 1..close], CARD_NAME)
        {
            let end = match &last_end {
                Some(end) if end.start > close => Some(end.clone()),
                _ => element_end(text, close + 1, CARD_NAME),
            };
            last_end.clone_from(&end);
            if let Some(end) = end
                && !is_name(&text[close + 1..end.start], name)
            {
                sink.atomic(CARD_ITSELF, at..end.end);
                i = end.end;
            }
        }
        run = i;
    }
    sink.verbatim(text, run..text.len());
}

/// Whether an atom's content reads as `name`. Its markup is a few tags at most: a content much
/// longer than the name is not the name, and is not decoded to tell.
fn is_name(content: &str, name: &str) -> bool {
    content.len() <= name.len() + 256 && plain(content) == name
}

/// The atom MSE keeps the card's own name in, so that renaming the card renames its text.
const CARD_NAME: &str = "atom-cardname";

/// What a name atom that does not hold the name reads as: the card, as the grammar reads `~`.
const CARD_ITSELF: &str = "~";

/// Whether the tag (between `<` and `>`) is `name` or one of its kinds (`name-x`, `name:x`).
fn is_tag(tag: &str, name: &str) -> bool {
    tag.strip_prefix(name)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['-', ':', ' ']))
}

/// The closing tag of element `name` at or after `from`: its range.
fn element_end(text: &str, from: usize, name: &str) -> Option<Range<usize>> {
    let mut search = from;
    loop {
        let start = search + text.get(search..)?.find("</")?;
        let tag = start + 2;
        if let Some(rest) = text[tag..].strip_prefix(name)
            && rest.starts_with(['>', '-', ':', ' '])
        {
            let close = tag + name.len() + rest.find('>')?;
            return Some(start..close + 1);
        }
        search = tag;
    }
}

/// A casting cost as MSE writes it (`2RR`, `XW/U`, `2/W`) in braces: `{2}{R}{R}`. A cost already
/// in braces is kept; None for no cost.
pub(in crate::source) fn mana_cost(cost: &str) -> Option<String> {
    let cost = cost.trim();
    if cost.is_empty() {
        return None;
    }
    if cost.contains('{') {
        return Some(cost.to_owned());
    }
    let chars: Vec<char> = cost.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = String::new();
    let mut i = 0;
    // One symbol: a number or a character, then `/` and another of them for a hybrid.
    let unit = |i: &mut usize, out: &mut String| {
        let start = *i;
        while chars.get(*i).is_some_and(char::is_ascii_digit) {
            *i += 1;
        }
        if *i == start {
            *i += 1;
        }
        out.extend(chars[start..*i].iter().flat_map(|c| c.to_uppercase()));
    };
    while i < chars.len() {
        out.push('{');
        unit(&mut i, &mut out);
        while chars.get(i) == Some(&'/') && i + 1 < chars.len() {
            out.push('/');
            i += 1;
            unit(&mut i, &mut out);
        }
        out.push('}');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` as a one-line value at file offset `at`.
    fn line(file: &str, at: usize) -> Joined {
        let mut joined = Joined::default();
        let end = file[at..].find('\n').map_or(file.len(), |i| at + i);
        joined.push_text(file, at..end);
        joined
    }

    /// The card text of a one-line value at byte 3 of `file`.
    fn line_text(file: &str, name: Option<&str>) -> CardText<'static> {
        card_text(&line(file, 3), 3..file.len(), Style::MseLine, name).unwrap()
    }

    fn mapped(file: &str, text: &CardText, needle: &str) -> String {
        let at = text.value.find(needle).expect("in the value");
        let span = text.map.to_file(at..at + needle.len()).expect("mapped");
        file[span].to_owned()
    }

    #[test]
    fn tags_stand_for_nothing_and_entities_for_one_character() {
        let file = "rule_text: <kw-a><nospellcheck>Flying</nospellcheck></kw-a>. Tap it &lt;b&gt; until &amp; end of turn&#8212;<i-auto>x</i-auto>";
        let joined = line(file, 11);
        let text = card_text(&joined, 11..file.len(), Style::MseLine, None).unwrap();
        assert_eq!(text.value, "Flying. Tap it <b> until & end of turn—x");
        assert_eq!(mapped(file, &text, "Flying"), "Flying");
        assert_eq!(mapped(file, &text, "<"), "&lt;");
        assert_eq!(mapped(file, &text, "until & end"), "until &amp; end");
        assert_eq!(mapped(file, &text, "turn—x"), "turn&#8212;<i-auto>x");
    }

    #[test]
    fn the_card_name_atom_is_the_card_name() {
        // Its content is the name: mapped character by character.
        let file =
            "x: When <atom-cardname><nospellcheck>Dusk Herald</nospellcheck></atom-cardname> dies";
        let text = line_text(file, Some("Dusk Herald"));
        assert_eq!(text.value, "When Dusk Herald dies");
        assert_eq!(mapped(file, &text, "Herald"), "Herald");
        // A stale or empty atom is the name, standing for the whole element.
        let file =
            "x: When <atom-cardname>Old</atom-cardname> dies, <atom-cardname></atom-cardname>.";
        // Issue 38: `~`, never a copy of the name, however long.
        let text = line_text(file, Some("New Name"));
        assert_eq!(text.value, "When ~ dies, ~.");
        assert_eq!(
            mapped(file, &text, "~ dies"),
            "<atom-cardname>Old</atom-cardname> dies"
        );
        assert_eq!(
            mapped(file, &text, "~."),
            "<atom-cardname></atom-cardname>."
        );
        let long = "N".repeat(100_000);
        let atoms = format!("x: {}", "<atom-cardname></atom-cardname>".repeat(1_000));
        assert_eq!(line_text(&atoms, Some(&long)).value, "~".repeat(1_000));
        // Without a name, the content as written.
        let text = line_text(file, None);
        assert_eq!(text.value, "When Old dies, .");
    }

    #[test]
    fn unclosed_markup_is_text() {
        for (text, decoded) in [
            ("a < b & c &#xZZ; &#0; d", "a < b & c &#xZZ; &#0; d"),
            // As MSE reads it, a tag runs to the next `>`.
            ("a < b <i>d", "a d"),
            ("x <y", "x <y"),
            ("&#x2014;&#8212;&quot;&apos;", "——\"'"),
            ("&amp;ééééé", "&ééééé"),
            ("<atom-cardname>A</atom-cardname", "A</atom-cardname"),
        ] {
            assert_eq!(plain(text), decoded, "{text:?}");
        }
    }

    #[test]
    fn line_breaks_stand_for_the_line_end_and_the_next_indentation() {
        let file = "rule_text:\n\t\tFirst <b>line</b>.\r\n\t\tSecond.";
        let mut joined = Joined::default();
        let first = 13..file.find('\r').unwrap();
        joined.push_text(file, first.clone());
        joined.push_break(first.end..first.end + 4);
        joined.push_text(file, first.end + 4..file.len());
        let text = card_text(&joined, 13..file.len(), Style::MseBlock { indent: 2 }, None).unwrap();
        assert_eq!(text.value, "First line.\nSecond.");
        assert_eq!(mapped(file, &text, ".\nSecond"), ".\r\n\t\tSecond");
        assert_eq!(mapped(file, &text, "line."), "line</b>.");
    }

    #[test]
    fn costs_in_braces() {
        assert_eq!(mana_cost("2RR").as_deref(), Some("{2}{R}{R}"));
        assert_eq!(mana_cost("10 g").as_deref(), Some("{10}{G}"));
        assert_eq!(mana_cost("XW/U2/W").as_deref(), Some("{X}{W/U}{2/W}"));
        assert_eq!(mana_cost("W/U/P").as_deref(), Some("{W/U/P}"));
        assert_eq!(mana_cost("R/").as_deref(), Some("{R}{/}"));
        assert_eq!(mana_cost("{1}{B}").as_deref(), Some("{1}{B}"));
        assert_eq!(mana_cost("  "), None);
    }
}
