//! Geometry of the kit's own pages: board sections tile the board, every
//! item lies inside the printable area, packed items never overlap, and
//! sizes in millimetres are exact.

use crate::common::kit::{self, KitOptions, compose, plan};
use taflkit::kit::board::{self, Board, Cells, Sections};
use taflkit::kit::bounds::{item_bounds, items_bounds};
use taflkit::kit::cards::Cards;
use taflkit::kit::component::{Part, Planned};
use taflkit::kit::pieces::Pieces;
use taflkit::layout::Document;
use taflkit::layout::paper::Paper;
use taflkit::rules::{self, Piece, Variant};
use taflkit::theme::{PieceShape, Theme};
use taflkit::units::{Mm, Rect, Size};

/// A variant of the given size with the setup written out (the
/// tournament Sea Battle layouts of the spec for 13 and 15).
fn sized(n: usize) -> Variant {
    let layout = match n {
        13 => {
            "....AAAAA....\n.....A.A.....\n......A......\n......D......\nA...D...D...A\nAA...DDD...AA\nA.AD.DKD.DA.A\nAA...DDD...AA\nA...D...D...A\n......D......\n......A......\n.....A.A.....\n....AAAAA...."
        }
        15 => {
            ".....AAAAA.....\n......AAA......\n.......A.......\n.......A.......\n.......D.......\nA.....DDD.....A\nAA...D.D.D...AA\nAAAADDDKDDDAAAA\nAA...D.D.D...AA\nA.....DDD.....A\n.......D.......\n.......A.......\n.......A.......\n......AAA......\n.....AAAAA....."
        }
        _ => return rules::builtin(if n == 9 { "sea-battle-9" } else { "york" }).unwrap(),
    };
    let mut v = rules::builtin("sea-battle-9").unwrap();
    v.size = n;
    v.setup = layout
        .lines()
        .map(|l| {
            l.chars()
                .map(|c| match c {
                    'A' => Some(Piece::Attacker),
                    'D' => Some(Piece::Defender),
                    'K' => Some(Piece::King),
                    _ => None,
                })
                .collect()
        })
        .collect();
    v
}

fn tiles_exactly(n: usize, t: &[Cells]) {
    let mut count = vec![0; n * n];
    for c in t {
        for row in c.row..c.row + c.rows {
            for col in c.col..c.col + c.cols {
                assert!(row < n && col < n, "{c:?} leaves the board");
                count[row * n + col] += 1;
            }
        }
    }
    assert!(count.iter().all(|&k| k == 1), "not an exact tiling: {t:?}");
}

fn opts(paper: Paper, square: Option<f64>) -> KitOptions {
    KitOptions {
        paper,
        square: square.map(Mm),
        ..KitOptions::default()
    }
}

#[test]
fn sections_tile_the_board_and_fit_the_paper() {
    let theme = Theme::viking();
    for paper in [Paper::A4, Paper::Letter] {
        let space = Paper::printable(paper.size()).size();
        for (n, square) in [
            (9, Some(30.0)),
            (11, Some(27.0)),
            (9, None),
            (11, None),
            (13, None),
            (15, None),
        ] {
            let v = sized(n);
            let (tiling, board, sizes) =
                kit::with_plan(&v, &theme, &opts(paper, square), |_, kit| {
                    let (bi, b) = kit.find::<Sections>().expect("a board");
                    (
                        b.tiling(kit.plan.sets[bi]).to_vec(),
                        b.board,
                        kit.plan.sizes,
                    )
                })
                .unwrap_or_else(|f| panic!("{n}×{n} at {square:?} on {paper:?}: {f}"));
            tiles_exactly(n, &tiling);
            for c in &tiling {
                let s = board.section_size(*c);
                assert!(
                    board::fits(s, space),
                    "{c:?} is {s:?}, too big for {paper:?}"
                );
                // Exact size: whole squares plus the border on outer edges.
                let edges = [
                    c.col == 0,
                    c.row == 0,
                    c.col + c.cols == n,
                    c.row + c.rows == n,
                ];
                // A glue tab on a left or top seam, nothing on a right or
                // bottom one.
                let bw = edges[0] as u8 as f64 + edges[2] as u8 as f64;
                let bh = edges[1] as u8 as f64 + edges[3] as u8 as f64;
                let tw = !edges[0] as u8 as f64;
                let th = !edges[1] as u8 as f64;
                assert!(
                    (s.w.0
                        - (c.cols as f64 * sizes.square.0
                            + bw * board::BORDER.0
                            + tw * board::TAB.0))
                        .abs()
                        < 1e-9
                );
                assert!(
                    (s.h.0
                        - (c.rows as f64 * sizes.square.0
                            + bh * board::BORDER.0
                            + th * board::TAB.0))
                        .abs()
                        < 1e-9
                );
            }
            assert!(sizes.square.0 >= sizes.king.0, "king fits a square");
        }
    }
}

#[test]
fn default_squares_leave_room_round_the_king() {
    let theme = Theme::viking();
    let v = sized(11);
    let s = plan::sizes(&v, &theme, &KitOptions::default()).unwrap();
    assert_eq!(s.king, Mm(25.0));
    assert!(s.square.0 >= 27.0);
    let big = plan::sizes(&sized(15), &theme, &KitOptions::default()).unwrap();
    assert!(big.square.0 < s.square.0 && big.king.0 < big.square.0);
}

fn own_pages(doc: &Document) -> impl Iterator<Item = &taflkit::layout::Page> {
    doc.pages.iter().filter(|p| {
        p.label.contains("card") || p.label.contains("cover") || p.label.contains("sticker")
    })
}

fn assert_inside(doc: &Document, what: &str) {
    for page in own_pages(doc) {
        let area = Paper::printable(page.size);
        for item in &page.items {
            if let Some(b) = item_bounds(item, &doc.fonts) {
                assert!(
                    area.contains(&b),
                    "{what}, {}: {b:?} outside {area:?}",
                    page.label
                );
            }
        }
    }
}

#[test]
fn everything_lies_inside_the_printable_area() {
    let theme = Theme::viking();
    for paper in [Paper::A4, Paper::Letter] {
        for id in rules::builtin_ids() {
            let v = rules::builtin(id).unwrap();
            let doc = kit::build(&v, &theme, &opts(paper, None)).unwrap();
            assert_inside(&doc, id);
        }
        for (label, o) in [
            (
                "squares",
                KitOptions {
                    shape: Some(PieceShape::Square),
                    paper,
                    ..KitOptions::default()
                },
            ),
            (
                "discs",
                KitOptions {
                    shape: Some(PieceShape::Disc),
                    spares: 2,
                    paper,
                    ..KitOptions::default()
                },
            ),
            (
                "sticker",
                KitOptions {
                    sticker: true,
                    paper,
                    ..KitOptions::default()
                },
            ),
            (
                "mono",
                KitOptions {
                    mono: true,
                    paper,
                    ..KitOptions::default()
                },
            ),
        ] {
            let doc = kit::build(&rules::builtin("york").unwrap(), &theme, &o).unwrap();
            assert_inside(&doc, label);
        }
        let doc = kit::build(&sized(15), &theme, &opts(paper, None)).unwrap();
        assert_inside(&doc, "15×15");
    }
}

#[test]
fn packed_items_keep_their_distance_and_size() {
    let theme = Theme::viking();
    for paper in [Paper::A4, Paper::Letter] {
        let v = rules::builtin("york").unwrap();
        kit::with_plan(&v, &theme, &opts(paper, None), |_, kit| {
            let p = kit.plan;
            let space = plan::packing_area(paper).size();
            let area = Rect::new(Mm::ZERO, Mm::ZERO, space.w, space.h);
            let mut rects: Vec<(usize, Rect)> =
                p.packing.placed.iter().map(|x| (x.sheet, x.rect)).collect();
            rects.extend(p.packing.blocks.iter().map(|b| (b.sheet, b.rect)));
            for (i, (s, r)) in rects.iter().enumerate() {
                assert!(area.contains(r), "{r:?} outside");
                for (t, q) in &rects[i + 1..] {
                    if s == t {
                        // Grown by half the cutting gap each, they still do not meet.
                        let half = plan::GAP / 2.0 - Mm(1e-3);
                        assert!(
                            !r.inset(-half).overlaps(&q.inset(-half)),
                            "{r:?} and {q:?} closer than the gap"
                        );
                    }
                }
            }
            // Each placed item has exactly its planned size.
            for x in &p.packing.placed {
                let want = p.rects[x.item].size;
                let got = if x.rotated {
                    Size::new(x.rect.h, x.rect.w)
                } else {
                    x.rect.size()
                };
                assert_eq!(want, got);
            }
            // Every piece is placed once.
            let placed: usize = p.packing.blocks.iter().map(|b| b.count).sum();
            let (_, pieces) = kit.find::<Pieces>().expect("pieces");
            let needed: usize = pieces.kinds.iter().map(|k| k.count).sum();
            assert_eq!(placed, needed);
            assert_eq!(needed, 37);
        })
        .unwrap();
    }
}

#[test]
fn drawn_sections_and_cards_have_their_planned_size_on_the_page() {
    let theme = Theme::viking();
    let v = rules::builtin("york").unwrap();
    let o = KitOptions::default();
    kit::with_plan(&v, &theme, &o, |cx, kit: &Planned| {
        let p = kit.plan;
        let pages = compose::compose(cx, kit.components, p).unwrap();
        // The card sheets follow the cover.
        let first = p
            .sides
            .iter()
            .position(|s| s.label.contains("card"))
            .unwrap();
        let offset = plan::packing_area(o.paper).origin();
        for x in &p.packing.placed {
            let page = &pages[first + x.sheet];
            // Placed items come first on each page, in packing order.
            let k = p
                .packing
                .placed
                .iter()
                .filter(|y| y.sheet == x.sheet)
                .position(|y| y == x)
                .unwrap();
            let b = item_bounds(&page.items[k], &theme.fonts).unwrap();
            let want = x.rect.inset(-Mm(0.1)); // half the cut line's width
            let want = Rect::new(want.x + offset.x, want.y + offset.y, want.w, want.h);
            for (g, w) in [(b.x, want.x), (b.y, want.y), (b.w, want.w), (b.h, want.h)] {
                assert!((g.0 - w.0).abs() < 1e-6, "{b:?} vs {want:?}");
            }
        }
        let (ci, cards) = kit.find::<Cards>().expect("cards");
        let set = p.sets[ci];
        for size in cards.face_sizes(set) {
            // A playing card when the rules fit it, a 3 × 5 inch index
            // card, or A6.
            let s = (size.w.0, size.h.0);
            assert!(
                s == (63.0, 88.0) || s == (76.0, 127.0) || s == (105.0, 148.0),
                "{s:?}"
            );
        }
        for (part, size) in cards.piece_sizes(set).into_iter().enumerate() {
            let frame = kit.components[ci]
                .layout(cx, kit, Part::Rect { set, part })
                .unwrap();
            assert_eq!(frame.size, size);
            let b = items_bounds(&frame.items, &theme.fonts).unwrap();
            let outline = Rect::new(Mm(0.0), Mm(0.0), size.w, size.h).inset(-Mm(0.1));
            assert!(outline.contains(&b), "{b:?}");
        }
    })
    .unwrap();
}

#[test]
fn same_inputs_same_layout() {
    let theme = Theme::viking();
    let v = rules::builtin("tafel").unwrap();
    let a = kit::build(&v, &theme, &KitOptions::default()).unwrap();
    let b = kit::build(&v, &theme, &KitOptions::default()).unwrap();
    assert_eq!(format!("{:?}", a.pages), format!("{:?}", b.pages));
}

#[test]
fn board_sizes_from_the_square() {
    let b = Board::plain(11, Mm(27.0));
    assert_eq!(b.size(), Size::new(Mm(297.0 + 12.0), Mm(297.0 + 12.0)));
}
