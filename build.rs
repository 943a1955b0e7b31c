//! Embeds the language folders `lang/<code>/` in the binary: the list of
//! languages is the list of folders, so adding a language is adding a
//! folder (see docs/languages.md). Writes `$OUT_DIR/languages.rs`, a table
//! of every folder's files as `include_str!`s (so cargo also tracks each
//! file for rebuilds).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    println!("cargo:rerun-if-changed=lang");
    let root = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("lang");
    let mut out = String::from("// Written by build.rs from the folders under lang/.\n");
    out.push_str("pub static LANGUAGES: &[LangFiles] = &[\n");
    for (code, dir) in sorted_entries(&root, true) {
        writeln!(out, "    LangFiles {{ code: {code:?}, files: &[").unwrap();
        for (name, path) in sorted_entries(&dir, false) {
            writeln!(
                out,
                "        ({name:?}, include_str!({:?})),",
                path.display()
            )
            .unwrap();
        }
        out.push_str("    ] },\n");
    }
    out.push_str("];\n");
    let dest = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it")).join("languages.rs");
    fs::write(dest, out).expect("OUT_DIR is writable");
}

/// The folders (or files) directly in `dir`, by name, sorted so the
/// output is the same on every machine.
fn sorted_entries(dir: &Path, folders: bool) -> Vec<(String, PathBuf)> {
    let mut entries: Vec<(String, PathBuf)> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir() == folders)
        .filter_map(|p| Some((p.file_name()?.to_str()?.to_string(), p)))
        .filter(|(name, _)| !name.starts_with('.'))
        .collect();
    entries.sort();
    entries
}
