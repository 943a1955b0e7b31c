//! Lines read from standard input with a bounded cost: a line longer than
//! [`MAX_LINE_BYTES`] is read past (never held in memory) and reported as
//! too long, so 3 GB without a newline costs a few KB, not 6 GB.

use std::io::BufRead;

/// The longest line kept. A move, a command or a short answer is a few
/// bytes; a kilobyte leaves room for spaces and comments.
pub const MAX_LINE_BYTES: usize = 1024;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line, without its line ending.
    Text(String),
    /// A line longer than [`MAX_LINE_BYTES`]; its bytes were dropped.
    TooLong,
    /// Bytes that are not UTF-8 text.
    NotText,
}

/// Reads lines of at most [`MAX_LINE_BYTES`] (or a limit of its own) from
/// `input`.
pub struct Lines<R> {
    input: R,
    limit: usize,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R) -> Lines<R> {
        Lines::with_limit(input, MAX_LINE_BYTES)
    }

    /// Lines of at most `limit` bytes (the engine protocol's rules strings
    /// are longer than a move).
    pub fn with_limit(input: R, limit: usize) -> Lines<R> {
        Lines { input, limit }
    }

    /// The next line, or `None` at the end of the input.
    pub fn next_line(&mut self) -> std::io::Result<Option<Line>> {
        let mut kept = Vec::new();
        let mut too_long = false;
        let mut any = false;
        loop {
            let buf = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                break;
            }
            any = true;
            let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], i + 1),
                None => (buf, buf.len()),
            };
            let room = self.limit.saturating_sub(kept.len());
            if chunk.len() > room {
                too_long = true;
            }
            if !too_long {
                kept.extend_from_slice(chunk);
            }
            let ended = done > chunk.len();
            self.input.consume(done);
            if ended {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        if too_long {
            return Ok(Some(Line::TooLong));
        }
        if kept.last() == Some(&b'\r') {
            kept.pop();
        }
        Ok(Some(match String::from_utf8(kept) {
            Ok(s) => Line::Text(s),
            Err(_) => Line::NotText,
        }))
    }
}

impl Line {
    /// The line's text, or a sentence saying why there is none.
    pub fn text(self) -> Result<String, String> {
        match self {
            Line::Text(s) => Ok(s),
            Line::TooLong => Err(format!(
                "the line is longer than {MAX_LINE_BYTES} bytes; write one move per line"
            )),
            Line::NotText => Err("the line is not UTF-8 text".into()),
        }
    }
}
