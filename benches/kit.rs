//! A whole kit built in memory: plan, layout and PDF, for York (the
//! default kit) and for the biggest built-in board; then every built-in
//! kit in its own theme ("every kit"), the figures of issue 24 (median of
//! the thirteen, slowest). Within one process a variant's puzzles and
//! figures are found once, so these are warm figures: the cold ones
//! (a fresh process, an empty cache folder) are in docs/performance.md.
//! Last, the York kit in every language (issue 21).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use taflkit::kit::{self, KitOptions};
use taflkit::render;
use taflkit::rules;
use taflkit::theme::Theme;
use taflkit::words::Lang;

fn full_kit(c: &mut Criterion) {
    for id in ["york", "sea-battle-15"] {
        let variant = rules::builtin(id).expect("built-in variant");
        let theme =
            Theme::load(variant.default_theme.as_deref().unwrap_or("viking")).expect("theme");
        let options = KitOptions::default();
        c.bench_function(&format!("kit layout {id}"), |b| {
            b.iter(|| kit::build(black_box(&variant), &theme, &options).expect("kit"))
        });
        c.bench_function(&format!("kit layout + pdf {id}"), |b| {
            b.iter(|| {
                let doc = kit::build(black_box(&variant), &theme, &options).expect("kit");
                render::pdf(&doc).expect("pdf")
            })
        });
    }
}

fn every_kit(c: &mut Criterion) {
    let mut group = c.benchmark_group("every kit");
    for id in rules::builtin_ids() {
        let variant = rules::builtin(id).expect("built-in variant");
        let theme =
            Theme::load(variant.default_theme.as_deref().unwrap_or("viking")).expect("theme");
        let options = KitOptions::default();
        group.bench_function(*id, |b| {
            b.iter(|| {
                let doc = kit::build(black_box(&variant), &theme, &options).expect("kit");
                render::pdf(&doc).expect("pdf")
            })
        });
    }
    group.finish();
}

/// The York kit (plan, layout with hyphenation, PDF) in every language:
/// issue 21 wants each within 10 % of English.
fn every_language(c: &mut Criterion) {
    let variant = rules::builtin("york").expect("built-in variant");
    let york = Theme::load("york").expect("theme");
    let options = KitOptions::default();
    let mut group = c.benchmark_group("york kit in");
    for lang in Lang::all() {
        let theme = york.in_language(lang).expect("york speaks every language");
        group.bench_function(lang.code(), |b| {
            b.iter(|| {
                let doc = kit::build(black_box(&variant), &theme, &options).expect("kit");
                render::pdf(&doc).expect("pdf")
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = full_kit, every_kit, every_language
}
criterion_main!(benches);
