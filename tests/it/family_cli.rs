//! The tafl family from the command line: the six built-ins listed and
//! counted, `play` ending in a draw, and the new variant-file keys checked
//! with the place of the mistake.

use crate::common;

use common::{file, only_layout_notes, stderr, stdout, taflkit};
use std::path::Path;
use std::process::Output;

const FAMILY: [&str; 6] = [
    "copenhagen",
    "fetlar",
    "brandubh",
    "tablut",
    "magpie",
    "historical-11",
];

#[test]
fn list_shows_the_family() {
    let out = stdout(&taflkit(&["list"]));
    for id in FAMILY {
        assert!(out.contains(id), "list lacks {id}:\n{out}");
    }
}

#[test]
fn perft_depth_3_prints_the_spec_counts() {
    // variants.md, "The tafl family": counts from independent engines.
    for (id, count) in [
        ("copenhagen", 806_344),
        ("fetlar", 806_344),
        ("brandubh", 39_512),
        ("tablut", 353_200),
        ("magpie", 68_732),
        ("historical-11", 944_328),
    ] {
        let o = taflkit(&["perft", id, "--depth", "3"]);
        assert!(o.status.success(), "{id}: {}", stderr(&o));
        assert_eq!(stdout(&o).trim(), count.to_string(), "{id}");
    }
}

#[test]
fn play_prints_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    // Tablut: the king and his men are boxed in; once the attacker on b7
    // closes b4 the defenders have no move, which Tablut calls a draw.
    let pos = file(
        dir.path(),
        "pos.txt",
        ". . . . . . . . .
. . . . . . . . .
. A . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
A D A . . . . . .
D K D A . . . . .
A D A . . . . . .
",
    );
    let o = taflkit(&[
        "play",
        "tablut",
        "--from",
        &pos,
        "--to-move",
        "attackers",
        "b7-b4",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).ends_with("result: draw\n"), "{}", stdout(&o));
}

/// A Brandubh written as a user file; `edit` changes it for a test.
const BRANDUBH: &str = r#"id = "my-brandubh"
name = "My Brandubh"
size = 7
first = "attackers"
escape = "corner"
setup = """
. . . A . . .
. . . A . . .
. . . D . . .
A A D K D A A
. . . D . . .
. . . A . . .
. . . A . . .
"""
encirclement = true
repetition = "third-loses"

[centre]
pass = "everyone"
stop = "king"
hostile_to = ["attackers", "defenders"]

[corners]
pass = "king"
stop = "king"
hostile_to = ["attackers", "defenders", "king"]

[king]
armed = true
strength = "strong-by-centre"
capture = "three-beside-centre"
"#;

fn validate(content: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let path = file(dir.path(), "v.toml", content);
    taflkit(&["validate", &path])
}

/// `content` is refused (exit 1) with each of `words` in the message.
fn rejects(content: &str, words: &[&str]) {
    let o = validate(content);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "accepted: {err}");
    for w in words {
        assert!(err.contains(w), "'{w}' not in: {err}");
    }
}

#[test]
fn a_user_brandubh_validates_cleanly() {
    let o = validate(BRANDUBH);
    assert!(o.status.success(), "{}", stderr(&o));
    // Reading warns of nothing; laying the kit out (validate does, as
    // build would) may only say which leaflet figure the board cannot show.
    assert!(only_layout_notes(&stderr(&o)), "{}", stderr(&o));
}

#[test]
fn new_keys_are_checked_where_they_are_written() {
    rejects(
        &BRANDUBH.replace("armed = true", "armed = true\nspeed = 0"),
        &["v.toml:30:9: error: speed 0"],
    );
    // A throne rule without a centre.
    let no_centre = BRANDUBH.replace(
        "[centre]\npass = \"everyone\"\nstop = \"king\"\nhostile_to = [\"attackers\", \"defenders\"]\n",
        "",
    );
    rejects(
        &no_centre,
        &["error: \"strong-by-centre\" needs a centre square"],
    );
    rejects(
        &BRANDUBH.replace("strong-by-centre", "weak"),
        &["'capture' says how a strong king is taken"],
    );
    rejects(
        &BRANDUBH.replace("strong-by-centre", "strongest"),
        &["v.toml:30:12:", "'king.strength' must be one of"],
    );
    rejects(
        &BRANDUBH.replace("\"king\"]", "\"kings\"]"),
        &["v.toml:26:41:", "'corners.hostile_to' must be one of"],
    );
    rejects(
        &BRANDUBH.replace("third-loses", "third-draw"),
        &["did you mean \"third-draws\"?"],
    );
    rejects(
        &BRANDUBH.replace(
            "encirclement = true",
            "encirclement = true\nno_move = \"lose\"",
        ),
        &["'no_move' must be one of", "\"loses\", \"draw\""],
    );
    rejects(
        &BRANDUBH
            .replace("escape = \"corner\"", "escape = \"edge\"")
            .replace("encirclement = true", "edge_fort = true"),
        &["v.toml:15:13: error: edge_fort needs escape = \"corner\""],
    );
}

#[test]
fn corners_anyone_may_occupy_in_a_corner_escape_game_warn() {
    let o = validate(&BRANDUBH.replace(
        "pass = \"king\"\nstop = \"king\"",
        "pass = \"king\"\nstop = \"everyone\"",
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("v.toml:23:2: warning:") && err.contains("blocks that escape for good"),
        "{err}"
    );
}

#[test]
fn the_rules_text_states_each_familys_own_rules() {
    let rules = |id: &str| {
        let o = taflkit(&["rules", id]);
        assert!(o.status.success(), "{id}: {}", stderr(&o));
        stdout(&o)
    };
    let t = rules("tablut");
    assert!(
        t.contains("for the third time") && t.contains("the game is a draw"),
        "{t}"
    );
    assert!(t.contains("no legal move, the game is a draw"), "{t}");
    assert!(t.contains("cannot go back"), "{t}");
    let m = rules("magpie");
    assert!(m.contains("only one square at a time"), "{m}");
    let c = rules("copenhagen");
    for want in [
        "**Shield walls.**",
        "**Edge forts.**",
        "win, whoever made the move",
    ] {
        assert!(c.contains(want), "{want}: {c}");
    }
    let b = rules("brandubh");
    assert!(
        b.contains("trapped between two attackers in a line or between an attacker and a corner"),
        "{b}"
    );
    assert!(!rules("fetlar").contains("Shield walls"));
}

#[test]
fn user_written_brandubh_and_copenhagen_build_kits() {
    let dir = tempfile::tempdir().unwrap();
    let copenhagen = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/copenhagen.toml"),
    )
    .unwrap()
    .replace("id = \"copenhagen\"", "id = \"my-copenhagen\"");
    for (name, text) in [("b.toml", BRANDUBH.to_string()), ("c.toml", copenhagen)] {
        let path = file(dir.path(), name, &text);
        let out = dir.path().join(format!("{name}.pdf"));
        let o = taflkit(&["build", &path, "-o", &out.to_string_lossy()]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        assert!(std::fs::metadata(&out).unwrap().len() > 10_000, "{name}");
    }
}
