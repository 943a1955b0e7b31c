//! Nothing is printed within 7 mm of a sheet's edge (home printers cannot
//! print closer; kit.md, "Paper and print conventions"), checked on the
//! ink itself: every page of every built-in kit (each variant with its
//! own theme, on A4 and on Letter, plus the kits that add pages or marks:
//! black and white, stickers, Tafel's optional rules) is rendered by the
//! PNG backend and the pixels of the 7 mm band round the sheet are read.
//!
//! Each page goes through the SVG backend (which the PNG previews use and
//! which draws what the PDF draws) and its four margin strips are
//! rasterised at 16 pixels a millimetre. Antialiasing makes any pixel that
//! ink touches darker than white; the row of pixels along the band's
//! inner edge is not read (shapes that end exactly 7 mm in may tint it),
//! so ink is found once it reaches 1/16 mm into the band.

use crate::common::kit::{self, KitOptions};
use taflkit::layout::paper::{PRINT_MARGIN, Paper};
use taflkit::layout::{Document, Page};
use taflkit::render;
use taflkit::rules::{self, Variant};
use taflkit::theme::Theme;

/// Pixels a millimetre.
const RES: f64 = 16.0;
/// How far a channel may fall below white before a pixel counts as ink:
/// above the rounding noise of the rasteriser.
const INK: u8 = 6;

/// The inked pixels of `page` within the margin band, as (x, y) in
/// millimetres from the top-left corner, with the darkest channel value.
fn ink_in_margin(doc: &Document, page: &Page) -> Vec<(f64, f64, u8)> {
    let svg = render::svg(doc, page);
    let tree = usvg::Tree::from_str(&svg, &usvg::Options::default()).expect("SVG parses");
    // The tree's units per millimetre of the page.
    let unit = f64::from(tree.size().width()) / page.size.w.0;
    let (w, h, m) = (page.size.w.0, page.size.h.0, PRINT_MARGIN.0);
    // The four strips: (left, top, width, height) in millimetres.
    let strips = [
        (0.0, 0.0, w, m),
        (0.0, h - m, w, m),
        (0.0, 0.0, m, h),
        (w - m, 0.0, m, h),
    ];
    let mut out = Vec::new();
    for (i, &(x0, y0, sw, sh)) in strips.iter().enumerate() {
        let (pw, ph) = ((sw * RES).round() as u32, (sh * RES).round() as u32);
        let mut pix = resvg::tiny_skia::Pixmap::new(pw, ph).expect("strip");
        pix.fill(resvg::tiny_skia::Color::WHITE);
        let k = (RES / unit) as f32;
        let t = resvg::tiny_skia::Transform::from_row(
            k,
            0.0,
            0.0,
            k,
            (-x0 * RES) as f32,
            (-y0 * RES) as f32,
        );
        resvg::render(&tree, t, &mut pix.as_mut());
        // Row by row, pixel by pixel (RGBA): nearly all are white.
        let rows = pix.data().chunks_exact(pw as usize * 4);
        for (py, row) in (0..ph).zip(rows) {
            for (px, rgba) in (0..pw).zip(row.chunks_exact(4)) {
                let darkest = rgba[0].min(rgba[1]).min(rgba[2]);
                // Skip the row or column along the band's inner edge.
                let inner = match i {
                    0 => py == ph - 1,
                    1 => py == 0,
                    2 => px == pw - 1,
                    _ => px == 0,
                };
                if darkest < 255 - INK && !inner {
                    out.push((
                        x0 + (f64::from(px) + 0.5) / RES,
                        y0 + (f64::from(py) + 0.5) / RES,
                        darkest,
                    ));
                }
            }
        }
    }
    out
}

fn check(doc: &Document, what: &str, failures: &mut Vec<String>) {
    for (i, page) in doc.pages.iter().enumerate() {
        let ink = ink_in_margin(doc, page);
        if let Some(&(x, y, v)) = ink.first() {
            failures.push(format!(
                "{what}, page {} ({}): {} pixels of ink within {} mm of the edge, first at \
                 ({x:.1} mm, {y:.1} mm), darkest channel {v}",
                i + 1,
                page.label,
                ink.len(),
                PRINT_MARGIN.0
            ));
        }
    }
}

fn own_theme(v: &Variant) -> Theme {
    Theme::load(v.default_theme.as_deref().unwrap_or("viking")).expect("built-in theme")
}

fn with_all_options(id: &str) -> Variant {
    let mut v = rules::builtin(id).expect("built-in variant");
    for o in &mut v.options {
        o.enabled = true;
    }
    v
}

#[test]
fn band_pixels_are_the_outer_seven_millimetres() {
    // The test's own geometry, on a page drawn with a known mark: a black
    // square reaching 6.9 mm from an edge is found, one at 7 mm is not.
    use taflkit::layout::{Rgb, draw};
    use taflkit::units::{Mm, Rect};
    let fonts = taflkit::layout::text::FontSet::builtin();
    let w = Paper::Letter.size().w.0;
    for (x, found) in [
        (6.9, true),
        (7.0, false),
        (w - 17.0, false),
        (w - 16.9, true),
    ] {
        let page = Page {
            size: Paper::Letter.size(),
            label: "probe".into(),
            items: vec![draw::filled(
                draw::rect_path(Rect::new(Mm(x), Mm(100.0), Mm(10.0), Mm(10.0))),
                Rgb::BLACK,
            )],
        };
        let doc = Document {
            title: "probe".into(),
            subject: String::new(),
            lang: String::new(),
            fonts: fonts.clone(),
            pages: vec![page],
            duplex: None,
        };
        assert_eq!(!ink_in_margin(&doc, &doc.pages[0]).is_empty(), found, "{x}");
    }
}

#[test]
fn no_ink_within_seven_millimetres_of_any_sheet_edge() {
    let mut kits: Vec<(String, Variant, KitOptions)> = Vec::new();
    for paper in [Paper::A4, Paper::Letter] {
        let opts = KitOptions {
            paper,
            ..KitOptions::default()
        };
        for id in rules::builtin_ids() {
            let v = rules::builtin(id).expect("built-in variant");
            kits.push((format!("{id} on {}", paper.name()), v, opts.clone()));
        }
        kits.push((
            format!("tafel with every option on {}", paper.name()),
            with_all_options("tafel"),
            opts.clone(),
        ));
        kits.push((
            format!("york, black and white, stickers, on {}", paper.name()),
            rules::builtin("york").unwrap(),
            KitOptions {
                mono: true,
                sticker: true,
                ..opts.clone()
            },
        ));
    }
    // Two threads: the kits are independent, and building them (the
    // leaflet's figures are played by the engine) is most of the time.
    let failures = std::sync::Mutex::new(Vec::new());
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((what, v, opts)) = kits.get(i) else {
                        break;
                    };
                    let doc = kit::build(v, &own_theme(v), opts).expect("kit builds");
                    let mut f = Vec::new();
                    check(&doc, what, &mut f);
                    failures.lock().unwrap().extend(f);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
