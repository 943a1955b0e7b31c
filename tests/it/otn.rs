//! OpenTafl notation at the command line: positions in and out of `play`,
//! rules strings out of `rules --format otn` and into `validate`, `play`
//! and `perft`, and the located refusals.

use crate::common;

use common::{file, stderr, stdout, taflkit};

/// A 7×7 board with no special squares, for positions that put pieces
/// where a built-in's corners would refuse them.
const PLAIN_7: &str = r#"
id = "plain-7"
name = "Plain 7"
size = 7
first = "attackers"
escape = "edge"
setup = """
. . . A . . .
. . . A . . .
. . . D . . .
A A D K D A A
. . . D . . .
. . . A . . .
. . . A . . .
"""
"#;

/// OpenTafl's `saved-games/replays/Copenhagen-Escape-Puzzle.otg` starts
/// from `starti:/tt2T2/1t2K2/2tt3/6t/3TTt1/4Tt1/4Tt1/` (rows top first);
/// as an ordinary position record (rank 1 first) that is the string
/// below. Its moves say where things stand: `1. f3-f6` (an attacker on
/// f3), `e7-d7` (a defender on e7), `Ke6-e7` (the king on e6).
#[test]
fn a_published_position_reads_to_the_right_board() {
    let dir = tempfile::tempdir().unwrap();
    let v = file(dir.path(), "plain.toml", PLAIN_7);
    let pos = file(
        dir.path(),
        "puzzle.otn",
        "/4Tt1/4Tt1/3TTt1/6t/2tt3/1t2K2/tt2T2/\n",
    );
    let o = taflkit(&[
        "play",
        &v,
        "--from",
        &pos,
        "--to-move",
        "attackers",
        "f3-f6",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = taflkit(&[
        "play",
        &v,
        "--from",
        &pos,
        "--to-move",
        "defenders",
        "e7-d7",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = taflkit(&["play", &v, "--from", &pos, "--to-move", "defenders"]);
    let rows: Vec<String> = stdout(&o).lines().map(|l| l.replace(' ', "")).collect();
    assert_eq!(
        rows[0], "AA..D..",
        "rank 7: a7, b7 attackers, e7 a defender"
    );
    assert_eq!(rows[1], ".A..K..", "rank 6: the king on e6");
}

#[test]
fn play_prints_an_otn_position_that_from_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let o = taflkit(&["play", "brandubh", "d1-f1", "--format", "otn"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // Rank 1 first: the attacker that left d1 stands on f1.
    assert!(out.starts_with("/5t1/3t3/"), "{out}");
    let pos = file(dir.path(), "after.otn", &out);
    let back = taflkit(&["play", "brandubh", "--from", &pos, "--to-move", "defenders"]);
    let direct = taflkit(&["play", "brandubh", "d1-f1"]);
    assert!(back.status.success(), "{}", stderr(&back));
    assert_eq!(stdout(&back), stdout(&direct));
}

#[test]
fn a_bad_position_is_located_and_nothing_is_played() {
    let dir = tempfile::tempdir().unwrap();
    let pos = file(
        dir.path(),
        "bad.otn",
        "\n  /3t3/3t3/3T3/ttTKTtt/3T3/3x3/3t3/\n",
    );
    let o = taflkit(&["play", "brandubh", "--from", &pos, "--to-move", "attackers"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("bad.otn:2:29: error: unknown symbol 'x'"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty());
}

/// Every built-in's rules string is a variant file of its own: it
/// validates, and its move tree is the built-in's (perft to depth 2).
#[test]
fn every_builtin_rules_string_validates_and_plays_the_same() {
    let dir = tempfile::tempdir().unwrap();
    for id in taflkit::rules::builtin_ids() {
        let o = taflkit(&["rules", id, "--format", "otn"]);
        assert!(o.status.success(), "{id}: {}", stderr(&o));
        let text = stdout(&o);
        assert!(
            text.starts_with("dim:") && text.contains(" start:/"),
            "{text}"
        );
        let path = file(dir.path(), &format!("{id}.otn"), &text);
        let v = taflkit(&["validate", &path]);
        assert!(v.status.success(), "{id}: {}", stderr(&v));
        let ours = taflkit(&["perft", id, "--depth", "2"]);
        let theirs = taflkit(&["perft", &path, "--depth", "2"]);
        assert_eq!(stdout(&ours), stdout(&theirs), "{id}");
    }
}

#[test]
fn a_rule_taflkit_cannot_play_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    // The Berserk example of the OTN spec: king jumps, berserk moves,
    // commanders and knights.
    let berserk = "dim:11 surf:n atkf:n kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/";
    let path = file(dir.path(), "berserk.otn", berserk);
    let o = taflkit(&["validate", &path]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("berserk.otn:1:25: error: kj:r"), "{err}");
    assert!(err.contains("ber:c — berserk moves"), "{err}");
    // Brandub as the spec writes it reads, and is a weak-king game.
    let brandub = file(
        dir.path(),
        "brandub.otn",
        "dim:7 ks:n cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\n",
    );
    let o = taflkit(&["validate", &brandub]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// OpenTafl's reader (`RulesSerializer.getRulesMap`) stores `cenh:` with
/// nothing after the colon as an empty list, and
/// `getTaflmanTypeListForString("")` turns that into a list naming no
/// piece type: the occupied centre is hostile to nobody. Left out, `cenh`
/// is its default, `tcnkm` (hostile to the attackers). With an unarmed
/// king (`ka:n`) on the throne, an attacker beside it is taken against
/// the throne by the default rules and not by `cenh:`.
#[test]
fn an_empty_cenh_is_a_throne_hostile_to_nobody_as_in_opentafl() {
    let dir = tempfile::tempdir().unwrap();
    let start = "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    // The king on the throne d4, an attacker on d5 beside it, a defender
    // on d7 to close on it from d6 (and an attacker on b2).
    let pos = file(dir.path(), "pos.otn", "/7/1t5/7/3K3/3t3/7/3T3/\n");
    let after = |rules: &str| {
        let path = file(dir.path(), "rules.otn", rules);
        let o = taflkit(&[
            "play",
            &path,
            "--from",
            &pos,
            "--to-move",
            "defenders",
            "--format",
            "otn",
            "d7-d6",
        ]);
        assert!(o.status.success(), "{rules}: {}", stderr(&o));
        stdout(&o).lines().next().unwrap_or_default().to_string()
    };
    assert_eq!(
        after(&format!("dim:7 ka:n {start}")),
        "/7/1t5/7/3K3/7/3T3/7/",
        "by default the occupied throne takes the attacker"
    );
    assert_eq!(
        after(&format!("dim:7 ka:n cenh: {start}")),
        "/7/1t5/7/3K3/3t3/3T3/7/",
        "cenh: is hostile to nobody"
    );
    // And it is written back as it was read.
    let path = file(dir.path(), "empty.otn", format!("dim:7 ka:n cenh: {start}"));
    let o = taflkit(&["rules", &path, "--format", "otn"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).split_whitespace().any(|w| w == "cenh:"),
        "{}",
        stdout(&o)
    );
}

/// Every built-in's rules string is one OpenTafl's own reader takes: its
/// `RulesSerializer.getCoordListForString` reads each entry of `cor:` and
/// `cen:` with `Coord.get`, which takes a file letter `a` to `s` and a
/// rank number (`Integer.parseInt` of the rest) and throws on anything
/// else, the spec's own word `default` among them.
#[test]
fn written_space_lists_are_squares_opentafl_reads() {
    for id in taflkit::rules::builtin_ids() {
        let o = taflkit(&["rules", id, "--format", "otn"]);
        assert!(o.status.success(), "{id}: {}", stderr(&o));
        let text = stdout(&o);
        for entry in text.split_whitespace() {
            let Some(list) = entry
                .strip_prefix("cor:")
                .or_else(|| entry.strip_prefix("cen:"))
            else {
                continue;
            };
            for sq in list.split(',').filter(|s| !s.is_empty()) {
                let mut chars = sq.chars();
                let file = chars.next().unwrap();
                let rank: String = chars.collect();
                assert!(
                    ('a'..='s').contains(&file) && rank.parse::<i32>().is_ok(),
                    "{id}: '{sq}' in {entry}"
                );
            }
        }
        // Corners and centre are there, square by square.
        let v = taflkit::rules::builtin(id).unwrap();
        let n = v.size;
        if v.corners.is_some() {
            let last = (b'a' + n as u8 - 1) as char;
            let want = format!("cor:a1,a{n},{last}1,{last}{n},");
            assert!(text.split_whitespace().any(|e| e == want), "{id}: {text}");
        }
        if v.centre.is_some() {
            let mid = (b'a' + (n / 2) as u8) as char;
            let want = format!("cen:{mid}{},", n / 2 + 1);
            assert!(text.split_whitespace().any(|e| e == want), "{id}: {text}");
        }
    }
}
