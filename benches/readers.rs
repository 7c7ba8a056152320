//! The readers alone, per byte of card text: the same cards written as a YAML custom set (the
//! reference: issue 20 asks the designers' formats to be no slower), a Cockatrice database, Forge
//! scripts (one a card, read one after another), a CSV and a TSV sheet. With ../shared/corpus
//! present the cards are the first 2,000 faces of the Oracle card set; without it, a few hundred
//! made of the bundled JSON Lines fixture's texts. The cards are dropped as they are read, so
//! what is timed is the parse and the span maps. `cargo bench --bench readers`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use phaselint::source::{Format, ReadOptions, read_each};
use std::hint::black_box;
use std::time::Duration;

/// One card's name, type line and text.
struct Face {
    name: String,
    type_line: String,
    text: String,
}

fn faces() -> Vec<Face> {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/cards.jsonl");
    let lines = match std::fs::read_to_string(corpus) {
        Ok(data) => data.lines().take(2_000).map(str::to_owned).collect(),
        Err(_) => include_str!("../fixtures/databases/cwd-cards.jsonl")
            .lines()
            .map(str::to_owned)
            .cycle()
            .take(400)
            .collect::<Vec<_>>(),
    };
    lines
        .iter()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|card| {
            let field = |key: &str| card.get(key)?.as_str().map(str::to_owned);
            Some(Face {
                name: field("name")?,
                type_line: field("type_line").unwrap_or_default(),
                text: field("oracle_text").filter(|text| !text.is_empty())?,
            })
        })
        .collect()
}

/// A YAML list of cards, the text in a literal block as designers write it.
fn yaml(faces: &[Face]) -> String {
    let mut out = String::new();
    for face in faces {
        let quote = |s: &str| serde_json::to_string(s).unwrap_or_default();
        out.push_str(&format!(
            "- name: {}\n  type: {}\n  text: |\n",
            quote(&face.name),
            quote(&face.type_line)
        ));
        for line in face.text.lines() {
            out.push_str(&format!("    {line}\n"));
        }
    }
    out
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('\'', "&apos;")
        .replace('"', "&quot;")
}

/// A Cockatrice database, version 4, as Cockatrice writes it (apostrophes and quotes as entities).
fn cockatrice(faces: &[Face]) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<cockatrice_carddatabase version=\"4\">\n  <cards>\n",
    );
    for face in faces {
        out.push_str(&format!(
            "    <card>\n      <name>{}</name>\n      <text>{}</text>\n      <prop>\n        <type>{}</type>\n      </prop>\n      <set rarity=\"common\">BNC</set>\n    </card>\n",
            xml_escape(&face.name),
            xml_escape(&face.text),
            xml_escape(&face.type_line)
        ));
    }
    out.push_str("  </cards>\n</cockatrice_carddatabase>\n");
    out
}

/// One Forge script a card.
fn forge(faces: &[Face]) -> Vec<String> {
    faces
        .iter()
        .map(|face| {
            format!(
                "Name:{}\nManaCost:1 R\nTypes:{}\nPT:2/2\nSVar:X:Count$Valid Card\nOracle:{}\n",
                face.name,
                face.type_line.replace(" — ", " "),
                face.text.replace('\n', "\\n")
            )
        })
        .collect()
}

/// A sheet with a header row, every text quoted.
fn sheet(faces: &[Face], delimiter: char) -> String {
    let quoted = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut out = format!("Name{delimiter}Type{delimiter}Rules Text\n");
    for face in faces {
        out.push_str(&format!(
            "{}{delimiter}{}{delimiter}{}\n",
            quoted(&face.name),
            quoted(&face.type_line),
            quoted(&face.text)
        ));
    }
    out
}

fn read_all(format: Format, text: &str) -> usize {
    let mut cards = 0;
    let errors = read_each(
        format,
        black_box(text),
        &ReadOptions::default(),
        &mut |card| {
            cards += card.faces.len();
            black_box(card);
        },
    );
    assert!(errors.is_empty(), "{format:?}: {errors:?}");
    cards
}

fn readers(c: &mut Criterion) {
    let faces = faces();
    let text_bytes: usize = faces.iter().map(|face| face.text.len()).sum();
    let mut group = c.benchmark_group("readers");
    // Throughput per byte of card text, the same for every format.
    group.throughput(Throughput::Bytes(text_bytes as u64));
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(4));
    let whole = [
        ("yaml", Format::Yaml, yaml(&faces)),
        ("cockatrice", Format::Cockatrice, cockatrice(&faces)),
        ("csv", Format::Csv, sheet(&faces, ',')),
        ("tsv", Format::Tsv, sheet(&faces, '\t')),
    ];
    for (name, format, text) in &whole {
        assert_eq!(read_all(*format, text), faces.len(), "{name}");
        group.bench_function(format!("{name}, {} faces", faces.len()), |b| {
            b.iter(|| read_all(*format, text))
        });
    }
    let scripts = forge(&faces);
    group.bench_function(format!("forge, {} scripts", faces.len()), |b| {
        b.iter(|| {
            scripts
                .iter()
                .map(|script| read_all(Format::Forge, script))
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, readers);
criterion_main!(benches);
