//! The SVG backend: one page as an SVG document in millimetres (the
//! viewBox is the page in mm, width and height carry `mm` units).
//!
//! It draws exactly what the PDF backend draws, with the same
//! simplifications (group opacity multiplied into the items, gradient
//! strokes as a flat colour, stop opacity as a mean), so the PNG previews
//! made from it show the PDF. Text is drawn as glyph outlines taken from the
//! document's fonts (`FontSet::glyph_path`) and placed with the same
//! shaping, so previews need no installed fonts and cannot substitute one.

use svg::Node;
use svg::node::element::{
    ClipPath, Definitions, Element, Group as SvgGroup, LinearGradient, Path as SvgPath,
    RadialGradient, Stop, Use,
};

use super::{dash_pattern, decimals, flat_paint, glyph_run, mm, num, push_mm, stops_opacity};
use crate::layout::art::Drawing;
use crate::layout::draw::rect_path;
use crate::layout::{
    Document, FillRule, Group, Item, LineCap, LineJoin, Page, Paint, Path, PathCmd, Rgb, Text,
    Transform,
};
use crate::units::Point;

/// Marks the paths that are text, so tests and tools can tell them apart.
pub(crate) const TEXT_CLASS: &str = "text";

pub(super) fn render(doc: &Document, page: &Page) -> String {
    let root = svg::Document::new()
        .set("width", format!("{}mm", mm(page.size.w)))
        .set("height", format!("{}mm", mm(page.size.h)))
        .set(
            "viewBox",
            format!("0 0 {} {}", mm(page.size.w), mm(page.size.h)),
        );
    write(doc, root, &page.items)
}

/// Items alone, in a document whose user unit is the layout's millimetre
/// and whose root adds no transform (a 1 × 1 viewBox at 1 × 1), for a
/// renderer to place with its own transform: the PNG backend draws a page
/// in layers and each theme drawing once (see `png`).
pub(super) fn fragment(doc: &Document, items: &[Item]) -> String {
    let root = svg::Document::new()
        .set("width", 1)
        .set("height", 1)
        .set("viewBox", "0 0 1 1");
    write(doc, root, items)
}

fn write(doc: &Document, mut out: svg::Document, items: &[Item]) -> String {
    let mut w = Writer {
        doc,
        defs: Definitions::new(),
        ids: 0,
        arts: Vec::new(),
    };
    let mut body: Vec<Element> = Vec::new();
    w.items(items, 1.0, &mut body);
    if w.ids > 0 {
        out.append(w.defs);
    }
    for e in body {
        out.append(e);
    }
    out.to_string()
}

fn rgb(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

fn path_data(cmds: &[PathCmd]) -> String {
    let mut d = String::with_capacity(cmds.len() * 24);
    for c in cmds {
        if !d.is_empty() {
            d.push(' ');
        }
        match *c {
            PathCmd::MoveTo(p) => points(&mut d, 'M', &[p]),
            PathCmd::LineTo(p) => points(&mut d, 'L', &[p]),
            PathCmd::CubicTo(a, b, p) => points(&mut d, 'C', &[a, b, p]),
            PathCmd::Close => d.push('Z'),
        }
    }
    d
}

/// A path command's letter and its points' coordinates, each after a
/// space but the first (`C1 2 3 4 5 6`).
fn points(d: &mut String, letter: char, points: &[Point]) {
    d.push(letter);
    for (k, p) in points.iter().enumerate() {
        if k > 0 {
            d.push(' ');
        }
        push_mm(d, p.x);
        d.push(' ');
        push_mm(d, p.y);
    }
}

/// The scale and skew parts are written to six decimals, not the three of
/// a length: a theme drawing with a viewBox of a thousand units placed a
/// few millimetres wide has a scale near 0.005, which three decimals would
/// round by up to a tenth.
fn matrix(t: &Transform) -> String {
    format!(
        "matrix({} {} {} {} {} {})",
        decimals(t.a, 6),
        decimals(t.b, 6),
        decimals(t.c, 6),
        decimals(t.d, 6),
        mm(t.e),
        mm(t.f)
    )
}

struct Writer<'a> {
    doc: &'a Document,
    defs: Definitions,
    ids: usize,
    /// Each theme drawing written into the page's definitions so far, by
    /// identity, with its id: every further placement is a `<use>`.
    arts: Vec<(*const Drawing, String)>,
}

impl<'a> Writer<'a> {
    fn next_id(&mut self, prefix: &str) -> String {
        self.ids += 1;
        format!("{prefix}{}", self.ids)
    }

    fn items(&mut self, items: &[Item], opacity: f64, out: &mut Vec<Element>) {
        for item in items {
            match item {
                Item::Path(p) => self.path(p, opacity, out),
                Item::Text(t) => self.text(t, opacity, out),
                Item::Group(g) => self.group(g, opacity, out),
                Item::Art(d) => self.art(d, opacity, out),
            }
        }
    }

    /// A theme drawing: written once into the definitions, then used by
    /// reference (as the PDF backend's form XObject). Under a group's
    /// opacity, which is multiplied into the items, it is drawn in place.
    fn art(&mut self, d: &std::sync::Arc<Drawing>, opacity: f64, out: &mut Vec<Element>) {
        if opacity < 1.0 {
            self.items(&d.items, opacity, out);
            return;
        }
        let key = std::sync::Arc::as_ptr(d);
        let id = match self.arts.iter().find(|(k, _)| *k == key) {
            Some((_, id)) => id.clone(),
            None => {
                let id = self.next_id("art");
                let mut children = Vec::new();
                self.items(&d.items, 1.0, &mut children);
                // Shown within its viewport, as the PDF's form (its BBox).
                let clip = self.next_id("clip");
                self.defs.append(
                    ClipPath::new()
                        .set("id", clip.clone())
                        .add(SvgPath::new().set("d", path_data(&rect_path(d.view)))),
                );
                let mut g = SvgGroup::new()
                    .set("id", id.clone())
                    .set("clip-path", format!("url(#{clip})"));
                for c in children {
                    g.append(c);
                }
                self.defs.append(g);
                self.arts.push((key, id.clone()));
                id
            }
        };
        out.push(Use::new().set("href", format!("#{id}")).into());
    }

    fn group(&mut self, g: &Group, opacity: f64, out: &mut Vec<Element>) {
        // An empty clip shows nothing; the PDF backend skips such groups.
        if g.clip.as_ref().is_some_and(|c| c.is_empty()) {
            return;
        }
        let mut children = Vec::new();
        self.items(&g.items, opacity * g.opacity.clamp(0.0, 1.0), &mut children);
        let mut inner = SvgGroup::new();
        // The clip is in the group's own coordinates: it goes on a group
        // inside the transformed one.
        if let Some(clip) = &g.clip {
            let id = self.next_id("clip");
            self.defs.append(
                ClipPath::new()
                    .set("id", id.clone())
                    .add(SvgPath::new().set("d", path_data(clip))),
            );
            inner = inner.set("clip-path", format!("url(#{id})"));
        }
        for c in children {
            inner.append(c);
        }
        let el = if g.transform != Transform::IDENTITY {
            SvgGroup::new()
                .set("transform", matrix(&g.transform))
                .add(inner)
        } else {
            inner
        };
        out.push(el.into());
    }

    fn paint(&mut self, paint: &Paint) -> String {
        match paint {
            Paint::Solid(c) => rgb(*c),
            Paint::Linear(g) => {
                let id = self.next_id("grad");
                let mut el = LinearGradient::new()
                    .set("id", id.clone())
                    .set("gradientUnits", "userSpaceOnUse")
                    .set("x1", mm(g.start.x))
                    .set("y1", mm(g.start.y))
                    .set("x2", mm(g.end.x))
                    .set("y2", mm(g.end.y));
                for s in sorted_stops(&g.stops) {
                    el.append(s);
                }
                self.defs.append(el);
                format!("url(#{id})")
            }
            Paint::Radial(g) => {
                let id = self.next_id("grad");
                let mut el = RadialGradient::new()
                    .set("id", id.clone())
                    .set("gradientUnits", "userSpaceOnUse")
                    .set("cx", mm(g.center.x))
                    .set("cy", mm(g.center.y))
                    .set("r", mm(g.radius))
                    .set("fx", mm(g.focus.x))
                    .set("fy", mm(g.focus.y));
                for s in sorted_stops(&g.stops) {
                    el.append(s);
                }
                self.defs.append(el);
                format!("url(#{id})")
            }
        }
    }

    fn path(&mut self, p: &Path, opacity: f64, out: &mut Vec<Element>) {
        if p.commands.is_empty() || (p.fill.is_none() && p.stroke.is_none()) {
            return;
        }
        let mut el = SvgPath::new().set("d", path_data(&p.commands));
        match &p.fill {
            Some(f) => {
                let paint = self.paint(&f.paint);
                el = el.set("fill", paint);
                let a = f.opacity * opacity * stops_opacity(&f.paint);
                if a < 1.0 {
                    el = el.set("fill-opacity", num(a.max(0.0)));
                }
                if f.rule == FillRule::EvenOdd {
                    el = el.set("fill-rule", "evenodd");
                }
            }
            None => el = el.set("fill", "none"),
        }
        if let Some(s) = p.stroke.as_ref().filter(|s| s.width.0 > 0.0) {
            // As in the PDF: a gradient stroke is drawn in one colour.
            el = el
                .set("stroke", rgb(flat_paint(&s.paint)))
                .set("stroke-width", mm(s.width))
                // PDF's default miter limit, so joins match.
                .set("stroke-miterlimit", 10);
            let a = s.opacity * opacity * stops_opacity(&s.paint);
            if a < 1.0 {
                el = el.set("stroke-opacity", num(a.max(0.0)));
            }
            match s.cap {
                LineCap::Butt => {}
                LineCap::Round => el = el.set("stroke-linecap", "round"),
                LineCap::Square => el = el.set("stroke-linecap", "square"),
            }
            match s.join {
                LineJoin::Miter => {}
                LineJoin::Round => el = el.set("stroke-linejoin", "round"),
                LineJoin::Bevel => el = el.set("stroke-linejoin", "bevel"),
            }
            if let Some(dash) = dash_pattern(&s.dash) {
                let dash: Vec<String> = dash.into_iter().map(num).collect();
                el = el.set("stroke-dasharray", dash.join(" "));
            }
        }
        out.push(el.into());
    }

    fn text(&mut self, t: &Text, opacity: f64, out: &mut Vec<Element>) {
        let glyphs = glyph_run(&self.doc.fonts, t);
        let size = t.style.size.to_mm().0;
        if glyphs.is_empty() || size <= 0.0 {
            return;
        }
        let mut d = String::new();
        for g in &glyphs {
            let outline = self
                .doc
                .fonts
                .glyph_path(t.style.font, t.style.size, g.id)
                .into_iter()
                .map(|c| match c {
                    PathCmd::MoveTo(p) => PathCmd::MoveTo(p.offset(g.at.x, g.at.y)),
                    PathCmd::LineTo(p) => PathCmd::LineTo(p.offset(g.at.x, g.at.y)),
                    PathCmd::CubicTo(a, b, p) => PathCmd::CubicTo(
                        a.offset(g.at.x, g.at.y),
                        b.offset(g.at.x, g.at.y),
                        p.offset(g.at.x, g.at.y),
                    ),
                    PathCmd::Close => PathCmd::Close,
                })
                .collect::<Vec<_>>();
            if !outline.is_empty() {
                if !d.is_empty() {
                    d.push(' ');
                }
                d += &path_data(&outline);
            }
        }
        // A text run with no visible glyphs (spaces) is still a run: keep
        // it so both backends count the same runs.
        let mut el = SvgPath::new()
            .set("class", TEXT_CLASS)
            .set("d", d)
            .set("fill", rgb(t.style.color));
        if opacity < 1.0 {
            el = el.set("fill-opacity", num(opacity.max(0.0)));
        }
        out.push(el.into());
    }
}

fn sorted_stops(stops: &[crate::layout::Stop]) -> Vec<Stop> {
    let mut s = stops.to_vec();
    s.sort_by(|a, b| a.offset.total_cmp(&b.offset));
    s.iter()
        .map(|s| {
            Stop::new()
                .set("offset", num(s.offset.clamp(0.0, 1.0)))
                .set("stop-color", rgb(s.color))
        })
        .collect()
}
