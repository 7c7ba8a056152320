//! The Magic Set Editor reader against the YAML reader, per byte of card text (issue 20: no
//! slower). The same cards are written as a YAML list (literal blocks) and as an MSE `set` file
//! (multi-line values under their key, each keyword in `<kw-a>` and the card's name in
//! `<atom-cardname>`, as MSE saves them), and each file is read whole, its cards dropped. With
//! ../shared/corpus present the cards are the first 2,000 faces of the Oracle card set; without
//! it, the bundled JSON Lines fixture, repeated. `cargo bench --bench read_mse`: the throughput
//! criterion prints is bytes of card text a second, the same count for both formats.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use phaselint::source::{Format, ReadOptions, read_each};
use std::hint::black_box;

/// Name, type line and text of each card.
fn cards() -> Vec<(String, String, String)> {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/cards.jsonl");
    let data = std::fs::read_to_string(corpus)
        .unwrap_or_else(|_| include_str!("../fixtures/databases/cwd-cards.jsonl").repeat(200));
    data.lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|card| {
            let field = |key: &str| card.get(key)?.as_str().map(str::to_owned);
            Some((field("name")?, field("type_line")?, field("oracle_text")?))
        })
        .take(2_000)
        .collect()
}

fn yaml(cards: &[(String, String, String)]) -> String {
    let mut out = String::new();
    for (name, type_line, text) in cards {
        let quoted = |s: &str| serde_json::to_string(s).unwrap_or_default();
        out.push_str(&format!(
            "- name: {}\n  type: {}\n  text: |\n",
            quoted(name),
            quoted(type_line)
        ));
        for line in text.lines() {
            out.push_str(&format!("    {line}\n"));
        }
    }
    out
}

fn mse(cards: &[(String, String, String)]) -> String {
    let mut out = String::from("\u{feff}mse_version: 2.0.2\ngame: magic\nstylesheet: m15\n");
    for (name, type_line, text) in cards {
        let (supertype, subtype) = type_line.split_once(" — ").unwrap_or((type_line, ""));
        let marked = text
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace(
                name.as_str(),
                &format!("<atom-cardname><nospellcheck>{name}</nospellcheck></atom-cardname>"),
            )
            .replace("Flying", "<kw-a><nospellcheck>Flying</nospellcheck></kw-a>");
        out.push_str(&format!(
            "card:\n\tname: {name}\n\tsuper_type: <word-list-type>{supertype}</word-list-type>\n\tsub_type: <word-list-race>{subtype}</word-list-race>\n\trule_text:\n"
        ));
        for line in marked.lines() {
            out.push_str(&format!("\t\t{line}\n"));
        }
    }
    out
}

fn read(c: &mut Criterion) {
    let cards = cards();
    let text_bytes: usize = cards.iter().map(|(_, _, text)| text.len()).sum();
    let mut group = c.benchmark_group("read per byte of card text");
    group.throughput(Throughput::Bytes(text_bytes as u64));
    for (format, file) in [(Format::Yaml, yaml(&cards)), (Format::Mse, mse(&cards))] {
        group.bench_function(format!("{format:?}, {} cards", cards.len()), |b| {
            b.iter(|| {
                let mut read = 0;
                let errors = read_each(
                    format,
                    black_box(&file),
                    &ReadOptions::default(),
                    &mut |card| read += card.faces.len(),
                );
                assert!(errors.is_empty() && read == cards.len());
                black_box(read)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, read);
criterion_main!(benches);
