//! Theme art through `layout::art::place` and the backends looks like the
//! SVG it came from: the PNG preview of the placed art is compared pixel by
//! pixel with resvg's own rendering of the original file, and the PDF keeps
//! it vector (paths and shadings, no images).

use lopdf::content::Content;
use resvg::tiny_skia::{Pixmap, Transform as SkTransform};
use taflkit::layout::{Document, art};
use taflkit::theme::Art;
use taflkit::units::{Mm, Rect};

/// A shield as a drawing program writes one: nested groups with
/// transforms, group opacity, a clip path, linear and radial gradients
/// (one in bounding-box units with a gradient transform), strokes with
/// joins and dashes, an even-odd ring and a quadratic curve.
const SHIELD: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="100" viewBox="0 0 80 100">
  <defs>
    <linearGradient id="metal" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f4e3a1"/>
      <stop offset="0.5" stop-color="#c8962e"/>
      <stop offset="1" stop-color="#6b4a12"/>
    </linearGradient>
    <radialGradient id="boss" cx="0" cy="0" r="14" fx="-5" fy="-5" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="1" stop-color="#4a4a4a"/>
    </radialGradient>
    <radialGradient id="glow" gradientTransform="translate(0.5 0.5) scale(0.5 0.25) translate(-0.5 -0.5)">
      <stop offset="0" stop-color="#3060c0"/>
      <stop offset="1" stop-color="#102040"/>
    </radialGradient>
    <clipPath id="inside">
      <path d="M10 10 H70 V50 Q70 85 40 95 Q10 85 10 50 Z"/>
    </clipPath>
  </defs>
  <path d="M8 8 H72 V50 Q72 88 40 98 Q8 88 8 50 Z" fill="url(#metal)" stroke="#3a2a08" stroke-width="2" stroke-linejoin="round"/>
  <g clip-path="url(#inside)">
    <rect x="0" y="0" width="80" height="100" fill="url(#glow)"/>
    <g transform="rotate(30 40 50)" opacity="0.6">
      <rect x="-20" y="42" width="120" height="10" fill="#d03020"/>
    </g>
  </g>
  <g transform="translate(40 45)">
    <path d="M-14 0 A14 14 0 1 0 14 0 A14 14 0 1 0 -14 0 Z M-5 0 A5 5 0 1 0 5 0 A5 5 0 1 0 -5 0 Z" fill="url(#boss)" fill-rule="evenodd" transform="translate(-40 -45) translate(40 45)"/>
  </g>
  <path d="M14 70 L40 88 L66 70" fill="none" stroke="#ffffff" stroke-width="1.5" stroke-dasharray="4 2" stroke-linecap="round"/>
</svg>"##;

fn shield() -> Art {
    Art::new(usvg::Tree::from_str(SHIELD, &usvg::Options::default()).expect("the test SVG parses"))
}

/// The art alone on a page of its own size (1 user unit = 1 mm).
fn page_of_art() -> Document {
    let rect = Rect::new(Mm(0.0), Mm(0.0), Mm(80.0), Mm(100.0));
    crate::common::one_page(rect.size(), vec![art::place(&shield(), rect)])
}

#[test]
fn placed_art_matches_resvg_rendering_of_the_source() {
    // 127 dpi is 5 px per mm: the page and the direct render are both
    // 400 × 500 px.
    let doc = page_of_art();
    let ours =
        Pixmap::decode_png(&taflkit::render::png(&doc, &doc.pages[0], 127.0).unwrap()).unwrap();
    let tree = usvg::Tree::from_str(SHIELD, &usvg::Options::default()).unwrap();
    let mut direct = Pixmap::new(400, 500).unwrap();
    direct.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        SkTransform::from_scale(5.0, 5.0),
        &mut direct.as_mut(),
    );
    assert_eq!((ours.width(), ours.height()), (400, 500));

    let mut differing = 0usize;
    let mut total = 0u64;
    for (a, b) in ours.pixels().iter().zip(direct.pixels()) {
        let d = (i32::from(a.red()) - i32::from(b.red())).abs()
            + (i32::from(a.green()) - i32::from(b.green())).abs()
            + (i32::from(a.blue()) - i32::from(b.blue())).abs();
        total += d as u64;
        if d > 48 {
            differing += 1;
        }
    }
    let n = ours.pixels().len();
    let mean = total as f64 / n as f64;
    // Anti-aliasing and the mean of gradient stop opacities may differ a
    // little; shapes, colours and gradients must not.
    assert!(
        differing * 100 < n,
        "{differing} of {n} pixels differ clearly (mean difference {mean:.2})"
    );
    assert!(mean < 4.0, "mean channel difference {mean:.2}");
}

/// The content of every form XObject a page names with `Do`, and how many
/// `Do`s the page has.
fn forms_of_page(lo: &lopdf::Document, page: lopdf::ObjectId) -> (usize, Vec<Content>) {
    let content = Content::decode(&lo.get_page_content(page)).unwrap();
    let names: Vec<Vec<u8>> = content
        .operations
        .iter()
        .filter(|o| o.operator == "Do")
        .map(|o| o.operands[0].as_name().unwrap().to_vec())
        .collect();
    let deref = |o: &lopdf::Object| lo.dereference(o).unwrap().1.as_dict().unwrap().clone();
    let page_dict = lo.get_dictionary(page).unwrap();
    let res = deref(page_dict.get(b"Resources").unwrap());
    let xobjects = deref(res.get(b"XObject").unwrap());
    let mut distinct = names.clone();
    distinct.sort();
    distinct.dedup();
    let forms = distinct
        .iter()
        .map(|n| {
            let id = xobjects.get(n).unwrap().as_reference().unwrap();
            let s = lo.get_object(id).unwrap().as_stream().unwrap();
            assert_eq!(s.dict.get(b"Subtype").unwrap().as_name().unwrap(), b"Form");
            Content::decode(&s.decompressed_content().unwrap_or(s.content.clone())).unwrap()
        })
        .collect();
    (names.len(), forms)
}

#[test]
fn placed_art_stays_vector_in_the_pdf() {
    let doc = page_of_art();
    let pdf = taflkit::render::pdf(&doc).unwrap();
    let lo = lopdf::Document::load_mem(&pdf).unwrap();
    assert_eq!(lo.get_pages().len(), 1, "the art's form is no page");
    let page = *lo.get_pages().values().next().unwrap();
    let (uses, forms) = forms_of_page(&lo, page);
    assert_eq!(
        (uses, forms.len()),
        (1, 1),
        "the art is one form, drawn once"
    );
    let count = |op: &str| {
        forms[0]
            .operations
            .iter()
            .filter(|o| o.operator == op)
            .count()
    };
    assert_eq!(count("Do"), 0, "no images inside the form");
    assert_eq!(count("sh"), 3, "three gradient fills as shadings");
    assert!(count("c") > 10, "curves stay curves");
    assert_eq!(
        count("W") + count("W*"),
        3 + 1,
        "gradient clips and the art's clip"
    );
}

#[test]
fn art_placed_many_times_is_written_once() {
    let page = |n: usize| {
        let mut doc = page_of_art();
        let items = (0..n)
            .map(|i| {
                let r = Rect::new(
                    Mm((i % 10) as f64 * 8.0),
                    Mm((i / 10) as f64 * 10.0),
                    Mm(8.0),
                    Mm(10.0),
                );
                art::place(&shield(), r)
            })
            .collect();
        doc.pages[0].items = items;
        doc
    };
    let one = taflkit::render::pdf(&page(1)).unwrap();
    let many = taflkit::render::pdf(&page(100)).unwrap();
    let lo = lopdf::Document::load_mem(&many).unwrap();
    let pid = *lo.get_pages().values().next().unwrap();
    let (uses, forms) = forms_of_page(&lo, pid);
    // Each `shield()` is parsed anew, so each placement here is its own
    // drawing: only a drawing shared by its placements is one form.
    assert_eq!(uses, 100);
    assert_eq!(forms.len(), 100);
    let shared = {
        let art = shield();
        let mut doc = page_of_art();
        doc.pages[0].items = (0..100)
            .map(|i| {
                let r = Rect::new(
                    Mm((i % 10) as f64 * 8.0),
                    Mm((i / 10) as f64 * 10.0),
                    Mm(8.0),
                    Mm(10.0),
                );
                art::place(&art, r)
            })
            .collect();
        taflkit::render::pdf(&doc).unwrap()
    };
    let lo = lopdf::Document::load_mem(&shared).unwrap();
    let pid = *lo.get_pages().values().next().unwrap();
    let (uses, forms) = forms_of_page(&lo, pid);
    assert_eq!((uses, forms.len()), (100, 1), "one form named 100 times");
    // A hundred placements of one drawing cost a few bytes each, not a
    // drawing each.
    assert!(
        shared.len() < one.len() + 100 * 80,
        "{} bytes for 100 placements, {} for one",
        shared.len(),
        one.len()
    );
    assert!(
        many.len() > shared.len() * 5,
        "{} vs {}",
        many.len(),
        shared.len()
    );
}
