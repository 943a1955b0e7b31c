//! The board cut into sections: rectangles of whole squares that tile the
//! board exactly, each small enough (with its share of the coordinate
//! border) to fit the printable area of one sheet, and each drawn with its
//! squares, grid, special and start squares, coordinates, seam marks,
//! label and cut line.

use crate::error::Failure;
use crate::kit::component::{Component, Context, Part, Planned, Room, Share};
use crate::kit::error::KitError;
use crate::kit::plan::{MAX_SECTIONS, packing_area};
use crate::kit::turn_track::{self, Track};
use crate::layout::draw;
use crate::layout::frame::Frame;
use crate::layout::text::FontSet;
use crate::layout::{FontRole, Group, Item, Rgb, Transform};
use crate::rules::{Piece, Variant};
use crate::theme::Theme;
use crate::units::{Mm, Point, Pt, Rect, Size};
use crate::words::{Args, Msg};

/// Width of the coordinate border on the board's outer edges.
pub const BORDER: Mm = Mm(6.0);
/// Width of the glue tab on a section's left and top seams: it slides
/// under the neighbouring section and carries the seam marks, so no mark
/// is left on the playing surface of the assembled board.
pub const TAB: Mm = Mm(6.0);

/// Squares of the board a section covers; `row` 0 is the top row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cells {
    pub col: usize,
    pub row: usize,
    pub cols: usize,
    pub rows: usize,
}

impl Cells {
    pub fn contains(&self, col: usize, row: usize) -> bool {
        (self.col..self.col + self.cols).contains(&col)
            && (self.row..self.row + self.rows).contains(&row)
    }
    fn transposed(self) -> Cells {
        Cells {
            col: self.row,
            row: self.col,
            cols: self.rows,
            rows: self.cols,
        }
    }
}

/// A board of `n` × `n` squares of side `square`, with skilled play's
/// turn track below its bottom coordinates when the kit has one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Board {
    pub n: usize,
    pub square: Mm,
    pub track: Option<Track>,
}

/// Borders of a section (left, top, right, bottom): the coordinate border
/// where the section lies on the board's outer edge; at a seam, a glue tab
/// on the left and top ([`TAB`]) and nothing on the right and bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Borders {
    pub left: Mm,
    pub top: Mm,
    pub right: Mm,
    pub bottom: Mm,
}

impl Board {
    /// A board without a turn track.
    pub fn plain(n: usize, square: Mm) -> Board {
        Board {
            n,
            square,
            track: None,
        }
    }

    /// What the turn track adds below the bottom border.
    fn track_depth(&self) -> Mm {
        self.track.map_or(Mm::ZERO, |t| t.depth())
    }

    pub fn borders(&self, c: Cells) -> Borders {
        let b = |on_edge: bool| if on_edge { BORDER } else { Mm::ZERO };
        let tab = |on_edge: bool| if on_edge { BORDER } else { TAB };
        let on_bottom = c.row + c.rows == self.n;
        Borders {
            left: tab(c.col == 0),
            top: tab(c.row == 0),
            right: b(c.col + c.cols == self.n),
            bottom: b(on_bottom)
                + if on_bottom {
                    self.track_depth()
                } else {
                    Mm::ZERO
                },
        }
    }

    /// The section's size as cut out, border included.
    pub fn section_size(&self, c: Cells) -> Size {
        let b = self.borders(c);
        Size::new(
            self.square * c.cols as f64 + b.left + b.right,
            self.square * c.rows as f64 + b.top + b.bottom,
        )
    }

    /// The whole board's size, border (and turn track) included.
    pub fn size(&self) -> Size {
        let s = self.square * self.n as f64 + BORDER * 2.0;
        Size::new(s, s + self.track_depth())
    }
}

/// True when `size` fits inside `space` one way or the other.
pub fn fits(size: Size, space: Size) -> bool {
    const EPS: f64 = 1e-6;
    (size.w.0 <= space.w.0 + EPS && size.h.0 <= space.h.0 + EPS)
        || (size.h.0 <= space.w.0 + EPS && size.w.0 <= space.h.0 + EPS)
}

/// A shared edge between two sections, along a grid line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seam {
    /// "A", "B", … in a fixed order.
    pub label: String,
    /// Indices of the two sections: `a` is left of (or above) `b`.
    pub a: usize,
    pub b: usize,
    /// A vertical seam runs between columns; a horizontal one between rows.
    pub vertical: bool,
    /// The grid line (column or row index of `b`'s first square).
    pub at: usize,
    /// Squares along the seam, `from..to`.
    pub from: usize,
    pub to: usize,
    /// Whether each end (`from`, then `to`) carries a mark: an end where
    /// `a` has a strip beside its edge (its coordinate border or its own
    /// glue tab) to print it on, so the mark is on both sections.
    pub ends: [bool; 2],
}

/// Which end of a seam a mark is at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The top or left end (`from`).
    First,
    /// The bottom or right end (`to`).
    Last,
}

impl Seam {
    /// Where the marks go: (text, end, square index along the seam). Two
    /// marks that differ (`A1`, `A2`) make the join one way only. Each is
    /// printed on both sections: on `b`'s glue tab beside that square and
    /// on `a`'s strip at that end of its edge.
    pub fn marks(&self) -> Vec<(String, End, usize)> {
        let mut m = Vec::new();
        if self.ends[0] {
            m.push((End::First, self.from));
        }
        if self.ends[1] && (self.to - self.from > 1 || !self.ends[0]) {
            m.push((End::Last, self.to - 1));
        }
        m.into_iter()
            .enumerate()
            .map(|(i, (end, along))| (format!("{}{}", self.label, i + 1), end, along))
            .collect()
    }
}

/// Which ends of the seam between `a` (left or above) and its neighbour
/// `a` can carry a mark on (see [`Seam::ends`]): `a` has a border or a
/// tab on its top and left always, on its bottom and right only on the
/// board's edge (`n` squares); the end must be `a`'s corner.
fn markable_ends(a: Cells, vertical: bool, from: usize, to: usize, n: usize) -> [bool; 2] {
    let (start, len) = if vertical {
        (a.row, a.rows)
    } else {
        (a.col, a.cols)
    };
    [from == start, to == start + len && to == n]
}

fn seam_label(i: usize) -> String {
    let letters = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
    let mut s = String::new();
    let mut i = i;
    loop {
        s.insert(0, letters[i % letters.len()] as char);
        if i < letters.len() {
            break;
        }
        i = i / letters.len() - 1;
    }
    s
}

/// Every seam of a tiling, labelled in order.
pub fn seams(tiling: &[Cells]) -> Vec<Seam> {
    let mut out = Vec::new();
    for (i, p) in tiling.iter().enumerate() {
        for (j, q) in tiling.iter().enumerate() {
            if p.col + p.cols == q.col {
                let from = p.row.max(q.row);
                let to = (p.row + p.rows).min(q.row + q.rows);
                if from < to {
                    out.push((i, j, true, q.col, from, to));
                }
            }
            if p.row + p.rows == q.row {
                let from = p.col.max(q.col);
                let to = (p.col + p.cols).min(q.col + q.cols);
                if from < to {
                    out.push((i, j, false, q.row, from, to));
                }
            }
        }
    }
    out.sort_by_key(|&(i, j, v, ..)| (i, j, !v));
    let n = tiling.iter().map(|c| c.col + c.cols).max().unwrap_or(0);
    out.into_iter()
        .enumerate()
        .map(|(k, (a, b, vertical, at, from, to))| Seam {
            label: seam_label(k),
            a,
            b,
            vertical,
            at,
            from,
            to,
            ends: markable_ends(tiling[a], vertical, from, to, n),
        })
        .collect()
}

/// Total seam length in squares.
pub fn seam_length(tiling: &[Cells]) -> usize {
    seams(tiling).iter().map(|s| s.to - s.from).sum()
}

/// All compositions of `n` into `k` parts of `1..=max` each.
fn compositions(n: usize, k: usize, max: usize) -> Vec<Vec<usize>> {
    fn rec(n: usize, k: usize, max: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if out.len() >= 5000 {
            return;
        }
        if k == 0 {
            if n == 0 {
                out.push(cur.clone());
            }
            return;
        }
        if n < k || n > k * max {
            return;
        }
        for p in 1..=max.min(n) {
            cur.push(p);
            rec(n - p, k - 1, max, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    rec(n, k, max, &mut Vec::new(), &mut out);
    // Balanced splits first: they give sections of similar size, which
    // pack well and look deliberate.
    out.sort_by_key(|c| {
        let hi = c.iter().max().copied().unwrap_or(0);
        let lo = c.iter().min().copied().unwrap_or(0);
        (hi - lo, std::cmp::Reverse(c.clone()))
    });
    out
}

/// How a tiling ranks, smallest first: sections, spread, seam length,
/// largest section's area.
type TilingKey = (usize, usize, usize, u64);

/// How uneven a tiling is: squares in its largest section less squares in
/// its smallest.
fn spread(t: &[Cells]) -> usize {
    let squares = t.iter().map(|c| c.cols * c.rows);
    squares.clone().max().unwrap_or(0) - squares.min().unwrap_or(0)
}

/// Candidate tilings of the board into sections that fit `space`, best
/// first (fewest sections, then the most even, then shortest seams, then
/// smallest largest section), never with a one-square strip where
/// anything else fits. Empty when no tiling with squares this size exists.
///
/// Candidates are two-level guillotine cuts (columns, then each column cut
/// into rows; or the same turned a quarter), which covers the grids,
/// strips and staggered splits a person would draw.
pub fn tilings(board: &Board, space: Size) -> Vec<Vec<Cells>> {
    let n = board.n;
    let long = space.w.max(space.h);
    let max_part = ((long / board.square).floor() as usize).clamp(1, n);
    let kmin = n.div_ceil(max_part);
    let mut found: Vec<Vec<Cells>> = Vec::new();
    for k in kmin..=(kmin + 1).min(n) {
        for cols in compositions(n, k, max_part).into_iter().take(10) {
            // For each column, the balanced row splits with fewest parts.
            let mut per_col: Vec<Vec<Vec<Cells>>> = Vec::new();
            let mut col0 = 0;
            let mut ok = true;
            for &w in &cols {
                let mut options = Vec::new();
                for kr in 1..=n {
                    for rows in compositions(n, kr, max_part) {
                        let mut row0 = 0;
                        let mut cells = Vec::new();
                        for &h in &rows {
                            cells.push(Cells {
                                col: col0,
                                row: row0,
                                cols: w,
                                rows: h,
                            });
                            row0 += h;
                        }
                        if cells.iter().all(|c| fits(board.section_size(*c), space)) {
                            options.push(cells);
                            if options.len() == 4 {
                                break;
                            }
                        }
                    }
                    if !options.is_empty() {
                        break;
                    }
                }
                if options.is_empty() {
                    ok = false;
                    break;
                }
                per_col.push(options);
                col0 += w;
            }
            if !ok {
                continue;
            }
            // Cartesian product of the columns' choices, capped.
            let mut combos: Vec<Vec<Cells>> = vec![Vec::new()];
            for options in &per_col {
                let mut next = Vec::new();
                for c in &combos {
                    for o in options {
                        let mut t = c.clone();
                        t.extend_from_slice(o);
                        next.push(t);
                    }
                }
                next.truncate(512);
                combos = next;
            }
            found.extend(combos);
        }
    }
    // The same cuts turned a quarter: rows first. Squares are square, so
    // a transposed tiling still tiles; the turn track makes the bottom
    // border deeper than the others, so each is checked against the paper
    // again.
    let turned: Vec<Vec<Cells>> = found
        .iter()
        .map(|t| t.iter().map(|c| c.transposed()).collect::<Vec<Cells>>())
        .filter(|t| t.iter().all(|c| fits(board.section_size(*c), space)))
        .collect();
    found.extend(turned);
    for t in &mut found {
        t.sort_by_key(|c| (c.row, c.col));
    }
    // A one-square strip is fiddly to cut and join and looks like a
    // mistake: such tilings go only when nothing else fits.
    let strip = |t: &Vec<Cells>| t.len() > 1 && t.iter().any(|c| c.cols == 1 || c.rows == 1);
    if found.iter().any(|t| !strip(t)) {
        found.retain(|t| !strip(t));
    }
    // A seam whose ends both lie along another section's edge has no
    // place for a mark on both sides (a staggered split): such tilings go
    // only when nothing else fits.
    let unmarked = |t: &Vec<Cells>| seams(t).iter().any(|m| m.marks().is_empty());
    if found.iter().any(|t| !unmarked(t)) {
        found.retain(|t| !unmarked(t));
    }
    let mut keyed: Vec<(TilingKey, Vec<Cells>)> = found
        .into_iter()
        .map(|t| {
            let largest = t
                .iter()
                .map(|c| board.section_size(*c).area().round() as u64)
                .max()
                .unwrap_or(0);
            ((t.len(), spread(&t), seam_length(&t), largest), t)
        })
        .collect();
    keyed.sort();
    keyed.dedup_by(|a, b| a.1 == b.1);
    keyed.into_iter().map(|(_, t)| t).collect()
}

/// What a board square is, for colouring and marking: the board
/// sections and the diagrams of the leaflet and cards paint squares alike
/// through [`paint_square`], so a figure matches the board on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareKind {
    Centre,
    Corner,
    AttackerStart,
    DefenderStart,
    Plain,
}

/// What square (`col`, `row`) of `variant`'s board is; `row` 0 is the top
/// row.
pub fn square_kind(variant: &Variant, col: usize, row: usize) -> SquareKind {
    let n = variant.size;
    let last = n - 1;
    if variant.centre.is_some() && col == n / 2 && row == n / 2 {
        return SquareKind::Centre;
    }
    if variant.corners.is_some() && (col == 0 || col == last) && (row == 0 || row == last) {
        return SquareKind::Corner;
    }
    match variant
        .setup
        .get(row)
        .and_then(|r| r.get(col))
        .copied()
        .flatten()
    {
        Some(Piece::Attacker) => SquareKind::AttackerStart,
        Some(Piece::Defender) | Some(Piece::King) => SquareKind::DefenderStart,
        None => SquareKind::Plain,
    }
}

/// The ground colour of a square: its kind's colour, or the chequer for a
/// plain square (`dark` for the board's odd squares, counted from the top
/// left).
pub fn square_fill(kind: SquareKind, dark: bool, theme: &Theme) -> Rgb {
    let colours = &theme.colours;
    match kind {
        SquareKind::Centre | SquareKind::Corner => colours.special,
        SquareKind::AttackerStart => colours.attacker_start,
        SquareKind::DefenderStart => colours.defender_start,
        SquareKind::Plain if dark => colours.square_dark,
        SquareKind::Plain => colours.square_light,
    }
}

/// Paints one square into `r` as the board has it: its ground, the
/// theme's art for the centre and the attackers' start, the marks of the
/// centre and corners, and (`mono`) the patterns that tell the start
/// squares apart without colour.
pub fn paint_square(kind: SquareKind, dark: bool, r: Rect, theme: &Theme, mono: bool) -> Vec<Item> {
    let ink = theme.colours.grid;
    let s = r.w;
    let mut items = vec![draw::filled(
        draw::rect_path(r),
        square_fill(kind, dark, theme),
    )];
    match kind {
        SquareKind::Centre => {
            if let Some(art) = &theme.art.centre {
                items.push(crate::layout::art::place(art, r.inset(s * 0.08)));
            }
            items.extend(special_mark(r, ink, true, theme.art.centre.is_some()));
        }
        SquareKind::Corner => items.extend(special_mark(r, ink, false, false)),
        SquareKind::AttackerStart => {
            if let Some(art) = &theme.art.attacker_start {
                items.push(crate::layout::art::place(art, r));
            }
            if mono {
                items.push(hatch(r, Rgb(0x80, 0x80, 0x80)));
            }
        }
        SquareKind::DefenderStart => {
            if mono {
                items.extend(corner_brackets(r, Rgb(0x60, 0x60, 0x60)));
            }
        }
        SquareKind::Plain => {}
    }
    items
}

/// What is needed to draw a section.
pub struct SectionDraw<'a> {
    pub board: Board,
    pub tiling: &'a [Cells],
    pub seams: &'a [Seam],
    pub variant: &'a Variant,
    pub theme: &'a Theme,
    pub fonts: &'a FontSet,
    /// Draw start squares with patterns as well as tints (black and white).
    pub mono: bool,
}

/// Label printed on a section and on the cover's assembly map.
pub fn section_label(index: usize, count: usize) -> String {
    format!("{}/{}", index + 1, count)
}

/// Draws section `index` with its top-left corner (border included) at the
/// origin.
pub fn draw_section(d: &SectionDraw, index: usize) -> Vec<Item> {
    let c = d.tiling[index];
    let s = d.board.square;
    let b = d.board.borders(c);
    let size = d.board.section_size(c);
    let colours = &d.theme.colours;
    let mut items = Vec::new();
    let outline = Rect::new(Mm::ZERO, Mm::ZERO, size.w, size.h);
    let sq_rect = |col: usize, row: usize| {
        Rect::new(
            b.left + s * (col - c.col) as f64,
            b.top + s * (row - c.row) as f64,
            s,
            s,
        )
    };
    // Border background (the whole section; squares paint over it).
    items.push(draw::filled(draw::rect_path(outline), colours.square_light));

    let ink = colours.grid;
    for row in c.row..c.row + c.rows {
        for col in c.col..c.col + c.cols {
            let r = sq_rect(col, row);
            let kind = square_kind(d.variant, col, row);
            items.extend(paint_square(kind, (row + col) % 2 == 1, r, d.theme, d.mono));
        }
    }
    // Grid: every square edge inside the section; the board's outer edge
    // a little heavier so the playing area reads as one frame.
    let x0 = b.left;
    let y0 = b.top;
    let x1 = size.w - b.right;
    let y1 = size.h - b.bottom;
    for i in 0..=c.cols {
        let x = x0 + s * i as f64;
        let on_edge = (i == 0 && c.col == 0) || (i == c.cols && c.col + c.cols == d.board.n);
        let w = if on_edge { Mm(0.6) } else { Mm(0.3) };
        items.push(draw::line(
            Point::new(x, y0),
            Point::new(x, y1),
            draw::pen(ink, w),
        ));
    }
    for j in 0..=c.rows {
        let y = y0 + s * j as f64;
        let on_edge = (j == 0 && c.row == 0) || (j == c.rows && c.row + c.rows == d.board.n);
        let w = if on_edge { Mm(0.6) } else { Mm(0.3) };
        items.push(draw::line(
            Point::new(x0, y),
            Point::new(x1, y),
            draw::pen(ink, w),
        ));
    }

    // Coordinates in the border: files a, b, … and ranks 1, 2, … from the
    // bottom, as in the rules' notation.
    let coord = draw::style(FontRole::Label, Pt(9.0), colours.text);
    let bottom_coords = size.h - b.bottom + BORDER / 2.0;
    let n = d.board.n;
    for col in c.col..c.col + c.cols {
        let letter = ((b'a' + col as u8) as char).to_string();
        let cx = sq_rect(col, c.row).center().x;
        if c.row == 0 {
            items.push(draw::text_centred(
                d.fonts,
                &letter,
                coord,
                Point::new(cx, BORDER / 2.0),
            ));
        }
        if b.bottom.0 > 0.0 {
            items.push(draw::text_centred(
                d.fonts,
                &letter,
                coord,
                Point::new(cx, bottom_coords),
            ));
        }
    }
    for row in c.row..c.row + c.rows {
        let number = (n - row).to_string();
        let cy = sq_rect(c.col, row).center().y;
        if c.col == 0 {
            items.push(draw::text_centred(
                d.fonts,
                &number,
                coord,
                Point::new(BORDER / 2.0, cy),
            ));
        }
        if b.right.0 > 0.0 {
            items.push(draw::text_centred(
                d.fonts,
                &number,
                coord,
                Point::new(size.w - BORDER / 2.0, cy),
            ));
        }
    }

    // Seam marks live on the glue tabs (the left and top of a section
    // that has a neighbour there), never on a square: the tab is shaded,
    // says which section it goes under, and carries the seam's two marks
    // (`A1` at one end, `A2` at the other) beside the squares they meet,
    // so the join goes together one way only.
    // A light neutral grey: plainly not part of the board, and the marks
    // read on it in colour and in grey.
    let mark_style = draw::style(FontRole::Label, Pt(8.0), colours.text);
    let note_style = draw::style(FontRole::Body, Pt(7.0), colours.text);
    let tab_fill = Rgb(0xDD, 0xDD, 0xDD);
    for seam in d.seams.iter().filter(|m| m.b == index) {
        let under = section_label(seam.a, d.tiling.len());
        let strip = if seam.vertical {
            let top = sq_rect(c.col, seam.from).y;
            Rect::new(Mm::ZERO, top, TAB, s * (seam.to - seam.from) as f64)
        } else {
            let left = sq_rect(seam.from, c.row).x;
            Rect::new(left, Mm::ZERO, s * (seam.to - seam.from) as f64, TAB)
        };
        items.push(draw::filled(draw::rect_path(strip), tab_fill));
        for (label, _, along) in seam.marks() {
            let at = if seam.vertical {
                Point::new(TAB / 2.0, sq_rect(c.col, along).center().y)
            } else {
                Point::new(sq_rect(along, c.row).center().x, TAB / 2.0)
            };
            items.push(draw::text_centred(d.fonts, &label, mark_style, at));
        }
        // "glue under 2/4" between the marks where the seam is long
        // enough, turned along a vertical tab.
        if seam.to - seam.from >= 3 {
            let note = d.theme.words().say_with(
                Msg::BoardGlueUnder,
                &Args::new().text("section", under.to_string()),
            );
            let mid = strip.center();
            if seam.vertical {
                items.push(Item::Group(Group::new(
                    Transform::translate(mid.x, mid.y).then(Transform::rotate(-90.0)),
                    vec![draw::text_centred(
                        d.fonts,
                        &note,
                        note_style,
                        Point::new(Mm::ZERO, Mm::ZERO),
                    )],
                )));
            } else {
                items.push(draw::text_centred(d.fonts, &note, note_style, mid));
            }
        }
    }

    // The same marks on the section that goes over the tab: its edge
    // there has no border, so each mark sits on the strip across the
    // seam's end (its border or its own tab), hard by the edge.
    for seam in d.seams.iter().filter(|m| m.a == index) {
        for (label, end, _) in seam.marks() {
            let half = d.fonts.width(&mark_style, &label) / 2.0 + Mm(1.0);
            let at = match (seam.vertical, end) {
                (true, End::First) => Point::new(size.w - half, b.top / 2.0),
                (true, End::Last) => Point::new(size.w - half, size.h - b.bottom + BORDER / 2.0),
                (false, End::First) => Point::new(b.left / 2.0, size.h - mark_style.size.to_mm()),
                (false, End::Last) => {
                    Point::new(size.w - BORDER / 2.0, size.h - mark_style.size.to_mm())
                }
            };
            items.push(draw::text_centred(d.fonts, &label, mark_style, at));
        }
    }

    // The turn track, below the bottom coordinates: drawn whole from the
    // board's left edge and clipped to the section like everything else
    // (its cells never straddle a seam). Its caption keeps to the section
    // that holds the board's bottom-left square.
    if let (Some(track), true) = (d.board.track, c.row + c.rows == d.board.n) {
        let caption_width = d
            .tiling
            .iter()
            .find(|t| t.col == 0 && t.row + t.rows == d.board.n)
            .map_or(Mm::ZERO, |t| s * t.cols as f64);
        items.push(Item::Group(Group::new(
            Transform::translate(b.left - s * c.col as f64, size.h - b.bottom + BORDER),
            turn_track::draw_track(&track, caption_width, d.theme, d.fonts),
        )));
    }

    // The section's own label, in its top-left corner: every section has
    // a border or a glue tab on its left and top.
    // A board in one piece has no label ("1/1" would say nothing).
    if d.tiling.len() > 1 {
        let label = section_label(index, d.tiling.len());
        let st = draw::style(FontRole::Bold, Pt(7.0), colours.accent);
        items.push(draw::text_centred(
            d.fonts,
            &label,
            st,
            Point::new(b.left / 2.0, b.top / 2.0),
        ));
    }

    // Everything is clipped to the outline: a grid line on a seam is
    // half on each section and whole once they are joined. The cut line
    // goes on top, on the outline.
    vec![
        Item::Group(Group {
            transform: Transform::IDENTITY,
            opacity: 1.0,
            clip: Some(draw::rect_path(outline)),
            items,
        }),
        draw::stroked(draw::rect_path(outline), draw::cut_line()),
    ]
}

/// The mark of a special square, in shapes that differ without colour:
/// a corner carries a diagonal cross; the centre a frame inside the
/// square and, when the theme has no art for it, a smaller frame within,
/// so the two never look alike even side by side in a figure.
fn special_mark(r: Rect, ink: Rgb, centre: bool, has_art: bool) -> Vec<Item> {
    let pen = draw::pen(ink, Mm((r.w.0 * 0.03).clamp(0.15, 0.35)));
    if centre {
        let mut v = vec![draw::stroked(
            draw::rect_path(r.inset(r.w * 0.08)),
            pen.clone(),
        )];
        if !has_art {
            v.push(draw::stroked(draw::rect_path(r.inset(r.w * 0.27)), pen));
        }
        return v;
    }
    let i = r.inset(r.w * 0.18);
    vec![
        draw::line(
            Point::new(i.x, i.y),
            Point::new(i.right(), i.bottom()),
            pen.clone(),
        ),
        draw::line(Point::new(i.right(), i.y), Point::new(i.x, i.bottom()), pen),
    ]
}

/// Diagonal hatching clipped to a square (attackers' start in black and
/// white).
fn hatch(r: Rect, ink: Rgb) -> Item {
    let pen = draw::pen(ink, Mm(0.25));
    let step = 2.5;
    let mut lines = Vec::new();
    let mut t = step;
    while t < r.w.0 + r.h.0 {
        lines.push(draw::line(
            Point::new(r.x + Mm(t), r.y),
            Point::new(r.x + Mm(t) - r.h, r.bottom()),
            pen.clone(),
        ));
        t += step;
    }
    Item::Group(Group {
        transform: Transform::IDENTITY,
        opacity: 1.0,
        clip: Some(draw::rect_path(r)),
        items: lines,
    })
}

/// Four small corner brackets (defenders' start in black and white).
fn corner_brackets(r: Rect, ink: Rgb) -> Vec<Item> {
    let pen = draw::pen(ink, Mm(0.4));
    let i = r.inset(Mm(1.5));
    let l = r.w * 0.22;
    let mut v = Vec::new();
    for (x, y, dx, dy) in [
        (i.x, i.y, 1.0, 1.0),
        (i.right(), i.y, -1.0, 1.0),
        (i.x, i.bottom(), 1.0, -1.0),
        (i.right(), i.bottom(), -1.0, -1.0),
    ] {
        v.push(draw::stroked(
            vec![
                crate::layout::PathCmd::MoveTo(Point::new(x + l * dx, y)),
                crate::layout::PathCmd::LineTo(Point::new(x, y)),
                crate::layout::PathCmd::LineTo(Point::new(x, y + l * dy)),
            ],
            pen.clone(),
        ));
    }
    v
}

/// The board as a kit component: its sections, on the card sheets. It
/// offers the plan its ways of cutting the board (fewest sections and
/// shortest seams first), and the plan keeps the one that packs best.
pub struct Sections {
    pub board: Board,
    /// Candidate tilings, best first.
    pub tilings: Vec<Vec<Cells>>,
}

/// How many ways of cutting the board the plan tries at most.
const MAX_TILINGS: usize = 1000;

/// Makes the board's sections; refuses squares too big for the paper.
pub fn make(
    cx: &Context,
    _made: &[Box<dyn Component>],
) -> Result<Option<Box<dyn Component>>, KitError> {
    let n = cx.variant.size;
    let board = Board {
        n,
        square: cx.sizes.square,
        track: cx.variant.turn_limit().map(|turns| Track {
            turns,
            n,
            square: cx.sizes.square,
        }),
    };
    let paper = cx.options.paper;
    let mut tilings = tilings(&board, packing_area(paper).size());
    let Some(first) = tilings.first() else {
        return Err(KitError::SquareTooBig {
            square: board.square,
            paper,
        });
    };
    if first.len() > MAX_SECTIONS {
        return Err(KitError::TooManySections {
            square: board.square,
            n,
            across: board.size().w,
            sections: first.len(),
            max: MAX_SECTIONS,
            paper,
        });
    }
    tilings.truncate(MAX_TILINGS);
    Ok(Some(Box::new(Sections { board, tilings })))
}

impl Sections {
    /// The tiling of candidate `set`.
    pub fn tiling(&self, set: usize) -> &[Cells] {
        self.tilings.get(set).map_or(&[], |t| t.as_slice())
    }
}

impl Component for Sections {
    fn name(&self) -> &'static str {
        "board sections"
    }
    fn room(&self) -> Room {
        Room::Card(
            self.tilings
                .iter()
                .map(|t| t.iter().map(|c| self.board.section_size(*c)).collect())
                .collect(),
        )
    }
    fn layout(&self, cx: &Context, _kit: &Planned, part: Part) -> Result<Frame, KitError> {
        let Part::Rect { set, part } = part else {
            return Err(Failure::internal("a board section is a rectangle").into());
        };
        let tiling = self.tiling(set);
        let Some(cells) = tiling.get(part) else {
            return Err(Failure::internal("no such board section").into());
        };
        let seams = seams(tiling);
        let d = SectionDraw {
            board: self.board,
            tiling,
            seams: &seams,
            variant: cx.variant,
            theme: cx.theme,
            fonts: cx.fonts,
            mono: cx.options.mono,
        };
        Ok(Frame::with_items(
            self.board.section_size(*cells),
            draw_section(&d, part),
        ))
    }
    fn describe(&self, cx: &Context, set: usize, share: &Share) -> Vec<String> {
        let count = self.tiling(set).len();
        let labels: Vec<String> = share
            .rects
            .iter()
            .map(|&i| section_label(i, count))
            .collect();
        let msg = match labels.len() {
            0 => return Vec::new(),
            // A board in one piece is not a section of anything.
            1 if count == 1 => return vec![cx.theme.words().say(Msg::PartBoardWhole)],
            1 => Msg::PartBoardSection,
            _ => Msg::PartBoardSections,
        };
        // "sections 3/4 and 4/4": a list as the language says one, so a
        // sheet holding only sections does not read as a fragment.
        let words = cx.theme.words();
        let args = Args::new().text("labels", words.list(&labels));
        vec![words.say_with(msg, &args)]
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
