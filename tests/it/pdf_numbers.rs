//! The PDF writer never writes a number a reader cannot take (issue 12,
//! item 7): geometry at 1e38, infinities and NaNs in paths, transforms,
//! clips, gradients, strokes and text give a file whose content streams
//! hold only finite numbers of sane size, and that `qpdf --check` accepts.

use lopdf::Document as LoDoc;
use taflkit::layout::draw::{self, filled};
use taflkit::layout::text::FontSet;
use taflkit::layout::{
    Document, Fill, FillRule, FontRole, Group, Item, LineCap, LineJoin, LinearGradient, Page,
    Paint, Path, PathCmd, RadialGradient, Rgb, Stop, Stroke, Transform,
};
use taflkit::units::{Mm, Point, Pt, Rect, Size};

/// The portable limit for PDF reals (PDF Reference 1.7, appendix C).
const LIMIT: f64 = 32_767.0;

const HUGE: f64 = 1e38;

fn p(x: f64, y: f64) -> Point {
    Point::new(Mm(x), Mm(y))
}

fn stroke(width: f64, dash: Vec<Mm>) -> Stroke {
    Stroke {
        paint: Paint::Solid(Rgb::BLACK),
        width: Mm(width),
        dash,
        cap: LineCap::Round,
        join: LineJoin::Round,
        opacity: 0.5,
    }
}

fn line(a: Point, b: Point) -> Item {
    Item::Path(Path {
        commands: vec![PathCmd::MoveTo(a), PathCmd::LineTo(b)],
        fill: None,
        stroke: Some(stroke(0.3, vec![])),
    })
}

fn stops() -> Vec<Stop> {
    [0.0, f64::NAN, 1.0]
        .into_iter()
        .map(|offset| Stop {
            offset,
            color: Rgb(200, 30, 30),
            opacity: 1.0,
        })
        .collect()
}

fn hostile_page() -> Page {
    let square = draw::rect_path(Rect::new(Mm(10.0), Mm(10.0), Mm(20.0), Mm(20.0)));
    let scaled = |k: f64, items: Vec<Item>| {
        Item::Group(Group::new(
            Transform::translate(Mm(50.0), Mm(50.0)).then(Transform::scale(k, k)),
            items,
        ))
    };
    Page {
        size: Size::new(Mm(210.0), Mm(297.0)),
        label: "hostile".into(),
        items: vec![
            // Something ordinary, which must still be drawn.
            filled(square.clone(), Rgb(0, 128, 0)),
            // A path to 1e38 (once a 39-digit integer in the stream).
            line(p(0.0, 0.0), p(HUGE, HUGE)),
            line(p(-HUGE, 5.0), p(5.0, -HUGE)),
            // Not finite at all.
            line(p(f64::NAN, 1.0), p(2.0, 3.0)),
            line(p(f64::INFINITY, 1.0), p(2.0, f64::NEG_INFINITY)),
            // Art scaled from a 1e38 viewBox (once `NaN NaN cm`), and up.
            scaled(1.0 / HUGE, vec![line(p(0.0, 0.0), p(HUGE, HUGE))]),
            scaled(HUGE, vec![filled(square.clone(), Rgb::BLACK)]),
            scaled(f64::NAN, vec![filled(square.clone(), Rgb::BLACK)]),
            scaled(0.0, vec![filled(square.clone(), Rgb::BLACK)]),
            // Clips that cannot be written.
            Item::Group(Group {
                transform: Transform::IDENTITY,
                opacity: f64::NAN,
                clip: Some(vec![
                    PathCmd::MoveTo(p(f64::NAN, 0.0)),
                    PathCmd::LineTo(p(HUGE, 0.0)),
                ]),
                items: vec![filled(square.clone(), Rgb::BLACK)],
            }),
            Item::Group(Group {
                transform: Transform::IDENTITY,
                opacity: 1.0,
                clip: Some(vec![
                    PathCmd::MoveTo(p(0.0, 0.0)),
                    PathCmd::LineTo(p(HUGE, 0.0)),
                    PathCmd::LineTo(p(HUGE, HUGE)),
                    PathCmd::Close,
                ]),
                items: vec![filled(square.clone(), Rgb::BLACK)],
            }),
            // Gradients with huge and missing geometry.
            Item::Path(Path {
                commands: square.clone(),
                fill: Some(Fill {
                    paint: Paint::Linear(LinearGradient {
                        start: p(-HUGE, 0.0),
                        end: p(HUGE, f64::NAN),
                        stops: stops(),
                    }),
                    rule: FillRule::NonZero,
                    opacity: 1.0,
                }),
                stroke: None,
            }),
            Item::Path(Path {
                commands: square.clone(),
                fill: Some(Fill {
                    paint: Paint::Radial(RadialGradient {
                        center: p(HUGE, HUGE),
                        radius: Mm(HUGE),
                        focus: p(-HUGE, 0.0),
                        stops: stops(),
                    }),
                    rule: FillRule::EvenOdd,
                    opacity: f64::INFINITY,
                }),
                stroke: Some(stroke(HUGE, vec![Mm(HUGE), Mm(1.0)])),
            }),
            Item::Path(Path {
                commands: square,
                fill: None,
                stroke: Some(stroke(f64::NAN, vec![Mm(f64::NAN)])),
            }),
            // Text far away, at a non-finite place, and at a huge size.
            draw::text(
                "Far",
                draw::style(FontRole::Body, Pt(11.0), Rgb::BLACK),
                p(HUGE, -HUGE),
            ),
            draw::text(
                "Nowhere",
                draw::style(FontRole::Body, Pt(11.0), Rgb::BLACK),
                p(f64::NAN, 10.0),
            ),
            draw::text(
                "Huge",
                draw::style(FontRole::Heading, Pt(HUGE), Rgb::BLACK),
                p(10.0, 10.0),
            ),
            draw::text(
                "Tiny",
                draw::style(FontRole::Heading, Pt(1.0 / HUGE), Rgb::BLACK),
                p(10.0, 10.0),
            ),
        ],
    }
}

fn hostile_pdf() -> Vec<u8> {
    let doc = Document {
        title: "hostile".into(),
        subject: "numbers".into(),
        lang: String::new(),
        fonts: FontSet::builtin(),
        pages: vec![hostile_page()],
        duplex: None,
    };
    taflkit::render::pdf(&doc).expect("a PDF is written")
}

/// The content stream's numeric tokens, skipping strings (the glyph codes
/// of `TJ` are strings, and may hold any byte).
fn numbers(content: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < content.len() {
        match content[i] {
            b'(' => {
                let mut depth = 0;
                while i < content.len() {
                    match content[i] {
                        b'\\' => i += 1,
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
            }
            b'<' => {
                while i < content.len() && content[i] != b'>' {
                    i += 1;
                }
                i += 1;
            }
            c if c.is_ascii_whitespace() || b"[]{}/>".contains(&c) => i += 1,
            _ => {
                let start = i;
                while i < content.len()
                    && !content[i].is_ascii_whitespace()
                    && !b"[]{}()<>/".contains(&content[i])
                {
                    i += 1;
                }
                let token = String::from_utf8_lossy(&content[start..i]).to_string();
                let first = token.chars().next().unwrap_or(' ');
                let numeric_start = first.is_ascii_digit() || "+-.".contains(first);
                if numeric_start || token.eq_ignore_ascii_case("nan") || token.contains("inf") {
                    out.push(token);
                }
            }
        }
    }
    out
}

#[test]
fn hostile_geometry_writes_only_finite_numbers_in_range() {
    let bytes = hostile_pdf();
    let doc = LoDoc::load_mem(&bytes).expect("lopdf reads the file back");
    let page = *doc.get_pages().values().next().unwrap();
    let content = doc.get_page_content(page);
    let nums = numbers(&content);
    assert!(!nums.is_empty(), "the page draws something");
    for n in &nums {
        let v: f64 = n
            .parse()
            .unwrap_or_else(|_| panic!("{n:?} in the content stream is not a number"));
        assert!(v.is_finite(), "{n} is not finite");
        assert!(v.abs() <= LIMIT, "{n} is beyond ±{LIMIT}");
        assert!(
            v == 0.0 || v.abs() >= 1e-9,
            "{n} is below what a PDF real can hold"
        );
        assert!(n.len() <= 20, "{n} is too long a number for a reader");
    }
    // The ordinary square is still there: the writer left out only what
    // it could not draw.
    let ops = lopdf::content::Content::decode(&content)
        .unwrap()
        .operations;
    assert!(
        ops.iter().any(|o| o.operator == "f"),
        "the plain square is filled"
    );
}

#[test]
fn hostile_geometry_passes_qpdf_check() {
    let bytes = hostile_pdf();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.pdf");
    std::fs::write(&path, &bytes).unwrap();
    match std::process::Command::new("qpdf")
        .arg("--check")
        .arg(&path)
        .output()
    {
        Ok(out) => assert!(
            out.status.success(),
            "qpdf --check fails:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
        // The end-to-end script installs qpdf; without it the number
        // check above still holds.
        Err(_) => eprintln!("qpdf is not installed: skipping its check"),
    }
}
