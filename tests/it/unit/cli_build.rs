//! The tests of `src/cli/build.rs` that were its unit tests.

use taflkit::cli::build::*;

#[test]
fn a_pdf_goes_to_a_terminal_only_when_forced() {
    let e = refuse_terminal(true, false).unwrap_err().to_string();
    assert!(e.contains("-o") && e.contains("--force"), "{e}");
    assert!(refuse_terminal(true, true).is_ok());
    assert!(refuse_terminal(false, false).is_ok());
}
