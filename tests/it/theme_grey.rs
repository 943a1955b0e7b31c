//! Colour kits printed on a black-and-white printer: every marking (start
//! squares, special squares, the two sides' pieces and their symbols)
//! must differ from what surrounds it by at least 15 units of CIE L*
//! once the printer turns colour into grey. Read from the themes' colours.

use taflkit::layout::Rgb;
use taflkit::theme::Theme;

/// The smallest difference in lightness that still reads on a grey print.
const MIN_DELTA_L: f64 = 15.0;

/// The two weightings printers and viewers use to turn colour into grey:
/// Rec. 709 (sRGB's primaries, [`Rgb::luma`]) and Rec. 601 (the older
/// 0.299 / 0.587 / 0.114 that PostScript and poppler use).
const LUMA_601: [f64; 3] = [0.299, 0.587, 0.114];

/// CIE L* (0..=100) of the grey a printer makes of `c`: its luma (the
/// weighted sum of the gamma-encoded channels, as greyscale conversion
/// does, Rec. 709), read as an sRGB grey.
fn grey_lightness(c: Rgb) -> f64 {
    lightness_of_luma(c.luma())
}

/// The same with Rec. 601 weights.
fn grey_lightness_601(c: Rgb) -> f64 {
    let [r, g, b] = LUMA_601;
    lightness_of_luma((r * f64::from(c.0) + g * f64::from(c.1) + b * f64::from(c.2)) / 255.0)
}

/// CIE L* of an sRGB grey of gamma-encoded level `v` (0..=1).
fn lightness_of_luma(v: f64) -> f64 {
    let y = if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    };
    let f = if y > 216.0 / 24389.0 {
        y.cbrt()
    } else {
        (24389.0 / 27.0 * y + 16.0) / 116.0
    };
    116.0 * f - 16.0
}

#[test]
fn lightness_of_black_white_and_mid_grey() {
    assert!(grey_lightness(Rgb::BLACK).abs() < 1e-6);
    assert!((grey_lightness(Rgb::WHITE) - 100.0).abs() < 1e-6);
    // sRGB #777777 is L* 50 (a published reference value, ±0.5).
    assert!((grey_lightness(Rgb(0x77, 0x77, 0x77)) - 50.0).abs() < 0.5);
    // A grey is the same grey under either weighting.
    for v in [0x00, 0x40, 0x77, 0xC0, 0xFF] {
        let g = Rgb(v, v, v);
        assert!((grey_lightness(g) - grey_lightness_601(g)).abs() < 1e-6);
    }
}

/// The built-in themes and the starter theme `taflkit new-theme` writes
/// (people build theirs from it, so its colours must be safe too).
fn themes() -> Vec<(String, Theme)> {
    let mut out: Vec<(String, Theme)> = Theme::builtin_ids()
        .iter()
        .map(|id| {
            let t = Theme::builtin(id).unwrap_or_else(|| panic!("built-in theme {id}"));
            (id.to_string(), t)
        })
        .collect();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("starter");
    taflkit::cli::theme::write_starter(&dir).unwrap();
    let (starter, _) = Theme::load_folder(&dir).unwrap();
    out.push(("starter (new-theme)".into(), starter));
    out
}

#[test]
fn every_builtin_theme_keeps_its_markings_apart_in_grey() {
    let mut failures = Vec::new();
    for (id, t) in themes() {
        let c = &t.colours;
        // (what, its colour, what surrounds it, that colour)
        let pairs = [
            (
                "attacker start",
                c.attacker_start,
                "light square",
                c.square_light,
            ),
            (
                "attacker start",
                c.attacker_start,
                "dark square",
                c.square_dark,
            ),
            (
                "defender start",
                c.defender_start,
                "light square",
                c.square_light,
            ),
            (
                "defender start",
                c.defender_start,
                "dark square",
                c.square_dark,
            ),
            ("special square", c.special, "light square", c.square_light),
            ("special square", c.special, "dark square", c.square_dark),
            (
                "special square",
                c.special,
                "attacker start",
                c.attacker_start,
            ),
            (
                "special square",
                c.special,
                "defender start",
                c.defender_start,
            ),
            ("attacker", c.attacker_fill, "defender", c.defender_fill),
            ("attacker", c.attacker_fill, "king", c.king_fill),
            (
                "attacker symbol",
                c.attacker_ink,
                "attacker",
                c.attacker_fill,
            ),
            (
                "defender symbol",
                c.defender_ink,
                "defender",
                c.defender_fill,
            ),
            ("king symbol", c.king_ink, "king", c.king_fill),
        ];
        for (what, a, around, b) in pairs {
            let d = (grey_lightness(a) - grey_lightness(b))
                .abs()
                .min((grey_lightness_601(a) - grey_lightness_601(b)).abs());
            if d < MIN_DELTA_L {
                failures.push(format!(
                    "{id}: {what} {a:?} and {around} {b:?} differ by {d:.1} L* in grey"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
