//! The computer opponent's search: iterative deepening alpha-beta
//! (negamax, principal variation search with late move reductions) on the
//! engine's make/unmake interface, with a transposition table keyed by
//! the Zobrist hash, move ordering (table move, escapes, captures, killer
//! moves, history counts), one more ply for the attackers' forced reply
//! when the king threatens to escape, a win check at the leaves and an
//! evaluation of material and the king's way out.
//!
//! The search stops at a time limit, a node limit or a depth, whichever
//! comes first. Time limits depend on the machine; node and depth limits
//! make the same move every time (what tests and scripts need). A seed
//! adds a small, fixed jitter to the root moves' scores so that games
//! between the same players differ from seed to seed; each root move is
//! searched with the window shifted by its jitter, so the jitter only
//! ever chooses among moves within it of the best.

use std::time::{Duration, Instant};

use super::engine::{Game, RawMove};
use super::notation::Square;
use super::solver::{Action, BEST_FIRST, adjacent, move_score, order_by, order_moves, winner};
use super::variant::{Piece, Side};

/// When to stop thinking.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

impl Limits {
    pub fn time_ms(ms: u64) -> Limits {
        Limits {
            time: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub action: Action,
    /// From the mover's side: positive is good; beyond ±[`WIN`]/2 a
    /// forced result was seen.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
}

/// The score of a won position (less the plies it takes).
pub const WIN: i32 = 1_000_000;
const MAX_PLY: usize = 64;

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    depth: u8,
    bound: Bound,
    score: i32,
    best: Option<RawMove>,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

const TABLE_BITS: u32 = 18;

/// Plies of captures played out beyond the search's depth.
const QUIESCE_PLIES: u32 = 4;

/// Board facts the evaluation needs, computed once per search.
struct Squares {
    n: usize,
    escape: Vec<bool>,
    king_only: Vec<bool>,
}

/// A computer player's brain. Keep one per player for a whole game: the
/// table and history carry over from move to move. Everything a node
/// needs (move lists, the ordering's keys, the evaluation's board) lives
/// here and is reused, so searching allocates nothing per node.
pub struct Searcher {
    table: Vec<Slot>,
    killers: [[Option<RawMove>; 2]; MAX_PLY],
    /// Cut-off counts by [`RawMove::slot`].
    history: Vec<u32>,
    seed: Option<u64>,
    nodes: u64,
    stop_nodes: u64,
    deadline: Option<Instant>,
    aborted: bool,
    squares: Option<Squares>,
    grid: Vec<Option<Piece>>,
    /// One move list per ply.
    bufs: Vec<Vec<RawMove>>,
    scratch: Vec<(i32, u32, RawMove)>,
}

/// What the evaluation learnt of the king's surroundings: enough to tell
/// whether the side to move may win at once (only then are its moves
/// generated at a leaf).
struct Leaf {
    /// From the side to move.
    value: i32,
    /// The king reaches an escape square in one move.
    king_escapes: bool,
    /// Attackers (or squares hostile to the king) beside the king.
    hemmed: i32,
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Searcher {
    /// A searcher; with a seed, root moves get a small fixed jitter.
    pub fn new(seed: Option<u64>) -> Searcher {
        Searcher {
            table: vec![Slot::default(); 1 << TABLE_BITS],
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; RawMove::SLOTS],
            seed,
            nodes: 0,
            stop_nodes: u64::MAX,
            deadline: None,
            aborted: false,
            squares: None,
            grid: Vec::new(),
            bufs: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// The move to play, or `None` when the game is over or the side to
    /// move has no legal move.
    pub fn choose(&mut self, game: &Game, limits: Limits) -> Option<Choice> {
        let mut g = game.clone();
        let mut root = Vec::new();
        g.raw_moves(&mut root);
        if root.is_empty() {
            return None;
        }
        if self.squares.as_ref().is_none_or(|s| s.n != g.size()) {
            let n = g.size();
            let at = |i: usize| Square::new((i % n) as u8, (i / n) as u8);
            self.squares = Some(Squares {
                n,
                escape: (0..n * n).map(|i| g.is_escape_square(at(i))).collect(),
                king_only: (0..n * n).map(|i| g.only_king_may_stop(at(i))).collect(),
            });
        }
        self.nodes = 0;
        self.aborted = false;
        self.stop_nodes = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time.map(|t| Instant::now() + t);
        self.killers = [[None; 2]; MAX_PLY];
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 4).max(1);
        let no_limit = limits.time.is_none() && limits.nodes.is_none();
        let max_depth = if no_limit && limits.depth.is_none() {
            4
        } else {
            max_depth
        };

        order_moves(&g, &mut root, None);
        let jitter: Vec<i32> = root
            .iter()
            .map(|m| match self.seed {
                Some(s) => (splitmix(s ^ g.hash() ^ (hash_move(*m) << 17)) % 9) as i32,
                None => 0,
            })
            .collect();
        let mut root: Vec<(RawMove, i32)> = root.into_iter().zip(jitter).collect();
        let mut best = Choice {
            action: Action::from_raw(&g, root[0].0),
            score: 0,
            depth: 0,
            nodes: 0,
        };
        for depth in 1..=max_depth {
            let mut alpha = -WIN - 1;
            let beta = WIN + 1;
            let mut found: Option<(usize, i32)> = None;
            for (i, &(m, jit)) in root.iter().enumerate() {
                // The window shifts by the jitter, so that a bound the
                // child returns stays a bound once the jitter is added.
                let score = self.child(&mut g, m, depth, alpha - jit, beta - jit, 0) + jit;
                if self.aborted {
                    break;
                }
                if found.is_none_or(|(_, s)| score > s) {
                    found = Some((i, score));
                    alpha = alpha.max(score);
                }
            }
            if self.aborted {
                // A partial iteration still counts: a move that beat the
                // first (last iteration's best) at this depth is better,
                // whatever the shallower score said.
                if let Some((i, s)) = found
                    && i != 0
                {
                    best.action = Action::from_raw(&g, root[i].0);
                    best.score = s;
                }
                break;
            }
            let (i, s) = found.expect("a completed iteration scored every move");
            best = Choice {
                action: Action::from_raw(&g, root[i].0),
                score: s,
                depth,
                nodes: self.nodes,
            };
            // The best move first next time.
            let m = root.remove(i);
            root.insert(0, m);
            if s.abs() > WIN / 2 {
                break; // a forced result: deeper search changes nothing
            }
        }
        best.nodes = self.nodes;
        Some(best)
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.stop_nodes {
            self.aborted = true;
        } else if self.nodes & 1023 == 0
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Makes `m`, scores the position for the side that made it.
    fn child(
        &mut self,
        g: &mut Game,
        m: RawMove,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let mover = g.to_move();
        let u = g.make_raw(m);
        let s = if g.to_move() == mover && !g.result().is_over() {
            // Berserker: the same side moves again.
            self.negamax(g, depth.saturating_sub(1), alpha, beta, ply + 1)
        } else {
            -self.negamax(g, depth - 1, -beta, -alpha, ply + 1)
        };
        g.unmake_raw(u);
        s
    }

    /// Counts a node: its score when the game is over there (or 0 when
    /// the budget ran out, which the caller sees in `aborted`).
    fn enter(&mut self, g: &Game, ply: usize) -> Option<i32> {
        self.nodes += 1;
        let r = g.result();
        if r.is_over() {
            return Some(match winner(r) {
                Some(w) if w == g.to_move() => WIN - ply as i32,
                Some(_) => -(WIN - ply as i32),
                None => 0,
            });
        }
        self.out_of_budget().then_some(0)
    }

    fn negamax(&mut self, g: &mut Game, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(s) = self.enter(g, ply) {
            return s;
        }
        if depth == 0 || ply + 2 >= MAX_PLY {
            return self.quiesce(g, alpha, beta, ply, QUIESCE_PLIES);
        }
        let mut moves = self.buf(ply);
        g.raw_moves(&mut moves);
        if moves.is_empty() {
            self.bufs[ply] = moves;
            return -(WIN - ply as i32);
        }
        let key = g.search_key();
        let slot = self.table[(key as usize) & ((1 << TABLE_BITS) - 1)];
        let mut tt_move = None;
        if slot.key == key {
            tt_move = slot.best;
            if u32::from(slot.depth) >= depth {
                let s = from_table(slot.score, ply);
                let hit = match slot.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if hit {
                    self.bufs[ply] = moves;
                    return s;
                }
            }
        }
        self.order(g, &mut moves, tt_move, ply);
        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_move = None;
        // A forced reply to an escape threat costs no depth.
        let extend =
            u32::from(g.to_move() == Side::Attackers && ply < MAX_PLY / 2 && self.escape_threat(g));
        let depth = depth + extend;
        for (i, &m) in moves.iter().enumerate() {
            let quiet = i >= 3
                && extend == 0
                && depth >= 3
                && Some(m) != tt_move
                && !self.killers[ply].contains(&Some(m))
                && move_score(g, m) < 1_000;
            // Principal variation search: the first move with the full
            // window, the rest with a null window, searched again only
            // when they beat alpha; late quiet moves one ply shallower
            // first (late move reduction).
            let s = if i == 0 {
                self.child(g, m, depth, alpha, beta, ply)
            } else {
                let reduced = if quiet { depth - 1 } else { depth };
                let mut s = self.child(g, m, reduced, alpha, alpha + 1, ply);
                if s > alpha && !self.aborted && (reduced < depth || s < beta) {
                    s = self.child(g, m, depth, alpha, beta, ply);
                }
                s
            };
            if self.aborted {
                self.bufs[ply] = moves;
                return 0;
            }
            if s > best {
                best = s;
                best_move = Some(m);
            }
            if s > alpha {
                alpha = s;
            }
            if alpha >= beta {
                if !g.raw_captures(m) {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                    let h = &mut self.history[m.slot()];
                    *h = h.saturating_add(depth * depth);
                }
                break;
            }
        }
        self.bufs[ply] = moves;
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[(key as usize) & ((1 << TABLE_BITS) - 1)] = Slot {
            key,
            depth: depth.min(255) as u8,
            bound,
            score: to_table(best, ply),
            best: best_move,
        };
        best
    }

    /// The leaf's value once the captures are played out: the side to
    /// move may stand on the evaluation or capture (up to `left` more
    /// plies of captures), so a search never stops in the middle of an
    /// exchange, or one move short of a win (checked first).
    fn quiesce(&mut self, g: &mut Game, mut alpha: i32, beta: i32, ply: usize, left: u32) -> i32 {
        // The first call comes from a node `negamax` has entered.
        if left < QUIESCE_PLIES
            && let Some(s) = self.enter(g, ply)
        {
            return s;
        }
        if !g.raw_has_move() {
            return -(WIN - ply as i32);
        }
        let leaf = self.evaluate(g);
        if self.wins_now(g, &leaf, ply) {
            return WIN - ply as i32 - 1;
        }
        let stand = leaf.value;
        if left == 0 || ply + 2 >= MAX_PLY || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = self.buf(ply);
        g.raw_capture_moves(&mut moves);
        let mut best = stand;
        for &m in &moves {
            let mover = g.to_move();
            let u = g.make_raw(m);
            let s = if g.to_move() == mover && !g.result().is_over() {
                self.quiesce(g, alpha, beta, ply + 1, left - 1)
            } else {
                -self.quiesce(g, -beta, -alpha, ply + 1, left - 1)
            };
            g.unmake_raw(u);
            if self.aborted {
                self.bufs[ply] = moves;
                return 0;
            }
            best = best.max(s);
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        self.bufs[ply] = moves;
        best
    }

    /// Whether the king has a clear line to an escape square: the
    /// defenders threaten to win next move, so the attackers' reply is
    /// forced and the search looks one move further (like a check
    /// extension in chess).
    fn escape_threat(&self, g: &Game) -> bool {
        let (Some(sq), Some(k)) = (self.squares.as_ref(), g.king()) else {
            return false;
        };
        let n = sq.n as i32;
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (mut f, mut r) = (k.file as i32 + df, k.rank as i32 + dr);
            while f >= 0 && r >= 0 && f < n && r < n {
                let at = Square::new(f as u8, r as u8);
                if g.piece_at(at).is_some() {
                    break;
                }
                if sq.escape[(r * n + f) as usize] {
                    return true;
                }
                f += df;
                r += dr;
            }
        }
        false
    }

    /// A move list for `ply`, reused from search to search.
    fn buf(&mut self, ply: usize) -> Vec<RawMove> {
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, || Vec::with_capacity(128));
        }
        std::mem::take(&mut self.bufs[ply])
    }

    /// The table's move first, then the common order's wins and captures,
    /// then the killers, then quiet moves by history count and the common
    /// order's hints.
    fn order(&mut self, g: &Game, moves: &mut [RawMove], tt: Option<RawMove>, ply: usize) {
        let k = self.killers[ply];
        let history = &self.history;
        order_by(moves, &mut self.scratch, |m| {
            if Some(m) == tt {
                return BEST_FIRST;
            }
            let s = move_score(g, m);
            if s >= 1_000 {
                s // an escape or a capture
            } else if Some(m) == k[0] {
                900
            } else if Some(m) == k[1] {
                899
            } else {
                // Quiet moves: history counts (capped below the killers),
                // ties broken by the hints.
                let h = history[m.slot()].min(200_000) as i32;
                -100_000 + h + s
            }
        });
    }

    /// Whether the side to move wins with one move (checked at the leaves
    /// so that a search never stops one move short of an escape or a
    /// capture of the king). Moves are generated only when the leaf's
    /// look at the king says a win may be there.
    fn wins_now(&mut self, g: &mut Game, leaf: &Leaf, ply: usize) -> bool {
        let me = g.to_move();
        let possible = match me {
            Side::Defenders => leaf.king_escapes,
            Side::Attackers => leaf.hemmed > 0,
        };
        if !possible {
            return false;
        }
        let king = g.king();
        let mut moves = self.buf(ply);
        g.raw_moves(&mut moves);
        let mut won = false;
        for &m in &moves {
            let candidate = g.raw_escapes(m)
                || (me == Side::Attackers
                    && g.raw_captures(m)
                    && matches!((g.raw_to_move(m), king), (Some(mv), Some(k)) if adjacent(mv.to, k)));
            if candidate {
                let u = g.make_raw(m);
                won = winner(g.result()) == Some(me);
                g.unmake_raw(u);
                if won {
                    break;
                }
            }
        }
        self.bufs[ply] = moves;
        won
    }

    /// The position's value for the side to move, and what the leaf's
    /// win check needs to know of the king.
    fn evaluate(&mut self, g: &Game) -> Leaf {
        let sq = self.squares.as_ref().expect("set up by choose");
        let n = sq.n;
        g.piece_grid(&mut self.grid);
        let grid = &self.grid;
        let (mut att, mut def) = (0i32, 0i32);
        let mut king = None;
        for (i, p) in grid.iter().enumerate() {
            match p {
                Some(Piece::Attacker) => att += 1,
                Some(Piece::Defender) => def += 1,
                Some(Piece::King) => king = Some(i),
                None => {}
            }
        }
        // From the attackers' side.
        let mut v = 100 * att - 180 * def;
        let mut leaf = Leaf {
            value: 0,
            king_escapes: false,
            hemmed: 0,
        };
        if let Some(k) = king {
            let (kf, kr) = ((k % n) as i32, (k / n) as i32);
            let ni = n as i32;
            let at = |f: i32, r: i32| -> Option<usize> {
                (f >= 0 && r >= 0 && f < ni && r < ni).then(|| (r * ni + f) as usize)
            };
            // Squares the king reaches in one move, and escapes among them
            // and one further move on.
            let dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
            let mut one = 0;
            let mut two = 0;
            let mut reach = 0;
            for (df, dr) in dirs {
                let (mut f, mut r) = (kf + df, kr + dr);
                while let Some(i) = at(f, r) {
                    if grid[i].is_some() {
                        break;
                    }
                    reach += 1;
                    if sq.escape[i] {
                        one += 1;
                    } else {
                        for (ef, er) in dirs {
                            if (ef, er) == (-df, -dr) {
                                continue;
                            }
                            let (mut f2, mut r2) = (f + ef, r + er);
                            while let Some(j) = at(f2, r2) {
                                if grid[j].is_some() {
                                    break;
                                }
                                if sq.escape[j] {
                                    two += 1;
                                    break;
                                }
                                f2 += ef;
                                r2 += er;
                            }
                        }
                    }
                    f += df;
                    r += dr;
                }
            }
            let mut hemmed = 0;
            for (df, dr) in dirs {
                match at(kf + df, kr + dr) {
                    Some(i) if grid[i] == Some(Piece::Attacker) => hemmed += 1,
                    Some(i) if grid[i].is_none() && sq.king_only[i] => hemmed += 1,
                    _ => {}
                }
            }
            leaf.king_escapes = one > 0;
            leaf.hemmed = hemmed;
            let attackers_to_move = g.to_move() == Side::Attackers;
            v -= match one {
                0 => 0,
                1 if attackers_to_move => 150,
                _ if attackers_to_move => 3_000,
                _ => 20_000,
            };
            v -= 60 * two.min(6) + 3 * reach;
            v += 40 * hemmed * hemmed;
            // The king's distance from the nearest escape square, roughly.
            let edge = kf.min(kr).min(ni - 1 - kf).min(ni - 1 - kr);
            v += 8 * edge;
            // Attackers near the king hem it in (within three steps).
            for r in (kr - 3).max(0)..=(kr + 3).min(ni - 1) {
                for f in (kf - 3).max(0)..=(kf + 3).min(ni - 1) {
                    let d = (f - kf).abs() + (r - kr).abs();
                    if d <= 3 && grid[(r * ni + f) as usize] == Some(Piece::Attacker) {
                        v += 6 * (4 - d);
                    }
                }
            }
        }
        leaf.value = if g.to_move() == Side::Attackers {
            v
        } else {
            -v
        };
        leaf
    }
}

/// Won and lost scores count plies from the root; the table keeps them
/// counted from the position itself, so they stay true wherever the
/// position comes again.
fn to_table(s: i32, ply: usize) -> i32 {
    match s {
        s if s > WIN / 2 => s + ply as i32,
        s if s < -WIN / 2 => s - ply as i32,
        s => s,
    }
}

fn from_table(s: i32, ply: usize) -> i32 {
    match s {
        s if s > WIN / 2 => s - ply as i32,
        s if s < -WIN / 2 => s + ply as i32,
        s => s,
    }
}

fn hash_move(m: RawMove) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    m.hash(&mut h);
    h.finish()
}
