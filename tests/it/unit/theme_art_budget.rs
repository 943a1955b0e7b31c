//! The tests of `src/theme/art_budget.rs` that were its unit tests.

use roxmltree::{Document, Node};
use taflkit::theme::art_budget::*;

#[test]
fn path_data_counts_one_segment_per_command() {
    assert_eq!(path_segments("M0 0 L1 1 2 2 H3 V4 C1 1 2 2 3 3 Z"), 7);
    assert_eq!(path_segments("m0 0 l1 1 q1 1 2 2 t3 3 s1 1 2 2 z"), 6);
}

#[test]
fn arcs_count_as_the_curves_they_become() {
    // A small arc is at most one turn of four curves (plus one).
    assert_eq!(path_segments("M0 0 A5 5 0 0 1 10 0"), 1 + 5);
    // A huge radius is cut into far more curves.
    assert!(path_segments("M0 0 A1e30 1e30 0 0 1 10 0") > 100_000);
    // Radii too small to reach the end point are enlarged first.
    assert!(path_segments("M0 0 A0.001 0.001 0 0 1 1e30 0") > 100_000);
}

#[test]
fn circles_count_their_quarters() {
    let doc = Document::parse(
        r#"<svg xmlns="http://www.w3.org/2000/svg"><circle r="5"/><circle r="1e30"/></svg>"#,
    )
    .unwrap();
    let c: Vec<u64> = doc
        .root_element()
        .children()
        .filter(Node::is_element)
        .map(own_segments)
        .collect();
    // usvg draws a small circle as a move, four curves and a close.
    assert_eq!(c[0], 6);
    assert!(c[1] > 100_000, "{}", c[1]);
}
