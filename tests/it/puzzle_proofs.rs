//! Every printed puzzle holds: each built-in kit (and Tafel with each of
//! its options) is made, and each puzzle on its page is proven again by
//! `solve`'s code from nothing but what the page shows (the squares drawn,
//! a window's hidden ones empty,
//! the side named, the moves given, the variant with its options); the
//! printed answer is that proof's line, and replayed move by move with
//! `play`'s checks it wins in exactly the moves given, whatever the reply
//! where it says "any reply". The proof certificate the puzzle cache keeps
//! checks to that same proof.

use std::collections::BTreeSet;
use taflkit::cli::solve;
use taflkit::kit::component::{Component, Context, Part, Planned};

use crate::common::kit::{KitOptions, with_plan};
use taflkit::kit::puzzle_page::{MIN_SQUARE, PuzzlePage, answer_steps, as_drawn};
use taflkit::layout::paper::Paper;
use taflkit::rules::certificate::{certify, check};
use taflkit::rules::proof::{Proof, Reply, Step, Win, prove, whole_turns};
use taflkit::rules::puzzles::Puzzle;
use taflkit::rules::solver::Action;
use taflkit::rules::{self, Game, GameResult, Move, Side, Variant};
use taflkit::theme::Theme;
use taflkit::words::Msg;

use crate::common::{self, texts};

/// Every built-in variant, and Tafel once with each option on: a name
/// saying which, the variant and the theme its kit is built in.
fn kits() -> Vec<(String, Variant, Theme)> {
    let mut out: Vec<Variant> = rules::builtin_ids()
        .iter()
        .map(|id| rules::builtin(id).unwrap())
        .collect();
    let tafel = rules::builtin("tafel").unwrap();
    for k in 0..tafel.options.len() {
        let mut v = tafel.clone();
        v.options[k].enabled = true;
        out.push(v);
    }
    out.into_iter()
        .map(|v| {
            let on: Vec<&str> = v
                .options
                .iter()
                .filter(|o| o.enabled)
                .map(|o| o.id.as_str())
                .collect();
            let name = format!("{} {on:?}", v.id);
            let theme = common::theme_of(&v);
            (name, v, theme)
        })
        .collect()
}

fn play(g: &mut Game, moves: &str) -> Result<(), String> {
    for m in moves.split_whitespace() {
        if m == "pass" {
            g.end_turn().map_err(|e| e.to_string())?;
        } else {
            g.play(Move::parse(m)?).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

fn won(g: &Game, side: Side) -> bool {
    matches!(g.result(), GameResult::Win { winner, .. } if winner == side)
}

/// Replays an answer from the drawn position with `play`'s checks: the
/// winner's turns, the replies printed, and every legal whole turn of the
/// loser (a berserker turn is several actions) where it says "any
/// reply"; after each turn the other side must be to move, the last turn
/// must win, and no earlier one. A reply written plainly must be the one
/// that holds out longest (after any other, the winner needs fewer
/// moves), and one given "for instance" one of several that do.
fn replay(start: &Game, steps: &[Step<String>]) -> Result<(), String> {
    let me = start.to_move();
    let mut games = vec![start.clone()];
    for (k, step) in steps.iter().enumerate() {
        let (turn, last) = (&step.turn, k + 1 == steps.len());
        let mut next = Vec::new();
        for g in &mut games {
            play(g, turn)?;
            if won(g, me) != last {
                return Err(format!("after {turn}: {}", g.result()));
            }
            if last {
                continue;
            }
            if g.to_move() == me {
                return Err(format!("after {turn} it is still {me}' turn"));
            }
            let left = (steps.len() - k - 1) as u32;
            let replies = match &step.reply {
                Some(Reply::Best(r)) | Some(Reply::Example(r)) => {
                    shown_reply_holds(g, r, step.reply.as_ref(), left)?;
                    vec![r.clone()]
                }
                Some(Reply::Any) | None => whole_turns(g).iter().map(|t| written(t)).collect(),
            };
            for r in replies {
                let mut h = g.clone();
                play(&mut h, &r)?;
                if h.result().is_over() {
                    return Err(format!("the reply {r} ends the game"));
                }
                if h.to_move() != me {
                    return Err(format!("after the reply {r} it is not {me}' turn"));
                }
                next.push(h);
            }
        }
        if !last {
            games = next;
        }
    }
    Ok(())
}

/// The puzzle's proof is `prove`'s from its position (`whole`, when the
/// page drew the whole board, is that proof already), and its certificate
/// checks to the same proof.
fn certified(p: &Puzzle, whole: Option<&Win>) -> Result<(), String> {
    let proven = match whole {
        Some(w) => w.clone(),
        None => match prove(&p.game, p.moves) {
            Proof::Win(w) => w,
            other => return Err(format!("the whole board: {other:?}")),
        },
    };
    if p.proof != proven {
        return Err("the page's proof is not prove's".into());
    }
    let cert = certify(&p.game, &p.proof).ok_or("no certificate")?;
    match check(&p.game, p.moves, &cert) {
        Ok(w) if w == proven => Ok(()),
        Ok(_) => Err("the certificate checks to another proof".into()),
        Err(e) => Err(format!("the certificate is refused: {e}")),
    }
}

/// A whole turn as an answer writes it.
fn written(turn: &[Action]) -> String {
    let said: Vec<String> = turn.iter().map(|a| a.to_string()).collect();
    said.join(" ")
}

/// Whether the reply `r` shown after the winner's turn that made `g`
/// says the truth about the other replies: plainly (`Best`), every other
/// loses with fewer than `left` more moves of the winner; "for instance"
/// (`Example`), another holds out as long.
fn shown_reply_holds(
    g: &Game,
    r: &str,
    shown: Option<&Reply<String>>,
    left: u32,
) -> Result<(), String> {
    let me = g.to_move().opponent();
    let sooner = |t: &[Action]| {
        let mut h = g.clone();
        for a in t {
            let legal = match a {
                Action::Move(m) => h.play(*m).map(|_| ()),
                Action::Pass => h.end_turn(),
            };
            legal.expect("a whole turn the engine listed is legal");
        }
        won(&h, me) || left > 1 && matches!(prove(&h, left - 1), Proof::Win(_))
    };
    let others: Vec<Vec<Action>> = whole_turns(g)
        .into_iter()
        .filter(|t| written(t) != r)
        .collect();
    let as_long = others.iter().find(|t| !sooner(t));
    match (shown, as_long) {
        (Some(Reply::Best(_)), Some(t)) => Err(format!(
            "{r} is written as the longest defence, but {} holds out as long",
            written(t)
        )),
        (Some(Reply::Example(_)), None) => Err(format!(
            "{r} is given as one of several defences, but every other loses sooner"
        )),
        _ => Ok(()),
    }
}

#[test]
fn every_printed_puzzle_is_proven_from_the_drawn_position() {
    let mut failures = Vec::new();
    let mut proven = 0;
    for (name, v, theme) in kits() {
        with_plan(&v, &theme, &KitOptions::default(), |cx, kit| {
            let Some((_, page)) = kit.find::<PuzzlePage>() else {
                return;
            };
            let frame = page.layout(cx, kit, Part::Side(0)).unwrap();
            let mut all = Vec::new();
            texts(&frame.items, &mut all);
            // A move is never broken over two lines.
            if let Some(t) = all.iter().find(|t| t.text.trim_end().ends_with('-')) {
                failures.push(format!("{name}: a line ends in a hyphen: {:?}", t.text));
            }
            let printed: Vec<String> = all.iter().map(|t| t.text.clone()).collect();
            let printed = printed.join(" ");
            let views = page.views(&v, &theme).unwrap();
            for (k, (p, view)) in page.puzzles().iter().zip(&views).enumerate() {
                let at = format!("{name} puzzle {}", k + 1);
                // Only what the page shows: the squares drawn (nothing
                // outside a window), the side, the moves.
                let drawn = as_drawn(&v, p, view).unwrap();
                let w = match prove(&drawn, p.moves) {
                    Proof::Win(w) if w.moves == p.moves => w,
                    other => {
                        failures.push(format!("{at}: {other:?}"));
                        continue;
                    }
                };
                if let Err(e) = certified(p, view.style.is_whole().then_some(&w)) {
                    failures.push(format!("{at}: {e}"));
                }
                let line = solve::line(&w);
                // The answer as printed (lines may break between words).
                let words: Vec<&str> = line.split_whitespace().collect();
                if !words.iter().all(|w| printed.contains(w)) {
                    failures.push(format!("{at}: the answer {line:?} is not on the page"));
                }
                let steps = answer_steps(p);
                if steps.len() as u32 != p.moves {
                    failures.push(format!("{at}: {} turns in the answer", steps.len()));
                }
                if let Err(e) = replay(&drawn, &steps) {
                    failures.push(format!("{at}: replaying {line:?}: {e}"));
                }
                proven += 1;
            }
        })
        .unwrap();
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(proven >= 30, "only {proven} puzzles printed");
}

/// "Any reply" covers whole turns: under berserker, a capture leaves the
/// same side to move (tests/rules/options.txt), so d3-d2 taking c2 is no
/// turn by itself, only with what follows it (`pass`, or the piece going
/// on, d2-d10 taking c10 and on again); every turn listed, replayed with
/// `play`'s checks, leaves the other side to move.
#[test]
fn whole_turns_run_to_the_end_of_a_berserker_turn() {
    let mut v = rules::builtin("tafel").unwrap();
    v.options
        .iter_mut()
        .filter(|o| o.id == "berserker")
        .for_each(|o| o.enabled = true);
    let board = "\
. . . . . . . . . . .
. A D . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . K . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . A . . . . . . .
. A D . . . . . . . .
. . . . . . . . . . .";
    let g = Game::from_diagram(&v, board, Side::Attackers).unwrap();
    let turns: Vec<String> = whole_turns(&g)
        .iter()
        .map(|t| {
            t.iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    for t in ["d3-d2 pass", "d3-d2 d2-d1", "d3-d2 d2-d10 pass", "d3-e3"] {
        assert!(turns.iter().any(|x| x == t), "{t} missing from {turns:?}");
    }
    assert!(
        !turns.iter().any(|x| x == "d3-d2"),
        "a capture ends no turn"
    );
    for t in &turns {
        let mut h = g.clone();
        play(&mut h, t).unwrap();
        assert_eq!(h.to_move(), Side::Defenders, "after {t}");
    }
}

/// Squares that differ between two boards.
fn differ(a: &Game, b: &Game) -> usize {
    let (a, b) = (a.board(), b.board());
    a.iter()
        .flatten()
        .zip(b.iter().flatten())
        .filter(|(x, y)| x != y)
        .count()
}

/// A page of two or more puzzles mixes both sides to move and wins in 2
/// and 3.
fn mixed(name: &str, ps: &[Puzzle]) -> Result<(), String> {
    let sides: BTreeSet<String> = ps.iter().map(|p| p.to_move().to_string()).collect();
    let lengths: BTreeSet<u32> = ps.iter().map(|p| p.moves).collect();
    if ps.len() >= 2 && (sides.len() != 2 || lengths.len() != 2) {
        return Err(format!(
            "{name}: not mixed: {sides:?} to move, wins in {lengths:?}"
        ));
    }
    Ok(())
}

/// Every built-in kit's puzzle page is worth printing (issue 22, item 4):
/// both sides to move and wins in 2 and 3 ([`mixed`]); no two puzzles the same position give or take a piece or two (or two
/// pieces moved: fewer than 6 squares apart) nor the same answer; every
/// diagram's squares at least 4 mm (a window of the board where the
/// whole would be smaller, or four to the page instead of six).
#[test]
fn every_puzzle_page_is_worth_printing() {
    let mut failures = Vec::new();
    let mut windows = 0;
    for (name, v, theme) in kits() {
        with_plan(&v, &theme, &KitOptions::default(), |cx, kit| {
            let Some((_, page)) = kit.find::<PuzzlePage>() else {
                return;
            };
            if let Err(why) = window_note_agrees(cx, kit, page, &theme) {
                failures.push(format!("{name}: {why}"));
            }
            let ps = page.puzzles();
            if let Err(why) = mixed(&name, ps) {
                failures.push(why);
            }
            for (i, a) in ps.iter().enumerate() {
                for (j, b) in ps.iter().enumerate().skip(i + 1) {
                    if differ(&a.game, &b.game) < 6 {
                        failures.push(format!("{name}: puzzles {} and {} alike", i + 1, j + 1));
                    }
                    if answer_steps(a) == answer_steps(b) {
                        failures.push(format!("{name}: {} and {} one answer", i + 1, j + 1));
                    }
                }
            }
            for (k, view) in page.views(&v, &theme).unwrap().iter().enumerate() {
                if view.square < MIN_SQUARE {
                    failures.push(format!(
                        "{name} puzzle {}: squares {:?}",
                        k + 1,
                        view.square
                    ));
                }
                windows += usize::from(!view.style.is_whole());
            }
        })
        .unwrap();
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("{windows} puzzles drawn as a window of the board");
}

/// A user's 19×19 variant (`examples/sea-battle-19.toml`): whatever the
/// paper, each puzzle its page prints is drawn with squares of at least
/// 4 mm (the whole board would be smaller: a window over the answer; a
/// puzzle whose answer spreads wider is not printed) and proven from the
/// drawn position.
#[test]
fn a_19x19_users_puzzles_are_legible() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/sea-battle-19.toml");
    let (v, _) = rules::load(path).unwrap();
    let theme = common::theme_of(&v);
    for paper in [Paper::A4, Paper::Letter] {
        let options = KitOptions {
            paper,
            extras: true,
            ..KitOptions::default()
        };
        with_plan(&v, &theme, &options, |cx, kit| {
            // The example's games give a puzzle that fits a legible
            // window (a variant whose puzzles all spread wider gets no
            // page: `puzzle_page::make`).
            let (_, page) = kit.find::<PuzzlePage>().expect("a puzzle page");
            // A lone puzzle has the page's width, two half each: the
            // page says what a window leaves out when it draws one.
            let once = window_note_agrees(cx, kit, page, &theme);
            let first = page.puzzles()[0].clone();
            let twice = PuzzlePage::new(vec![first.clone(), first], paper);
            let twice = window_note_agrees(cx, kit, &twice, &theme);
            assert!(once.is_ok(), "{paper:?}: {once:?}");
            assert_eq!(twice, Ok(true), "{paper:?}: the same puzzle twice");
            let views = page.views(&v, &theme).unwrap();
            for (k, (p, view)) in page.puzzles().iter().zip(&views).enumerate() {
                let at = format!("{paper:?} puzzle {}", k + 1);
                assert!(view.square >= MIN_SQUARE, "{at}: squares {:?}", view.square);
                let drawn = as_drawn(&v, p, view).unwrap();
                assert!(
                    matches!(prove(&drawn, p.moves), Proof::Win(w) if w.moves == p.moves),
                    "{at}: not a win in {}",
                    p.moves
                );
            }
        })
        .unwrap();
    }
}

/// A reader cannot see past a diagram's cut edges, and the proofs take
/// the squares there as empty ([`as_drawn`]): a page says so exactly
/// when one of its diagrams is a window. `Ok` says whether `page` drew
/// one.
fn window_note_agrees(
    cx: &Context,
    kit: &Planned,
    page: &PuzzlePage,
    theme: &Theme,
) -> Result<bool, String> {
    let squeezed = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '\u{ad}'))
            .collect()
    };
    let note = squeezed(&theme.words().say(Msg::PuzzlesWindow));
    let frame = page.layout(cx, kit, Part::Side(0)).unwrap();
    let text = squeezed(&common::strings(&frame.items).join(""));
    let views = page.views(cx.variant, theme).unwrap();
    let window = views.iter().any(|view| !view.style.is_whole());
    match (window, text.contains(&note)) {
        (true, false) => Err("a window, and no word that the squares left out are empty".into()),
        (false, true) => Err("no window, but a word on the squares a window leaves out".into()),
        _ => Ok(window),
    }
}
