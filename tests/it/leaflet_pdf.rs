//! Booklet imposition checked from the PDF itself: each numbered test page
//! carries a horizontal line as long as its number (in mm); reading the
//! content streams (`cm` matrices and path operators) tells where each
//! page landed and whether it is turned.

use lopdf::content::Content;
use lopdf::{Document as Pdf, Object};
use taflkit::kit::leaflet::impose::{impose, page_size};
use taflkit::layout::paper::Paper;
use taflkit::layout::text::FontSet;
use taflkit::layout::{
    Document, Duplex, Item, LineCap, LineJoin, Page, Paint, Path, PathCmd, Rgb, Stroke,
};
use taflkit::units::{Mm, Point};

const PT_PER_MM: f64 = 72.0 / 25.4;

fn numbered(n: usize, paper: Paper) -> Vec<Page> {
    (1..=n)
        .map(|i| Page {
            size: page_size(paper),
            label: format!("test page {i}"),
            items: vec![Item::Path(Path {
                commands: vec![
                    PathCmd::MoveTo(Point::new(Mm(30.0), Mm(40.0))),
                    PathCmd::LineTo(Point::new(Mm(30.0 + i as f64), Mm(40.0))),
                ],
                fill: None,
                stroke: Some(Stroke {
                    paint: Paint::Solid(Rgb::BLACK),
                    width: Mm(0.5),
                    dash: Vec::new(),
                    cap: LineCap::Butt,
                    join: LineJoin::Miter,
                    opacity: 1.0,
                }),
            })],
        })
        .collect()
}

fn pdf_of(n: usize, paper: Paper, duplex: Duplex) -> Vec<u8> {
    let fonts = FontSet::builtin();
    let doc = Document {
        title: "imposition test".into(),
        subject: "test".into(),
        lang: String::new(),
        fonts: fonts.clone(),
        pages: impose(&numbered(n, paper), paper, duplex, &fonts),
        duplex: Some(duplex),
    };
    taflkit::render::pdf(&doc).expect("pdf")
}

type M = [f64; 6];

fn mul(m: M, n: M) -> M {
    // m applied first, then n (PDF: CTM' = m × CTM).
    [
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    ]
}

fn apply(m: M, x: f64, y: f64) -> (f64, f64) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

fn num(o: &Object) -> f64 {
    match o {
        Object::Integer(i) => *i as f64,
        Object::Real(r) => *r as f64,
        _ => f64::NAN,
    }
}

/// For one PDF page: its width in points and the test markers found,
/// as (page number, start x in points, turned).
fn markers(pdf: &Pdf, page: lopdf::ObjectId) -> (f64, Vec<(usize, f64, bool)>) {
    let media = pdf
        .get_dictionary(page)
        .unwrap()
        .get(b"MediaBox")
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(num)
        .collect::<Vec<_>>();
    let content = Content::decode(&pdf.get_page_content(page)).unwrap();
    let mut ctm: M = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
    let mut stack = Vec::new();
    let mut path: Vec<(f64, f64)> = Vec::new();
    let mut simple = true;
    let mut out = Vec::new();
    for op in &content.operations {
        let o: Vec<f64> = op.operands.iter().map(num).collect();
        match op.operator.as_str() {
            "q" => stack.push(ctm),
            "Q" => ctm = stack.pop().unwrap_or(ctm),
            "cm" => ctm = mul([o[0], o[1], o[2], o[3], o[4], o[5]], ctm),
            "m" => {
                path = vec![apply(ctm, o[0], o[1])];
                simple = true;
            }
            "l" => path.push(apply(ctm, o[0], o[1])),
            "c" | "v" | "y" | "h" | "re" => simple = false,
            "S" | "s" | "f" | "F" | "f*" | "B" | "B*" | "b" | "b*" | "n" => {
                if simple && path.len() == 2 {
                    let (a, b) = (path[0], path[1]);
                    let len_mm = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt() / PT_PER_MM;
                    let horizontal = (b.1 - a.1).abs() < 1e-3;
                    let n = len_mm.round();
                    if horizontal && (len_mm - n).abs() < 1e-3 && (1.0..=8.0).contains(&n) {
                        out.push((n as usize, a.0, b.0 < a.0));
                    }
                }
                path.clear();
            }
            _ => {}
        }
    }
    (media[2] - media[0], out)
}

/// Each PDF page as (left page, right page, turned).
fn sides(bytes: &[u8]) -> Vec<(Option<usize>, Option<usize>, bool)> {
    let pdf = Pdf::load_mem(bytes).expect("parse pdf");
    pdf.get_pages()
        .values()
        .map(|&id| {
            let (w, ms) = markers(&pdf, id);
            let left = ms.iter().find(|m| m.1 < w / 2.0).map(|m| m.0);
            let right = ms.iter().find(|m| m.1 >= w / 2.0).map(|m| m.0);
            let turned = !ms.is_empty() && ms.iter().all(|m| m.2);
            assert!(ms.iter().all(|m| m.2 == turned), "mixed rotation");
            (left, right, turned)
        })
        .collect()
}

fn duplex_pref(bytes: &[u8]) -> Vec<u8> {
    let pdf = Pdf::load_mem(bytes).unwrap();
    let catalog = pdf.catalog().unwrap();
    let prefs = catalog.get(b"ViewerPreferences").unwrap();
    let prefs = match prefs {
        Object::Reference(r) => pdf.get_dictionary(*r).unwrap(),
        Object::Dictionary(d) => d,
        other => panic!("{other:?}"),
    };
    prefs.get(b"Duplex").unwrap().as_name().unwrap().to_vec()
}

#[test]
fn four_pages_from_the_pdf() {
    for paper in [Paper::A4, Paper::Letter] {
        let long = pdf_of(4, paper, Duplex::LongEdge);
        assert_eq!(
            sides(&long),
            vec![(Some(4), Some(1), false), (Some(3), Some(2), true)]
        );
        assert_eq!(duplex_pref(&long), b"DuplexFlipLongEdge");
        let short = pdf_of(4, paper, Duplex::ShortEdge);
        assert_eq!(
            sides(&short),
            vec![(Some(4), Some(1), false), (Some(2), Some(3), false)]
        );
        assert_eq!(duplex_pref(&short), b"DuplexFlipShortEdge");
    }
}

#[test]
fn eight_pages_from_the_pdf() {
    let long = pdf_of(8, Paper::A4, Duplex::LongEdge);
    assert_eq!(
        sides(&long),
        vec![
            (Some(8), Some(1), false),
            (Some(7), Some(2), true),
            (Some(6), Some(3), false),
            (Some(5), Some(4), true),
        ]
    );
    let short = pdf_of(8, Paper::A4, Duplex::ShortEdge);
    assert_eq!(
        sides(&short),
        vec![
            (Some(8), Some(1), false),
            (Some(2), Some(7), false),
            (Some(6), Some(3), false),
            (Some(4), Some(5), false),
        ]
    );
}

#[test]
fn sides_are_landscape_sheets() {
    let bytes = pdf_of(4, Paper::Letter, Duplex::LongEdge);
    let pdf = Pdf::load_mem(&bytes).unwrap();
    for id in pdf.get_pages().values() {
        let (w, _) = markers(&pdf, *id);
        assert!((w - 279.4 * PT_PER_MM).abs() < 0.5, "width {w}");
    }
}
