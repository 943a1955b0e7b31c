//! The tests of `src/kit/diagram.rs` that were its unit tests.

use taflkit::kit::board::{self, SquareKind};
use taflkit::kit::diagram::*;
use taflkit::layout::{Item, PathCmd};
use taflkit::rules::Piece;
use taflkit::theme::Theme;
use taflkit::units::{Mm, Point, Rect};

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
            Item::Group(_) | Item::Art(_) => {}
        }
    }
    let x0 = pts.iter().map(|p| p.x.0).fold(f64::MAX, f64::min);
    let y0 = pts.iter().map(|p| p.y.0).fold(f64::MAX, f64::min);
    let x1 = pts.iter().map(|p| p.x.0).fold(f64::MIN, f64::max);
    let y1 = pts.iter().map(|p| p.y.0).fold(f64::MIN, f64::max);
    Rect::new(Mm(x0), Mm(y0), Mm(x1 - x0), Mm(y1 - y0))
}

fn texts(items: &[Item]) -> Vec<(Point, String)> {
    let mut out = Vec::new();
    for it in items {
        match it {
            Item::Text(t) => out.push((t.origin, t.text.clone())),
            Item::Group(g) => out.extend(texts(&g.items)),
            Item::Path(_) | Item::Art(_) => {}
        }
    }
    out
}

/// The heavy lines of a drawing: those drawn with the edge pen.
fn heavy_lines(items: &[Item], width: Mm) -> Vec<(Point, Point)> {
    items
        .iter()
        .filter_map(|it| match it {
            Item::Path(p)
                if p.fill.is_none()
                    && p.stroke
                        .as_ref()
                        .is_some_and(|s| (s.width.0 - width.0).abs() < 1e-9) =>
            {
                match p.commands.as_slice() {
                    [PathCmd::MoveTo(a), PathCmd::LineTo(b)] => Some((*a, *b)),
                    _ => None,
                }
            }
            _ => None,
        })
        .collect()
}

#[test]
fn diagram_stays_inside_its_rectangle() {
    let v = taflkit::rules::builtin("tafel").unwrap();
    let rect = Rect::new(Mm(10.0), Mm(20.0), Mm(60.0), Mm(40.0));
    let marks = [
        Mark::Arrow {
            from: (5, 1),
            to: (5, 4),
        },
        Mark::Captured((0, 0)),
    ];
    let theme = Theme::viking();
    let items = draw_styled(&v.setup, &marks, &DiagramStyle::whole(&v), rect, &theme);
    assert!(rect.contains(&bounds(&items)), "{:?}", bounds(&items));
    // A window with open sides: the fading run stays inside too.
    let board: Vec<Vec<Option<Piece>>> = vec![vec![None; 4]; 3];
    let style = DiagramStyle::window(&v, (3, 2), 4, 3);
    let items = draw_styled(&board, &marks[1..], &style, rect, &theme);
    assert!(rect.contains(&bounds(&items)), "{:?}", bounds(&items));
}

#[test]
fn real_edges_are_drawn_on_the_board_sides_only() {
    let v = taflkit::rules::builtin("brandubh").unwrap();
    let theme = Theme::viking();
    let rect = Rect::new(Mm(0.0), Mm(0.0), Mm(50.0), Mm(50.0));
    for (cols, rows) in [(3, 3), (4, 2), (7, 7), (2, 5)] {
        for f0 in 0..=(7 - cols) {
            for r0 in 0..=(7 - rows) {
                let style = DiagramStyle::window(&v, (f0 as u8, r0 as u8), cols, rows);
                let e = style.edges();
                // The window against the board's size.
                assert_eq!(e.left, f0 == 0);
                assert_eq!(e.bottom, r0 == 0);
                assert_eq!(e.right, f0 + cols == 7);
                assert_eq!(e.top, r0 + rows == 7);
                let board = vec![vec![None; cols]; rows];
                let items = draw_styled(&board, &[], &style, rect, &theme);
                let (sq, b) = board_rect(&style, cols, rows, rect, &theme);
                let lines = heavy_lines(&items, edge_width(sq));
                let on = |x: f64, y: f64| (x - y).abs() < 1e-6;
                let vertical_at =
                    |x: Mm| lines.iter().any(|(p, q)| on(p.x.0, x.0) && on(q.x.0, x.0));
                let horizontal_at =
                    |y: Mm| lines.iter().any(|(p, q)| on(p.y.0, y.0) && on(q.y.0, y.0));
                assert_eq!(vertical_at(b.x), e.left, "{cols}x{rows} at {f0},{r0}");
                assert_eq!(
                    vertical_at(b.right()),
                    e.right,
                    "{cols}x{rows} at {f0},{r0}"
                );
                assert_eq!(horizontal_at(b.y), e.top, "{cols}x{rows} at {f0},{r0}");
                assert_eq!(
                    horizontal_at(b.bottom()),
                    e.bottom,
                    "{cols}x{rows} at {f0},{r0}"
                );
                let expected = [e.left, e.right, e.top, e.bottom]
                    .iter()
                    .filter(|&&x| x)
                    .count();
                assert_eq!(lines.len(), expected, "no other heavy line");
            }
        }
    }
}

#[test]
fn coordinates_name_the_windows_own_files_and_ranks() {
    let v = taflkit::rules::builtin("york").unwrap();
    let theme = Theme::viking();
    let rect = Rect::new(Mm(0.0), Mm(0.0), Mm(60.0), Mm(60.0));
    let style = DiagramStyle::window(&v, (4, 6), 5, 3);
    let board = vec![vec![None; 5]; 3];
    let items = draw_styled(&board, &[], &style, rect, &theme);
    let (sq, b) = board_rect(&style, 5, 3, rect, &theme);
    let ts = texts(&items);
    // Files e..i under the columns, left to right; ranks 7..9 beside
    // the rows, bottom to top; nothing else.
    let mut below: Vec<(f64, String)> = ts
        .iter()
        .filter(|(p, _)| p.y.0 > b.bottom().0)
        .map(|(p, t)| (p.x.0, t.clone()))
        .collect();
    below.sort_by(|a, b| a.0.total_cmp(&b.0));
    let files: Vec<&str> = below.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(files, ["e", "f", "g", "h", "i"]);
    let mut beside: Vec<(f64, String)> = ts
        .iter()
        .filter(|(p, _)| p.x.0 < b.x.0)
        .map(|(p, t)| (p.y.0, t.clone()))
        .collect();
    beside.sort_by(|a, b| b.0.total_cmp(&a.0));
    let ranks: Vec<&str> = beside.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(ranks, ["7", "8", "9"]);
    assert_eq!(ts.len(), 8);
    // Each label sits over its own column or row.
    for (i, (x, _)) in below.iter().enumerate() {
        let col = ((x - b.x.0) / sq.0).floor() as usize;
        assert_eq!(col, i);
    }
    for (i, (y, _)) in beside.iter().enumerate() {
        let row_from_bottom = ((b.bottom().0 - y) / sq.0).floor() as usize;
        assert_eq!(row_from_bottom, i);
    }
}

#[test]
fn coordinates_are_never_under_seven_points() {
    let v = taflkit::rules::builtin("sea-battle-15").unwrap();
    let theme = Theme::viking();
    let rect = Rect::new(Mm(0.0), Mm(0.0), Mm(30.0), Mm(30.0));
    let items = draw_styled(&v.setup, &[], &DiagramStyle::whole(&v), rect, &theme);
    fn sizes(items: &[Item], out: &mut Vec<f64>) {
        for it in items {
            match it {
                Item::Text(t) => out.push(t.style.size.0),
                Item::Group(g) => sizes(&g.items, out),
                Item::Path(_) | Item::Art(_) => {}
            }
        }
    }
    let mut all = Vec::new();
    sizes(&items, &mut all);
    assert_eq!(all.len(), 30);
    assert!(all.iter().all(|&s| s >= 7.0), "{all:?}");
}

#[test]
fn the_window_knows_its_squares() {
    let v = taflkit::rules::builtin("tafel").unwrap();
    // a9..d11: the top-left corner square and attackers' starts.
    let w = Window::new(&v, (0, 8), 4, 3);
    assert_eq!(w.kind(0, 0), Some(SquareKind::Corner));
    assert_eq!(w.kind(-1, 0), None, "off the board");
    assert_eq!(w.kind(0, -1), None, "off the board");
    assert_eq!(w.kind(4, 0), Some(board::square_kind(&v, 4, 0)));
    let centre = Window::new(&v, (4, 4), 3, 3);
    assert_eq!(centre.kind(1, 1), Some(SquareKind::Centre));
}
