//! Game records (`taflkit record`, `play --record`): real published games
//! (tests/records/README.md says where each comes from) replay to the end
//! their records state; a record with one move made illegal is refused
//! naming that move; the printed sheets hold the diagrams and moves the
//! record has; written records read back to the same game. Also
//! `solve --from` with an OpenTafl position.

use std::path::{Path, PathBuf};

use crate::common;
use taflkit::diagnostics::SourceFile;
use taflkit::kit::game_record::GameRecord;
use taflkit::layout::paper::Paper;
use taflkit::rules::record::replay::{Ending, Replayed};
use taflkit::rules::record::{Record, read, replay, rules};
use taflkit::rules::{GameResult, Side, Variant, WinReason};

fn record_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records")
        .join(name)
}

fn text_of(name: &str) -> String {
    std::fs::read_to_string(record_path(name)).unwrap()
}

/// Reads a record and replays it by the rules it names.
fn replayed(name: &str) -> (Record, Variant, Replayed) {
    let text = text_of(name);
    let src = SourceFile {
        label: name,
        text: &text,
    };
    let rec = read::read(name, &text).unwrap_or_else(|f| panic!("{name}: {f}"));
    let (variant, _) = rules::rules_of(&rec, src)
        .unwrap()
        .expect("names its rules");
    let game = replay::replay(&variant, &rec, src).unwrap_or_else(|f| panic!("{name}: {f}"));
    (rec, variant, game)
}

/// The last turn number and the moves of the main line, counted from the
/// published text: the lines that start `N. `.
fn main_line(name: &str) -> (u32, usize) {
    let mut last = 0;
    let mut moves = 0;
    for line in text_of(name).lines() {
        let mut words = line.split_whitespace();
        let Some(n) = words.next().and_then(|w| w.strip_suffix('.')) else {
            continue;
        };
        let Ok(n) = n.parse::<u32>() else { continue };
        last = n;
        moves += words
            .filter(|w| w.contains('-') && !w.ends_with("-0") && !w.starts_with("0-"))
            .count();
    }
    (last, moves)
}

#[test]
fn real_games_replay_to_the_results_their_records_state() {
    // (file, the winner its result tag or closing result names, and the
    // end its record shows: the king's escape or capture, else a
    // resignation)
    let cases = [
        (
            "fish-nasa-2015-fetlar.otg",
            Ending::Rules(GameResult::Win {
                winner: Side::Defenders,
                reason: WinReason::KingEscaped,
            }),
        ),
        (
            "hull-2017-lonsdale-vinegrad.pgn",
            Ending::Rules(GameResult::Win {
                winner: Side::Attackers,
                reason: WinReason::KingCaptured,
            }),
        ),
        (
            "animals-xerxes-brandub-2015.otg",
            Ending::Conceded(Side::Defenders),
        ),
        (
            "lonsdale-piirsoo-tablut-2015.otg",
            Ending::Conceded(Side::Attackers),
        ),
        (
            "millar-schachus-copenhagen-2015.otg",
            Ending::Conceded(Side::Defenders),
        ),
    ];
    for (name, end) in cases {
        let (rec, _, game) = replayed(name);
        assert_eq!(game.ending, end, "{name}");
        let (turns, moves) = main_line(name);
        assert_eq!(rec.turns(), turns, "{name}: variations are not the game");
        assert_eq!(game.plies.len(), moves, "{name}");
        // Every capture the record writes down is the engine's.
        for (m, p) in rec.moves.iter().zip(&game.plies) {
            if let Some(said) = m.captures.as_ref().filter(|s| !s.is_empty()) {
                assert_eq!(said, &p.captured, "{name}: {}", m.number());
            }
        }
    }
}

#[test]
fn the_rules_a_record_names_are_read() {
    // The PGN record's Variant tag names the built-in.
    let (_, v, _) = replayed("hull-2017-lonsdale-vinegrad.pgn");
    assert_eq!(v.id, "tablut");
    // OpenTafl's rules string: defenders first in this Fetlar game.
    let (_, v, game) = replayed("fish-nasa-2015-fetlar.otg");
    assert_eq!(v.size, 11);
    assert_eq!(game.first, Side::Defenders);
    assert_eq!(game.plies[0].side, Side::Defenders);
}

/// Runs `taflkit record` in `dir` on a copy of `name` with `edit` applied.
fn record_edited(
    dir: &Path,
    name: &str,
    edit: (&str, &str),
    args: &[&str],
) -> std::process::Output {
    let text = text_of(name);
    assert!(text.contains(edit.0), "{name} has {}", edit.0);
    let path = common::file(dir, name, text.replacen(edit.0, edit.1, 1));
    let mut all = vec!["record", path.as_str()];
    all.extend_from_slice(args);
    common::bin()
        .args(&all)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", "/nonexistent/taflkit-tests")
        .output()
        .unwrap()
}

#[test]
fn a_record_with_an_illegal_move_is_refused_naming_its_number() {
    let dir = tempfile::tempdir().unwrap();
    // PGN: move 12's first move made to run through a piece.
    let o = record_edited(
        dir.path(),
        "hull-2017-lonsdale-vinegrad.pgn",
        ("12. I5-G5xF5", "12. I5-A5"),
        &["-o", "out.pdf"],
    );
    let err = common::stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let line = text_of("hull-2017-lonsdale-vinegrad.pgn")
        .lines()
        .position(|l| l.starts_with("12. "))
        .unwrap()
        + 1;
    assert!(
        err.contains(&format!(
            ":{line}:5: error: move 12: illegal move i5-a5: blocked"
        )),
        "{err}"
    );
    assert!(!dir.path().join("out.pdf").exists(), "nothing written");
    // OTN: the defenders' reply of move 3 made to leave the board's squares.
    let o = record_edited(
        dir.path(),
        "fish-nasa-2015-fetlar.otg",
        ("3. h3-i3 h2-i2", "3. h3-i3 h2-a2"),
        &["--format", "otn"],
    );
    let err = common::stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error: move 3…: illegal move h2-a2: blocked"),
        "{err}"
    );
    assert!(common::stdout(&o).is_empty());
}

#[test]
fn a_capture_the_rules_do_not_make_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let o = record_edited(
        dir.path(),
        "hull-2017-lonsdale-vinegrad.pgn",
        ("D1-D3xC3", "D1-D3xC4"),
        &["--format", "pgn"],
    );
    let err = common::stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "move 5: d1-d3 is recorded as capturing c4, but under these rules it captures c3"
        ),
        "{err}"
    );
    // A stated result the game contradicts.
    let o = record_edited(
        dir.path(),
        "hull-2017-lonsdale-vinegrad.pgn",
        ("E7-E6xF6++ 1-0", "E7-E6xF6++ 0-1"),
        &["--format", "pgn"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        common::stderr(&o).contains("ends in attackers win"),
        "{}",
        common::stderr(&o)
    );
}

#[test]
fn the_sheets_hold_a_diagram_every_n_moves_and_the_records_moves() {
    let theme = taflkit::theme::Theme::viking();
    for name in [
        "fish-nasa-2015-fetlar.otg",
        "hull-2017-lonsdale-vinegrad.pgn",
    ] {
        let (rec, variant, game) = replayed(name);
        let turns = rec.turns();
        // The moves as the record writes them, in the kit's notation.
        let written: Vec<String> = rec
            .moves
            .iter()
            .zip(&game.plies)
            .map(|(m, p)| {
                let x = if p.captured.is_empty() { "" } else { "x" };
                assert_eq!(m.captures.is_some(), !x.is_empty(), "{name} {}", m.number());
                format!("{}{x}", m.mv)
            })
            .collect();
        for every in [1, 3, 5, 20] {
            let sheets = GameRecord::new(&variant, Paper::A4, &rec, &game, every);
            let doc = sheets.document(&theme);
            assert_eq!(
                sheets.diagrams().len() as u32,
                1 + turns.div_ceil(every),
                "{name}, every {every}"
            );
            let mut texts = Vec::new();
            for page in &doc.pages {
                common::texts(&page.items, &mut texts);
            }
            // Every diagram has its caption; the table's moves, read in
            // order, are the record's moves.
            let captions = texts
                .iter()
                .filter(|t| t.text == "The start" || t.text.starts_with("After move "))
                .count();
            assert_eq!(captions, sheets.diagrams().len(), "{name}, every {every}");
            let moves: Vec<String> = texts
                .iter()
                .filter(|t| {
                    let s = t.text.trim_end_matches('x');
                    s.split_once('-').is_some_and(|(a, b)| {
                        taflkit::rules::Square::parse(a).is_some()
                            && taflkit::rules::Square::parse(b).is_some()
                    })
                })
                .map(|t| t.text.clone())
                .collect();
            assert_eq!(moves, written, "{name}, every {every}");
            for t in &texts {
                assert!(
                    t.style.size.0 >= 7.0,
                    "{name}: {} at {:?}",
                    t.text,
                    t.style.size
                );
            }
        }
    }
}

/// `taflkit ARGS` in `dir`, with no settings file and no paper or
/// language from the environment (the default file names hold them).
fn run_in(dir: &Path, args: &[&str]) -> std::process::Output {
    common::bin()
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", "/nonexistent/taflkit-tests")
        .env_remove("TAFLKIT_PAPER")
        .env_remove("TAFLKIT_LANG")
        .output()
        .unwrap()
}

#[test]
fn record_writes_a_pdf_and_normalised_records_read_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| run_in(dir.path(), args);
    let fish = record_path("fish-nasa-2015-fetlar.otg");
    let fish = fish.to_str().unwrap();
    let o = run(&["record", "auto", fish, "--every", "10"]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let pdf = std::fs::read(dir.path().join("fish-nasa-2015-fetlar-a4.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let again = run(&["record", "auto", fish, "--every", "10", "-o", "again.pdf"]);
    assert!(again.status.success());
    assert_eq!(
        std::fs::read(dir.path().join("again.pdf")).unwrap(),
        pdf,
        "same bytes"
    );
    for name in [
        "fish-nasa-2015-fetlar.otg",
        "hull-2017-lonsdale-vinegrad.pgn",
        "millar-schachus-copenhagen-2015.otg",
    ] {
        let (_, _, game) = replayed(name);
        for (format, ext) in [("otn", "otg"), ("pgn", "pgn")] {
            let path = record_path(name);
            let o = run(&["record", path.to_str().unwrap(), "--format", format]);
            assert!(o.status.success(), "{name}: {}", common::stderr(&o));
            let out = common::stdout(&o);
            let copy = common::file(dir.path(), &format!("copy.{ext}"), &out);
            let back = run(&["record", &copy, "--format", format]);
            assert!(
                back.status.success(),
                "{name} {format}: {}",
                common::stderr(&back)
            );
            assert_eq!(common::stdout(&back), out, "{name} {format}: a fixed point");
            let (_, _, again) = replayed_text(&copy);
            assert_eq!(again.boards, game.boards, "{name} {format}");
            assert_eq!(again.ending, game.ending, "{name} {format}");
        }
    }
}

fn replayed_text(path: &str) -> (Record, Variant, Replayed) {
    let text = std::fs::read_to_string(path).unwrap();
    let src = SourceFile {
        label: path,
        text: &text,
    };
    let rec = read::read(path, &text).unwrap();
    let (variant, _) = rules::rules_of(&rec, src).unwrap().unwrap();
    let game = replay::replay(&variant, &rec, src).unwrap();
    (rec, variant, game)
}

#[test]
fn record_refuses_what_it_cannot_replay() {
    let dir = tempfile::tempdir().unwrap();
    let no_rules = common::file(dir.path(), "bare.pgn", "1. e2-g2 e3-h3\n");
    let o = common::taflkit(&["record", &no_rules]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        common::stderr(&o).contains("names no rules"),
        "{}",
        common::stderr(&o)
    );
    // ...and the same moves with the variant named replay.
    let o = common::taflkit(&["record", "tablut", &no_rules, "--format", "pgn"]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let unknown = common::file(dir.path(), "u.pgn", "[Variant \"Chess\"]\n1. e2-e4\n");
    let o = common::taflkit(&["record", &unknown]);
    assert!(
        common::stderr(&o).contains("u.pgn:1:11: error: no built-in variant is called 'Chess'"),
        "{}",
        common::stderr(&o)
    );
    let o = common::taflkit(&["record", "tablut", &no_rules, "--every", "0"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(common::stderr(&o).contains("--every"));
}

#[test]
fn play_writes_the_game_as_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let moves = ["d1-c1", "d3-f3", "a4-a3", "d4-d3"];
    for ext in ["otg", "pgn"] {
        let path = dir.path().join(format!("game.{ext}"));
        let p = path.to_str().unwrap();
        let mut args = vec!["play", "brandubh"];
        args.extend(moves);
        args.extend(["--record", p]);
        let o = common::taflkit(&args);
        assert!(o.status.success(), "{}", common::stderr(&o));
        let (rec, v, game) = replayed_text(p);
        assert_eq!(
            v.id, "brandubh",
            "{ext}: a built-in's rules string is the built-in"
        );
        let played: Vec<String> = rec.moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(played, moves);
        // The record replays to the position `play` prints.
        let mut otn = args.clone();
        otn.truncate(args.len() - 2);
        otn.extend(["--format", "otn"]);
        let shown = common::stdout(&common::taflkit(&otn));
        let last = taflkit::rules::otn::position::write(
            game.boards.last().unwrap(),
            taflkit::rules::otn::Order::RankOneFirst,
        );
        assert_eq!(shown.lines().next(), Some(last.as_str()), "{ext}");
    }
    // An illegal move writes nothing; a folder is refused as a target.
    let bad = dir.path().join("bad.otg");
    let o = common::taflkit(&[
        "play",
        "brandubh",
        "d1-d3",
        "--record",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!bad.exists());
    let o = common::taflkit(&[
        "play",
        "brandubh",
        "d1-c1",
        "--record",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", common::stderr(&o));
}

#[test]
fn solve_reads_an_opentafl_position_as_it_reads_setup_notation() {
    let dir = tempfile::tempdir().unwrap();
    let moves = ["d1-c1", "d3-f3", "a4-a3", "d4-d3"];
    let mut both = Vec::new();
    for format in ["setup", "otn"] {
        let mut args = vec!["play", "brandubh"];
        args.extend(moves);
        args.extend(["--format", format]);
        let o = common::taflkit(&args);
        assert!(o.status.success());
        let pos = common::file(dir.path(), &format!("{format}.txt"), common::stdout(&o));
        let o = common::taflkit(&[
            "solve",
            "brandubh",
            "--from",
            &pos,
            "--to-move",
            "attackers",
            "--moves",
            "2",
        ]);
        assert!(o.status.success(), "{format}: {}", common::stderr(&o));
        both.push(common::stdout(&o));
    }
    assert!(
        common::stdout(&common::taflkit(&["play", "brandubh", "--format", "otn"])).starts_with('/')
    );
    assert_eq!(both[0], both[1], "the same position, the same answer");
}

/// The fill and stroke colours a PDF's pages set (`rg`, `RG`), as RGB.
fn pdf_colours(pdf: &[u8]) -> Vec<[f32; 3]> {
    let doc = lopdf::Document::load_mem(pdf).expect("lopdf reads the sheets");
    let mut out = Vec::new();
    for page in doc.get_pages().into_values() {
        let content = doc.get_page_content(page);
        let ops = lopdf::content::Content::decode(&content)
            .unwrap()
            .operations;
        for op in ops
            .iter()
            .filter(|o| o.operator == "rg" || o.operator == "RG")
        {
            let v: Vec<f32> = op.operands.iter().map(|o| o.as_float().unwrap()).collect();
            out.push([v[0], v[1], v[2]]);
        }
    }
    out
}

/// `record --mono` prints the sheets as a `--mono` kit prints its board:
/// in greys only (the colour sheets of the same game are not), and names
/// the file apart so the two never overwrite each other.
#[test]
fn record_sheets_honour_mono() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| run_in(dir.path(), args);
    let hull = record_path("hull-2017-lonsdale-vinegrad.pgn");
    let hull = hull.to_str().unwrap();
    for args in [vec!["record", hull], vec!["record", hull, "--mono"]] {
        let o = run(&args);
        assert!(o.status.success(), "{args:?}: {}", common::stderr(&o));
    }
    let colour = std::fs::read(dir.path().join("hull-2017-lonsdale-vinegrad-a4.pdf")).unwrap();
    let mono = std::fs::read(dir.path().join("hull-2017-lonsdale-vinegrad-a4-mono.pdf")).unwrap();
    let grey = |c: &[f32; 3]| (c[0] - c[1]).abs() < 1e-3 && (c[1] - c[2]).abs() < 1e-3;
    assert!(
        pdf_colours(&colour).iter().any(|c| !grey(c)),
        "the colour sheets have colour"
    );
    let colours = pdf_colours(&mono);
    assert!(!colours.is_empty(), "the sheets set colours");
    for c in &colours {
        assert!(grey(c), "{c:?} is not a grey");
    }
    // Text output has no colours to drop: the two options do not mix
    // (a usage error, as clap reports them).
    let o = run(&["record", hull, "--mono", "--format", "pgn"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        common::stderr(&o).contains("--mono"),
        "{}",
        common::stderr(&o)
    );
}
