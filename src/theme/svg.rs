//! Theme art: SVG from a possibly hostile folder turned into a checked
//! usvg tree. Everything that could reach outside the drawing (images,
//! external `href`s, stylesheets and fonts by URL, scripts) is refused, and
//! size, element count, nesting depth and `<use>` expansion are capped
//! before usvg sees the document, so a bomb fails fast instead of hanging.

use std::collections::HashMap;

use roxmltree::{Document, Node, NodeId, ParsingOptions};

use super::art_refusal::{ArtRefusal, BadNumber, RefusedElement};
use super::{Art, art_budget};
use crate::layout::{Item, Paint, PathCmd, Rgb, Transform};
use crate::units::{Mm, Point, Rect};

/// Most XML nodes (elements, text, comments) a drawing may hold.
pub const MAX_NODES: u32 = 20_000;
/// Deepest element nesting.
pub const MAX_DEPTH: usize = 48;
/// The largest square the kit draws art into (a cover on A3 is about
/// 400 mm wide): art is checked placed at this size, the worst case, since
/// every other placement scales it down.
pub const LARGEST_PLACEMENT: Mm = Mm(500.0);
/// The largest coordinate, in points, a drawing may reach once placed: the
/// portable limit for numbers in a PDF (PDF Reference 1.7, appendix C).
pub const MAX_COORDINATE_PT: f64 = 32_767.0;
/// A drawing's own width and height, in its units, must lie in this range.
pub const SIZE_RANGE: (f64, f64) = (1e-2, 1e6);

/// Parses SVG art. `current` is the colour `currentColor` stands for, so
/// one drawing can follow the theme's colours.
pub fn parse_art(bytes: &[u8], current: Rgb) -> Result<Art, ArtRefusal> {
    let text = std::str::from_utf8(bytes).map_err(|_| ArtRefusal::NotText)?;
    if !text.contains("<svg") {
        return Err(ArtRefusal::NotSvg);
    }
    // Entity declarations are the vehicle of expansion bombs and of
    // external entities; drawings never need them.
    if text.to_ascii_lowercase().contains("<!entity") {
        return Err(ArtRefusal::EntityDeclaration);
    }
    let hex = format!("#{:02x}{:02x}{:02x}", current.0, current.1, current.2);
    let text = text
        .replace("currentColor", &hex)
        .replace("currentcolor", &hex);
    let opts = ParsingOptions {
        allow_dtd: true,
        nodes_limit: MAX_NODES,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(&text, opts).map_err(|e| match e {
        roxmltree::Error::NodesLimitReached => ArtRefusal::TooManyNodes,
        e => ArtRefusal::Malformed(e.to_string()),
    })?;
    check_tree(&doc)?;
    let tree = usvg::Tree::from_xmltree(&doc, &options())
        .map_err(|e| ArtRefusal::Unreadable(e.to_string()))?;
    let size = tree.size();
    if !(size.width() > 0.0 && size.height() > 0.0) {
        return Err(ArtRefusal::NoSize);
    }
    let (w, h) = (f64::from(size.width()), f64::from(size.height()));
    let (lo, hi) = SIZE_RANGE;
    if ![w, h]
        .iter()
        .all(|v| v.is_finite() && (lo..=hi).contains(v))
    {
        return Err(ArtRefusal::SizeOutOfRange(w, h));
    }
    let art = Art::within(tree, art_budget::MAX_BYTES).map_err(|_| ArtRefusal::TooMuchMemory)?;
    drawable(&art)?;
    Ok(art)
}

/// Refuses art whose geometry cannot be drawn at the kit's scale: placed in
/// the largest square the kit uses, every coordinate, transform, stroke
/// width and gradient must be a finite number within
/// ±[`MAX_COORDINATE_PT`] points (a path to 1e38 in a 100-unit drawing
/// would be 1e36 mm away).
fn drawable(art: &Art) -> Result<(), ArtRefusal> {
    let side = LARGEST_PLACEMENT;
    let placed = crate::layout::art::place(art, Rect::new(Mm::ZERO, Mm::ZERO, side, side));
    let limit = MAX_COORDINATE_PT * 25.4 / 72.0;
    let mut reach = Reach(0.0);
    reach.item(&placed, Transform::IDENTITY);
    if reach.0.is_finite() && reach.0 <= limit {
        Ok(())
    } else {
        Err(ArtRefusal::OutOfReach {
            reach: reach.0,
            side: side.0,
            limit,
        })
    }
}

/// The largest magnitude (NaN wins) of the numbers a placed drawing would
/// put in a page's content, in millimetres or as matrix entries.
struct Reach(f64);

impl Reach {
    fn note(&mut self, v: f64) {
        if v.is_nan() || self.0.is_nan() {
            self.0 = f64::NAN;
        } else {
            self.0 = self.0.max(v.abs());
        }
    }

    fn points(&mut self, pts: impl IntoIterator<Item = Point>, t: &Transform) {
        for p in pts {
            let q = t.apply(p);
            self.note(q.x.0);
            self.note(q.y.0);
        }
    }

    /// A length in the item's units, once placed.
    fn length(&mut self, len: Mm, t: &Transform) {
        let k = t.a.abs().max(t.b.abs()).max(t.c.abs()).max(t.d.abs());
        self.note(len.0 * k);
    }

    fn item(&mut self, item: &Item, t: Transform) {
        match item {
            Item::Path(p) => {
                self.points(p.commands.iter().flat_map(cmd_points), &t);
                let paints = p
                    .fill
                    .iter()
                    .map(|f| &f.paint)
                    .chain(p.stroke.iter().map(|s| &s.paint));
                for paint in paints {
                    match paint {
                        Paint::Solid(_) => {}
                        Paint::Linear(g) => self.points([g.start, g.end], &t),
                        Paint::Radial(g) => {
                            self.points([g.center, g.focus], &t);
                            self.length(g.radius, &t);
                        }
                    }
                }
                if let Some(s) = &p.stroke {
                    for len in std::iter::once(s.width).chain(s.dash.iter().copied()) {
                        self.length(len, &t);
                    }
                }
            }
            Item::Group(g) => {
                let inner = t.then(g.transform);
                // The group's own matrix is written as it is: its entries
                // count as well as where they take the drawing.
                let m = g.transform;
                for v in [m.a, m.b, m.c, m.d] {
                    self.note(v);
                }
                // Where the group's origin lands, even if it draws nothing
                // (an empty `<use>` moved to 3.5e38 is infinity in f32).
                self.note(inner.e.0);
                self.note(inner.f.0);
                if let Some(clip) = &g.clip {
                    self.points(clip.iter().flat_map(cmd_points), &inner);
                }
                for child in &g.items {
                    self.item(child, inner);
                }
            }
            Item::Art(d) => {
                for child in &d.items {
                    self.item(child, t);
                }
            }
            Item::Text(_) => {}
        }
    }
}

fn cmd_points(c: &PathCmd) -> Vec<Point> {
    match *c {
        PathCmd::MoveTo(p) | PathCmd::LineTo(p) => vec![p],
        PathCmd::CubicTo(a, b, p) => vec![a, b, p],
        PathCmd::Close => Vec::new(),
    }
}

/// usvg options that resolve nothing outside the document.
fn options() -> usvg::Options<'static> {
    usvg::Options {
        resources_dir: None,
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: Box::new(|_, _, _| None),
            resolve_string: Box::new(|_, _| None),
        },
        ..usvg::Options::default()
    }
}

/// The structural checks: root, depth, refused elements and references,
/// and the budget of elements and segments (see `art_budget`).
fn check_tree(doc: &Document) -> Result<(), ArtRefusal> {
    // `<?xml-stylesheet href=...?>` and friends could point at other files.
    if doc.root().descendants().any(|n| n.is_pi()) {
        return Err(ArtRefusal::ProcessingInstruction);
    }
    let root = doc.root_element();
    if root.tag_name().name() != "svg" {
        return Err(ArtRefusal::NotSvg);
    }
    // Document order visits parents before children, so a node's depth is
    // its parent's plus one, in one pass.
    let mut depth: HashMap<NodeId, usize> = HashMap::new();
    for node in root.descendants() {
        let d = node
            .parent()
            .and_then(|p| depth.get(&p.id()).copied())
            .unwrap_or(0)
            + 1;
        depth.insert(node.id(), d);
        if d > MAX_DEPTH {
            return Err(ArtRefusal::TooDeep);
        }
        if node.is_element() {
            check_element(node)?;
        }
        if node.is_text()
            && node
                .parent()
                .is_some_and(|p| p.tag_name().name() == "style")
        {
            check_css(node.text().unwrap_or(""))?;
        }
    }
    art_budget::check(doc)?;
    Ok(())
}

fn check_element(node: Node) -> Result<(), ArtRefusal> {
    let name = node.tag_name().name();
    if let Some(e) = RefusedElement::of(name) {
        return Err(ArtRefusal::Element(e, name.to_string()));
    }
    for a in node.attributes() {
        let v = a.value();
        check_numbers(name, a.name(), v)?;
        if a.name() == "href" && !v.trim_start().starts_with('#') {
            return Err(ArtRefusal::Reference {
                element: Some(name.to_string()),
                to: shorten(v),
            });
        }
        check_css(v)?;
    }
    Ok(())
}

/// Attributes whose value is numbers (lengths, coordinates, matrices).
/// usvg drops such an attribute silently when a number in it is not a
/// number it can use (`NaN`, `1e400`, a viewBox of negative size), so the
/// drawing would come out other than written: they are refused here.
const NUMERIC_ATTRIBUTES: &[&str] = &[
    "viewBox",
    "width",
    "height",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "fx",
    "fy",
    "d",
    "points",
    "transform",
    "gradientTransform",
    "patternTransform",
    "stroke-width",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-miterlimit",
    "opacity",
    "fill-opacity",
    "stroke-opacity",
    "offset",
    "markerWidth",
    "markerHeight",
    "refX",
    "refY",
];

fn check_numbers(element: &str, attribute: &str, value: &str) -> Result<(), ArtRefusal> {
    if !NUMERIC_ATTRIBUTES.contains(&attribute) {
        return Ok(());
    }
    let refuse = |problem| {
        Err(ArtRefusal::Number {
            element: element.to_string(),
            attribute: attribute.to_string(),
            value: shorten(value),
            problem,
        })
    };
    let lower = value.to_ascii_lowercase();
    if lower.contains("nan") || lower.contains("inf") {
        return refuse(BadNumber::NotANumber);
    }
    let numbers = numbers_in(value);
    if numbers.iter().any(|n| !n.is_finite()) {
        return refuse(BadNumber::TooLarge);
    }
    if attribute == "viewBox" {
        let ok = numbers.len() == 4 && numbers[2] > 0.0 && numbers[3] > 0.0;
        if !ok {
            return refuse(BadNumber::ViewBox);
        }
    }
    if matches!(attribute, "width" | "height")
        && element == "svg"
        && numbers.first().is_some_and(|n| *n <= 0.0)
    {
        return refuse(BadNumber::NotPositive);
    }
    Ok(())
}

/// The numbers written in an attribute (SVG number syntax: sign, digits,
/// point, exponent), parsed as f64 so that `1e400` comes out infinite.
pub fn numbers_in(value: &str) -> Vec<f64> {
    let b = value.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        if matches!(b[i], b'+' | b'-') {
            i += 1;
        }
        let digits = |i: &mut usize| {
            let s = *i;
            while *i < b.len() && b[*i].is_ascii_digit() {
                *i += 1;
            }
            *i > s
        };
        let mut any = digits(&mut i);
        if i < b.len() && b[i] == b'.' {
            i += 1;
            any |= digits(&mut i);
        }
        if !any {
            i = start + 1;
            continue;
        }
        if i < b.len() && matches!(b[i], b'e' | b'E') {
            let save = i;
            i += 1;
            if i < b.len() && matches!(b[i], b'+' | b'-') {
                i += 1;
            }
            if !digits(&mut i) {
                i = save;
            }
        }
        if let Ok(n) = value[start..i].parse::<f64>() {
            out.push(n);
        }
    }
    out
}

/// Refuses `@import` and `url(...)` that point anywhere but `#id`.
fn check_css(s: &str) -> Result<(), ArtRefusal> {
    let lower = s.to_ascii_lowercase();
    if lower.contains("@import") {
        return Err(ArtRefusal::Import);
    }
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("url(") {
        let after = rest[i + 4..].trim_start_matches([' ', '\'', '"']);
        if !after.starts_with('#') {
            let end = after.find(')').unwrap_or(after.len());
            return Err(ArtRefusal::Reference {
                element: None,
                to: shorten(&after[..end]),
            });
        }
        rest = &rest[i + 4..];
    }
    Ok(())
}

fn shorten(s: &str) -> String {
    let s: String = s.chars().filter(|c| !c.is_control()).collect();
    if s.chars().count() > 60 {
        s.chars().take(57).collect::<String>() + "..."
    } else {
        s
    }
}
