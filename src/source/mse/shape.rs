//! Whether a file is Magic Set Editor's: its `set` file, or a card file it includes. The reader
//! and the sniffing of a file's format both ask; it knows nothing of reading a card.

/// Whether a file named `file_name` whose text starts with `head` is a set's `set` file: named
/// so, and starting (after a byte order mark) with the `mse_version` MSE writes first.
pub fn is_set_file(file_name: &str, head: &str) -> bool {
    file_name == "set" && starts_as_mse(head)
}

/// Whether a text starts as MSE writes its files: `mse_version:` (or `mse version:`) or
/// `game: magic` first, or a `card:` block
/// (a card file) whose next line is indented with a tab.
pub(crate) fn starts_as_mse(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().filter(|line| !line.trim().is_empty());
    let Some(first) = lines.next() else {
        return false;
    };
    let pair = first
        .split_once(':')
        .map(|(key, value)| (key.trim(), value.trim()));
    let key = pair.map(|(key, _)| key);
    match key {
        Some(key) if canonical(key) == "mse_version" => true,
        // Hand-written sets name the game first.
        Some(key) if canonical(key) == "game" => {
            pair.is_some_and(|(_, value)| value.eq_ignore_ascii_case("magic"))
        }
        Some("card") if first.trim_end() == "card:" => {
            lines.next().is_some_and(|next| next.starts_with('\t'))
        }
        _ => false,
    }
}

/// A key as MSE compares keys: lower case, `_` for a space.
pub(crate) fn canonical(key: &str) -> String {
    key.chars()
        .map(|c| {
            if c == ' ' {
                '_'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}
