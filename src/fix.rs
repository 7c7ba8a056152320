//! Applying fixes: choosing the fixes that may be applied together, and showing the result as a
//! diff. [`crate::write`] writes it.
//!
//! Architecture invariant: text edits only: it knows nothing of rules, card formats or files.

use crate::diagnostic::{Applicability, Diagnostic, Edit, Fix};
use std::ops::Range;

/// The result of [`apply`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The source with the applied fixes.
    pub text: String,
    /// Fixes applied (a fix whose edits were all applied already by an identical fix counts too).
    pub applied: usize,
    /// Eligible fixes left out: overlapping an applied fix, or with an edit out of range, off a
    /// character boundary, or overlapping another edit of the same fix.
    pub skipped: usize,
    /// The diagnostics whose fixes were left out for overlapping an applied one and may be
    /// applied to `text` next: their code and their span moved into `text`. One whose span the
    /// applied edits touched is not here: what it reported is gone or changed.
    pub left_for_later: Vec<(&'static str, Range<usize>)>,
}

/// Apply the fixes of `diagnostics` whose applicability is at least `min` (`Safe`, or `Unsafe`
/// with `--unsafe-fixes`) to `source`. Display-only fixes are never applied, whatever `min`.
///
/// As in ruff, fixes are taken in the order of their first edit's start and a fix is skipped when
/// it starts before or at the end of the last applied edit: even fixes that only touch are kept
/// apart, since two insertions at one point have no defined order. The linter's next round picks
/// up what was skipped. Bytes outside the edits are kept exactly.
pub fn apply(source: &str, diagnostics: &[Diagnostic], min: Applicability) -> Applied {
    let min = min.max(Applicability::Unsafe);
    let mut skipped = 0;
    let mut fixes: Vec<(&Diagnostic, Vec<&Edit>)> = Vec::new();
    for diagnostic in diagnostics {
        let Some(fix) = diagnostic.fix.as_ref() else {
            continue;
        };
        if fix.applicability < min {
            continue;
        }
        match valid_edits(source, fix) {
            Some(edits) => fixes.push((diagnostic, edits)),
            None => skipped += 1,
        }
    }
    // A stable sort: fixes starting at the same place keep the diagnostics' order.
    fixes.sort_by_key(|(_, edits)| edits.first().map(|edit| edit.start));

    let mut text = String::with_capacity(source.len());
    let mut applied = 0;
    let mut done: Vec<&Edit> = Vec::new();
    let mut overlapping: Vec<&Diagnostic> = Vec::new();
    // The end of the last applied edit: source bytes before it are already in `text`.
    let mut last_end: Option<usize> = None;
    for (diagnostic, edits) in fixes {
        if edits.iter().all(|edit| done.contains(edit)) {
            applied += 1;
            continue;
        }
        if last_end.is_some_and(|end| edits.first().is_some_and(|first| first.start <= end)) {
            skipped += 1;
            overlapping.push(diagnostic);
            continue;
        }
        for edit in &edits {
            text.push_str(&source[last_end.unwrap_or(0)..edit.start]);
            text.push_str(&edit.replacement);
            last_end = Some(edit.end);
        }
        done.extend(edits);
        applied += 1;
    }
    text.push_str(&source[last_end.unwrap_or(0)..]);
    let left_for_later = overlapping
        .iter()
        .filter_map(|diagnostic| {
            let span = moved(&diagnostic.span, &done)?;
            Some((diagnostic.code, span))
        })
        .collect();
    Applied {
        text,
        applied,
        skipped,
        left_for_later,
    }
}

/// `span` in the text after `edits` (sorted, not overlapping), or `None` when an edit touches it.
fn moved(span: &Range<usize>, edits: &[&Edit]) -> Option<Range<usize>> {
    let mut shift: isize = 0;
    for edit in edits {
        if edit.end <= span.start && !(edit.start == edit.end && edit.start == span.start) {
            shift += edit.replacement.len() as isize - (edit.end - edit.start) as isize;
        } else if edit.start < span.end || edit.start == span.start {
            return None;
        }
    }
    let start = span.start.checked_add_signed(shift)?;
    let end = span.end.checked_add_signed(shift)?;
    Some(start..end)
}

/// The fix's edits in source order, or `None` when one is out of range, off a character
/// boundary, or overlaps another (such a fix cannot be applied, and slicing it would panic).
fn valid_edits<'a>(source: &str, fix: &'a Fix) -> Option<Vec<&'a Edit>> {
    let mut edits: Vec<&Edit> = fix.edits.iter().collect();
    if edits.is_empty() {
        return None;
    }
    edits.sort_by_key(|edit| (edit.start, edit.end));
    let mut previous_end = 0;
    for edit in &edits {
        let in_range = edit.start <= edit.end && edit.end <= source.len();
        if !in_range
            || edit.start < previous_end
            || !source.is_char_boundary(edit.start)
            || !source.is_char_boundary(edit.end)
        {
            return None;
        }
        previous_end = edit.end;
    }
    Some(edits)
}

/// A unified diff of `old` and `new` as `git diff` writes it, which `git apply` and `patch -p1`
/// accept from the directory where phaselint ran: a `diff --git a/PATH b/PATH` line, `--- a/PATH`
/// and `+++ b/PATH`, hunks with three lines of context, and `\ No newline at end of file` after a
/// last line without one. The empty string when the texts are equal. `path` is the name's bytes
/// (which need not be UTF-8: [`crate::file_name::bytes`]).
pub fn unified_diff(path: &[u8], old: &str, new: &str) -> String {
    let diff = unified_diff_in(path, old, new, &mut |line, out| {
        out.extend_from_slice(line.as_bytes())
    });
    // Every piece was UTF-8: the names are written as git writes them, the lines as they are.
    String::from_utf8(diff).unwrap_or_default()
}

/// [`unified_diff`] with each line of the texts written by `line` (a file read as Windows-1252
/// is diffed in its own bytes, which `git apply` finds in it); the names and headers are UTF-8.
pub fn unified_diff_in(
    path: &[u8],
    old: &str,
    new: &str,
    line: &mut dyn FnMut(&str, &mut Vec<u8>),
) -> Vec<u8> {
    if old == new {
        return Vec::new();
    }
    // git and patch end a line at '\n' only; similar's own line split also ends one at a lone
    // '\r', which would make lines git cannot find.
    let old_lines: Vec<&str> = old.split_inclusive('\n').collect();
    let new_lines: Vec<&str> = new.split_inclusive('\n').collect();
    let diff = similar::TextDiff::configure().diff_slices(&old_lines, &new_lines);
    let (a, b) = (git_path("a/", path), git_path("b/", path));
    // As git: a tab after an unquoted name with a space, so that patch does not end it there.
    let tab = if path.contains(&b' ') && !a.starts_with('"') {
        "\t"
    } else {
        ""
    };
    let mut out = format!("diff --git {a} {b}\n--- {a}{tab}\n+++ {b}{tab}\n").into_bytes();
    for hunk in diff.unified_diff().context_radius(3).iter_hunks() {
        out.extend_from_slice(format!("{}\n", hunk.header()).as_bytes());
        for change in hunk.iter_changes() {
            let value = change.value();
            out.extend_from_slice(change.tag().to_string().as_bytes());
            line(value, &mut out);
            if !value.ends_with('\n') {
                out.extend_from_slice(b"\n\\ No newline at end of file\n");
            }
        }
    }
    out
}

/// `prefix` and `path` as git writes a name in a diff header: as they are, or C-quoted
/// (`"a/tab\there"`) when the name holds a control character, a double quote, a backslash or a
/// byte that is not UTF-8, which would end, garble or lose it unquoted.
fn git_path(prefix: &str, path: &[u8]) -> String {
    let needs_quotes = std::str::from_utf8(path).map_or(true, |name| {
        name.chars()
            .any(|c| c.is_control() || c == '"' || c == '\\')
    });
    if !needs_quotes {
        return format!("{prefix}{}", String::from_utf8_lossy(path));
    }
    let octal = |quoted: &mut String, bytes: &[u8]| {
        for byte in bytes {
            quoted.push_str(&format!("\\{byte:03o}"));
        }
    };
    let mut quoted = format!("\"{prefix}");
    for chunk in path.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '"' => quoted.push_str("\\\""),
                '\\' => quoted.push_str("\\\\"),
                '\t' => quoted.push_str("\\t"),
                '\n' => quoted.push_str("\\n"),
                '\r' => quoted.push_str("\\r"),
                // Any other control character as the octal escapes of its UTF-8 bytes, as git.
                c if c.is_control() => octal(&mut quoted, c.encode_utf8(&mut [0; 4]).as_bytes()),
                c => quoted.push(c),
            }
        }
        octal(&mut quoted, chunk.invalid());
    }
    quoted.push('"');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Severity;

    fn edit(start: usize, end: usize, replacement: &str) -> Edit {
        Edit {
            start,
            end,
            replacement: replacement.to_string(),
        }
    }

    fn with_fix(applicability: Applicability, edits: Vec<Edit>) -> Diagnostic {
        Diagnostic {
            code: "PL001",
            name: "test-rule",
            severity: Severity::Warning,
            message: "test".to_string(),
            help: None,
            span: edits.first().map_or(0..0, |e| e.start..e.end),
            labels: Vec::new(),
            card: None,
            cr: Vec::new(),
            fix: Some(Fix {
                applicability,
                message: "replace".to_string(),
                edits,
            }),
        }
    }

    fn safe(edits: Vec<Edit>) -> Diagnostic {
        with_fix(Applicability::Safe, edits)
    }

    const SOURCE: &str = "At end of turn, sacrifice it. Until end of turn, it gains haste.";

    /// An edit replacing the first `needle` in `SOURCE`.
    fn replace(needle: &str, replacement: &str) -> Edit {
        let start = SOURCE.find(needle).expect("needle in SOURCE");
        edit(start, start + needle.len(), replacement)
    }

    #[test]
    fn two_fixes_in_one_file() {
        let diagnostics = [
            safe(vec![replace("gains haste", "has haste")]),
            safe(vec![replace(
                "At end of turn",
                "At the beginning of the end step",
            )]),
        ];
        let out = apply(SOURCE, &diagnostics, Applicability::Safe);
        assert_eq!(
            out.text,
            "At the beginning of the end step, sacrifice it. Until end of turn, it has haste."
        );
        assert_eq!((out.applied, out.skipped), (2, 0));
    }

    #[test]
    fn overlapping_fix_is_skipped() {
        let diagnostics = [
            safe(vec![replace(
                "end of turn",
                "the beginning of the end step",
            )]),
            safe(vec![replace("At end", "During")]),
        ];
        let out = apply(SOURCE, &diagnostics, Applicability::Safe);
        // The fix starting first wins.
        assert_eq!(
            out.text,
            "During of turn, sacrifice it. Until end of turn, it gains haste."
        );
        assert_eq!((out.applied, out.skipped), (1, 1));
    }

    #[test]
    fn touching_fixes_are_kept_apart() {
        let diagnostics = [safe(vec![edit(0, 2, "X")]), safe(vec![edit(2, 2, "Y")])];
        let out = apply("ab", &diagnostics, Applicability::Safe);
        assert_eq!(out.text, "X");
        assert_eq!((out.applied, out.skipped), (1, 1));
    }

    #[test]
    fn a_fix_with_spread_edits_blocks_fixes_between_them() {
        let diagnostics = [
            safe(vec![edit(0, 1, "A"), edit(9, 10, "J")]),
            safe(vec![edit(5, 6, "F")]),
        ];
        let out = apply("abcdefghij", &diagnostics, Applicability::Safe);
        assert_eq!(out.text, "AbcdefghiJ");
        assert_eq!((out.applied, out.skipped), (1, 1));
    }

    #[test]
    fn identical_fixes_apply_once() {
        let diagnostics = [safe(vec![edit(0, 1, "X")]), safe(vec![edit(0, 1, "X")])];
        let out = apply("abc", &diagnostics, Applicability::Safe);
        assert_eq!(out.text, "Xbc");
        assert_eq!((out.applied, out.skipped), (2, 0));
    }

    #[test]
    fn unsafe_and_display_only_fixes_are_filtered_by_min() {
        let diagnostics = [
            with_fix(Applicability::Unsafe, vec![edit(0, 1, "U")]),
            with_fix(Applicability::DisplayOnly, vec![edit(1, 2, "D")]),
            safe(vec![edit(2, 3, "S")]),
        ];
        let out = apply("abc", &diagnostics, Applicability::Safe);
        assert_eq!((out.text.as_str(), out.applied, out.skipped), ("abS", 1, 0));
        let out = apply("abc", &diagnostics, Applicability::Unsafe);
        assert_eq!((out.text.as_str(), out.applied, out.skipped), ("UbS", 2, 0));
        let out = apply("abc", &diagnostics, Applicability::DisplayOnly);
        assert_eq!((out.text.as_str(), out.applied, out.skipped), ("UbS", 2, 0));
    }

    #[test]
    fn diagnostics_without_fixes_change_nothing() {
        let mut plain = safe(vec![edit(0, 1, "X")]);
        plain.fix = None;
        let out = apply(SOURCE, &[plain], Applicability::Safe);
        assert_eq!(
            (out.text.as_str(), out.applied, out.skipped),
            (SOURCE, 0, 0)
        );
    }

    #[test]
    fn applying_is_idempotent() {
        let diagnostics = [safe(vec![replace(
            "At end of turn",
            "At the beginning of the end step",
        )])];
        let once = apply(SOURCE, &diagnostics, Applicability::Safe).text;
        let twice = apply(&once, &[], Applicability::Safe);
        assert_eq!(twice.text, once);
        assert_eq!((twice.applied, twice.skipped), (0, 0));
    }

    #[test]
    fn bytes_outside_edits_are_kept() {
        let source = "\u{feff}name: Relic\r\ntext: \"{T} \u{2014} Until end of turn.\"  \r\nflavor: caf\u{e9}";
        let start = source.find("Until end of turn").unwrap();
        let diagnostics = [safe(vec![edit(start, start + 5, "For")])];
        let out = apply(source, &diagnostics, Applicability::Safe);
        assert_eq!(
            out.text,
            "\u{feff}name: Relic\r\ntext: \"{T} \u{2014} For end of turn.\"  \r\nflavor: caf\u{e9}"
        );
        assert_eq!(out.applied, 1);
    }

    #[test]
    fn bad_edits_are_skipped_not_panics() {
        let source = "a\u{2014}b";
        let diagnostics = [
            // Inside the em dash.
            safe(vec![edit(2, 3, "x")]),
            // Out of range.
            safe(vec![edit(4, 9, "x")]),
            // Backwards.
            safe(vec![edit(3, 1, "x")]),
            // Edits of one fix overlapping each other.
            safe(vec![edit(0, 2, "x"), edit(1, 4, "y")]),
            // No edits.
            safe(Vec::new()),
            // A good one.
            safe(vec![edit(4, 5, "B")]),
        ];
        let out = apply(source, &diagnostics, Applicability::Safe);
        assert_eq!(out.text, "a\u{2014}B");
        assert_eq!((out.applied, out.skipped), (1, 5));
    }

    #[test]
    fn diff_format() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\ni\n";
        let new = "a\nb\nc\nd\nE\nf\ng\nh\ni\n";
        assert_eq!(
            unified_diff(b"sets/x.yaml", old, new),
            "diff --git a/sets/x.yaml b/sets/x.yaml\n--- a/sets/x.yaml\n+++ b/sets/x.yaml\n\
             @@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n"
        );
    }

    #[test]
    fn diff_of_equal_texts_is_empty() {
        assert_eq!(unified_diff(b"x.yaml", "same\n", "same\n"), "");
    }

    #[test]
    fn diff_marks_a_missing_final_newline() {
        let diff = unified_diff(b"x.txt", "a\nb", "a\nc");
        assert_eq!(
            diff,
            "diff --git a/x.txt b/x.txt\n--- a/x.txt\n+++ b/x.txt\n@@ -1,2 +1,2 @@\n a\n-b\n\
             \\ No newline at end of file\n+c\n\\ No newline at end of file\n"
        );
        // Only the new text lacks it.
        let diff = unified_diff(b"x.txt", "a\n", "b");
        assert!(diff.ends_with("@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n"));
    }

    #[test]
    fn diff_lines_end_at_line_feeds_only() {
        // A lone CR is inside a line for git: the changed line is the whole of "a\rb\n".
        let diff = unified_diff(b"x.txt", "a\rb\nc\r\n", "a\rB\nc\r\n");
        assert!(
            diff.ends_with("@@ -1,2 +1,2 @@\n-a\rb\n+a\rB\n c\r\n"),
            "{diff:?}"
        );
        let diff = unified_diff(b"x.txt", "a\r", "b\r");
        assert!(
            diff.ends_with(
                "-a\r\n\\ No newline at end of file\n+b\r\n\\ No newline at end of file\n"
            ),
            "{diff:?}"
        );
    }

    fn header_of(path: &[u8]) -> String {
        let diff = unified_diff(path, "a\n", "b\n");
        diff.lines().take(3).collect::<Vec<_>>().join("\n")
    }

    /// Issue 18 §13: a byte that is not UTF-8 is kept, quoted in octal, so `git apply` finds the
    /// file.
    #[test]
    fn diff_headers_keep_the_bytes_of_a_name_that_is_not_utf8() {
        assert_eq!(
            header_of(b"caf\xe9 \xff.yaml"),
            "diff --git \"a/caf\\351 \\377.yaml\" \"b/caf\\351 \\377.yaml\"\n\
             --- \"a/caf\\351 \\377.yaml\"\n+++ \"b/caf\\351 \\377.yaml\""
        );
    }

    #[test]
    fn diff_headers_name_awkward_paths_as_git_does() {
        let header = |path: &str| header_of(path.as_bytes());
        assert_eq!(
            header("my set/old cards.yaml"),
            "diff --git a/my set/old cards.yaml b/my set/old cards.yaml\n\
             --- a/my set/old cards.yaml\t\n+++ b/my set/old cards.yaml\t"
        );
        assert_eq!(
            header("café/Sun’s Vigil.txt"),
            "diff --git a/café/Sun’s Vigil.txt b/café/Sun’s Vigil.txt\n\
             --- a/café/Sun’s Vigil.txt\t\n+++ b/café/Sun’s Vigil.txt\t"
        );
        assert_eq!(
            header("tab\tq\"n\\\u{7}.yaml"),
            "diff --git \"a/tab\\tq\\\"n\\\\\\007.yaml\" \"b/tab\\tq\\\"n\\\\\\007.yaml\"\n\
             --- \"a/tab\\tq\\\"n\\\\\\007.yaml\"\n+++ \"b/tab\\tq\\\"n\\\\\\007.yaml\""
        );
    }
}
