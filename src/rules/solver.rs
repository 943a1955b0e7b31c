//! A solver for forced wins: does the side to move win in at most N of
//! its own moves, whatever the other side does? A "yes" is a proof (every
//! defence was tried and loses); a "no" means no forced win within N.
//!
//! It is an AND/OR search on the engine's make/unmake interface
//! ([`Game::make_raw`]): at the winner's turns one move must win, at the
//! loser's turns every reply must lose. Three things keep it fast:
//!
//! - win checks first: at each of the winner's turns every move is made
//!   once and looked at for an immediate win (king escaped or captured,
//!   encirclement, the other side left without a move) before any move is
//!   searched deeper;
//! - move ordering: the move a table remembers, then escapes, captures,
//!   king moves and moves next to the king;
//! - a transposition table keyed by the position's Zobrist hash
//!   ([`Game::search_key`]), holding for each position the shortest proven
//!   win and the longest proven "no win", so iterative deepening (1, 2, …
//!   moves) and transpositions reuse work.
//!
//! Repetition counts and draw forts depend on the game's history, which a
//! hash does not hold; a solver made with [`Solver::exact`] uses no table,
//! so its answers follow the real history move by move. Puzzles are
//! re-checked that way.
//!
//! Berserker turns (a capture lets the same piece move again) are part of
//! one turn: a move that keeps the turn does not count as a new move.

use std::fmt;

use super::engine::{Game, GameResult, RawMove};
use super::notation::{Move, Square};
use super::variant::{Piece, Side};

/// One action of a turn: a move, or `pass` (ending a berserker turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Move(Move),
    Pass,
}

impl Action {
    /// The action in the engine's raw form (`None`: not on this board).
    pub fn raw(self, g: &Game) -> Option<RawMove> {
        match self {
            Action::Move(m) => g.raw_of(m),
            Action::Pass => Some(RawMove::PASS),
        }
    }

    pub fn from_raw(g: &Game, m: RawMove) -> Action {
        g.raw_to_move(m).map_or(Action::Pass, Action::Move)
    }

    /// Reads `e1-e4` or `pass`.
    pub fn parse(s: &str) -> Result<Action, String> {
        if s.trim() == "pass" {
            Ok(Action::Pass)
        } else {
            Move::parse(s).map(Action::Move)
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(m) => m.fmt(f),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// The winner of a result, if it is a win.
pub fn winner(r: GameResult) -> Option<Side> {
    match r {
        GameResult::Win { winner, .. } => Some(winner),
        #[allow(unreachable_patterns)] // draws may come with more rules
        _ => None,
    }
}

/// What making a move led to, seen by the side `me`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum After {
    /// `me` has won.
    Won,
    /// `me` has lost, or the game is drawn.
    Lost,
    /// Play goes on.
    Open,
}

fn after(g: &Game, me: Side) -> After {
    let r = g.result();
    if !r.is_over() {
        After::Open
    } else if winner(r) == Some(me) {
        After::Won
    } else {
        After::Lost
    }
}

/// Whether the side to move is stuck (no legal move) and `me` has won by
/// it: the variant decides whether being stuck loses or draws
/// ([`Game::settled_result`]).
fn stuck_and_lost(g: &Game, me: Side) -> bool {
    !g.raw_has_move() && winner(g.settled_result()) == Some(me)
}

/// The order moves are tried in: likely wins and forcing moves first.
/// `best` (from the table) goes first of all. Deterministic: ties keep
/// the generator's board order.
pub(crate) fn order_moves(g: &Game, moves: &mut [RawMove], best: Option<RawMove>) {
    order_by(moves, &mut Vec::new(), |m| {
        if Some(m) == best {
            BEST_FIRST
        } else {
            move_score(g, m)
        }
    });
}

/// The score of the move a table names: above any [`move_score`].
pub(crate) const BEST_FIRST: i32 = 10_000;

/// How promising a move looks before it is searched: escapes, captures,
/// king moves towards the edge, attackers closing on the king, defenders
/// opening the king's lines.
pub(crate) fn move_score(g: &Game, m: RawMove) -> i32 {
    let mut s = 0;
    if g.raw_escapes(m) {
        s += 5_000;
    }
    if g.raw_captures(m) {
        s += 1_000;
    }
    match (g.raw_piece(m), g.raw_to_move(m), g.king()) {
        (Some(Piece::King), Some(mv), _) => s += 300 + edge_closeness(g, mv.to),
        (Some(_), Some(mv), Some(k)) if g.to_move() == Side::Attackers => {
            if adjacent(mv.to, k) {
                s += 400;
            } else if in_line(mv.to, k) {
                s += 100;
            }
        }
        // Defenders: pieces that leave the king's lines open them.
        (Some(_), Some(mv), Some(k)) if in_line(mv.from, k) => s += 50,
        _ => {}
    }
    s
}

/// Sorts `moves` by `score`, highest first, ties in their present order,
/// with `scratch` as the working space (a search passes the same one to
/// every node, so ordering allocates nothing).
pub(crate) fn order_by(
    moves: &mut [RawMove],
    scratch: &mut Vec<(i32, u32, RawMove)>,
    score: impl Fn(RawMove) -> i32,
) {
    scratch.clear();
    scratch.extend(
        moves
            .iter()
            .enumerate()
            .map(|(i, &m)| (-score(m), i as u32, m)),
    );
    scratch.sort_unstable();
    for (slot, &(_, _, m)) in moves.iter_mut().zip(scratch.iter()) {
        *slot = m;
    }
}

/// Nearer the edge scores higher (for king moves).
fn edge_closeness(g: &Game, sq: Square) -> i32 {
    let n = g.size() as i32;
    let (f, r) = (sq.file as i32, sq.rank as i32);
    let d = f.min(r).min(n - 1 - f).min(n - 1 - r);
    (n / 2 - d).max(0) * 10
}

pub(crate) fn adjacent(a: Square, b: Square) -> bool {
    let df = (a.file as i32 - b.file as i32).abs();
    let dr = (a.rank as i32 - b.rank as i32).abs();
    df + dr == 1
}

fn in_line(a: Square, b: Square) -> bool {
    a.file == b.file || a.rank == b.rank
}

/// What the table knows of one position (for the solver's side `me`).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// Proven: `me` wins within this many moves (0: not known).
    win_by: u8,
    /// Proven: no win within this many moves.
    no_win_upto: u8,
    /// The move that won, or the reply that refuted.
    best: Option<RawMove>,
}

impl Entry {
    /// What the entry already proves about a win within `n` moves, if
    /// anything: `Some(true)` won, `Some(false)` no win, `None` unknown.
    fn answer(&self, n: u32) -> Option<bool> {
        if self.win_by != 0 && u32::from(self.win_by) <= n {
            Some(true)
        } else if n <= u32::from(self.no_win_upto) {
            Some(false)
        } else {
            None
        }
    }
}

const TABLE_BITS: u32 = 18;

/// Proves or refutes forced wins. Keep one solver for many questions
/// about positions with the same side to win: its table carries over.
pub struct Solver {
    table: Option<Vec<Entry>>,
    table_side: Option<Side>,
    me: Side,
    nodes: u64,
    limit: u64,
    aborted: bool,
    bufs: Vec<Vec<RawMove>>,
    scratch: Vec<(i32, u32, RawMove)>,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a transposition table.
    pub fn new() -> Solver {
        Solver {
            table: Some(vec![Entry::default(); 1 << TABLE_BITS]),
            ..Solver::exact()
        }
    }

    /// A solver without a table: every answer is searched move by move on
    /// the real history (exact under repetition and draw-fort rules).
    pub fn exact() -> Solver {
        Solver {
            table: None,
            table_side: None,
            me: Side::Attackers,
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
            bufs: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Gives up (answers `None`) after about `nodes` positions per question.
    pub fn with_node_limit(mut self, nodes: u64) -> Solver {
        self.limit = nodes;
        self
    }

    /// Positions visited so far (all questions).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn begin(&mut self, g: &Game) -> u64 {
        self.me = g.to_move();
        if self.table_side != Some(self.me) {
            if let Some(t) = &mut self.table {
                t.iter_mut().for_each(|e| *e = Entry::default());
            }
            self.table_side = Some(self.me);
        }
        self.aborted = false;
        self.nodes.saturating_add(self.limit)
    }

    /// Whether the side to move wins in at most `n` of its moves against
    /// every defence. `None` when the node limit was reached first.
    pub fn wins_within(&mut self, g: &Game, n: u32) -> Option<bool> {
        let stop = self.begin(g);
        let mut g = g.clone();
        let w = self.win(&mut g, n, 0, stop);
        (!self.aborted).then_some(w)
    }

    /// The shortest forced win of at most `max` moves: its length. `None`
    /// inside: no forced win within `max`; outer `None`: node limit.
    pub fn shortest_win(&mut self, g: &Game, max: u32) -> Option<Option<u32>> {
        for n in 1..=max {
            if self.wins_within(g, n)? {
                return Some(Some(n));
            }
        }
        Some(None)
    }

    /// Every first move that wins within `n` moves, in board order.
    pub fn winning_moves(&mut self, g: &Game, n: u32) -> Option<Vec<Action>> {
        let stop = self.begin(g);
        let mut g = g.clone();
        let mut moves = Vec::new();
        g.raw_moves(&mut moves);
        let mut wins = Vec::new();
        for m in moves {
            let u = g.make_raw(m);
            let w = self.after_move(&mut g, n, 1, stop);
            g.unmake_raw(u);
            if self.aborted {
                return None;
            }
            if w {
                wins.push(Action::from_raw(&g, m));
            }
        }
        Some(wins)
    }

    /// The main line of a win of exactly `n` moves (the shortest): the
    /// winner's quickest moves against the longest defence, ending in the
    /// win. `None` if there is no such win (or the node limit).
    pub fn main_line(&mut self, g: &Game, n: u32) -> Option<Vec<Action>> {
        let me = g.to_move();
        let mut g = g.clone();
        let mut line = Vec::new();
        let mut left = n;
        loop {
            let r = g.result();
            if r.is_over() {
                return (winner(r) == Some(me)).then_some(line);
            }
            if g.to_move() == me {
                // The first move (in search order) that wins in `left`.
                let stop = self.begin(&g);
                let mut moves = Vec::new();
                g.raw_moves(&mut moves);
                order_moves(&g, &mut moves, None);
                let mut chosen = None;
                for m in moves {
                    let u = g.make_raw(m);
                    let w = self.after_move(&mut g, left, 1, stop);
                    g.unmake_raw(u);
                    if self.aborted {
                        return None;
                    }
                    if w {
                        chosen = Some(m);
                        break;
                    }
                }
                let m = chosen?;
                line.push(Action::from_raw(&g, m));
                let _ = g.make_raw(m);
                if g.result().is_over() {
                    continue;
                }
                if g.to_move() != me {
                    if !g.raw_has_move() {
                        return Some(line);
                    }
                    left -= 1;
                }
            } else {
                // The reply that holds out longest, and among those the one
                // that leaves the fewest winning moves (a real defence, not
                // any move that loses as slowly); then board order.
                let mut moves = Vec::new();
                g.raw_moves(&mut moves);
                let mut best: Option<((u32, usize), RawMove)> = None;
                for m in moves {
                    let u = g.make_raw(m);
                    let mut need = None;
                    for d in 1..=left.max(1) {
                        let w = if g.result().is_over() {
                            winner(g.result()) == Some(me)
                        } else if g.to_move() == me {
                            self.wins_within(&g, d)?
                        } else {
                            // The loser keeps the turn (berserker).
                            self.loses_within_from(&g, d, me)?
                        };
                        if w {
                            need = Some(d);
                            break;
                        }
                    }
                    let need = need?;
                    let wins = if g.result().is_over() || g.to_move() != me {
                        0
                    } else {
                        self.winning_moves(&g, need)?.len()
                    };
                    g.unmake_raw(u);
                    let rank = (need, usize::MAX - wins);
                    if best.is_none_or(|(b, _)| rank > b) {
                        best = Some((rank, m));
                    }
                }
                let (_, m) = best?;
                line.push(Action::from_raw(&g, m));
                let _ = g.make_raw(m);
            }
        }
    }

    fn loses_within_from(&mut self, g: &Game, n: u32, me: Side) -> Option<bool> {
        // The table is kept for `me`; begin() keys on the side to move, so
        // set it up by hand here.
        if self.table_side != Some(me) {
            if let Some(t) = &mut self.table {
                t.iter_mut().for_each(|e| *e = Entry::default());
            }
            self.table_side = Some(me);
        }
        self.me = me;
        self.aborted = false;
        let stop = self.nodes.saturating_add(self.limit);
        let mut g = g.clone();
        let w = self.lose(&mut g, n, 0, stop);
        (!self.aborted).then_some(w)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let t = self.table.as_ref()?;
        let e = t[(key as usize) & ((1 << TABLE_BITS) - 1)];
        (e.key == key).then_some(e)
    }

    fn store(&mut self, key: u64, n: u32, won: bool, best: Option<RawMove>) {
        if self.aborted {
            return;
        }
        let Some(t) = &mut self.table else {
            return;
        };
        let slot = &mut t[(key as usize) & ((1 << TABLE_BITS) - 1)];
        if slot.key != key {
            *slot = Entry {
                key,
                ..Entry::default()
            };
        }
        let n = n.min(u8::MAX as u32) as u8;
        if won {
            if slot.win_by == 0 || n < slot.win_by {
                slot.win_by = n;
            }
        } else {
            slot.no_win_upto = slot.no_win_upto.max(n);
        }
        if best.is_some() {
            slot.best = best;
        }
    }

    fn buf(&mut self, ply: usize) -> Vec<RawMove> {
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, || Vec::with_capacity(128));
        }
        std::mem::take(&mut self.bufs[ply])
    }

    fn give_back(&mut self, ply: usize, b: Vec<RawMove>) {
        self.bufs[ply] = b;
    }

    fn order(&mut self, g: &Game, moves: &mut [RawMove], best: Option<RawMove>) {
        order_by(moves, &mut self.scratch, |m| {
            if Some(m) == best {
                BEST_FIRST
            } else {
                move_score(g, m)
            }
        });
    }

    /// Looked up or counted: whether the search must stop.
    fn tick(&mut self, stop: u64) -> bool {
        self.nodes += 1;
        if self.nodes > stop {
            self.aborted = true;
        }
        self.aborted
    }

    /// After one of `me`'s moves has been made: does `me` win within `n`
    /// moves counting the one just made?
    fn after_move(&mut self, g: &mut Game, n: u32, ply: usize, stop: u64) -> bool {
        match after(g, self.me) {
            After::Won => true,
            After::Lost => false,
            After::Open if g.to_move() == self.me => self.win(g, n, ply, stop),
            After::Open if n <= 1 => stuck_and_lost(g, self.me),
            After::Open => self.lose(g, n - 1, ply, stop),
        }
    }

    /// `me` to move: a win within `n` moves?
    fn win(&mut self, g: &mut Game, n: u32, ply: usize, stop: u64) -> bool {
        if self.tick(stop) || n == 0 {
            return false;
        }
        let key = g.search_key();
        let known = self.probe(key);
        if let Some(answer) = known.and_then(|e| e.answer(n)) {
            return answer;
        }
        let mut moves = self.buf(ply);
        g.raw_moves(&mut moves);
        // Win checks first: every move looked at for an immediate win.
        let mut won = None;
        // Whether a move leaves `me` to act again (a berserker capture):
        // with one move left, only such a move can still win below.
        let mut goes_on = false;
        for &m in &moves {
            let u = g.make_raw(m);
            let w = match after(g, self.me) {
                After::Won => true,
                After::Lost => false,
                // Berserker: the turn goes on; searched below.
                After::Open if g.to_move() == self.me => {
                    goes_on = true;
                    false
                }
                After::Open => stuck_and_lost(g, self.me),
            };
            g.unmake_raw(u);
            if w {
                won = Some(m);
                break;
            }
        }
        if won.is_none() && (n > 1 || goes_on) {
            self.order(g, &mut moves, known.and_then(|e| e.best));
            for &m in &moves {
                let u = g.make_raw(m);
                let w = match after(g, self.me) {
                    After::Open if g.to_move() == self.me => self.win(g, n, ply + 1, stop),
                    After::Open if n > 1 => self.lose(g, n - 1, ply + 1, stop),
                    _ => false,
                };
                g.unmake_raw(u);
                if w {
                    won = Some(m);
                    break;
                }
                if self.aborted {
                    break;
                }
            }
        }
        self.give_back(ply, moves);
        self.store(key, n, won.is_some(), won);
        won.is_some()
    }

    /// The other side to move: does every reply lose within `n` of `me`'s
    /// moves?
    fn lose(&mut self, g: &mut Game, n: u32, ply: usize, stop: u64) -> bool {
        if self.tick(stop) {
            return false;
        }
        let key = g.search_key();
        let known = self.probe(key);
        if let Some(answer) = known.and_then(|e| e.answer(n)) {
            return answer;
        }
        let mut moves = self.buf(ply);
        g.raw_moves(&mut moves);
        if moves.is_empty() {
            // No legal move: lost or drawn, as the variant says.
            self.give_back(ply, moves);
            return stuck_and_lost(g, self.me);
        }
        self.order(g, &mut moves, known.and_then(|e| e.best));
        let mut refutation = None;
        for &m in &moves {
            let u = g.make_raw(m);
            let lost = match after(g, self.me) {
                After::Won => true,
                After::Lost => false,
                After::Open if g.to_move() == self.me => self.win(g, n, ply + 1, stop),
                After::Open => self.lose(g, n, ply + 1, stop),
            };
            g.unmake_raw(u);
            if !lost {
                refutation = Some(m);
                break;
            }
        }
        self.give_back(ply, moves);
        let lost = refutation.is_none() && !self.aborted;
        self.store(key, n, lost, refutation);
        lost
    }
}
