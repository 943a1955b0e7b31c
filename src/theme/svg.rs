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
fn numbers_in(value: &str) -> Vec<f64> {
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

#[cfg(test)]
mod tests {
    use super::*;

    const INK: Rgb = Rgb(0, 0, 0);

    fn svg(body: &str) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">{body}</svg>"#
        )
    }

    #[test]
    fn plain_drawing_is_accepted() {
        let art = parse_art(
            svg(r##"<circle cx="50" cy="50" r="40" fill="#c00"/>"##).as_bytes(),
            INK,
        )
        .unwrap();
        assert_eq!(art.tree().size().width(), 100.0);
    }

    #[test]
    fn current_color_takes_the_given_colour() {
        let art = parse_art(
            svg(r#"<rect width="10" height="10" fill="currentColor"/>"#).as_bytes(),
            Rgb(0x12, 0x34, 0x56),
        )
        .unwrap();
        let out = art.tree().to_string(&usvg::WriteOptions::default());
        assert!(out.contains("#123456"), "{out}");
    }

    #[test]
    fn external_references_are_refused() {
        for body in [
            r#"<image href="file:///etc/passwd" width="10" height="10"/>"#,
            r#"<use xlink:href="other.svg#a"/>"#,
            r#"<rect width="5" height="5" fill="url(/etc/x.svg#p)"/>"#,
            r#"<style>@import url(evil.css);</style>"#,
            r#"<rect width="5" height="5" style="fill:url('http://x/y#z')"/>"#,
            r#"<script>alert(1)</script>"#,
        ] {
            let e = parse_art(svg(body).as_bytes(), INK)
                .unwrap_err()
                .to_string();
            assert!(
                e.contains("not allowed") || e.contains("refers"),
                "{body}: {e}"
            );
        }
    }

    #[test]
    fn stylesheet_instructions_and_filters_are_refused() {
        let pi = format!(
            "<?xml-stylesheet href=\"evil.css\"?>{}",
            svg("<rect width=\"5\" height=\"5\"/>")
        );
        assert!(
            parse_art(pi.as_bytes(), INK)
                .unwrap_err()
                .to_string()
                .contains("processing instructions")
        );
        let f = svg(r#"<filter id="b"><feGaussianBlur stdDeviation="1e9"/></filter>"#);
        assert!(
            parse_art(f.as_bytes(), INK)
                .unwrap_err()
                .to_string()
                .contains("filters")
        );
    }

    #[test]
    fn a_doctype_from_a_drawing_program_is_fine() {
        let s = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n{}",
            svg("<rect width=\"5\" height=\"5\"/>")
        );
        parse_art(s.as_bytes(), INK).unwrap();
    }

    #[test]
    fn internal_references_are_fine() {
        let body = r##"<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></linearGradient><circle id="c" r="5"/></defs><rect width="9" height="9" fill="url(#g)"/><use href="#c" x="20"/>"##;
        parse_art(svg(body).as_bytes(), INK).unwrap();
    }

    #[test]
    fn numbers_usvg_would_drop_are_refused() {
        for (attrs, body, expect) in [
            (r#"viewBox="0 0 -10 10""#, "", "positive width and height"),
            (r#"viewBox="0 0 NaN 10""#, "", "NaN"),
            (r#"viewBox="0 0 10 10" width="1e400""#, "", "too large"),
            (
                r#"viewBox="0 0 10 10""#,
                r#"<rect width="1e400" height="5"/>"#,
                "too large",
            ),
            (
                r#"viewBox="0 0 10 10""#,
                r#"<g transform="scale(nan)"><rect width="5" height="5"/></g>"#,
                "NaN",
            ),
            (
                r#"viewBox="0 0 10 10""#,
                r#"<path d="M0 0L1e999 1"/>"#,
                "too large",
            ),
        ] {
            let doc = format!(r#"<svg xmlns="http://www.w3.org/2000/svg" {attrs}>{body}</svg>"#);
            let e = parse_art(doc.as_bytes(), INK).unwrap_err().to_string();
            assert!(e.contains(expect), "{doc}: {e}");
        }
        assert_eq!(
            numbers_in("M-1.5e2,3 .5.5e-1"),
            vec![-150.0, 3.0, 0.5, 0.05]
        );
    }

    #[test]
    fn use_loops_and_use_bombs_are_refused() {
        let lp = r##"<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>"##;
        assert!(
            parse_art(svg(lp).as_bytes(), INK)
                .unwrap_err()
                .to_string()
                .contains("loop")
        );
        let mut bomb = String::from(r#"<defs><circle id="l0" r="1"/>"#);
        for i in 1..12 {
            bomb.push_str(&format!(r#"<g id="l{i}">"#));
            for _ in 0..10 {
                bomb.push_str(&format!(r##"<use href="#l{}"/>"##, i - 1));
            }
            bomb.push_str("</g>");
        }
        bomb.push_str(r##"</defs><use href="#l11"/>"##);
        assert!(
            parse_art(svg(&bomb).as_bytes(), INK)
                .unwrap_err()
                .to_string()
                .contains("stands for more than")
        );
    }

    /// `n` `<use>`s of one rectangle: the root, `<defs>`, the rectangle and
    /// the group are four elements, each `<use>` two (itself and the
    /// rectangle it draws again).
    fn uses(n: usize) -> String {
        svg(&format!(
            r#"<defs><rect id="r" width="1" height="1"/></defs><g>{}</g>"#,
            r##"<use href="#r"/>"##.repeat(n)
        ))
    }

    #[test]
    fn the_element_budget_is_exact() {
        let max = art_budget::MAX_ELEMENTS as usize;
        let under = (max - 4) / 2;
        parse_art(uses(under).as_bytes(), INK).unwrap();
        let e = parse_art(uses(under + 1).as_bytes(), INK)
            .unwrap_err()
            .to_string();
        assert!(e.contains(&format!("more than {max} elements")), "{e}");
    }

    /// A path of a move and `n` lines: `n + 1` segments.
    fn lines(n: usize) -> String {
        svg(&format!(
            r#"<path d="M0 0{}" stroke="black" fill="none"/>"#,
            "L1 1".repeat(n)
        ))
    }

    #[test]
    fn the_segment_budget_is_exact() {
        let max = art_budget::MAX_SEGMENTS as usize;
        parse_art(lines(max - 1).as_bytes(), INK).unwrap();
        let e = parse_art(lines(max).as_bytes(), INK)
            .unwrap_err()
            .to_string();
        assert!(e.contains(&format!("more than {max} path segments")), "{e}");
    }

    /// `groups` groups, each clipped by one clip path of about `segments`
    /// segments: the clip's outline is kept once for every group.
    fn clipped(groups: usize, segments: usize) -> String {
        svg(&format!(
            r#"<clipPath id="c"><path d="M0 0{}Z"/></clipPath>{}"#,
            "L1 1".repeat(segments - 2),
            r#"<g clip-path="url(#c)"><rect width="1" height="1"/></g>"#.repeat(groups)
        ))
    }

    #[test]
    fn the_memory_budget_counts_every_copy_of_a_clip() {
        let segments = 9_000;
        let per_group = (segments * std::mem::size_of::<PathCmd>()) as u64;
        let fit = (art_budget::MAX_BYTES / per_group) as usize;
        // Well under the element and segment budgets either way.
        parse_art(clipped(fit - 1, segments).as_bytes(), INK).unwrap();
        let e = parse_art(clipped(fit + 1, segments).as_bytes(), INK)
            .unwrap_err()
            .to_string();
        assert!(e.contains("MiB once converted"), "{e}");
    }

    #[test]
    fn markers_count_once_for_every_vertex_they_mark() {
        // The issue's reproducer: marker-mid on a 2 000-vertex path, each
        // marker a 60-segment outline: 120 000 segments, over budget.
        let marker = format!(
            r#"<marker id="m" markerWidth="4" markerHeight="4"><path d="M0 0{}Z"/></marker>"#,
            "L1 1".repeat(58)
        );
        let path = |n: usize| {
            svg(&format!(
                r#"{marker}<path d="M0 0{}" stroke="black" marker-mid="url(#m)"/>"#,
                "L1 1".repeat(n - 1)
            ))
        };
        let e = parse_art(path(2_000).as_bytes(), INK)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("path segments once <use> references and markers"),
            "{e}"
        );
        // Set by a stylesheet, the marker is counted all the same.
        let css = svg(&format!(
            r#"<style>path {{ marker-mid: url(#m) }}</style>{marker}<path d="M0 0{}" stroke="black"/>"#,
            "L1 1".repeat(1_999)
        ));
        assert!(parse_art(css.as_bytes(), INK).is_err());
        // A few hundred vertices are fine.
        parse_art(path(300).as_bytes(), INK).unwrap();
    }

    #[test]
    fn patterns_masks_long_gradients_and_dash_lists_are_refused() {
        for (body, expect) in [
            (
                r#"<pattern id="p" width="1" height="1"><rect width="1" height="1"/></pattern>"#
                    .to_string(),
                "patterns are not supported",
            ),
            (
                r#"<mask id="m"><rect width="1" height="1"/></mask>"#.to_string(),
                "masks are not supported",
            ),
            (
                format!(
                    r#"<linearGradient id="g">{}</linearGradient>"#,
                    r#"<stop offset="0"/>"#.repeat(art_budget::MAX_STOPS + 1)
                ),
                "stops",
            ),
            (
                format!(
                    r#"<path d="M0 0L9 9" stroke-dasharray="{}"/>"#,
                    "1 ".repeat(art_budget::MAX_DASHES + 1)
                ),
                "dash pattern",
            ),
            (
                format!(
                    r#"<path d="M0 0L9 9" style="stroke-dasharray: {}"/>"#,
                    "1,".repeat(art_budget::MAX_DASHES + 1)
                ),
                "dash pattern",
            ),
        ] {
            let e = parse_art(svg(&body).as_bytes(), INK)
                .unwrap_err()
                .to_string();
            assert!(e.contains(expect), "{body}: {e}");
        }
    }

    #[test]
    fn a_circle_of_enormous_radius_counts_as_the_curves_it_becomes() {
        let many = format!(
            r##"<defs><circle id="c" r="1e30"/></defs>{}"##,
            r##"<use href="#c"/>"##.repeat(10)
        );
        let e = parse_art(svg(&many).as_bytes(), INK)
            .unwrap_err()
            .to_string();
        assert!(e.contains("path segments"), "{e}");
    }
}
