//! One progress line for long counts (`perft`). On a terminal it is
//! redrawn in place (carriage return) at most ten times a second, and not
//! at all for the first half second, so a quick count prints nothing;
//! elsewhere (a log file) a plain line at most every ten seconds.

use std::io::Write;
use std::time::Duration;

/// Quiet at first on a terminal: a count this quick needs no progress.
const TERMINAL_DELAY: Duration = Duration::from_millis(500);
/// The fastest a terminal line is redrawn.
const TERMINAL_EVERY: Duration = Duration::from_millis(100);
/// How often a log gets a line.
const LOG_EVERY: Duration = Duration::from_secs(10);

pub struct Progress<W: Write> {
    out: W,
    terminal: bool,
    /// When the last line was drawn.
    last: Option<Duration>,
}

impl<W: Write> Progress<W> {
    pub fn new(out: W, terminal: bool) -> Progress<W> {
        Progress {
            out,
            terminal,
            last: None,
        }
    }

    /// Offers the line `msg`, `elapsed` since the count began; it is shown
    /// when it is time to.
    pub fn update(&mut self, elapsed: Duration, msg: &str) {
        let (first, every) = if self.terminal {
            (TERMINAL_DELAY, TERMINAL_EVERY)
        } else {
            (LOG_EVERY, LOG_EVERY)
        };
        let due = match self.last {
            None => elapsed >= first,
            Some(t) => elapsed >= t + every,
        };
        if !due {
            return;
        }
        self.last = Some(elapsed);
        // Progress is a courtesy: a closed standard error must not stop the
        // count.
        let _ = if self.terminal {
            write!(self.out, "\r{msg}\x1b[K")
        } else {
            writeln!(self.out, "{msg}")
        };
        let _ = self.out.flush();
    }

    /// Ends the count with its final line `msg`: a line drawn in place is
    /// redrawn with it and ended, so what follows starts on its own line;
    /// otherwise it is written only when `always` (`-v` asked for it).
    pub fn finish(&mut self, msg: &str, always: bool) {
        let _ = if self.terminal && self.last.is_some() {
            writeln!(self.out, "\r{msg}\x1b[K")
        } else if always {
            writeln!(self.out, "{msg}")
        } else {
            Ok(())
        };
        let _ = self.out.flush();
    }
}
