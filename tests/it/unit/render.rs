//! The tests of `src/render/mod.rs` that were its unit tests.

use taflkit::render::*;
use taflkit::units::Mm;

#[test]
fn dash_patterns_pdf_would_reject_are_solid() {
    assert_eq!(dash_pattern(&[]), None);
    assert_eq!(dash_pattern(&[Mm(0.0), Mm(0.0)]), None);
    assert_eq!(dash_pattern(&[Mm(1.0), Mm(-1.0)]), None);
    assert_eq!(dash_pattern(&[Mm(2.0), Mm(1.0)]), Some(vec![2.0, 1.0]));
}

#[test]
fn numbers_are_short_and_stable() {
    assert_eq!(num(1.0), "1");
    assert_eq!(num(0.1234), "0.123");
    assert_eq!(num(-0.0001), "0");
    assert_eq!(num(-2.5), "-2.5");
}

/// The integer shortcut writes what the formatter writes: on exact
/// ties (0.0625 to three places is 0.062, ties to even), on numbers
/// just beside them, on whole numbers, on negatives and on a spread
/// of random values, at every precision the backends use and more.
#[test]
fn decimals_write_what_the_formatter_writes() {
    let mut values = vec![
        0.0, -0.0, 0.0625, -0.0625, 2.5e-4, 0.0005, 1.0005, 20.0, -20.0,
    ];
    values.extend([1e8, 999_999.999_999_5, 1e12, f64::NAN, f64::INFINITY]);
    for k in -4000..4000 {
        let tie = (f64::from(k) + 0.5) / 1000.0;
        values.extend([tie, tie.next_up(), tie.next_down(), f64::from(k) / 64.0]);
    }
    let mut x: u64 = 0x7AF1_2026;
    for _ in 0..200_000 {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let unit = (x >> 11) as f64 / (1u64 << 53) as f64;
        values.push((unit - 0.5) * [1.0, 30.0, 600.0, 1e5][(x & 3) as usize]);
    }
    for places in 1..=6 {
        for &v in &values {
            assert_eq!(
                decimals(v, places),
                exact_decimals(v, places),
                "{v:e} to {places}"
            );
        }
    }
}
