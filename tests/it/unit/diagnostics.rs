//! The tests of `src/diagnostics/mod.rs` that were its unit tests.

use taflkit::diagnostics::*;

#[test]
fn diagnostic_reads_like_a_compiler_message() {
    let d = Diagnostic::error("my.toml", "two kings").at(4, 9);
    assert_eq!(d.to_string(), "my.toml:4:9: error: two kings");
    let w = Diagnostic::warning("--paper", "odd");
    assert_eq!(w.to_string(), "--paper: warning: odd");
    let h = Diagnostic::error("t.toml", "unknown key 'sise'")
        .at(3, 1)
        .with_hint("did you mean 'size'?");
    assert_eq!(
        h.to_string(),
        "t.toml:3:1: error: unknown key 'sise'; did you mean 'size'?"
    );
}

#[test]
fn positions_count_characters() {
    assert_eq!(line_col("ab\ncdé\nf", 0), (1, 1));
    assert_eq!(line_col("ab\ncdé\nf", 3), (2, 1));
    assert_eq!(line_col("ab\ncdé\nf", 8), (3, 1));
    assert_eq!(line_col("ab\ncdé\nf", 7), (2, 4));
    // Inside the two bytes of 'é': that character.
    assert_eq!(line_col("ab\ncdé\nf", 6), (2, 3));
    assert_eq!(line_col("ab", 99), (1, 3));
}

#[test]
fn suggestions_for_keys_and_values() {
    let top = ["name", "colours", "pieces", "size", "hostile_to"];
    assert_eq!(did_you_mean("colors", &top), Some("colours"));
    assert_eq!(did_you_mean("sise", &top), Some("size"));
    assert_eq!(did_you_mean("hostile", &top), Some("hostile_to"));
    assert_eq!(
        did_you_mean("atacker_fill", &["attacker_fill", "text"]),
        Some("attacker_fill")
    );
    assert_eq!(did_you_mean("zzzz", &top), None);
}
