//! The PDF backend: a laid-out document drawn with printpdf, then finished
//! with lopdf (viewer preferences, a fixed document ID, clean metadata).
//!
//! Every page's content starts with one `cm` that maps layout millimetres
//! (origin top-left, y down) to PDF points (origin bottom-left, y up); that
//! is the only unit or axis conversion in the backend, so every operand
//! after it (coordinates, line widths, dashes, font sizes) is in mm.
//!
//! Paths are written as raw path operators (`m l c h` and the paint
//! operators) because printpdf's polygon type closes every ring, which
//! would close open strokes. Text uses printpdf's embedded-font machinery
//! (glyph-id `TJ` arrays, `/W` widths, ToUnicode, and subsetting, which
//! printpdf only does with its `text_layout` feature).

use std::collections::BTreeMap;

use lopdf::{Dictionary, Object, StringFormat};
use printpdf::{
    Codepoint, Color, CurTransMat, DictItem, ExtendedGraphicsState, ExtendedGraphicsStateId,
    FontId, GradientStop, Op, ParsedFont, PdfDocument, PdfFont, PdfFontHandle, PdfPage,
    PdfSaveOptions, Shading, ShadingGeometry, ShadingId, TextItem, TextMatrix,
};

use super::{PlacedGlyph, flat_paint, glyph_run, stops_opacity};
use crate::error::{Diagnostic, Failure};
use crate::layout::{
    Document, Duplex, Fill, FillRule, FontRole, Group, Item, LineCap, LineJoin, Paint, Path,
    PathCmd, Rgb, Stroke, Text, Transform,
};
use crate::units::{MM_PER_PT, Point};

const ROLES: [FontRole; 4] = [
    FontRole::Heading,
    FontRole::Body,
    FontRole::Bold,
    FontRole::Italic,
];

fn role_index(role: FontRole) -> usize {
    match role {
        FontRole::Heading => 0,
        FontRole::Body => 1,
        FontRole::Bold => 2,
        FontRole::Italic => 3,
    }
}

/// Draws the document and returns the PDF file.
pub(super) fn render(doc: &Document) -> Result<Vec<u8>, Failure> {
    let mut w = Writer::new(doc);
    let mut pages = Vec::with_capacity(doc.pages.len());
    for page in &doc.pages {
        w.ops.clear();
        // The one place where layout space becomes PDF space.
        let k = 1.0 / MM_PER_PT;
        w.ops.push(Op::SaveGraphicsState);
        w.ops.push(Op::SetTransformationMatrix {
            matrix: CurTransMat::Raw([
                k as f32,
                0.0,
                0.0,
                -k as f32,
                0.0,
                (page.size.h.0 * k) as f32,
            ]),
        });
        w.items(&page.items, 1.0)?;
        w.ops.push(Op::RestoreGraphicsState);
        pages.push(PdfPage::new(
            printpdf::Mm(page.size.w.0 as f32),
            printpdf::Mm(page.size.h.0 as f32),
            std::mem::take(&mut w.ops),
        ));
    }
    let mut pdf = PdfDocument::new(&doc.title);
    pdf.metadata.info.subject = doc.subject.clone();
    pdf.metadata.info.creator = "taflkit".into();
    pdf.metadata.info.producer = "taflkit (printpdf)".into();
    w.finish_resources(&mut pdf, &mut pages)?;
    pdf.with_pages(pages);

    let opts = PdfSaveOptions {
        optimize: true,
        subset_fonts: true,
        // Our own raw path operators travel as printpdf's "unknown" ops,
        // which it drops in secure mode.
        secure: false,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let mut lo = pdf.to_lopdf_document(&opts, &mut warnings);
    finish(&mut lo, doc)?;
    lo.compress();
    let mut out = Vec::new();
    lo.save_to(&mut out)
        .map_err(|e| Failure::new(Diagnostic::error("pdf", format!("cannot write PDF: {e}"))))?;
    Ok(out)
}

/// Catalog, trailer and Info entries printpdf does not write (or writes
/// with random or misleading values).
fn finish(lo: &mut lopdf::Document, doc: &Document) -> Result<(), Failure> {
    let fail = |what: &str| Failure::new(Diagnostic::error("pdf", what.to_string()));
    // Transparency (ExtGState /ca) and shadings need PDF 1.4.
    lo.version = "1.7".into();

    let mut prefs = Dictionary::new();
    prefs.set("PrintScaling", Object::Name(b"None".to_vec()));
    if let Some(d) = doc.duplex {
        let flip: &[u8] = match d {
            Duplex::LongEdge => b"DuplexFlipLongEdge",
            Duplex::ShortEdge => b"DuplexFlipShortEdge",
        };
        prefs.set("Duplex", Object::Name(flip.to_vec()));
    }
    let catalog = lo.catalog_mut().map_err(|_| fail("PDF has no catalog"))?;
    catalog.set("ViewerPreferences", Object::Dictionary(prefs));

    // printpdf writes Info with fixed 1970 dates, a PDF/X version claim and
    // empty fields; keep only what is true.
    if let Ok(info_ref) = lo.trailer.get(b"Info").and_then(Object::as_reference)
        && let Ok(info) = lo.get_dictionary_mut(info_ref)
    {
        for key in [
            "CreationDate",
            "ModDate",
            "GTS_PDFXVersion",
            "Trapped",
            "Identifier",
            "Keywords",
            "Author",
        ] {
            info.remove(key.as_bytes());
        }
    }

    // A document ID that depends only on the document: printpdf's is random.
    let mut h = Fnv::new();
    h.write(doc.title.as_bytes());
    h.write(doc.subject.as_bytes());
    for (_, obj) in lo.objects.iter() {
        if let Object::Stream(s) = obj {
            h.write(&s.content);
        }
    }
    let id = format!(
        "{:016x}{:016x}",
        h.0,
        h.0.rotate_left(32) ^ 0x9e37_79b9_7f4a_7c15
    );
    let id = Object::String(id.into_bytes(), StringFormat::Hexadecimal);
    lo.trailer.set("ID", Object::Array(vec![id.clone(), id]));
    Ok(())
}

/// FNV-1a: a small, stable hash for names and IDs (std's hasher is seeded
/// per process, so it would break determinism).
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// One face as the text drawing needs it.
struct FaceInfo {
    /// Advance widths in thousandths of an em, truncated as printpdf writes
    /// them to `/W`, so our `TJ` adjustments cancel the viewer's advance
    /// exactly.
    widths: Vec<i64>,
}

struct Writer<'a> {
    doc: &'a Document,
    ops: Vec<Op>,
    /// (fill alpha, stroke alpha) in thousandths → graphics state.
    gstates: BTreeMap<(u16, u16), ExtendedGraphicsStateId>,
    shadings: Vec<(ShadingId, Shading)>,
    faces: [Option<FaceInfo>; 4],
}

/// A placeholder resource name for a face until the subset tags are known.
fn placeholder(role: usize) -> FontId {
    FontId(format!("TAFLKIT-FACE-{role}"))
}

fn real(v: f64) -> DictItem {
    // A ten-thousandth of a millimetre: well below print resolution, and
    // short, stable numbers in the content stream.
    let r = (v * 10_000.0).round() / 10_000.0;
    DictItem::Real(if r == 0.0 { 0.0 } else { r as f32 })
}

fn raw(key: &str, value: Vec<DictItem>) -> Op {
    Op::Unknown {
        key: key.into(),
        value,
    }
}

fn color(c: Rgb) -> Color {
    Color::Rgb(printpdf::Rgb {
        r: f32::from(c.0) / 255.0,
        g: f32::from(c.1) / 255.0,
        b: f32::from(c.2) / 255.0,
        icc_profile: None,
    })
}

impl<'a> Writer<'a> {
    fn new(doc: &'a Document) -> Writer<'a> {
        Writer {
            doc,
            ops: Vec::new(),
            gstates: BTreeMap::new(),
            shadings: Vec::new(),
            faces: [None, None, None, None],
        }
    }

    fn items(&mut self, items: &[Item], opacity: f64) -> Result<(), Failure> {
        for item in items {
            match item {
                Item::Path(p) => self.path(p, opacity),
                Item::Text(t) => self.text(t, opacity)?,
                Item::Group(g) => self.group(g, opacity)?,
            }
        }
        Ok(())
    }

    /// Group opacity is multiplied into the items' own (exact unless the
    /// group's items overlap each other); the SVG backend does the same so
    /// previews match.
    fn group(&mut self, g: &Group, opacity: f64) -> Result<(), Failure> {
        self.ops.push(Op::SaveGraphicsState);
        if g.transform != Transform::IDENTITY {
            self.cm(&g.transform);
        }
        if let Some(clip) = &g.clip {
            self.path_ops(clip);
            self.ops.push(raw("W", vec![]));
            self.ops.push(raw("n", vec![]));
        }
        self.items(&g.items, opacity * g.opacity.clamp(0.0, 1.0))?;
        self.ops.push(Op::RestoreGraphicsState);
        Ok(())
    }

    fn cm(&mut self, t: &Transform) {
        self.ops.push(Op::SetTransformationMatrix {
            matrix: CurTransMat::Raw([
                t.a as f32,
                t.b as f32,
                t.c as f32,
                t.d as f32,
                t.e.0 as f32,
                t.f.0 as f32,
            ]),
        });
    }

    fn point(p: Point) -> [DictItem; 2] {
        [real(p.x.0), real(p.y.0)]
    }

    fn path_ops(&mut self, cmds: &[PathCmd]) {
        for c in cmds {
            let op = match *c {
                PathCmd::MoveTo(p) => raw("m", Self::point(p).into()),
                PathCmd::LineTo(p) => raw("l", Self::point(p).into()),
                PathCmd::CubicTo(a, b, p) => {
                    let mut v = Vec::with_capacity(6);
                    v.extend(Self::point(a));
                    v.extend(Self::point(b));
                    v.extend(Self::point(p));
                    raw("c", v)
                }
                PathCmd::Close => raw("h", vec![]),
            };
            self.ops.push(op);
        }
    }

    fn gstate(&mut self, fill: f64, stroke: f64) {
        let q = |a: f64| (a.clamp(0.0, 1.0) * 1000.0).round() as u16;
        let key = (q(fill), q(stroke));
        if key == (1000, 1000) {
            return;
        }
        let n = self.gstates.len();
        let id = self
            .gstates
            .entry(key)
            .or_insert_with(|| ExtendedGraphicsStateId(format!("GS{n}")))
            .clone();
        self.ops.push(Op::LoadGraphicsState { gs: id });
    }

    fn path(&mut self, p: &Path, opacity: f64) {
        if p.commands.is_empty() || (p.fill.is_none() && p.stroke.is_none()) {
            return;
        }
        let solid_fill = p
            .fill
            .as_ref()
            .filter(|f| matches!(f.paint, Paint::Solid(_)));
        if let Some(f) = p
            .fill
            .as_ref()
            .filter(|f| !matches!(f.paint, Paint::Solid(_)))
        {
            self.gradient_fill(&p.commands, f, opacity);
        }
        let stroke = p.stroke.as_ref().filter(|s| s.width.0 > 0.0);
        if solid_fill.is_none() && stroke.is_none() {
            return;
        }
        self.ops.push(Op::SaveGraphicsState);
        let fill_alpha = solid_fill.map_or(1.0, |f| f.opacity * opacity);
        let stroke_alpha = stroke.map_or(1.0, |s| s.opacity * opacity * stops_opacity(&s.paint));
        self.gstate(fill_alpha, stroke_alpha);
        if let Some(f) = solid_fill {
            self.ops.push(Op::SetFillColor {
                col: color(flat_paint(&f.paint)),
            });
        }
        if let Some(s) = stroke {
            self.stroke_state(s);
        }
        self.path_ops(&p.commands);
        let even_odd = solid_fill.is_some_and(|f| f.rule == FillRule::EvenOdd);
        let paint = match (solid_fill.is_some(), stroke.is_some(), even_odd) {
            (true, true, false) => "B",
            (true, true, true) => "B*",
            (true, false, false) => "f",
            (true, false, true) => "f*",
            _ => "S",
        };
        self.ops.push(raw(paint, vec![]));
        self.ops.push(Op::RestoreGraphicsState);
    }

    fn stroke_state(&mut self, s: &Stroke) {
        self.ops.push(Op::SetOutlineColor {
            col: color(flat_paint(&s.paint)),
        });
        // Operands are millimetres: the page matrix scales them.
        self.ops.push(raw("w", vec![real(s.width.0)]));
        self.ops.push(raw(
            "J",
            vec![DictItem::Int(match s.cap {
                LineCap::Butt => 0,
                LineCap::Round => 1,
                LineCap::Square => 2,
            })],
        ));
        self.ops.push(raw(
            "j",
            vec![DictItem::Int(match s.join {
                LineJoin::Miter => 0,
                LineJoin::Round => 1,
                LineJoin::Bevel => 2,
            })],
        ));
        if !s.dash.is_empty() {
            let dash = s.dash.iter().map(|d| real(d.0)).collect();
            self.ops
                .push(raw("d", vec![DictItem::Array(dash), DictItem::Int(0)]));
        }
    }

    /// A gradient fill: the path becomes the clip and a shading paints it.
    fn gradient_fill(&mut self, cmds: &[PathCmd], f: &Fill, opacity: f64) {
        let (geometry, stops) = match &f.paint {
            Paint::Solid(_) => return,
            Paint::Linear(g) => (
                ShadingGeometry::Axial {
                    coords: [
                        g.start.x.0 as f32,
                        g.start.y.0 as f32,
                        g.end.x.0 as f32,
                        g.end.y.0 as f32,
                    ],
                },
                &g.stops,
            ),
            Paint::Radial(g) => (
                ShadingGeometry::Radial {
                    coords: [
                        g.focus.x.0 as f32,
                        g.focus.y.0 as f32,
                        0.0,
                        g.center.x.0 as f32,
                        g.center.y.0 as f32,
                        g.radius.0 as f32,
                    ],
                },
                &g.stops,
            ),
        };
        let mut stops: Vec<GradientStop> = stops
            .iter()
            .map(|s| GradientStop {
                offset: s.offset.clamp(0.0, 1.0) as f32,
                color: [
                    f32::from(s.color.0) / 255.0,
                    f32::from(s.color.1) / 255.0,
                    f32::from(s.color.2) / 255.0,
                ],
            })
            .collect();
        stops.sort_by(|a, b| a.offset.total_cmp(&b.offset));
        if stops.is_empty() {
            return;
        }
        let id = ShadingId(format!("Sh{}", self.shadings.len()));
        self.shadings.push((
            id.clone(),
            Shading {
                geometry,
                stops,
                extend: (true, true),
            },
        ));
        self.ops.push(Op::SaveGraphicsState);
        self.gstate(f.opacity * opacity * stops_opacity(&f.paint), 1.0);
        self.path_ops(cmds);
        let clip = match f.rule {
            FillRule::NonZero => "W",
            FillRule::EvenOdd => "W*",
        };
        self.ops.push(raw(clip, vec![]));
        self.ops.push(raw("n", vec![]));
        self.ops.push(Op::PaintShading { id });
        self.ops.push(Op::RestoreGraphicsState);
    }

    fn face(&mut self, role: FontRole) -> Result<&FaceInfo, Failure> {
        let i = role_index(role);
        if self.faces[i].is_none() {
            let bytes = self.doc.fonts.face_bytes(role);
            let face = rustybuzz::ttf_parser::Face::parse(bytes, 0).map_err(|e| {
                Failure::new(Diagnostic::error(
                    "pdf",
                    format!(
                        "the {role:?} font cannot be read ({e}), so its text cannot be embedded"
                    ),
                ))
            })?;
            let upem = f32::from(face.units_per_em());
            let widths = (0..face.number_of_glyphs())
                .map(|g| {
                    let adv = face
                        .glyph_hor_advance(rustybuzz::ttf_parser::GlyphId(g))
                        .unwrap_or(0);
                    (f32::from(adv) * 1000.0 / upem) as i64
                })
                .collect();
            self.faces[i] = Some(FaceInfo { widths });
        }
        Ok(self.faces[i].as_ref().expect("face loaded above"))
    }

    fn text(&mut self, t: &Text, opacity: f64) -> Result<(), Failure> {
        let glyphs = glyph_run(&self.doc.fonts, t);
        if glyphs.is_empty() {
            return Ok(());
        }
        let size_mm = t.style.size.to_mm().0;
        if size_mm <= 0.0 {
            return Ok(());
        }
        let widths = self.face(t.style.font)?.widths.clone();
        self.ops.push(Op::SaveGraphicsState);
        self.gstate(opacity, 1.0);
        self.ops.push(Op::StartTextSection);
        self.ops.push(Op::SetFont {
            font: PdfFontHandle::External(placeholder(role_index(t.style.font))),
            // Text space is the page's millimetre space (see module doc).
            size: printpdf::Pt(size_mm as f32),
        });
        self.ops.push(Op::SetFillColor {
            col: color(t.style.color),
        });
        // A run is glyphs on one baseline; a change of baseline (mark
        // positioning) starts a new `Tm`.
        let cids: Vec<Option<String>> = (0..glyphs.len())
            .map(|i| cluster_text(t, &glyphs, i))
            .collect();
        let mut start = 0;
        while start < glyphs.len() {
            let y = glyphs[start].at.y;
            let mut end = start + 1;
            while end < glyphs.len() && glyphs[end].at.y == y {
                end += 1;
            }
            self.glyph_run(&glyphs[start..end], &cids[start..end], &widths, size_mm);
            start = end;
        }
        self.ops.push(Op::EndTextSection);
        self.ops.push(Op::RestoreGraphicsState);
        Ok(())
    }

    fn glyph_run(
        &mut self,
        run: &[PlacedGlyph],
        cids: &[Option<String>],
        widths: &[i64],
        size_mm: f64,
    ) {
        let first = run[0].at;
        self.ops.push(Op::SetTextMatrix {
            // Flip y back so glyphs stand upright in the y-down page space.
            matrix: TextMatrix::Raw([1.0, 0.0, 0.0, -1.0, first.x.0 as f32, first.y.0 as f32]),
        });
        let mut codepoints = Vec::with_capacity(run.len());
        for (i, g) in run.iter().enumerate() {
            // The viewer moves the pen by the glyph's /W width; a TJ number
            // (thousandths of an em, positive moves left) takes it to where
            // shaping put the next glyph.
            let offset = match run.get(i + 1) {
                Some(next) => {
                    let w = widths.get(usize::from(g.id)).copied().unwrap_or(0) as f64;
                    let shaped = (next.at.x.0 - g.at.x.0) / size_mm * 1000.0;
                    let o = w - shaped;
                    if o.abs() < 0.005 {
                        0.0
                    } else {
                        ((o * 100.0).round() / 100.0) as f32
                    }
                }
                None => 0.0,
            };
            codepoints.push(Codepoint {
                gid: g.id,
                offset,
                cid: cids[i].clone(),
            });
        }
        self.ops.push(Op::ShowText {
            items: vec![TextItem::GlyphIds(codepoints)],
        });
    }

    /// Registers fonts, graphics states and shadings under deterministic
    /// names, and gives each used face its subset tag.
    fn finish_resources(
        &mut self,
        pdf: &mut PdfDocument,
        pages: &mut [PdfPage],
    ) -> Result<(), Failure> {
        for (key, id) in &self.gstates {
            let gs = ExtendedGraphicsState::default()
                .with_current_fill_alpha(f32::from(key.0) / 1000.0)
                .with_current_stroke_alpha(f32::from(key.1) / 1000.0);
            pdf.resources.extgstates.map.insert(id.clone(), gs);
        }
        for (id, s) in self.shadings.drain(..) {
            pdf.resources.shadings.map.insert(id, s);
        }
        let mut names: [Option<FontId>; 4] = [None, None, None, None];
        for (i, role) in ROLES.iter().enumerate() {
            if self.faces[i].is_none() {
                continue;
            }
            let bytes = self.doc.fonts.face_bytes(*role);
            let mut warnings = Vec::new();
            let parsed = ParsedFont::from_bytes(bytes, 0, &mut warnings).ok_or_else(|| {
                Failure::new(Diagnostic::error(
                    "pdf",
                    format!("the {role:?} font cannot be embedded"),
                ))
            })?;
            // printpdf takes the subset tag (`ABCDEF+Name`) from the first six
            // letters of the resource name: make them a hash of the face and
            // the glyphs drawn with it, so they are stable yet differ between
            // subsets.
            let mut h = Fnv::new();
            h.write(bytes);
            for page in pages.iter() {
                glyphs_of(&page.ops, &placeholder(i), &mut h);
            }
            let mut v = h.0;
            let tag: String = (0..6)
                .map(|_| {
                    let c = (b'A' + (v % 26) as u8) as char;
                    v /= 26;
                    c
                })
                .collect();
            let id = FontId(format!("{tag}{i}"));
            pdf.resources
                .fonts
                .map
                .insert(id.clone(), PdfFont::new(parsed));
            names[i] = Some(id);
        }
        for page in pages.iter_mut() {
            for op in page.ops.iter_mut() {
                if let Op::SetFont {
                    font: PdfFontHandle::External(id),
                    ..
                } = op
                    && let Some(i) = (0..4).find(|&i| *id == placeholder(i))
                    && let Some(name) = &names[i]
                {
                    *id = name.clone();
                }
            }
        }
        Ok(())
    }
}

/// Feeds the glyph ids drawn with `font` to the hash.
fn glyphs_of(ops: &[Op], font: &FontId, h: &mut Fnv) {
    let mut current = false;
    for op in ops {
        match op {
            Op::SetFont {
                font: PdfFontHandle::External(id),
                ..
            } => current = id == font,
            Op::ShowText { items } if current => {
                for item in items {
                    if let TextItem::GlyphIds(g) = item {
                        for c in g {
                            h.write(&c.gid.to_be_bytes());
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// The source text a glyph stands for (the whole cluster for the first
/// glyph of a cluster, so ligatures copy as their letters), for the PDF's
/// ToUnicode map.
fn cluster_text(t: &Text, glyphs: &[PlacedGlyph], i: usize) -> Option<String> {
    let g = glyphs[i];
    if i > 0 && glyphs[i - 1].cluster == g.cluster {
        return None;
    }
    let start = g.cluster as usize;
    let end = glyphs[i + 1..]
        .iter()
        .map(|n| n.cluster as usize)
        .find(|&c| c > start)
        .unwrap_or(t.text.len());
    t.text.get(start..end.max(start)).map(str::to_string)
}
