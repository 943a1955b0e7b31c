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
//! may stop on either of two squares of its line), so there the finder
//! plays more games for the looks ([`super::puzzles::Effort::threat_games`]).

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
