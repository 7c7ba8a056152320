//! Reading a file named for checking: the bytes as UTF-8 card text, or a problem with its place.

use std::io::Read;
use std::path::Path;

/// A file that could not be read as card text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// Lower-case, without the path: "not UTF-8 text: byte 12 (0xff) is not valid UTF-8".
    pub message: String,
    /// The text before the problem (empty when nothing could be read), so that a report can show
    /// the place.
    pub readable: String,
    /// The byte offset of the problem; `readable.len()`.
    pub at: usize,
}

impl ReadError {
    /// A problem before the first byte.
    pub fn at_start(message: String) -> ReadError {
        ReadError {
            message,
            readable: String::new(),
            at: 0,
        }
    }

    /// `line:column` (1-based, columns in characters) of the problem in `readable`.
    pub fn line_column(&self) -> (usize, usize) {
        let before = &self.readable[..self.at.min(self.readable.len())];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (
            before.matches('\n').count() + 1,
            before[line_start..].chars().count() + 1,
        )
    }
}

/// Reads `path` (standard input for `-`) as text. A file that cannot be read, is not UTF-8 or
/// holds a NUL byte is an error.
pub fn read_file(path: &Path) -> Result<String, ReadError> {
    let bytes = if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(path)
    };
    let bytes = bytes.map_err(|error| ReadError::at_start(crate::config::io_message(&error)))?;
    let text = String::from_utf8(bytes).map_err(|error| {
        let valid = error.utf8_error().valid_up_to();
        let bytes = error.into_bytes();
        ReadError {
            message: format!(
                "not UTF-8 text: byte {valid} (0x{:02x}) is not valid UTF-8",
                bytes[valid]
            ),
            readable: String::from_utf8_lossy(&bytes[..valid]).into_owned(),
            at: valid,
        }
    })?;
    // NUL is valid UTF-8 but never in card text (YAML and JSON forbid it): a binary file, as git
    // decides, and not a text card named "\0\0\0".
    match text.bytes().position(|byte| byte == 0) {
        Some(nul) => Err(ReadError {
            message: format!("a binary file: byte {nul} is a NUL byte"),
            readable: text[..nul].to_string(),
            at: nul,
        }),
        None => Ok(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_bytes_are_placed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.txt");
        std::fs::write(&path, b"Bear\nTap \xe2\x80\x94 x\xffy").unwrap();
        let error = read_file(&path).unwrap_err();
        assert_eq!(error.at, 14);
        assert_eq!(error.readable, "Bear\nTap \u{2014} x");
        assert_eq!(error.line_column(), (2, 8));
        assert!(error.message.starts_with("not UTF-8 text: byte 14 (0xff)"));

        std::fs::write(&path, b"a\0b").unwrap();
        let error = read_file(&path).unwrap_err();
        assert_eq!((error.at, error.readable.as_str()), (1, "a"));

        let missing = read_file(&dir.path().join("missing")).unwrap_err();
        assert_eq!(missing.message, "no such file or directory");
    }
}
