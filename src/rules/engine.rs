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

use super::lines::{self, LineRules, Occupancy};
use super::notation::{self, MAX_SIZE, Move, Square};
use super::variant::{
    Access, Escape, KingCapture, KingStrength, NoMove, OptionalRule, Piece, Repetition, Side,
    SpecialSquare, Variant,
};
use crate::diagnostics::line_col;

const EMPTY: u8 = 0;
const ATT: u8 = 1;
const DEF: u8 = 2;
const KING: u8 = 3;
const OFF: u8 = 4;

/// Access masks: bit `1 << kind`.
const ALL: u8 = (1 << ATT) | (1 << DEF) | (1 << KING);
/// Hostility masks: bit `1 << ATT` hostile to attackers, `1 << DEF` to
/// defenders, `1 << KING` to a king where he is weak.
const HOSTILE_TO_ATT: u8 = 1 << ATT;
const HOSTILE_TO_DEF: u8 = 1 << DEF;
const HOSTILE_TO_KING: u8 = 1 << KING;

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
    EdgeFort,
}

impl WinReason {
    /// A short phrase: "the king escaped".
    pub fn describe(self) -> &'static str {
        match self {
            WinReason::KingEscaped => "the king escaped",
            WinReason::KingCaptured => "the king was captured",
            WinReason::Encircled => "the defenders are encircled",
            WinReason::NoLegalMove => "the loser had no legal move",
            WinReason::Repetition => "a position occurred a third time",
            WinReason::DrawFort => "the defenders made a draw fort",
            WinReason::TurnLimit => "the king did not escape within the turn limit",
            WinReason::EdgeFort => "the king holds an edge fort",
        }
    }
}

/// Why a game ended in a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    Repetition,
    NoLegalMove,
}

impl DrawReason {
    /// A short phrase: "the position occurred a third time".
    pub fn describe(self) -> &'static str {
        match self {
            DrawReason::Repetition => "the position occurred a third time",
            DrawReason::NoLegalMove => "the side to move had no legal move",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Ongoing,
    Win { winner: Side, reason: WinReason },
    Draw { reason: DrawReason },
}

impl GameResult {
    pub fn is_over(self) -> bool {
        self != GameResult::Ongoing
    }
    fn win(winner: Side, reason: WinReason) -> GameResult {
        GameResult::Win { winner, reason }
    }
    /// What the game's end says, as a phrase ("the king escaped").
    pub fn describe(self) -> &'static str {
        match self {
            GameResult::Ongoing => "the game goes on",
            GameResult::Win { reason, .. } => reason.describe(),
            GameResult::Draw { reason } => reason.describe(),
        }
    }
}

impl fmt::Display for GameResult {
    /// `ongoing`, `attackers win`, `defenders win`, `draw` (the `play`
    /// contract).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Ongoing => f.write_str("ongoing"),
            GameResult::Win { winner, .. } => write!(f, "{winner} win"),
            GameResult::Draw { .. } => f.write_str("draw"),
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

/// Why a move may not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// The game has ended.
    GameOver(GameResult),
    /// The square is not on the board of this size.
    OffBoard {
        square: Square,
        size: usize,
    },
    NoPiece(Square),
    NotYourPiece {
        piece: Piece,
        at: Square,
        to_move: Side,
    },
    /// Berserker: only the piece that captured may move again.
    BerserkerOnly(Square),
    NotMoving,
    NotStraight,
    /// A piece stands in the way (`on_target`: on the square moved to).
    Blocked {
        piece: Piece,
        at: Square,
        on_target: bool,
    },
    /// A special square that this piece may not cross.
    NoPassing {
        at: Square,
        king_may: bool,
    },
    /// A special square that this piece may not end on.
    NoStopping {
        at: Square,
        king_may: bool,
    },
    /// The king moves at most `speed` squares.
    KingTooFar {
        speed: u32,
    },
    /// No-return repetition: back to where it stood a turn ago.
    NoReturn(Square),
    /// The move would bring a position about a third time.
    ThirdRepetition,
    /// `pass` without a berserker capture.
    NothingToEnd,
}

fn piece_phrase(p: Piece) -> &'static str {
    match p {
        Piece::Attacker => "an attacker",
        Piece::Defender => "a defender",
        Piece::King => "the king",
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = |king_may: bool| {
            if king_may {
                "only the king may"
            } else {
                "no piece may"
            }
        };
        match *self {
            IllegalReason::GameOver(r) => {
                write!(f, "the game is already over: {r} ({})", r.describe())
            }
            IllegalReason::OffBoard { square, size } => {
                write!(f, "{square} is not on the {size}×{size} board")
            }
            IllegalReason::NoPiece(at) => write!(f, "there is no piece on {at}"),
            IllegalReason::NotYourPiece { piece, at, to_move } => write!(
                f,
                "not your piece: {} on {at} belongs to the {}, and it is the {to_move}' turn",
                piece_phrase(piece),
                piece.side()
            ),
            IllegalReason::BerserkerOnly(at) => write!(
                f,
                "only the piece on {at} may move again after its capture (berserker); \
                 or end the turn with 'pass'"
            ),
            IllegalReason::NotMoving => f.write_str("a piece must move at least one square"),
            IllegalReason::NotStraight => f.write_str(
                "pieces move along a row or a column, never diagonally or like a knight",
            ),
            IllegalReason::Blocked {
                piece,
                at,
                on_target,
            } => {
                if on_target {
                    write!(f, "blocked: {at} is occupied by {}", piece_phrase(piece))
                } else {
                    write!(f, "blocked: {} on {at} is in the way", piece_phrase(piece))
                }
            }
            IllegalReason::NoPassing { at, king_may } => {
                write!(f, "blocked: {} pass over {at}", who(king_may))
            }
            IllegalReason::NoStopping { at, king_may } => {
                write!(f, "{} stop on {at}", who(king_may))
            }
            IllegalReason::KingTooFar { speed } => {
                let squares = if speed == 1 { "square" } else { "squares" };
                write!(f, "the king moves at most {speed} {squares} at a time")
            }
            IllegalReason::NoReturn(at) => write!(
                f,
                "repetition: a piece may not go back to {at}, where it stood at the start of its side's previous turn"
            ),
            IllegalReason::ThirdRepetition => f.write_str(
                "repetition: this move would bring the same position about a third time",
            ),
            IllegalReason::NothingToEnd => {
                f.write_str("a turn may only be ended early after a berserker capture")
            }
        }
    }
}

/// A move that may not be made, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub mv: String,
    pub reason: IllegalReason,
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
    /// `stop | pass << 4` for each square: the move walks read one table
    /// instead of two (they are perft's inner loop).
    walk: Vec<u8>,
    /// `stop` and `pass` by row and column, for counting moves with bit
    /// masks (`lines`).
    lines: LineRules,
    /// The padded rank and file of each index (no division per piece).
    coords: Vec<[u8; 2]>,
    /// Whom each square captures against when empty.
    hostile: Vec<u8>,
    /// Whom each square captures against while a piece stands on it.
    hostile_occupied: Vec<u8>,
    escape: Vec<bool>,
    /// Squares where the king is taken like any other piece.
    king_weak: Vec<bool>,
    /// Edge squares (shield walls along the edge, edge forts).
    on_edge: Vec<bool>,
    centre: Option<usize>,
    armed: bool,
    anvil: bool,
    three_beside_centre: bool,
    besieged: bool,
    /// Squares the king may move in one go.
    king_speed: usize,
    encirclement: bool,
    edge_shield_wall: bool,
    edge_fort: bool,
    no_move: NoMove,
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
        let hostile_occupied = vec![0u8; total];
        let mut escape = vec![false; total];
        let mut on_edge = vec![false; total];
        for &e in &edge {
            on_edge[e as usize] = true;
        }
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
            walk: Vec::new(),
            lines: LineRules::new(w, &[], &[], usize::MAX),
            coords: (0..total).map(|i| [(i / w) as u8, (i % w) as u8]).collect(),
            hostile,
            hostile_occupied,
            escape: Vec::new(),
            king_weak: vec![false; total],
            on_edge,
            centre: None,
            armed: v.king.armed,
            anvil: v.king.anvil,
            three_beside_centre: v.king.capture == KingCapture::FourOrThreeBesideCentre,
            besieged: v.king.besieged_king_betrays_defender,
            king_speed: v.king.speed.map_or(usize::MAX, |s| s.max(1) as usize),
            encirclement: v.encirclement,
            edge_shield_wall: v.edge_shield_wall,
            edge_fort: v.edge_fort,
            no_move: v.no_move,
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
        r.walk = r
            .stop
            .iter()
            .zip(&r.pass)
            .map(|(&s, &p)| s | p << 4)
            .collect();
        r.lines = LineRules::new(w, &r.stop, &r.pass, r.king_speed);
        // Where the king is weak: strong-by-centre keeps him strong on the
        // centre and the four squares beside it.
        let centre = r.centre;
        let near_centre =
            |i: usize| centre.is_some_and(|c| i == c || r.dirs.iter().any(|&d| r.step(c, d) == i));
        let weak: Vec<bool> = (0..total)
            .map(|i| match v.king.strength {
                KingStrength::Strong => false,
                KingStrength::Weak => true,
                KingStrength::StrongByCentre => !near_centre(i),
            })
            .collect();
        r.king_weak = weak;
        for rule in v.enabled_rules() {
            match rule {
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
        let bit = |on: bool, b: u8| if on { b } else { 0 };
        self.stop[i] = access_mask(s.stop);
        self.pass[i] = access_mask(s.pass);
        self.hostile[i] = bit(s.hostile_to_attackers, HOSTILE_TO_ATT)
            | bit(s.hostile_to_defenders, HOSTILE_TO_DEF)
            | bit(s.hostile_to_king, HOSTILE_TO_KING);
        self.hostile_occupied[i] = bit(s.occupied_hostile_to_attackers, HOSTILE_TO_ATT)
            | bit(s.occupied_hostile_to_defenders, HOSTILE_TO_DEF);
    }

    /// The result of the side to move having no legal move.
    fn no_move_result(&self, to_move: Side) -> GameResult {
        match self.no_move {
            NoMove::Loses => GameResult::win(to_move.opponent(), WinReason::NoLegalMove),
            NoMove::Draws => GameResult::Draw {
                reason: DrawReason::NoLegalMove,
            },
        }
    }

    /// Whether the square `i` counts as an enemy of `victim_bit` (a
    /// hostility bit) given what stands on it.
    #[inline]
    fn hostile_square(&self, i: usize, c: u8, victim_bit: u8) -> bool {
        let mask = if c == EMPTY {
            self.hostile[i]
        } else {
            self.hostile_occupied[i]
        };
        mask & victim_bit != 0
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
    /// The pieces by row and column, kept with `cells` (`mark`).
    occ: Occupancy,
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
            occ: Occupancy::empty(r.n),
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
        self.occ = Occupancy::empty(r.n);
        for &i in &r.squares {
            let c = self.cells[i as usize];
            if c != EMPTY {
                self.mark(r, i as usize, c);
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
            return r.no_move_result(self.to_move);
        }
        GameResult::Ongoing
    }

    fn has_move(&self, r: &Rules) -> bool {
        !self.visit_moves(r, |_, _| false)
    }

    /// Whether the king on `k` stands captured: surrounded as a strong king
    /// must be, or, where he is weak, between two enemies on a line.
    fn king_surrounded(&self, r: &Rules, k: usize) -> bool {
        let cell = |i: usize| self.cells[i];
        if r.king_weak[k] {
            [r.dirs[0], r.dirs[2]].iter().any(|&d| {
                Self::king_anvil(r, &cell, r.step(k, d))
                    && Self::king_anvil(r, &cell, r.step(k, -d))
            })
        } else {
            Self::strong_king_taken(r, &cell, k)
        }
    }

    /// A strong king on `k` is taken: attackers on four sides, or three and
    /// the empty centre when the variant says so.
    #[inline]
    fn strong_king_taken(r: &Rules, cell: &impl Fn(usize) -> u8, k: usize) -> bool {
        r.dirs.iter().all(|&d| {
            let m = r.step(k, d);
            let c = cell(m);
            c == ATT || (r.three_beside_centre && Some(m) == r.centre && c == EMPTY)
        })
    }

    /// Whether `f` closes a sandwich against a weak king: an attacker, or a
    /// square hostile to the king.
    #[inline]
    fn king_anvil(r: &Rules, cell: &impl Fn(usize) -> u8, f: usize) -> bool {
        let c = cell(f);
        c == ATT || r.hostile_square(f, c, HOSTILE_TO_KING)
    }

    /// Whether the square `f` closes a sandwich for `side` against the
    /// enemy piece on `victim`. `cell` reads the board as it would be.
    fn anvil(r: &Rules, cell: &impl Fn(usize) -> u8, f: usize, side: Side, victim: usize) -> bool {
        let c = cell(f);
        match side {
            Side::Attackers => {
                c == ATT
                    || r.hostile_square(f, c, HOSTILE_TO_DEF)
                    || (c == KING
                        && r.besieged
                        && Some(f) == r.centre
                        && r.dirs.iter().all(|&d| {
                            let m = r.step(f, d);
                            m == victim || cell(m) == ATT
                        }))
            }
            Side::Defenders => {
                c == DEF || (c == KING && r.anvil) || r.hostile_square(f, c, HOSTILE_TO_ATT)
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
                    && if r.king_weak[k] {
                        Self::king_anvil(r, cell, r.step(k, d))
                    } else {
                        Self::strong_king_taken(r, cell, k)
                    }
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
        if !self.enemy_beside(r, to, kind) {
            return false;
        }
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

    /// Whether an enemy of a piece of `kind` (the king too, for an
    /// attacker) stands beside `to`: every sandwich takes a piece beside
    /// the square arrived on, so without one a move captures nothing. The
    /// square left cannot be that piece (it held the mover's own), so the
    /// board as it stands answers. On a big board most moves fail this
    /// test, which spares the full capture test (issue 24).
    #[inline]
    fn enemy_beside(&self, r: &Rules, to: usize, kind: u8) -> bool {
        let enemies: u8 = match side_of(kind) {
            Some(Side::Attackers) => (1 << DEF) | (1 << KING),
            Some(Side::Defenders) => 1 << ATT,
            None => return false,
        };
        r.dirs
            .iter()
            .any(|&d| (1u8 << self.cells[r.step(to, d)]) & enemies != 0)
    }

    /// The legal moves that would capture ([`State::would_capture`]), in
    /// `generate`'s order, into `out` (cleared first): what a search's
    /// quiescence looks at, without a full capture test of every move.
    fn generate_captures(&self, r: &Rules, out: &mut Vec<(u16, u16)>) {
        out.clear();
        self.visit_moves(r, |f, t| {
            let (f, t) = (f as usize, t as usize);
            // `would_capture` asks `enemy_beside` first: most moves stop there.
            if self.would_capture(r, f, t) {
                out.push((f as u16, t as u16));
            }
            true
        });
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
        self.visit_moves(r, |f, t| {
            out.push((f, t));
            true
        });
    }

    /// Calls `visit` with each legal move (none when the game is over)
    /// until it returns false; returns whether every move was visited.
    /// One walk serves both the generator and the early-exit "is there any
    /// move" test searches need at every leaf.
    fn visit_moves(&self, r: &Rules, mut visit: impl FnMut(u16, u16) -> bool) -> bool {
        if self.result.is_over() {
            return true;
        }
        let check_rep = matches!(
            r.repetition,
            Repetition::NoReturn | Repetition::ThirdForbidden
        );
        let mut from_one = |from: usize| {
            let k = self.cells[from];
            let bit = 1u8 << k;
            let reach = if k == KING { r.king_speed } else { usize::MAX };
            for &d in &r.dirs {
                let mut t = r.step(from, d);
                let mut steps = 1;
                while self.cells[t] == EMPTY {
                    let walk = r.walk[t];
                    if walk & bit != 0
                        && (!check_rep || self.repetition_allows(r, from, t))
                        && !visit(from as u16, t as u16)
                    {
                        return false;
                    }
                    if walk & (bit << 4) == 0 || steps == reach {
                        break;
                    }
                    t = r.step(t, d);
                    steps += 1;
                }
            }
            true
        };
        if let Some(c) = self.chain {
            return from_one(c as usize);
        }
        // The side's pieces in board order (bottom row first), from the
        // row masks rather than a look at every square.
        self.each_piece(r, |rank, file| from_one(rank * r.w + file))
    }

    /// Calls `f` with the padded rank and file of each piece of the side to
    /// move, bottom row first and left to right, until it returns false;
    /// returns whether every piece was visited.
    #[inline]
    fn each_piece(&self, r: &Rules, mut f: impl FnMut(usize, usize) -> bool) -> bool {
        let side = side_index(self.to_move);
        self.occ.pieces(side, r.n).all(|(rank, file)| f(rank, file))
    }

    /// The squares the piece of kind `k` on padded `rank` and `file` may
    /// move to, along its row and along its column, as line masks
    /// (`lines`): the moves `visit_moves` visits before the repetition
    /// rule and a berserker's turn narrow them.
    #[inline]
    fn targets(&self, r: &Rules, rank: usize, file: usize, k: u8) -> (u32, u32) {
        let kind = usize::from(k - 1);
        let mut row = lines::reach(self.occ.rows[rank], file as u32, r.lines.rows[rank][kind]);
        let mut col = lines::reach(self.occ.cols[file], rank as u32, r.lines.cols[file][kind]);
        if k == KING {
            row &= r.lines.king_window[file];
            col &= r.lines.king_window[rank];
        }
        (row, col)
    }

    /// The number of legal moves (none when the game is over), as
    /// `visit_moves` would visit them, without a callback or a walk per
    /// move: perft's last ply, where nearly all of its time goes. Each
    /// piece's moves are counted from its row's and column's bit masks
    /// (`targets`); under no-return the one move back is taken off.
    /// Positions where the third-repetition rule or a berserker's second
    /// move narrows the choice go through `visit_moves`.
    fn count_moves(&self, r: &Rules) -> u64 {
        if self.chain.is_some() || r.repetition == Repetition::ThirdForbidden {
            let mut n = 0;
            self.visit_moves(r, |_, _| {
                n += 1;
                true
            });
            return n;
        }
        if self.result.is_over() {
            return 0;
        }
        let side = side_index(self.to_move);
        let king = self.king.map_or(usize::MAX, usize::from);
        let lines = &r.lines;
        let mut n = 0u64;
        for (rank, file) in self.occ.pieces(side, r.n) {
            // Attackers are kind 0 (ATT - 1), defenders 1, the king 2.
            let kind = if rank * r.w + file == king { 2 } else { side };
            let count = if kind == 2 && lines.king_limited {
                let (row, col) = self.targets(r, rank, file, KING);
                row.count_ones() + col.count_ones()
            } else {
                lines::count(self.occ.rows[rank], file as u32, lines.rows[rank][kind])
                    + lines::count(self.occ.cols[file], rank as u32, lines.cols[file][kind])
            };
            n += u64::from(count);
        }
        if r.repetition == Repetition::NoReturn && self.goes_back_possible(r) {
            n -= 1;
        }
        n
    }

    /// Under no-return: whether the pieces allow the move back of the side
    /// to move's last move (the one move the rule forbids).
    fn goes_back_possible(&self, r: &Rules) -> bool {
        let Some((from, to)) = self.last[side_index(self.to_move)] else {
            return false;
        };
        let (back_from, back_to) = (to as usize, from as usize);
        let k = self.cells[back_from];
        if side_of(k) != Some(self.to_move) {
            return false;
        }
        let [rank, file] = r.coords[back_from];
        let [to_rank, to_file] = r.coords[back_to];
        let (row, col) = self.targets(r, rank as usize, file as usize, k);
        if rank == to_rank {
            row & (1 << to_file) != 0
        } else {
            col & (1 << to_rank) != 0
        }
    }

    /// Encircled when no defender and not the king can reach the edge
    /// through squares without an attacker. The fill starts from the
    /// defenders, depth first, so in an open position it runs straight to
    /// the edge in a few steps instead of filling the whole board from the
    /// edge (on a 25×25 board with encirclement, that fill after every
    /// attacker move was most of a kit's time: issue 26).
    fn encircled(&mut self, r: &Rules) -> bool {
        self.stamp_gen = self.stamp_gen.wrapping_add(1);
        if self.stamp_gen == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp_gen = 1;
        }
        // Most positions end here: the king sees the edge along a line
        // without an attacker (his own pieces do not close a line).
        if let Some(k) = self.king {
            for &d in &r.dirs {
                let mut i = k as usize;
                loop {
                    if r.on_edge[i] {
                        return false;
                    }
                    i = r.step(i, d);
                    if matches!(self.cells[i], ATT | OFF) {
                        break;
                    }
                }
            }
        }
        let g = self.stamp_gen;
        self.stack.clear();
        // The defenders from the row masks, not a look at every square.
        for (rank, file) in self.occ.pieces(1, r.n) {
            let i = rank * r.w + file;
            if r.on_edge[i] {
                return false;
            }
            self.stamp[i] = g;
            self.stack.push(i as u16);
        }
        while let Some(i) = self.stack.pop() {
            for &d in &r.dirs {
                let m = r.step(i as usize, d);
                match self.cells[m] {
                    ATT | OFF => {}
                    _ if self.stamp[m] == g => {}
                    _ => {
                        if r.on_edge[m] {
                            return false;
                        }
                        self.stamp[m] = g;
                        self.stack.push(m as u16);
                    }
                }
            }
        }
        true
    }

    /// Whether an attacker arriving on `to` (and capturing nothing) cannot
    /// have completed an encirclement: the squares without attackers beside
    /// `to` are still joined to each other around it, so every square that
    /// could reach the edge before still can. (The position before was not
    /// encircled, or the game would be over; the square the attacker left
    /// only opens a way.) On an edge square one of those squares must be on
    /// the edge too: a shortest way to the edge that ended on `to` came
    /// from a square beside it, which then still reaches that edge square.
    /// This local test spares the whole-board fill after almost every
    /// attacker move.
    fn still_open_around(&self, r: &Rules, to: usize) -> bool {
        let (e, s) = (r.dirs[0], r.dirs[2]);
        // The eight squares around `to`, in turn: each is beside the next.
        let ring = [-s, -s + e, e, s + e, s, s - e, -e, -s - e];
        let free = ring.map(|d| !matches!(self.cells[r.step(to, d)], ATT | OFF));
        if r.on_edge[to]
            && ![0, 2, 4, 6]
                .into_iter()
                .any(|i| free[i] && r.on_edge[r.step(to, ring[i])])
        {
            return false;
        }
        let Some(start) = (0..8).find(|&i| !free[i]) else {
            return true;
        };
        // Number the runs of free squares around the ring.
        let mut run = [0u8; 8];
        let mut id = 0u8;
        let mut inside = false;
        for k in 1..=8 {
            let i = (start + k) % 8;
            if free[i] {
                if !inside {
                    id += 1;
                    inside = true;
                }
                run[i] = id;
            } else {
                inside = false;
            }
        }
        // The four squares beside `to` (even places) must share one run.
        let mut runs = [0, 2, 4, 6]
            .into_iter()
            .filter(|&i| free[i])
            .map(|i| run[i]);
        let first = runs.next();
        runs.all(|r| Some(r) == first)
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

    /// Copenhagen's shield wall along an edge: the mover on `to`, an edge
    /// square, closes a row of two or more enemy pieces along the edge,
    /// each with one of the mover's pieces in front of it, whose far end is
    /// already bracketed (by the mover's piece or a square hostile to the
    /// row). Every piece of the row but the king is taken.
    fn edge_walls(&self, r: &Rules, to: usize, kind: u8, side: Side, out: &mut Vec<(u16, u8)>) {
        let n = r.n;
        let (file, rank) = (to % r.w - 1, to / r.w - 1);
        let w = r.w as isize;
        // Each edge `to` lies on: the direction towards the middle and the
        // direction along the edge.
        let edges = [
            (file == 0, 1, w),
            (file == n - 1, -1, w),
            (rank == 0, w, 1),
            (rank == n - 1, -w, 1),
        ];
        let ours = |c: u8| match side {
            Side::Attackers => c == ATT,
            Side::Defenders => c == DEF || (c == KING && r.armed),
        };
        if !ours(kind) {
            return;
        }
        let victim_bit = if side == Side::Attackers {
            HOSTILE_TO_DEF
        } else {
            HOSTILE_TO_ATT
        };
        let enemy = side.opponent();
        for (on, inward, along) in edges {
            if !on {
                continue;
            }
            for d in [along, -along] {
                let start = out.len();
                let mut i = r.step(to, d);
                let mut fronted = true;
                while side_of(self.cells[i]) == Some(enemy) {
                    fronted &= ours(self.cells[r.step(i, inward)]);
                    out.push((i as u16, self.cells[i]));
                    i = r.step(i, d);
                }
                let c = self.cells[i];
                let bracketed = ours(c) || r.hostile_square(i, c, victim_bit);
                if out.len() - start < 2 || !fronted || !bracketed {
                    out.truncate(start);
                    continue;
                }
                // The king in the row stays; the rest of the row goes.
                let mut j = start;
                while j < out.len() {
                    if out[j].1 == KING {
                        out.remove(j);
                    } else {
                        j += 1;
                    }
                }
            }
        }
    }

    /// Whether the piece on `from` has a move (rules of movement only).
    fn piece_can_move(&self, r: &Rules, from: usize) -> bool {
        let k = self.cells[from];
        let bit = 1u8 << k;
        let reach = if k == KING { r.king_speed } else { usize::MAX };
        r.dirs.iter().any(|&d| {
            let mut t = r.step(from, d);
            let mut steps = 1;
            while self.cells[t] == EMPTY {
                if r.stop[t] & bit != 0 {
                    return true;
                }
                if r.pass[t] & bit == 0 || steps == reach {
                    break;
                }
                t = r.step(t, d);
                steps += 1;
            }
            false
        })
    }

    /// Copenhagen's edge fort: the king on an edge square, able to move,
    /// in a room (the empty squares he can reach) walled only by defenders
    /// and the edge, where no wall defender can ever be captured: each has,
    /// on both lines through it, a side no attacker can use (the edge, the
    /// king, the room, or a defender that cannot be captured either).
    fn edge_fort(&mut self, r: &Rules) -> bool {
        let Some(k) = self.king.map(usize::from) else {
            return false;
        };
        if !r.on_edge[k] || !self.piece_can_move(r, k) {
            return false;
        }
        self.stamp_gen = self.stamp_gen.wrapping_add(1).max(1);
        let room = self.stamp_gen;
        self.stack.clear();
        self.stack.push(k as u16);
        self.stamp[k] = room;
        let mut wall: Vec<u16> = Vec::new();
        while let Some(i) = self.stack.pop() {
            for &d in &r.dirs {
                let m = r.step(i as usize, d);
                match self.cells[m] {
                    EMPTY if self.stamp[m] != room => {
                        self.stamp[m] = room;
                        self.stack.push(m as u16);
                    }
                    DEF if !wall.contains(&(m as u16)) => wall.push(m as u16),
                    ATT => return false,
                    _ => {}
                }
            }
        }
        // Defenders that can never be captured: start from all, drop any
        // with a line open on both sides, until nothing changes.
        let mut safe: Vec<bool> = self.cells.iter().map(|&c| c == DEF).collect();
        let side_safe = |safe: &[bool], i: usize| match self.cells[i] {
            OFF | KING => true,
            DEF => safe[i],
            EMPTY => self.stamp[i] == room && !r.hostile_square(i, EMPTY, HOSTILE_TO_DEF),
            _ => false,
        };
        loop {
            let mut changed = false;
            for &sq in &r.squares {
                let i = sq as usize;
                if !safe[i] {
                    continue;
                }
                let open = [r.dirs[0], r.dirs[2]]
                    .iter()
                    .any(|&d| !side_safe(&safe, r.step(i, d)) && !side_safe(&safe, r.step(i, -d)));
                if open {
                    safe[i] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        wall.iter().all(|&w| safe[w as usize])
    }

    /// Puts down or takes away a piece of kind `c` on `i` in the line
    /// masks (`cells` is the caller's to change).
    #[inline]
    fn mark(&mut self, r: &Rules, i: usize, c: u8) {
        let [rank, file] = r.coords[i];
        self.occ
            .toggle(rank as usize, file as usize, usize::from(c != ATT));
    }

    fn remove(&mut self, r: &Rules, i: usize) {
        let c = self.cells[i];
        self.mark(r, i, c);
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
        self.mark(r, i, c);
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
        if r.shield_wall || (r.edge_shield_wall && r.on_edge[to]) {
            let mut extra = Vec::new();
            if r.edge_shield_wall && r.on_edge[to] {
                self.edge_walls(r, to, kind, side, &mut extra);
                for &(sq, _) in &extra {
                    self.remove(r, sq as usize);
                }
            }
            if r.shield_wall {
                let before = extra.len();
                self.shield_walls(r, to, side, &mut extra);
                for &(sq, _) in &extra[before..] {
                    self.remove(r, sq as usize);
                }
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
            let third = matches!(
                r.repetition,
                Repetition::ThirdLoses | Repetition::ThirdAttackersWin | Repetition::ThirdDraws
            ) && Self::count_in(&self.history[self.window..], self.hash) >= 3;
            if third {
                result = match r.repetition {
                    Repetition::ThirdDraws => GameResult::Draw {
                        reason: DrawReason::Repetition,
                    },
                    Repetition::ThirdAttackersWin => {
                        GameResult::win(Side::Attackers, WinReason::Repetition)
                    }
                    _ => GameResult::win(side.opponent(), WinReason::Repetition),
                };
            } else if side == Side::Attackers
                && r.encirclement
                && (captured || !self.still_open_around(r, to))
                && self.encircled(r)
            {
                result = GameResult::win(Side::Attackers, WinReason::Encircled);
            } else if side == Side::Defenders && r.edge_fort && self.edge_fort(r) {
                result = GameResult::win(Side::Defenders, WinReason::EdgeFort);
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

    fn unmake(&mut self, r: &Rules, u: Undo) {
        let (from, to) = (u.from as usize, u.to as usize);
        self.mark(r, to, u.kind);
        self.mark(r, from, u.kind);
        self.cells[to] = EMPTY;
        self.cells[from] = u.kind;
        for &(sq, c) in u.caps[..u.ncaps as usize].iter().chain(u.extra.iter()) {
            self.mark(r, sq as usize, c);
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
        if depth == 1 {
            // The last ply only counts: no list to fill. No legal move
            // means the side to move has lost: one leaf.
            return self.count_moves(r).max(1);
        }
        self.generate(r, buf);
        if buf.is_empty() {
            return 1;
        }
        let mut total = 0;
        for &(f, t) in buf.iter() {
            let u = self.make(r, f as usize, t as usize);
            total += self.perft(r, depth - 1, rest);
            self.unmake(r, u);
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
        Game::with_cells(variant, &variant.setup, variant.first_to_move())
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
            board.push(row.cells.iter().map(|c| c.piece).collect::<Vec<_>>());
        }
        Game::from_board(variant, &board, to_move)
    }

    /// A position as rows of cells from the top (an OTN record read, say),
    /// with `to_move` to play; checked as [`Game::from_diagram`] checks.
    pub fn from_board(
        variant: &Variant,
        board: &[Vec<Option<Piece>>],
        to_move: Side,
    ) -> Result<Game, String> {
        let n = variant.size;
        if board.len() != n || board.iter().any(|r| r.len() != n) {
            return Err(format!(
                "the position is {}×{}; the {} board is {n}×{n}",
                board.len(),
                board.first().map_or(0, Vec::len),
                variant.name
            ));
        }
        let kings = board
            .iter()
            .flatten()
            .filter(|c| **c == Some(Piece::King))
            .count();
        if kings != 1 {
            return Err(format!("the position needs exactly one king, not {kings}"));
        }
        let game = Game::with_cells(variant, board, to_move);
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

    /// The position as a diagram shows it: the same pieces and side to
    /// move, and nothing a diagram cannot show (no history for the
    /// repetition and no-return rules, no turns counted, no berserker
    /// turn under way). What a reader of a printed position plays from.
    pub fn as_drawn(&self) -> Game {
        self.drawn_with(self.st.to_move)
    }

    /// [`Game::as_drawn`] with `to_move` to play: the same pieces, as if
    /// the other side had passed (what a threat is: the move that would
    /// win if it were this side's turn again).
    pub fn drawn_with(&self, to_move: Side) -> Game {
        let mut st = State::empty(&self.rules, to_move);
        st.cells.clone_from(&self.st.cells);
        st.start(&self.rules);
        Game {
            rules: Arc::clone(&self.rules),
            st,
        }
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

    fn illegal(&self, mv: Move, reason: IllegalReason) -> IllegalMove {
        IllegalMove {
            mv: mv.to_string(),
            reason,
        }
    }

    /// Why `mv` may not be made, or the padded squares when it may.
    fn check(&self, mv: Move) -> Result<(usize, usize), IllegalMove> {
        let r = &*self.rules;
        let st = &self.st;
        let no = |reason| Err(self.illegal(mv, reason));
        if st.result.is_over() {
            return no(IllegalReason::GameOver(st.result));
        }
        let off = |square| IllegalReason::OffBoard { square, size: r.n };
        let Some(from) = r.index_of(mv.from) else {
            return no(off(mv.from));
        };
        let Some(to) = r.index_of(mv.to) else {
            return no(off(mv.to));
        };
        let c = st.cells[from];
        let Some(piece) = piece_of(c) else {
            return no(IllegalReason::NoPiece(mv.from));
        };
        if piece.side() != st.to_move {
            return no(IllegalReason::NotYourPiece {
                piece,
                at: mv.from,
                to_move: st.to_move,
            });
        }
        if let Some(ch) = st.chain
            && ch as usize != from
        {
            return no(IllegalReason::BerserkerOnly(r.square(ch as usize)));
        }
        if from == to {
            return no(IllegalReason::NotMoving);
        }
        if mv.from.file != mv.to.file && mv.from.rank != mv.to.rank {
            return no(IllegalReason::NotStraight);
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
        let king_may = |mask: u8| mask & (1 << KING) != 0;
        let mut t = r.step(from, d);
        let mut steps = 1;
        loop {
            if let Some(p) = piece_of(st.cells[t]) {
                return no(IllegalReason::Blocked {
                    piece: p,
                    at: r.square(t),
                    on_target: t == to,
                });
            }
            if t == to {
                break;
            }
            if r.pass[t] & bit == 0 {
                return no(IllegalReason::NoPassing {
                    at: r.square(t),
                    king_may: king_may(r.pass[t]),
                });
            }
            t = r.step(t, d);
            steps += 1;
        }
        if c == KING && steps > r.king_speed {
            return no(IllegalReason::KingTooFar {
                speed: r.king_speed as u32,
            });
        }
        if r.stop[to] & bit == 0 {
            return no(IllegalReason::NoStopping {
                at: mv.to,
                king_may: king_may(r.stop[to]),
            });
        }
        if !st.repetition_allows(r, from, to) {
            return no(match r.repetition {
                Repetition::NoReturn => IllegalReason::NoReturn(mv.to),
                _ => IllegalReason::ThirdRepetition,
            });
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
            self.st.result = r.no_move_result(self.st.to_move);
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
                reason: IllegalReason::NothingToEnd,
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
            self.st.result = r.no_move_result(self.st.to_move);
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

/// A move as the engine's own board indices, for searches: cheap to copy,
/// compare and store in tables. [`RawMove::PASS`] ends a berserker turn.
/// Only meaningful for the game (variant) that generated it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RawMove {
    from: u16,
    to: u16,
}

impl RawMove {
    /// Ends a berserker turn early (`pass`).
    pub const PASS: RawMove = RawMove { from: 0, to: 0 };

    pub fn is_pass(self) -> bool {
        self == RawMove::PASS
    }

    /// How many distinct [`RawMove::slot`]s there are (boards up to 25×25
    /// with their border fit in 1024 indices).
    pub const SLOTS: usize = 1 << 20;

    /// A dense index for per-move tables (history counts), below
    /// [`RawMove::SLOTS`].
    pub fn slot(self) -> usize {
        ((self.from as usize) << 10 | self.to as usize) & (RawMove::SLOTS - 1)
    }
}

/// What [`Game::unmake_raw`] needs to take a [`Game::make_raw`] back.
pub struct Undone(UndoKind);

enum UndoKind {
    Move(Undo),
    Pass {
        hash: u64,
        result: GameResult,
        chain: Option<u16>,
        defender_turns: u32,
    },
}

/// The search interface: make and unmake moves in place without the
/// checks and reports `play` gives a person. Solvers and players in
/// `rules::solver` and `rules::search` are built on it.
impl Game {
    /// The Zobrist hash of the position and the side to move.
    pub fn hash(&self) -> u64 {
        self.st.hash
    }

    /// A key for transposition tables: the hash, plus what decides the
    /// legal moves beyond the position (under no-return, each side's last
    /// move; under skilled play, the defenders' turns so far; in a
    /// berserker turn, the piece that moves again). Repetition counts and
    /// draw forts are not in it: searches that must be exact about them
    /// search without a table.
    pub fn search_key(&self) -> u64 {
        let mut k = self.st.hash;
        if self.rules.repetition == Repetition::NoReturn {
            for (i, l) in self.st.last.iter().enumerate() {
                if let Some((f, t)) = l {
                    let mut s = ((*f as u64) << 16 | *t as u64) ^ ((i as u64 + 1) << 40);
                    k ^= splitmix(&mut s);
                }
            }
        }
        if self.rules.turn_limit.is_some() {
            let mut s = self.st.defender_turns as u64 ^ 0x7E55_0000_0000;
            k ^= splitmix(&mut s);
        }
        if let Some(c) = self.st.chain {
            let mut s = c as u64 ^ 0xC4A1_0000;
            k ^= splitmix(&mut s);
        }
        k
    }

    /// Every legal move into `out` (cleared first), with [`RawMove::PASS`]
    /// first in a berserker turn; none once the game is over. An empty
    /// list on an ongoing game means the side to move has lost.
    pub fn raw_moves(&self, out: &mut Vec<RawMove>) {
        out.clear();
        if self.st.result.is_over() {
            return;
        }
        if self.st.chain.is_some() {
            out.push(RawMove::PASS);
        }
        // A per-thread buffer: the generator's own format, reused so a
        // search allocates nothing per node.
        thread_local! {
            static SCRATCH: std::cell::RefCell<Vec<(u16, u16)>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        SCRATCH.with_borrow_mut(|buf| {
            self.st.generate(&self.rules, buf);
            out.extend(buf.iter().map(|&(from, to)| RawMove { from, to }));
        });
    }

    /// The moves of [`Game::raw_moves`] that capture by a sandwich
    /// ([`Game::raw_captures`]), in the same order, into `out` (cleared
    /// first): a search's quiescence, which on a 19×19 board spent half
    /// its time testing every move for a capture.
    pub fn raw_capture_moves(&self, out: &mut Vec<RawMove>) {
        out.clear();
        thread_local! {
            static SCRATCH: std::cell::RefCell<Vec<(u16, u16)>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        SCRATCH.with_borrow_mut(|buf| {
            self.st.generate_captures(&self.rules, buf);
            out.extend(buf.iter().map(|&(from, to)| RawMove { from, to }));
        });
    }

    /// Makes a move from [`Game::raw_moves`] of this position. The result
    /// afterwards is set, except "the side now to move has no legal move",
    /// which a search learns from its own empty move list.
    pub fn make_raw(&mut self, m: RawMove) -> Undone {
        let r = Arc::clone(&self.rules);
        if m.is_pass() {
            let u = UndoKind::Pass {
                hash: self.st.hash,
                result: self.st.result,
                chain: self.st.chain,
                defender_turns: self.st.defender_turns,
            };
            // Same effect as `end_turn`, which has no undo.
            let side = self.st.to_move;
            self.st.chain = None;
            self.st.to_move = side.opponent();
            self.st.hash ^= r.zob_side;
            if let Some(h) = self.st.history.last_mut() {
                *h = self.st.hash;
            }
            if side == Side::Defenders {
                self.st.defender_turns += 1;
                if let Some(limit) = r.turn_limit
                    && self.st.defender_turns >= limit
                {
                    self.st.result = GameResult::win(Side::Attackers, WinReason::TurnLimit);
                }
            }
            return Undone(u);
        }
        Undone(UndoKind::Move(self.st.make(
            &r,
            m.from as usize,
            m.to as usize,
        )))
    }

    /// Takes back the last [`Game::make_raw`].
    pub fn unmake_raw(&mut self, u: Undone) {
        match u.0 {
            UndoKind::Move(u) => self.st.unmake(&self.rules, u),
            UndoKind::Pass {
                hash,
                result,
                chain,
                defender_turns,
            } => {
                self.st.to_move = self.st.to_move.opponent();
                self.st.hash = hash;
                if let Some(h) = self.st.history.last_mut() {
                    *h = hash;
                }
                self.st.result = result;
                self.st.chain = chain;
                self.st.defender_turns = defender_turns;
            }
        }
    }

    /// The result as [`Game::play`] reports it, after a
    /// [`Game::make_raw`] too: "the side to move has no legal move" is
    /// settled here by the variant's rule (a loss, or a draw).
    pub fn settled_result(&self) -> GameResult {
        let r = self.st.result;
        if r.is_over() || self.raw_has_move() {
            r
        } else {
            self.rules.no_move_result(self.st.to_move)
        }
    }

    /// Whether the side to move has a legal move (stops at the first one
    /// it finds; a pass counts). False once the game is over.
    pub fn raw_has_move(&self) -> bool {
        !self.st.result.is_over() && (self.st.chain.is_some() || self.st.has_move(&self.rules))
    }

    /// The move in the usual notation; `None` for a pass.
    pub fn raw_to_move(&self, m: RawMove) -> Option<Move> {
        (!m.is_pass()).then(|| Move {
            from: self.rules.square(m.from as usize),
            to: self.rules.square(m.to as usize),
        })
    }

    /// The raw form of a move on this board (legal or not).
    pub fn raw_of(&self, mv: Move) -> Option<RawMove> {
        Some(RawMove {
            from: self.rules.index_of(mv.from)? as u16,
            to: self.rules.index_of(mv.to)? as u16,
        })
    }

    /// The piece that makes the move (`None` for a pass).
    pub fn raw_piece(&self, m: RawMove) -> Option<Piece> {
        if m.is_pass() {
            None
        } else {
            piece_of(self.st.cells[m.from as usize])
        }
    }

    /// Whether the move would take a piece or the king by a sandwich (what
    /// move ordering wants to know first; shield walls not counted).
    pub fn raw_captures(&self, m: RawMove) -> bool {
        !m.is_pass()
            && self
                .st
                .would_capture(&self.rules, m.from as usize, m.to as usize)
    }

    /// Whether the move takes the king to a square it escapes on.
    pub fn raw_escapes(&self, m: RawMove) -> bool {
        !m.is_pass() && self.st.cells[m.from as usize] == KING && self.rules.escape[m.to as usize]
    }

    /// The position into `out` (cleared first): `out[rank * n + file]`,
    /// bottom row first, without allocating once `out` has grown (what an
    /// evaluation at every leaf needs).
    pub fn piece_grid(&self, out: &mut Vec<Option<Piece>>) {
        let n = self.rules.n;
        out.clear();
        for rank in 0..n {
            let row = self.rules.idx(0, rank);
            out.extend(self.st.cells[row..row + n].iter().map(|&c| piece_of(c)));
        }
    }

    /// Every piece with its square, in board order (bottom row first).
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.rules.squares.iter().filter_map(|&i| {
            piece_of(self.st.cells[i as usize]).map(|p| (self.rules.square(i as usize), p))
        })
    }
}
