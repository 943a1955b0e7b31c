//! The tests of `src/layout/art.rs` that were its unit tests.

use taflkit::layout::art::*;
use taflkit::layout::{Group, Item, LineCap, Paint, Path, PathCmd, Rgb, Transform};
use taflkit::units::{Mm, Rect};

fn art(svg: &str) -> Art {
    Art::new(usvg::Tree::from_str(svg, &usvg::Options::default()).expect("test SVG parses"))
}

fn paths(item: &Item, t: Transform, out: &mut Vec<(Transform, Path)>) {
    match item {
        Item::Path(p) => out.push((t, p.clone())),
        Item::Group(g) => {
            for i in &g.items {
                paths(i, t.then(g.transform), out);
            }
        }
        Item::Art(d) => {
            for i in &d.items {
                paths(i, t, out);
            }
        }
        Item::Text(_) => {}
    }
}

fn all_paths(item: &Item) -> Vec<(Transform, Path)> {
    let mut out = Vec::new();
    paths(item, Transform::IDENTITY, &mut out);
    out
}

#[test]
fn art_is_scaled_to_fit_and_centred() {
    // 100 × 50 art in a 40 × 40 mm box: scaled by 0.4, centred vertically.
    let a = art(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">
           <rect x="0" y="0" width="100" height="50" fill="#ff0000"/></svg>"##,
    );
    let item = place(&a, Rect::new(Mm(10.0), Mm(20.0), Mm(40.0), Mm(40.0)));
    let ps = all_paths(&item);
    assert_eq!(ps.len(), 1);
    let (t, p) = &ps[0];
    let PathCmd::MoveTo(first) = p.commands[0] else {
        panic!("starts with a move")
    };
    let tl = t.apply(first);
    assert!(
        (tl.x.0 - 10.0).abs() < 1e-4 && (tl.y.0 - 30.0).abs() < 1e-4,
        "{tl:?}"
    );
    let far = p
        .commands
        .iter()
        .filter_map(|c| match c {
            PathCmd::LineTo(q) => Some(t.apply(*q)),
            _ => None,
        })
        .fold((0.0f64, 0.0f64), |m, q| (m.0.max(q.x.0), m.1.max(q.y.0)));
    assert!(
        (far.0 - 50.0).abs() < 1e-4 && (far.1 - 50.0).abs() < 1e-4,
        "{far:?}"
    );
    assert!(matches!(
        p.fill.as_ref().unwrap().paint,
        Paint::Solid(Rgb(255, 0, 0))
    ));
}

#[test]
fn groups_keep_transform_opacity_and_clip() {
    let a = art(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
           <clipPath id="c"><circle cx="5" cy="5" r="4"/></clipPath>
           <g transform="translate(2 3)" opacity="0.5" clip-path="url(#c)">
             <path d="M0 0 Q 4 0 4 4" fill="none" stroke="#0000ff" stroke-width="0.5"
                   stroke-dasharray="1 2" stroke-linecap="round"/>
           </g></svg>"##,
    );
    let item = place(&a, Rect::new(Mm(0.0), Mm(0.0), Mm(10.0), Mm(10.0)));
    let mut found = None;
    fn find(i: &Item, found: &mut Option<Group>) {
        match i {
            Item::Group(g) => {
                if g.clip.is_some() {
                    *found = Some(g.clone());
                }
                g.items.iter().for_each(|c| find(c, found));
            }
            Item::Art(d) => d.items.iter().for_each(|c| find(c, found)),
            _ => {}
        }
    }
    find(&item, &mut found);
    let g = found.expect("the clipped group");
    assert!((g.opacity - 0.5).abs() < 1e-6);
    assert_eq!(g.transform.e, Mm(2.0));
    assert_eq!(g.transform.f, Mm(3.0));
    let Item::Path(p) = &g.items[0] else {
        panic!("a path")
    };
    let s = p.stroke.as_ref().unwrap();
    assert_eq!(s.dash, vec![Mm(1.0), Mm(2.0)]);
    assert_eq!(s.cap, LineCap::Round);
    assert!(p.fill.is_none());
    assert!(
        matches!(p.commands[1], PathCmd::CubicTo(..)),
        "quadratic raised to cubic"
    );
}

#[test]
fn gradients_come_through() {
    let a = art(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
           <linearGradient id="l" x1="0" y1="0" x2="1" y2="0">
             <stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/>
           </linearGradient>
           <radialGradient id="r" gradientTransform="scale(1 0.5)">
             <stop offset="0.2" stop-color="#f00" stop-opacity="0.5"/>
             <stop offset="1" stop-color="#00f"/>
           </radialGradient>
           <rect width="10" height="5" fill="url(#l)"/>
           <rect y="5" width="10" height="5" fill="url(#r)"/></svg>"##,
    );
    let ps = all_paths(&place(&a, Rect::new(Mm(0.0), Mm(0.0), Mm(10.0), Mm(10.0))));
    assert_eq!(ps.len(), 2);
    let Paint::Linear(l) = &ps[0].1.fill.as_ref().unwrap().paint else {
        panic!("linear")
    };
    // usvg expresses objectBoundingBox units as a gradient transform:
    // through it the gradient spans the rectangle.
    let (t, _) = &ps[0];
    let (a, b) = (t.apply(l.start), t.apply(l.end));
    assert!(
        a.x.0.abs() < 1e-4 && (b.x.0 - 10.0).abs() < 1e-4,
        "{a:?} {b:?}"
    );
    assert_eq!(l.stops[1].color, Rgb(255, 255, 255));
    let Paint::Radial(r) = &ps[1].1.fill.as_ref().unwrap().paint else {
        panic!("radial")
    };
    assert_eq!(r.stops.len(), 2);
    assert!((r.stops[0].opacity - 0.5).abs() < 1e-6);
    // Drawn in the gradient's squashed space: the path's points mapped
    // back through the group's transform land on the rectangle.
    let (t, p) = &ps[1];
    let PathCmd::MoveTo(first) = p.commands[0] else {
        panic!()
    };
    let q = t.apply(first);
    assert!(
        (q.x.0 - 0.0).abs() < 1e-4 && (q.y.0 - 5.0).abs() < 1e-4,
        "{q:?}"
    );
}
