//! Solver and search speed: proving a forced win in 3 on 11×11 (a
//! position from an engine-played Sea Battle 11×11 game), proving there
//! is none in 3 at Tafel's start, and a fixed-size search of the
//! computer opponent. Every run starts with a fresh table, so each
//! figure is a cold solve.

use criterion::{Criterion, criterion_group, criterion_main};
use taflkit::rules::puzzles;
use taflkit::rules::search::{Limits, Searcher};
use taflkit::rules::solver::Solver;
use taflkit::rules::{self, Game, Side};

/// Defenders to move win in 3 (and not sooner); `tests/solve/` holds
/// the same position as a case.
const WIN_IN_3: &str = "\
. . . A A . A . . . .
. . . D . . . . . . .
. . . . . A . . . . .
A . . . D . D . . . A
. . . . D . . A . . .
. A . . . D . D D A A
A . . K A . . . . . A
. . A A . D A . . . .
. . . . . . . . . . .
. . . . . . . . . A .
. . . . A . . A . . .
";

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    let sb11 = rules::builtin("sea-battle-11").expect("built-in");
    let g = Game::from_diagram(&sb11, WIN_IN_3, Side::Defenders).expect("position");
    assert_eq!(Solver::new().shortest_win(&g, 3), Some(Some(3)));
    group.bench_function("sea-battle-11 win in 3 (table)", |b| {
        b.iter(|| Solver::new().shortest_win(&g, 3))
    });
    group.bench_function("sea-battle-11 win in 3 (exact)", |b| {
        b.iter(|| Solver::exact().shortest_win(&g, 3))
    });
    let tafel = rules::builtin("tafel").expect("built-in");
    let start = Game::new(&tafel);
    group.bench_function("tafel start, no win in 2", |b| {
        b.iter(|| Solver::new().wins_within(&start, 2))
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let tafel = rules::builtin("tafel").expect("built-in");
    let start = Game::new(&tafel);
    group.bench_function("tafel start, 100k nodes", |b| {
        b.iter(|| Searcher::new(None).choose(&start, Limits::nodes(100_000)))
    });
    let copenhagen = rules::builtin("copenhagen").expect("built-in");
    let start = Game::new(&copenhagen);
    group.bench_function("copenhagen start, 100k nodes", |b| {
        b.iter(|| Searcher::new(None).choose(&start, Limits::nodes(100_000)))
    });
    group.finish();
}

/// The puzzles a kit prints: found with the kit's bounded effort and a
/// fixed seed (what every `taflkit build` of the variant spends on them).
fn kit_puzzles(c: &mut Criterion) {
    let mut group = c.benchmark_group("kit puzzles");
    group.sample_size(10);
    for id in ["york", "copenhagen", "brandubh"] {
        let v = rules::builtin(id).expect("built-in");
        group.bench_function(id, |b| {
            b.iter(|| puzzles::find(&v, 4, 1, &puzzles::Effort::KIT))
        });
    }
    group.finish();
}

criterion_group!(benches, solver, search, kit_puzzles);
criterion_main!(benches);
