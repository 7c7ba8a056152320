//! A file's name as reports show it, and its bytes as they are on disk.
//!
//! A name is bytes on Unix, and not always UTF-8 text. Shown lossily, two names that differ only
//! in a byte that is not UTF-8 would read as one, and a diff naming U+FFFD could not be applied.
//! So a report shows each such byte as `\xNN`, and the formats that can carry bytes carry them:
//! SARIF percent-encodes them, a diff quotes them as git does (`"a/\377.yaml"`).
//!
//! Architecture invariant: names only; it opens no file and knows nothing of what a file holds.

use std::borrow::Cow;
use std::path::Path;

/// The bytes of `path`: on Unix the name as it is on disk; elsewhere, where names are Unicode,
/// its UTF-8.
pub fn bytes(path: &Path) -> Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Cow::Borrowed(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    match path.to_string_lossy() {
        Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
        Cow::Owned(text) => Cow::Owned(text.into_bytes()),
    }
}

/// `path` as a report shows it: its text, with each byte that is not UTF-8 as `\xNN`.
pub fn shown(path: &Path) -> String {
    shown_bytes(&bytes(path))
}

/// [`shown`] of a name's bytes.
pub fn shown_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out
}

/// The bytes of `path` when they are not UTF-8 text, which [`shown`] cannot give back.
pub fn raw_bytes(path: &Path) -> Option<Vec<u8>> {
    let bytes = bytes(path);
    std::str::from_utf8(&bytes)
        .is_err()
        .then(|| bytes.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_byte_that_is_not_utf8_is_shown_escaped_and_kept() {
        use std::os::unix::ffi::OsStrExt;
        let path = Path::new(std::ffi::OsStr::from_bytes(b"sets/caf\xe9/\xff.yaml"));
        assert_eq!(shown(path), "sets/caf\\xe9/\\xff.yaml");
        assert_eq!(
            raw_bytes(path).as_deref(),
            Some(&b"sets/caf\xe9/\xff.yaml"[..])
        );
        let other = Path::new(std::ffi::OsStr::from_bytes(b"sets/caf\xe9/\xfe.yaml"));
        assert_ne!(shown(path), shown(other));
    }

    #[test]
    fn a_utf8_name_is_shown_as_it_is() {
        let path = Path::new("sets/café/Sun’s Vigil.yaml");
        assert_eq!(shown(path), "sets/café/Sun’s Vigil.yaml");
        assert_eq!(raw_bytes(path), None);
    }
}
