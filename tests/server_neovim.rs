//! `phaselint server` in a real editor: headless Neovim and its built-in LSP client
//! (tests/data/neovim-client.lua). The test asserts what Neovim itself holds: the diagnostics of
//! the buffer (in Neovim's byte columns, converted from the server's UTF-16 positions by the
//! client), the hover it received, and the buffer after it applied the fix-all action.
//!
//! `.ci/run` installs Neovim from Debian's packages; where `nvim` is missing the test says so on
//! stderr and passes without running.

use serde_json::{Value, json};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// How long the whole Neovim session may take before it is killed and the test fails.
const PATIENCE: Duration = Duration::from_secs(180);

/// The card of tests/server.rs: "—", "’" and an astral character before the problems.
const CARD: &str = "- name: Brass Herald\n  type: Artifact Creature — Soldier\n  text: \"Flash — it’s 🜂 hot. {T}: Add {R}. Play this ability only once per turn. {1}: Untap it. Activate only during your untap step. At end of turn, sacrifice it.\"\n";

fn neovim_version() -> Option<String> {
    let output = Command::new("nvim").arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout);
    output
        .status
        .success()
        .then(|| text.lines().next().unwrap_or("").to_string())
}

/// Writes past libtest's output capture, so that a skip is seen on a passing run.
fn tell(message: &str) {
    let _ = writeln!(std::io::stderr(), "{message}");
}

#[test]
fn neovim_holds_the_diagnostics_the_hover_and_the_fixes_of_the_server() {
    let Some(version) = neovim_version() else {
        tell(
            "SKIPPED neovim_holds_the_diagnostics_the_hover_and_the_fixes_of_the_server: nvim is not installed (apt-get install neovim)",
        );
        return;
    };
    tell(&format!("end-to-end with {version}"));
    let dir = TempDir::new().expect("a temporary directory");
    let card = dir.path().join("set.yaml");
    std::fs::write(&card, CARD).expect("the card file is written");
    let out = dir.path().join("out.json");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/neovim-client.lua");
    let mut nvim = Command::new("nvim")
        .args([
            "--headless",
            "--clean",
            "-n",
            "-i",
            "NONE",
            "-u",
            "NONE",
            "-c",
        ])
        .arg(format!("luafile {}", script.display()))
        .env("PHASELINT", env!("CARGO_BIN_EXE_phaselint"))
        .env("CARD", &card)
        .env("OUT", &out)
        .env("HOME", dir.path())
        .env("XDG_STATE_HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path())
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .expect("nvim starts");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = nvim.try_wait().expect("nvim can be waited for") {
            break status;
        }
        if start.elapsed() > PATIENCE {
            let _ = nvim.kill();
            let _ = nvim.wait();
            panic!("the Neovim session did not end within {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "nvim exited with {status}");
    let held: Value = serde_json::from_str(
        &std::fs::read_to_string(&out).expect("the session wrote what Neovim held"),
    )
    .expect("JSON");
    assert_eq!(held.get("error"), None, "the Lua session failed: {held:#}");
    assert_eq!(held["attached"], true, "{held:#}");
    // Neovim 0.7 offers no encoding and gets UTF-16; later ones offer UTF-8 first and get it.
    let units = |text: &str| match held["encoding"].as_str() {
        Some("utf-16") => text.encode_utf16().count(),
        Some("utf-8") => text.len(),
        Some("utf-32") => text.chars().count(),
        other => panic!("an encoding LSP does not have: {other:?}"),
    };

    // Neovim stores byte columns: "Play" is byte 50 of line 2, which the server said is UTF-16
    // unit 44 (to Neovim 0.7). Landing on it means both sides counted "—", "’" and "🜂" alike.
    let line = CARD.lines().nth(2).unwrap();
    let byte = |words: &str| line.find(words).unwrap();
    let diagnostics = held["diagnostics"].as_array().expect("a list");
    let summary: Vec<Value> = diagnostics
        .iter()
        .map(|d| json!([d["code"], d["severity"], d["lnum"], d["col"], d["end_col"]]))
        .collect();
    assert_eq!(
        summary,
        [
            json!([
                "PL102",
                1,
                2,
                byte("Play"),
                byte("Play") + "Play this ability".len()
            ]),
            json!([
                "PL502",
                2,
                2,
                byte("once per"),
                byte("once per") + "once per turn".len()
            ]),
            json!([
                "PL201",
                1,
                2,
                byte("Activate only during"),
                byte(". At end")
            ]),
            json!([
                "PL101",
                1,
                2,
                byte("At end"),
                byte("At end") + "At end of turn".len()
            ]),
        ]
    );
    assert_eq!(diagnostics[0]["source"], "phaselint");
    assert_eq!(
        diagnostics[0]["message"],
        "\"Play this ability\" is obsolete wording for activating an ability\nhelp: write \"Activate\""
    );

    // The hover Neovim received for the cursor on "untap step".
    let untap = units(&line[..byte("untap step")]);
    assert_eq!(
        held["hover_position"],
        json!({"line": 2, "character": untap})
    );
    let hover = &held["hover"];
    let markdown = hover["contents"]["value"]
        .as_str()
        .expect("a Markdown hover");
    assert!(
        markdown.starts_with("**Activate only during your untap step** · window"),
        "{markdown}"
    );
    assert!(markdown.contains("**rules:** `"), "{markdown}");
    let phrase_start = units(&line[..byte("Activate only during")]);
    assert_eq!(
        hover["range"]["start"],
        json!({"line": 2, "character": phrase_start})
    );

    // The buffer after Neovim applied the fix-all edit, and the diagnostics it then got.
    assert_eq!(
        held["action_title"],
        "Fix all safe phaselint fixes in this file"
    );
    let fixed = CARD.replace(
        "Play this ability only once per turn",
        "Activate only once each turn",
    );
    assert_eq!(held["fixed"], fixed);
    assert_eq!(held["refreshed"], true, "{held:#}");
    let codes: Vec<&Value> = held["after_fix"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| &d["code"])
        .collect();
    assert_eq!(codes, [&json!("PL201"), &json!("PL101")]);
    assert_eq!(held["stopped"], true);
}
