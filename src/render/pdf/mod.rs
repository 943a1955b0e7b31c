//! The PDF backend: a laid-out document drawn with printpdf's operations
//! (its line, polygon, text and shading types), written as content
//! streams by [`content`] (printpdf builds the document around them: pages,
//! resources, fonts), then finished with lopdf (viewer preferences, a fixed
//! document ID, clean metadata: printpdf has no setting for these).
//!
//! Every page's content starts with one `cm` that maps layout millimetres
//! (origin top-left, y down) to PDF points (origin bottom-left, y up); that
//! is the only unit or axis conversion in the backend, so every operand
//! after it (coordinates, line widths, dashes, font sizes) is in mm.
//!
//! Every number written is finite and within [`LIMIT`]: an item whose
//! geometry has a non-finite number is left out, and finite numbers beyond
//! the limit are clamped, so no input can make the file unreadable.
//!
//! Text is drawn as glyph ids of the document's own shaping; the faces are
//! subset to the glyphs drawn (see [`fonts`]).

pub mod content;
mod finish;
pub(crate) mod fonts;
mod forms;

use std::collections::BTreeMap;

use printpdf::{
    Codepoint, Color, CurTransMat, ExtendedGraphicsState, ExtendedGraphicsStateId, FontId,
    GradientStop, Line, LineCapStyle, LineDashPattern, LineJoinStyle, LinePoint, Op, PaintMode,
    PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Polygon, PolygonRing, Pt, Shading,
    ShadingGeometry, ShadingId, TextItem, TextMatrix, WindingOrder, XObjectTransform,
};

use super::{PlacedGlyph, dash_pattern, flat_paint, glyph_run, stops_opacity};
use crate::error::{Diagnostic, Failure};
use crate::layout::{
    Document, Fill, FillRule, FontRole, Group, Item, LineCap, LineJoin, Paint, Path, PathCmd, Rgb,
    Stroke, Text, Transform,
};
use crate::units::{MM_PER_PT, Point};

/// The largest magnitude written into a content stream: the portable
/// limit for PDF reals (PDF Reference 1.7, appendix C). Numbers are
/// written without an exponent, so 1e38 would otherwise become a 39-digit
/// integer no reader can hold. Page geometry is a few hundred millimetres;
/// only broken art gets near it.
pub const LIMIT: f64 = 32_767.0;

/// The smallest magnitude written; anything smaller is zero. A billionth
/// of a millimetre (or of a scale factor on geometry within [`LIMIT`]) is
/// nothing a printer shows, and smaller numbers would be written as long
/// runs of zeros, below what PDF reals can hold.
pub const TINY: f64 = 1e-9;

/// A number for the content stream: `None` when it is not finite (the
/// caller leaves its item out), otherwise clamped to [`LIMIT`] with
/// magnitudes below [`TINY`] written as zero.
fn finite(v: f64) -> Option<f32> {
    if !v.is_finite() {
        return None;
    }
    let v = v.clamp(-LIMIT, LIMIT);
    Some(if v.abs() < TINY { 0.0 } else { v as f32 })
}

/// A coordinate or length, rounded to a ten-thousandth of a millimetre:
/// well below print resolution, and short, stable numbers in the stream.
fn coord(v: f64) -> Option<f32> {
    if !v.is_finite() {
        return None;
    }
    let r = (v.clamp(-LIMIT, LIMIT) * 10_000.0).round() / 10_000.0;
    Some(if r == 0.0 { 0.0 } else { r as f32 })
}

fn point(p: Point, bezier: bool) -> Option<LinePoint> {
    Some(LinePoint {
        p: printpdf::Point {
            x: Pt(coord(p.x.0)?),
            y: Pt(coord(p.y.0)?),
        },
        bezier,
    })
}

/// One subpath of a path: its points (cubic control points marked as
/// printpdf's bezier handles) and whether it was closed.
struct Subpath {
    points: Vec<LinePoint>,
    closed: bool,
}

/// A path's subpaths, or `None` if a coordinate is not finite. Subpaths
/// with nothing to draw (a lone move) are dropped. After a close, drawing
/// on without a move starts a new subpath at the closed one's start, as in
/// PDF and SVG.
fn subpaths(cmds: &[PathCmd]) -> Option<Vec<Subpath>> {
    let mut out: Vec<Subpath> = Vec::new();
    let mut current: Vec<LinePoint> = Vec::new();
    let mut start: Option<Point> = None;
    let flush = |points: &mut Vec<LinePoint>, closed: bool, out: &mut Vec<Subpath>| {
        if points.len() > 1 {
            out.push(Subpath {
                points: std::mem::take(points),
                closed,
            });
        }
        points.clear();
    };
    for c in cmds {
        match *c {
            PathCmd::MoveTo(p) => {
                flush(&mut current, false, &mut out);
                start = Some(p);
                current.push(point(p, false)?);
            }
            PathCmd::LineTo(p) | PathCmd::CubicTo(_, _, p) => {
                if current.is_empty() {
                    // Drawing on after a close (or with no move at all)
                    // starts from the last subpath's start.
                    let from = start.unwrap_or(p);
                    start = Some(from);
                    current.push(point(from, false)?);
                }
                if let PathCmd::CubicTo(a, b, _) = *c {
                    current.push(point(a, true)?);
                    current.push(point(b, true)?);
                }
                current.push(point(p, false)?);
            }
            PathCmd::Close => flush(&mut current, true, &mut out),
        }
    }
    flush(&mut current, false, &mut out);
    Some(out)
}

fn winding(rule: FillRule) -> WindingOrder {
    match rule {
        FillRule::NonZero => WindingOrder::NonZero,
        FillRule::EvenOdd => WindingOrder::EvenOdd,
    }
}

/// The subpaths as one printpdf polygon (fills and clips close every
/// subpath anyway).
fn polygon(subs: &[Subpath], mode: PaintMode, rule: FillRule) -> Op {
    Op::DrawPolygon {
        polygon: Polygon {
            rings: subs
                .iter()
                .map(|s| PolygonRing {
                    points: s.points.clone(),
                })
                .collect(),
            mode,
            winding_order: winding(rule),
        },
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
                finite(page.size.h.0 * k).unwrap_or(0.0),
            ]),
        });
        w.items(&page.items, 1.0)?;
        w.ops.push(Op::RestoreGraphicsState);
        pages.push(PdfPage::new(
            printpdf::Mm(finite(page.size.w.0).unwrap_or(0.0)),
            printpdf::Mm(finite(page.size.h.0).unwrap_or(0.0)),
            std::mem::take(&mut w.ops),
        ));
    }
    // Each theme drawing once, as a page of its own that becomes a form
    // XObject once printpdf has written it (see `forms`).
    let mut done = 0;
    while done < w.forms.len() {
        let drawing = std::sync::Arc::clone(&w.forms[done]);
        w.ops.clear();
        w.items(&drawing.items, 1.0)?;
        pages.push(forms::page(std::mem::take(&mut w.ops)));
        done += 1;
    }
    let mut pdf = PdfDocument::new(&doc.title);
    pdf.metadata.info.subject = doc.subject.clone();
    pdf.metadata.info.creator = "taflkit".into();
    pdf.metadata.info.producer = "taflkit (printpdf)".into();
    w.finish_resources(&mut pdf, &mut pages)?;
    // The streams are written here (`content`); printpdf sees only the
    // text, from which it makes the fonts' widths and ToUnicode maps.
    let mut streams = Vec::with_capacity(pages.len());
    for page in &mut pages {
        streams.push(content::encode(&page.ops)?);
        page.ops.retain(|op| {
            matches!(
                op,
                Op::StartTextSection
                    | Op::EndTextSection
                    | Op::SetFont { .. }
                    | Op::ShowText { .. }
            )
        });
    }
    pdf.with_pages(pages);

    let opts = PdfSaveOptions {
        optimize: true,
        // Without its `text_layout` feature printpdf embeds fonts whole;
        // they are subset before it sees them (see `fonts`).
        subset_fonts: false,
        secure: true,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let mut lo = pdf.to_lopdf_document(&opts, &mut warnings);
    set_streams(&mut lo, streams)?;
    let views: Vec<_> = w.forms.iter().map(|d| d.view).collect();
    forms::make_forms(&mut lo, &views)?;
    // Compressed first: the document ID hashes the streams, and hashing
    // them compressed is a seventh of the bytes.
    finish::compress(&mut lo);
    finish::finish(&mut lo, doc)?;
    let mut out = Vec::new();
    lo.save_to(&mut out)
        .map_err(|e| Failure::new(Diagnostic::error("pdf", format!("cannot write PDF: {e}"))))?;
    Ok(out)
}

/// Puts the content streams written by [`content`] in the pages printpdf
/// made, in page order.
fn set_streams(lo: &mut lopdf::Document, streams: Vec<Vec<u8>>) -> Result<(), Failure> {
    let pages: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
    if pages.len() != streams.len() {
        return Err(Failure::internal("printpdf wrote another number of pages"));
    }
    for (page, stream) in pages.into_iter().zip(streams) {
        let contents = lo
            .get_dictionary(page)
            .and_then(|d| d.get(b"Contents"))
            .and_then(lopdf::Object::as_reference)
            .map_err(|_| Failure::internal("a page printpdf wrote has no content stream"))?;
        match lo.get_object_mut(contents) {
            Ok(lopdf::Object::Stream(s)) => s.set_content(stream),
            _ => return Err(Failure::internal("a page's contents are not a stream")),
        }
    }
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
    widths: std::rc::Rc<[i64]>,
}

struct Writer<'a> {
    doc: &'a Document,
    ops: Vec<Op>,
    /// (fill alpha, stroke alpha) in thousandths → graphics state.
    gstates: BTreeMap<(u16, u16), ExtendedGraphicsStateId>,
    shadings: Vec<(ShadingId, Shading)>,
    faces: [Option<FaceInfo>; FontRole::ALL.len()],
    /// The theme drawings placed so far, in order of first use: the n-th
    /// is the form XObject [`forms::name`]`(n)`.
    forms: Vec<std::sync::Arc<crate::layout::art::Drawing>>,
}

/// The resource name text of a face is drawn with until the face is
/// subset and named (see [`fonts::embed`]).
fn placeholder(role: usize) -> FontId {
    FontId(format!("TAFLKIT-FACE-{role}"))
}

fn color(c: Rgb) -> Color {
    Color::Rgb(printpdf::Rgb {
        r: channel(c.0),
        g: channel(c.1),
        b: channel(c.2),
        icc_profile: None,
    })
}

/// An 8-bit channel as a PDF colour component, to four decimals: still
/// exact when a viewer goes back to 8 bits (a step is 0.0039), and
/// `0.4314` instead of `0.43137255` in every `rg` of the streams (issue 24:
/// fewer bytes to write and deflate).
fn channel(v: u8) -> f32 {
    ((f64::from(v) / 255.0 * 10_000.0).round() / 10_000.0) as f32
}

impl<'a> Writer<'a> {
    fn new(doc: &'a Document) -> Writer<'a> {
        Writer {
            doc,
            ops: Vec::new(),
            gstates: BTreeMap::new(),
            shadings: Vec::new(),
            faces: Default::default(),
            forms: Vec::new(),
        }
    }

    fn items(&mut self, items: &[Item], opacity: f64) -> Result<(), Failure> {
        for item in items {
            match item {
                Item::Path(p) => self.path(p, opacity),
                Item::Text(t) => self.text(t, opacity)?,
                Item::Group(g) => self.group(g, opacity)?,
                Item::Art(d) => self.art(d, opacity)?,
            }
        }
        Ok(())
    }

    /// A theme drawing: drawn once as a form XObject and named at every
    /// placement. Under a group's opacity (multiplied into the items, which
    /// a shared form cannot be) it is drawn in place.
    fn art(
        &mut self,
        d: &std::sync::Arc<crate::layout::art::Drawing>,
        opacity: f64,
    ) -> Result<(), Failure> {
        if opacity < 1.0 {
            return self.items(&d.items, opacity);
        }
        let n = match self.forms.iter().position(|f| std::sync::Arc::ptr_eq(f, d)) {
            Some(n) => n,
            None => {
                self.forms.push(std::sync::Arc::clone(d));
                self.forms.len() - 1
            }
        };
        self.ops.push(Op::UseXobject {
            id: forms::name(n),
            transform: XObjectTransform::default(),
        });
        Ok(())
    }

    /// Group opacity is multiplied into the items' own (exact unless the
    /// group's items overlap each other); the SVG backend does the same so
    /// previews match.
    fn group(&mut self, g: &Group, opacity: f64) -> Result<(), Failure> {
        // A transform that is not finite, or flattens everything to a line
        // or a point, shows nothing.
        let Some(matrix) = Self::matrix(&g.transform) else {
            return Ok(());
        };
        // An empty clip shows nothing (as in SVG); a clip that cannot be
        // written cannot be honoured, so the group is left out too.
        let clip = match &g.clip {
            None => None,
            Some(c) => match subpaths(c) {
                Some(subs) if !subs.is_empty() => Some(subs),
                _ => return Ok(()),
            },
        };
        self.ops.push(Op::SaveGraphicsState);
        if g.transform != Transform::IDENTITY {
            self.ops.push(Op::SetTransformationMatrix {
                matrix: CurTransMat::Raw(matrix),
            });
        }
        if let Some(subs) = clip {
            self.ops
                .push(polygon(&subs, PaintMode::Clip, FillRule::NonZero));
        }
        self.items(&g.items, opacity * g.opacity.clamp(0.0, 1.0))?;
        self.ops.push(Op::RestoreGraphicsState);
        Ok(())
    }

    /// A transform as `cm` operands, or `None` when it cannot be drawn.
    fn matrix(t: &Transform) -> Option<[f32; 6]> {
        let m = [
            finite(t.a)?,
            finite(t.b)?,
            finite(t.c)?,
            finite(t.d)?,
            finite(t.e.0)?,
            finite(t.f.0)?,
        ];
        let det = f64::from(m[0]) * f64::from(m[3]) - f64::from(m[1]) * f64::from(m[2]);
        (det != 0.0 && det.is_finite()).then_some(m)
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
        if p.fill.is_none() && p.stroke.is_none() {
            return;
        }
        let Some(subs) = subpaths(&p.commands) else {
            return;
        };
        if subs.is_empty() {
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
            self.gradient_fill(&subs, f, opacity);
        }
        let stroke = p
            .stroke
            .as_ref()
            .filter(|s| s.width.0 > 0.0 && coord(s.width.0).is_some());
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
        match (solid_fill, stroke) {
            // One closed outline, filled and stroked: one `b` (close, fill,
            // stroke), the same painting as `h B`.
            (Some(f), Some(_)) if subs.len() == 1 && subs[0].closed => {
                self.ops.push(polygon(&subs, PaintMode::FillStroke, f.rule));
            }
            (fill, stroke) => {
                // Otherwise the fill and each subpath's stroke are drawn in
                // turn: printpdf's polygon closes only its last ring before
                // stroking, so open and closed strokes are lines of their
                // own. Painted opaquely this is the same picture as one
                // `B`; with transparency, strokes over the fill blend as
                // they do in SVG (and the SVG backend's previews).
                if let Some(f) = fill {
                    self.ops.push(polygon(&subs, PaintMode::Fill, f.rule));
                }
                if stroke.is_some() {
                    for s in &subs {
                        self.ops.push(Op::DrawLine {
                            line: Line {
                                points: s.points.clone(),
                                is_closed: s.closed,
                            },
                        });
                    }
                }
            }
        }
        self.ops.push(Op::RestoreGraphicsState);
    }

    fn stroke_state(&mut self, s: &Stroke) {
        self.ops.push(Op::SetOutlineColor {
            col: color(flat_paint(&s.paint)),
        });
        // Operands are millimetres: the page matrix scales them.
        self.ops.push(Op::SetOutlineThickness {
            pt: Pt(coord(s.width.0).unwrap_or(0.0)),
        });
        self.ops.push(Op::SetLineCapStyle {
            cap: match s.cap {
                LineCap::Butt => LineCapStyle::Butt,
                LineCap::Round => LineCapStyle::Round,
                LineCap::Square => LineCapStyle::ProjectingSquare,
            },
        });
        self.ops.push(Op::SetLineJoinStyle {
            join: match s.join {
                LineJoin::Miter => LineJoinStyle::Miter,
                LineJoin::Round => LineJoinStyle::Round,
                LineJoin::Bevel => LineJoinStyle::Bevel,
            },
        });
        if let Some(dash) = dash_pattern(&s.dash) {
            let dash: Option<Vec<f32>> = dash.into_iter().map(coord).collect();
            if let Some(dash) = dash {
                self.ops.push(Op::SetLineDashPattern {
                    dash: LineDashPattern::new(0.0, &dash),
                });
            }
        }
    }

    /// A gradient fill: the path becomes the clip and a shading paints it.
    fn gradient_fill(&mut self, subs: &[Subpath], f: &Fill, opacity: f64) {
        let geometry = match &f.paint {
            Paint::Solid(_) => return,
            Paint::Linear(g) => [g.start.x.0, g.start.y.0, g.end.x.0, g.end.y.0]
                .map(finite)
                .into_iter()
                .collect::<Option<Vec<f32>>>()
                .map(|c| ShadingGeometry::Axial {
                    coords: [c[0], c[1], c[2], c[3]],
                }),
            Paint::Radial(g) => [
                g.focus.x.0,
                g.focus.y.0,
                0.0,
                g.center.x.0,
                g.center.y.0,
                g.radius.0,
            ]
            .map(finite)
            .into_iter()
            .collect::<Option<Vec<f32>>>()
            .map(|c| ShadingGeometry::Radial {
                coords: [c[0], c[1], c[2], c[3], c[4], c[5]],
            }),
        };
        let Some(geometry) = geometry else { return };
        let stops = match &f.paint {
            Paint::Solid(_) => return,
            Paint::Linear(g) => &g.stops,
            Paint::Radial(g) => &g.stops,
        };
        let mut stops: Vec<GradientStop> = stops
            .iter()
            .map(|s| GradientStop {
                offset: finite(s.offset.clamp(0.0, 1.0)).unwrap_or(0.0),
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
        self.ops.push(polygon(subs, PaintMode::Clip, f.rule));
        self.ops.push(Op::PaintShading { id });
        self.ops.push(Op::RestoreGraphicsState);
    }

    fn face(&mut self, role: FontRole) -> Result<&FaceInfo, Failure> {
        let i = role.index();
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
        let size_mm = t.style.size.to_mm().0;
        let Some(size) = finite(size_mm).filter(|&s| s > 0.0) else {
            return Ok(());
        };
        let glyphs = glyph_run(&self.doc.fonts, t);
        if glyphs.is_empty()
            || glyphs
                .iter()
                .any(|g| !g.at.x.0.is_finite() || !g.at.y.0.is_finite())
        {
            return Ok(());
        }
        let widths = std::rc::Rc::clone(&self.face(t.style.font)?.widths);
        self.ops.push(Op::SaveGraphicsState);
        self.gstate(opacity, 1.0);
        self.ops.push(Op::StartTextSection);
        self.ops.push(Op::SetFont {
            font: PdfFontHandle::External(placeholder(t.style.font.index())),
            // Text space is the page's millimetre space (see module doc).
            size: Pt(size),
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
            matrix: TextMatrix::Raw([
                1.0,
                0.0,
                0.0,
                -1.0,
                finite(first.x.0).unwrap_or(0.0),
                finite(first.y.0).unwrap_or(0.0),
            ]),
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
                        finite((o * 100.0).round() / 100.0).unwrap_or(0.0)
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

    /// Registers graphics states and shadings under deterministic names,
    /// and embeds each face used, subset.
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
        for (i, role) in FontRole::ALL.iter().enumerate() {
            if self.faces[i].is_some() {
                fonts::embed(
                    &self.doc.fonts,
                    *role,
                    &placeholder(i),
                    pages,
                    &mut pdf.resources,
                )?;
            }
        }
        Ok(())
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
