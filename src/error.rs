//! Problems reported to a person: where (file, line, column or option) and
//! what, in a sentence a player understands.

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
}

impl Diagnostic {
    pub fn error(source: impl Into<String>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            source: source.into(),
            line: None,
            column: None,
            message: message.into(),
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
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    /// `file:line:column: error: message`, the form editors jump to.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.source)?;
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
        write!(f, ": {kind}: {}", self.message)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostic_reads_like_a_compiler_message() {
        let d = Diagnostic::error("my.toml", "two kings").at(4, 9);
        assert_eq!(d.to_string(), "my.toml:4:9: error: two kings");
        let w = Diagnostic::warning("--paper", "odd");
        assert_eq!(w.to_string(), "--paper: warning: odd");
    }
}
