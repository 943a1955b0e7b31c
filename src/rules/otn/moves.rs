//! OpenTafl move records (notation spec, section 2), read into taflkit
//! moves: the simple form `a4-a1` and the full one
//! `[piece]start-end[xcaptures][+|-|++|--]`. Captures and the info marks
//! are what the move did, which the engine works out again, so they are
//! read past. Jumps and berserk moves (`^`, `=`) and resignations (`---`)
//! have no counterpart in taflkit and are refused by name.

use crate::rules::notation::{Move, Square};

/// A square at the start of `s`: a letter and the rank's digits, and how
/// many bytes it took.
fn square_at(s: &str) -> Option<(Square, usize)> {
    let digits = s.bytes().skip(1).take_while(|b| b.is_ascii_digit()).count();
    let len = 1 + digits;
    let text = s.get(..len)?;
    Square::parse(text)
        .filter(|_| s.as_bytes()[0].is_ascii_lowercase())
        .map(|sq| (sq, len))
}

/// Reads one move record. The error is a sentence naming what is wrong.
pub fn read(record: &str) -> Result<Move, String> {
    let shown = crate::diagnostics::excerpt(record);
    if record == "---" {
        return Err("'---' is a resignation, not a move".into());
    }
    // A piece letter comes before the start square only for special
    // pieces (`Ke5-e1`): a letter followed by another letter.
    let bytes = record.as_bytes();
    let body = match bytes {
        [p, next, ..] if b"tcnkmgTCNKMG".contains(p) && next.is_ascii_alphabetic() => &record[1..],
        _ => record,
    };
    let bad = |what: &str| format!("'{shown}' is not an OpenTafl move record: {what}");
    let (from, used) = square_at(body).ok_or_else(|| bad("it starts with a square like e5"))?;
    let rest = &body[used..];
    let rest = match rest.as_bytes().first() {
        Some(b'-') => &rest[1..],
        Some(b'^' | b'=') => {
            return Err(format!(
                "'{shown}' is a jump or a berserk move; taflkit's pieces move like rooks, one move a turn"
            ));
        }
        _ => return Err(bad("the squares are joined by '-', e.g. e5-e8")),
    };
    let (to, used) = square_at(rest).ok_or_else(|| bad("it ends with a square like e8"))?;
    let tail = &rest[used..];
    let info = tail.trim_start_matches(|c: char| c != '+' && c != '-' && !c.is_whitespace());
    let captures = &tail[..tail.len() - info.len()];
    if !(captures.is_empty() || captures.starts_with('x')) {
        return Err(bad(
            "what follows the end square is 'x' and the captured squares",
        ));
    }
    if !["", "+", "-", "++", "--"].contains(&info) {
        return Err(bad("it ends with +, -, ++ or -- at most"));
    }
    Ok(Move::new(from, to))
}
