//! Backslash escapes of JSON strings and YAML double-quoted scalars, read from raw bytes.

/// What one escape sequence stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Escape {
    /// A decoded character, from `len` raw bytes.
    Char(char, usize),
    /// A YAML escaped line break (`\` at the end of a line): no character, `len` raw bytes.
    LineBreak(usize),
}

/// Which escapes are allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    Json,
    Yaml,
}

/// The escape starting at `bytes[at]` (which must be `\`), or an error message.
pub(crate) fn read_escape(
    bytes: &[u8],
    at: usize,
    dialect: Dialect,
) -> Result<Escape, &'static str> {
    let Some(&kind) = bytes.get(at + 1) else {
        return Err("unfinished escape sequence");
    };
    let simple = |c: char| Ok(Escape::Char(c, 2));
    match (kind, dialect) {
        (b'"', _) => simple('"'),
        (b'\\', _) => simple('\\'),
        (b'/', _) => simple('/'),
        (b'b', _) => simple('\u{8}'),
        (b'f', _) => simple('\u{c}'),
        (b'n', _) => simple('\n'),
        (b'r', _) => simple('\r'),
        (b't', _) => simple('\t'),
        (b'u', _) => read_unicode(bytes, at, dialect),
        (b'0', Dialect::Yaml) => simple('\0'),
        (b'a', Dialect::Yaml) => simple('\u{7}'),
        (b'v', Dialect::Yaml) => simple('\u{b}'),
        (b'e', Dialect::Yaml) => simple('\u{1b}'),
        (b' ', Dialect::Yaml) => simple(' '),
        (b'\t', Dialect::Yaml) => simple('\t'),
        (b'N', Dialect::Yaml) => simple('\u{85}'),
        (b'_', Dialect::Yaml) => simple('\u{a0}'),
        (b'L', Dialect::Yaml) => simple('\u{2028}'),
        (b'P', Dialect::Yaml) => simple('\u{2029}'),
        (b'x', Dialect::Yaml) => hex_char(bytes, at + 2, 2).map(|c| Escape::Char(c, 4)),
        (b'U', Dialect::Yaml) => hex_char(bytes, at + 2, 8).map(|c| Escape::Char(c, 10)),
        (b'\n', Dialect::Yaml) => Ok(Escape::LineBreak(2)),
        (b'\r', Dialect::Yaml) => {
            let len = if bytes.get(at + 2) == Some(&b'\n') {
                3
            } else {
                2
            };
            Ok(Escape::LineBreak(len))
        }
        _ => Err("invalid escape sequence"),
    }
}

/// `\uXXXX`, combining a UTF-16 surrogate pair `\uD83D\uDE00` into one character.
fn read_unicode(bytes: &[u8], at: usize, dialect: Dialect) -> Result<Escape, &'static str> {
    let high = hex_value(bytes, at + 2, 4).ok_or("invalid unicode escape")?;
    if !(0xD800..0xDC00).contains(&high) {
        return char::from_u32(high)
            .map(|c| Escape::Char(c, 6))
            .ok_or("invalid unicode escape");
    }
    let low = (bytes.get(at + 6) == Some(&b'\\') && bytes.get(at + 7) == Some(&b'u'))
        .then(|| hex_value(bytes, at + 8, 4))
        .flatten()
        .filter(|low| (0xDC00..0xE000).contains(low));
    match low {
        Some(low) => {
            let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
            char::from_u32(code)
                .map(|c| Escape::Char(c, 12))
                .ok_or("invalid unicode escape")
        }
        None if dialect == Dialect::Json => Err("unpaired surrogate in unicode escape"),
        None => Err("invalid unicode escape"),
    }
}

fn hex_char(bytes: &[u8], at: usize, digits: usize) -> Result<char, &'static str> {
    hex_value(bytes, at, digits)
        .and_then(char::from_u32)
        .ok_or("invalid hexadecimal escape")
}

fn hex_value(bytes: &[u8], at: usize, digits: usize) -> Option<u32> {
    let hex = bytes.get(at..at.checked_add(digits)?)?;
    hex.iter().try_fold(0u32, |acc, &b| {
        let digit = (b as char).to_digit(16)?;
        Some(acc * 16 + digit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(raw: &str, dialect: Dialect) -> Result<Escape, &'static str> {
        read_escape(raw.as_bytes(), 0, dialect)
    }

    #[test]
    fn reads_escapes() {
        assert_eq!(esc("\\n", Dialect::Json), Ok(Escape::Char('\n', 2)));
        assert_eq!(esc("\\u2014", Dialect::Json), Ok(Escape::Char('—', 6)));
        assert_eq!(
            esc("\\ud83d\\ude00", Dialect::Json),
            Ok(Escape::Char('😀', 12))
        );
        assert!(esc("\\ud83d", Dialect::Json).is_err());
        assert!(esc("\\x41", Dialect::Json).is_err());
        assert_eq!(esc("\\x41", Dialect::Yaml), Ok(Escape::Char('A', 4)));
        assert_eq!(
            esc("\\U0001F600", Dialect::Yaml),
            Ok(Escape::Char('😀', 10))
        );
        assert_eq!(esc("\\\r\n", Dialect::Yaml), Ok(Escape::LineBreak(3)));
        assert!(esc("\\", Dialect::Yaml).is_err());
        assert!(esc("\\u12", Dialect::Json).is_err());
        assert!(esc("\\u+123", Dialect::Json).is_err());
    }
}
