//! Proof certificates (`rules::certificate`), the form the puzzle cache
//! keeps a proof in: a printed puzzle's certificate checks and gives the
//! very proof `prove` gives, and each way of spoiling one is refused
//! (a winner's move swapped for a legal one that does not win, a
//! refutation swapped for a reply, a reply's line left out, the text cut
//! short or garbage). Facts are taken from `prove` and the solver, never
//! from the certificate itself.

use taflkit::kit::component::{Component, Part};
use taflkit::kit::puzzle_page::PuzzlePage;
use taflkit::rules::certificate::{Certificate, certify, check};
use taflkit::rules::proof::{Proof, prove, whole_turns};
use taflkit::rules::puzzles::Puzzle;
use taflkit::rules::solver::{Action, Solver};
use taflkit::rules::{self, Game, GameResult, Side};

use crate::common::kit::{KitOptions, with_plan};
use crate::common::theme_of;

/// The puzzles printed in a built-in variant's kit (from the tests'
/// puzzle cache after the first run).
fn printed(id: &str) -> Vec<Puzzle> {
    let v = rules::builtin(id).unwrap();
    with_plan(&v, &theme_of(&v), &KitOptions::default(), |cx, kit| {
        let (_, page) = kit.find::<PuzzlePage>().expect("a puzzle page");
        page.layout(cx, kit, Part::Side(0)).unwrap();
        page.puzzles().to_vec()
    })
    .unwrap()
}

/// Brandubh's printed puzzles: wins in 2 and in 3, for both sides.
fn brandubh() -> Vec<Puzzle> {
    let found = printed("brandubh");
    assert!(found.iter().any(|p| p.moves == 2) && found.iter().any(|p| p.moves == 3));
    found
}

fn certificate(p: &Puzzle) -> Vec<String> {
    let c = certify(&p.game, &p.proof).expect("a proven puzzle has a certificate");
    c.as_str().split(' ').map(str::to_string).collect()
}

fn checks(p: &Puzzle, tokens: &[String]) -> bool {
    check(&p.game, p.moves, &Certificate::from_text(&tokens.join(" "))).is_ok()
}

/// `tokens` with token `at` made `new`; a `=` after it (the same turn as
/// its sibling before) written out as the turn it stood for, so it keeps
/// its meaning. For runs of siblings with nothing between them: the
/// refutations of one node, or the last moves of a win in 2.
fn swapped(tokens: &[String], at: usize, new: String) -> Vec<String> {
    let turn = |t: &str| t.rsplit(':').next().unwrap().to_string();
    let mut out = tokens.to_vec();
    if let Some(next) = out.get_mut(at + 1)
        && turn(next) == "="
    {
        let mut k = at;
        while turn(&tokens[k]) == "=" {
            k -= 1;
        }
        let head = next.strip_suffix('=').unwrap().to_string();
        *next = format!("{head}{}", turn(&tokens[k]));
    }
    out[at] = new;
    out
}

fn turn_text(t: &[Action]) -> String {
    t.iter()
        .map(Action::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Plays a whole turn with `play`'s checks.
fn play(g: &mut Game, turn: &[Action]) {
    for a in turn {
        match a {
            Action::Move(m) => {
                g.play(*m).unwrap();
            }
            Action::Pass => g.end_turn().unwrap(),
        }
    }
}

fn won_by(g: &Game, side: Side) -> bool {
    matches!(g.result(), GameResult::Win { winner, .. } if winner == side)
}

#[test]
fn a_printed_puzzles_certificate_checks_and_gives_the_proof() {
    for p in brandubh() {
        let c = certify(&p.game, &p.proof).unwrap();
        let back = check(&p.game, p.moves, &c).expect("the certificate checks");
        assert_eq!(Proof::Win(back), prove(&p.game, p.moves));
        // One more word, or a claim of another length, is refused.
        let longer = Certificate::from_text(&format!("{} 1:a1-a2", c.as_str()));
        assert!(check(&p.game, p.moves, &longer).is_err());
        assert!(check(&p.game, p.moves + 1, &c).is_err());
        assert!(check(&p.game, p.moves - 1, &c).is_err());
    }
}

#[test]
fn a_winners_move_swapped_for_one_that_does_not_win_is_refused() {
    for p in brandubh() {
        let tokens = certificate(&p);
        let head = format!("{}:", p.moves);
        // The first move: the solver's list of first moves that win.
        let wins = Solver::exact().winning_moves(&p.game, p.moves).unwrap();
        let others: Vec<Vec<Action>> = whole_turns(&p.game)
            .into_iter()
            .filter(|t| !wins.contains(&t[0]))
            .collect();
        assert!(others.len() > 5);
        for t in others {
            let spoilt = swapped(&tokens, 0, format!("{head}{}", turn_text(&t)));
            assert!(!checks(&p, &spoilt), "{} accepted", turn_text(&t));
        }
        if p.moves != 2 {
            continue;
        }
        // A last move: in a win in 2 each reply that goes on has one
        // node, `1:TURN`, in the order of the loser's turns. Each swapped
        // for a move there that does not win at once.
        let mut g = p.game.clone();
        play(&mut g, &p.proof.first.actions);
        let going_on = whole_turns(&g).into_iter().filter(|r| {
            let mut h = g.clone();
            play(&mut h, r);
            !h.result().is_over()
        });
        for (k, reply) in going_on.enumerate() {
            let mut h = g.clone();
            play(&mut h, &reply);
            let t = whole_turns(&h)
                .into_iter()
                .find(|t| {
                    let mut i = h.clone();
                    play(&mut i, t);
                    !won_by(&i, p.to_move())
                })
                .expect("a move that does not win");
            let spoilt = swapped(&tokens, 1 + k, format!("1:{}", turn_text(&t)));
            assert!(!checks(&p, &spoilt), "after {reply:?}: {t:?} accepted");
        }
    }
}

/// In a win in 3 the first words after the winning move are the
/// refutations of the wins in 2: for the first try, every reply of the
/// loser put in its place is accepted exactly when `prove` finds no win
/// in 1 after it.
#[test]
fn a_refutation_is_accepted_exactly_when_it_refutes() {
    let p = brandubh().into_iter().find(|p| p.moves == 3).unwrap();
    let me = p.to_move();
    let tokens = certificate(&p);
    let first_try = whole_turns(&p.game)
        .into_iter()
        .find(|t| {
            let mut g = p.game.clone();
            play(&mut g, t);
            !g.result().is_over()
        })
        .unwrap();
    let mut g = p.game.clone();
    play(&mut g, &first_try);
    let (mut refuting, mut not) = (0, 0);
    for reply in whole_turns(&g) {
        let mut h = g.clone();
        play(&mut h, &reply);
        let refutes = if h.result().is_over() {
            !won_by(&h, me)
        } else {
            matches!(prove(&h, 1), Proof::NoWin { .. })
        };
        let spoilt = swapped(&tokens, 1, turn_text(&reply));
        assert_eq!(checks(&p, &spoilt), refutes, "the reply {reply:?}");
        if refutes { refuting += 1 } else { not += 1 }
    }
    assert!(refuting > 0 && not > 0, "{refuting} refute, {not} do not");
}

#[test]
fn a_certificate_missing_a_word_or_cut_short_is_refused() {
    for p in brandubh() {
        let tokens = certificate(&p);
        for k in 0..tokens.len() {
            let mut fewer = tokens.clone();
            fewer.remove(k);
            assert!(!checks(&p, &fewer), "without word {k}");
            assert!(!checks(&p, &tokens[..k]), "cut after {k} words");
        }
        let text = tokens.join(" ");
        for cut in (1..text.len()).step_by(7) {
            let c = Certificate::from_text(&text[..cut]);
            assert!(check(&p.game, p.moves, &c).is_err(), "cut at byte {cut}");
        }
        for garbage in ["", "=", "2:=", "1:pass", "3:z99-a1", ":", "\u{0}\u{ff}"] {
            let c = Certificate::from_text(garbage);
            assert!(check(&p.game, p.moves, &c).is_err(), "{garbage:?}");
        }
    }
}
