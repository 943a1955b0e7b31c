//! The library's former unit tests, one module per source file
//! (`unit::theme_svg` holds those of `src/theme/svg.rs`), with their
//! assertions unchanged.
//!
//! The library has no unit-test harness (`[lib] test = false` in
//! Cargo.toml): that harness was a second opt-level-2 compile of the whole
//! crate for 139 tests, about a third of the CPU of taflkit's own compile
//! jobs under `cargo test` (issue 24). Here they share the one compile of
//! the library with every other test.
//!
//! Some of them test items that were private (a helper such as
//! `render::decimals`, a module such as `rules::lines`, the leaflet
//! figures' `Spec`). Those items are now `pub`, and the tests call them as
//! before: rewriting such a test through a public caller would test less
//! sharply (the caller hides which half of it failed), and dropping it
//! would test less. The library is the program's internals and these tests'
//! interface, not a published API (the crate is a program; its modules are
//! public for `tests/it` already), so a wider `pub` costs no promise.

mod cli_build;
mod cli_computer;
mod cli_config;
mod cli_lines;
mod cli_otep;
mod cli_progress;
mod cli_report;
mod cli_target;
mod diagnostics;
mod diagnostics_toml;
mod kit_board;
mod kit_bounds;
mod kit_cards;
mod kit_diagram;
mod kit_leaflet_arrange;
mod kit_leaflet_caption;
mod kit_leaflet_figures;
mod kit_leaflet_impose;
mod kit_memo;
mod kit_packing;
mod kit_pieces;
mod kit_puzzle_cache;
mod kit_puzzle_page;
mod layout;
mod layout_art;
mod layout_frame;
mod layout_text_fonts;
mod layout_text_markdown;
mod layout_text_paragraph;
mod render;
mod render_pdf_content;
mod render_png;
mod rules;
mod rules_lines;
mod rules_notation;
mod rules_otn;
mod rules_otn_moves;
mod rules_otn_position;
mod rules_puzzles_mix;
mod rules_record_read;
mod rules_threats;
mod theme_art_budget;
mod theme_files;
mod theme_format;
mod theme_mono;
mod theme_placeholders;
mod theme_svg;
mod theme_vision;
mod units;
mod words;
mod words_grammar;
mod words_hyphen;

/// With no unit-test harness, a `#[test]` written in `src/` would compile
/// only under `cfg(test)`, which no build sets: it would never run, and
/// nothing would say so. Tests live here instead.
#[test]
fn no_test_is_written_in_the_library() {
    fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    rust_files(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    assert!(files.len() > 50, "only {} files read", files.len());
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("#[test]") || code.starts_with("#[cfg(test)]") {
                found.push(format!("{}:{}: {code}", file.display(), n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "tests in src/ never run (the library has no test harness); move them to tests/it/unit:\n{}",
        found.join("\n")
    );
}
