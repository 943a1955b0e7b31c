//! The PDF backend read back with lopdf: pages and sizes, embedded and
//! subset fonts, viewer preferences, metadata, determinism, and where a
//! rotated group really lands.

use lopdf::content::Content;
use lopdf::{Document as LoDoc, Object};
use taflkit::layout::draw::{self, filled};
use taflkit::layout::text::FontSet;
use taflkit::layout::{
    Document, Duplex, Fill, FillRule, FontRole, Group, Item, LinearGradient, Page, Paint, Path,
    PathCmd, RadialGradient, Rgb, Stop, Stroke, Text, TextStyle, Transform,
};
use taflkit::units::{MM_PER_PT, Mm, Point, Pt, Rect, Size};

fn p(x: f64, y: f64) -> Point {
    Point::new(Mm(x), Mm(y))
}

fn rect(x: f64, y: f64, w: f64, h: f64) -> Vec<PathCmd> {
    draw::rect_path(Rect::new(Mm(x), Mm(y), Mm(w), Mm(h)))
}

fn text(x: f64, y: f64, s: &str, font: FontRole, size: f64) -> Item {
    draw::text(s, draw::style(font, Pt(size), Rgb(20, 20, 60)), p(x, y))
}

/// The bundled fonts.
fn fonts() -> FontSet {
    FontSet::builtin()
}

/// A4 portrait with text in two faces, a gradient, a dashed stroke and a
/// group turned a quarter; Letter landscape with a single square.
fn sample(duplex: Option<Duplex>) -> Document {
    let stops = vec![
        Stop {
            offset: 0.0,
            color: Rgb(200, 30, 30),
            opacity: 1.0,
        },
        Stop {
            offset: 1.0,
            color: Rgb(30, 30, 200),
            opacity: 1.0,
        },
    ];
    let a4 = Page {
        size: Size::new(Mm(210.0), Mm(297.0)),
        label: "Sheet 1".into(),
        items: vec![
            text(
                20.0,
                30.0,
                "Hnefatafl office affine",
                FontRole::Heading,
                24.0,
            ),
            text(
                20.0,
                45.0,
                "The king flees to a corner.",
                FontRole::Body,
                11.0,
            ),
            Item::Path(Path {
                commands: rect(20.0, 60.0, 50.0, 30.0),
                fill: Some(Fill {
                    paint: Paint::Linear(LinearGradient {
                        start: p(20.0, 60.0),
                        end: p(70.0, 60.0),
                        stops: stops.clone(),
                    }),
                    rule: FillRule::NonZero,
                    opacity: 1.0,
                }),
                stroke: None,
            }),
            Item::Path(Path {
                commands: rect(80.0, 60.0, 30.0, 30.0),
                fill: Some(Fill {
                    paint: Paint::Radial(RadialGradient {
                        center: p(95.0, 75.0),
                        radius: Mm(15.0),
                        focus: p(90.0, 70.0),
                        stops,
                    }),
                    rule: FillRule::EvenOdd,
                    opacity: 0.5,
                }),
                stroke: None,
            }),
            Item::Path(Path {
                commands: vec![
                    PathCmd::MoveTo(p(20.0, 100.0)),
                    PathCmd::LineTo(p(190.0, 100.0)),
                ],
                fill: None,
                stroke: Some(Stroke {
                    paint: Paint::Solid(Rgb::BLACK),
                    width: Mm(0.2),
                    dash: vec![Mm(2.0), Mm(1.0)],
                    cap: taflkit::layout::LineCap::Butt,
                    join: taflkit::layout::LineJoin::Miter,
                    opacity: 1.0,
                }),
            }),
            Item::Group(Group::new(
                Transform::translate(Mm(100.0), Mm(150.0)).then(Transform::rotate(90.0)),
                vec![filled(rect(0.0, 0.0, 20.0, 5.0), Rgb::BLACK)],
            )),
        ],
    };
    let letter = Page {
        size: Size::new(Mm(279.4), Mm(215.9)),
        label: "Sheet 2".into(),
        items: vec![filled(rect(10.0, 10.0, 10.0, 10.0), Rgb(0, 128, 0))],
    };
    Document {
        title: "Test kit — print-and-play".into(),
        subject: "Backend test".into(),
        lang: String::new(),
        fonts: fonts(),
        pages: vec![a4, letter],
        duplex,
    }
}

fn load(bytes: &[u8]) -> LoDoc {
    LoDoc::load_mem(bytes).expect("the backend writes a PDF lopdf can read")
}

fn resolve<'a>(doc: &'a LoDoc, o: &'a Object) -> &'a Object {
    match o {
        Object::Reference(r) => doc.get_object(*r).expect("dangling reference"),
        o => o,
    }
}

fn number(o: &Object) -> f64 {
    match o {
        Object::Integer(i) => *i as f64,
        Object::Real(r) => f64::from(*r),
        o => panic!("not a number: {o:?}"),
    }
}

fn name(o: &Object) -> String {
    String::from_utf8_lossy(o.as_name().expect("a name")).into_owned()
}

/// A text string from the Info dictionary (PDFDocEncoding or UTF-16BE).
fn text_string(o: &Object) -> String {
    let bytes = o.as_str().expect("a string");
    if bytes.starts_with(&[0xfe, 0xff]) {
        let units: Vec<u16> = bytes[2..]
            .chunks(2)
            .map(|c| u16::from_be_bytes([c[0], c.get(1).copied().unwrap_or(0)]))
            .collect();
        String::from_utf16_lossy(&units)
    } else {
        String::from_utf8_lossy(bytes).into_owned()
    }
}

#[test]
fn pages_have_the_paper_sizes_in_points() {
    let doc = load(&taflkit::render::pdf(&sample(None)).unwrap());
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 2);
    let sizes: Vec<(f64, f64)> = pages
        .values()
        .map(|id| {
            let page = doc.get_dictionary(*id).unwrap();
            let mb = page.get(b"MediaBox").unwrap().as_array().unwrap();
            let v: Vec<f64> = mb.iter().map(|o| number(resolve(&doc, o))).collect();
            assert_eq!((v[0], v[1]), (0.0, 0.0));
            (v[2], v[3])
        })
        .collect();
    let close = |a: f64, b: f64| (a - b).abs() < 0.01;
    assert!(
        close(sizes[0].0, 595.28) && close(sizes[0].1, 841.89),
        "A4 portrait: {sizes:?}"
    );
    assert!(
        close(sizes[1].0, 792.0) && close(sizes[1].1, 612.0),
        "Letter landscape: {sizes:?}"
    );
}

#[test]
fn every_font_is_embedded_and_subset() {
    let doc = load(&taflkit::render::pdf(&sample(None)).unwrap());
    let mut fonts = 0;
    for obj in doc.objects.values() {
        let Ok(d) = obj.as_dict() else { continue };
        if d.get(b"Type").ok().map(name).as_deref() != Some("Font") {
            continue;
        }
        let subtype = name(d.get(b"Subtype").unwrap());
        assert_ne!(subtype, "Type1", "a standard font is not embedded");
        let base = name(d.get(b"BaseFont").unwrap());
        let (tag, rest) = base.split_once('+').expect("a subset tag");
        assert!(
            tag.len() == 6 && tag.bytes().all(|b| b.is_ascii_uppercase()) && !rest.is_empty(),
            "BaseFont {base} lacks a ABCDEF+ subset tag"
        );
        if subtype == "Type0" {
            fonts += 1;
            let descendant = d.get(b"DescendantFonts").unwrap().as_array().unwrap();
            let cid = resolve(&doc, &descendant[0]).as_dict().unwrap();
            assert_eq!(name(cid.get(b"BaseFont").unwrap()), base);
            let fd = resolve(&doc, cid.get(b"FontDescriptor").unwrap())
                .as_dict()
                .unwrap();
            assert!(
                fd.has(b"FontFile2") || fd.has(b"FontFile3"),
                "{base} has no embedded font program"
            );
        }
    }
    assert_eq!(fonts, 2, "the heading and body faces are used");
}

#[test]
fn subset_is_smaller_than_the_font() {
    let doc_in = sample(None);
    let bytes = taflkit::render::pdf(&doc_in).unwrap();
    let whole = doc_in.fonts.face_bytes(FontRole::Body).len()
        + doc_in.fonts.face_bytes(FontRole::Heading).len();
    assert!(
        bytes.len() < whole / 2,
        "the PDF ({} bytes) should hold only a subset of the fonts ({whole} bytes)",
        bytes.len()
    );
}

#[test]
fn viewer_preferences_ask_for_actual_size_and_the_duplex_flip() {
    for (duplex, expect) in [
        (Some(Duplex::LongEdge), Some("DuplexFlipLongEdge")),
        (Some(Duplex::ShortEdge), Some("DuplexFlipShortEdge")),
        (None, None),
    ] {
        let doc = load(&taflkit::render::pdf(&sample(duplex)).unwrap());
        let catalog = doc.catalog().unwrap();
        let prefs = resolve(&doc, catalog.get(b"ViewerPreferences").unwrap())
            .as_dict()
            .unwrap();
        assert_eq!(name(prefs.get(b"PrintScaling").unwrap()), "None");
        assert_eq!(prefs.get(b"Duplex").ok().map(name).as_deref(), expect);
    }
}

#[test]
fn info_carries_title_and_subject() {
    let doc = load(&taflkit::render::pdf(&sample(None)).unwrap());
    let info = resolve(&doc, doc.trailer.get(b"Info").unwrap())
        .as_dict()
        .unwrap();
    assert_eq!(
        text_string(info.get(b"Title").unwrap()),
        "Test kit — print-and-play"
    );
    assert_eq!(text_string(info.get(b"Subject").unwrap()), "Backend test");
    assert!(!info.has(b"CreationDate"), "no timestamps");
}

#[test]
fn same_document_same_bytes() {
    let a = taflkit::render::pdf(&sample(Some(Duplex::LongEdge))).unwrap();
    let b = taflkit::render::pdf(&sample(Some(Duplex::LongEdge))).unwrap();
    assert!(a == b, "two renders differ");
    let other = taflkit::render::pdf(&sample(Some(Duplex::ShortEdge))).unwrap();
    assert!(a != other);
}

type Matrix = [f64; 6];

fn concat(m: Matrix, ctm: Matrix) -> Matrix {
    [
        m[0] * ctm[0] + m[1] * ctm[2],
        m[0] * ctm[1] + m[1] * ctm[3],
        m[2] * ctm[0] + m[3] * ctm[2],
        m[2] * ctm[1] + m[3] * ctm[3],
        m[4] * ctm[0] + m[5] * ctm[2] + ctm[4],
        m[4] * ctm[1] + m[5] * ctm[3] + ctm[5],
    ]
}

/// Every filled path on the first page: its first point in PDF points,
/// mapped through the content stream's `cm` matrices.
fn filled_path_starts(doc: &LoDoc) -> Vec<(f64, f64)> {
    let page = *doc.get_pages().values().next().unwrap();
    let content = Content::decode(&doc.get_page_content(page)).unwrap();
    let mut ctm: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
    let mut stack = Vec::new();
    let mut start = None;
    let mut out = Vec::new();
    for op in &content.operations {
        let n: Vec<f64> = op
            .operands
            .iter()
            .filter_map(|o| o.as_float().ok().map(f64::from))
            .collect();
        match op.operator.as_str() {
            "q" => stack.push(ctm),
            "Q" => ctm = stack.pop().unwrap(),
            "cm" => ctm = concat([n[0], n[1], n[2], n[3], n[4], n[5]], ctm),
            "m" if start.is_none() => {
                start = Some((
                    n[0] * ctm[0] + n[1] * ctm[2] + ctm[4],
                    n[0] * ctm[1] + n[1] * ctm[3] + ctm[5],
                ))
            }
            "f" | "f*" | "B" | "B*" => out.extend(start.take()),
            "S" | "n" => start = None,
            _ => {}
        }
    }
    out
}

#[test]
fn rotated_group_lands_where_the_layout_put_it() {
    // The group maps its origin to (100, 150) mm and turns clockwise, so the
    // rectangle's far corner (20, 5) lands at (95, 170) mm on the page.
    let doc = load(&taflkit::render::pdf(&sample(None)).unwrap());
    let starts = filled_path_starts(&doc);
    let k = 1.0 / MM_PER_PT;
    let expect = (100.0 * k, (297.0 - 150.0) * k);
    assert!(
        starts
            .iter()
            .any(|s| (s.0 - expect.0).abs() < 0.01 && (s.1 - expect.1).abs() < 0.01),
        "no path starts at {expect:?}: {starts:?}"
    );
    // And the rectangle's second corner (20, 0) → page (100, 170) mm: check
    // the direction with the group's matrix itself.
    let t = Transform::translate(Mm(100.0), Mm(150.0)).then(Transform::rotate(90.0));
    let corner = t.apply(p(20.0, 0.0));
    assert!((corner.x.0 - 100.0).abs() < 1e-9 && (corner.y.0 - 170.0).abs() < 1e-9);
}

#[test]
fn text_is_drawn_with_the_shaped_glyphs() {
    let doc_in = sample(None);
    let doc = load(&taflkit::render::pdf(&doc_in).unwrap());
    let page = *doc.get_pages().values().next().unwrap();
    let content = Content::decode(&doc.get_page_content(page)).unwrap();
    let runs: Vec<&lopdf::content::Operation> = content
        .operations
        .iter()
        .filter(|o| o.operator == "TJ")
        .collect();
    assert_eq!(runs.len(), 2, "one TJ per text line");
    // Glyph strings in the first run: as many as shaping produced.
    let glyphs = doc_in
        .fonts
        .shape(FontRole::Heading, Pt(24.0), "Hnefatafl office affine")
        .len();
    let shown = runs[0].operands[0]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o.as_str().is_ok())
        .count();
    assert_eq!(shown, glyphs);
}

/// Glyph widths (thousandths of an em) from a CID font's `/W` array, the
/// widths a viewer advances by.
fn cid_widths(doc: &LoDoc, type0: &lopdf::Dictionary) -> std::collections::HashMap<u16, f64> {
    let descendant = type0.get(b"DescendantFonts").unwrap().as_array().unwrap();
    let cid = resolve(doc, &descendant[0]).as_dict().unwrap();
    let w = resolve(doc, cid.get(b"W").unwrap()).as_array().unwrap();
    let mut out = std::collections::HashMap::new();
    let mut i = 0;
    while i < w.len() {
        let first = number(resolve(doc, &w[i])) as u16;
        match resolve(doc, &w[i + 1]) {
            Object::Array(ws) => {
                for (k, v) in ws.iter().enumerate() {
                    out.insert(first + k as u16, number(resolve(doc, v)));
                }
                i += 2;
            }
            last => {
                let last = number(last) as u16;
                let v = number(resolve(doc, &w[i + 2]));
                for c in first..=last {
                    out.insert(c, v);
                }
                i += 3;
            }
        }
    }
    out
}

#[test]
fn text_advances_match_the_layout_measure() {
    // Kerning pairs (AV, VA, Tw) and a ligature (ffi): the pen after the
    // last glyph, as a viewer computes it from /W and the TJ adjustments,
    // must land where layout measured the line to end.
    let line = "AVA Tw office";
    let style = TextStyle {
        font: FontRole::Body,
        size: Pt(11.0),
        color: Rgb::BLACK,
    };
    let doc_in = Document {
        title: "t".into(),
        subject: "s".into(),
        lang: String::new(),
        fonts: fonts(),
        pages: vec![Page {
            size: Size::new(Mm(210.0), Mm(297.0)),
            label: "p".into(),
            items: vec![Item::Text(Text {
                origin: p(20.0, 20.0),
                text: line.into(),
                style,
            })],
        }],
        duplex: None,
    };
    let measured = doc_in.fonts.width(&style, line).0;
    let doc = load(&taflkit::render::pdf(&doc_in).unwrap());
    let page = *doc.get_pages().values().next().unwrap();
    let content = Content::decode(&doc.get_page_content(page)).unwrap();
    let tf = content
        .operations
        .iter()
        .find(|o| o.operator == "Tf")
        .unwrap();
    let size = number(&tf.operands[1]);
    let font_name = tf.operands[0].as_name().unwrap();
    let page_dict = doc.get_dictionary(page).unwrap();
    let resources = resolve(&doc, page_dict.get(b"Resources").unwrap())
        .as_dict()
        .unwrap();
    let fonts = resolve(&doc, resources.get(b"Font").unwrap())
        .as_dict()
        .unwrap();
    let font = resolve(&doc, fonts.get(font_name).unwrap())
        .as_dict()
        .unwrap();
    let widths = cid_widths(&doc, font);
    let tj = content
        .operations
        .iter()
        .find(|o| o.operator == "TJ")
        .unwrap();
    let mut pen = 0.0;
    for o in tj.operands[0].as_array().unwrap() {
        match o {
            Object::String(bytes, _) => {
                for code in bytes.chunks(2) {
                    let code = u16::from_be_bytes([code[0], code[1]]);
                    pen += widths.get(&code).copied().unwrap_or(0.0);
                }
            }
            n => pen -= number(n),
        }
    }
    let drawn = pen / 1000.0 * size;
    // `size` is in the page's millimetre text space (see docs/design/backends.md).
    assert!(
        (drawn - measured).abs() < 0.01,
        "drawn {drawn} mm, measured {measured} mm"
    );
    let glyphs = doc_in.fonts.shape(FontRole::Body, Pt(11.0), line).len();
    assert!(
        glyphs < line.chars().count(),
        "the ffi ligature is one glyph"
    );
}
