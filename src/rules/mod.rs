//! The lint rules, one per file, and the registry of them all. A rule reads one face of a card
//! (its text, phrases and findings, see `context`) and reports violations in the text's bytes;
//! `crate::lint` maps them onto the file.
//!
//! Architecture invariant: a rule knows one face's text, phrases and findings, and nothing of card
//! files, configs or how its violations are reported.

mod context;
mod helpers;
mod input;
mod input_notes;
mod registry;
mod templates;

mod activate_this_ability;
mod after_upkeep_window;
mod at_the_end_of_combat;
mod at_the_start_of;
mod cast_window_at_sorcery_speed;
mod combat_step;
mod contradictory_windows;
mod delayed_end_step;
mod designer_duration;
mod designer_moment;
mod end_of_turn_trigger;
mod equip_as_an_instant;
mod first_combat_only;
mod instant_cast_as_sorcery;
mod limit_wording;
mod loose_step_trigger;
mod misspelled_timing_phrase;
mod next_end_step_from_end_step;
mod obsolete_end_of_turn;
mod obsolete_play_verb;
mod obsolete_step_name;
mod once_per_turn;
mod only_on_turn;
mod precombat_main_phase;
mod reminder_disagrees_with_keyword;
mod second_main_phase;
mod skippable_window_point;
mod sorcery_timing_wording;
mod speed_wording;
mod unknown_timing_phrase;
mod until_the_end_of_turn;
mod upkeep_shorthand;
mod window_in_cleanup_step;
mod window_in_untap_step;
mod your_opponents;

pub use context::FaceText;
pub use input::{
    INVALID_CONFIG, MALFORMED_INPUT, NO_CARD_FOUND, TOO_MANY_FINDINGS, UNREADABLE_FILE,
    UNREADABLE_TEXT, UNWRITABLE_FILE,
};
pub use input_notes::{
    LEGACY_ENCODING, NOT_A_CARD_FILE, UNKNOWN_SUPPRESSION, UNREAD_FIELD, UNUSED_ALLOW,
};
pub use registry::{closest, lints, lookup, registry};

use crate::diagnostic::{Applicability, Severity};
use crate::model::Span;

/// Whether a rule offers fixes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixAvailability {
    None,
    Sometimes,
    Always,
}

/// What a rule is: its identity, level and documentation.
#[derive(Debug)]
pub struct RuleInfo {
    /// Stable code: "PL001".
    pub code: &'static str,
    /// Stable kebab-case name: "unknown-timing-phrase".
    pub name: &'static str,
    /// The default severity.
    pub level: Severity,
    /// One line: what the rule finds.
    pub summary: &'static str,
    /// Markdown: what it does, why, an example, the fix.
    pub docs: &'static str,
    pub fix: FixAvailability,
    /// Whether `check` runs the rule when nothing selects it: a rule off by default (a note that
    /// says nothing needs to change) runs when `--select` or `[rules]` names it, at `level`.
    pub on_by_default: bool,
}

/// A fix in the face text's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextFix {
    pub applicability: Applicability,
    pub message: String,
    pub edits: Vec<(Span, String)>,
}

/// What a rule reports about a face, in the face text's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    pub span: Span,
    pub message: String,
    pub help: Option<String>,
    pub cr: Vec<&'static str>,
    pub labels: Vec<(Span, String)>,
    pub fix: Option<TextFix>,
}

impl Violation {
    fn new(span: Span, message: impl Into<String>) -> Self {
        Violation {
            span,
            message: message.into(),
            help: None,
            cr: Vec::new(),
            labels: Vec::new(),
            fix: None,
        }
    }

    fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    fn cr(mut self, rules: &[&'static str]) -> Self {
        self.cr.extend_from_slice(rules);
        self
    }

    fn label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push((span, message.into()));
        self
    }

    fn fix(mut self, applicability: Applicability, message: String, edit: (Span, String)) -> Self {
        self.fix = Some(TextFix {
            applicability,
            message,
            edits: vec![edit],
        });
        self
    }
}

/// Whether `rule` is an input problem (PL9xx): reported whatever the config or a suppression
/// says, since a file that was not read whole was not checked whole.
pub fn is_input_problem(rule: &RuleInfo) -> bool {
    rule.code.starts_with("PL9")
}

/// Whether a `# phaselint: allow(...)` comment turns `rule` off: not an input problem, which is
/// always reported, nor a note about allow comments or whole files (PL801, PL802, PL804), which
/// only the config turns off.
pub fn allowed_by_comment(rule: &RuleInfo) -> bool {
    !is_input_problem(rule)
        && ![
            UNKNOWN_SUPPRESSION.code,
            NOT_A_CARD_FILE.code,
            LEGACY_ENCODING.code,
            UNUSED_ALLOW.code,
        ]
        .contains(&rule.code)
}

/// Whether `rule` is a note on a whole file (PL802 no card in it, PL805 read as Windows-1252):
/// an `[[ignore]]` entry by path turns it off, not an allow comment on a card.
pub fn is_whole_file_note(rule: &RuleInfo) -> bool {
    [NOT_A_CARD_FILE.code, LEGACY_ENCODING.code].contains(&rule.code)
}

/// A rule: its identity and its check.
pub struct Lint {
    pub info: &'static RuleInfo,
    pub check: fn(&FaceText<'_>) -> Vec<Violation>,
}

#[cfg(test)]
pub(crate) mod testing {
    //! The harness each rule's own pass and fail cases run through.

    use super::{FaceText, Lint, Violation};

    /// Each `fail` text gives at least one violation whose span covers the `[[...]]`-marked words
    /// exactly; each `pass` text gives none. `type_line` is the card's.
    pub fn cases(lint: &Lint, type_line: &str, pass: &[&str], fail: &[&str]) {
        for text in pass {
            let face = FaceText::read(text, Some(type_line));
            let got = (lint.check)(&face);
            assert!(
                got.is_empty(),
                "{}: {text:?} should pass: {got:#?}",
                lint.info.code
            );
        }
        for marked in fail {
            let (text, start, end) = unmark(marked);
            let face = FaceText::read(&text, Some(type_line));
            let got = (lint.check)(&face);
            assert!(
                got.iter()
                    .any(|v| (v.span.start, v.span.end) == (start, end)),
                "{}: {marked:?} should fail on bytes {start}..{end}: {got:#?}",
                lint.info.code
            );
            for violation in &got {
                assert!(
                    violation
                        .message
                        .starts_with(|c: char| c.is_lowercase() || c == '"')
                        && !violation.message.ends_with('.'),
                    "message convention: {:?}",
                    violation.message
                );
            }
        }
    }

    /// Applies a violation's fix to `text`.
    pub fn fixed(lint: &Lint, type_line: &str, text: &str) -> Option<String> {
        fix_applied(lint, type_line, text).map(|(_, out)| out)
    }

    /// The first violation with a fix, and `text` with that fix applied.
    pub fn fix_applied(lint: &Lint, type_line: &str, text: &str) -> Option<(Violation, String)> {
        let face = FaceText::read(text, Some(type_line));
        let violation = (lint.check)(&face).into_iter().find(|v| v.fix.is_some())?;
        let mut out = text.to_string();
        let fix = violation.fix.as_ref()?;
        for (span, replacement) in fix.edits.iter().rev() {
            out.replace_range(span.start..span.end, replacement);
        }
        Some((violation, out))
    }

    fn unmark(marked: &str) -> (String, usize, usize) {
        let start = marked
            .find("[[")
            .expect("a fail case marks its span with [[...]]");
        let end = marked.find("]]").expect("a fail case closes its mark") - 2;
        (
            marked.replacen("[[", "", 1).replacen("]]", "", 1),
            start,
            end,
        )
    }
}
