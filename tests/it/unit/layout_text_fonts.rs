//! The tests of `src/layout/text/fonts.rs` that were its unit tests.

use taflkit::layout::FontRole;
use taflkit::layout::text::fonts::*;

fn assert_send_sync<T: Send + Sync + Clone>() {}

#[test]
fn font_set_is_shareable() {
    assert_send_sync::<FontSet>();
}

#[test]
fn bundled_faces_have_their_families() {
    let f = FontSet::builtin();
    assert_eq!(f.family_name(FontRole::Body), "Vollkorn");
    assert_eq!(f.family_name(FontRole::Heading), "Berenika");
}
