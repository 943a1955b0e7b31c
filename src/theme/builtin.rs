//! The built-in themes, embedded in the binary.
//!
//! Each file is embedded with `include_bytes!` from a list written out
//! here rather than with a directory-embedding crate: the list is short,
//! it needs no dependency, every file is tracked by cargo for rebuilds,
//! and a test checks that the list and the `themes/` folder agree.

/// The ids of the built-in themes, the default first.
pub const IDS: &[&str] = &["viking", "york", "sea", "christmas", "tafel"];

macro_rules! embed {
    ($($path:literal),* $(,)?) => {
        &[$(($path, include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/themes/", $path)) as &[u8])),*]
    };
}

/// Every embedded file, by its path under `themes/`.
pub static FILES: &[(&str, &[u8])] = embed!(
    "viking/theme.toml",
    "viking/story.md",
    "viking/intro.md",
    "viking/art/king.svg",
    "viking/art/defender.svg",
    "viking/art/attacker.svg",
    "viking/art/cover.svg",
    "york/theme.toml",
    "york/story.md",
    "york/intro.md",
    "york/art/king.svg",
    "york/art/defender.svg",
    "york/art/attacker.svg",
    "york/art/cover.svg",
    "york/art/hall.svg",
    "york/art/sand.svg",
    "sea/theme.toml",
    "sea/story.md",
    "sea/intro.md",
    "sea/art/cargo.svg",
    "sea/art/warship.svg",
    "sea/art/pirate.svg",
    "sea/art/cover.svg",
    "sea/art/waves.svg",
    "christmas/theme.toml",
    "christmas/story.md",
    "christmas/intro.md",
    "christmas/art/santa.svg",
    "christmas/art/elf.svg",
    "christmas/art/child.svg",
    "christmas/art/cover.svg",
    "christmas/art/snowflake.svg",
    "tafel/theme.toml",
    "tafel/story.md",
    "tafel/intro.md",
    "tafel/art/king.svg",
    "tafel/art/defender.svg",
    "tafel/art/attacker.svg",
    "tafel/art/cover.svg",
    "starter/theme.toml",
    "starter/story.md",
    "starter/intro.md",
    "starter/art/king.svg",
    "starter/art/defender.svg",
    "starter/art/attacker.svg",
    "starter/art/cover.svg",
    "starter/art/start.svg",
    "starter/art/centre.svg",
);

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
