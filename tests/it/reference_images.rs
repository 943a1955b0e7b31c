//! Reference images, in the manner of resvg's tests: a handful of kit pages
//! (a cover, a board section, a reminder card, a leaflet side and a
//! black-and-white card sheet) rendered small with the PNG backend and
//! compared pixel by pixel with the images stored under
//! `tests/reference/`.
//!
//! A pixel differs when one of its channels is more than
//! [`CHANNEL_TOLERANCE`] away; a page passes when at most
//! [`PIXEL_TOLERANCE`] of its pixels differ (anti-aliasing may move a
//! little between resvg releases, a missing piece or a moved line never
//! stays under it). On failure the test writes the new rendering and a
//! diff image (differing pixels red over a faded reference) beside each
//! other under the target directory and names them.
//!
//! After a change meant to alter the pages, look at the new renderings,
//! then store them as the references with
//! `TAFLKIT_UPDATE_REFERENCES=1 cargo test --test reference_images`.

use std::path::PathBuf;

use crate::common::kit::{self, KitOptions};
use resvg::tiny_skia::{IntSize, Pixmap};
use taflkit::kit::cards::Cards;
use taflkit::kit::component::Part;
use taflkit::layout::{Document, Page};
use taflkit::render;
use taflkit::rules;
use taflkit::theme::Theme;

/// Largest difference in one channel (0–255) that still counts as the
/// same pixel.
const CHANNEL_TOLERANCE: u8 = 24;
/// Share of a page's pixels that may differ.
const PIXEL_TOLERANCE: f64 = 0.002;
/// Resolution of the whole pages: small, so the stored images stay small.
const PAGE_DPI: f64 = 30.0;
/// A card is small; it gets more pixels.
const CARD_DPI: f64 = 100.0;

fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/reference")
}

fn failure_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("reference_images")
}

fn updating() -> bool {
    std::env::var_os("TAFLKIT_UPDATE_REFERENCES").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Renders `page` of `doc` and checks it against the reference `name`.
fn check(name: &str, doc: &Document, page: &Page, dpi: f64) {
    let png = render::png(doc, page, dpi).unwrap_or_else(|f| panic!("{name}: {f}"));
    let path = reference_dir().join(format!("{name}.png"));
    if updating() {
        std::fs::create_dir_all(reference_dir()).unwrap();
        std::fs::write(&path, &png).unwrap();
        eprintln!("stored {}", path.display());
        return;
    }
    let stored = std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{name}: no reference image at {} ({e}); run with TAFLKIT_UPDATE_REFERENCES=1 to store one",
            path.display()
        )
    });
    let want = Pixmap::decode_png(&stored).expect("reference PNG decodes");
    let got = Pixmap::decode_png(&png).expect("rendered PNG decodes");
    if (want.width(), want.height()) != (got.width(), got.height()) {
        let out = write_failure(name, &got, None);
        panic!(
            "{name}: {}×{} pixels, reference {}×{}; rendering in {}",
            got.width(),
            got.height(),
            want.width(),
            want.height(),
            out.display()
        );
    }
    let total = (want.width() * want.height()) as usize;
    let mut diff = Vec::with_capacity(total * 4);
    let mut differing = 0usize;
    for (w, g) in want.data().chunks(4).zip(got.data().chunks(4)) {
        let far = w
            .iter()
            .zip(g)
            .any(|(a, b)| a.abs_diff(*b) > CHANNEL_TOLERANCE);
        if far {
            differing += 1;
            diff.extend_from_slice(&[255, 0, 0, 255]);
        } else {
            // The reference, faded, so the red stands out where it is.
            let grey = (w[0] as u16 + w[1] as u16 + w[2] as u16) / 3;
            let v = (192 + grey / 4) as u8;
            diff.extend_from_slice(&[v, v, v, 255]);
        }
    }
    let share = differing as f64 / total as f64;
    if share > PIXEL_TOLERANCE {
        let diff = Pixmap::from_vec(
            diff,
            IntSize::from_wh(want.width(), want.height()).expect("size"),
        )
        .expect("diff image");
        let out = write_failure(name, &got, Some(&diff));
        panic!(
            "{name}: {differing} of {total} pixels differ ({:.3} %, at most {:.3} % allowed); rendering and diff in {}",
            share * 100.0,
            PIXEL_TOLERANCE * 100.0,
            out.display()
        );
    }
}

/// Writes the new rendering (and the diff image) for a failed page.
fn write_failure(name: &str, got: &Pixmap, diff: Option<&Pixmap>) -> PathBuf {
    let dir = failure_dir();
    std::fs::create_dir_all(&dir).unwrap();
    got.save_png(dir.join(format!("{name}.png"))).unwrap();
    if let Some(d) = diff {
        d.save_png(dir.join(format!("{name}.diff.png"))).unwrap();
    }
    dir
}

fn york(options: &KitOptions) -> Document {
    let v = rules::builtin("york").unwrap();
    kit::build(&v, &Theme::viking(), options).unwrap()
}

fn page<'a>(doc: &'a Document, label: &str) -> &'a Page {
    doc.pages
        .iter()
        .find(|p| p.label.contains(label))
        .unwrap_or_else(|| panic!("no page labelled {label}"))
}

#[test]
fn cover() {
    let doc = york(&KitOptions::default());
    check("york-cover", &doc, page(&doc, "cover"), PAGE_DPI);
}

#[test]
fn board_section_sheet() {
    // The first card sheet carries the largest board sections.
    let doc = york(&KitOptions::default());
    check(
        "york-card-sheet-1",
        &doc,
        page(&doc, "Sheet 2 · card"),
        PAGE_DPI,
    );
}

#[test]
fn leaflet_side() {
    let doc = york(&KitOptions::default());
    check("york-leaflet-side-1", &doc, page(&doc, "side 1"), PAGE_DPI);
}

#[test]
fn mono_card_sheet() {
    let doc = york(&KitOptions {
        mono: true,
        ..KitOptions::default()
    });
    check(
        "york-mono-card-sheet-1",
        &doc,
        page(&doc, "Sheet 2 · card"),
        PAGE_DPI,
    );
}

#[test]
fn reminder_card() {
    // One card, on a page of its own size.
    let v = rules::builtin("york").unwrap();
    let theme = Theme::viking();
    let options = KitOptions::default();
    let frame = kit::with_plan(&v, &theme, &options, |cx, planned| {
        let (ci, _) = planned.find::<Cards>().expect("cards");
        planned.components[ci]
            .layout(cx, planned, Part::Rect { set: 0, part: 1 })
            .expect("the defenders' card")
    })
    .unwrap();
    let doc = Document {
        title: "card".into(),
        subject: String::new(),
        lang: String::new(),
        fonts: theme.fonts.clone(),
        pages: vec![Page {
            size: frame.size,
            label: "defenders' card".into(),
            items: frame.items,
        }],
        duplex: None,
    };
    check("york-card-defenders", &doc, &doc.pages[0], CARD_DPI);
}
