//! The finder on single texts: a typical card, a long card, and pathological lines, each found by
//! the walk (`find`) and by the whole-line parse it is held against (`find_by_whole_lines`).
//! `cargo bench --bench finder`. Whole-pool runs of the binary are `benches/pool.sh`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use phaselint::phrase::{Found, find, find_by_whole_lines};
use std::hint::black_box;

/// A creature with a trigger, a duration and a window: the common case.
const TYPICAL: &str = "Flying\nWhenever this creature attacks, target creature an opponent \
    controls gets -2/-0 until end of turn.\n{2}{R}: This creature gets +1/+0 until end of turn. \
    Activate only during your turn, before attackers are declared.";

/// A long card of many abilities, reminder text and a granted ability in quotes.
const LONG: &str = "Vigilance, haste (This creature can attack and {T} as soon as it comes under \
    your control.)\nAt the beginning of your upkeep, if you control no other creatures, sacrifice \
    this creature. When you do, it deals 3 damage to each opponent.\nWhenever another creature you \
    control dies, put a +1/+1 counter on this creature. This ability triggers only once each \
    turn.\nCreatures you control have \"At the beginning of your end step, untap this creature\" \
    until your next turn.\n{3}, {T}: Target player skips their next draw step. Activate only as a \
    sorcery.\nRaid — At the beginning of your end step, if you attacked this turn, draw a card.\n\
    Dash {2}{R} (You may cast this spell for its dash cost. If you do, it gains haste, and it's \
    returned from the battlefield to its owner's hand at the beginning of the next end step.)";

fn pathological() -> Vec<(&'static str, String)> {
    vec![
        // A 1 MB line of ordinary words and no timing: the walk calls pest nowhere.
        (
            "1 MB of words",
            "Flying lifelink creature gets +1/+1 and a token ".repeat(20_000),
        ),
        // A trigger word in every clause with no combat event: the clause guard turns each away.
        (
            "20,000 triggers",
            "Whenever a creature dies, ".repeat(20_000),
        ),
        // A bounded subject: each "Whenever" reads at most 16 words.
        ("10,000 Whenever a", "Whenever a ".repeat(10_000)),
        // Nesting past the bound is an unreadable line, found before any grammar is called.
        ("nested quotes", "(\"".repeat(20_000)),
    ]
}

fn bench(c: &mut Criterion, group: &str, texts: &[(&str, String)], whole_lines: bool) {
    let mut group = c.benchmark_group(group);
    for (name, text) in texts {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("walk/{name}"), |b| {
            b.iter(|| black_box(find(black_box(text))))
        });
        if whole_lines {
            group.bench_function(format!("whole lines/{name}"), |b| {
                b.iter(|| black_box::<Found>(find_by_whole_lines(black_box(text))))
            });
        }
    }
    group.finish();
}

fn cards(c: &mut Criterion) {
    let texts = [
        ("typical card", TYPICAL.to_string()),
        ("long card", LONG.to_string()),
    ];
    bench(c, "finder", &texts, true);
}

fn lines(c: &mut Criterion) {
    // The whole-line parse of these takes seconds a run: the walk alone.
    bench(c, "finder pathological", &pathological(), false);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = cards, lines
}
criterion_main!(benches);
