//! Every move the docs and the help show is legal: each `taflkit play
//! VARIANT MOVE…` line of README.md, docs/*.md and `taflkit play --help`
//! is replayed through the engine (a `--from` file continues the line's
//! previous game), and a "moves like X" example after `--computer SIDE`
//! must be a legal first move of the other side.

use taflkit::rules::{self, Game, Move, Side};

use crate::common;

fn side(word: &str) -> Option<Side> {
    match word {
        "attackers" => Some(Side::Attackers),
        "defenders" => Some(Side::Defenders),
        _ => None,
    }
}

/// Checks one line; returns the problems, naming the line.
fn check_line(at: &str, line: &str) -> Vec<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut problems = Vec::new();
    let mut last: Option<Game> = None;
    for (i, w) in words.iter().enumerate() {
        if *w != "play" || i == 0 || !words[i - 1].ends_with("taflkit") {
            continue;
        }
        let Some(v) = words.get(i + 1).and_then(|id| rules::builtin(id)) else {
            continue;
        };
        // This command's words: up to the next `taflkit` on the line.
        let end = (i + 2..words.len())
            .find(|&j| words[j].ends_with("taflkit"))
            .unwrap_or(words.len());
        let rest = &words[i + 2..end];
        let mut game = Game::new(&v);
        if rest.contains(&"--from") {
            let to_move = rest.iter().position(|w| *w == "--to-move");
            let (Some(prev), Some(s)) = (
                &last,
                to_move.and_then(|t| rest.get(t + 1)).and_then(|s| side(s)),
            ) else {
                problems.push(format!(
                    "{at}: --from without an earlier game on the line: {line}"
                ));
                continue;
            };
            game = Game::from_board(&v, &prev.board(), s).unwrap();
        }
        if let Some(c) = rest.iter().position(|w| *w == "--computer")
            && let Some(s) = rest.get(c + 1).and_then(|s| side(s))
        {
            game = Game::from_board(&v, &v.setup, s.opponent()).unwrap();
        }
        let mut played = 0;
        for w in rest.iter().filter(|w| !w.starts_with("--")) {
            let Ok(mv) = Move::parse(w) else { continue };
            played += 1;
            if let Err(e) = game.play(mv) {
                problems.push(format!("{at}: {e}: {line}"));
                break;
            }
        }
        if played == 0 && !rest.contains(&"--computer") {
            continue;
        }
        last = Some(game);
    }
    problems
}

#[test]
fn every_move_the_docs_show_is_legal() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = vec![(
        "README.md".to_string(),
        std::fs::read_to_string(root.join("README.md")).unwrap(),
    )];
    for e in std::fs::read_dir(root.join("docs")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "md") {
            sources.push((
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            ));
        }
    }
    let help = common::taflkit(&["play", "--help"]);
    sources.push(("taflkit play --help".into(), common::stdout(&help)));
    let mut problems = Vec::new();
    let mut seen = 0;
    for (name, text) in &sources {
        for (n, line) in text.lines().enumerate() {
            if line.contains("taflkit play") {
                seen += 1;
                problems.extend(check_line(&format!("{name}:{}", n + 1), line));
            }
        }
    }
    assert!(seen >= 5, "found only {seen} play lines");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_check_catches_an_illegal_move() {
    // Brandubh's king stands on d4 with a defender on d5: d4-d6 is blocked.
    let p = check_line(
        "x",
        "taflkit play brandubh --computer attackers   # moves like d4-d6",
    );
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(check_line("x", "taflkit play york e1-e3 f4-i4").is_empty());
}
