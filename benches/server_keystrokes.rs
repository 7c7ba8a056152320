//! How fast `phaselint server` keeps up with typing: a 2,000-card YAML set is opened, then 500
//! edits are replayed one `didChange` at a time (characters typed into one card's text, some
//! deleted, a few edits across two cards), each timed until the server publishes the diagnostics
//! of that version. Prints the median, p90, p99 and the slowest.
//!
//! `cargo bench --bench server_keystrokes`; `PHASELINT_BIN` times another `phaselint` binary
//! (such as an older release build) instead of this build's.

#[path = "../tests/support/lsp_pipes.rs"]
mod lsp_pipes;

use serde_json::{Value, json};
use std::io::Write;
use std::process::{Child, ChildStdin, Command};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

const CARDS: usize = 2_000;
const EDITS: usize = 500;
/// Lines of one card in the generated file: name, mana cost, type, text, a blank line.
const CARD_LINES: usize = 5;
/// Where a card's text starts on its text line, after `  text: "`.
const TEXT_COLUMN: usize = 9;

const TYPES: &[&str] = &[
    "Instant",
    "Sorcery",
    "Artifact",
    "Creature — Human Wizard",
    "Enchantment",
];
const TEXTS: &[&str] = &[
    "{1}: Regenerate target creature. Activate only during the cleanup step.",
    "{T}: Add {C}. Play this ability only during your upkeep phase.",
    "Cast this spell only after your upkeep. Draw a card.",
    "At the beginning of combat on your turn, target creature you control gets +1/+0 until end of combat.",
    "{T}: Add {C}. Activate this ability only during your turn.",
    "At end of turn, put a time counter on it.",
    "Untap target creature. It gains flying until end of turn.",
    "{2}{U}: Draw a card, then discard a card. Activate this ability only any time you could cast a sorcery.",
    "At the beginning of the end step, sacrifice it.",
    "Target creature gets +2/+2 until end of turn. Scry 1.",
];
/// What is typed into a card, one character an edit.
const TYPED: &str = " until end of turn";

fn main() {
    let binary =
        std::env::var_os("PHASELINT_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_phaselint").into());
    let dir = tempfile::TempDir::new().expect("a temporary directory");
    let mut lines = set_file();
    let mut server = Server::start(Command::new(binary), dir.path());
    let uri = format!("file://{}/set.yaml", dir.path().display());
    server.request("initialize", json!({"capabilities": {}}));
    server.notify("initialized", json!({}));
    let started = Instant::now();
    server.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": lines.concat()}}),
    );
    let opened = server.published(1);
    println!(
        "open and check of {CARDS} cards ({} bytes): {:?}, {} diagnostics",
        lines.concat().len(),
        started.elapsed(),
        opened["diagnostics"].as_array().map_or(0, Vec::len)
    );

    let mut times = Vec::with_capacity(EDITS);
    let mut random = 0x2545_F491_4F6C_DD1D_u64;
    let mut next = |below: usize| {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        (random % below as u64) as usize
    };
    let mut edits = Vec::with_capacity(EDITS);
    while edits.len() < EDITS {
        let card = next(CARDS - 1);
        if edits.len() % 50 == 49 {
            edits.push(across(&lines, card));
            continue;
        }
        // Types a phrase into the card's text, then deletes its last few characters.
        let line = card * CARD_LINES + 3;
        let column = TEXT_COLUMN + next(lines[line].len() - TEXT_COLUMN - 2);
        let column = (column..)
            .find(|&c| lines[line].is_char_boundary(c))
            .unwrap_or(column);
        for (at, typed) in TYPED.char_indices().take(EDITS - edits.len()) {
            edits.push(Edit::typed(line, column + at, typed));
        }
        let deleted = 1 + next(5);
        let end = column + TYPED.len();
        for at in 0..deleted.min(EDITS - edits.len()) {
            edits.push(Edit::deleted(line, end - at - 1));
        }
    }
    for (version, edit) in (2..).zip(&edits) {
        edit.apply(&mut lines);
        let started = Instant::now();
        server.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [edit.change()]}),
        );
        server.published(version);
        times.push(started.elapsed());
    }
    times.sort();
    let at = |share: f64| times[((times.len() as f64 * share) as usize).min(times.len() - 1)];
    println!(
        "{EDITS} edits: median {:?}, p90 {:?}, p99 {:?}, max {:?}",
        at(0.5),
        at(0.9),
        at(0.99),
        times[times.len() - 1]
    );
    server.request("shutdown", Value::Null);
    server.notify("exit", Value::Null);
    server.child.wait().expect("the server exits");
}

/// The set file, a line each (ASCII but for the type line's dash, so columns are bytes within
/// a card's text).
fn set_file() -> Vec<String> {
    let mut lines = Vec::with_capacity(CARDS * CARD_LINES);
    for i in 0..CARDS {
        lines.push(format!("- name: Clockwork Card {i}\n"));
        lines.push(format!("  mana_cost: \"{{{}}}\"\n", 1 + i % 5));
        lines.push(format!("  type: {}\n", TYPES[i % TYPES.len()]));
        lines.push(format!("  text: \"{}\"\n", TEXTS[(i * 7) % TEXTS.len()]));
        lines.push("\n".into());
    }
    lines
}

/// One `didChange` of one range.
struct Edit {
    start: (usize, usize),
    end: (usize, usize),
    text: String,
}

impl Edit {
    fn typed(line: usize, column: usize, typed: char) -> Edit {
        Edit {
            start: (line, column),
            end: (line, column),
            text: typed.to_string(),
        }
    }

    fn deleted(line: usize, column: usize) -> Edit {
        Edit {
            start: (line, column),
            end: (line, column + 1),
            text: String::new(),
        }
    }

    /// Applies the edit to `lines`; columns are bytes, which are UTF-16 units in the ASCII
    /// text lines that edits touch.
    fn apply(&self, lines: &mut [String]) {
        let (first, last) = (self.start.0, self.end.0);
        let mut joined: String = lines[first..=last].concat();
        let end = joined.len() - (lines[last].len() - self.end.1);
        joined.replace_range(self.start.1..end, &self.text);
        // Edits across lines replace them with the same number of lines.
        for (line, piece) in (first..=last).zip(joined.split_inclusive('\n')) {
            lines[line] = piece.to_string();
        }
    }

    fn change(&self) -> Value {
        json!({"range": {"start": {"line": self.start.0, "character": self.start.1},
                         "end": {"line": self.end.0, "character": self.end.1}},
               "text": self.text})
    }
}

/// An edit from the middle of `card`'s text to the middle of the next card's name, writing the
/// same text again: the range crosses a card boundary.
fn across(lines: &[String], card: usize) -> Edit {
    let start = (card * CARD_LINES + 3, TEXT_COLUMN + 2);
    let end = ((card + 1) * CARD_LINES, 4);
    let joined: String = lines[start.0..=end.0].concat();
    let end_byte = joined.len() - (lines[end.0].len() - end.1);
    Edit {
        start,
        end,
        text: joined[start.1..end_byte].to_string(),
    }
}

/// A `phaselint server` on pipes.
struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Result<Value, String>>,
    next_id: i64,
}

impl Server {
    fn start(command: Command, dir: &std::path::Path) -> Server {
        let (mut child, messages) = lsp_pipes::spawn(command, dir);
        Server {
            stdin: child.stdin.take().expect("a stdin pipe"),
            child,
            messages,
            next_id: 0,
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len())
            .and_then(|()| self.stdin.flush())
            .expect("the server reads its input");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.until(|message| message["id"] == id)
    }

    /// The diagnostics published for `version`.
    fn published(&mut self, version: i32) -> Value {
        self.until(|message| {
            message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["version"] == version
        })["params"]
            .take()
    }

    fn until(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let message = self
                .messages
                .recv_timeout(Duration::from_secs(600))
                .expect("the server answers")
                .expect("a well-framed message");
            if wanted(&message) {
                return message;
            }
        }
    }
}
