//! The config file as written (the serde structs, strict about unknown keys) and its validation:
//! every rule name, level and glob checked, and every error reported at its place, in file order.

use super::globs::PathGlobs;
use super::{Config, ConfigError, Ignore, Level, RuleSet, Target};
use crate::diagnostic::clean_message;
use crate::edition::{CURRENT_YEAR, Edition, FIRST_YEAR};
use crate::rules::RuleInfo;
use crate::selection::RuleSelection;
use crate::source::{Field, FieldNames, normalized};
use crate::tree::absolute;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use toml::Spanned;

impl Config {
    /// Parse and validate `text`, the contents of the config file at `path`, against the rule
    /// registry.
    pub fn parse(path: &Path, text: &str) -> Result<Config, ConfigError> {
        Config::parse_with(path, text, crate::rules::lookup)
    }

    /// [`Config::parse`] with the rules looked up by `lookup` (tests use a fake registry).
    fn parse_with(
        path: &Path,
        text: &str,
        lookup: impl Fn(&str) -> Option<&'static RuleInfo>,
    ) -> Result<Config, ConfigError> {
        let error = |span: Option<Range<usize>>, message: String| ConfigError {
            path: path.to_path_buf(),
            source_text: text.to_string(),
            span,
            message,
            more: Vec::new(),
        };
        // A syntax error or a key no config has ends the reading: nothing after it is known.
        let raw: RawConfig =
            toml::from_str(text).map_err(|err| error(err.span(), clean_message(err.message())))?;
        let root = absolute(path.parent().unwrap_or(Path::new("")));
        let mut problems = Problems::default();
        let edition = match &raw.edition {
            None => Edition::Current,
            Some(value) => problems
                .keep(Edition::parse(value.get_ref()).ok_or_else(|| {
                    (
                        value.span(),
                        format!(
                            "unknown edition \"{}\", expected \"current\", \"2009\", \"2004\" or a year from \"{FIRST_YEAR}\" to \"{CURRENT_YEAR}\"",
                            value.get_ref()
                        ),
                    )
                }))
                .unwrap_or(Edition::Current),
        };
        let fields = raw.fields.validate(&mut problems);
        let (levels, ignores, include, exclude) = raw.validate(&root, &lookup, &mut problems);
        let mut problems = problems.0;
        problems.sort_by_key(|(span, _)| span.start);
        let mut problems = problems.into_iter();
        if let Some((span, message)) = problems.next() {
            let mut first = error(Some(span), message);
            first.more = problems.collect();
            return Err(first);
        }
        Ok(Config {
            fields,
            root,
            file: Some(path.to_path_buf()),
            levels,
            ignores,
            include,
            exclude,
            selection: RuleSelection::default(),
            edition,
        })
    }
}

/// The problems of a config found so far, each at its place: validation goes on past each one.
#[derive(Debug, Default)]
struct Problems(Vec<Invalid>);

impl Problems {
    /// The value of `result`, or None with its problem kept.
    fn keep<T>(&mut self, result: Result<T, Invalid>) -> Option<T> {
        result.map_err(|problem| self.0.push(problem)).ok()
    }
}

/// The file as written, before validation.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawConfig {
    #[serde(default)]
    rules: BTreeMap<Spanned<String>, Spanned<String>>,
    #[serde(default)]
    ignore: Vec<Spanned<RawIgnore>>,
    #[serde(default)]
    files: RawFiles,
    /// The edition of the rules the cards are written in: "current", "2009", "2004" or a year.
    edition: Option<Spanned<String>>,
    #[serde(default)]
    fields: RawFields,
}

/// `[fields]`: more names for the card fields of JSON and spreadsheets, each a list of names.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawFields {
    #[serde(default)]
    name: Vec<Spanned<String>>,
    #[serde(default)]
    text: Vec<Spanned<String>>,
    #[serde(default, rename = "type")]
    type_line: Vec<Spanned<String>>,
    #[serde(default)]
    mana_cost: Vec<Spanned<String>>,
}

impl RawFields {
    /// The names, each with a letter or a digit (they are compared by those alone).
    fn validate(&self, problems: &mut Problems) -> FieldNames {
        let mut names = FieldNames::default();
        for (field, list) in [
            (Field::Name, &self.name),
            (Field::Text, &self.text),
            (Field::TypeLine, &self.type_line),
            (Field::ManaCost, &self.mana_cost),
        ] {
            for name in list {
                if normalized(name.get_ref()).is_empty() {
                    problems.0.push((
                        name.span(),
                        format!(
                            "field name \"{}\" has no letter or digit: names are compared by their letters and digits",
                            name.get_ref()
                        ),
                    ));
                    continue;
                }
                names.add(field, name.get_ref());
            }
        }
        names
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawIgnore {
    path: Option<Spanned<String>>,
    card: Option<Spanned<String>>,
    rules: Spanned<Vec<Spanned<String>>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawFiles {
    #[serde(default)]
    include: Vec<Spanned<String>>,
    #[serde(default)]
    exclude: Vec<Spanned<String>>,
}

type Invalid = (Range<usize>, String);
type Validated = (
    BTreeMap<&'static str, Level>,
    Vec<Ignore>,
    PathGlobs,
    PathGlobs,
);

impl RawConfig {
    /// Check every name, level and glob; what is wrong goes to `problems` and is left out.
    fn validate(
        self,
        root: &Path,
        lookup: &impl Fn(&str) -> Option<&'static RuleInfo>,
        problems: &mut Problems,
    ) -> Validated {
        // The map is ordered by key text; a rule configured twice is the later one in the file.
        let mut rules: Vec<_> = self.rules.into_iter().collect();
        rules.sort_by_key(|(key, _)| key.span().start);
        let mut levels: BTreeMap<&'static str, Level> = BTreeMap::new();
        let mut written: BTreeMap<&'static str, &str> = BTreeMap::new();
        for (key, value) in &rules {
            let rule = problems.keep(configurable(lookup, key));
            let level = problems.keep(Level::parse(value.get_ref()).ok_or_else(|| {
                (
                    value.span(),
                    format!(
                        "unknown level \"{}\", expected \"error\", \"warning\" (or \"warn\"), \"note\" or \"off\"",
                        value.get_ref()
                    ),
                )
            }));
            let Some(rule) = rule else {
                continue;
            };
            if let Some(first) = written.get(rule.code) {
                problems.0.push((
                    key.span(),
                    format!(
                        "rule \"{}\" is already configured as \"{first}\"",
                        key.get_ref()
                    ),
                ));
                continue;
            }
            written.insert(rule.code, key.get_ref());
            if let Some(level) = level {
                levels.insert(rule.code, level);
            }
        }

        let ignores = self
            .ignore
            .iter()
            .filter_map(|entry| validate_ignore(entry, root, lookup, problems))
            .collect();
        let include = globs(root, &self.files.include, problems);
        let exclude = globs(root, &self.files.exclude, problems);
        (levels, ignores, include, exclude)
    }
}

/// One `[[ignore]]` entry, or None when its target is wrong; a wrong rule name in its list is
/// reported and left out.
fn validate_ignore(
    entry: &Spanned<RawIgnore>,
    root: &Path,
    lookup: &impl Fn(&str) -> Option<&'static RuleInfo>,
    problems: &mut Problems,
) -> Option<Ignore> {
    let raw = entry.get_ref();
    let target = match (&raw.path, &raw.card) {
        (Some(path), None) => Some(Target::Path(globs(
            root,
            std::slice::from_ref(path),
            problems,
        ))),
        (None, Some(card)) => Some(Target::Card(card.get_ref().clone())),
        (Some(path), Some(card)) => {
            // The glob is checked still, so that its own mistake is not left for the next run.
            globs(root, std::slice::from_ref(path), problems);
            problems.keep(Err((
                card.span(),
                "an ignore entry takes `path` or `card`, not both".to_string(),
            )))
        }
        (None, None) => problems.keep(Err((
            entry.span(),
            "an ignore entry needs `path` or `card`".to_string(),
        ))),
    };
    if raw.rules.get_ref().is_empty() {
        problems.0.push((
            raw.rules.span(),
            "empty rule list, write [\"all\"] to ignore every rule".to_string(),
        ));
        return None;
    }
    let mut codes = Vec::new();
    let mut all = false;
    for name in raw.rules.get_ref() {
        if name.get_ref() == "all" {
            all = true;
            continue;
        }
        if let Some(rule) = problems.keep(configurable(lookup, name)) {
            codes.push(rule.code);
        }
    }
    let rules = if all {
        RuleSet::All
    } else {
        RuleSet::Codes(codes)
    };
    Some(Ignore {
        target: target?,
        rules,
    })
}

/// The rule `name` names, if a config may set its level or ignore it: input problems (PL9xx)
/// always report.
fn configurable(
    lookup: &impl Fn(&str) -> Option<&'static RuleInfo>,
    name: &Spanned<String>,
) -> Result<&'static RuleInfo, Invalid> {
    let rule = lookup(name.get_ref())
        .ok_or_else(|| (name.span(), format!("unknown rule \"{}\"", name.get_ref())))?;
    if crate::rules::is_input_problem(rule) {
        return Err((
            name.span(),
            format!(
                "{} ({}) is an input problem, which always reports: its level cannot be set and it cannot be ignored",
                rule.code, rule.name
            ),
        ));
    }
    Ok(rule)
}

/// Globs of the config, relative to its directory. One with a `..` component can never match:
/// paths are matched relative to the config's directory, below it. A wrong glob is reported and
/// left out.
fn globs(root: &Path, texts: &[Spanned<String>], problems: &mut Problems) -> PathGlobs {
    let mut kept: Vec<&Spanned<String>> = Vec::new();
    for text in texts {
        if text.get_ref().split('/').any(|part| part == "..") {
            problems.0.push((
                text.span(),
                format!(
                    "\"{}\" can never match: globs match paths below the config's directory, and `..` leads out of it",
                    text.get_ref()
                ),
            ));
        } else {
            kept.push(text);
        }
    }
    loop {
        match PathGlobs::new(root, kept.iter().map(|text| text.get_ref().as_str())) {
            Ok(globs) => return globs,
            Err((index, message)) if index < kept.len() => {
                let bad = kept.remove(index);
                problems.0.push((bad.span(), message));
            }
            // The set as a whole is too large, no one glob at fault (`usize::MAX`): said once,
            // over the list, which is left out.
            Err((_, message)) => {
                let (Some(first), Some(last)) = (kept.first(), kept.last()) else {
                    return PathGlobs::empty(root);
                };
                problems
                    .0
                    .push((first.span().start..last.span().end, message));
                return PathGlobs::empty(root);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::FILE_NAME;
    use crate::diagnostic::Severity;
    use crate::rules::FixAvailability;
    use std::path::PathBuf;

    static OBSOLETE: RuleInfo = RuleInfo {
        code: "PL001",
        name: "obsolete-end-of-turn",
        level: Severity::Warning,
        summary: "test rule",
        docs: "",
        fix: FixAvailability::None,
        on_by_default: true,
    };
    static STEP: RuleInfo = RuleInfo {
        code: "PL101",
        name: "obsolete-step-name",
        level: Severity::Error,
        summary: "test rule",
        docs: "",
        fix: FixAvailability::None,
        on_by_default: true,
    };

    static INPUT: RuleInfo = RuleInfo {
        code: "PL900",
        name: "unreadable-file",
        level: Severity::Error,
        summary: "test input problem",
        docs: "",
        fix: FixAvailability::None,
        on_by_default: true,
    };

    static CAVEAT: RuleInfo = RuleInfo {
        code: "PL402",
        name: "first-combat-only",
        level: Severity::Note,
        summary: "test rule off by default",
        docs: "",
        fix: FixAvailability::None,
        on_by_default: false,
    };

    fn fake_lookup(code_or_name: &str) -> Option<&'static RuleInfo> {
        [&OBSOLETE, &STEP, &INPUT, &CAVEAT]
            .into_iter()
            .find(|rule| rule.code.eq_ignore_ascii_case(code_or_name) || rule.name == code_or_name)
    }

    const ROOT: &str = "/project";

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse_with(&Path::new(ROOT).join(FILE_NAME), text, fake_lookup)
    }

    /// The error's message and the text its span covers.
    fn error(text: &str) -> (String, String) {
        let err = parse(text).expect_err("config should be rejected");
        let span = err.span.clone().expect("error should have a span");
        (err.message, text[span].to_string())
    }

    fn level(config: &Config, rule: &RuleInfo, path: &str, card: Option<&str>) -> Level {
        config.level(rule, Path::new(path), card)
    }

    const EXAMPLE: &str = r#"
# rule levels, by code or by name
[rules]
PL001 = "note"
obsolete-step-name = "off"

[[ignore]]
path = "legacy/**"
rules = ["PL001"]

[[ignore]]
card = "Ancient Relic"
rules = ["all"]

[files]
include = ["**/*.cards"]
exclude = ["drafts/**"]
"#;

    #[test]
    fn the_example_file_is_read() {
        let config = parse(EXAMPLE).unwrap();
        assert_eq!(config.root, Path::new(ROOT));
        assert_eq!(
            level(&config, &OBSOLETE, "/project/a.yaml", None),
            Level::Note
        );
        assert_eq!(level(&config, &STEP, "/project/a.yaml", None), Level::Off);
    }

    #[test]
    fn defaults_are_the_rules_own_levels() {
        let config = Config::default_for(PathBuf::from(ROOT));
        assert_eq!(config.file, None);
        assert_eq!(level(&config, &OBSOLETE, "a.yaml", None), Level::Warning);
        assert_eq!(level(&config, &STEP, "a.yaml", Some("X")), Level::Error);
        assert!(!config.is_included_extra(Path::new("a.cards")));
        assert!(!config.is_excluded(Path::new("a.yaml")));
        assert_eq!(parse("").unwrap().levels, BTreeMap::new());
    }

    #[test]
    fn a_rule_off_by_default_is_on_when_configured_or_selected() {
        let config = Config::default_for(PathBuf::from(ROOT));
        assert_eq!(level(&config, &CAVEAT, "a.yaml", None), Level::Off);
        let configured = parse("[rules]\nPL402 = \"note\"\n").unwrap();
        assert_eq!(level(&configured, &CAVEAT, "a.yaml", None), Level::Note);
        let mut selected = Config::default_for(PathBuf::from(ROOT));
        selected.selection =
            crate::selection::RuleSelection::new(&["PL402".to_string()], &[], &[]).unwrap();
        assert_eq!(level(&selected, &CAVEAT, "a.yaml", None), Level::Note);
        let ignored = parse(
            "[rules]\nPL402 = \"note\"\n[[ignore]]\npath = \"*.yaml\"\nrules = [\"PL402\"]\n",
        )
        .unwrap();
        assert_eq!(level(&ignored, &CAVEAT, "a.yaml", None), Level::Off);
    }

    #[test]
    fn codes_are_case_insensitive() {
        let config = parse("[rules]\npl101 = \"warning\"\n").unwrap();
        assert_eq!(level(&config, &STEP, "a.yaml", None), Level::Warning);
    }

    #[test]
    fn path_ignores_apply_to_their_rules_only() {
        let config = parse(EXAMPLE).unwrap();
        assert_eq!(
            level(&config, &OBSOLETE, "/project/legacy/old/a.yaml", None),
            Level::Off
        );
        // PL101 is off by [rules] anyway; check the ignore leaves other rules alone.
        let config = parse("[[ignore]]\npath = \"legacy/**\"\nrules = [\"PL101\"]\n").unwrap();
        assert_eq!(
            level(&config, &OBSOLETE, "/project/legacy/a.yaml", None),
            Level::Warning
        );
        assert_eq!(
            level(&config, &STEP, "/project/legacy/a.yaml", None),
            Level::Off
        );
        assert_eq!(
            level(&config, &STEP, "/project/new/a.yaml", None),
            Level::Error
        );
    }

    #[test]
    fn path_ignores_match_absolute_relative_and_outside_paths() {
        let config = parse("[[ignore]]\npath = \"legacy/**\"\nrules = [\"all\"]\n").unwrap();
        // Inside the root: the root prefix is stripped.
        assert_eq!(
            level(&config, &STEP, "/project/legacy/a.yaml", None),
            Level::Off
        );
        assert_eq!(
            level(&config, &STEP, "/project/./legacy/a.yaml", None),
            Level::Off
        );
        // `..` is resolved by the text of the path.
        assert_eq!(
            level(&config, &STEP, "/project/sets/../legacy/a.yaml", None),
            Level::Off
        );
        assert_eq!(
            level(&config, &STEP, "/project/legacy/../sets/a.yaml", None),
            Level::Error
        );
        // Outside the root: matched as given.
        assert_eq!(
            level(&config, &STEP, "/elsewhere/legacy/a.yaml", None),
            Level::Error
        );
        // Relative to the current directory (the crate, not below /project): outside the root, so
        // matched as given, without the `./`.
        assert_eq!(level(&config, &STEP, "./legacy/a.yaml", None), Level::Off);
        assert_eq!(level(&config, &STEP, "legacy/a.yaml", None), Level::Off);
    }

    #[test]
    fn card_ignores_compare_names_exactly() {
        let config = parse(EXAMPLE).unwrap();
        assert_eq!(
            level(&config, &OBSOLETE, "/project/a.yaml", Some("Ancient Relic")),
            Level::Off
        );
        assert_eq!(
            level(&config, &OBSOLETE, "/project/a.yaml", Some("ancient relic")),
            Level::Note
        );
        assert_eq!(
            level(&config, &OBSOLETE, "/project/a.yaml", None),
            Level::Note
        );
    }

    #[test]
    fn files_include_and_exclude() {
        let config = parse(EXAMPLE).unwrap();
        assert!(config.is_included_extra(Path::new("/project/a.cards")));
        assert!(config.is_included_extra(Path::new("/project/sets/x/a.cards")));
        assert!(!config.is_included_extra(Path::new("/project/a.cardsx")));
        assert!(config.is_excluded(Path::new("/project/drafts/a.yaml")));
        assert!(!config.is_excluded(Path::new("/project/sets/drafts/a.yaml")));
        assert!(!config.is_excluded(Path::new("/project/a.yaml")));
    }

    #[test]
    fn unknown_keys_are_errors_with_their_place() {
        let (message, at) = error("[rule]\nPL001 = \"off\"\n");
        assert!(message.starts_with("unknown field `rule`"), "{message}");
        assert_eq!(at, "rule");

        let (message, at) = error("[[ignore]]\npath = \"a\"\nrule = [\"all\"]\n");
        assert!(message.starts_with("unknown field `rule`"), "{message}");
        assert_eq!(at, "rule");

        let (message, at) = error("[files]\nincludes = []\n");
        assert!(message.starts_with("unknown field `includes`"), "{message}");
        assert_eq!(at, "includes");
    }

    #[test]
    fn syntax_errors_have_a_place() {
        let err = parse("[rules\n").unwrap_err();
        assert!(err.span.is_some());
        assert!(!err.message.ends_with('.'));
        assert!(
            !err.message.starts_with(char::is_uppercase),
            "{}",
            err.message
        );
    }

    #[test]
    fn unknown_rules_are_errors_at_the_key_or_string() {
        assert_eq!(
            error("[rules]\nPL001 = \"off\"\nPL999 = \"off\"\n"),
            ("unknown rule \"PL999\"".to_string(), "PL999".to_string())
        );
        let (message, at) = error("[[ignore]]\ncard = \"X\"\nrules = [\"PL001\", \"nope\"]\n");
        assert_eq!(message, "unknown rule \"nope\"");
        assert_eq!(at, "\"nope\"");
    }

    #[test]
    fn a_rule_configured_twice_is_an_error() {
        let (message, at) = error("[rules]\nPL001 = \"off\"\nobsolete-end-of-turn = \"note\"\n");
        assert_eq!(
            message,
            "rule \"obsolete-end-of-turn\" is already configured as \"PL001\""
        );
        assert_eq!(at, "obsolete-end-of-turn");
    }

    #[test]
    fn bad_levels_are_errors_at_the_value() {
        let (message, at) = error("[rules]\nPL001 = \"loud\"\n");
        assert!(message.starts_with("unknown level \"loud\""), "{message}");
        assert_eq!(at, "\"loud\"");
        let (message, at) = error("[rules]\nPL001 = 1\n");
        assert!(message.contains("string"), "{message}");
        assert_eq!(at, "1");
    }

    #[test]
    fn warn_is_a_warning_as_eslint_writes_it() {
        let config = parse("[rules]\nPL101 = \"warn\"\n").expect("\"warn\" is a level");
        assert_eq!(
            level(&config, &STEP, "/project/a.yaml", None),
            Level::Warning
        );
    }

    #[test]
    fn every_mistake_of_a_file_is_reported_in_file_order() {
        let text = "edition = \"1850\"\n\n[rules]\nPL999 = \"off\"\nPL001 = \"loud\"\nPL101 = \"off\"\n\
                    obsolete-step-name = \"note\"\n\n[[ignore]]\npath = \"../x\"\nrules = [\"nope\", \"PL001\"]\n\n\
                    [files]\nexclude = [\"a[b\", \"ok/**\", \"\"]\n";
        let err = parse(text).expect_err("config should be rejected");
        let found: Vec<(&str, String)> = err
            .problems()
            .map(|(span, message)| (&text[span.expect("a place")], message.to_string()))
            .collect();
        let places: Vec<&str> = found.iter().map(|(at, _)| *at).collect();
        assert_eq!(
            places,
            [
                "\"1850\"",
                "PL999",
                "\"loud\"",
                "obsolete-step-name",
                "\"../x\"",
                "\"nope\"",
                "\"a[b\"",
                "\"\""
            ],
            "{found:?}"
        );
        assert!(found[0].1.starts_with("unknown edition"), "{found:?}");
        assert!(found[6].1.starts_with("invalid glob"), "{found:?}");
        assert_eq!(found[7].1, "empty glob");
        // An entry with both targets: its glob's own mistake is reported too.
        let text = "[[ignore]]\npath = \"../x\"\ncard = \"B\"\nrules = [\"all\"]\n";
        let err = parse(text).expect_err("config should be rejected");
        let places: Vec<&str> = err
            .problems()
            .map(|(span, _)| &text[span.expect("a place")])
            .collect();
        assert_eq!(places, ["\"../x\"", "\"B\""]);
    }

    #[test]
    fn an_ignore_entry_needs_exactly_one_target() {
        let (message, at) = error("[[ignore]]\nrules = [\"all\"]\n");
        assert_eq!(message, "an ignore entry needs `path` or `card`");
        assert!(at.starts_with("[[ignore]]"), "{at}");
        let (message, at) = error("[[ignore]]\npath = \"a\"\ncard = \"B\"\nrules = [\"all\"]\n");
        assert_eq!(message, "an ignore entry takes `path` or `card`, not both");
        assert_eq!(at, "\"B\"");
        let (message, at) = error("[[ignore]]\npath = \"a\"\nrules = []\n");
        assert!(message.starts_with("empty rule list"), "{message}");
        assert_eq!(at, "[]");
        let (message, _) = error("[[ignore]]\npath = \"a\"\n");
        assert!(message.starts_with("missing field `rules`"), "{message}");
    }

    #[test]
    fn input_problems_cannot_be_configured() {
        let message = "PL900 (unreadable-file) is an input problem, which always reports: its level cannot be set and it cannot be ignored";
        assert_eq!(
            error("[rules]\nPL900 = \"off\"\n"),
            (message.to_string(), "PL900".to_string())
        );
        assert_eq!(
            error("[[ignore]]\npath = \"x/**\"\nrules = [\"unreadable-file\"]\n"),
            (message.to_string(), "\"unreadable-file\"".to_string())
        );
    }

    #[test]
    fn globs_leading_out_of_the_config_directory_are_errors() {
        for glob in ["../**", "sets/../../x", ".."] {
            let (message, at) = error(&format!("[files]\nexclude = [\"{glob}\"]\n"));
            assert!(message.ends_with("`..` leads out of it"), "{message}");
            assert_eq!(at, format!("\"{glob}\""));
        }
        // `..` inside a name is no parent directory.
        assert!(parse("[files]\nexclude = [\"a..b/**\"]\n").is_ok());
    }

    #[test]
    fn bad_globs_are_errors_at_the_glob() {
        let (message, at) = error("[files]\nexclude = [\"ok/**\", \"a[b\"]\n");
        assert!(message.starts_with("invalid glob"), "{message}");
        assert_eq!(at, "\"a[b\"");
        let (message, at) = error("[[ignore]]\npath = \"\"\nrules = [\"all\"]\n");
        assert_eq!(message, "empty glob");
        assert_eq!(at, "\"\"");
    }
}
