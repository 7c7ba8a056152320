//! Whether a text is shaped as a Forge card script, for telling a script from a text card file
//! (both `.txt`): apart from the reader, so that choosing a format needs nothing of cards.

/// Whether `text` is shaped as a Forge script: its first line that is neither blank nor a `#`
/// comment is `Name:...`, every other such line is `Key:Value` (a key of letters and digits) or
/// `ALTERNATE`, and it has an `Oracle:` or a `Types:` line (a script cut before its `Oracle:` line
/// is still a script). Forge ignores `#` lines, and real scripts start with notes and credits in
/// them (issue 39).
pub(crate) fn is_script(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // A lone CR ends a line too; the empty piece between CR and LF is a blank line.
    let mut keys = text
        .split(['\n', '\r'])
        .map(str::trim)
        .filter(|line| !line.is_empty() && !is_comment(line))
        .map(|line| {
            if line == ALTERNATE {
                Some(ALTERNATE)
            } else {
                key(line)
            }
        });
    if keys.next() != Some(Some("Name")) {
        return false;
    }
    let mut card_key = false;
    for key in keys {
        match key {
            Some(key) => card_key |= key == "Oracle" || key == "Types",
            None => return false,
        }
    }
    card_key
}

/// Whether `text` is a Forge edition file, which lists a set's cards by name and holds no card
/// text: its first line that is neither blank nor a comment is `[metadata]`, or it has both a
/// `[metadata]` and a `[cards]` section.
pub(crate) fn is_edition(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut sections = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !is_comment(line));
    let is = |line: &str, section: &str| line.eq_ignore_ascii_case(section);
    if sections.next().is_some_and(|first| is(first, "[metadata]")) {
        return true;
    }
    let (mut metadata, mut cards) = (false, false);
    for line in sections.filter(|line| line.starts_with('[')) {
        metadata |= is(line, "[metadata]");
        cards |= is(line, "[cards]");
    }
    metadata && cards
}

pub(crate) const ALTERNATE: &str = "ALTERNATE";

/// Whether a line (trimmed) is a comment, which Forge ignores.
pub(crate) fn is_comment(line: &str) -> bool {
    line.starts_with('#')
}

/// The key of a `Key:Value` line.
pub(crate) fn key(line: &str) -> Option<&str> {
    let (key, _) = line.split_once(':')?;
    let mut chars = key.chars();
    let well_formed = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric());
    well_formed.then_some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_scripts_are_sniffed_as_scripts() {
        assert!(is_script(
            "Name:Ember Runner\r\nTypes:Creature Goblin\r\nOracle:Haste\r\n"
        ));
        assert!(is_script("\u{feff}Name:X\n\nOracle:\n"));
        // A text card whose name has a colon, and one with a sentence.
        assert!(!is_script(
            "Circle of Protection: Red\nEnchantment\nOracle: no\n"
        ));
        assert!(!is_script("Name:X\nOracle:Y\nThis line is no key.\n"));
        assert!(!is_script("Name:X\nPT:1/1\n"));
        // Cut before its Oracle line.
        assert!(is_script("Name:X\nTypes:Instant\n"));
        assert!(!is_script("Oracle:Y\nName:X\n"));
        assert!(!is_script(""));
        // Comments before, between and after the keys, with colons and timing words in them.
        assert!(is_script(
            "# Bug: the upkeep trigger fires twice\n#Name:old\n\nName:X\n# TODO: at end of turn\nTypes:Instant\nOracle:Y\n#\n"
        ));
        assert!(!is_script("# notes\nOracle:Y\nName:X\n"));
        assert!(!is_script("# only a comment\n"));
        assert_eq!(key("SVar:X:Count$Y"), Some("SVar"));
        // An edition file is no script.
        assert!(!is_script(
            "[metadata]\nCode=CWD\n[cards]\n1 C Ember Runner\n"
        ));
    }

    #[test]
    fn edition_files_are_known_by_their_sections() {
        assert!(is_edition(
            "\u{feff}# Dawn\n[metadata]\nCode=CWD\nName=Dawn\n\n[cards]\n1 C Ember Runner\n"
        ));
        assert!(is_edition("[Metadata]\r\nCode=CWD\r\n"));
        assert!(is_edition("Notes\n[metadata]\nCode=X\n[cards]\n"));
        assert!(!is_edition("Notes\n[cards]\n1 C Ember Runner\n"));
        assert!(!is_edition(
            "Name:Ember Runner\nTypes:Creature\nOracle:Haste\n"
        ));
        assert!(!is_edition(
            "Ember Runner\nCreature\n[metadata] is a word here\n"
        ));
        assert!(!is_edition(""));
        assert_eq!(key("Card Name:X"), None);
    }
}
