//! The tests of `src/theme/files.rs` that were its unit tests.

use taflkit::theme::files::*;

#[test]
fn sizes_read_like_a_person_would_write_them() {
    assert_eq!(human_size(512), "512 bytes");
    assert_eq!(human_size(64 * 1024), "64 KiB");
    assert_eq!(human_size(2 * 1024 * 1024 * 1024), "2.0 GiB");
}
