//! Sheet counts of the built-in kits: the packing targets and the area
//! lower bound.

use taflkit::kit::board::Sections;
use taflkit::kit::{self, KitOptions, packing};
use taflkit::layout::paper::Paper;
use taflkit::rules;
use taflkit::theme::Theme;
use taflkit::units::Size;

/// (card sheets, area lower bound, sections) of a built-in kit.
fn plan_for(id: &str, paper: Paper) -> (usize, usize, usize) {
    let v = rules::builtin(id).expect("built-in variant");
    // Each kit in the theme it is made for: the theme's words decide
    // whether the reminder cards fit a playing card.
    let theme = Theme::load(v.default_theme.as_deref().unwrap_or("viking")).expect("theme");
    let opts = KitOptions {
        paper,
        ..KitOptions::default()
    };
    kit::with_plan(&v, &theme, &opts, |_, kit| {
        let p = kit.plan;
        let items: Vec<Size> = p.rects.iter().map(|r| r.size).collect();
        let space = Paper::printable(paper.size()).size();
        let bound = packing::area_lower_bound(&items, &p.flows, space);
        let (bi, board) = kit.find::<Sections>().expect("a board");
        (p.card_sheets(), bound, board.tiling(p.sets[bi]).len())
    })
    .expect("plan")
}

#[test]
fn york_fits_three_card_sheets_on_a4() {
    assert_eq!(plan_for("york", Paper::A4).0, 3);
}

/// The spec (`kit.md`, "Sheets used") allows the Christmas Sea Battle
/// three sheets of card.
#[test]
fn cyningstan_sea_battle_fits_three_card_sheets_on_a4() {
    assert!(plan_for("sea-battle-9-cyningstan", Paper::A4).0 <= 3);
}

#[test]
fn every_kit_is_within_one_sheet_of_the_area_bound() {
    for paper in [Paper::A4, Paper::Letter] {
        for id in rules::builtin_ids() {
            let (sheets, bound, sections) = plan_for(id, paper);
            eprintln!("{id} {paper:?}: {sheets} sheets (bound {bound}), {sections} sections");
            assert!(
                sheets <= bound + 1,
                "{id} on {paper:?}: {sheets} sheets, bound {bound}"
            );
        }
    }
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
