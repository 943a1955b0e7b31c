//! Rule cases as data: every `tests/rules/*.txt` file holds cases in a
//! small text format, read and checked here by one runner.
//!
//! ```text
//! case: a double capture            # starts a case; its title
//! variant: sea-battle-9             # built-in id
//! size: 7                           # optional: a smaller board of the same rules
//! options: berserker shield-wall    # optional: optional rules switched on
//! turn-limit: 2                     # optional: skilled play's limit
//! to-move: attackers                # whose turn it is in the board below
//! board:                            # `size` rows of setup notation
//! . . . . . . .
//! ...
//! moves: d1-d4 c5-c4                # played in order ("pass" ends a berserker turn)
//! illegal: d4-d7 blocked            # optional: this next move is refused, and the
//!                                   #   reason contains the words after it
//! captured: c4 e4                   # optional: squares taken by the last move
//! continues: yes                    # optional: the last move's turn_continues
//! legal: d4-d5 d4-d6                # optional: these moves are legal now
//! not-legal: d4-d7                  # optional: these are not
//! expect:                           # optional: the board afterwards
//! ...
//! result: attackers win (encircled) # ongoing | SIDE win (REASON)
//! ```
//!
//! Reasons: escaped, captured, encircled, no-legal-move, repetition,
//! draw-fort, turn-limit. Lines starting with `#` are comments.

use std::fs;
use std::path::Path;

use taflkit::rules::{self, DrawReason, Game, GameResult, Move, OptionalRule, Side, WinReason};

#[derive(Default, Debug)]
struct Case {
    file: String,
    line: usize,
    title: String,
    variant: String,
    size: Option<usize>,
    options: Vec<String>,
    turn_limit: Option<u32>,
    to_move: Option<Side>,
    board: Vec<String>,
    moves: Vec<String>,
    illegal: Option<(String, String)>,
    captured: Option<Vec<String>>,
    continues: Option<bool>,
    legal: Vec<String>,
    not_legal: Vec<String>,
    expect: Vec<String>,
    result: Option<String>,
}

fn parse_cases(file: &str, text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim();
        i += 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .unwrap_or_else(|| panic!("{file}:{i}: expected 'key: value', got '{line}'"));
        let value = value.trim();
        if key == "case" {
            cases.push(Case {
                file: file.to_string(),
                line: i,
                title: value.to_string(),
                ..Case::default()
            });
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("{file}:{i}: '{key}' before the first 'case:'"));
        let words = || {
            value
                .split_whitespace()
                .map(String::from)
                .collect::<Vec<_>>()
        };
        match key {
            "variant" => case.variant = value.to_string(),
            "size" => case.size = Some(value.parse().expect("size is a number")),
            "options" => case.options = words(),
            "turn-limit" => case.turn_limit = Some(value.parse().expect("turn-limit is a number")),
            "to-move" => {
                case.to_move = Some(match value {
                    "attackers" => Side::Attackers,
                    "defenders" => Side::Defenders,
                    _ => panic!("{file}:{i}: to-move is attackers or defenders"),
                })
            }
            "board" | "expect" => {
                let mut rows = Vec::new();
                while i < lines.len() {
                    let l = lines[i].trim();
                    if l.is_empty() || l.contains(':') || l.starts_with('#') {
                        break;
                    }
                    rows.push(l.to_string());
                    i += 1;
                }
                if key == "board" {
                    case.board = rows;
                } else {
                    case.expect = rows;
                }
            }
            "moves" => case.moves = words(),
            "illegal" => {
                let (mv, why) = value.split_once(' ').unwrap_or((value, ""));
                case.illegal = Some((mv.to_string(), why.trim().to_string()));
            }
            "captured" => case.captured = Some(words()),
            "continues" => case.continues = Some(value == "yes"),
            "legal" => case.legal = words(),
            "not-legal" => case.not_legal = words(),
            "result" => case.result = Some(value.to_string()),
            _ => panic!("{file}:{i}: unknown key '{key}'"),
        }
    }
    cases
}

fn result_text(r: GameResult) -> String {
    match r {
        GameResult::Ongoing => "ongoing".into(),
        GameResult::Win { winner, reason } => {
            let why = match reason {
                WinReason::KingEscaped => "escaped",
                WinReason::KingCaptured => "captured",
                WinReason::Encircled => "encircled",
                WinReason::NoLegalMove => "no-legal-move",
                WinReason::Repetition => "repetition",
                WinReason::DrawFort => "draw-fort",
                WinReason::TurnLimit => "turn-limit",
                WinReason::EdgeFort => "edge-fort",
            };
            format!("{winner} win ({why})")
        }
        GameResult::Draw { reason } => {
            let why = match reason {
                DrawReason::Repetition => "repetition",
                DrawReason::NoLegalMove => "no-legal-move",
            };
            format!("draw ({why})")
        }
    }
}

fn normalise(rows: &[String]) -> String {
    rows.iter()
        .map(|r| r.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs one case; `Err` says what differed.
fn run(case: &Case) -> Result<(), String> {
    let mut variant =
        rules::builtin(&case.variant).ok_or_else(|| format!("no variant '{}'", case.variant))?;
    if let Some(n) = case.size {
        variant.size = n;
    }
    for o in &case.options {
        let opt = variant
            .options
            .iter_mut()
            .find(|x| &x.id == o)
            .ok_or_else(|| format!("variant has no option '{o}'"))?;
        opt.enabled = true;
        if let (Some(n), OptionalRule::SkilledPlay { turn_limit }) =
            (case.turn_limit, &mut opt.rule)
        {
            *turn_limit = n;
        }
    }
    let to_move = case.to_move.unwrap_or(variant.first);
    let mut game = Game::from_diagram(&variant, &case.board.join("\n"), to_move)?;
    let mut last = None;
    for m in &case.moves {
        if m == "pass" {
            game.end_turn().map_err(|e| e.to_string())?;
            continue;
        }
        let mv = Move::parse(m)?;
        last = Some(game.play(mv).map_err(|e| e.to_string())?);
    }
    if let Some((m, why)) = &case.illegal {
        let mv = Move::parse(m)?;
        let mut copy = game.clone();
        match copy.play(mv) {
            Ok(_) => return Err(format!("{m} was allowed, expected it refused ({why})")),
            Err(e) => {
                if !e.reason.to_string().contains(why.as_str()) {
                    return Err(format!("{m} refused with '{}', expected '{why}'", e.reason));
                }
            }
        }
        if game.legal_moves().contains(&mv) {
            return Err(format!("{m} refused by play but listed in legal_moves"));
        }
    }
    if let Some(expected) = &case.captured {
        let report = last.as_ref().ok_or("captured: needs a move")?;
        let got: Vec<String> = report.captured.iter().map(|s| s.to_string()).collect();
        let mut want = expected.clone();
        want.sort();
        let mut got_sorted = got.clone();
        got_sorted.sort();
        if want != got_sorted {
            return Err(format!("captured {got:?}, expected {expected:?}"));
        }
    }
    if let Some(c) = case.continues {
        let report = last.as_ref().ok_or("continues: needs a move")?;
        if report.turn_continues != c {
            return Err(format!("turn_continues is {}", report.turn_continues));
        }
    }
    let legal = game.legal_moves();
    for m in &case.legal {
        if !legal.contains(&Move::parse(m)?) {
            return Err(format!("{m} should be legal"));
        }
    }
    for m in &case.not_legal {
        if legal.contains(&Move::parse(m)?) {
            return Err(format!("{m} should not be legal"));
        }
    }
    if !case.expect.is_empty() {
        let got = game.diagram();
        let got = got.trim_end();
        let want = normalise(&case.expect);
        if got != want {
            return Err(format!("board:\n{got}\nexpected:\n{want}"));
        }
    }
    if let Some(r) = &case.result {
        let got = result_text(game.result());
        if &got != r {
            return Err(format!("result '{got}', expected '{r}'"));
        }
    }
    Ok(())
}

#[test]
fn rule_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("tests/rules exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = fs::read_to_string(&path).expect("readable");
        for case in parse_cases(&name, &text) {
            count += 1;
            if let Err(e) = run(&case) {
                failures.push(format!("{}:{}: {}: {e}", case.file, case.line, case.title));
            }
        }
    }
    assert!(count >= 30, "only {count} rule cases found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
