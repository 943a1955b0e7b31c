//! Game records: a whole game written down as the tafl world writes it,
//! read ([`read`]), replayed through the engine ([`replay`]) and written
//! out again ([`write`]).
//!
//! Two forms are read, told apart by nothing but their tags:
//!
//! - OpenTafl's game records (`.otg`, notation spec section 4): tags
//!   `[name:value]`, the rules string last as `[rules:dim:… start:…]`,
//!   then numbered turns `1. e2-g2 e3-h3`, king moves marked `K`,
//!   captures `xd3/f3`, commentary in `[…]` after a turn, variations on
//!   lines numbered like `12b.1.1a.` (skipped: only the main line is
//!   the game);
//! - PGN-style records (hnefatafl.org and most tafl sites): tags
//!   `[Name "value"]` with `[Variant "…"]`, the same numbered turns,
//!   captures `x`, comments in `{…}` or after `;`, and a closing result
//!   (`1-0`, `0-1`, `1/2-1/2`, `*`; the first number is the side that
//!   moves first, as in PGN).

pub mod read;
pub mod replay;
pub mod rules;
pub mod write;

use crate::rules::{Move, Side, Square};

/// Which family a record's tags come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// OpenTafl's `[name:value]` tags.
    Otn,
    /// PGN's `[Name "value"]` tags.
    Pgn,
}

/// A header tag: its name as written, its value and the byte offset of
/// the value in the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    pub value: String,
    pub at: usize,
}

/// One move of the main line, as the record writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The turn number written before it (`7.`).
    pub turn: u32,
    /// 0 for the turn's first move, 1 for its second.
    pub half: u8,
    pub mv: Move,
    /// The squares the record says it takes: `None` when it says nothing,
    /// an empty list for a bare `x` (takes something, not saying what).
    pub captures: Option<Vec<Square>>,
    /// Marked as a king move (`Ke5-f5`).
    pub king: bool,
    /// Byte offset of the move in the record.
    pub at: usize,
}

impl Recorded {
    /// "move 7" or "move 7…" for the turn's second move, as messages name it.
    pub fn number(&self) -> String {
        match self.half {
            0 => format!("move {}", self.turn),
            _ => format!("move {}…", self.turn),
        }
    }
}

/// What the record says the result was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claimed {
    Win(Side),
    /// PGN's `1-0` / `0-1`: the side that moves first (`true`) or second won.
    FirstWins(bool),
    Draw,
    /// `?` or `*`: not said.
    Unknown,
}

impl Claimed {
    /// What is said: `Some(Some(winner))`, `Some(None)` for a draw, and
    /// `None` when the result is not said (`Unknown`).
    pub fn resolve(self, first: Side) -> Option<Option<Side>> {
        match self {
            Claimed::Win(s) => Some(Some(s)),
            Claimed::FirstWins(true) => Some(Some(first)),
            Claimed::FirstWins(false) => Some(Some(first.opponent())),
            Claimed::Draw => Some(None),
            Claimed::Unknown => None,
        }
    }
}

/// A game record as read: its tags and its main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub format: Format,
    pub tags: Vec<Tag>,
    pub moves: Vec<Recorded>,
    /// The result the record closes with or tags, and where it is written.
    pub result: Option<(Claimed, usize)>,
    /// The record ends in a resignation (`---`).
    pub resigned: bool,
}

impl Record {
    /// The tag of this name (any case), the last one if repeated.
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags
            .iter()
            .rev()
            .find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// The number of turns (a last turn with one move counts).
    pub fn turns(&self) -> u32 {
        self.moves.last().map_or(0, |m| m.turn)
    }
}

/// Reads a result tag's value: OTN's `1`, `-1`, `0`, `?`; PGN's `1-0`,
/// `0-1`, `1/2-1/2`, `*`; or the words `attackers`, `defenders`, `draw`.
pub fn claimed(value: &str) -> Option<Claimed> {
    Some(match value.trim().to_ascii_lowercase().as_str() {
        "1" | "attackers" => Claimed::Win(Side::Attackers),
        "-1" | "defenders" => Claimed::Win(Side::Defenders),
        "0" | "draw" | "1/2-1/2" | "½-½" => Claimed::Draw,
        "1-0" => Claimed::FirstWins(true),
        "0-1" => Claimed::FirstWins(false),
        "?" | "*" | "" => Claimed::Unknown,
        _ => return None,
    })
}
