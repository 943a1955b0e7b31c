//! The tests of `src/kit/packing.rs` that were its unit tests.

use taflkit::kit::packing::*;
use taflkit::units::{Mm, Rect, Size};

#[test]
fn two_halves_share_a_sheet() {
    let space = Size::new(Mm(100.0), Mm(200.0));
    let items = [
        Size::new(Mm(100.0), Mm(98.0)),
        Size::new(Mm(98.0), Mm(100.0)),
    ];
    let p = pack(&items, &[], space, Mm(2.0)).unwrap();
    assert_eq!(p.sheets, 1);
    let a = p.placed[0].rect;
    let b = p.placed[1].rect;
    assert!(!a.overlaps(&b));
    let area = Rect::new(Mm::ZERO, Mm::ZERO, space.w, space.h);
    assert!(area.contains(&a) && area.contains(&b));
}

#[test]
fn an_item_too_big_for_any_sheet_is_refused() {
    let space = Size::new(Mm(100.0), Mm(200.0));
    assert!(pack(&[Size::new(Mm(150.0), Mm(150.0))], &[], space, Mm(2.0)).is_none());
}

#[test]
fn pieces_flow_into_the_space_left() {
    let space = Size::new(Mm(100.0), Mm(100.0));
    let flows = [Flow {
        cell: Mm(19.0),
        inner: Mm(2.0),
        count: 20,
    }];
    // Room 100 + 4 of gap: (104 − 4 + 2) / 21 → 4 a row, 16 a sheet.
    let p = pack(&[], &flows, space, Mm(4.0)).unwrap();
    assert_eq!(p.sheets, 2);
    assert_eq!(p.blocks.iter().map(|b| b.count).sum::<usize>(), 20);
}
