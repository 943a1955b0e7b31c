//! `taflkit solve VARIANT --from FILE --to-move SIDE [--moves N]
//! [--option NAME]...`: proves a forced win of the side to move in N of
//! its moves or fewer, or that there is none, with [`proof::prove_within`]
//! (the check every printed puzzle passes). A win prints as:
//!
//! ```text
//! win in 2 for defenders
//! line: e5-g5 (any reply), g5-g7
//! e5-g5
//!   any reply (14): g5-g7 wins
//! ```
//!
//! `line:` is the answer as a kit's puzzle page prints it; below it the
//! tree: each of the winner's turns, and under it the defences grouped by
//! the answer that beats them (the strongest first, the continuation shown
//! against the first of each group).

use std::fmt::Write;

use super::args::SolveArgs;
use super::build::{enable_options, load_variant};
use super::engine::{read_position, side_of};
use crate::error::Failure;
use crate::kit::puzzle_page;
use crate::rules::proof::{self, Defence, Proof, Turn, Win};
use crate::rules::solver::Action;

/// Most moves `--moves` takes: a "no win" in more would take hours.
pub const MAX_MOVES: u32 = 4;

/// Defence groups shown under a turn; the rest are counted.
const GROUPS_SHOWN: usize = 6;
/// Replies named in a group; the rest are counted.
const REPLIES_SHOWN: usize = 3;

pub fn solve(a: &SolveArgs) -> Result<(), Failure> {
    let mut variant = load_variant(&a.variant)?;
    enable_options(&mut variant, &a.options)?;
    if !(1..=MAX_MOVES).contains(&a.moves) {
        return Err(Failure::option(
            "--moves",
            format!("{}: give 1 to {MAX_MOVES} moves", a.moves),
        ));
    }
    let side = side_of(a.to_move);
    let game = read_position(&variant, &a.from, side)?;
    if game.settled_result().is_over() {
        return Err(Failure::option(
            "--from",
            format!(
                "{}: the game is already over in this position ({}: {})",
                a.from.display(),
                game.settled_result(),
                game.settled_result().describe()
            ),
        ));
    }
    let found = proof::prove_within(&game, a.moves, proof::DEFAULT_POSITIONS).map_err(|w| {
        Failure::option(
            "--moves",
            format!(
                "gave up after {} positions without a proof either way; try fewer moves",
                w.positions
            ),
        )
    })?;
    crate::out!("{}", report(&found));
    Ok(())
}

/// What `solve` prints for a proof.
pub fn report(p: &Proof) -> String {
    match p {
        Proof::NoWin { side, within } => format!("no forced win in {within} for {side}\n"),
        Proof::Win(w) => {
            let mut out = format!("win in {} for {}\n", w.moves, w.side);
            let _ = writeln!(out, "line: {}", line(w));
            tree(&mut out, &w.first, 0);
            out
        }
    }
}

/// The answer line as an English kit prints it ("any reply" where the
/// loser's answer does not matter, "for instance" before a reply that is
/// one of several).
pub fn line(w: &Win) -> String {
    puzzle_page::line_in(&w.main_line(), crate::words::Lang::english().words())
}

fn actions(a: &[Action]) -> String {
    a.iter()
        .map(|a| a.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One of the winner's turns at `depth`, then its defences one deeper.
fn tree(out: &mut String, turn: &Turn, depth: usize) {
    let pad = "  ".repeat(depth);
    let wins = if turn.defences.is_empty() {
        " wins"
    } else {
        ""
    };
    let _ = writeln!(out, "{pad}{}{wins}", actions(&turn.actions));
    let mut groups: Vec<&Defence> = turn.defences.iter().collect();
    // The strongest defences first, then the largest groups.
    groups.sort_by_key(|d| {
        (
            std::cmp::Reverse(d.moves),
            std::cmp::Reverse(d.replies.len()),
        )
    });
    for d in groups.iter().take(GROUPS_SHOWN) {
        let who = if turn.defences.len() == 1 {
            format!("any reply ({})", d.replies.len())
        } else {
            replies(&d.replies)
        };
        match &d.answer {
            None => {
                let _ = writeln!(out, "{pad}  {who}: the reply itself loses");
            }
            Some(next) => {
                let _ = write!(out, "{pad}  {who}: ");
                let mut sub = String::new();
                tree(&mut sub, next, depth + 1);
                // The answer's own line follows the colon.
                out.push_str(sub.trim_start());
            }
        }
    }
    let rest: usize = groups
        .iter()
        .skip(GROUPS_SHOWN)
        .map(|d| d.replies.len())
        .sum();
    if rest > 0 {
        let _ = writeln!(out, "{pad}  {rest} more replies, each beaten too");
    }
}

/// "e2-f2, e2-e3 (and 5 more)".
fn replies(rs: &[Vec<Action>]) -> String {
    let named: Vec<String> = rs.iter().take(REPLIES_SHOWN).map(|r| actions(r)).collect();
    let mut s = named.join(", ");
    if rs.len() > REPLIES_SHOWN {
        let _ = write!(s, " (and {} more)", rs.len() - REPLIES_SHOWN);
    }
    s
}
