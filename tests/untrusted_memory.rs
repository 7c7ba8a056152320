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
/// Allocations and reallocations that grew: a count of work that no load of the machine moves.
static GROWTHS: AtomicUsize = AtomicUsize::new(0);

fn grew(bytes: usize) {
    GROWTHS.fetch_add(1, Ordering::SeqCst);
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

/// The counters are the process's: a test holds this from its first allocation to its last, so
/// that no other test allocates while it counts.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    SERIAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The most `check_text` allocates at once on `text` (JSON Lines), beyond what was allocated
/// before: the text itself is counted before.
fn peak_of_check(text: String) -> usize {
    peak_of_check_as(text, "big.jsonl", Format::JsonLines).0
}

/// The most `check_text` allocates at once on `text`, read from `path` as `format`, beyond what
/// was allocated before, and the diagnostics it gives.
fn peak_of_check_as(text: String, path: &str, format: Format) -> (usize, usize) {
    let config = Config::default_for(".".into());
    let before = NOW.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let checked = check_text(
        Path::new(path),
        text,
        format,
        &ReadOptions::default(),
        &config,
    );
    let diagnostics = checked.diagnostics.len();
    eprintln!("{diagnostics} diagnostics");
    drop(checked);
    (PEAK.load(Ordering::SeqCst) - before, diagnostics)
}

fn card(text: &str) -> String {
    let value = serde_json::json!({"name": "X", "type_line": "Creature", "oracle_text": text});
    format!("{value}\n")
}

#[test]
fn one_big_card_costs_a_few_times_its_text() {
    let _serial = serial();
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

#[test]
fn a_magic_set_editor_file_costs_a_few_times_its_text() {
    // Issue 38 §1, §5, §6: a 100 KB name copied into 10,000 atoms (410 KB: 1.97 GB), 160,000
    // levels (3.4 MB: 44 s), 4,000,000 stray lines (8 MB: 499 MB and 4,000,000 errors), and a
    // value of a line a piece.
    let _serial = serial();
    let atoms = format!(
        "card:\n\tname: {}\n\trule_text: {}\n",
        "N".repeat(100_000),
        "<atom-cardname></atom-cardname>".repeat(10_000)
    );
    let levels: String = (1..=160_000)
        .map(|n| format!("\tlevel_{n}_text: <atom-cardname></atom-cardname> until end of turn\n"))
        .collect();
    let cases = [
        ("a long name in 10,000 atoms", atoms),
        (
            "160,000 levels",
            format!("card:\n\tname: {}\n{levels}", "N".repeat(10_000)),
        ),
        (
            "4,000,000 stray lines",
            format!("card:\n\tname: A\n{}", "a\n".repeat(4_000_000)),
        ),
        (
            "a value of 400,000 lines",
            format!(
                "card:\n\tname: A\n\trule_text:\n{}",
                "\t\tUntil end of turn, it gains flying.\n".repeat(400_000)
            ),
        ),
    ];
    for (what, text) in cases {
        let size = text.len();
        let (peak, diagnostics) = peak_of_check_as(text, "s.mse-set/set", Format::Mse);
        eprintln!("{what}: {peak} for {size}");
        assert!(
            peak <= 2 * size + (4 << 20),
            "{what}: {peak} bytes allocated at the peak for {size} bytes of text"
        );
        // The shared bound on a file's errors, and a report's on its findings.
        assert!(diagnostics <= 10_001, "{what}: {diagnostics} diagnostics");
    }
    // Twice the levels or the stray lines cost no more allocations: past the bounds, a line is
    // read and left, nothing kept of it.
    type Make = fn(usize) -> String;
    let grown: [(&str, Make); 2] = [
        ("levels", |n| {
            let levels: String = (1..=n)
                .map(|n| format!("\tlevel_{n}_text: until end of turn\n"))
                .collect();
            format!("card:\n\tname: A\n{levels}")
        }),
        ("stray lines", |n| {
            format!("card:\n\tname: A\n{}", "a\n".repeat(n))
        }),
    ];
    for (what, make) in grown {
        let mut growths = [0; 2];
        for (n, growths) in [20_000, 40_000].into_iter().zip(&mut growths) {
            let text = make(n);
            let before = GROWTHS.load(Ordering::SeqCst);
            peak_of_check_as(text, "s.mse-set/set", Format::Mse);
            *growths = GROWTHS.load(Ordering::SeqCst) - before;
        }
        eprintln!("{what}: {growths:?} allocations for 20,000 and 40,000");
        assert!(
            growths[1] <= growths[0] + 64,
            "{what}: {growths:?} allocations for 20,000 and 40,000"
        );
    }
}

#[test]
fn the_designers_formats_and_json_cost_a_few_times_their_text() {
    // Issue 38 §7 and §17: a Forge card of ALTERNATE lines (4,000,000 of them, 40 MB, took
    // 1.5 GB), a JSON of card objects whose text is a number (3,000 gave 3,000 errors), a JSON
    // card of empty faces, and a Cockatrice and a CSV file of nothing but what their readers
    // step over. Each at two sizes: the larger costs at most twice the allocations of the
    // smaller (time linear in the input, by a count no load of the machine moves).
    let _serial = serial();
    type Make = fn(usize) -> String;
    let cases: [(&str, &str, Format, Make, usize); 6] = [
        (
            "ALTERNATE lines",
            "bomb.txt",
            Format::Forge,
            |n| {
                format!(
                    "Name:A\nTypes:Instant\nOracle:x\n{}",
                    "ALTERNATE\n".repeat(n)
                )
            },
            1_000_000,
        ),
        (
            "cards whose text is a number",
            "bot.json",
            Format::Json,
            |n| {
                format!(
                    "[{}]",
                    vec![r#"{"cardName":"A","rulesText":1}"#; n].join(",")
                )
            },
            100_000,
        ),
        (
            "empty faces of one card",
            "faces.json",
            Format::Json,
            |n| {
                format!(
                    r#"{{"name":"A","card_faces":[{}]}}"#,
                    vec!["{}"; n].join(",")
                )
            },
            1_000_000,
        ),
        (
            "unknown entities",
            "db.xml",
            Format::Cockatrice,
            |n| {
                format!(
                    "<cockatrice_carddatabase><cards><card><name>F</name><text>{}</text></card></cards></cockatrice_carddatabase>",
                    "&x;".repeat(n)
                )
            },
            1_000_000,
        ),
        (
            "cards outside <cards>",
            "db.xml",
            Format::Cockatrice,
            |n| {
                format!(
                    "<cockatrice_carddatabase><sets>{}</sets></cockatrice_carddatabase>",
                    "<card><text>&x;</text></card>".repeat(n)
                )
            },
            200_000,
        ),
        (
            "rows with a stray quote",
            "sheet.csv",
            Format::Csv,
            |n| format!("name,text\n{}", "\"x\"y,z\n".repeat(n)),
            1_000_000,
        ),
    ];
    for (what, path, format, make, n) in cases {
        // What a first check allocates once (the grammar's tables) is left out of the counts.
        peak_of_check_as(make(1), path, format);
        let mut growths = [0; 2];
        for (times, growths) in [1, 2].into_iter().zip(&mut growths) {
            let text = make(times * n);
            let size = text.len();
            let before = GROWTHS.load(Ordering::SeqCst);
            let (peak, diagnostics) = peak_of_check_as(text, path, format);
            *growths = GROWTHS.load(Ordering::SeqCst) - before;
            eprintln!(
                "{what} ×{}: {peak} for {size}, {growths} allocations",
                times * n
            );
            assert!(
                peak <= 2 * size + (4 << 20),
                "{what}: {peak} bytes allocated at the peak for {size} bytes of text"
            );
            // The shared bound on a file's errors.
            assert!(diagnostics <= 1_001, "{what}: {diagnostics} diagnostics");
        }
        assert!(
            growths[1] <= 2 * growths[0],
            "{what}: {growths:?} allocations for {n} and {} repeats",
            2 * n
        );
    }
}
