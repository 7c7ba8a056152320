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
/// How many lines one thread keeps before it forgets them all: about 4 MB at most a thread.
const MAX_LINES: usize = 1 << 14;

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
        if self.lines.len() >= MAX_LINES {
            self.lines.clear();
        }
        let mut kept = found.clone();
        for phrase in &mut kept.phrases {
            phrase.map_spans(|at| at - offset);
        }
        self.lines.insert(line.into(), kept);
    }
}
