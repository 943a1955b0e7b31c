//! Bad kit options fail with a message naming the option, never a broken
//! page. The kit reports facts ([`kit::KitError`]); the CLI's `build`
//! names its options in the message.

use crate::common::kit::{self, KitOptions};
use taflkit::cli::build::kit_failure;
use taflkit::rules;
use taflkit::theme::{PieceShape, Theme};
use taflkit::units::Mm;

fn fails_naming(opts: KitOptions, variant: &str, option: &str, words: &str) {
    let v = rules::builtin(variant).unwrap();
    match kit::build(&v, &Theme::viking(), &opts) {
        Ok(_) => panic!("expected {option} to be refused"),
        Err(e) => {
            let f = kit_failure(e);
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

/// Layers one way: the kit never names a command-line option (a front end
/// words its errors), and the page model never reads the theme.
#[test]
fn the_kit_names_no_option_and_the_layout_reads_no_theme() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                files(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let mut kit = Vec::new();
    files(&root.join("kit"), &mut kit);
    for p in kit {
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(!text.contains("\"--"), "{} names an option", p.display());
    }
    let mut layout = Vec::new();
    files(&root.join("layout"), &mut layout);
    for p in layout {
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(
            !text.contains("crate::theme"),
            "{} reads the theme",
            p.display()
        );
    }
}
