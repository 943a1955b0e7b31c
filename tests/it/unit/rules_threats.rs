//! `rules::threats`: the look for a win in 3 that opens with a threat
//! finds the one forcing move where there is one (and the exhaustive
//! proof agrees), and none where no move threatens or two do.

use taflkit::rules::proof::{Proof, prove};
use taflkit::rules::solver::Solver;
use taflkit::rules::threats::forcing_move;
use taflkit::rules::{Game, Side, Variant, builtin};

fn tafel_berserker() -> Variant {
    let mut v = builtin("tafel").unwrap();
    v.options
        .iter_mut()
        .filter(|o| o.id == "berserker")
        .for_each(|o| o.enabled = true);
    v
}

/// Tafel with berserker's win in 3 (its kit, 2026-11-28): the king
/// goes to a8 and threatens a11; the one parry, f9-a9, is taken by
/// c10-a10, which goes on to b10 and leaves a9 and a10 open for good.
const TO_THE_EDGE: &str = "\
. . . A . . A A . . .
. . D . D . . . . . .
. . . . . A . . . . .
. . . . . K D D . . A
. . A . . A . . A . .
A A A . A . D A . . A
. . . A D D D A A . .
. . . . . A A . . . .
. . . . . A . . . . .
. . . . . . . . D . .
. . . . A A A . . . .";

#[test]
fn the_one_threat_before_a_double_threat_is_found_and_proven_a_win_in_3() {
    let g = Game::from_diagram(&tafel_berserker(), TO_THE_EDGE, Side::Defenders).unwrap();
    let mut quick = Solver::new().with_node_limit(2_000);
    let found = forcing_move(&g, &mut quick).expect("f8-a8 forces");
    assert_eq!(found.to_string(), "f8-a8");
    // The look proves nothing; the proof of the page agrees.
    match prove(&g, 3) {
        Proof::Win(w) => {
            assert_eq!(w.moves, 3);
            assert_eq!(w.first.actions, vec![found]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn no_threat_at_the_start_and_none_with_two_answers() {
    let v = tafel_berserker();
    let mut quick = Solver::new().with_node_limit(2_000);
    assert_eq!(forcing_move(&Game::new(&v), &mut quick), None);
    // On an open board the king has several threats no attacker can
    // parry (f8-a8 for a11, f8-k8 for k11): two answers, no puzzle.
    let two = "\
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . K . . . . .
. . . . . . . . . . .
A . . . . . . . . . A
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . A A . A A . . .";
    let g = Game::from_diagram(&v, two, Side::Defenders).unwrap();
    assert_eq!(forcing_move(&g, &mut quick), None);
}
