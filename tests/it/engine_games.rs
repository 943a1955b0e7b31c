//! `puzzles`, `play --computer` (script mode) and `match` as a script sees
//! them: formats, determinism, and every printed puzzle checked again
//! here (replayed move by move, shortest win and unique first move
//! confirmed by an exact solver).

use std::io::Write;
use std::process::{Output, Stdio};

use taflkit::rules::solver::{Action, Solver};
use taflkit::rules::{self, Game, Side};

fn taflkit(args: &[&str], stdin: &str) -> Output {
    let mut child = crate::common::bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("taflkit runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn puzzles_are_proven_and_deterministic() {
    let id = "sea-battle-9";
    let o = taflkit(&["puzzles", id, "--count", "3", "--seed", "7"], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let again = taflkit(&["puzzles", id, "--count", "3", "--seed", "7"], "");
    assert_eq!(out, text(&again.stdout), "same seed, same puzzles");
    let variant = rules::builtin(id).unwrap();
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 3, "{out}");
    for (k, b) in blocks.iter().enumerate() {
        let lines: Vec<&str> = b.trim_end().lines().collect();
        let head = lines[0];
        let prefix = format!("puzzle {}: ", k + 1);
        let rest = head.strip_prefix(&prefix).expect(head);
        let (side, m) = rest.split_once(" to move, win in ").expect(head);
        let side = if side == "attackers" {
            Side::Attackers
        } else {
            assert_eq!(side, "defenders");
            Side::Defenders
        };
        let m: u32 = m.parse().unwrap();
        assert!((2..=3).contains(&m), "{head}");
        assert_eq!(lines.len(), 1 + variant.size + 1, "{b}");
        let board = lines[1..=variant.size].join("\n");
        let sol = lines[variant.size + 1]
            .strip_prefix("solution: ")
            .expect("a solution line");
        let g = Game::from_diagram(&variant, &board, side).unwrap();
        // The line is legal, alternates from the side to move, and wins.
        let actions: Vec<Action> = sol
            .split_whitespace()
            .map(|s| Action::parse(s).unwrap())
            .collect();
        assert_eq!(actions.len() as u32, 2 * m - 1, "{b}");
        let mut r = g.clone();
        for a in &actions {
            assert!(!r.result().is_over(), "{b}");
            let Action::Move(mv) = a else { panic!("pass") };
            r.play(*mv).unwrap();
        }
        assert_eq!(r.result().to_string(), format!("{side} win"), "{b}");
        // Shortest win and unique first move. The board alone (without
        // the game's history) is what a reader sees.
        let mut s = Solver::exact();
        assert_eq!(s.shortest_win(&g, 3), Some(Some(m)), "{b}");
        assert_eq!(s.winning_moves(&g, m), Some(vec![actions[0]]), "{b}");
    }
}

/// A club setting puzzles with the command gets a mix, as a kit's page
/// does (issue 22): Magpie's games between equal computers end with the
/// king escaping, and its default set was the defenders' alone until
/// the command played careful defenders (a second or two of CPU).
#[test]
fn puzzles_give_both_sides_and_both_lengths() {
    let o = taflkit(&["puzzles", "magpie"], "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let heads: Vec<&str> = out.lines().filter(|l| l.starts_with("puzzle ")).collect();
    assert_eq!(heads.len(), 5, "{out}");
    for kind in [
        "attackers to move",
        "defenders to move",
        "win in 2",
        "win in 3",
    ] {
        assert!(heads.iter().any(|h| h.contains(kind)), "no {kind}: {out}");
    }
}

#[test]
fn puzzles_reject_a_bad_count() {
    let o = taflkit(&["puzzles", "tafel", "--count", "0"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("--count"), "{}", text(&o.stderr));
}

#[test]
fn play_against_the_computer_from_a_script() {
    // The computer has the attackers, who move first: its move comes
    // before any input is read; then one human move, one reply.
    let args = [
        "play",
        "sea-battle-9",
        "--computer",
        "attackers",
        "--depth",
        "2",
    ];
    let o = taflkit(&args, "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1 + 9 + 1, "{out}");
    assert_eq!(lines[10], "result: ongoing");
    let first = lines[0];
    // The same position again with `play` and the computer's move.
    let p = taflkit(&["play", "sea-battle-9", first], "");
    assert!(p.status.success(), "{first}: {}", text(&p.stderr));
    assert_eq!(text(&p.stdout), lines[1..].join("\n") + "\n");
    // A human reply: a legal defenders' move after the computer's.
    let variant = rules::builtin("sea-battle-9").unwrap();
    let mut g = Game::new(&variant);
    g.play(rules::Move::parse(first).unwrap()).unwrap();
    let human = g.legal_moves()[0].to_string();
    let o = taflkit(&args, &format!("{human}\n"));
    let out2 = text(&o.stdout);
    let l2: Vec<&str> = out2.lines().collect();
    assert_eq!(l2[0], first, "deterministic with --depth");
    let reply = l2[1];
    let p = taflkit(&["play", "sea-battle-9", first, &human, reply], "");
    assert!(p.status.success(), "{}", text(&p.stderr));
    assert_eq!(text(&p.stdout), l2[2..].join("\n") + "\n");
}

#[test]
fn an_illegal_move_from_the_script_names_its_line() {
    let o = taflkit(
        &[
            "play",
            "sea-battle-9",
            "--computer",
            "defenders",
            "--nodes",
            "500",
        ],
        "\na1-a9\n",
    );
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.contains("<stdin>:2"), "{err}");
    assert!(err.contains("illegal move a1-a9"), "{err}");
}

#[test]
fn a_match_prints_each_game_and_a_summary() {
    let args = [
        "match",
        "sea-battle-9",
        "--attackers",
        "greedy",
        "--defenders",
        "random",
        "--games",
        "4",
        "--seed",
        "3",
    ];
    let o = taflkit(&args, "");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert_eq!(out, text(&taflkit(&args, "").stdout), "deterministic");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    for (i, l) in lines[..4].iter().enumerate() {
        assert!(l.starts_with(&format!("game {}: ", i + 1)), "{l}");
        assert!(l.ends_with(" moves"), "{l}");
    }
    let summary = lines[4];
    let nums: Vec<u32> = summary
        .split(|c: char| !c.is_ascii_digit() && c != '.')
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(summary.starts_with("attackers "), "{summary}");
    assert!(summary.contains("average length"), "{summary}");
    assert_eq!(nums[0] + nums[1] + nums[2], 4, "{summary}");
}

#[test]
fn the_computer_beats_random_play() {
    // Not a strength test (that is `match` at 100 ms, in the README): a
    // small node budget must already win every game against random moves.
    for side in ["attackers", "defenders"] {
        let other = if side == "attackers" {
            "--defenders"
        } else {
            "--attackers"
        };
        let o = taflkit(
            &[
                "match",
                "sea-battle-9",
                &format!("--{side}"),
                "computer",
                other,
                "random",
                "--games",
                "4",
                "--nodes",
                "2000",
            ],
            "",
        );
        let out = text(&o.stdout);
        let summary = out.lines().last().unwrap();
        assert!(summary.contains(&format!("{side} 4,")), "{side}: {out}");
    }
}
