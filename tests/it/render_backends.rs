//! The SVG and PNG backends: millimetre SVG, pixel-exact previews, a
//! rotation checked in pixels, and the SVG and PDF backends drawing the
//! same layout.

use crate::common::one_page;
use lopdf::content::Content;
use taflkit::layout::draw::{self, filled};
use taflkit::layout::{
    Document, Fill, FillRule, FontRole, Group, Item, LineCap, LineJoin, LinearGradient, Paint,
    Path, PathCmd, RadialGradient, Rgb, Stop, Stroke, Transform,
};
use taflkit::units::{Mm, Point, Pt, Rect, Size};

fn p(x: f64, y: f64) -> Point {
    Point::new(Mm(x), Mm(y))
}

fn rect(x: f64, y: f64, w: f64, h: f64) -> Vec<PathCmd> {
    draw::rect_path(Rect::new(Mm(x), Mm(y), Mm(w), Mm(h)))
}

fn stroked(cmds: Vec<PathCmd>, width: f64, dash: Vec<Mm>) -> Item {
    Item::Path(Path {
        commands: cmds,
        fill: None,
        stroke: Some(Stroke {
            paint: Paint::Solid(Rgb(90, 60, 30)),
            width: Mm(width),
            dash,
            cap: LineCap::Round,
            join: LineJoin::Round,
            opacity: 1.0,
        }),
    })
}

fn text(x: f64, y: f64, s: &str, font: FontRole, size: f64) -> Item {
    draw::text(s, draw::style(font, Pt(size), Rgb(20, 20, 60)), p(x, y))
}

fn a4(items: Vec<Item>) -> Document {
    one_page(Size::new(Mm(210.0), Mm(297.0)), items)
}

/// Everything the backends can draw, on one page.
fn everything() -> Document {
    let stops = vec![
        Stop {
            offset: 0.0,
            color: Rgb(230, 190, 60),
            opacity: 1.0,
        },
        Stop {
            offset: 0.6,
            color: Rgb(200, 40, 40),
            opacity: 1.0,
        },
        Stop {
            offset: 1.0,
            color: Rgb(40, 40, 160),
            opacity: 1.0,
        },
    ];
    let circle = |cx: f64, cy: f64, r: f64| {
        let k = 0.552_284_75 * r;
        vec![
            PathCmd::MoveTo(p(cx + r, cy)),
            PathCmd::CubicTo(p(cx + r, cy + k), p(cx + k, cy + r), p(cx, cy + r)),
            PathCmd::CubicTo(p(cx - k, cy + r), p(cx - r, cy + k), p(cx - r, cy)),
            PathCmd::CubicTo(p(cx - r, cy - k), p(cx - k, cy - r), p(cx, cy - r)),
            PathCmd::CubicTo(p(cx + k, cy - r), p(cx + r, cy - k), p(cx + r, cy)),
            PathCmd::Close,
        ]
    };
    let mut ring = circle(150.0, 60.0, 25.0);
    ring.extend(circle(150.0, 60.0, 12.0));
    a4(vec![
        text(
            20.0,
            25.0,
            "Hnefatafl: office affine",
            FontRole::Heading,
            24.0,
        ),
        text(20.0, 35.0, "The king flees; AVA Tw.", FontRole::Body, 12.0),
        text(20.0, 42.0, "Bold words", FontRole::Bold, 12.0),
        text(70.0, 42.0, "italic words", FontRole::Italic, 12.0),
        Item::Path(Path {
            commands: rect(20.0, 50.0, 80.0, 30.0),
            fill: Some(Fill {
                paint: Paint::Linear(LinearGradient {
                    start: p(20.0, 50.0),
                    end: p(100.0, 50.0),
                    stops: stops.clone(),
                }),
                rule: FillRule::NonZero,
                opacity: 1.0,
            }),
            stroke: Some(Stroke {
                paint: Paint::Solid(Rgb::BLACK),
                width: Mm(0.5),
                dash: vec![],
                cap: LineCap::Butt,
                join: LineJoin::Miter,
                opacity: 1.0,
            }),
        }),
        Item::Path(Path {
            commands: ring,
            fill: Some(Fill {
                paint: Paint::Radial(RadialGradient {
                    center: p(150.0, 60.0),
                    radius: Mm(25.0),
                    focus: p(140.0, 50.0),
                    stops,
                }),
                rule: FillRule::EvenOdd,
                opacity: 1.0,
            }),
            stroke: None,
        }),
        stroked(
            vec![
                PathCmd::MoveTo(p(20.0, 100.0)),
                PathCmd::LineTo(p(60.0, 120.0)),
                PathCmd::LineTo(p(100.0, 100.0)),
            ],
            2.0,
            vec![],
        ),
        stroked(
            vec![
                PathCmd::MoveTo(p(20.0, 130.0)),
                PathCmd::LineTo(p(190.0, 130.0)),
            ],
            0.3,
            vec![Mm(3.0), Mm(2.0)],
        ),
        Item::Group(Group {
            transform: Transform::translate(Mm(150.0), Mm(150.0)).then(Transform::rotate(30.0)),
            opacity: 0.5,
            clip: Some(circle(0.0, 0.0, 20.0)),
            items: vec![
                filled(rect(-30.0, -30.0, 60.0, 30.0), Rgb(0, 120, 0)),
                filled(rect(-30.0, 0.0, 60.0, 30.0), Rgb(0, 0, 160)),
                text(-15.0, 5.0, "Turned", FontRole::Body, 14.0),
            ],
        }),
        Item::Group(Group::new(
            Transform::translate(Mm(60.0), Mm(150.0)).then(Transform::rotate(90.0)),
            vec![
                filled(rect(0.0, 0.0, 20.0, 5.0), Rgb::BLACK),
                text(0.0, -2.0, "down", FontRole::Body, 10.0),
            ],
        )),
    ])
}

fn pixels(png: &[u8]) -> resvg::tiny_skia::Pixmap {
    resvg::tiny_skia::Pixmap::decode_png(png).expect("a PNG")
}

fn is_black(pm: &resvg::tiny_skia::Pixmap, x: u32, y: u32) -> bool {
    let c = pm.pixel(x, y).unwrap();
    c.red() < 40 && c.green() < 40 && c.blue() < 40
}

fn is_white(pm: &resvg::tiny_skia::Pixmap, x: u32, y: u32) -> bool {
    let c = pm.pixel(x, y).unwrap();
    c.red() > 240 && c.green() > 240 && c.blue() > 240
}

#[test]
fn ten_mm_square_is_100_px_at_254_dpi() {
    let doc = a4(vec![filled(rect(50.0, 50.0, 10.0, 10.0), Rgb::BLACK)]);
    let pm = pixels(&taflkit::render::png(&doc, &doc.pages[0], 254.0).unwrap());
    assert_eq!((pm.width(), pm.height()), (2100, 2970), "A4 at 10 px/mm");
    let black = (0..pm.height())
        .flat_map(|y| (0..pm.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| is_black(&pm, x, y))
        .collect::<Vec<_>>();
    assert_eq!(black.len(), 100 * 100);
    assert_eq!(black.first(), Some(&(500, 500)));
    assert_eq!(black.last(), Some(&(599, 599)));
    assert!(is_white(&pm, 0, 0), "white paper");
}

#[test]
fn quarter_turn_goes_clockwise_in_pixels() {
    // A 20 × 5 mm bar from the group origin along +x; turned 90° clockwise
    // it hangs down and to the left of the origin (100, 50).
    let doc = a4(vec![Item::Group(Group::new(
        Transform::translate(Mm(100.0), Mm(50.0)).then(Transform::rotate(90.0)),
        vec![filled(rect(0.0, 0.0, 20.0, 5.0), Rgb::BLACK)],
    ))]);
    let pm = pixels(&taflkit::render::png(&doc, &doc.pages[0], 254.0).unwrap());
    assert!(is_black(&pm, 975, 600), "bar below the origin, left of it");
    assert!(is_white(&pm, 1025, 600), "not right of the origin");
    assert!(is_white(&pm, 1100, 520), "not along +x");
    assert!(is_white(&pm, 975, 450), "not above");
}

/// A theme drawing with a viewBox of a thousand units placed 5.7 mm wide
/// is scaled by 0.0057: the PNG preview (drawn through the SVG backend)
/// must draw it 57 pixels wide at 10 px/mm, not the 60 a scale rounded
/// to 0.006 would give.
#[test]
fn a_small_scale_draws_its_size_in_png() {
    let k = 0.0057;
    let doc = a4(vec![Item::Group(Group::new(
        Transform::translate(Mm(50.0), Mm(50.0)).then(Transform::scale(k, k)),
        vec![filled(rect(0.0, 0.0, 1000.0, 1000.0), Rgb::BLACK)],
    ))]);
    let pm = pixels(&taflkit::render::png(&doc, &doc.pages[0], 254.0).unwrap());
    let row = (0..pm.width()).filter(|&x| is_black(&pm, x, 520)).count();
    assert!((56..=58).contains(&row), "{row} px wide, 57 expected");
}

#[test]
fn svg_is_in_millimetres() {
    let doc = one_page(
        Size::new(Mm(279.4), Mm(215.9)),
        vec![filled(rect(0.0, 0.0, 10.0, 10.0), Rgb::BLACK)],
    );
    let svg = taflkit::render::svg(&doc, &doc.pages[0]);
    assert!(svg.contains(r#"width="279.4mm""#), "{svg}");
    assert!(svg.contains(r#"height="215.9mm""#));
    assert!(svg.contains(r#"viewBox="0 0 279.4 215.9""#));
    assert!(svg.contains(r#"d="M0 0 L10 0 L10 10 L0 10 Z""#));
}

#[test]
fn png_is_deterministic() {
    let doc = everything();
    let a = taflkit::render::png(&doc, &doc.pages[0], 50.0).unwrap();
    let b = taflkit::render::png(&doc, &doc.pages[0], 50.0).unwrap();
    assert!(a == b);
}

#[test]
fn bad_dpi_is_an_error_not_a_panic() {
    let doc = a4(vec![]);
    for dpi in [0.0, -3.0, f64::NAN, 1e9] {
        assert!(
            taflkit::render::png(&doc, &doc.pages[0], dpi).is_err(),
            "{dpi}"
        );
    }
}

/// What a backend drew: filled or stroked shapes, and text runs.
#[derive(Debug, PartialEq)]
struct Drawn {
    shapes: usize,
    text_runs: usize,
    clips: usize,
}

/// Counts in the SVG our backend writes: a path with a gradient fill and
/// a stroke is two paints (PDF paints a gradient as a clipped shading and
/// the stroke apart).
fn drawn_in_svg(svg: &str) -> Drawn {
    let (mut shapes, mut text_runs, mut clips) = (0, 0, 0);
    let mut in_clip = false;
    for el in svg.split('<').skip(1) {
        if el.starts_with("clipPath") {
            in_clip = true;
            clips += 1;
        } else if el.starts_with("/clipPath") {
            in_clip = false;
        } else if el.starts_with("path ") && !in_clip {
            if el.contains(r#"class="text""#) {
                text_runs += 1;
            } else {
                shapes += 1;
                if el.contains(r#"fill="url("#) && el.contains("stroke=") {
                    shapes += 1;
                }
            }
        }
    }
    Drawn {
        shapes,
        text_runs,
        clips,
    }
}

/// Counts in the PDF's content stream: paint operators and shadings are
/// shapes, text objects are runs, clips not painted by a shading are clips.
fn drawn_in_pdf(pdf: &[u8]) -> Drawn {
    let doc = lopdf::Document::load_mem(pdf).unwrap();
    let page = *doc.get_pages().values().next().unwrap();
    let content = Content::decode(&doc.get_page_content(page)).unwrap();
    let count = |ops: &[&str]| {
        content
            .operations
            .iter()
            .filter(|o| ops.contains(&o.operator.as_str()))
            .count()
    };
    let shadings = count(&["sh"]);
    Drawn {
        shapes: count(&["f", "f*", "S", "B", "B*"]) + shadings,
        text_runs: count(&["BT"]),
        clips: count(&["W", "W*"]) - shadings,
    }
}

#[test]
fn svg_and_pdf_draw_the_same_things() {
    let doc = everything();
    let from_svg = drawn_in_svg(&taflkit::render::svg(&doc, &doc.pages[0]));
    let from_pdf = drawn_in_pdf(&taflkit::render::pdf(&doc).unwrap());
    assert_eq!(from_svg, from_pdf);
    assert_eq!(
        from_svg,
        Drawn {
            // two gradients, a stroke round one, two lines, three rectangles
            shapes: 8,
            text_runs: 6,
            clips: 1,
        }
    );
}
