//! Small board diagrams for the leaflet's figures and the reminder cards:
//! a window of the board, with arrows, highlights and crosses.
//!
//! A diagram that knows where its window lies on the board ([`Window`])
//! shows it as a piece of that board: its squares painted as the board
//! sections paint them (start squares, the centre and corners with the
//! theme's colours, marks and art, [`board::paint_square`]), a side that
//! is the board's real edge drawn as the board's frame, a side where the
//! board goes on left open and fading out, and the board's own file
//! letters and rank numbers beside it. Pieces are drawn with the pieces
//! sheet's own faces ([`pieces::piece_face`]), so a child can match a
//! figure to the table; their ring patterns keep the sides apart on a
//! black-and-white printer.
//!
//! Every size here is a share of the square, so a diagram reads the same
//! at card size as in the leaflet; only the coordinates have a floor
//! (7 pt), and a diagram too small for them should leave them out.

use crate::kit::board::{self, SquareKind};
use crate::kit::pieces::{self, Token};
use crate::layout::draw;
use crate::layout::{Fill, FontRole, Item, Path, PathCmd, Rgb, Stroke, TextStyle};
use crate::rules::{Piece, Variant};
use crate::theme::Theme;
use crate::units::{Mm, Point, Pt, Rect, Size};

/// Something drawn over a diagram's squares; squares are (file, rank),
/// 0-based from the window's bottom-left.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A move arrow.
    Arrow { from: (u8, u8), to: (u8, u8) },
    /// A move that is not allowed (arrow ending in a bar).
    Blocked { from: (u8, u8), to: (u8, u8) },
    /// A piece taken by the move shown.
    Captured((u8, u8)),
    /// A square to look at.
    Highlight((u8, u8)),
}

/// Where a diagram's squares lie on the variant's board, and what each
/// square (and each square just outside the window) is there.
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    /// The board square (file, rank), 0-based from a1, under the window's
    /// bottom-left square.
    pub origin: (u8, u8),
    pub cols: usize,
    pub rows: usize,
    /// The board has `board` × `board` squares.
    pub board: usize,
    /// Square kinds one ring wider than the window, top row first:
    /// `kinds[0]` is the row above the window, `kinds[r + 1][c + 1]` the
    /// window's square (`c`, `r` from the top); `None` off the board.
    kinds: Vec<Vec<Option<SquareKind>>>,
}

/// Which sides of a window are the board's own edges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Edges {
    pub left: bool,
    pub top: bool,
    pub right: bool,
    pub bottom: bool,
}

impl Window {
    /// The `cols` × `rows` squares of `variant`'s board from `origin`
    /// (bottom-left, 0-based), clipped to the board.
    pub fn new(variant: &Variant, origin: (u8, u8), cols: usize, rows: usize) -> Window {
        let n = variant.size;
        let (f0, r0) = (origin.0 as usize, origin.1 as usize);
        let cols = cols.min(n.saturating_sub(f0));
        let rows = rows.min(n.saturating_sub(r0));
        let top_rank = (r0 + rows) as i64; // rank of the row above the window
        let kinds = (0..rows + 2)
            .map(|i| {
                let rank = top_rank - i as i64;
                (0..cols + 2)
                    .map(|j| {
                        let file = f0 as i64 - 1 + j as i64;
                        let on = (0..n as i64).contains(&rank) && (0..n as i64).contains(&file);
                        on.then(|| {
                            board::square_kind(variant, file as usize, n - 1 - rank as usize)
                        })
                    })
                    .collect()
            })
            .collect();
        Window {
            origin,
            cols,
            rows,
            board: n,
            kinds,
        }
    }

    /// The sides of the window that are the board's edges.
    pub fn edges(&self) -> Edges {
        let (f0, r0) = (self.origin.0 as usize, self.origin.1 as usize);
        Edges {
            left: f0 == 0,
            bottom: r0 == 0,
            right: f0 + self.cols == self.board,
            top: r0 + self.rows == self.board,
        }
    }

    /// The board's file letters over the window's columns, left to right.
    pub fn files(&self) -> Vec<String> {
        (0..self.cols)
            .map(|i| file_letter(self.origin.0 as usize + i))
            .collect()
    }

    /// The board's rank numbers of the window's rows, bottom to top.
    pub fn ranks(&self) -> Vec<String> {
        (0..self.rows)
            .map(|i| (self.origin.1 as usize + i + 1).to_string())
            .collect()
    }

    /// The kind of window square (`col`, `row`), `row` 0 the top; the ring
    /// outside the window at -1 and `cols`/`rows`.
    pub fn kind(&self, col: i64, row: i64) -> Option<SquareKind> {
        *self
            .kinds
            .get((row + 1) as usize)?
            .get((col + 1) as usize)?
    }

    /// Whether window square (`col`, `row`), `row` 0 the top, is one of
    /// the board's dark squares.
    fn dark(&self, col: i64, row: i64) -> bool {
        let board_col = self.origin.0 as i64 + col;
        let board_row = self.board as i64 - (self.origin.1 as i64 + self.rows as i64) + row;
        (board_col + board_row).rem_euclid(2) == 1
    }
}

/// How a diagram is drawn beyond its position and marks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DiagramStyle {
    /// Where the squares lie on the board; `None` draws a plain chequer
    /// with no edges (a free-standing sketch).
    pub window: Option<Window>,
    /// The board's file letters under the squares and rank numbers to
    /// their left (7 pt at least: leave them out of very small diagrams).
    pub coordinates: bool,
}

impl DiagramStyle {
    /// A window of `variant`'s board with its coordinates.
    pub fn window(variant: &Variant, origin: (u8, u8), cols: usize, rows: usize) -> DiagramStyle {
        DiagramStyle {
            window: Some(Window::new(variant, origin, cols, rows)),
            coordinates: true,
        }
    }

    /// The whole board of `variant` with its coordinates.
    pub fn whole(variant: &Variant) -> DiagramStyle {
        DiagramStyle::window(variant, (0, 0), variant.size, variant.size)
    }

    /// True when the window is the whole board.
    pub fn is_whole(&self) -> bool {
        self.window.as_ref().is_some_and(|w| {
            w.edges()
                == Edges {
                    left: true,
                    top: true,
                    right: true,
                    bottom: true,
                }
        })
    }

    /// The real edges of the window (none for a free-standing diagram).
    pub fn edges(&self) -> Edges {
        self.window.as_ref().map(Window::edges).unwrap_or_default()
    }
}

/// Shares of a square taken by what surrounds the squares.
const FRAME: f64 = 0.28;
const FADE: f64 = 0.5;
const LABEL_BAND: f64 = 0.62;
/// Smallest type for coordinates: nothing in a kit is printed smaller.
const LABEL_MIN: Pt = Pt(7.0);
const LABEL_MAX: Pt = Pt(9.0);

/// Coordinates in the board's own label face, whose `l`, `1` and `I`
/// cannot be taken for each other.
fn label_style(sq: Mm, theme: &Theme) -> TextStyle {
    TextStyle {
        font: FontRole::Label,
        size: Pt((sq * 0.42).to_pt().0.clamp(LABEL_MIN.0, LABEL_MAX.0)),
        color: theme.colours.text,
    }
}

/// The widest of the coordinate labels `1..=n` (the first of equals). A
/// label's width is its shaped advance in font units times a scale for the
/// type size, so the same label is widest at every size: a diagram sized
/// by trying many squares measures it alone instead of all `n`.
fn widest_label(n: usize, theme: &Theme) -> String {
    let ts = label_style(Mm(1.0), theme);
    let mut widest = (Mm::ZERO, String::new());
    for i in 1..=n.max(1) {
        let label = i.to_string();
        let w = theme.fonts.width(&ts, &label);
        if w.0 > widest.0.0 {
            widest = (w, label);
        }
    }
    widest.1
}

/// Room around the squares (left, top, right, bottom) for a square of
/// `sq`: the frame on a real edge (wide enough to hold the coordinates
/// on the left and below, as on the board), the fading run of the board
/// on an open side, and the coordinates beyond it.
fn margins(style: &DiagramStyle, cols: usize, rows: usize, sq: Mm, theme: &Theme) -> [Mm; 4] {
    margins_with(style, &widest_label(rows.max(cols), theme), sq, theme)
}

/// [`margins`] with the widest coordinate label ([`widest_label`]) found.
fn margins_with(style: &DiagramStyle, widest: &str, sq: Mm, theme: &Theme) -> [Mm; 4] {
    let labels = style.coordinates;
    let ls = label_style(sq, theme);
    // The band must hold the widest label and the type's height.
    let widest = theme.fonts.width(&ls, widest).max(Mm::ZERO);
    let height = theme.fonts.ascent(&ls) - theme.fonts.descent(&ls);
    let band_left = (sq * LABEL_BAND).max(widest + Mm(1.0));
    let band_bottom = (sq * LABEL_BAND).max(height + Mm(0.8));
    let e = style.edges();
    let side = |real: bool, band: Option<Mm>| -> Mm {
        match (style.window.is_some(), real, band) {
            (false, _, Some(b)) => b,
            (false, _, None) => Mm::ZERO,
            (true, true, Some(b)) => b.max(sq * FRAME),
            (true, true, None) => sq * FRAME,
            (true, false, Some(b)) => sq * FADE + b,
            (true, false, None) => sq * FADE,
        }
    };
    let lab = |b: Mm| labels.then_some(b);
    [
        side(e.left, lab(band_left)),
        side(e.top, None),
        side(e.right, None),
        side(e.bottom, lab(band_bottom)),
    ]
}

/// The size a diagram of `cols` × `rows` squares of side `sq` takes,
/// frame, fading edges and coordinates included.
pub fn extent(style: &DiagramStyle, cols: usize, rows: usize, sq: Mm, theme: &Theme) -> Size {
    extent_with(
        style,
        cols,
        rows,
        &widest_label(rows.max(cols), theme),
        sq,
        theme,
    )
}

/// [`extent`] with the widest coordinate label found.
fn extent_with(
    style: &DiagramStyle,
    cols: usize,
    rows: usize,
    widest: &str,
    sq: Mm,
    theme: &Theme,
) -> Size {
    let [l, t, r, b] = margins_with(style, widest, sq, theme);
    Size::new(sq * cols as f64 + l + r, sq * rows as f64 + t + b)
}

/// The square size and the squares' rectangle of a diagram of `cols` ×
/// `rows` squares drawn as large as fits, centred, in `rect`.
pub fn board_rect(
    style: &DiagramStyle,
    cols: usize,
    rows: usize,
    rect: Rect,
    theme: &Theme,
) -> (Mm, Rect) {
    let (c, r) = (cols.max(1), rows.max(1));
    let widest = widest_label(r.max(c), theme);
    let fits = |sq: Mm| {
        let e = extent_with(style, c, r, &widest, sq, theme);
        e.w.0 <= rect.w.0 + 1e-9 && e.h.0 <= rect.h.0 + 1e-9
    };
    // The extent grows with the square, so the largest square that fits
    // is found by halving the interval.
    let (mut lo, mut hi) = (0.0, (rect.w.0 / c as f64).min(rect.h.0 / r as f64));
    for _ in 0..50 {
        let mid = (lo + hi) / 2.0;
        if fits(Mm(mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let sq = Mm(lo);
    let e = extent_with(style, c, r, &widest, sq, theme);
    let [l, t, _, _] = margins_with(style, &widest, sq, theme);
    let x = rect.x + (rect.w - e.w) / 2.0 + l;
    let y = rect.y + (rect.h - e.h) / 2.0 + t;
    (sq, Rect::new(x, y, sq * c as f64, sq * r as f64))
}

/// Draws `board` (`board[row][file]`, top row first) with `marks` into
/// `rect`, as a free-standing chequer.
pub fn draw(board: &[Vec<Option<Piece>>], marks: &[Mark], rect: Rect, theme: &Theme) -> Vec<Item> {
    draw_styled(board, marks, &DiagramStyle::default(), rect, theme)
}

/// Width of the heavy line along a real edge, as the board's frame.
pub fn edge_width(sq: Mm) -> Mm {
    Mm((sq.0 * 0.1).clamp(0.35, 0.7))
}

/// [`draw`] with the window's squares, edges and coordinates.
pub fn draw_styled(
    board: &[Vec<Option<Piece>>],
    marks: &[Mark],
    style: &DiagramStyle,
    rect: Rect,
    theme: &Theme,
) -> Vec<Item> {
    let n = board.len();
    let cols = board.iter().map(Vec::len).max().unwrap_or(0);
    if n == 0 || cols == 0 {
        return Vec::new();
    }
    let c = &theme.colours;
    let (sq, b) = board_rect(style, cols, n, rect, theme);
    let centre = |(file, rank): (u8, u8)| -> Point {
        Point::new(
            b.x + sq * (file as f64 + 0.5),
            b.y + sq * ((n - 1 - rank as usize) as f64 + 0.5),
        )
    };
    let square_rect = |(file, rank): (u8, u8)| -> Rect {
        Rect::new(
            b.x + sq * file as f64,
            b.y + sq * (n - 1 - rank as usize) as f64,
            sq,
            sq,
        )
    };
    let hairline = (sq * 0.04).max(Mm(0.15));
    let mut items = Vec::new();

    match &style.window {
        Some(w) if w.cols == cols && w.rows == n => {
            items.extend(surroundings(w, sq, b, style, theme));
            // The window's squares, painted as the board paints them.
            for row in 0..n {
                for col in 0..cols {
                    let r = Rect::new(b.x + sq * col as f64, b.y + sq * row as f64, sq, sq);
                    let kind = w.kind(col as i64, row as i64).unwrap_or(SquareKind::Plain);
                    items.extend(board::paint_square(
                        kind,
                        w.dark(col as i64, row as i64),
                        r,
                        theme,
                        theme.mono,
                    ));
                }
            }
        }
        _ => {
            // A free-standing chequer.
            items.push(rect_item(b, Some(draw::solid(c.square_light)), None));
            if c.square_dark != c.square_light {
                for row in 0..n {
                    for col in 0..cols {
                        if (row + col) % 2 == 1 {
                            let r = Rect::new(b.x + sq * col as f64, b.y + sq * row as f64, sq, sq);
                            items.push(rect_item(r, Some(draw::solid(c.square_dark)), None));
                        }
                    }
                }
            }
        }
    }
    // Grid.
    items.push(Item::Path(Path {
        commands: draw::grid_path(b, cols, n),
        fill: None,
        stroke: Some(draw::round_pen(c.grid, hairline)),
    }));
    // The board's real edges, heavy, over the grid.
    if style.window.is_some() {
        let e = style.edges();
        let pen = draw::pen(c.grid, edge_width(sq));
        let h = edge_width(sq) / 2.0;
        for (real, from, to) in [
            (
                e.left,
                Point::new(b.x, b.y - h),
                Point::new(b.x, b.bottom() + h),
            ),
            (
                e.right,
                Point::new(b.right(), b.y - h),
                Point::new(b.right(), b.bottom() + h),
            ),
            (
                e.top,
                Point::new(b.x - h, b.y),
                Point::new(b.right() + h, b.y),
            ),
            (
                e.bottom,
                Point::new(b.x - h, b.bottom()),
                Point::new(b.right() + h, b.bottom()),
            ),
        ] {
            if real {
                items.push(draw::line(from, to, pen.clone()));
            }
        }
    }

    // Highlights go under the pieces.
    for m in marks {
        if let Mark::Highlight(s) = m {
            let r = square_rect(*s).inset(sq * 0.06);
            items.push(rect_item(
                r,
                None,
                Some(draw::round_pen(c.accent, sq * 0.1)),
            ));
        }
    }

    // Pieces.
    for (row, cells) in board.iter().enumerate() {
        for (file, cell) in cells.iter().enumerate() {
            let Some(piece) = cell else { continue };
            let rank = (n - 1 - row) as u8;
            items.extend(piece_items(*piece, centre((file as u8, rank)), sq, theme));
        }
    }

    // Arrows, blocked moves and captures on top.
    for m in marks {
        match m {
            Mark::Arrow { from, to } => {
                items.extend(arrow(centre(*from), centre(*to), sq, c.accent, false));
            }
            Mark::Blocked { from, to } => {
                items.extend(arrow(centre(*from), centre(*to), sq, c.text, true));
            }
            Mark::Captured(s) => {
                let p = centre(*s);
                let k = sq * 0.32;
                let cmds = vec![
                    PathCmd::MoveTo(p.offset(-k, -k)),
                    PathCmd::LineTo(p.offset(k, k)),
                    PathCmd::MoveTo(p.offset(k, -k)),
                    PathCmd::LineTo(p.offset(-k, k)),
                ];
                // A pale halo first, so the cross shows on any piece colour.
                items.push(Item::Path(Path {
                    commands: cmds.clone(),
                    fill: None,
                    stroke: Some(draw::round_pen(Rgb::WHITE, sq * 0.2)),
                }));
                items.push(Item::Path(Path {
                    commands: cmds,
                    fill: None,
                    stroke: Some(draw::round_pen(c.accent, sq * 0.1)),
                }));
            }
            Mark::Highlight(_) => {}
        }
    }

    if style.coordinates {
        let ts = label_style(sq, theme);
        let (files, ranks) = match &style.window {
            Some(w) => (w.files(), w.ranks()),
            None => (
                (0..cols).map(file_letter).collect(),
                (0..n).map(|i| (i + 1).to_string()).collect(),
            ),
        };
        let [ml, _, _, mb] = margins(style, cols, n, sq, theme);
        let e = style.edges();
        // In the frame on a real edge, as on the board; beyond the fading
        // run of the board on an open side.
        let band_l = if e.left || style.window.is_none() {
            ml
        } else {
            ml - sq * FADE
        };
        let band_b = if e.bottom || style.window.is_none() {
            mb
        } else {
            mb - sq * FADE
        };
        for (i, letter) in files.iter().enumerate() {
            let at = Point::new(b.x + sq * (i as f64 + 0.5), b.bottom() + mb - band_b / 2.0);
            items.push(draw::text_centred(&theme.fonts, letter, ts, at));
        }
        for (i, number) in ranks.iter().enumerate() {
            let at = Point::new(b.x - ml + band_l / 2.0, b.bottom() - sq * (i as f64 + 0.5));
            items.push(draw::text_centred(&theme.fonts, number, ts, at));
        }
    }
    items
}

/// What lies around a window's squares: on each real edge the board's
/// frame (its light border with a fine outer line), on each open side the
/// board running on for half a square and fading out, so it reads as cut
/// from a larger board.
fn surroundings(w: &Window, sq: Mm, b: Rect, style: &DiagramStyle, theme: &Theme) -> Vec<Item> {
    let e = w.edges();
    let [ml, mt, mr, mb] = margins(style, w.cols, w.rows, sq, theme);
    let c = &theme.colours;
    let mut items = Vec::new();
    // How far the drawing reaches past the squares on each side: the
    // frame, or the fading run (coordinates beyond it stay on white).
    let reach = |real: bool, m: Mm| if real { m } else { sq * FADE };
    let (rl, rt, rr, rb) = (
        reach(e.left, ml),
        reach(e.top, mt),
        reach(e.right, mr),
        reach(e.bottom, mb),
    );
    let outer = Rect::new(b.x - rl, b.y - rt, b.w + rl + rr, b.h + rt + rb);
    // The frame's ground under everything, as the board's border.
    items.push(draw::filled(draw::rect_path(outer), c.square_light));
    // The board running on past the open sides: the squares just outside
    // the window, painted plainly (colours only), with their grid.
    let mut grid = Vec::new();
    for row in -1..=w.rows as i64 {
        for col in -1..=w.cols as i64 {
            let inside = (0..w.cols as i64).contains(&col) && (0..w.rows as i64).contains(&row);
            if inside {
                continue;
            }
            let Some(kind) = w.kind(col, row) else {
                continue;
            };
            let r = Rect::new(b.x + sq * col as f64, b.y + sq * row as f64, sq, sq);
            let Some(clipped) = overlap(r, outer) else {
                continue;
            };
            items.push(draw::filled(
                draw::rect_path(clipped),
                board::square_fill(kind, w.dark(col, row), theme),
            ));
            grid.extend(draw::rect_path(clipped));
        }
    }
    items.push(draw::stroked(
        grid,
        draw::pen(c.grid, (sq * 0.04).max(Mm(0.15))),
    ));
    // A fine outer line where the frame is the board's edge.
    let thin = draw::pen(c.grid, (sq * 0.025).max(Mm(0.12)));
    for (real, from, to) in [
        (
            e.left,
            Point::new(outer.x, outer.y),
            Point::new(outer.x, outer.bottom()),
        ),
        (
            e.right,
            Point::new(outer.right(), outer.y),
            Point::new(outer.right(), outer.bottom()),
        ),
        (
            e.top,
            Point::new(outer.x, outer.y),
            Point::new(outer.right(), outer.y),
        ),
        (
            e.bottom,
            Point::new(outer.x, outer.bottom()),
            Point::new(outer.right(), outer.bottom()),
        ),
    ] {
        if real {
            items.push(draw::line(from, to, thin.clone()));
        }
    }
    // The fade: white veils, thicker outwards, over each open side's run.
    const STEPS: usize = 6;
    let fade = sq * FADE;
    for k in 0..STEPS {
        let t0 = fade * (k as f64 / STEPS as f64);
        let t1 = fade * ((k + 1) as f64 / STEPS as f64);
        let opacity = (k as f64 + 1.0) / STEPS as f64;
        let veil = |r: Rect| {
            Item::Path(Path {
                commands: draw::rect_path(r),
                fill: Some(Fill {
                    opacity,
                    ..draw::solid(Rgb::WHITE)
                }),
                stroke: None,
            })
        };
        if !e.left {
            items.push(veil(Rect::new(b.x - t1, outer.y, t1 - t0, outer.h)));
        }
        if !e.right {
            items.push(veil(Rect::new(b.right() + t0, outer.y, t1 - t0, outer.h)));
        }
        if !e.top {
            items.push(veil(Rect::new(outer.x, b.y - t1, outer.w, t1 - t0)));
        }
        if !e.bottom {
            items.push(veil(Rect::new(outer.x, b.bottom() + t0, outer.w, t1 - t0)));
        }
    }
    items
}

/// The part of `a` inside `b`, if any.
fn overlap(a: Rect, b: Rect) -> Option<Rect> {
    let x0 = a.x.max(b.x);
    let y0 = a.y.max(b.y);
    let x1 = a.right().min(b.right());
    let y1 = a.bottom().min(b.bottom());
    (x1.0 > x0.0 && y1.0 > y0.0).then(|| Rect::new(x0, y0, x1 - x0, y1 - y0))
}

/// The letter of file `i` (0 = a), as in the move notation.
pub fn file_letter(i: usize) -> String {
    ((b'a' + (i % 26) as u8) as char).to_string()
}

/// A filled or outlined rectangle.
fn rect_item(r: Rect, fill: Option<Fill>, stroke: Option<Stroke>) -> Item {
    Item::Path(Path {
        commands: draw::rect_path(r),
        fill,
        stroke,
    })
}

/// A piece as the pieces sheet prints it (the theme's shape, ring and
/// art), sized to its square, with a fine outline so it stands out on
/// any square.
fn piece_items(piece: Piece, at: Point, sq: Mm, theme: &Theme) -> Vec<Item> {
    let (token, share) = match piece {
        Piece::Attacker => (Token::Attacker, 0.76),
        Piece::Defender => (Token::Defender, 0.76),
        Piece::King => (Token::King, 0.9),
    };
    let size = sq * share;
    let corner = at.offset(-size / 2.0, -size / 2.0);
    let shape = theme.pieces.shape;
    let mut items = pieces::piece_face(token, shape, size, corner, theme, &theme.fonts, false);
    items.push(draw::stroked(
        pieces::piece_outline(shape, size, corner),
        draw::pen(theme.colours.grid, (sq * 0.035).max(Mm(0.1))),
    ));
    items
}

/// A move arrow from square centre to square centre; `blocked` ends it in
/// a bar across the shaft instead of a head, dashed.
fn arrow(from: Point, to: Point, sq: Mm, color: Rgb, blocked: bool) -> Vec<Item> {
    let dx = to.x.0 - from.x.0;
    let dy = to.y.0 - from.y.0;
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-9 {
        return Vec::new();
    }
    let (ux, uy) = (dx / len, dy / len);
    // Start just outside the moving piece; end short of the target centre.
    let start = from.offset(Mm(ux * sq.0 * 0.42), Mm(uy * sq.0 * 0.42));
    let tip = to.offset(Mm(-ux * sq.0 * 0.2), Mm(-uy * sq.0 * 0.2));
    let head = sq.0 * 0.3;
    let width = sq * 0.09;
    let mut st = draw::round_pen(color, width);
    let mut items = Vec::new();
    if blocked {
        st.dash = vec![sq * 0.18, sq * 0.12];
        items.push(Item::Path(Path {
            commands: vec![PathCmd::MoveTo(start), PathCmd::LineTo(tip)],
            fill: None,
            stroke: Some(st),
        }));
        let (px, py) = (-uy * head, ux * head);
        items.push(Item::Path(Path {
            commands: vec![
                PathCmd::MoveTo(tip.offset(Mm(px), Mm(py))),
                PathCmd::LineTo(tip.offset(Mm(-px), Mm(-py))),
            ],
            fill: None,
            stroke: Some(draw::round_pen(color, sq * 0.12)),
        }));
    } else {
        let base = tip.offset(Mm(-ux * head), Mm(-uy * head));
        items.push(Item::Path(Path {
            commands: vec![PathCmd::MoveTo(start), PathCmd::LineTo(base)],
            fill: None,
            stroke: Some(st),
        }));
        let (px, py) = (-uy * head * 0.5, ux * head * 0.5);
        items.push(Item::Path(Path {
            commands: vec![
                PathCmd::MoveTo(tip),
                PathCmd::LineTo(base.offset(Mm(px), Mm(py))),
                PathCmd::LineTo(base.offset(Mm(-px), Mm(-py))),
                PathCmd::Close,
            ],
            fill: Some(draw::solid(color)),
            stroke: None,
        }));
    }
    items
}
