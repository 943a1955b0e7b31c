//! The tests of `src/cli/report.rs` that were its unit tests.

use taflkit::diagnostics::short_number as mm;

#[test]
fn millimetres_read_short() {
    assert_eq!(mm(25.0), "25");
    assert_eq!(mm(19.5), "19.5");
    assert_eq!(mm(-3.0), "-3");
    assert_eq!(mm(1e308), "1e308");
    assert_eq!(mm(f64::NAN), "NaN");
    assert!(mm(f64::MAX).len() < 12);
}
