//! `taflkit puzzles` on a big board: two puzzles for a 19×19 variant
//! after Alea Evangelii (`benches/data/alea-19.toml`, a user's file), with
//! the command's effort and default seed. The target is under 10 s.

use criterion::{Criterion, criterion_group, criterion_main};
use std::time::Duration;
use taflkit::rules::{self, puzzles};

fn big_board(c: &mut Criterion) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/alea-19.toml");
    let (variant, _) = rules::load(path).expect("the 19×19 variant reads");
    c.bench_function("puzzles alea-19 count 2", |b| {
        b.iter(|| {
            let found = puzzles::find(&variant, 2, 1, &puzzles::Effort::command(variant.size));
            assert_eq!(found.len(), 2, "two puzzles found");
            found
        })
    });
}

criterion_group! {
    name = benches;
    // Each run takes seconds: the fewest samples criterion allows.
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_secs(30));
    targets = big_board
}
criterion_main!(benches);
