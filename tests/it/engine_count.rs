//! Perft's last ply counts the moves without listing them, from row and
//! column bit masks the engine keeps move by move (issue 24). The count
//! must be the generator's number of legal moves in any position: along
//! random games of every built-in variant, with and without its options,
//! and on random boards; and the masks kept move by move must give the
//! moves a fresh reading of the board gives. Along the games, no
//! encirclement goes unseen (the engine fills the board only when a local
//! test around the attacker's square cannot rule one out).

use crate::common::fuzz_config;
use proptest::prelude::*;
use taflkit::rules::{self, Game, Repetition, Side, Variant};

/// A built-in variant by number, its options switched as `options` says.
fn variant(pick: usize, options: [bool; 3]) -> Variant {
    let ids = rules::builtin_ids();
    let mut v = rules::builtin(ids[pick % ids.len()]).unwrap();
    for (o, on) in v.options.iter_mut().zip(options) {
        o.enabled = on;
    }
    v
}

/// What perft counts at depth 1: the legal moves, or one leaf for a
/// finished game or a side without a move.
fn leaves(g: &Game) -> u64 {
    if g.result().is_over() {
        1
    } else {
        (g.legal_moves().len() as u64).max(1)
    }
}

/// Perft to depth 2 by the generator and `play` alone.
fn generated_perft_2(g: &Game) -> u64 {
    if g.result().is_over() {
        return 1;
    }
    let moves = g.legal_moves();
    if moves.is_empty() {
        return 1;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut child = g.clone();
            child.play(m).expect("a generated move is legal");
            leaves(&child)
        })
        .sum()
}

proptest! {
    #![proptest_config(fuzz_config(24))]

    #[test]
    fn the_count_is_the_generators_along_random_games(
        pick in any::<usize>(),
        options in any::<[bool; 3]>(),
        picks in proptest::collection::vec(any::<u16>(), 0..160),
    ) {
        let v = variant(pick, options);
        // Moves that depend on more than the pieces (the last move under
        // no-return, the history under third-forbidden, a berserker's
        // second move) are not in a diagram.
        let history_free = !matches!(v.repetition, Repetition::NoReturn | Repetition::ThirdForbidden);
        let mut g = Game::new(&v);
        let mut turn_continues = false;
        for p in picks {
            prop_assert_eq!(g.perft(1), leaves(&g), "{}\n{}", v.id, g.diagram());
            let moves = g.legal_moves();
            if history_free && !turn_continues && !g.result().is_over() {
                let fresh = g.as_drawn();
                if !fresh.result().is_over() {
                    let (mut a, mut b) = (fresh.legal_moves(), moves.clone());
                    a.sort();
                    b.sort();
                    prop_assert_eq!(a, b, "masks and board disagree in\n{}", g.diagram());
                }
            }
            if moves.is_empty() {
                break;
            }
            let report = g.play(moves[p as usize % moves.len()]).expect("legal");
            turn_continues = report.turn_continues;
            // The local test that spares most encirclement fills (also on
            // edge squares) never misses one.
            if v.encirclement && !g.result().is_over() {
                prop_assert!(!g.is_encircled(), "encircled, not seen:\n{}", g.diagram());
            }
        }
    }

    #[test]
    fn the_count_is_the_generators_on_random_boards(
        pick in any::<usize>(),
        options in any::<[bool; 3]>(),
        cells in proptest::collection::vec(0u8..6, 625),
        king in any::<u16>(),
        defenders_move in any::<bool>(),
    ) {
        let v = variant(pick, options);
        let n = v.size;
        let king = king as usize % (n * n);
        let rows: Vec<String> = (0..n)
            .map(|row| {
                (0..n)
                    .map(|file| match (row * n + file == king, cells[row * n + file]) {
                        (true, _) => "K",
                        (false, 0) => "A",
                        (false, 1) => "D",
                        _ => ".",
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let side = if defenders_move { Side::Defenders } else { Side::Attackers };
        // Boards with a piece where only the king may stand are refused.
        let Ok(g) = Game::from_diagram(&v, &rows.join("\n"), side) else {
            return Ok(());
        };
        let mut g2 = g.clone();
        prop_assert_eq!(g2.perft(1), leaves(&g), "\n{}", g.diagram());
        prop_assert_eq!(g2.perft(2), generated_perft_2(&g), "\n{}", g.diagram());
    }
}
