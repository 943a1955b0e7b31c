//! `taflkit engine` as OpenTafl drives it: the protocol's messages in the
//! order its spec (`opentafl-engine-protocol.txt`) gives them, each reply
//! checked against the rules as the test's own game replays them, and a
//! whole game over the protocol against the built-in greedy player.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use taflkit::rules::otn::{Order, moves, position, read};
use taflkit::rules::players::{Kind, Player, apply};
use taflkit::rules::search::Limits;
use taflkit::rules::solver::{Action, winner};
use taflkit::rules::{Game, Side, Variant};

use crate::common;

/// Brandub as the notation spec writes it (its section 3 examples).
const BRANDUB: &str = "dim:7 ks:n cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

/// A running `taflkit engine`, its input, and its output lines.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = common::bin()
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("taflkit engine starts");
        let input = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, output) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Bytes as they are, line ending and all.
    fn send_raw(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).unwrap();
        self.input.flush().unwrap();
    }

    /// The next line the engine sends; a test fails rather than hangs.
    fn next(&self) -> String {
        let line = self
            .output
            .recv_timeout(Duration::from_secs(60))
            .expect("the engine answers within a minute");
        assert!(line.is_ascii(), "the protocol is US-ASCII: {line}");
        line
    }

    /// The next line that is not a `status` line.
    fn next_command(&self) -> String {
        loop {
            let l = self.next();
            if !l.starts_with("status ") {
                return l;
            }
        }
    }

    /// Says goodbye and checks the engine ends cleanly, saying nothing more.
    fn goodbye(mut self) {
        self.send("goodbye");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
        // Status lines of the last move may still be on their way.
        let rest: Vec<String> = self
            .output
            .try_iter()
            .filter(|l| !l.starts_with("status "))
            .collect();
        assert!(rest.is_empty(), "after goodbye: {rest:?}");
    }
}

fn variant(rules: &str) -> Variant {
    read::read("test", rules.as_bytes(), "test").unwrap().0
}

fn record(g: &Game) -> String {
    position::write(&g.board(), Order::RankOneFirst)
}

/// The move of a `move …` line, checked legal in `g` and played there.
fn play_reply(g: &mut Game, line: &str) -> String {
    let text = line
        .strip_prefix("move ")
        .unwrap_or_else(|| panic!("a move: {line}"));
    let m = moves::read(text).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(m.to_string(), text, "simple move notation: {line}");
    assert!(
        g.legal_moves().contains(&m),
        "{m} is legal in\n{}",
        g.diagram()
    );
    g.play(m).unwrap();
    text.to_string()
}

#[test]
fn a_scripted_session_is_answered_with_legal_moves() {
    let mut e = Engine::start(&["--nodes", "3000"]);
    assert_eq!(e.next(), "hello");
    let v = variant(BRANDUB);
    let mut g = Game::new(&v);
    e.send(&format!("rules {BRANDUB}"));
    e.send("play attackers");
    e.send("clock 300000 300000 0 0 0");
    play_reply(&mut g, &e.next_command());
    e.send(&format!("move {}", record(&g)));
    // The opponent (this test) answers with its first legal move.
    let reply = g.legal_moves()[0];
    g.play(reply).unwrap();
    e.send(&format!("opponent-move {reply} {}", record(&g)));
    e.send("play attackers");
    e.send("clock 299000 298000 0 0 0");
    play_reply(&mut g, &e.next_command());
    e.send(&format!("move {}", record(&g)));
    // Analysis of the defenders' position, as a replay viewer sets it up.
    e.send(&format!("position {}", record(&g)));
    e.send("side defenders");
    e.send("analyze 3 1");
    let a = e.next_command();
    let words: Vec<&str> = a.split(' ').collect();
    assert_eq!(words[0], "analysis", "{a}");
    let n: usize = words[1].parse().unwrap();
    assert!(n >= 1 && words.len() == 2 + 2 * n, "{a}");
    let first = moves::read(words[2].split('|').next().unwrap()).unwrap();
    assert!(g.legal_moves().contains(&first), "{a}");
    assert!(words[3].parse::<f64>().is_ok(), "{a}");
    e.send("finish 0");
    e.goodbye();
}

#[test]
fn rules_taflkit_cannot_play_are_a_critical_error_naming_the_rule() {
    let mut e = Engine::start(&[]);
    assert_eq!(e.next(), "hello");
    // The spec's own Berserk example: jumping kings and berserk moves.
    e.send("rules dim:11 surf:n atkf:n kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/");
    let l = e.next_command();
    assert!(l.starts_with("error -1 "), "{l}");
    assert!(l.contains("kj:r"), "{l}");
    // An overlong line is dropped with a non-critical error, and the
    // session goes on.
    e.send(&"x".repeat(20_000));
    assert!(e.next_command().starts_with("error 0 "));
    e.send(&format!("rules {BRANDUB}"));
    e.send("play attackers");
    let mut g = Game::new(&variant(BRANDUB));
    play_reply(&mut g, &e.next_command());
    e.goodbye();
}

/// The 8 KB line limit (`MAX_COMMAND_BYTES`): a command of exactly the
/// limit is read and obeyed; one byte more and it is dropped with the
/// protocol's non-critical error. Bytes that are not text, a NUL and
/// CRLF line endings are answered in the protocol too; the session goes
/// on after each.
#[test]
fn the_line_limit_and_bad_bytes_are_answered_in_the_protocol() {
    use taflkit::cli::otep::MAX_COMMAND_BYTES;
    let mut e = Engine::start(&["--nodes", "2000"]);
    assert_eq!(e.next(), "hello");
    let rules = format!("rules {BRANDUB}");
    // Padding after the rules string is whitespace, which OTN allows.
    let exact = format!("{rules}{}", " ".repeat(MAX_COMMAND_BYTES - rules.len()));
    assert_eq!(exact.len(), MAX_COMMAND_BYTES);
    e.send(&exact);
    e.send("play attackers");
    let mut g = Game::new(&variant(BRANDUB));
    play_reply(&mut g, &e.next_command());
    e.send(&format!("{exact} "));
    let l = e.next_command();
    assert!(l.starts_with("error 0 ") && l.contains("8192"), "{l}");
    e.send_raw(b"rules \xff\xfe\n");
    let l = e.next_command();
    assert!(l.starts_with("error 0 ") && l.contains("not text"), "{l}");
    e.send_raw(b"\0\n");
    assert!(e.next_command().starts_with("error 0 "));
    // CRLF endings, as a Windows host writes them: the rules are read
    // afresh and the game starts again.
    e.send_raw(format!("{rules}\r\nplay attackers\r\n").as_bytes());
    let mut g = Game::new(&variant(BRANDUB));
    play_reply(&mut g, &e.next_command());
    e.goodbye();
}

/// Input that cannot be read at all (standard input a folder) is said as
/// a critical protocol error before the engine leaves with status 1; the
/// end of the input without `goodbye` is a clean exit.
#[test]
fn unreadable_input_is_a_critical_protocol_error_and_the_end_a_clean_exit() {
    let dir = tempfile::tempdir().unwrap();
    let o = common::bin()
        .arg("engine")
        .stdin(std::fs::File::open(dir.path()).unwrap())
        .output()
        .unwrap();
    let out = common::stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "hello");
    assert!(lines[1].starts_with("error -1 "), "{out}");
    assert_eq!(o.status.code(), Some(1));
    let o = common::bin()
        .arg("engine")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert_eq!(common::stdout(&o), "hello\n");
}

/// Plays one game: the engine for `engine_side`, greedy for the other,
/// OpenTafl's messages in between. The test's game is the referee.
fn match_game(engine_side: Side, seed: u64) -> (Game, usize) {
    let v = variant(BRANDUB);
    let mut g = Game::new(&v);
    let mut greedy = Player::new(Kind::Greedy, Limits::default(), seed);
    let mut e = Engine::start(&["--nodes", "2000"]);
    assert_eq!(e.next(), "hello");
    e.send(&format!("rules {BRANDUB}"));
    let mut plies = 0;
    while !g.result().is_over() && plies < 300 {
        if g.to_move() == engine_side {
            e.send(&format!("play {engine_side}"));
            play_reply(&mut g, &e.next_command());
            e.send(&format!("move {}", record(&g)));
        } else {
            let Some(a) = greedy.choose(&g) else { break };
            apply(&mut g, a).unwrap();
            let Action::Move(m) = a else {
                panic!("no berserker turns in Brandub")
            };
            e.send(&format!("opponent-move {m} {}", record(&g)));
        }
        plies += 1;
    }
    let code = match winner(g.result()) {
        Some(Side::Attackers) => 2,
        Some(Side::Defenders) => 3,
        None if g.result().is_over() => 1,
        None => 0,
    };
    e.send(&format!("finish {code}"));
    e.goodbye();
    (g, plies)
}

#[test]
fn a_match_over_the_protocol_against_greedy_completes() {
    for (side, seed) in [(Side::Attackers, 1), (Side::Defenders, 2)] {
        let (g, plies) = match_game(side, seed);
        assert!(
            g.result().is_over(),
            "{side}: still going after {plies} plies\n{}",
            g.diagram()
        );
        // A searching player against one that only looks one move ahead
        // does not lose.
        assert_ne!(
            winner(g.result()),
            Some(side.opponent()),
            "{side}: {}",
            g.result()
        );
    }
}
