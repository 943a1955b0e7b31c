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

#[cfg(test)]
mod tests {
    use super::*;

    fn run(terminal: bool, updates: u32, total: Duration) -> String {
        let mut buf = Vec::new();
        let mut p = Progress::new(&mut buf, terminal);
        for i in 1..=updates {
            p.update(total * i / updates, &format!("perft: {i}/{updates}"));
        }
        p.finish(&format!("perft: {updates}/{updates}"), false);
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn a_quick_count_prints_nothing() {
        assert_eq!(run(true, 645, Duration::from_millis(200)), "");
        assert_eq!(run(false, 645, Duration::from_millis(200)), "");
    }

    #[test]
    fn a_terminal_gets_one_line_redrawn_in_place() {
        let out = run(true, 645, Duration::from_secs(3));
        assert_eq!(out.matches('\n').count(), 1, "{out:?}");
        assert!(out.ends_with("\rperft: 645/645\x1b[K\n"), "{out:?}");
        assert!(out.matches('\r').count() <= 30, "{out:?}");
    }

    #[test]
    fn a_log_gets_a_line_every_ten_seconds() {
        let out = run(false, 645, Duration::from_secs(35));
        assert_eq!(out.lines().count(), 3, "{out:?}");
        assert!(!out.contains('\r'));
    }

    #[test]
    fn verbose_always_gets_the_final_line() {
        let mut buf = Vec::new();
        let mut p = Progress::new(&mut buf, false);
        p.update(Duration::from_millis(200), "perft: 1/2");
        p.finish("perft: 2/2", true);
        assert_eq!(String::from_utf8(buf).unwrap(), "perft: 2/2\n");
    }
}
