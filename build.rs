//! Embeds the language folders `lang/<code>/` and the built-in theme
//! folders `themes/<id>/` in the binary: the list of languages is the list
//! of folders, and a theme's files are what its folder holds, so adding a
//! language is adding a folder and the files of the themes in it (see
//! docs/languages.md), with no list to edit. Writes
//! `$OUT_DIR/languages.rs` and `$OUT_DIR/themes.rs`, tables of the files
//! as `include_str!`s and `include_bytes!`s (so cargo also tracks each
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
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets it"));
    fs::write(out_dir.join("languages.rs"), out).expect("OUT_DIR is writable");
    fs::write(out_dir.join("themes.rs"), themes()).expect("OUT_DIR is writable");
}

/// The table of every file under `themes/`, by its path there
/// (`york/story.nb.md`), sorted.
fn themes() -> String {
    println!("cargo:rerun-if-changed=themes");
    let root = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("themes");
    let mut files = Vec::new();
    files_under(&root, "", &mut files);
    files.sort();
    let mut out = String::from("// Written by build.rs from the folders under themes/.\n");
    out.push_str("pub static FILES: &[(&str, &[u8])] = &[\n");
    for (rel, path) in files {
        writeln!(out, "    ({rel:?}, include_bytes!({:?})),", path.display()).unwrap();
    }
    out.push_str("];\n");
    out
}

/// Every file under `dir` (hidden ones left out), with its path relative
/// to the root, `/`-separated.
fn files_under(dir: &Path, prefix: &str, out: &mut Vec<(String, PathBuf)>) {
    for folders in [false, true] {
        for (name, path) in sorted_entries(dir, folders) {
            let rel = format!("{prefix}{name}");
            if folders {
                files_under(&path, &format!("{rel}/"), out);
            } else {
                out.push((rel, path));
            }
        }
    }
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
