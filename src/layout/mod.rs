//! The page model: what a kit looks like once it is laid out, and nothing
//! about rules.
//!
//! A [`Document`] is a list of [`Page`]s, each a list of positioned
//! primitives ([`Item`]) in millimetres, origin at the page's top-left
//! corner, y downwards. The kit plan (`crate::kit`) produces documents; the
//! backends (`crate::render`) only draw them. Like typst's frames, this is
//! the one hand-off point between "what goes where" and "how to draw it",
//! so the PDF and SVG backends cannot disagree about geometry.

pub mod art;
pub mod draw;
pub mod flow;
pub mod frame;
pub mod paper;
pub mod text;

use crate::units::{Mm, Point, Pt, Size};

/// A whole kit, laid out.
#[derive(Clone, Debug)]
pub struct Document {
    /// PDF metadata title, e.g. "York Hnefatafl — print-and-play kit".
    pub title: String,
    /// PDF metadata subject.
    pub subject: String,
    /// The language of its words (BCP 47, "en", "nb"), the PDF's /Lang;
    /// empty when it has none.
    pub lang: String,
    /// The fonts every [`Text`] item refers to, by [`FontRole`].
    pub fonts: text::FontSet,
    pub pages: Vec<Page>,
    /// The duplex flip the double-sided pages were imposed for, written to
    /// the PDF's viewer preferences. `None` when nothing is double-sided.
    pub duplex: Option<Duplex>,
}

/// How a double-sided sheet is turned over by the printer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duplex {
    /// Flip on the long edge (most printers' default).
    LongEdge,
    /// Flip on the short edge.
    ShortEdge,
}

/// One printed side of one sheet.
#[derive(Clone, Debug)]
pub struct Page {
    /// Page size as printed (portrait or landscape).
    pub size: Size,
    /// A short human label ("Sheet 2 · card"), used in previews and tests.
    pub label: String,
    pub items: Vec<Item>,
}

/// A drawing primitive.
#[derive(Clone, Debug)]
pub enum Item {
    Path(Path),
    Text(Text),
    Group(Group),
    /// A theme's drawing, converted once and shared by every placement
    /// (the enclosing group places it): backends write it once and refer
    /// to it by name, so its cost is its complexity, not × placements.
    Art(std::sync::Arc<art::Drawing>),
}

/// A vector path with optional fill and stroke.
#[derive(Clone, Debug)]
pub struct Path {
    pub commands: Vec<PathCmd>,
    pub fill: Option<Fill>,
    pub stroke: Option<Stroke>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathCmd {
    MoveTo(Point),
    LineTo(Point),
    /// Cubic Bézier: two control points, then the end point.
    CubicTo(Point, Point, Point),
    Close,
}

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const BLACK: Rgb = Rgb(0, 0, 0);
    pub const WHITE: Rgb = Rgb(255, 255, 255);
    /// Perceived lightness 0..=1 (Rec. 709 luma), used to keep text
    /// readable on fills and to make greys for black-and-white kits.
    pub fn luma(self) -> f64 {
        (0.2126 * self.0 as f64 + 0.7152 * self.1 as f64 + 0.0722 * self.2 as f64) / 255.0
    }
}

#[derive(Clone, Debug)]
pub enum Paint {
    Solid(Rgb),
    Linear(LinearGradient),
    Radial(RadialGradient),
}

/// A colour stop of a gradient, `offset` in 0..=1.
#[derive(Clone, Copy, Debug)]
pub struct Stop {
    pub offset: f64,
    pub color: Rgb,
    pub opacity: f64,
}

/// A linear gradient from `start` to `end` in the coordinates of the item
/// it paints (after the enclosing groups' transforms).
#[derive(Clone, Debug)]
pub struct LinearGradient {
    pub start: Point,
    pub end: Point,
    pub stops: Vec<Stop>,
}

/// A radial gradient: a focal circle (`focus`, radius 0) to the circle at
/// `center` with `radius`.
#[derive(Clone, Debug)]
pub struct RadialGradient {
    pub center: Point,
    pub radius: Mm,
    pub focus: Point,
    pub stops: Vec<Stop>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillRule {
    NonZero,
    EvenOdd,
}

#[derive(Clone, Debug)]
pub struct Fill {
    pub paint: Paint,
    pub rule: FillRule,
    /// 0..=1
    pub opacity: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineCap {
    Butt,
    Round,
    Square,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineJoin {
    Miter,
    Round,
    Bevel,
}

#[derive(Clone, Debug)]
pub struct Stroke {
    pub paint: Paint,
    pub width: Mm,
    /// Dash pattern lengths (on, off, on, …); empty for a solid line.
    pub dash: Vec<Mm>,
    pub cap: LineCap,
    pub join: LineJoin,
    /// 0..=1
    pub opacity: f64,
}

/// Which of the document's fonts a text run uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FontRole {
    Heading,
    Body,
    Bold,
    Italic,
    /// Labels read one by one, never as words: board coordinates, turn
    /// numbers, seam marks. A face whose `l`, `1` and `I` (and `h` and
    /// `b`) cannot be taken for each other; not set by themes.
    Label,
}

impl FontRole {
    /// Every role, in the order of [`FontRole::index`].
    pub const ALL: [FontRole; 5] = [
        FontRole::Heading,
        FontRole::Body,
        FontRole::Bold,
        FontRole::Italic,
        FontRole::Label,
    ];

    /// The role's place in [`FontRole::ALL`], for tables of one entry per
    /// face.
    pub fn index(self) -> usize {
        match self {
            FontRole::Heading => 0,
            FontRole::Body => 1,
            FontRole::Bold => 2,
            FontRole::Italic => 3,
            FontRole::Label => 4,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextStyle {
    pub font: FontRole,
    pub size: Pt,
    pub color: Rgb,
}

/// One line of text in one style. `origin` is the left end of the baseline;
/// centring and wrapping are done before this point with
/// [`text::FontSet::width`], so backends place text exactly where layout
/// measured it.
#[derive(Clone, Debug)]
pub struct Text {
    pub origin: Point,
    pub text: String,
    pub style: TextStyle,
}

/// An affine transform `[a b c d e f]` mapping (x, y) to
/// (a·x + c·y + e, b·x + d·y + f); `e` and `f` are millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transform {
    pub a: f64,
    pub b: f64,
    pub c: f64,
    pub d: f64,
    pub e: Mm,
    pub f: Mm,
}

impl Transform {
    pub const IDENTITY: Transform = Transform {
        a: 1.0,
        b: 0.0,
        c: 0.0,
        d: 1.0,
        e: Mm(0.0),
        f: Mm(0.0),
    };

    pub fn translate(dx: Mm, dy: Mm) -> Transform {
        Transform {
            e: dx,
            f: dy,
            ..Transform::IDENTITY
        }
    }
    pub fn scale(sx: f64, sy: f64) -> Transform {
        Transform {
            a: sx,
            d: sy,
            ..Transform::IDENTITY
        }
    }
    /// Rotation by `degrees` clockwise as seen on the page (y points down).
    pub fn rotate(degrees: f64) -> Transform {
        let (s, c) = degrees.to_radians().sin_cos();
        Transform {
            a: c,
            b: s,
            c: -s,
            d: c,
            e: Mm(0.0),
            f: Mm(0.0),
        }
    }
    /// `self` applied after `first`.
    pub fn then(self, first: Transform) -> Transform {
        let t = self;
        Transform {
            a: t.a * first.a + t.c * first.b,
            b: t.b * first.a + t.d * first.b,
            c: t.a * first.c + t.c * first.d,
            d: t.b * first.c + t.d * first.d,
            e: Mm(t.a * first.e.0 + t.c * first.f.0 + t.e.0),
            f: Mm(t.b * first.e.0 + t.d * first.f.0 + t.f.0),
        }
    }
    pub fn apply(&self, p: Point) -> Point {
        Point::new(
            Mm(self.a * p.x.0 + self.c * p.y.0 + self.e.0),
            Mm(self.b * p.x.0 + self.d * p.y.0 + self.f.0),
        )
    }
}

/// Items drawn under a common transform, opacity and optional clip.
#[derive(Clone, Debug)]
pub struct Group {
    pub transform: Transform,
    /// 0..=1, applied to the group as a whole.
    pub opacity: f64,
    /// Clip path in the group's own coordinates.
    pub clip: Option<Vec<PathCmd>>,
    pub items: Vec<Item>,
}

impl Group {
    pub fn new(transform: Transform, items: Vec<Item>) -> Group {
        Group {
            transform,
            opacity: 1.0,
            clip: None,
            items,
        }
    }
}
