//! `list`, `validate`, `play` and `perft`: the commands that read variants
//! and run the engine.

use std::path::Path;

use super::args::{PerftArgs, PlayArgs, SideArg, ValidateArgs};
use crate::error::{Diagnostic, Failure};
use crate::rules::{self, Game, Move, Side};

/// The built-in theme ids `list` shows.
const THEME_IDS: &[&str] = &["viking", "york", "sea", "christmas", "tafel"];

pub fn list() -> Result<(), Failure> {
    println!("variants:");
    for id in rules::builtin_ids() {
        let name = rules::builtin(id).map(|v| v.name).unwrap_or_default();
        println!("  {id:<24} {name}");
    }
    println!("themes:");
    for id in THEME_IDS {
        let name = crate::theme::Theme::builtin(id)
            .map(|t| t.name)
            .unwrap_or_default();
        println!("  {id:<24} {name}");
    }
    Ok(())
}

fn print_warnings(diags: &[Diagnostic]) {
    for d in diags {
        eprintln!("{d}");
    }
}

pub fn validate(a: &ValidateArgs) -> Result<(), Failure> {
    let mut problems = Vec::new();
    for path in &a.paths {
        let shown = path.display().to_string();
        let outcome = if path.is_dir() {
            crate::theme::Theme::load(&shown).map(|_| Vec::new())
        } else {
            match crate::diagnostics::read_user_file(path, crate::diagnostics::USER_FILE_MAX_BYTES)
            {
                Ok(bytes) => rules::file::parse(&shown, &bytes).map(|(_, w)| w),
                Err(e) => Err(Failure::new(Diagnostic::error(
                    &shown,
                    format!("cannot read it: {e}"),
                ))),
            }
        };
        match outcome {
            Ok(warnings) => {
                print_warnings(&warnings);
                println!("{shown}: ok");
            }
            Err(f) => problems.extend(f.diagnostics),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::many(problems))
    }
}

fn read_position(variant: &rules::Variant, file: &Path, side: Side) -> Result<Game, Failure> {
    let shown = file.display().to_string();
    let bytes =
        crate::diagnostics::read_user_file(file, crate::diagnostics::USER_FILE_MAX_BYTES)
            .map_err(|e| Failure::new(Diagnostic::error(&shown, format!("cannot read it: {e}"))))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::new(Diagnostic::error(&shown, "the file is not UTF-8 text")))?;
    Game::from_diagram(variant, &text, side).map_err(|m| Failure::new(Diagnostic::error(&shown, m)))
}

pub fn play(a: &PlayArgs) -> Result<(), Failure> {
    let (variant, warnings) = rules::load(&a.variant)?;
    print_warnings(&warnings);
    let mut game = start_position(a, &variant)?;
    play_moves(&mut game, &a.moves)?;
    if let Some(side) = a.computer {
        return super::computer::session(a, &variant, game, side_of(side));
    }
    print!("{}", game.diagram());
    println!("result: {}", game.result());
    Ok(())
}

pub(crate) fn side_of(s: SideArg) -> Side {
    match s {
        SideArg::Attackers => Side::Attackers,
        SideArg::Defenders => Side::Defenders,
    }
}

/// The start of `play`: the variant's, or `--from` with `--to-move`.
fn start_position(a: &PlayArgs, variant: &rules::Variant) -> Result<Game, Failure> {
    Ok(match (&a.from, a.to_move) {
        (Some(file), Some(side)) => read_position(variant, file, side_of(side))?,
        _ => Game::new(variant),
    })
}

/// Plays the moves given on the command line; an illegal one is an error
/// naming it (`move 3: ...`).
pub(crate) fn play_moves(game: &mut Game, moves: &[String]) -> Result<(), Failure> {
    for (i, text) in moves.iter().enumerate() {
        let which = format!("move {}", i + 1);
        if text.trim() == "pass" {
            game.end_turn()
                .map_err(|e| Failure::option(&which, e.to_string()))?;
            continue;
        }
        let mv = Move::parse(text).map_err(|m| Failure::option(&which, m))?;
        game.play(mv)
            .map_err(|e| Failure::option(&which, e.to_string()))?;
    }
    Ok(())
}

pub fn perft(a: &PerftArgs) -> Result<(), Failure> {
    let (variant, warnings) = rules::load(&a.variant)?;
    print_warnings(&warnings);
    if a.depth > 12 {
        return Err(Failure::option(
            "--depth",
            format!("depth {} would take far too long; use 12 or less", a.depth),
        ));
    }
    let mut game = Game::new(&variant);
    println!("{}", game.perft(a.depth));
    Ok(())
}
