//! Bounding boxes of laid-out items, so the kit (and its tests) can prove
//! that everything lies inside the printable area.
//!
//! Curves are bounded by their control points (a box that may be a little
//! generous, never too small); text by its measured advance, ascent and
//! descent; groups by their children mapped through the group's transform
//! and cut down to the clip.

use crate::layout::text::FontSet;
use crate::layout::{Item, PathCmd, Transform};
use crate::units::{Mm, Point, Rect};

/// The union of two optional boxes.
pub fn union(a: Option<Rect>, b: Option<Rect>) -> Option<Rect> {
    match (a, b) {
        (None, x) | (x, None) => x,
        (Some(a), Some(b)) => {
            let x = a.x.min(b.x);
            let y = a.y.min(b.y);
            let r = a.right().max(b.right());
            let btm = a.bottom().max(b.bottom());
            Some(Rect::new(x, y, r - x, btm - y))
        }
    }
}

fn points_box(points: impl IntoIterator<Item = Point>) -> Option<Rect> {
    let mut acc: Option<Rect> = None;
    for p in points {
        acc = union(acc, Some(Rect::new(p.x, p.y, Mm::ZERO, Mm::ZERO)));
    }
    acc
}

fn path_points(cmds: &[PathCmd]) -> Vec<Point> {
    let mut pts = Vec::new();
    for c in cmds {
        match *c {
            PathCmd::MoveTo(p) | PathCmd::LineTo(p) => pts.push(p),
            PathCmd::CubicTo(a, b, p) => pts.extend([a, b, p]),
            PathCmd::Close => {}
        }
    }
    pts
}

fn transform_box(t: &Transform, r: Rect) -> Option<Rect> {
    points_box([
        t.apply(Point::new(r.x, r.y)),
        t.apply(Point::new(r.right(), r.y)),
        t.apply(Point::new(r.x, r.bottom())),
        t.apply(Point::new(r.right(), r.bottom())),
    ])
}

fn intersect(a: Rect, b: Rect) -> Option<Rect> {
    let x = a.x.max(b.x);
    let y = a.y.max(b.y);
    let r = a.right().min(b.right());
    let btm = a.bottom().min(b.bottom());
    (r.0 >= x.0 && btm.0 >= y.0).then(|| Rect::new(x, y, r - x, btm - y))
}

/// The box an item covers on its page (strokes included), or `None` when
/// it draws nothing.
pub fn item_bounds(item: &Item, fonts: &FontSet) -> Option<Rect> {
    match item {
        Item::Path(p) => {
            let b = points_box(path_points(&p.commands))?;
            let half = p.stroke.as_ref().map(|s| s.width / 2.0).unwrap_or(Mm::ZERO);
            Some(b.inset(-half))
        }
        Item::Text(t) => {
            if t.text.trim().is_empty() {
                return None;
            }
            let w = fonts.width(&t.style, &t.text);
            let asc = fonts.ascent(&t.style);
            let desc = fonts.descent(&t.style);
            Some(Rect::new(t.origin.x, t.origin.y - asc, w, asc + desc))
        }
        Item::Group(g) => {
            let mut inner = None;
            for child in &g.items {
                inner = union(inner, item_bounds(child, fonts));
            }
            let mut inner = inner?;
            if let Some(clip) = &g.clip {
                inner = intersect(inner, points_box(path_points(clip))?)?;
            }
            transform_box(&g.transform, inner)
        }
        Item::Art(d) => d.bounds(|items| items_bounds(items, fonts)),
    }
}

/// The box of a list of items.
pub fn items_bounds(items: &[Item], fonts: &FontSet) -> Option<Rect> {
    items
        .iter()
        .fold(None, |acc, i| union(acc, item_bounds(i, fonts)))
}
