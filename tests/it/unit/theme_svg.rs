//! The tests of `src/theme/svg.rs` that were its unit tests.

use taflkit::layout::{PathCmd, Rgb};
use taflkit::theme::art_budget;
use taflkit::theme::svg::*;

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
