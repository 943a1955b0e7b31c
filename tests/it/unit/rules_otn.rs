//! The tests of `src/rules/otn/mod.rs` that were its unit tests.

use taflkit::rules::otn::position::Order;
use taflkit::rules::otn::rules::Lost;
use taflkit::rules::otn::*;
use taflkit::rules::{builtin, builtin_ids};

#[test]
fn every_builtin_start_round_trips_as_a_position() {
    for id in builtin_ids() {
        let v = builtin(id).unwrap();
        for order in [Order::RankOneFirst, Order::TopFirst] {
            let text = position::write(&v.setup, order);
            let (board, len) = position::read(&text, order).unwrap();
            assert_eq!(len, text.len(), "{id}");
            assert_eq!(board, v.setup, "{id}: {text}");
        }
    }
}

/// The variant without a field the engine never reads: the empty
/// throne's hostility to a king who is strong wherever he can stand
/// beside it (strong, or strong by the centre).
fn meaningful(mut v: taflkit::rules::Variant) -> taflkit::rules::Variant {
    if v.king.strength != taflkit::rules::KingStrength::Weak
        && let Some(c) = v.centre.as_mut()
    {
        c.hostile_to_king = false;
    }
    v
}

/// Reads back a written rules string; the rules it said it lost are
/// put back from the original, and then nothing else may differ.
#[test]
fn every_builtin_round_trips_as_a_rules_string() {
    for id in builtin_ids() {
        let v = builtin(id).unwrap();
        let written = rules::write(&v);
        let (mut back, _warnings) = read::read("otn", written.text.as_bytes(), id)
            .unwrap_or_else(|f| panic!("{id}: {f}\n{}", written.text));
        for lost in &written.lost {
            match lost {
                Lost::Repetition(_) => back.repetition = v.repetition,
                Lost::NoMoveDraws => back.no_move = v.no_move,
                Lost::DrawFort => back.draw_fort = v.draw_fort,
                Lost::KingBesideCentre => back.king.capture = v.king.capture,
                Lost::Option(_) => {}
            }
        }
        // Which optional rules a kit offers and the theme it looks best
        // in are not rules of the game.
        back.options = v.options.clone();
        back.default_theme = v.default_theme.clone();
        assert_eq!(meaningful(back), meaningful(v), "{id}: {}", written.text);
    }
}
