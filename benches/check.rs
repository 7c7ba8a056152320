//! Throughput of `check`'s pipeline on one thread: reading a JSON Lines file (the streaming
//! reader and the span maps) and every rule over every card. With ../shared/corpus present it
//! runs over the first 2,000 faces of the Oracle card set; without it, over the bundled JSON Lines
//! fixture. `cargo bench --bench check`. Whole-corpus runs of the binary are timed by hand (see
//! docs/performance.md).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use phaselint::config::Config;
use phaselint::lint::{FileLevels, check_card_in};
use phaselint::source::{Format, ReadOptions, read_each};
use std::hint::black_box;
use std::path::{Path, PathBuf};

fn jsonl() -> String {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/cards.jsonl");
    match std::fs::read_to_string(corpus) {
        Ok(data) => data.lines().take(2_000).collect::<Vec<_>>().join("\n"),
        Err(_) => include_str!("../fixtures/databases/cwd-cards.jsonl").to_string(),
    }
}

fn read_and_lint(c: &mut Criterion) {
    let text = jsonl();
    let config = Config::default_for(PathBuf::from("."));
    let path = Path::new("cards.jsonl");
    let mut group = c.benchmark_group("check");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function(
        format!("{} lines of JSON Lines", text.lines().count()),
        |b| {
            b.iter(|| {
                // As `check` does: the config's levels once for the file.
                let levels = FileLevels::new(&config, path);
                let mut diagnostics = Vec::new();
                let errors = read_each(
                    Format::JsonLines,
                    black_box(&text),
                    &ReadOptions::default(),
                    &mut |card| check_card_in(&card, &levels, &mut diagnostics),
                );
                black_box((errors, diagnostics))
            })
        },
    );
    group.finish();
}

criterion_group!(benches, read_and_lint);
criterion_main!(benches);
