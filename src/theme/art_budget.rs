//! What a theme drawing will cost, counted on the SVG source before usvg
//! expands it: every element and every path segment it stands for once
//! `<use>` references and markers are followed (a marker is drawn again
//! at every vertex it marks), so that a 1.5 KB file cannot become a tree of
//! millions of nodes before anything checks it. The converted drawing's
//! memory is budgeted where it is converted (`layout::art`).
//!
//! Segments are counted as usvg will make them: one per command of path
//! data, rectangle sides, polygon points, and each elliptical arc as the
//! cubic curves it is cut into (more for a larger radius, at usvg's
//! tolerance of 0.1 unit), so a circle of radius 1e30 counts as the
//! hundred thousand curves it would become.

use std::collections::HashMap;
use std::str::FromStr;

use roxmltree::{Document, Node, NodeId};

use super::art_refusal::ArtRefusal;
use svgtypes::{Length, LengthUnit, PathParser, PathSegment};

/// Most elements a drawing may stand for once `<use>` references and
/// markers are followed.
pub const MAX_ELEMENTS: u64 = 20_000;
/// Most path segments a drawing may stand for once `<use>` references and
/// markers are followed.
pub const MAX_SEGMENTS: u64 = 100_000;
/// Most memory a drawing may take once converted for the page (every
/// outline, clip outline and gradient stop it holds, as stored). About
/// 110 000 path segments, just room for art at [`MAX_SEGMENTS`] or
/// [`MAX_ELEMENTS`]: at 16 MiB a clip copied into many groups came to
/// three times the segment budget, and a PNG preview, which rasterises
/// the drawing at each size it is placed at, took 13 s
/// (docs/performance.md).
pub const MAX_BYTES: u64 = 6 * 1024 * 1024;
/// Most `<stop>`s of one gradient (usvg copies a gradient for every shape
/// it paints).
pub const MAX_STOPS: usize = 256;
/// Most numbers in one `stroke-dasharray` (usvg copies it for every shape
/// that inherits it).
pub const MAX_DASHES: usize = 64;
/// Deepest chain of `<use>` and marker references followed.
pub const MAX_HOPS: usize = 192;

/// Elements and path segments, as counted on the source.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    pub elements: u64,
    pub segments: u64,
}

impl Cost {
    fn plus(self, o: Cost) -> Cost {
        Cost {
            elements: self.elements.saturating_add(o.elements),
            segments: self.segments.saturating_add(o.segments),
        }
    }

    fn times(self, n: u64) -> Cost {
        Cost {
            elements: self.elements.saturating_mul(n),
            segments: self.segments.saturating_mul(n),
        }
    }

    fn over(self) -> bool {
        self.elements > MAX_ELEMENTS || self.segments > MAX_SEGMENTS
    }
}

/// Refuses a drawing over the element or segment budget, or with a
/// gradient or dash pattern longer than usvg should copy.
pub fn check(doc: &Document) -> Result<Cost, ArtRefusal> {
    let root = doc.root_element();
    let mut w = Weigher {
        ids: HashMap::new(),
        memo: HashMap::new(),
        markers: Vec::new(),
        css_markers: false,
    };
    for node in root.descendants() {
        if node.is_element() {
            check_lists(node)?;
            if let Some(id) = node.attribute("id") {
                w.ids.insert(id, node);
            }
            if node.tag_name().name() == "marker" {
                w.markers.push(node);
            }
        }
        if node.is_text()
            && node
                .parent()
                .is_some_and(|p| p.tag_name().name() == "style")
        {
            let css = node.text().unwrap_or("");
            w.css_markers |= css.to_ascii_lowercase().contains("marker");
            check_css_dashes(css)?;
        }
    }
    let cost = w.weigh(root, 0)?;
    if cost.elements > MAX_ELEMENTS {
        return Err(ArtRefusal::TooManyElements);
    }
    if cost.segments > MAX_SEGMENTS {
        return Err(ArtRefusal::TooManySegments);
    }
    Ok(cost)
}

/// Gradients' stops and dash patterns, which usvg copies per shape.
fn check_lists(node: Node) -> Result<(), ArtRefusal> {
    let name = node.tag_name().name();
    if name.ends_with("Gradient") {
        let stops = node
            .children()
            .filter(|c| c.tag_name().name() == "stop")
            .count();
        if stops > MAX_STOPS {
            return Err(ArtRefusal::TooManyStops(name.to_string(), stops));
        }
    }
    if let Some(v) = node.attribute("stroke-dasharray") {
        dashes(v)?;
    }
    if let Some(style) = node.attribute("style") {
        check_css_dashes(style)?;
    }
    Ok(())
}

fn check_css_dashes(css: &str) -> Result<(), ArtRefusal> {
    let lower = css.to_ascii_lowercase();
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("stroke-dasharray") {
        let after = &rest[i + "stroke-dasharray".len()..];
        let end = after.find([';', '}']).unwrap_or(after.len());
        dashes(&after[..end])?;
        rest = &after[end..];
    }
    Ok(())
}

fn dashes(value: &str) -> Result<(), ArtRefusal> {
    let n = value
        .split(|c: char| c == ',' || c.is_whitespace() || c == ':')
        .filter(|s| s.starts_with(|c: char| c.is_ascii_digit() || c == '.' || c == '-'))
        .count();
    if n > MAX_DASHES {
        return Err(ArtRefusal::TooManyDashes(n));
    }
    Ok(())
}

struct Weigher<'a> {
    ids: HashMap<&'a str, Node<'a, 'a>>,
    /// `None` while a node is being weighed: meeting it again is a loop.
    memo: HashMap<NodeId, Option<Cost>>,
    markers: Vec<Node<'a, 'a>>,
    /// A stylesheet mentions markers: any shape may carry any of them.
    css_markers: bool,
}

impl<'a> Weigher<'a> {
    fn weigh(&mut self, node: Node<'a, 'a>, hops: usize) -> Result<Cost, ArtRefusal> {
        if hops > MAX_HOPS {
            return Err(ArtRefusal::UseTooDeep);
        }
        match self.memo.get(&node.id()) {
            Some(Some(c)) => return Ok(*c),
            Some(None) => return Err(ArtRefusal::UseLoop),
            None => {}
        }
        self.memo.insert(node.id(), None);
        let mut c = Cost {
            elements: 1,
            segments: own_segments(node),
        };
        for child in node.children().filter(Node::is_element) {
            c = c.plus(self.weigh(child, hops + 1)?);
            if c.over() {
                break;
            }
        }
        if node.tag_name().name() == "use"
            && let Some(target) = href(node).and_then(|id| self.ids.get(id).copied())
        {
            c = c.plus(self.weigh(target, hops + 1)?);
        }
        if let Some(vertices) = marker_vertices(node) {
            let mut marker = Cost::default();
            for m in self.markers_of(node) {
                let mc = self.weigh(m, hops + 1)?;
                marker.elements = marker.elements.max(mc.elements);
                marker.segments = marker.segments.max(mc.segments);
            }
            // Start and end markers, and a mid marker at every vertex.
            c = c.plus(marker.times(vertices.saturating_add(2)));
        }
        self.memo.insert(node.id(), Some(c));
        Ok(c)
    }

    /// The markers that may be drawn on `node`: those its own or its
    /// ancestors' marker properties name, or all of them when a
    /// stylesheet may set them.
    fn markers_of(&self, node: Node<'a, 'a>) -> Vec<Node<'a, 'a>> {
        if self.css_markers {
            return self.markers.clone();
        }
        let mut out = Vec::new();
        for n in node.ancestors().filter(Node::is_element) {
            for a in n.attributes() {
                let named = a.name().starts_with("marker")
                    || (a.name() == "style" && a.value().to_ascii_lowercase().contains("marker"));
                if !named {
                    continue;
                }
                for id in url_ids(a.value()) {
                    if let Some(m) = self.ids.get(id.as_str()) {
                        out.push(*m);
                    }
                }
            }
        }
        out
    }
}

/// The `#id`s a property value refers to with `url(#id)`.
fn url_ids(value: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = value;
    while let Some(i) = rest.find("url(") {
        let after = rest[i + 4..].trim_start_matches([' ', '\'', '"']);
        if let Some(id) = after.strip_prefix('#') {
            let end = id.find([')', '\'', '"', ' ']).unwrap_or(id.len());
            out.push(id[..end].to_string());
        }
        rest = &rest[i + 4..];
    }
    out
}

fn href<'a>(node: Node<'a, 'a>) -> Option<&'a str> {
    node.attribute(("http://www.w3.org/1999/xlink", "href"))
        .or(node.attribute("href"))
        .and_then(|h| h.trim().strip_prefix('#'))
}

/// How many vertices can carry a marker, for the shapes usvg draws
/// markers on.
fn marker_vertices(node: Node) -> Option<u64> {
    match node.tag_name().name() {
        "path" => Some(own_segments(node)),
        "polyline" | "polygon" => Some(points(node)),
        "line" => Some(2),
        _ => None,
    }
}

fn points(node: Node) -> u64 {
    let n = node
        .attribute("points")
        .map_or(0, |p| svgtypes::PointsParser::from(p).count());
    n as u64 + 1
}

/// The segments usvg makes of one shape element.
pub fn own_segments(node: Node) -> u64 {
    match node.tag_name().name() {
        "path" => node.attribute("d").map_or(0, path_segments),
        "polyline" | "polygon" => points(node),
        "line" => 2,
        // Move, four quarter ellipses, close.
        "circle" => 2 + 4 * quarter(length(node, "r")),
        "ellipse" => 2 + 4 * quarter(length(node, "rx").max(length(node, "ry"))),
        // Four sides (and four rounded corners).
        "rect" => {
            let r = length(node, "rx").max(length(node, "ry"));
            if r > 0.0 { 6 + 4 * quarter(r) } else { 5 }
        }
        _ => 0,
    }
}

/// A length attribute in user units, at its largest: an em, ex or
/// percentage is taken as the largest number usvg could make of it, since
/// what it is relative to is not known here.
fn length(node: Node, name: &str) -> f64 {
    let Some(l) = node
        .attribute(name)
        .and_then(|v| Length::from_str(v.trim()).ok())
    else {
        return 0.0;
    };
    let k = match l.unit {
        LengthUnit::None | LengthUnit::Px => 1.0,
        LengthUnit::In => 96.0,
        LengthUnit::Cm => 96.0 / 2.54,
        LengthUnit::Mm => 96.0 / 25.4,
        LengthUnit::Pt => 4.0 / 3.0,
        LengthUnit::Pc => 16.0,
        LengthUnit::Em | LengthUnit::Ex | LengthUnit::Percent => return f64::from(f32::MAX),
    };
    (l.number * k).abs()
}

/// How many cubic curves usvg (kurbo, tolerance 0.1) cuts a whole ellipse
/// of largest radius `r` into.
fn per_turn(r: f64) -> f64 {
    let r = r.min(f64::from(f32::MAX));
    (1.1163 * r / 0.1).powf(1.0 / 6.0).max(3.999_999)
}

/// The cubics of a quarter of an ellipse of largest radius `r`.
fn quarter(r: f64) -> u64 {
    (per_turn(r) * 0.25).ceil() as u64
}

/// The segments of path data: one per command, each arc as the cubics it
/// becomes at most (a whole turn of its ellipse, radii enlarged as SVG
/// enlarges radii too small to reach the end point).
pub fn path_segments(d: &str) -> u64 {
    let (mut x, mut y, mut sx, mut sy) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    let mut n: u64 = 0;
    for seg in PathParser::from(d) {
        let Ok(seg) = seg else { break };
        let (abs, nx, ny) = match seg {
            PathSegment::MoveTo { abs, x: px, y: py } => {
                let p = if abs { (px, py) } else { (x + px, y + py) };
                (sx, sy) = p;
                (true, p.0, p.1)
            }
            PathSegment::LineTo { abs, x, y }
            | PathSegment::SmoothQuadratic { abs, x, y }
            | PathSegment::CurveTo { abs, x, y, .. }
            | PathSegment::SmoothCurveTo { abs, x, y, .. }
            | PathSegment::Quadratic { abs, x, y, .. } => (abs, x, y),
            PathSegment::HorizontalLineTo { abs, x: px } => {
                if abs {
                    (true, px, y)
                } else {
                    (true, x + px, y)
                }
            }
            PathSegment::VerticalLineTo { abs, y: py } => {
                if abs {
                    (true, x, py)
                } else {
                    (true, x, y + py)
                }
            }
            PathSegment::EllipticalArc {
                abs,
                rx,
                ry,
                x_axis_rotation,
                x: px,
                y: py,
                ..
            } => {
                let (ex, ey) = if abs { (px, py) } else { (x + px, y + py) };
                n = n.saturating_add(arc_segments((x, y), (ex, ey), (rx, ry), x_axis_rotation));
                (x, y) = (ex, ey);
                continue;
            }
            PathSegment::ClosePath { .. } => {
                (x, y) = (sx, sy);
                n = n.saturating_add(1);
                continue;
            }
        };
        (x, y) = if abs { (nx, ny) } else { (x + nx, y + ny) };
        n = n.saturating_add(1);
    }
    n
}

/// The cubics of one SVG arc at most.
fn arc_segments(from: (f64, f64), to: (f64, f64), r: (f64, f64), rotation: f64) -> u64 {
    let (rx, ry) = (r.0.abs(), r.1.abs());
    if rx == 0.0 || ry == 0.0 || !(rx.is_finite() && ry.is_finite()) {
        return 1;
    }
    let (s, c) = rotation.to_radians().sin_cos();
    let (dx, dy) = ((from.0 - to.0) / 2.0, (from.1 - to.1) / 2.0);
    let (x1, y1) = (c * dx + s * dy, -s * dx + c * dy);
    let lambda = (x1 / rx).powi(2) + (y1 / ry).powi(2);
    let k = if lambda > 1.0 { lambda.sqrt() } else { 1.0 };
    let n = per_turn(rx.max(ry) * k).ceil();
    if n.is_finite() {
        n as u64 + 1
    } else {
        u64::MAX
    }
}
