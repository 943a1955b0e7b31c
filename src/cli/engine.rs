//! `list`, `validate`, `play` and `perft`: the commands that read variants
//! and run the engine.

use std::path::Path;

use super::args::{PerftArgs, PlayArgs, SideArg, ValidateArgs};
use super::build::load_variant;
use super::report;
use crate::error::{Diagnostic, Failure};
use crate::outln;
use crate::rules::{self, Game, Move, Side};
use crate::theme::Theme;

pub fn list() -> Result<(), Failure> {
    outln!("variants:");
    for id in rules::builtin_ids() {
        let name = rules::builtin(id).map(|v| v.name).unwrap_or_default();
        outln!("  {id:<24} {name}");
    }
    outln!("themes:");
    for id in Theme::builtin_ids() {
        let name = Theme::builtin(id).map(|t| t.name).unwrap_or_default();
        outln!("  {id:<24} {name}");
    }
    Ok(())
}

/// What one `validate` argument turned out to be.
fn validate_one(path: &Path) -> Vec<(String, Result<Vec<Diagnostic>, Failure>)> {
    let shown = path.display().to_string();
    if path.is_dir() {
        return vec![(shown, Theme::load_folder(path).map(|(_, w)| w))];
    }
    if !path.exists() {
        // A built-in id: the variant, the theme, or both (`york`).
        let mut found = Vec::new();
        if let Some(id) = rules::builtin_ids()
            .iter()
            .find(|id| id.eq_ignore_ascii_case(&shown))
        {
            found.push((
                format!("{shown} (built-in variant)"),
                rules::load(id).map(|(_, w)| w),
            ));
        }
        if let Some(id) = Theme::builtin_ids()
            .iter()
            .find(|id| id.eq_ignore_ascii_case(&shown))
        {
            found.push((
                format!("{shown} (built-in theme)"),
                Theme::read_builtin(id, &Theme::viking()).map(|_| Vec::new()),
            ));
        }
        if found.is_empty() {
            found.push((
                shown.clone(),
                Err(Failure::new(Diagnostic::error(
                    &shown,
                    "no such file, folder or built-in id; `taflkit list` shows the built-in ones",
                ))),
            ));
        }
        return found;
    }
    let outcome = read_input(path).and_then(|bytes| rules::file::parse(&shown, &bytes));
    vec![(shown, outcome.map(|(_, w)| w))]
}

pub fn validate(a: &ValidateArgs) -> Result<(), Failure> {
    let mut problems = Vec::new();
    for path in &a.paths {
        for (shown, outcome) in validate_one(path) {
            match outcome {
                Ok(warnings) => {
                    report::warn_all(&warnings);
                    outln!("{shown}: ok");
                }
                Err(f) => problems.extend(f.diagnostics),
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::many(problems))
    }
}

/// The bytes of a file named on the command line.
fn read_input(path: &Path) -> Result<Vec<u8>, Failure> {
    crate::diagnostics::read_user_file(path, crate::diagnostics::USER_FILE_MAX_BYTES).map_err(|e| {
        Failure::new(Diagnostic::error(
            path.display().to_string(),
            format!("cannot read it: {e}"),
        ))
    })
}

/// `line L, column C: message` or `line L: message` from the engine's
/// position reader, as a located diagnostic.
fn located(file: &str, message: &str) -> Diagnostic {
    let parse = || -> Option<Diagnostic> {
        let rest = message.strip_prefix("line ")?;
        let (l, rest) = rest.split_once([',', ':'])?;
        let line: usize = l.trim().parse().ok()?;
        if let Some(rest) = rest.trim_start().strip_prefix("column ") {
            let (c, msg) = rest.split_once(':')?;
            let col: usize = c.trim().parse().ok()?;
            return Some(Diagnostic::error(file, msg.trim()).at(line, col));
        }
        let mut d = Diagnostic::error(file, rest.trim());
        d.line = Some(line);
        Some(d)
    };
    parse().unwrap_or_else(|| Diagnostic::error(file, message))
}

fn read_position(variant: &rules::Variant, file: &Path, side: Side) -> Result<Game, Failure> {
    let shown = file.display().to_string();
    let bytes = read_input(file)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::new(Diagnostic::error(&shown, "the file is not UTF-8 text")))?;
    // `play` ends its output with a `result:` line; accept it back, keeping
    // line numbers as they are in the file.
    let board: String = text
        .lines()
        .map(|l| {
            if l.trim_start().starts_with("result:") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    Game::from_diagram(variant, &board, side).map_err(|m| Failure::new(located(&shown, &m)))
}

pub fn play(a: &PlayArgs) -> Result<(), Failure> {
    let variant = load_variant(&a.variant)?;
    let mut game = start_position(a, &variant)?;
    play_moves(&mut game, &a.moves)?;
    if let Some(side) = a.computer {
        return super::computer::session(a, &variant, game, side_of(side));
    }
    crate::out!("{}", game.diagram());
    outln!("result: {}", game.result());
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

/// Leaves counted per second we can promise on a slow machine (a debug
/// build is slower still; a release build counts 50 to 100 million).
const LEAVES_PER_SECOND: f64 = 2e7;
/// The longest count we start: about an hour and a half at that rate.
const MAX_ESTIMATE: f64 = 1e11;
/// Counts estimated above this report progress.
const PROGRESS_ESTIMATE: f64 = 2e8;

pub fn perft(a: &PerftArgs) -> Result<(), Failure> {
    let variant = load_variant(&a.variant)?;
    let mut game = Game::new(&variant);
    let first = game.legal_moves();
    // The number of first moves to the power of the depth overestimates
    // the count a little (captures and blocked lines thin the tree), which
    // is the safe side for refusing.
    let estimate = (first.len().max(1) as f64).powf(f64::from(a.depth));
    if estimate > MAX_ESTIMATE {
        let b = first.len().max(2) as f64;
        let ok = (MAX_ESTIMATE.ln() / b.ln()).floor();
        return Err(Failure::option(
            "--depth",
            format!(
                "depth {} on {} would count more than {:.0e} move sequences and take hours; use {ok} or less",
                a.depth, variant.name, MAX_ESTIMATE
            ),
        ));
    }
    let berserker = variant
        .options
        .iter()
        .any(|o| o.enabled && o.id == "berserker");
    let show = !report::quiet() && (estimate > PROGRESS_ESTIMATE || report::verbose());
    if !show || a.depth == 0 || berserker || first.is_empty() {
        outln!("{}", game.perft(a.depth));
        return Ok(());
    }
    report::note(format!(
        "perft: {} first moves; about {} s at {} million leaves/s",
        first.len(),
        (estimate / LEAVES_PER_SECOND / 4.0).ceil(),
        LEAVES_PER_SECOND / 1e6
    ));
    let started = std::time::Instant::now();
    let mut total = 0u64;
    for (i, mv) in first.iter().enumerate() {
        let mut g = game.clone();
        g.play(*mv)
            .map_err(|e| Failure::option("--depth", format!("the engine refused {mv}: {e}")))?;
        total += g.perft(a.depth - 1);
        report::note(format!(
            "perft: {}/{} first moves, {total} so far, {:.1} s",
            i + 1,
            first.len(),
            started.elapsed().as_secs_f64()
        ));
    }
    outln!("{total}");
    Ok(())
}
