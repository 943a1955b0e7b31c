//! The black-and-white form of a theme, for `--mono`.
//!
//! What changes: every colour becomes a grey chosen for a black-and-white
//! printer: the attackers dark with white ink, the defenders white with
//! black ink, the king mid-light grey with black ink, board squares white
//! (a chequer stays a chequer in two light greys), special and start squares
//! in distinct light greys; art is redrawn in the grey of each of its
//! colours' lightness. `mono` is set, which tells the kit to tell the sides
//! and squares apart by shape, symbol and pattern rather than by tint
//! alone. Names, text, fonts, piece shape and sizes do not change.

use super::svg::parse_art;
use super::{Art, Colours, Theme};
use crate::layout::Rgb;

const fn grey(v: u8) -> Rgb {
    Rgb(v, v, v)
}

/// The theme in greys, with `mono = true`.
pub fn to_mono(t: &Theme) -> Theme {
    if t.mono {
        return t.clone();
    }
    let c = &t.colours;
    let chequer = c.square_light != c.square_dark;
    let colours = Colours {
        square_light: Rgb::WHITE,
        square_dark: if chequer { grey(0xEC) } else { Rgb::WHITE },
        grid: grey(0x22),
        special: grey(0xC4),
        attacker_start: grey(0xDA),
        defender_start: grey(0xF2),
        text: Rgb::BLACK,
        accent: grey(0x33),
        attacker_fill: grey(0x33),
        attacker_ink: Rgb::WHITE,
        defender_fill: Rgb::WHITE,
        defender_ink: Rgb::BLACK,
        king_fill: grey(0xC8),
        king_ink: Rgb::BLACK,
    };
    // The colour each drawing's `currentColor` stood for becomes the
    // corresponding mono colour, so an emblem keeps reading on its piece.
    let a = &t.art;
    let g = |art: &Option<Art>, from: Rgb, to: Rgb| art.as_ref().map(|x| grey_art(x, from, to));
    let art = super::ThemeArt {
        king: g(&a.king, c.king_ink, colours.king_ink),
        defender: g(&a.defender, c.defender_ink, colours.defender_ink),
        attacker: g(&a.attacker, c.attacker_ink, colours.attacker_ink),
        cover: g(&a.cover, c.accent, colours.accent),
        attacker_start: g(&a.attacker_start, c.attacker_fill, colours.attacker_fill),
        centre: g(&a.centre, c.accent, colours.accent),
    };
    Theme {
        colours,
        art,
        mono: true,
        ..t.clone()
    }
}

/// The drawing with every colour turned to its grey. usvg writes a parsed
/// tree back with every colour as a `"#rrggbb"` attribute value, so
/// rewriting those and parsing again is exact and needs no SVG knowledge
/// beyond that.
fn grey_art(art: &Art, ink: Rgb, mono_ink: Rgb) -> Art {
    let svg = art.tree().to_string(&usvg::WriteOptions::default());
    let greyed = grey_hex_values(&svg, ink, mono_ink);
    parse_art(greyed.as_bytes(), Rgb::BLACK).unwrap_or_else(|_| art.clone())
}

/// Replaces every attribute value of the form `"#rrggbb"` by its grey, and
/// `ink` by `mono_ink`.
pub fn grey_hex_values(svg: &str, ink: Rgb, mono_ink: Rgb) -> String {
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(i) = rest.find("\"#") {
        out.push_str(&rest[..i + 1]);
        let cand = &rest[i + 1..];
        let hex = cand
            .get(1..7)
            .filter(|h| h.chars().all(|c| c.is_ascii_hexdigit()));
        match (hex, cand.as_bytes().get(7)) {
            (Some(h), Some(b'"')) => {
                let v = |k: usize| u8::from_str_radix(&h[k..k + 2], 16).unwrap_or(0);
                let c = Rgb(v(0), v(2), v(4));
                let g = if c == ink {
                    mono_ink
                } else {
                    crate::layout::draw::grey(c)
                };
                out.push_str(&format!("#{:02x}{:02x}{:02x}", g.0, g.1, g.2));
                rest = &cand[7..];
            }
            _ => {
                rest = cand;
            }
        }
    }
    out.push_str(rest);
    out
}
