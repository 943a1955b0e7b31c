//! Proofs of forced wins, for what a player is shown: "the side to move
//! wins in N moves, however the other side answers", proven or refuted
//! by trying every defence.
//!
//! This is the check behind every printed puzzle and `taflkit solve`, so
//! it shares nothing with the searches that find puzzles or play
//! ([`super::solver`], [`super::search`]) beyond the engine itself: the
//! move generator and make/unmake. It has no transposition table, no
//! heuristic ordering (a puzzle's one winning first move may be named to
//! try first: [`prove_trying`]) and no cut-off the rules do not give, so repetition
//! counts, no-return and turn limits are followed move by move on the
//! game's real history, and a "no win" is exhaustive: every move of the
//! side to move was tried and each has a defence.
//!
//! A win comes back as a tree: each of the winner's turns, then the
//! defences grouped by the answer that beats them (one group of every
//! reply is "any reply"), each group with the fewest moves the winner
//! still needs. Berserker turns (a capture lets the piece move again) are
//! one turn of several actions.

use super::engine::{Game, RawMove};
use super::solver::{Action, winner};
use super::variant::Side;

/// What [`prove`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// A forced win, in the fewest moves there is one.
    Win(Win),
    /// No forced win within this many moves of `side`: every line tried.
    NoWin { side: Side, within: u32 },
}

/// A proven forced win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    pub side: Side,
    /// The winner's moves it takes against the best defence; there is
    /// no win in fewer.
    pub moves: u32,
    pub first: Turn,
}

/// One of the winner's turns and every defence against it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// One action, or several in a berserker turn.
    pub actions: Vec<Action>,
    /// Empty: this turn wins the game.
    pub defences: Vec<Defence>,
}

/// Replies of the loser that the same answer beats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Defence {
    /// Each reply is the loser's whole turn (one action, or several).
    pub replies: Vec<Vec<Action>>,
    /// The winner's moves still needed after these replies (0: the reply
    /// itself ends the game in the winner's favour).
    pub moves: u32,
    /// The winning answer, shown against the first reply; `None` when
    /// the reply ends the game.
    pub answer: Option<Turn>,
}

/// Why a proof was not finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfWork {
    pub positions: u64,
}

/// Positions a proof may look at before [`prove_within`] gives up.
pub const DEFAULT_POSITIONS: u64 = 400_000_000;

/// Proves or refutes a forced win of the side to move in `moves` of its
/// moves or fewer, from `game` as it stands (its history included: build
/// the game from a drawn position to prove what a reader sees).
pub fn prove(game: &Game, moves: u32) -> Proof {
    prove_within(game, moves, u64::MAX).expect("no limit on the work")
}

/// [`prove`], giving up after looking at `positions` positions.
pub fn prove_within(game: &Game, moves: u32, positions: u64) -> Result<Proof, OutOfWork> {
    prove_from(game, moves, positions, None)
}

/// [`prove`], trying `first` before the other first moves once no shorter
/// win is found. A puzzle's winning first move is its only one, so this is
/// [`prove`]'s proof, made without refuting every other first move in
/// the longest win (on Sea Battle 15 most of a win in 3's proof); every
/// shorter win is still refuted move by move.
pub fn prove_trying(game: &Game, moves: u32, first: Action) -> Proof {
    prove_from(game, moves, u64::MAX, Some(first)).expect("no limit on the work")
}

fn prove_from(
    game: &Game,
    moves: u32,
    positions: u64,
    first: Option<Action>,
) -> Result<Proof, OutOfWork> {
    let side = game.to_move();
    let mut p = Prover {
        me: side,
        positions: 0,
        limit: positions,
    };
    let mut g = game.clone();
    let found = if g.settled_result().is_over() {
        None
    } else {
        let hint = first.and_then(|a| a.raw(&g));
        p.shortest(&mut g, moves, hint)
    };
    if p.positions > p.limit {
        return Err(OutOfWork {
            positions: p.positions,
        });
    }
    Ok(match found {
        Some((moves, first)) => Proof::Win(Win { side, moves, first }),
        None => Proof::NoWin {
            side,
            within: moves,
        },
    })
}

/// The loser's reply an answer shows after one of the winner's turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply<R = Vec<Action>> {
    /// Every reply loses to the same winning answer: "any reply".
    Any,
    /// The one reply that holds out longest; every other loses sooner.
    Best(R),
    /// One of several replies that hold out as long, each beaten by an
    /// answer of its own: the line goes on after this one, an example.
    Example(R),
}

impl<R> Reply<R> {
    /// The same reply with its moves written another way.
    pub fn map<S>(&self, f: impl FnOnce(&R) -> S) -> Reply<S> {
        match self {
            Reply::Any => Reply::Any,
            Reply::Best(r) => Reply::Best(f(r)),
            Reply::Example(r) => Reply::Example(f(r)),
        }
    }
}

/// One step of a main line: a turn of the winner's and the reply after
/// it (`None`: the turn wins).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step<T = Vec<Action>> {
    pub turn: T,
    pub reply: Option<Reply<T>>,
}

impl Win {
    /// The line a puzzle's answer prints: each of the winner's turns, and
    /// between them the loser's reply ([`Reply`]): "any reply" where every
    /// reply loses to the same winning answer; otherwise the reply that
    /// holds out longest (the first such in board order), an example
    /// where others hold out as long.
    pub fn main_line(&self) -> Vec<Step> {
        self.turns()
            .map(|(turn, d)| Step {
                turn: turn.actions.clone(),
                reply: d.map(|d| shown_reply(&turn.defences, d)),
            })
            .collect()
    }

    /// Every action of the main line, both sides' (the strongest reply
    /// where [`Win::main_line`] says "any reply"), ending in the win.
    pub fn line(&self) -> Vec<Action> {
        self.turns()
            .flat_map(|(turn, d)| {
                let reply = d.map_or(&[][..], |d| &d.replies[0][..]);
                turn.actions.iter().chain(reply).copied()
            })
            .collect()
    }

    /// The winner's turns of the main line, each with the loser's
    /// strongest defence after it (`None` after the winning turn).
    fn turns(&self) -> impl Iterator<Item = (&Turn, Option<&Defence>)> {
        let first = (&self.first, strongest(&self.first.defences));
        std::iter::successors(Some(first), |(_, d)| {
            let next = d.and_then(|d| d.answer.as_ref())?;
            Some((next, strongest(&next.defences)))
        })
    }
}

/// How the main line shows the loser's reply to a turn whose defences are
/// `defences`, `d` the strongest of them.
fn shown_reply(defences: &[Defence], d: &Defence) -> Reply {
    // "Any reply" only where nothing after it depends on the reply.
    let any = defences.len() == 1
        && d.replies.len() > 1
        && d.answer.as_ref().is_some_and(|a| a.defences.is_empty());
    let holding: usize = defences
        .iter()
        .filter(|e| e.moves == d.moves)
        .map(|e| e.replies.len())
        .sum();
    let reply = d.replies[0].clone();
    match (any, holding) {
        (true, _) => Reply::Any,
        (false, 1) => Reply::Best(reply),
        (false, _) => Reply::Example(reply),
    }
}

/// The defence that needs the most winner's moves (the first of those).
pub fn strongest(defences: &[Defence]) -> Option<&Defence> {
    defences
        .iter()
        .fold(None, |best: Option<&Defence>, d| match best {
            Some(b) if b.moves >= d.moves => Some(b),
            _ => Some(d),
        })
}

struct Prover {
    me: Side,
    positions: u64,
    limit: u64,
}

impl Prover {
    /// Counts a position; whether the work is used up.
    fn tick(&mut self) -> bool {
        self.positions += 1;
        self.positions > self.limit
    }

    /// The fewest moves within `n` in which `me`, to act, wins, with the
    /// winning turn; `hint` is tried first after the immediate wins.
    fn shortest(&mut self, g: &mut Game, n: u32, hint: Option<RawMove>) -> Option<(u32, Turn)> {
        (1..=n).find_map(|k| self.turn(g, k, hint).map(|t| (k, t)))
    }

    /// `me` to act (at the start of a turn or in a berserker turn): a
    /// turn that wins within `n` moves (this one included).
    fn turn(&mut self, g: &mut Game, n: u32, hint: Option<RawMove>) -> Option<Turn> {
        let mut moves = Vec::new();
        g.raw_moves(&mut moves);
        // An immediate win ends the proof of this turn at once.
        let mut goes_on = false;
        for &m in &moves {
            if self.tick() {
                return None;
            }
            let u = g.make_raw(m);
            let r = g.settled_result();
            let won = winner(r) == Some(self.me);
            goes_on |= !r.is_over() && g.to_move() == self.me;
            let a = Action::from_raw(g, m);
            g.unmake_raw(u);
            if won {
                return Some(Turn {
                    actions: vec![a],
                    defences: Vec::new(),
                });
            }
        }
        // With one move left and no move that keeps the turn (berserker),
        // nothing below could win.
        if n <= 1 && !goes_on {
            return None;
        }
        // The answer that beat the last defence often beats this one.
        if let Some(i) = hint.and_then(|h| moves.iter().position(|&m| m == h)) {
            moves[..=i].rotate_right(1);
        }
        for m in moves {
            let a = Action::from_raw(g, m);
            let u = g.make_raw(m);
            let found = if g.settled_result().is_over() {
                None
            } else if !turn_over(g, self.me) {
                self.turn(g, n, None).map(|mut t| {
                    t.actions.insert(0, a);
                    t
                })
            } else if n > 1 {
                self.defend(g, n - 1).map(|defences| Turn {
                    actions: vec![a],
                    defences,
                })
            } else {
                None
            };
            g.unmake_raw(u);
            if found.is_some() || self.positions > self.limit {
                return found;
            }
        }
        None
    }

    /// The loser to move: every whole turn of its, each beaten within `n`
    /// of `me`'s moves (`None` at the first that is not).
    fn defend(&mut self, g: &mut Game, n: u32) -> Option<Vec<Defence>> {
        let mut out = Vec::new();
        self.replies(g, n, &mut Vec::new(), &mut out)?;
        Some(out)
    }

    fn replies(
        &mut self,
        g: &mut Game,
        n: u32,
        prefix: &mut Vec<Action>,
        out: &mut Vec<Defence>,
    ) -> Option<()> {
        let me = self.me;
        let mut held = true;
        each_turn(g, prefix, &mut |g, reply| {
            if self.tick() {
                held = false;
                return false;
            }
            let r = g.settled_result();
            held = if r.is_over() {
                let won = winner(r) == Some(me);
                if won {
                    add(out, reply.to_vec(), 0, None);
                }
                won
            } else {
                let hint = out
                    .last()
                    .and_then(|d| d.answer.as_ref())
                    .and_then(|t| t.actions[0].raw(g));
                match self.shortest(g, n, hint) {
                    Some((k, t)) => {
                        add(out, reply.to_vec(), k, Some(t));
                        true
                    }
                    None => false,
                }
            };
            held
        });
        held.then_some(())
    }
}

/// Whether the turn of `mover` is over: the game has ended, or the other
/// side is to move. A berserker capture leaves the same side to move
/// (its piece may go on, or `pass`), so a turn can be several actions.
/// The one notion of "whose turn after this action" that the proof, the
/// answers it writes and their replays share.
pub fn turn_over(g: &Game, mover: Side) -> bool {
    g.settled_result().is_over() || g.to_move() != mover
}

/// Every whole turn of the side to move, each as its actions (a
/// berserker turn is several, ending in `pass` or when the piece cannot
/// go on), in board order: what "any reply" covers.
pub fn whole_turns(g: &Game) -> Vec<Vec<Action>> {
    let mut out = Vec::new();
    each_turn(&mut g.clone(), &mut Vec::new(), &mut |_, t| {
        out.push(t.to_vec());
        true
    });
    out
}

/// Calls `visit` at the end of each whole turn of the side to move
/// (after `prefix`, the actions of the turn so far), with the game as the
/// turn leaves it; stops when `visit` says false, and says whether it
/// went through every turn. The game is as it was afterwards.
pub(crate) fn each_turn(
    g: &mut Game,
    prefix: &mut Vec<Action>,
    visit: &mut dyn FnMut(&mut Game, &[Action]) -> bool,
) -> bool {
    let mover = g.to_move();
    let mut moves = Vec::new();
    g.raw_moves(&mut moves);
    for m in moves {
        prefix.push(Action::from_raw(g, m));
        let u = g.make_raw(m);
        let go_on = if turn_over(g, mover) {
            visit(g, prefix)
        } else {
            each_turn(g, prefix, visit)
        };
        g.unmake_raw(u);
        prefix.pop();
        if !go_on {
            return false;
        }
    }
    true
}

/// Files a beaten reply with the others the same answer beats (also how
/// [`super::certificate`] groups them, so both give the same [`Win`]).
pub(crate) fn add(out: &mut Vec<Defence>, reply: Vec<Action>, moves: u32, answer: Option<Turn>) {
    let same = |d: &Defence| {
        d.moves == moves
            && d.answer.as_ref().map(|t| &t.actions) == answer.as_ref().map(|t| &t.actions)
    };
    match out.iter_mut().find(|d| same(d)) {
        Some(d) => d.replies.push(reply),
        None => out.push(Defence {
            replies: vec![reply],
            moves,
            answer,
        }),
    }
}
