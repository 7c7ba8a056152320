//! `phaselint server` driven over JSON-RPC as an editor drives it: the built binary on pipes,
//! Content-Length framed messages, and the exact positions, edits and hovers it answers with.
//!
//! Every wait has a generous time limit that fails the test rather than hanging it; nothing
//! here measures speed but the ignored replay, which is run by hand.

use crate::lsp_pipes;
use crate::random_text;

use serde_json::{Value, json};
use std::collections::VecDeque;
use std::io::Write;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// How long any one answer may take before the server is taken for hung.
const PATIENCE: Duration = Duration::from_secs(60);

/// A client on the pipes of a `phaselint server` process.
struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    /// Every message the server wrote, as parsed by the reader thread; an `Err` when stdout held
    /// anything but a well-framed JSON message.
    messages: Receiver<Result<Value, String>>,
    /// Notifications read while waiting for something else.
    backlog: VecDeque<Value>,
    next_id: i64,
    /// How long to wait for any one message.
    patience: Duration,
}

impl Client {
    fn start(dir: &Path) -> Client {
        Client::spawn(Command::new(env!("CARGO_BIN_EXE_phaselint")), dir)
    }

    /// Starts `phaselint server` with `command`, a phaselint binary and its environment (stderr
    /// is the test's unless `command` says otherwise).
    fn spawn(command: Command, dir: &Path) -> Client {
        let (mut child, messages) = lsp_pipes::spawn(command, dir);
        Client {
            stdin: child.stdin.take(),
            child,
            messages,
            backlog: VecDeque::new(),
            next_id: 0,
            patience: PATIENCE,
        }
    }

    /// Starts a server and initializes it with `capabilities`: the server's `InitializeResult`.
    fn initialized(dir: &Path, capabilities: Value) -> (Client, Value) {
        let mut client = Client::start(dir);
        let result = client.initialize(capabilities);
        (client, result)
    }

    /// Initializes the server with `capabilities`: its `InitializeResult`.
    fn initialize(&mut self, capabilities: Value) -> Value {
        let result = self.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": capabilities}),
        );
        self.notify("initialized", json!({}));
        result.expect("initialize succeeds")
    }

    fn write(&mut self, body: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("the server reads");
        stdin.flush().expect("the server reads");
    }

    fn notify(&mut self, method: &str, params: Value) {
        let body = json!({"jsonrpc": "2.0", "method": method, "params": params});
        self.write(&body.to_string());
    }

    /// Sends a request and waits for its response: the result, or the error object.
    fn request(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        self.next_id += 1;
        let id = self.next_id;
        let body = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.write(&body.to_string());
        self.response(id)
    }

    fn response(&mut self, id: i64) -> Result<Value, Value> {
        loop {
            let message = self.next();
            if message.get("method").is_some() {
                // A notification, or a request of the server's own (registerCapability).
                self.backlog.push_back(message);
                continue;
            }
            assert_eq!(
                message["id"],
                json!(id),
                "a response to another request: {message}"
            );
            return match message.get("error") {
                Some(error) => Err(error.clone()),
                None => Ok(message["result"].clone()),
            };
        }
    }

    /// The params of the next notification of `method`, skipping others.
    fn notification(&mut self, method: &str) -> Value {
        if let Some(index) = self.backlog.iter().position(|m| m["method"] == method) {
            return self.backlog.remove(index).expect("present")["params"].clone();
        }
        loop {
            let message = self.next();
            if message["method"] == method {
                return message["params"].clone();
            }
        }
    }

    /// The next published diagnostics for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Value {
        loop {
            let params = self.notification("textDocument/publishDiagnostics");
            if params["uri"] == uri {
                return params;
            }
        }
    }

    fn next(&mut self) -> Value {
        match self.messages.recv_timeout(self.patience) {
            Ok(Ok(message)) => message,
            Ok(Err(problem)) => panic!("the server wrote something that is not LSP: {problem}"),
            Err(RecvTimeoutError::Timeout) => {
                panic!("the server said nothing for {:?}", self.patience)
            }
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
        }
    }

    /// Closes stdin (the server may have stopped reading already) and waits for the exit.
    fn wait(mut self) -> ExitStatus {
        drop(self.stdin.take());
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("the server can be waited for") {
                return status;
            }
            if start.elapsed() > PATIENCE {
                let _ = self.child.kill();
                panic!("the server did not exit within {PATIENCE:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // A failed test leaves no server behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

fn open(client: &mut Client, uri: &str, language: &str, text: &str) {
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}),
    );
}

fn change(client: &mut Client, uri: &str, version: i32, text: &str) {
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
    );
}

fn range(start: (u32, u32), end: (u32, u32)) -> Value {
    json!({"start": {"line": start.0, "character": start.1}, "end": {"line": end.0, "character": end.1}})
}

/// The codes of published diagnostics, in order.
fn codes(published: &Value) -> Vec<String> {
    let diagnostics = published["diagnostics"].as_array().expect("a list");
    diagnostics
        .iter()
        .map(|d| d["code"].as_str().unwrap_or("").to_string())
        .collect()
}

/// `text` with LSP edits applied, positions read as UTF-16 code units: an implementation of the
/// protocol's arithmetic apart from the server's.
fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |position: &Value| {
        let line = position["line"].as_u64().expect("a line") as usize;
        let character = position["character"].as_u64().expect("a character") as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        let mut units = 0;
        for (at, c) in text[start..].char_indices() {
            if units >= character || c == '\n' {
                return start + at;
            }
            units += c.len_utf16();
        }
        text.len()
    };
    let mut edits: Vec<_> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().expect("text"),
            )
        })
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (start, end, new) in edits {
        out.replace_range(start..end, new);
    }
    out
}

/// A card whose third line has "—", "’" and an astral character (two UTF-16 units, four bytes)
/// before its problems, so that byte, character and UTF-16 columns all differ.
const CARD: &str = "- name: Brass Herald\n  type: Artifact Creature — Soldier\n  text: \"Flash — it’s 🜂 hot. {T}: Add {R}. Play this ability only once per turn. {1}: Untap it. Activate only during your untap step. At end of turn, sacrifice it.\"\n";

/// The card with every problem mended.
const CLEAN: &str = "- name: Brass Herald\n  type: Artifact Creature — Soldier\n  text: \"Flash — it’s 🜂 hot. {T}: Add {R}. Activate only once each turn. {1}: It gains haste until end of turn.\"\n";

#[test]
fn a_session_checks_fixes_and_explains_a_card_file_at_utf16_positions() {
    let dir = TempDir::new().expect("a temporary directory");
    let path = dir.path().join("set.yaml");
    std::fs::write(&path, CARD).expect("the card file is written");
    let uri = uri(&path);
    let (mut client, init) = Client::initialized(dir.path(), json!({}));
    let capabilities = &init["capabilities"];
    assert_eq!(capabilities["positionEncoding"], "utf-16");
    assert_eq!(capabilities["hoverProvider"], true);
    assert_eq!(
        capabilities["textDocumentSync"]["change"], 2,
        "incremental sync"
    );
    assert_eq!(init["serverInfo"]["name"], "phaselint");

    open(&mut client, &uri, "yaml", CARD);
    let published = client.diagnostics(&uri);
    assert_eq!(published["version"], 1);
    assert_eq!(codes(&published), ["PL102", "PL502", "PL201", "PL101"]);
    // "Play" is character 43 of line 2 (0-based), byte 50; in UTF-16 units 44: "🜂" takes two.
    assert_eq!(CARD.lines().nth(2).unwrap().find("Play"), Some(50));
    let first = &published["diagnostics"][0];
    assert_eq!(
        first,
        &json!({
            "range": range((2, 44), (2, 61)),
            "severity": 1,
            "code": "PL102",
            "source": "phaselint",
            "message": "\"Play this ability\" is obsolete wording for activating an ability\nhelp: write \"Activate\"",
        })
    );
    let error = &published["diagnostics"][2];
    assert_eq!(
        (error["severity"].clone(), error["range"]["start"].clone()),
        (json!(1), json!({"line": 2, "character": 97}))
    );

    // The fix of the diagnostic under the cursor, and the fix-all beside it.
    let actions = client
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": range((2, 50), (2, 50)), "context": {"diagnostics": [first]}}),
        )
        .expect("code actions");
    let actions = actions.as_array().expect("a list");
    assert_eq!(actions.len(), 2, "{actions:#?}");
    assert_eq!(actions[0]["title"], "Replace with \"Activate\" (PL102)");
    assert_eq!(actions[0]["kind"], "quickfix");
    assert_eq!(actions[0]["isPreferred"], true);
    assert_eq!(actions[0]["diagnostics"][0], *first);
    assert_eq!(
        actions[0]["edit"]["changes"][&uri],
        json!([{"range": range((2, 44), (2, 61)), "newText": "Activate"}])
    );
    assert_eq!(
        actions[1]["title"],
        "Fix all safe phaselint fixes in this file"
    );
    assert_eq!(actions[1]["kind"], "quickfix");

    // An unsafe fix says so, and is not the preferred one.
    let end_of_turn = &published["diagnostics"][3];
    let actions = client
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": end_of_turn["range"], "context": {"diagnostics": [end_of_turn], "only": ["quickfix"]}}),
        )
        .expect("code actions");
    assert_eq!(
        actions[0]["title"],
        "Replace with \"At the beginning of the next end step\" (PL101, unsafe fix)"
    );
    assert_eq!(actions[0]["isPreferred"], false);

    // Fix-all as a source action gives what `phaselint check --fix` writes.
    let fixed_path = dir.path().join("fixed.yaml");
    std::fs::write(&fixed_path, CARD).expect("a copy is written");
    let status = Command::new(env!("CARGO_BIN_EXE_phaselint"))
        .args(["check", "--fix", "--quiet"])
        .arg(&fixed_path)
        .stdout(Stdio::null())
        .status()
        .expect("check --fix runs");
    assert_eq!(status.code(), Some(1), "the error is left");
    let by_check = std::fs::read_to_string(&fixed_path).expect("the fixed copy");
    let actions = client
        .request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": range((0, 0), (0, 0)), "context": {"diagnostics": [], "only": ["source.fixAll"]}}),
        )
        .expect("code actions");
    assert_eq!(actions.as_array().map(Vec::len), Some(1), "{actions}");
    assert_eq!(actions[0]["kind"], "source.fixAll.phaselint");
    let edits = actions[0]["edit"]["changes"][&uri]
        .as_array()
        .expect("edits")
        .clone();
    let fixed = apply(CARD, &edits);
    assert_eq!(fixed, by_check);
    assert_ne!(fixed, CARD);

    // An edit of a range, at UTF-16 positions: the quick fix, as an editor applies it.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"range": range((2, 44), (2, 61)), "text": "Activate"}]}),
    );
    let published = client.diagnostics(&uri);
    assert_eq!(published["version"], 2);
    assert_eq!(codes(&published), ["PL502", "PL201", "PL101"]);
    assert_eq!(
        published["diagnostics"][0]["range"],
        range((2, 58), (2, 71)),
        "after the edit"
    );

    // The fixed text leaves the error and the unsafe fix; the clean one, nothing.
    change(&mut client, &uri, 3, &fixed);
    let published = client.diagnostics(&uri);
    assert_eq!(published["version"], 3);
    assert_eq!(codes(&published), ["PL201", "PL101"]);
    change(&mut client, &uri, 4, CLEAN);
    let published = client.diagnostics(&uri);
    assert_eq!(
        (
            published["version"].clone(),
            published["diagnostics"].clone()
        ),
        (json!(4), json!([]))
    );

    // Hover on "until end of turn": its explanation, and the phrase's range.
    let line = CLEAN.lines().nth(2).unwrap();
    let until = line.find("until end of turn").unwrap();
    let character = line[..until].encode_utf16().count() as u32;
    assert_eq!(character, 94);
    let hover = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": character + 6}}),
        )
        .expect("a hover");
    assert_eq!(hover["range"], range((2, 94), (2, 111)));
    assert_eq!(hover["contents"]["kind"], "markdown");
    let markdown = hover["contents"]["value"].as_str().expect("Markdown");
    assert!(
        markdown.starts_with("**until end of turn** · duration\n"),
        "{markdown}"
    );
    assert!(
        markdown.contains("Expires in the cleanup step of this turn"),
        "{markdown}"
    );
    assert!(
        markdown.contains("**rules:** `500.5b, 514.2`"),
        "{markdown}"
    );
    assert!(markdown.contains("```text\n"), "the turn strip: {markdown}");
    assert!(
        markdown.contains("end cleanup"),
        "the turn strip: {markdown}"
    );
    let nothing = client
        .request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": 3}}),
        )
        .expect("an answer");
    assert_eq!(nothing, Value::Null, "no hover off a phrase");

    // Closing clears the document's diagnostics.
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    let published = client.diagnostics(&uri);
    assert_eq!(published["diagnostics"], json!([]));

    assert_eq!(client.request("shutdown", Value::Null), Ok(Value::Null));
    client.notify("exit", Value::Null);
    assert_eq!(client.wait().code(), Some(0));
}

#[test]
fn bad_requests_get_errors_and_the_session_goes_on() {
    let dir = TempDir::new().expect("a temporary directory");
    let mut client = Client::start(dir.path());
    let early = client.request("textDocument/hover", json!({}));
    assert_eq!(early.expect_err("not initialized")["code"], -32002);
    let (mut client, _) = {
        client
            .request("initialize", json!({"capabilities": {}}))
            .expect("initialized");
        client.notify("initialized", json!({}));
        (client, ())
    };
    let unknown = client.request("phaselint/nothing", json!({}));
    assert_eq!(unknown.expect_err("unknown")["code"], -32601);
    let malformed = client.request("textDocument/hover", json!({"position": "here"}));
    assert_eq!(malformed.expect_err("bad params")["code"], -32602);
    // Not JSON at all, a request whose method is no string, a notification with bad params:
    // skipped or refused, and the server still answers.
    client.write("{not json");
    client.write(r#"{"jsonrpc":"2.0","id":99,"method":7}"#);
    assert_eq!(client.response(99).expect_err("invalid")["code"], -32600);
    client.notify("textDocument/didOpen", json!({"textDocument": 5}));
    // A document that is not YAML at all: a diagnostic, not a crash.
    let broken = uri(&dir.path().join("broken.yaml"));
    open(
        &mut client,
        &broken,
        "yaml",
        "- name: [unclosed\n  text: \"—",
    );
    let published = client.diagnostics(&broken);
    assert_eq!(codes(&published), ["PL901"]);
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": broken}, "position": {"line": 9, "character": 99}}),
    );
    assert_eq!(hover, Ok(Value::Null));
    assert_eq!(client.request("shutdown", Value::Null), Ok(Value::Null));
    let after = client.request("textDocument/hover", json!({}));
    assert_eq!(after.expect_err("shut down")["code"], -32600);
    client.notify("exit", Value::Null);
    assert_eq!(client.wait().code(), Some(0));
}

#[test]
fn a_request_nested_deeper_than_the_parser_reads_gets_an_error() {
    let dir = TempDir::new().expect("a temporary directory");
    let (mut client, _) = Client::initialized(dir.path(), json!({}));
    let deep = "[".repeat(5_000) + &"]".repeat(5_000);
    // The id after the params, and a string id with an escape: both read from the top level.
    client.write(&format!(
        r#"{{"jsonrpc":"2.0","method":"textDocument/hover","params":{deep},"id":41}}"#
    ));
    let error = client.response(41).expect_err("an error");
    assert_eq!(error["code"], -32600, "{error}");
    client.write(&format!(
        r#"{{"jsonrpc":"2.0","id":"deep \"2\"","method":"textDocument/hover","params":{{"a":{deep}}}}}"#
    ));
    let message = client.next();
    assert_eq!(message["id"], "deep \"2\"", "{message}");
    assert_eq!(message["error"]["code"], -32600, "{message}");
    // A notification that deep is dropped, and the session goes on.
    client.write(&format!(
        r#"{{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{deep}}}"#
    ));
    assert_eq!(client.request("shutdown", Value::Null), Ok(Value::Null));
}

#[test]
fn a_panic_on_one_document_is_said_on_it_and_the_session_goes_on() {
    if !cfg!(debug_assertions) {
        // The server makes a check panic on purpose only in a debug build.
        return;
    }
    let dir = TempDir::new().expect("a temporary directory");
    let marker = "phaselint-test-panic-2c9d";
    let stderr = dir.path().join("stderr.txt");
    let mut command = Command::new(env!("CARGO_BIN_EXE_phaselint"));
    command
        .env("PHASELINT_TEST_PANIC", marker)
        .env("RUST_BACKTRACE", "1")
        .stderr(std::fs::File::create(&stderr).expect("a file for stderr"));
    // The reader fails the test if stdout carries anything but protocol (a backtrace).
    let mut client = Client::spawn(command, dir.path());
    client.initialize(json!({}));
    let good = uri(&dir.path().join("good.yaml"));
    let bad = uri(&dir.path().join("bad.yaml"));
    open(&mut client, &good, "yaml", CARD);
    open(&mut client, &bad, "yaml", &format!("# {marker}\n{CARD}"));
    let (mut at_good, mut at_bad) = (None, None);
    while at_good.is_none() || at_bad.is_none() {
        let params = client.notification("textDocument/publishDiagnostics");
        if params["uri"] == good {
            at_good = Some(params);
        } else if params["uri"] == bad {
            at_bad = Some(params);
        }
    }
    assert_eq!(
        codes(&at_good.unwrap()),
        ["PL102", "PL502", "PL201", "PL101"]
    );
    let failed = "phaselint failed on this document: an internal error, please report it: \
                  a panic asked for by PHASELINT_TEST_PANIC";
    assert_eq!(
        at_bad.unwrap()["diagnostics"],
        json!([{"range": range((0, 0), (0, 0)), "severity": 1, "source": "phaselint", "message": failed}])
    );

    // Requests that run phaselint on the document are answered with the failure.
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": bad}, "position": {"line": 3, "character": 50}}),
    );
    assert_eq!(hover, Err(json!({"code": -32603, "message": failed})));
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": bad}, "range": range((0, 0), (0, 0)), "context": {"diagnostics": []}}),
    );
    assert_eq!(actions, Err(json!({"code": -32603, "message": failed})));

    // The other document is still served, and the failed one is checked again once mended.
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": good}, "range": range((2, 50), (2, 50)), "context": {"diagnostics": []}}),
    );
    assert_eq!(
        actions.expect("code actions").as_array().map(Vec::len),
        Some(2)
    );
    change(&mut client, &good, 2, CLEAN);
    assert_eq!(
        wait_for_version(&mut client, &good, 2)["diagnostics"],
        json!([])
    );
    change(&mut client, &bad, 2, CARD);
    let mended = wait_for_version(&mut client, &bad, 2);
    assert_eq!(codes(&mended), ["PL102", "PL502", "PL201", "PL101"]);
    assert_eq!(client.request("shutdown", Value::Null), Ok(Value::Null));
    client.notify("exit", Value::Null);
    assert_eq!(client.wait().code(), Some(0));

    // The panic hook wrote the panic and its backtrace to stderr.
    let stderr = std::fs::read_to_string(&stderr).expect("stderr was written");
    assert!(
        stderr.contains("a panic asked for by PHASELINT_TEST_PANIC"),
        "{stderr}"
    );
    assert!(stderr.contains("stack backtrace"), "{stderr}");
}

#[test]
fn exit_without_shutdown_exits_with_1() {
    let dir = TempDir::new().expect("a temporary directory");
    let (mut client, _) = Client::initialized(dir.path(), json!({}));
    client.notify("exit", Value::Null);
    assert_eq!(client.wait().code(), Some(1));
}

#[test]
fn a_client_that_offers_utf8_gets_byte_columns() {
    let dir = TempDir::new().expect("a temporary directory");
    let (mut client, init) = Client::initialized(
        dir.path(),
        json!({"general": {"positionEncodings": ["utf-8", "utf-16"]}}),
    );
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8");
    let uri = uri(&dir.path().join("set.yaml"));
    open(&mut client, &uri, "yaml", CARD);
    let published = client.diagnostics(&uri);
    assert_eq!(
        published["diagnostics"][0]["range"],
        range((2, 50), (2, 67))
    );
}

#[test]
fn the_config_is_found_from_the_document_and_read_again_when_it_changes() {
    let dir = TempDir::new().expect("a temporary directory");
    let config = dir.path().join("phaselint.toml");
    std::fs::write(&config, "[rules]\nPL102 = \"off\"\n").expect("the config is written");
    std::fs::create_dir(dir.path().join("sets")).expect("a directory");
    let uri = uri(&dir.path().join("sets/set.yaml"));
    let watching = json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}});
    let (mut client, _) = Client::initialized(dir.path(), watching);
    // The server asks to be told of changes to config files.
    let registration = loop {
        let message = client.next();
        if message["method"] == "client/registerCapability" {
            break message;
        }
        client.backlog.push_back(message);
    };
    let watchers = &registration["params"]["registrations"][0]["registerOptions"]["watchers"];
    assert_eq!(watchers[0]["globPattern"], "**/phaselint.toml");
    let id = registration["id"].clone();
    client.write(&json!({"jsonrpc": "2.0", "id": id, "result": null}).to_string());

    open(&mut client, &uri, "yaml", CARD);
    assert_eq!(
        codes(&client.diagnostics(&uri)),
        ["PL502", "PL201", "PL101"]
    );

    // A broken config: its problem at its place in the config file, and the document checked
    // with the default rules, which it is told.
    std::fs::write(&config, "[rules]\nPL102 = \"loud\"\nPL999 = \"off\"\n")
        .expect("the config is written");
    let changed = json!({"changes": [{"uri": self::uri(&config), "type": 2}]});
    client.notify("workspace/didChangeWatchedFiles", changed.clone());
    let mut at_config = None;
    let mut at_document = None;
    while at_config.is_none() || at_document.is_none() {
        let params = client.notification("textDocument/publishDiagnostics");
        if params["uri"] == self::uri(&config) {
            at_config = Some(params);
        } else if params["uri"] == uri {
            at_document = Some(params);
        }
    }
    // Each mistake of the config at its own place (issue 41).
    let at_config = at_config.unwrap();
    assert_eq!(codes(&at_config), ["PL903", "PL903"]);
    let lines: Vec<&Value> = at_config["diagnostics"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|problem| &problem["range"]["start"]["line"])
        .collect();
    assert_eq!(lines, [&json!(1), &json!(2)]);
    let at_document = at_document.unwrap();
    assert_eq!(
        codes(&at_document),
        ["", "PL102", "PL502", "PL201", "PL101"]
    );
    let note = at_document["diagnostics"][0]["message"].as_str().unwrap();
    assert!(note.contains("checked with the default rules"), "{note}");

    // Mended: the config's problem is cleared and its levels apply again.
    std::fs::write(&config, "[rules]\nPL502 = \"off\"\n").expect("the config is written");
    client.notify("workspace/didChangeWatchedFiles", changed);
    let mut cleared = false;
    let mut document = None;
    while !cleared || document.is_none() {
        let params = client.notification("textDocument/publishDiagnostics");
        if params["uri"] == self::uri(&config) {
            assert_eq!(params["diagnostics"], json!([]));
            cleared = true;
        } else if params["uri"] == uri {
            document = Some(params);
        }
    }
    assert_eq!(codes(&document.unwrap()), ["PL102", "PL201", "PL101"]);
}

#[test]
fn a_config_file_open_in_the_editor_is_checked_as_it_is_typed() {
    let dir = TempDir::new().expect("a temporary directory");
    let (mut client, _) = Client::initialized(dir.path(), json!({}));
    let config = uri(&dir.path().join("phaselint.toml"));
    open(&mut client, &config, "toml", "[rules]\nPL101 = \"error\"\n");
    assert_eq!(client.diagnostics(&config)["diagnostics"], json!([]));
    change(
        &mut client,
        &config,
        2,
        "[rules]\nPL101 = \"error\"\nno-such-rule = \"off\"\nPL102 = \"loud\"\n",
    );
    let published = client.diagnostics(&config);
    assert_eq!(codes(&published), ["PL903", "PL903"]);
    assert_eq!(published["diagnostics"][0]["range"]["start"]["line"], 2);
    assert_eq!(published["diagnostics"][1]["range"]["start"]["line"], 3);
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": config}, "position": {"line": 1, "character": 2}}),
    );
    assert_eq!(hover, Ok(Value::Null), "a config file holds no cards");
}

#[test]
fn a_document_over_the_size_limit_gets_one_note_instead_of_a_check() {
    let dir = TempDir::new().expect("a temporary directory");
    let (mut client, _) = Client::initialized(dir.path(), json!({}));
    let uri = uri(&dir.path().join("AllPrintings.json"));
    let card = r#"{"name": "Old Bell", "text": "At end of turn, untap it."},"#;
    let text = format!("[{}{{}}]", card.repeat((9 << 20) / card.len()));
    open(&mut client, &uri, "json", &text);
    let published = client.diagnostics(&uri);
    let diagnostics = published["diagnostics"].as_array().expect("a list");
    assert_eq!(diagnostics.len(), 1, "{:?}", diagnostics.first());
    assert_eq!(diagnostics[0]["severity"], 3);
    let message = diagnostics[0]["message"].as_str().unwrap();
    assert!(message.contains("over 8 MiB"), "{message}");
}

/// Thousands of edits of ranges, several to a message, over line breaks of every kind and
/// characters of one to four bytes: the server's text and its positions stay those of the
/// client, so the diagnostics, the fix-all edit and the hovers equal those of a fresh open of
/// the same text.
#[test]
fn incremental_edits_leave_what_a_fresh_open_of_the_text_gives() {
    let card = |i: usize, end: &str| {
        [
            format!("Ancient Hourglass {i} {{3}}"),
            "Artifact — Clock’s 🜂".into(),
            "At end of turn, put a time counter on it.".into(),
            "{T}: Untap target permanent. Play this ability only during your draw phase.".into(),
            String::new(),
            "Fading Watch {1}{U}".into(),
            "Instant".into(),
            "Untap target creature. It gains flying until end of turn.".into(),
            String::new(),
            String::new(),
        ]
        .join(end)
    };
    let ends = ["\n", "\r\n", "\r"];
    let mut text: String = (0..40).map(|i| card(i, ends[i % 3])).collect();
    let dir = TempDir::new().expect("a temporary directory");
    let (mut client, _) = Client::initialized(dir.path(), json!({}));
    let edited = uri(&dir.path().join("edited.txt"));
    open(&mut client, &edited, "plaintext", &text);
    client.diagnostics(&edited);

    const PIECES: &[&str] = &[
        "\n",
        "\r\n",
        "\r",
        "—",
        "’",
        "🜂",
        "x",
        " ",
        "at end of turn",
        "Play this ability only ",
    ];
    let mut next = random_text::numbers(0x2545_F491_4F6C_DD1D);
    let mut edits = 0;
    let mut version = 1;
    while edits < 3_000 {
        let mut changes = Vec::new();
        for _ in 0..1 + next(4) {
            let start = place(&text, next(text.len() + 1));
            let end = match next(3) {
                0 => start,
                _ => place(&text, (start + next(16)).min(text.len())),
            };
            let replacement: String = (0..next(3)).map(|_| PIECES[next(PIECES.len())]).collect();
            let (from, to) = (lsp_position(&text, start), lsp_position(&text, end));
            text.replace_range(start..end, &replacement);
            changes.push(json!({"range": range(from, to), "text": replacement}));
            edits += 1;
        }
        version += 1;
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": edited, "version": version}, "contentChanges": changes}),
        );
    }
    let published = wait_for_version(&mut client, &edited, version);
    let fresh = uri(&dir.path().join("fresh.txt"));
    open(&mut client, &fresh, "plaintext", &text);
    let reopened = client.diagnostics(&fresh);
    assert!(
        codes(&published).len() > 20,
        "still diagnostics: {published}"
    );
    assert_eq!(
        published["diagnostics"].to_string().replace(&edited, "URI"),
        reopened["diagnostics"].to_string().replace(&fresh, "URI")
    );

    let fix_all = |client: &mut Client, uri: &str| {
        let actions = client
            .request(
                "textDocument/codeAction",
                json!({"textDocument": {"uri": uri}, "range": range((0, 0), (0, 0)), "context": {"diagnostics": [], "only": ["source.fixAll"]}}),
            )
            .expect("code actions");
        actions[0]["edit"]["changes"][uri].clone()
    };
    let fixed = fix_all(&mut client, &edited);
    assert!(fixed.is_array(), "a fix-all edit: {fixed}");
    assert_eq!(fixed, fix_all(&mut client, &fresh));
    let hover = |client: &mut Client, uri: &str, at: (u32, u32)| {
        client.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": at.0, "character": at.1}}),
        )
    };
    let mut hovered = 0;
    for offset in (0..text.len()).step_by(97) {
        let at = lsp_position(&text, place(&text, offset));
        let on_edited = hover(&mut client, &edited, at);
        hovered += usize::from(on_edited != Ok(Value::Null));
        assert_eq!(on_edited, hover(&mut client, &fresh, at), "at {at:?}");
    }
    assert!(hovered > 5, "hovers on phrases: {hovered}");
}

/// The character boundary at or before `offset` that is not inside a `\r\n`.
fn place(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    if text[..offset].ends_with('\r') && text[offset..].starts_with('\n') {
        offset -= 1;
    }
    offset
}

/// The LSP position of byte `offset`: lines end at `\n`, `\r\n` or a lone `\r`, characters
/// count UTF-16 units.
fn lsp_position(text: &str, offset: usize) -> (u32, u32) {
    let mut line = 0;
    let mut line_start = 0;
    for (at, c) in text[..offset].char_indices() {
        let crlf = c == '\r' && text[at + 1..].starts_with('\n');
        if c == '\n' || (c == '\r' && !crlf) {
            line += 1;
            line_start = at + 1;
        }
    }
    (line, text[line_start..offset].encode_utf16().count() as u32)
}

/// Replays one-character edits on a large JSON Lines document and prints how long the server
/// takes to publish the diagnostics of the last version; then checks that they equal those of a
/// fresh open of the same text. A measurement, not a test of speed: run it by hand,
/// `cargo test --test server -- --ignored --nocapture`, with `PHASELINT_REPLAY_MB` (default 7)
/// and `PHASELINT_REPLAY_BIN` (a `phaselint` binary other than this build's, such as a release
/// build) to vary it.
#[test]
#[ignore = "a measurement, run by hand"]
fn replay_of_edits_on_a_large_document() {
    let megabytes: usize = std::env::var("PHASELINT_REPLAY_MB")
        .ok()
        .and_then(|mb| mb.parse().ok())
        .unwrap_or(7);
    let mut lines = large_jsonl(megabytes << 20);
    let dir = TempDir::new().expect("a temporary directory");
    let binary = std::env::var_os("PHASELINT_REPLAY_BIN")
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_phaselint").into());
    let mut client = Client::spawn(Command::new(binary), dir.path());
    client.patience = Duration::from_secs(600);
    client.initialize(json!({}));
    let uri = uri(&dir.path().join("cards.jsonl"));
    let text = lines.concat();
    let started = Instant::now();
    open(&mut client, &uri, "jsonl", &text);
    client.diagnostics(&uri);
    eprintln!(
        "open and check of {} bytes, {} lines: {:?}",
        text.len(),
        lines.len(),
        started.elapsed()
    );

    // 3,000 one-character edits, one a message, spread over the document.
    let edits = 3_000;
    let started = Instant::now();
    for version in 2..2 + edits {
        let line = (version as usize * 7_919) % lines.len();
        lines[line].insert(10, 'x');
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version},
                   "contentChanges": [{"range": range((line as u32, 10), (line as u32, 10)), "text": "x"}]}),
        );
    }
    wait_for_version(&mut client, &uri, 1 + edits);
    eprintln!(
        "{edits} one-character edits, one a message: {:?}",
        started.elapsed()
    );

    // 2,000 changes in one message.
    let changes: Vec<Value> = (0..2_000)
        .map(|i| {
            let line = (i * 4_801) % lines.len();
            lines[line].insert(10, 'y');
            json!({"range": range((line as u32, 10), (line as u32, 10)), "text": "y"})
        })
        .collect();
    let version = 2 + edits;
    let started = Instant::now();
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
    );
    let published = wait_for_version(&mut client, &uri, version);
    eprintln!("one message of 2,000 changes: {:?}", started.elapsed());

    let fresh = uri.replace("cards.jsonl", "fresh.jsonl");
    open(&mut client, &fresh, "jsonl", &lines.concat());
    let reopened = client.diagnostics(&fresh);
    assert_eq!(
        published["diagnostics"].to_string().replace(&uri, "URI"),
        reopened["diagnostics"].to_string().replace(&fresh, "URI")
    );
}

/// The published diagnostics of `version`, skipping those of earlier versions.
fn wait_for_version(client: &mut Client, uri: &str, version: i32) -> Value {
    loop {
        let published = client.diagnostics(uri);
        if published["version"] == version {
            return published;
        }
    }
}

/// About `bytes` of JSON Lines, each line ending in `\n`: the Oracle card pool where it is
/// (../shared/corpus/cards.jsonl), else one card repeated.
fn large_jsonl(bytes: usize) -> Vec<String> {
    let pool = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/cards.jsonl");
    let text = std::fs::read_to_string(pool).unwrap_or_else(|_| {
        r#"{"name": "Old Bell", "type_line": "Artifact", "oracle_text": "At end of turn, untap it. {T}: Add {C}. Activate only during your upkeep."}
"#
        .repeat(bytes / 100 + 1)
    });
    let mut lines = Vec::new();
    let mut size = 0;
    for line in text.split_inclusive('\n').cycle() {
        if size >= bytes {
            break;
        }
        size += line.len();
        lines.push(line.to_string());
    }
    lines
}

/// A YAML set edited at random, mostly inside the cards' texts as typing does, sometimes anywhere
/// with what changes the file's structure (quotes, line breaks, keys, aliases): after each edit,
/// the server's diagnostics (which reuse the last check's cards and findings) are exactly those
/// of a fresh open of the same text.
#[test]
fn edits_in_a_yaml_set_leave_what_a_fresh_open_gives_after_each() {
    let card = |i: usize| match i % 6 {
        0 => format!(
            "- name: Dusk Bell {i}\n  type: Artifact\n  text: \"{{T}}: Add {{C}}. Play this ability only during your upkeep phase.\"\n\n"
        ),
        1 => format!(
            "# phaselint: allow(PL005)\n- name: 'Tide Clock {i}'\n  type: Instant\n  text: 'Untap target creature. It gains flying until end of turn. At end of turn, scry 1.'\n\n"
        ),
        2 => format!(
            "- name: Ember Gauge {i}\n  type: Sorcery\n  text: Cast this spell only after your upkeep.\n\n"
        ),
        3 => format!(
            "- {{name: Flow Dial {i}, type: Artifact, text: \"At the beginning of the end step, sacrifice it.\"}} # phaselint: allow(PL001)\n"
        ),
        4 => format!(
            "- name: Long Watch {i}\n  type: Enchantment\n  text: |\n    At end of turn, put a time counter on it.\n    Activate only during the cleanup step.\n\n"
        ),
        _ => format!(
            "- name: Twin Hand {i}\n  faces:\n    - name: Tick\n      type: Instant\n      text: \"Target creature gets +1/+0 until end of combat. — Draw a card.\"\n    - name: Tock\n      type: Sorcery\n      text: \"Activate this ability only any time you could cast a sorcery.\"\n\n"
        ),
    };
    let mut text: String = (0..24).map(card).collect();
    let dir = TempDir::new().expect("a temporary directory");
    let (mut client, _) = Client::initialized(dir.path(), json!({}));
    let edited = uri(&dir.path().join("edited.yaml"));
    open(&mut client, &edited, "yaml", &text);
    client.diagnostics(&edited);

    const TYPED: &[&str] = &[
        "x",
        " ",
        "e",
        "until end of turn",
        "—",
        "🜂",
        "Play this ability only ",
        ",",
    ];
    const ANYWHERE: &[&str] = &[
        "\"", "'", "\\", "\n", ": ", "#", "*a", "&a ", "- ", "  ", "\\u2014",
    ];
    let mut next = random_text::numbers(0x9E37_79B9_7F4A_7C15);
    let mut fresh_opened = 0;
    let mut found = 0;
    for version in 2..260 {
        // Mostly inside the quotes of a one-line text, where a keystroke is read without reading
        // the file again.
        let texts: Vec<usize> = text.match_indices("text: ").map(|(at, _)| at + 7).collect();
        let start = match next(4) {
            0 => place(&text, next(text.len() + 1)),
            _ => {
                let from = texts[next(texts.len())];
                let line_end = text[from..].find('\n').map_or(text.len(), |end| from + end);
                place(&text, from + next(line_end.saturating_sub(from + 1).max(1)))
            }
        };
        let end = match next(3) {
            0 => place(&text, (start + next(6)).min(text.len())),
            _ => start,
        };
        let pieces = if next(8) == 0 { ANYWHERE } else { TYPED };
        let replacement: String = (0..next(3)).map(|_| pieces[next(pieces.len())]).collect();
        let (from, to) = (lsp_position(&text, start), lsp_position(&text, end));
        text.replace_range(start..end, &replacement);
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": edited, "version": version},
                   "contentChanges": [{"range": range(from, to), "text": replacement}]}),
        );
        let published = wait_for_version(&mut client, &edited, version);
        found += codes(&published).len();
        fresh_opened += 1;
        let fresh = uri(&dir.path().join(format!("fresh{fresh_opened}.yaml")));
        open(&mut client, &fresh, "yaml", &text);
        let reopened = client.diagnostics(&fresh);
        client.notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": fresh}}),
        );
        assert_eq!(
            published["diagnostics"].to_string().replace(&edited, "URI"),
            reopened["diagnostics"].to_string().replace(&fresh, "URI"),
            "after edit {version}: {replacement:?} at {from:?}..{to:?}\n{text}"
        );
    }
    assert!(found > 250, "diagnostics compared: {found}");
}
