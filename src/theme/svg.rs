//! Theme art: SVG from a possibly hostile folder turned into a checked
//! usvg tree. Everything that could reach outside the drawing (images,
//! external `href`s, stylesheets and fonts by URL, scripts) is refused, and
//! size, element count, nesting depth and `<use>` expansion are capped
//! before usvg sees the document, so a bomb fails fast instead of hanging.

use std::collections::HashMap;
use std::sync::Arc;

use roxmltree::{Document, Node, NodeId, ParsingOptions};

use super::Art;
use crate::layout::Rgb;

/// Most XML nodes (elements, text, comments) a drawing may hold.
pub const MAX_NODES: u32 = 20_000;
/// Deepest element nesting.
pub const MAX_DEPTH: usize = 48;
/// Most elements a drawing may expand to once `<use>` references are
/// followed (the `<use>` form of the "billion laughs" bomb).
pub const MAX_EXPANDED: u64 = 100_000;

/// Elements that load or run something, or need fonts we do not give art.
const REFUSED_ELEMENTS: &[(&str, &str)] = &[
    (
        "image",
        "embedded or linked images are not allowed in theme art",
    ),
    (
        "feImage",
        "embedded or linked images are not allowed in theme art",
    ),
    ("script", "scripts are not allowed in theme art"),
    (
        "foreignObject",
        "foreign objects (HTML) are not allowed in theme art",
    ),
    (
        "iframe",
        "foreign objects (HTML) are not allowed in theme art",
    ),
    ("text", "text in art is not supported: convert it to paths"),
    ("font-face", "fonts inside art are not allowed"),
    ("font", "fonts inside art are not allowed"),
    (
        "filter",
        "filters (blurs, shadows) are not supported: the kit is drawn as vectors",
    ),
];

/// Parses SVG art. `current` is the colour `currentColor` stands for, so
/// one drawing can follow the theme's colours.
pub fn parse_art(bytes: &[u8], current: Rgb) -> Result<Art, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| {
        "not an SVG file (not UTF-8 text; compressed .svgz is not supported)".to_string()
    })?;
    if !text.contains("<svg") {
        return Err("not an SVG file (no <svg> element)".into());
    }
    // Entity declarations are the vehicle of expansion bombs and of
    // external entities; drawings never need them.
    if text.to_ascii_lowercase().contains("<!entity") {
        return Err("XML entity declarations are not allowed in theme art".into());
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
        roxmltree::Error::NodesLimitReached => {
            format!("the drawing has more than {MAX_NODES} elements; simplify it")
        }
        e => format!("not a well-formed SVG file: {e}"),
    })?;
    check_tree(&doc)?;
    let tree = usvg::Tree::from_xmltree(&doc, &options())
        .map_err(|e| format!("cannot read the SVG: {e}"))?;
    let size = tree.size();
    if !(size.width() > 0.0 && size.height() > 0.0) {
        return Err("the drawing has no size (set width/height or a viewBox)".into());
    }
    Ok(Art(Arc::new(tree)))
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
/// `<use>` expansion.
fn check_tree(doc: &Document) -> Result<(), String> {
    // `<?xml-stylesheet href=...?>` and friends could point at other files.
    if doc.root().descendants().any(|n| n.is_pi()) {
        return Err(
            "processing instructions (such as xml-stylesheet) are not allowed in theme art".into(),
        );
    }
    let root = doc.root_element();
    if root.tag_name().name() != "svg" {
        return Err("not an SVG file (the root element is not <svg>)".into());
    }
    // Document order visits parents before children, so a node's depth is
    // its parent's plus one, in one pass.
    let mut depth: HashMap<NodeId, usize> = HashMap::new();
    let mut ids: HashMap<&str, Node> = HashMap::new();
    for node in root.descendants() {
        let d = node
            .parent()
            .and_then(|p| depth.get(&p.id()).copied())
            .unwrap_or(0)
            + 1;
        depth.insert(node.id(), d);
        if d > MAX_DEPTH {
            return Err(format!(
                "the drawing is nested more than {MAX_DEPTH} levels deep"
            ));
        }
        if node.is_element() {
            check_element(node)?;
            if let Some(id) = node.attribute("id") {
                ids.insert(id, node);
            }
        }
        if node.is_text()
            && node
                .parent()
                .is_some_and(|p| p.tag_name().name() == "style")
        {
            check_css(node.text().unwrap_or(""))?;
        }
    }
    let mut memo = HashMap::new();
    let total = expanded(root, &ids, &mut memo, 0)?;
    if total > MAX_EXPANDED {
        return Err(format!(
            "the drawing expands to more than {MAX_EXPANDED} elements through <use>; simplify it"
        ));
    }
    Ok(())
}

fn check_element(node: Node) -> Result<(), String> {
    let name = node.tag_name().name();
    if let Some((_, why)) = REFUSED_ELEMENTS.iter().find(|(n, _)| *n == name) {
        return Err(format!("<{name}>: {why}"));
    }
    for a in node.attributes() {
        let v = a.value();
        if a.name() == "href" && !v.trim_start().starts_with('#') {
            return Err(format!(
                "<{name}> refers to '{}'; theme art may only refer to parts of itself (#id)",
                shorten(v)
            ));
        }
        check_css(v)?;
    }
    Ok(())
}

/// Refuses `@import` and `url(...)` that point anywhere but `#id`.
fn check_css(s: &str) -> Result<(), String> {
    let lower = s.to_ascii_lowercase();
    if lower.contains("@import") {
        return Err("stylesheet imports (@import) are not allowed in theme art".into());
    }
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("url(") {
        let after = rest[i + 4..].trim_start_matches([' ', '\'', '"']);
        if !after.starts_with('#') {
            let end = after.find(')').unwrap_or(after.len());
            return Err(format!(
                "url({}) refers outside the drawing; theme art may only refer to parts of itself (#id)",
                shorten(&after[..end])
            ));
        }
        rest = &rest[i + 4..];
    }
    Ok(())
}

/// How many elements `node` stands for once `<use>` is followed.
fn expanded<'a>(
    node: Node<'a, 'a>,
    ids: &HashMap<&str, Node<'a, 'a>>,
    memo: &mut HashMap<NodeId, Option<u64>>,
    hops: usize,
) -> Result<u64, String> {
    if hops > MAX_DEPTH * 4 {
        return Err("the drawing's <use> references are nested too deeply".into());
    }
    match memo.get(&node.id()) {
        Some(Some(n)) => return Ok(*n),
        // Still being counted: a reference back to an ancestor.
        Some(None) => return Err("the drawing's <use> references form a loop".into()),
        None => {}
    }
    memo.insert(node.id(), None);
    let mut n: u64 = 1;
    for child in node.children().filter(Node::is_element) {
        n = n.saturating_add(expanded(child, ids, memo, hops + 1)?);
        if n > MAX_EXPANDED {
            break;
        }
    }
    if node.tag_name().name() == "use" {
        let href = node
            .attribute(("http://www.w3.org/1999/xlink", "href"))
            .or(node.attribute("href"));
        if let Some(target) = href
            .and_then(|h| h.trim().strip_prefix('#'))
            .and_then(|id| ids.get(id))
        {
            n = n.saturating_add(expanded(*target, ids, memo, hops + 1)?);
        }
    }
    memo.insert(node.id(), Some(n));
    Ok(n)
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
        assert_eq!(art.0.size().width(), 100.0);
    }

    #[test]
    fn current_color_takes_the_given_colour() {
        let art = parse_art(
            svg(r#"<rect width="10" height="10" fill="currentColor"/>"#).as_bytes(),
            Rgb(0x12, 0x34, 0x56),
        )
        .unwrap();
        let out = art.0.to_string(&usvg::WriteOptions::default());
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
            let e = parse_art(svg(body).as_bytes(), INK).unwrap_err();
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
                .contains("processing instructions")
        );
        let f = svg(r#"<filter id="b"><feGaussianBlur stdDeviation="1e9"/></filter>"#);
        assert!(
            parse_art(f.as_bytes(), INK)
                .unwrap_err()
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
    fn use_loops_and_use_bombs_are_refused() {
        let lp = r##"<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>"##;
        assert!(
            parse_art(svg(lp).as_bytes(), INK)
                .unwrap_err()
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
                .contains("expands")
        );
    }
}
