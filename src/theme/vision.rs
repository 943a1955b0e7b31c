//! Colours as players with colour-vision deficiency see them: the three
//! dichromacies simulated with the matrices of Machado, Oliveira and
//! Fernandes (2009, "A physiologically-based model for simulation of color
//! vision deficiency", severity 1.0, applied to linear sRGB), and colour
//! differences measured in CIELAB (ΔE*ab, D65), which counts hue and
//! chroma as well as lightness. A theme's two sides, its king and its two
//! kinds of start square must stay apart for every kind of vision.

use crate::layout::Rgb;

/// A kind of colour vision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vision {
    Normal,
    /// No long-wavelength (red) cones.
    Protanopia,
    /// No medium-wavelength (green) cones.
    Deuteranopia,
    /// No short-wavelength (blue) cones.
    Tritanopia,
}

impl Vision {
    pub const ALL: [Vision; 4] = [
        Vision::Normal,
        Vision::Protanopia,
        Vision::Deuteranopia,
        Vision::Tritanopia,
    ];

    /// How the warnings name it.
    pub fn name(self) -> &'static str {
        match self {
            Vision::Normal => "normal colour vision",
            Vision::Protanopia => "protanopia (red-blind)",
            Vision::Deuteranopia => "deuteranopia (green-blind)",
            Vision::Tritanopia => "tritanopia (blue-blind)",
        }
    }

    /// Machado et al. (2009), table at severity 1.0, rows R, G, B.
    fn matrix(self) -> [[f64; 3]; 3] {
        match self {
            Vision::Normal => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            Vision::Protanopia => [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
            Vision::Deuteranopia => [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
            Vision::Tritanopia => [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ],
        }
    }
}

/// A colour in CIELAB: lightness 0..100 and the two opponent axes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lab {
    pub l: f64,
    pub a: f64,
    pub b: f64,
}

fn linear(c: u8) -> f64 {
    let c = f64::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// `c` as seen with `vision`, in CIELAB.
pub fn seen(c: Rgb, vision: Vision) -> Lab {
    let v = [linear(c.0), linear(c.1), linear(c.2)];
    let m = vision.matrix();
    let rgb: Vec<f64> = m
        .iter()
        .map(|row| (row[0] * v[0] + row[1] * v[1] + row[2] * v[2]).clamp(0.0, 1.0))
        .collect();
    lab([rgb[0], rgb[1], rgb[2]])
}

/// Linear sRGB to CIELAB under D65.
fn lab([r, g, b]: [f64; 3]) -> Lab {
    let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
    let f = |t: f64| {
        if t > 216.0 / 24389.0 {
            t.cbrt()
        } else {
            (24389.0 / 27.0 * t + 16.0) / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    Lab {
        l: 116.0 * fy - 16.0,
        a: 500.0 * (fx - fy),
        b: 200.0 * (fy - fz),
    }
}

/// The colour difference ΔE*ab between `p` and `q` as seen with `vision`.
pub fn difference(p: Rgb, q: Rgb, vision: Vision) -> f64 {
    let (x, y) = (seen(p, vision), seen(q, vision));
    ((x.l - y.l).powi(2) + (x.a - y.a).powi(2) + (x.b - y.b).powi(2)).sqrt()
}

/// The least difference between two pieces' fills: pieces a player must
/// tell apart across the board at a glance.
pub const PIECES_APART: f64 = 25.0;
/// The least difference between the two kinds of start square: tints
/// under the pieces, read up close.
pub const STARTS_APART: f64 = 10.0;

/// Two theme colours that look too much alike to someone.
#[derive(Clone, Debug, PartialEq)]
pub struct Clash {
    /// The `theme.toml` keys of the two colours.
    pub keys: (&'static str, &'static str),
    pub vision: Vision,
    pub difference: f64,
    pub least: f64,
}

/// The pairs of colours that must stay apart, with their `theme.toml`
/// keys and the least difference each needs.
fn pairs(c: &super::Colours) -> [(&'static str, Rgb, &'static str, Rgb, f64); 4] {
    [
        (
            "attacker_fill",
            c.attacker_fill,
            "defender_fill",
            c.defender_fill,
            PIECES_APART,
        ),
        (
            "king_fill",
            c.king_fill,
            "attacker_fill",
            c.attacker_fill,
            PIECES_APART,
        ),
        (
            "king_fill",
            c.king_fill,
            "defender_fill",
            c.defender_fill,
            PIECES_APART,
        ),
        (
            "attacker_start",
            c.attacker_start,
            "defender_start",
            c.defender_start,
            STARTS_APART,
        ),
    ]
}

/// Every pair of a theme's colours that some kind of vision cannot tell
/// apart well enough, the worst vision for each pair.
pub fn clashes(c: &super::Colours) -> Vec<Clash> {
    pairs(c)
        .into_iter()
        .filter_map(|(k1, p, k2, q, least)| {
            let (vision, difference) = Vision::ALL
                .into_iter()
                .map(|v| (v, difference(p, q, v)))
                .min_by(|x, y| x.1.total_cmp(&y.1))?;
            (difference < least).then_some(Clash {
                keys: (k1, k2),
                vision,
                difference,
                least,
            })
        })
        .collect()
}
