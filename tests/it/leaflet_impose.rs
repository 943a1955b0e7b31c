//! Booklet imposition at the layout level: numbered test pages land in the
//! right half of the right side of the right sheet, turned as the duplex
//! flip needs. (tests/leaflet_pdf.rs checks the same from the PDF.)

use crate::common;
use taflkit::kit::leaflet::impose::{impose, page_size, sheet_size};
use taflkit::layout::paper::{PRINT_MARGIN, Paper};
use taflkit::layout::text::FontSet;
use taflkit::layout::{Duplex, FontRole, Item, Page, Rgb, Text, TextStyle};
use taflkit::units::{Mm, Point, Pt};

fn numbered(n: usize, paper: Paper) -> Vec<Page> {
    (1..=n)
        .map(|i| Page {
            size: page_size(paper),
            label: format!("test page {i}"),
            items: vec![Item::Text(Text {
                origin: Point::new(Mm(20.0), Mm(30.0)),
                text: format!("P{i}"),
                style: TextStyle {
                    font: FontRole::Body,
                    size: Pt(12.0),
                    color: Rgb::BLACK,
                },
            })],
        })
        .collect()
}

/// Where each "P<n>" marker ends up on a side: (n, x, y, turned 180°).
fn markers(side: &Page) -> Vec<(usize, f64, f64, bool)> {
    let mut out: Vec<(usize, f64, f64, bool)> = common::placed(&side.items)
        .into_iter()
        .filter_map(|p| {
            let n = p.text.text.strip_prefix('P')?.parse().ok()?;
            let o = p.origin();
            Some((n, o.x.0, o.y.0, p.upside_down()))
        })
        .collect();
    out.sort_by_key(|m| m.0);
    out
}

/// (page in the left half, page in the right half, turned) of a side as it
/// lies in the PDF, `None` for a blank half.
fn halves(side: &Page) -> (Option<usize>, Option<usize>, bool) {
    let half = side.size.w.0 / 2.0;
    let ms = markers(side);
    let left = ms.iter().find(|m| m.1 < half).map(|m| m.0);
    let right = ms.iter().find(|m| m.1 >= half).map(|m| m.0);
    let turned = ms.iter().all(|m| m.3) && !ms.is_empty();
    assert!(
        ms.iter().all(|m| m.3 == turned),
        "mixed rotation on {}",
        side.label
    );
    (left, right, turned)
}

#[test]
fn four_pages_long_edge() {
    for paper in [Paper::A4, Paper::Letter] {
        let sides = impose(
            &numbered(4, paper),
            paper,
            Duplex::LongEdge,
            &FontSet::builtin(),
        );
        assert_eq!(sides.len(), 2);
        assert_eq!(sides[0].size, sheet_size(paper));
        assert!(sides[0].size.w > sides[0].size.h, "landscape");
        assert_eq!(halves(&sides[0]), (Some(4), Some(1), false));
        // Turned half a turn: page 2 (read on the left) lies on the right.
        assert_eq!(halves(&sides[1]), (Some(3), Some(2), true));
    }
}

#[test]
fn four_pages_short_edge() {
    let paper = Paper::A4;
    let sides = impose(
        &numbered(4, paper),
        paper,
        Duplex::ShortEdge,
        &FontSet::builtin(),
    );
    assert_eq!(halves(&sides[0]), (Some(4), Some(1), false));
    assert_eq!(halves(&sides[1]), (Some(2), Some(3), false));
}

#[test]
fn eight_pages_nest_on_two_sheets() {
    let paper = Paper::Letter;
    let short = impose(
        &numbered(8, paper),
        paper,
        Duplex::ShortEdge,
        &FontSet::builtin(),
    );
    let got: Vec<_> = short.iter().map(halves).collect();
    assert_eq!(
        got,
        vec![
            (Some(8), Some(1), false),
            (Some(2), Some(7), false),
            (Some(6), Some(3), false),
            (Some(4), Some(5), false),
        ]
    );
    let long = impose(
        &numbered(8, paper),
        paper,
        Duplex::LongEdge,
        &FontSet::builtin(),
    );
    let got: Vec<_> = long.iter().map(halves).collect();
    assert_eq!(
        got,
        vec![
            (Some(8), Some(1), false),
            (Some(7), Some(2), true),
            (Some(6), Some(3), false),
            (Some(5), Some(4), true),
        ]
    );
}

#[test]
fn short_leaflets_are_padded_with_blank_pages() {
    let paper = Paper::A4;
    let sides = impose(
        &numbered(6, paper),
        paper,
        Duplex::ShortEdge,
        &FontSet::builtin(),
    );
    assert_eq!(sides.len(), 4);
    // Pages 7 and 8 are blank: sheet 1 has page 1 outside and page 2 inside
    // with blank partners.
    assert_eq!(halves(&sides[0]), (None, Some(1), false));
    assert_eq!(halves(&sides[1]), (Some(2), None, false));
}

#[test]
fn a_page_stays_the_right_way_up_within_its_half() {
    // The marker sits 20 mm from its page's left and 30 mm from its top;
    // turned, it sits 20 mm from the half's right and 30 mm from the bottom.
    let paper = Paper::A4;
    let sides = impose(
        &numbered(4, paper),
        paper,
        Duplex::LongEdge,
        &FontSet::builtin(),
    );
    let s = sheet_size(paper);
    let m = markers(&sides[1]);
    let p2 = m.iter().find(|m| m.0 == 2).unwrap();
    assert!((p2.1 - (s.w.0 - 20.0)).abs() < 1e-6 && (p2.2 - (s.h.0 - 30.0)).abs() < 1e-6);
    let p1 = markers(&sides[0]).into_iter().find(|m| m.0 == 1).unwrap();
    assert!((p1.1 - (s.w.0 / 2.0 + 20.0)).abs() < 1e-6 && (p1.2 - 30.0).abs() < 1e-6);
}

#[test]
fn every_side_is_marked_and_within_the_printable_area() {
    let paper = Paper::A4;
    let fonts = FontSet::builtin();
    // Each text with both ends of its baseline on the sheet.
    let ends = |items: &[Item]| -> Vec<(String, Point, Point)> {
        common::placed(items)
            .into_iter()
            .map(|p| {
                let w = fonts.width(&p.text.style, &p.text.text);
                (p.text.text.clone(), p.origin(), p.along(w))
            })
            .collect()
    };
    for duplex in [Duplex::LongEdge, Duplex::ShortEdge] {
        let sides = impose(&numbered(8, paper), paper, duplex, &fonts);
        for side in &sides {
            let notes = ends(&side.items);
            // The flip check is a mark, never a sentence in the reading
            // area: the sheet number and face, twice (both top corners).
            let (face, word) = if side.label.contains("inside") {
                ("inside", "in")
            } else {
                ("outside", "out")
            };
            let sheet = side.label.split_whitespace().nth(2).unwrap_or("?");
            let marks: Vec<_> = notes
                .iter()
                .filter(|n| n.0 == format!("{sheet} {word}"))
                .collect();
            assert_eq!(marks.len(), 2, "{} ({face}): {notes:?}", side.label);
            for (text, a, _) in notes.iter().filter(|n| !n.0.starts_with('P')) {
                assert!(
                    text.chars().count() <= 8,
                    "{}: a printing note '{text}' on the leaflet",
                    side.label
                );
                assert!(
                    a.y.0 < PRINT_MARGIN.0 + 4.0 || a.y.0 > side.size.h.0 - PRINT_MARGIN.0 - 4.0,
                    "{}: '{text}' is not in the margin",
                    side.label
                );
            }
            for (text, a, b) in &notes {
                for p in [a, b] {
                    assert!(
                        p.x.0 >= PRINT_MARGIN.0 - 1e-6
                            && p.x.0 <= side.size.w.0 - PRINT_MARGIN.0 + 1e-6
                            && p.y.0 >= PRINT_MARGIN.0 - 1e-6
                            && p.y.0 <= side.size.h.0 - PRINT_MARGIN.0 + 1e-6,
                        "{}: '{text}' reaches {p:?}",
                        side.label
                    );
                }
            }
        }
    }
}
