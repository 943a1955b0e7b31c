//! The engine proper: a position on a compact board, legal move
//! generation, moves with all their captures, results and the history that
//! repetition rules and draw forts need.
//!
//! The board is a flat array with a one-square border of "off board"
//! cells, so a rook-like slide stops at the border without bounds checks;
//! per-square rules (who may stop, pass, whom a square is hostile to) are
//! precomputed from the variant once. Moves are generated into a reused
//! buffer; `perft` makes and unmakes moves in place, so nothing is
//! allocated per generated move.

use std::fmt;
use std::sync::Arc;

use super::notation::{self, MAX_SIZE, Move, Square};
use super::variant::{
    Access, Escape, KingCapture, OptionalRule, Piece, Repetition, Side, SpecialSquare, Variant,
};
use crate::diagnostics::line_col;

const EMPTY: u8 = 0;
const ATT: u8 = 1;
const DEF: u8 = 2;
const KING: u8 = 3;
const OFF: u8 = 4;

/// Access masks: bit `1 << kind`.
const ALL: u8 = (1 << ATT) | (1 << DEF) | (1 << KING);
/// Hostility masks: bit `1 << ATT` hostile to attackers, `1 << DEF` to defenders.
const HOSTILE_TO_ATT: u8 = 1 << ATT;
const HOSTILE_TO_DEF: u8 = 1 << DEF;

fn side_of(cell: u8) -> Option<Side> {
    match cell {
        ATT => Some(Side::Attackers),
        DEF | KING => Some(Side::Defenders),
        _ => None,
    }
}

fn cell_of(p: Option<Piece>) -> u8 {
    match p {
        None => EMPTY,
        Some(Piece::Attacker) => ATT,
        Some(Piece::Defender) => DEF,
        Some(Piece::King) => KING,
    }
}

fn piece_of(cell: u8) -> Option<Piece> {
    match cell {
        ATT => Some(Piece::Attacker),
        DEF => Some(Piece::Defender),
        KING => Some(Piece::King),
        _ => None,
    }
}

fn side_index(s: Side) -> usize {
    match s {
        Side::Attackers => 0,
        Side::Defenders => 1,
    }
}

/// How a game ended, from the winner's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    KingEscaped,
    KingCaptured,
    Encircled,
    NoLegalMove,
    Repetition,
    DrawFort,
    TurnLimit,
}

impl WinReason {
    /// A short phrase: "the king escaped".
    pub fn describe(self) -> &'static str {
        match self {
            WinReason::KingEscaped => "the king escaped",
            WinReason::KingCaptured => "the king was captured",
            WinReason::Encircled => "the defenders are encircled",
            WinReason::NoLegalMove => "the loser had no legal move",
            WinReason::Repetition => "the loser repeated the position a third time",
            WinReason::DrawFort => "the defenders made a draw fort",
            WinReason::TurnLimit => "the king did not escape within the turn limit",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Ongoing,
    Win { winner: Side, reason: WinReason },
}

impl GameResult {
    pub fn is_over(self) -> bool {
        self != GameResult::Ongoing
    }
    fn win(winner: Side, reason: WinReason) -> GameResult {
        GameResult::Win { winner, reason }
    }
}

impl fmt::Display for GameResult {
    /// `ongoing`, `attackers win`, `defenders win` (the `play` contract).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Ongoing => f.write_str("ongoing"),
            GameResult::Win { winner, .. } => write!(f, "{winner} win"),
        }
    }
}

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// Squares whose pieces were taken (the king's included).
    pub captured: Vec<Square>,
    pub result: GameResult,
    /// Berserker: the same piece may move again (or the turn may be ended
    /// with [`Game::end_turn`]).
    pub turn_continues: bool,
}

/// A move that may not be made, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub mv: String,
    pub reason: String,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.mv, self.reason)
    }
}

impl std::error::Error for IllegalMove {}

/// A variant's rules turned into per-square tables.
#[derive(Debug)]
struct Rules {
    n: usize,
    w: usize,
    dirs: [isize; 4],
    /// Padded indices of the squares on the board, bottom row first.
    squares: Vec<u16>,
    /// Padded indices of the edge squares (where encirclement's flood fill
    /// starts).
    edge: Vec<u16>,
    stop: Vec<u8>,
    pass: Vec<u8>,
    hostile: Vec<u8>,
    escape: Vec<bool>,
    centre: Option<usize>,
    armed: bool,
    anvil: bool,
    three_beside_centre: bool,
    besieged: bool,
    encirclement: bool,
    repetition: Repetition,
    fort_min: Option<u32>,
    berserker: bool,
    shield_wall: bool,
    turn_limit: Option<u32>,
    zob: Vec<[u64; 4]>,
    zob_side: u64,
}

fn access_mask(a: Access) -> u8 {
    match a {
        Access::Everyone => ALL,
        Access::KingOnly => 1 << KING,
        Access::Nobody => 0,
    }
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rules {
    fn new(v: &Variant) -> Rules {
        // Unchecked variants still must not make the engine misbehave:
        // clamp the size into what the board can hold.
        let n = v.size.clamp(1, MAX_SIZE);
        let w = n + 2;
        let total = w * w;
        let mut squares = Vec::with_capacity(n * n);
        let mut edge = Vec::new();
        for rank in 0..n {
            for file in 0..n {
                let i = (rank + 1) * w + file + 1;
                squares.push(i as u16);
                if rank == 0 || file == 0 || rank == n - 1 || file == n - 1 {
                    edge.push(i as u16);
                }
            }
        }
        let mut stop = vec![0u8; total];
        let mut pass = vec![0u8; total];
        let hostile = vec![0u8; total];
        let mut escape = vec![false; total];
        for &i in &squares {
            stop[i as usize] = ALL;
            pass[i as usize] = ALL;
        }
        let mut r = Rules {
            n,
            w,
            dirs: [1, -1, w as isize, -(w as isize)],
            squares,
            edge,
            stop,
            pass,
            hostile,
            escape: Vec::new(),
            centre: None,
            armed: v.king.armed,
            anvil: v.king.anvil,
            three_beside_centre: v.king.capture == KingCapture::FourOrThreeBesideCentre,
            besieged: v.king.besieged_king_betrays_defender,
            encirclement: v.encirclement,
            repetition: v.repetition,
            fort_min: v.draw_fort.map(|d| d.min_men),
            berserker: false,
            shield_wall: false,
            turn_limit: None,
            zob: Vec::new(),
            zob_side: 0,
        };
        let corners = [
            r.idx(0, 0),
            r.idx(n - 1, 0),
            r.idx(0, n - 1),
            r.idx(n - 1, n - 1),
        ];
        if n % 2 == 1 {
            r.centre = Some(r.idx(n / 2, n / 2));
        }
        if let (Some(c), Some(spec)) = (r.centre, v.centre) {
            r.apply_special(c, spec);
        }
        if let Some(spec) = v.corners {
            for c in corners {
                r.apply_special(c, spec);
            }
        }
        match v.escape {
            Escape::Edge => {
                for &e in &r.edge {
                    escape[e as usize] = true;
                }
            }
            Escape::Corner => {
                for c in corners {
                    escape[c] = true;
                }
            }
        }
        r.escape = escape;
        for o in v.options.iter().filter(|o| o.enabled) {
            match o.rule {
                OptionalRule::Berserker => r.berserker = true,
                OptionalRule::ShieldWall => r.shield_wall = true,
                OptionalRule::SkilledPlay { turn_limit } => r.turn_limit = Some(turn_limit),
            }
        }
        let mut seed = 0x7AF1_u64;
        r.zob = (0..total)
            .map(|_| {
                [
                    0,
                    splitmix(&mut seed),
                    splitmix(&mut seed),
                    splitmix(&mut seed),
                ]
            })
            .collect();
        r.zob_side = splitmix(&mut seed);
        r
    }

    fn apply_special(&mut self, i: usize, s: SpecialSquare) {
        self.stop[i] = access_mask(s.stop);
        self.pass[i] = access_mask(s.pass);
        self.hostile[i] = (if s.hostile_to_attackers {
            HOSTILE_TO_ATT
        } else {
            0
        }) | (if s.hostile_to_defenders {
            HOSTILE_TO_DEF
        } else {
            0
        });
    }

    fn idx(&self, file: usize, rank: usize) -> usize {
        (rank + 1) * self.w + file + 1
    }

    fn square(&self, i: usize) -> Square {
        Square {
            file: (i % self.w - 1) as u8,
            rank: (i / self.w - 1) as u8,
        }
    }

    fn index_of(&self, sq: Square) -> Option<usize> {
        let (f, r) = (sq.file as usize, sq.rank as usize);
        (f < self.n && r < self.n).then(|| self.idx(f, r))
    }

    fn step(&self, i: usize, d: isize) -> usize {
        // The border means any on-board square plus one step stays inside
        // the array; callers never step from a border cell.
        (i as isize + d) as usize
    }
}

/// What `unmake` needs to restore.
struct Undo {
    from: u16,
    to: u16,
    kind: u8,
    caps: [(u16, u8); 4],
    ncaps: u8,
    extra: Vec<(u16, u8)>,
    hash: u64,
    dhash: u64,
    king: Option<u16>,
    result: GameResult,
    window: usize,
    fort_window: usize,
    pushed_fort: bool,
    last: Option<(u16, u16)>,
    to_move: Side,
    chain: Option<u16>,
    defender_turns: u32,
}

#[derive(Clone, Debug)]
struct State {
    cells: Vec<u8>,
    to_move: Side,
    hash: u64,
    /// Hash of the defenders' pieces only (draw forts).
    dhash: u64,
    king: Option<u16>,
    /// Hashes of every position so far, the current one last.
    history: Vec<u64>,
    /// Positions before this index cannot recur (a capture came between).
    window: usize,
    forts: Vec<u64>,
    fort_window: usize,
    /// Each side's last move (from, to), for the no-return rule.
    last: [Option<(u16, u16)>; 2],
    result: GameResult,
    /// Berserker: the piece that may move again.
    chain: Option<u16>,
    defender_turns: u32,
    stamp: Vec<u32>,
    stamp_gen: u32,
    stack: Vec<u16>,
}

impl State {
    fn empty(r: &Rules, to_move: Side) -> State {
        let total = r.w * r.w;
        let mut cells = vec![OFF; total];
        for &i in &r.squares {
            cells[i as usize] = EMPTY;
        }
        State {
            cells,
            to_move,
            hash: 0,
            dhash: 0,
            king: None,
            history: Vec::new(),
            window: 0,
            forts: Vec::new(),
            fort_window: 0,
            last: [None, None],
            result: GameResult::Ongoing,
            chain: None,
            defender_turns: 0,
            stamp: vec![0; total],
            stamp_gen: 0,
            stack: Vec::new(),
        }
    }

    /// Sets up hashes and histories once the cells are placed.
    fn start(&mut self, r: &Rules) {
        self.hash = if self.to_move == Side::Defenders {
            r.zob_side
        } else {
            0
        };
        self.dhash = 0;
        self.king = None;
        for &i in &r.squares {
            let c = self.cells[i as usize];
            if c != EMPTY {
                self.hash ^= r.zob[i as usize][c as usize];
                if c != ATT {
                    self.dhash ^= r.zob[i as usize][c as usize];
                }
                if c == KING && self.king.is_none() {
                    self.king = Some(i);
                }
            }
        }
        self.history = vec![self.hash];
        if r.fort_min.is_some() && self.to_move == Side::Attackers {
            self.forts = vec![self.dhash];
        }
        self.result = self.static_result(r);
    }

    /// The result of a position looked at on its own (a start or a
    /// `--from` position): no history.
    fn static_result(&mut self, r: &Rules) -> GameResult {
        match self.king {
            None => return GameResult::win(Side::Attackers, WinReason::KingCaptured),
            Some(k) => {
                if r.escape[k as usize] {
                    return GameResult::win(Side::Defenders, WinReason::KingEscaped);
                }
                if self.king_surrounded(r, k as usize) {
                    return GameResult::win(Side::Attackers, WinReason::KingCaptured);
                }
            }
        }
        if r.encirclement && self.encircled(r) {
            return GameResult::win(Side::Attackers, WinReason::Encircled);
        }
        if !self.has_move(r) {
            return GameResult::win(self.to_move.opponent(), WinReason::NoLegalMove);
        }
        GameResult::Ongoing
    }

    fn has_move(&self, r: &Rules) -> bool {
        let mut buf = Vec::new();
        self.generate(r, &mut buf);
        !buf.is_empty()
    }

    fn king_surrounded(&self, r: &Rules, k: usize) -> bool {
        r.dirs.iter().all(|&d| {
            let m = r.step(k, d);
            let c = self.cells[m];
            c == ATT || (r.three_beside_centre && Some(m) == r.centre && c == EMPTY)
        })
    }

    /// Whether the square `f` closes a sandwich for `side` against the
    /// enemy piece on `victim`. `cell` reads the board as it would be.
    fn anvil(r: &Rules, cell: &impl Fn(usize) -> u8, f: usize, side: Side, victim: usize) -> bool {
        let c = cell(f);
        match side {
            Side::Attackers => {
                c == ATT
                    || (c == EMPTY && r.hostile[f] & HOSTILE_TO_DEF != 0)
                    || (c == KING
                        && r.besieged
                        && Some(f) == r.centre
                        && r.dirs.iter().all(|&d| {
                            let m = r.step(f, d);
                            m == victim || cell(m) == ATT
                        }))
            }
            Side::Defenders => {
                c == DEF
                    || (c == KING && r.anvil)
                    || (c == EMPTY && r.hostile[f] & HOSTILE_TO_ATT != 0)
            }
        }
    }

    /// The ordinary captures (sandwiches) a piece of `kind` closes by
    /// arriving on `to`, and whether it takes the king.
    fn sandwiches(
        r: &Rules,
        cell: &impl Fn(usize) -> u8,
        to: usize,
        kind: u8,
        mut found: impl FnMut(usize, u8),
    ) {
        let Some(side) = side_of(kind) else {
            return;
        };
        let enemy = if side == Side::Attackers { DEF } else { ATT };
        if kind != KING || r.armed {
            for &d in &r.dirs {
                let n = r.step(to, d);
                let c = cell(n);
                if c == enemy && Self::anvil(r, cell, r.step(n, d), side, n) {
                    found(n, c);
                }
            }
        }
        if side == Side::Attackers {
            for &d in &r.dirs {
                let k = r.step(to, d);
                if cell(k) == KING
                    && r.dirs.iter().all(|&dd| {
                        let m = r.step(k, dd);
                        let c = cell(m);
                        c == ATT || (r.three_beside_centre && Some(m) == r.centre && c == EMPTY)
                    })
                {
                    found(k, KING);
                }
            }
        }
    }

    /// Whether moving `from`→`to` would capture anything (sandwiches and
    /// the king; shield walls are not looked at here).
    fn would_capture(&self, r: &Rules, from: usize, to: usize) -> bool {
        let kind = self.cells[from];
        let cell = |i: usize| {
            if i == from {
                EMPTY
            } else if i == to {
                kind
            } else {
                self.cells[i]
            }
        };
        let mut any = false;
        Self::sandwiches(r, &cell, to, kind, |_, _| any = true);
        any
    }

    fn count_in(list: &[u64], h: u64) -> usize {
        list.iter().filter(|&&x| x == h).count()
    }

    /// Whether a move that the pieces allow is also allowed by the
    /// repetition rule.
    fn repetition_allows(&self, r: &Rules, from: usize, to: usize) -> bool {
        match r.repetition {
            Repetition::NoReturn => {
                self.last[side_index(self.to_move)] != Some((to as u16, from as u16))
            }
            Repetition::ThirdForbidden => {
                let k = self.cells[from] as usize;
                let side_key = if self.chain.is_some() { 0 } else { r.zob_side };
                let h = self.hash ^ r.zob[from][k] ^ r.zob[to][k] ^ side_key;
                // A capture makes a position that never occurred before.
                Self::count_in(&self.history[self.window..], h) < 2
                    || self.would_capture(r, from, to)
            }
            _ => true,
        }
    }

    /// All legal moves into `out` (cleared first); none when the game is
    /// over.
    fn generate(&self, r: &Rules, out: &mut Vec<(u16, u16)>) {
        out.clear();
        if self.result.is_over() {
            return;
        }
        let check_rep = matches!(
            r.repetition,
            Repetition::NoReturn | Repetition::ThirdForbidden
        );
        let from_one = |from: usize, out: &mut Vec<(u16, u16)>| {
            let k = self.cells[from];
            let bit = 1u8 << k;
            for &d in &r.dirs {
                let mut t = r.step(from, d);
                while self.cells[t] == EMPTY {
                    if r.stop[t] & bit != 0 && (!check_rep || self.repetition_allows(r, from, t)) {
                        out.push((from as u16, t as u16));
                    }
                    if r.pass[t] & bit == 0 {
                        break;
                    }
                    t = r.step(t, d);
                }
            }
        };
        if let Some(c) = self.chain {
            from_one(c as usize, out);
            return;
        }
        for &sq in &r.squares {
            let c = self.cells[sq as usize];
            if side_of(c) == Some(self.to_move) {
                from_one(sq as usize, out);
            }
        }
    }

    /// Flood fill from the edge through every square not holding an
    /// attacker: encircled when it meets no defender and no king.
    fn encircled(&mut self, r: &Rules) -> bool {
        self.stamp_gen = self.stamp_gen.wrapping_add(1);
        if self.stamp_gen == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp_gen = 1;
        }
        let g = self.stamp_gen;
        self.stack.clear();
        for &e in &r.edge {
            match self.cells[e as usize] {
                DEF | KING => return false,
                EMPTY => {
                    self.stamp[e as usize] = g;
                    self.stack.push(e);
                }
                _ => {}
            }
        }
        while let Some(i) = self.stack.pop() {
            for &d in &r.dirs {
                let m = r.step(i as usize, d);
                match self.cells[m] {
                    DEF | KING => return false,
                    EMPTY if self.stamp[m] != g => {
                        self.stamp[m] = g;
                        self.stack.push(m as u16);
                    }
                    _ => {}
                }
            }
        }
        true
    }

    /// Shield wall: groups of enemy pieces next to `to` that are closed in
    /// by the mover's pieces, hostile or forbidden squares and the board
    /// edge, and that have at least two pieces, are taken (not the king).
    fn shield_walls(&mut self, r: &Rules, to: usize, side: Side, out: &mut Vec<(u16, u8)>) {
        let enemy_side = side.opponent();
        let mut group: Vec<u16> = Vec::new();
        for &d in &r.dirs {
            let n = r.step(to, d);
            if side_of(self.cells[n]) != Some(enemy_side) {
                continue;
            }
            if out.iter().any(|&(s, _)| s as usize == n) {
                continue;
            }
            // Collect the group.
            group.clear();
            self.stamp_gen = self.stamp_gen.wrapping_add(1).max(1);
            let g = self.stamp_gen;
            self.stamp[n] = g;
            group.push(n as u16);
            let mut i = 0;
            let mut kinds = 0u8;
            while i < group.len() {
                let s = group[i] as usize;
                kinds |= 1 << self.cells[s];
                for &dd in &r.dirs {
                    let m = r.step(s, dd);
                    if side_of(self.cells[m]) == Some(enemy_side) && self.stamp[m] != g {
                        self.stamp[m] = g;
                        group.push(m as u16);
                    }
                }
                i += 1;
            }
            let hostile_bit = if enemy_side == Side::Attackers {
                HOSTILE_TO_ATT
            } else {
                HOSTILE_TO_DEF
            };
            let enclosed = group.iter().all(|&s| {
                r.dirs.iter().all(|&dd| {
                    let m = r.step(s as usize, dd);
                    let c = self.cells[m];
                    match c {
                        OFF => true,
                        EMPTY => {
                            r.hostile[m] & hostile_bit != 0
                                || (r.stop[m] & kinds == 0 && r.pass[m] & kinds == 0)
                        }
                        _ if side_of(c) == Some(enemy_side) => true,
                        KING => r.armed,
                        _ => true,
                    }
                })
            });
            if enclosed && group.len() >= 2 {
                for &s in &group {
                    let c = self.cells[s as usize];
                    if c != KING {
                        out.push((s, c));
                    }
                }
            }
        }
    }

    fn remove(&mut self, r: &Rules, i: usize) {
        let c = self.cells[i];
        self.cells[i] = EMPTY;
        self.hash ^= r.zob[i][c as usize];
        if c != ATT {
            self.dhash ^= r.zob[i][c as usize];
        }
        if c == KING {
            self.king = None;
        }
    }

    fn put(&mut self, r: &Rules, i: usize, c: u8) {
        self.cells[i] = c;
        self.hash ^= r.zob[i][c as usize];
        if c != ATT {
            self.dhash ^= r.zob[i][c as usize];
        }
        if c == KING {
            self.king = Some(i as u16);
        }
    }

    /// Makes a move the caller knows is legal. Sets `result` from
    /// everything but "the next side has no move" (the caller looks at
    /// that, since perft learns it for free).
    fn make(&mut self, r: &Rules, from: usize, to: usize) -> Undo {
        let kind = self.cells[from];
        let side = self.to_move;
        let mut u = Undo {
            from: from as u16,
            to: to as u16,
            kind,
            caps: [(0, 0); 4],
            ncaps: 0,
            extra: Vec::new(),
            hash: self.hash,
            dhash: self.dhash,
            king: self.king,
            result: self.result,
            window: self.window,
            fort_window: self.fort_window,
            pushed_fort: false,
            last: self.last[side_index(side)],
            to_move: side,
            chain: self.chain,
            defender_turns: self.defender_turns,
        };
        self.remove(r, from);
        self.put(r, to, kind);

        let mut caps = [(0u16, 0u8); 4];
        let mut ncaps = 0usize;
        let mut king_taken = false;
        {
            let cells = &self.cells;
            let cell = |i: usize| cells[i];
            Self::sandwiches(r, &cell, to, kind, |sq, c| {
                if c == KING {
                    king_taken = true;
                }
                if ncaps < 4 && !caps[..ncaps].iter().any(|&(s, _)| s as usize == sq) {
                    caps[ncaps] = (sq as u16, c);
                    ncaps += 1;
                }
            });
        }
        for &(sq, _) in &caps[..ncaps] {
            self.remove(r, sq as usize);
        }
        u.caps = caps;
        u.ncaps = ncaps as u8;
        if r.shield_wall {
            let mut extra = Vec::new();
            self.shield_walls(r, to, side, &mut extra);
            for &(sq, _) in &extra {
                self.remove(r, sq as usize);
            }
            u.extra = extra;
        }
        let captured = ncaps > 0 || !u.extra.is_empty();

        self.last[side_index(side)] = Some((from as u16, to as u16));
        let mut result = GameResult::Ongoing;
        if kind == KING && r.escape[to] {
            result = GameResult::win(Side::Defenders, WinReason::KingEscaped);
        } else if king_taken {
            result = GameResult::win(Side::Attackers, WinReason::KingCaptured);
        }

        // Berserker: the capturing piece may go on if it can move.
        self.chain = None;
        let mut continues = false;
        if r.berserker && captured && !result.is_over() {
            self.chain = Some(to as u16);
            continues = self.has_move(r);
            if !continues {
                self.chain = None;
            }
        }
        if !continues {
            self.to_move = side.opponent();
            self.hash ^= r.zob_side;
        }
        if captured {
            self.window = self.history.len();
            self.fort_window = self.forts.len();
        }
        self.history.push(self.hash);

        if !result.is_over() {
            if r.repetition == Repetition::ThirdLoses
                && Self::count_in(&self.history[self.window..], self.hash) >= 3
            {
                result = GameResult::win(side.opponent(), WinReason::Repetition);
            } else if side == Side::Attackers && r.encirclement && self.encircled(r) {
                result = GameResult::win(Side::Attackers, WinReason::Encircled);
            }
        }
        if side == Side::Defenders && !continues {
            self.defender_turns += 1;
            if let Some(min) = r.fort_min {
                self.forts.push(self.dhash);
                u.pushed_fort = true;
                let men = r
                    .squares
                    .iter()
                    .filter(|&&i| self.cells[i as usize] == DEF)
                    .count() as u32;
                if !result.is_over()
                    && self.king.is_some()
                    && men >= min
                    && Self::count_in(&self.forts[self.fort_window..], self.dhash) >= 3
                {
                    result = GameResult::win(Side::Attackers, WinReason::DrawFort);
                }
            }
            if let Some(limit) = r.turn_limit
                && !result.is_over()
                && self.defender_turns >= limit
            {
                result = GameResult::win(Side::Attackers, WinReason::TurnLimit);
            }
        }
        self.result = result;
        u
    }

    fn unmake(&mut self, u: Undo) {
        let (from, to) = (u.from as usize, u.to as usize);
        self.cells[to] = EMPTY;
        self.cells[from] = u.kind;
        for &(sq, c) in u.caps[..u.ncaps as usize].iter().chain(u.extra.iter()) {
            self.cells[sq as usize] = c;
        }
        self.hash = u.hash;
        self.dhash = u.dhash;
        self.king = u.king;
        self.result = u.result;
        self.window = u.window;
        self.fort_window = u.fort_window;
        if u.pushed_fort {
            self.forts.pop();
        }
        self.history.pop();
        self.last[side_index(u.to_move)] = u.last;
        self.to_move = u.to_move;
        self.chain = u.chain;
        self.defender_turns = u.defender_turns;
    }

    fn perft(&mut self, r: &Rules, depth: usize, bufs: &mut [Vec<(u16, u16)>]) -> u64 {
        if depth == 0 || self.result.is_over() {
            return 1;
        }
        let Some((buf, rest)) = bufs.split_first_mut() else {
            return 1;
        };
        self.generate(r, buf);
        if buf.is_empty() {
            // No legal move: the side to move has lost; a leaf.
            return 1;
        }
        if depth == 1 {
            return buf.len() as u64;
        }
        let mut total = 0;
        for &(f, t) in buf.iter() {
            let u = self.make(r, f as usize, t as usize);
            total += self.perft(r, depth - 1, rest);
            self.unmake(u);
        }
        total
    }
}

/// A game in progress: the position, whose turn it is, and the history
/// the variant's repetition and draw-fort rules need.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Arc<Rules>,
    st: State,
}

impl Game {
    /// The variant's start position. Defenders move first when skilled
    /// play is switched on.
    pub fn new(variant: &Variant) -> Game {
        Game::with_cells(variant, &variant.setup, variant.first_mover())
    }

    fn with_cells(variant: &Variant, board: &[Vec<Option<Piece>>], to_move: Side) -> Game {
        let rules = Rules::new(variant);
        let mut st = State::empty(&rules, to_move);
        let n = rules.n;
        for (row, cells) in board.iter().take(n).enumerate() {
            for (file, &p) in cells.iter().take(n).enumerate() {
                let i = rules.idx(file, n - 1 - row);
                st.cells[i] = cell_of(p);
            }
        }
        st.start(&rules);
        Game {
            rules: Arc::new(rules),
            st,
        }
    }

    /// A position in setup notation (`board` as `play --from` reads it),
    /// with `to_move` to play. It must fit the variant's board, have one
    /// king, and nothing but the king on squares only the king may enter.
    pub fn from_diagram(variant: &Variant, diagram: &str, to_move: Side) -> Result<Game, String> {
        let rows = notation::parse_rows(diagram).map_err(|(at, msg)| {
            let (l, c) = line_col(diagram, at);
            format!("line {l}, column {c}: {msg}")
        })?;
        let n = variant.size;
        if rows.len() != n {
            return Err(format!(
                "the position has {} rows; the {} board needs {n}",
                rows.len(),
                variant.name
            ));
        }
        let mut kings = 0;
        let mut board = Vec::with_capacity(n);
        for (i, row) in rows.iter().enumerate() {
            if row.cells.len() != n {
                let (l, _) = line_col(diagram, row.offset);
                return Err(format!(
                    "line {l}: row {} has {} cells; the board is {n} wide",
                    i + 1,
                    row.cells.len()
                ));
            }
            kings += row
                .cells
                .iter()
                .filter(|c| c.piece == Some(Piece::King))
                .count();
            board.push(row.cells.iter().map(|c| c.piece).collect::<Vec<_>>());
        }
        if kings != 1 {
            return Err(format!("the position needs exactly one king, not {kings}"));
        }
        let game = Game::with_cells(variant, &board, to_move);
        let r = &game.rules;
        for &i in &r.squares {
            let c = game.st.cells[i as usize];
            if c == ATT || c == DEF {
                let bit = 1u8 << c;
                if r.stop[i as usize] & bit == 0 {
                    let p = piece_of(c).map_or("piece", |p| match p {
                        Piece::Attacker => "an attacker",
                        _ => "a defender",
                    });
                    return Err(format!(
                        "{} is a square only the king may enter, but {p} stands on it",
                        r.square(i as usize)
                    ));
                }
            }
        }
        Ok(game)
    }

    pub fn size(&self) -> usize {
        self.rules.n
    }

    pub fn to_move(&self) -> Side {
        self.st.to_move
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.rules
            .index_of(sq)
            .and_then(|i| piece_of(self.st.cells[i]))
    }

    /// Where the king stands (none once captured).
    pub fn king(&self) -> Option<Square> {
        self.st.king.map(|k| self.rules.square(k as usize))
    }

    /// The piece that may move again in a berserker turn.
    pub fn berserker_piece(&self) -> Option<Square> {
        self.st.chain.map(|c| self.rules.square(c as usize))
    }

    /// Every legal move, in board order (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut buf = Vec::new();
        self.st.generate(&self.rules, &mut buf);
        buf.iter()
            .map(|&(f, t)| Move {
                from: self.rules.square(f as usize),
                to: self.rules.square(t as usize),
            })
            .collect()
    }

    /// The legal moves of the piece on `sq`.
    pub fn legal_moves_from(&self, sq: Square) -> Vec<Move> {
        self.legal_moves()
            .into_iter()
            .filter(|m| m.from == sq)
            .collect()
    }

    pub fn result(&self) -> GameResult {
        self.st.result
    }

    /// The position, rows from the top (as `Variant::setup`).
    pub fn board(&self) -> Vec<Vec<Option<Piece>>> {
        let n = self.rules.n;
        (0..n)
            .map(|row| {
                (0..n)
                    .map(|file| piece_of(self.st.cells[self.rules.idx(file, n - 1 - row)]))
                    .collect()
            })
            .collect()
    }

    /// The position in setup notation, as `play` prints it.
    pub fn diagram(&self) -> String {
        notation::write_rows(&self.board())
    }

    fn illegal(&self, mv: Move, reason: impl Into<String>) -> IllegalMove {
        IllegalMove {
            mv: mv.to_string(),
            reason: reason.into(),
        }
    }

    fn piece_name(c: u8) -> &'static str {
        match c {
            ATT => "an attacker",
            DEF => "a defender",
            KING => "the king",
            _ => "nothing",
        }
    }

    /// Why `mv` may not be made, or `None` when it may.
    fn check(&self, mv: Move) -> Result<(usize, usize), IllegalMove> {
        let r = &*self.rules;
        let st = &self.st;
        if let GameResult::Win { winner, reason } = st.result {
            return Err(self.illegal(
                mv,
                format!(
                    "the game is already over: {winner} win ({})",
                    reason.describe()
                ),
            ));
        }
        let n = r.n;
        let Some(from) = r.index_of(mv.from) else {
            return Err(self.illegal(mv, format!("{} is not on the {n}×{n} board", mv.from)));
        };
        let Some(to) = r.index_of(mv.to) else {
            return Err(self.illegal(mv, format!("{} is not on the {n}×{n} board", mv.to)));
        };
        let c = st.cells[from];
        let Some(owner) = side_of(c) else {
            return Err(self.illegal(mv, format!("there is no piece on {}", mv.from)));
        };
        if owner != st.to_move {
            return Err(self.illegal(
                mv,
                format!(
                    "not your piece: {} on {} belongs to the {owner}, and it is the {}' turn",
                    Self::piece_name(c),
                    mv.from,
                    st.to_move
                ),
            ));
        }
        if let Some(ch) = st.chain
            && ch as usize != from
        {
            return Err(self.illegal(
                mv,
                format!(
                    "only the piece on {} may move again after its capture (berserker); \
                     or end the turn with 'pass'",
                    r.square(ch as usize)
                ),
            ));
        }
        if from == to {
            return Err(self.illegal(mv, "a piece must move at least one square"));
        }
        if mv.from.file != mv.to.file && mv.from.rank != mv.to.rank {
            return Err(self.illegal(
                mv,
                "pieces move along a row or a column, never diagonally or like a knight",
            ));
        }
        let d = if mv.from.file == mv.to.file {
            if mv.to.rank > mv.from.rank {
                r.w as isize
            } else {
                -(r.w as isize)
            }
        } else if mv.to.file > mv.from.file {
            1
        } else {
            -1
        };
        let bit = 1u8 << c;
        let mut t = r.step(from, d);
        loop {
            let tc = st.cells[t];
            if tc != EMPTY {
                let what = if t == to { "occupied" } else { "in the way" };
                return Err(self.illegal(
                    mv,
                    format!(
                        "blocked: {} on {} is {what}",
                        Self::piece_name(tc),
                        r.square(t)
                    ),
                ));
            }
            if t == to {
                break;
            }
            if r.pass[t] & bit == 0 {
                let who = if r.pass[t] & (1 << KING) != 0 {
                    "only the king may pass over"
                } else {
                    "no piece may pass over"
                };
                return Err(self.illegal(mv, format!("blocked: {who} {}", r.square(t))));
            }
            t = r.step(t, d);
        }
        if r.stop[to] & bit == 0 {
            let who = if r.stop[to] & (1 << KING) != 0 {
                "only the king may stop on"
            } else {
                "no piece may stop on"
            };
            return Err(self.illegal(mv, format!("{who} {}", mv.to)));
        }
        if !st.repetition_allows(r, from, to) {
            let why = match r.repetition {
                Repetition::NoReturn => format!(
                    "repetition: a piece may not go back to {}, where it stood at the start of its side's previous turn",
                    mv.to
                ),
                _ => "repetition: this move would bring the same position about a third time"
                    .to_string(),
            };
            return Err(self.illegal(mv, why));
        }
        Ok((from, to))
    }

    /// Plays a move: captures, then the result.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, IllegalMove> {
        let (from, to) = self.check(mv)?;
        let r = Arc::clone(&self.rules);
        let u = self.st.make(&r, from, to);
        let mut captured: Vec<Square> = u.caps[..u.ncaps as usize]
            .iter()
            .chain(u.extra.iter())
            .map(|&(s, _)| r.square(s as usize))
            .collect();
        captured.sort();
        if !self.st.result.is_over() && !self.st.has_move(&r) {
            self.st.result = GameResult::win(self.st.to_move.opponent(), WinReason::NoLegalMove);
        }
        Ok(MoveReport {
            captured,
            result: self.st.result,
            turn_continues: self.st.chain.is_some(),
        })
    }

    /// Ends a berserker turn before the piece has used its extra move.
    pub fn end_turn(&mut self) -> Result<(), IllegalMove> {
        if self.st.chain.is_none() {
            return Err(IllegalMove {
                mv: "pass".into(),
                reason: "a turn may only be ended early after a berserker capture".into(),
            });
        }
        let r = Arc::clone(&self.rules);
        let side = self.st.to_move;
        self.st.chain = None;
        self.st.to_move = side.opponent();
        self.st.hash ^= r.zob_side;
        *self
            .st
            .history
            .last_mut()
            .expect("history holds the current position") = self.st.hash;
        if side == Side::Defenders {
            self.st.defender_turns += 1;
            if let Some(limit) = r.turn_limit
                && self.st.defender_turns >= limit
            {
                self.st.result = GameResult::win(Side::Attackers, WinReason::TurnLimit);
            }
        }
        if !self.st.result.is_over() && !self.st.has_move(&r) {
            self.st.result = GameResult::win(side, WinReason::NoLegalMove);
        }
        Ok(())
    }

    /// Counts move sequences of `depth` moves from here; a finished game
    /// counts as one leaf.
    pub fn perft(&mut self, depth: u32) -> u64 {
        let depth = depth as usize;
        let mut bufs: Vec<Vec<(u16, u16)>> =
            (0..depth.max(1)).map(|_| Vec::with_capacity(256)).collect();
        let r = Arc::clone(&self.rules);
        self.st.perft(&r, depth, &mut bufs)
    }

    /// Whether the attackers' ring already closes in every defender.
    pub fn is_encircled(&self) -> bool {
        let mut st = self.st.clone();
        st.encircled(&self.rules)
    }

    /// Whether the king stands captured (surrounded as the variant says).
    pub fn king_is_surrounded(&self) -> bool {
        self.st
            .king
            .is_some_and(|k| self.st.king_surrounded(&self.rules, k as usize))
    }

    /// Whether `sq` is a square the king escapes to.
    pub fn is_escape_square(&self, sq: Square) -> bool {
        self.rules
            .index_of(sq)
            .is_some_and(|i| self.rules.escape[i])
    }

    /// Whether the side to move has any legal move (ignoring whether the
    /// game is over).
    pub fn side_to_move_can_move(&self) -> bool {
        let mut st = self.st.clone();
        st.result = GameResult::Ongoing;
        st.has_move(&self.rules)
    }

    /// Whether a non-king piece may end a move on `sq`.
    pub fn only_king_may_stop(&self, sq: Square) -> bool {
        self.rules
            .index_of(sq)
            .is_some_and(|i| self.rules.stop[i] & ((1 << ATT) | (1 << DEF)) == 0)
    }
}
