//! `taflkit new-theme`: write a starting theme folder, complete and
//! commented, that builds as it is.

use std::path::Path;

use super::args::NewThemeArgs;
use crate::error::{Diagnostic, Failure};
use crate::theme::builtin;
use crate::words::Lang;

pub fn new_theme(a: &NewThemeArgs) -> Result<(), Failure> {
    let langs = a
        .lang
        .iter()
        .map(|code| {
            super::build::parse_lang(code).map_err(|m| Failure::new(Diagnostic::error("--lang", m)))
        })
        .collect::<Result<Vec<Lang>, Failure>>()?;
    let langs = if langs.is_empty() {
        Lang::all().collect()
    } else {
        langs
    };
    write_starter_in(&a.dir, &langs)?;
    crate::outln!("wrote a new theme to {}", super::report::path(&a.dir));
    crate::outln!(
        "build with it: taflkit build --theme {}",
        super::report::path(&a.dir)
    );
    Ok(())
}

/// Writes the starter theme, in every language, into `dir`, which must
/// not exist or be empty. A failure part-way removes what was written.
pub fn write_starter(dir: &Path) -> Result<(), Failure> {
    write_starter_in(dir, &Lang::all().collect::<Vec<_>>())
}

/// Writes the starter theme into `dir` speaking English and `langs`:
/// the `[names.<code>]` tables and `story.<code>.md`/`intro.<code>.md`
/// of the other languages are left out.
pub fn write_starter_in(dir: &Path, langs: &[Lang]) -> Result<(), Failure> {
    let shown = dir.display().to_string();
    let fail = |m: String| Failure::new(Diagnostic::error(shown.clone(), m));
    if let Ok(meta) = std::fs::symlink_metadata(dir) {
        if !meta.is_dir() {
            return Err(fail(
                "already exists and is not a folder; choose a new folder name".into(),
            ));
        }
        let mut entries =
            std::fs::read_dir(dir).map_err(|e| fail(format!("cannot read the folder: {e}")))?;
        if entries.next().is_some() {
            return Err(fail(
                "the folder is not empty; new-theme never overwrites files (choose a new folder name)".into(),
            ));
        }
    }
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().replace(['-', '_'], " "))
        .filter(|n| !n.trim().is_empty() && !n.chars().any(char::is_control))
        .map(|n| fitting_name(&title_case(n.trim())))
        .unwrap_or_else(|| "My Theme".into());
    let existed = dir.exists();
    std::fs::create_dir_all(dir).map_err(|e| fail(format!("cannot create the folder: {e}")))?;
    let written = write_files(dir, &name, langs);
    // What was written must be a theme that builds: checked as `validate`
    // reads a folder, so a name the theme's fonts cannot set is caught.
    let written = written.and_then(|()| {
        crate::theme::Theme::load_folder(dir)
            .map(|_| ())
            .map_err(|f| format!("the theme written does not read back: {f}"))
    });
    if let Err(m) = written {
        // Leave nothing half-written: the folder was absent or empty.
        let _ = std::fs::remove_dir_all(dir);
        if existed {
            let _ = std::fs::create_dir(dir);
        }
        return Err(fail(m));
    }
    Ok(())
}

/// The language a starter file is written for, by its name
/// (`story.de.md`); `None` for every language's files.
fn file_language(rel: &str) -> Option<Lang> {
    let stem = rel.strip_suffix(".md")?;
    let (_, code) = stem.rsplit_once('.')?;
    Lang::from_code(code)
}

/// `theme.toml` without the `[names.<code>]` tables of the languages
/// not in `langs` (each runs to the blank line after it).
fn keep_languages(text: &str, langs: &[Lang]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut skipping = false;
    for line in text.split_inclusive('\n') {
        if let Some(code) = line
            .trim()
            .strip_prefix("[names.")
            .and_then(|l| l.strip_suffix(']'))
        {
            skipping = Lang::from_code(code).is_some_and(|l| !langs.contains(&l));
        } else if line.trim().is_empty() && skipping {
            skipping = false;
            continue;
        }
        if !skipping {
            out.push_str(line);
        }
    }
    out
}

fn write_files(dir: &Path, name: &str, langs: &[Lang]) -> Result<(), String> {
    for (rel, bytes) in builtin::folder("starter") {
        if file_language(rel).is_some_and(|l| !l.is_english() && !langs.contains(&l)) {
            continue;
        }
        let path = dir.join(rel);
        if let Some(p) = path.parent() {
            std::fs::create_dir_all(p).map_err(|e| format!("cannot create {rel}: {e}"))?;
        }
        let bytes = if rel == "theme.toml" {
            let text = keep_languages(&String::from_utf8_lossy(bytes), langs);
            let quoted = toml::Value::String(name.to_string()).to_string();
            text.replacen("name = \"My Theme\"", &format!("name = {quoted}"), 1)
                .into_bytes()
        } else {
            bytes.to_vec()
        };
        std::fs::write(&path, bytes).map_err(|e| format!("cannot write {rel}: {e}"))?;
    }
    Ok(())
}

/// The folder's name as the theme's name, cut at a word to the longest a
/// theme name may be (a 200-character folder name still gives a theme
/// that builds).
fn fitting_name(name: &str) -> String {
    let max = crate::diagnostics::MAX_LINE_CHARS;
    if name.chars().count() <= max {
        return name.to_string();
    }
    let mut out = String::new();
    for word in name.split(' ') {
        let sep = usize::from(!out.is_empty());
        if out.chars().count() + sep + word.chars().count() > max {
            break;
        }
        if sep == 1 {
            out.push(' ');
        }
        out.push_str(word);
    }
    if out.is_empty() {
        out = name.chars().take(max).collect();
    }
    out
}

fn title_case(s: &str) -> String {
    s.split_whitespace()
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
