//! `taflkit solve` against the known positions of `tests/solve/*.case`
//! (wins and near-misses argued from the rules, and the two puzzles once
//! printed that were no wins, published puzzles under their own OTN
//! rules), and on bad input.

use crate::common;
use crate::solver::{Case, all_cases};

fn side(c: &Case) -> String {
    c.to_move.map_or("attackers".into(), |s| s.to_string())
}

/// `solve` on the case's position with `--moves n`: its output.
fn solve(c: &Case, dir: &std::path::Path, n: u32) -> Result<String, String> {
    let pos = common::file(dir, "pos.txt", c.board.join("\n") + "\n");
    // A published puzzle's own rules: an OTN rules file, which `solve`
    // reads as it reads a variant file.
    let variant = match &c.rules {
        Some(otn) => common::file(dir, "rules.otn", otn),
        None => c.variant.clone(),
    };
    let n = n.to_string();
    let mut args = vec![
        "solve",
        &variant,
        "--from",
        &pos,
        "--to-move",
        "x",
        "--moves",
        &n,
    ];
    let s = side(c);
    args[5] = &s;
    for o in &c.options {
        args.extend(["--option", o]);
    }
    let out = common::taflkit(&args);
    if out.status.code() != Some(0) {
        return Err(format!(
            "exit {:?}: {}",
            out.status.code(),
            common::stderr(&out)
        ));
    }
    Ok(common::stdout(&out))
}

fn check(c: &Case, dir: &std::path::Path) -> Result<(), String> {
    let who = side(c);
    if let Some(n) = c.win_in {
        let out = solve(c, dir, n)?;
        let first = out.lines().next().unwrap_or_default();
        if first != format!("win in {n} for {who}") {
            return Err(format!("--moves {n}: {first:?}"));
        }
        // The line the answer prints names the winner's first move.
        let line = out.lines().nth(1).unwrap_or_default();
        if let Some(want) = &c.winning_first {
            let opening = line.trim_start_matches("line: ").split([' ', ',']).next();
            if !want.iter().any(|w| Some(w.as_str()) == opening) {
                return Err(format!("line {line:?}, expected a start in {want:?}"));
            }
        }
        if n > 1 {
            let out = solve(c, dir, n - 1)?;
            let want = format!("no forced win in {} for {who}\n", n - 1);
            if out != want {
                return Err(format!("--moves {}: {out:?}", n - 1));
            }
        }
    }
    if let Some(n) = c.no_win_in {
        let out = solve(c, dir, n)?;
        if out != format!("no forced win in {n} for {who}\n") {
            return Err(format!("--moves {n}: {out:?}"));
        }
    }
    Ok(())
}

#[test]
fn solve_proves_and_refutes_the_known_positions() {
    let dir = tempfile::tempdir().unwrap();
    let cases = all_cases();
    let regressions = cases
        .iter()
        .filter(|c| c.title.contains("regression"))
        .count();
    assert!(regressions >= 2, "the two bad puzzles are kept");
    let mut failures = Vec::new();
    for c in &cases {
        if let Err(e) = check(c, dir.path()) {
            failures.push(format!("{} {}: {e}", c.at, c.title));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn solve_refuses_bad_input_with_status_1() {
    let dir = tempfile::tempdir().unwrap();
    let empty = ". . . . . . .\n";
    let good = common::file(
        dir.path(),
        "good.txt",
        empty.repeat(3) + ". . . K . . .\n" + &empty.repeat(3),
    );
    let bad = common::file(dir.path(), "bad.txt", ". . .\n. K .\n");
    // The file, then the extra arguments, and what the message must name.
    let cases: [(&str, &[&str], &str); 5] = [
        (&bad, &[], "bad.txt"),
        (&good, &["--moves", "0"], "--moves"),
        (&good, &["--moves", "5"], "--moves"),
        (&good, &["--option", "nope"], "--option"),
        ("missing.txt", &[], "missing.txt"),
    ];
    for (file, extra, names) in cases {
        let mut args = vec![
            "solve",
            "brandubh",
            "--from",
            file,
            "--to-move",
            "defenders",
        ];
        args.extend_from_slice(extra);
        let out = common::taflkit(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            common::stderr(&out).contains(names),
            "{args:?}: {}",
            common::stderr(&out)
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// Brandubh's king on the throne with three attackers below it: no
/// corner (the escape squares) in one move, but d4-a4, d4-g4 or d4-d7
/// reaches an edge with a corner open on each side, and one attacker
/// move blocks only one of them (the king is taken by two on a line,
/// and no attacker stands next to it): a win in 2.
#[test]
fn solve_prints_the_line_and_the_tree() {
    let dir = tempfile::tempdir().unwrap();
    let pos = common::file(
        dir.path(),
        "pos.txt",
        ". . . . . . .\n".repeat(3) + ". . . K . . .\n" + &". . . A . . .\n".repeat(3),
    );
    let out = common::taflkit(&[
        "solve",
        "brandubh",
        "--from",
        &pos,
        "--to-move",
        "defenders",
        "--moves",
        "2",
    ]);
    let text = common::stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "win in 2 for defenders");
    let line: Vec<&str> = lines[1]
        .trim_start_matches("line: ")
        .split([' ', ','])
        .filter(|w| !w.is_empty())
        .collect();
    assert!(["d4-a4", "d4-g4", "d4-d7"].contains(&line[0]), "{line:?}");
    // The king's second move ends in a corner.
    let last = line.last().unwrap();
    assert!(
        ["a1", "a7", "g1", "g7"].iter().any(|c| last.ends_with(c)),
        "{line:?}"
    );
    assert!(lines.iter().any(|l| l.ends_with(" wins")), "{text}");
}
