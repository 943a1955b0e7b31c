//! `taflkit puzzles VARIANT [--count N] [--seed S]`: proven puzzles from
//! engine-played games, one block each:
//!
//! ```text
//! puzzle 1: defenders to move, win in 2
//! <the board in setup notation>
//! solution: e5-e7 a7-b7 e7-i7
//! ```

use super::args::PuzzlesArgs;
use super::report;
use crate::diagnostics::Failure;
use crate::rules::{self, puzzles};

/// The most puzzles one run looks for.
const MAX_COUNT: usize = 50;

pub fn puzzles(a: &PuzzlesArgs) -> Result<(), Failure> {
    if !(1..=MAX_COUNT).contains(&a.count) {
        return Err(Failure::option(
            "--count",
            format!("{}: give 1 to {MAX_COUNT} puzzles", a.count),
        ));
    }
    let (mut variant, warnings) = rules::load(&a.variant)?;
    report::warn_all(&warnings);
    super::build::enable_options(&mut variant, &a.options)?;
    let effort = puzzles::Effort::command(variant.size);
    let bar = report::progress(a.count as u64, "puzzles {pos}/{len} {wide_bar} {msg}");
    let found = puzzles::find_telling(&variant, a.count, a.seed, &effort, &mut |p| {
        bar.set_position(p.found as u64);
        bar.set_message(format!("{} games played", p.games));
    });
    bar.finish_and_clear();
    for (k, p) in found.iter().enumerate() {
        if k > 0 {
            crate::outln!();
        }
        crate::out!("{}", block(k + 1, p));
    }
    if found.len() < a.count {
        report::note(format!(
            "warning: found {} of {} puzzles in the games played (try another --seed)",
            found.len(),
            a.count
        ));
    }
    Ok(())
}

/// One puzzle as the command prints it.
pub fn block(k: usize, p: &puzzles::Puzzle) -> String {
    let line: Vec<String> = p.solution.iter().map(|a| a.to_string()).collect();
    format!(
        "puzzle {k}: {} to move, win in {}\n{}solution: {}\n",
        p.to_move(),
        p.moves,
        p.game.diagram(),
        line.join(" ")
    )
}
