//! What the board sections print besides the board itself (coordinates,
//! seam marks, glue notes, section labels, the turn track) stays off the
//! playing surface (kit.md: no mark on a playing square; a seam mark
//! inside a square reads as a square's name) and is never under 7 pt.
//! Checked on every section of the cuts the planner may choose, for every
//! built-in variant in its own theme on A4 and Letter, and for Tafel with
//! skilled play's turn track. Each seam's marks are on both sections it
//! joins, and each glue tab lies under its own neighbour only.

use crate::common;
use crate::common::kit::{self, KitOptions, effective_theme};
use taflkit::kit::board::{Board, End, SectionDraw, Sections, draw_section, seams, tilings};
use taflkit::kit::bounds::item_bounds;
use taflkit::kit::plan::{self, packing_area};
use taflkit::kit::turn_track::{Track, marker_size};
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

/// Every text drawn on section `index`, with where it lies.
fn section_texts(d: &SectionDraw, index: usize, fonts: &FontSet) -> Vec<(String, Rect)> {
    let items = draw_section(d, index);
    common::placed(&items)
        .into_iter()
        .filter_map(|p| Some((p.text.text.clone(), item_bounds(&p.as_item(), fonts)?)))
        .collect()
}

/// Checks the seams of the board the kit `v` is planned with: each mark
/// on both sections (on `b`'s tab beside the squares, on `a`'s strip
/// across the seam's end, hard by the edge that goes over the tab), and
/// each tab lying against its own section only.
fn check_seams(v: &Variant, paper: Paper, failures: &mut Vec<String>) {
    let theme = Theme::load(v.default_theme.as_deref().unwrap_or("viking")).unwrap();
    let opts = KitOptions {
        paper,
        ..KitOptions::default()
    };
    let fonts = FontSet::builtin();
    kit::with_plan(v, &theme, &opts, |cx, kit| {
        let (ci, sections) = kit.find::<Sections>().expect("a board");
        let tiling = sections.tiling(kit.plan.sets[ci]);
        let board = sections.board;
        let seams = seams(tiling);
        let d = SectionDraw {
            board,
            tiling,
            seams: &seams,
            variant: v,
            theme: cx.theme,
            fonts: &fonts,
            mono: false,
        };
        let what = format!("{} on {}", v.id, paper.name());
        let s = board.square;
        for seam in &seams {
            let (a, b) = (tiling[seam.a], tiling[seam.b]);
            // The tab (on b, along the seam) lies wholly against a.
            let (a_from, a_len, a_end, b_start) = if seam.vertical {
                (a.row, a.rows, a.col + a.cols, b.col)
            } else {
                (a.col, a.cols, a.row + a.rows, b.row)
            };
            if a_end != seam.at || b_start != seam.at {
                failures.push(format!(
                    "{what}: seam {} is not between its sections",
                    seam.label
                ));
            }
            if seam.from < a_from || seam.to > a_from + a_len {
                failures.push(format!(
                    "{what}: the tab of seam {} runs past {}",
                    seam.label,
                    seam.a + 1
                ));
            }
            let marks = seam.marks();
            if marks.is_empty() {
                failures.push(format!("{what}: seam {} has no mark", seam.label));
            }
            let on_a = section_texts(&d, seam.a, &fonts);
            let on_b = section_texts(&d, seam.b, &fonts);
            let a_size = board.section_size(a);
            let bb = board.borders(b);
            for (label, end, _) in marks {
                // On b: inside the tab, beside the seam's squares.
                let tab_ok = on_b.iter().any(|(t, r)| {
                    t == &label
                        && if seam.vertical {
                            r.right().0 <= bb.left.0 + 1e-6
                        } else {
                            r.bottom().0 <= bb.top.0 + 1e-6
                        }
                });
                // On a: within a square of the seam edge, across the end.
                let ab = board.borders(a);
                let edge_ok = on_a.iter().any(|(t, r)| {
                    t == &label
                        && match (seam.vertical, end) {
                            (true, End::First) => {
                                a_size.w.0 - r.x.0 < s.0 && r.bottom().0 <= ab.top.0 + 1e-6
                            }
                            (true, End::Last) => {
                                a_size.w.0 - r.x.0 < s.0 && r.y.0 >= (a_size.h - ab.bottom).0 - 1e-6
                            }
                            (false, End::First) => {
                                a_size.h.0 - r.y.0 < s.0 && r.right().0 <= ab.left.0 + 1e-6
                            }
                            (false, End::Last) => {
                                a_size.h.0 - r.y.0 < s.0 && r.x.0 >= (a_size.w - ab.right).0 - 1e-6
                            }
                        }
                });
                if !tab_ok {
                    failures.push(format!("{what}: {label} not on the tab of {}", seam.b + 1));
                }
                if !edge_ok {
                    failures.push(format!(
                        "{what}: {label} not beside the edge of {}",
                        seam.a + 1
                    ));
                }
            }
        }
        // Every inner left and top edge is tabbed, each length of it
        // under the one section it meets.
        for (i, c) in tiling.iter().enumerate() {
            for vertical in [true, false] {
                let inner = if vertical { c.col > 0 } else { c.row > 0 };
                let length: usize = seams
                    .iter()
                    .filter(|m| m.b == i && m.vertical == vertical)
                    .map(|m| m.to - m.from)
                    .sum();
                let want = if !inner {
                    0
                } else if vertical {
                    c.rows
                } else {
                    c.cols
                };
                if length != want {
                    failures.push(format!(
                        "{what}: section {} has {length} squares of tab, {want} of edge",
                        i + 1
                    ));
                }
            }
        }
    })
    .unwrap();
}

#[test]
fn each_seam_mark_is_on_both_sections_it_joins() {
    let mut failures = Vec::new();
    // A3 too (its boards print whole, so it has no seam to get wrong),
    // and each variant with its options on (Tafel's turn track makes the
    // board taller).
    for paper in [Paper::A4, Paper::Letter, Paper::A3] {
        for v in common::variants_and_options() {
            check_seams(&v, paper, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
