//! The user's settings file: defaults a person would otherwise type every
//! time, such as `paper = "letter"` in the United States. It lives at
//! `$XDG_CONFIG_HOME/taflkit/config.toml`, or `~/.config/taflkit/config.toml`
//! without `XDG_CONFIG_HOME` (the XDG base-directory rule). A missing file
//! is no settings; a broken
//! one is reported like any file a user wrote, as file:line:column, because
//! silently ignoring it would print on the wrong paper.

use std::path::PathBuf;

use clap::ValueEnum;
use serde::Deserialize;

use crate::cli::args::PaperArg;
use crate::diagnostics::toml::Field;
use crate::diagnostics::{self, Diagnostic, Failure, SourceFile};
use crate::words::Lang;

/// A settings file is a few lines; more is not one.
const MAX_BYTES: u64 = 64 * 1024;

/// `config.toml` as written. Every key is optional.
#[derive(Deserialize, Default)]
#[serde(default)]
struct ConfigFile {
    paper: Field<String>,
    lang: Field<String>,
}

/// The settings read, and the file they came from (for `-v`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    pub paper: Option<PaperArg>,
    pub lang: Option<Lang>,
    pub path: Option<PathBuf>,
}

/// Where the settings file is looked for, if anywhere: a relative
/// `XDG_CONFIG_HOME` is ignored, as the XDG rules say.
pub fn path() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    let home = || {
        std::env::var_os("HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .map(|h| h.join(".config"))
    };
    xdg.or_else(home)
        .map(|d| d.join("taflkit").join("config.toml"))
}

/// The paper a setting names (any case), or the message and hint saying
/// it is none.
pub fn paper_named(value: &str) -> Result<PaperArg, (String, String)> {
    PaperArg::from_str(value, true).map_err(|_| {
        let names: Vec<String> = PaperArg::value_variants()
            .iter()
            .filter_map(|p| p.to_possible_value())
            .map(|v| v.get_name().to_string())
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        (
            format!("unknown paper \"{}\"", diagnostics::excerpt(value)),
            diagnostics::suggestion(value, &names, |n| format!("\"{n}\"")),
        )
    })
}

/// The paper `TAFLKIT_PAPER` names. Unset or empty (as `TAFLKIT_PAPER=`
/// leaves it) is no paper; anything else must be one, reported under the
/// variable's name (nobody typed `--paper`).
pub fn env_paper() -> Result<Option<PaperArg>, Failure> {
    const VAR: &str = "TAFLKIT_PAPER";
    let Some(value) = std::env::var_os(VAR) else {
        return Ok(None);
    };
    let Some(value) = value.to_str() else {
        return Err(Failure::new(Diagnostic::error(VAR, "is not UTF-8 text")));
    };
    if value.trim().is_empty() {
        return Ok(None);
    }
    paper_named(value.trim())
        .map(Some)
        .map_err(|(m, hint)| Failure::new(Diagnostic::error(VAR, m).with_hint(hint)))
}

/// Reads the settings file, if there is one.
pub fn load() -> Result<Config, Failure> {
    let Some(path) = path() else {
        return Ok(Config::default());
    };
    // Not `exists()`, which is false for a loop of links: a settings file
    // that is there but cannot be read is reported, never skipped.
    if let Err(e) = std::fs::symlink_metadata(&path)
        && e.kind() == std::io::ErrorKind::NotFound
    {
        return Ok(Config::default());
    }
    let label = path.display().to_string();
    let bytes = diagnostics::read_user_file(&path, MAX_BYTES)
        .map_err(|e| Diagnostic::error(&label, format!("cannot read the settings file: {e}")))?;
    let text = diagnostics::text_of(&label, &bytes, "write settings such as paper = \"letter\"")?;
    let mut config = parse(SourceFile {
        label: &label,
        text,
    })?;
    config.path = Some(path);
    Ok(config)
}

/// Reads settings from the text of a file.
pub fn parse(file: SourceFile<'_>) -> Result<Config, Failure> {
    let (doc, mut diags) = diagnostics::toml::read::<ConfigFile>(file)?;
    let mut config = Config::default();
    if let Some(at) = doc.paper.given() {
        match paper_named(&at.value) {
            Ok(p) => config.paper = Some(p),
            Err((message, hint)) => diags.push(file.error(at.span.start, message).with_hint(hint)),
        }
    }
    if let Some(at) = doc.lang.given() {
        match crate::cli::build::parse_lang(&at.value) {
            Ok(l) => config.lang = Some(l),
            Err(m) => diags.push(file.error(at.span.start, m)),
        }
    }
    if diags.iter().any(Diagnostic::is_error) {
        return Err(Failure::many(diags));
    }
    Ok(config)
}
