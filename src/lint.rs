//! Checking one card: every enabled rule over every face, and the violations mapped from the
//! decoded text onto the bytes of the file; and what the readers noticed about the card (allow
//! comments naming no rule, fields it does not read) or the file, at the levels the config gives.
//!
//! Architecture invariant: one card at a time: it knows nothing of walks, file I/O or reports.

use crate::config::{CardIgnores, Config};
use crate::diagnostic::{Diagnostic, Edit, Fix, Label, Severity};
use crate::model::Span;
use crate::phrase::CardName;
use crate::phrase::timing_words::timing_words_in;
use crate::rules::{self, FaceText, RuleInfo, TextFix, Violation};
use crate::source::{Card, CardText, Field, NoteKind, SourceNote, UnreadField};
use std::ops::Range;
use std::path::Path;

mod allows;

use allows::{Allows, is_all};

/// How many findings of one card a report shows; the rest are counted in one PL904. No real card
/// has more than 4 (the Oracle card set and all its printed wordings).
pub const MAX_PER_CARD: usize = 100;

/// How many findings of one file a report shows; the rest are counted in one PL904. A file of
/// every printed wording of every card has 1,874.
pub const MAX_PER_FILE: usize = 10_000;

/// Checks every face of `card`, appending diagnostics in the file's bytes to `out`: the first
/// [`MAX_PER_CARD`] in the file's order, and a PL904 for the rest.
pub fn check_card(card: &Card, path: &Path, config: &Config, out: &mut Vec<Diagnostic>) {
    check_card_in(card, &FileLevels::new(config, path), out);
}

/// The levels `config` gives the lints in the file at `path`, asked once for a file instead of
/// once for each lint of each face (30 times a face); a card an ignore entry names has its file's
/// levels but for the rules that entry turns off.
pub struct FileLevels<'c> {
    config: &'c Config,
    path: &'c Path,
    /// Each lint's severity in the file, in `rules::lints()` order.
    lints: Vec<Option<Severity>>,
    cards: CardIgnores<'c>,
}

impl<'c> FileLevels<'c> {
    pub fn new(config: &'c Config, path: &'c Path) -> FileLevels<'c> {
        FileLevels {
            config,
            path,
            lints: rules::lints()
                .iter()
                .map(|lint| configured(lint.info, path, None, config))
                .collect(),
            cards: config.card_ignores(),
        }
    }

    /// The severity of lint `index` (of `rules::lints()`, whose rule is `lint`) for the card
    /// `name`: [`configured`] for it, as the config's levels are.
    fn lint(&self, index: usize, lint: &RuleInfo, name: Option<&str>) -> Option<Severity> {
        let turned_off = name.is_some_and(|name| self.cards.turn_off(lint, name));
        self.lints[index].filter(|_| !turned_off)
    }
}

/// [`check_card`] with the file's levels resolved once ([`FileLevels`]).
pub fn check_card_in(card: &Card, levels: &FileLevels, out: &mut Vec<Diagnostic>) {
    let (path, config) = (levels.path, levels.config);
    let mut kept = Capped::new(MAX_PER_CARD);
    let judging = if card.allows.is_empty() {
        None
    } else {
        configured(&rules::UNUSED_ALLOW, path, card.name.as_deref(), config)
    };
    let mut allows = Allows::new(card, judging);
    for face in &card.faces {
        let Some(text) = &face.text else { continue };
        let name = card.name.as_deref().or(face.name.as_deref());
        let read = CardName::with_face(card.name.as_deref(), face.name.as_deref(), |name| {
            FaceText::read_named(&text.value, face.type_line.as_deref(), config.edition, name)
        });
        for error in &read.errors {
            kept.push(input_problem(
                &rules::UNREADABLE_TEXT,
                place(text, error.span),
                format!("this line could not be read: {}", error.message),
                name,
            ));
        }
        let mut found = Vec::new();
        for (index, lint) in rules::lints().iter().enumerate() {
            let Some(severity) = levels.lint(index, lint.info, name) else {
                continue;
            };
            if allows.turn_off(lint.info) {
                // Run only to learn whether the allow silences something.
                if allows.judges(lint.info) && !(lint.check)(&read).is_empty() {
                    allows.silenced(lint.info);
                }
                continue;
            }
            for violation in (lint.check)(&read) {
                found.push(diagnostic(lint.info, severity, violation, text, name));
            }
        }
        for diagnostic in one_for_one_problem(found) {
            kept.push(diagnostic);
        }
    }
    let name = card.name.as_deref();
    // An allow comment cannot vouch for itself: only the config turns this one off.
    if let Some(severity) = configured(&rules::UNKNOWN_SUPPRESSION, path, name, config) {
        for allow in &card.allows {
            if is_all(&allow.rule) || rules::lookup(&allow.rule).is_some() {
                continue;
            }
            kept.push(noted(
                &rules::UNKNOWN_SUPPRESSION,
                severity,
                allow.span.clone(),
                format!(
                    "unknown rule `{}`: this allow comment turns nothing off",
                    allow.rule
                ),
                Some(suppression_help(&allow.rule)),
                name,
            ));
        }
    }
    if let Some(severity) = configured(&rules::UNREAD_FIELD, path, name, config) {
        let allowed = allows.turn_off(&rules::UNREAD_FIELD);
        for field in &card.unread {
            if let Some((message, help)) = unread_field(field) {
                if allowed {
                    allows.silenced(&rules::UNREAD_FIELD);
                    continue;
                }
                kept.push(noted(
                    &rules::UNREAD_FIELD,
                    severity,
                    field.span.clone(),
                    message,
                    Some(help),
                    name,
                ));
            }
        }
    }
    if let Some(severity) = allows.severity() {
        for unused in allows.unused() {
            let mut diagnostic = noted(
                &rules::UNUSED_ALLOW,
                severity,
                unused.span,
                unused.message,
                Some(unused.help),
                name,
            );
            diagnostic.fix = Some(unused.fix);
            kept.push(diagnostic);
        }
    }
    let name = name.or_else(|| card.faces.iter().find_map(|face| face.name.as_deref()));
    out.extend(kept.finish("on this card", name));
}

/// A face's diagnostics without those another one already covers: one problem, one diagnostic.
/// A diagnostic is left out when another lies over all its words and its fix makes every edit of
/// the left-out one's, as safely, at a severity as high: applying the kept fix solves both, so
/// no distinct problem is hidden. A diagnostic without a fix is never left out. Of two on the
/// same words with the same edits, the first in code order is kept. ("Activate this ability only
/// any time you could cast a sorcery": PL104 rewrites the whole restriction, and PL105's rewrite
/// of its first words is left out.)
fn one_for_one_problem(found: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let covers = |a: &Diagnostic, b: &Diagnostic| {
        let (Some(fix_a), Some(fix_b)) = (&a.fix, &b.fix) else {
            return false;
        };
        a.span.start <= b.span.start
            && b.span.end <= a.span.end
            && a.severity >= b.severity
            && fix_a.applicability == fix_b.applicability
            && fix_b.edits.iter().all(|edit| fix_a.edits.contains(edit))
    };
    // Only diagnostics that overlap are compared: a sweep in the order of their starts, the
    // wider first, keeps the ones still open. A flood of findings on one face stays linear.
    let mut order: Vec<usize> = (0..found.len()).collect();
    order.sort_by_key(|&i| (found[i].span.start, std::cmp::Reverse(found[i].span.end)));
    let mut left_out = vec![false; found.len()];
    let mut open: Vec<usize> = Vec::new();
    for i in order {
        open.retain(|&j| found[j].span.end >= found[i].span.start);
        for &j in &open {
            let (a, b) = (&found[j], &found[i]);
            match (covers(a, b), covers(b, a)) {
                // Same words, same edits: the first in code order stays.
                (true, true) if i < j => left_out[j] = true,
                (true, _) => left_out[i] = true,
                _ => {}
            }
        }
        open.push(i);
    }
    found
        .into_iter()
        .zip(left_out)
        .filter_map(|(diagnostic, out)| (!out).then_some(diagnostic))
        .collect()
}

/// The first `limit` diagnostics in the file's order, whatever order they come in, and a count
/// of the rest. It holds at most twice `limit` at any time, so a flood of findings costs no
/// memory: the cap acts as they are made.
#[derive(Debug)]
pub struct Capped {
    limit: usize,
    kept: Vec<Diagnostic>,
    left_out: usize,
    /// The first diagnostic left out, in the file's order.
    first_left_out: Option<Diagnostic>,
}

impl Capped {
    pub fn new(limit: usize) -> Self {
        Capped {
            limit,
            kept: Vec::new(),
            left_out: 0,
            first_left_out: None,
        }
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.kept.push(diagnostic);
        if self.kept.len() >= 2 * self.limit.max(1) {
            self.cut();
        }
    }

    /// Sorts what is kept and leaves out what is past the limit.
    fn cut(&mut self) {
        self.kept.sort_by(in_file_order);
        if self.kept.len() <= self.limit {
            return;
        }
        let mut past = self.kept.split_off(self.limit);
        self.left_out += past.len();
        let first = past.swap_remove(0);
        let earlier = self
            .first_left_out
            .as_ref()
            .is_some_and(|known| in_file_order(known, &first).is_le());
        if !earlier {
            self.first_left_out = Some(first);
        }
    }

    /// The diagnostics kept, in the file's order, then a PL904 at the first one left out that
    /// says how many of `whose` (this card, this file) were; `card` names the card it is about.
    pub fn finish(mut self, whose: &str, card: Option<&str>) -> Vec<Diagnostic> {
        self.cut();
        if let Some(first) = self.first_left_out {
            let message = format!(
                "too many findings {whose}: {} more {} not shown, past the first {}",
                self.left_out,
                if self.left_out == 1 { "is" } else { "are" },
                self.limit,
            );
            let mut summary = input_problem(&rules::TOO_MANY_FINDINGS, first.span, message, card);
            summary.help = Some(format!(
                "the first one left out is here: {}[{}] {}",
                first.severity, first.code, first.message
            ));
            self.kept.push(summary);
        }
        self.kept
    }
}

/// The order of a file's report: by place, then by rule, message and card, so that it does not
/// depend on the order the cards were checked in.
pub fn in_file_order(a: &Diagnostic, b: &Diagnostic) -> std::cmp::Ordering {
    let key = |d: &Diagnostic| (d.span.start, d.span.end, d.code);
    key(a)
        .cmp(&key(b))
        .then_with(|| a.message.cmp(&b.message))
        .then_with(|| a.card.cmp(&b.card))
}

/// A note a reader made about a whole file, as a diagnostic at the level the config gives its
/// rule for `path` (`None` when that is off).
pub fn source_note(note: &SourceNote, path: &Path, config: &Config) -> Option<Diagnostic> {
    let rule = match note.kind {
        NoteKind::NotACardFile => &rules::NOT_A_CARD_FILE,
        NoteKind::UnusableField => &rules::UNREAD_FIELD,
        NoteKind::Windows1252 => &rules::LEGACY_ENCODING,
    };
    let severity = configured(rule, path, None, config)?;
    Some(noted(
        rule,
        severity,
        note.span.clone(),
        note.message.clone(),
        note.help.clone(),
        None,
    ))
}

/// The help for an allow naming no rule: the closest rule, spelt as a code when a code was
/// written.
fn suppression_help(written: &str) -> String {
    // Quotes around the name, as a word processor or a style guide writes them: `allow('PL101')`.
    let unquoted = written.trim_matches(|c| matches!(c, '\'' | '"' | '`' | '‘' | '’' | '“' | '”'));
    if unquoted != written
        && let Some(rule) = rules::lookup(unquoted)
    {
        return format!(
            "write the name without quotes: `allow({unquoted})` ({})",
            rule.name
        );
    }
    // `get`, not slicing: the name is the user's text and may start with any character.
    let code_like = unquoted
        .get(..2)
        .is_some_and(|head| head.eq_ignore_ascii_case("pl"))
        && unquoted
            .get(2..)
            .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()));
    match rules::closest(unquoted) {
        Some(rule) if code_like => format!("did you mean `{}` ({})?", rule.code, rule.name),
        Some(rule) => format!("did you mean `{}` ({})?", rule.name, rule.code),
        None => {
            "`phaselint rules` lists the codes and names; `all` turns every rule off for the card"
                .to_string()
        }
    }
}

/// The message and help for an unread field, when its name or its timing words say it holds
/// what phaselint reads.
fn unread_field(unread: &UnreadField) -> Option<(String, String)> {
    let (field, help) = match unread.like {
        Some(field) => (
            field,
            format!("rename `{}` to `{}`", unread.key, field.yaml_keys()[0]),
        ),
        None => {
            let value = unread.value.as_deref()?;
            // The first timing word is enough: a long value is not read to its end.
            timing_words_in(value).next()?;
            (
                Field::Text,
                format!(
                    "`{}` holds timing words that are not checked: if it is the card's text, rename it to `text`",
                    unread.key
                ),
            )
        }
    };
    let keys: Vec<String> = field
        .yaml_keys()
        .iter()
        .map(|key| format!("`{key}`"))
        .collect();
    let also = match keys.split_first() {
        Some((_, [])) | None => String::new(),
        Some((_, rest)) => format!(" (also {})", rest.join(", ")),
    };
    let message = format!(
        "phaselint does not read `{}`; {} is read from {}{also}",
        unread.key,
        field.noun(),
        keys.first().map_or("", String::as_str),
    );
    Some((message, help))
}

/// The severity the run and the config give `rule` for this file and card, or `None` when off.
fn configured(
    rule: &RuleInfo,
    path: &Path,
    name: Option<&str>,
    config: &Config,
) -> Option<Severity> {
    config.run_level(rule, path, name).severity()
}

/// An input problem (PL9xx) at `span` of the file.
pub fn input_problem(
    rule: &'static RuleInfo,
    span: Range<usize>,
    message: String,
    card: Option<&str>,
) -> Diagnostic {
    noted(rule, Severity::Error, span, message, None, card)
}

/// A diagnostic about the input rather than the card text: no CR rule, no fix.
fn noted(
    rule: &'static RuleInfo,
    severity: Severity,
    span: Range<usize>,
    message: String,
    help: Option<String>,
    card: Option<&str>,
) -> Diagnostic {
    Diagnostic {
        code: rule.code,
        name: rule.name,
        severity,
        message,
        help,
        span,
        labels: Vec::new(),
        card: card.map(str::to_string),
        cr: Vec::new(),
        fix: None,
    }
}

/// Where a span of the decoded text lies in the file: exact, or the whole string when the map
/// cannot say.
fn place(text: &CardText, span: Span) -> Range<usize> {
    text.map
        .to_file(span.start..span.end)
        .unwrap_or_else(|| text.map.raw())
}

fn diagnostic(
    rule: &'static RuleInfo,
    severity: Severity,
    violation: Violation,
    text: &CardText,
    card: Option<&str>,
) -> Diagnostic {
    Diagnostic {
        code: rule.code,
        name: rule.name,
        severity,
        message: violation.message,
        help: violation.help,
        span: place(text, violation.span),
        labels: violation
            .labels
            .into_iter()
            .map(|(span, message)| Label {
                span: place(text, span),
                message,
            })
            .collect(),
        card: card.map(str::to_string),
        cr: violation.cr,
        fix: violation.fix.and_then(|fix| file_fix(fix, text)),
    }
}

/// A fix in the file's bytes, with each replacement written as the file's string syntax needs
/// (JSON escapes, YAML quoting). No fix when a span cannot be placed exactly, or when an edit
/// would remove or rewrite the HTML the text was read from (`TextMap::edit`).
fn file_fix(fix: TextFix, text: &CardText) -> Option<Fix> {
    let edits = fix
        .edits
        .into_iter()
        .map(|(Span { start, end }, replacement)| {
            let (range, replacement) = text.map.edit(&text.value, start..end, &replacement)?;
            Some(Edit {
                start: range.start,
                end: range.end,
                replacement,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Fix {
        applicability: fix.applicability,
        message: fix.message,
        edits,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Format, read};

    /// The diagnostics of every card of a YAML file, with `config_text` as its phaselint.toml.
    fn check_yaml(text: &str, config_text: &str) -> Vec<Diagnostic> {
        let path = Path::new("/set/phaselint.toml");
        let config = Config::parse(path, config_text).expect("a valid config");
        let parsed = read(Format::Yaml, text, &Default::default());
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let mut out = Vec::new();
        for card in &parsed.cards {
            check_card(card, Path::new("/set/cards.yaml"), &config, &mut out);
        }
        out.extend(
            parsed
                .notes
                .iter()
                .filter_map(|note| source_note(note, Path::new("/set/cards.yaml"), &config)),
        );
        out
    }

    /// Code, the words it points at, and the help.
    fn found<'t>(
        text: &'t str,
        diagnostics: &[Diagnostic],
    ) -> Vec<(&'static str, &'t str, String)> {
        diagnostics
            .iter()
            .map(|d| {
                (
                    d.code,
                    &text[d.span.clone()],
                    d.help.clone().unwrap_or_default(),
                )
            })
            .collect()
    }

    const OLD: &str =
        "- name: Ember Runner\n  type: Creature\n  text: At end of turn, sacrifice it.\n";

    /// A file's levels, asked once, give each lint of each card what asking the config for that
    /// card gives: with levels in `[rules]`, an ignore entry by path, and ignore entries that name
    /// cards (two for one card, one of them for every rule), in a file the path entry covers and
    /// in one it does not.
    #[test]
    fn file_levels_are_the_configs_levels_for_each_card() {
        let config = Config::parse(
            Path::new("/set/phaselint.toml"),
            "[rules]\nPL001 = \"error\"\nPL402 = \"warning\"\n\n\
             [[ignore]]\npath = \"old/**\"\nrules = [\"PL101\"]\n\n\
             [[ignore]]\ncard = \"Ember Runner\"\nrules = [\"PL101\", \"PL503\"]\n\n\
             [[ignore]]\ncard = \"Ember Runner\"\nrules = [\"PL001\"]\n\n\
             [[ignore]]\ncard = \"Quiet One\"\nrules = [\"all\"]\n",
        )
        .expect("a valid config");
        for path in ["/set/cards.yaml", "/set/old/cards.json"] {
            let path = Path::new(path);
            let levels = FileLevels::new(&config, path);
            for (index, lint) in rules::lints().iter().enumerate() {
                for name in [None, Some("Ember Runner"), Some("Quiet One"), Some("Other")] {
                    assert_eq!(
                        levels.lint(index, lint.info, name),
                        configured(lint.info, path, name, &config),
                        "{} in {path:?} for {name:?}",
                        lint.info.code
                    );
                }
            }
        }
    }

    /// The diagnostics of `code` only.
    fn only(code: &str, diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
        diagnostics.into_iter().filter(|d| d.code == code).collect()
    }

    #[test]
    fn an_allow_naming_no_rule_is_a_warning_at_the_name_with_the_closest_rule() {
        let text = format!("# phaselint: allow( obsolete-end-of-trun , PL10,zzz)\n{OLD}");
        let diagnostics = check_yaml(&text, "");
        // The misspelt allow turns nothing off.
        assert!(diagnostics.iter().any(|d| d.code == "PL101"));
        let warnings = only("PL801", diagnostics);
        assert_eq!(
            found(&text, &warnings),
            [
                (
                    "PL801",
                    "obsolete-end-of-trun",
                    "did you mean `obsolete-end-of-turn` (PL101)?".to_string()
                ),
                (
                    "PL801",
                    "PL10",
                    "did you mean `PL101` (obsolete-end-of-turn)?".to_string()
                ),
                (
                    "PL801",
                    "zzz",
                    "`phaselint rules` lists the codes and names; `all` turns every rule off for the card"
                        .to_string()
                ),
            ]
        );
        assert!(warnings.iter().all(|d| d.severity == Severity::Warning
            && d.card.as_deref() == Some("Ember Runner")
            && d.message.starts_with("unknown rule `")));
        assert_eq!(
            warnings[0].message,
            "unknown rule `obsolete-end-of-trun`: this allow comment turns nothing off"
        );
    }

    #[test]
    fn the_unknown_name_is_found_exactly_after_a_byte_order_mark_and_in_crlf_lines() {
        let text = format!(
            "\u{feff}# phaselint: allow(PL101)\r\n- name: A  # phaselint: allow(PL101,\tnope )\r\n{}",
            OLD.replace("- name: Ember Runner\n", "")
                .replace('\n', "\r\n")
        );
        let warnings = only("PL801", check_yaml(&text, ""));
        assert_eq!(found(&text, &warnings)[0].1, "nope");
        assert_eq!(warnings.len(), 1);
    }

    #[test]
    fn known_names_codes_and_all_are_no_unknown_suppression() {
        for allow in [
            "obsolete-end-of-turn",
            "pl101",
            "PL101",
            "all",
            "ALL",
            "PL801",
        ] {
            let text = format!("# phaselint: allow({allow})\n{OLD}");
            assert_eq!(only("PL801", check_yaml(&text, "")), [], "{allow}");
        }
    }

    #[test]
    fn only_the_config_turns_unknown_suppression_off() {
        let text = format!("# phaselint: allow(all, nope)\n{OLD}");
        assert_eq!(only("PL801", check_yaml(&text, "")).len(), 1);
        let text = format!("# phaselint: allow(unknown-suppression, nope)\n{OLD}");
        assert_eq!(only("PL801", check_yaml(&text, "")).len(), 1);
        assert_eq!(
            only("PL801", check_yaml(&text, "[rules]\nPL801 = \"off\"\n")),
            []
        );
        let warnings = only(
            "PL801",
            check_yaml(&text, "[rules]\nunknown-suppression = \"error\"\n"),
        );
        assert_eq!(warnings[0].severity, Severity::Error);
    }

    /// `text` with the safe fixes of `diagnostics` applied.
    fn fixed(text: &str, diagnostics: &[Diagnostic]) -> String {
        crate::fix::apply(text, diagnostics, crate::diagnostic::Applicability::Safe).text
    }

    const MENDED: &str = "- name: Mended\n  type: Creature\n  text: At the beginning of your end step, draw a card.\n";

    #[test]
    fn an_allow_that_silences_nothing_is_a_warning_whose_fix_removes_its_line() {
        let text = format!("# keep me\n# phaselint: allow(obsolete-end-of-turn)\n{MENDED}");
        let diagnostics = check_yaml(&text, "");
        let unused = only("PL804", diagnostics.clone());
        assert_eq!(
            found(&text, &unused),
            [(
                "PL804",
                "obsolete-end-of-turn",
                "PL101 (obsolete-end-of-turn) runs on this card and has nothing to silence: remove the name"
                    .to_string()
            )]
        );
        assert_eq!(unused[0].severity, Severity::Warning);
        assert_eq!(
            unused[0].message,
            "unused allow: `obsolete-end-of-turn` finds nothing on this card"
        );
        assert_eq!(diagnostics.len(), 1);
        assert_eq!(fixed(&text, &unused), format!("# keep me\n{MENDED}"));
    }

    #[test]
    fn an_allow_that_silences_something_is_never_unused_nor_removed() {
        for allow in ["PL101", "obsolete-end-of-turn", "pl101", "all"] {
            let text = format!("# phaselint: allow({allow})\n{OLD}");
            assert_eq!(check_yaml(&text, ""), [], "{allow}");
        }
        // A rule off for the card is not judged: a run that turns it on needs the allow.
        let text = format!("# phaselint: allow(PL101)\n{MENDED}");
        for config in [
            "[rules]\nPL101 = \"off\"\n",
            "[[ignore]]\ncard = \"Mended\"\nrules = [\"PL101\"]\n",
        ] {
            assert_eq!(check_yaml(&text, config), [], "{config}");
        }
        // A rule off by default is not judged until it is selected.
        let text = format!("# phaselint: allow(PL402)\n{MENDED}");
        assert_eq!(check_yaml(&text, ""), []);
        assert_eq!(
            only("PL804", check_yaml(&text, "[rules]\nPL402 = \"note\"\n")).len(),
            1
        );
    }

    #[test]
    fn only_the_unused_names_of_a_comment_go_and_unknown_ones_stay() {
        let text = format!("# phaselint: allow(unknown-timing-phrase, PL101, nope, PL103)\n{OLD}");
        let unused = only("PL804", check_yaml(&text, ""));
        let names: Vec<&str> = unused.iter().map(|d| &text[d.span.clone()]).collect();
        assert_eq!(names, ["unknown-timing-phrase", "PL103"]);
        // Both carry the same edit: applied once, it removes both names.
        assert_eq!(unused[0].fix, unused[1].fix);
        assert_eq!(
            fixed(&text, &unused),
            format!("# phaselint: allow(PL101, nope)\n{OLD}")
        );
    }

    #[test]
    fn a_trailing_allow_goes_with_its_blanks_and_a_crlf_line_with_its_break() {
        let text =
            "- name: A  # phaselint: allow(PL101)\r\n  type: Creature\r\n  text: Draw a card.\r\n";
        let unused = only("PL804", check_yaml(text, ""));
        assert_eq!(
            fixed(text, &unused),
            "- name: A\r\n  type: Creature\r\n  text: Draw a card.\r\n"
        );
        let text = format!(
            "\u{feff}# phaselint: allow(PL101)\r\n{}",
            MENDED.replace('\n', "\r\n")
        );
        let unused = only("PL804", check_yaml(&text, ""));
        assert_eq!(
            fixed(&text, &unused),
            format!("\u{feff}{}", MENDED.replace('\n', "\r\n"))
        );
    }

    #[test]
    fn an_allow_of_a_rule_no_allow_turns_off_is_unused() {
        let text =
            format!("# phaselint: allow(PL902, unknown-suppression, unused-allow)\n{MENDED}");
        let unused = only("PL804", check_yaml(&text, ""));
        assert_eq!(unused.len(), 3);
        assert_eq!(
            unused[0].message,
            "unused allow: an allow comment cannot turn off `PL902` (unreadable-text)"
        );
        assert_eq!(
            unused[0].help.as_deref(),
            Some("input problems are always reported: remove the name")
        );
        assert_eq!(fixed(&text, &unused), MENDED);
        // Only the config turns PL804 off; with it off, no rule is run for it.
        assert_eq!(check_yaml(&text, "[rules]\nunused-allow = \"off\"\n"), []);
    }

    #[test]
    fn an_allowed_unread_field_is_a_used_allow() {
        let text = "# phaselint: allow(unread-field)\n- name: Cog\n  typeline: Artifact\n";
        assert_eq!(check_yaml(text, ""), []);
        let text = "# phaselint: allow(unread-field)\n- name: Cog\n  type: Artifact\n";
        assert_eq!(found_codes(&check_yaml(text, "")), ["PL804"]);
    }

    #[test]
    fn an_unread_field_is_a_note_at_its_key_naming_the_fields_read() {
        let text = "- name: Misfiled Cog\n  typeline: Artifact\n  body: At end of turn, untap it.\n- name: Blurbed\n  type: Instant\n  blurb: Untap it at end of turn.\n- name: Quiet\n  type: Instant\n  blurb: Untap it.\n";
        let notes = check_yaml(text, "");
        assert_eq!(
            found(text, &notes),
            [
                ("PL803", "typeline", "rename `typeline` to `type`".to_string()),
                ("PL803", "body", "rename `body` to `text`".to_string()),
                (
                    "PL803",
                    "blurb",
                    "`blurb` holds timing words that are not checked: if it is the card's text, rename it to `text`"
                        .to_string()
                ),
            ]
        );
        assert_eq!(
            notes[0].message,
            "phaselint does not read `typeline`; the type line is read from `type` (also `type_line`)"
        );
        assert_eq!(
            notes[1].message,
            "phaselint does not read `body`; card text is read from `text` (also `oracle_text`, `rules_text`)"
        );
        assert!(notes.iter().all(|n| n.severity == Severity::Note));
        let allowed = format!("# phaselint: allow(unread-field)\n{text}");
        assert_eq!(
            check_yaml(&allowed, "").len(),
            1,
            "the allow is for the first card only"
        );
        assert_eq!(check_yaml(text, "[rules]\nPL803 = \"off\"\n"), []);
    }

    #[test]
    fn a_file_that_holds_no_card_is_one_note_the_config_can_turn_off() {
        let text = "name: CI\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n";
        let notes = check_yaml(text, "");
        assert_eq!(found(text, &notes)[0].0, "PL802");
        assert_eq!(found(text, &notes)[0].1, "name");
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].severity, Severity::Note);
        assert_eq!(notes[0].card, None);
        assert_eq!(check_yaml(text, "[rules]\nnot-a-card-file = \"off\"\n"), []);
        let ignored = "[[ignore]]\npath = \"*.yaml\"\nrules = [\"PL802\"]\n";
        assert_eq!(check_yaml(text, ignored), []);
    }

    const OLDER_RESTRICTION: &str = "- name: Tinker's Bench\n  type: Artifact\n  text: \"{2}: Draw a card. Activate this ability only any time you could cast a sorcery.\"\n";

    #[test]
    fn two_rules_on_one_problem_give_one_diagnostic() {
        let diagnostics = check_yaml(OLDER_RESTRICTION, "");
        let found = found(OLDER_RESTRICTION, &diagnostics);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].0, "PL104");
        assert_eq!(
            found[0].1,
            "Activate this ability only any time you could cast a sorcery"
        );
        // With PL104 off, PL105's own diagnostic is reported: nothing was hidden.
        let alone = check_yaml(OLDER_RESTRICTION, "[rules]\nPL104 = \"off\"\n");
        assert_eq!(found_codes(&alone), ["PL105"]);
        // A kept diagnostic at a lower severity hides none at a higher one.
        let louder = check_yaml(OLDER_RESTRICTION, "[rules]\nPL104 = \"warning\"\n");
        assert_eq!(found_codes(&louder), ["PL105", "PL104"]);
    }

    fn found_codes(diagnostics: &[Diagnostic]) -> Vec<&'static str> {
        diagnostics.iter().map(|d| d.code).collect()
    }

    #[test]
    fn notes_that_ask_for_no_change_are_off_until_selected() {
        let text = "- name: Ambush\n  type: Instant\n  text: Cast this spell only before blockers are declared.\n";
        assert_eq!(found_codes(&check_yaml(text, "")), Vec::<&str>::new());
        let on = check_yaml(text, "[rules]\nPL402 = \"note\"\nPL403 = \"warning\"\n");
        let levels: Vec<(&str, Severity)> = on.iter().map(|d| (d.code, d.severity)).collect();
        assert_eq!(
            levels,
            [("PL402", Severity::Note), ("PL403", Severity::Warning)]
        );
    }

    fn at(start: usize) -> Diagnostic {
        input_problem(
            &rules::UNREADABLE_TEXT,
            start..start + 2,
            format!("at {start}"),
            Some("Flood"),
        )
    }

    #[test]
    fn the_first_ones_are_kept_in_any_order_and_never_many_at_once() {
        // Every start from 0 to 9,999, in a scrambled order.
        let starts: Vec<usize> = (0..10_000).map(|n| (n * 7_919) % 10_000).collect();
        let mut capped = Capped::new(100);
        for &start in &starts {
            capped.push(at(start));
            assert!(capped.kept.len() < 200, "{} held", capped.kept.len());
        }
        let kept = capped.finish("on this card", Some("Flood"));
        assert_eq!(kept.len(), 101);
        let shown: Vec<usize> = kept[..100].iter().map(|d| d.span.start).collect();
        assert_eq!(shown, (0..100).collect::<Vec<_>>());
        let summary = &kept[100];
        assert_eq!(summary.code, "PL904");
        assert_eq!(summary.span, 100..102);
        assert_eq!(summary.card.as_deref(), Some("Flood"));
        assert_eq!(
            summary.message,
            "too many findings on this card: 9900 more are not shown, past the first 100"
        );
        assert_eq!(
            summary.help.as_deref(),
            Some("the first one left out is here: error[PL902] at 100")
        );
    }

    #[test]
    fn under_the_limit_nothing_is_added() {
        let mut capped = Capped::new(3);
        for start in [5, 1, 3] {
            capped.push(at(start));
        }
        let kept = capped.finish("in this file", None);
        let starts: Vec<usize> = kept.iter().map(|d| d.span.start).collect();
        assert_eq!(starts, [1, 3, 5]);
        let mut one_more = Capped::new(3);
        for start in [5, 1, 3, 4] {
            one_more.push(at(start));
        }
        let kept = one_more.finish("in this file", None);
        assert_eq!(
            kept[3].message,
            "too many findings in this file: 1 more is not shown, past the first 3"
        );
        assert_eq!(kept[3].span, 5..7);
    }
}
