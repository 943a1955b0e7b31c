//! Colour-blind-safe themes: in every built-in theme the two sides, the
//! king and the two kinds of start square stay apart for normal vision and
//! under protanopia, deuteranopia and tritanopia (Machado et al. 2009), by
//! the CIELAB colour difference; a user theme that fails gets a warning
//! from `validate` naming the colours and the vision.

use crate::common;
use taflkit::layout::Rgb;
use taflkit::theme::Theme;
use taflkit::theme::vision::{Vision, clashes, difference};

#[test]
fn every_builtin_theme_stays_apart_for_every_vision() {
    for id in Theme::builtin_ids() {
        let theme = Theme::builtin(id).unwrap();
        let found = clashes(&theme.colours);
        assert!(found.is_empty(), "theme {id}: {found:?}");
    }
}

#[test]
fn a_dark_red_against_a_dark_green_is_found() {
    // The case: York's kinsmen (#8c1f1f) against the Northumbrians
    // (#3a7f48) turn olive for red-green colour-blind players, while they
    // are far apart for everyone else.
    let (red, green) = (Rgb(0x8c, 0x1f, 0x1f), Rgb(0x3a, 0x7f, 0x48));
    assert!(difference(red, green, Vision::Normal) > 60.0);
    assert!(difference(red, green, Vision::Deuteranopia) < 25.0);
    let mut c = Theme::viking().colours;
    c.attacker_fill = green;
    c.defender_fill = red;
    let found = clashes(&c);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].keys, ("attacker_fill", "defender_fill"));
    assert_eq!(found[0].vision, Vision::Deuteranopia);
}

#[test]
fn black_against_white_is_apart_for_everyone() {
    // Lightness counts in the difference: a black-and-white set is safe.
    for v in Vision::ALL {
        assert!(difference(Rgb::BLACK, Rgb::WHITE, v) > 99.0, "{v:?}");
    }
}

#[test]
fn validate_warns_for_a_user_theme_that_fails() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("red-green");
    std::fs::create_dir(&dir).unwrap();
    common::file(
        &dir,
        "theme.toml",
        "name = \"Red and green\"\n[colours]\nattacker_fill = \"#3a7f48\"\ndefender_fill = \"#8c1f1f\"\n",
    );
    let out = common::taflkit(&["validate", dir.to_str().unwrap()]);
    let err = common::stderr(&out);
    assert!(
        err.contains(
            "colours.attacker_fill and colours.defender_fill look alike with deuteranopia"
        ),
        "{err}"
    );
    assert!(err.contains("theme.toml"), "{err}");

    // The same theme with colours apart gets no such warning.
    common::file(
        &dir,
        "theme.toml",
        "name = \"Teal and red\"\n[colours]\nattacker_fill = \"#2f7f86\"\ndefender_fill = \"#8c1f1f\"\nattacker_start = \"#bdab7d\"\ndefender_start = \"#b0aba0\"\n",
    );
    let out = common::taflkit(&["validate", dir.to_str().unwrap()]);
    assert!(
        !common::stderr(&out).contains("look alike"),
        "{}",
        common::stderr(&out)
    );
}
