//! Reading a file phaselint is given (a card file, standard input, a config): the bytes as UTF-8
//! text, or a problem with its place.
//!
//! Reads are bounded, because phaselint runs on files strangers wrote: only regular files (and
//! standard input) are read, never more than a limit, and the first bytes are checked for a
//! binary file before the rest is read. A file that is not card text is never shown: its
//! problem keeps its line and column, but the text before it is blanked.
//!
//! Architecture invariant: bytes to text, and the words of an I/O error ([`io_message`], which
//! every reader and writer of files uses); it knows nothing of card formats, configs or rules.

mod windows1252;

use crate::diagnostic::clean_message;
use std::io::Read;
use std::path::Path;

/// The default `--max-file-size`: room for MTGJSON's AllPrintings (about half of it in 2026).
pub const DEFAULT_MAX_FILE_SIZE: u64 = 1 << 30;

/// The bytes checked for a binary file before the rest is read.
const HEAD_BYTES: u64 = 8 * 1024;

/// A file that could not be read as card text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// Lower-case, without the path: "not UTF-8 text: byte 12 (0xff) is not valid UTF-8".
    pub message: String,
    /// Blanks in place of the text before the problem: its lines, each character a space, so that
    /// a report places the problem without showing what a file that is not card text holds.
    pub readable: String,
    /// The byte offset of the problem in `readable`: `readable.len()`.
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

    /// A problem after `before`, the text read up to it.
    fn after(before: &str, message: String) -> ReadError {
        let readable: String = before
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        ReadError {
            message,
            at: readable.len(),
            readable,
        }
    }

    /// `line:column` (1-based, columns in characters) of the problem.
    pub fn line_column(&self) -> (usize, usize) {
        let before = &self.readable[..self.at.min(self.readable.len())];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (
            before.matches('\n').count() + 1,
            before[line_start..].chars().count() + 1,
        )
    }
}

/// Reads `path` (standard input for `-`) as text, at most `max` bytes. A file that cannot be
/// read, resolves out of its tree or into a `.git` directory ([`crate::tree`]), is not a regular
/// file, is larger than `max`, is not UTF-8 or holds a NUL byte is an error.
pub fn read_file(path: &Path, max: u64) -> Result<String, ReadError> {
    if path.as_os_str() != "-" {
        judged(path, false)?;
    }
    read_walked_file(path, max)
}

/// `path` judged by [`crate::tree::judge`], unless a directory walk found it (`walked`): the walk
/// judged the directory it was given and followed no link below it.
fn judged(path: &Path, walked: bool) -> Result<(), ReadError> {
    if walked {
        return Ok(());
    }
    crate::tree::judge(path).map_err(|refusal| ReadError::at_start(refusal.message().to_string()))
}

/// A file's text as [`read_text`] gives it: copied into memory, or mapped.
///
/// Mapped only when large (at least [`MAP_FROM`] bytes) and only for a run that writes no file:
/// a 20 MB file costs 20 ms to copy, most of it the kernel zeroing and faulting in the pages of a
/// fresh buffer, and 3 ms to map (docs/performance.md, "The eighth step"). A mapped file is the
/// file itself: the run assumes no other process changes it while it is read, as ripgrep and git
/// assume of the files they map. One cut short under it, or a read error of its disk, ends the
/// run with `SIGBUS`; one changed in place may be reported wrongly, or end the run.
pub struct FileText(Held);

enum Held {
    Read(String),
    Mapped(memmap2::Mmap),
    /// A card file that is not UTF-8 but Windows-1252, decoded; what a reader of UTF-8 only
    /// says of it.
    Windows1252 {
        text: String,
        not_utf8: ReadError,
        /// Where the first byte that is not UTF-8 lies in `text`.
        first: usize,
    },
}

/// The encoding a card file was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// Not UTF-8, and read as Windows-1252 ([`read_card_file`]).
    Windows1252,
}

impl Encoding {
    /// `text` as this encoding writes it; the error says why it cannot be (a character that
    /// Windows-1252 cannot hold).
    pub fn encode(self, text: &str) -> Result<std::borrow::Cow<'_, [u8]>, String> {
        match self {
            Encoding::Utf8 => Ok(text.as_bytes().into()),
            Encoding::Windows1252 => windows1252::encode(text).map(Into::into).map_err(|c| {
                format!(
                    "the file is Windows-1252, which cannot hold U+{:04X} ({c:?}): it is not \
                     rewritten as UTF-8",
                    u32::from(c)
                )
            }),
        }
    }
}

/// The size from which [`read_text`] maps a file instead of copying it: below it, the copy is
/// cheaper than the mapping's system calls.
pub const MAP_FROM: u64 = 1 << 20;

impl FileText {
    /// Whether the text is the file itself, mapped, rather than a copy.
    pub fn is_mapped(&self) -> bool {
        matches!(self.0, Held::Mapped(_))
    }

    /// The encoding the file was read in.
    pub fn encoding(&self) -> Encoding {
        match self.0 {
            Held::Windows1252 { .. } => Encoding::Windows1252,
            Held::Read(_) | Held::Mapped(_) => Encoding::Utf8,
        }
    }

    /// For a file read as Windows-1252, what a reader of UTF-8 only says of it (a format that must
    /// be UTF-8, JSON or XML, reports it so), and where its first byte that is not UTF-8 lies in
    /// the text.
    pub fn not_utf8(&self) -> Option<(&ReadError, usize)> {
        match &self.0 {
            Held::Windows1252 {
                not_utf8, first, ..
            } => Some((not_utf8, *first)),
            Held::Read(_) | Held::Mapped(_) => None,
        }
    }

    /// `text`, a new version of this one (fixed), in its encoding: a fix of a Windows-1252 file is
    /// written back in Windows-1252. Its first byte that is not UTF-8 is found again: a fix before
    /// it moves it.
    pub fn rewritten(&self, text: String) -> FileText {
        match &self.0 {
            Held::Windows1252 { not_utf8, .. } => FileText(Held::Windows1252 {
                first: windows1252::encode(&text)
                    .ok()
                    .and_then(|bytes| first_not_utf8(&bytes, &text))
                    .unwrap_or(0),
                not_utf8: not_utf8.clone(),
                text,
            }),
            Held::Read(_) | Held::Mapped(_) => text.into(),
        }
    }

    /// The text, whole.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Held::Read(text) | Held::Windows1252 { text, .. } => text,
            // SAFETY: the bytes were found to be UTF-8 when mapped (`map_text`), and the mapping
            // is read-only; the file is assumed unchanged for the run (the type's doc).
            Held::Mapped(bytes) => unsafe { std::str::from_utf8_unchecked(bytes) },
        }
    }
}

impl std::ops::Deref for FileText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl From<String> for FileText {
    fn from(text: String) -> FileText {
        FileText(Held::Read(text))
    }
}

impl Default for FileText {
    fn default() -> FileText {
        FileText::from(String::new())
    }
}

impl std::fmt::Debug for FileText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for FileText {
    fn eq(&self, other: &FileText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for FileText {}

impl PartialEq<String> for FileText {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

/// [`read_file`] (or, when `walked`, [`read_walked_file`]) for a run that writes no file: a
/// regular file of at least [`MAP_FROM`] bytes whose head may be text is mapped ([`FileText`]).
/// Its head is judged first, as [`read_bounded`] judges it, so a large binary file is refused
/// after 8 KiB, not mapped whole; a file whose mapped bytes are no text is read as [`read_file`]
/// reads it, for the same error.
/// A card file: one that is not UTF-8 is read as Windows-1252 where it may be
/// ([`read_card_file`]).
pub fn read_text(path: &Path, max: u64, walked: bool) -> Result<FileText, ReadError> {
    if path.as_os_str() == "-" {
        return read_walked_file(path, max).map(FileText::from);
    }
    judged(path, walked)?;
    let (file, len) = open_regular(path, max)?;
    if len < MAP_FROM {
        return read_card_bounded(file, max, len);
    }
    read_large(file, max, len, map_text)
}

/// A card file, as [`read_file`] reads it (standard input for `-`), but that one that is not
/// UTF-8, holds no NUL and none of the five bytes Windows-1252 leaves undefined is read as
/// Windows-1252 ([`FileText::encoding`]): a legacy Forge script or set (issue 39). Standard
/// input is UTF-8: `--fix -` gives back what it read. `walked` as for [`read_text`].
pub fn read_card_file(path: &Path, max: u64, walked: bool) -> Result<FileText, ReadError> {
    if path.as_os_str() == "-" {
        return read_walked_file(path, max).map(FileText::from);
    }
    judged(path, walked)?;
    let (file, len) = open_regular(path, max)?;
    read_card_bounded(file, max, len)
}

/// [`read_text`] of a large `file` of `len` bytes: its head judged first, then `map` asked for
/// it; where that gives nothing, the file read as [`read_bounded`] reads it.
fn read_large<R: Read>(
    mut file: R,
    max: u64,
    len: u64,
    map: impl FnOnce(&R, u64) -> Option<FileText>,
) -> Result<FileText, ReadError> {
    let mut head = Vec::new();
    (&mut file)
        .take(HEAD_BYTES)
        .read_to_end(&mut head)
        .map_err(|error| ReadError::at_start(io_message(&error)))?;
    let head = card_head(head)?;
    match map(&file, max) {
        Some(mapped) => Ok(mapped),
        // The same bytes from the start: the head read already, then the rest.
        None => read_card_bounded(head.as_slice().chain(file), max, len),
    }
}

/// `file` mapped, when it holds at most `max` bytes, the mapping succeeds, and it is text as
/// [`read_bounded`] judges it (UTF-8 without a NUL); `None` otherwise.
fn map_text(file: &std::fs::File, max: u64) -> Option<FileText> {
    // SAFETY: read-only, but shared: a change another process makes to the file shows through
    // (it would through a private mapping too, on Linux), so the file is assumed unchanged for
    // the run ([`FileText`]). Not populated up front: the check below faults the pages in, a few
    // hundred faults for 20 MB, and asking for them all at once was slower (3.6 ms against 3.1).
    let bytes = unsafe { memmap2::Mmap::map(file) }.ok()?;
    // A file grown past `max` since it was opened is refused before any of it is read in.
    let text = bytes.len() as u64 <= max
        && std::str::from_utf8(&bytes).is_ok()
        && memchr::memchr(0, &bytes).is_none();
    text.then(|| FileText(Held::Mapped(bytes)))
}

/// [`read_file`] for a file a directory walk found ([`crate::walk::Walked::read`]): the walk
/// judged the directory it was given and followed no link below it, so the file resolves inside
/// its tree, and resolving it again (a system call a component) is skipped.
pub(crate) fn read_walked_file(path: &Path, max: u64) -> Result<String, ReadError> {
    if path.as_os_str() == "-" {
        return read_bounded(std::io::stdin().lock(), max, 0);
    }
    let (file, len) = open_regular(path, max)?;
    read_bounded(file, max, len)
}

/// The first bytes of `path` (at most 8 KiB) as text, for telling what a file a walk found holds
/// by its content: `None` when it is no regular file (a link is not followed), cannot be read, or
/// is no text. A character cut at the end is dropped.
pub fn head(path: &Path) -> Option<String> {
    if !std::fs::symlink_metadata(path).ok()?.is_file() {
        return None;
    }
    let file = std::fs::File::open(path).ok()?;
    // What was opened, asked again: a file swapped for a FIFO in between is not read.
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut head = Vec::new();
    file.take(HEAD_BYTES).read_to_end(&mut head).ok()?;
    let head = card_head(head).ok()?;
    let valid = match std::str::from_utf8(&head) {
        Ok(text) => text.len(),
        // A character cut at the end of the head.
        Err(error) if error.error_len().is_none() => error.valid_up_to(),
        // Windows-1252, as a card file may be: what tells a set or an edition file is ASCII.
        Err(_) => return windows1252::decode(&head),
    };
    String::from_utf8(head[..valid].to_vec()).ok()
}

/// The bytes of `path`, a file that is not text (a zip), at most `max` of them, judged and
/// bounded as [`read_file`] reads text; `walked` when a directory walk found it
/// ([`read_walked_file`]).
pub fn read_bytes(path: &Path, max: u64, walked: bool) -> Result<Vec<u8>, ReadError> {
    judged(path, walked)?;
    let (file, len) = open_regular(path, max)?;
    let mut bytes = Vec::new();
    read_rest(file, &mut bytes, max.saturating_add(1), len)
        .map_err(|error| ReadError::at_start(io_message(&error)))?;
    if bytes.len() as u64 > max {
        return Err(too_large(None, max));
    }
    Ok(bytes)
}

/// `path` opened, when it is a regular file of at most `max` bytes, and the size it had when
/// asked (a guess for a buffer, never a bound: the file may grow while it is read).
fn open_regular(path: &Path, max: u64) -> Result<(std::fs::File, u64), ReadError> {
    let io_error = |error: std::io::Error| ReadError::at_start(io_message(&error));
    // Asked before opening: opening a FIFO blocks until a writer comes, and a device never ends.
    let metadata = std::fs::metadata(path).map_err(io_error)?;
    if !metadata.is_file() {
        return Err(ReadError::at_start(not_regular(kind_of(
            &metadata.file_type(),
        ))));
    }
    if metadata.len() > max {
        return Err(too_large(Some(metadata.len()), max));
    }
    let file = std::fs::File::open(path).map_err(io_error)?;
    Ok((file, metadata.len()))
}

/// Reads at most `max` bytes from `reader`, the first [`HEAD_BYTES`] checked before the rest.
/// `expected` is how many bytes the reader is thought to hold ([`read_rest`]).
fn read_bounded(reader: impl Read, max: u64, expected: u64) -> Result<String, ReadError> {
    utf8(read_bounded_bytes(reader, max, expected, text_head)?)
}

/// [`read_bounded`] for a card file: one that is not UTF-8 but Windows-1252 is read as that.
fn read_card_bounded(reader: impl Read, max: u64, expected: u64) -> Result<FileText, ReadError> {
    let bytes = match String::from_utf8(read_bounded_bytes(reader, max, expected, card_head)?) {
        Ok(text) if memchr::memchr(0, text.as_bytes()).is_none() => return Ok(text.into()),
        Ok(text) => return Err(not_text(text.into_bytes())),
        Err(error) => error.into_bytes(),
    };
    match windows1252::decode(&bytes) {
        Some(text) => Ok(FileText(Held::Windows1252 {
            first: first_not_utf8(&bytes, &text).unwrap_or(0),
            text,
            not_utf8: not_text(bytes),
        })),
        None => Err(not_text(bytes)),
    }
}

/// Where the first of `bytes` that is not UTF-8 lies in `text`, their Windows-1252 decoding: one
/// character a byte.
fn first_not_utf8(bytes: &[u8], text: &str) -> Option<usize> {
    let error = std::str::from_utf8(bytes).err()?;
    text.char_indices()
        .nth(error.valid_up_to())
        .map(|(at, _)| at)
}

/// `head`, the first bytes of a card file, when they may be text: UTF-8 as [`text_head`] judges
/// it, or Windows-1252.
fn card_head(head: Vec<u8>) -> Result<Vec<u8>, ReadError> {
    let legacy = std::str::from_utf8(&head).is_err_and(|error| error.error_len().is_some())
        && windows1252::may_be(&head);
    if legacy { Ok(head) } else { text_head(head) }
}

/// The bytes of `reader`, at most `max`, the first [`HEAD_BYTES`] judged by `head` before the
/// rest is read.
fn read_bounded_bytes(
    mut reader: impl Read,
    max: u64,
    expected: u64,
    head: fn(Vec<u8>) -> Result<Vec<u8>, ReadError>,
) -> Result<Vec<u8>, ReadError> {
    let io_error = |error: std::io::Error| ReadError::at_start(io_message(&error));
    let mut bytes = Vec::new();
    (&mut reader)
        .take(HEAD_BYTES.min(max.saturating_add(1)))
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    let mut bytes = head(bytes)?;
    // A short head is the whole input; otherwise the rest, and one byte to tell it is too long.
    let read = bytes.len() as u64;
    if read == HEAD_BYTES.min(max.saturating_add(1)) {
        let limit = max.saturating_add(1).saturating_sub(read);
        read_rest(reader, &mut bytes, limit, expected).map_err(io_error)?;
    }
    if bytes.len() as u64 > max {
        return Err(too_large(None, max));
    }
    Ok(bytes)
}

/// `bytes` as text: UTF-8 without a NUL.
fn utf8(bytes: Vec<u8>) -> Result<String, ReadError> {
    match String::from_utf8(bytes) {
        // memchr: a NUL is looked for in every byte of every file read.
        Ok(text) if memchr::memchr(0, text.as_bytes()).is_none() => Ok(text),
        Ok(text) => Err(not_text(text.into_bytes())),
        Err(error) => Err(not_text(error.into_bytes())),
    }
}

/// Reads `reader` to its end after what `bytes` holds, at most `limit` bytes more. The buffer is
/// made at once for `expected` bytes in all (what the file is thought to hold, 0 when not known:
/// a guess, never a bound) and one more, so that finding the end needs no growth; growing it by
/// doubling would move a large file several times over. A failure to reserve is no error: the
/// read grows the buffer as it goes. A buffer left more than twice its bytes (the file shrank,
/// or said it was larger than it is) is shrunk: it is kept for the rest of the run.
fn read_rest(
    reader: impl Read,
    bytes: &mut Vec<u8>,
    limit: u64,
    expected: u64,
) -> std::io::Result<()> {
    let wanted = expected
        .saturating_add(1)
        .saturating_sub(bytes.len() as u64)
        .min(limit);
    let _ = bytes.try_reserve_exact(usize::try_from(wanted).unwrap_or(0));
    reader.take(limit).read_to_end(bytes)?;
    if bytes.capacity() / 2 > bytes.len() {
        bytes.shrink_to_fit();
    }
    Ok(())
}

/// `head`, the first bytes of a file, when they may be text: a binary file is told by its first
/// bytes, as git tells it, before the rest is read. The head may end inside a character; that is
/// no error yet.
fn text_head(head: Vec<u8>) -> Result<Vec<u8>, ReadError> {
    match std::str::from_utf8(&head) {
        Err(error) if error.error_len().is_some() => Err(not_text(head)),
        _ if head.contains(&0) => Err(not_text(head)),
        _ => Ok(head),
    }
}

/// Why reading `path` as [`read_file`] does (as [`read_bytes`] does, when not `text`) would fail
/// before its end: out of its tree, not a regular file, larger than `max`, or (for text) a
/// binary head; `None` when nothing says so yet. Only the head is read. `walked` as for
/// [`read_bytes`].
pub fn probe(path: &Path, max: u64, walked: bool, text: bool) -> Option<String> {
    if let Err(refusal) = judged(path, walked) {
        return Some(refusal.message);
    }
    let file = match open_regular(path, max) {
        Ok((file, _)) => file,
        Err(error) => return Some(error.message),
    };
    if !text {
        return None;
    }
    let mut head = Vec::new();
    if let Err(error) = file.take(HEAD_BYTES).read_to_end(&mut head) {
        return Some(io_message(&error));
    }
    card_head(head).err().map(|error| error.message)
}

/// The first byte that makes `bytes` no card text: one that is not UTF-8, or a NUL.
fn not_text(bytes: Vec<u8>) -> ReadError {
    let valid = match std::str::from_utf8(&bytes) {
        Ok(_) => bytes.len(),
        Err(error) => error.valid_up_to(),
    };
    // Both checks end at a whole character: `valid` and a NUL byte are boundaries.
    let text = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
    match text.find('\0') {
        Some(nul) => ReadError::after(
            &text[..nul],
            format!("a binary file: byte {nul} is a NUL byte"),
        ),
        None => ReadError::after(
            text,
            format!(
                "not UTF-8 text: byte {valid} (0x{:02x}) is not valid UTF-8",
                bytes.get(valid).copied().unwrap_or_default()
            ),
        ),
    }
}

/// The text of an I/O error, lower-case, without the OS error number: std writes one as
/// "File name too long (os error 36)", and the number means nothing to a reader.
pub fn io_message(err: &std::io::Error) -> String {
    match err.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => clean_message(&without_os_error_number(&err.to_string())),
    }
}

/// `message` without its " (os error N)" (wherever a wrapping error put it).
fn without_os_error_number(message: &str) -> String {
    const OPEN: &str = " (os error ";
    let mut out = String::new();
    let mut rest = message;
    while let Some(at) = rest.find(OPEN) {
        let after = &rest[at + OPEN.len()..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        out.push_str(&rest[..at]);
        match after[digits..].strip_prefix(')') {
            Some(tail) if digits > 0 => rest = tail,
            _ => {
                out.push_str(OPEN);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `size` when it is known before reading (a file), not for a stream.
fn too_large(size: Option<u64>, max: u64) -> ReadError {
    ReadError::at_start(match size {
        Some(size) => format!(
            "the file is {size} bytes, larger than the limit of {max} bytes (--max-file-size); it was not read"
        ),
        None => format!(
            "the input is larger than the limit of {max} bytes (--max-file-size); it was not read"
        ),
    })
}

/// Why a file of this kind ([`kind_of`]) is not read.
pub(crate) fn not_regular(kind: &str) -> String {
    format!("not a regular file ({kind}): only files and standard input are read")
}

/// What a file that is not a regular one is, for [`not_regular`]: `a FIFO`, `a device`, ...
pub(crate) fn kind_of(file_type: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8], max: u64) -> Result<String, ReadError> {
        read_bounded(bytes, max, 0)
    }

    #[test]
    fn the_expected_size_is_a_guess_not_a_bound() {
        let text = "Bear — until end of turn.\n".repeat(1000);
        let len = text.len() as u64;
        assert!(len > 2 * HEAD_BYTES);
        for expected in [0, 1, HEAD_BYTES, len - 1, len, len + 1, 10 * len, u64::MAX] {
            let read = read_bounded(text.as_bytes(), 1 << 20, expected);
            assert_eq!(read.as_deref(), Ok(text.as_str()), "expected {expected}");
            // Made its size at once when the size is right; never kept much larger when not.
            let capacity = read.map_or(0, |read| read.capacity());
            if expected == len {
                assert_eq!(capacity, text.len() + 1);
            }
            assert!(
                capacity < 2 * text.len(),
                "expected {expected}: {capacity} bytes"
            );
            let too_long = read_bounded(text.as_bytes(), len - 1, expected).unwrap_err();
            assert_eq!(too_long, too_large(None, len - 1), "expected {expected}");
        }
    }

    #[test]
    fn bad_bytes_are_placed_but_not_shown() {
        let error = read(b"Bear\nTap \xe2\x80\x94 x\xffy", 100).unwrap_err();
        assert!(error.message.starts_with("not UTF-8 text: byte 14 (0xff)"));
        assert_eq!(error.readable, "    \n       ");
        assert_eq!(error.line_column(), (2, 8));

        let error = read(b"SECRET=x\0HOME=/root", 100).unwrap_err();
        assert_eq!(error.message, "a binary file: byte 8 is a NUL byte");
        assert_eq!((error.at, error.readable.as_str()), (8, "        "));
    }

    #[test]
    fn a_binary_file_is_told_by_its_head_before_the_rest_is_read() {
        // A reader that fails if read past the head: the NUL in the head is enough.
        let mut head = vec![b'a'; HEAD_BYTES as usize];
        head[10] = 0;
        let endless = head.as_slice().chain(std::io::repeat(0).take(u64::MAX));
        let error = read_bounded(endless, u64::MAX, 0).unwrap_err();
        assert_eq!(error.message, "a binary file: byte 10 is a NUL byte");
    }

    #[test]
    fn a_head_cut_inside_a_character_is_no_error() {
        let mut text = "a".repeat(HEAD_BYTES as usize - 1);
        text.push('\u{2014}');
        assert_eq!(read(text.as_bytes(), 1 << 20).as_deref(), Ok(text.as_str()));
    }

    #[test]
    fn reads_stop_at_the_limit() {
        assert_eq!(read(b"Bear", 4).as_deref(), Ok("Bear"));
        let error = read(b"Bears", 4).unwrap_err();
        assert!(
            error.message.contains("limit of 4 bytes"),
            "{}",
            error.message
        );
        // An endless stream of text ends at the limit too.
        let endless = std::io::repeat(b'a').take(u64::MAX);
        let error = read_bounded(endless, 1 << 16, 0).unwrap_err();
        assert!(error.message.contains("limit of 65536 bytes"));
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_are_read() {
        let error = read_file(Path::new("/dev/zero"), DEFAULT_MAX_FILE_SIZE).unwrap_err();
        assert!(error.message.starts_with("not a regular file (a device)"));
        let dir = tempfile::tempdir().unwrap();
        let error = read_file(dir.path(), DEFAULT_MAX_FILE_SIZE).unwrap_err();
        assert!(
            error
                .message
                .starts_with("not a regular file (a directory)")
        );
        let missing = read_file(&dir.path().join("missing"), 10).unwrap_err();
        assert_eq!(missing.message, "no such file or directory");
    }

    #[test]
    fn a_file_over_the_limit_is_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.txt");
        std::fs::write(&path, "x".repeat(100)).unwrap();
        let error = read_file(&path, 99).unwrap_err();
        assert_eq!(
            error.message,
            "the file is 100 bytes, larger than the limit of 99 bytes (--max-file-size); it was not read"
        );
        assert_eq!(read_file(&path, 100).map(|text| text.len()), Ok(100));
    }

    /// A large file's head is judged before the mapping is asked for; where the mapping gives
    /// nothing, the copy read after the head is the one a fresh read gives, errors and all.
    /// (tests/it/untrusted.rs holds `read_text` against `read_file` on files.)
    #[test]
    fn a_large_file_is_judged_by_its_head_before_it_is_mapped() {
        let large = "Bear — until end of turn.\n".repeat(50_000);
        let mut cases: Vec<(&str, Vec<u8>)> = vec![("large", large.clone().into_bytes())];
        // Problems in the head, and past it, where only the mapped bytes' checks can find them.
        for (name, at, byte) in [
            // Windows-1252 (issue 39): judged no binary by its head, read as it.
            ("latin1-head", 100, 0xe9),
            // A byte Windows-1252 leaves undefined.
            ("head-undefined", 100, 0x81),
            ("head-nul", 10, 0),
            ("latin1", 1_000_003, 0xe9),
            ("nul", 1_000_000, 0),
        ] {
            let mut bytes = large.clone().into_bytes();
            bytes[at] = byte;
            cases.push((name, bytes));
        }
        let max = DEFAULT_MAX_FILE_SIZE;
        for (name, bytes) in cases {
            let len = bytes.len() as u64;
            let copied = read_card_bounded(bytes.as_slice(), max, len);
            let fallback = read_large(bytes.as_slice(), max, len, |_, _| None);
            assert_eq!(
                fallback.as_ref().map(FileText::encoding).ok(),
                copied.as_ref().map(FileText::encoding).ok(),
                "{name}"
            );
            assert_eq!(
                fallback.as_deref().map_err(Clone::clone),
                copied.as_deref().map_err(Clone::clone),
                "{name}"
            );
            if name.starts_with("head-") {
                let refused = read_large(bytes.as_slice(), max, len, |_, _| {
                    panic!("{name} was mapped")
                });
                assert_eq!(refused.unwrap_err(), copied.unwrap_err(), "{name}");
            } else {
                let mapped = FileText::from("mapped".to_string());
                let read = read_large(bytes.as_slice(), max, len, |_, _| Some(mapped));
                assert_eq!(read.as_deref(), Ok("mapped"), "{name}");
            }
        }
    }

    #[test]
    fn a_windows_1252_text_rewritten_finds_its_first_byte_again() {
        let bytes = b"It gets +1/+1 untill end of turn. L\xe9gende \x97\x97";
        let text = read_card_bounded(&bytes[..], 1 << 20, 0).unwrap();
        assert_eq!(text.encoding(), Encoding::Windows1252);
        let (_, first) = text.not_utf8().unwrap();
        assert_eq!(&text[first..first + 2], "\u{e9}");
        // A fix before it moves it, here by one byte: its place is found again.
        let fixed = text.rewritten(text.replace("untill", "until"));
        let (_, first) = fixed.not_utf8().unwrap();
        assert_eq!(&fixed[first..first + 2], "\u{e9}");
        // The head of a Windows-1252 file is text to sniff.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("set");
        std::fs::write(
            &path,
            b"mse version: 2.0.2\ngame: magic\n\tname: \xc9veil\n",
        )
        .unwrap();
        assert_eq!(
            head(&path).as_deref(),
            Some("mse version: 2.0.2\ngame: magic\n\tname: \u{c9}veil\n")
        );
        assert_eq!(probe(&path, 1 << 20, true, true), None);
    }

    #[test]
    fn io_messages_are_words_without_the_os_error_number() {
        // ENAMETOOLONG on Linux: its text was "file name too long (os error 36)".
        let error = std::io::Error::from_raw_os_error(36);
        let message = io_message(&error);
        assert!(!message.contains("os error"), "{message}");
        assert!(message.starts_with(|c: char| c.is_lowercase()), "{message}");
        let wrapped = std::io::Error::other(format!("{error} at path \"x\""));
        assert!(!io_message(&wrapped).contains("os error"));
        assert_eq!(
            without_os_error_number("a (os error x) b (os error 2)"),
            "a (os error x) b"
        );
    }
}
