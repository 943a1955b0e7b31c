//! The tests of `src/render/png.rs` that were its unit tests.

use resvg::tiny_skia::{self as sk, Pixmap, Transform as SkTransform};
use taflkit::layout::art::{self, Art};
use taflkit::layout::{Document, Group, Item, Transform};
use taflkit::render::png::*;
use taflkit::units::{Mm, Rect, Size};

/// A target with a rectangle outside its 10 × 10 viewport.
const TARGET: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
    <circle cx="5" cy="5" r="4.5" fill="#c03020"/>
    <circle cx="5" cy="5" r="2" fill="none" stroke="#203080" stroke-width="1"/>
    <rect x="12" y="0" width="30" height="10" fill="#00ff00"/></svg>"##;

fn target() -> Art {
    Art::new(usvg::Tree::from_str(TARGET, &usvg::Options::default()).unwrap())
}

fn doc(items: Vec<Item>) -> Document {
    crate::common::one_page(Size::new(Mm(100.0), Mm(80.0)), items)
}

/// The page as the SVG backend writes it, rendered whole by resvg.
fn whole(d: &Document, dpi: f64) -> Pixmap {
    let page = &d.pages[0];
    let tree = parse(&taflkit::render::svg(d, page)).unwrap();
    let w = (page.size.w.0 / 25.4 * dpi).round();
    let h = (page.size.h.0 / 25.4 * dpi).round();
    let mut p = Pixmap::new(w as u32, h as u32).unwrap();
    p.fill(sk::Color::WHITE);
    let s = SkTransform::from_scale(
        w as f32 / tree.size().width(),
        h as f32 / tree.size().height(),
    );
    resvg::render(&tree, s, &mut p.as_mut());
    p
}

fn layered(d: &Document, dpi: f64, sprites: &mut Sprites) -> Pixmap {
    Pixmap::decode_png(&render_page(d, &d.pages[0], dpi, sprites).unwrap()).unwrap()
}

/// Placements at offsets between pixels, turned a quarter, and under
/// a clip that cuts one in half.
fn placements(art: &Art) -> Vec<Item> {
    let mut items = vec![taflkit::layout::draw::filled(
        taflkit::layout::draw::rect_path(Rect::new(Mm(0.0), Mm(0.0), Mm(100.0), Mm(80.0))),
        taflkit::layout::Rgb(0xee, 0xee, 0xdd),
    )];
    for i in 0..12 {
        let r = Rect::new(Mm(3.3 + 7.7 * i as f64), Mm(4.1), Mm(7.0), Mm(7.0));
        items.push(art::place(art, r));
    }
    items.push(Item::Group(Group::new(
        Transform::translate(Mm(30.0), Mm(40.0)).then(Transform::rotate(90.0)),
        vec![art::place(
            art,
            Rect::new(Mm(0.0), Mm(0.0), Mm(20.0), Mm(20.0)),
        )],
    )));
    items.push(Item::Group(Group {
        transform: Transform::IDENTITY,
        opacity: 1.0,
        clip: Some(taflkit::layout::draw::rect_path(Rect::new(
            Mm(50.0),
            Mm(30.0),
            Mm(10.0),
            Mm(40.0),
        ))),
        items: vec![art::place(
            art,
            Rect::new(Mm(45.0), Mm(30.0), Mm(20.0), Mm(20.0)),
        )],
    }));
    items
}

/// Whether pixel (x, y) of `got` has a pixel of `want` within one
/// pixel of it that is within 48 in every channel: a placement
/// between pixels is resampled, which may move an anti-aliased edge
/// by up to a pixel, but no shape or colour.
fn near(want: &Pixmap, got: &Pixmap, x: u32, y: u32) -> bool {
    let g = got.pixel(x, y).unwrap();
    let (w, h) = (want.width() as i64, want.height() as i64);
    (-1i64..=1).any(|dy| {
        (-1i64..=1).any(|dx| {
            let (nx, ny) = (i64::from(x) + dx, i64::from(y) + dy);
            (0..w).contains(&nx)
                && (0..h).contains(&ny)
                && want.pixel(nx as u32, ny as u32).is_some_and(|c| {
                    [
                        (c.red(), g.red()),
                        (c.green(), g.green()),
                        (c.blue(), g.blue()),
                    ]
                    .iter()
                    .all(|&(a, b)| a.abs_diff(b) <= 48)
                })
        })
    })
}

#[test]
fn sprites_draw_what_the_whole_page_draws() {
    let d = doc(placements(&target()));
    for dpi in [72.0, 150.0] {
        let want = whole(&d, dpi);
        let got = layered(&d, dpi, &mut Sprites::default());
        assert_eq!((want.width(), want.height()), (got.width(), got.height()));
        let mut far = 0;
        let mut total = 0u64;
        for y in 0..got.height() {
            for x in 0..got.width() {
                let (a, b) = (want.pixel(x, y).unwrap(), got.pixel(x, y).unwrap());
                total += u64::from(a.red().abs_diff(b.red()))
                    + u64::from(a.green().abs_diff(b.green()))
                    + u64::from(a.blue().abs_diff(b.blue()));
                if !near(&want, &got, x, y) {
                    far += 1;
                }
            }
        }
        let n = u64::from(got.width()) * u64::from(got.height());
        // A clip's edge is anti-aliased by the mask here and by
        // resvg's clip there: a handful of its pixels may differ more.
        assert!(
            far * 2000 < n,
            "{dpi} dpi: {far} pixels unlike any near them"
        );
        assert!((total as f64 / n as f64) < 3.0, "{dpi} dpi: {total}");
    }
}

#[test]
fn each_size_is_rasterised_once_for_all_pages() {
    let art = target();
    let mut d = doc(placements(&art));
    d.pages.push(d.pages[0].clone());
    let mut sprites = Sprites::default();
    for page in &d.pages {
        render_page(&d, page, 150.0, &mut sprites).unwrap();
    }
    // Fifteen placements on each of two pages, at three sizes and
    // turns: the twelve of 7 mm, the one turned, the one of 20 mm.
    assert_eq!(sprites.map.len(), 3);
    assert_eq!(sprites.trees.len(), 1, "the drawing is read once");
}

#[test]
fn nothing_outside_the_viewport_is_drawn() {
    // The rectangle beside the target would fall at 22–52 mm.
    let d = doc(vec![art::place(
        &target(),
        Rect::new(Mm(0.0), Mm(0.0), Mm(10.0), Mm(10.0)),
    )]);
    for p in [
        layered(&d, 100.0, &mut Sprites::default()),
        whole(&d, 100.0),
    ] {
        let green = p
            .pixels()
            .iter()
            .filter(|c| c.green() > 200 && c.red() < 100)
            .count();
        assert_eq!(green, 0);
        // The target itself is there.
        assert!(p.pixels().iter().any(|c| c.red() > 150 && c.green() < 80));
    }
}
