//! The built-in themes, embedded in the binary.
//!
//! `build.rs` embeds every file under `themes/` with `include_bytes!` (no
//! directory-embedding crate needed: it is a folder scan of a few lines),
//! so a theme's story in a new language (`story.<code>.md`) is embedded by
//! being there; every file is tracked by cargo for rebuilds, and a test
//! checks that the table and the `themes/` folder agree.

/// The ids of the built-in themes, the default first.
pub const IDS: &[&str] = &["viking", "york", "sea", "christmas", "tafel"];

// `FILES`: every file under `themes/`, as `(path there, bytes)`, sorted.
include!(concat!(env!("OUT_DIR"), "/themes.rs"));

/// One file of a built-in theme (or of the starter theme `new-theme`
/// writes), by the path its theme.toml uses.
pub fn file(id: &str, rel: &str) -> Option<&'static [u8]> {
    let rel = rel.trim_start_matches("./");
    FILES
        .iter()
        .find(|(p, _)| p.split_once('/') == Some((id, rel)))
        .map(|(_, b)| *b)
}

/// The files of one embedded theme folder, as (path inside it, bytes).
pub fn folder(id: &str) -> Vec<(&'static str, &'static [u8])> {
    FILES
        .iter()
        .filter_map(|(p, b)| {
            let (theme, rel) = p.split_once('/')?;
            (theme == id).then_some((rel, *b))
        })
        .collect()
}
