//! Line breaking against the length of the text (issue 12, item 3): prose,
//! one word as long as the whole text (which was quadratic: 32 000
//! characters took 34 s), and the same word flowed into frames that hold
//! a few lines each (only what fits is broken). Time per character should
//! stay flat as the length grows.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use taflkit::layout::flow::{FlowBlock, FlowStyle, flow};
use taflkit::layout::text::{Block, BlockKind, FontSet, Span, break_lines};
use taflkit::layout::{FontRole, Rgb};
use taflkit::units::{Mm, Pt, Rect};

const LENGTHS: [usize; 4] = [1 << 10, 4 << 10, 16 << 10, 64 << 10];

fn prose(n: usize) -> String {
    let words = [
        "the",
        "king",
        "escapes",
        "to",
        "a",
        "corner",
        "while",
        "attackers",
        "close",
        "in",
    ];
    let mut s = String::new();
    let mut i = 0;
    while s.len() < n {
        s.push_str(words[i % words.len()]);
        s.push(' ');
        i += 1;
    }
    s.truncate(n);
    s
}

fn paragraph(c: &mut Criterion) {
    let fonts = FontSet::builtin();
    let mut group = c.benchmark_group("break_lines");
    group.sample_size(10);
    for n in LENGTHS {
        group.throughput(Throughput::Bytes(n as u64));
        for (what, text) in [("prose", prose(n)), ("one word", "a".repeat(n))] {
            let spans = [Span::new(text, FontRole::Body)];
            group.bench_with_input(BenchmarkId::new(what, n), &spans, |b, spans| {
                b.iter(|| {
                    break_lines(
                        &fonts,
                        black_box(spans),
                        Pt(9.0),
                        Mm(80.0),
                        Mm::ZERO,
                        Mm::ZERO,
                    )
                })
            });
        }
    }
    group.finish();

    // Frames of about ten lines each: the paragraph is broken a frame at a
    // time, never whole.
    let mut group = c.benchmark_group("flow one word into 4 frames");
    group.sample_size(10);
    for n in LENGTHS {
        group.throughput(Throughput::Bytes(n as u64));
        let blocks = FlowStyle::new(Pt(9.0), Rgb::BLACK).blocks(&[Block {
            kind: BlockKind::Paragraph,
            spans: vec![Span::new("a".repeat(n), FontRole::Body)],
        }]);
        let frames: Vec<Rect> = (0..4)
            .map(|i| Rect::new(Mm(10.0 + 100.0 * i as f64), Mm(10.0), Mm(80.0), Mm(40.0)))
            .collect();
        group.bench_with_input(
            BenchmarkId::from_parameter(n),
            &blocks,
            |b, blocks: &Vec<FlowBlock>| b.iter(|| flow(&fonts, black_box(blocks), &frames)),
        );
    }
    group.finish();
}

criterion_group!(benches, paragraph);
criterion_main!(benches);
