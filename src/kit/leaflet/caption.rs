//! What a figure's caption may say about the figure, as typed facts taken
//! from the figure's own move and pieces: which way the move goes and how
//! many pieces it takes. The words for them live in each language's
//! `lang/<code>/figures.j2` (its `directions` map, the `words` filter), so
//! a caption can never say "up" under an arrow that goes down.

use minijinja::Value;
use std::collections::BTreeMap;

/// Which way a move goes on the printed board: up is towards higher ranks
/// (away from rank 1, at the bottom), down towards rank 1; left and right
/// by files (a is on the left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The direction of a move along a line, from and to as (file, rank)
    /// counted from the bottom-left; `None` for a move that is not along
    /// a file or a rank (or no move at all).
    pub fn of(from: (u8, u8), to: (u8, u8)) -> Option<Direction> {
        use std::cmp::Ordering::{Equal, Greater, Less};
        match (to.0.cmp(&from.0), to.1.cmp(&from.1)) {
            (Equal, Greater) => Some(Direction::Up),
            (Equal, Less) => Some(Direction::Down),
            (Less, Equal) => Some(Direction::Left),
            (Greater, Equal) => Some(Direction::Right),
            _ => None,
        }
    }

    /// The key of the direction in the templates' `directions` map.
    pub fn key(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }
}

/// The facts of one figure a caption is given (as `fig` in its macro).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CaptionFacts {
    /// The way the figure's move goes: the move played, else the first
    /// move of its "last turn" panel; `None` when it shows no move.
    pub direction: Option<Direction>,
    /// How many pieces the move (with any moves after it) takes.
    pub captured: usize,
}

impl CaptionFacts {
    /// The facts of a figure whose move (if any) goes `from` → `to` and
    /// takes `captured` pieces.
    pub fn of(mv: Option<((u8, u8), (u8, u8))>, captured: usize) -> CaptionFacts {
        CaptionFacts {
            direction: mv.and_then(|(a, b)| Direction::of(a, b)),
            captured,
        }
    }

    /// The template value: `fig.direction` (a key of `directions`, or
    /// none) and `fig.captured`.
    pub fn value(&self) -> Value {
        let mut m = BTreeMap::new();
        m.insert("direction", Value::from(self.direction.map(Direction::key)));
        m.insert("captured", Value::from(self.captured));
        Value::from(m)
    }
}
