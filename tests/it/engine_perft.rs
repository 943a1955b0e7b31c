//! Move generation checked two ways: the published perft counts, and a
//! second, deliberately simple move generator (a 2-D board, square by
//! square, straight from the variant's rule data) compared with the
//! engine's at every node to depth 3 on every built-in variant.

use taflkit::rules::{self, Access, Game, Move, Piece, Repetition, Side, Square, Variant};

#[test]
fn published_perft_counts() {
    let mut sb9 = Game::new(&rules::builtin("sea-battle-9").unwrap());
    assert_eq!(sb9.perft(1), 80);
    assert_eq!(sb9.perft(2), 4400);
    let mut cyn = Game::new(&rules::builtin("sea-battle-9-cyningstan").unwrap());
    assert_eq!(cyn.perft(1), 56);
    assert_eq!(cyn.perft(2), 4408);
}

/// The counts of OpenTafl's own move generator (its `Taflman` moves and
/// `GameState.makeMove`, run on each variant's OTN rules string; how, in
/// docs/engine.md) for the tournament and museum built-ins. Berserk's
/// counts are its rules without the berserker rule, which OpenTafl's
/// berserk mode does not play the same way.
#[test]
fn opentafl_perft_counts_of_the_wtf_and_museum_builtins() {
    for (id, counts) in [
        ("skalk", [116, 6_788, 806_344]),
        ("saami-tablut", [80, 4_400, 353_200]),
        ("tawlbwrdd", [88, 8_984, 835_776]),
        ("berserk", [60, 6_900, 440_056]),
    ] {
        let mut g = Game::new(&without_options(rules::builtin(id).unwrap()));
        let got: Vec<u64> = (1..=3).map(|d| g.perft(d)).collect();
        assert_eq!(got, counts, "{id}");
    }
}

/// A variant with its optional rules off. The reference generator knows
/// one move a turn; berserker turns (on in `berserk` as built) are checked
/// by the rule cases (`tests/rules/options.txt`, `tests/rules/wtf.txt`).
fn without_options(mut v: Variant) -> Variant {
    for o in v.options.iter_mut() {
        o.enabled = false;
    }
    v
}

fn allows(a: Access, p: Piece) -> bool {
    match a {
        Access::Everyone => true,
        Access::KingOnly => p == Piece::King,
        Access::Nobody => false,
    }
}

/// The rules of the square (file, rank), when it is special.
fn special(v: &Variant, f: usize, r: usize) -> Option<rules::SpecialSquare> {
    let n = v.size;
    if n % 2 == 1 && f == n / 2 && r == n / 2 {
        return v.centre;
    }
    if (f == 0 || f == n - 1) && (r == 0 || r == n - 1) {
        return v.corners;
    }
    None
}

/// The reference generator: every piece of the side to move, every
/// direction, step by step.
fn reference_moves(
    v: &Variant,
    board: &[Vec<Option<Piece>>],
    to_move: Side,
    own_last: Option<Move>,
) -> Vec<Move> {
    let n = v.size;
    let at = |f: usize, r: usize| board[n - 1 - r][f];
    let mut out = Vec::new();
    for r in 0..n {
        for f in 0..n {
            let Some(p) = at(f, r) else { continue };
            if p.side() != to_move {
                continue;
            }
            for (df, dr) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
                let (mut tf, mut tr) = (f as i32, r as i32);
                let reach = match (p, v.king.speed) {
                    (Piece::King, Some(s)) => s as i32,
                    _ => i32::MAX,
                };
                let mut steps = 0;
                loop {
                    tf += df;
                    tr += dr;
                    steps += 1;
                    if steps > reach {
                        break;
                    }
                    if tf < 0 || tr < 0 || tf >= n as i32 || tr >= n as i32 {
                        break;
                    }
                    let (uf, ur) = (tf as usize, tr as usize);
                    if at(uf, ur).is_some() {
                        break;
                    }
                    let sp = special(v, uf, ur);
                    let stop = sp.is_none_or(|s| allows(s.stop, p));
                    let pass = sp.is_none_or(|s| allows(s.pass, p));
                    let mv = Move::new(
                        Square::new(f as u8, r as u8),
                        Square::new(uf as u8, ur as u8),
                    );
                    let goes_back = v.repetition == Repetition::NoReturn
                        && own_last == Some(Move::new(mv.to, mv.from));
                    if stop && !goes_back {
                        out.push(mv);
                    }
                    if !pass {
                        break;
                    }
                }
            }
        }
    }
    out.sort();
    out
}

/// Counts like perft, generating with the reference and playing with the
/// engine, and checks the engine's move list at every node.
fn reference_perft(v: &Variant, game: &Game, depth: u32, last: [Option<Move>; 2]) -> u64 {
    if depth == 0 || game.result().is_over() {
        return 1;
    }
    let side = game.to_move();
    let own = last[(side == Side::Defenders) as usize];
    let reference = reference_moves(v, &game.board(), side, own);
    let mut engine = game.legal_moves();
    engine.sort();
    assert_eq!(
        engine,
        reference,
        "{}: move lists differ in\n{}",
        v.id,
        game.diagram()
    );
    if reference.is_empty() {
        return 1;
    }
    if depth == 1 {
        return reference.len() as u64;
    }
    let mut total = 0;
    for mv in reference {
        let mut child = game.clone();
        child.play(mv).expect("the reference's move is legal");
        let mut l = last;
        l[(side == Side::Defenders) as usize] = Some(mv);
        total += reference_perft(v, &child, depth - 1, l);
    }
    total
}

#[test]
fn engine_agrees_with_reference_generator_on_every_builtin() {
    for id in rules::builtin_ids() {
        let v = without_options(rules::builtin(id).unwrap());
        let mut game = Game::new(&v);
        let depth = 3;
        let reference = reference_perft(&v, &game, depth, [None, None]);
        assert_eq!(game.perft(depth), reference, "{id} perft({depth})");
    }
}

#[test]
fn reference_generator_agrees_along_long_games() {
    // Perft stays near the start; long games reach positions it never
    // does (open boards, captures, pieces on the edges).
    for id in rules::builtin_ids() {
        let v = without_options(rules::builtin(id).unwrap());
        let mut game = Game::new(&v);
        let mut last = [None, None];
        for ply in 0..120 {
            if game.result().is_over() {
                break;
            }
            let side = game.to_move();
            let idx = (side == Side::Defenders) as usize;
            let moves = reference_moves(&v, &game.board(), side, last[idx]);
            let mut engine = game.legal_moves();
            engine.sort();
            assert_eq!(engine, moves, "{id} ply {ply}");
            if moves.is_empty() {
                break;
            }
            let mv = moves[(ply * 7919) % moves.len()];
            game.play(mv).unwrap();
            last[idx] = Some(mv);
        }
    }
}
