//! Throughput of finding and resolving timing phrases. With ../shared/corpus present it runs over
//! the first 2,000 faces of the Oracle card set; without it, over the bundled sampler.
//! `cargo bench --bench explain`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use phaselint::resolve::find_and_resolve;
use std::hint::black_box;

fn texts() -> Vec<String> {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/cards.jsonl");
    match std::fs::read_to_string(corpus) {
        Ok(data) => data
            .lines()
            .take(2_000)
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
            .filter_map(|face| face["oracle_text"].as_str().map(String::from))
            .collect(),
        Err(_) => vec![include_str!("../fixtures/explain/sampler.phrases").to_string()],
    }
}

fn corpus_texts(c: &mut Criterion) {
    let texts = texts();
    let bytes: usize = texts.iter().map(String::len).sum();
    let mut group = c.benchmark_group("find_and_resolve");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function(format!("{} texts", texts.len()), |b| {
        b.iter(|| {
            for text in &texts {
                black_box(find_and_resolve(black_box(text)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, corpus_texts);
criterion_main!(benches);
