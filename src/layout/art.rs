//! Theme art (SVG, parsed by usvg) turned into the page model's own
//! primitives, so it stays vector in every backend.
//!
//! SKELETON: the backend work walks the usvg tree (paths, groups,
//! transforms, fills, strokes, opacity, gradients) into [`Item`]s.

use super::{Group, Item, Transform};
use crate::theme::Art;
use crate::units::Rect;

/// The art scaled to fit `rect` (aspect ratio kept) and centred in it.
pub fn place(art: &Art, rect: Rect) -> Item {
    let size = art.0.size();
    let k = (rect.w.0 / size.width() as f64).min(rect.h.0 / size.height() as f64);
    let dx = rect.x + (rect.w - crate::units::Mm(size.width() as f64 * k)) / 2.0;
    let dy = rect.y + (rect.h - crate::units::Mm(size.height() as f64 * k)) / 2.0;
    Item::Group(Group::new(
        Transform::translate(dx, dy).then(Transform::scale(k, k)),
        Vec::new(),
    ))
}
