//! `play VARIANT --computer SIDE`: a game against the computer. With a
//! terminal on standard input it is interactive (a board with
//! coordinates, moves typed in the usual notation, illegal moves
//! explained, `undo`); without one it is a script's opponent: the human's
//! moves one per line on standard input, the computer's replies one per
//! line on standard output, then the final position and `result:` as
//! `play` prints them.

use std::io::IsTerminal;

use super::lines::Lines;

use super::args::{PlayArgs, ThinkArgs};
use crate::diagnostics::{Diagnostic, Failure};
use crate::rules::players::{Player, apply};
use crate::rules::search::Limits;
use crate::rules::solver::{Action, winner};
use crate::rules::{Game, GameResult, Piece, Side, Variant};
use crate::theme::{Names, Theme};

/// The limits `--think-ms`, `--nodes` and `--depth` ask for; only
/// `default_ms` when none is given.
pub fn limits(t: &ThinkArgs, default_ms: u64) -> Result<Limits, Failure> {
    if let Some(ms) = t.think_ms
        && !(1..=600_000).contains(&ms)
    {
        return Err(Failure::option(
            "--think-ms",
            format!("{ms} ms: give 1 to 600000 milliseconds"),
        ));
    }
    if t.nodes == Some(0) {
        return Err(Failure::option("--nodes", "give at least 1 position"));
    }
    if let Some(d) = t.depth
        && !(1..=30).contains(&d)
    {
        return Err(Failure::option(
            "--depth",
            format!("depth {d}: give 1 to 30 moves"),
        ));
    }
    let mut l = Limits {
        time: t.think_ms.map(std::time::Duration::from_millis),
        nodes: t.nodes,
        depth: t.depth,
    };
    if l == Limits::default() {
        l = Limits::time_ms(default_ms);
    }
    Ok(l)
}

pub fn session(a: &PlayArgs, variant: &Variant, game: Game, computer: Side) -> Result<(), Failure> {
    let limits = limits(&a.think, 1000)?;
    let names = match &a.theme {
        Some(t) => Theme::load(t)?.names,
        None => Theme::viking().names,
    };
    let player = Player::steady_computer(limits);
    if std::io::stdin().is_terminal() {
        interactive(variant, game, computer, player, &names)
    } else {
        script(game, computer, player)
    }
}

/// The computer's whole turn (several actions in a berserker turn).
fn computer_turn(game: &mut Game, player: &mut Player, computer: Side) -> Vec<Action> {
    let mut played = Vec::new();
    while !game.result().is_over() && game.to_move() == computer {
        let Some(act) = player.choose(game) else {
            break;
        };
        if apply(game, act).is_err() {
            break;
        }
        played.push(act);
    }
    played
}

fn script(mut game: Game, computer: Side, mut player: Player) -> Result<(), Failure> {
    let stdin = std::io::stdin();
    let mut lines = Lines::new(stdin.lock());
    let mut line_no = 0;
    while !game.result().is_over() {
        if game.to_move() == computer {
            for act in computer_turn(&mut game, &mut player, computer) {
                crate::outln!("{act}");
            }
            continue;
        }
        line_no += 1;
        let at = format!("<stdin>:{line_no}");
        let line = lines
            .next_line()
            .map_err(|e| Failure::new(Diagnostic::error(&at, e.to_string())))?;
        let Some(line) = line else {
            break;
        };
        let line = line
            .text()
            .map_err(|m| Failure::new(Diagnostic::error(&at, m)))?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let act = Action::parse(text).map_err(|m| Failure::new(Diagnostic::error(&at, m)))?;
        apply(&mut game, act).map_err(|m| Failure::new(Diagnostic::error(&at, m)))?;
    }
    crate::out!("{}", game.diagram());
    crate::outln!("result: {}", game.result());
    Ok(())
}

/// A side's name as the theme prints it (the command line speaks
/// English).
fn side_name(names: &Names, s: Side) -> String {
    let grammar = &crate::words::Lang::english().words().grammar;
    match s {
        Side::Attackers => grammar.definite_many(&names.attackers, None),
        Side::Defenders => grammar.definite_many(&names.defenders, None),
    }
}

/// The board with file letters and rank numbers around it.
pub fn board_text(game: &Game) -> String {
    let n = game.size();
    let letters: String = (0..n)
        .map(|f| format!(" {}", (b'a' + f as u8) as char))
        .collect();
    let mut s = format!("   {letters}\n");
    for (row, cells) in game.board().iter().enumerate() {
        let rank = n - row;
        s.push_str(&format!("{rank:>3}"));
        for c in cells {
            s.push(' ');
            s.push(c.map_or('.', Piece::symbol));
        }
        s.push_str(&format!("  {rank}\n"));
    }
    s.push_str(&format!("   {letters}\n"));
    s
}

fn describe_result(r: GameResult, names: &Names, human: Side) -> String {
    match (winner(r), r) {
        (Some(w), GameResult::Win { reason, .. }) => {
            let who = if w == human {
                "You win"
            } else {
                "The computer wins"
            };
            format!(
                "{who}: {} win ({}).",
                side_name(names, w),
                reason.describe()
            )
        }
        _ => format!("Result: {r}."),
    }
}

/// A move `side` may make from the variant's start, to show how moves are
/// typed (a fixed `e1-e4` is illegal in most variants).
pub fn example_move(variant: &Variant, side: Side) -> String {
    Game::from_board(variant, &variant.setup, side)
        .ok()
        .and_then(|g| g.legal_moves().into_iter().next())
        .map_or_else(|| "e1-e4".to_string(), |m| m.to_string())
}

fn interactive(
    variant: &Variant,
    mut game: Game,
    computer: Side,
    mut player: Player,
    names: &Names,
) -> Result<(), Failure> {
    let human = computer.opponent();
    crate::outln!(
        "{}. You play {}; the computer plays {}.",
        variant.name,
        side_name(names, human),
        side_name(names, computer)
    );
    crate::outln!(
        "A is {}, D {}, K the {}. Type a move like {}, 'undo', 'moves', 'help' or 'quit'.",
        names.attacker.many,
        names.defender.many,
        names.king.one,
        example_move(variant, human)
    );
    // Positions at the start of each of the human's turns, for undo.
    let mut turns: Vec<Game> = Vec::new();
    let stdin = std::io::stdin();
    let mut input = Lines::new(stdin.lock());
    loop {
        if game.to_move() == computer && !game.result().is_over() {
            let played = computer_turn(&mut game, &mut player, computer);
            let shown: Vec<String> = played.iter().map(|a| a.to_string()).collect();
            crate::outln!("computer: {}", shown.join(" "));
        }
        crate::out!("\n{}", board_text(&game));
        if game.result().is_over() {
            crate::outln!("{}", describe_result(game.result(), names, human));
            return Ok(());
        }
        if game.to_move() == human && turns.last().is_none_or(|t| t.hash() != game.hash()) {
            turns.push(game.clone());
        }
        loop {
            crate::out!("your move ({}): ", side_name(names, human));
            let Ok(Some(line)) = input.next_line() else {
                crate::outln!();
                return Ok(());
            };
            let line = match line.text() {
                Ok(l) => l,
                Err(m) => {
                    crate::outln!("{m}");
                    continue;
                }
            };
            let text = line.trim();
            match text {
                "" => continue,
                "quit" | "exit" => return Ok(()),
                "help" => {
                    crate::outln!(
                        "Moves go along a row or column: e1-e4 moves the piece on e1 to e4. \
                         'pass' ends a berserker turn. 'undo' takes back your last move and \
                         the computer's reply. 'moves' lists your legal moves."
                    );
                    continue;
                }
                "moves" => {
                    let ms: Vec<String> =
                        game.legal_moves().iter().map(|m| m.to_string()).collect();
                    crate::outln!("{}", ms.join(" "));
                    continue;
                }
                "undo" => {
                    // Back to the start of the human's previous turn.
                    if turns.len() >= 2 {
                        turns.pop();
                        game = turns.last().expect("two were there").clone();
                        crate::out!("\n{}", board_text(&game));
                    } else {
                        crate::outln!("nothing to undo");
                    }
                    continue;
                }
                _ => {}
            }
            let act = match Action::parse(text) {
                Ok(a) => a,
                Err(m) => {
                    crate::outln!("{}", crate::diagnostics::escape_controls(&m));
                    continue;
                }
            };
            match apply(&mut game, act) {
                Ok(()) => break,
                Err(m) => crate::outln!("{}", crate::diagnostics::escape_controls(&m)),
            }
        }
        if game.to_move() == human && !game.result().is_over() {
            // A berserker turn goes on: show the board again.
            continue;
        }
    }
}
