//! Backends: draw a laid-out [`Document`](crate::layout::Document) as PDF,
//! SVG or PNG. They only draw; every position was decided by the layout.
//!
//! The PDF backend (`pdf`) and the SVG backend (`svg`) walk the same items
//! with the same rules (see [`glyph_run`] for text, [`flat_paint`] for the
//! few things PDF cannot paint directly), so the PNG previews rendered from
//! the SVG (`png`) show what the PDF prints.

pub mod pdf;
pub mod png;
pub mod svg;

use crate::error::Failure;
use crate::layout::text::FontSet;
use crate::layout::{Document, Page, Paint, Rgb, Text};
use crate::units::{Mm, Point};

/// The whole document as PDF bytes (deterministic: same document, same
/// bytes).
pub fn pdf(doc: &Document) -> Result<Vec<u8>, Failure> {
    pdf::render(doc)
}

/// Whether a font file can be embedded in a PDF, whatever text it sets
/// (see `pdf::fonts::embeddable`).
pub fn font_embeds(bytes: &[u8]) -> Result<(), String> {
    pdf::fonts::embeddable(bytes)
}

/// One page as an SVG document.
pub fn svg(doc: &Document, page: &Page) -> String {
    svg::render(doc, page)
}

/// One page as PNG bytes at `dpi`.
pub fn png(doc: &Document, page: &Page, dpi: f64) -> Result<Vec<u8>, Failure> {
    png::render(doc, page, dpi)
}

/// Every page as PNG bytes at `dpi`: each theme drawing is rasterised once
/// per size for the whole document (see `png`).
pub fn pngs(doc: &Document, dpi: f64) -> Result<Vec<Vec<u8>>, Failure> {
    png::render_all(doc, dpi)
}

/// One glyph of a text line, placed on the page.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PlacedGlyph {
    pub id: u16,
    /// Byte offset of the glyph's cluster in the line's text.
    pub cluster: u32,
    /// Pen position of the glyph's origin on the baseline (layout
    /// coordinates, y down).
    pub at: Point,
}

/// Where each glyph of a text item goes, from the same shaping the layout
/// measured with (`FontSet::shape`), so both backends put every glyph at the
/// same place (`Glyph::y_offset` is in page direction, down).
pub(crate) fn glyph_run(fonts: &FontSet, text: &Text) -> Vec<PlacedGlyph> {
    let mut pen = text.origin.x;
    fonts
        .shape(text.style.font, text.style.size, &text.text)
        .into_iter()
        .map(|g| {
            let at = Point::new(pen + g.x_offset, text.origin.y + g.y_offset);
            pen += g.x_advance;
            PlacedGlyph {
                id: g.id,
                cluster: g.cluster,
                at,
            }
        })
        .collect()
}

/// A single colour standing in for a paint where a backend cannot use a
/// gradient (PDF strokes): the mean of the stops.
pub(crate) fn flat_paint(paint: &Paint) -> Rgb {
    let stops = match paint {
        Paint::Solid(c) => return *c,
        Paint::Linear(g) => &g.stops,
        Paint::Radial(g) => &g.stops,
    };
    if stops.is_empty() {
        return Rgb::BLACK;
    }
    let n = stops.len() as f64;
    let mean = |f: fn(&Rgb) -> u8| -> u8 {
        (stops.iter().map(|s| f64::from(f(&s.color))).sum::<f64>() / n).round() as u8
    };
    Rgb(mean(|c| c.0), mean(|c| c.1), mean(|c| c.2))
}

/// The opacity a gradient's stops add on top of the fill's own (PDF
/// shadings have no per-stop alpha, so both backends use the mean).
pub(crate) fn stops_opacity(paint: &Paint) -> f64 {
    let stops = match paint {
        Paint::Solid(_) => return 1.0,
        Paint::Linear(g) => &g.stops,
        Paint::Radial(g) => &g.stops,
    };
    if stops.is_empty() {
        return 1.0;
    }
    stops.iter().map(|s| s.opacity.clamp(0.0, 1.0)).sum::<f64>() / stops.len() as f64
}

/// A stroke's dash pattern as both backends draw it: `None` for a solid
/// line, including patterns PDF would reject (negative lengths, nothing
/// but zeros).
pub fn dash_pattern(dash: &[Mm]) -> Option<Vec<f64>> {
    if dash.is_empty()
        || dash.iter().any(|d| !d.0.is_finite() || d.0 < 0.0)
        || dash.iter().all(|d| d.0 == 0.0)
    {
        return None;
    }
    Some(dash.iter().map(|d| d.0).collect())
}

/// Fixed-precision number for the text formats (SVG path data, PDF
/// operands): a thousandth of a millimetre is far below what a printer
/// resolves, and fixed precision keeps output identical across runs.
pub fn num(v: f64) -> String {
    decimals(v, 3)
}

/// `v` to `places` decimals (1 to 6), trailing zeros and a negative zero
/// cut.
pub fn decimals(v: f64, places: usize) -> String {
    let mut s = String::with_capacity(12);
    push_decimals(&mut s, v, places);
    s
}

/// [`decimals`] written onto the end of `out`: path data writes its
/// numbers one after another into one string, not a string each (writing
/// them was most of writing a page as SVG; perf of `print_margins`,
/// 2026-11-28).
pub fn push_decimals(out: &mut String, v: f64, places: usize) {
    if !push_scaled(out, v, places) {
        out.push_str(&exact_decimals(v, places));
    }
}

/// [`decimals`] through the formatter, which rounds the exact binary value
/// (ties to even) by a decimal expansion of it: a third of writing a page
/// as SVG (perf of `print_margins`, 2026-11-27).
pub fn exact_decimals(v: f64, places: usize) -> String {
    let s = format!("{v:.places$}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// [`push_decimals`] by integer arithmetic, where that rounds as the
/// formatter does: `v` scaled to at most a billion is within 2⁻²³ of the
/// exact product, so unless the product is within a millionth of a tie
/// its nearest integer is the exact one's. Ties, big numbers and NaN are
/// left to [`exact_decimals`] (`false`, nothing written).
fn push_scaled(out: &mut String, v: f64, places: usize) -> bool {
    const SCALE: [f64; 6] = [1e1, 1e2, 1e3, 1e4, 1e5, 1e6];
    let Some(&scale) = places.checked_sub(1).and_then(|i| SCALE.get(i)) else {
        return false;
    };
    let scaled = (v * scale).abs();
    if scaled.is_nan() || scaled >= 1e9 || (scaled.fract() - 0.5).abs() < 1e-6 {
        return false;
    }
    let n = scaled.round() as u64;
    if n == 0 {
        out.push('0');
        return true;
    }
    if v < 0.0 {
        out.push('-');
    }
    let unit = 10u64.pow(places as u32);
    push_digits(out, n / unit, 1);
    let mut part = n % unit;
    if part != 0 {
        // `places` digits with their leading zeros, less the trailing ones.
        let mut width = places;
        while part.is_multiple_of(10) {
            part /= 10;
            width -= 1;
        }
        out.push('.');
        push_digits(out, part, width);
    }
    true
}

/// `n` in decimal digits, at least `width` of them (leading zeros).
fn push_digits(out: &mut String, mut n: u64, width: usize) {
    let mut digits = [b'0'; 20];
    let mut start = digits.len();
    while n > 0 || digits.len() - start < width {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
    }
    out.extend(digits[start..].iter().map(|&d| char::from(d)));
}

/// A length in millimetres written as a number.
pub(crate) fn mm(v: Mm) -> String {
    num(v.0)
}

/// [`mm`] written onto the end of `out`.
pub(crate) fn push_mm(out: &mut String, v: Mm) {
    push_decimals(out, v.0, 3);
}
