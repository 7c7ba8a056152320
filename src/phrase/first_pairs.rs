//! A set of the first two bytes of some words, a bit for each pair: a word whose first two bytes
//! are in none of them is none of the words, answered without hashing it. The keyword reader
//! turns most words away on it before it looks an action up, and the tripwire where it reads a
//! line word by word (`timing_words_in`, and lines the shared scan cannot serve).

/// The first two bytes of a list of words (as given: lower-case words for lower-cased lookups).
pub(super) struct FirstPairs(Box<[u64; 1024]>);

impl FirstPairs {
    pub fn of<'w>(words: impl IntoIterator<Item = &'w str>) -> FirstPairs {
        let mut bits = Box::new([0u64; 1024]);
        for word in words {
            if let [first, second, ..] = word.as_bytes() {
                let pair = pair(*first, *second);
                bits[pair >> 6] |= 1 << (pair & 63);
            }
        }
        FirstPairs(bits)
    }

    /// Whether `word` can be one of the words: it is shorter than two bytes, or its first two
    /// are a word's.
    pub fn may_be(&self, word: &[u8]) -> bool {
        match word {
            [first, second, ..] => {
                let pair = pair(*first, *second);
                self.0[pair >> 6] & (1 << (pair & 63)) != 0
            }
            _ => true,
        }
    }
}

fn pair(first: u8, second: u8) -> usize {
    usize::from(first) << 8 | usize::from(second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_is_in_the_set_when_a_word_starts_with_it() {
        let pairs = FirstPairs::of(["goad", "exert", "x"]);
        for yes in ["go", "goads", "ex", "e", "", "x"] {
            assert!(pairs.may_be(yes.as_bytes()), "{yes}");
        }
        for no in ["og", "xe", "Go", "gx"] {
            assert!(!pairs.may_be(no.as_bytes()), "{no}");
        }
    }
}
