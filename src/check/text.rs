//! Checking and fixing one text: what `check` does to each file, and what the language server
//! does to each open document.

use super::CheckedFile;
use super::cache::CardCache;
use crate::config::Config;
use crate::diagnostic::{Applicability, Diagnostic};
use crate::fix;
use crate::lint::{Capped, FileLevels, MAX_PER_FILE, check_card_in, input_problem, source_note};
use crate::parallel;
use crate::read::FileText;
use crate::rules::MALFORMED_INPUT;
use crate::source::{self, Card, ReadOptions};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

/// How many times a fix re-checks and fixes a text: fixes skipped for overlapping an earlier one
/// get their turn in the next round.
const FIX_ROUNDS: usize = 4;

/// Texts smaller than this are read and checked on one thread (with other files beside it).
/// Below it, spawning checking threads costs more than it saves.
const PIPELINE_BYTES: usize = 1 << 20;

/// How many of `threads` to spend on a text of `len` bytes beside the thread reading it: none
/// for a small one, where spawning costs more than it saves.
pub fn threads_for(len: usize, threads: usize) -> usize {
    if len < PIPELINE_BYTES { 0 } else { threads }
}

/// Reads the cards of `text` (the contents of `path`, in `format`) and checks them on the
/// calling thread.
pub fn check_text(
    path: &Path,
    text: String,
    format: source::Format,
    read: &ReadOptions,
    config: &Config,
) -> CheckedFile {
    check_text_on(path, text.into(), format, read, config, 0, None)
}

/// [`check_text`] of the next version of a text, with `cache` kept from the check of the last
/// one: only the cards that changed are linted again; the result is the same.
pub fn check_text_again(
    path: &Path,
    text: String,
    format: source::Format,
    read: &ReadOptions,
    config: &Config,
    cache: &mut CardCache,
) -> CheckedFile {
    check_text_on(path, text.into(), format, read, config, 0, Some(cache))
}

/// Checks `text` and applies its fixes of at least `min` applicability, in rounds, as `--fix`
/// does. The result is the check of the fixed text, with `fixed` the number of fixes applied;
/// a text that does not read whole (malformed YAML or JSON) is not fixed.
pub fn fix_text(
    path: &Path,
    text: String,
    format: source::Format,
    read: &ReadOptions,
    config: &Config,
    min: Applicability,
) -> CheckedFile {
    fix_rounds(
        path,
        check_text(path, text, format, read, config),
        format,
        read,
        config,
        min,
        0,
    )
}

/// [`fix_text`] from a first check already made, with `threads` for each re-check.
///
/// The fixes applied are those of the findings the first check found, the ones past the
/// report's cap ([`MAX_PER_FILE`]) too: a check that reached the cap stops at the card of its
/// first finding left out, and the text from that card on, which no fix has touched, is checked
/// again for the next window of findings. So a file is fixed whole in one run, and no check holds
/// more than the cap. A finding that a fix itself brought about is reported, never fixed unseen.
pub(super) fn fix_rounds(
    path: &Path,
    checked: CheckedFile,
    format: source::Format,
    read: &ReadOptions,
    config: &Config,
    min: Applicability,
    threads: usize,
) -> CheckedFile {
    if checked.failed {
        return checked;
    }
    let check_from = |text: &Arc<FileText>, from: usize| {
        check_cards(
            path,
            Arc::clone(text),
            format,
            read,
            config,
            threads,
            Cards::From(from),
        )
    };
    let read = &with_fields(read, config);
    let mut text = Arc::clone(&checked.source);
    let mut fixes = 0;
    // Each window starts at `from` with a check of the cards from there on (the first check, of
    // the whole text, for the first), and ends before the card where that check's cap left
    // findings out.
    let mut from = 0;
    let mut window = None;
    loop {
        let seen = window.as_ref().unwrap_or(&checked);
        let mut end = past_the_cap(seen, format, read, from);
        let mut eligible = seen.diagnostics.clone();
        for _ in 0..FIX_ROUNDS {
            if let Some(end) = end {
                eligible.retain(|diagnostic| before(diagnostic, end));
            }
            let applied = fix::apply(&text, &eligible, min);
            if applied.applied == 0 || **text == applied.text {
                break;
            }
            fixes += applied.applied;
            // Every edit lies before the window's end: the text after it only moves.
            end = end.and_then(|end| (end + applied.text.len()).checked_sub(text.len()));
            text = Arc::new(text.rewritten(applied.text));
            if applied.left_for_later.is_empty() {
                break;
            }
            // The next round applies only the fixes left out for overlapping, found again where
            // they moved to.
            eligible = check_from(&text, from)
                .diagnostics
                .into_iter()
                .filter(|diagnostic| {
                    applied
                        .left_for_later
                        .iter()
                        .any(|(code, span)| *code == diagnostic.code && *span == diagnostic.span)
                })
                .collect();
        }
        let Some(end) = end else { break };
        from = end;
        window = Some(check_from(&text, from));
    }
    // The report: the whole text, as it is after its fixes.
    let mut fixed = if fixes == 0 {
        checked
    } else {
        check_from(&text, 0)
    };
    fixed.fixed = fixes;
    fixed.rewritable = true;
    fixed
}

/// Where the findings of `checked` (a check of its text from `from` on) that the file's cap left
/// out begin: the start of the card of the first one left out, when the cap was reached and that
/// card starts past `from`.
fn past_the_cap(
    checked: &CheckedFile,
    format: source::Format,
    read: &ReadOptions,
    from: usize,
) -> Option<usize> {
    if checked.diagnostics.len() <= MAX_PER_FILE {
        return None;
    }
    // The cap's own finding comes last, at the first one left out.
    let at = checked.diagnostics.last()?.span.start;
    let mut start = None;
    source::read_each(format, &checked.source, read, &mut |card| {
        if card.span.start <= at {
            start = start.max(Some(card.span.start));
        }
    });
    start.filter(|&start| start > from)
}

/// `read` with the team's own card fields, which `config` names.
fn with_fields(read: &ReadOptions, config: &Config) -> ReadOptions {
    ReadOptions {
        fields: config.fields.clone(),
        ..read.clone()
    }
}

/// Whether every edit of the fix of `diagnostic` lies before `end` (an insertion at `end` does
/// not: it would go into the card that starts there).
fn before(diagnostic: &Diagnostic, end: usize) -> bool {
    diagnostic.fix.as_ref().is_none_or(|fix| {
        fix.edits
            .iter()
            .all(|edit| edit.start < end && edit.end <= end)
    })
}

/// [`check_text`] with the cards of a large text checked on `threads` threads beside the one
/// reading them (0: all on the calling thread), taking the cards and findings of what did not
/// change from `cache` when there is one.
pub(super) fn check_text_on(
    path: &Path,
    text: FileText,
    format: source::Format,
    read: &ReadOptions,
    config: &Config,
    threads: usize,
    cache: Option<&mut CardCache>,
) -> CheckedFile {
    check_cards(
        path,
        Arc::new(text),
        format,
        read,
        config,
        threads,
        Cards::All(cache),
    )
}

/// The note on a file read as Windows-1252 ([`crate::read::read_card_file`]), at its first byte
/// that is not UTF-8 (`first` in `text`).
fn windows_1252_note(first: usize, text: &str) -> source::SourceNote {
    let first = if text.is_char_boundary(first) {
        first
    } else {
        0
    };
    let len = text[first..].chars().next().map_or(0, char::len_utf8);
    source::SourceNote {
        kind: source::NoteKind::Windows1252,
        span: first..first + len,
        message: "not UTF-8: read as Windows-1252".to_string(),
        help: Some(
            "`--fix` writes the file back in Windows-1252; save it as UTF-8 to drop this note"
                .to_string(),
        ),
    }
}

/// Which cards of a text a check lints.
enum Cards<'c> {
    /// Every card, taking those that did not change from the cache when there is one.
    All(Option<&'c mut CardCache>),
    /// The cards that reach past this byte, without a cache: what [`fix_rounds`] reads again of
    /// a text it fixed.
    From(usize),
}

/// [`check_text_on`] of `text` held where the result keeps it, of the cards `linted` says.
fn check_cards(
    path: &Path,
    text: Arc<FileText>,
    format: source::Format,
    read: &ReadOptions,
    config: &Config,
    threads: usize,
    linted: Cards<'_>,
) -> CheckedFile {
    let (cache, from) = match linted {
        Cards::All(cache) => (cache, 0),
        Cards::From(from) => (None, from),
    };
    let cache = cache.map(|cache| {
        cache.begin(path, config);
        Mutex::new(cache)
    });
    // A large file is read on this thread while the other cores check the cards read so far, a
    // batch at a time: a database of hundreds of MB costs its text plus a few batches, never a
    // list of every card. A small one is checked on this thread as it is read.
    let threads = threads_for(text.len(), threads);
    let mut cards = 0;
    let mut notes = Vec::new();
    let read = &with_fields(read, config);
    // The first findings of the file in its order, whichever thread checked them: the cap acts
    // as they are made, so a file that floods the report costs no memory.
    let kept = Mutex::new(Capped::new(MAX_PER_FILE));
    let levels = FileLevels::new(config, path);
    let (errors, _) = parallel::pipeline(
        threads,
        |send| {
            parallel::in_batches(send, |on_card| {
                let on_card = &mut |card| {
                    cards += 1;
                    on_card(card);
                };
                let edited = cache.as_ref().and_then(|cache| {
                    let mut cache = cache.lock().unwrap_or_else(PoisonError::into_inner);
                    cache.edited_cards(format, &text)
                });
                match edited {
                    Some(edited) => {
                        edited.into_iter().for_each(on_card);
                        Vec::new()
                    }
                    None => source::read_each_noting(format, &text, read, on_card, &mut notes),
                }
            })
        },
        |batch: Vec<Card>, _: &mut Vec<()>| {
            let mut diagnostics = Vec::new();
            for card in batch.iter().filter(|card| card.span.end > from) {
                match &cache {
                    Some(cache) => cache
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .check_card(card, &text, &levels, &mut diagnostics),
                    None => check_card_in(card, &levels, &mut diagnostics),
                }
            }
            let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
            for diagnostic in diagnostics {
                kept.push(diagnostic);
            }
        },
    );
    let source = text;
    if let Some(cache) = cache {
        let clean = errors.is_empty() && notes.is_empty();
        cache
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .finish(Arc::clone(&source), clean);
    }
    let mut kept = kept.into_inner().unwrap_or_else(PoisonError::into_inner);
    for error in &errors {
        kept.push(input_problem(
            &MALFORMED_INPUT,
            error.span.clone(),
            error.message.clone(),
            None,
        ));
    }
    for note in &notes {
        if let Some(diagnostic) = source_note(note, path, config) {
            kept.push(diagnostic);
        }
    }
    if let Some((not_utf8, first)) = source.not_utf8() {
        if !format.reads_windows_1252() {
            return super::unreadable(path, not_utf8);
        }
        let note = windows_1252_note(first, &source);
        if let Some(diagnostic) = source_note(&note, path, config) {
            kept.push(diagnostic);
        }
    }
    let diagnostics = kept.finish("in this file", None);
    CheckedFile {
        path: crate::file_name::shown(path),
        raw_path: crate::file_name::raw_bytes(path),
        failed: !errors.is_empty(),
        source,
        diagnostics,
        cards,
        fixed: 0,
        rewritable: false,
    }
}
