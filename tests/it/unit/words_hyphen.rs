//! The tests of `src/words/hyphen.rs` that were its unit tests.

use taflkit::words::Lang;
use taflkit::words::hyphen::*;

#[test]
fn compounds_break_at_syllables_and_english_does_not() {
    let de = Lang::from_code("de").expect("lang/de/");
    let parts = syllables("Spielhilfekarte", de);
    assert!(parts.len() > 1, "{parts:?}");
    assert_eq!(parts.concat(), "Spielhilfekarte");
    assert_eq!(syllables("Zug", de), vec!["Zug"]);
    assert_eq!(syllables("e1-e4", de), vec!["e1-e4"]);
    assert!(patterns(de).is_some());
    assert!(patterns(Lang::english()).is_none());
}
