//! The tests of `src/rules/otn/moves.rs` that were its unit tests.

use taflkit::rules::otn::moves::*;

fn mv(s: &str) -> String {
    read(s).map(|m| m.to_string()).unwrap_or_else(|e| e)
}

/// The examples of the notation spec's section 2 that taflkit's
/// pieces can play.
#[test]
fn the_specs_examples_read() {
    assert_eq!(mv("e5-e8"), "e5-e8");
    assert_eq!(mv("e5-e8xe9"), "e5-e8");
    assert_eq!(mv("Ke5-e1-"), "e5-e1");
    assert_eq!(mv("Ke1-a1--"), "e1-a1");
    assert_eq!(mv("a3-e3+"), "a3-e3");
    assert_eq!(mv("e3-e4++"), "e3-e4");
    assert_eq!(mv("a10-a11xb11/Kc11"), "a10-a11");
}

#[test]
fn jumps_berserk_moves_and_resignations_are_refused_by_name() {
    assert!(mv("ce6^e8").contains("jump or a berserk move"));
    assert!(mv("Ne8=e4xe3").contains("jump or a berserk move"));
    assert!(mv("---").contains("resignation"));
    assert!(mv("e5e8").contains("joined by '-'"));
    assert!(mv("e5-").contains("ends with a square"));
    assert!(mv("e5-e8?").contains("'x'"));
    assert!(mv("e5-e8+++").contains("+, -, ++ or --"));
    assert!(mv("").contains("starts with a square"));
}
