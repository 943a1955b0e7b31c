//! The tests of `src/kit/bounds.rs` that were its unit tests.

use taflkit::kit::bounds::*;
use taflkit::layout::Rgb;
use taflkit::layout::Transform;
use taflkit::layout::draw;
use taflkit::layout::text::FontSet;
use taflkit::units::{Mm, Rect};

#[test]
fn group_transform_moves_the_box() {
    let fonts = FontSet::builtin();
    let sq = draw::filled(
        draw::rect_path(Rect::new(Mm(0.0), Mm(0.0), Mm(10.0), Mm(5.0))),
        Rgb::BLACK,
    );
    let g = draw::group(
        Transform::translate(Mm(20.0), Mm(30.0)).then(Transform::rotate(90.0)),
        vec![sq],
    );
    let b = item_bounds(&g, &fonts).unwrap();
    assert!((b.x.0 - 15.0).abs() < 1e-9, "{b:?}");
    assert!((b.y.0 - 30.0).abs() < 1e-9);
    assert!((b.w.0 - 5.0).abs() < 1e-9 && (b.h.0 - 10.0).abs() < 1e-9);
}
