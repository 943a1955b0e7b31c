//! The tests of `src/words/mod.rs` that were its unit tests.

use taflkit::words::*;

#[test]
fn plain_text_gets_typographic_marks() {
    assert_eq!(typographic("Eric's kinsmen"), "Eric’s kinsmen");
    assert_eq!(typographic("the \"hall\" (d'Éric)"), "the “hall” (d’Éric)");
    assert_eq!(typographic("'quoted'"), "‘quoted’");
    assert_eq!(typographic("l’atelier"), "l’atelier");
}

#[test]
fn english_is_a_folder() {
    assert!(Lang::all().any(|l| l.code() == "en"));
    assert_eq!(Lang::from_code("EN"), Some(Lang::english()));
    assert_eq!(Lang::from_code("xx"), None);
}
