//! Replaying a [`Record`] through the engine: every move must be legal,
//! every capture the record writes down must be the one the rules make,
//! and a result the record states must agree with how the game ends.
//! Also which rules a record is played by, when it says so itself.

use super::{Claimed, Record, Recorded};
use crate::diagnostics::SourceFile;
use crate::error::Failure;
use crate::rules::otn::{self, Order};
use crate::rules::{Game, GameResult, Move, Piece, Side, Square, Variant, WinReason};

/// One move as replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    pub turn: u32,
    pub side: Side,
    pub mv: Move,
    pub piece: Piece,
    /// What the engine took, the king's square included.
    pub captured: Vec<Square>,
    /// The engine's result just after it.
    pub result: GameResult,
}

/// How a replayed game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The rules ended it.
    Rules(GameResult),
    /// The record gives a winner while the game could go on: the other
    /// side gave up (resigned, or lost on time).
    Conceded(Side),
    /// The record says draw while the game could go on.
    AgreedDraw,
    /// The record stops with no result.
    Unfinished,
}

/// A replayed game: the boards (the start, then after each move) and the
/// moves.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub boards: Vec<otn::Board>,
    pub plies: Vec<Ply>,
    pub first: Side,
    pub ending: Ending,
}

impl Replayed {
    /// The winner, if the game has one.
    pub fn winner(&self) -> Option<Side> {
        match self.ending {
            Ending::Rules(GameResult::Win { winner, .. }) | Ending::Conceded(winner) => {
                Some(winner)
            }
            _ => None,
        }
    }
}

/// Replays `record` under `variant` from its start (or the record's
/// `position` tag); `file` is the record's text, for locations.
pub fn replay(variant: &Variant, record: &Record, file: SourceFile) -> Result<Replayed, Failure> {
    let first = variant.first_to_move();
    let mut game = start(variant, record, file)?;
    let mut boards = vec![game.board()];
    let mut plies = Vec::with_capacity(record.moves.len());
    for m in &record.moves {
        let side = game.to_move();
        let piece = game.piece_at(m.mv.from);
        let report = game
            .play(m.mv)
            .map_err(|e| Failure::new(file.error(m.at, format!("{}: {e}", m.number()))))?;
        let piece = piece.unwrap_or(Piece::King);
        check_marks(m, piece, &report.captured).map_err(|msg| {
            Failure::new(file.error(m.at, format!("{}: {} {msg}", m.number(), m.mv)))
        })?;
        if report.turn_continues {
            // One move a turn in a record: a berserker's extra move is not taken.
            let _ = game.end_turn();
        }
        boards.push(game.board());
        plies.push(Ply {
            turn: m.turn,
            side,
            mv: m.mv,
            piece,
            captured: report.captured,
            result: game.result(),
        });
    }
    let ending = ending(record, &game, first, file)?;
    Ok(Replayed {
        boards,
        plies,
        first,
        ending,
    })
}

/// The start: the variant's, or the record's `position` tag.
fn start(variant: &Variant, record: &Record, file: SourceFile) -> Result<Game, Failure> {
    let Some(tag) = record.tag("position") else {
        return Ok(Game::new(variant));
    };
    let (board, _) = otn::position::read(tag.value.trim(), Order::RankOneFirst)
        .map_err(|(o, m)| Failure::new(file.error(tag.at + o, m)))?;
    Game::from_board(variant, &board, variant.first_to_move())
        .map_err(|m| Failure::new(file.error(tag.at, m)))
}

/// The record's own marks on a move (`K`, `x…`) against what the engine did.
fn check_marks(m: &Recorded, piece: Piece, captured: &[Square]) -> Result<(), String> {
    if m.king && piece != Piece::King {
        return Err(
            "is marked as a king move (K), but the piece that moves is not the king".into(),
        );
    }
    match &m.captures {
        Some(said) if said.is_empty() && captured.is_empty() => {
            Err("is marked as a capture (x), but under these rules it captures nothing".into())
        }
        Some(said) if !said.is_empty() && said.as_slice() != captured => Err(format!(
            "is recorded as capturing {}, but under these rules it captures {}",
            squares(said),
            if captured.is_empty() {
                "nothing".to_string()
            } else {
                squares(captured)
            }
        )),
        _ => Ok(()),
    }
}

fn squares(s: &[Square]) -> String {
    s.iter()
        .map(|q| q.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// How the game ends: the rules' end, which a stated result must agree
/// with, or what the record says when the rules have not ended it.
fn ending(record: &Record, game: &Game, first: Side, file: SourceFile) -> Result<Ending, Failure> {
    let result = game.result();
    let stated = stated(record, file)?;
    let Some((claim, at)) = stated else {
        return Ok(match result {
            // `---`: the side to move resigned.
            GameResult::Ongoing if record.resigned => Ending::Conceded(game.to_move().opponent()),
            GameResult::Ongoing => Ending::Unfinished,
            r => Ending::Rules(r),
        });
    };
    let said = claim.resolve(first);
    match (result, said) {
        (GameResult::Ongoing, Some(Some(w))) => Ok(Ending::Conceded(w)),
        (GameResult::Ongoing, Some(None)) => Ok(Ending::AgreedDraw),
        (GameResult::Ongoing, None) => Ok(Ending::Unfinished),
        (r, None) => Ok(Ending::Rules(r)),
        (r @ GameResult::Win { winner, .. }, Some(Some(w))) if w == winner => Ok(Ending::Rules(r)),
        (r @ GameResult::Draw { .. }, Some(None)) => Ok(Ending::Rules(r)),
        (r, Some(w)) => Err(Failure::new(file.error(
            at,
            format!(
                "the record gives the result as {}, but the replayed game ends in {r} ({})",
                w.map_or("a draw".to_string(), |s| format!("the {s}' win")),
                r.describe()
            ),
        ))),
    }
}

/// The result the record states: its closing token, else its result tag.
fn stated(record: &Record, file: SourceFile) -> Result<Option<(Claimed, usize)>, Failure> {
    if let Some(r) = record.result {
        return Ok(Some(r));
    }
    let Some(tag) = record.tag("result") else {
        return Ok(None);
    };
    match super::claimed(&tag.value) {
        Some(c) => Ok(Some((c, tag.at))),
        None => Err(Failure::new(file.error(
            tag.at,
            format!(
                "'{}' is not a result: write 1 or -1 (OpenTafl: attackers or defenders won), \
                 1-0 or 0-1 (PGN: the side that moves first, or the other, won), 0 or 1/2-1/2 \
                 (a draw), ? or *",
                crate::diagnostics::excerpt(&tag.value)
            ),
        ))),
    }
}

/// Whether a win was by the king's capture or escape (for OTN's `++`, `--`).
pub fn king_end(r: GameResult) -> Option<WinReason> {
    match r {
        GameResult::Win {
            reason: reason @ (WinReason::KingCaptured | WinReason::KingEscaped),
            ..
        } => Some(reason),
        _ => None,
    }
}
