//! Reading a game record (OTN or PGN-style, see [`super`]) into a
//! [`Record`]. Only the form is checked here; whether the moves are legal
//! is the engine's business ([`super::replay`]). Every problem is a
//! located error at the first thing that is wrong.

use super::{Claimed, Format, Record, Recorded, Tag, claimed};
use crate::diagnostics::{SourceFile, excerpt};
use crate::error::Failure;
use crate::rules::{Move, Square};

/// Most moves a record may hold: longer than any real game by far, and it
/// bounds the work a hostile file can ask for.
pub const MAX_MOVES: usize = 5000;
/// Longest tag value kept; a longer one is refused.
pub const MAX_TAG: usize = 20_000;

/// Reads the record in `text`; `label` names the file in messages.
pub fn read(label: &str, text: &str) -> Result<Record, Failure> {
    let file = SourceFile { label, text };
    let mut r = Reader {
        file,
        record: Record {
            format: Format::Pgn,
            tags: Vec::new(),
            moves: Vec::new(),
            result: None,
            resigned: false,
        },
        turn: 0,
        half: 2,
        ended: None,
    };
    r.run()
        .map_err(|(at, msg)| Failure::new(file.error(at, msg)))?;
    Ok(r.record)
}

type Problem = (usize, String);

struct Reader<'a> {
    file: SourceFile<'a>,
    record: Record,
    /// The turn being read and how many of its moves have been read.
    turn: u32,
    half: u8,
    /// Where the result or resignation that ends the moves was written.
    ended: Option<usize>,
}

impl Reader<'_> {
    fn run(&mut self) -> Result<(), Problem> {
        let text = self.file.text;
        let mut i = 0;
        while i < text.len() {
            let rest = &text[i..];
            let c = rest.chars().next().unwrap_or(' ');
            if c.is_whitespace() {
                i += c.len_utf8();
                continue;
            }
            i = match c {
                '[' => self.bracket(i)?,
                '{' => closing(text, i, '}', "comment")? + 1,
                ';' => rest.find('\n').map_or(text.len(), |n| i + n),
                _ => {
                    let len = rest
                        .find(|c: char| c.is_whitespace() || c == '[' || c == '{')
                        .unwrap_or(rest.len());
                    self.word(i, &rest[..len])?
                }
            };
        }
        Ok(())
    }

    /// A `[…]`: a tag before the first move, commentary after it.
    fn bracket(&mut self, at: usize) -> Result<usize, Problem> {
        let end = closing(self.file.text, at, ']', "tag or commentary")?;
        if self.turn == 0 {
            let tag = tag(&self.file.text[at + 1..end], at + 1)?;
            self.record.format = tag.1;
            self.record.tags.push(tag.0);
        }
        Ok(end + 1)
    }

    /// One word of the moves: a turn number, a move, a result.
    fn word(&mut self, at: usize, w: &str) -> Result<usize, Problem> {
        let next = at + w.len();
        if let Some(end) = self.ended {
            let (l, c) = crate::diagnostics::line_col(self.file.text, end);
            return Err((
                at,
                format!(
                    "'{}' follows the end of the game (line {l}, column {c}); nothing but comments may",
                    excerpt(w)
                ),
            ));
        }
        let digits = w.trim_end_matches('.');
        if !digits.is_empty()
            && digits.len() < w.len()
            && digits.bytes().all(|b| b.is_ascii_digit())
        {
            return self.number(at, w);
        }
        if w.chars().next().is_some_and(|c| c.is_ascii_digit()) && w.contains('.') {
            // A variation's address (`12b.1.1a.`): its line is not the game.
            let text = self.file.text;
            return Ok(text[at..].find('\n').map_or(text.len(), |n| at + n));
        }
        if w == "---" {
            self.record.resigned = true;
            self.ended = Some(at);
            return Ok(next);
        }
        if let Some(c) = result_token(w) {
            self.record.result = Some((c, at));
            self.ended = Some(at);
            return Ok(next);
        }
        if w.starts_with('.') {
            return Err((
                at,
                "'.....' stands for a move left out, which only a variation may do".into(),
            ));
        }
        self.mv(at, w)?;
        Ok(next)
    }

    /// `7.` starts turn 7; `7...` says the turn's second move follows.
    fn number(&mut self, at: usize, w: &str) -> Result<usize, Problem> {
        let digits = w.trim_end_matches('.');
        let dots = w.len() - digits.len();
        let n: u32 = digits
            .parse()
            .map_err(|_| (at, format!("'{}' is not a turn number", excerpt(w))))?;
        if dots >= 3 && n == self.turn && self.half == 1 {
            return Ok(at + w.len());
        }
        if n != self.turn + 1 {
            return Err((
                at,
                format!(
                    "turn {n} where turn {} was expected: turns are numbered 1., 2., 3., …",
                    self.turn + 1
                ),
            ));
        }
        if self.turn > 0 && self.half < 2 {
            return Err((
                at,
                format!(
                    "turn {n} begins before turn {} has its second move",
                    self.turn
                ),
            ));
        }
        self.turn = n;
        self.half = 0;
        Ok(at + w.len())
    }

    fn mv(&mut self, at: usize, w: &str) -> Result<(), Problem> {
        if self.turn == 0 {
            return Err((
                at,
                format!(
                    "'{}' before turn 1: a record numbers its turns, e.g. 1. e2-e4 d5-d7",
                    excerpt(w)
                ),
            ));
        }
        if self.half >= 2 {
            return Err((
                at,
                format!(
                    "turn {} already has two moves; the next one is numbered {}.",
                    self.turn,
                    self.turn + 1
                ),
            ));
        }
        if self.record.moves.len() >= MAX_MOVES {
            return Err((
                at,
                format!("more than {MAX_MOVES} moves: not a game record"),
            ));
        }
        let (mv, captures, king) = parse_move(w).map_err(|m| (at, m))?;
        self.record.moves.push(Recorded {
            turn: self.turn,
            half: self.half,
            mv,
            captures,
            king,
            at,
        });
        self.half += 1;
        Ok(())
    }
}

/// The offset of the `close` that ends the block opened at `at`.
fn closing(text: &str, at: usize, close: char, what: &str) -> Result<usize, Problem> {
    text[at + 1..]
        .find(close)
        .map(|n| at + 1 + n)
        .ok_or_else(|| (at, format!("this {what} is never closed with '{close}'")))
}

/// A tag's inside (between the brackets, starting at `at`): `Name "value"`
/// (PGN) or `name:value` (OTN).
fn tag(inside: &str, at: usize) -> Result<(Tag, Format), Problem> {
    let name_len = inside
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .unwrap_or(inside.len());
    let name = &inside[..name_len];
    let rest = &inside[name_len..];
    let bad = || {
        (
            at,
            format!(
                "'[{}]' is not a tag: write [Name \"value\"] (PGN) or [name:value] (OpenTafl)",
                excerpt(inside)
            ),
        )
    };
    if name.is_empty() {
        return Err(bad());
    }
    let (value, offset, format) = if let Some(v) = rest.strip_prefix(':') {
        (v, name_len + 1, Format::Otn)
    } else {
        let trimmed = rest.trim_start();
        let lead = rest.len() - trimmed.len();
        let v = trimmed
            .strip_prefix('"')
            .and_then(|v| v.trim_end().strip_suffix('"'))
            .ok_or_else(bad)?;
        (v, name_len + lead + 1, Format::Pgn)
    };
    if value.len() > MAX_TAG {
        return Err((
            at,
            format!("the tag '{name}' is longer than {MAX_TAG} bytes"),
        ));
    }
    Ok((
        Tag {
            name: name.to_string(),
            value: value.to_string(),
            at: at + offset,
        },
        format,
    ))
}

/// A result closing the moves (`1-0`, `0-1`, `1/2-1/2`, `*`).
fn result_token(w: &str) -> Option<Claimed> {
    matches!(w, "1-0" | "0-1" | "1/2-1/2" | "*")
        .then(|| claimed(w))
        .flatten()
}

/// A square at the start of `s` (`e4`, `E4`, `k11`) and what follows it.
fn square_prefix(s: &str) -> Option<(Square, &str)> {
    let mut end = 1;
    if !s.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    while s[end..].starts_with(|c: char| c.is_ascii_digit()) && end < 4 {
        end += 1;
    }
    Square::parse(&s[..end].to_ascii_lowercase()).map(|sq| (sq, &s[end..]))
}

/// A piece letter before a square (`K` of `Ke5`): a letter followed by a letter.
fn piece_prefix(s: &str) -> Option<(char, &str)> {
    let mut cs = s.chars();
    match (cs.next(), cs.next()) {
        (Some(p), Some(n)) if p.is_ascii_alphabetic() && n.is_ascii_alphabetic() => {
            Some((p, &s[1..]))
        }
        _ => None,
    }
}

/// One move: `[K]e5-e8[xe9/Kd8][+|++|-|--]`.
pub fn parse_move(w: &str) -> Result<(Move, Option<Vec<Square>>, bool), String> {
    let shown = excerpt(w);
    let not_square = |what: &str| format!("'{shown}' is not a move: {what}");
    let (king, s) = match piece_prefix(w) {
        Some(('K', rest)) => (true, rest),
        Some((p, _)) => {
            return Err(not_square(&format!(
                "'{p}' marks a special piece, and taflkit's only one is the king (K)"
            )));
        }
        None => (false, w),
    };
    let (from, s) =
        square_prefix(s).ok_or_else(|| not_square("it should start with a square like e1"))?;
    let s = match s.chars().next() {
        Some('-') => &s[1..],
        Some('^' | '=') => {
            return Err(not_square(
                "jumps and berserk moves (^, =) are not in taflkit's rules",
            ));
        }
        _ => {
            return Err(not_square(
                "write the two squares joined by '-', e.g. e1-e4",
            ));
        }
    };
    let (to, mut s) =
        square_prefix(s).ok_or_else(|| not_square("no square like e4 after the '-'"))?;
    let mut captures: Option<Vec<Square>> = None;
    while let Some(rest) = s.strip_prefix(['x', 'X']) {
        let list = captures.get_or_insert_with(Vec::new);
        s = rest;
        loop {
            let body = piece_prefix(s).map_or(s, |(_, r)| r);
            let Some((sq, rest)) = square_prefix(body) else {
                break;
            };
            list.push(sq);
            s = rest;
            match s.strip_prefix('/') {
                Some(r) => s = r,
                None => break,
            }
        }
    }
    if !matches!(s, "" | "+" | "++" | "-" | "--" | "#") {
        return Err(not_square(&format!(
            "'{}' after the move is not a capture (x…) or a mark (+, ++, -, --)",
            excerpt(s)
        )));
    }
    if let Some(list) = captures.as_mut() {
        list.sort();
        list.dedup();
    }
    Ok((Move::new(from, to), captures, king))
}
