//! The VS Code extension of `editors/vscode/`: the `.vsix` that `.ci/run` packages with vsce
//! holds the manifest and the client bundled with its runtime (esbuild), and nothing of the
//! sources, the tests or node_modules; the card files it sends to the server are the ones
//! phaselint reads.
//!
//! The `.vsix` is built by `npm run package` in `editors/vscode/` (Node and npm, which `cargo test`
//! does not have). Where it is not built the test says so on stderr and passes, except in CI
//! (`CI` set), where `.ci/run` builds it first and a missing `.vsix` fails.

use phaselint::source::format_from_extension;
use serde_json::Value;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

fn extension_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("editors/vscode")
}

fn manifest() -> Value {
    let text = std::fs::read_to_string(extension_dir().join("package.json"))
        .expect("editors/vscode/package.json");
    serde_json::from_str(&text).expect("package.json is JSON")
}

/// Writes past libtest's output capture, so that a skip is seen on a passing run.
fn tell(message: &str) {
    let _ = writeln!(std::io::stderr(), "{message}");
}

/// The names of the `.vsix`'s members, and the text of those asked for.
fn vsix_members(path: &Path, wanted: &[&str]) -> (Vec<String>, Vec<String>) {
    let file = std::fs::File::open(path).expect("the .vsix opens");
    let mut archive = zip::ZipArchive::new(file).expect("the .vsix is a zip");
    let names: Vec<String> = archive.file_names().map(str::to_string).collect();
    let texts = wanted
        .iter()
        .map(|name| {
            let mut text = String::new();
            archive
                .by_name(name)
                .unwrap_or_else(|_| panic!("the .vsix holds {name}: {names:?}"))
                .read_to_string(&mut text)
                .expect("a text member");
            text
        })
        .collect();
    (names, texts)
}

#[test]
fn the_vsix_holds_the_bundled_client_and_nothing_of_the_build() {
    let manifest = manifest();
    let version = manifest["version"].as_str().expect("a version");
    let vsix = extension_dir().join(format!("phaselint-{version}.vsix"));
    if !vsix.exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} is missing: .ci/run packages it (npm ci, npm run compile, npm run package) before cargo test",
            vsix.display()
        );
        tell(&format!(
            "SKIPPED the_vsix_holds_the_bundled_client_and_nothing_of_the_build: {} is not built (cd editors/vscode && npm ci && npm run compile && npm run package)",
            vsix.display()
        ));
        return;
    }
    let (names, texts) = vsix_members(
        &vsix,
        &["extension/package.json", "extension/dist/extension.js"],
    );
    let packaged: Value = serde_json::from_str(&texts[0]).expect("the packaged manifest is JSON");
    assert_eq!(packaged["main"], "./dist/extension.js");
    assert_eq!(packaged["version"], manifest["version"]);
    let properties = &packaged["contributes"]["configuration"]["properties"];
    assert_eq!(properties["phaselint.path"]["default"], "phaselint");
    assert_eq!(
        properties["phaselint.args"]["default"],
        serde_json::json!(["server"])
    );
    let bundle = &texts[1];
    assert!(
        bundle.contains("Connection to server got closed"),
        "the bundle holds vscode-languageclient"
    );
    assert_eq!(
        unbundled_requires(bundle),
        Vec::<&str>::new(),
        "the bundle needs only `vscode` and Node's own modules"
    );
    let mut members: Vec<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|name| name.starts_with("extension/"))
        .collect();
    members.sort_unstable();
    assert_eq!(
        members,
        [
            "extension/README.md",
            "extension/dist/extension.js",
            "extension/package.json"
        ],
        "the .vsix holds the manifest, its README and the bundle, and nothing of the sources, the tests or node_modules"
    );
}

/// The modules the bundle loads at run time other than `vscode` and those Node has itself: an
/// unbundled dependency, which the `.vsix` (packaged without node_modules) would not have.
fn unbundled_requires(bundle: &str) -> Vec<&str> {
    const NODE: &[&str] = &[
        "assert",
        "buffer",
        "child_process",
        "crypto",
        "events",
        "fs",
        "net",
        "os",
        "path",
        "stream",
        "url",
        "util",
    ];
    bundle
        .split("require(\"")
        .skip(1)
        .filter_map(|rest| rest.split_once("\")").map(|(name, _)| name))
        .filter(|name| *name != "vscode" && !NODE.contains(&name.trim_start_matches("node:")))
        .collect()
}

#[test]
fn the_extension_is_versioned_with_the_crate() {
    assert_eq!(manifest()["version"], env!("CARGO_PKG_VERSION"));
}

/// The glob of `CARD_FILES` in src/client.ts: `**/*.{yaml,yml,...}`.
fn client_extensions() -> Vec<String> {
    let source = std::fs::read_to_string(extension_dir().join("src/client.ts"))
        .expect("editors/vscode/src/client.ts");
    let line = source
        .lines()
        .find(|line| line.contains("export const CARD_FILES"))
        .expect("client.ts declares CARD_FILES");
    let inner = line
        .split_once("**/*.{")
        .and_then(|(_, rest)| rest.split_once('}'))
        .map(|(inner, _)| inner)
        .expect("CARD_FILES is a glob of extensions");
    inner.split(',').map(str::to_string).collect()
}

#[test]
fn the_extension_sends_the_card_files_phaselint_reads() {
    let extensions = client_extensions();
    for extension in &extensions {
        assert!(
            format_from_extension(Path::new(&format!("set.{extension}"))).is_some(),
            "client.ts sends .{extension} files, which phaselint does not read"
        );
    }
    for read in [
        "yaml", "yml", "json", "jsonl", "ndjson", "txt", "xml", "csv", "tsv",
    ] {
        assert!(
            extensions.iter().any(|e| e == read),
            "phaselint reads .{read} files and client.ts does not send them: {extensions:?}"
        );
    }
}

#[test]
fn the_install_lines_name_the_vsix_that_vsce_writes() {
    let version = manifest()["version"]
        .as_str()
        .expect("a version")
        .to_string();
    let vsix = format!("code --install-extension phaselint-{version}.vsix");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for page in ["docs/editor.md", "editors/vscode/README.md"] {
        let text = std::fs::read_to_string(root.join(page)).expect("the page");
        assert!(text.contains(&vsix), "{page} installs with `{vsix}`");
    }
}
