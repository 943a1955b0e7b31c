//! `taflkit record [VARIANT|auto] GAMEFILE`: reads a game record (OpenTafl
//! or PGN-style, `rules::record`), replays it through the engine, and
//! prints it as sheets of diagrams (`kit::game_record`) or, with
//! `--format`, writes the checked record to standard output. Also the
//! record `play --record FILE` writes.

use std::path::{Path, PathBuf};

use super::args::{PlayArgs, RecordArgs, RecordFormatArg};
use super::build::{lang_arg, load_theme, load_variant, paper, paper_arg, theme_arg};
use super::report;
use super::target::{self, Inputs};
use crate::diagnostics::{SourceFile, USER_FILE_MAX_BYTES, read_user_file, text_of};
use crate::error::{Diagnostic, Failure};
use crate::kit::game_record::{GameRecord, MAX_EVERY};
use crate::layout::FontRole;
use crate::rules::Variant;
use crate::rules::record::{self, Format, Record, read, replay, rules};

pub fn record(a: &RecordArgs) -> Result<(), Failure> {
    let (variant_arg, file) = match &a.second {
        Some(f) => (Some(a.first.as_str()), f.clone()),
        None => (None, PathBuf::from(&a.first)),
    };
    if !(1..=MAX_EVERY).contains(&a.every) {
        return Err(Failure::option(
            "--every",
            format!("{}: give 1 to {MAX_EVERY} moves between diagrams", a.every),
        ));
    }
    let label = file.display().to_string();
    let bytes = read_user_file(&file, USER_FILE_MAX_BYTES)
        .map_err(|e| Failure::new(Diagnostic::error(&label, format!("cannot read it: {e}"))))?;
    let text = text_of(
        &label,
        &bytes,
        "a game record holds tags and numbered moves",
    )?;
    let src = SourceFile {
        label: &label,
        text,
    };
    let rec = read::read(&label, text)?;
    let variant = variant_for(variant_arg, &rec, src)?;
    let game = replay::replay(&variant, &rec, src)?;
    if let Some(f) = a.format {
        crate::out!(
            "{}",
            record::write::write(format(f), &variant, Some(&rec), &game)
        );
        return Ok(());
    }
    let lang = lang_arg(a.lang.as_deref())?;
    let theme_arg = theme_arg(a.theme.as_deref(), &variant);
    let mut theme = load_theme(&theme_arg)?.in_language(lang)?;
    if a.mono {
        // The kit's black-and-white form: greys, and the diagrams tell
        // the sides and squares apart by shape and pattern.
        theme = theme.to_mono();
    }
    printable_tags(&rec, &theme, src)?;
    let paper = paper(paper_arg(a.paper)?);
    let sheets = GameRecord::new(&variant, paper, &rec, &game, a.every);
    let pdf = crate::render::pdf(&sheets.document(&theme))?;
    let out = a
        .output
        .clone()
        .unwrap_or_else(|| default_name(&file, paper, a.mono, lang));
    if out.as_os_str() == "-" {
        use std::io::IsTerminal;
        super::build::refuse_terminal(std::io::stdout().is_terminal(), a.force)?;
        report::out(&pdf);
        return Ok(());
    }
    let mut inputs = Inputs {
        files: vec![file.clone()],
        folders: Vec::new(),
    };
    for given in variant_arg.into_iter().chain(a.theme.as_deref()) {
        let p = PathBuf::from(given);
        match p.is_dir() {
            true => inputs.folders.push(p),
            false if p.exists() => inputs.files.push(p),
            false => {}
        }
    }
    let real = target::check(&out, &inputs)?;
    target::write_atomically(&real, &pdf)?;
    crate::outln!("{}", out.display());
    report::note(format!(
        "{} diagrams on {} sheets; {} moves, {}",
        sheets.diagrams().len(),
        sheets.document(&theme).pages.len(),
        game.plies.len(),
        ending_words(&game)
    ));
    Ok(())
}

fn format(f: RecordFormatArg) -> Format {
    match f {
        RecordFormatArg::Otn => Format::Otn,
        RecordFormatArg::Pgn => Format::Pgn,
    }
}

/// The rules to replay by: the variant given, else the record's own.
fn variant_for(given: Option<&str>, rec: &Record, src: SourceFile) -> Result<Variant, Failure> {
    if let Some(v) = given.filter(|v| !v.eq_ignore_ascii_case("auto")) {
        return load_variant(v);
    }
    match rules::rules_of(rec, src)? {
        Some((v, warnings)) => {
            report::warn_all(&warnings);
            report::detail(format!("rules: {} ({})", v.name, v.id));
            Ok(v)
        }
        None => Err(Failure::new(
            Diagnostic::error(
                src.label,
                "the record names no rules (no [rules:…] or [Variant \"…\"] tag)",
            )
            .with_hint("name the variant before the file: taflkit record tablut GAMEFILE"),
        )),
    }
}

/// Every tag the sheets print must have its glyphs in the theme's font.
fn printable_tags(
    rec: &Record,
    theme: &crate::theme::Theme,
    src: SourceFile,
) -> Result<(), Failure> {
    for name in ["event", "round", "site", "date", "attackers", "defenders"] {
        let Some(tag) = rec.tag(name) else { continue };
        let missing = theme.fonts.missing(FontRole::Body, &tag.value);
        if let Some(c) = missing.first() {
            return Err(Failure::new(src.error(
                tag.at,
                format!(
                    "the {} tag has a character the kit's font cannot print (U+{:04X})",
                    tag.name, *c as u32
                ),
            )));
        }
    }
    Ok(())
}

/// `NAME-PAPER.pdf` here, from the record's file name, `-mono` for the
/// black-and-white sheets (so they never overwrite the colour ones) and
/// the language last when it is not English.
fn default_name(
    file: &Path,
    paper: crate::layout::paper::Paper,
    mono: bool,
    lang: crate::words::Lang,
) -> PathBuf {
    let stem = file
        .file_stem()
        .map_or_else(|| "game".to_string(), |s| s.to_string_lossy().into_owned());
    let safe = super::build::file_safe(&stem);
    let lang = match lang.code() {
        "en" => String::new(),
        code => format!("-{code}"),
    };
    let mono = if mono { "-mono" } else { "" };
    PathBuf::from(format!("{safe}-{}{mono}{lang}.pdf", paper.id()))
}

fn ending_words(game: &replay::Replayed) -> String {
    match game.ending {
        replay::Ending::Rules(r) => format!("{r} ({})", r.describe()),
        replay::Ending::Conceded(w) => format!("{w} win (the other side gave up)"),
        replay::Ending::AgreedDraw => "draw (agreed)".into(),
        replay::Ending::Unfinished => "unfinished".into(),
    }
}

/// `play --record FILE`: the moves played from the start, as OpenTafl's
/// record (`.otg`) or a PGN-style one, written whole or not at all.
pub fn write_played(a: &PlayArgs, variant: &Variant, file: &Path) -> Result<(), Failure> {
    let mut text = String::from("[Result \"*\"]\n\n");
    for (i, pair) in a.moves.chunks(2).enumerate() {
        text.push_str(&format!("{}. {}\n", i + 1, pair.join(" ")));
    }
    let src = SourceFile {
        label: "--record",
        text: &text,
    };
    let rec = read::read("--record", &text)?;
    let game = replay::replay(variant, &rec, src)?;
    let format = match file.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("otg") => Format::Otn,
        _ => Format::Pgn,
    };
    let out = record::write::write(format, variant, None, &game);
    let mut inputs = Inputs::default();
    if Path::new(&a.variant).exists() {
        inputs.files.push(PathBuf::from(&a.variant));
    }
    let real = target::check(file, &inputs)?;
    target::write_atomically(&real, out.as_bytes())
}
