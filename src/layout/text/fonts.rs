//! The bundled fonts and [`FontSet`]: parsed faces with cached shaping
//! plans, so that measuring a word is cheap and the same rustybuzz shaping
//! serves both measurement (layout) and drawing (backends).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rustybuzz::ttf_parser;

use super::Hyphenation;
use crate::layout::{FontRole, PathCmd, TextStyle};
use crate::units::{Mm, Point, Pt};

/// Vollkorn (SIL OFL 1.1), a sturdy book serif, for running text.
const BODY: &[u8] = include_bytes!("../../../fonts/Vollkorn-Regular.ttf");
const BOLD: &[u8] = include_bytes!("../../../fonts/Vollkorn-Bold.ttf");
const ITALIC: &[u8] = include_bytes!("../../../fonts/Vollkorn-Italic.ttf");
/// Berenika Bold (SIL OFL 1.1), an uncial-flavoured face for headings.
const HEADING: &[u8] = include_bytes!("../../../fonts/Berenika-Bold.ttf");
/// Go Bold (BSD licence), a sans made to tell `l`, `1` and `I` apart, for
/// labels read one character at a time (board coordinates).
const LABEL: &[u8] = include_bytes!("../../../fonts/Go-Bold.ttf");

/// Features beyond the font's defaults (which include kerning and
/// standard ligatures): lining figures, so that "1." and "e4" read
/// clearly in faces whose default digits are old-style.
fn features() -> [rustybuzz::Feature; 1] {
    [rustybuzz::Feature::new(
        ttf_parser::Tag::from_bytes(b"lnum"),
        1,
        ..,
    )]
}

/// A font file parsed once: the rustybuzz face over the file's bytes, and
/// the shaping plan for left-to-right Latin text built up front (plan
/// construction is the slow part of shaping a short word).
struct LoadedFace {
    /// The font file. Faces borrow their bytes, so the bytes live as long
    /// as the program (see [`interned`]); that keeps this a plain struct.
    data: &'static [u8],
    face: rustybuzz::Face<'static>,
    plan: rustybuzz::ShapePlan,
    metrics: Metrics,
    /// Texts shaped before, in font units: line breaking measures the
    /// same words and lines again and again, and the backends draw the
    /// lines it measured.
    shaped: Mutex<ShapeCache>,
}

/// One glyph as shaped, in font units (see [`Glyph`]).
#[derive(Clone, Copy)]
struct Units {
    id: u16,
    cluster: u32,
    advance: i32,
    dx: i32,
    dy: i32,
}

/// A text shaped: its glyphs and the sum of their advances.
#[derive(Clone)]
struct ShapedText {
    glyphs: Arc<[Units]>,
    advance: i64,
}

/// Cached shapings and the bytes (texts and glyphs) they hold.
#[derive(Default)]
struct ShapeCache {
    map: HashMap<String, ShapedText>,
    bytes: usize,
}

/// The bytes of a font file for the rest of the program. A theme's font is
/// read once per build, so each distinct file is kept once (a theme loaded
/// again reuses its earlier copy) and the memory held is bounded by the
/// distinct fonts a process reads, not by how often it reads them.
fn interned(bytes: Vec<u8>) -> &'static [u8] {
    static FILES: Mutex<Vec<&'static [u8]>> = Mutex::new(Vec::new());
    let mut files = FILES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(known) = files.iter().find(|f| **f == bytes.as_slice()) {
        return known;
    }
    let kept: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    files.push(kept);
    kept
}

/// Past this many bytes of cached texts and glyphs the cache starts
/// afresh, bounding memory whatever lengths are measured.
const SHAPE_CACHE_BYTES: usize = 8 << 20;
/// Texts longer than this are shaped but not cached: line breaking
/// measures words and lines again, never whole long paragraphs, and a
/// hostile 64 KiB word would otherwise fill the cache with its prefixes.
const SHAPE_CACHE_MAX_TEXT: usize = 512;

/// What layout needs from a font's tables, in font units.
struct Metrics {
    units_per_em: f64,
    ascender: f64,
    /// Positive: the distance below the baseline.
    descender: f64,
    cap_height: f64,
    family: String,
}

impl LoadedFace {
    fn load(data: &'static [u8]) -> Result<LoadedFace, String> {
        let metrics = Self::check(data)?;
        let face = rustybuzz::Face::from_slice(data, 0).ok_or("not a usable font")?;
        let plan = rustybuzz::ShapePlan::new(
            &face,
            rustybuzz::Direction::LeftToRight,
            Some(rustybuzz::script::LATIN),
            None,
            &features(),
        );
        Ok(LoadedFace {
            data,
            face,
            plan,
            metrics,
            shaped: Mutex::new(ShapeCache::default()),
        })
    }

    /// Validates a font file and reads the metrics layout needs.
    fn check(data: &[u8]) -> Result<Metrics, String> {
        let parsed = ttf_parser::Face::parse(data, 0)
            .map_err(|e| format!("not a usable TrueType/OpenType font ({e})"))?;
        let tables = parsed.tables();
        if tables.glyf.is_none() && tables.cff.is_none() && tables.cff2.is_none() {
            return Err("the font has no glyph outlines (no glyf or CFF table)".into());
        }
        if tables.cmap.is_none() || tables.hmtx.is_none() {
            return Err("the font has no character map or no advance widths".into());
        }
        if !['A', 'a', '0']
            .iter()
            .any(|&c| parsed.glyph_index(c).is_some())
        {
            return Err("the font has no glyphs for basic Latin letters or digits".into());
        }
        let units_per_em = f64::from(parsed.units_per_em());
        let ascender = f64::from(parsed.ascender());
        let descender = -f64::from(parsed.descender());
        let cap_height = parsed
            .capital_height()
            .filter(|&h| h > 0)
            .map(f64::from)
            .unwrap_or(ascender * 0.7);
        let family = parsed
            .names()
            .into_iter()
            .filter(|n| {
                n.name_id == ttf_parser::name_id::TYPOGRAPHIC_FAMILY
                    || n.name_id == ttf_parser::name_id::FAMILY
            })
            .find_map(|n| n.to_string())
            .unwrap_or_default();
        Ok(Metrics {
            units_per_em,
            ascender,
            descender,
            cap_height,
            family,
        })
    }

    /// Shapes `text` (kerning, ligatures and the font's other default
    /// features), calling `each` with the glyph info and position in font
    /// units.
    fn shape_units(&self, text: &str, mut each: impl FnMut(u16, u32, i32, i32, i32)) {
        if text.is_empty() {
            return;
        }
        let mut buf = rustybuzz::UnicodeBuffer::new();
        buf.push_str(text);
        buf.guess_segment_properties();
        let face = &self.face;
        let out = if buf.direction() == rustybuzz::Direction::LeftToRight
            && buf.script() == rustybuzz::script::LATIN
            && buf.language().is_none()
        {
            rustybuzz::shape_with_plan(face, &self.plan, buf)
        } else {
            rustybuzz::shape(face, &features(), buf)
        };
        for (info, pos) in out.glyph_infos().iter().zip(out.glyph_positions()) {
            each(
                u16::try_from(info.glyph_id).unwrap_or(0),
                info.cluster,
                pos.x_advance,
                pos.x_offset,
                pos.y_offset,
            );
        }
    }

    /// `text` shaped, from the cache when it was shaped before.
    fn shaped(&self, text: &str) -> ShapedText {
        // A poisoned lock only means another thread panicked mid-insert;
        // the map is still a valid cache.
        let cached = self
            .shaped
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .map
            .get(text)
            .cloned();
        if let Some(s) = cached {
            return s;
        }
        let mut glyphs = Vec::with_capacity(text.len());
        self.shape_units(text, |id, cluster, advance, dx, dy| {
            glyphs.push(Units {
                id,
                cluster,
                advance,
                dx,
                dy,
            })
        });
        let shaped = ShapedText {
            advance: glyphs.iter().map(|g| i64::from(g.advance)).sum(),
            glyphs: glyphs.into(),
        };
        if text.len() <= SHAPE_CACHE_MAX_TEXT {
            let size = text.len() + shaped.glyphs.len() * std::mem::size_of::<Units>();
            let mut cache = self.shaped.lock().unwrap_or_else(|e| e.into_inner());
            if cache.bytes + size > SHAPE_CACHE_BYTES {
                *cache = ShapeCache::default();
            }
            cache.bytes += size;
            cache.map.insert(text.to_string(), shaped.clone());
        }
        shaped
    }

    fn advance_units(&self, text: &str) -> i64 {
        self.shaped(text).advance
    }

    /// Millimetres per font unit at `size`.
    fn scale(&self, size: Pt) -> f64 {
        size.to_mm().0 / self.metrics.units_per_em
    }
}

/// The five faces a document uses (heading, body, bold, italic, label), parsed
/// once and shared: cloning a `FontSet` is cheap.
#[derive(Clone)]
pub struct FontSet {
    faces: [Arc<LoadedFace>; FontRole::ALL.len()],
    /// How the text is hyphenated, if it is set with hyphens (see
    /// [`FontSet::with_hyphenation`]).
    hyphenation: Option<Hyphenation>,
}

impl std::fmt::Debug for FontSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self
            .faces
            .iter()
            .map(|l| l.metrics.family.as_str())
            .collect();
        f.debug_struct("FontSet")
            .field("families", &names)
            .finish_non_exhaustive()
    }
}

/// One shaped glyph, positioned relative to the previous glyph's pen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glyph {
    pub id: u16,
    /// Byte offset in the source text of the cluster this glyph draws.
    pub cluster: u32,
    pub x_advance: Mm,
    /// Offset from the pen position, x to the right.
    pub x_offset: Mm,
    /// Offset from the pen position in page direction: positive is *down*
    /// (the font's upward offset negated).
    pub y_offset: Mm,
}

/// The bundled faces, parsed on first use and shared by every `FontSet`.
fn builtin_faces() -> &'static [Arc<LoadedFace>; FontRole::ALL.len()] {
    static FACES: std::sync::OnceLock<[Arc<LoadedFace>; FontRole::ALL.len()]> =
        std::sync::OnceLock::new();
    FACES.get_or_init(|| {
        [HEADING, BODY, BOLD, ITALIC, LABEL].map(|bytes| {
            // The bundled files are checked by the tests; failing here
            // would mean the crate itself was built broken.
            Arc::new(LoadedFace::load(bytes).expect("bundled font parses"))
        })
    })
}

impl FontSet {
    /// The bundled default fonts: Berenika Bold for headings, Vollkorn
    /// Regular, Bold and Italic for text.
    pub fn builtin() -> FontSet {
        FontSet {
            faces: builtin_faces().clone(),
            hyphenation: None,
        }
    }

    /// The same faces, setting text with hyphens where `hyphenation`
    /// allows (a word too long for what is left of a line is broken there,
    /// with a hyphen), or without hyphens (`None`).
    pub fn with_hyphenation(mut self, hyphenation: Option<Hyphenation>) -> FontSet {
        self.hyphenation = hyphenation;
        self
    }

    /// How text is hyphenated, if it is.
    pub fn hyphenation(&self) -> Option<&Hyphenation> {
        self.hyphenation.as_ref()
    }

    /// Replaces one face with a font file's bytes (a theme's own font).
    /// Refuses bytes that are not a TrueType/OpenType font with outlines,
    /// a character map and glyphs for basic Latin letters, saying why.
    pub fn with_face(mut self, role: FontRole, bytes: Vec<u8>) -> Result<FontSet, String> {
        // Checked before it is kept: only usable fonts are interned.
        LoadedFace::check(&bytes)?;
        let loaded = LoadedFace::load(interned(bytes))?;
        self.faces[role.index()] = Arc::new(loaded);
        Ok(self)
    }

    fn face(&self, role: FontRole) -> &LoadedFace {
        &self.faces[role.index()]
    }

    /// The font file behind a role, for embedding.
    pub fn face_bytes(&self, role: FontRole) -> &[u8] {
        self.face(role).data
    }

    /// The characters of `text` the face of `role` has no glyph for, each
    /// once, in the order they come: they would print as boxes. Spaces and
    /// invisible format characters (soft hyphen, zero-width joiners), which
    /// the layout never draws from the font, are not counted.
    pub fn missing(&self, role: FontRole, text: &str) -> Vec<char> {
        let face = &self.face(role).face;
        let mut out: Vec<char> = Vec::new();
        for c in text.chars() {
            let invisible = c.is_whitespace()
                || c.is_control()
                || matches!(
                    c,
                    '\u{ad}' | '\u{200b}'..='\u{200d}' | '\u{2060}' | '\u{feff}'
                );
            if !invisible && face.glyph_index(c).is_none() && !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// The font's family name (from its `name` table), e.g. "Vollkorn".
    pub fn family_name(&self, role: FontRole) -> &str {
        self.face(role).metrics.family.as_str()
    }

    /// Advance width of `text` set in `style`: the sum of the shaped
    /// glyphs' advances, kerning and ligatures included.
    pub fn width(&self, style: &TextStyle, text: &str) -> Mm {
        self.width_of(style.font, style.size, text)
    }

    /// [`FontSet::width`] without a colour to hand.
    pub fn width_of(&self, role: FontRole, size: Pt, text: &str) -> Mm {
        let face = self.face(role);
        Mm(face.advance_units(text) as f64 * face.scale(size))
    }

    /// Distance from the baseline up to the top of tall letters (the
    /// font's ascender, which leaves room for accents).
    pub fn ascent(&self, style: &TextStyle) -> Mm {
        let face = self.face(style.font);
        Mm(face.metrics.ascender * face.scale(style.size))
    }

    /// Distance from the baseline down to the bottom of descenders.
    pub fn descent(&self, style: &TextStyle) -> Mm {
        let face = self.face(style.font);
        Mm(face.metrics.descender * face.scale(style.size))
    }

    /// Height of capital letters above the baseline: what to centre on
    /// when a line must look centred in a box.
    pub fn cap_height(&self, style: &TextStyle) -> Mm {
        let face = self.face(style.font);
        Mm(face.metrics.cap_height * face.scale(style.size))
    }

    /// How far the ink of `text`'s first glyph reaches left of the pen
    /// (an italic capital leans out past its origin): what a line set flush
    /// against a margin must be moved in by. Zero when it does not.
    pub fn left_overhang(&self, style: &TextStyle, text: &str) -> Mm {
        let face = self.face(style.font);
        let mut first = None;
        face.shape_units(text, |id, _, _, dx, _| {
            first.get_or_insert((id, dx));
        });
        let Some((id, dx)) = first else {
            return Mm::ZERO;
        };
        let x_min = face
            .face
            .glyph_bounding_box(ttf_parser::GlyphId(id))
            .map_or(0, |b| i32::from(b.x_min));
        Mm((-f64::from(x_min + dx)).max(0.0) * face.scale(style.size))
    }

    /// Glyphs for `text` in `role` at `size`, for the backends: the same
    /// shaping [`FontSet::width`] measures, so the advances sum to it.
    pub fn shape(&self, role: FontRole, size: Pt, text: &str) -> Vec<Glyph> {
        let face = self.face(role);
        let k = face.scale(size);
        face.shaped(text)
            .glyphs
            .iter()
            .map(|g| Glyph {
                id: g.id,
                cluster: g.cluster,
                x_advance: Mm(f64::from(g.advance) * k),
                x_offset: Mm(f64::from(g.dx) * k),
                y_offset: Mm(-f64::from(g.dy) * k),
            })
            .collect()
    }

    /// The outline of glyph `id` of `role` at `size` as a path in page
    /// millimetres relative to the glyph's origin on the baseline (y down),
    /// for backends that draw text as shapes. Empty for blank glyphs.
    pub fn glyph_path(&self, role: FontRole, size: Pt, id: u16) -> Vec<PathCmd> {
        let face = self.face(role);
        let mut builder = PathBuilder {
            k: face.scale(size),
            cmds: Vec::new(),
            last: (0.0, 0.0),
        };
        face.face
            .outline_glyph(ttf_parser::GlyphId(id), &mut builder);
        builder.cmds
    }
}

/// Collects a glyph outline as page path commands; quadratic curves
/// (TrueType) are raised to cubics, which the page model carries.
struct PathBuilder {
    k: f64,
    cmds: Vec<PathCmd>,
    last: (f64, f64),
}

impl PathBuilder {
    fn pt(&self, x: f32, y: f32) -> Point {
        Point::new(Mm(f64::from(x) * self.k), Mm(-f64::from(y) * self.k))
    }
}

impl ttf_parser::OutlineBuilder for PathBuilder {
    fn move_to(&mut self, x: f32, y: f32) {
        self.cmds.push(PathCmd::MoveTo(self.pt(x, y)));
        self.last = (f64::from(x), f64::from(y));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.cmds.push(PathCmd::LineTo(self.pt(x, y)));
        self.last = (f64::from(x), f64::from(y));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let from = Point::new(Mm(self.last.0 * self.k), Mm(-self.last.1 * self.k));
        self.cmds.push(crate::layout::draw::quad_to_cubic(
            from,
            self.pt(x1, y1),
            self.pt(x, y),
        ));
        self.last = (f64::from(x), f64::from(y));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.cmds.push(PathCmd::CubicTo(
            self.pt(x1, y1),
            self.pt(x2, y2),
            self.pt(x, y),
        ));
        self.last = (f64::from(x), f64::from(y));
    }
    fn close(&mut self) {
        self.cmds.push(PathCmd::Close);
    }
}
