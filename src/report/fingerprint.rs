//! Stable fingerprints for SARIF's `partialFingerprints`: code scanning matches a result across
//! runs by them, so they must not move when lines are inserted above a card. They hash what the
//! diagnostic is about (code, path, card, the words under the span) and which repeat of those it
//! is in the file, never a line number. FNV-1a is written out here because std's hasher is seeded
//! per process.

use crate::check::CheckedFile;
use crate::lines::LineIndex;
use std::collections::HashMap;

/// One fingerprint per diagnostic of `file`, in order: 16 lower-case hex digits.
pub fn fingerprints(file: &CheckedFile, index: &LineIndex<'_>) -> Vec<String> {
    let path = file.path.replace('\\', "/");
    let mut seen: HashMap<(&str, Option<&str>, &str), usize> = HashMap::new();
    file.diagnostics
        .iter()
        .map(|diagnostic| {
            let text = index.slice(&diagnostic.span);
            let card = diagnostic.card.as_deref();
            let occurrence = seen.entry((diagnostic.code, card, text)).or_insert(0);
            let mut hash = Fnv1a::new();
            hash.field(diagnostic.code.as_bytes());
            hash.field(path.as_bytes());
            match card {
                // Tagged so that no card and a card named "" differ.
                Some(card) => {
                    hash.field(b"card");
                    hash.field(card.as_bytes());
                }
                None => hash.field(b"no card"),
            }
            hash.field(text.as_bytes());
            hash.field(occurrence.to_string().as_bytes());
            *occurrence += 1;
            format!("{:016x}", hash.finish())
        })
        .collect()
}

/// 64-bit FNV-1a.
struct Fnv1a(u64);

impl Fnv1a {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    fn new() -> Self {
        Fnv1a(Self::OFFSET_BASIS)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(Self::PRIME);
        }
    }

    /// A field and a terminator that UTF-8 text never contains, so ("ab", "c") and ("a", "bc")
    /// hash apart.
    fn field(&mut self, bytes: &[u8]) {
        self.write(bytes);
        self.write(&[0xff]);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixture;

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        let hash = |bytes: &[u8]| {
            let mut hash = Fnv1a::new();
            hash.write(bytes);
            hash.finish()
        };
        assert_eq!(hash(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(hash(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn inserting_lines_above_keeps_fingerprints() {
        let before = fixture::dawn("");
        let after = fixture::dawn("# Dawn of the Phases\n# — reprints —\n\n");
        let print = |file: &CheckedFile| fingerprints(file, &LineIndex::new(&file.source));
        assert_eq!(print(&before), print(&after));
        let prints = print(&before);
        assert_eq!(prints.len(), 3);
        assert!(prints.iter().all(|print| print.len() == 16));
        assert_ne!(prints[0], prints[1]);
    }

    #[test]
    fn repeats_of_the_same_words_are_told_apart_by_occurrence() {
        let mut file = fixture::dawn("");
        let first = file.diagnostics[0].clone();
        file.diagnostics.push(first);
        let prints = fingerprints(&file, &LineIndex::new(&file.source));
        assert_ne!(prints[0], prints[3]);
    }
}
