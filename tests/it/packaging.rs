//! What the crate ships (issue 24 §1): `cargo package --list` holds the code, the grammar and its
//! build script, the README and the licence, and nothing of the tests' data: no file of tests/,
//! fixtures/, snapshots/ or benches/. `cargo package --locked` itself, which builds the packaged
//! crate, runs in `.ci/run`.

use std::process::Command;

/// The files `cargo package` would ship, as paths relative to the package's root.
fn packaged_files() -> Vec<String> {
    let output = Command::new(env!("CARGO"))
        .args(["package", "--list", "--locked", "--allow-dirty"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo package --list fails:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("the list is UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_package_ships_the_grammar_and_no_test_data() {
    let files = packaged_files();
    for needed in [
        "Cargo.toml",
        "Cargo.lock",
        "README.md",
        "LICENSE",
        "grammar/timing.pest",
        "grammar/table.rs",
        "src/lib.rs",
        "src/main.rs",
    ] {
        assert!(
            files.iter().any(|file| file == needed),
            "{needed} is packaged: {files:?}"
        );
    }
    let data: Vec<&String> = files
        .iter()
        .filter(|file| {
            [
                "tests/",
                "fixtures/",
                "snapshots/",
                "benches/",
                "docs/",
                ".ci/",
            ]
            .iter()
            .any(|dir| file.starts_with(dir))
        })
        .collect();
    assert!(data.is_empty(), "the package ships test data: {data:?}");
    // Anything else shipped is named here, so a new top-level file is a decision, not an accident.
    let other: Vec<&String> = files
        .iter()
        .filter(|file| !file.starts_with("src/") && !file.starts_with("grammar/"))
        .filter(|file| {
            ![
                "Cargo.toml",
                "Cargo.toml.orig",
                "Cargo.lock",
                "README.md",
                "LICENSE",
                ".cargo_vcs_info.json",
            ]
            .contains(&file.as_str())
        })
        .collect();
    assert!(other.is_empty(), "unexpected packaged files: {other:?}");
}
