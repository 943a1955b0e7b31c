//! The tests of `src/kit/puzzle_page.rs` that were its unit tests.

use taflkit::kit::puzzle_page::*;

#[test]
fn an_option_switched_on_changes_the_seed_and_none_keeps_it() {
    let plain = taflkit::rules::builtin("tafel").unwrap();
    let by_id = taflkit::kit::puzzle_cache::fnv(b"tafel", taflkit::kit::puzzle_cache::FNV_START);
    assert_eq!(seed(&plain), by_id);
    let mut seeds = vec![seed(&plain)];
    for k in 0..plain.options.len() {
        let mut v = plain.clone();
        v.options[k].enabled = true;
        seeds.push(seed(&v));
    }
    let mut all = plain.clone();
    all.options.iter_mut().for_each(|o| o.enabled = true);
    seeds.push(seed(&all));
    let n = seeds.len();
    seeds.sort();
    seeds.dedup();
    assert_eq!(seeds.len(), n, "each set of options its own seed");
}
