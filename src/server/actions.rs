//! Code actions: each fix of a diagnostic in the requested range as a quick fix, and every safe
//! fix of the file at once (`source.fixAll.phaselint`), computed by the library's fix rounds as
//! `phaselint check --fix` computes them.

use super::documents::{Checked, Document, Documents, to_lsp};
use super::guard::{self, Failure};
use super::position::LineIndex;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, TextEdit, Url, WorkspaceEdit,
};
use phaselint::check::fix_text;
use phaselint::diagnostic::{Applicability, Diagnostic, Fix};
use phaselint::source::ReadOptions;
use std::collections::HashMap;
use std::ops::Range;

/// The kind of the fix-all action, under `source.fixAll` so that editors run it on save when
/// asked to (`"editor.codeActionsOnSave": {"source.fixAll": "explicit"}`).
pub const FIX_ALL_KIND: &str = "source.fixAll.phaselint";

pub const FIX_ALL_TITLE: &str = "Fix all safe phaselint fixes in this file";

impl Documents {
    /// The code actions of a range; a failure is also said on the document.
    pub fn code_actions(
        &mut self,
        params: &CodeActionParams,
    ) -> Result<Option<Vec<CodeActionOrCommand>>, Failure> {
        let uri = &params.text_document.uri;
        let Some((document, checked)) = self.checked(uri) else {
            return Ok(None);
        };
        let actions = guard::run(document.text(), || actions(document, checked, params));
        if let Err(failure) = &actions {
            self.failed(uri, failure);
        }
        actions
    }
}

/// Each fix of a diagnostic in the requested range, and the fix-all action beside them or on its
/// own; `None` for a document not checked as cards.
fn actions(
    document: &Document,
    checked: &Checked,
    params: &CodeActionParams,
) -> Option<Vec<CodeActionOrCommand>> {
    let uri = &params.text_document.uri;
    let file = checked.file.as_ref()?;
    let index = document.index();
    let requested = index.span(params.range);
    let only = params.context.only.as_deref();
    let mut actions = Vec::new();
    if wants(only, &CodeActionKind::QUICKFIX) {
        for diagnostic in &file.diagnostics {
            let Some(fix) = &diagnostic.fix else { continue };
            if fix.applicability == Applicability::DisplayOnly
                || !touches(&diagnostic.span, &requested)
            {
                continue;
            }
            actions.push(quick_fix(diagnostic, fix, &index, uri));
        }
    }
    // The fix-all action is offered in the quick fix list beside a fix (as ESLint does), and
    // as a source action when one is asked for by kind. Not both at once: a client asking
    // for every kind would list it twice.
    let listed = !actions.is_empty() && only.is_none();
    let asked = only.is_some() && wants(only, &CodeActionKind::new(FIX_ALL_KIND));
    let has_safe_fix = file.diagnostics.iter().any(|d| {
        d.fix
            .as_ref()
            .is_some_and(|fix| fix.applicability == Applicability::Safe)
    });
    if (listed || asked) && has_safe_fix {
        let kind = if asked {
            CodeActionKind::new(FIX_ALL_KIND)
        } else {
            CodeActionKind::QUICKFIX
        };
        actions.extend(fix_all(document, checked, &index, uri, kind));
    }
    Some(
        actions
            .into_iter()
            .map(CodeActionOrCommand::CodeAction)
            .collect(),
    )
}

/// Whether a client that asked for `only` these kinds wants actions of `kind`: a requested kind
/// covers its sub-kinds (`source` covers `source.fixAll.phaselint`).
fn wants(only: Option<&[CodeActionKind]>, kind: &CodeActionKind) -> bool {
    let Some(only) = only else { return true };
    only.iter().any(|asked| {
        let asked = asked.as_str();
        kind.as_str() == asked
            || kind
                .as_str()
                .strip_prefix(asked)
                .is_some_and(|rest| rest.starts_with('.'))
    })
}

/// Whether a diagnostic's words meet the requested range (a cursor is an empty range).
fn touches(span: &Range<usize>, requested: &Range<usize>) -> bool {
    span.start <= requested.end && requested.start <= span.end
}

fn quick_fix(diagnostic: &Diagnostic, fix: &Fix, index: &LineIndex, uri: &Url) -> CodeAction {
    let safe = fix.applicability == Applicability::Safe;
    let mut title = capitalized(&fix.message);
    title.push_str(&match safe {
        true => format!(" ({})", diagnostic.code),
        false => format!(" ({}, unsafe fix)", diagnostic.code),
    });
    let edits = fix
        .edits
        .iter()
        .map(|edit| TextEdit::new(index.range(edit.start..edit.end), edit.replacement.clone()))
        .collect();
    CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![to_lsp(diagnostic, index, uri)]),
        edit: Some(edit(uri, edits)),
        is_preferred: Some(safe),
        ..Default::default()
    }
}

/// Every safe fix, applied in rounds by the library as `check --fix` applies them, as one edit
/// of the part of the document that changes. `None` when nothing changes.
fn fix_all(
    document: &Document,
    checked: &Checked,
    index: &LineIndex,
    uri: &Url,
    kind: CodeActionKind,
) -> Option<CodeAction> {
    let text = document.text();
    let fixed = fix_text(
        document.path(),
        text.to_string(),
        checked.format,
        &ReadOptions::default(),
        &checked.config,
        Applicability::Safe,
    );
    if fixed.source.as_str() == text {
        return None;
    }
    let changed = changed_span(text, &fixed.source);
    // The replacement is what stands in the fixed text between the common prefix and suffix.
    let suffix = text.len() - changed.end;
    let replacement = &fixed.source[changed.start..fixed.source.len() - suffix];
    let edits = vec![TextEdit::new(index.range(changed), replacement.to_string())];
    Some(CodeAction {
        title: FIX_ALL_TITLE.into(),
        kind: Some(kind),
        edit: Some(edit(uri, edits)),
        ..Default::default()
    })
}

/// The bytes of `old` that differ from `new`: `old` less the longest common prefix and suffix
/// (cut at character boundaries).
fn changed_span(old: &str, new: &str) -> Range<usize> {
    let prefix = old
        .char_indices()
        .zip(new.chars())
        .find(|((_, a), b)| a != b)
        .map_or(old.len().min(new.len()), |((at, _), _)| at);
    let suffix = old[prefix..]
        .chars()
        .rev()
        .zip(new[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>();
    prefix..old.len() - suffix
}

fn edit(uri: &Url, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit::new(HashMap::from([(uri.clone(), edits)]))
}

/// "replace with ..." → "Replace with ...": a menu entry starts upper-case.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_changed_span_leaves_out_the_common_prefix_and_suffix() {
        let old = "a — at end of turn — b";
        let new = "a — at the beginning of the next end step — b";
        let span = changed_span(old, new);
        assert_eq!(&old[span.clone()], "end of turn");
        assert_eq!(changed_span("same", "same"), 4..4);
        assert_eq!(changed_span("ab", "abc"), 2..2);
        assert_eq!(changed_span("—’", "’"), 0..3);
    }

    #[test]
    fn a_requested_kind_covers_its_sub_kinds() {
        let fix_all = CodeActionKind::new(FIX_ALL_KIND);
        assert!(wants(None, &fix_all));
        assert!(wants(Some(&[CodeActionKind::SOURCE]), &fix_all));
        assert!(wants(Some(&[CodeActionKind::SOURCE_FIX_ALL]), &fix_all));
        assert!(!wants(Some(&[CodeActionKind::QUICKFIX]), &fix_all));
        assert!(!wants(Some(&[CodeActionKind::new("source.fix")]), &fix_all));
    }
}
