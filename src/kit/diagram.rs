//! Small board diagrams for the leaflet's figures and the reminder cards:
//! a position, with arrows, highlights and crosses.
//!
//! SKELETON: the leaflet work fills this in, keeping the signature.

use crate::layout::Item;
use crate::rules::Piece;
use crate::theme::Theme;
use crate::units::Rect;

/// Something drawn over a diagram's squares; squares are (file, rank),
/// 0-based from the bottom-left.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A move arrow.
    Arrow { from: (u8, u8), to: (u8, u8) },
    /// A move that is not allowed (arrow ending in a bar).
    Blocked { from: (u8, u8), to: (u8, u8) },
    /// A piece taken by the move shown.
    Captured((u8, u8)),
    /// A square to look at.
    Highlight((u8, u8)),
}

/// Draws `board` (`board[row][file]`, top row first) with `marks` into `rect`.
pub fn draw(board: &[Vec<Option<Piece>>], marks: &[Mark], rect: Rect, theme: &Theme) -> Vec<Item> {
    let _ = (board, marks, rect, theme);
    Vec::new()
}
