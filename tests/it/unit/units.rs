//! The tests of `src/units.rs` that were its unit tests.

use taflkit::units::*;

#[test]
fn inch_is_exactly_72_points() {
    assert!((Mm::from_inches(1.0).to_pt().0 - 72.0).abs() < 1e-9);
    assert!((Pt(72.0).to_mm().0 - 25.4).abs() < 1e-9);
}

#[test]
fn rect_containment_and_overlap() {
    let page = Rect::new(Mm(0.0), Mm(0.0), Mm(210.0), Mm(297.0));
    let inner = page.inset(Mm(7.0));
    assert_eq!(inner, Rect::new(Mm(7.0), Mm(7.0), Mm(196.0), Mm(283.0)));
    assert!(page.contains(&inner));
    assert!(!inner.contains(&page));
    let a = Rect::new(Mm(0.0), Mm(0.0), Mm(10.0), Mm(10.0));
    let b = Rect::new(Mm(10.0), Mm(0.0), Mm(10.0), Mm(10.0));
    assert!(!a.overlaps(&b), "touching edges are not an overlap");
    assert!(a.overlaps(&Rect::new(Mm(9.0), Mm(9.0), Mm(5.0), Mm(5.0))));
}
