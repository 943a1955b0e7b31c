//! `taflkit build` and `taflkit preview`: resolve the variant and theme,
//! plan the kit, draw it, write it.

use std::path::{Path, PathBuf};

use super::args::{BuildArgs, DuplexArg, KitArgs, PaperArg, PreviewArgs, ShapeArg};
use crate::error::{Diagnostic, Failure};
use crate::kit::{self, Dimension, Kit, KitError, KitOptions, SheetCounts};
use crate::layout::paper::Paper;
use crate::layout::{Document, Duplex};
use crate::render;
use crate::rules::{self, Variant};
use crate::theme::{PieceShape, Theme};
use crate::units::Mm;

/// The variant a bare `taflkit build` makes.
pub const DEFAULT_VARIANT: &str = "york";

/// A kit's inputs, resolved and checked, ready to lay out.
pub struct Resolved {
    pub variant: Variant,
    pub theme: Theme,
    pub options: KitOptions,
}

fn length_option(name: &str, value: Option<f64>) -> Result<Option<Mm>, Failure> {
    match value {
        None => Ok(None),
        Some(v) if v.is_finite() && v > 0.0 => Ok(Some(Mm(v))),
        Some(v) => Err(Failure::option(
            name,
            format!("must be a positive number of millimetres, not {v}"),
        )),
    }
}

/// Turns `build`/`preview` arguments into checked inputs. Warnings are
/// printed to standard error here; errors come back.
pub fn resolve(args: &KitArgs) -> Result<Resolved, Failure> {
    let variant_arg = args.variant.as_deref().unwrap_or(DEFAULT_VARIANT);
    let (mut variant, warnings) = rules::load(variant_arg)?;
    for w in &warnings {
        eprintln!("{w}");
    }
    for name in &args.options {
        match variant.options.iter_mut().find(|o| &o.id == name) {
            Some(o) => o.enabled = true,
            None => {
                let known: Vec<&str> = variant.options.iter().map(|o| o.id.as_str()).collect();
                let hint = if known.is_empty() {
                    format!("{} has no optional rules", variant.name)
                } else {
                    format!("{} has: {}", variant.name, known.join(", "))
                };
                return Err(Failure::option(
                    "--option",
                    format!("no optional rule '{name}'; {hint}"),
                ));
            }
        }
    }
    let theme_arg = args
        .theme
        .clone()
        .or_else(|| variant.default_theme.clone())
        .unwrap_or_else(|| "viking".to_string());
    let theme = Theme::load(&theme_arg)?;
    let options = KitOptions {
        paper: match args.paper {
            PaperArg::A4 => Paper::A4,
            PaperArg::Letter => Paper::Letter,
        },
        duplex: match args.duplex {
            DuplexArg::Long => Duplex::LongEdge,
            DuplexArg::Short => Duplex::ShortEdge,
        },
        mono: args.mono,
        square: length_option("--square-mm", args.square_mm)?,
        shape: args.shape.map(|s| match s {
            ShapeArg::Disc => PieceShape::Disc,
            ShapeArg::Shield => PieceShape::Shield,
            ShapeArg::Square => PieceShape::Square,
        }),
        king_size: length_option("--king-mm", args.king_mm)?,
        piece_size: length_option("--piece-mm", args.piece_mm)?,
        spares: args.spares,
        sticker: args.sticker,
    };
    Ok(Resolved {
        variant,
        theme,
        options,
    })
}

/// Resolves and lays out a kit.
pub fn plan(args: &KitArgs) -> Result<(Resolved, Document), Failure> {
    let (r, kit) = plan_kit(args)?;
    Ok((r, kit.document))
}

/// Resolves and lays out a kit, with its sheet counts.
pub fn plan_kit(args: &KitArgs) -> Result<(Resolved, Kit), Failure> {
    let r = resolve(args)?;
    let kit = kit::build_kit(&r.variant, &r.theme, &r.options).map_err(kit_failure)?;
    Ok((r, kit))
}

/// The option that sets a kit size.
fn flag(size: Dimension) -> &'static str {
    match size {
        Dimension::Square => "--square-mm",
        Dimension::King => "--king-mm",
        Dimension::Piece => "--piece-mm",
    }
}

/// A kit's refusal as a message naming the option to change and how.
pub fn kit_failure(e: KitError) -> Failure {
    let message = e.message();
    match e {
        KitError::NotPositive { size, .. } | KitError::PieceTooSmall { size, .. } => {
            Failure::option(flag(size), message)
        }
        KitError::PieceTooBig {
            size,
            value,
            square_given,
            piece_given,
            ..
        } => {
            let enough = (value.0 + 2.0).ceil();
            let (option, hint) = match (square_given, piece_given) {
                (true, true) => (
                    flag(size),
                    format!("use smaller pieces or --square-mm {enough}"),
                ),
                (true, false) => ("--square-mm", format!("use --square-mm {enough} or more")),
                (false, _) => (flag(size), "use smaller pieces".to_string()),
            };
            Failure::option(option, format!("{message}; {hint}"))
        }
        KitError::StickerNotRound => Failure::option(
            "--sticker",
            format!("{message}; leave out --shape or use --shape disc"),
        ),
        KitError::SquareTooBig { .. } => Failure::option("--square-mm", message),
        KitError::TooManySections { .. } => {
            Failure::option("--square-mm", format!("{message}; use smaller squares"))
        }
        KitError::PartsDoNotFit { .. } => Failure::option("--paper", message),
        KitError::PiecesDoNotFit => Failure::option("--king-mm", message),
        KitError::CardTooLong { .. } | KitError::StoryTooLong => {
            Failure::option("--theme", message)
        }
        KitError::ExampleNotConfirmed { .. } => Failure::option("VARIANT", message),
        KitError::Input(f) => f,
    }
}

/// The sheet counts as one line for standard error.
fn sheets_line(s: &SheetCounts) -> String {
    let mut line = format!("{} card, {} paper", sheet_word(s.card), sheet_word(s.paper));
    if s.sticker > 0 {
        line.push_str(&format!(", {} sticker paper", sheet_word(s.sticker)));
    }
    line
}

fn sheet_word(n: usize) -> String {
    format!("{n} {}", if n == 1 { "sheet" } else { "sheets" })
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder,
/// renamed over the target only once complete, so a failure or a kill never
/// leaves a half-written file or clobbers an old one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let fail = |e: std::io::Error| {
        Failure::new(Diagnostic::error(
            path.display().to_string(),
            format!("cannot write: {e}"),
        ))
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".taflkit-")
        .suffix(".part")
        .tempfile_in(&dir)
        .map_err(fail)?;
    tmp.write_all(bytes).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    // A temporary file is private (0600); the kit should get the
    // permissions of the file it replaces, or the usual ones for a new file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let perms = std::fs::metadata(path)
            .map(|m| m.permissions())
            .unwrap_or_else(|_| std::fs::Permissions::from_mode(0o644));
        tmp.as_file().set_permissions(perms).map_err(fail)?;
    }
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

pub fn build(args: &BuildArgs) -> Result<(), Failure> {
    let (r, kit) = plan_kit(&args.kit)?;
    let bytes = render::pdf(&kit.document)?;
    let path = args.output.clone().unwrap_or_else(|| {
        PathBuf::from(format!(
            "{}-{}-{}.pdf",
            r.variant.id,
            r.theme.id,
            r.options.paper.id()
        ))
    });
    // Every file is rendered before any is written, so a failure leaves
    // nothing half done.
    let mut files = vec![(path.clone(), bytes)];
    if args.split {
        for (kind, doc) in kit.job_documents() {
            files.push((job_path(&path, kind.id()), render::pdf(&doc)?));
        }
    }
    for (p, b) in &files {
        write_atomically(p, b)?;
        println!("{}", p.display());
    }
    eprintln!("{}", sheets_line(&kit.sheets));
    Ok(())
}

/// `STEM.JOB.pdf` beside the kit's `STEM.pdf`.
fn job_path(kit: &Path, job: &str) -> PathBuf {
    let stem = kit
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "kit".into());
    kit.with_file_name(format!("{stem}.{job}.pdf"))
}

pub fn preview(args: &PreviewArgs) -> Result<(), Failure> {
    if !(args.dpi.is_finite() && (10.0..=1200.0).contains(&args.dpi)) {
        return Err(Failure::option("--dpi", "must be between 10 and 1200"));
    }
    let (_, doc) = plan(&args.kit)?;
    let out = &args.out_dir;
    std::fs::create_dir_all(out).map_err(|e| {
        Failure::new(Diagnostic::error(
            out.display().to_string(),
            format!("cannot create folder: {e}"),
        ))
    })?;
    for (i, page) in doc.pages.iter().enumerate() {
        let png = render::png(&doc, page, args.dpi)?;
        let path = out.join(format!("page-{:02}.png", i + 1));
        write_atomically(&path, &png)?;
        println!("{}", path.display());
    }
    Ok(())
}
