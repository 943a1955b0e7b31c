//! The tests of `src/rules/record/read.rs` that were its unit tests.

use taflkit::rules::Square;
use taflkit::rules::record::read::*;
use taflkit::rules::record::{Claimed, Format};

#[test]
fn moves_in_every_form() {
    let (m, c, k) = parse_move("Ke5-f5").unwrap();
    assert_eq!((m.to_string(), c, k), ("e5-f5".into(), None, true));
    let (m, c, _) = parse_move("g2-g3xf3/h3").unwrap();
    assert_eq!(m.to_string(), "g2-g3");
    assert_eq!(c.unwrap().len(), 2);
    let (m, c, _) = parse_move("E7-E6xF6++").unwrap();
    assert_eq!(m.to_string(), "e7-e6");
    assert_eq!(c, Some(vec![Square::parse("f6").unwrap()]));
    assert_eq!(parse_move("c2-c3xKc4").unwrap().1.unwrap().len(), 1);
    assert_eq!(parse_move("e1-e4x").unwrap().1, Some(vec![]));
    assert!(parse_move("Ke5-e1-").unwrap().2);
    assert!(parse_move("ce6^e8").unwrap_err().contains("special piece"));
    assert!(parse_move("e6^e8").unwrap_err().contains("jumps"));
    assert!(parse_move("e1e4").unwrap_err().contains("joined"));
    assert!(parse_move("e1-e4?!").unwrap_err().contains("'?!'"));
}

#[test]
fn tags_turns_comments_and_variations() {
    let text = "[event:Test]\n[rules:dim:7 start:/3t3/]\n\n1. d1-d2 d3-c3\n[a|b]\n\
                2. d2-d1 Kd4-d3\n2b.1.1a. ..... e4-e5\n3. a4-a3 ---\n";
    let r = read("t.otg", text).unwrap();
    assert_eq!(r.format, Format::Otn);
    assert_eq!(r.tag("Rules").unwrap().value, "dim:7 start:/3t3/");
    assert_eq!(r.moves.len(), 5);
    assert_eq!(r.turns(), 3);
    assert!(r.resigned);
    let pgn =
        "[Variant \"Tablut\"]\n[Result \"0-1\"]\n1. e2-g2 {good} e3-h3 ; note\n2. b5-b3 0-1\n";
    let r = read("t.pgn", pgn).unwrap();
    assert_eq!(r.format, Format::Pgn);
    assert_eq!(r.tag("variant").unwrap().value, "Tablut");
    assert_eq!(r.moves.len(), 3);
    assert_eq!(r.result.unwrap().0, Claimed::FirstWins(false));
}

#[test]
fn problems_are_located() {
    let at = |text: &str| {
        let f = read("t", text).unwrap_err();
        let d = &f.diagnostics[0];
        (d.line.unwrap(), d.column.unwrap(), d.message.clone())
    };
    let (l, c, m) = at("1. e1-e2 e3-e4\n3. a1-a2");
    assert_eq!((l, c), (2, 1), "{m}");
    let (l, c, m) = at("1. e1-e2 e3-e4 a1-a2");
    assert_eq!((l, c), (1, 16), "{m}");
    let (_, _, m) = at("[Event \"x\"\n1. e1-e2");
    assert!(m.contains("never closed"), "{m}");
    let (l, c, m) = at("1. e1-e2 1-0 e3-e4");
    assert_eq!((l, c), (1, 14), "{m}");
    let (_, _, m) = at("e1-e2");
    assert!(m.contains("before turn 1"), "{m}");
}
