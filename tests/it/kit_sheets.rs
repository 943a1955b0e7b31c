//! Sheet counts of the built-in kits: the card-sheet targets of issue 23
//! and the area lower bound, computed here from the parts themselves (the
//! whole board, the smallest cards offered, every piece), not from the
//! way the plan happened to cut them. Every kit in every language (on
//! one paper in turn for the area bound): longer words must fit by the
//! cards' type and pictures, never by more card.

use crate::common;

use crate::common::kit::{self, KitOptions, plan};
use taflkit::kit::board::Sections;
use taflkit::kit::cards::Cards;
use taflkit::layout::paper::Paper;
use taflkit::rules::{self, Variant};
use taflkit::theme::Theme;
use taflkit::words::Lang;

/// Card sheets a kit takes, and the fewest any packing could use: the
/// parts' total area over the area a sheet can print on.
fn sheets_and_bound(v: &Variant, paper: Paper, lang: Lang) -> (usize, usize) {
    // Each kit in the theme it is made for: the theme's words decide how
    // large the reminder cards are.
    let theme = Theme::load(v.default_theme.as_deref().unwrap_or("viking"))
        .expect("theme")
        .in_language(lang)
        .expect("language");
    let opts = KitOptions {
        paper,
        ..KitOptions::default()
    };
    kit::with_plan(v, &theme, &opts, |_, kit| {
        let p = kit.plan;
        let (_, board) = kit.find::<Sections>().expect("a board");
        let (_, cards) = kit.find::<Cards>().expect("cards");
        let board_area = board.board.size().area();
        let cards_area = (0..cards.formats())
            .map(|f| cards.piece_sizes(f).iter().map(|s| s.area()).sum::<f64>())
            .fold(f64::INFINITY, f64::min);
        let pieces_area: f64 = p
            .flows
            .iter()
            .map(|f| f.cell.0 * f.cell.0 * f.count as f64)
            .sum();
        let sheet = plan::packing_area(paper).size().area();
        let bound = ((board_area + cards_area + pieces_area) / sheet).ceil() as usize;
        (p.card_sheets(), bound)
    })
    .expect("plan")
}

/// Issue 23's targets on A4, in every language the kits print in.
#[test]
fn a4_kits_meet_their_card_sheet_targets_in_every_language() {
    let mut failures = Vec::new();
    for lang in Lang::all() {
        for (id, most) in [
            ("york", 3),
            ("sea-battle-9-cyningstan", 2),
            ("brandubh", 2),
            ("magpie", 2),
            ("tablut", 3),
            ("copenhagen", 3),
        ] {
            let v = rules::builtin(id).expect("built-in variant");
            let got = sheets_and_bound(&v, Paper::A4, lang).0;
            if got > most {
                failures.push(format!(
                    "{id} in {}: {got} card sheets, target {most}",
                    lang.code()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_kit_is_within_one_sheet_of_the_area_bound() {
    // Each variant in each language on one paper in turn (the sum of
    // their indices modulo three), so every variant and every language
    // meets every paper; `TAFLKIT_MATRIX=full` for every paper each.
    let papers = [Paper::A4, Paper::Letter, Paper::A3];
    let mut kits: Vec<(Variant, Paper, Lang)> = Vec::new();
    let mut met = std::collections::BTreeSet::new();
    for (vi, id) in rules::builtin_ids().iter().enumerate() {
        for lang in Lang::all() {
            for (pi, paper) in papers.into_iter().enumerate() {
                if common::in_turn(pi, papers.len(), vi + lang.index()) {
                    kits.push((rules::builtin(id).unwrap(), paper, lang));
                    met.extend([format!("{id} {paper:?}"), format!("{lang} {paper:?}")]);
                }
            }
        }
    }
    let langs = Lang::all().count();
    assert_eq!(
        met.len(),
        (rules::builtin_ids().len() + langs) * papers.len()
    );
    // Tafel with every option on, on Letter (the five sheets), in
    // every language.
    let tafel = common::variants_and_options()
        .into_iter()
        .find(|v| v.id == "tafel" && v.options.iter().all(|o| o.enabled))
        .expect("tafel with options");
    kits.extend(Lang::all().map(|lang| (tafel.clone(), Paper::Letter, lang)));
    let mut failures = Vec::new();
    for (v, paper, lang) in kits {
        let (sheets, bound) = sheets_and_bound(&v, paper, lang);
        if sheets > bound + 1 {
            failures.push(format!(
                "{} on {paper:?} in {}: {sheets} sheets, bound {bound}",
                v.id,
                lang.code()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn counts_cover_and_leaflet_as_paper() {
    let v = rules::builtin("york").unwrap();
    let k = kit::build_kit(&v, &Theme::viking(), &KitOptions::default()).unwrap();
    assert_eq!(k.sheets.card, 3);
    let leaflet_pages = k.document.pages.len() - 1 - 3;
    assert_eq!(k.sheets.paper, 1 + leaflet_pages.div_ceil(2));
    assert_eq!(k.document.pages[0].label, "Sheet 1 · paper · cover");
    assert_eq!(k.document.pages[1].label, "Sheet 2 · card");
    assert_eq!(k.document.pages[3].label, "Sheet 4 · card");
}

/// On A3 and Tabloid the board prints in one piece, at sizes the kit
/// itself chooses (so every kit laid out on large paper, in the tests
/// too, is the one `build` prints), with pieces of standard wooden-disc
/// sizes and the king 2 mm under the square.
#[test]
fn large_paper_prints_the_board_whole_on_standard_discs() {
    // (What `build` prints: its options carry no sizes of their own.)
    let mut kits: Vec<(Variant, Paper)> = Vec::new();
    for paper in [Paper::A3, Paper::Tabloid] {
        for id in rules::builtin_ids() {
            kits.push((rules::builtin(id).unwrap(), paper));
        }
    }
    let printable = |p: Paper| p.size().w.0 - 14.0;
    for (v, paper) in kits {
        let theme = common::theme_of(&v);
        let opts = KitOptions {
            paper,
            ..KitOptions::default()
        };
        kit::with_plan(&v, &theme, &opts, |_, kit| {
            let (ci, sections) = kit.find::<Sections>().expect("a board");
            let what = format!("{} on {}", v.id, paper.name());
            assert_eq!(sections.tiling(kit.plan.sets[ci]).len(), 1, "{what}");
            let board = sections.board.size();
            assert!(
                board.w.0.min(board.h.0) <= printable(paper),
                "{what}: {board:?}"
            );
            let s = kit.plan.sizes;
            for d in [s.king, s.piece] {
                assert!(plan::STANDARD_DISCS.contains(&d), "{what}: {d:?} mm");
            }
            assert!(s.king.0 + 2.0 <= s.square.0 + 1e-9, "{what}: {s:?}");
        })
        .expect("plan");
    }
}

/// A board that fits one sheet at a size the kit may choose prints in one
/// piece on A4 and Letter too (issue 23: "a board that fits a sheet
/// prints whole"): Brandubh and Magpie, 201 mm across on 27 mm squares,
/// are one piece on 24 mm squares instead of two sections to glue. The
/// kit may keep the cut board only where the whole one costs a card
/// sheet; no built-in kit is such a case (the targets above hold).
#[test]
fn a_board_that_fits_a_sheet_prints_whole() {
    let mut whole = 0;
    for paper in [Paper::A4, Paper::Letter] {
        let space = plan::packing_area(paper).size();
        for id in rules::builtin_ids() {
            let v = rules::builtin(id).unwrap();
            let theme = common::theme_of(&v);
            let opts = KitOptions {
                paper,
                ..KitOptions::default()
            };
            let fits = plan::candidate_sizes(&v, &theme, &opts)
                .expect("sizes")
                .iter()
                .any(|s| {
                    let whole = taflkit::kit::board::Board::plain(v.size, s.square).size();
                    taflkit::kit::board::fits(whole, space)
                });
            if !fits {
                continue;
            }
            whole += 1;
            kit::with_plan(&v, &theme, &opts, |_, kit| {
                let (ci, sections) = kit.find::<Sections>().expect("a board");
                let n = sections.tiling(kit.plan.sets[ci]).len();
                assert_eq!(n, 1, "{} on {}: {n} sections", v.id, paper.name());
            })
            .expect("plan");
        }
    }
    // Brandubh and Magpie on both papers at the least.
    assert!(whole >= 4, "only {whole} kits checked");
}
