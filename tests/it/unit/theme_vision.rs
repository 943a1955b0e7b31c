//! The tests of `src/theme/vision.rs` that were its unit tests.

use taflkit::layout::Rgb;
use taflkit::theme::vision::*;

#[test]
fn lab_of_white_and_black() {
    let w = seen(Rgb::WHITE, Vision::Normal);
    assert!(
        (w.l - 100.0).abs() < 0.05 && w.a.abs() < 0.05 && w.b.abs() < 0.05,
        "{w:?}"
    );
    assert!(seen(Rgb::BLACK, Vision::Normal).l.abs() < 1e-9);
}

#[test]
fn greys_are_seen_alike_by_everyone() {
    // Each Machado row sums to 1: a grey stays that grey.
    let g = Rgb(128, 128, 128);
    for v in Vision::ALL {
        assert!(difference(g, g, v) < 1e-9);
        let n = seen(g, Vision::Normal);
        let s = seen(g, v);
        assert!((n.l - s.l).abs() < 0.1, "{v:?}");
    }
}

#[test]
fn red_and_green_collapse_for_the_red_green_blind_only() {
    // Pure red and a green of about the same lightness, a textbook pair.
    let (red, green) = (Rgb(200, 40, 40), Rgb(90, 120, 40));
    assert!(difference(red, green, Vision::Normal) > 50.0);
    assert!(difference(red, green, Vision::Deuteranopia) < 25.0);
    assert!(difference(red, green, Vision::Tritanopia) > 40.0);
}
