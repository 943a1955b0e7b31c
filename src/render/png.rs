//! PNG previews: the SVG backend's drawing rendered with resvg on white
//! paper, each theme drawing rasterised once per size.
//!
//! Rendering a page's SVG whole would rasterise a theme drawing again at
//! every placement (resvg expands each `<use>`), so a preview cost the
//! art's complexity times its placements: 65 s for a kit whose art sits at
//! the segment budget (issue 26). Instead a page is drawn in layers, cut at
//! each placement of a drawing: the items between placements go through
//! the SVG backend and resvg; a placement copies a *sprite*, the drawing
//! rasterised once for its size and turn on the pixel grid (the linear part
//! of its placement), clipped to its viewport, and kept for every page of
//! the document. The copy goes to the placement's offset (resampled when it
//! falls between pixels) under the clips of the groups around it. Art under
//! a group's opacity is drawn in place, as the other backends do.

use std::collections::HashMap;
use std::sync::Arc;

use resvg::tiny_skia::{
    self as sk, FilterQuality, IntRect, Mask, Pixmap, PixmapPaint, Transform as SkTransform,
};

use crate::error::{Diagnostic, Failure};
use crate::layout::art::Drawing;
use crate::layout::{Document, Group, Item, Page, PathCmd, Transform};

/// Largest preview side we agree to allocate (pixels); a page at an
/// absurd dpi is an error, not an out-of-memory abort.
const MAX_SIDE: f64 = 20_000.0;

/// Most bytes of sprites kept at once; past it the cache starts afresh
/// (a kit places its drawings at a handful of sizes, far below this).
const MAX_CACHED_BYTES: u64 = 256 * 1024 * 1024;

/// Every page of `doc` as PNG bytes at `dpi`, sharing one sprite cache.
pub(super) fn render_all(doc: &Document, dpi: f64) -> Result<Vec<Vec<u8>>, Failure> {
    let mut sprites = Sprites::default();
    doc.pages
        .iter()
        .map(|p| render_page(doc, p, dpi, &mut sprites))
        .collect()
}

/// One page as PNG bytes at `dpi`.
pub(super) fn render(doc: &Document, page: &Page, dpi: f64) -> Result<Vec<u8>, Failure> {
    render_page(doc, page, dpi, &mut Sprites::default())
}

pub fn render_page(
    doc: &Document,
    page: &Page,
    dpi: f64,
    sprites: &mut Sprites,
) -> Result<Vec<u8>, Failure> {
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
    let mut pixmap = Pixmap::new(w as u32, h as u32)
        .ok_or_else(|| fail(format!("cannot allocate a {w}×{h} pixel preview")))?;
    pixmap.fill(sk::Color::WHITE);
    // Millimetres to pixels, exactly the page onto the pixmap.
    let scale = Transform::scale(w / page.size.w.0, h / page.size.h.0);
    let mut painter = Painter {
        doc,
        pixmap,
        scale,
        sprites,
        mask: None,
    };
    for layer in layers(&page.items, 1.0) {
        match layer {
            Layer::Items(items) => painter.vector(&items)?,
            Layer::Art(p) => painter.art(&p)?,
        }
    }
    painter
        .pixmap
        .encode_png()
        .map_err(|e| Failure::new(Diagnostic::error("png", format!("cannot encode PNG: {e}"))))
}

/// What a page is drawn as, in order.
enum Layer<'a> {
    /// Items drawn through the SVG backend (with their groups rebuilt
    /// around them).
    Items(Vec<Item>),
    /// One placement of a theme drawing.
    Art(Placement<'a>),
}

/// A drawing, where it goes on the page and the clips of the groups
/// around it (each with the transform from its group's space to the
/// page's).
struct Placement<'a> {
    drawing: &'a Arc<Drawing>,
    at: Transform,
    clips: Vec<(Transform, &'a [PathCmd])>,
}

/// The layers of `items`: each group that holds a placement is cut in
/// two around it (transform, opacity and clip kept on both halves, which
/// draws the same, as group opacity is multiplied into the items).
fn layers(items: &[Item], opacity: f64) -> Vec<Layer<'_>> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Art(drawing) if opacity >= 1.0 => out.push(Layer::Art(Placement {
                drawing,
                at: Transform::IDENTITY,
                clips: Vec::new(),
            })),
            Item::Group(g) => {
                // An empty clip shows nothing, as in the SVG backend.
                if g.clip.as_ref().is_some_and(|c| c.is_empty()) {
                    continue;
                }
                for layer in layers(&g.items, opacity * g.opacity.clamp(0.0, 1.0)) {
                    push(&mut out, within(g, layer));
                }
            }
            other => push(&mut out, Layer::Items(vec![other.clone()])),
        }
    }
    out
}

/// A layer of `g`'s items as a layer of the items around `g`.
fn within<'a>(g: &'a Group, layer: Layer<'a>) -> Layer<'a> {
    match layer {
        Layer::Items(items) => Layer::Items(vec![Item::Group(Group {
            transform: g.transform,
            opacity: g.opacity,
            clip: g.clip.clone(),
            items,
        })]),
        Layer::Art(p) => {
            let mut clips: Vec<_> = g
                .clip
                .as_deref()
                .map(|c| (g.transform, c))
                .into_iter()
                .collect();
            clips.extend(p.clips.into_iter().map(|(t, c)| (g.transform.then(t), c)));
            Layer::Art(Placement {
                drawing: p.drawing,
                at: g.transform.then(p.at),
                clips,
            })
        }
    }
}

fn push<'a>(out: &mut Vec<Layer<'a>>, layer: Layer<'a>) {
    match layer {
        Layer::Items(more) => match out.last_mut() {
            Some(Layer::Items(last)) => last.extend(more),
            _ => out.push(Layer::Items(more)),
        },
        art => out.push(art),
    }
}

/// The sprites of one document, by drawing and pixel size, and the
/// drawings they are made from.
#[derive(Default)]
pub struct Sprites {
    pub map: HashMap<SpriteKey, Option<Arc<Sprite>>>,
    /// Each drawing read by resvg, by identity (the drawing kept alive).
    pub trees: HashMap<usize, (Arc<Drawing>, Arc<usvg::Tree>)>,
    bytes: u64,
}

/// A drawing (by identity) and the linear part of its placement in
/// pixels, to a millionth.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SpriteKey {
    drawing: usize,
    linear: [i64; 4],
}

/// A drawing rasterised: `origin` is where the pixmap's top-left pixel
/// lies from the placement's origin.
pub struct Sprite {
    pixmap: Pixmap,
    origin: (i32, i32),
    /// Keeps the drawing alive, so its address stays its own.
    _drawing: Arc<Drawing>,
}

struct Painter<'a, 's> {
    doc: &'a Document,
    pixmap: Pixmap,
    /// Page millimetres to pixels.
    scale: Transform,
    sprites: &'s mut Sprites,
    /// The mask of the last clips an art placement was drawn under: the
    /// placements on one board share it.
    mask: Option<(Vec<ClipKey>, Option<Mask>)>,
}

/// A clip outline (by address) under a transform (by bits).
type ClipKey = (usize, [u64; 6]);

impl Painter<'_, '_> {
    fn vector(&mut self, items: &[Item]) -> Result<(), Failure> {
        let tree = parse(&super::svg::fragment(self.doc, items))?;
        resvg::render(&tree, sk_transform(&self.scale), &mut self.pixmap.as_mut());
        Ok(())
    }

    fn art(&mut self, p: &Placement) -> Result<(), Failure> {
        let device = self.scale.then(p.at);
        if !finite(&device) {
            return Ok(());
        }
        let key = SpriteKey {
            drawing: Arc::as_ptr(p.drawing) as usize,
            linear: [device.a, device.b, device.c, device.d].map(|v| (v * 1e6).round() as i64),
        };
        let Some(region) = sprite_region(p.drawing, &device) else {
            return Ok(());
        };
        let page_px = u64::from(self.pixmap.width()) * u64::from(self.pixmap.height());
        let sprite = if area(region) <= page_px {
            self.cached(key, p.drawing, &device, region)?
        } else {
            // Placed larger than the page (no kit does): only what falls
            // on the page is drawn, for this placement alone.
            let page = IntRect::from_xywh(
                -(device.e.0.floor() as i32),
                -(device.f.0.floor() as i32),
                self.pixmap.width() + 1,
                self.pixmap.height() + 1,
            );
            match page.and_then(|r| region.intersect(&r)) {
                Some(r) => self.sprite(p.drawing, &device, r)?.map(Arc::new),
                None => None,
            }
        };
        let Some(sprite) = sprite else {
            return Ok(());
        };
        if !self.clip_to(&p.clips) {
            return Ok(());
        }
        let (x, y) = (device.e.0.floor(), device.f.0.floor());
        let (fx, fy) = ((device.e.0 - x) as f32, (device.f.0 - y) as f32);
        let between = fx.abs() > 1e-3 || fy.abs() > 1e-3;
        let paint = PixmapPaint {
            quality: if between {
                FilterQuality::Bilinear
            } else {
                FilterQuality::Nearest
            },
            ..PixmapPaint::default()
        };
        let mask = match &self.mask {
            Some((_, m)) if !p.clips.is_empty() => m.as_ref(),
            _ => None,
        };
        self.pixmap.draw_pixmap(
            x as i32 + sprite.origin.0,
            y as i32 + sprite.origin.1,
            sprite.pixmap.as_ref(),
            &paint,
            if between {
                SkTransform::from_translate(fx, fy)
            } else {
                SkTransform::identity()
            },
            mask,
        );
        Ok(())
    }

    fn cached(
        &mut self,
        key: SpriteKey,
        drawing: &Arc<Drawing>,
        device: &Transform,
        region: IntRect,
    ) -> Result<Option<Arc<Sprite>>, Failure> {
        if let Some(s) = self.sprites.map.get(&key) {
            return Ok(s.clone());
        }
        let made = self.sprite(drawing, device, region)?.map(Arc::new);
        let bytes = made.as_ref().map_or(0, |s| s.pixmap.data().len() as u64);
        if self.sprites.bytes + bytes > MAX_CACHED_BYTES {
            self.sprites.map.clear();
            self.sprites.bytes = 0;
        }
        self.sprites.bytes += bytes;
        self.sprites.map.insert(key, made.clone());
        Ok(made)
    }

    /// `drawing` under `device`'s linear part, rasterised over `region`
    /// (pixels from the placement's origin).
    fn sprite(
        &mut self,
        drawing: &Arc<Drawing>,
        device: &Transform,
        region: IntRect,
    ) -> Result<Option<Sprite>, Failure> {
        let Some(mut pixmap) = Pixmap::new(region.width(), region.height()) else {
            return Ok(None);
        };
        let tree = self.tree(drawing)?;
        let place = Transform {
            e: crate::units::Mm(-f64::from(region.x())),
            f: crate::units::Mm(-f64::from(region.y())),
            ..*device
        };
        resvg::render(&tree, sk_transform(&place), &mut pixmap.as_mut());
        Ok(Some(Sprite {
            pixmap,
            origin: (region.x(), region.y()),
            _drawing: Arc::clone(drawing),
        }))
    }

    /// `drawing` as resvg reads it, made once for the document (writing
    /// and reading back a drawing at its budgets takes longer than
    /// rasterising it small).
    fn tree(&mut self, drawing: &Arc<Drawing>) -> Result<Arc<usvg::Tree>, Failure> {
        let key = Arc::as_ptr(drawing) as usize;
        if let Some((_, t)) = self.sprites.trees.get(&key) {
            return Ok(Arc::clone(t));
        }
        // The SVG backend clips a drawing to its viewport.
        let svg = super::svg::fragment(self.doc, &[Item::Art(Arc::clone(drawing))]);
        let tree = Arc::new(parse(&svg)?);
        self.sprites
            .trees
            .insert(key, (Arc::clone(drawing), Arc::clone(&tree)));
        Ok(tree)
    }

    /// Makes the mask of `clips` (their intersection) the current one,
    /// unless it already is (the placements on one board share it); false
    /// when they leave nothing visible.
    fn clip_to(&mut self, clips: &[(Transform, &[PathCmd])]) -> bool {
        if clips.is_empty() {
            return true;
        }
        let key: Vec<ClipKey> = clips
            .iter()
            .map(|(t, c)| {
                let bits = [t.a, t.b, t.c, t.d, t.e.0, t.f.0].map(f64::to_bits);
                (c.as_ptr() as usize, bits)
            })
            .collect();
        if self.mask.as_ref().is_none_or(|(k, _)| *k != key) {
            let mask = make_mask(
                self.pixmap.width(),
                self.pixmap.height(),
                &self.scale,
                clips,
            );
            self.mask = Some((key, mask));
        }
        self.mask.as_ref().is_some_and(|(_, m)| m.is_some())
    }
}

fn make_mask(w: u32, h: u32, scale: &Transform, clips: &[(Transform, &[PathCmd])]) -> Option<Mask> {
    let mut mask = Mask::new(w, h)?;
    for (n, (t, cmds)) in clips.iter().enumerate() {
        let path = sk_path(cmds)?;
        let t = sk_transform(&scale.then(*t));
        if n == 0 {
            mask.fill_path(&path, sk::FillRule::Winding, true, t);
        } else {
            mask.intersect_path(&path, sk::FillRule::Winding, true, t);
        }
    }
    Some(mask)
}

/// The pixels (from the placement's origin) that `drawing`'s viewport
/// covers under `device`'s linear part; `None` when it covers none.
fn sprite_region(drawing: &Drawing, device: &Transform) -> Option<IntRect> {
    let linear = Transform {
        e: crate::units::Mm(0.0),
        f: crate::units::Mm(0.0),
        ..*device
    };
    let v = drawing.view;
    let corners = [
        (v.x, v.y),
        (v.right(), v.y),
        (v.x, v.bottom()),
        (v.right(), v.bottom()),
    ]
    .map(|(x, y)| linear.apply(crate::units::Point::new(x, y)));
    let lo_x = corners.iter().map(|p| p.x.0).fold(f64::INFINITY, f64::min);
    let lo_y = corners.iter().map(|p| p.y.0).fold(f64::INFINITY, f64::min);
    let hi_x = corners
        .iter()
        .map(|p| p.x.0)
        .fold(f64::NEG_INFINITY, f64::max);
    let hi_y = corners
        .iter()
        .map(|p| p.y.0)
        .fold(f64::NEG_INFINITY, f64::max);
    // One more pixel each way: a placement between pixels shifts the
    // sprite by up to one.
    let (x0, y0) = (lo_x.floor() - 1.0, lo_y.floor() - 1.0);
    let (x1, y1) = (hi_x.ceil() + 1.0, hi_y.ceil() + 1.0);
    let fits = |v: f64| v.is_finite() && v.abs() < f64::from(i32::MAX / 4);
    if ![x0, y0, x1, y1].into_iter().all(fits) {
        return None;
    }
    IntRect::from_ltrb(x0 as i32, y0 as i32, x1 as i32, y1 as i32)
}

fn area(r: IntRect) -> u64 {
    u64::from(r.width()) * u64::from(r.height())
}

pub fn parse(svg: &str) -> Result<usvg::Tree, Failure> {
    usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| Failure::internal(format!("the page's SVG cannot be read back: {e}")))
}

fn finite(t: &Transform) -> bool {
    [t.a, t.b, t.c, t.d, t.e.0, t.f.0]
        .iter()
        .all(|v| v.is_finite())
}

fn sk_transform(t: &Transform) -> SkTransform {
    SkTransform::from_row(
        t.a as f32,
        t.b as f32,
        t.c as f32,
        t.d as f32,
        t.e.0 as f32,
        t.f.0 as f32,
    )
}

fn sk_path(cmds: &[PathCmd]) -> Option<sk::Path> {
    let mut b = sk::PathBuilder::new();
    for c in cmds {
        match *c {
            PathCmd::MoveTo(p) => b.move_to(p.x.0 as f32, p.y.0 as f32),
            PathCmd::LineTo(p) => b.line_to(p.x.0 as f32, p.y.0 as f32),
            PathCmd::CubicTo(a, c, p) => b.cubic_to(
                a.x.0 as f32,
                a.y.0 as f32,
                c.x.0 as f32,
                c.y.0 as f32,
                p.x.0 as f32,
                p.y.0 as f32,
            ),
            PathCmd::Close => b.close(),
        }
    }
    b.finish()
}
