//! Flowing blocks through frames.

use crate::common;
use taflkit::layout::flow::{Figure, FlowBlock, FlowStyle, Overflow, TextBlock, flow};
use taflkit::layout::text::{FontSet, Span, markdown_blocks};
use taflkit::layout::{Fill, FillRule, FontRole, Item, Paint, Path, PathCmd, Rgb, Text, TextStyle};
use taflkit::units::{Mm, Point, Pt, Rect};

const EPS: f64 = 1e-6;

fn style() -> FlowStyle {
    FlowStyle::new(Pt(10.0), Rgb::BLACK)
}

fn para(words: usize) -> FlowBlock {
    let text: Vec<String> = (0..words).map(|i| format!("word{i}")).collect();
    FlowBlock::Text(style().paragraph(&[Span::new(text.join(" "), FontRole::Body)]))
}

fn heading(t: &str) -> FlowBlock {
    FlowBlock::Text(style().heading(2, &[Span::new(t, FontRole::Heading)]))
}

fn figure(h: f64) -> FlowBlock {
    let square = Item::Path(Path {
        commands: vec![
            PathCmd::MoveTo(Point::new(Mm(0.0), Mm(0.0))),
            PathCmd::LineTo(Point::new(Mm(20.0), Mm(0.0))),
            PathCmd::LineTo(Point::new(Mm(20.0), Mm(h))),
            PathCmd::Close,
        ],
        fill: Some(Fill {
            paint: Paint::Solid(Rgb::BLACK),
            rule: FillRule::NonZero,
            opacity: 1.0,
        }),
        stroke: None,
    });
    FlowBlock::Figure(Figure {
        width: Mm(20.0),
        height: Mm(h),
        items: vec![square],
        space_before: Mm(2.0),
        space_after: Mm(2.0),
        float: false,
    })
}

fn frames(n: usize, h: f64) -> Vec<Rect> {
    (0..n)
        .map(|i| Rect::new(Mm(10.0 + 100.0 * i as f64), Mm(20.0), Mm(80.0), Mm(h)))
        .collect()
}

fn text_items(items: &[Item]) -> Vec<&Text> {
    common::placed(items).into_iter().map(|p| p.text).collect()
}

/// Every text line's ink (ascent to descent) and width lies in its frame.
fn assert_inside(fonts: &FontSet, flowed: &taflkit::layout::flow::Flowed, rects: &[Rect]) {
    for (content, r) in flowed.frames.iter().zip(rects) {
        for p in common::placed(&content.items) {
            let t = p.text;
            let (o, end) = (p.origin(), p.along(fonts.width(&t.style, &t.text)));
            assert!(
                o.x.0 >= r.x.0 - EPS && end.x.0 <= r.right().0 + EPS,
                "{t:?}"
            );
            assert!(
                (o.y - fonts.ascent(&t.style) * p.scale()).0 >= r.y.0 - EPS,
                "{t:?} above {r:?}"
            );
            assert!(
                (o.y + fonts.descent(&t.style) * p.scale()).0 <= r.bottom().0 + EPS,
                "{t:?} below {r:?}"
            );
        }
    }
}

#[test]
fn a_long_paragraph_continues_in_the_next_frame_at_a_line_boundary() {
    let f = FontSet::builtin();
    let blocks = vec![para(200)];
    let rects = frames(3, 60.0);
    let out = flow(&f, &blocks, &rects);
    assert!(out.fits(), "{:?}", out.overflow);
    assert!(out.frames_used() >= 2);
    assert_eq!(out.frames[0].blocks, vec![0]);
    assert_eq!(out.frames[1].blocks, vec![0]);
    assert_inside(&f, &out, &rects);
    // Nothing lost or repeated across the split.
    let all: Vec<String> = out
        .frames
        .iter()
        .flat_map(|c| text_items(&c.items))
        .flat_map(|t| {
            t.text
                .split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    let expect: Vec<String> = (0..200).map(|i| format!("word{i}")).collect();
    assert_eq!(all, expect);
}

#[test]
fn too_much_text_reports_where_it_overflowed() {
    let f = FontSet::builtin();
    let blocks = vec![para(30), para(600), para(10)];
    let short = flow(&f, &blocks, &frames(1, 60.0));
    let over = short.overflow.expect("cannot fit in one frame");
    assert_eq!(over.block, 1);
    assert!(over.lines_placed > 0);
    let enough = flow(&f, &blocks, &frames(16, 60.0));
    assert!(enough.fits());
}

#[test]
fn a_heading_is_never_left_alone_at_the_foot_of_a_frame() {
    let f = FontSet::builtin();
    let rects = frames(2, 60.0);
    // Grow the first paragraph until the heading is pushed over; at every
    // length the heading must share its frame with the start of the next
    // paragraph.
    let mut pushed = false;
    for (words, next) in (10..90)
        .step_by(2)
        .flat_map(|w| [(w, 40), (w, 12), (w, 16), (w, 20), (w, 3)])
    {
        let blocks = vec![para(words), heading("Capturing"), para(next)];
        let out = flow(&f, &blocks, &rects);
        assert!(out.fits(), "{words}: {:?}", out.overflow);
        let frame_of = |b: usize| out.frames.iter().position(|c| c.blocks.contains(&b));
        let h = frame_of(1).expect("heading placed");
        assert_eq!(
            Some(h),
            frame_of(2),
            "{words} words: heading parted from its text"
        );
        let heading_last = out.frames[h].blocks.last() == Some(&1);
        assert!(!heading_last, "{words} words: heading ends frame {h}");
        pushed |= h == 1;
        assert_inside(&f, &out, &rects);
    }
    assert!(pushed, "test never pushed the heading to the next frame");
}

#[test]
fn figures_are_never_split() {
    let f = FontSet::builtin();
    let rects = frames(3, 80.0);
    for words in (10..200).step_by(7) {
        let blocks = vec![para(words), figure(45.0), para(20)];
        let out = flow(&f, &blocks, &rects);
        assert!(out.fits());
        let holders: Vec<usize> = (0..3)
            .filter(|&i| out.frames[i].blocks.contains(&1))
            .collect();
        assert_eq!(
            holders.len(),
            1,
            "{words} words: figure in frames {holders:?}"
        );
        let frame = holders[0];
        let group = out.frames[frame]
            .items
            .iter()
            .find_map(|i| match i {
                Item::Group(g) => Some(g),
                _ => None,
            })
            .expect("figure drawn");
        let r = rects[frame];
        assert!(group.transform.f.0 >= r.y.0 - EPS);
        assert!(group.transform.f.0 + 45.0 <= r.bottom().0 + EPS);
        // Centred across the frame.
        assert!((group.transform.e.0 - (r.x.0 + 30.0)).abs() < EPS);
    }
}

#[test]
fn a_figure_taller_than_any_frame_overflows() {
    let f = FontSet::builtin();
    let out = flow(&f, &[para(5), figure(100.0)], &frames(4, 80.0));
    assert_eq!(
        out.overflow,
        Some(Overflow {
            block: 1,
            lines_placed: 0
        })
    );
}

#[test]
fn space_is_dropped_at_the_top_of_a_frame() {
    let f = FontSet::builtin();
    let rects = frames(2, 60.0);
    let out = flow(&f, &[FlowBlock::Space(Mm(30.0)), para(5)], &rects);
    let first = text_items(&out.frames[0].items)[0];
    let asc = f.ascent(&first.style);
    assert!((first.origin.y - asc - rects[0].y).abs().0 < EPS);

    let out = flow(&f, &[para(5), FlowBlock::FrameBreak, para(5)], &rects);
    assert_eq!(out.frames[1].blocks, vec![2]);
}

#[test]
fn no_single_line_is_stranded_at_either_end_of_a_split() {
    let f = FontSet::builtin();
    let rects = frames(2, 60.0);
    let mut splits = 0;
    for (lead, next) in (1..90).flat_map(|l| [(l, 60), (l, 10), (l, 14), (l, 18), (l, 26)]) {
        let blocks = vec![para(lead), para(next)];
        let out = flow(&f, &blocks, &rects);
        assert!(out.fits());
        let split = out.frames[0].blocks.contains(&1) && out.frames[1].blocks.contains(&1);
        if split {
            splits += 1;
            let ys = |c: &taflkit::layout::flow::FrameContent| {
                text_items(&c.items)
                    .iter()
                    .map(|t| (t.origin.y.0 * 1e6) as i64)
                    .collect::<std::collections::BTreeSet<_>>()
                    .len()
            };
            let before_split = ys(&flow(&f, &blocks[..1], &rects).frames[0]);
            let second_in_first = ys(&out.frames[0]) - before_split;
            assert!(second_in_first >= 2, "{lead}+{next} words: orphan line");
            assert!(ys(&out.frames[1]) >= 2, "{lead}+{next} words: widow line");
        }
    }
    assert!(splits > 10, "only {splits} splits tried");
}

#[test]
fn markdown_list_items_get_their_markers_in_the_hanging_indent() {
    let f = FontSet::builtin();
    let blocks = style().blocks(&markdown_blocks(
        "## Setup\n\n1. Place the king.\n2. Place the defenders around him.\n\n- a bullet",
    ));
    let rects = frames(1, 100.0);
    let out = flow(&f, &blocks, &rects);
    assert!(out.fits());
    let texts = text_items(&out.frames[0].items);
    let marker = texts.iter().find(|t| t.text == "1.").expect("number drawn");
    let body = texts
        .iter()
        .find(|t| t.text.starts_with("Place the king"))
        .expect("item text");
    assert_eq!(marker.origin.y, body.origin.y);
    let mw = f.width(&marker.style, "1.");
    assert!((marker.origin.x + mw).0 < body.origin.x.0);
    assert!(texts.iter().any(|t| t.text == "2."));
    assert!(texts.iter().any(|t| t.text == "•"));
    let head = texts.iter().find(|t| t.text == "Setup").expect("heading");
    assert_eq!(head.style.font, FontRole::Heading);
    assert!(head.origin.y.0 < marker.origin.y.0);
}

#[test]
fn flowing_is_deterministic() {
    let f = FontSet::builtin();
    let blocks = vec![heading("Aim"), para(120), figure(30.0), para(80)];
    let a = flow(&f, &blocks, &frames(4, 70.0));
    let b = flow(&f, &blocks, &frames(4, 70.0));
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
}

#[test]
fn text_blocks_can_be_built_by_hand() {
    let f = FontSet::builtin();
    let tb = TextBlock {
        spans: vec![Span::new("Hand made", FontRole::Bold)],
        style: taflkit::layout::text::ParagraphStyle::new(Pt(12.0), Rgb(200, 0, 0), 1.2),
        marker: None,
        space_before: Mm(0.0),
        space_after: Mm(0.0),
        keep_with_next: false,
    };
    let out = flow(&f, &[FlowBlock::Text(tb)], &frames(1, 20.0));
    let t = text_items(&out.frames[0].items)[0];
    assert_eq!(
        t.style,
        TextStyle {
            font: FontRole::Bold,
            size: Pt(12.0),
            color: Rgb(200, 0, 0)
        }
    );
}

#[test]
fn a_heading_moves_on_with_the_figure_that_follows_it() {
    let f = FontSet::builtin();
    let rects = frames(2, 80.0);
    let mut pushed = false;
    for words in (10..100).step_by(3) {
        let blocks = vec![para(words), heading("The board"), figure(30.0)];
        let out = flow(&f, &blocks, &rects);
        assert!(out.fits(), "{words}: {:?}", out.overflow);
        let frame_of = |b: usize| out.frames.iter().position(|c| c.blocks.contains(&b));
        assert_eq!(
            frame_of(1),
            frame_of(2),
            "{words} words: heading parted from its figure"
        );
        pushed |= frame_of(1) == Some(1);
    }
    assert!(pushed, "test never pushed the heading to the next frame");
}

fn floating(h: f64) -> FlowBlock {
    match figure(h) {
        FlowBlock::Figure(f) => FlowBlock::Figure(Figure { float: true, ..f }),
        b => b,
    }
}

#[test]
fn a_floating_figure_lets_the_text_fill_the_frame_and_tops_the_next() {
    let f = FontSet::builtin();
    let rects = frames(4, 60.0);
    // A paragraph fills most of the first frame; the figure does not fit
    // below it. The short paragraphs after it fill the first frame, and
    // the figure opens the second, above the text that did not fit.
    let blocks = vec![para(60), floating(40.0), para(8), para(90), floating(10.0)];
    let out = flow(&f, &blocks, &rects);
    assert!(out.fits(), "{:?}", out.overflow);
    assert!(
        out.frames[0].blocks.contains(&2),
        "{:?}",
        out.frames[0].blocks
    );
    assert!(!out.frames[0].blocks.contains(&1));
    assert_eq!(
        out.frames[1].blocks.first(),
        Some(&1),
        "{:?}",
        out.frames[1].blocks
    );
    // Figures keep their order: the second never comes before the first.
    let at = |b: usize| {
        out.frames
            .iter()
            .position(|c| c.blocks.contains(&b))
            .unwrap()
    };
    assert!(at(4) >= at(1));
    assert_inside(&f, &out, &rects);
    // The same blocks without floating leave the rest of the first frame
    // empty and move the text after the figure too.
    let fixed = vec![para(60), figure(40.0), para(8), para(90), figure(10.0)];
    let still = flow(&f, &fixed, &rects);
    assert!(!still.frames[0].blocks.contains(&2));
}

#[test]
fn a_floating_figure_taller_than_a_frame_overflows() {
    let f = FontSet::builtin();
    let blocks = vec![para(60), floating(80.0), para(8)];
    let out = flow(&f, &blocks, &frames(3, 60.0));
    assert_eq!(out.overflow.map(|o| o.block), Some(1));
}
