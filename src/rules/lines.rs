//! The board's rows and columns as bit masks, so that a piece's moves are
//! found with a few word operations instead of a walk square by square
//! (perft's last ply and the move generator's list of pieces, issue 24).
//!
//! Each row and column of the engine's padded board is a `u32`: bit `p`
//! is the square at padded position `p` along the line (the file plus one
//! in a row, the rank plus one in a column). Bit 0 and every bit past the
//! board stand for the border and are always set in an occupancy mask, so
//! a slide needs no bounds test. Boards up to 25 squares wide fit in 27
//! bits. A slide from `p` ends before the first occupied square and after
//! the first square the piece may not pass; the squares in between where
//! it may stop are its moves that way, exactly the squares the engine's
//! walk (`visit_moves`) visits.

use super::notation::MAX_SIZE;

/// Lines of the padded board (border rows and columns included).
pub(super) const LINES: usize = MAX_SIZE + 2;

/// One line's rules for one kind of piece.
#[derive(Clone, Copy, Debug, Default)]
pub struct LineRule {
    /// The squares of the line the piece may end a move on.
    pub stop: u32,
    /// The squares of the line (on the board) the piece may not cross,
    /// but for the two ends, where every slide ends anyway.
    pub no_pass: u32,
    /// The squares of the line (on the board) the piece may not stop on.
    pub no_stop: u32,
}

/// The per-square rules of a variant folded into lines: for each padded
/// row and column and each kind of piece (attacker, defender, king), where
/// it may stop and what it may not cross.
#[derive(Debug)]
pub(super) struct LineRules {
    pub rows: [[LineRule; 3]; LINES],
    pub cols: [[LineRule; 3]; LINES],
    /// The king's reach along a line from each position: every bit when he
    /// moves any distance, else the squares within his speed.
    pub king_window: [u32; LINES],
    /// Whether the king's speed is less than the board is wide.
    pub king_limited: bool,
}

impl LineRules {
    /// Builds the lines from per-square access masks (`stop[i]` and
    /// `pass[i]` hold bit `1 << kind`) of a padded board `w` wide.
    pub fn new(w: usize, stop: &[u8], pass: &[u8], king_speed: usize) -> LineRules {
        let mut rows = [[LineRule::default(); 3]; LINES];
        let mut cols = [[LineRule::default(); 3]; LINES];
        for (i, (&stop, &pass)) in stop.iter().zip(pass).enumerate() {
            let (rank, file) = (i / w, i % w);
            if rank == 0 || file == 0 || rank == w - 1 || file == w - 1 {
                continue;
            }
            for kind in 0..3 {
                let bit = 1u8 << (kind + 1);
                if stop & bit != 0 {
                    rows[rank][kind].stop |= 1 << file;
                    cols[file][kind].stop |= 1 << rank;
                }
                if pass & bit == 0 {
                    rows[rank][kind].no_pass |= 1 << file;
                    cols[file][kind].no_pass |= 1 << rank;
                }
            }
        }
        let board = (1u32 << (w - 2)).wrapping_sub(1) << 1;
        let ends = 1 << 1 | 1 << (w - 2);
        for rule in rows.iter_mut().chain(cols.iter_mut()).flatten() {
            rule.no_pass &= !ends;
            rule.no_stop = board & !rule.stop;
        }
        let king_window = std::array::from_fn(|p| {
            let lo = p.saturating_sub(king_speed).min(32);
            let hi = p.saturating_add(king_speed).saturating_add(1).min(32);
            (((1u64 << hi) - 1) & !((1u64 << lo) - 1)) as u32
        });
        LineRules {
            rows,
            cols,
            king_window,
            king_limited: king_speed < w,
        }
    }
}

/// How many squares a piece on `p` may move to along a line: what
/// `reach(..).count_ones()` gives, by arithmetic when the piece may cross
/// every square of the line (the usual case): the empty squares next to
/// it on both sides (the border bits of `occ` end both runs), less those
/// it may not stop on.
#[inline]
pub fn count(occ: u32, p: u32, rule: LineRule) -> u32 {
    if rule.no_pass != 0 {
        return reach(occ, p, rule).count_ones();
    }
    let up = (occ >> (p + 1)).trailing_zeros();
    let down = (occ << (32 - p)).leading_zeros();
    let banned = rule.no_stop & !occ;
    if banned == 0 {
        return up + down;
    }
    let range = (((1u64 << up) - 1) << (p + 1) | ((1u64 << down) - 1) << (p - down)) as u32;
    up + down - (range & banned).count_ones()
}

/// The squares a piece on position `p` of a line may end a move on: `occ`
/// is the line's occupancy (border bits set), `rule` the line's rules for
/// the piece.
#[inline]
pub fn reach(occ: u32, p: u32, rule: LineRule) -> u32 {
    // The piece's own square is left, not crossed.
    let no_pass = rule.no_pass & !(1 << p);
    // Towards higher bits: everything below the first barrier, where a
    // barrier is an occupied square or the square just past one the
    // piece may not cross. The border makes `up` non-zero.
    let above = !0u32 << (p + 1);
    let up = (occ | no_pass << 1) & above;
    let up_range = above & (up & up.wrapping_neg()).wrapping_sub(1);
    // Towards lower bits, the same from the highest barrier below `p`
    // (bit 0, the border, is always one).
    let below = (1u32 << p) - 1;
    let down = (occ | no_pass >> 1) & below;
    let top = 31 - down.leading_zeros();
    let down_range = below & !((2u32 << top) - 1);
    (up_range | down_range) & rule.stop
}

/// Where the pieces stand, by line: what [`reach`] reads. Kept up to date
/// by the engine on every piece put down or taken away.
#[derive(Clone, Debug)]
pub(super) struct Occupancy {
    /// Occupied squares of each padded row, border bits set.
    pub rows: [u32; LINES],
    /// Occupied squares of each padded column, border bits set.
    pub cols: [u32; LINES],
    /// Each side's pieces by row (attackers; defenders and the king).
    pub side_rows: [[u32; LINES]; 2],
}

impl Occupancy {
    /// An empty board `n` squares wide.
    pub fn empty(n: usize) -> Occupancy {
        let border = !(((1u32 << n) - 1) << 1);
        Occupancy {
            rows: [border; LINES],
            cols: [border; LINES],
            side_rows: [[0; LINES]; 2],
        }
    }

    /// Puts down or takes away (the same operation) a piece of `side`
    /// (0 attackers, 1 defenders) on padded `rank` and `file`.
    #[inline]
    pub fn toggle(&mut self, rank: usize, file: usize, side: usize) {
        self.rows[rank] ^= 1 << file;
        self.cols[file] ^= 1 << rank;
        self.side_rows[side][rank] ^= 1 << file;
    }

    /// The padded rank and file of each piece of `side` (0 attackers, 1
    /// defenders) on a board `n` squares wide, bottom row first and left
    /// to right: the order the move generator visits pieces in.
    #[inline]
    pub fn pieces(&self, side: usize, n: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let rows = self.side_rows[side][1..=n].iter().enumerate();
        rows.flat_map(|(i, &row)| SetBits(row).map(move |file| (i + 1, file)))
    }
}

/// The positions of the set bits of a mask, lowest first.
struct SetBits(u32);

impl Iterator for SetBits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let p = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(p)
    }
}
