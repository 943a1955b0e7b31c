//! Wins in 3 that open with a threat: a cheap look for them where the
//! puzzle finder's solver found none (Tafel with berserker, whose sixteen
//! second looks of 20 000 nodes give no win in 3).
//!
//! Most short wins in 3 go: a move that threatens to win at once, a
//! parry the loser cannot avoid, then a double threat (a win in 2). This
//! look finds such a first move by making moves, not by search: a move
//! of the side to move that would win at once if it were that side's
//! turn again (a threat), after which the loser has at most
//! [`MAX_PARRIES`] turns that do not lose at once, and after each of
//! them a small solver proves a win in 2. A position with exactly one
//! such move is worth the puzzle check ([`super::puzzles::examine`]),
//! which proves it from the start on its own: this look only chooses
//! where to spend that check. Two such moves make no puzzle (two
//! answers); on Sea Battle 15 that is what most looks find (a king that
//! may stop on either of two squares of its line).

use super::engine::Game;
use super::players::{apply, wins_at_once};
use super::proof::whole_turns;
use super::solver::{Action, Solver, winner};
use super::variant::Side;

/// The most turns of the loser's that may not lose at once after the
/// threat: each costs a win in 2 proven, and a threat with many parries
/// is rarely a forced win.
pub const MAX_PARRIES: usize = 3;

/// The one first move of the side to move in `g` that threatens a win at
/// once and after whose every parry `quick` proves a win in 2; `None`
/// when no move or more than one does (two such moves rarely leave a
/// puzzle with one answer).
pub fn forcing_move(g: &Game, quick: &mut Solver) -> Option<Action> {
    let me = g.to_move();
    let mut work = g.clone();
    let mut moves = Vec::new();
    work.raw_moves(&mut moves);
    let mut found = None;
    for m in moves {
        let a = Action::from_raw(&work, m);
        let u = work.make_raw(m);
        // A move that ends the game, or keeps the turn (berserker), is
        // no threat and parry.
        let open = !work.settled_result().is_over() && work.to_move() != me;
        let forcing = open && threatens(&work, me) && parries_lose(&work, me, quick);
        work.unmake_raw(u);
        if forcing {
            if found.is_some() {
                return None;
            }
            found = Some(a);
        }
    }
    found
}

/// Whether `me` would win at once if it were its turn in `g`.
fn threatens(g: &Game, me: Side) -> bool {
    wins_at_once(&mut g.drawn_with(me))
}

/// The loser to move in `g`: whether at most [`MAX_PARRIES`] of its whole
/// turns leave `me` without a win at once, none ends the game but in
/// `me`'s favour, and after each of those `quick` proves a win in 2.
fn parries_lose(g: &Game, me: Side, quick: &mut Solver) -> bool {
    let mut parries = 0;
    for turn in whole_turns(g) {
        let mut h = g.clone();
        if turn.iter().any(|a| apply(&mut h, *a).is_err()) {
            return false;
        }
        let r = h.settled_result();
        if r.is_over() {
            if winner(r) != Some(me) {
                return false;
            }
            continue;
        }
        if wins_at_once(&mut h) {
            continue;
        }
        parries += 1;
        if parries > MAX_PARRIES || quick.wins_within(&h, 2) != Some(true) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::proof::{Proof, prove};
    use crate::rules::{Variant, builtin};

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
}
