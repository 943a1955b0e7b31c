//! Backends: draw a laid-out [`Document`](crate::layout::Document) as PDF,
//! SVG or PNG. They only draw; every position was decided by the layout.
//!
//! SKELETON: the backend work fills these in, keeping the signatures.

use crate::error::Failure;
use crate::layout::{Document, Page};

/// The whole document as PDF bytes (deterministic: same document, same
/// bytes).
pub fn pdf(doc: &Document) -> Result<Vec<u8>, Failure> {
    let _ = doc;
    Ok(Vec::new())
}

/// One page as an SVG document.
pub fn svg(doc: &Document, page: &Page) -> String {
    let _ = (doc, page);
    String::new()
}

/// One page as PNG bytes at `dpi`.
pub fn png(doc: &Document, page: &Page, dpi: f64) -> Result<Vec<u8>, Failure> {
    let _ = (doc, page, dpi);
    Ok(Vec::new())
}
