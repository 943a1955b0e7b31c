//! What the board sections print besides the board itself (coordinates,
//! seam marks, glue notes, section labels, the turn track) stays off the
//! playing surface (kit.md: no mark on a playing square; a seam mark
//! inside a square reads as a square's name) and is never under 7 pt.
//! Checked on every section of the cuts the planner may choose, for every
//! built-in variant in its own theme on A4 and Letter, and for Tafel with
//! skilled play's turn track.

use crate::common;
use taflkit::kit::board::{Board, SectionDraw, draw_section, seams, tilings};
use taflkit::kit::bounds::item_bounds;
use taflkit::kit::plan::{self, packing_area};
use taflkit::kit::turn_track::{Track, marker_size};
use taflkit::kit::{KitOptions, effective_theme};
use taflkit::layout::paper::Paper;
use taflkit::layout::text::FontSet;
use taflkit::rules::{self, Variant};
use taflkit::theme::Theme;
use taflkit::units::Rect;

/// True when `a` and `b` overlap by more than a hair (touching edges do
/// not count).
fn overlaps(a: Rect, b: Rect) -> bool {
    const EPS: f64 = 1e-6;
    a.x.0 < b.right().0 - EPS
        && b.x.0 < a.right().0 - EPS
        && a.y.0 < b.bottom().0 - EPS
        && b.y.0 < a.bottom().0 - EPS
}

fn check_board(what: &str, v: &Variant, paper: Paper, failures: &mut Vec<String>) {
    let theme = effective_theme(
        &Theme::load(v.default_theme.as_deref().unwrap_or("viking")).unwrap(),
        &KitOptions::default(),
    );
    let opts = KitOptions {
        paper,
        ..KitOptions::default()
    };
    let sizes = plan::sizes(v, &theme, &opts).unwrap();
    let board = Board {
        n: v.size,
        square: sizes.square,
        track: v.turn_limit().map(|turns| Track {
            turns,
            n: v.size,
            square: sizes.square,
        }),
    };
    let fonts = FontSet::builtin();
    for tiling in tilings(&board, packing_area(paper).size()).iter().take(12) {
        let seams = seams(tiling);
        let d = SectionDraw {
            board,
            tiling,
            seams: &seams,
            variant: v,
            theme: &theme,
            fonts: &fonts,
            mono: false,
        };
        for (i, cells) in tiling.iter().enumerate() {
            let b = board.borders(*cells);
            let playing = Rect::new(
                b.left,
                b.top,
                board.square * cells.cols as f64,
                board.square * cells.rows as f64,
            );
            let items = draw_section(&d, i);
            for found in common::placed(&items) {
                let text = found.text;
                if found.printed_size() < 7.0 - 1e-9 {
                    failures.push(format!(
                        "{what} on {}: {:?} at {} pt",
                        paper.name(),
                        text.text,
                        found.printed_size()
                    ));
                }
                let Some(r) = item_bounds(&found.as_item(), &fonts) else {
                    continue;
                };
                if overlaps(r, playing) {
                    failures.push(format!(
                        "{what} on {}, section {cells:?}: {:?} at {r:?} lies on the squares {playing:?}",
                        paper.name(),
                        text.text
                    ));
                }
            }
        }
    }
}

#[test]
fn nothing_but_the_board_is_printed_on_the_squares_and_nothing_under_7_pt() {
    let mut failures = Vec::new();
    for paper in [Paper::A4, Paper::Letter] {
        for id in rules::builtin_ids() {
            check_board(id, &rules::builtin(id).unwrap(), paper, &mut failures);
        }
        let mut tafel = rules::builtin("tafel").unwrap();
        for o in &mut tafel.options {
            o.enabled = o.id == "skilled-play";
        }
        check_board("tafel with skilled play", &tafel, paper, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_turn_track_holds_the_marker_and_every_turn_on_whole_cells() {
    let tafel = rules::builtin("tafel").unwrap();
    let turns = tafel
        .options
        .iter()
        .find_map(|o| match o.rule {
            rules::OptionalRule::SkilledPlay { turn_limit } => Some(turn_limit),
            _ => None,
        })
        .expect("Tafel has skilled play");
    // The spec: a track numbered 1 to 30.
    assert_eq!(turns, 30);
    for square in [14.0, 18.0, 22.0, 27.0, 30.0].map(taflkit::units::Mm) {
        let track = Track {
            turns,
            n: 11,
            square,
        };
        let marker = marker_size(square);
        assert!(
            plan::STANDARD_DISCS.contains(&marker),
            "{square:?}: {marker:?}"
        );
        assert!(marker.0 < track.cell().0, "the marker fits a cell");
        let cells: Vec<Rect> = (1..=turns).map(|t| track.cell_rect(t)).collect();
        for (i, a) in cells.iter().enumerate() {
            // Inside the board's width and the track's depth.
            assert!(a.x.0 >= 0.0 && a.right().0 <= square.0 * 11.0 + 1e-9);
            assert!(a.y.0 >= 0.0 && a.bottom().0 <= track.depth().0 + 1e-9);
            // Never across a seam: seams fall between squares.
            let first = (a.x.0 / square.0 + 1e-9).floor();
            let last = ((a.right().0 - 1e-9) / square.0).floor();
            assert_eq!(first, last, "cell {} straddles a square edge", i + 1);
            for b in &cells[i + 1..] {
                assert!(!overlaps(*a, *b));
            }
        }
    }
}
