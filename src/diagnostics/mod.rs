//! Problems reported to a person: where (file, line, column or option) and
//! what, in a sentence a player understands, with a hint when one helps.
//!
//! Every file a user writes (variant files, `theme.toml`, position files)
//! is reported through this module, so all messages have one shape,
//! `file:line:column: error: message; hint`, one way of counting lines and
//! columns ([`line_col`]) and one "did you mean" ([`did_you_mean`]).
//! [`toml`] reads TOML files into serde structs with every value located.

pub mod toml;

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

/// One problem found in an input, located as precisely as we can.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// The file (path as given) or, for command-line input, the option
    /// (e.g. `--square-mm`).
    pub source: String,
    /// 1-based line and column; `None` when the problem is the whole input.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
    /// What to do about it, e.g. "did you mean 'size'?".
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn error(source: impl Into<String>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            source: source.into(),
            line: None,
            column: None,
            message: message.into(),
            hint: None,
        }
    }
    pub fn warning(source: impl Into<String>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(source, message)
        }
    }
    pub fn at(mut self, line: usize, column: usize) -> Diagnostic {
        self.line = Some(line);
        self.column = Some(column);
        self
    }
    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    /// `file:line:column: error: message; hint`, the form editors jump to.
    /// Control characters (from a file's text or a path) are escaped.
    /// Source, message and hint are each cut to a bounded length, so a
    /// 100 KB argument quoted in a message never becomes a 100 KB message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}",
            escape_controls(&cut(&self.source, MAX_SOURCE_CHARS))
        )?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
        }
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let message = cut(&self.message, MAX_MESSAGE_CHARS);
        write!(f, ": {kind}: {}", escape_controls(&message))?;
        if let Some(hint) = &self.hint {
            write!(f, "; {}", escape_controls(&cut(hint, MAX_MESSAGE_CHARS)))?;
        }
        Ok(())
    }
}

/// A failed command: one or more diagnostics, at least one an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub diagnostics: Vec<Diagnostic>,
}

impl Failure {
    pub fn new(d: Diagnostic) -> Failure {
        Failure {
            diagnostics: vec![d],
        }
    }
    pub fn many(diagnostics: Vec<Diagnostic>) -> Failure {
        Failure { diagnostics }
    }
    /// A failure about a command-line option, e.g. `option("--paper", "…")`.
    pub fn option(option: &str, message: impl Into<String>) -> Failure {
        Failure::new(Diagnostic::error(option, message))
    }
    /// A broken promise inside taflkit (a component asked for a part it
    /// never offered): reported, never panicked on.
    pub fn internal(message: impl Into<String>) -> Failure {
        Failure::new(Diagnostic::error(
            "taflkit",
            format!("internal error: {}", message.into()),
        ))
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Failure {}

impl From<Diagnostic> for Failure {
    fn from(d: Diagnostic) -> Failure {
        Failure::new(d)
    }
}

/// 1-based line and column of a byte offset (columns count characters,
/// so a column is where an editor puts the cursor). An offset inside a
/// character counts as that character; one past the end is the end.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// The closest of `known` to `word`, when it is close enough to be a likely
/// typo. Jaro-Winkler favours a shared beginning, which is how keys and ids
/// are mistyped (`hostile` for `hostile_to`, `colors` for `colours`).
pub fn did_you_mean<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    let word = word.to_lowercase();
    known
        .iter()
        .map(|k| (strsim::jaro_winkler(&word, k), *k))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

/// The hint for an unknown word: the likely intended one, or the list.
/// `quote` wraps each word as the file would write it (`'key'`, `"value"`).
pub fn suggestion(word: &str, known: &[&str], quote: impl Fn(&str) -> String) -> String {
    match did_you_mean(word, known) {
        Some(k) => format!("did you mean {}?", quote(k)),
        None => {
            let all: Vec<String> = known.iter().map(|k| quote(k)).collect();
            format!("expected one of: {}", all.join(", "))
        }
    }
}

/// The most characters of a one-line text from a file (a name, a web
/// address, credits): more does not fit where such text is printed.
pub const MAX_LINE_CHARS: usize = 120;

/// One line of text from a file that reaches a page or the terminal (a
/// variant's or theme's name, a noun, credits): trimmed, not empty, no
/// control characters, at most [`MAX_LINE_CHARS`]. `what` names the key
/// in the message.
pub fn one_line(s: &str, what: &str) -> Result<String, String> {
    let s = s.trim();
    if s.is_empty() {
        Err(format!("'{what}' is empty"))
    } else if s.chars().any(char::is_control) {
        Err(format!(
            "'{what}' must be one line of text (no control characters)"
        ))
    } else if s.chars().count() > MAX_LINE_CHARS {
        Err(format!(
            "'{what}' is longer than {MAX_LINE_CHARS} characters"
        ))
    } else {
        Ok(s.to_string())
    }
}

/// Longest file name or option shown at the start of a message.
pub const MAX_SOURCE_CHARS: usize = 300;
/// Longest message (or hint) shown: a few lines of a terminal.
pub const MAX_MESSAGE_CHARS: usize = 1000;
/// Longest piece of user input quoted inside a message by [`excerpt`].
pub const MAX_QUOTED_CHARS: usize = 40;

/// `s` cut to at most `max` characters, the cut marked with "…".
pub fn cut(s: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(max) {
        None => std::borrow::Cow::Borrowed(s),
        Some(_) => {
            let keep = s
                .char_indices()
                .nth(max.saturating_sub(1))
                .map_or(s.len(), |(i, _)| i);
            std::borrow::Cow::Owned(format!("{}…", &s[..keep]))
        }
    }
}

/// A piece of user input (a move, a word) as quoted in a message: at most
/// [`MAX_QUOTED_CHARS`] characters, longer input cut with "…".
pub fn excerpt(s: &str) -> std::borrow::Cow<'_, str> {
    cut(s, MAX_QUOTED_CHARS)
}

/// `s` with control characters written as escapes (`\u{1b}`, `\0`), so
/// text from a file or a path with a NUL never reaches the terminal raw
/// (an escape sequence could rewrite the screen).
pub fn escape_controls(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(s);
    }
    std::borrow::Cow::Owned(
        s.chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

/// A number as people write it in a message: `25`, `19.5`, and huge or
/// tiny values in short scientific form (`1e308`), never 300 digits.
pub fn short_number(v: f64) -> String {
    if v.is_finite() && (v == 0.0 || (1e-3..1e6).contains(&v.abs())) {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else if v.is_finite() {
        let s = format!("{v:.3e}");
        match s.split_once('e') {
            Some((m, e)) => format!("{}e{e}", m.trim_end_matches('0').trim_end_matches('.')),
            None => s,
        }
    } else {
        format!("{v}")
    }
}

/// The largest variant or position file read (built-in variants are a
/// few KB): more is not a hand-written file, and reading on could exhaust
/// memory (`/dev/zero`).
pub const USER_FILE_MAX_BYTES: u64 = 1 << 20;

/// Reads a file a user named (a variant, a position): regular files only,
/// so a FIFO or a device cannot block or flood the reader, and at most
/// `max` bytes. Errors are `io::Error`s so callers keep telling "not
/// found" apart; their text completes "cannot read it: …".
pub fn read_user_file(path: &std::path::Path, max: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    // Looked at before opening: opening a FIFO waits for a writer.
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(std::io::Error::other(
            "it is not a regular file (a folder, device or pipe)",
        ));
    }
    let too_big = || std::io::Error::other(format!("it is larger than {} KiB", max / 1024));
    if meta.len() > max {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(max + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_big());
    }
    Ok(bytes)
}

/// A text file being read: its name as shown in messages and its text, to
/// turn byte offsets into positions.
#[derive(Clone, Copy, Debug)]
pub struct SourceFile<'a> {
    pub label: &'a str,
    pub text: &'a str,
}

impl<'a> SourceFile<'a> {
    /// An error at a byte offset of the text.
    pub fn error(&self, offset: usize, message: impl Into<String>) -> Diagnostic {
        let (l, c) = line_col(self.text, offset);
        Diagnostic::error(self.label, message).at(l, c)
    }
    /// A warning at a byte offset of the text.
    pub fn warning(&self, offset: usize, message: impl Into<String>) -> Diagnostic {
        let (l, c) = line_col(self.text, offset);
        Diagnostic::warning(self.label, message).at(l, c)
    }
}

/// The text of a file a user wrote, refusing what is not text: empty,
/// binary or not UTF-8 (located at the first bad byte). `what` completes
/// "the file is empty: …".
pub fn text_of<'b>(label: &str, bytes: &'b [u8], what: &str) -> Result<&'b str, Failure> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(Diagnostic::error(label, format!("the file is empty: {what}")).into());
    }
    if bytes.contains(&0) {
        return Err(Diagnostic::error(label, "this is a binary file, not a text file").into());
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let good = &bytes[..e.valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = String::from_utf8_lossy(good)
            .rsplit('\n')
            .next()
            .map_or(0, |l| l.chars().count())
            + 1;
        Diagnostic::error(label, "the file is not UTF-8 text (invalid byte here)")
            .with_hint("save it as UTF-8")
            .at(line, col)
            .into()
    })
}
