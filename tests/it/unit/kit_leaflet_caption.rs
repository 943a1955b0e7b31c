//! The tests of `src/kit/leaflet/caption.rs` that were its unit tests.

use taflkit::kit::leaflet::caption::*;

#[test]
fn directions_follow_ranks_and_files() {
    // d6 to d3: towards rank 1.
    assert_eq!(Direction::of((3, 5), (3, 2)), Some(Direction::Down));
    assert_eq!(Direction::of((3, 2), (3, 5)), Some(Direction::Up));
    assert_eq!(Direction::of((6, 2), (4, 2)), Some(Direction::Left));
    assert_eq!(Direction::of((0, 0), (4, 0)), Some(Direction::Right));
    assert_eq!(Direction::of((1, 1), (2, 2)), None);
    assert_eq!(Direction::of((1, 1), (1, 1)), None);
}
