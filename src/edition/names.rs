//! The names of phases and steps in each edition, and their strip labels. The current names are
//! the turn model's own (`crate::turn::phase`, which asks here for an edition's); an older
//! edition lists only the names it spelled otherwise.

use super::{Edition, Era};

/// Current name, 2009 name (2009 300.1, 312.1, 313), 2004 name (seed 002 300.1, 305.1, 312, 313).
const RENAMED: &[(&str, &str, &str)] = &[
    ("end step", "end of turn step", "end of turn step"),
    ("ending phase", "end phase", "end phase"),
    (
        "precombat main phase",
        "precombat main phase",
        "first main phase",
    ),
    (
        "postcombat main phase",
        "postcombat main phase",
        "second main phase",
    ),
];

/// Current strip label of a step, 2009 label, 2004 label: the end step is "end-of-turn" where it
/// was the end of turn step.
const RELABELED: &[(&str, &str, &str)] = &[("end", "end-of-turn", "end-of-turn")];

/// The edition's column of `table` in the row of `current`; `current` where no row has it.
fn renamed(
    table: &[(&str, &'static str, &'static str)],
    edition: Edition,
    current: &'static str,
) -> &'static str {
    let Some((_, cr2009, cr2004)) = table.iter().find(|(name, _, _)| *name == current) else {
        return current;
    };
    // Between M10 and Foundations the CR named them as today (seed 004 500.1).
    match edition.era() {
        Era::Current | Era::M10 => current,
        Era::Cr2009 => cr2009,
        Era::Cr2004 => cr2004,
    }
}

impl Edition {
    /// This edition's name of the phase or step whose current name is `current`: "end of turn
    /// step" for "end step" in 2009 and 2004.
    pub fn name_of(self, current: &'static str) -> &'static str {
        renamed(RENAMED, self, current)
    }

    /// This edition's strip label of the step whose current label is `current`.
    pub fn label_of(self, current: &'static str) -> &'static str {
        renamed(RELABELED, self, current)
    }

    /// `text` (written with the current names of phases and steps and the current rule numbers)
    /// with this edition's names and numbers.
    pub fn rename(self, text: &str) -> String {
        renumber(self, &rename_words(self, text))
    }
}

/// `text` with each current name this edition spelled otherwise replaced by the edition's, as
/// whole words ("end steps" too).
fn rename_words(edition: Edition, text: &str) -> String {
    let mut out = text.to_string();
    for (current, ..) in RENAMED {
        let old = edition.name_of(current);
        if old == *current {
            continue;
        }
        out = replace_words(&out, current, old);
    }
    out
}

/// `text` with each rule number of the current CR in it ("(514.2)") in `edition`'s numbers.
fn renumber(edition: Edition, text: &str) -> String {
    if edition.era() == Era::Current {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut previous: Option<char> = None;
    while let Some(c) = rest.chars().next() {
        let length = if previous.is_some_and(|p| p.is_alphanumeric() || p == '.') {
            0
        } else {
            rule_number_length(rest)
        };
        if length > 0 {
            out.push_str(&edition.cite_text(&rest[..length]));
            previous = rest[..length].chars().next_back();
            rest = &rest[length..];
        } else {
            out.push(c);
            previous = Some(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The length of a rule number ("514.2", "506.7d") at the start of `text`, or 0.
fn rule_number_length(text: &str) -> usize {
    let bytes = text.as_bytes();
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    if digits(0) != 3 || bytes.get(3) != Some(&b'.') {
        return 0;
    }
    let minor = digits(4);
    if minor == 0 {
        return 0;
    }
    let mut end = 4 + minor;
    if bytes.get(end).is_some_and(u8::is_ascii_lowercase) {
        end += 1;
    }
    if bytes.get(end).is_some_and(u8::is_ascii_alphanumeric) {
        return 0;
    }
    end
}

/// Replaces `from` by `to` where it stands as words: not inside a longer word.
fn replace_words(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(from) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + from.len()..].chars().next();
        let bounded = !before.is_some_and(char::is_alphanumeric)
            && !after.is_some_and(|c| c.is_alphanumeric() && c != 's');
        out.push_str(&rest[..at]);
        out.push_str(if bounded { to } else { from });
        rest = &rest[at + from.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_2009_and_2004() {
        assert_eq!(Edition::Cr2009.name_of("end step"), "end of turn step");
        assert_eq!(Edition::Cr2009.name_of("ending phase"), "end phase");
        assert_eq!(
            Edition::Cr2004.name_of("precombat main phase"),
            "first main phase"
        );
        assert_eq!(Edition::Current.name_of("end step"), "end step");
        assert_eq!(Edition::Cr2009.name_of("upkeep step"), "upkeep step");
        assert_eq!(Edition::Cr2009.label_of("end"), "end-of-turn");
        assert_eq!(Edition::Cr2004.label_of("cleanup"), "cleanup");
        assert_eq!(Edition::Current.label_of("end"), "end");
        assert_eq!(
            rename_words(
                Edition::Cr2009,
                "Triggers as each end step begins; the ending phase."
            ),
            "Triggers as each end of turn step begins; the end phase."
        );
        assert_eq!(
            rename_words(Edition::Cr2009, "the end steps"),
            "the end of turn steps"
        );
        assert_eq!(
            rename_words(Edition::Cr2009, "a blend stepping"),
            "a blend stepping"
        );
    }
}
