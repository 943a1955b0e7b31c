//! Writing a replayed game as a record: OpenTafl's game record (tags,
//! the rules string last, one numbered turn a line, king moves marked
//! `K`, captures `xd3/Kc4`, `++`/`--` where the king is taken or
//! escapes) or a PGN-style record (`[Name "value"]` tags, the same turns,
//! the result last). Both read back to the same game ([`super::read`]).

use std::fmt::Write;

use super::replay::{Ending, Ply, Replayed, king_end};
use super::{Format, Record};
use crate::rules::otn::{self, Order};
use crate::rules::{GameResult, Piece, Side, Variant, WinReason};

/// Tags carried over from the record read, in this order (PGN names).
const TAGS: &[&str] = &[
    "Event",
    "Site",
    "Date",
    "Round",
    "Attackers",
    "Defenders",
    "Termination",
    "Annotator",
];

/// The record as text in `format`. `record` gives the tags kept (a game
/// played by `play` has none).
pub fn write(
    format: Format,
    variant: &Variant,
    record: Option<&Record>,
    game: &Replayed,
) -> String {
    let mut out = String::new();
    let kept = TAGS.iter().filter_map(|name| {
        record
            .and_then(|r| r.tag(name))
            .map(|t| (*name, one_line(&t.value)))
    });
    match format {
        Format::Otn => {
            for (name, value) in kept {
                let _ = writeln!(out, "[{}:{value}]", name.to_ascii_lowercase());
            }
            let _ = writeln!(out, "[result:{}]", otn_result(game));
            if game.boards[0] != variant.setup {
                let _ = writeln!(
                    out,
                    "[position:{}]",
                    otn::position::write(&game.boards[0], Order::RankOneFirst)
                );
            }
            let _ = writeln!(out, "[rules:{}]", otn::rules::write(variant).text);
        }
        Format::Pgn => {
            for (name, value) in kept {
                let _ = writeln!(out, "[{name} \"{}\"]", value.replace('"', "'"));
            }
            let _ = writeln!(out, "[Variant \"{}\"]", variant.name);
            // A variant of no built-in's rules travels as its rules string.
            if crate::rules::builtin(&variant.id).as_ref() != Some(variant) {
                let _ = writeln!(out, "[Rules \"{}\"]", otn::rules::write(variant).text);
            }
            let _ = writeln!(out, "[Result \"{}\"]", pgn_result(game));
            if game.boards[0] != variant.setup {
                let _ = writeln!(
                    out,
                    "[Position \"{}\"]",
                    otn::position::write(&game.boards[0], Order::RankOneFirst)
                );
            }
        }
    }
    out.push('\n');
    for turn in game.plies.chunk_by(|a, b| a.turn == b.turn) {
        let moves: Vec<String> = turn.iter().map(|p| ply(format, p)).collect();
        let _ = writeln!(out, "{}. {}", turn[0].turn, moves.join(" "));
    }
    match format {
        Format::Otn if resigned(game) => out.push_str("---\n"),
        Format::Otn => {}
        Format::Pgn => {
            let _ = writeln!(out, "{}", pgn_result(game));
        }
    }
    out
}

/// One move: OTN marks the king (`K`) and his end (`++`, `--`).
fn ply(format: Format, p: &Ply) -> String {
    let otn = format == Format::Otn;
    let mut s = String::new();
    if otn && p.piece == Piece::King {
        s.push('K');
    }
    s.push_str(&p.mv.to_string());
    if !p.captured.is_empty() {
        let caps: Vec<String> = p.captured.iter().map(|q| q.to_string()).collect();
        let _ = write!(s, "x{}", caps.join("/"));
    }
    if otn {
        match king_end(p.result) {
            Some(WinReason::KingCaptured) => s.push_str("++"),
            Some(WinReason::KingEscaped) => s.push_str("--"),
            _ => {}
        }
    }
    s
}

/// The last move is the resigning side's turn never taken: the game is
/// conceded with the side to move the loser.
fn resigned(game: &Replayed) -> bool {
    let to_move = game.plies.last().map_or(game.first, |p| p.side.opponent());
    game.ending == Ending::Conceded(to_move.opponent())
}

fn otn_result(game: &Replayed) -> &'static str {
    match (game.winner(), game.ending) {
        (Some(Side::Attackers), _) => "1",
        (Some(Side::Defenders), _) => "-1",
        (None, Ending::AgreedDraw | Ending::Rules(GameResult::Draw { .. })) => "0",
        _ => "?",
    }
}

/// PGN's result: the first number is the side that moves first.
fn pgn_result(game: &Replayed) -> &'static str {
    match (game.winner(), game.ending) {
        (Some(w), _) if w == game.first => "1-0",
        (Some(_), _) => "0-1",
        (None, Ending::AgreedDraw | Ending::Rules(GameResult::Draw { .. })) => "1/2-1/2",
        _ => "*",
    }
}

/// A tag value on one line, without brackets that would end the tag.
fn one_line(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(['[', ']'], "")
}
