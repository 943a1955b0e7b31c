//! Move-generation speed: perft to depth 4 on sea-battle-9, tafel and
//! copenhagen (with its edge shield wall and edge fort), and
//! a full read-and-check of a built-in variant file.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use taflkit::rules::{self, Game};

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for id in ["sea-battle-9", "tafel", "copenhagen"] {
        let variant = rules::builtin(id).expect("built-in");
        let mut game = Game::new(&variant);
        let leaves = game.perft(4);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{id} depth 4"), |b| b.iter(|| game.perft(4)));
    }
    group.finish();
}

fn validation(c: &mut Criterion) {
    for id in ["sea-battle-15", "tafel"] {
        let text = rules::builtin_source(id).expect("built-in");
        c.bench_function(&format!("validate {id}"), |b| {
            b.iter(|| rules::file::parse("bench.toml", text.as_bytes()).expect("valid"))
        });
    }
}

criterion_group!(benches, perft, validation);
criterion_main!(benches);
