//! The tests of `src/kit/leaflet/impose.rs` that were its unit tests.

use taflkit::kit::leaflet::impose::*;
use taflkit::layout::Duplex;

#[test]
fn four_pages_on_one_sheet() {
    let p = plan(4, Duplex::LongEdge);
    assert_eq!(p.len(), 2);
    assert_eq!(
        (p[0].face, p[0].left, p[0].right, p[0].rotated),
        (Face::Outside, 4, 1, false)
    );
    assert_eq!(
        (p[1].face, p[1].left, p[1].right, p[1].rotated),
        (Face::Inside, 2, 3, true)
    );
    let s = plan(4, Duplex::ShortEdge);
    assert!(!s[1].rotated);
}

#[test]
fn eight_pages_nest_on_two_sheets() {
    let p: Vec<(usize, usize, usize)> = plan(8, Duplex::ShortEdge)
        .iter()
        .map(|s| (s.sheet, s.left, s.right))
        .collect();
    assert_eq!(p, vec![(1, 8, 1), (1, 2, 7), (2, 6, 3), (2, 4, 5)]);
}

#[test]
fn pads_to_a_multiple_of_four() {
    assert_eq!(padded(1), 4);
    assert_eq!(padded(5), 8);
    assert_eq!(padded(8), 8);
    assert_eq!(plan(6, Duplex::LongEdge).len(), 4);
}
