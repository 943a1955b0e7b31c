//! The tests of `src/kit/board.rs` that were its unit tests.

use taflkit::kit::board::*;
use taflkit::units::{Mm, Size};

fn tiles_exactly(n: usize, t: &[Cells]) -> bool {
    let mut count = vec![0; n * n];
    for c in t {
        for row in c.row..c.row + c.rows {
            for col in c.col..c.col + c.cols {
                if row >= n || col >= n {
                    return false;
                }
                count[row * n + col] += 1;
            }
        }
    }
    count.iter().all(|&k| k == 1)
}

#[test]
fn eleven_by_eleven_at_27mm_needs_four_sections_on_a4() {
    let board = Board::plain(11, Mm(27.0));
    let space = Size::new(Mm(196.0), Mm(283.0));
    let t = tilings(&board, space);
    assert!(!t.is_empty());
    assert_eq!(
        t[0].len(),
        4,
        "three rectangles always include a full side of 297 mm"
    );
    for tiling in &t {
        assert!(tiles_exactly(11, tiling));
    }
}

#[test]
fn seams_of_a_two_by_two_grid() {
    let t = [
        Cells {
            col: 0,
            row: 0,
            cols: 6,
            rows: 6,
        },
        Cells {
            col: 6,
            row: 0,
            cols: 5,
            rows: 6,
        },
        Cells {
            col: 0,
            row: 6,
            cols: 6,
            rows: 5,
        },
        Cells {
            col: 6,
            row: 6,
            cols: 5,
            rows: 5,
        },
    ];
    let s = seams(&t);
    assert_eq!(s.len(), 4);
    assert_eq!(seam_length(&t), 22);
    // Each seam is marked at every end where the section over the tab
    // has a strip to carry the mark: its top or left (border or tab)
    // always, its bottom or right only on the board's edge.
    let count = |a: usize, b: usize| {
        s.iter()
            .find(|m| m.a == a && m.b == b)
            .map(|m| m.marks().len())
    };
    assert_eq!(count(0, 1), Some(1), "1|2 ends at 3|4, inside the board");
    assert_eq!(count(2, 3), Some(2), "3|4 ends on the bottom border");
    assert_eq!(count(0, 2), Some(1));
    assert_eq!(count(1, 3), Some(2), "2/4 ends on the right border");
}

#[test]
fn a_staggered_split_is_used_only_when_nothing_else_fits() {
    let board = Board::plain(11, Mm(27.0));
    for t in tilings(&board, Size::new(Mm(196.0), Mm(283.0))) {
        for m in seams(&t) {
            assert!(!m.marks().is_empty(), "{t:?}: seam {m:?}");
        }
    }
}
