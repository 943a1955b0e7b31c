//! Players for engine-played games: the computer (a [`Searcher`]),
//! `greedy` (a win or a capture when it can, else a random move) and
//! `random`, and one function that plays a whole game between two of
//! them. `match`, `play --computer` and the puzzle finder use it.
//!
//! Randomness comes from a small seeded generator (splitmix64), so a game
//! is the same for the same seed (with a node or depth limit for the
//! computer; a time limit depends on the machine).

use std::fmt;

use super::engine::{Game, GameResult, RawMove};
use super::search::{Limits, Searcher};
use super::solver::{Action, winner};
use super::variant::{Side, Variant};

/// A small deterministic random generator (splitmix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5EED_7AF1_0000_0001)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Computer,
    Greedy,
    Random,
    /// `greedy` that also parries every immediate threat it can (never a
    /// move after which the other side wins at once, while it has another),
    /// and sees nothing further: it loses only to a threat it cannot parry,
    /// so the position before its opponent's winning sequence is a short
    /// forced win (the puzzle finder's defence when a page lacks the
    /// attackers' puzzles).
    Careful,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Computer => "computer",
            Kind::Greedy => "greedy",
            Kind::Random => "random",
            Kind::Careful => "careful",
        })
    }
}

/// A player with its state (the computer's table, the random generator).
pub struct Player {
    kind: Kind,
    limits: Limits,
    rng: Rng,
    searcher: Option<Searcher>,
}

impl Player {
    /// `limits` is how long the computer thinks; `seed` drives the random
    /// choices (and the computer's small root jitter).
    pub fn new(kind: Kind, limits: Limits, seed: u64) -> Player {
        Player {
            kind,
            limits,
            rng: Rng::new(seed),
            searcher: (kind == Kind::Computer).then(|| Searcher::new(Some(seed))),
        }
    }

    /// A computer player without jitter: the same move for the same
    /// position and limits (`play --computer`).
    pub fn steady_computer(limits: Limits) -> Player {
        Player {
            kind: Kind::Computer,
            limits,
            rng: Rng::new(0),
            searcher: Some(Searcher::new(None)),
        }
    }

    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The action to play; `None` when there is none (game over, or no
    /// legal move).
    pub fn choose(&mut self, g: &Game) -> Option<Action> {
        let mut moves = Vec::new();
        g.raw_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        match self.kind {
            Kind::Computer => {
                let s = self.searcher.as_mut().expect("a computer has a searcher");
                s.choose(g, self.limits).map(|c| c.action)
            }
            Kind::Random => Some(Action::from_raw(g, moves[self.rng.below(moves.len())])),
            Kind::Greedy | Kind::Careful => {
                let me = g.to_move();
                let mut work = g.clone();
                let mut wins = Vec::new();
                let mut captures = Vec::new();
                let mut safe = Vec::new();
                for &m in &moves {
                    let u = work.make_raw(m);
                    // Settled: a side left without a move loses or draws
                    // as the variant says (Tablut: a draw, no win).
                    let r = work.settled_result();
                    let won = winner(r) == Some(me);
                    let careful = self.kind == Kind::Careful;
                    let is_safe = careful
                        && !r.is_over()
                        && (work.to_move() == me || !wins_at_once(&mut work));
                    work.unmake_raw(u);
                    if won {
                        wins.push(m);
                    } else if !careful || is_safe {
                        if work.raw_captures(m) {
                            captures.push(m);
                        }
                        safe.push(m);
                    }
                }
                let pool: &[RawMove] = if !wins.is_empty() {
                    &wins
                } else if !captures.is_empty() {
                    &captures
                } else if !safe.is_empty() {
                    &safe
                } else {
                    &moves
                };
                Some(Action::from_raw(g, pool[self.rng.below(pool.len())]))
            }
        }
    }
}

/// Whether the side to move in `g` has a move that wins at once (the
/// game won, or the other side left without a move where the variant
/// makes that a loss). A side keeping the turn after a capture
/// (berserker) is not looked into further.
pub(crate) fn wins_at_once(g: &mut Game) -> bool {
    let me = g.to_move();
    let mut moves = Vec::new();
    g.raw_moves(&mut moves);
    moves.into_iter().any(|m| {
        let u = g.make_raw(m);
        let won = winner(g.settled_result()) == Some(me);
        g.unmake_raw(u);
        won
    })
}

/// Plays one action on a game (a move or a berserker pass).
pub fn apply(g: &mut Game, a: Action) -> Result<(), String> {
    match a {
        Action::Move(m) => g.play(m).map(|_| ()).map_err(|e| e.to_string()),
        Action::Pass => g.end_turn().map_err(|e| e.to_string()),
    }
}

/// How an engine-played game ended.
#[derive(Clone, Debug)]
pub struct Record {
    /// Every action played, in order.
    pub actions: Vec<Action>,
    /// The final result (`Ongoing` when the move limit stopped the game).
    pub result: GameResult,
    /// The positions before each action (for the puzzle finder), when
    /// asked for.
    pub positions: Vec<Game>,
}

impl Record {
    /// Turns played (both sides; a berserker turn's extra moves count
    /// with it).
    pub fn moves(&self) -> usize {
        self.actions.len()
    }

    pub fn winner(&self) -> Option<Side> {
        winner(self.result)
    }
}

/// Plays a game from the variant's start until it ends or `max_actions`
/// actions have been played (then the result stays `Ongoing`: a draw for
/// `match`).
pub fn play_game(
    variant: &Variant,
    attackers: &mut Player,
    defenders: &mut Player,
    max_actions: usize,
    keep_positions: bool,
) -> Record {
    let mut g = Game::new(variant);
    let mut rec = Record {
        actions: Vec::new(),
        result: GameResult::Ongoing,
        positions: Vec::new(),
    };
    while !g.result().is_over() && rec.actions.len() < max_actions {
        let p = match g.to_move() {
            Side::Attackers => &mut *attackers,
            Side::Defenders => &mut *defenders,
        };
        let Some(a) = p.choose(&g) else {
            break;
        };
        if keep_positions {
            rec.positions.push(g.clone());
        }
        if apply(&mut g, a).is_err() {
            // A player chose from the legal moves, so this does not happen;
            // stop rather than loop if it ever did.
            break;
        }
        rec.actions.push(a);
    }
    rec.result = g.result();
    rec
}
