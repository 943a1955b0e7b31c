//! Theme art as PDF form XObjects: each drawing is written once and every
//! placement names it (`/Art0 Do`), as typst and resvg-based exporters do,
//! so a kit's size and the time to write it grow with the art's
//! complexity, not with how often a piece is drawn.
//!
//! printpdf 0.12 can only take a form's content as finished bytes, and
//! writes content only for pages; so each drawing is drawn as one extra
//! page at the end, with the same writer as every page, and once printpdf
//! has written the file that page's content stream becomes the form (with
//! the page's resources: graphics states and shadings are shared by the
//! whole document) and the page leaves the page tree.

use lopdf::{Dictionary, Object, ObjectId};
use printpdf::{Op, PdfPage, XObjectId};

use super::coord;
use crate::error::{Diagnostic, Failure};
use crate::units::Rect;

/// The resource name of the `n`-th drawing.
pub(super) fn name(n: usize) -> XObjectId {
    XObjectId(format!("Art{n}"))
}

/// The stand-in page a drawing is drawn on (its size does not matter: it
/// is never shown).
pub(super) fn page(ops: Vec<Op>) -> PdfPage {
    PdfPage::new(printpdf::Mm(10.0), printpdf::Mm(10.0), ops)
}

fn fail(what: &str) -> Failure {
    Failure::new(Diagnostic::error(
        "pdf",
        format!("cannot write the art into the PDF: {what}"),
    ))
}

/// Turns the last pages of `lo`, the stand-in pages of the drawings whose
/// viewports are `views`, in the order of [`name`], into form XObjects registered in the document's
/// XObject resources, and takes those pages out of the page tree.
pub(super) fn make_forms(lo: &mut lopdf::Document, views: &[Rect]) -> Result<(), Failure> {
    let count = views.len();
    if count == 0 {
        return Ok(());
    }
    let pages: Vec<ObjectId> = lo.get_pages().into_values().collect();
    let first = pages
        .len()
        .checked_sub(count)
        .ok_or_else(|| fail("missing pages"))?;
    for (n, &page_id) in pages[first..].iter().enumerate() {
        let page = lo
            .get_dictionary(page_id)
            .map_err(|_| fail("a page is not a dictionary"))?;
        let resources = page
            .get(b"Resources")
            .and_then(Object::as_reference)
            .map_err(|_| fail("a page has no resources"))?;
        let parent = page
            .get(b"Parent")
            .and_then(Object::as_reference)
            .map_err(|_| fail("a page has no parent"))?;
        let xobjects = lo
            .get_dictionary(resources)
            .and_then(|r| r.get(b"XObject"))
            .and_then(Object::as_reference)
            .map_err(|_| fail("no XObject resources"))?;
        let content = lo.get_page_content(page_id);
        let mut dict = Dictionary::new();
        dict.set("Type", Object::Name(b"XObject".to_vec()));
        dict.set("Subtype", Object::Name(b"Form".to_vec()));
        // Only the drawing's viewport shows, as in an SVG viewer (and the
        // PNG previews): a stray path far outside it draws nothing.
        let v = views[n];
        let at = |x: f64| Object::Real(coord(x).unwrap_or(0.0));
        dict.set(
            "BBox",
            Object::Array(vec![
                at(v.x.0),
                at(v.y.0),
                at(v.right().0),
                at(v.bottom().0),
            ]),
        );
        dict.set("Resources", Object::Reference(resources));
        let form = lo.add_object(lopdf::Stream::new(dict, content));
        lo.get_dictionary_mut(xobjects)
            .map_err(|_| fail("no XObject resources"))?
            .set(name(n).0, Object::Reference(form));
        for id in lo.get_page_contents(page_id) {
            lo.objects.remove(&id);
        }
        lo.objects.remove(&page_id);
        unlink(lo, parent, page_id)?;
    }
    Ok(())
}

/// Removes a page from its parent's kids and lowers the counts above it.
fn unlink(lo: &mut lopdf::Document, parent: ObjectId, page: ObjectId) -> Result<(), Failure> {
    let node = lo
        .get_dictionary_mut(parent)
        .map_err(|_| fail("the page tree is broken"))?;
    if let Ok(Object::Array(kids)) = node.get_mut(b"Kids") {
        kids.retain(|k| k.as_reference().ok() != Some(page));
    }
    let mut at = Some(parent);
    while let Some(id) = at {
        let node = lo
            .get_dictionary_mut(id)
            .map_err(|_| fail("the page tree is broken"))?;
        let count = node.get(b"Count").and_then(Object::as_i64).unwrap_or(1);
        node.set("Count", Object::Integer(count - 1));
        at = node.get(b"Parent").and_then(Object::as_reference).ok();
    }
    Ok(())
}
