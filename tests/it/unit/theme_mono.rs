//! The tests of `src/theme/mono.rs` that were its unit tests.

use taflkit::layout::Rgb;
use taflkit::theme::mono::*;

#[test]
fn hex_values_become_grey_and_references_stay() {
    let s = r##"<rect fill="#ff0000" stroke="url(#abcdef)"/><stop stop-color="#0000ff"/>"##;
    let g = grey_hex_values(s, Rgb(0, 0, 0xff), Rgb::WHITE);
    assert!(g.contains(r##"fill="#363636""##), "{g}");
    assert!(g.contains("url(#abcdef)"));
    assert!(g.contains(r##"stop-color="#ffffff""##), "{g}");
}
