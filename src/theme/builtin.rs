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
    "viking/story.nb.md",
    "viking/intro.nb.md",
    "viking/story.sv.md",
    "viking/intro.sv.md",
    "viking/story.da.md",
    "viking/intro.da.md",
    "viking/story.de.md",
    "viking/intro.de.md",
    "viking/story.fr.md",
    "viking/intro.fr.md",
    "viking/art/king.svg",
    "viking/art/defender.svg",
    "viking/art/attacker.svg",
    "viking/art/cover.svg",
    "york/theme.toml",
    "york/story.md",
    "york/intro.md",
    "york/story.nb.md",
    "york/intro.nb.md",
    "york/story.sv.md",
    "york/intro.sv.md",
    "york/story.da.md",
    "york/intro.da.md",
    "york/story.de.md",
    "york/intro.de.md",
    "york/story.fr.md",
    "york/intro.fr.md",
    "york/art/king.svg",
    "york/art/defender.svg",
    "york/art/attacker.svg",
    "york/art/cover.svg",
    "york/art/hall.svg",
    "york/art/sand.svg",
    "sea/theme.toml",
    "sea/story.md",
    "sea/intro.md",
    "sea/story.nb.md",
    "sea/intro.nb.md",
    "sea/story.sv.md",
    "sea/intro.sv.md",
    "sea/story.da.md",
    "sea/intro.da.md",
    "sea/story.de.md",
    "sea/intro.de.md",
    "sea/story.fr.md",
    "sea/intro.fr.md",
    "sea/art/cargo.svg",
    "sea/art/warship.svg",
    "sea/art/pirate.svg",
    "sea/art/cover.svg",
    "sea/art/waves.svg",
    "christmas/theme.toml",
    "christmas/story.md",
    "christmas/intro.md",
    "christmas/story.nb.md",
    "christmas/intro.nb.md",
    "christmas/story.sv.md",
    "christmas/intro.sv.md",
    "christmas/story.da.md",
    "christmas/intro.da.md",
    "christmas/story.de.md",
    "christmas/intro.de.md",
    "christmas/story.fr.md",
    "christmas/intro.fr.md",
    "christmas/art/santa.svg",
    "christmas/art/elf.svg",
    "christmas/art/child.svg",
    "christmas/art/cover.svg",
    "christmas/art/snowflake.svg",
    "tafel/theme.toml",
    "tafel/story.md",
    "tafel/intro.md",
    "tafel/story.nb.md",
    "tafel/intro.nb.md",
    "tafel/story.sv.md",
    "tafel/intro.sv.md",
    "tafel/story.da.md",
    "tafel/intro.da.md",
    "tafel/story.de.md",
    "tafel/intro.de.md",
    "tafel/story.fr.md",
    "tafel/intro.fr.md",
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
