//! The tests of `src/kit/leaflet/arrange.rs` that were its unit tests.

use taflkit::kit::leaflet::arrange::*;

/// No page of an arrangement is blank when the filler was placed, and
/// every page is counted once.
fn check(a: &Arrangement) {
    let used =
        a.rules + a.about_on_back.unwrap_or(0) + a.slots.iter().map(|s| s.pages).sum::<usize>();
    assert!(used <= a.total && a.total.is_multiple_of(4), "{a:?}");
    let mut next = a.rules + 1;
    for s in &a.slots {
        assert_eq!(s.first, next, "{a:?}");
        next += s.pages;
    }
}

#[test]
fn about_alone_on_the_back_fills_an_eight_page_leaflet() {
    // Rules and "About" on five pages, the rules alone on five too:
    // puzzles 6, record sheet 7, "About" 8.
    let f = Flowed {
        with_about: 5,
        total: 8,
        apart: Some((5, 1)),
    };
    let a = arrange(f, &[1, 1], Some(1), false);
    check(&a);
    assert_eq!(a.about_on_back, Some(1));
    assert_eq!(a.slots[1].first + a.slots[1].pages - 1, 7);
    assert!(a.left_out.is_empty());
    assert_eq!(a.total, 8);
}

#[test]
fn a_spare_page_takes_a_second_record_sheet() {
    // "About" alone on page 5: rules 1-4, puzzles 5, record 6-7, About 8.
    let f = Flowed {
        with_about: 5,
        total: 8,
        apart: Some((4, 1)),
    };
    let a = arrange(f, &[1, 1], Some(1), false);
    check(&a);
    assert_eq!(a.rules + a.about_on_back.unwrap_or(0) + 3, 8);
    assert_eq!(a.slots[1].pages, 2);
}

#[test]
fn a_full_leaflet_leaves_out_without_extras_and_grows_by_a_sheet_with() {
    let f = Flowed {
        with_about: 4,
        total: 4,
        apart: Some((4, 1)),
    };
    let plain = arrange(f, &[1, 1], Some(1), false);
    check(&plain);
    assert_eq!(plain.left_out, vec![0, 1]);
    assert_eq!(plain.total, 4);
    let extra = arrange(f, &[1, 1], Some(1), true);
    check(&extra);
    assert!(extra.left_out.is_empty());
    assert_eq!(extra.total, 8);
    let used = extra.rules
        + extra.about_on_back.unwrap_or(0)
        + extra.slots.iter().map(|s| s.pages).sum::<usize>();
    assert_eq!(used, 8, "{extra:?}");
}

#[test]
fn extras_add_no_sheet_when_everything_fits() {
    let f = Flowed {
        with_about: 5,
        total: 8,
        apart: None,
    };
    let a = arrange(f, &[1, 1], Some(1), true);
    check(&a);
    assert_eq!(a.total, 8);
}
