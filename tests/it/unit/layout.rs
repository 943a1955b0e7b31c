//! The tests of `src/layout/mod.rs` that were its unit tests.

use taflkit::layout::*;
use taflkit::units::{Mm, Point};

#[test]
fn rotate_quarter_turn_is_clockwise_on_the_page() {
    // On a y-down page, turning the x axis clockwise by 90° points it down.
    let p = Transform::rotate(90.0).apply(Point::new(Mm(10.0), Mm(0.0)));
    assert!((p.x.0).abs() < 1e-9 && (p.y.0 - 10.0).abs() < 1e-9, "{p:?}");
}

#[test]
fn then_composes_in_order() {
    let t = Transform::translate(Mm(5.0), Mm(0.0)).then(Transform::scale(2.0, 2.0));
    let p = t.apply(Point::new(Mm(1.0), Mm(1.0)));
    assert_eq!(p, Point::new(Mm(7.0), Mm(2.0)));
}
