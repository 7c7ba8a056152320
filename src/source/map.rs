//! The map from a decoded text value back to the bytes of the file it was read from.
//!
//! A value is stored as runs ("segments"): a run whose decoded and raw lengths are equal maps byte
//! for byte (plain text, or one folded line break to one space); any other run is one decoded
//! character standing for a whole raw piece (an escape such as `\u2014`, `''`, or a CRLF line
//! break), which a range may start or end at but never cut. The one run of several characters
//! that stands for a raw piece as a whole is a card's name standing for a Magic Set Editor
//! `<atom-cardname>` element whose content is not that name. A value read as HTML over its
//! format's own decoding ([`super::html`]) is mapped through both, and its map knows the places
//! an edit must leave as they are ([`TextMap::edit`]).

use std::ops::Range;

/// How the raw string is written in the file: decides how a replacement must be encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    /// A JSON string (raw range includes the quotes).
    Json,
    /// A YAML plain scalar; `flow` when it sits inside a `[...]` or `{...}` collection.
    YamlPlain { flow: bool },
    /// A YAML `'...'` scalar.
    YamlSingle,
    /// A YAML `"..."` scalar.
    YamlDouble,
    /// A YAML `|` block scalar whose content lines are indented by `indent` spaces.
    YamlLiteral { indent: usize },
    /// A YAML `>` block scalar.
    YamlFolded,
    /// Lines of a plain text file, written as they are.
    Verbatim,
    /// A Magic Set Editor value on its key's line (`rule_text: ...`).
    MseLine,
    /// A Magic Set Editor value written on the lines under its key, each indented by `indent`
    /// tabs.
    MseBlock { indent: usize },
    /// The content of an XML element (Cockatrice); `markup` when a CDATA section, a comment or a
    /// processing instruction lies inside it, whose delimiters an edit could cut.
    XmlText { markup: bool },
    /// A Forge script's `Oracle:` line, with `\n` for a line break.
    ForgeOracle,
    /// A CSV or TSV field in `"…"`.
    CsvQuoted,
    /// A CSV or TSV field without quotes, between two `delimiter`s.
    CsvBare { delimiter: u8 },
}

/// One run of the map: decoded bytes `dec..dec+dec_len` come from file bytes `file..file+file_len`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Segment {
    dec: usize,
    file: usize,
    dec_len: usize,
    file_len: usize,
}

impl Segment {
    fn linear(&self) -> bool {
        self.dec_len == self.file_len
    }
}

/// The segments of a map. A value without escapes is one run, kept in place: most texts of a
/// JSON or YAML file cost their map no allocation. Equal when their runs are.
#[derive(Debug, Clone, Default)]
enum Segments {
    #[default]
    None,
    One(Segment),
    /// Two or more.
    Many(Vec<Segment>),
}

/// The first allocation of a map of several runs: a text with up to three escapes (most Oracle
/// texts of several lines: a run, a `\n`, a run, ...) fits without growing.
const FIRST_SEGMENTS: usize = 8;

impl Segments {
    fn push(&mut self, segment: Segment) {
        match self {
            Segments::None => *self = Segments::One(segment),
            Segments::One(first) => {
                let mut many = Vec::with_capacity(FIRST_SEGMENTS);
                many.extend([*first, segment]);
                *self = Segments::Many(many);
            }
            Segments::Many(many) => many.push(segment),
        }
    }
}

impl PartialEq for Segments {
    fn eq(&self, other: &Segments) -> bool {
        **self == **other
    }
}

impl Eq for Segments {}

impl std::ops::Deref for Segments {
    type Target = [Segment];

    fn deref(&self) -> &[Segment] {
        match self {
            Segments::None => &[],
            Segments::One(segment) => std::slice::from_ref(segment),
            Segments::Many(many) => many,
        }
    }
}

impl std::ops::DerefMut for Segments {
    fn deref_mut(&mut self) -> &mut [Segment] {
        match self {
            Segments::None => &mut [],
            Segments::One(segment) => std::slice::from_mut(segment),
            Segments::Many(many) => many,
        }
    }
}

/// Where each byte of a decoded text value came from in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextMap {
    raw: Range<usize>,
    style: Style,
    /// Empty when the map is not exact ("whole"): then only `raw` is known.
    segments: Segments,
    decoded_len: usize,
    /// The value was read as HTML ([`super::html`]): the decoded places an edit must leave as
    /// they are, in order. A markup tag read as nothing is an empty range at its place; a
    /// character read from a `<br>` or an entity is its own range.
    html: Option<Box<[Range<usize>]>>,
}

impl TextMap {
    /// A map that knows only the raw extent of the value.
    pub(crate) fn whole(raw: Range<usize>, style: Style) -> TextMap {
        TextMap {
            raw,
            style,
            segments: Segments::None,
            decoded_len: 0,
            html: None,
        }
    }

    /// The value is the file bytes `content` verbatim (escape-free JSON string, text file line).
    pub(crate) fn identity(raw: Range<usize>, content: Range<usize>, style: Style) -> TextMap {
        let mut builder = MapBuilder::default();
        builder.push(0, content.len(), content.start, content.len());
        builder.finish(raw, style, content.len())
    }

    /// The same map with every place in the file at or after `from` moved `by` bytes (wrapping).
    pub(crate) fn moved_from(&mut self, from: usize, by: usize) {
        self.raw = crate::diagnostic::moved_from(&self.raw, from, by);
        for segment in self.segments.iter_mut() {
            segment.file = crate::diagnostic::moved_at(segment.file, from, by);
        }
    }

    /// How the value is written.
    pub(crate) fn style(&self) -> Style {
        self.style
    }

    /// The whole raw string/scalar in the file (with quotes for quoted scalars / JSON strings).
    pub fn raw(&self) -> Range<usize> {
        self.raw.clone()
    }

    /// Whether [`TextMap::to_file`] can answer (it is `None` for every range otherwise).
    pub fn is_exact(&self) -> bool {
        !self.segments.is_empty()
    }

    /// File byte range of the decoded byte range `decoded` (char boundaries); None when the map is
    /// not exact for it (then callers label [`TextMap::raw`]).
    ///
    /// The result runs from the start of the first character's raw bytes to the end of the last
    /// character's raw bytes; an empty range maps to an empty range at its position.
    pub fn to_file(&self, decoded: Range<usize>) -> Option<Range<usize>> {
        if self.segments.is_empty() || decoded.start > decoded.end {
            return None;
        }
        if decoded.end > self.decoded_len {
            return None;
        }
        let start = self.file_start(decoded.start)?;
        if decoded.start == decoded.end {
            return Some(start..start);
        }
        let end = self.file_end(decoded.end)?;
        (start <= end).then_some(start..end)
    }

    /// Raw position where the decoded byte `pos` begins (`pos == decoded_len`: the end of the last
    /// character).
    fn file_start(&self, pos: usize) -> Option<usize> {
        if pos == self.decoded_len {
            let last = self.segments.last()?;
            return Some(last.file + last.file_len);
        }
        let index = self.segments.partition_point(|s| s.dec + s.dec_len <= pos);
        let seg = self.segments.get(index)?;
        if seg.linear() {
            Some(seg.file + (pos - seg.dec))
        } else if pos == seg.dec {
            Some(seg.file)
        } else {
            None
        }
    }

    /// Raw position where the decoded character ending at byte `end` (exclusive) ends.
    fn file_end(&self, end: usize) -> Option<usize> {
        let index = self.segments.partition_point(|s| s.dec + s.dec_len < end);
        let seg = self.segments.get(index)?;
        if seg.linear() {
            Some(seg.file + (end - seg.dec))
        } else if end == seg.dec + seg.dec_len {
            Some(seg.file + seg.file_len)
        } else {
            None
        }
    }

    /// Push the file pieces of the decoded bytes `range` into `builder`, as the decoded bytes from
    /// `at` on: how a second decoding (HTML) maps a run it keeps as it is. False when the map is
    /// not exact, or the range cuts a run that stands for a raw piece as a whole.
    pub(crate) fn push_range(
        &self,
        range: Range<usize>,
        at: usize,
        builder: &mut MapBuilder,
    ) -> bool {
        if self.segments.is_empty() || range.start > range.end || range.end > self.decoded_len {
            return false;
        }
        let mut index = self
            .segments
            .partition_point(|s| s.dec + s.dec_len <= range.start);
        while let Some(seg) = self.segments.get(index)
            && seg.dec < range.end
        {
            let start = range.start.max(seg.dec);
            let end = range.end.min(seg.dec + seg.dec_len);
            let to = at + (start - range.start);
            if seg.linear() {
                builder.push(to, end - start, seg.file + (start - seg.dec), end - start);
            } else if start == seg.dec && end == seg.dec + seg.dec_len {
                builder.push(to, seg.dec_len, seg.file, seg.file_len);
            } else {
                return false;
            }
            index += 1;
        }
        true
    }

    /// The map of a value read as HTML, whose `protected` places (in order) an edit must keep.
    pub(crate) fn read_as_html(mut self, protected: Vec<Range<usize>>) -> TextMap {
        self.html = Some(protected.into_boxed_slice());
        self
    }

    /// The edit that writes `replacement` over the decoded bytes `decoded` of `value` (the text
    /// this map places): its file range and the replacement encoded ([`TextMap::to_file`],
    /// [`TextMap::encode`]). In a value read as HTML, the edit is first narrowed to what it
    /// changes (the characters it keeps at either end are left out), and refused when what is
    /// left holds markup read as nothing or a character read from a `<br>` or an entity (the
    /// markup would go, or be written as a character), or writes what the next read could take
    /// for HTML (a `<`, a `&` before a letter, a digit, `#` or the end).
    pub fn edit(
        &self,
        value: &str,
        decoded: Range<usize>,
        replacement: &str,
    ) -> Option<(Range<usize>, String)> {
        let Some(protected) = &self.html else {
            return Some((self.to_file(decoded)?, self.encode(replacement)?));
        };
        if could_be_html(replacement) {
            return None;
        }
        let (decoded, replacement) = if touches(protected, &decoded) {
            let (narrow, replacement) = narrowed(value.get(decoded.clone())?, replacement);
            let narrow = decoded.start + narrow.start..decoded.start + narrow.end;
            if touches(protected, &narrow) {
                return None;
            }
            (narrow, replacement)
        } else {
            (decoded, replacement)
        };
        Some((self.to_file(decoded)?, self.encode(replacement)?))
    }

    /// Encode a plain replacement string for writing at a [`TextMap::to_file`] range: JSON-escape
    /// inside JSON strings, YAML double-quoted escaping inside `"…"`, `''` doubling inside `'…'`,
    /// verbatim in plain and block scalars; XML entities for `&`, `<`, `>` in XML, `\n` in a Forge
    /// `Oracle:` line, `""` in a quoted CSV field. None if it cannot be written safely there (a
    /// line break in a plain, single-quoted or folded scalar, `: ` or ` #` in a plain scalar, the
    /// delimiter in a bare CSV field, …).
    pub fn encode(&self, replacement: &str) -> Option<String> {
        match self.style {
            Style::Json => Some(encode_json(replacement)),
            Style::YamlDouble => Some(encode_yaml_double(replacement)),
            Style::YamlSingle => {
                if replacement.chars().any(|c| c.is_control()) {
                    return None;
                }
                Some(replacement.replace('\'', "''"))
            }
            Style::YamlPlain { flow } => encode_yaml_plain(replacement, flow),
            Style::YamlLiteral { indent } => {
                if replacement
                    .chars()
                    .any(|c| c.is_control() && c != '\n' && c != '\t')
                {
                    return None;
                }
                // A line break must be followed by the block's indentation to stay inside it.
                let pad = format!("\n{}", " ".repeat(indent));
                Some(replacement.replace('\n', &pad))
            }
            Style::YamlFolded => {
                if replacement.chars().any(|c| c.is_control() && c != '\t') {
                    return None;
                }
                Some(replacement.to_owned())
            }
            Style::Verbatim => {
                // A blank line would split the card in two; `\r` would mix line endings.
                if replacement.contains('\r')
                    || replacement.contains("\n\n")
                    || replacement.starts_with('\n')
                    || replacement.ends_with('\n')
                {
                    return None;
                }
                Some(replacement.to_owned())
            }
            Style::MseLine => encode_mse(replacement, None),
            Style::MseBlock { indent } => encode_mse(replacement, Some(indent)),
            Style::XmlText { markup } => encode_xml(replacement, markup),
            Style::ForgeOracle => {
                // A backslash would start an escape; the line must stay one line.
                if replacement.contains('\\')
                    || replacement.chars().any(|c| c.is_control() && c != '\n')
                {
                    return None;
                }
                Some(replacement.replace('\n', "\\n"))
            }
            Style::CsvQuoted => {
                if replacement
                    .chars()
                    .any(|c| c.is_control() && c != '\n' && c != '\t')
                {
                    return None;
                }
                Some(replacement.replace('"', "\"\""))
            }
            Style::CsvBare { delimiter } => {
                let unsafe_text = replacement.chars().any(|c| {
                    (c.is_control() && c != '\t') || c == '"' || c == char::from(delimiter)
                });
                (!unsafe_text).then(|| replacement.to_owned())
            }
        }
    }
}

/// Whether an edit of the decoded bytes `range` reaches a `protected` place: a character inside
/// it, or a place (an empty range) strictly inside it, which an edit ending or starting there
/// leaves alone.
fn touches(protected: &[Range<usize>], range: &Range<usize>) -> bool {
    // In order, and apart: the first place that ends after the range starts is the one to ask
    // (an empty one there lies after the start).
    let from = protected.partition_point(|p| p.end <= range.start);
    protected.get(from).is_some_and(|p| p.start < range.end)
}

/// Whether `replacement`, written into a text read as HTML, could be read as HTML there: a `<`
/// (a tag), or a `&` that could start a reference (`&amp;`, `&#8217;`), also with the text after
/// the edit.
fn could_be_html(replacement: &str) -> bool {
    let bytes = replacement.as_bytes();
    bytes.iter().enumerate().any(|(at, &byte)| {
        byte == b'<'
            || (byte == b'&'
                && bytes
                    .get(at + 1)
                    .is_none_or(|&next| next.is_ascii_alphanumeric() || next == b'#'))
    })
}

/// `old` and `new` without the characters they share at their start and at their end: the range
/// of `old` that changes, and what it changes to.
fn narrowed<'r>(old: &str, new: &'r str) -> (Range<usize>, &'r str) {
    let prefix: usize = old
        .chars()
        .zip(new.chars())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    let (old_rest, new_rest) = (&old[prefix..], &new[prefix..]);
    let suffix: usize = old_rest
        .chars()
        .rev()
        .zip(new_rest.chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    (prefix..old.len() - suffix, &new[prefix..new.len() - suffix])
}

/// Element content: `&`, `<` and `>` as entities (`>` so that no `]]>` is written). XML 1.0
/// holds no other control character than tab and line break, and a CR would be read as a line
/// break; inside markup nothing is written, since an edit may cut a CDATA section in two.
fn encode_xml(s: &str, markup: bool) -> Option<String> {
    if markup || s.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    Some(out)
}

fn encode_json(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

fn encode_yaml_double(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let n = c as u32;
                if n <= 0xff {
                    out.push_str(&format!("\\x{n:02x}"));
                } else {
                    out.push_str(&format!("\\u{n:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out
}

fn encode_yaml_plain(s: &str, flow: bool) -> Option<String> {
    let unsafe_text = s.is_empty()
        || s.chars().any(|c| c.is_control())
        || s.contains(": ")
        || s.contains(" #")
        || s.ends_with(':')
        || s.starts_with('#')
        || s.starts_with(char::is_whitespace)
        || s.ends_with(char::is_whitespace)
        || (flow && s.contains([',', '[', ']', '{', '}']));
    (!unsafe_text).then(|| s.to_owned())
}

/// MSE's tagged text: `<` would open a tag and `&` an entity, so both are written as entities; a
/// line break stays inside a block value only when the block's tabs follow it (`block_indent`),
/// and a value on its key's line cannot hold one.
fn encode_mse(s: &str, block_indent: Option<usize>) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '&' => out.push_str("&amp;"),
            // The card, as an atom it reads from (`super::mse::markup`): MSE shows its name there.
            '~' => out.push_str("<atom-cardname></atom-cardname>"),
            '\n' => {
                out.push('\n');
                out.extend(std::iter::repeat_n('\t', block_indent?));
            }
            '\t' => out.push('\t'),
            c if c.is_control() => return None,
            c => out.push(c),
        }
    }
    Some(out)
}

/// How many segments one map holds at most; a value that needs more is mapped whole. The texts of
/// the Oracle card set and its printed wordings need at most 59, but a segment for each escape
/// costs 32 bytes for the escape's 2 (a JSON text of 28 million `\n` took 900 MB): the bound keeps
/// the map of any one value within 32 KiB, and of the cards being checked at once (a few batches
/// of 256) within a few tens of MB.
pub(crate) const MAX_SEGMENTS: usize = 1024;

/// Collects segments in order, merging adjacent byte-for-byte runs, up to `MAX_SEGMENTS`.
#[derive(Debug, Default)]
pub(crate) struct MapBuilder {
    segments: Segments,
    /// More segments were pushed than a map holds: the map is whole.
    overflowed: bool,
}

impl MapBuilder {
    /// Decoded `dec..dec+dec_len` came from file `file..file+file_len`.
    pub(crate) fn push(&mut self, dec: usize, dec_len: usize, file: usize, file_len: usize) {
        if dec_len == 0 || self.overflowed {
            return;
        }
        let seg = Segment {
            dec,
            file,
            dec_len,
            file_len,
        };
        if let Some(last) = self.segments.last_mut()
            && last.linear()
            && seg.linear()
            && last.dec + last.dec_len == dec
            && last.file + last.file_len == file
        {
            last.dec_len += dec_len;
            last.file_len += file_len;
            return;
        }
        if self.segments.len() == MAX_SEGMENTS {
            self.overflowed = true;
            self.segments = Segments::None;
            return;
        }
        self.segments.push(seg);
    }

    /// The map, if the segments cover decoded `0..decoded_len` without gaps and run forward in the
    /// file inside `raw`; otherwise a whole map.
    pub(crate) fn finish(self, raw: Range<usize>, style: Style, decoded_len: usize) -> TextMap {
        if self.overflowed {
            return TextMap::whole(raw, style);
        }
        let mut dec = 0;
        let mut file = raw.start;
        for seg in self.segments.iter() {
            if seg.dec != dec || seg.file < file {
                return TextMap::whole(raw, style);
            }
            dec = seg.dec + seg.dec_len;
            file = seg.file + seg.file_len;
        }
        if dec != decoded_len || file > raw.end || decoded_len == 0 {
            return TextMap::whole(raw, style);
        }
        TextMap {
            raw,
            style,
            segments: self.segments,
            decoded_len,
            html: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(pieces: &[(usize, usize, usize, usize)], raw: Range<usize>, len: usize) -> TextMap {
        let mut b = MapBuilder::default();
        for &(d, dl, f, fl) in pieces {
            b.push(d, dl, f, fl);
        }
        b.finish(raw, Style::Json, len)
    }

    #[test]
    fn identity_maps_by_offset() {
        let m = TextMap::identity(9..20, 10..19, Style::Json);
        assert_eq!(m.to_file(0..3), Some(10..13));
        assert_eq!(m.to_file(9..9), Some(19..19));
        assert_eq!(m.to_file(2..10), None);
        assert_eq!(m.raw(), 9..20);
    }

    #[test]
    fn escape_is_atomic() {
        // decoded "a—b" (— is 3 bytes) from raw `"a\u2014b"` at 0..12
        let m = map(&[(0, 1, 1, 1), (1, 3, 2, 6), (4, 1, 8, 1)], 0..10, 5);
        assert_eq!(m.to_file(0..5), Some(1..9));
        assert_eq!(m.to_file(1..4), Some(2..8));
        assert_eq!(m.to_file(4..5), Some(8..9));
        assert_eq!(m.to_file(2..4), None);
    }

    /// A second decoding maps a run it keeps through the first map, piece by piece, and never
    /// cuts an escape.
    #[test]
    fn a_range_is_pushed_through_in_its_pieces() {
        // decoded "a—b" (— is 3 bytes) from raw `"a\u2014b"`
        let first = map(&[(0, 1, 1, 1), (1, 3, 2, 6), (4, 1, 8, 1)], 0..10, 5);
        let mut second = MapBuilder::default();
        assert!(first.push_range(1..5, 0, &mut second));
        let pushed = second.finish(0..10, Style::Json, 4);
        assert_eq!(pushed.to_file(0..3), Some(2..8));
        assert_eq!(pushed.to_file(3..4), Some(8..9));
        assert!(!first.push_range(2..5, 0, &mut MapBuilder::default()));
        assert!(!TextMap::whole(0..10, Style::Json).push_range(
            0..1,
            0,
            &mut MapBuilder::default()
        ));
    }

    #[test]
    fn an_edit_is_narrowed_to_what_it_changes() {
        assert_eq!(narrowed("it.\nJace", "it. Jace"), (3..4, " "));
        assert_eq!(narrowed("ab", "abc"), (2..2, "c"));
        assert_eq!(narrowed("aa", "a"), (1..2, ""));
        assert_eq!(narrowed("x’y", "x'y"), (1..4, "'"));
        // A place strictly inside an edit, or a character it overlaps, is touched.
        let protected = [2..2, 5..6];
        assert!(touches(&protected, &(1..3)));
        assert!(!touches(&protected, &(2..5)));
        assert!(!touches(&protected, &(0..2)));
        assert!(!touches(&protected, &(5..5)) && touches(&protected, &(4..6)));
    }

    #[test]
    fn gaps_and_backward_runs_make_whole_maps() {
        assert!(!map(&[(0, 1, 1, 1), (2, 1, 2, 1)], 0..5, 3).is_exact());
        assert!(!map(&[(0, 1, 3, 1), (1, 1, 2, 1)], 0..5, 2).is_exact());
        assert!(!map(&[(0, 1, 1, 1)], 0..5, 2).is_exact());
        assert_eq!(map(&[(0, 1, 1, 1)], 0..5, 2).to_file(0..1), None);
    }

    /// A value of one run (adjacent plain runs merge) keeps it in the map, with no vector; one of
    /// several runs holds them all, in order.
    #[test]
    fn one_run_is_kept_in_place() {
        let plain = map(&[(0, 2, 1, 2), (2, 3, 3, 3)], 0..7, 5);
        assert!(matches!(plain.segments, Segments::One(_)));
        assert_eq!(plain, TextMap::identity(0..7, 1..6, Style::Json));
        assert_eq!(plain.to_file(1..4), Some(2..5));
        assert_eq!(plain.to_file(5..5), Some(6..6));
        // `a\nb`: a run, an escape, a run.
        let escaped = map(&[(0, 1, 1, 1), (1, 1, 2, 2), (2, 1, 4, 1)], 0..6, 3);
        assert!(matches!(&escaped.segments, Segments::Many(runs) if runs.len() == 3));
        assert_eq!(escaped.to_file(1..2), Some(2..4));
        assert_eq!(escaped.to_file(0..3), Some(1..5));
        assert!(matches!(MapBuilder::default().segments, Segments::None));
    }

    #[test]
    fn a_map_past_its_segments_is_whole() {
        // One escape after another, each a segment of its own: "\n\n..." from `\n\n...`.
        let escapes = |count: usize| {
            let pieces: Vec<_> = (0..count).map(|i| (i, 1, 1 + 2 * i, 2)).collect();
            map(&pieces, 0..2 * count + 2, count)
        };
        let at_the_bound = escapes(MAX_SEGMENTS);
        assert!(at_the_bound.is_exact());
        assert_eq!(at_the_bound.to_file(3..4), Some(7..9));
        let past = escapes(MAX_SEGMENTS + 1);
        assert!(!past.is_exact());
        assert_eq!(past.to_file(3..4), None);
        assert_eq!(past.raw(), 0..2 * MAX_SEGMENTS + 4);
        // Byte-for-byte runs merge: a long plain value is one segment.
        let plain: Vec<_> = (0..10 * MAX_SEGMENTS).map(|i| (i, 1, 1 + i, 1)).collect();
        assert!(map(&plain, 0..10 * MAX_SEGMENTS + 2, 10 * MAX_SEGMENTS).is_exact());
    }

    #[test]
    fn encodes_per_style() {
        let m = |style| TextMap::whole(0..1, style);
        assert_eq!(
            m(Style::Json).encode("a \"b\"\n\\").as_deref(),
            Some("a \\\"b\\\"\\n\\\\")
        );
        assert_eq!(
            m(Style::YamlDouble).encode("x\u{7}\"").as_deref(),
            Some("x\\x07\\\"")
        );
        assert_eq!(
            m(Style::YamlSingle).encode("it's").as_deref(),
            Some("it''s")
        );
        assert_eq!(m(Style::YamlSingle).encode("a\nb"), None);
        let plain = m(Style::YamlPlain { flow: false });
        assert_eq!(
            plain.encode("until end of turn, x").as_deref(),
            Some("until end of turn, x")
        );
        assert_eq!(plain.encode("a: b"), None);
        assert_eq!(plain.encode("a #b"), None);
        assert_eq!(plain.encode("a\nb"), None);
        assert_eq!(m(Style::YamlPlain { flow: true }).encode("a, b"), None);
        assert_eq!(
            m(Style::YamlLiteral { indent: 4 })
                .encode("a\nb")
                .as_deref(),
            Some("a\n    b")
        );
        assert_eq!(m(Style::YamlFolded).encode("a\nb"), None);
        assert_eq!(m(Style::Verbatim).encode("a\n\nb"), None);
    }

    #[test]
    fn encodes_mse_values_with_entities_and_the_block_tabs() {
        let m = |style| TextMap::whole(0..1, style);
        let line = m(Style::MseLine);
        assert_eq!(
            line.encode("x <y> & z").as_deref(),
            Some("x &lt;y> &amp; z")
        );
        assert_eq!(line.encode("a\nb"), None);
        assert_eq!(line.encode("a\rb"), None);
        // `~` is read from an empty or stale name atom: a fix writes it back as one.
        assert_eq!(
            line.encode("At the beginning of ~'s upkeep").as_deref(),
            Some("At the beginning of <atom-cardname></atom-cardname>'s upkeep")
        );
        let block = m(Style::MseBlock { indent: 2 });
        assert_eq!(
            block.encode("until end of turn.\nDraw a card.").as_deref(),
            Some("until end of turn.\n\t\tDraw a card.")
        );
        assert_eq!(block.encode("a\u{7}"), None);
    }

    #[test]
    fn encodes_for_the_designers_formats() {
        let m = |style| TextMap::whole(0..1, style);
        let xml = m(Style::XmlText { markup: false });
        assert_eq!(
            xml.encode("R&D's <b> \"x\"").as_deref(),
            Some("R&amp;D's &lt;b&gt; \"x\"")
        );
        assert_eq!(xml.encode("a\nb").as_deref(), Some("a\nb"));
        assert_eq!(xml.encode("a\rb"), None);
        assert_eq!(xml.encode("\u{1}"), None);
        assert_eq!(m(Style::XmlText { markup: true }).encode("until"), None);
        let forge = m(Style::ForgeOracle);
        assert_eq!(forge.encode("a\nb").as_deref(), Some("a\\nb"));
        assert_eq!(forge.encode("a\\nb"), None);
        assert_eq!(forge.encode("a\rb"), None);
        let quoted = m(Style::CsvQuoted);
        assert_eq!(
            quoted.encode("say \"hi\",\nthen").as_deref(),
            Some("say \"\"hi\"\",\nthen")
        );
        assert_eq!(quoted.encode("a\rb"), None);
        let bare = m(Style::CsvBare { delimiter: b',' });
        assert_eq!(
            bare.encode("until end of turn").as_deref(),
            Some("until end of turn")
        );
        assert_eq!(bare.encode("a, b"), None);
        assert_eq!(bare.encode("a \"b\""), None);
        assert_eq!(bare.encode("a\nb"), None);
        let tabbed = m(Style::CsvBare { delimiter: b'\t' });
        assert_eq!(tabbed.encode("a, b").as_deref(), Some("a, b"));
        assert_eq!(tabbed.encode("a\tb"), None);
    }
}
