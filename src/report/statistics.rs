//! `check --statistics`: how many times each rule fired, most frequent first, as a table of
//! lines or (`--format json`) a JSON array, as `ruff check --statistics` gives them.

use super::summary::fixes_apply;
use crate::check::CheckedFile;
use crate::diagnostic::Applicability;
use serde::Serialize;
use std::collections::BTreeMap;

/// One rule that fired.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct RuleCount {
    pub code: &'static str,
    pub name: &'static str,
    pub count: usize,
    /// Of those, the ones with a safe fix in a file `--fix` may rewrite.
    pub fixable: usize,
}

/// The rules that fired in `files`, most frequent first, then by code; fixes are counted only in
/// the files `--fix` may rewrite, as the summary counts them.
pub fn rule_counts(files: &[CheckedFile]) -> Vec<RuleCount> {
    let mut counts: BTreeMap<(&'static str, &'static str), (usize, usize)> = BTreeMap::new();
    for file in files {
        let rewritable = fixes_apply(file, |file| file.rewritable);
        for diagnostic in &file.diagnostics {
            let safe = rewritable
                && diagnostic
                    .fix
                    .as_ref()
                    .is_some_and(|fix| fix.applicability == Applicability::Safe);
            let (count, fixable) = counts
                .entry((diagnostic.code, diagnostic.name))
                .or_default();
            *count += 1;
            *fixable += usize::from(safe);
        }
    }
    let mut rows: Vec<RuleCount> = counts
        .into_iter()
        .map(|((code, name), (count, fixable))| RuleCount {
            code,
            name,
            count,
            fixable,
        })
        .collect();
    rows.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.code.cmp(b.code)));
    rows
}

/// The counts as lines: count, code, name.
pub fn statistics_text(rows: &[RuleCount]) -> String {
    let width = rows.first().map_or(1, |row| row.count.to_string().len());
    rows.iter()
        .map(|row| format!("{:>width$}  {}  {}\n", row.count, row.code, row.name))
        .collect()
}

/// The counts as one JSON array.
pub fn statistics_json(rows: &[RuleCount]) -> String {
    let mut json = serde_json::to_string_pretty(rows).unwrap_or_else(|_| "[]".into());
    json.push('\n');
    json
}
