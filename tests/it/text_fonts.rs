//! The bundled fonts and shaping: widths are the shaped advances, kerning
//! and ligatures apply, and theme fonts are checked before use.

use taflkit::layout::text::FontSet;
use taflkit::layout::{FontRole, Rgb, TextStyle};
use taflkit::units::Pt;

const ROLES: [FontRole; 4] = [
    FontRole::Heading,
    FontRole::Body,
    FontRole::Bold,
    FontRole::Italic,
];

fn style(font: FontRole, size: f64) -> TextStyle {
    TextStyle {
        font,
        size: Pt(size),
        color: Rgb::BLACK,
    }
}

#[test]
fn width_is_the_sum_of_shaped_advances() {
    let f = FontSet::builtin();
    for role in ROLES {
        let text = "The king’s defenders, AVOW — efficient 1234";
        let sum: f64 = f
            .shape(role, Pt(11.0), text)
            .iter()
            .map(|g| g.x_advance.0)
            .sum();
        let w = f.width(&style(role, 11.0), text).0;
        assert!(
            (w - sum).abs() < 1e-9,
            "{role:?}: width {w} vs advances {sum}"
        );
        assert!(w > 0.0);
    }
}

#[test]
fn width_scales_with_size() {
    let f = FontSet::builtin();
    let a = f.width(&style(FontRole::Body, 10.0), "Hnefatafl").0;
    let b = f.width(&style(FontRole::Body, 20.0), "Hnefatafl").0;
    assert!((b - 2.0 * a).abs() < 1e-9);
}

#[test]
fn kerning_tightens_av() {
    let f = FontSet::builtin();
    for role in ROLES {
        let s = style(role, 12.0);
        let pair = f.width(&s, "AV").0;
        let apart = f.width(&s, "A").0 + f.width(&s, "V").0;
        assert!(
            pair < apart - 0.01,
            "{role:?}: AV {pair} not narrower than A+V {apart}"
        );
    }
}

#[test]
fn fi_becomes_one_ligature_glyph_in_the_body_face() {
    let f = FontSet::builtin();
    let glyphs = f.shape(FontRole::Body, Pt(10.0), "fi");
    assert_eq!(glyphs.len(), 1, "{glyphs:?}");
    assert_eq!(glyphs[0].cluster, 0);
}

#[test]
fn every_face_has_the_punctuation_rules_text_uses() {
    let f = FontSet::builtin();
    let text = "Ætt — ok “quoted” it’s 1–2 wait… × • ©";
    for role in ROLES {
        for g in f.shape(role, Pt(10.0), text) {
            assert!(text.is_char_boundary(g.cluster as usize));
            let at = &text[g.cluster as usize..];
            assert_ne!(g.id, 0, "{role:?} has no glyph for {at:?}");
        }
    }
}

#[test]
fn ascent_and_descent_are_plausible() {
    let f = FontSet::builtin();
    for role in ROLES {
        let s = style(role, 10.0);
        let em = s.size.to_mm().0;
        let (a, d) = (f.ascent(&s).0, f.descent(&s).0);
        assert!(a > 0.5 * em && a < 1.3 * em, "{role:?} ascent {a}");
        assert!(d > 0.1 * em && d < 0.6 * em, "{role:?} descent {d}");
        let cap = f.cap_height(&s).0;
        assert!(cap > 0.4 * em && cap < a, "{role:?} cap height {cap}");
    }
}

#[test]
fn with_face_rejects_junk() {
    for junk in [
        Vec::new(),
        b"not a font at all".to_vec(),
        vec![0u8; 4096],
        b"\x00\x01\x00\x00\x00\x05garbage".to_vec(),
    ] {
        let err = FontSet::builtin()
            .with_face(FontRole::Heading, junk)
            .expect_err("junk accepted");
        assert!(err.contains("font"), "unclear message: {err}");
    }
}

#[test]
fn with_face_accepts_a_real_font_and_uses_it() {
    let f = FontSet::builtin();
    let italic = f.face_bytes(FontRole::Italic).to_vec();
    let g = f
        .clone()
        .with_face(FontRole::Heading, italic.clone())
        .expect("font accepted");
    assert_eq!(g.face_bytes(FontRole::Heading), italic.as_slice());
    assert_eq!(
        g.width(&style(FontRole::Heading, 10.0), "Tafl"),
        f.width(&style(FontRole::Italic, 10.0), "Tafl")
    );
    // The original set is untouched.
    assert_ne!(f.face_bytes(FontRole::Heading), italic.as_slice());
}

#[test]
fn glyph_paths_are_drawn_within_the_em() {
    let f = FontSet::builtin();
    let g = f.shape(FontRole::Body, Pt(10.0), "H")[0];
    let path = f.glyph_path(FontRole::Body, Pt(10.0), g.id);
    assert!(!path.is_empty());
    let em = Pt(10.0).to_mm().0;
    use taflkit::layout::PathCmd;
    for cmd in path {
        if let PathCmd::MoveTo(p) | PathCmd::LineTo(p) = cmd {
            // y is down: an H stands above the baseline.
            assert!(p.y.0 <= 1e-9 && p.y.0 > -em, "{p:?}");
            assert!(p.x.0 >= -0.1 * em && p.x.0 < em, "{p:?}");
        }
    }
}

#[test]
fn digits_are_lining_figures() {
    // Lining figures share the height of capitals: "1" no longer looks
    // like a small-capital "I" in a numbered list.
    use taflkit::layout::PathCmd;
    let f = FontSet::builtin();
    for role in [FontRole::Body, FontRole::Bold, FontRole::Italic] {
        let one = f.shape(role, Pt(10.0), "1")[0].id;
        let top = f
            .glyph_path(role, Pt(10.0), one)
            .iter()
            .filter_map(|c| match c {
                PathCmd::MoveTo(p) | PathCmd::LineTo(p) => Some(p.y.0),
                _ => None,
            })
            .fold(0.0, f64::min);
        let cap = f.cap_height(&style(role, 10.0)).0;
        assert!(
            -top > 0.9 * cap,
            "{role:?}: 1 is {} high, capitals {cap}",
            -top
        );
    }
}
