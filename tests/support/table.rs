//! Shared by the integration tests: the rows of a test table, `text => cell => cell`, one row a
//! line; a line starting with `#` is a comment. A row with no cells ends in `=>` or has none.

/// One row: its line number (from 1), its text and its cells, trimmed, without empty ones.
pub struct Row<'t> {
    pub line: usize,
    pub text: &'t str,
    pub cells: Vec<&'t str>,
}

pub fn rows(table: &str) -> Vec<Row<'_>> {
    table
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| {
            let mut cells = line.split("=>").map(str::trim);
            Row {
                line: index + 1,
                text: cells.next().unwrap_or_default(),
                cells: cells.filter(|cell| !cell.is_empty()).collect(),
            }
        })
        .collect()
}
