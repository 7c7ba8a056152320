//! Lines read before, kept on each thread. Card text repeats itself: reminder text, keyword lines,
//! "When this creature enters, ..." (in the Oracle card set a fifth of the ability lines' bytes,
//! half of the lines, are lines met before). What the finder reads on a line depends only on the
//! line's reading copy, its index and its offset, and on how many phrases are enough: the memo
//! keeps the phrases of a line with their spans counted from the line's start, and gives them back
//! for another index and offset where the line was read whole both times (fewer phrases than
//! enough, so no stage stopped early). Lines that could not be read are not kept.

use super::ast::Phrase;
use crate::model::Span;
use rustc_hash::FxHashMap;

/// The longest line kept, in bytes: most ability lines are far shorter, and a long line costs its
/// reading many times over what looking it up saves.
const MAX_LINE: usize = 1024;
/// How many bytes of lines, phrases and words one thread keeps before it forgets them all (the
/// phrases' own marks and names aside, which are a few bytes each where there are any): memory
/// stays flat whatever the input. The Oracle card set's lines fit in it.
const MAX_BYTES: usize = 4 << 20;

/// What the finder reads on one line: its phrases in text order (spans in the whole text), and
/// the timing words the tripwire took (spans in the line).
#[derive(Debug, Clone, Default)]
pub(super) struct LineFound {
    pub phrases: Vec<Phrase>,
    pub words: Vec<Span>,
}

/// The lines a thread has read, by their reading copy.
#[derive(Default)]
pub(super) struct LineMemo {
    lines: FxHashMap<Box<str>, LineFound>,
    /// The bytes kept, as `MAX_BYTES` counts them.
    bytes: usize,
}

impl LineMemo {
    /// The line as it was read before, for the ability `ability` at `offset`, where it was read
    /// whole and `room` phrases are room enough for all of it.
    pub fn get(&self, line: &str, ability: usize, offset: usize, room: usize) -> Option<LineFound> {
        let kept = self.lines.get(line)?;
        if kept.phrases.len() > room {
            return None;
        }
        let mut found = kept.clone();
        for phrase in &mut found.phrases {
            phrase.place.ability = ability;
            phrase.map_spans(|at| at + offset);
        }
        Some(found)
    }

    /// Keeps what was read on `line` at `offset` with `room` phrases of room, where all of it fit.
    pub fn keep(&mut self, line: &str, found: &LineFound, offset: usize, room: usize) {
        if line.len() > MAX_LINE || found.phrases.len() > room || self.lines.contains_key(line) {
            return;
        }
        let bytes = line.len()
            + found.phrases.len() * size_of::<Phrase>()
            + found.words.len() * size_of::<Span>();
        if self.bytes + bytes > MAX_BYTES {
            self.lines.clear();
            self.bytes = 0;
        }
        self.bytes += bytes;
        let mut kept = found.clone();
        for phrase in &mut kept.phrases {
            phrase.map_spans(|at| at - offset);
        }
        self.lines.insert(line.into(), kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the memo holds stays under its bound, however many lines are kept.
    #[test]
    fn the_memo_forgets_past_its_bound() {
        let mut memo = LineMemo::default();
        let found = LineFound {
            phrases: Vec::new(),
            words: vec![Span::new(0, 5)],
        };
        let mut forgot = false;
        for index in 0..MAX_BYTES / MAX_LINE * 2 {
            let line = format!("{index:0>1000}");
            let before = memo.lines.len();
            memo.keep(&line, &found, 0, 1);
            forgot |= memo.lines.len() < before;
            assert!(memo.bytes <= MAX_BYTES);
            assert_eq!(
                memo.get(&line, 3, 7, 0).map(|kept| kept.words),
                Some(vec![Span::new(0, 5)])
            );
        }
        assert!(forgot);
        // A line longer than the longest kept is not kept.
        memo.keep(&"x".repeat(MAX_LINE + 1), &found, 0, 1);
        assert!(memo.get(&"x".repeat(MAX_LINE + 1), 0, 0, 1).is_none());
    }
}
