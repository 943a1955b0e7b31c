//! PNG previews: the SVG backend's page rendered with resvg on white paper.

use crate::error::{Diagnostic, Failure};
use crate::layout::{Document, Page};

/// Largest preview side we agree to allocate (pixels); a page at an
/// absurd dpi is an error, not an out-of-memory abort.
const MAX_SIDE: f64 = 20_000.0;

pub(super) fn render(doc: &Document, page: &Page, dpi: f64) -> Result<Vec<u8>, Failure> {
    // The resolution is the option every command that draws PNGs takes.
    let fail = |m: String| Failure::new(Diagnostic::error("--dpi", m));
    if !(dpi.is_finite() && dpi > 0.0) {
        return Err(fail(format!(
            "a preview needs a positive resolution, not {dpi}"
        )));
    }
    let px = |v: f64| (v / 25.4 * dpi).round();
    let (w, h) = (px(page.size.w.0), px(page.size.h.0));
    if !(1.0..=MAX_SIDE).contains(&w) || !(1.0..=MAX_SIDE).contains(&h) {
        return Err(fail(format!(
            "a {w}×{h} pixel preview is out of range at {dpi} dpi"
        )));
    }
    let svg = super::svg(doc, page);
    let tree = usvg::Tree::from_str(&svg, &usvg::Options::default())
        .map_err(|e| Failure::internal(format!("the page's SVG cannot be read back: {e}")))?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w as u32, h as u32)
        .ok_or_else(|| fail(format!("cannot allocate a {w}×{h} pixel preview")))?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    // The SVG's viewBox is the page in mm; scale it to the pixmap exactly.
    let sx = w as f32 / tree.size().width();
    let sy = h as f32 / tree.size().height();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(sx, sy),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| Failure::new(Diagnostic::error("png", format!("cannot encode PNG: {e}"))))
}
