//! Checking paths: the walk, each file's config, the files checked side by side, and `--fix`
//! and `--diff` applied to each file that may be rewritten.

use super::inputs::{self, Zip};
use super::text::{check_text_on, fix_rounds};
use super::{CheckOptions, Checked, CheckedFile, FixMode, config_problem, counted, unreadable};
use crate::config::Config;
use crate::diagnostic::Applicability;
use crate::fix;
use crate::lint::input_problem;
use crate::parallel;
use crate::read::{FileText, ReadError};
use crate::rules::NO_CARD_FOUND;
use crate::rules::UNWRITABLE_FILE;
use crate::source;
use crate::walk::{Walked, WalkedDir, walk};
use std::path::{Path, PathBuf};

/// Checks (and fixes, as `options` says) the files under `paths`; `on_file` is called as each
/// file is done, from the checking threads (for a progress bar). A config problem is reported as
/// a checked file of its own, and the files it governs are checked with the defaults; the error
/// is a usage problem (a bad `--exclude` glob).
pub fn check_paths(
    paths: &[PathBuf],
    options: &CheckOptions,
    on_file: &(dyn Fn(&CheckedFile) + Sync),
) -> Result<Checked, String> {
    // The finder's matcher is built while the files are found and read, rather than by the
    // first checking thread while the others wait for it.
    parallel::ahead(crate::phrase::prepare);
    let configs = options.configs();
    let walked = walk(paths, &options.exclude, &configs)?;
    // Each file's config, read here on one thread, once per config file.
    let planned: Vec<_> = walked
        .files
        .iter()
        .map(|path| (path.clone(), configs.for_path(options.stands_for(path))))
        .collect();
    let mut checked = Checked {
        files: configs.problems().iter().map(config_problem).collect(),
        ..Checked::default()
    };
    checked.files.extend(
        walked
            .errors
            .iter()
            .map(|(path, message)| unreadable(path, &ReadError::at_start(message.clone()))),
    );
    // Files are checked side by side. With fixes they are checked one at a time: two paths may
    // name one file, and the second must see what the first wrote.
    let threads = if options.fix == FixMode::Report {
        parallel::cores()
    } else {
        1
    };
    // The cores are shared between the files checked at once and each large file's readers.
    let per_file = (parallel::cores() / threads.min(planned.len()).max(1)).max(1);
    let files = parallel::map(threads, &planned, |(path, config)| {
        let mut printed = Printed::default();
        let files = check_path(
            path,
            &walked,
            options.stands_for(path),
            options,
            config,
            per_file,
            &mut printed,
        );
        for file in &files {
            on_file(file);
        }
        (files, printed)
    });
    let cards: Vec<usize> = files
        .iter()
        .map(|(files, _)| files.iter().map(|file| file.cards).sum())
        .collect();
    for (files, printed) in files {
        checked.files.extend(files);
        checked.diffs.extend(printed.diff);
        checked.stdin = checked.stdin.or(printed.stdin);
    }
    for dir in &walked.dirs {
        checked.skipped += dir.skipped.len();
        let read: usize = dir.files.iter().filter_map(|&file| cards.get(file)).sum();
        if read == 0 {
            checked.files.push(no_card_found(dir));
        }
    }
    Ok(checked)
}

/// What fixing a file gives to print rather than to write.
#[derive(Default)]
struct Printed {
    /// `--diff`: the unified diff of its fixes, in the file's encoding.
    diff: Vec<u8>,
    /// `--fix -`: standard input's text after its fixes.
    stdin: Option<String>,
}

/// A directory named on the command line in which no card was read: a run that checked nothing
/// there must not pass (PL905).
fn no_card_found(dir: &WalkedDir) -> CheckedFile {
    let found = dir.files.len();
    let mut message = if found == 0 {
        "no card file in this directory: nothing in it was checked".to_string()
    } else if found == 1 {
        "no card in this directory: the one file of a card format in it holds none".to_string()
    } else {
        format!("no card in this directory: the {found} files of a card format in it hold none")
    };
    if dir.excluded > 0 {
        message.push_str(&format!(
            "; {} left out by an exclude glob",
            counted(dir.excluded, "entry", "entries")
        ));
    }
    if let Some((first, why)) = dir.skipped.first() {
        let others = dir.skipped.len() - 1;
        message.push_str(&format!(
            "; {} skipped ({}: {}{})",
            counted(dir.skipped.len(), "file", "files"),
            crate::file_name::shown(first),
            why.reason(),
            if others > 0 { "; ..." } else { "" }
        ));
    }
    CheckedFile::problem(&dir.path, String::new(), &NO_CARD_FOUND, 0..0, message)
}

/// Reads, checks and (as `options` says) fixes one of the `walked` files, `shown` the path it
/// stands for: a file, a Magic Set Editor `set` file and the card files it includes, or each
/// member of a set's zip (checked, never written).
fn check_path(
    path: &Path,
    walked: &Walked,
    shown: &Path,
    options: &CheckOptions,
    config: &Config,
    threads: usize,
    printed: &mut Printed,
) -> Vec<CheckedFile> {
    if inputs::is_mse_zip(path) {
        return match inputs::zip_members(walked, path, options.max_file_size) {
            Zip::Members(members) => members
                .into_iter()
                .map(|member| {
                    let format = source::format_of(&member.shown, &member.text);
                    let mut checked = check_text_on(
                        &member.shown,
                        member.text.into(),
                        format,
                        &options.read,
                        config,
                        threads,
                        None,
                    );
                    // A zip is never rewritten: its findings offer no edit (their help says
                    // what to write).
                    for diagnostic in &mut checked.diagnostics {
                        diagnostic.fix = None;
                    }
                    checked
                })
                .collect(),
            Zip::NoSet(message) => vec![CheckedFile::noted(shown, message, config)],
            Zip::Unreadable(error) => vec![unreadable(shown, &error)],
        };
    }
    // A run that writes no file maps a large one; one that may write it reads a copy, which no
    // other process can change between the check and the write.
    let read = |path: &Path| {
        if options.map_large_files && options.fix != FixMode::Apply {
            walked.read_text(path, options.max_file_size)
        } else {
            walked.read(path, options.max_file_size)
        }
    };
    let mut files = vec![check_file(
        path, shown, read, options, config, threads, printed,
    )];
    let (included, problems) = match files[0].cards_text() {
        Some(text) => inputs::set_includes(walked, path, text),
        None => (Vec::new(), Vec::new()),
    };
    for problem in problems {
        files[0].add_input_problem(problem.span, problem.message);
    }
    if let Some(note) = saved_zip_note(walked, path) {
        files[0].add_note(&note, shown, config);
    }
    // PL802, for a set on standard input that holds no card but in the files it includes.
    let unread = files[0]
        .cards_text()
        .filter(|_| files[0].cards == 0)
        .and_then(|text| inputs::unread_includes_of_stdin(path, text));
    if let Some(note) = unread {
        files[0].add_note(&note, shown, config);
    }
    for card_file in included {
        let read = |path: &Path| crate::read::read_card_file(path, options.max_file_size, false);
        files.push(check_file(
            &card_file, &card_file, read, options, config, threads, printed,
        ));
    }
    files
}

/// The note on the `set` file `path` of a folder `X` whose zip `X.mse-set` the walk left out
/// beside it ([`Walked::saved_zip`]): the folder was read, and the zip may be stale.
fn saved_zip_note(walked: &Walked, path: &Path) -> Option<source::SourceNote> {
    let zip = crate::file_name::shown(walked.saved_zip(path)?);
    Some(source::SourceNote {
        kind: source::NoteKind::NotACardFile,
        span: 0..0,
        message: format!(
            "this folder's set is also saved as the zip `{zip}` beside it: the folder was read, \
             the zip was not"
        ),
        help: Some(format!(
            "if the zip may differ from the folder, check it by name (`phaselint check \"{zip}\"`)"
        )),
    })
}

/// Reads (with `read`), checks and (as `options` says) fixes the file `path`, `shown` the path it
/// stands for. Standard input that read whole is given back in `printed` under `--fix`.
fn check_file(
    path: &Path,
    shown: &Path,
    read: impl Fn(&Path) -> Result<FileText, ReadError>,
    options: &CheckOptions,
    config: &Config,
    threads: usize,
    printed: &mut Printed,
) -> CheckedFile {
    let stdin = path.as_os_str() == "-";
    // From the read to the rename: another run fixing this file waits, then reads what this one
    // wrote, so neither loses the other's fixes.
    let _lock = (options.fix == FixMode::Apply && !stdin).then(|| crate::write::lock_for_fix(path));
    let text = match read(path) {
        Ok(text) => text,
        Err(error) => return unreadable(shown, &error),
    };
    let checked = fix_file(
        path,
        shown,
        text,
        options,
        config,
        threads,
        &mut printed.diff,
    );
    if stdin && options.fix == FixMode::Apply {
        // Fixed or not, the whole text: a caller that pipes a buffer through takes it back.
        printed.stdin = Some(checked.source.as_str().to_owned());
    }
    checked
}

/// Checks `text`, read from `path`, and (as `options` says) fixes it: writes the fixes to the file,
/// adds their diff to `diffs`, or, for standard input, returns the fixed text's check unwritten.
fn fix_file(
    path: &Path,
    shown: &Path,
    text: FileText,
    options: &CheckOptions,
    config: &Config,
    threads: usize,
    diffs: &mut Vec<u8>,
) -> CheckedFile {
    let format = source::format_of(shown, &text);
    let mut checked = check_text_on(shown, text, format, &options.read, config, threads, None);
    checked.rewritable = !checked.failed && options.may_rewrite(format);
    if options.fix == FixMode::Report && checked.rewritable && path.as_os_str() != "-" {
        // A fix is offered only where `--fix` would write it.
        let refused = if offers_fixes(&checked) {
            crate::write::refusal(path)
        } else {
            None
        };
        if let Some(reason) = refused {
            offer_no_fixes(&mut checked, &reason);
        }
    }
    if options.fix == FixMode::Report || !checked.rewritable {
        return checked;
    }
    let min = if options.unsafe_fixes {
        Applicability::Unsafe
    } else {
        Applicability::Safe
    };
    let original = checked.source.clone();
    let fixed = fix_rounds(
        shown,
        checked.clone(),
        format,
        &options.read,
        config,
        min,
        threads,
    );
    if fixed.source == original {
        return checked;
    }
    if options.fix == FixMode::Diff {
        // Named as reported: standard input by its --stdin-filename.
        let name = crate::file_name::bytes(shown);
        // In the file's own encoding, as `--fix` would write it, so that `git apply` finds its
        // lines; a fix the encoding cannot hold is refused, as `--fix` refuses it.
        let encoding = original.encoding();
        if let Err(message) = encoding.encode(&fixed.source) {
            let mut unchanged = checked;
            offer_no_fixes(&mut unchanged, &message);
            return unchanged;
        }
        diffs.extend(fix::unified_diff_in(
            &name,
            &original,
            &fixed.source,
            &mut |line, out| out.extend_from_slice(&encoding.encode(line).unwrap_or_default()),
        ));
        // The report is of the file as it is on disk: the first check.
        return checked;
    }
    if path.as_os_str() == "-" {
        return fixed;
    }
    match crate::write::replace_text(path, &original, &fixed.source) {
        Ok(()) => fixed,
        // Nothing was written: the report is of the file as it is, with no fix counted.
        Err(message) => {
            let mut unchanged = checked;
            offer_no_fixes(&mut unchanged, &message);
            unchanged.diagnostics.push(input_problem(
                &UNWRITABLE_FILE,
                0..0,
                format!("could not write the fixes: {message}; the file was not changed"),
                None,
            ));
            unchanged.failed = true;
            unchanged
        }
    }
}

/// Whether a finding of `checked` has a fix `--fix` may apply.
fn offers_fixes(checked: &CheckedFile) -> bool {
    checked.diagnostics.iter().any(|diagnostic| {
        diagnostic
            .fix
            .as_ref()
            .is_some_and(|fix| fix.applicability != Applicability::DisplayOnly)
    })
}

/// The fixes of a file `--fix` does not write (`reason`), shown but applied by nothing: each is
/// display-only, and says why. The reports then offer no fix the run would refuse.
fn offer_no_fixes(checked: &mut CheckedFile, reason: &str) {
    let fixes = checked
        .diagnostics
        .iter_mut()
        .filter_map(|diagnostic| diagnostic.fix.as_mut());
    for fix in fixes.filter(|fix| fix.applicability != Applicability::DisplayOnly) {
        fix.applicability = Applicability::DisplayOnly;
        fix.message = format!("{}; --fix does not write this file: {reason}", fix.message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A large card file is mapped only by a run that asks for it and writes no file: `--fix`
    /// writes a copy's fixes, which no other process can change between the check and the write.
    #[test]
    fn only_a_run_that_writes_nothing_maps_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cards.txt");
        let card = "Ornithopter\nArtifact Creature\nFlying\n\n";
        let text = card.repeat(crate::read::MAP_FROM as usize / card.len() + 1);
        crate::write::write_new(&path, &text).unwrap();
        for (map_large_files, fix, mapped) in [
            (true, FixMode::Report, true),
            (true, FixMode::Diff, true),
            (true, FixMode::Apply, false),
            (false, FixMode::Report, false),
        ] {
            let options = CheckOptions {
                fix,
                map_large_files,
                ..CheckOptions::default()
            };
            let checked = check_paths(std::slice::from_ref(&path), &options, &|_| {}).unwrap();
            let file = &checked.files[0];
            assert_eq!(*file.source, text, "{fix:?}");
            assert_eq!(file.source.is_mapped(), mapped, "{map_large_files} {fix:?}");
        }
    }
}
