//! The engine commands as a script sees them: `list`, `validate`, `play`,
//! `perft`; exit codes and messages.

use crate::common;

use common::{file, only_layout_notes, stderr, stdout, taflkit};

#[test]
fn list_shows_builtin_variants_and_themes() {
    let o = taflkit(&["list"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for id in [
        "sea-battle-9",
        "sea-battle-11",
        "sea-battle-13",
        "sea-battle-15",
        "sea-battle-9-cyningstan",
        "york",
        "tafel",
        "York Hnefatafl",
        "viking",
        "sea",
        "christmas",
    ] {
        assert!(out.contains(id), "list lacks {id}:\n{out}");
    }
}

#[test]
fn perft_prints_the_count() {
    let o = taflkit(&["perft", "sea-battle-9", "--depth", "2"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).trim(), "4400");
    let o = taflkit(&["perft", "sea-battle-9-cyningstan", "--depth", "1"]);
    assert_eq!(stdout(&o).trim(), "56");
}

#[test]
fn perft_without_depth_is_a_usage_error() {
    assert_eq!(taflkit(&["perft", "york"]).status.code(), Some(2));
}

#[test]
fn play_prints_the_position_and_result() {
    let o = taflkit(&["play", "york", "e1-e3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12);
    // Rank 3 (ninth row from the top) gained the attacker from e1.
    assert_eq!(lines[8], ". . . . A . . . . . .");
    assert_eq!(lines[10], ". . . A . A A A . . .");
    assert_eq!(lines[0], ". . . A A A A A . . .");
    assert_eq!(lines[11], "result: ongoing");
}

#[test]
fn play_with_no_moves_prints_the_start() {
    let o = taflkit(&["play", "sea-battle-9"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.starts_with(". . . A A A . . .\n. . . . A . . . .\n"));
    assert!(out.contains("\nA A D D K D D A A\n"));
    assert!(out.ends_with("result: ongoing\n"));
}

fn illegal(args: &[&str], words: &[&str]) {
    let o = taflkit(args);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stdout(&o));
    let err = stderr(&o);
    for w in words {
        assert!(err.contains(w), "{args:?}: '{w}' not in: {err}");
    }
    assert!(!err.contains("panicked"));
}

#[test]
fn illegal_moves_exit_1_and_say_why() {
    illegal(&["play", "york", "f2-f5"], &["f2-f5", "blocked"]);
    illegal(&["play", "york", "f4-g4"], &["f4-g4", "not your piece"]);
    illegal(&["play", "york", "e1-f2"], &["e1-f2", "row or a column"]);
    illegal(
        &["play", "tafel", "a4-b4", "f4-f3", "b4-a4"],
        &["b4-a4", "repetition"],
    );
    illegal(&["play", "york", "z99-a1"], &["z99-a1", "not a square"]);
    illegal(&["play", "york", "e1e4"], &["e1e4", "not a move"]);
    illegal(
        &["play", "york", "e1-e12"],
        &["e1-e12", "not on the 11×11 board"],
    );
}

#[test]
fn play_from_a_position() {
    let dir = tempfile::tempdir().unwrap();
    let pos = file(
        dir.path(),
        "pos.txt",
        b". . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . K . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . A . . . . . . . .
. . . . . . . . . . .
. . . . . . . D . . .
",
    );
    // The king walks to the edge and wins; a further move is refused.
    let o = taflkit(&[
        "play",
        "york",
        "--from",
        &pos,
        "--to-move",
        "defenders",
        "f6-f11",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).ends_with("result: defenders win\n"));
    illegal(
        &[
            "play",
            "york",
            "--from",
            &pos,
            "--to-move",
            "defenders",
            "f6-f11",
            "c3-c4",
        ],
        &["c3-c4", "already over"],
    );
    // Only the king may stop on the castle.
    illegal(
        &[
            "play",
            "york",
            "--from",
            &pos,
            "--to-move",
            "defenders",
            "f6-f7",
            "c3-c6",
            "h1-h6",
            "c6-f6",
        ],
        &["c6-f6", "only the king may stop on f6"],
    );
    // --from without --to-move is a usage error.
    assert_eq!(
        taflkit(&["play", "york", "--from", &pos]).status.code(),
        Some(2)
    );
    // A position with two kings is refused.
    let bad = file(
        dir.path(),
        "two.txt",
        b"K . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . K . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n",
    );
    illegal(
        &[
            "play",
            "sea-battle-9",
            "--from",
            &bad,
            "--to-move",
            "attackers",
        ],
        &["one king"],
    );
}

#[test]
fn validate_accepts_the_builtin_files() {
    let mut args = vec!["validate"];
    let files: Vec<String> = taflkit::rules::builtin_ids()
        .iter()
        .map(|id| format!("variants/{id}.toml"))
        .collect();
    args.extend(files.iter().map(String::as_str));
    let o = taflkit(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    // Reading them warns of nothing; laying their kits out (validate does,
    // as build would) may only say which leaflet figure a board cannot show.
    assert!(only_layout_notes(&stderr(&o)), "{}", stderr(&o));
}

const GOOD: &str = r#"id = "mine"
name = "Mine"
size = 7
first = "attackers"
escape = "edge"
setup = """
. . A A A . .
. . . D . . .
A . . D . . A
A D D K D D A
A . . D . . A
. . . D . . .
. . A A A . .
"""
"#;

/// Validates `content` and checks exit 1 with a message containing each
/// of `words` (e.g. the `file:line:column` place).
fn rejects(content: &[u8], words: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let path = file(dir.path(), "v.toml", content);
    let o = taflkit(&["validate", &path]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "accepted: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for w in words {
        let w = w.replace("FILE", &path);
        assert!(err.contains(&w), "'{w}' not in: {err}");
    }
}

#[test]
fn a_good_user_file_validates_with_warnings_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = file(dir.path(), "v.toml", GOOD.as_bytes());
    let o = taflkit(&["validate", &path]);
    assert!(o.status.success(), "{}", stderr(&o));
    // 12 attackers, 8 defenders: unusual, so a warning.
    assert!(stderr(&o).contains("warning: 12 attackers against 8 defenders"));
}

#[test]
fn bad_variant_files_are_reported_where_they_go_wrong() {
    rejects(b"", &["FILE: error: the file is empty"]);
    rejects(b"\x00\x01\x02binary", &["binary"]);
    rejects(
        b"id = \"x\"\nname = \"\xff\xfe\"\n",
        &["FILE:2:9: error: ", "UTF-8"],
    );
    rejects(b"id = [\n", &["FILE:", "not valid TOML"]);
    rejects(
        GOOD.replace("size = 7", "sise = 7").as_bytes(),
        &["FILE:3:1: error: unknown key 'sise'; did you mean 'size'?"],
    );
    rejects(
        GOOD.replace("size = 7", "size = 1000").as_bytes(),
        &["FILE:3:8: error: size 1000 is out of range"],
    );
    rejects(
        GOOD.replace("size = 7", "size = 0").as_bytes(),
        &["FILE:3:8:", "out of range"],
    );
    rejects(
        GOOD.replace("size = 7", "size = \"7\"").as_bytes(),
        &["FILE:3:8: error: 'size' must be a whole number"],
    );
    rejects(
        GOOD.replace("first = \"attackers\"", "first = \"attacker\"")
            .as_bytes(),
        &["FILE:4:9:", "did you mean \"attackers\""],
    );
    // Ragged row: row 3 has a missing cell.
    rejects(
        GOOD.replace("A . . D . . A\nA D D", "A . . D . A\nA D D")
            .as_bytes(),
        &["FILE:9:", "row 3 has 6 cells"],
    );
    rejects(
        GOOD.replace(". . . D . . .\nA . . D", ". . . K . . .\nA . . D")
            .as_bytes(),
        &["FILE:10:7: error: a second king on d4"],
    );
    rejects(
        GOOD.replace(". . . D . . .\nA . . D", ". . . X . . .\nA . . D")
            .as_bytes(),
        &["FILE:8:7: error: unknown symbol 'X'"],
    );
    // The king on the edge in an edge-escape game.
    rejects(
        GOOD.replace(". . A A A . .\n. . .", ". . A K A . .\n. . .")
            .replace("A D D K D D A", "A D D D D D A")
            .as_bytes(),
        &["FILE:7:7: error: the king starts on d7"],
    );
}

#[test]
fn special_square_checks() {
    let castle =
        format!("{GOOD}\n[centre]\npass = \"everyone\"\nstop = \"king\"\nhostile_to = []\n");
    // The king off the castle, and an attacker on it.
    let moved = castle.replace("A D D K D D A", "A D K A D D A");
    rejects(
        moved.as_bytes(),
        &[
            "FILE:10:5: error: the king must start on the centre square d4",
            "FILE:10:7: error: an attacker stands on d4, a square only the king may enter",
        ],
    );
    // An attacker on a corner only the king may enter.
    let corners = format!(
        "{}\n[corners]\nstop = \"king\"\npass = \"king\"\n",
        GOOD.replace(". . A A A . .\n. . . D", "A . A A A . .\n. . . D")
    );
    rejects(corners.as_bytes(), &["FILE:7:1:", "a7", "only the king"]);
    let bad_key = castle.replace("hostile_to", "hostile");
    rejects(
        bad_key.as_bytes(),
        &["unknown key 'centre.hostile'; did you mean 'centre.hostile_to'?"],
    );
}

#[test]
fn a_side_that_cannot_move_is_refused() {
    let stuck = r#"id = "stuck"
name = "Stuck"
size = 5
first = "defenders"
escape = "corner"
setup = """
. . . . .
. A A A .
. A K D A
. A A A .
. . . . .
"""
"#;
    rejects(
        stuck.as_bytes(),
        &["the defenders move first but have no legal move"],
    );
}

#[test]
fn unknown_variant_names_suggest_a_builtin() {
    illegal(
        &["perft", "sea-battle9", "--depth", "1"],
        &["did you mean 'sea-battle-9'"],
    );
}

/// Reasons read as sentences: the square moved to "is occupied by" a
/// piece, a piece on the way "is in the way".
#[test]
fn a_blocked_move_says_what_blocks_it_grammatically() {
    let o = taflkit(&["play", "brandubh", "d1-d2"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("blocked: d2 is occupied by an attacker"),
        "{}",
        stderr(&o)
    );
    let o = taflkit(&["play", "brandubh", "d1-d3"]);
    assert!(
        stderr(&o).contains("blocked: an attacker on d2 is in the way"),
        "{}",
        stderr(&o)
    );
}
