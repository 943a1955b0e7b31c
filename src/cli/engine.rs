//! `list`, `validate`, `play` and `perft`: the commands that read variants
//! and run the engine.

use std::path::Path;

use super::args::{
    KitArgs, PaperArg, PerftArgs, PlayArgs, PositionFormatArg, SideArg, ValidateArgs,
};
use super::build::load_variant;
use super::report;
use crate::error::{Diagnostic, Failure};
use crate::outln;
use crate::rules::{self, Game, Move, Side, Variant};
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

/// What a `validate` argument was read as.
enum Read {
    Variant(Box<Variant>),
    Theme(Box<Theme>),
}

/// What one `validate` argument turned out to be: each thing read, with
/// its warnings, or its errors.
type Outcome = Result<(Read, Vec<Diagnostic>), Failure>;

fn validate_one(path: &Path) -> Vec<(String, Outcome)> {
    let shown = path.display().to_string();
    let theme = |r: Result<(Theme, Vec<Diagnostic>), Failure>| {
        r.map(|(t, w)| (Read::Theme(Box::new(t)), w))
    };
    let variant = |r: Result<(Variant, Vec<Diagnostic>), Failure>| {
        r.map(|(v, w)| (Read::Variant(Box::new(v)), w))
    };
    if path.is_dir() {
        return vec![(shown, theme(Theme::load_folder(path)))];
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
                variant(rules::load(id)),
            ));
        }
        if let Some(id) = Theme::builtin_ids()
            .iter()
            .find(|id| id.eq_ignore_ascii_case(&shown))
        {
            found.push((
                format!("{shown} (built-in theme)"),
                theme(Theme::read_builtin(id, &Theme::viking()).map(|t| (t, Vec::new()))),
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
    let outcome = read_input(path).and_then(|bytes| rules::parse_file(&shown, path, &bytes));
    vec![(shown, variant(outcome))]
}

/// The papers `validate` lays every kit out on: the two a kit is made for
/// by default (A3 and Tabloid only enlarge it).
const VALIDATE_PAPERS: [PaperArg; 2] = [PaperArg::A4, PaperArg::Letter];

/// A file read by `validate`: how it is shown, what it holds, and whether
/// every check passed.
struct Checked<T> {
    shown: String,
    read: T,
    ok: bool,
}

/// Checks files as `build` would: each is read, then every kit they make
/// is laid out (without writing) on A4 and on Letter: each variant with
/// each theme given, a variant alone with its own theme, a theme alone
/// with the default variant. A problem only layout finds (a story too
/// long for the cover, names too long for a card) is an error here too.
pub fn validate(a: &ValidateArgs) -> Result<(), Failure> {
    let checked = check(a)?;
    for shown in &checked.ok {
        outln!("{}: ok", crate::diagnostics::escape_controls(shown));
    }
    if checked.problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::many(checked.problems))
    }
}

/// What `validate` found: the files (as shown) that passed every check,
/// and every problem. Warnings are printed to standard error on the way.
pub struct Validation {
    pub ok: Vec<String>,
    pub problems: Vec<Diagnostic>,
}

/// `validate` without its output: reads every path, lays out every kit
/// they make, and says which passed (see [`validate`]). A bad `--lang`
/// is the only failure before any file is read.
pub fn check(a: &ValidateArgs) -> Result<Validation, Failure> {
    let lang = match &a.lang {
        Some(code) => super::build::lang_arg(Some(code))?,
        None => crate::words::Lang::english(),
    };
    let mut problems = Vec::new();
    let mut variants: Vec<Checked<Variant>> = Vec::new();
    let mut themes: Vec<Checked<Theme>> = Vec::new();
    for path in &a.paths {
        for (shown, outcome) in validate_one(path) {
            match outcome {
                Ok((read, warnings)) => {
                    report::warn_all(&warnings);
                    match read {
                        Read::Variant(v) => variants.push(Checked {
                            shown,
                            read: *v,
                            ok: true,
                        }),
                        // A theme must speak the language asked for.
                        Read::Theme(t) => match t.in_language(lang) {
                            Ok(t) => themes.push(Checked {
                                shown,
                                read: t,
                                ok: true,
                            }),
                            Err(f) => problems.extend(f.diagnostics),
                        },
                    }
                }
                Err(f) => problems.extend(f.diagnostics),
            }
        }
    }
    problems.extend(lay_out_kits(&mut variants, &mut themes, lang));
    let ok = variants
        .iter()
        .map(|c| (&c.shown, c.ok))
        .chain(themes.iter().map(|c| (&c.shown, c.ok)))
        .filter(|(_, ok)| *ok)
        .map(|(shown, _)| shown.clone())
        .collect();
    Ok(Validation { ok, problems })
}

/// Lays out the kits the files read make (see [`validate`]), marking the
/// file each refusal is put down to; returns the refusals.
fn lay_out_kits(
    variants: &mut [Checked<Variant>],
    themes: &mut [Checked<Theme>],
    lang: crate::words::Lang,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    // (variant index or the default, theme index or the variant's own)
    let mut kits: Vec<(Option<usize>, Option<usize>)> = Vec::new();
    match (variants.is_empty(), themes.is_empty()) {
        (false, false) => {
            for v in 0..variants.len() {
                kits.extend((0..themes.len()).map(|t| (Some(v), Some(t))));
            }
        }
        (false, true) => kits.extend((0..variants.len()).map(|v| (Some(v), None))),
        (true, false) => kits.extend((0..themes.len()).map(|t| (None, Some(t)))),
        (true, true) => {}
    }
    let default_variant = match kits.iter().any(|k| k.0.is_none()) {
        true => match load_variant(super::build::DEFAULT_VARIANT) {
            Ok(v) => Some(v),
            Err(f) => return f.diagnostics,
        },
        false => None,
    };
    for (vi, ti) in kits {
        let variant = match (vi, &default_variant) {
            (Some(i), _) => &variants[i].read,
            (None, Some(v)) => v,
            (None, None) => continue,
        };
        let own_theme;
        let theme = match ti {
            Some(i) => &themes[i].read,
            None => {
                // The variant's own theme, read as `build` reads it.
                match super::build::load_theme(&super::build::theme_arg(None, variant))
                    .and_then(|t| t.in_language(lang))
                {
                    Ok(t) => {
                        own_theme = t;
                        &own_theme
                    }
                    Err(f) => {
                        problems.extend(f.diagnostics);
                        if let Some(i) = vi {
                            variants[i].ok = false;
                        }
                        continue;
                    }
                }
            }
        };
        let shown = vi.map_or(variant.id.as_str(), |i| variants[i].shown.as_str());
        if let Err(f) = super::build::name_glyphs(variant, theme, shown) {
            if let Some(i) = vi {
                variants[i].ok = false;
            }
            problems.extend(f.diagnostics);
            continue;
        }
        for (k, paper) in VALIDATE_PAPERS.into_iter().enumerate() {
            let args = KitArgs {
                paper: vec![paper],
                ..KitArgs::default()
            };
            let f = match super::build::lay_out(&args, variant, theme) {
                Ok(kit) => {
                    // The same on every paper: said once.
                    if k == 0 {
                        let shown = vi.map(|i| variants[i].shown.as_str());
                        report::warn_all(&super::build::named(&kit.warnings, shown));
                    }
                    continue;
                }
                Err(f) => f,
            };
            let kit = format!(
                "{} with the {} theme on {}",
                variant.name,
                theme.name,
                super::build::paper(paper).name()
            );
            for d in f.diagnostics {
                // The theme answers for what the build names as its
                // option or the sizes it sets; the variant for the rest.
                let theme_side = matches!(
                    d.source.as_str(),
                    "--theme" | "--king-mm" | "--piece-mm" | "--square-mm" | "--paper"
                );
                let blamed = match (vi, ti) {
                    (Some(_), Some(t)) | (None, Some(t)) if theme_side || vi.is_none() => {
                        themes[t].ok = false;
                        themes[t].shown.clone()
                    }
                    (Some(v), _) => {
                        variants[v].ok = false;
                        variants[v].shown.clone()
                    }
                    _ => d.source.clone(),
                };
                problems.push(blame(d, &blamed, &kit));
            }
            // The other paper would mostly say the same again.
            break;
        }
    }
    problems
}

/// A refusal from laying out a kit, as a problem of the file `at`: an
/// option's name (the build's wording) gives way to the file, and the
/// message says which kit it was.
fn blame(mut d: Diagnostic, at: &str, kit: &str) -> Diagnostic {
    if d.line.is_none() {
        d.source = at.to_string();
    }
    d.message = format!("{} (laying out {kit})", d.message);
    d
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

/// The position in `file` with `side` to move: the one reader of
/// positions for `play --from` and `solve --from`.
pub(crate) fn read_position(
    variant: &rules::Variant,
    file: &Path,
    side: Side,
) -> Result<Game, Failure> {
    let shown = file.display().to_string();
    let bytes = read_input(file)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::new(Diagnostic::error(&shown, "the file is not UTF-8 text")))?;
    position_of_text(variant, &shown, &text, side)
}

/// The position a `--from` file's text holds (`shown` names the file in
/// messages): setup notation or an OpenTafl position record.
pub fn position_of_text(
    variant: &rules::Variant,
    shown: &str,
    text: &str,
    side: Side,
) -> Result<Game, Failure> {
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
    if rules::otn::position::looks_like(&board) {
        return read_otn_position(variant, shown, &board, side);
    }
    Game::from_diagram(variant, &board, side).map_err(|m| Failure::new(located(shown, &m)))
}

/// An OpenTafl position record (the file's one word besides a `result:`
/// line), with every problem at its line and column.
fn read_otn_position(
    variant: &rules::Variant,
    shown: &str,
    text: &str,
    side: Side,
) -> Result<Game, Failure> {
    use rules::otn::position::{self, Order};
    let start = text.len() - text.trim_start().len();
    let at = |offset: usize, msg: String| {
        let (l, c) = crate::diagnostics::line_col(text, offset);
        Failure::new(Diagnostic::error(shown, msg).at(l, c))
    };
    let (board, len) =
        position::read(&text[start..], Order::RankOneFirst).map_err(|(o, m)| at(start + o, m))?;
    let rest = &text[start + len..];
    if let Some(extra) = rest.find(|c: char| !c.is_whitespace()) {
        return Err(at(
            start + len + extra,
            "the file holds one OpenTafl position; nothing may follow it but a result: line".into(),
        ));
    }
    Game::from_board(variant, &board, side).map_err(|m| at(start, m))
}

pub fn play(a: &PlayArgs) -> Result<(), Failure> {
    let mut variant = load_variant(&a.variant)?;
    super::build::enable_options(&mut variant, &a.options)?;
    let mut game = start_position(a, &variant)?;
    play_moves(&mut game, &a.moves)?;
    if let Some(file) = &a.record {
        super::record::write_played(a, &variant, file)?;
    }
    if let Some(side) = a.computer {
        return super::computer::session(a, &variant, game, side_of(side));
    }
    match a.format {
        PositionFormatArg::Setup => crate::out!("{}", game.diagram()),
        PositionFormatArg::Otn => outln!(
            "{}",
            rules::otn::position::write(&game.board(), rules::otn::Order::RankOneFirst)
        ),
    }
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
    let stderr = std::io::stderr();
    let terminal = std::io::IsTerminal::is_terminal(&stderr);
    let mut progress = super::progress::Progress::new(stderr.lock(), terminal);
    let mut total = 0u64;
    let line = |done: usize, total: u64, elapsed: std::time::Duration| {
        format!(
            "perft: {done}/{} first moves, {total} so far, {:.1} s",
            first.len(),
            elapsed.as_secs_f64()
        )
    };
    for (i, mv) in first.iter().enumerate() {
        let mut g = game.clone();
        g.play(*mv)
            .map_err(|e| Failure::option("--depth", format!("the engine refused {mv}: {e}")))?;
        total += g.perft(a.depth - 1);
        let elapsed = started.elapsed();
        progress.update(elapsed, &line(i + 1, total, elapsed));
    }
    progress.finish(
        &line(first.len(), total, started.elapsed()),
        report::verbose(),
    );
    drop(progress);
    outln!("{total}");
    Ok(())
}
