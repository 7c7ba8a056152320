//! The fuzzing harness (issue 11): the seed files of `fixtures/`, mutated (see `input.rs`), fed
//! to each part of phaselint that reads what a stranger wrote, through the library's public API,
//! on stable Rust with proptest.
//!
//! | target | what is fed | what must hold |
//! |---|---|---|
//! | `finder` | the text, as card text | `phrase::find`, `find_by_whole_lines`, `resolve::find_and_resolve` and `explain::explain` (in scenarios the case picks, rendered) never panic; every span lies in the text on character boundaries, phrases in text order; the walk finds what the whole-line parse finds; a bounded number of phrases |
//! | `readers` | the bytes, from a file; the text, to each of the nine formats | `read::read_file` reads UTF-8 text without NUL within the limit as it is, and of anything else shows no character; `source::read_each` never panics; cards, errors and text maps lie in the file on character boundaries; an exact map places each character of a value on itself, an escape of it, `''`, an XML, MSE or HTML entity, a CSV `""`, an HTML `<br>` for a line break, or blanks for a blank, and a card's name that maps only as a whole on an MSE `<atom-cardname>` element; a bounded number of cards and errors |
//! | `span_maps` | the text, to its seed's format | each finding of each face (and of `export::each_face`, by line and column) maps through the face's `TextMap` into its raw string, on character boundaries, where the map is exact; there, the file's text at the mapped span is the card text, but for escapes, `''` and folded line breaks; every diagnostic of `check::check_text` (its span, labels and fix edits) lies in the file on character boundaries; every output format renders without panic, to a bounded size |
//! | `keywords` | each line of the text (16 KiB at most), with runs of keyword grants, keywords, keyword actions and quotes inserted (`input::keyword_cases`) | `phrase::keywords::find` never gives up a line on its own and reads at most `WORK_PER_BYTE` bytes a byte of it (`Work::spent`); its phrases lie in the line on character boundaries; with room for `n` phrases it keeps at most `n`, the first `n` by start of all it finds; `phrase::find` on the text keeps at most `MAX_PHRASES` |
//! | `fixes` | the text, to its seed's format | `fix::apply` keeps every byte outside the edits (its text is the file with some of the offered edits applied); `check::fix_text` never panics, a second fix changes nothing, and a text that read whole still reads whole with no more input problems |
//! | `card_cache` | a seed's text, then its mutated text, to the seed's format (`input::mostly_readable_cases`: most edits are a word inside a card's text) | `check::check_text_again`, with the cache of the check before, gives the cards, diagnostics and failure of a fresh `check::check_text`, one way and back |
//!
//! Each target runs a fixed number of cases from a fixed seed, so a failure in CI reproduces;
//! the seed is printed. `PHASELINT_FUZZ_CASES=N` runs N cases per target (a long local run);
//! `PHASELINT_FUZZ_SEED=N` starts from seed N, and `PHASELINT_FUZZ_SEED=random` from a random
//! one. A failing case is shrunk, printed as a Rust string literal and written to
//! `target/tmp/fuzz-<target>.bin`; it then becomes a plain test in `regressions.rs`. A case that
//! runs longer than two minutes is written there too, and the process aborts.

#[path = "../support/random_text.rs"]
mod random_text;

mod input;
mod names;
mod regressions;

use input::Case;
use phaselint::check::{CardCache, CheckedFile, check_text, check_text_again, fix_text};
use phaselint::config::Config;
use phaselint::diagnostic::{Applicability, Diagnostic, Edit};
use phaselint::explain::{explain, render_text};
use phaselint::export::each_face;
use phaselint::fix;
use phaselint::model::Span;
use phaselint::phrase::ast::Phrase;
use phaselint::phrase::keywords;
use phaselint::phrase::{MAX_PHRASES, WORK_PER_BYTE, Work, find, find_by_whole_lines};
use phaselint::read::read_file;
use phaselint::report::{self, HumanStyle, Summary};
use phaselint::resolve::find_and_resolve;
use phaselint::rules;
use phaselint::source::mse_zip::{ZipLimits, read_mse_zip};
use phaselint::source::{self, CardText, Format, ReadOptions};
use phaselint::turn::Scenario;
use proptest::prop_assert;
use proptest::strategy::BoxedStrategy;
use proptest::test_runner::{Config as RunConfig, RngSeed, TestCaseError, TestError, TestRunner};
use std::collections::BTreeSet;
use std::ops::Range;
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The seed when `PHASELINT_FUZZ_SEED` is unset.
const DEFAULT_SEED: u64 = 0x5EED_0F11_2026;

/// A case taking longer than this is a hang: written out, then the process aborts.
const HANG: Duration = Duration::from_secs(120);

/// The seed of this run, and how it was chosen: one for every target of the process.
fn run_seed() -> (u64, &'static str) {
    static SEED: std::sync::OnceLock<(u64, &'static str)> = std::sync::OnceLock::new();
    *SEED.get_or_init(choose_seed)
}

fn choose_seed() -> (u64, &'static str) {
    match std::env::var("PHASELINT_FUZZ_SEED").ok().as_deref() {
        None | Some("") => (DEFAULT_SEED, "the default"),
        Some("random") => {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |elapsed| elapsed.as_nanos() as u64);
            (nanos ^ u64::from(std::process::id()), "random")
        }
        Some(value) => (
            value
                .trim()
                .parse()
                .expect("PHASELINT_FUZZ_SEED is a whole number or `random`"),
            "PHASELINT_FUZZ_SEED",
        ),
    }
}

/// Cases per target: `PHASELINT_FUZZ_CASES`, else the target's default.
fn cases(default: u32) -> u32 {
    match std::env::var("PHASELINT_FUZZ_CASES").ok().as_deref() {
        None | Some("") => default,
        Some(value) => value
            .trim()
            .parse()
            .expect("PHASELINT_FUZZ_CASES is a whole number"),
    }
}

/// Where a failing or hanging case is written.
fn dump(target: &str, bytes: &[u8]) -> String {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fuzz-{target}.bin"));
    match std::fs::write(&path, bytes) {
        Ok(()) => path.display().to_string(),
        Err(error) => format!("(not written: {error})"),
    }
}

/// Runs `body` on `case`, aborting the process if it takes longer than [`HANG`].
fn watched<T>(target: &'static str, case: &Case, body: impl FnOnce() -> T) -> T {
    let (done, wait) = mpsc::channel::<()>();
    let bytes = case.bytes.clone();
    let seed = case.seed().name.clone();
    std::thread::spawn(move || {
        if wait.recv_timeout(HANG) == Err(mpsc::RecvTimeoutError::Timeout) {
            let path = dump(&format!("{target}-hang"), &bytes);
            eprintln!("fuzz {target}: a case from {seed} ran over {HANG:?}; it is in {path}");
            std::process::abort();
        }
    });
    let out = body();
    drop(done);
    out
}

/// Runs `test` on `default_cases` cases (or `PHASELINT_FUZZ_CASES`) from the run's seed.
fn fuzz(
    target: &'static str,
    default_cases: u32,
    cases_of: BoxedStrategy<Case>,
    test: impl Fn(&Case) -> Result<(), TestCaseError>,
) {
    let (seed, how) = run_seed();
    let cases = cases(default_cases);
    // Each target its own sequence, from the one seed.
    let target_seed = target.bytes().fold(seed, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01B3)
    });
    eprintln!(
        "fuzz {target}: {cases} cases, seed {seed} ({how}; PHASELINT_FUZZ_SEED={seed} repeats it)"
    );
    let config = RunConfig {
        cases,
        rng_seed: RngSeed::Fixed(target_seed),
        failure_persistence: None,
        max_shrink_iters: 2_000,
        max_shrink_time: 120_000,
        ..RunConfig::default()
    };
    let started = Instant::now();
    let mut runner = TestRunner::new(config);
    let result = runner.run(&cases_of, |case| watched(target, &case, || test(&case)));
    eprintln!("fuzz {target}: done in {:.1?}", started.elapsed());
    match result {
        Ok(()) => {}
        Err(TestError::Fail(reason, case)) => {
            let cut = cut_down(&case, &test);
            let path = dump(target, &cut.bytes);
            panic!(
                "fuzz {target} failed (PHASELINT_FUZZ_SEED={seed}): {reason}\n\
                 the case proptest shrank to: {} with {:?}\n\
                 its bytes cut down to what still fails, also in {path}:\n{cut:?}\n\
                 what that fails with: {}",
                case.seed().name,
                case.mutations,
                failure(&cut, &test).unwrap_or_default(),
            );
        }
        Err(error) => panic!("fuzz {target} (PHASELINT_FUZZ_SEED={seed}): {error}"),
    }
}

/// How `test` fails on `case`, a panic included; `None` when it passes.
fn failure(case: &Case, test: &impl Fn(&Case) -> Result<(), TestCaseError>) -> Option<String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| test(case))) {
        Ok(Ok(())) => None,
        Ok(Err(error)) => Some(error.to_string()),
        Err(panic) => Some(
            panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".to_string()),
        ),
    }
}

/// The failing `case` with as many of its bytes deleted as keeps it failing: pieces of half its
/// length, then of a quarter, ..., down to single bytes (at most 3,000 tries). proptest shrinks
/// the mutations; this shrinks the seed file around them.
fn cut_down(case: &Case, test: &impl Fn(&Case) -> Result<(), TestCaseError>) -> Case {
    // The panics of the tries are expected: they are not printed.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut best = case.clone();
    let mut tries = 0;
    let mut piece = (best.bytes.len() / 2).max(1);
    loop {
        let mut at = 0;
        while at < best.bytes.len() && tries < 3_000 {
            let mut bytes = best.bytes.clone();
            bytes.drain(at..(at + piece).min(bytes.len()));
            let shorter = best.with_bytes(bytes);
            tries += 1;
            if failure(&shorter, test).is_some() {
                best = shorter;
            } else {
                at += piece;
            }
        }
        if piece == 1 || tries >= 3_000 {
            break;
        }
        piece /= 2;
    }
    std::panic::set_hook(hook);
    best
}

// ---- properties shared by the targets ----

/// `range` lies in `text` on character boundaries.
fn in_text(text: &str, range: &Range<usize>) -> bool {
    range.start <= range.end
        && range.end <= text.len()
        && text.is_char_boundary(range.start)
        && text.is_char_boundary(range.end)
}

fn span_in(text: &str, span: Span) -> bool {
    in_text(text, &(span.start..span.end))
}

/// Whether the file bytes `slice` may stand for the decoded character `c`: itself, an escape
/// (`\u2014`, `\n`, `\e`, ...), an entity (`&lt;`, `&#8212;`, HTML's `&mdash;`), `''` for `'`,
/// `""` for `"` (CSV), blanks and line breaks for a blank or a line break (folding, CRLF, an MSE
/// value's next line and its tabs), an HTML `<br>` for a line break (written `&lt;br&gt;` in
/// XML), or an MSE `<atom-cardname>` element for `~`, the card.
fn stands_for(slice: &str, c: char) -> bool {
    slice == c.encode_utf8(&mut [0; 4])
        || (c == '~' && slice.starts_with("<atom-cardname") && slice.ends_with('>'))
        || (c == '\n' && slice.starts_with('<') && slice.ends_with('>'))
        || slice.starts_with('\\')
        || (c == '\'' && slice == "''")
        || (c == '"' && slice == "\"\"")
        || (slice.len() > 2 && slice.starts_with('&') && slice.ends_with(';'))
        || (c.is_whitespace() && !slice.is_empty() && slice.chars().all(char::is_whitespace))
}

/// The map of `text` (a value read from `file`) sends each character to its own bytes, in order,
/// inside the raw string; a map that is not exact answers nothing.
fn check_map(file: &str, text: &CardText) -> Result<(), TestCaseError> {
    let raw = text.map.raw();
    prop_assert!(in_text(file, &raw), "raw {raw:?} of {:?}", text.value);
    if !text.map.is_exact() {
        prop_assert!(text.map.to_file(0..0).is_none());
        return Ok(());
    }
    let mut last_end = raw.start;
    for (i, c) in text.value.char_indices() {
        let range = text.map.to_file(i..i + c.len_utf8());
        prop_assert!(
            range.is_some(),
            "char {i} {c:?} of {:?} unmapped",
            text.value
        );
        let range = range.unwrap_or_default();
        prop_assert!(
            in_text(file, &range) && range.start >= last_end && range.end <= raw.end,
            "char {i} {c:?} of {:?} mapped to {range:?} (raw {raw:?}, after {last_end})",
            text.value
        );
        let slice = &file[range.clone()];
        prop_assert!(stands_for(slice, c), "{c:?} mapped to {slice:?}");
        last_end = range.end;
    }
    Ok(())
}

/// A span of the decoded value, mapped: inside the raw string, on character boundaries, and,
/// where no escape, `''`, line break, entity or markup (MSE tags, a CDATA section, a comment)
/// or CSV `""` lies between, the very same text. (An MSE name atom, the one piece that once
/// mapped only as a whole, is one character, `~`, since issue 38.)
fn check_mapped_span(file: &str, text: &CardText, span: Span) -> Result<(), TestCaseError> {
    prop_assert!(span_in(&text.value, span), "{span:?} in {:?}", text.value);
    let mapped = text.map.to_file(span.start..span.end);
    if !text.map.is_exact() {
        prop_assert!(mapped.is_none());
        return Ok(());
    }
    prop_assert!(mapped.is_some(), "{span:?} of {:?} unmapped", text.value);
    let mapped = mapped.unwrap_or_default();
    let raw = text.map.raw();
    prop_assert!(
        in_text(file, &mapped) && raw.start <= mapped.start && mapped.end <= raw.end,
        "{span:?} mapped to {mapped:?}, raw {raw:?}"
    );
    let in_file = &file[mapped];
    let decoded = span.of(&text.value);
    if !in_file.contains(['\\', '\'', '\n', '\r', '&', '<']) && !in_file.contains("\"\"") {
        prop_assert!(in_file == decoded, "{decoded:?} is {in_file:?} in the file");
    }
    Ok(())
}

/// Every place a diagnostic names lies in `source` on character boundaries.
fn check_diagnostics(source: &str, diagnostics: &[Diagnostic]) -> Result<(), TestCaseError> {
    for diagnostic in diagnostics {
        prop_assert!(
            in_text(source, &diagnostic.span),
            "{} at {:?}",
            diagnostic.code,
            diagnostic.span
        );
        for label in &diagnostic.labels {
            prop_assert!(in_text(source, &label.span), "label {:?}", label.span);
        }
        for edit in diagnostic.fix.iter().flat_map(|fix| &fix.edits) {
            prop_assert!(
                in_text(source, &(edit.start..edit.end)),
                "edit {}..{}",
                edit.start,
                edit.end
            );
        }
    }
    Ok(())
}

/// Input problems (PL9xx) among `diagnostics`.
fn input_problems(diagnostics: &[Diagnostic]) -> usize {
    diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.code.starts_with("PL9"))
        .count()
}

fn path_for(format: Format) -> &'static Path {
    Path::new(match format {
        Format::Yaml => "fuzz.yaml",
        Format::Json => "fuzz.json",
        Format::JsonLines => "fuzz.jsonl",
        Format::Text | Format::Forge => "fuzz.txt",
        Format::Mse => "set",
        Format::Cockatrice => "fuzz.xml",
        Format::Csv => "fuzz.csv",
        Format::Tsv => "fuzz.tsv",
    })
}

fn config() -> Config {
    Config::default_for(".".into())
}

fn check(text: String, format: Format) -> CheckedFile {
    check_text(
        path_for(format),
        text,
        format,
        &ReadOptions::default(),
        &config(),
    )
}

/// `--fix` (with `--unsafe-fixes` for `Unsafe`) on `text`.
fn fix(text: String, format: Format, min: Applicability) -> CheckedFile {
    fix_text(
        path_for(format),
        text,
        format,
        &ReadOptions::default(),
        &config(),
        min,
    )
}

// ---- the targets ----

/// Texts longer than this are cut for the finder: card texts are short, and a long line costs
/// the same per byte (the readers' targets feed whole files).
const FINDER_MAX: usize = 16 * 1024;

/// The whole-line parse is many times slower than the walk: it is held against it on texts up
/// to this long.
const WHOLE_LINE_MAX: usize = 2 * 1024;

#[test]
fn finder() {
    fuzz("finder", 7_000, input::cases(), |case| {
        let text = case.text_up_to(FINDER_MAX);
        let found = find(&text);
        let mut last_start = 0;
        for phrase in &found.phrases {
            prop_assert!(span_in(&text, phrase.span) && phrase.span.start < phrase.span.end);
            prop_assert!(phrase.span.start >= last_start, "phrases out of order");
            last_start = phrase.span.start;
            for mark in &phrase.marks {
                prop_assert!(span_in(&text, mark.span), "mark {:?}", mark.span);
            }
        }
        for word in &found.timing_words {
            prop_assert!(span_in(&text, *word), "timing word {word:?}");
        }
        for error in &found.errors {
            prop_assert!(span_in(&text, error.span), "error {:?}", error.span);
        }
        prop_assert!(found.phrases.len() + found.errors.len() <= text.len() + 1);

        let (findings, errors) = find_and_resolve(&text);
        prop_assert!(errors.len() <= text.lines().count() + 1);
        for finding in &findings {
            prop_assert!(span_in(&text, finding.span));
            prop_assert!(finding.phrase == finding.span.of(&text));
            if let Some(antecedent) = finding.antecedent {
                prop_assert!(span_in(&text, antecedent), "antecedent {antecedent:?}");
            }
        }

        // `explain` (and `explain --file`) on the same text, in scenarios the case picks.
        let picked: Vec<Scenario> = Scenario::ALL
            .into_iter()
            .enumerate()
            .filter(|(index, _)| (case.bytes.len() >> index) & 1 == 1)
            .map(|(_, scenario)| scenario)
            .collect();
        let explanation = explain(&text, &picked);
        prop_assert!(explanation.explained.len() == findings.len());
        let rendered = render_text(&explanation);
        prop_assert!(
            rendered.len() <= OUTPUT_PER_BYTE * text.len() + OUTPUT_CONSTANT,
            "explain printed {} bytes for {}",
            rendered.len(),
            text.len()
        );

        if text.len() <= WHOLE_LINE_MAX {
            // Lines that both read give the same phrases. A line one of them gives up on is left
            // out: the walk stops at a nesting bound and a work bound of its own, the whole-line
            // parse at pest's call limit (tests/walk.rs holds them at those bounds).
            let whole = find_by_whole_lines(&text);
            let given_up: Vec<Span> = found
                .errors
                .iter()
                .chain(&whole.errors)
                .map(|error| error.span)
                .collect();
            let read = |phrases: &[phaselint::phrase::ast::Phrase]| {
                phrases
                    .iter()
                    .filter(|phrase| {
                        !given_up.iter().any(|line| {
                            line.start <= phrase.span.start && phrase.span.end <= line.end
                        })
                    })
                    .cloned()
                    .collect::<Vec<_>>()
            };
            let (walked, parsed) = (read(&found.phrases), read(&whole.phrases));
            prop_assert!(
                walked == parsed,
                "the walk and the whole-line parse differ:\nwalk: {walked:?}\nwhole line: {parsed:?}"
            );
        }
        Ok(())
    });
}

/// The first `enough` of `phrases` by start, ties in the order found: what the finder keeps.
fn first_by_start(mut phrases: Vec<Phrase>, enough: usize) -> Vec<Phrase> {
    phrases.sort_by_key(|phrase| phrase.span.start);
    phrases.truncate(enough);
    phrases
}

/// The keyword reader on one line: within its per-byte work bound, never giving up, its phrases
/// in the line, and no more kept than it has room for.
fn check_keywords(line: &str) -> Result<(), TestCaseError> {
    let mut work = Work::for_line(line.len(), usize::MAX);
    let read = keywords::find(line, 0, 0, &mut work);
    let spent = work.spent();
    let all = read.map_err(|error| TestCaseError::fail(format!("given up: {error}")))?;
    prop_assert!(
        spent <= WORK_PER_BYTE * line.len(),
        "{spent} bytes read for a line of {}",
        line.len()
    );
    for phrase in &all {
        prop_assert!(span_in(line, phrase.span) && phrase.span.start < phrase.span.end);
    }
    for enough in [0, 1, 3, MAX_PHRASES + 1] {
        let mut work = Work::for_line(line.len(), enough);
        let kept = keywords::find(line, 0, 0, &mut work)
            .map_err(|error| TestCaseError::fail(format!("given up: {error}")))?;
        prop_assert!(kept.len() <= enough, "{} kept of {enough}", kept.len());
        prop_assert!(
            first_by_start(kept, enough) == first_by_start(all.clone(), enough),
            "with room for {enough}, other phrases than the first of all"
        );
    }
    Ok(())
}

#[test]
fn keywords() {
    fuzz("keywords", 2_000, input::keyword_cases(), |case| {
        let text = case.text_up_to(FINDER_MAX);
        for line in text.split(['\n', '\r']) {
            check_keywords(line)?;
        }
        let found = find(&text);
        prop_assert!(found.phrases.len() <= MAX_PHRASES);
        for phrase in &found.phrases {
            prop_assert!(span_in(&text, phrase.span));
        }
        for error in &found.errors {
            prop_assert!(span_in(&text, error.span), "error {:?}", error.span);
        }
        Ok(())
    });
}

/// `read::read_file` on the case's bytes, from a file: the text when it is UTF-8 with no NUL
/// and within the limit, else an error that blanks every character before the problem.
fn check_read_file(dir: &Path, case: &Case) -> Result<(), TestCaseError> {
    let path = dir.join(format!("{}.in", std::process::id()));
    std::fs::write(&path, &case.bytes).map_err(|error| TestCaseError::fail(error.to_string()))?;
    let len = case.bytes.len() as u64;
    // Now and then a limit below the size, and one the head check meets first.
    let max = match len % 5 {
        0 => len / 2,
        1 => len,
        _ => len + 1024,
    };
    let result = read_file(&path, max);
    let _ = std::fs::remove_file(&path);
    let is_text = std::str::from_utf8(&case.bytes).is_ok_and(|text| !text.contains('\0'));
    match result {
        Ok(text) => {
            prop_assert!(
                is_text && len <= max,
                "read, though not card text or too large"
            );
            prop_assert!(text.as_bytes() == case.bytes.as_slice());
        }
        Err(error) => {
            prop_assert!(!is_text || len > max, "not read: {}", error.message);
            prop_assert!(
                error.readable.chars().all(|c| c == ' ' || c == '\n'),
                "the text of a file that is not card text is shown: {:?}",
                error.readable
            );
            prop_assert!(error.at <= error.readable.len());
            let (line, _) = error.line_column();
            prop_assert!(line <= case.bytes.iter().filter(|&&b| b == b'\n').count() + 1);
        }
    }
    Ok(())
}

/// Faces a card of any format but YAML has at most, and errors a file (`source::bounds`).
const MAX_FACES: usize = 16;
const MAX_ERRORS: usize = 1_000;

/// The case's bytes as a set's zip (the fixtures' zips are seeds): read within its limits, each
/// member once.
fn check_mse_zip(case: &Case) -> Result<(), TestCaseError> {
    let limits = ZipLimits {
        max_total: 1 << 20,
        max_entries: 1_000,
    };
    if let Ok(members) = read_mse_zip(&case.bytes, &limits) {
        let total: usize = members.iter().map(|member| member.text.len()).sum();
        prop_assert!(total as u64 <= limits.max_total, "{total} bytes read");
        let names: std::collections::HashSet<_> =
            members.iter().map(|member| &member.name).collect();
        prop_assert!(names.len() == members.len(), "a member read twice");
        prop_assert!(members.first().is_some_and(|set| set.name == "set"));
    }
    Ok(())
}

#[test]
fn readers() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    fuzz("readers", 8_000, input::cases(), |case| {
        check_read_file(dir.path(), case)?;
        check_mse_zip(case)?;
        let text = case.text();
        for format in input::FORMATS {
            for original in [false, true] {
                if original && !matches!(format, Format::Json | Format::JsonLines) {
                    continue;
                }
                let options = ReadOptions {
                    original,
                    ..ReadOptions::default()
                };
                let mut cards = 0;
                let mut result = Ok(());
                let errors = source::read_each(format, &text, &options, &mut |card| {
                    cards += 1;
                    if result.is_err() {
                        return;
                    }
                    result = (|| {
                        prop_assert!(in_text(&text, &card.span), "card at {:?}", card.span);
                        prop_assert!(!card.faces.is_empty(), "a card with no face");
                        // Issue 38: the readers of strangers' formats bound a card's faces.
                        prop_assert!(
                            format == Format::Yaml || card.faces.len() <= MAX_FACES,
                            "{} faces",
                            card.faces.len()
                        );
                        for face in &card.faces {
                            if let Some(value) = &face.text {
                                check_map(&text, value)?;
                            }
                        }
                        Ok(())
                    })();
                });
                result.map_err(|error| {
                    TestCaseError::fail(format!("{format:?} (original: {original}): {error}"))
                })?;
                for error in &errors {
                    prop_assert!(
                        in_text(&text, &error.span),
                        "{format:?}: error at {:?}: {}",
                        error.span,
                        error.message
                    );
                }
                prop_assert!(cards <= text.len() + 1, "{format:?}: {cards} cards");
                prop_assert!(
                    errors.len() <= text.len() + 1,
                    "{format:?}: {} errors",
                    errors.len()
                );
                // The shared bound on a file's errors, and the one that says reading stopped.
                prop_assert!(
                    format == Format::Yaml || errors.len() <= MAX_ERRORS + 1,
                    "{format:?}: {} errors",
                    errors.len()
                );
            }
        }
        Ok(())
    });
}

/// The most bytes of output per byte of input any format may print, and a constant for the
/// summary and the SARIF rules. Today's worst is a short phrase reported with its message, help,
/// fix and (SARIF) fingerprints, about 250 bytes of SARIF for `until ` (6 bytes), and a
/// tripwire's unknown phrase over long lines; the caps of issue 11 §3 will lower it.
const OUTPUT_PER_BYTE: usize = 400;
const OUTPUT_CONSTANT: usize = 256 * 1024;

/// Texts longer than this are not drawn in the human format (miette is slow on long snippets).
const HUMAN_MAX: usize = 16 * 1024;

#[test]
fn span_maps() {
    fuzz("span_maps", 6_000, input::mostly_readable_cases(), |case| {
        let text = case.text();
        let format = case.seed().format;
        let parsed = source::read(format, &text, &ReadOptions::default());
        for card in &parsed.cards {
            for face in &card.faces {
                let Some(value) = &face.text else { continue };
                let (findings, _) = find_and_resolve(&value.value);
                for finding in &findings {
                    check_mapped_span(&text, value, finding.span)?;
                    if let Some(antecedent) = finding.antecedent {
                        check_mapped_span(&text, value, antecedent)?;
                    }
                }
            }
        }

        // `phaselint findings`: each finding placed by line and column, its end after its start,
        // where the map is exact.
        // Lines as reports count them: a lone CR ends one too.
        let lines = text.replace("\r\n", "\n").split(['\n', '\r']).count();
        let mut placed = Ok(());
        each_face(
            "fuzz",
            &text,
            format,
            &ReadOptions::default(),
            &mut |face| {
                for finding in &face.findings {
                    if placed.is_err() {
                        return;
                    }
                    let place = (
                        finding.line,
                        finding.column,
                        finding.end_line,
                        finding.end_column,
                    );
                    placed = match place {
                        (Some(line), Some(column), Some(end_line), Some(end_column))
                            if line >= 1
                                && column >= 1
                                && end_line <= lines
                                && (line, column) <= (end_line, end_column) =>
                        {
                            Ok(())
                        }
                        (None, None, None, None) => Ok(()),
                        _ => Err(TestCaseError::fail(format!(
                            "{:?} placed at {place:?}",
                            finding.finding.phrase
                        ))),
                    };
                }
                if placed.is_ok() {
                    placed = if face.line >= 1 && face.line <= lines {
                        Ok(())
                    } else {
                        Err(TestCaseError::fail(format!("a face at line {}", face.line)))
                    };
                }
            },
        );
        placed?;

        let checked = check(text.clone(), format);
        prop_assert!(*checked.source == text);
        check_diagnostics(&text, &checked.diagnostics)?;
        prop_assert!(checked.diagnostics.len() <= text.len() + 2);

        let files = [checked];
        let summary = Summary::of(&files);
        let style = HumanStyle {
            graphical: case.bytes.len() % 2 == 0,
            color: false,
            width: 80,
        };
        for format in report::Format::ALL {
            if format == report::Format::Human && text.len() > HUMAN_MAX {
                continue;
            }
            let output = report::render(format, &files, rules::registry(), &style, &summary);
            prop_assert!(
                output.len() <= OUTPUT_PER_BYTE * text.len() + OUTPUT_CONSTANT,
                "{format:?}: {} bytes of output for {} of input",
                output.len(),
                text.len()
            );
        }
        Ok(())
    });
}

/// Whether `result` is `source` with some of `edits` applied (each at most once, none
/// overlapping) and every other byte kept.
fn is_source_with_edits(source: &str, edits: &[&Edit], result: &str) -> bool {
    let mut edits: Vec<&Edit> = edits.to_vec();
    edits.sort_by_key(|edit| (edit.start, edit.end));
    edits.dedup();
    // Edits that overlap or touch form a cluster: what the cluster becomes is one of its variants.
    let mut clusters: Vec<(Range<usize>, Vec<&Edit>)> = Vec::new();
    for edit in edits {
        match clusters.last_mut() {
            Some((range, members)) if edit.start <= range.end => {
                range.end = range.end.max(edit.end);
                members.push(edit);
            }
            _ => clusters.push((edit.start..edit.end, vec![edit])),
        }
    }
    let result = result.as_bytes();
    let mut positions = BTreeSet::from([0usize]);
    let mut kept_from = 0;
    for (range, members) in &clusters {
        let gap = &source.as_bytes()[kept_from..range.start];
        let variants = variants(source, range, members);
        let mut next = BTreeSet::new();
        for &at in &positions {
            if !result[at..].starts_with(gap) {
                continue;
            }
            let at = at + gap.len();
            for variant in &variants {
                if result[at..].starts_with(variant.as_bytes()) {
                    next.insert(at + variant.len());
                }
            }
        }
        positions = next;
        kept_from = range.end;
    }
    let tail = &source.as_bytes()[kept_from..];
    positions.iter().any(|&at| &result[at..] == tail)
}

/// What the bytes `range` of `source` may become with some non-overlapping members applied.
fn variants(source: &str, range: &Range<usize>, members: &[&Edit]) -> Vec<String> {
    // 2^12 variants at most; a larger cluster is taken as its bytes or any single edit.
    let members = &members[..members.len().min(12)];
    let mut out = BTreeSet::new();
    for mask in 0u32..(1 << members.len()) {
        let chosen: Vec<&Edit> = (0..members.len())
            .filter(|bit| mask & (1 << bit) != 0)
            .map(|bit| members[bit])
            .collect();
        if chosen.windows(2).any(|pair| pair[1].start < pair[0].end) {
            continue;
        }
        let mut text = String::new();
        let mut at = range.start;
        for edit in &chosen {
            text.push_str(&source[at..edit.start]);
            text.push_str(&edit.replacement);
            at = edit.end;
        }
        text.push_str(&source[at..range.end]);
        out.insert(text);
    }
    out.into_iter().collect()
}

#[test]
fn fixes() {
    fuzz("fixes", 6_000, input::mostly_readable_cases(), |case| {
        let text = case.text();
        let format = case.seed().format;
        let checked = check(text.clone(), format);
        for min in [Applicability::Safe, Applicability::Unsafe] {
            let eligible: Vec<&Diagnostic> = checked
                .diagnostics
                .iter()
                .filter(|diagnostic| {
                    diagnostic
                        .fix
                        .as_ref()
                        .is_some_and(|fix| fix.applicability >= min)
                })
                .collect();
            let edits: Vec<&Edit> = eligible
                .iter()
                .flat_map(|diagnostic| diagnostic.fix.iter().flat_map(|fix| &fix.edits))
                .collect();
            let applied = fix::apply(&text, &checked.diagnostics, min);
            prop_assert!(applied.applied <= eligible.len());
            prop_assert!(
                is_source_with_edits(&text, &edits, &applied.text),
                "{min:?}: the fixed text is not the file with some of its edits:\n{:?}\nedits: {edits:?}",
                applied.text
            );
            for (code, span) in &applied.left_for_later {
                prop_assert!(in_text(&applied.text, span), "{code} left at {span:?}");
            }
        }

        for min in [Applicability::Safe, Applicability::Unsafe] {
            let fixed = fix(text.clone(), format, min);
            check_diagnostics(&fixed.source, &fixed.diagnostics)?;
            if checked.failed {
                prop_assert!(
                    *fixed.source == text,
                    "a text that did not read whole was fixed"
                );
                continue;
            }
            prop_assert!(!fixed.failed, "{min:?}: the fixed text does not read whole");
            prop_assert!(
                input_problems(&fixed.diagnostics) <= input_problems(&checked.diagnostics),
                "{min:?}: new input problems: {:?}",
                fixed.diagnostics
            );
            let replaced: usize = checked
                .diagnostics
                .iter()
                .flat_map(|diagnostic| diagnostic.fix.iter().flat_map(|fix| &fix.edits))
                .map(|edit| edit.replacement.len())
                .sum();
            prop_assert!(fixed.source.len() <= text.len() + 4 * replaced);
            // Fixing again changes nothing, or little: a finding that a fix brought about is
            // reported, not fixed in the same run ("upkeep phase phase" takes two runs to become
            // "upkeep"), so a few more runs may fix more. They must come to rest, never grow past
            // the first run's bound and never go round in a cycle.
            let mut seen = BTreeSet::from([fixed.source.to_string()]);
            let mut current = fixed.source.to_string();
            for _ in 0..6 {
                let again = fix(current.clone(), format, min);
                prop_assert!(!again.failed, "{min:?}: a later fix does not read whole");
                if *again.source == current {
                    break;
                }
                prop_assert!(
                    again.source.len() <= text.len() + 4 * replaced,
                    "{min:?}: later fixes grow the text:\n{:?}",
                    again.source
                );
                prop_assert!(
                    seen.insert(again.source.to_string()),
                    "{min:?}: fixes go round in a cycle:\n{:?}",
                    again.source
                );
                current = again.source.to_string();
            }
        }
        Ok(())
    });
}

/// The language server's cache (issue 23): checking the next version of a text with the cards of
/// the last check, re-reading and re-linting only what an edit changed, gives what a fresh check
/// of it gives.
#[test]
fn card_cache() {
    fuzz(
        "card_cache",
        1_500,
        input::mostly_readable_cases(),
        |case| {
            let format = case.seed().format;
            let before = String::from_utf8_lossy(&case.seed().bytes).into_owned();
            let after = case.text();
            let again = |cache: &mut CardCache, text: &str| {
                check_text_again(
                    path_for(format),
                    text.to_string(),
                    format,
                    &ReadOptions::default(),
                    &config(),
                    cache,
                )
            };
            // A keystroke inside a one-line quoted text, the edit the cache re-reads one card for.
            let pick = case.mutations.len() + case.text().len();
            let places = inside_quotes(&before);
            let typed = places
                .get(pick % places.len().max(1))
                .map(|&at| format!("{}until end of turn {}", &before[..at], &before[at..]));
            let mut pairs = vec![(before.clone(), after.clone()), (after, before.clone())];
            pairs.extend(typed.map(|typed| (before, typed)));
            let mut cache = CardCache::default();
            for (first, next) in &pairs {
                again(&mut cache, first);
                let cached = again(&mut cache, next);
                let fresh = check(next.to_string(), format);
                prop_assert!(
                    cached.cards == fresh.cards && cached.failed == fresh.failed,
                    "{} cards (failed: {}) from the cache, {} (failed: {}) fresh",
                    cached.cards,
                    cached.failed,
                    fresh.cards,
                    fresh.failed
                );
                prop_assert!(
                    cached.diagnostics == fresh.diagnostics,
                    "the cache's diagnostics differ from a fresh check's:\n{:#?}\n{:#?}",
                    cached.diagnostics,
                    fresh.diagnostics
                );
            }
            Ok(())
        },
    );
}

/// The places strictly inside a double-quoted string on one line, without escapes, of `text`.
fn inside_quotes(text: &str) -> Vec<usize> {
    let mut places = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let quotes: Vec<usize> = line.match_indices('"').map(|(at, _)| at).collect();
        for pair in quotes.chunks_exact(2) {
            let inner = &line[pair[0] + 1..pair[1]];
            if !inner.contains('\\') {
                places.extend(
                    (pair[0] + 1..=pair[1])
                        .filter(|&at| line.is_char_boundary(at))
                        .map(|at| start + at),
                );
            }
        }
        start += line.len();
    }
    places
}
