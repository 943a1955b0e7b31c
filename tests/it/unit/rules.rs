//! The tests of `src/rules/mod.rs` that were its unit tests.

use taflkit::rules::*;

#[test]
fn every_builtin_loads_without_problems() {
    for id in builtin_ids() {
        let (v, warnings) = load(id).unwrap_or_else(|f| panic!("{id}: {f}"));
        assert_eq!(v.id, *id);
        assert!(warnings.is_empty(), "{id}: {warnings:?}");
    }
}
