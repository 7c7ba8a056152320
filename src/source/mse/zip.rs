//! A Magic Set Editor set saved as a zip (`NAME.mse-set`, what MSE writes by default): its `set`
//! file and the card files that the `set` file's `include_file:` lines name, read into memory
//! for the MSE reader ([`super::Format::Mse`], each member's spans in its own text). Nothing is
//! written to disk, and what is read is bounded: a zip is a stranger's file.
//!
//! A zip is refused whole when its directory lists more entries than [`ZipLimits::max_entries`]
//! (counted by its end record, before the directory is read), when two entries have one name,
//! when any entry's name is absolute or has a `..` component, or is a symbolic link, and when the
//! members read would hold more than [`ZipLimits::max_total`] bytes, by what they claim or by what
//! they give. Only stored and deflated members are read, each once.

use super::{includes, normal_path};
use std::collections::HashSet;
use std::io::{Cursor, Read};

/// The extension of a set saved by MSE, a zip or a folder.
pub const EXTENSION: &str = "mse-set";

/// How much of a zip is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZipLimits {
    /// Bytes of the members read, in all: a set of thousands of cards is a few MB.
    pub max_total: u64,
    /// Entries the zip's directory may list (images included).
    pub max_entries: usize,
}

impl Default for ZipLimits {
    fn default() -> ZipLimits {
        ZipLimits {
            max_total: 64 << 20,
            max_entries: 100_000,
        }
    }
}

/// A member read: `set` first, then the card files in the order `set` includes them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// Its name in the zip (`set`, `card Dusk Herald`).
    pub name: String,
    pub text: String,
}

/// Why a zip was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZipError {
    pub kind: ZipErrorKind,
    /// Lower case, no trailing period.
    pub message: String,
    /// The member it is about, if one.
    pub member: Option<String>,
}

/// What a [`ZipError`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZipErrorKind {
    /// A zip with no `set` file: not a set, as a YAML file of another shape holds no card.
    NotASet,
    /// Refused by the limits or for an entry's name or kind.
    Refused,
    /// Not a zip, or a damaged or cut one, or a member that is not UTF-8 text.
    Unreadable,
}

fn error(kind: ZipErrorKind, member: Option<&str>, message: String) -> ZipError {
    ZipError {
        kind,
        message,
        member: member.map(str::to_owned),
    }
}

/// Read the `set` file of a `.mse-set` zip and the card files it includes. Never panics.
pub fn read_mse_zip(bytes: &[u8], limits: &ZipLimits) -> Result<Vec<Member>, ZipError> {
    // The directory is parsed whole into memory: refused by the count its end records give
    // first, so a zip of millions of entries costs no more than its bytes.
    let listed = listed_entries(bytes);
    if listed > limits.max_entries as u64 {
        return Err(too_many(listed, limits));
    }
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| {
        error(
            ZipErrorKind::Unreadable,
            None,
            format!("not a zip archive, or a damaged one: {e}"),
        )
    })?;
    if archive.len() > limits.max_entries {
        return Err(too_many(archive.len() as u64, limits));
    }
    // The zip library keeps one entry a name, the last: a set whose `set` is listed twice would
    // be read by one copy while an unzipping tool takes the other. So would `set` and `./set`.
    let repeated = || {
        error(
            ZipErrorKind::Refused,
            None,
            "an entry's name is repeated in the zip (its directory lists it twice, or under two \
             spellings): the zip is not read"
                .to_string(),
        )
    };
    let start = usize::try_from(archive.central_directory_start()).unwrap_or(usize::MAX);
    if directory_headers(bytes, start, archive.len() + 1) > archive.len() {
        return Err(repeated());
    }
    let mut names = HashSet::with_capacity(archive.len());
    for index in 0..archive.len() {
        let entry = archive.by_index_raw(index).map_err(|e| damaged(None, &e))?;
        let name = String::from_utf8_lossy(entry.name_raw()).into_owned();
        if !names.insert(normal_path(&name)) {
            return Err(repeated());
        }
        if let Some(why) = unsafe_name(&name) {
            return Err(error(
                ZipErrorKind::Refused,
                Some(&name),
                format!("the zip entry `{name}` {why}: the zip is not read"),
            ));
        }
        if entry.is_symlink() {
            return Err(error(
                ZipErrorKind::Refused,
                Some(&name),
                format!("the zip entry `{name}` is a symbolic link: the zip is not read"),
            ));
        }
    }
    let mut budget = limits.max_total;
    let mut read = |name: &str| -> Result<Member, ZipError> {
        let text = read_member(&mut archive, name, &mut budget, limits.max_total)?;
        Ok(Member {
            name: name.to_owned(),
            text,
        })
    };
    let set = read("set")?;
    let mut members = vec![];
    // Each file once, under any spelling of its name (the includes come so).
    let wanted = includes(&set.text);
    members.push(set);
    for include in wanted {
        if include.file == "set" {
            continue;
        }
        if let Some(why) = unsafe_name(&include.file) {
            return Err(error(
                ZipErrorKind::Refused,
                Some("set"),
                format!("`include_file: {}` names a file that {why}", include.file),
            ));
        }
        members.push(read(&include.file)?);
    }
    Ok(members)
}

fn too_many(entries: u64, limits: &ZipLimits) -> ZipError {
    let message = if entries == u64::MAX {
        "the zip's ZIP64 directory record is not where its locator says: the zip is not read"
            .to_string()
    } else {
        format!(
            "the zip lists {entries} entries, more than the {} phaselint reads",
            limits.max_entries
        )
    };
    error(ZipErrorKind::Refused, None, message)
}

/// How many central directory headers follow one another from byte `start`, counting at most
/// `most`: the entries the directory holds, whatever their names.
fn directory_headers(bytes: &[u8], start: usize, most: usize) -> usize {
    const HEADER: &[u8] = b"PK\x01\x02";
    let u16_at = |at: usize| {
        bytes
            .get(at..at + 2)
            .map_or(0, |b| u16::from_le_bytes([b[0], b[1]]))
    };
    let (mut at, mut count) = (start, 0);
    while count < most && bytes.get(at..at.saturating_add(4)) == Some(HEADER) {
        // 46 bytes, then the name, the extra field and the comment, whose lengths it gives.
        let variable: usize = [28, 30, 32]
            .iter()
            .map(|&field| usize::from(u16_at(at + field)))
            .sum();
        at = at.saturating_add(46 + variable);
        count += 1;
    }
    count
}

/// The most entries any end-of-central-directory record in the zip says its directory holds (a
/// ZIP64 record's count too): whichever record the zip library takes (it searches the whole
/// file, and takes one with bytes after it), it reads no more entries than this. 0 when there
/// is none (the library then says the zip is not one).
fn listed_entries(bytes: &[u8]) -> u64 {
    const END: &[u8] = b"PK\x05\x06";
    const END64: &[u8] = b"PK\x06\x06";
    const LOCATOR: &[u8] = b"PK\x06\x07";
    let u16_at = |at: usize| {
        bytes
            .get(at..at + 2)
            .map_or(0, |b| u16::from_le_bytes([b[0], b[1]]))
    };
    let u64_at = |at: usize| {
        bytes
            .get(at..at + 8)
            .and_then(|b| b.try_into().ok())
            .map_or(0, u64::from_le_bytes)
    };
    let mut most = 0;
    for end in memchr::memmem::find_iter(bytes, END) {
        // Entries on this disk, and in all.
        most = most.max(u64::from(u16_at(end + 8)).max(u64::from(u16_at(end + 10))));
        // A ZIP64 locator just before it points at a record of 64-bit counts.
        let Some(locator) = end.checked_sub(20) else {
            continue;
        };
        if bytes.get(locator..locator + 4) != Some(LOCATOR) {
            continue;
        }
        let record = usize::try_from(u64_at(locator + 8)).unwrap_or(usize::MAX);
        if bytes.get(record..record.saturating_add(4)) == Some(END64) {
            most = most.max(u64_at(record + 24)).max(u64_at(record + 32));
        } else {
            // A record phaselint cannot place: the library may search for it; count it as many.
            most = u64::MAX;
        }
    }
    most
}

/// A size as a person reads it: `64 MiB`, `2 GiB`, `1,234 bytes`.
pub fn in_words(bytes: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    for (size, unit) in UNITS {
        if bytes >= size && bytes % size == 0 {
            return format!("{} {unit}", bytes / size);
        }
        if bytes >= 10 * size {
            return format!("about {} {unit}", bytes / size);
        }
    }
    format!("{bytes} bytes")
}

/// Why an entry's name is not one to read, if it is not: `..` or an absolute path could name a
/// file outside the set when a tool unpacks it.
pub fn unsafe_name(name: &str) -> Option<&'static str> {
    let absolute = name.starts_with(['/', '\\'])
        || name.as_bytes().get(1) == Some(&b':')
        || name.contains('\0');
    if absolute {
        return Some("has an absolute name");
    }
    if name.split(['/', '\\']).any(|part| part == "..") {
        return Some("has `..` in its name");
    }
    None
}

fn damaged(member: Option<&str>, e: &zip::result::ZipError) -> ZipError {
    let message = match member {
        Some(name) => format!("the zip member `{name}` could not be read: {e}"),
        None => format!("the zip could not be read: {e}"),
    };
    error(ZipErrorKind::Unreadable, member, message)
}

/// The text of member `name`, taking its bytes from `budget` (of `limit`).
fn read_member(
    archive: &mut zip::ZipArchive<Cursor<&[u8]>>,
    name: &str,
    budget: &mut u64,
    limit: u64,
) -> Result<String, ZipError> {
    let Some(index) = archive.index_for_name(name) else {
        let (kind, message) = if name == "set" {
            (
                ZipErrorKind::NotASet,
                "no `set` file in this zip: it is not a Magic Set Editor set, and no card was read from it"
                    .to_string(),
            )
        } else {
            (
                ZipErrorKind::Unreadable,
                format!("`set` includes `{name}`, which is not in the zip"),
            )
        };
        return Err(error(kind, Some(name), message));
    };
    let mut member = archive
        .by_index(index)
        .map_err(|e| damaged(Some(name), &e))?;
    let too_large = |size: &str| {
        error(
            ZipErrorKind::Refused,
            Some(name),
            format!(
                "the zip member `{name}` {size} than the {} phaselint reads from a zip, in all",
                in_words(limit)
            ),
        )
    };
    let claimed = member.size();
    if claimed > *budget {
        return Err(too_large(&format!("claims {}, more", in_words(claimed))));
    }
    let mut bytes = Vec::with_capacity(claimed as usize);
    // What a member claims may be a lie: never more than the budget, and one byte to tell.
    (&mut member)
        .take(budget.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| {
            error(
                ZipErrorKind::Unreadable,
                Some(name),
                format!("the zip member `{name}` could not be read: {e}"),
            )
        })?;
    if bytes.len() as u64 > *budget {
        return Err(too_large("holds more"));
    }
    *budget -= bytes.len() as u64;
    let text = String::from_utf8(bytes).map_err(|e| {
        error(
            ZipErrorKind::Unreadable,
            Some(name),
            format!(
                "the zip member `{name}` is not utf-8 text: byte {} is not valid utf-8",
                e.utf8_error().valid_up_to()
            ),
        )
    })?;
    if let Some(nul) = text.find('\0') {
        return Err(error(
            ZipErrorKind::Unreadable,
            Some(name),
            format!("the zip member `{name}` is a binary file: byte {nul} is a nul byte"),
        ));
    }
    Ok(text)
}
