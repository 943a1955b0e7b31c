//! What the commands say, and where: results on standard output (through
//! [`outln!`], which ends quietly when the reader has gone, as in
//! `taflkit preview … | head`), everything else on standard error at the
//! level `-q`/`-v` chose, with "error"/"warning" coloured as `--color` says.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use super::args::{ColorArg, GlobalArgs};
use crate::error::{Diagnostic, Failure, Severity};

/// 0 quiet, 1 normal, 2 and more verbose.
static LEVEL: AtomicU8 = AtomicU8::new(1);
static COLOR: AtomicBool = AtomicBool::new(false);

/// Sets the level and colour from the global options, once, before a
/// command runs.
pub fn configure(g: &GlobalArgs) {
    let level = if g.quiet { 0 } else { 1 + g.verbose };
    LEVEL.store(level, Ordering::Relaxed);
    let color = match g.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stderr().is_terminal()
        }
    };
    COLOR.store(color, Ordering::Relaxed);
}

pub fn quiet() -> bool {
    LEVEL.load(Ordering::Relaxed) == 0
}

pub fn verbose() -> bool {
    LEVEL.load(Ordering::Relaxed) >= 2
}

/// Whether messages are coloured (also tells clap, for its own errors).
pub fn color() -> bool {
    COLOR.load(Ordering::Relaxed)
}

/// A diagnostic as one line, its kind coloured when asked.
pub fn paint(d: &Diagnostic) -> String {
    let plain = d.to_string();
    if !color() {
        return plain;
    }
    let (word, code) = match d.severity {
        Severity::Error => (": error: ", "31"),
        Severity::Warning => (": warning: ", "33"),
    };
    match plain.find(word) {
        Some(at) => format!(
            "{}: \x1b[1;{code}m{}\x1b[0m: {}",
            &plain[..at],
            word.trim_matches([':', ' ']),
            &plain[at + word.len()..]
        ),
        None => plain,
    }
}

/// Prints a warning (not with `-q`).
pub fn warn(d: &Diagnostic) {
    if !quiet() {
        eprintln!("{}", paint(d));
    }
}

pub fn warn_all(ds: &[Diagnostic]) {
    ds.iter().for_each(warn);
}

/// Prints a note for the person at the terminal (not with `-q`).
pub fn note(msg: impl AsRef<str>) {
    if !quiet() {
        eprintln!("{}", msg.as_ref());
    }
}

/// Prints a detail only `-v` asks for.
pub fn detail(msg: impl AsRef<str>) {
    if verbose() {
        eprintln!("{}", msg.as_ref());
    }
}

/// A progress bar of `len` steps on standard error, drawn as `template`
/// says (indicatif's), when standard error is a terminal and not `-q`;
/// otherwise a hidden one, so scripts see only the results.
pub fn progress(len: u64, template: &str) -> indicatif::ProgressBar {
    if quiet() || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

/// Prints a failure, every diagnostic on its own line.
pub fn failure(f: &Failure) {
    for d in &f.diagnostics {
        eprintln!("{}", paint(d));
    }
}

/// Writes to standard output; when the reader has gone (a closed pipe) the
/// program ends at once with status 0, as `head` expects of a writer.
pub fn out(bytes: &[u8]) {
    let mut o = std::io::stdout().lock();
    if let Err(e) = o.write_all(bytes).and_then(|()| o.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("standard output: error: cannot write: {e}");
        std::process::exit(1);
    }
}

/// `println!` for results: see [`out`].
#[macro_export]
macro_rules! outln {
    () => { $crate::cli::report::out(b"\n") };
    ($($arg:tt)*) => {
        $crate::cli::report::out(format!("{}\n", format_args!($($arg)*)).as_bytes())
    };
}

/// `print!` for results: see [`out`].
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::report::out(format!($($arg)*).as_bytes())
    };
}

/// A path as shown to the person: control characters (a NUL, an escape
/// sequence in a file name) written as escapes, never raw.
pub fn path(p: &std::path::Path) -> String {
    crate::diagnostics::escape_controls(&p.display().to_string()).into_owned()
}

/// A number of millimetres as people write it (see
/// [`crate::diagnostics::short_number`]).
pub use crate::diagnostics::short_number as mm;
