//! Bad kit options fail with a message naming the option, never a broken
//! page.

use taflkit::kit::{self, KitOptions};
use taflkit::rules;
use taflkit::theme::{PieceShape, Theme};
use taflkit::units::Mm;

fn fails_naming(opts: KitOptions, variant: &str, option: &str, words: &str) {
    let v = rules::builtin(variant).unwrap();
    match kit::build(&v, &Theme::viking(), &opts) {
        Ok(_) => panic!("expected {option} to be refused"),
        Err(f) => {
            let d = &f.diagnostics[0];
            assert_eq!(d.source, option, "{f}");
            assert!(d.message.contains(words), "{f}");
        }
    }
}

#[test]
fn a_king_bigger_than_the_squares_is_refused() {
    let o = KitOptions {
        king_size: Some(Mm(30.0)),
        square: Some(Mm(27.0)),
        ..KitOptions::default()
    };
    fails_naming(o, "york", "--king-mm", "would not fit on 27 mm squares");
}

#[test]
fn squares_too_small_for_the_theme_pieces_name_the_square_option() {
    let o = KitOptions {
        square: Some(Mm(20.0)),
        ..KitOptions::default()
    };
    fails_naming(o, "york", "--square-mm", "would not fit on 20 mm squares");
}

#[test]
fn zero_and_negative_sizes_are_refused() {
    for (o, name) in [
        (
            KitOptions {
                square: Some(Mm(0.0)),
                ..KitOptions::default()
            },
            "--square-mm",
        ),
        (
            KitOptions {
                king_size: Some(Mm(-3.0)),
                ..KitOptions::default()
            },
            "--king-mm",
        ),
        (
            KitOptions {
                piece_size: Some(Mm(f64::NAN)),
                ..KitOptions::default()
            },
            "--piece-mm",
        ),
    ] {
        fails_naming(o, "york", name, "positive number");
    }
}

#[test]
fn pieces_too_small_to_cut_are_refused() {
    let o = KitOptions {
        piece_size: Some(Mm(4.0)),
        ..KitOptions::default()
    };
    fails_naming(o, "york", "--piece-mm", "too small");
}

#[test]
fn a_board_of_huge_squares_is_refused() {
    // 11 × 100 mm: over a metre across, dozens of sections.
    let o = KitOptions {
        square: Some(Mm(100.0)),
        ..KitOptions::default()
    };
    fails_naming(o, "york", "--square-mm", "sections");
    // A single square with its border wider than the sheet.
    let o = KitOptions {
        square: Some(Mm(300.0)),
        ..KitOptions::default()
    };
    fails_naming(o, "york", "--square-mm", "too big");
}

#[test]
fn stickers_are_round() {
    let o = KitOptions {
        sticker: true,
        shape: Some(PieceShape::Shield),
        ..KitOptions::default()
    };
    fails_naming(o, "york", "--sticker", "round");
}
