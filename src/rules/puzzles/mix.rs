//! Which sides to move and which lengths of win a set of puzzles has: a
//! page worth printing mixes both sides and wins in 2 and in 3 (issue 22),
//! so the finder asks this of the puzzles it keeps at every step (what the
//! page lacks, what a puzzle would bring, whether it would tip the page to
//! one side or length, which side's player to strengthen). [`Mix`] is the
//! one place those questions are answered; [`mixed_first`] picks a mixed
//! page from more puzzles than it holds.

use std::collections::BTreeMap;

use crate::rules::variant::Side;

use super::{MAX_MOVES, MIN_MOVES};

/// What one puzzle adds to a page's mix: the side to move and the length
/// of its win, in that side's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    pub side: Side,
    pub moves: u32,
}

/// Something a [`Mix`] counts: a puzzle, or its [`Kind`] alone (what the
/// tests build).
pub trait OfKind {
    fn kind(&self) -> Kind;
}

impl OfKind for Kind {
    fn kind(&self) -> Kind {
        *self
    }
}

/// How many puzzles of a set have each side to move and each length of
/// win.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mix {
    /// Puzzles with the attackers to move, and with the defenders.
    sides: [usize; 2],
    /// Puzzles of each length of win. Any length counts, not only 2 and
    /// 3: a puzzle read back from the cache says its own.
    lengths: BTreeMap<u32, usize>,
}

impl Mix {
    /// The mix of `ps`.
    pub fn of<'a, T: OfKind + 'a>(ps: impl IntoIterator<Item = &'a T>) -> Mix {
        let mut mix = Mix::default();
        for p in ps {
            mix.add(p.kind());
        }
        mix
    }

    /// Counts one more puzzle.
    pub fn add(&mut self, k: Kind) {
        self.sides[index(k.side)] += 1;
        *self.lengths.entry(k.moves).or_default() += 1;
    }

    /// How many puzzles are counted.
    pub fn len(&self) -> usize {
        self.sides.iter().sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many of the puzzles have `side` to move.
    pub fn with_side(&self, side: Side) -> usize {
        self.sides[index(side)]
    }

    /// How many of the puzzles are wins in `moves`.
    pub fn with_length(&self, moves: u32) -> usize {
        self.lengths.get(&moves).copied().unwrap_or(0)
    }

    pub fn has_side(&self, side: Side) -> bool {
        self.with_side(side) > 0
    }

    pub fn has_length(&self, moves: u32) -> bool {
        self.with_length(moves) > 0
    }

    /// Whether the puzzles give both sides to move and wins of both
    /// lengths looked for: what a page worth printing shows.
    pub fn is_mixed(&self) -> bool {
        self.has_side(Side::Attackers)
            && self.has_side(Side::Defenders)
            && self.has_length(MIN_MOVES)
            && self.has_length(MAX_MOVES)
    }

    /// Whether a puzzle of kind `k` brings a side to move or a length of
    /// win that none of these has.
    pub fn brings(&self, k: Kind) -> bool {
        !self.has_side(k.side) || !self.has_length(k.moves)
    }

    /// Whether some puzzle is counted and none has `side` to move: the
    /// games should then give that side's wins (a set with no puzzle yet
    /// lacks nothing in particular).
    pub fn lacks(&self, side: Side) -> bool {
        !self.is_empty() && !self.has_side(side)
    }

    /// The side to move in fewer of the puzzles, the attackers on a tie:
    /// the side whose wins the games should give next.
    pub fn rarer_side(&self) -> Side {
        if 2 * self.with_side(Side::Attackers) <= self.len() {
            Side::Attackers
        } else {
            Side::Defenders
        }
    }

    /// Whether these puzzles, on a page of `count`, leave room for one
    /// more of kind `k` and keep the page mixed: fewer than half of it
    /// (rounded up) have its side to move yet, and fewer than half its
    /// length of win.
    pub fn has_room_for(&self, k: Kind, count: usize) -> bool {
        let half = count.div_ceil(2);
        self.with_side(k.side) < half && self.with_length(k.moves) < half
    }
}

/// The index of `side` in [`Mix`]'s counts.
fn index(side: Side) -> usize {
    match side {
        Side::Attackers => 0,
        Side::Defenders => 1,
    }
}

/// `n` of the puzzles, in their order, a mix where they allow it: first
/// each one that brings a side to move or a length of win not yet taken
/// ([`Mix::brings`]), then the others, so a page of `n` keeps both sides
/// and both lengths the puzzles have.
pub fn mixed_first<T: OfKind + Clone>(ps: &[T], n: usize) -> Vec<T> {
    let mut taken = Mix::default();
    let mut take = vec![false; ps.len()];
    for (t, p) in take.iter_mut().zip(ps) {
        if taken.len() < n && taken.brings(p.kind()) {
            *t = true;
            taken.add(p.kind());
        }
    }
    let rest = n - taken.len();
    for t in take.iter_mut().filter(|t| !**t).take(rest) {
        *t = true;
    }
    ps.iter()
        .zip(&take)
        .filter(|(_, t)| **t)
        .map(|(p, _)| p.clone())
        .collect()
}
