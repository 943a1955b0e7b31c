//! Theme art (SVG, parsed by usvg) turned into the page model's own
//! primitives, so it stays vector in every backend.
//!
//! usvg has already resolved the SVG (styles, `use`, units, the viewBox,
//! gradient units); this module walks its tree: groups with transforms,
//! opacity and clip paths; paths with fills and strokes; linear and radial
//! gradients (with their own transforms); text that usvg turned into
//! outlines. Not carried over: masks, filters, blend modes, patterns,
//! embedded raster images, and a gradient's `spreadMethod` other than pad
//! (a theme's art should not need them; see docs/design/backends.md).

use std::sync::{Arc, OnceLock};

use usvg::tiny_skia_path::PathSegment;

use super::{
    Fill, FillRule, Group, Item, LineCap, LineJoin, LinearGradient, Paint, Path, PathCmd,
    RadialGradient, Rgb, Stop, Stroke, Transform,
};
use crate::units::{Mm, Point, Rect};

/// A parsed SVG drawing, ready to place on a page. Where it comes from
/// (a theme folder, checked as untrusted input) is not this module's
/// business: the theme reads it, the layout only draws it. It is
/// converted to page-model items once, here; every placement shares them.
#[derive(Clone)]
pub struct Art {
    tree: Arc<usvg::Tree>,
    drawing: Arc<Drawing>,
}

impl std::fmt::Debug for Art {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.tree.size();
        write!(f, "Art({}×{})", s.width(), s.height())
    }
}

impl Art {
    /// The drawing of a parsed SVG tree, converted once.
    pub fn new(tree: usvg::Tree) -> Art {
        Art::within(tree, u64::MAX).unwrap_or_else(|_| unreachable!("no budget to exceed"))
    }

    /// The drawing of a parsed SVG tree, converted once, or `Err` with the
    /// bytes it had taken when it went over `max_bytes` (conversion stops
    /// there, so a drawing that would take gigabytes takes a budget's
    /// worth).
    pub fn within(tree: usvg::Tree, max_bytes: u64) -> Result<Art, u64> {
        let mut budget = Budget {
            spent: 0,
            limit: max_bytes,
        };
        let items = vec![group(tree.root(), &mut budget)];
        if budget.spent > budget.limit {
            return Err(budget.spent);
        }
        let size = tree.size();
        let view = Rect::new(
            Mm(0.0),
            Mm(0.0),
            Mm(f64::from(size.width())),
            Mm(f64::from(size.height())),
        );
        Ok(Art {
            drawing: Arc::new(Drawing::new(items, view)),
            tree: Arc::new(tree),
        })
    }

    /// The SVG as usvg resolved it.
    pub fn tree(&self) -> &usvg::Tree {
        &self.tree
    }

    /// The converted drawing every placement refers to.
    pub fn drawing(&self) -> &Arc<Drawing> {
        &self.drawing
    }
}

/// A drawing in its own units (SVG user units), converted once: the items
/// of [`Item::Art`].
#[derive(Debug)]
pub struct Drawing {
    pub items: Vec<Item>,
    /// The SVG's viewport in its own units: what is shown of it, as an
    /// SVG viewer shows the document (every backend clips to it, so a
    /// stray far-off path costs nothing and shows nothing).
    pub view: Rect,
    /// What the converted drawing weighs, counted once when converted.
    pub weight: Weight,
    bounds: OnceLock<Option<Rect>>,
}

impl Drawing {
    pub fn new(items: Vec<Item>, view: Rect) -> Drawing {
        let mut weight = Weight::default();
        for i in &items {
            weight.add_item(i);
        }
        Drawing {
            items,
            view,
            weight,
            bounds: OnceLock::new(),
        }
    }

    /// The box the drawing covers in its own units, computed once (`f`
    /// is the bounds of a list of items).
    pub fn bounds(&self, f: impl FnOnce(&[Item]) -> Option<Rect>) -> Option<Rect> {
        *self.bounds.get_or_init(|| f(&self.items))
    }
}

/// The size of a converted drawing: items (paths, groups and gradient
/// stops), path segments (clips included) and the bytes they take.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weight {
    pub elements: u64,
    pub segments: u64,
    pub bytes: u64,
}

impl Weight {
    fn size_of<T>(n: usize) -> u64 {
        (std::mem::size_of::<T>() * n) as u64
    }

    fn add_paint(&mut self, p: &Paint) {
        let stops = match p {
            Paint::Solid(_) => return,
            Paint::Linear(g) => g.stops.len(),
            Paint::Radial(g) => g.stops.len(),
        };
        self.elements += stops as u64;
        self.bytes += Self::size_of::<Stop>(stops);
    }

    fn add_item(&mut self, item: &Item) {
        self.elements += 1;
        self.bytes += Self::size_of::<Item>(1);
        match item {
            Item::Path(p) => {
                self.segments += p.commands.len() as u64;
                self.bytes += Self::size_of::<PathCmd>(p.commands.len());
                if let Some(f) = &p.fill {
                    self.add_paint(&f.paint);
                }
                if let Some(s) = &p.stroke {
                    self.add_paint(&s.paint);
                    self.bytes += Self::size_of::<Mm>(s.dash.len());
                }
            }
            Item::Group(g) => {
                let clip = g.clip.as_ref().map_or(0, Vec::len);
                self.segments += clip as u64;
                self.bytes += Self::size_of::<PathCmd>(clip);
                for i in &g.items {
                    self.add_item(i);
                }
            }
            Item::Text(t) => self.bytes += t.text.len() as u64,
            // Shared: weighed where it was converted.
            Item::Art(_) => {}
        }
    }
}

/// The art scaled to fit `rect` (aspect ratio kept) and centred in it: a
/// group that places the shared drawing.
pub fn place(art: &Art, rect: Rect) -> Item {
    let size = art.tree.size();
    let (w, h) = (f64::from(size.width()), f64::from(size.height()));
    let k = (rect.w.0 / w).min(rect.h.0 / h);
    let dx = rect.x + (rect.w - Mm(w * k)) / 2.0;
    let dy = rect.y + (rect.h - Mm(h * k)) / 2.0;
    Item::Group(Group::new(
        Transform::translate(dx, dy).then(Transform::scale(k, k)),
        vec![Item::Art(Arc::clone(&art.drawing))],
    ))
}

/// The memory a conversion may still take: outlines are the bulk of a
/// drawing (and a clip path is copied into every group it clips), so each
/// is paid for before it is made, and nothing more is made once the
/// budget is spent.
struct Budget {
    spent: u64,
    limit: u64,
}

impl Budget {
    /// Pays for `n` path commands (and an item); false once over budget.
    fn pay(&mut self, n: usize) -> bool {
        let cost = (n * std::mem::size_of::<PathCmd>() + std::mem::size_of::<Item>()) as u64;
        self.spent = self.spent.saturating_add(cost);
        self.spent <= self.limit
    }
}

/// SVG user units become the group's "millimetres": `place` scales them.
fn point(x: f32, y: f32) -> Point {
    Point::new(Mm(f64::from(x)), Mm(f64::from(y)))
}

fn transform(t: usvg::Transform) -> Transform {
    Transform {
        a: f64::from(t.sx),
        b: f64::from(t.ky),
        c: f64::from(t.kx),
        d: f64::from(t.sy),
        e: Mm(f64::from(t.tx)),
        f: Mm(f64::from(t.ty)),
    }
}

fn group(g: &usvg::Group, budget: &mut Budget) -> Item {
    let mut items = Vec::new();
    for node in g.children() {
        if budget.spent > budget.limit {
            break;
        }
        node_items(node, &mut items, budget);
    }
    Item::Group(Group {
        transform: transform(g.transform()),
        opacity: f64::from(g.opacity().get()),
        clip: g.clip_path().map(|c| clip(c, budget)),
        items,
    })
}

fn node_items(node: &usvg::Node, out: &mut Vec<Item>, budget: &mut Budget) {
    match node {
        usvg::Node::Group(g) => out.push(group(g, budget)),
        usvg::Node::Path(p) => path(p, out, budget),
        // Text that usvg could lay out is available as outlines.
        usvg::Node::Text(t) => out.push(group(t.flattened(), budget)),
        // Raster images would not stay vector; themes use vector art.
        usvg::Node::Image(_) => {}
    }
}

/// A clip path as one outline in the clipped group's coordinates: every
/// path of the clip, each under its groups' transforms. (A clip's own
/// clip path is not carried over.)
fn clip(c: &usvg::ClipPath, budget: &mut Budget) -> Vec<PathCmd> {
    let mut cmds = Vec::new();
    clip_group(c.root(), c.transform(), &mut cmds, budget);
    cmds
}

fn clip_group(
    g: &usvg::Group,
    outer: usvg::Transform,
    cmds: &mut Vec<PathCmd>,
    budget: &mut Budget,
) {
    let t = outer.pre_concat(g.transform());
    for node in g.children() {
        match node {
            usvg::Node::Group(child) => clip_group(child, t, cmds, budget),
            usvg::Node::Path(p) => {
                if !budget.pay(p.data().len()) {
                    return;
                }
                let m = transform(t);
                cmds.extend(commands(p.data()).into_iter().map(|c| map_cmd(c, &m)));
            }
            usvg::Node::Text(text) => clip_group(text.flattened(), t, cmds, budget),
            usvg::Node::Image(_) => {}
        }
    }
}

fn map_cmd(c: PathCmd, m: &Transform) -> PathCmd {
    match c {
        PathCmd::MoveTo(p) => PathCmd::MoveTo(m.apply(p)),
        PathCmd::LineTo(p) => PathCmd::LineTo(m.apply(p)),
        PathCmd::CubicTo(a, b, p) => PathCmd::CubicTo(m.apply(a), m.apply(b), m.apply(p)),
        PathCmd::Close => PathCmd::Close,
    }
}

/// Path data as page-model commands; quadratic curves are raised to cubics.
fn commands(data: &usvg::tiny_skia_path::Path) -> Vec<PathCmd> {
    let mut cmds = Vec::with_capacity(data.len());
    let mut last = (0.0f32, 0.0f32);
    for seg in data.segments() {
        match seg {
            PathSegment::MoveTo(p) => {
                cmds.push(PathCmd::MoveTo(point(p.x, p.y)));
                last = (p.x, p.y);
            }
            PathSegment::LineTo(p) => {
                cmds.push(PathCmd::LineTo(point(p.x, p.y)));
                last = (p.x, p.y);
            }
            PathSegment::QuadTo(q, p) => {
                cmds.push(super::draw::quad_to_cubic(
                    point(last.0, last.1),
                    point(q.x, q.y),
                    point(p.x, p.y),
                ));
                last = (p.x, p.y);
            }
            PathSegment::CubicTo(a, b, p) => {
                cmds.push(PathCmd::CubicTo(
                    point(a.x, a.y),
                    point(b.x, b.y),
                    point(p.x, p.y),
                ));
                last = (p.x, p.y);
            }
            PathSegment::Close => cmds.push(PathCmd::Close),
        }
    }
    cmds
}

fn rgb(c: usvg::Color) -> Rgb {
    Rgb(c.red, c.green, c.blue)
}

fn stops(s: &[usvg::Stop]) -> Vec<Stop> {
    s.iter()
        .map(|s| Stop {
            offset: f64::from(s.offset().get()),
            color: rgb(s.color()),
            opacity: f64::from(s.opacity().get()),
        })
        .collect()
}

/// A paint in the coordinates of the path, and the gradient's own
/// transform when it is not the identity (the caller then draws the path
/// in the gradient's space so skewed or squashed gradients stay exact).
fn paint(p: &usvg::Paint) -> Option<(Paint, usvg::Transform)> {
    match p {
        usvg::Paint::Color(c) => Some((Paint::Solid(rgb(*c)), usvg::Transform::identity())),
        usvg::Paint::LinearGradient(g) => Some((
            Paint::Linear(LinearGradient {
                start: point(g.x1(), g.y1()),
                end: point(g.x2(), g.y2()),
                stops: stops(g.stops()),
            }),
            g.transform(),
        )),
        usvg::Paint::RadialGradient(g) => Some((
            Paint::Radial(RadialGradient {
                center: point(g.cx(), g.cy()),
                radius: Mm(f64::from(g.r().get())),
                focus: point(g.fx(), g.fy()),
                stops: stops(g.stops()),
            }),
            g.transform(),
        )),
        // Patterns would need tiling; a theme's art does not use them.
        usvg::Paint::Pattern(_) => None,
    }
}

fn path(p: &usvg::Path, out: &mut Vec<Item>, budget: &mut Budget) {
    if !p.is_visible() {
        return;
    }
    // A path both filled and stroked is kept twice.
    let copies = usize::from(p.fill().is_some()) + usize::from(p.stroke().is_some());
    if !budget.pay(p.data().len() * copies.max(1)) {
        return;
    }
    let cmds = commands(p.data());
    if cmds.is_empty() {
        return;
    }
    let fill = p.fill().and_then(|f| {
        paint(f.paint()).map(|(paint, t)| {
            (
                Fill {
                    paint,
                    rule: match f.rule() {
                        usvg::FillRule::NonZero => FillRule::NonZero,
                        usvg::FillRule::EvenOdd => FillRule::EvenOdd,
                    },
                    opacity: f64::from(f.opacity().get()),
                },
                t,
            )
        })
    });
    let stroke = p.stroke().and_then(|s| {
        paint(s.paint()).map(|(paint, _)| Stroke {
            paint,
            width: Mm(f64::from(s.width().get())),
            dash: s
                .dasharray()
                .map(|d| d.iter().map(|v| Mm(f64::from(*v))).collect())
                .unwrap_or_default(),
            cap: match s.linecap() {
                usvg::LineCap::Butt => LineCap::Butt,
                usvg::LineCap::Round => LineCap::Round,
                usvg::LineCap::Square => LineCap::Square,
            },
            join: match s.linejoin() {
                usvg::LineJoin::Miter | usvg::LineJoin::MiterClip => LineJoin::Miter,
                usvg::LineJoin::Round => LineJoin::Round,
                usvg::LineJoin::Bevel => LineJoin::Bevel,
            },
            opacity: f64::from(s.opacity().get()),
        })
    });
    let stroke_first = p.paint_order() == usvg::PaintOrder::StrokeAndFill;
    let stroke_item = stroke.map(|s| {
        Item::Path(Path {
            commands: cmds.clone(),
            fill: None,
            stroke: Some(s),
        })
    });
    let fill_item = fill.map(|(f, t)| fill_item(&cmds, f, t));
    let (first, second) = if stroke_first {
        (stroke_item, fill_item)
    } else {
        (fill_item, stroke_item)
    };
    out.extend(first);
    out.extend(second);
}

/// A filled path; under a gradient transform, the path is drawn in the
/// gradient's space (inverse-mapped) inside a group with that transform.
fn fill_item(cmds: &[PathCmd], f: Fill, t: usvg::Transform) -> Item {
    if t.is_identity() {
        return Item::Path(Path {
            commands: cmds.to_vec(),
            fill: Some(f),
            stroke: None,
        });
    }
    let Some(inv) = t.invert() else {
        // A degenerate gradient transform paints nothing in SVG.
        return Item::Group(Group::new(Transform::IDENTITY, Vec::new()));
    };
    let inv = transform(inv);
    Item::Group(Group::new(
        transform(t),
        vec![Item::Path(Path {
            commands: cmds.iter().map(|c| map_cmd(*c, &inv)).collect(),
            fill: Some(f),
            stroke: None,
        })],
    ))
}
