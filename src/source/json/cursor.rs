//! A pull parser over the bytes of a JSON text: the reader asks for the next key, string or
//! element and skips what it does not use, so no tree of the file is ever built. Skipping is
//! iterative (a stack of open brackets), so deep nesting is an error, never a stack overflow.

use crate::source::escape::{Dialect, Escape, read_escape};
use crate::source::map::{MapBuilder, Style, TextMap};
use std::borrow::Cow;
use std::ops::Range;

/// Deeper nesting than this is reported rather than followed.
const MAX_DEPTH: usize = 1024;

/// A syntax error: where, and what was expected; or, `stopped`, the end of reading once the
/// file's errors are full, which the error that says so reports already.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct JsonError {
    pub pos: usize,
    pub message: String,
    pub stopped: bool,
}

pub(crate) type Result<T> = std::result::Result<T, JsonError>;

/// A decoded string and its map to the file.
#[derive(Debug)]
pub(crate) struct JsonString<'a> {
    /// The file's own bytes when the string has no escape.
    pub value: Cow<'a, str>,
    pub map: TextMap,
}

/// The kind of the next value, from its first byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Object,
    Array,
    String,
    Null,
    Other,
}

impl Kind {
    /// For messages: "a number", "an object".
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Object => "an object",
            Kind::Array => "an array",
            Kind::String => "a string",
            Kind::Null => "null",
            Kind::Other => "a number or boolean",
        }
    }
}

/// A key read by [`Cursor::next_key_expecting`].
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Key<'a> {
    /// The key expected.
    Expected,
    /// Another key, and its head to expect next time when it had no escape.
    Read(Cow<'a, str>, Option<&'a str>),
}

/// Reads `text[..end]` from `pos` on.
#[derive(Debug)]
pub(crate) struct Cursor<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pub pos: usize,
    end: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor over `text[start..end]` (positions stay those of the whole text).
    pub(crate) fn new(text: &'a str, start: usize, end: usize) -> Cursor<'a> {
        let end = end.min(text.len());
        Cursor {
            text,
            bytes: text.as_bytes(),
            pos: start.min(end),
            end,
        }
    }

    pub(crate) fn error<T>(&self, message: impl Into<String>) -> Result<T> {
        Err(JsonError {
            pos: self.pos,
            message: message.into(),
            stopped: false,
        })
    }

    /// Reading stops here: the file's errors are full, and say so.
    pub(crate) fn stopped<T>(&self) -> Result<T> {
        Err(JsonError {
            pos: self.pos,
            message: String::new(),
            stopped: true,
        })
    }

    /// The whole text the cursor reads a part of.
    pub(crate) fn text(&self) -> &'a str {
        self.text
    }

    fn byte(&self) -> Option<u8> {
        if self.pos < self.end {
            self.bytes.get(self.pos).copied()
        } else {
            None
        }
    }

    /// Skip whitespace (and a byte order mark at the very start).
    pub(crate) fn skip_ws(&mut self) {
        if self.pos == 0 && self.text.starts_with('\u{feff}') {
            self.pos = 3.min(self.end);
        }
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.byte() {
            self.pos += 1;
        }
    }

    /// The next non-blank byte, not consumed.
    pub(crate) fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.byte()
    }

    pub(crate) fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// The kind of the next value; an error at the end of the input or at a byte that starts no
    /// value.
    pub(crate) fn kind(&mut self) -> Result<Kind> {
        match self.peek() {
            Some(b'{') => Ok(Kind::Object),
            Some(b'[') => Ok(Kind::Array),
            Some(b'"') => Ok(Kind::String),
            Some(b'n') => Ok(Kind::Null),
            Some(b't' | b'f' | b'-' | b'0'..=b'9') => Ok(Kind::Other),
            Some(_) => self.error("expected a json value"),
            None => self.error("unexpected end of json input"),
        }
    }

    fn expect(&mut self, byte: u8, message: &str) -> Result<()> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            self.error(message)
        }
    }

    /// Enter an object (`{`); then call [`Cursor::next_key`] until it gives None.
    pub(crate) fn begin_object(&mut self) -> Result<()> {
        self.expect(b'{', "expected a json object")
    }

    /// The next key of the object (the cursor is then at its value), or None after the closing
    /// `}`. `first` is true before the first key.
    pub(crate) fn next_key(&mut self, first: &mut bool) -> Result<Option<Cow<'a, str>>> {
        if !self.at_key(first)? {
            return Ok(None);
        }
        let key = self.key()?;
        self.expect(b':', "expected `:` after json object key")?;
        Ok(Some(key))
    }

    /// [`Cursor::next_key`] when the key is likely one read before without an escape, whose head
    /// was `expected`: the key's text after its opening quote, the closing quote and the colon
    /// with the blanks around it, up to the value (`name": `). When the file holds those very
    /// bytes, it is the same key and the cursor moves to the value at once; else the key is read
    /// and, when it has no escape, its head is given to expect next time.
    pub(crate) fn next_key_expecting(
        &mut self,
        first: &mut bool,
        expected: Option<&str>,
    ) -> Result<Option<Key<'a>>> {
        if !self.at_key(first)? {
            return Ok(None);
        }
        let start = self.pos + 1;
        if let Some(head) = expected
            && self.bytes.get(start..start + head.len()) == Some(head.as_bytes())
            && start + head.len() <= self.end
        {
            self.pos = start + head.len();
            return Ok(Some(Key::Expected));
        }
        let key = self.key()?;
        self.expect(b':', "expected `:` after json object key")?;
        self.skip_ws();
        let head = match key {
            Cow::Borrowed(_) => self.text.get(start..self.pos),
            Cow::Owned(_) => None,
        };
        Ok(Some(Key::Read(key, head)))
    }

    /// Moves past the `,` before a key, or the `}` that closes the object: whether a key's
    /// opening quote is at the cursor.
    fn at_key(&mut self, first: &mut bool) -> Result<bool> {
        match self.peek() {
            Some(b'}') => {
                self.pos += 1;
                return Ok(false);
            }
            Some(b',') if !*first => self.pos += 1,
            _ if *first => {}
            _ => return self.error("expected `,` or `}` in json object"),
        }
        *first = false;
        if self.peek() != Some(b'"') {
            return self.error("expected a string key in json object");
        }
        Ok(true)
    }

    /// Enter an array (`[`); then call [`Cursor::next_element`] until it gives false.
    pub(crate) fn begin_array(&mut self) -> Result<()> {
        self.expect(b'[', "expected a json array")
    }

    /// Whether another element follows (the cursor is then at it); false after the closing `]`.
    pub(crate) fn next_element(&mut self, first: &mut bool) -> Result<bool> {
        match self.peek() {
            Some(b']') => {
                self.pos += 1;
                Ok(false)
            }
            Some(b',') if !*first => {
                self.pos += 1;
                *first = false;
                Ok(true)
            }
            Some(_) if *first => {
                *first = false;
                Ok(true)
            }
            Some(_) => self.error("expected `,` or `]` in json array"),
            None => self.error("unexpected end of json input in array"),
        }
    }

    /// A key, or any string whose places in the file are not wanted: borrowed when it has no
    /// escapes.
    fn key(&mut self) -> Result<Cow<'a, str>> {
        let start = self.pos + 1;
        let (end, escaped) = self.scan_string()?;
        if !escaped {
            return Ok(Cow::Borrowed(self.text.get(start..end - 1).unwrap_or("")));
        }
        Ok(Cow::Owned(self.unescape(start..end - 1, None)?))
    }

    /// Move past a string starting at the cursor (`"`); its end and whether it has escapes.
    fn scan_string(&mut self) -> Result<(usize, bool)> {
        self.skip_ws();
        if self.byte() != Some(b'"') {
            return self.error("expected a json string");
        }
        let mut at = self.pos + 1;
        let mut escaped = false;
        let end = self.end.min(self.bytes.len());
        // Keys and most names are short: their end is found byte by byte, cheaper there than
        // setting up memchr. A string of plain bytes that goes on is searched as below.
        let head = self
            .bytes
            .get(at..end.min(at + SHORT_STRING))
            .unwrap_or_default();
        match head.iter().position(|&byte| STOPS_A_RUN[usize::from(byte)]) {
            Some(offset) if head[offset] == b'"' => {
                self.pos = at + offset + 1;
                return Ok((self.pos, false));
            }
            // A backslash or a control character: the search below tells which.
            Some(offset) => at += offset,
            None => at += head.len(),
        }
        loop {
            // The next quote or backslash, found with memchr; the bytes before it hold no
            // control character.
            let rest = self.bytes.get(at..end).unwrap_or_default();
            let stop = memchr::memchr2(b'"', b'\\', rest);
            let run = &rest[..stop.unwrap_or(rest.len())];
            if let Some(control) = first_control(run) {
                self.pos = at + control;
                return self.error("control character in json string");
            }
            let Some(stop) = stop else {
                self.pos = self.end;
                return self.error("unterminated json string");
            };
            at += stop;
            if rest[stop] == b'"' {
                self.pos = at + 1;
                return Ok((at + 1, escaped));
            }
            escaped = true;
            // Validated when decoded; here only its length matters.
            at += 2;
        }
    }

    /// Decode the string at the cursor, without a map: most strings read are names and costs,
    /// whose places in the file no diagnostic needs.
    pub(crate) fn string_unmapped(&mut self) -> Result<Cow<'a, str>> {
        self.skip_ws();
        self.key()
    }

    /// Decode the string at the cursor, with the map of its characters to the file.
    pub(crate) fn string(&mut self) -> Result<JsonString<'a>> {
        self.skip_ws();
        let open = self.pos;
        let (close, escaped) = self.scan_string()?;
        let content = open + 1..close - 1;
        if !escaped {
            let value = Cow::Borrowed(self.text.get(content.clone()).unwrap_or(""));
            let map = TextMap::identity(open..close, content, Style::Json);
            return Ok(JsonString { value, map });
        }
        let mut map = MapBuilder::default();
        let value = self.unescape(content, Some(&mut map))?;
        let len = value.len();
        Ok(JsonString {
            value: Cow::Owned(value),
            map: map.finish(open..close, Style::Json, len),
        })
    }

    /// The value of the escaped string whose content (between its quotes) is `content`, scanned
    /// already; with `map`, each of its characters mapped to the bytes it came from.
    fn unescape(
        &mut self,
        content: std::ops::Range<usize>,
        mut map: Option<&mut MapBuilder>,
    ) -> Result<String> {
        let mut value = String::with_capacity(content.len());
        let mut push = |value: &mut String, text: &str, from: usize, len: usize| {
            if let Some(map) = map.as_mut() {
                map.push(value.len(), text.len(), from, len);
            }
            value.push_str(text);
        };
        let mut at = content.start;
        let mut run = at;
        let bytes = self.bytes.get(..content.end).unwrap_or(&[]);
        // From backslash to backslash: the runs between them are copied whole.
        while let Some(backslash) = memchr::memchr(b'\\', bytes.get(at..).unwrap_or_default()) {
            at += backslash;
            let plain = self.text.get(run..at).unwrap_or("");
            push(&mut value, plain, run, plain.len());
            match read_escape(bytes, at, Dialect::Json) {
                Ok(Escape::Char(c, len)) => {
                    push(&mut value, c.encode_utf8(&mut [0; 4]), at, len);
                    at += len;
                    run = at;
                }
                Ok(Escape::LineBreak(_)) | Err(_) => {
                    self.pos = at;
                    let message = read_escape(bytes, at, Dialect::Json)
                        .err()
                        .unwrap_or("invalid escape sequence");
                    return self.error(format!("{message} in json string"));
                }
            }
        }
        let plain = self.text.get(run..content.end).unwrap_or("");
        push(&mut value, plain, run, plain.len());
        Ok(value)
    }

    /// Skip one value of any kind, however deeply nested (up to [`MAX_DEPTH`]).
    pub(crate) fn skip_value(&mut self) -> Result<()> {
        // The open brackets, innermost last.
        let mut stack: Vec<u8> = Vec::new();
        loop {
            // A value starts here.
            match self.peek() {
                Some(open @ (b'{' | b'[')) => {
                    if stack.len() >= MAX_DEPTH {
                        return self.error("json nested too deeply");
                    }
                    self.pos += 1;
                    let close = if open == b'{' { b'}' } else { b']' };
                    if self.peek() == Some(close) {
                        self.pos += 1;
                    } else {
                        stack.push(open);
                        if open == b'{' {
                            self.scan_string()?;
                            self.expect(b':', "expected `:` after json object key")?;
                        }
                        continue;
                    }
                }
                Some(b'"') => {
                    self.scan_string()?;
                }
                Some(b't') => self.literal("true")?,
                Some(b'f') => self.literal("false")?,
                Some(b'n') => self.literal("null")?,
                Some(b'-' | b'0'..=b'9') => self.number()?,
                Some(_) => return self.error("expected a json value"),
                None => return self.error("unexpected end of json input"),
            }
            // After a value: close what is complete, or move to the next element.
            loop {
                let Some(&open) = stack.last() else {
                    return Ok(());
                };
                match (open, self.peek()) {
                    (_, Some(b',')) => {
                        self.pos += 1;
                        if open == b'{' {
                            self.scan_string()?;
                            self.expect(b':', "expected `:` after json object key")?;
                        }
                        break;
                    }
                    (b'{', Some(b'}')) | (b'[', Some(b']')) => {
                        self.pos += 1;
                        stack.pop();
                    }
                    (b'{', _) => return self.error("expected `,` or `}` in json object"),
                    _ => return self.error("expected `,` or `]` in json array"),
                }
            }
        }
    }

    fn literal(&mut self, word: &str) -> Result<()> {
        let fits = self
            .bytes
            .get(self.pos..self.pos + word.len())
            .is_some_and(|b| b == word.as_bytes())
            && self.pos + word.len() <= self.end;
        if !fits {
            return self.error("expected a json value");
        }
        self.pos += word.len();
        Ok(())
    }

    /// A number, checked against the JSON grammar.
    fn number(&mut self) -> Result<()> {
        if self.byte() == Some(b'-') {
            self.pos += 1;
        }
        match self.byte() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return self.error("invalid json number"),
        }
        if self.byte() == Some(b'.') {
            self.pos += 1;
            if !matches!(self.byte(), Some(b'0'..=b'9')) {
                return self.error("invalid json number");
            }
            self.digits();
        }
        if let Some(b'e' | b'E') = self.byte() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.byte() {
                self.pos += 1;
            }
            if !matches!(self.byte(), Some(b'0'..=b'9')) {
                return self.error("invalid json number");
            }
            self.digits();
        }
        Ok(())
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.byte() {
            self.pos += 1;
        }
    }

    /// The byte range from `start` to the cursor.
    pub(crate) fn since(&self, start: usize) -> Range<usize> {
        start..self.pos
    }
}

/// Whether `text` holds exactly one JSON value (and whitespace).
pub(crate) fn is_one_value(text: &str) -> bool {
    let mut cursor = Cursor::new(text, 0, text.len());
    cursor.skip_value().is_ok() && cursor.at_end()
}

/// How many bytes of a string are read one by one before memchr takes over.
const SHORT_STRING: usize = 24;

/// The bytes that stop a run of plain string bytes: the closing quote, a backslash, and the
/// control characters a JSON string must escape.
static STOPS_A_RUN: [bool; 256] = {
    let mut stops = [false; 256];
    let mut byte = 0;
    while byte < 0x20 {
        stops[byte] = true;
        byte += 1;
    }
    stops[b'"' as usize] = true;
    stops[b'\\' as usize] = true;
    stops
};

/// Where the first control character (below U+0020, which a JSON string must escape) of `bytes`
/// is. Eight bytes at a time: every string byte of a file is checked, and most have none.
fn first_control(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in chunks.by_ref() {
        let word = u64::from_ne_bytes(chunk.try_into().unwrap_or([0; 8]));
        // Some byte is below 0x20 exactly when this is nonzero ("hasless", n = 0x20 <= 128).
        if word.wrapping_sub(ONES * 0x20) & !word & HIGHS != 0 {
            break;
        }
        at += 8;
    }
    bytes[at..].iter().position(|&b| b < 0x20).map(|i| at + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key is taken as the one expected only when the file holds its head's very bytes (the
    /// key, its closing quote and the colon with its blanks) before the end of the input: not a
    /// longer or shorter key, other blanks, an escaped spelling, or a key the input's end cuts.
    /// A key read is given with its head, when it has no escape.
    #[test]
    fn an_expected_key_is_the_bytes_of_its_head() {
        fn next<'a>(text: &'a str, end: usize, expected: &str) -> (Result<Option<Key<'a>>>, usize) {
            let mut cursor = Cursor::new(text, 0, end);
            cursor.begin_object().unwrap();
            let key = cursor.next_key_expecting(&mut true, Some(expected));
            (key, cursor.pos)
        }
        fn read<'a>(key: &'a str, head: &'a str) -> Result<Option<Key<'a>>> {
            Ok(Some(Key::Read(Cow::Borrowed(key), Some(head))))
        }
        let text = r#"{ "name" : 1}"#;
        let end = text.len();
        assert_eq!(next(text, end, "name\" : "), (Ok(Some(Key::Expected)), 11));
        assert_eq!(next(text, end, "name\" :"), (Ok(Some(Key::Expected)), 10));
        for other in ["name\": ", "nam\" : ", "names\" : ", "name\"  : ", "x"] {
            assert_eq!(next(text, end, other), (read("name", "name\" : "), 11));
        }
        let escaped = r#"{"n\u0061me": 1}"#;
        let (key, _) = next(escaped, escaped.len(), "name\": ");
        assert_eq!(key, Ok(Some(Key::Read(Cow::Owned("name".into()), None))));
        // The input ends inside the head (a JSON Lines line cut short): read as far as it goes.
        assert_eq!(next(text, 10, "name\" : "), (read("name", "name\" :"), 10));
        let (key, _) = next(text, 8, "name\" : ");
        assert_eq!(
            key.unwrap_err().message,
            "expected `:` after json object key"
        );
        let (key, _) = next(text, 7, "name\" : ");
        assert_eq!(key.unwrap_err().message, "unterminated json string");
        assert_eq!(next("{}", 2, "name\": "), (Ok(None), 2));
    }

    /// An escaped string decodes each escape, and maps each decoded character to its bytes in the
    /// file: escapes at the start and the end, next to each other, a surrogate pair, and text of
    /// several bytes between them.
    #[test]
    fn escaped_strings_map_each_character_to_its_bytes() {
        let pieces: [(&str, &str); 9] = [
            ("\\\\", "\\"),
            ("a", "a"),
            ("\\\"", "\""),
            ("\\ud83d\\ude00", "😀"),
            ("—", "—"),
            ("\\n", "\n"),
            ("\\t", "\t"),
            ("é", "é"),
            ("\\u00e6", "æ"),
        ];
        let raw: String = pieces.iter().map(|(raw, _)| *raw).collect();
        let text = format!("  \"{raw}\"");
        let mut cursor = Cursor::new(&text, 0, text.len());
        let string = cursor.string().expect("the string decodes");
        let decoded: String = pieces.iter().map(|(_, decoded)| *decoded).collect();
        assert_eq!(string.value, decoded);
        let (mut file, mut at) = (3, 0);
        for (raw, decoded) in pieces {
            assert_eq!(
                string.map.to_file(at..at + decoded.len()),
                Some(file..file + raw.len()),
                "{raw}"
            );
            file += raw.len();
            at += decoded.len();
        }
        assert_eq!(cursor.pos, text.len());
    }

    /// A string read without its map is the string read with it, and fails where it fails,
    /// leaving the cursor at the same place.
    #[test]
    fn an_unmapped_string_is_the_mapped_strings_value() {
        for text in [
            r#""Azun""#,
            r#"  "Æther \u00e6 \"quoted\" \n line""#,
            r#""""#,
            r#""unterminated"#,
            "\"tab\there\"",
            r#""bad \q escape""#,
            r#"42"#,
        ] {
            let mut mapped = Cursor::new(text, 0, text.len());
            let mut unmapped = Cursor::new(text, 0, text.len());
            let want = mapped.string().map(|string| string.value);
            let got = unmapped.string_unmapped();
            assert_eq!(
                got.as_ref().map_err(|error| format!("{error:?}")),
                want.as_ref().map_err(|error| format!("{error:?}")),
                "{text}"
            );
            assert_eq!(unmapped.pos, mapped.pos, "{text}");
        }
    }

    #[test]
    fn first_control_finds_what_a_byte_by_byte_search_finds() {
        let bytes: Vec<u8> = (0..=255u8)
            .chain(0x20..0x7f)
            .chain([0x1f, b'a', 0])
            .collect();
        for start in 0..bytes.len() {
            for end in start..bytes.len().min(start + 40) {
                let slice = &bytes[start..end];
                let expected = slice.iter().position(|&b| b < 0x20);
                assert_eq!(first_control(slice), expected, "{slice:?}");
            }
        }
    }

    /// A string's end is found a run at a time: what ends it, what escapes inside it, and where a
    /// control character or the end of the text stops it, as the byte-by-byte scan said.
    #[test]
    fn a_string_ends_at_its_first_unescaped_quote() {
        let scan = |text: &str| {
            let mut cursor = Cursor::new(text, 0, text.len());
            cursor
                .scan_string()
                .map_err(|error| (error.pos, error.message))
        };
        assert_eq!(scan(r#""plain" tail"#), Ok((7, false)));
        assert_eq!(scan(r#""a\"b" tail"#), Ok((6, true)));
        assert_eq!(scan(r#""\\" tail"#), Ok((4, true)));
        assert_eq!(scan("\"é—\\u00e9\""), Ok((13, true)));
        assert_eq!(
            scan("\"ab\tc\""),
            Err((3, "control character in json string".into()))
        );
        assert_eq!(
            scan(r#""ends in a backslash\"#),
            Err((21, "unterminated json string".into()))
        );
        assert_eq!(
            scan(r#""open"#),
            Err((5, "unterminated json string".into()))
        );
        // Past the first SHORT_STRING bytes, read one by one, the search goes on with memchr:
        // a quote at the last byte read one by one and the first one not, a control character
        // and a string cut after them.
        let letters = "abcdefghijklmnopqrstuvwx";
        assert_eq!(letters.len(), SHORT_STRING);
        assert_eq!(
            scan(&format!("\"{}\" tail", &letters[1..])),
            Ok((25, false))
        );
        assert_eq!(scan(&format!("\"{letters}\" tail")), Ok((26, false)));
        assert_eq!(
            scan(&format!("\"{letters}yz\u{1}\"")),
            Err((27, "control character in json string".into()))
        );
        assert_eq!(
            scan(&format!("\"{letters}\\\"yz\u{1f}\"")),
            Err((29, "control character in json string".into()))
        );
        assert_eq!(
            scan(&format!("\"{letters}yz")),
            Err((27, "unterminated json string".into()))
        );
        // A cursor that ends before the text does: the quote past its end does not close.
        let mut short = Cursor::new(r#""abc" x"#, 0, 3);
        assert!(short.scan_string().is_err());
    }

    #[test]
    fn skips_values() {
        for good in [
            "{}",
            "[]",
            r#"{"a": [1, -2.5e+3, true, false, null, "x\"y"], "b": {"c": {}}}"#,
            "  0  ",
        ] {
            assert!(is_one_value(good), "{good}");
        }
        for bad in [
            "{",
            "[1,]",
            "[1 2]",
            "{\"a\" 1}",
            "01",
            "-",
            "1.",
            "tru",
            "\"a",
            "{1: 2}",
            "[}",
            "",
            "\"\u{1}\"",
        ] {
            assert!(!is_one_value(bad), "{bad}");
        }
    }

    #[test]
    fn deep_nesting_is_an_error() {
        let deep = "[".repeat(1_000_000);
        let mut cursor = Cursor::new(&deep, 0, deep.len());
        let err = cursor.skip_value().unwrap_err();
        assert_eq!(err.message, "json nested too deeply");
        let ok = format!("{}{}", "[".repeat(1000), "]".repeat(1000));
        assert!(is_one_value(&ok));
    }

    #[test]
    fn decodes_strings_with_maps() {
        let text = r#"  "a\n\u2014\ud83d\ude00\"\\\/b""#;
        let mut cursor = Cursor::new(text, 0, text.len());
        let s = cursor.string().unwrap();
        assert_eq!(s.value, "a\n—😀\"\\/b");
        assert_eq!(s.map.raw(), 2..text.len());
        let em = s.value.find('—').unwrap();
        assert_eq!(s.map.to_file(em..em + 3).map(|r| &text[r]), Some("\\u2014"));
        let face = s.value.find('😀').unwrap();
        assert_eq!(
            s.map.to_file(face..face + 4).map(|r| &text[r]),
            Some("\\ud83d\\ude00")
        );
        assert_eq!(
            s.map.to_file(0..s.value.len()).map(|r| &text[r]),
            Some(&text[3..text.len() - 1])
        );
        let mut bad = Cursor::new(r#""\x""#, 0, 4);
        assert_eq!(bad.string().unwrap_err().pos, 1);
    }

    #[test]
    fn walks_objects_and_arrays() {
        let text = r#"{"a": [1, 2], "b\u0021": "x"}"#;
        let mut c = Cursor::new(text, 0, text.len());
        c.begin_object().unwrap();
        let mut first = true;
        let mut keys = Vec::new();
        while let Some(key) = c.next_key(&mut first).unwrap() {
            keys.push(key.into_owned());
            c.skip_value().unwrap();
        }
        assert_eq!(keys, ["a", "b!"]);
        assert!(c.at_end());
    }
}
