//! The tests of `src/layout/frame.rs` that were its unit tests.

use taflkit::layout::frame::*;
use taflkit::units::Mm;
use taflkit::units::{Point, Size};

#[test]
fn a_quarter_turned_frame_fills_its_turned_box() {
    let f = Frame::new(Size::new(Mm(10.0), Mm(20.0)));
    let at = Point::new(Mm(5.0), Mm(7.0));
    let t = f.placement(at, Turn::Quarter);
    // The frame's corners land inside [5, 25] × [7, 17].
    for (x, y) in [(0.0, 0.0), (10.0, 0.0), (0.0, 20.0), (10.0, 20.0)] {
        let p = t.apply(Point::new(Mm(x), Mm(y)));
        assert!(p.x.0 > 5.0 - 1e-9 && p.x.0 < 25.0 + 1e-9, "{p:?}");
        assert!(p.y.0 > 7.0 - 1e-9 && p.y.0 < 17.0 + 1e-9, "{p:?}");
    }
    assert_eq!(f.turned_size(Turn::Quarter), Size::new(Mm(20.0), Mm(10.0)));
}

#[test]
fn a_half_turned_frame_stays_in_its_box() {
    let f = Frame::new(Size::new(Mm(10.0), Mm(20.0)));
    let t = f.placement(Point::new(Mm(1.0), Mm(2.0)), Turn::Half);
    let p = t.apply(Point::new(Mm(0.0), Mm(0.0)));
    assert!((p.x.0 - 11.0).abs() < 1e-9 && (p.y.0 - 22.0).abs() < 1e-9);
}
