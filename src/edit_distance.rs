//! Levenshtein distance, the one measure behind every "closest" suggestion: a template for an
//! unknown phrase (over words), a rule for an unknown suppression and a field for an unread YAML
//! key (over characters).
//!
//! Architecture invariant: a measure over strings; it knows nothing of what the strings are.

/// The edits (insertions, deletions, substitutions) that turn `a` into `b`.
pub fn edit_distance<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, item_a) in a.iter().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, item_b) in b.iter().enumerate() {
            let substitution = previous + usize::from(item_a != item_b);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(previous + 1);
        }
    }
    row[b.len()]
}

/// [`edit_distance`] over the characters of two strings.
pub fn char_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    edit_distance(&a, &b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_each_kind_of_edit() {
        assert_eq!(char_distance("", ""), 0);
        assert_eq!(char_distance("text", "text"), 0);
        assert_eq!(char_distance("txt", "text"), 1);
        assert_eq!(char_distance("texts", "text"), 1);
        assert_eq!(char_distance("test", "text"), 1);
        assert_eq!(char_distance("oracle_txet", "oracle_text"), 2);
        assert_eq!(char_distance("", "abc"), 3);
        assert_eq!(edit_distance(&["a", "b"], &["a", "c", "b"]), 1);
    }
}
