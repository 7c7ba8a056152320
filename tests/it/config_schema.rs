//! `phaselint config-schema`: the JSON Schema of phaselint.toml, and the schema and the reader
//! agreeing on what a config may say: every config of the fixtures and the docs holds (the docs'
//! blocks are checked in tests/it/docs.rs), and what the reader refuses for its keys, types or names
//! the schema refuses too. What only the reader can judge (globs, a rule set twice) is left out.

use crate::cli;
use crate::json_schema;

use cli::{assert_exit, fixtures, run, stdout};
use json_schema::{toml_as_json, violations};
use phaselint::config::{Config, json_schema};
use serde_json::Value;
use std::path::Path;

fn schema_holds(text: &str) -> Result<(), Vec<String>> {
    let found = violations(&json_schema(), &toml_as_json(text));
    if found.is_empty() { Ok(()) } else { Err(found) }
}

fn reader_takes(text: &str) -> Result<(), String> {
    Config::parse(Path::new("phaselint.toml"), text)
        .map(|_| ())
        .map_err(|error| error.message)
}

#[test]
fn config_schema_prints_the_schema_of_the_library() {
    let output = run(&fixtures(), &["config-schema"]);
    assert_exit(&output, 0);
    let printed: Value = serde_json::from_str(&stdout(&output)).expect("the schema is JSON");
    assert_eq!(printed, json_schema());
    assert_eq!(
        printed["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert!(stdout(&output).ends_with("}\n"));
}

#[test]
fn every_config_of_the_fixtures_holds() {
    let mut configs = Vec::new();
    for entry in walkdir::WalkDir::new(fixtures()).sort_by_file_name() {
        let entry = entry.expect("a fixtures entry");
        if entry.file_name() == "phaselint.toml" {
            configs.push(entry.into_path());
        }
    }
    assert!(!configs.is_empty(), "the fixtures have a config");
    for path in configs {
        let text = std::fs::read_to_string(&path).expect("the config reads");
        assert_eq!(schema_holds(&text), Ok(()), "{}", path.display());
        assert_eq!(reader_takes(&text), Ok(()), "{}", path.display());
    }
}

#[test]
fn what_the_reader_takes_the_schema_takes() {
    let configs = [
        "",
        "edition = \"current\"\n",
        "edition = \"2004\"\n",
        "edition = \"2026\"\n",
        "[rules]\nPL101 = \"off\"\npl102 = \"note\"\nPl103 = \"error\"\nonce-per-turn = \"warning\"\n",
        "[[ignore]]\npath = \"legacy/**\"\nrules = [\"all\"]\n",
        "[[ignore]]\ncard = \"Relic\"\nrules = [\"pl101\", \"obsolete-step-name\"]\n",
        "[files]\ninclude = []\nexclude = [\"drafts/**\"]\n",
        "[fields]\nname = [\"Karte\"]\nmana-cost = [\"Kosten\"]\ntype = [\"Typ\"]\ntext = []\n",
    ];
    for text in configs {
        assert_eq!(reader_takes(text), Ok(()), "{text}");
        assert_eq!(schema_holds(text), Ok(()), "{text}");
    }
}

#[test]
fn what_the_reader_refuses_for_a_key_type_or_name_the_schema_refuses() {
    let configs = [
        // Unknown keys, at every level.
        "colour = \"red\"\n",
        "[files]\nincludes = [\"a\"]\n",
        "[fields]\nflavor = [\"f\"]\n",
        "[[ignore]]\npath = \"a\"\nrules = [\"all\"]\nreason = \"old\"\n",
        // Wrong types.
        "edition = 2019\n",
        "rules = \"PL101\"\n",
        "files = [\"a\"]\n",
        "[fields]\nname = \"Karte\"\n",
        "[files]\nexclude = \"drafts\"\n",
        "[[ignore]]\npath = \"a\"\nrules = \"all\"\n",
        "ignore = { path = \"a\", rules = [\"all\"] }\n",
        // Names the reader does not know.
        "edition = \"1999\"\n",
        "edition = \"Current\"\n",
        "[rules]\nPL101 = \"loud\"\n",
        "[rules]\nPL101 = \"Off\"\n",
        "[rules]\nobsolete-end-of-trun = \"off\"\n",
        "[rules]\nPL999 = \"off\"\n",
        "[rules]\nPL900 = \"off\"\n",
        "[[ignore]]\npath = \"a\"\nrules = [\"PL1011\"]\n",
        "[[ignore]]\npath = \"a\"\nrules = [\"ALL\"]\n",
        "[[ignore]]\npath = \"a\"\nrules = [\"unreadable-file\"]\n",
        // An ignore entry's shape.
        "[[ignore]]\npath = \"a\"\n",
        "[[ignore]]\nrules = [\"all\"]\n",
        "[[ignore]]\npath = \"a\"\ncard = \"B\"\nrules = [\"all\"]\n",
        "[[ignore]]\npath = \"a\"\nrules = []\n",
    ];
    for text in configs {
        assert!(reader_takes(text).is_err(), "the reader refuses {text:?}");
        assert!(schema_holds(text).is_err(), "the schema refuses {text:?}");
    }
}
