//! Shared by the integration tests: random card-like text. Each test crate includes this module
//! and uses part of it.
#![allow(dead_code)]

/// Timing words, punctuation, quotes and multi-byte characters that random texts are made of.
const PIECES: &[&str] = &[
    "until",
    "end",
    "of",
    "turn",
    "combat",
    "this",
    "at",
    "the",
    "beginning",
    "your",
    "next",
    "upkeep",
    "step",
    "whenever",
    "attacks",
    "only",
    "during",
    "before",
    "skip",
    "extra",
    "additional",
    "phase",
    "each",
    "opponent’s",
    "player's",
    "cast",
    "died",
    "can't",
    "block",
    "as",
    "a",
    "sorcery",
    "—",
    "•",
    "\"",
    "“",
    "”",
    "(",
    ")",
    ".",
    ",",
    ":",
    "\n",
    "\r\n",
    " ",
    "  ",
    "é",
    "→",
    "🜲",
    "\u{0301}",
    "{T}",
    "+1/+1",
    "At",
    "When",
    "Whenever",
    "blocks",
    "after",
    "skips",
    "Cast",
    "Activate",
    "Equip",
    "and",
    "there",
    "is",
    "an",
    "main",
    "Raid",
    "I, II",
    " - ",
    "\t",
    "X",
];

/// `count` random texts of up to 40 pieces, from a fixed sequence of [`numbers`], so a failure is
/// reproducible.
pub fn random_texts(count: usize) -> Vec<String> {
    let mut next = numbers(0x9E37_79B9_7F4A_7C15);
    (0..count)
        .map(|_| {
            let length = next(40);
            (0..length)
                .map(|_| {
                    let piece = PIECES[next(PIECES.len())];
                    if next(3) == 0 {
                        format!("{piece} ")
                    } else {
                        piece.to_string()
                    }
                })
                .collect()
        })
        .collect()
}

/// A fixed xorshift64* sequence from `seed` (not 0): each call gives a number below its bound.
pub fn numbers(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed;
    move |below| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) % below.max(1) as u64) as usize
    }
}
