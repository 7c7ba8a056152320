//! Windows-1252, the one legacy encoding card files are read in (issue 39): older Forge scripts
//! and Magic Set Editor sets were saved in it. Each byte is one character, and decoding then
//! encoding gives back every byte, so a fix written back in it changes only the fixed words.

/// The characters of bytes 0x80 to 0x9F; `None` for the five bytes the encoding leaves undefined
/// (0x81, 0x8D, 0x8F, 0x90, 0x9D).
const HIGH: [Option<char>; 32] = [
    Some('\u{20ac}'),
    None,
    Some('\u{201a}'),
    Some('\u{0192}'),
    Some('\u{201e}'),
    Some('\u{2026}'),
    Some('\u{2020}'),
    Some('\u{2021}'),
    Some('\u{02c6}'),
    Some('\u{2030}'),
    Some('\u{0160}'),
    Some('\u{2039}'),
    Some('\u{0152}'),
    None,
    Some('\u{017d}'),
    None,
    None,
    Some('\u{2018}'),
    Some('\u{2019}'),
    Some('\u{201c}'),
    Some('\u{201d}'),
    Some('\u{2022}'),
    Some('\u{2013}'),
    Some('\u{2014}'),
    Some('\u{02dc}'),
    Some('\u{2122}'),
    Some('\u{0161}'),
    Some('\u{203a}'),
    Some('\u{0153}'),
    None,
    Some('\u{017e}'),
    Some('\u{0178}'),
];

/// The character of one byte; `None` for an undefined one.
fn char_of(byte: u8) -> Option<char> {
    match byte {
        0x80..=0x9f => HIGH[usize::from(byte - 0x80)],
        _ => Some(char::from(byte)),
    }
}

/// Whether `bytes` may be Windows-1252 card text: no NUL, and none of the five undefined bytes.
pub(super) fn may_be(bytes: &[u8]) -> bool {
    !bytes
        .iter()
        .any(|&byte| byte == 0 || matches!(byte, 0x81 | 0x8d | 0x8f | 0x90 | 0x9d))
}

/// `bytes` decoded; `None` when [`may_be`] says they are not Windows-1252 text.
pub(super) fn decode(bytes: &[u8]) -> Option<String> {
    if !may_be(bytes) {
        return None;
    }
    bytes.iter().map(|&byte| char_of(byte)).collect()
}

/// `text` encoded; the error names the first character Windows-1252 cannot hold.
pub(super) fn encode(text: &str) -> Result<Vec<u8>, char> {
    text.chars()
        .map(|c| match u8::try_from(u32::from(c)) {
            Ok(byte) if !(0x80..=0x9f).contains(&byte) => Ok(byte),
            _ => HIGH
                .iter()
                .position(|high| *high == Some(c))
                .and_then(|index| u8::try_from(0x80 + index).ok())
                .ok_or(c),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_defined_byte_decodes_and_encodes_back() {
        let bytes: Vec<u8> = (1..=255u8).filter(|byte| may_be(&[*byte])).collect();
        assert_eq!(bytes.len(), 255 - 5);
        let text = decode(&bytes).expect("defined bytes");
        assert_eq!(encode(&text), Ok(bytes));
        assert_eq!(
            decode(b"caf\xe9 \x92s \x97 \x80"),
            Some("café ’s — €".to_string())
        );
    }

    #[test]
    fn undefined_bytes_and_nul_are_no_windows_1252_text() {
        for byte in [0x00, 0x81, 0x8d, 0x8f, 0x90, 0x9d] {
            assert_eq!(decode(&[b'a', byte]), None, "{byte:#x}");
        }
        // A character outside it cannot be written back.
        assert_eq!(encode("a → b"), Err('→'));
        // The C1 controls are not its characters: U+0080 is no byte of it.
        assert_eq!(encode("\u{80}"), Err('\u{80}'));
    }
}
