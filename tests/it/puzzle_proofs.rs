//! Every printed puzzle holds: each built-in kit (and Tafel with each of
//! its options) is made, and each puzzle on its page is proven again by
//! `solve`'s code from nothing but what the page shows (the board drawn,
//! the side named, the moves given, the variant with its options); the
//! printed answer is that proof's line, and replayed move by move with
//! `play`'s checks it wins in exactly the moves given, whatever the reply
//! where it says "any reply".

use taflkit::cli::solve;
use taflkit::kit::component::{Component, Part};
use taflkit::kit::puzzle_page::{PuzzlePage, answer_steps};
use taflkit::kit::{KitOptions, with_plan};
use taflkit::rules::notation::write_rows;
use taflkit::rules::proof::{Proof, prove};
use taflkit::rules::{self, Game, GameResult, Move, Side, Variant};
use taflkit::theme::Theme;

use crate::common::texts;

/// Every built-in variant, and Tafel once with each option on.
fn kits() -> Vec<Variant> {
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
    out
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
/// winner's turns, the replies printed, and every legal reply where it
/// says "any reply"; the last turn must win, and no earlier one.
fn replay(start: &Game, steps: &[(String, Option<String>)]) -> Result<(), String> {
    let me = start.to_move();
    let mut games = vec![start.clone()];
    for (k, (turn, reply)) in steps.iter().enumerate() {
        let last = k + 1 == steps.len();
        let mut next = Vec::new();
        for g in &mut games {
            play(g, turn)?;
            if won(g, me) != last {
                return Err(format!("after {turn}: {}", g.result()));
            }
            if last {
                continue;
            }
            match reply {
                Some(r) => {
                    let mut h = g.clone();
                    play(&mut h, r)?;
                    next.push(h);
                }
                None => {
                    for m in g.legal_moves() {
                        let mut h = g.clone();
                        h.play(m).map_err(|e| e.to_string())?;
                        if h.result().is_over() {
                            return Err(format!("the reply {m} ends the game"));
                        }
                        next.push(h);
                    }
                }
            }
        }
        if !last {
            games = next;
        }
    }
    Ok(())
}

#[test]
fn every_printed_puzzle_is_proven_from_the_drawn_position() {
    let mut failures = Vec::new();
    let mut proven = 0;
    for v in kits() {
        let on: Vec<&str> = v
            .options
            .iter()
            .filter(|o| o.enabled)
            .map(|o| o.id.as_str())
            .collect();
        let name = format!("{} {on:?}", v.id);
        let theme = v
            .default_theme
            .as_deref()
            .and_then(Theme::builtin)
            .unwrap_or_else(Theme::viking);
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
            for (k, p) in page.puzzles().iter().enumerate() {
                let at = format!("{name} puzzle {}", k + 1);
                // Only what the page shows: the board, the side, the moves.
                let drawn =
                    Game::from_diagram(&v, &write_rows(&p.game.board()), p.to_move()).unwrap();
                let w = match prove(&drawn, p.moves) {
                    Proof::Win(w) if w.moves == p.moves => w,
                    other => {
                        failures.push(format!("{at}: {other:?}"));
                        continue;
                    }
                };
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
