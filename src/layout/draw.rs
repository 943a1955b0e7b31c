//! Small drawing helpers: rectangles, circles, lines and measured text as
//! page-model items, so components (and tests) read as what they draw rather
//! than as path commands.

use crate::layout::text::FontSet;
use crate::layout::{
    Fill, FillRule, FontRole, Group, Item, LineCap, LineJoin, Paint, Path, PathCmd, Rgb, Stroke,
    Text, TextStyle, Transform,
};
use crate::units::{Mm, Point, Pt, Rect};

/// Cubic Bézier handle length for a quarter circle of radius 1.
const KAPPA: f64 = 0.552_284_749_8;

pub fn rect_path(r: Rect) -> Vec<PathCmd> {
    vec![
        PathCmd::MoveTo(Point::new(r.x, r.y)),
        PathCmd::LineTo(Point::new(r.right(), r.y)),
        PathCmd::LineTo(Point::new(r.right(), r.bottom())),
        PathCmd::LineTo(Point::new(r.x, r.bottom())),
        PathCmd::Close,
    ]
}

pub fn circle_path(c: Point, r: Mm) -> Vec<PathCmd> {
    let k = r * KAPPA;
    let p = |dx: Mm, dy: Mm| c.offset(dx, dy);
    vec![
        PathCmd::MoveTo(p(r, Mm::ZERO)),
        PathCmd::CubicTo(p(r, k), p(k, r), p(Mm::ZERO, r)),
        PathCmd::CubicTo(p(-k, r), p(-r, k), p(-r, Mm::ZERO)),
        PathCmd::CubicTo(p(-r, -k), p(-k, -r), p(Mm::ZERO, -r)),
        PathCmd::CubicTo(p(k, -r), p(r, -k), p(r, Mm::ZERO)),
        PathCmd::Close,
    ]
}

/// A quadratic Bézier from `from` through control `q` to `to`, raised to
/// the cubic the page model carries (exactly the same curve).
pub fn quad_to_cubic(from: Point, q: Point, to: Point) -> PathCmd {
    let toward = |a: Point| {
        Point::new(
            a.x + (q.x - a.x) * (2.0 / 3.0),
            a.y + (q.y - a.y) * (2.0 / 3.0),
        )
    };
    PathCmd::CubicTo(toward(from), toward(to), to)
}

/// A closed polygon through `points`.
pub fn polygon(points: &[Point]) -> Vec<PathCmd> {
    let mut cmds = Vec::with_capacity(points.len() + 1);
    for (i, p) in points.iter().enumerate() {
        cmds.push(if i == 0 {
            PathCmd::MoveTo(*p)
        } else {
            PathCmd::LineTo(*p)
        });
    }
    cmds.push(PathCmd::Close);
    cmds
}

pub fn solid(rgb: Rgb) -> Fill {
    Fill {
        paint: Paint::Solid(rgb),
        rule: FillRule::NonZero,
        opacity: 1.0,
    }
}

pub fn pen(rgb: Rgb, width: Mm) -> Stroke {
    Stroke {
        paint: Paint::Solid(rgb),
        width,
        dash: Vec::new(),
        cap: LineCap::Butt,
        join: LineJoin::Miter,
        opacity: 1.0,
    }
}

/// A pen with round ends and joins, for arrows and marks.
pub fn round_pen(rgb: Rgb, width: Mm) -> Stroke {
    Stroke {
        cap: LineCap::Round,
        join: LineJoin::Round,
        ..pen(rgb, width)
    }
}

pub fn filled(commands: Vec<PathCmd>, rgb: Rgb) -> Item {
    Item::Path(Path {
        commands,
        fill: Some(solid(rgb)),
        stroke: None,
    })
}

pub fn stroked(commands: Vec<PathCmd>, stroke: Stroke) -> Item {
    Item::Path(Path {
        commands,
        fill: None,
        stroke: Some(stroke),
    })
}

pub fn filled_stroked(commands: Vec<PathCmd>, fill: Rgb, stroke: Stroke) -> Item {
    Item::Path(Path {
        commands,
        fill: Some(solid(fill)),
        stroke: Some(stroke),
    })
}

/// The lines of a grid of `cols` × `rows` equal cells filling `r`, its
/// outline included, as one path.
pub fn grid_path(r: Rect, cols: usize, rows: usize) -> Vec<PathCmd> {
    let (w, h) = (r.w / cols as f64, r.h / rows as f64);
    let mut grid = Vec::with_capacity(2 * (cols + rows + 2));
    for i in 0..=cols {
        let x = r.x + w * i as f64;
        grid.push(PathCmd::MoveTo(Point::new(x, r.y)));
        grid.push(PathCmd::LineTo(Point::new(x, r.bottom())));
    }
    for i in 0..=rows {
        let y = r.y + h * i as f64;
        grid.push(PathCmd::MoveTo(Point::new(r.x, y)));
        grid.push(PathCmd::LineTo(Point::new(r.right(), y)));
    }
    grid
}

pub fn line(a: Point, b: Point, stroke: Stroke) -> Item {
    stroked(vec![PathCmd::MoveTo(a), PathCmd::LineTo(b)], stroke)
}

/// A cut line: thin, so it never sits on the art as a heavy outline.
pub fn cut_line() -> Stroke {
    pen(Rgb(0x40, 0x40, 0x40), CUT_WIDTH)
}

/// A fold line: dashed, so it is never taken for a cut line.
pub fn fold_line() -> Stroke {
    Stroke {
        dash: vec![Mm(2.0), Mm(1.5)],
        ..pen(Rgb(0x40, 0x40, 0x40), CUT_WIDTH)
    }
}

/// Width of every cut line in a kit.
pub const CUT_WIDTH: Mm = Mm(0.2);

pub fn style(font: FontRole, size: Pt, color: Rgb) -> TextStyle {
    TextStyle { font, size, color }
}

/// One line of text with its baseline starting at `origin`.
pub fn text(s: &str, style: TextStyle, origin: Point) -> Item {
    Item::Text(Text {
        origin,
        text: s.to_string(),
        style,
    })
}

/// One line of text centred on `center` both ways (the visual middle of
/// its ascent and descent sits on `center.y`).
pub fn text_centred(fonts: &FontSet, s: &str, style: TextStyle, center: Point) -> Item {
    let w = fonts.width(&style, s);
    let asc = fonts.ascent(&style);
    let desc = fonts.descent(&style);
    let baseline = center.y + (asc - desc) / 2.0;
    text(s, style, Point::new(center.x - w / 2.0, baseline))
}

pub fn group(transform: Transform, items: Vec<Item>) -> Item {
    Item::Group(Group::new(transform, items))
}

/// Grey of the same lightness, for black-and-white kits.
pub fn grey(rgb: Rgb) -> Rgb {
    let v = (rgb.luma() * 255.0).round().clamp(0.0, 255.0) as u8;
    Rgb(v, v, v)
}
