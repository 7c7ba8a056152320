//! Shared by the table tests (tests/data/*.table): a table's rows as cells, and which rows fail.
//! Each row must hold, but a row pending with a reason must not hold yet, and fails once it does
//! until it is taken off its list, so no list outlives its reason.

#![allow(dead_code)]

/// The rows of `table`, each its line number (from 1) and its line; blank lines and `#`
/// comments are no rows.
pub fn lines(table: &str) -> Vec<(usize, &str)> {
    table
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| (index + 1, line))
        .collect()
}

/// The rows of `table`, each its line number and its cells split at `separator` and trimmed.
pub fn cells<'t>(table: &'t str, separator: &str) -> Vec<(usize, Vec<&'t str>)> {
    lines(table)
        .into_iter()
        .map(|(line, row)| (line, row.split(separator).map(str::trim).collect()))
        .collect()
}

/// One row of a `text => cell => cell` table: its line number (from 1), its text and its cells,
/// without empty ones (a row with no cells ends in `=>` or has none).
pub struct Row<'t> {
    pub line: usize,
    pub text: &'t str,
    pub cells: Vec<&'t str>,
}

/// The rows of a `text => cell => cell` table.
pub fn rows(table: &str) -> Vec<Row<'_>> {
    cells(table, "=>")
        .into_iter()
        .map(|(line, cells)| {
            let mut cells = cells.into_iter();
            Row {
                line,
                text: cells.next().unwrap_or_default(),
                cells: cells.filter(|cell| !cell.is_empty()).collect(),
            }
        })
        .collect()
}

/// What is wrong with table rows `(line, text, outcome)` given the `pending` rows of the list
/// named `list`: a row that fails and is not pending, a pending row that holds, and a pending
/// text that is no row.
pub fn failures(
    rows: &[(usize, &str, Result<(), String>)],
    pending: &[(&str, &str)],
    list: &str,
) -> Vec<String> {
    let mut failures: Vec<String> = pending
        .iter()
        .filter(|(text, _)| !rows.iter().any(|(_, row, _)| row == text))
        .map(|(text, _)| format!("{text:?} is pending in {list} but is no row of the table"))
        .collect();
    for (line, text, outcome) in rows {
        let pending = pending.iter().any(|(pending, _)| pending == text);
        match (outcome, pending) {
            (Ok(()), false) | (Err(_), true) => {}
            (Err(problem), false) => failures.push(format!("line {line}: {text:?}: {problem}")),
            (Ok(()), true) => failures.push(format!(
                "line {line}: {text:?} holds now: remove it from {list}"
            )),
        }
    }
    failures
}
