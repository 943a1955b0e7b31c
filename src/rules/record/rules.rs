//! Which rules a record is played by when it says so itself: its OpenTafl
//! rules string (`[rules:dim:… start:…]`, read by the OTN rules import) or
//! its `[Variant "…"]` tag naming a built-in. A rules string that says
//! exactly what a built-in says is that built-in (its name and theme).

use super::{Record, Tag};
use crate::diagnostics::{Diagnostic, SourceFile, line_col};
use crate::error::Failure;
use crate::rules::{Variant, builtin, builtin_ids, otn};

/// The variant the record names, with the warnings of reading its rules
/// string; `None` when it names none.
pub fn rules_of(
    record: &Record,
    file: SourceFile,
) -> Result<Option<(Variant, Vec<Diagnostic>)>, Failure> {
    if let Some(tag) = record.tag("rules") {
        let (v, warnings) = otn::read::read(file.label, tag.value.as_bytes(), "record")
            .map_err(|f| Failure::many(moved(f.diagnostics, tag, file)))?;
        let v = builtin_like(&v).unwrap_or(v);
        return Ok(Some((v, moved(warnings, tag, file))));
    }
    if let Some(tag) = record.tag("variant") {
        return named(tag, file).map(|v| Some((v, Vec::new())));
    }
    Ok(None)
}

/// The built-in whose rules string reads the same as `v`'s, but for names.
fn builtin_like(v: &Variant) -> Option<Variant> {
    let key = |v: &Variant| {
        otn::rules::write(v)
            .text
            .split_whitespace()
            .filter(|e| !e.starts_with("name:"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let wanted = key(v);
    builtin_ids()
        .iter()
        .filter_map(|id| builtin(id))
        .find(|b| key(b) == wanted)
}

/// Letters and digits only, in lower case: "Fetlar Hnefatafl" and
/// "fetlar-hnefatafl" are the same name.
fn plain(s: &str) -> String {
    s.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The built-in a `Variant` tag names: by id or name, or a name's first
/// word ("Copenhagen" for "Copenhagen Hnefatafl"), or "brandub".
fn named(tag: &Tag, file: SourceFile) -> Result<Variant, Failure> {
    let want = plain(&tag.value);
    let alias = match want.as_str() {
        "brandub" => "brandubh".to_string(),
        w => w.to_string(),
    };
    let found = builtin_ids().iter().filter_map(|id| builtin(id)).find(|v| {
        let first = v.name.split_whitespace().next().unwrap_or("");
        [plain(&v.id), plain(&v.name), plain(first)].contains(&alias)
    });
    found.ok_or_else(|| {
        Failure::new(
            file.error(
                tag.at,
                format!(
                    "no built-in variant is called '{}'",
                    crate::diagnostics::excerpt(&tag.value)
                ),
            )
            .with_hint(format!(
                "name one before the file: taflkit record VARIANT FILE (built-in: {})",
                builtin_ids().join(", ")
            )),
        )
    })
}

/// Problems found in a tag's value, moved to where the value stands in
/// the record.
fn moved(diags: Vec<Diagnostic>, tag: &Tag, file: SourceFile) -> Vec<Diagnostic> {
    let (tl, tc) = line_col(file.text, tag.at);
    diags
        .into_iter()
        .map(|mut d| {
            d.source = file.label.to_string();
            match (d.line, d.column) {
                (Some(1), Some(c)) => (d.line, d.column) = (Some(tl), Some(tc + c - 1)),
                (Some(l), c) => (d.line, d.column) = (Some(tl + l - 1), c),
                (None, _) => (d.line, d.column) = (Some(tl), Some(tc)),
            }
            d
        })
        .collect()
}
