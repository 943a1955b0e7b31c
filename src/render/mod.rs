//! Backends: draw a laid-out [`Document`](crate::layout::Document) as PDF,
//! SVG or PNG. They only draw; every position was decided by the layout.
//!
//! The PDF backend (`pdf`) and the SVG backend (`svg`) walk the same items
//! with the same rules (see [`glyph_run`] for text, [`flat_paint`] for the
//! few things PDF cannot paint directly), so the PNG previews rendered from
//! the SVG (`png`) show what the PDF prints.

pub(crate) mod pdf;
mod png;
mod svg;

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
pub(crate) fn dash_pattern(dash: &[Mm]) -> Option<Vec<f64>> {
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
pub(crate) fn num(v: f64) -> String {
    decimals(v, 3)
}

/// `v` to `places` decimals, trailing zeros and a negative zero cut.
pub(crate) fn decimals(v: f64, places: usize) -> String {
    let s = format!("{v:.places$}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// A length in millimetres written as a number.
pub(crate) fn mm(v: Mm) -> String {
    num(v.0)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
