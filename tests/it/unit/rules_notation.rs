//! The tests of `src/rules/notation.rs` that were its unit tests.

use taflkit::rules::notation::*;
use taflkit::rules::variant::Piece;

#[test]
fn squares_read_and_write() {
    assert_eq!(Square::parse("a1"), Some(Square::new(0, 0)));
    assert_eq!(Square::parse("k11"), Some(Square::new(10, 10)));
    assert_eq!(Square::new(4, 3).to_string(), "e4");
    assert_eq!(Square::parse("z99"), None);
    assert_eq!(Square::parse("a0"), None);
    assert_eq!(Square::parse("a01"), None);
    assert_eq!(Square::parse(""), None);
    assert_eq!(Square::parse("é1"), None);
}

#[test]
fn moves_read_and_write() {
    let m = Move::parse("e1-e4").unwrap();
    assert_eq!(m.to_string(), "e1-e4");
    assert!(Move::parse("e1e4").unwrap_err().contains("joined by '-'"));
    assert!(Move::parse("z99-a1").unwrap_err().contains("'z99'"));
}

#[test]
fn rows_with_and_without_spaces() {
    let rows = parse_rows("\nA . K\nAD.\n").unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].cells.len(), 3);
    assert_eq!(rows[1].cells[1].piece, Some(Piece::Defender));
    assert_eq!(rows[1].cells[1].offset, 8);
    let (at, _) = parse_rows("A x").unwrap_err();
    assert_eq!(at, 2);
}
