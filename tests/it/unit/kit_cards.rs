//! The tests of `src/kit/cards.rs` that were its unit tests.

use taflkit::kit::cards::*;
use taflkit::rules;
use taflkit::rules::Variant;
use taflkit::theme::Theme;

fn all_on(id: &str) -> Variant {
    let mut v = rules::builtin(id).unwrap();
    for o in v.options.iter_mut() {
        o.enabled = true;
    }
    v
}

#[test]
fn every_built_in_kit_has_cards_in_a_standard_size() {
    let theme = Theme::viking();
    for id in rules::builtin_ids() {
        let c = cards(&all_on(id), &theme, &theme.fonts).unwrap();
        for s in c.sizes() {
            assert!(s == POKER || s == INDEX || s == A6, "{id}: {s:?}");
        }
    }
}
