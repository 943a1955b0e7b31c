//! OpenTafl position records (`/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`): one
//! `/`-separated row per rank, rank 1 first (so `a1` is the first square
//! written), `t` an attacker, `T` a defender, `K` the king, a number a run
//! of empty squares. The `starti:` form of rules strings lists the rows
//! the other way up (top first); [`Order`] says which one a text uses.

use crate::rules::file::MIN_SIZE;
use crate::rules::notation::MAX_SIZE;
use crate::rules::variant::Piece;

/// A board as `Variant::setup` holds it: rows from the top down.
pub type Board = Vec<Vec<Option<Piece>>>;

/// Which row a record writes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Rank 1 first: position records and `start:`.
    RankOneFirst,
    /// The top rank first: `starti:` (reads like a diagram).
    TopFirst,
}

/// A problem in a record, at a byte offset of the text given.
pub type Problem = (usize, String);

/// Whether a text (a position file) is an OTN position rather than
/// taflkit's setup notation: its first non-blank character is `/`.
pub fn looks_like(text: &str) -> bool {
    text.trim_start().starts_with('/')
}

/// What an OTN piece letter is in taflkit's model, or why it has no
/// counterpart there.
fn piece(c: char) -> Result<Option<Piece>, String> {
    Ok(Some(match c {
        't' => Piece::Attacker,
        'T' => Piece::Defender,
        'K' => Piece::King,
        'k' => {
            return Err(
                "'k' is an attackers' king; in taflkit only the defenders have a king".into(),
            );
        }
        'c' | 'C' => {
            return Err(format!(
                "'{c}' is a commander (OpenTafl's berserk hnefatafl); taflkit's pieces are attackers (t), defenders (T) and the king (K)"
            ));
        }
        'n' | 'N' => {
            return Err(format!(
                "'{c}' is a knight (OpenTafl's berserk hnefatafl); taflkit's pieces are attackers (t), defenders (T) and the king (K)"
            ));
        }
        'm' | 'M' | 'g' | 'G' => {
            return Err(format!(
                "'{c}' is a mercenary or guard piece; taflkit's pieces are attackers (t), defenders (T) and the king (K)"
            ));
        }
        _ => {
            let shown = if c.is_control() || c.is_whitespace() {
                format!("U+{:04X}", c as u32)
            } else {
                format!("'{c}'")
            };
            return Err(format!(
                "unknown symbol {shown} in the position: use t (attacker), T (defender), K (king) or a number of empty squares"
            ));
        }
    }))
}

/// Reads a record starting at the start of `text` (which must begin with
/// `/`), up to the first whitespace or the end. Returns the board (rows
/// from the top) and the byte length read. Offsets in problems are from
/// the start of `text`.
pub fn read(text: &str, order: Order) -> Result<(Board, usize), Problem> {
    if !text.starts_with('/') {
        return Err((
            0,
            "an OpenTafl position starts with '/', e.g. /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/".into(),
        ));
    }
    let len = text.find(char::is_whitespace).unwrap_or(text.len());
    let body = &text[..len];
    let mut rows: Vec<(usize, Vec<Option<Piece>>)> = Vec::new();
    let mut at = 1;
    for part in body[1..].split('/') {
        if !part.is_empty() {
            rows.push((at, read_row(part, at)?));
        }
        at += part.len() + 1;
    }
    if !body.ends_with('/') {
        return Err((len, "an OpenTafl position ends with '/'".into()));
    }
    let n = rows.len();
    if !(MIN_SIZE..=MAX_SIZE).contains(&n) {
        return Err((
            0,
            format!(
                "the position has {n} rows; a board has {} to {} squares a side",
                MIN_SIZE, MAX_SIZE
            ),
        ));
    }
    for (i, (start, row)) in rows.iter().enumerate() {
        if row.len() != n {
            return Err((
                *start,
                format!(
                    "row {} has {} squares; the position has {n} rows, so each needs {n}",
                    i + 1,
                    row.len()
                ),
            ));
        }
    }
    let mut board: Board = rows.into_iter().map(|(_, r)| r).collect();
    if order == Order::RankOneFirst {
        board.reverse();
    }
    Ok((board, len))
}

/// One row: pieces and counts of empty squares.
fn read_row(part: &str, start: usize) -> Result<Vec<Option<Piece>>, Problem> {
    let mut cells = Vec::new();
    let mut run: Option<(usize, usize)> = None; // (offset, count so far)
    for (i, c) in part.char_indices() {
        if let Some(d) = c.to_digit(10) {
            let (o, count) = run.unwrap_or((start + i, 0));
            let count = count * 10 + d as usize;
            if count > MAX_SIZE {
                return Err((
                    o,
                    format!("{count} empty squares is more than a board's width"),
                ));
            }
            run = Some((o, count));
            continue;
        }
        if let Some((o, count)) = run.take() {
            push_empty(&mut cells, o, count)?;
        }
        cells.push(piece(c).map_err(|m| (start + i, m))?);
    }
    if let Some((o, count)) = run {
        push_empty(&mut cells, o, count)?;
    }
    Ok(cells)
}

fn push_empty(cells: &mut Vec<Option<Piece>>, at: usize, count: usize) -> Result<(), Problem> {
    if count == 0 {
        return Err((at, "a run of empty squares is at least 1".into()));
    }
    cells.extend(std::iter::repeat_n(None, count));
    Ok(())
}

/// Writes a board (rows from the top) as a record in the given order.
pub fn write(board: &[Vec<Option<Piece>>], order: Order) -> String {
    let mut out = String::from("/");
    let rows: Vec<&Vec<Option<Piece>>> = match order {
        Order::TopFirst => board.iter().collect(),
        Order::RankOneFirst => board.iter().rev().collect(),
    };
    for row in rows {
        let mut empty = 0;
        for cell in row {
            match cell {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(symbol(*p));
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        out.push('/');
    }
    out
}

/// The OTN letter of a piece.
pub fn symbol(p: Piece) -> char {
    match p {
        Piece::Attacker => 't',
        Piece::Defender => 'T',
        Piece::King => 'K',
    }
}
