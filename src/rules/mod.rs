//! The rules engine: variant files, setup checks, positions, move
//! generation, captures and results. Knows nothing of pages.
//!
//! - [`variant`]: a rule set as data (the contract the kit reads).
//! - [`file`]: reading variant files with spans, and the setup checks.
//! - [`notation`]: squares, moves and the setup notation.
//! - [`otn`]: OpenTafl notation: positions and rules strings.
//! - [`engine`]: [`Game`], legal moves, captures, results, perft.
//! - `lines`: rows and columns as bit masks, for counting moves fast.
//! - [`solver`]: forced wins in N moves, proven.
//! - [`search`]: the computer opponent's search.
//! - [`players`]: computer, greedy and random players; whole games.
//! - [`proof`]: proofs of forced wins, independent of the searches.
//! - [`certificate`]: a proof written down, checked without a search.
//! - [`puzzles`]: proven puzzles from engine-played games.
//! - [`record`]: game records (OTN and PGN-style): read, replayed, written.

pub mod certificate;
pub mod engine;
pub mod file;
pub mod lines;
pub mod notation;
pub mod otn;
pub mod players;
pub mod proof;
pub mod puzzles;
pub mod record;
pub mod search;
pub mod solver;
pub mod threats;
pub mod variant;

pub use engine::{
    DrawReason, Game, GameResult, IllegalMove, IllegalReason, MoveReport, RawMove, WinReason,
};
pub use notation::{Move, Square};
pub use variant::*;

use crate::error::{Diagnostic, Failure};

/// The built-in variant files, embedded in the binary.
const BUILTINS: &[(&str, &str)] = &[
    (
        "sea-battle-9",
        include_str!("../../variants/sea-battle-9.toml"),
    ),
    (
        "sea-battle-11",
        include_str!("../../variants/sea-battle-11.toml"),
    ),
    (
        "sea-battle-13",
        include_str!("../../variants/sea-battle-13.toml"),
    ),
    (
        "sea-battle-15",
        include_str!("../../variants/sea-battle-15.toml"),
    ),
    (
        "sea-battle-9-cyningstan",
        include_str!("../../variants/sea-battle-9-cyningstan.toml"),
    ),
    ("york", include_str!("../../variants/york.toml")),
    ("tafel", include_str!("../../variants/tafel.toml")),
    ("copenhagen", include_str!("../../variants/copenhagen.toml")),
    ("fetlar", include_str!("../../variants/fetlar.toml")),
    ("brandubh", include_str!("../../variants/brandubh.toml")),
    ("tablut", include_str!("../../variants/tablut.toml")),
    ("magpie", include_str!("../../variants/magpie.toml")),
    (
        "historical-11",
        include_str!("../../variants/historical-11.toml"),
    ),
    ("skalk", include_str!("../../variants/skalk.toml")),
    (
        "saami-tablut",
        include_str!("../../variants/saami-tablut.toml"),
    ),
    ("tawlbwrdd", include_str!("../../variants/tawlbwrdd.toml")),
    ("berserk", include_str!("../../variants/berserk.toml")),
];

/// Ids of the built-in variants, in the order `taflkit list` shows them.
pub fn builtin_ids() -> &'static [&'static str] {
    &[
        "sea-battle-9",
        "sea-battle-11",
        "sea-battle-13",
        "sea-battle-15",
        "sea-battle-9-cyningstan",
        "york",
        "tafel",
        "copenhagen",
        "fetlar",
        "brandubh",
        "tablut",
        "magpie",
        "historical-11",
        "skalk",
        "saami-tablut",
        "tawlbwrdd",
        "berserk",
    ]
}

/// The text of a built-in variant file.
pub fn builtin_source(id: &str) -> Option<&'static str> {
    BUILTINS.iter().find(|(i, _)| *i == id).map(|(_, s)| *s)
}

/// A built-in variant by id, checked (the same reader and checks as a
/// user's file).
pub fn builtin(id: &str) -> Option<Variant> {
    let text = builtin_source(id)?;
    file::parse(&format!("variants/{id}.toml"), text.as_bytes())
        .ok()
        .map(|(v, _)| v)
}

/// Reads a variant: a built-in id, or the path of a variant TOML file.
/// Warnings come back with the variant; errors fail.
pub fn load(arg: &str) -> Result<(Variant, Vec<Diagnostic>), Failure> {
    if let Some(text) = builtin_source(arg) {
        return file::parse(&format!("variants/{arg}.toml"), text.as_bytes());
    }
    let path = std::path::Path::new(arg);
    if path.is_dir() {
        return Err(Failure::new(Diagnostic::error(
            arg,
            "this is a folder; a variant is a built-in id or a .toml file",
        )));
    }
    match crate::diagnostics::read_user_file(path, crate::diagnostics::USER_FILE_MAX_BYTES) {
        Ok(bytes) => parse_file(arg, path, &bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let hint = match file::did_you_mean(arg, builtin_ids()) {
                Some(id) => format!(" (did you mean '{id}'?)"),
                None => format!(" (built-in: {})", builtin_ids().join(", ")),
            };
            Err(Failure::new(Diagnostic::error(
                arg,
                format!("no built-in variant or file of that name{hint}"),
            )))
        }
        Err(e) => Err(Failure::new(Diagnostic::error(
            arg,
            format!("cannot read the file: {e}"),
        ))),
    }
}

/// Reads a variant file's bytes: an OpenTafl rules string (its first
/// word is `dim:`) or a variant TOML file. `label` names it in messages.
pub fn parse_file(
    label: &str,
    path: &std::path::Path,
    bytes: &[u8],
) -> Result<(Variant, Vec<Diagnostic>), Failure> {
    if otn::read::looks_like(&String::from_utf8_lossy(bytes)) {
        otn::read::read(label, bytes, &id_of_path(path))
    } else {
        file::parse(label, bytes)
    }
}

/// A variant id from a file name (for formats without ids, such as OTN
/// rules strings): its stem in lowercase, other characters as '-'.
fn id_of_path(path: &std::path::Path) -> String {
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let id: String = stem
        .to_lowercase()
        .chars()
        .map(|c| {
            if c.is_ascii_lowercase() || c.is_ascii_digit() {
                c
            } else {
                '-'
            }
        })
        .collect();
    let id = id.trim_matches('-').to_string();
    if id.is_empty() { "otn".into() } else { id }
}
