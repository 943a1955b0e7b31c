//! The kit's engine-made pages: the puzzle page (every puzzle proven again
//! by the exact solver, 4 to 6 of them, the same every build) and the game
//! record sheet (numbered rows in order, columns headed with the theme's
//! names in the order the sides move), and where the leaflet prints them:
//! on its spare pages, or on a sheet it adds with `--extras`.

use crate::common::kit::{KitOptions, build_kit, with_plan};
use taflkit::kit::component::{Component, Part};
use taflkit::kit::leaflet::Leaflet;
use taflkit::kit::puzzle_page::{PuzzlePage, caption, seed};
use taflkit::kit::record_sheet::{RecordSheet, heading_name};
use taflkit::layout::frame::Frame;
use taflkit::layout::{FontRole, Text};
use taflkit::rules::proof::Reply;
use taflkit::rules::puzzles::verify;
use taflkit::rules::{self, Side};
use taflkit::theme::Theme;

use crate::common::{self, texts};

fn frame_texts(f: &Frame) -> Vec<Text> {
    let mut out = Vec::new();
    texts(&f.items, &mut out);
    out
}

/// The variant's kit theme (its own, else viking).
fn theme_of(id: &str) -> (rules::Variant, Theme) {
    let v = rules::builtin(id).unwrap();
    let t = common::theme_of(&v);
    (v, t)
}

#[test]
fn the_puzzles_are_proven_and_the_same_every_build() {
    for id in ["york", "copenhagen", "brandubh"] {
        let (v, theme) = theme_of(id);
        let first: Vec<String> = with_plan(&v, &theme, &KitOptions::default(), |_, kit| {
            let (_, page) = kit.find::<PuzzlePage>().expect("a puzzle page");
            let ps = page.puzzles();
            assert!((4..=6).contains(&ps.len()), "{id}: {} puzzles", ps.len());
            for p in ps {
                verify(p).unwrap_or_else(|e| panic!("{id}: {e}"));
                assert!((2..=3).contains(&p.moves));
            }
            ps.iter().map(|p| p.game.diagram()).collect()
        })
        .unwrap();
        // A second build, the same puzzles (they may come from the run's
        // memory, so find them again from scratch too).
        let again: Vec<String> = taflkit::rules::puzzles::find(
            &v,
            first.len(),
            seed(&v),
            &taflkit::rules::puzzles::Effort::KIT,
        )
        .iter()
        .map(|p| p.game.diagram())
        .collect();
        assert_eq!(first, again, "{id}");
    }
}

#[test]
fn the_puzzle_page_names_the_sides_in_the_themes_words() {
    let (v, theme) = theme_of("york");
    with_plan(&v, &theme, &KitOptions::default(), |cx, kit| {
        let (_, page) = kit.find::<PuzzlePage>().unwrap();
        let f = page.layout(cx, kit, Part::Side(0)).unwrap();
        let all: String = frame_texts(&f)
            .iter()
            .map(|t| t.text.clone())
            .collect::<Vec<_>>()
            .join(" ");
        for (k, p) in page.puzzles().iter().enumerate() {
            let c = caption(k + 1, p, &theme);
            let side = match p.to_move() {
                Side::Attackers => &theme.names.attackers,
                Side::Defenders => &theme.names.defenders,
            };
            assert!(
                c.to_lowercase().contains(
                    &taflkit::words::Lang::english()
                        .words()
                        .the_many(side)
                        .to_lowercase()
                ),
                "{c}"
            );
            // Captions may break over lines: compare the words.
            for w in c.split_whitespace() {
                assert!(all.contains(w), "{w} of {c:?} not on the page");
            }
            // The answer: every move it prints is on the page: each of
            // the winner's, and each reply but "any reply" (whose move in
            // the solution is one of many, not printed).
            for step in p.proof.main_line() {
                let reply = match step.reply {
                    Some(Reply::Best(r) | Reply::Example(r)) => r,
                    Some(Reply::Any) | None => Vec::new(),
                };
                for a in step.turn.iter().chain(&reply) {
                    assert!(all.contains(&a.to_string()), "{a} not on the page");
                }
            }
        }
    })
    .unwrap();
}

#[test]
fn the_record_sheet_numbers_its_rows_under_the_sides_in_move_order() {
    for id in ["york", "copenhagen"] {
        let (v, theme) = theme_of(id);
        with_plan(&v, &theme, &KitOptions::default(), |cx, kit| {
            let (_, sheet) = kit.find::<RecordSheet>().expect("a record sheet");
            let f = sheet.layout(cx, kit, Part::Side(0)).unwrap();
            let ts = frame_texts(&f);
            // Row numbers 1..=n, each once, none missing, once the small
            // board's rank numbers (1 to its size) are set aside.
            let mut numbers: Vec<usize> = ts.iter().filter_map(|t| t.text.parse().ok()).collect();
            numbers.sort();
            for rank in 1..=v.size {
                let at = numbers
                    .iter()
                    .position(|&k| k == rank)
                    .expect("rank numbers");
                numbers.remove(at);
            }
            let n = numbers.len();
            assert!(n >= 30, "{id}: only {n} rows");
            assert_eq!(numbers, (1..=n).collect::<Vec<_>>(), "{id}");
            // Column headings in the theme's words, the first mover left.
            let first = v.first_to_move();
            let name = |s: Side| match s {
                Side::Attackers => heading_name(&theme.names.attackers),
                Side::Defenders => heading_name(&theme.names.defenders),
            };
            // The headings are the bold ones (the fields above the table
            // carry the same names, in body type).
            let x_of = |s: &str| {
                ts.iter()
                    .filter(|t| t.text == s && t.style.font == FontRole::Bold)
                    .map(|t| t.origin.x.0)
                    .fold(f64::MAX, f64::min)
            };
            let (a, b) = (name(first), name(first.opponent()));
            assert!(x_of(&a) < x_of(&b), "{id}: {a} should head the left column");
        })
        .unwrap();
    }
}

#[test]
fn spare_pages_hold_the_extras_and_extras_adds_a_sheet_only_when_needed() {
    for id in rules::builtin_ids() {
        let (v, theme) = theme_of(id);
        let plain = build_kit(&v, &theme, &KitOptions::default()).unwrap();
        let extras = build_kit(
            &v,
            &theme,
            &KitOptions {
                extras: true,
                ..KitOptions::default()
            },
        )
        .unwrap();
        let (hosted, left_out) = with_plan(&v, &theme, &KitOptions::default(), |_, kit| {
            let (_, l) = kit.find::<Leaflet>().unwrap();
            (l.hosted().len(), l.left_out().len())
        })
        .unwrap();
        let wanted = with_plan(&v, &theme, &KitOptions::default(), |_, kit| {
            kit.find::<PuzzlePage>().map_or(0, |_| 1) + 1
        })
        .unwrap();
        assert_eq!(hosted + left_out, wanted, "{id}");
        if left_out == 0 {
            // Everything fitted on spare pages: --extras changes nothing.
            assert_eq!(plain.sheets, extras.sheets, "{id}");
        } else {
            // One more leaflet sheet, and everything printed.
            assert_eq!(plain.sheets.paper + 1, extras.sheets.paper, "{id}");
            assert_eq!(plain.sheets.card, extras.sheets.card, "{id}");
        }
    }
}
