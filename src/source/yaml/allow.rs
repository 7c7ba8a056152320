//! `# phaselint: allow(...)` comments: the ones on a card's first line and on the comment lines
//! directly above it, each rule with its bytes in the comment.
//!
//! It reads comment lines of the raw text; it knows nothing of YAML nodes or card fields.

use crate::source::Allow;
use std::ops::Range;

/// `# phaselint: allow(...)` comments on the line where the card starts (outside its scalars)
/// and on the comment lines directly above it (after `floor`, the end of the previous card, so
/// the content lines of a block scalar are never taken for comments).
pub(super) fn allows(
    text: &str,
    start: usize,
    floor: usize,
    scalars: &[Range<usize>],
) -> Vec<Allow> {
    let bytes = text.as_bytes();
    let line_start = bytes
        .get(..start)
        .and_then(|head| head.iter().rposition(|&b| b == b'\n'))
        .map_or(0, |i| i + 1);
    let mut found = Vec::new();
    let line_end = bytes
        .get(start..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
        .map_or(text.len(), |i| start + i);
    let mut hash = None;
    for (i, &b) in bytes.iter().enumerate().take(line_end).skip(line_start) {
        let after_blank = i == line_start || matches!(bytes[i - 1], b' ' | b'\t');
        if b == b'#' && after_blank && !scalars.iter().any(|s| s.start <= i && i < s.end) {
            hash = Some(i);
            break;
        }
    }
    if let Some(hash) = hash {
        // A comment after the card's first words goes with the blanks before it, not the line.
        let blanks = bytes[line_start..hash]
            .iter()
            .rev()
            .take_while(|&&b| matches!(b, b' ' | b'\t'))
            .count();
        let end = if line_end > hash && bytes.get(line_end - 1) == Some(&b'\r') {
            line_end - 1
        } else {
            line_end
        };
        allow_comment(text, hash, line_end, hash - blanks..end, &mut found);
    }
    // Comment lines directly above, nearest first; kept in file order.
    let mut above = Vec::new();
    let mut end = line_start;
    while end > floor && end > 0 {
        let prev_end = end - 1;
        let prev_start = bytes
            .get(..prev_end)
            .and_then(|head| head.iter().rposition(|&b| b == b'\n'))
            .map_or(0, |i| i + 1);
        if prev_start < floor {
            break;
        }
        let Some(line) = text.get(prev_start..prev_end) else {
            break;
        };
        let trimmed = line.trim_start_matches('\u{feff}').trim_start();
        if !trimmed.starts_with('#') {
            break;
        }
        let hash = prev_start + (line.len() - trimmed.len());
        // The whole line goes with its break; a byte order mark before it stays.
        let from = if line.starts_with('\u{feff}') {
            prev_start + '\u{feff}'.len_utf8()
        } else {
            prev_start
        };
        let mut these = Vec::new();
        allow_comment(text, hash, prev_end, from..end, &mut these);
        above.push(these);
        end = prev_start;
    }
    above.reverse();
    let mut allows: Vec<Allow> = above.into_iter().flatten().collect();
    allows.extend(found);
    allows
}

/// The rules of one comment `# phaselint: allow(A, b-c)` running from `hash` to `end`;
/// `removal` is what removing the whole comment removes.
fn allow_comment(text: &str, hash: usize, end: usize, removal: Range<usize>, out: &mut Vec<Allow>) {
    let Some(comment) = text.get(hash..end) else {
        return;
    };
    let Some(body) = comment.strip_prefix('#') else {
        return;
    };
    let Some(rest) = body.trim_start().strip_prefix("phaselint:") else {
        return;
    };
    let Some(rest) = rest.trim_start().strip_prefix("allow") else {
        return;
    };
    let Some(rest) = rest.trim_start().strip_prefix('(') else {
        return;
    };
    let Some(close) = rest.find(')') else {
        return;
    };
    let list = &rest[..close];
    // `list` is a slice of `text`: its position is its pointer's distance from the text's.
    let list_start = list.as_ptr() as usize - text.as_ptr() as usize;
    let mut offset = 0;
    for item in list.split(',') {
        let trimmed = item.trim();
        if !trimmed.is_empty() {
            let lead = item.len() - item.trim_start().len();
            let start = list_start + offset + lead;
            out.push(Allow {
                rule: trimmed.to_owned(),
                span: start..start + trimmed.len(),
                comment: removal.clone(),
                list: list_start..list_start + list.len(),
            });
        }
        offset += item.len() + 1;
    }
}
