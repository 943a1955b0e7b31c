//! The tests of `src/render/pdf/content.rs` that were its unit tests.

use taflkit::render::pdf::content::Stream;

fn written(v: f32) -> String {
    let mut s = Stream(Vec::new());
    s.number(v);
    String::from_utf8(s.0).unwrap()
}

#[test]
fn numbers_read_back_within_an_f32_s_precision() {
    for v in [
        0.0f32,
        -0.0,
        1.0,
        -1.0,
        0.5,
        2.834_645_7,
        595.2756,
        0.000_1,
        1e-9,
        -1e-9,
        32_767.0,
        -32_767.0,
        0.707_106_77,
        12.345_7,
        0.27,
        1_234.567_8,
        0.008_3,
        99.999_99,
    ] {
        let text = written(v);
        assert!(
            text.bytes()
                .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-'),
            "{text}: a PDF real has no exponent"
        );
        let back: f64 = text.parse().unwrap();
        let tolerance = f64::from(v).abs() * 1e-6 + 1e-12;
        assert!(
            (back - f64::from(v)).abs() <= tolerance,
            "{v} written as {text}"
        );
        let needless_zero = text.contains('.') && text.ends_with('0');
        assert!(
            !text.ends_with('.') && !needless_zero,
            "{text}: no trailing zeros"
        );
    }
    assert_eq!(written(-0.0), "0");
}
