//! Content streams written directly from the drawing operations.
//!
//! printpdf turns each operation into lopdf operands (an allocation per
//! number) and lopdf writes every number with the shortest decimal that
//! reads back as the same `f32`; for a kit that was over a third of the
//! work of writing its PDF (issue 24: 37 % of a York build's instructions,
//! half of it formatting numbers). This writes the same operators with
//! the same operands, numbers to seven significant digits (what an `f32`
//! holds), straight into the stream. printpdf still lays out the document
//! around it: its fonts, resources and pages; `render` replaces each
//! page's stream with the one written here.

use printpdf::{Color, Op, PaintMode, Polygon, TextItem, WindingOrder, XObjectTransform};

use crate::error::Failure;

/// The operations of one page (or form) as a content stream. An operation
/// the PDF backend never draws with is an internal error, not skipped.
pub(super) fn encode(ops: &[Op]) -> Result<Vec<u8>, Failure> {
    let mut s = Stream(Vec::with_capacity(ops.len() * 24));
    for op in ops {
        s.op(op)?;
    }
    Ok(s.0)
}

pub struct Stream(pub Vec<u8>);

/// 1, 10, 100, … 1e17.
const POW10: [f64; 18] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17,
];

/// 0.1, 0.01, … 1e-9: a number below 1 has as many zeros after the
/// decimal point as these it is smaller than.
const POW10_NEG: [f64; 9] = [1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9];

impl Stream {
    fn op(&mut self, op: &Op) -> Result<(), Failure> {
        match op {
            Op::SaveGraphicsState => self.end("q"),
            Op::RestoreGraphicsState => self.end("Q"),
            Op::SetTransformationMatrix { matrix } => {
                self.nums(&matrix.as_array());
                self.end("cm");
            }
            Op::SetTextMatrix { matrix } => {
                self.nums(&matrix.as_array());
                self.end("Tm");
            }
            Op::LoadGraphicsState { gs } => {
                self.name(&gs.0);
                self.end("gs");
            }
            Op::PaintShading { id } => {
                self.name(&id.0);
                self.end("sh");
            }
            Op::SetFillColor { col } => {
                self.rgb(col)?;
                self.end("rg");
            }
            Op::SetOutlineColor { col } => {
                self.rgb(col)?;
                self.end("RG");
            }
            Op::SetOutlineThickness { pt } => {
                self.num(pt.0);
                self.end("w");
            }
            Op::SetLineCapStyle { cap } => {
                self.int(cap.id());
                self.end("J");
            }
            Op::SetLineJoinStyle { join } => {
                self.int(join.id());
                self.end("j");
            }
            Op::SetLineDashPattern { dash } => {
                self.0.push(b'[');
                for (i, v) in dash.pattern.iter().enumerate() {
                    if i > 0 {
                        self.0.push(b' ');
                    }
                    self.number(*v);
                }
                self.0.extend_from_slice(b"] ");
                self.num(dash.offset);
                self.end("d");
            }
            Op::StartTextSection => self.end("BT"),
            Op::EndTextSection => self.end("ET"),
            Op::SetFont { font, size } => {
                self.name(&font.get_resource_name());
                self.num(size.0);
                self.end("Tf");
            }
            Op::ShowText { items } => self.show(items)?,
            Op::DrawLine { line } => {
                self.points(&line.points);
                if line.is_closed {
                    self.end("h");
                }
                self.end("S");
            }
            Op::DrawPolygon { polygon } => self.polygon(polygon),
            Op::UseXobject { id, transform } if *transform == XObjectTransform::default() => {
                self.end("q");
                self.name(&id.0);
                self.end("Do");
                self.end("Q");
            }
            other => {
                return Err(Failure::internal(format!(
                    "the PDF writer has no content-stream form for {other:?}"
                )));
            }
        }
        Ok(())
    }

    /// Ends an operation: its operator and a line break.
    fn end(&mut self, operator: &str) {
        self.0.extend_from_slice(operator.as_bytes());
        self.0.push(b'\n');
    }

    fn num(&mut self, v: f32) {
        self.number(v);
        self.0.push(b' ');
    }

    fn nums(&mut self, vs: &[f32]) {
        for v in vs {
            self.num(*v);
        }
    }

    fn int(&mut self, v: i64) {
        if v < 0 {
            self.0.push(b'-');
        }
        self.digits(v.unsigned_abs(), 1);
        self.0.push(b' ');
    }

    /// A name operand, `#`-escaping what a PDF name cannot hold as is.
    fn name(&mut self, name: &str) {
        self.0.push(b'/');
        for &b in name.as_bytes() {
            if b.is_ascii_graphic() && !b"()<>[]{}/%#".contains(&b) {
                self.0.push(b);
            } else {
                self.0.extend_from_slice(format!("#{b:02X}").as_bytes());
            }
        }
        self.0.push(b' ');
    }

    fn rgb(&mut self, col: &Color) -> Result<(), Failure> {
        let Color::Rgb(c) = col else {
            return Err(Failure::internal("the PDF writer draws in RGB only"));
        };
        self.nums(&[c.r, c.g, c.b]);
        Ok(())
    }

    /// `TJ` of glyph ids (two bytes each, the subset's numbering) with the
    /// adjustment after each glyph that has one.
    fn show(&mut self, items: &[TextItem]) -> Result<(), Failure> {
        self.0.push(b'[');
        for item in items {
            let TextItem::GlyphIds(glyphs) = item else {
                return Err(Failure::internal("the PDF writer shows glyph ids only"));
            };
            for g in glyphs {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                let [hi, lo] = g.gid.to_be_bytes();
                self.0.extend_from_slice(&[
                    b'<',
                    HEX[usize::from(hi >> 4)],
                    HEX[usize::from(hi & 15)],
                    HEX[usize::from(lo >> 4)],
                    HEX[usize::from(lo & 15)],
                    b'>',
                ]);
                if g.offset != 0.0 {
                    self.0.push(b' ');
                    self.number(g.offset);
                }
            }
        }
        self.0.extend_from_slice(b"] ");
        self.end("TJ");
        Ok(())
    }

    /// `m`, then `l` or `c` for each point: a cubic's two control points
    /// are marked `bezier` and followed by its end point.
    fn points(&mut self, points: &[printpdf::LinePoint]) {
        let Some(first) = points.first() else {
            return;
        };
        self.nums(&[first.p.x.0, first.p.y.0]);
        self.end("m");
        let mut i = 1;
        while i < points.len() {
            let p = &points[i];
            if p.bezier && i + 2 < points.len() && points[i + 1].bezier {
                let (b, e) = (&points[i + 1], &points[i + 2]);
                self.nums(&[p.p.x.0, p.p.y.0, b.p.x.0, b.p.y.0, e.p.x.0, e.p.y.0]);
                self.end("c");
                i += 3;
            } else {
                self.nums(&[p.p.x.0, p.p.y.0]);
                self.end("l");
                i += 1;
            }
        }
    }

    /// Every ring, one close, then the painting operator.
    fn polygon(&mut self, polygon: &Polygon) {
        if polygon.rings.is_empty() {
            return;
        }
        for ring in &polygon.rings {
            self.points(&ring.points);
        }
        self.end("h");
        let even_odd = polygon.winding_order == WindingOrder::EvenOdd;
        match (polygon.mode, even_odd) {
            (PaintMode::Clip, false) => self.end("W\nn"),
            (PaintMode::Clip, true) => self.end("W*\nn"),
            (PaintMode::Fill, false) => self.end("f"),
            (PaintMode::Fill, true) => self.end("f*"),
            (PaintMode::Stroke, _) => self.end("S"),
            (PaintMode::FillStroke, false) => self.end("b"),
            (PaintMode::FillStroke, true) => self.end("b*"),
        }
    }

    /// A number as a PDF real: no exponent, seven significant digits at
    /// most (an `f32`'s precision), trailing zeros dropped, `-0` as `0`.
    /// The writer only passes finite numbers within its limit; anything
    /// else is written as 0 rather than as something no reader takes.
    pub fn number(&mut self, v: f32) {
        let v = f64::from(v);
        if !v.is_finite() || v == 0.0 {
            self.0.push(b'0');
            return;
        }
        // Decimals for seven significant digits, at most ten (the writer
        // rounds anything below a billionth to zero): found by comparing
        // with powers of ten, which costs less than a logarithm.
        let a = v.abs();
        let whole_digits = POW10[..17].iter().take_while(|&&p| a >= p).count();
        let decimals = if whole_digits > 0 {
            7usize.saturating_sub(whole_digits)
        } else {
            // Below 1: seven digits after the leading zeros.
            let zeros = POW10_NEG.iter().take_while(|&&p| a < p).count();
            (7 + zeros).min(10)
        };
        let mut scaled = (a * POW10[decimals]).round() as u64;
        if scaled == 0 {
            self.0.push(b'0');
            return;
        }
        // Digits from the right into one buffer: the fraction without its
        // trailing zeros, the point, the whole part.
        let mut decimals = decimals;
        while decimals > 0 && scaled.is_multiple_of(10) {
            scaled /= 10;
            decimals -= 1;
        }
        let mut buf = [b'0'; 32];
        let mut at = buf.len();
        for k in 0.. {
            if k == decimals && decimals > 0 {
                at -= 1;
                buf[at] = b'.';
            }
            if scaled == 0 && k >= decimals {
                break;
            }
            at -= 1;
            buf[at] = b'0' + (scaled % 10) as u8;
            scaled /= 10;
        }
        if buf[at] == b'.' {
            at -= 1; // a zero before the point: "0.25"
        }
        if v < 0.0 {
            at -= 1;
            buf[at] = b'-';
        }
        self.0.extend_from_slice(&buf[at..]);
    }

    /// `n` in decimal, zero-padded to `width` digits.
    fn digits(&mut self, mut n: u64, width: usize) {
        let mut buf = [b'0'; 20];
        let mut at = buf.len();
        while n > 0 {
            at -= 1;
            buf[at] = b'0' + (n % 10) as u8;
            n /= 10;
        }
        let start = at.min(buf.len() - width.clamp(1, buf.len()));
        self.0.extend_from_slice(&buf[start..]);
    }
}
