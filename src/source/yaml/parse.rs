//! serde-saphyr run over a file: the options and limits it reads with, and its errors turned into
//! a [`SourceError`] at the place it names, in words a user can act on.
//!
//! It knows the parser and the tree it gives; it knows nothing of cards.

use super::node::{Node, bom_len};
use crate::source::SourceError;
use serde_saphyr::Spanned;

/// How many parser events aliases may replay in one file: a set that repeats a block of shared
/// fields on each card (`<<: *defaults`, 12,000 cards of a dozen events) replays a fraction of
/// it, and an alias bomb (`fixtures/bad/alias-bomb.yaml`) stops here, with its memory bounded.
const MAX_ALIAS_EVENTS: usize = 300_000;
const _: () = assert!(
    MAX_ALIAS_EVENTS % 1000 == 0,
    "the message says it in thousands"
);

/// The parser's limits for a text of `len` bytes. What the file itself holds is bounded by its
/// size (every node, document, anchor or merge key takes at least a byte of it), so the counts of
/// its own structure are: a large legitimate file is never refused for being large. What aliases
/// expand to is bounded by [`MAX_ALIAS_EVENTS`] on top, whatever the size.
fn budget(len: usize) -> serde_saphyr::Budget {
    let mut budget = serde_saphyr::Budget::default();
    let replayed = MAX_ALIAS_EVENTS;
    budget.max_events = budget
        .max_events
        .max(len.saturating_mul(2).saturating_add(2 * replayed));
    budget.max_nodes = budget.max_nodes.max(len.saturating_add(replayed));
    budget.max_documents = budget.max_documents.max(len);
    budget.max_anchors = budget.max_anchors.max(len);
    budget.max_aliases = budget.max_aliases.max(len);
    budget.max_merge_keys = budget.max_merge_keys.max(len);
    budget.max_total_scalar_bytes = budget.max_total_scalar_bytes.saturating_add(len);
    budget.max_total_comment_bytes = budget.max_total_comment_bytes.saturating_add(len);
    // Many aliases of one anchor are how shared fields are written; the replay bound above is what
    // stops a bomb.
    budget.enforce_alias_anchor_ratio = false;
    budget
}

/// Every document of `text`, or the error that stopped the parser.
pub(super) fn documents(text: &str) -> Result<Vec<Spanned<Node>>, SourceError> {
    let options = serde_saphyr::options! {
        // `yes`, `no`, `on`, `off` are words in card text, not booleans.
        strict_booleans: true,
        // `.inf` as text rather than a failed file.
        reject_non_finite_typeless_float: false,
        with_snippet: false,
        budget: Some(budget(text.len())),
        alias_limits: serde_saphyr::alias_limits! {
            max_total_replayed_events: MAX_ALIAS_EVENTS,
        },
    };
    serde_saphyr::from_multiple_with_options::<Spanned<Node>>(text, options)
        .map_err(|e| syntax_error(text, &e))
}

/// A SourceError for a file serde-saphyr could not read.
fn syntax_error(text: &str, e: &serde_saphyr::Error) -> SourceError {
    let location = e.location();
    // serde-saphyr's places are in the text after a byte order mark.
    let bom = bom_len(text);
    let offset = location
        .as_ref()
        .and_then(|l| {
            let span = l.span();
            span.byte_offset()
                .and_then(|o| usize::try_from(o).ok())
                .or_else(|| offset_of(&text[bom..], l.line(), l.column()))
                .map(|o| o + bom)
        })
        .unwrap_or(0);
    let full = e.to_string();
    let mut message = full.lines().next().unwrap_or("").trim().to_owned();
    if let Some(at) = message.find(" at line ") {
        message.truncate(at);
    }
    if let Some(limit) = limit_message(e, &message) {
        message = limit;
    }
    if let Some(at) = message.find(", set DuplicateKeyPolicy") {
        message.truncate(at);
    }
    let message = message.trim_end_matches('.').to_owned();
    let mut message = lower_first(&message);
    if message.is_empty() {
        message = "invalid yaml".to_owned();
    }
    let line = line_at(text, offset);
    if line.contains("mana_cost: {") {
        message.push_str(" (quote mana costs: `mana_cost: \"{1}{R}\"`)");
    }
    SourceError::at(text, offset, message)
}

/// A limit of the parser that `e` reports, in words. An error met while replaying an alias comes
/// as an alias error holding only the inner error's text (`message`).
fn limit_message(e: &serde_saphyr::Error, message: &str) -> Option<String> {
    use serde_saphyr::budget::BudgetBreach;
    // 300,000: a limit read in words.
    let alias_bomb = || {
        let thousands = MAX_ALIAS_EVENTS / 1000;
        format!("its aliases expand to more than {thousands},000 nodes (an alias bomb?)")
    };
    let what = match e.without_snippet() {
        serde_saphyr::Error::AliasReplayLimitExceeded { .. }
        | serde_saphyr::Error::AliasReplayCounterOverflow { .. }
        | serde_saphyr::Error::AliasExpansionLimitExceeded { .. } => alias_bomb(),
        serde_saphyr::Error::AliasReplayStackDepthExceeded { max_depth, .. } => {
            format!("its aliases refer to aliases more than {max_depth} deep")
        }
        serde_saphyr::Error::Budget { breach, .. } => match breach {
            BudgetBreach::Depth { .. } => "it is nested too deeply".to_string(),
            BudgetBreach::Nodes { .. }
            | BudgetBreach::Events { .. }
            | BudgetBreach::ScalarBytes { .. } => alias_bomb(),
            BudgetBreach::CommentBytes { .. } => "its comments are too long".to_string(),
            _ => "it is too large or too complex to read".to_string(),
        },
        serde_saphyr::Error::AliasError { .. }
            if message.starts_with("alias replay") || message.starts_with("budget breached") =>
        {
            alias_bomb()
        }
        _ => return None,
    };
    Some(format!("yaml exceeds a parser limit: {what}"))
}

fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_uppercase() && !chars.clone().next().is_some_and(char::is_uppercase) => {
            c.to_lowercase().chain(chars).collect()
        }
        _ => s.to_owned(),
    }
}

/// Byte offset of 1-based `line` and `column` (in characters).
fn offset_of(text: &str, line: u64, column: u64) -> Option<usize> {
    let line = usize::try_from(line).ok()?.checked_sub(1)?;
    let column = usize::try_from(column).ok()?.saturating_sub(1);
    let mut start = 0;
    for _ in 0..line {
        start += text.get(start..)?.find('\n')? + 1;
    }
    let rest = text.get(start..)?;
    let line_len = rest.find('\n').unwrap_or(rest.len());
    let in_line = rest[..line_len]
        .char_indices()
        .nth(column)
        .map_or(line_len, |(i, _)| i);
    Some(start + in_line)
}

fn line_at(text: &str, offset: usize) -> &str {
    let bytes = text.as_bytes();
    let offset = offset.min(bytes.len());
    let start = bytes[..offset]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let end = bytes[offset..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |i| offset + i);
    text.get(start..end).unwrap_or("")
}
