//! Shared by the integration tests: the rows of a test table under tests/data, blank lines and
//! `#` comments left out.

/// Each row of `table` with its line number (from 1).
pub fn rows(table: &str) -> impl Iterator<Item = (usize, &str)> {
    table
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| (index + 1, line))
}
