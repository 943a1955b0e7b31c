//! Sheet counts of the built-in kits: the packing targets and the area
//! lower bound.

use taflkit::kit::{self, KitOptions, packing, plan};
use taflkit::layout::paper::Paper;
use taflkit::rules;
use taflkit::theme::Theme;
use taflkit::units::Size;

fn plan_for(id: &str, paper: Paper) -> plan::Plan {
    let v = rules::builtin(id).expect("built-in variant");
    // Each kit in the theme it is made for: the theme's words decide
    // whether the reminder cards fit a playing card.
    let theme = Theme::load(v.default_theme.as_deref().unwrap_or("viking")).expect("theme");
    let opts = KitOptions {
        paper,
        ..KitOptions::default()
    };
    plan::plan(&v, &theme, &opts, &theme.fonts).expect("plan")
}

#[test]
fn york_fits_three_card_sheets_on_a4() {
    assert_eq!(plan_for("york", Paper::A4).card_sheets(), 3);
}

#[test]
fn cyningstan_sea_battle_fits_two_card_sheets_on_a4() {
    assert_eq!(
        plan_for("sea-battle-9-cyningstan", Paper::A4).card_sheets(),
        2
    );
}

#[test]
fn every_kit_is_within_one_sheet_of_the_area_bound() {
    for paper in [Paper::A4, Paper::Letter] {
        for id in rules::builtin_ids() {
            let p = plan_for(id, paper);
            let space = Paper::printable(paper.size()).size();
            let items: Vec<Size> = p.components.iter().map(|c| c.1).collect();
            let bound = packing::area_lower_bound(&items, &p.flows, space);
            eprintln!(
                "{id} {paper:?}: {} sheets (bound {bound}), {} sections",
                p.card_sheets(),
                p.tiling.len()
            );
            assert!(
                p.card_sheets() <= bound + 1,
                "{id} on {paper:?}: {} sheets, bound {bound}",
                p.card_sheets()
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
