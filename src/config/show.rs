//! What a config says, whole, as `check --show-settings` shows it: the file it was read from (or
//! the defaults), each rule's level for a path, the edition, the ignores, the file globs and the
//! field names. Plain data; the front end renders it.

use super::{Config, RuleSet, Target};
use crate::source::Field;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The settings that govern one path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Settings {
    /// The config file; `None` for the defaults (no phaselint.toml above the path).
    pub file: Option<PathBuf>,
    /// The directory the config's globs are relative to.
    pub root: PathBuf,
    /// `current`, or a year.
    pub edition: String,
    /// Every rule in code order, at its level for the path.
    pub rules: Vec<RuleLevel>,
    /// The `[[ignore]]` entries in file order.
    pub ignore: Vec<IgnoreEntry>,
    /// `[files] include` and `exclude`, as written.
    pub include: Vec<String>,
    pub exclude: Vec<String>,
    /// `[fields]`: the team's own names of each card field, compared by letters and digits.
    pub fields: Vec<FieldNamesOf>,
}

/// A rule and its level for the path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleLevel {
    pub code: &'static str,
    pub name: &'static str,
    /// `off`, `note`, `warning` or `error`: what the config, its path ignores and the command
    /// line's selection give the rule in this path.
    pub level: &'static str,
    /// The rule's own default: its level, or `off` for a rule off by default.
    pub default: &'static str,
}

/// One `[[ignore]]` entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IgnoreEntry {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// Rule codes, or `all`.
    pub rules: Vec<&'static str>,
}

/// The names a config adds for one field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldNamesOf {
    /// As `[fields]` spells the key: `name`, `text`, `type`, `mana-cost`.
    pub field: &'static str,
    pub names: Vec<String>,
}

impl Config {
    /// What this config says, with each rule's level for a file or directory at `path`.
    pub fn settings(&self, path: &Path) -> Settings {
        let rules = crate::rules::registry()
            .iter()
            .map(|rule| RuleLevel {
                code: rule.code,
                name: rule.name,
                level: self.run_level(rule, path, None).as_str(),
                default: if rule.on_by_default {
                    super::Level::from(rule.level).as_str()
                } else {
                    "off"
                },
            })
            .collect();
        let ignore = self
            .ignores
            .iter()
            .map(|ignore| {
                let (path, card) = match &ignore.target {
                    Target::Path(globs) => (Some(globs.written().join(", ")), None),
                    Target::Card(name) => (None, Some(name.clone())),
                };
                let rules = match &ignore.rules {
                    RuleSet::All => vec!["all"],
                    RuleSet::Codes(codes) => codes.clone(),
                };
                IgnoreEntry { path, card, rules }
            })
            .collect();
        let fields = [
            (Field::Name, "name"),
            (Field::Text, "text"),
            (Field::TypeLine, "type"),
            (Field::ManaCost, "mana-cost"),
        ]
        .into_iter()
        .map(|(field, key)| FieldNamesOf {
            field: key,
            names: self.fields.own_names(field).map(str::to_string).collect(),
        })
        .collect();
        Settings {
            file: self.file.clone(),
            root: self.root.clone(),
            edition: self.edition.to_string(),
            rules,
            ignore,
            include: self.include.written().to_vec(),
            exclude: self.exclude.written().to_vec(),
            fields,
        }
    }
}
