//! The tests of `src/kit/pieces.rs` that were its unit tests.

use taflkit::kit::pieces::*;
use taflkit::units::Mm;

#[test]
fn york_has_a_king_twelve_defenders_and_twenty_four_attackers() {
    let v = taflkit::rules::builtin("york").unwrap();
    let kinds = piece_kinds(&v, Mm(25.0), Mm(19.0), Mm(12.0), 2);
    let count = |t| kinds.iter().find(|k| k.token == t).map(|k| k.count);
    assert_eq!(count(Token::King), Some(1));
    assert_eq!(count(Token::Defender), Some(14));
    assert_eq!(count(Token::Attacker), Some(26));
    assert_eq!(count(Token::TurnMarker), None);
    assert_eq!(kinds[0].token, Token::King, "largest first");
}

#[test]
fn skilled_play_adds_a_turn_marker() {
    let mut v = taflkit::rules::builtin("tafel").unwrap();
    for o in &mut v.options {
        o.enabled = o.id == "skilled-play";
    }
    let kinds = piece_kinds(&v, Mm(25.0), Mm(19.0), Mm(12.0), 0);
    assert!(
        kinds
            .iter()
            .any(|k| k.token == Token::TurnMarker && k.count == 1)
    );
}
