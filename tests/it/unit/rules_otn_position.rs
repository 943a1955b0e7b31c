//! The tests of `src/rules/otn/position.rs` that were its unit tests.

use taflkit::rules::otn::position::*;
use taflkit::rules::variant::Piece;

#[test]
fn the_specs_brandub_reads_as_a_cross() {
    // OpenTafl notation spec, section 1: Brandub's start.
    let (b, len) = read("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", Order::RankOneFirst).unwrap();
    assert_eq!(len, 33);
    assert_eq!(b.len(), 7);
    assert_eq!(b[3][3], Some(Piece::King));
    assert_eq!(b[0][3], Some(Piece::Attacker));
    assert_eq!(b[2][3], Some(Piece::Defender));
    assert_eq!(b.iter().flatten().flatten().count(), 13);
}

#[test]
fn rank_one_is_written_first() {
    let mut b = vec![vec![None; 5]; 5];
    b[4][0] = Some(Piece::King); // a1
    b[0][4] = Some(Piece::Attacker); // e5
    assert_eq!(write(&b, Order::RankOneFirst), "/K4/5/5/5/4t/");
    assert_eq!(write(&b, Order::TopFirst), "/4t/5/5/5/K4/");
    assert_eq!(read("/K4/5/5/5/4t/", Order::RankOneFirst).unwrap().0, b);
}

#[test]
fn problems_are_located() {
    assert_eq!(read("/3t3/3x3/", Order::RankOneFirst).unwrap_err().0, 6);
    let (at, msg) = read("/5/5/4c/5/5/", Order::RankOneFirst).unwrap_err();
    assert_eq!(at, 6);
    assert!(msg.contains("commander"), "{msg}");
    let (at, msg) = read("/5/5/6/5/5/", Order::RankOneFirst).unwrap_err();
    assert_eq!(at, 5);
    assert!(msg.contains("row 3"), "{msg}");
    assert!(read("/5/5/5/5/5", Order::RankOneFirst).is_err());
}
