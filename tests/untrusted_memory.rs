//! What checking one big card costs in memory (issue 18 §6): the library's allocations are counted
//! (a counting global allocator; no time is measured), and what they peak at over the text's own
//! allocation stays within a few times the text. One test in its own binary, so that no other
//! test allocates while it counts.

use phaselint::check::check_text;
use phaselint::config::Config;
use phaselint::source::{Format, ReadOptions};
use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes allocated now and their peak.
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(bytes: usize) {
    let now = NOW.fetch_add(bytes, Ordering::SeqCst) + bytes;
    PEAK.fetch_max(now, Ordering::SeqCst);
}

// SAFETY: every call goes to the system allocator with the caller's arguments; the counters only
// watch.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` requires.
        let pointer = unsafe { System.alloc(layout) };
        if !pointer.is_null() {
            grew(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: the caller's pointer and layout, allocated by `System` above.
        unsafe { System.dealloc(pointer, layout) };
        NOW.fetch_sub(layout.size(), Ordering::SeqCst);
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's arguments, allocated by `System` above.
        let moved = unsafe { System.realloc(pointer, layout, new_size) };
        if !moved.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                NOW.fetch_sub(layout.size() - new_size, Ordering::SeqCst);
            }
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most `check_text` allocates at once on `text` (JSON Lines), beyond what was allocated
/// before: the text itself is counted before.
fn peak_of_check(text: String) -> usize {
    let config = Config::default_for(".".into());
    let before = NOW.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let checked = check_text(
        Path::new("big.jsonl"),
        text,
        Format::JsonLines,
        &ReadOptions::default(),
        &config,
    );
    eprintln!("{} diagnostics", checked.diagnostics.len());
    PEAK.load(Ordering::SeqCst) - before
}

fn card(text: &str) -> String {
    let value = serde_json::json!({"name": "X", "type_line": "Creature", "oracle_text": text});
    format!("{value}\n")
}

#[test]
fn one_big_card_costs_a_few_times_its_text() {
    // The reproductions of issue 18 §6 at 4 MB (they took 22, 33 and 17 times their size), and
    // lines that the walk and the tripwire kept a list of: a clause end at every byte, a timing
    // word every six.
    let cases = [
        (
            "a grant of 400,000 keywords",
            card(&format!("It gains {}", "haste and ".repeat(400_000))),
        ),
        (
            "a keyword line of 600,000 items",
            card(&"Flash, ".repeat(600_000)),
        ),
        (
            "two million escaped line breaks",
            format!(
                "{{\"name\":\"X\",\"type_line\":\"Creature\",\"oracle_text\":\"{}\"}}\n",
                "\\n".repeat(2_000_000)
            ),
        ),
        ("four million clause ends", card(&".".repeat(4_000_000))),
        ("700,000 timing words", card(&"until.".repeat(700_000))),
    ];
    for (what, text) in cases {
        let size = text.len();
        let peak = peak_of_check(text);
        // The card's text decoded, and a copy of it a rule reads lower-cased: twice the text,
        // and some room for the bounded rest.
        eprintln!("{what}: {peak} for {size}");
        assert!(
            peak <= 2 * size + (4 << 20),
            "{what}: {peak} bytes allocated at the peak for {size} bytes of text"
        );
    }
}
