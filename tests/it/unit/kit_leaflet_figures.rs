//! The tests of `src/kit/leaflet/figures.rs` that were its unit tests.

use taflkit::error::Failure;
use taflkit::kit::leaflet::figures::*;
use taflkit::rules;
use taflkit::rules::Piece;
use taflkit::theme::Theme;

fn check(variant_id: &str, spec: &Spec) -> Result<Played, Failure> {
    let v = rules::builtin(variant_id).unwrap();
    let placed = place(&v, spec).expect("the spec fits");
    confirm(&v, spec, &placed)
}

#[test]
fn a_wrong_capture_fails_naming_the_figure() {
    let wrong = Spec {
        captured: &[(2, 2)],
        ..CAPTURE_TWO
    };
    let err = check("sea-battle-9", &wrong).unwrap_err().to_string();
    assert!(err.contains("leaflet figure 'capture_two'"), "{err}");
    assert!(err.contains("captures c3, e3"), "{err}");
}

#[test]
fn a_legal_move_drawn_as_blocked_fails() {
    let wrong = Spec {
        blocked: &[((2, 1), (3, 1))],
        ..MOVEMENT
    };
    let err = check("tafel", &wrong).unwrap_err().to_string();
    assert!(err.contains("'movement'") && err.contains("c2-d2"), "{err}");
}

#[test]
fn an_illegal_arrow_fails() {
    let wrong = Spec {
        arrows: &[((2, 1), (5, 1))],
        blocked: &[],
        ..MOVEMENT
    };
    let err = check("york", &wrong).unwrap_err().to_string();
    assert!(err.contains("c2-f2 is not a legal move"), "{err}");
}

#[test]
fn a_wrong_outcome_fails() {
    let wrong = Spec {
        outcome: Outcome::Ongoing,
        ..KING_FOUR
    };
    let err = check("sea-battle-9", &wrong).unwrap_err().to_string();
    assert!(
        err.contains("'king_four'") && err.contains("attackers win"),
        "{err}"
    );
}

#[test]
fn the_after_board_is_the_engines() {
    let played = check("sea-battle-11", &CAPTURE_THREE).unwrap();
    let after = played.after.unwrap();
    let n = after.len();
    let at = |f: usize, r: usize| after[n - 1 - r][f];
    // The three defenders are gone; the attacker stands on d3.
    assert_eq!(at(2, 2), None);
    assert_eq!(at(4, 2), None);
    assert_eq!(at(3, 1), None);
    assert_eq!(at(3, 2), Some(Piece::Attacker));
    assert_eq!(at(3, 5), None);
}

#[test]
fn every_built_in_gets_its_rule_figures() {
    let theme = Theme::viking();
    let ids = |id: &str| -> Vec<&'static str> {
        figures(&rules::builtin(id).unwrap(), &theme)
            .unwrap()
            .iter()
            .map(|f| f.id)
            .collect()
    };
    let york = ids("york");
    assert!(
        york.contains(&"king_three") && york.contains(&"besieged"),
        "{york:?}"
    );
    let tafel = ids("tafel");
    for want in ["king_four", "corner_capture", "corner_escape"] {
        assert!(tafel.contains(&want), "{tafel:?}");
    }
    for id in [
        "sea-battle-9",
        "sea-battle-11",
        "sea-battle-13",
        "sea-battle-15",
    ] {
        let sb = ids(id);
        assert!(
            sb.contains(&"encirclement") && sb.contains(&"king_four"),
            "{id}: {sb:?}"
        );
    }
    assert!(!ids("sea-battle-9-cyningstan").contains(&"encirclement"));
    for id in rules::builtin_ids() {
        let all = ids(id);
        for want in ["initial", "movement", "capture_one"] {
            assert!(all.contains(&want), "{id}: {all:?}");
        }
        assert!(
            all.contains(&"corner_escape") || all.contains(&"edge_escape"),
            "{id}: {all:?}"
        );
    }
    let copenhagen = ids("copenhagen");
    for want in [
        "edge_shield_wall",
        "edge_fort",
        "king_three",
        "corner_escape",
    ] {
        assert!(copenhagen.contains(&want), "{copenhagen:?}");
    }
    assert!(!ids("fetlar").contains(&"edge_fort"));
    for id in ["brandubh", "tablut", "historical-11"] {
        let all = ids(id);
        assert!(
            all.contains(&"king_weak") && all.contains(&"king_three"),
            "{id}: {all:?}"
        );
    }
    assert!(!ids("copenhagen").contains(&"king_weak"));
    // The 11×11 boards have room for every capture figure.
    for id in ["york", "tafel", "copenhagen", "fetlar", "historical-11"] {
        let all = ids(id);
        assert!(
            all.contains(&"capture_two") && all.contains(&"capture_three"),
            "{id}: {all:?}"
        );
    }
}

#[test]
fn figures_hold_with_every_option_on() {
    let mut v = rules::builtin("tafel").unwrap();
    for o in v.options.iter_mut() {
        o.enabled = true;
    }
    figures(&v, &Theme::viking()).unwrap();
}
