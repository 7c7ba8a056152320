//! Text from a file as it may reach a terminal: every character that would act on the terminal
//! instead of being shown is replaced by a visible stand-in, as `cat -v` and ruff do. Card text,
//! card names, paths and the messages that quote them are written by whoever wrote the file; an
//! ESC in them would start an escape sequence (`\x1b]0;title\x07` retitles the window, others
//! move the cursor or rewrite what is on screen), and a bidirectional override would show the
//! words in another order than the file holds them.
//!
//! - C0 controls (U+0000 to U+001F) and DEL become their Unicode control pictures, one column
//!   each: `␛` for ESC, `␇` for BEL, `␀` for NUL, `␡` for DEL.
//! - C1 controls (U+0080 to U+009F; U+009B and U+009D open escape sequences on some terminals)
//!   and the bidirectional controls (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069)
//!   become Rust escapes: `\u{9b}`, `\u{202e}`.
//!
//! - The line and paragraph separators (U+2028, U+2029), which some viewers and log parsers take
//!   as line breaks, become Rust escapes too.
//!
//! - So do the noncharacters U+FFFE and U+FFFF: with the C0 controls, they are the characters an
//!   XML 1.0 document cannot hold (surrogates cannot be in a `str`), and the junit and checkstyle
//!   formats are made of this text.
//!
//! Within a snippet of the file, line breaks and tabs are the text's own layout and are kept;
//! within one line of a report (a message, a name, a path) they are replaced too. JSON output
//! keeps every character, escaped as JSON escapes it (`\u009b`): what a program decodes is the
//! text, and what a terminal shows of it is harmless.

use std::borrow::Cow;

/// The text with every control character replaced, line breaks and tabs included: for what a
/// report writes on one line.
pub fn visible(text: &str) -> Cow<'_, str> {
    replace(text, false)
}

/// The text with every control character replaced but its line breaks (`\n`, `\r`) and tabs: for
/// snippets of a file, whose lines a report shows as lines.
pub fn visible_lines(text: &str) -> Cow<'_, str> {
    replace(text, true)
}

/// A JSON document (serde_json's, whose strings already escape U+0000 to U+001F) with every
/// other character that [`visible`] replaces escaped as `\uXXXX`: the same strings to a JSON
/// reader, and nothing that acts on a terminal that shows it.
pub fn visible_json(json: String) -> String {
    match replace_with(&json, |c| {
        (c >= '\u{7f}' && stand_in(c, false).is_some()).then(|| format!("\\u{:04x}", u32::from(c)))
    }) {
        Cow::Borrowed(_) => json,
        Cow::Owned(out) => out,
    }
}

fn replace(text: &str, layout: bool) -> Cow<'_, str> {
    replace_with(text, |c| match stand_in(c, layout)? {
        StandIn::Picture(picture) => Some(picture.to_string()),
        StandIn::Escape => Some(c.escape_unicode().to_string()),
    })
}

/// `text` with each character that `shown` gives a stand-in for replaced by it.
fn replace_with(text: &str, shown: impl Fn(char) -> Option<String>) -> Cow<'_, str> {
    let Some(first) = text.find(|c| shown(c).is_some()) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        match shown(c) {
            Some(stand_in) => out.push_str(&stand_in),
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// How many bytes longer `text` is once made visible with [`visible_lines`].
pub fn extra_bytes(text: &str) -> usize {
    // Every character that is replaced starts with one of these bytes: most stretches of card
    // text hold none, and are passed over at the speed of a byte scan.
    let suspect =
        |&byte: &u8| byte < 0x20 || byte == 0x7f || matches!(byte, 0xc2 | 0xd8 | 0xe2 | 0xef);
    if !text.as_bytes().iter().any(suspect) {
        return 0;
    }
    text.chars().map(|c| shown_len(c) - c.len_utf8()).sum()
}

/// How many bytes `c` takes once made visible with [`visible_lines`].
pub fn shown_len(c: char) -> usize {
    match stand_in(c, true) {
        Some(StandIn::Picture(picture)) => picture.len_utf8(),
        Some(StandIn::Escape) => c.escape_unicode().len(),
        None => c.len_utf8(),
    }
}

enum StandIn {
    /// A control picture of the U+2400 block.
    Picture(char),
    /// `\u{...}`.
    Escape,
}

/// What `c` is shown as, when not as itself; `layout` keeps line breaks and tabs.
fn stand_in(c: char, layout: bool) -> Option<StandIn> {
    match c {
        '\n' | '\r' | '\t' if layout => None,
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + u32::from(c)).map(StandIn::Picture),
        '\u{7f}' => Some(StandIn::Picture('\u{2421}')),
        '\u{80}'..='\u{9f}'
        | '\u{61c}'
        | '\u{200e}'
        | '\u{200f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2028}'
        | '\u{2029}'
        | '\u{2066}'..='\u{2069}'
        | '\u{fffe}'
        | '\u{ffff}' => Some(StandIn::Escape),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_osc_sequences_are_shown_not_sent() {
        assert_eq!(
            visible("Tap\u{1b}]0;PWNED\u{7} it\u{1b}[2J"),
            "Tap␛]0;PWNED␇ it␛[2J"
        );
        assert_eq!(visible("a\u{0}b\u{7f}c"), "a␀b␡c");
        assert_eq!(visible("\u{9b}31m \u{9d}0;x"), "\\u{9b}31m \\u{9d}0;x");
        assert_eq!(visible("abc\u{202e}fed"), "abc\\u{202e}fed");
        assert_eq!(
            visible("a\u{fffe}b\u{ffff}\u{fffd}"),
            "a\\u{fffe}b\\u{ffff}\u{fffd}"
        );
    }

    #[test]
    fn json_keeps_every_character_escaped() {
        let json = serde_json::to_string("a\u{1b}b\u{9b}c\u{202e}d\u{2028}e\u{7f}—").unwrap();
        let shown = visible_json(json);
        assert_eq!(shown, r#""a\u001bb\u009bc\u202ed\u2028e\u007f—""#);
        let back: String = serde_json::from_str(&shown).unwrap();
        assert_eq!(back, "a\u{1b}b\u{9b}c\u{202e}d\u{2028}e\u{7f}—");
        assert_eq!(visible("a\u{2028}b\u{2029}"), "a\\u{2028}b\\u{2029}");
    }

    #[test]
    fn line_breaks_and_tabs_are_kept_only_in_snippets() {
        assert_eq!(visible("a\nb\r\tc"), "a␊b␍␉c");
        assert_eq!(visible_lines("a\nb\r\tc\u{1b}"), "a\nb\r\tc␛");
    }

    #[test]
    fn card_text_is_left_as_it_is() {
        let text = "Flash — it’s sacrificed at end of turn. “Æther” 🜲 é\u{301}";
        assert!(matches!(visible(text), Cow::Borrowed(_)));
        assert!(matches!(visible_lines(text), Cow::Borrowed(_)));
        assert_eq!(extra_bytes(text), 0);
    }

    #[test]
    fn extra_bytes_is_the_growth_of_the_text() {
        for text in [
            "\u{1b}]0;x\u{7}",
            "a\u{9b}b\u{202e}c\u{7f}\n\t",
            "—\u{0}’",
            "\u{feff}\u{fffe}\u{ffff}",
            "",
        ] {
            assert_eq!(
                visible_lines(text).len(),
                text.len() + extra_bytes(text),
                "{text:?}"
            );
            assert_eq!(
                text.chars().map(shown_len).sum::<usize>(),
                visible_lines(text).len()
            );
        }
    }
}
