//! `check --show-settings` and `check --show-files`: what a run would take, rendered; the
//! library decides it ([`phaselint::check::settings_of`], [`phaselint::check::files_of`]). A
//! config and the names of a tree are a stranger's text: every string is shown as the reports show
//! it ([`visible`], [`visible_json`]), never with a control character that acts on a terminal.

use super::outcome::Outcome;
use phaselint::check::{CheckOptions, InputsSeen, files_of, settings_of};
use phaselint::config::Settings;
use phaselint::file_name::shown;
use phaselint::report::{Format, visible, visible_json};
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// `--show-settings`: the settings of each path, as text or (with `--format json`) JSON.
pub fn settings(
    paths: &[PathBuf],
    options: Result<CheckOptions, String>,
    format: Format,
) -> (Result<String, String>, Outcome) {
    let found = options
        .and_then(|options| settings_of(paths, &options).map_err(|problem| problem.to_string()));
    let all = match found {
        Ok(all) => all,
        Err(message) => return (Err(message), Outcome::Failed),
    };
    let output = if format == Format::Json {
        let entries: Vec<Entry> = all
            .iter()
            .map(|(path, settings)| Entry {
                path: shown(path),
                settings,
            })
            .collect();
        let mut text = visible_json(serde_json::to_string_pretty(&entries).unwrap_or_default());
        text.push('\n');
        text
    } else {
        all.iter()
            .map(|(path, settings)| settings_text(path, settings))
            .collect::<Vec<_>>()
            .join("\n")
    };
    (Ok(output), Outcome::Clean)
}

/// A path and its settings, in the JSON output.
#[derive(serde::Serialize)]
struct Entry<'a> {
    path: String,
    #[serde(flatten)]
    settings: &'a Settings,
}

/// A path as the text output shows it.
fn name(path: &Path) -> String {
    visible(&shown(path)).into_owned()
}

/// One path's settings, a section of `key: value` lines and a table of the rules.
fn settings_text(path: &Path, settings: &Settings) -> String {
    let mut out = String::new();
    let list = |items: &[String]| {
        if items.is_empty() {
            "(none)".to_string()
        } else {
            items
                .iter()
                .map(String::as_str)
                .map(visible)
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    let _ = writeln!(out, "settings for {}", name(path));
    let _ = match &settings.file {
        Some(file) => writeln!(out, "config: {}", name(file)),
        None => writeln!(out, "config: defaults (no phaselint.toml found)"),
    };
    let _ = writeln!(out, "root: {}", name(&settings.root));
    let _ = writeln!(out, "edition: {}", settings.edition);
    let _ = writeln!(out, "files.include: {}", list(&settings.include));
    let _ = writeln!(out, "files.exclude: {}", list(&settings.exclude));
    for field in &settings.fields {
        let _ = writeln!(out, "fields.{}: {}", field.field, list(&field.names));
    }
    if settings.ignore.is_empty() {
        let _ = writeln!(out, "ignore: (none)");
    }
    for ignore in &settings.ignore {
        let target = match (&ignore.path, &ignore.card) {
            (Some(path), _) => format!("path \"{}\"", visible(path)),
            (None, Some(card)) => format!("card \"{}\"", visible(card)),
            (None, None) => String::new(),
        };
        let _ = writeln!(out, "ignore: {target}: {}", ignore.rules.join(", "));
    }
    let _ = writeln!(out, "rules:");
    let width = settings
        .rules
        .iter()
        .map(|rule| rule.name.len())
        .max()
        .unwrap_or(0);
    for rule in &settings.rules {
        let changed = if rule.level == rule.default {
            String::new()
        } else {
            format!("  (default {})", rule.default)
        };
        let _ = writeln!(
            out,
            "  {}  {:width$}  {}{changed}",
            rule.code, rule.name, rule.level
        );
    }
    out
}

/// `--show-files`: each file a walk takes, one a line; each it takes but could not read
/// (`unreadable`, a PL900 in a check); each file it skips (`skipped`, as many as a check's summary
/// counts), then each file or directory left out by design (`left out`), with the reason; and
/// each path it could not walk. A path that could not be walked exits 1, and 2 when no file is
/// taken, as `check` would ([`Outcome::of`]); a file listed as unreadable changes no exit code:
/// nothing is checked, and the listing says what a check would report.
pub fn files(
    paths: &[PathBuf],
    options: Result<CheckOptions, String>,
) -> (Result<String, String>, Outcome) {
    let files = match options.and_then(|options| files_of(paths, &options)) {
        Ok(files) => files,
        Err(message) => return (Err(message), Outcome::Failed),
    };
    let mut out = String::new();
    for path in &files.taken {
        let _ = writeln!(out, "{}", name(path));
    }
    for (path, reason) in &files.unreadable {
        let _ = writeln!(out, "unreadable {}: {}", name(path), visible(reason));
    }
    for (path, reason) in &files.skipped {
        let _ = writeln!(out, "skipped {}: {}", name(path), visible(reason));
    }
    for (path, reason) in &files.left_out {
        let _ = writeln!(out, "left out {}: {}", name(path), visible(reason));
    }
    for (path, message) in &files.errors {
        let _ = writeln!(out, "error {}: {}", name(path), visible(message));
    }
    let inputs = InputsSeen {
        unread: !files.errors.is_empty(),
        read: !files.taken.is_empty(),
        ..InputsSeen::default()
    };
    let outcome = Outcome::of(inputs, !files.errors.is_empty(), false);
    (Ok(out), outcome)
}
