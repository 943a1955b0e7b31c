//! Squares and moves in the usual notation (`e4`, `e1-e4`: files `a`…
//! from the left, ranks `1`… from the bottom), and the setup notation
//! (`A`, `D`, `K`, `.`, rows top to bottom) shared by variant files,
//! `play --from` and `play`'s output.

use std::fmt;

use super::variant::Piece;

/// The largest board the notation can name (files `a` to `y`).
pub const MAX_SIZE: usize = 25;

/// A square: 0-based file from the left and rank from the bottom
/// (`a1` is `{ file: 0, rank: 0 }`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

impl Square {
    pub fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Reads `e4`: one letter `a`–`y` and a rank 1–25. Says nothing about
    /// whether the square is on a particular board.
    pub fn parse(s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let file = letter as u32 - 'a' as u32;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: u32 = digits.parse().ok()?;
        if file as usize >= MAX_SIZE
            || rank == 0
            || rank as usize > MAX_SIZE
            || digits.starts_with('0')
        {
            return None;
        }
        Some(Square {
            file: file as u8,
            rank: (rank - 1) as u8,
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

/// A move of one piece along a row or column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl Move {
    pub fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Reads `e1-e4`. The error is a sentence naming what is wrong.
    pub fn parse(s: &str) -> Result<Move, String> {
        let t = s.trim();
        let (s, ex) = (crate::diagnostics::excerpt(s), crate::diagnostics::excerpt);
        let Some((a, b)) = t.split_once('-') else {
            return Err(format!(
                "'{s}' is not a move: write the start and end squares joined by '-', e.g. e1-e4"
            ));
        };
        let from = Square::parse(a.trim())
            .ok_or_else(|| format!("'{s}' is not a move: '{}' is not a square like e1", ex(a)))?;
        let to = Square::parse(b.trim())
            .ok_or_else(|| format!("'{s}' is not a move: '{}' is not a square like e4", ex(b)))?;
        Ok(Move { from, to })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// One cell of a setup text, with its byte offset in that text (so a
/// problem can be reported at its line and column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub piece: Option<Piece>,
    pub offset: usize,
}

/// One row of a setup text: its cells and the offset where the row starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub cells: Vec<Cell>,
    pub offset: usize,
    /// Offset just past the row's last character.
    pub end: usize,
}

/// Splits a setup text into rows of cells. Blank lines are skipped; spaces
/// between cells are optional. An unknown symbol is an error at its offset.
pub fn parse_rows(text: &str) -> Result<Vec<Row>, (usize, String)> {
    let mut rows = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        if body.trim().is_empty() {
            continue;
        }
        let mut cells = Vec::new();
        let mut end = start;
        for (i, c) in body.char_indices() {
            if c.is_whitespace() {
                continue;
            }
            let piece = match c {
                'A' => Some(Piece::Attacker),
                'D' => Some(Piece::Defender),
                'K' => Some(Piece::King),
                '.' => None,
                _ => {
                    let shown = if c.is_control() {
                        format!("U+{:04X}", c as u32)
                    } else {
                        format!("'{c}'")
                    };
                    return Err((
                        start + i,
                        format!(
                            "unknown symbol {shown} in the setup: use A (attacker), D (defender), K (king) or . (empty)"
                        ),
                    ));
                }
            };
            cells.push(Cell {
                piece,
                offset: start + i,
            });
            end = start + i + c.len_utf8();
        }
        rows.push(Row {
            cells,
            offset: start,
            end,
        });
    }
    Ok(rows)
}

/// Writes a board (rows top first) in setup notation, cells separated by
/// single spaces, one row per line.
pub fn write_rows(board: &[Vec<Option<Piece>>]) -> String {
    let mut out = String::new();
    for row in board {
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push(cell.map_or('.', Piece::symbol));
        }
        out.push('\n');
    }
    out
}
