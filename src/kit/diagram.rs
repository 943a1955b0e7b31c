//! Small board diagrams for the leaflet's figures and the reminder cards:
//! a position, with arrows, highlights and crosses.
//!
//! Pieces are told apart by shape as well as colour (attackers are filled
//! discs, defenders rings, the king a ring with a cross), so diagrams read
//! on a black-and-white printer.

use crate::layout::draw;
use crate::layout::{Fill, FontRole, Item, Path, PathCmd, Rgb, Stroke, Text, TextStyle};
use crate::rules::{Piece, Variant};
use crate::theme::Theme;
use crate::units::{Mm, Point, Pt, Rect};

/// Something drawn over a diagram's squares; squares are (file, rank),
/// 0-based from the bottom-left.
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

/// How a diagram is drawn beyond its position and marks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DiagramStyle {
    /// Squares drawn in the theme's special-square colour (centre, corners).
    pub special: Vec<(u8, u8)>,
    /// Files a… under the board and ranks 1… beside it.
    pub coordinates: bool,
}

impl DiagramStyle {
    /// The special squares of `variant` (its centre and corners when they
    /// have rules of their own), without coordinates.
    pub fn for_variant(variant: &Variant) -> DiagramStyle {
        let n = variant.size as u8;
        let mut special = Vec::new();
        if variant.centre.is_some() && n % 2 == 1 {
            special.push((n / 2, n / 2));
        }
        if variant.corners.is_some() && n > 0 {
            special.extend([(0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)]);
        }
        DiagramStyle {
            special,
            coordinates: false,
        }
    }
}

/// Draws `board` (`board[row][file]`, top row first) with `marks` into `rect`.
pub fn draw(board: &[Vec<Option<Piece>>], marks: &[Mark], rect: Rect, theme: &Theme) -> Vec<Item> {
    draw_styled(board, marks, &DiagramStyle::default(), rect, theme)
}

/// The least room beside and below a board for 7 pt coordinates.
const COORDINATE_ROOM: Mm = Mm(3.8);

/// The square size and board rectangle a diagram of `cols` × `rows`
/// squares takes inside `rect` (room kept for coordinates when asked).
pub fn board_rect(cols: usize, rows: usize, coordinates: bool, rect: Rect) -> (Mm, Rect) {
    let (c, r) = (cols.max(1) as f64, rows.max(1) as f64);
    // Coordinates take about half a square on the left and below, and
    // never less than their 7 pt type needs.
    let margin = if coordinates { 0.6 } else { 0.0 };
    let mut sq = Mm((rect.w.0 / (c + margin)).min(rect.h.0 / (r + margin)));
    let mut room = sq * margin;
    if coordinates && room < COORDINATE_ROOM {
        room = COORDINATE_ROOM;
        sq = Mm(((rect.w - room).0 / c).min((rect.h - room).0 / r).max(0.0));
    }
    let (w, h) = (sq * c, sq * r);
    let (used_w, used_h) = (w + room, h + room);
    let x = rect.x + (rect.w - used_w) / 2.0 + (used_w - w);
    let y = rect.y + (rect.h - used_h) / 2.0;
    (sq, Rect::new(x, y, w, h))
}

/// [`draw`] with special squares and coordinates.
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
    let (sq, b) = board_rect(cols, n, style.coordinates, rect);
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

    // Squares: a light ground, a chequer when the theme has one, specials.
    items.push(rect_item(b, Some(draw::solid(c.square_light)), None));
    for rank in 0..n as u8 {
        for file in 0..cols as u8 {
            let special = style.special.contains(&(file, rank));
            let dark = (file + rank) % 2 == 0 && c.square_dark != c.square_light;
            if special {
                items.push(rect_item(
                    square_rect((file, rank)),
                    Some(draw::solid(c.special)),
                    None,
                ));
            } else if dark {
                items.push(rect_item(
                    square_rect((file, rank)),
                    Some(draw::solid(c.square_dark)),
                    None,
                ));
            }
        }
    }
    // Grid.
    let mut grid = Vec::new();
    for i in 0..=cols {
        let d = sq * i as f64;
        grid.push(PathCmd::MoveTo(Point::new(b.x + d, b.y)));
        grid.push(PathCmd::LineTo(Point::new(b.x + d, b.bottom())));
    }
    for i in 0..=n {
        let d = sq * i as f64;
        grid.push(PathCmd::MoveTo(Point::new(b.x, b.y + d)));
        grid.push(PathCmd::LineTo(Point::new(b.right(), b.y + d)));
    }
    items.push(Item::Path(Path {
        commands: grid,
        fill: None,
        stroke: Some(draw::round_pen(c.grid, hairline)),
    }));

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
        // Never under 7 pt, the smallest type a kit prints.
        let size = Pt((sq * 0.42).to_pt().0.clamp(7.0, 9.0));
        let text_style = TextStyle {
            font: FontRole::Body,
            size,
            color: c.text,
        };
        let ascent = theme.fonts.ascent(&text_style);
        for i in 0..cols {
            let letter = file_letter(i);
            let w = theme.fonts.width(&text_style, &letter);
            items.push(Item::Text(Text {
                origin: Point::new(
                    b.x + sq * (i as f64 + 0.5) - w / 2.0,
                    b.bottom() + sq * 0.1 + ascent,
                ),
                text: letter,
                style: text_style,
            }));
        }
        for i in 0..n {
            let number = (n - i).to_string();
            let w = theme.fonts.width(&text_style, &number);
            items.push(Item::Text(Text {
                origin: Point::new(
                    b.x - sq * 0.12 - w,
                    b.y + sq * (i as f64 + 0.5) + ascent / 2.0,
                ),
                text: number,
                style: text_style,
            }));
        }
    }
    items
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

fn piece_items(piece: Piece, at: Point, sq: Mm, theme: &Theme) -> Vec<Item> {
    let c = &theme.colours;
    let (fill_c, ink, r) = match piece {
        Piece::Attacker => (c.attacker_fill, c.attacker_ink, sq * 0.36),
        Piece::Defender => (c.defender_fill, c.defender_ink, sq * 0.36),
        Piece::King => (c.king_fill, c.king_ink, sq * 0.42),
    };
    let outline = sq * 0.06;
    let mut items = vec![Item::Path(Path {
        commands: draw::circle_path(at, r),
        fill: Some(draw::solid(fill_c)),
        stroke: Some(draw::round_pen(c.grid, outline)),
    })];
    match piece {
        // Attackers stay plain discs.
        Piece::Attacker => {}
        // Defenders carry an inner ring.
        Piece::Defender => items.push(Item::Path(Path {
            commands: draw::circle_path(at, r * 0.55),
            fill: None,
            stroke: Some(draw::round_pen(ink, sq * 0.07)),
        })),
        // The king carries a cross.
        Piece::King => {
            let k = r * 0.55;
            items.push(Item::Path(Path {
                commands: vec![
                    PathCmd::MoveTo(at.offset(-k, Mm(0.0))),
                    PathCmd::LineTo(at.offset(k, Mm(0.0))),
                    PathCmd::MoveTo(at.offset(Mm(0.0), -k)),
                    PathCmd::LineTo(at.offset(Mm(0.0), k)),
                ],
                fill: None,
                stroke: Some(draw::round_pen(ink, sq * 0.09)),
            }));
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(items: &[Item]) -> Rect {
        let mut pts = Vec::new();
        for it in items {
            match it {
                Item::Path(p) => {
                    for c in &p.commands {
                        match c {
                            PathCmd::MoveTo(a) | PathCmd::LineTo(a) => pts.push(*a),
                            PathCmd::CubicTo(a, b, c) => pts.extend([*a, *b, *c]),
                            PathCmd::Close => {}
                        }
                    }
                }
                Item::Text(t) => pts.push(t.origin),
                Item::Group(_) => {}
            }
        }
        let x0 = pts.iter().map(|p| p.x.0).fold(f64::MAX, f64::min);
        let y0 = pts.iter().map(|p| p.y.0).fold(f64::MAX, f64::min);
        let x1 = pts.iter().map(|p| p.x.0).fold(f64::MIN, f64::max);
        let y1 = pts.iter().map(|p| p.y.0).fold(f64::MIN, f64::max);
        Rect::new(Mm(x0), Mm(y0), Mm(x1 - x0), Mm(y1 - y0))
    }

    #[test]
    fn diagram_stays_inside_its_rectangle() {
        let v = crate::rules::builtin("tafel").unwrap();
        let rect = Rect::new(Mm(10.0), Mm(20.0), Mm(60.0), Mm(40.0));
        let style = DiagramStyle {
            coordinates: true,
            ..DiagramStyle::for_variant(&v)
        };
        let marks = [
            Mark::Arrow {
                from: (5, 1),
                to: (5, 4),
            },
            Mark::Captured((0, 0)),
        ];
        let items = draw_styled(&v.setup, &marks, &style, rect, &Theme::viking());
        assert!(rect.contains(&bounds(&items)), "{:?}", bounds(&items));
    }

    #[test]
    fn each_piece_is_drawn() {
        let v = crate::rules::builtin("sea-battle-9").unwrap();
        let rect = Rect::new(Mm(0.0), Mm(0.0), Mm(45.0), Mm(45.0));
        let empty: Vec<Vec<Option<Piece>>> = vec![vec![None; 9]; 9];
        let base = draw(&empty, &[], rect, &Theme::viking()).len();
        let full = draw(&v.setup, &[], rect, &Theme::viking()).len();
        // Attackers one path each, defenders and the king two.
        assert_eq!(full - base, 16 + 8 * 2 + 2);
    }

    #[test]
    fn specials_follow_the_variant() {
        let tafel = DiagramStyle::for_variant(&crate::rules::builtin("tafel").unwrap());
        assert_eq!(tafel.special.len(), 5);
        let sea = DiagramStyle::for_variant(&crate::rules::builtin("sea-battle-9").unwrap());
        assert!(sea.special.is_empty());
    }
}
