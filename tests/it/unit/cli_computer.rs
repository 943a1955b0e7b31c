//! The tests of `src/cli/computer.rs` that were its unit tests.

use taflkit::cli::computer::*;
use taflkit::rules::{Game, Side};

#[test]
fn the_example_move_is_legal_for_the_player() {
    for id in taflkit::rules::builtin_ids() {
        let v = taflkit::rules::builtin(id).unwrap();
        for side in [Side::Attackers, Side::Defenders] {
            let mv = taflkit::rules::Move::parse(&example_move(&v, side)).unwrap();
            let mut g = Game::from_board(&v, &v.setup, side).unwrap();
            assert!(g.play(mv).is_ok(), "{id} {side}: {mv}");
        }
    }
}
