//! The tests of `src/rules/lines.rs` that were its unit tests.

use taflkit::rules::lines::*;

/// The reference: step square by square as the engine's walk does.
fn walk(occ: u32, p: u32, rule: LineRule) -> u32 {
    let mut out = 0;
    for d in [1i32, -1] {
        let mut t = p as i32 + d;
        while occ & (1 << t) == 0 {
            out |= rule.stop & (1 << t);
            if rule.no_pass & (1 << t) != 0 {
                break;
            }
            t += d;
        }
    }
    out
}

#[test]
fn reach_is_the_walk_on_every_small_line() {
    // Every occupancy and every special-square layout of a 7-wide
    // line, from every empty square.
    let n = 7;
    let border = !(((1u32 << n) - 1) << 1);
    let on_board = !border;
    for occ in 0u32..1 << n {
        let occ = occ << 1 | border;
        for stop in [0u32, 0b1000_0010, 0b0001_0000, 0b1111_1110, 0b1110_1110] {
            for no_pass in [0u32, 0b0001_0000, 0b1000_0010, 0b0100_0100] {
                let rule = LineRule {
                    stop: !stop & on_board,
                    no_pass,
                    no_stop: stop & on_board,
                };
                // The piece's own square may be set or not: it is not looked at.
                for p in 1..=n {
                    assert_eq!(count(occ, p, rule), walk(occ, p, rule).count_ones());
                    assert_eq!(
                        reach(occ, p, rule),
                        walk(occ, p, rule),
                        "occ {occ:b} p {p} rule {rule:?}"
                    );
                }
            }
        }
    }
}
