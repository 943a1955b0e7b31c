//! `taflkit build` and `taflkit preview`: resolve the variant and theme,
//! plan the kit, draw it, write it where `-o` says, in the format its
//! extension names.

use std::path::{Path, PathBuf};

use super::args::{
    BuildArgs, DuplexArg, KitArgs, MAX_SPARES, PIECE_MM, PaperArg, PartArg, PreviewArgs, SQUARE_MM,
    ShapeArg,
};
use super::config;
use super::report;
use super::target::{self, Inputs};
use crate::error::{Diagnostic, Failure};
use crate::kit::{self, Dimension, Kit, KitError, KitOptions, KitPart, SheetCounts};
use crate::layout::Duplex;
use crate::layout::paper::Paper;
use crate::render;
use crate::rules::{self, Variant};
use crate::theme::{PieceShape, Theme};
use crate::units::Mm;
use crate::words::Lang;

/// The variant a bare `taflkit build` makes.
pub const DEFAULT_VARIANT: &str = "york";
/// The theme used when neither the command line nor the variant names one.
pub const DEFAULT_THEME: &str = "viking";

/// A kit's inputs, resolved and checked, ready to lay out.
pub struct Resolved {
    pub variant: Variant,
    pub theme: Theme,
    pub options: KitOptions,
    /// The parts `--only` asked for (empty: the whole kit).
    pub only: Vec<KitPart>,
    /// The files and folders read, which no output may overwrite.
    pub inputs: Inputs,
}

/// A length option checked against its bounds, with the value shown short
/// (`1e308`, never three hundred digits).
fn length_option(
    name: &str,
    value: Option<f64>,
    (lo, hi): (f64, f64),
) -> Result<Option<Mm>, Failure> {
    match value {
        None => Ok(None),
        Some(v) if v.is_finite() && (lo..=hi).contains(&v) => Ok(Some(Mm(v))),
        Some(v) => Err(Failure::option(
            name,
            format!(
                "must be a number of millimetres from {} to {}, not {}",
                report::mm(lo),
                report::mm(hi),
                report::mm(v)
            ),
        )),
    }
}

/// A built-in id typed in any case (`York`) is the built-in, unless a file
/// or folder of exactly that name exists.
pub fn builtin_id(arg: &str, ids: &[&str]) -> String {
    if Path::new(arg).exists() {
        return arg.to_string();
    }
    ids.iter()
        .find(|id| id.eq_ignore_ascii_case(arg))
        .map_or_else(|| arg.to_string(), |id| id.to_string())
}

/// Reads a variant (built-in id in any case, or a file), printing its
/// warnings.
pub fn load_variant(arg: &str) -> Result<Variant, Failure> {
    let (variant, warnings) = rules::load(&builtin_id(arg, rules::builtin_ids()))?;
    report::warn_all(&warnings);
    Ok(variant)
}

/// Switches on the optional rules named on the command line (`--option`).
pub fn enable_options(variant: &mut Variant, names: &[String]) -> Result<(), Failure> {
    for name in names {
        match variant
            .options
            .iter_mut()
            .find(|o| o.id.eq_ignore_ascii_case(name))
        {
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
    Ok(())
}

/// Reads a theme (built-in id in any case, or a folder), printing its
/// warnings whether or not it has errors. `asked` is whether the person
/// typed it (`--theme`), so a missing one is named as their option.
pub fn load_theme(arg: &str) -> Result<Theme, Failure> {
    let arg = builtin_id(arg, Theme::builtin_ids());
    if let Some(t) = Theme::builtin(&arg) {
        return Ok(t);
    }
    let path = Path::new(&arg);
    if path.exists() {
        let (theme, warnings) = Theme::load_folder(path)?;
        report::warn_all(&warnings);
        return Ok(theme);
    }
    Theme::load(&arg)
}

/// The theme a kit uses: the one asked for, else the variant's own, else
/// the default.
pub fn theme_arg(asked: Option<&str>, variant: &Variant) -> String {
    asked
        .map(str::to_string)
        .or_else(|| variant.default_theme.clone())
        .unwrap_or_else(|| DEFAULT_THEME.to_string())
}

/// The paper: `--paper`, else `TAFLKIT_PAPER` (read only then, so a
/// bad value cannot spoil a command that names its paper), else the
/// settings file's, else A4. The settings file is read
/// only when it is consulted, so `validate` (which names its papers) and
/// a command line that gives the paper never depend on it.
pub(crate) fn paper_arg(given: Option<PaperArg>) -> Result<PaperArg, Failure> {
    let env = match given {
        Some(_) => None,
        None => config::env_paper()?,
    };
    let (p, from) = match (given, env) {
        (Some(p), _) => (p, "--paper".to_string()),
        (None, Some(p)) => (p, "TAFLKIT_PAPER".to_string()),
        (None, None) => {
            let config = config::load()?;
            match (config.paper, config.path) {
                (Some(p), Some(file)) => (p, file.display().to_string()),
                _ => (PaperArg::default(), "the default".to_string()),
            }
        }
    };
    report::detail(format!("paper {} (from {from})", paper(p).id()));
    Ok(p)
}

/// The language: `--lang`, else `TAFLKIT_LANG` (empty is unset; a bad
/// value is reported under the variable), else the settings file's, else
/// English: the same order as the paper.
pub fn lang_arg(given: Option<&str>) -> Result<Lang, Failure> {
    const VAR: &str = "TAFLKIT_LANG";
    if let Some(code) = given {
        let lang = parse_lang(code).map_err(|m| Failure::option("--lang", m))?;
        report::detail(format!("language {lang} (from --lang)"));
        return Ok(lang);
    }
    if let Some(value) = std::env::var_os(VAR) {
        let value = value
            .to_str()
            .ok_or_else(|| Failure::new(Diagnostic::error(VAR, "is not UTF-8 text")))?;
        if !value.trim().is_empty() {
            let lang = parse_lang(value).map_err(|m| Failure::new(Diagnostic::error(VAR, m)))?;
            report::detail(format!("language {lang} (from {VAR})"));
            return Ok(lang);
        }
    }
    let config = config::load()?;
    let (lang, from) = match (config.lang, config.path) {
        (Some(l), Some(file)) => (l, file.display().to_string()),
        _ => (Lang::english(), "the default".to_string()),
    };
    report::detail(format!("language {lang} (from {from})"));
    Ok(lang)
}

/// A language code as typed, checked against the languages there are.
pub fn parse_lang(code: &str) -> Result<Lang, String> {
    Lang::from_code(code.trim()).ok_or_else(|| {
        let codes = Lang::codes();
        format!(
            "no language '{}'; {}",
            crate::diagnostics::excerpt(code),
            crate::diagnostics::suggestion(code, &codes, |c| format!("'{c}'"))
        )
    })
}

/// The one paper of a single kit (a list is for `build`'s batches).
fn one_paper(given: &[PaperArg]) -> Result<Option<PaperArg>, Failure> {
    match given {
        [] => Ok(None),
        [p] => Ok(Some(*p)),
        _ => Err(Failure::option(
            "--paper",
            "this command makes one kit: give one paper (`taflkit build` takes a list)",
        )),
    }
}

/// The one language of a single kit (a list is for `build`'s batches).
fn one_lang(given: &[String]) -> Result<Option<&str>, Failure> {
    match given {
        [] => Ok(None),
        [l] => Ok(Some(l)),
        _ => Err(Failure::option(
            "--lang",
            "this command makes one kit: give one language (`taflkit build` takes a list)",
        )),
    }
}

pub fn paper(p: PaperArg) -> Paper {
    match p {
        PaperArg::A4 => Paper::A4,
        PaperArg::Letter => Paper::Letter,
        PaperArg::A3 => Paper::A3,
        PaperArg::Tabloid => Paper::Tabloid,
    }
}

fn part(p: PartArg) -> KitPart {
    match p {
        PartArg::Board => KitPart::Board,
        PartArg::Pieces => KitPart::Pieces,
        PartArg::Cards => KitPart::Cards,
        PartArg::Leaflet => KitPart::Leaflet,
        PartArg::Cover => KitPart::Cover,
    }
}

/// The sizes and counts typed, checked against their bounds.
struct Sizes {
    square: Option<Mm>,
    king: Option<Mm>,
    piece: Option<Mm>,
    spares: u32,
}

fn sizes(args: &KitArgs) -> Result<Sizes, Failure> {
    let spares = u32::try_from(args.spares)
        .ok()
        .filter(|n| *n <= MAX_SPARES)
        .ok_or_else(|| {
            Failure::option(
                "--spares",
                format!(
                    "must be a whole number from 0 to {MAX_SPARES} (spare pieces per side), not {}",
                    args.spares
                ),
            )
        })?;
    Ok(Sizes {
        square: length_option("--square-mm", args.square_mm, SQUARE_MM)?,
        king: length_option("--king-mm", args.king_mm, PIECE_MM)?,
        piece: length_option("--piece-mm", args.piece_mm, PIECE_MM)?,
        spares,
    })
}

/// The kit options `args` ask for (on large paper the kit itself shrinks
/// the board to print in one piece: `kit::plan::sizes`).
pub fn kit_options(args: &KitArgs) -> Result<KitOptions, Failure> {
    let s = sizes(args)?;
    let options = KitOptions {
        paper: paper(paper_arg(one_paper(&args.paper)?)?),
        duplex: match args.duplex {
            DuplexArg::Long => Duplex::LongEdge,
            DuplexArg::Short => Duplex::ShortEdge,
        },
        mono: args.mono,
        square: s.square,
        shape: args.shape.map(|s| match s {
            ShapeArg::Disc => PieceShape::Disc,
            ShapeArg::Shield => PieceShape::Shield,
            ShapeArg::Square => PieceShape::Square,
        }),
        king_size: s.king,
        piece_size: s.piece,
        spares: s.spares,
        sticker: args.sticker,
        extras: args.extras,
    };
    Ok(options)
}

/// Lays out the kit `args` ask for in memory, refusals worded with the
/// options to change: everything `build` checks short of writing.
pub fn lay_out(args: &KitArgs, variant: &Variant, theme: &Theme) -> Result<Kit, Failure> {
    let options = kit_options(args)?;
    make_kit(args, variant, theme, &options)
}

fn make_kit(
    args: &KitArgs,
    variant: &Variant,
    theme: &Theme,
    options: &KitOptions,
) -> Result<Kit, Failure> {
    kit::build_kit(variant, theme, options)
        .map_err(kit_failure)
        .map_err(|f| name_the_size_typed(f, args))
}

/// A variant's name is printed on the cover and the leaflet in the
/// theme's fonts: characters they lack are an error at the `name` key of
/// the variant file `shown` (or under the id, for a built-in variant),
/// found by `validate` and `build` alike.
pub fn name_glyphs(variant: &Variant, theme: &Theme, shown: &str) -> Result<(), Failure> {
    let Some(m) = crate::theme::format::missing_message(&theme.fonts, &variant.name) else {
        return Ok(());
    };
    let message = format!("the variant's name {m}");
    let text = crate::diagnostics::read_user_file(Path::new(shown), 1 << 20)
        .ok()
        .and_then(|b| String::from_utf8(b).ok());
    // The value of the first `name = ...` line, where the reader found it.
    let at = text.as_deref().and_then(|t| {
        let mut offset = 0;
        for line in t.split_inclusive('\n') {
            let rest = line.trim_start();
            if let Some(after) = rest.strip_prefix("name") {
                let after_eq = after.trim_start().strip_prefix('=');
                if let Some(v) = after_eq {
                    let value = v.trim_start();
                    return Some(offset + line.len() - value.len());
                }
            }
            offset += line.len();
        }
        None
    });
    let d = match (text.as_deref(), at) {
        (Some(text), Some(at)) => {
            crate::diagnostics::SourceFile { label: shown, text }.error(at, message)
        }
        _ => Diagnostic::error(shown, message),
    };
    Err(Failure::new(d))
}

/// Turns `build`/`preview` arguments into checked inputs. Warnings are
/// printed to standard error here; errors come back.
pub fn resolve(args: &KitArgs) -> Result<Resolved, Failure> {
    // Sizes first: a mistyped option is reported before any file is read.
    sizes(args)?;
    let variant_arg = args.variant.as_deref().unwrap_or(DEFAULT_VARIANT);
    let mut variant = load_variant(variant_arg)?;
    enable_options(&mut variant, &args.options)?;
    let theme_arg = theme_arg(args.theme.as_deref(), &variant);
    let theme = load_theme(&theme_arg)?.in_language(lang_arg(one_lang(&args.lang)?)?)?;
    name_glyphs(&variant, &theme, variant_arg)?;
    let mut inputs = Inputs::default();
    if rules::builtin_source(&builtin_id(variant_arg, rules::builtin_ids())).is_none() {
        inputs.files.push(PathBuf::from(variant_arg));
    }
    if Theme::builtin(&builtin_id(&theme_arg, Theme::builtin_ids())).is_none() {
        inputs.folders.push(PathBuf::from(&theme_arg));
    }
    let options = kit_options(args)?;
    let mut only: Vec<KitPart> = args.only.iter().map(|p| part(*p)).collect();
    only.sort();
    only.dedup();
    Ok(Resolved {
        variant,
        theme,
        options,
        only,
        inputs,
    })
}

/// A kit's warnings under the variant as the person typed it (`my.toml`),
/// where the kit can only name its id.
pub fn named(warnings: &[Diagnostic], typed: Option<&str>) -> Vec<Diagnostic> {
    warnings
        .iter()
        .cloned()
        .map(|mut d| {
            if let Some(t) = typed {
                d.source = t.to_string();
            }
            d
        })
        .collect()
}

/// Resolves and lays out a kit, keeping only the sheets `--only` asked for.
pub fn plan_kit(args: &KitArgs) -> Result<(Resolved, Kit), Failure> {
    let r = resolve(args)?;
    let kit = finish_kit(args, &r)?;
    report::warn_all(&named(&kit.warnings, args.variant.as_deref()));
    Ok((r, kit))
}

/// Lays out a resolved kit, keeping only the sheets `--only` asked for;
/// prints nothing (a batch runs many at once).
pub fn finish_kit(args: &KitArgs, r: &Resolved) -> Result<Kit, Failure> {
    let mut kit = make_kit(args, &r.variant, &r.theme, &r.options)?;
    if !r.only.is_empty() {
        let keep: Vec<bool> = kit
            .parts
            .iter()
            .map(|held| held.iter().any(|p| r.only.contains(p)))
            .collect();
        let mut i = 0;
        kit.document.pages.retain(|_| {
            i += 1;
            keep[i - 1]
        });
        kit.parts
            .retain(|held| held.iter().any(|p| r.only.contains(p)));
        if r.only == [KitPart::Leaflet] {
            // The leaflet alone is one double-sided print job.
            kit.document.duplex = Some(kit.duplex);
        }
        if kit.document.pages.is_empty() {
            return Err(Failure::option(
                "--only",
                "this kit has no sheet holding that part (the pieces are on sticker sheets with --sticker)",
            ));
        }
    }
    Ok(kit)
}

/// The kit names `--square-mm` when the squares are too large; when the
/// person did not type it, the squares followed the pieces, so the message
/// names the size they did type.
fn name_the_size_typed(mut f: Failure, args: &KitArgs) -> Failure {
    if args.square_mm.is_some() {
        return f;
    }
    let typed = if args.king_mm.is_some() {
        "--king-mm"
    } else if args.piece_mm.is_some() {
        "--piece-mm"
    } else {
        return f;
    };
    for d in &mut f.diagnostics {
        if d.source == "--square-mm" && d.line.is_none() {
            d.source = typed.to_string();
            d.message = format!(
                "{} (the squares follow the pieces: 2 mm more than the larger one); use smaller pieces, or give --square-mm too",
                d.message.trim_end_matches("; use smaller squares")
            );
        }
    }
    f
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

/// The default file name: everything that makes this kit differ from
/// another, so a colour and a mono kit (or an A4 and a Letter one) never
/// overwrite each other.
pub fn default_name(r: &Resolved, args: &KitArgs) -> String {
    let mut name = format!(
        "{}-{}-{}",
        r.variant.id,
        file_safe(&r.theme.id),
        r.options.paper.id()
    );
    if r.options.mono {
        name.push_str("-mono");
    }
    if r.options.duplex == Duplex::ShortEdge {
        name.push_str("-short");
    }
    for o in r.variant.options.iter().filter(|o| o.enabled) {
        name.push('-');
        name.push_str(&o.id);
    }
    let sizes = [
        ("square", args.square_mm),
        ("king", args.king_mm),
        ("piece", args.piece_mm),
    ];
    for (what, v) in sizes {
        if let Some(v) = v {
            name.push_str(&format!("-{what}{}", report::mm(v)));
        }
    }
    if let Some(s) = args.shape {
        name.push('-');
        name.push_str(&format!("{s:?}").to_lowercase());
    }
    if r.options.spares > 0 {
        name.push_str(&format!("-spares{}", r.options.spares));
    }
    if r.options.sticker {
        name.push_str("-sticker");
    }
    if r.options.extras {
        name.push_str("-extras");
    }
    for p in &r.only {
        name.push('-');
        name.push_str(&format!("{p:?}").to_lowercase());
    }
    if !r.theme.lang.is_english() {
        name.push('-');
        name.push_str(r.theme.lang.code());
    }
    name
}

/// A theme id taken from a folder name, made safe for a file name.
pub(crate) fn file_safe(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if s.is_empty() { "theme".into() } else { s }
}

/// What `-o` asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// `-o -`: the PDF on standard output.
    Stdout,
    Pdf(PathBuf),
    /// One SVG per page: `STEM-01.svg`, …
    Svg(PathBuf),
    /// One PNG per page: `STEM-01.png`, …
    Png(PathBuf),
}

impl Output {
    /// The output `-o` names, by its extension (in any case); no
    /// extension means a PDF of exactly that name.
    pub fn from_arg(path: &Path) -> Result<Output, Failure> {
        if path.as_os_str() == "-" {
            return Ok(Output::Stdout);
        }
        let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase());
        let stem = || path.with_extension("");
        match ext.as_deref() {
            None | Some("pdf") => Ok(Output::Pdf(path.to_path_buf())),
            Some("svg") => Ok(Output::Svg(stem())),
            Some("png") => Ok(Output::Png(stem())),
            Some(other) => Err(Failure::option(
                "-o",
                format!(
                    "taflkit writes .pdf, .svg or .png, not .{other}; name the file kit.pdf (or kit.svg, kit.png for one file per page)"
                ),
            )),
        }
    }

    /// The files this output writes for a document of `pages` pages.
    pub fn files(&self, pages: usize) -> Vec<PathBuf> {
        let numbered = |stem: &Path, ext: &str| {
            (1..=pages)
                .map(|i| {
                    let mut name = stem.as_os_str().to_owned();
                    name.push(format!("-{i:02}.{ext}"));
                    PathBuf::from(name)
                })
                .collect()
        };
        match self {
            Output::Stdout => Vec::new(),
            Output::Pdf(p) => vec![p.clone()],
            Output::Svg(stem) => numbered(stem, "svg"),
            Output::Png(stem) => numbered(stem, "png"),
        }
    }
}

/// `-o -` to a terminal would scroll binary PDF over it (typst and curl
/// refuse too): only with `--force`.
pub fn refuse_terminal(stdout_is_terminal: bool, force: bool) -> Result<(), Failure> {
    if stdout_is_terminal && !force {
        return Err(Failure::option(
            "-o",
            "'-' writes the PDF to standard output, which is a terminal: pipe or redirect it \
             (-o - | lpr, -o - > kit.pdf), or give --force",
        ));
    }
    Ok(())
}

pub fn build(args: &BuildArgs) -> Result<(), Failure> {
    if super::batch::wanted(args) {
        return super::batch::build(args);
    }
    let output = match &args.output {
        Some(p) => Some(Output::from_arg(p)?),
        None => None,
    };
    if matches!(output, Some(Output::Png(_))) {
        check_dpi(args.dpi)?;
    }
    if output == Some(Output::Stdout) {
        use std::io::IsTerminal;
        refuse_terminal(std::io::stdout().is_terminal(), args.force)?;
    }
    if args.split && !matches!(output, None | Some(Output::Pdf(_))) {
        return Err(Failure::option(
            "--split",
            "writes PDFs beside a kit PDF; give -o NAME.pdf (or no -o)",
        ));
    }
    let (r, kit) = plan_kit(&args.kit)?;
    let output = output.unwrap_or_else(|| {
        Output::Pdf(PathBuf::from(format!(
            "{}.pdf",
            default_name(&r, &args.kit)
        )))
    });
    // The print jobs are checked and rendered before anything is written.
    let mut jobs = Vec::new();
    if let (true, Output::Pdf(path)) = (args.split, &output) {
        for (kind, doc) in kit.job_documents() {
            let file = job_path(path, kind.id());
            let real = target::check(&file, &r.inputs)?;
            jobs.push((file, real, render::pdf(&doc)?));
        }
    }
    // The kit and its jobs are written together, all or nothing.
    write_kit_and(&kit, &output, &r.inputs, args.dpi, &jobs)?;
    if args.kit.only.is_empty() {
        report::note(sheets_line(&kit.sheets));
    } else {
        // The counts are the whole kit's; say what this reprint holds.
        let n = kit.document.pages.len();
        let pages = if n == 1 {
            "1 page".to_string()
        } else {
            format!("{n} pages")
        };
        report::note(format!(
            "{pages} of the kit (whole kit: {})",
            sheets_line(&kit.sheets)
        ));
    }
    Ok(())
}

/// `STEM.JOB.pdf` beside the kit's `STEM.pdf`.
pub fn job_path(kit: &Path, job: &str) -> PathBuf {
    let stem = kit
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "kit".into());
    kit.with_file_name(format!("{stem}.{job}.pdf"))
}

/// Draws the kit in the output's format and writes it, after checking that
/// no target is an input or something other than a file. Prints each path
/// written on standard output.
pub fn write_kit(
    kit: &Kit,
    output: &Output,
    inputs: &Inputs,
    dpi: f64,
) -> Result<Vec<PathBuf>, Failure> {
    write_kit_and(kit, output, inputs, dpi, &[])
}

/// [`write_kit`], writing `extra` files (shown, checked target, bytes)
/// with the kit's in one all-or-nothing write.
fn write_kit_and(
    kit: &Kit,
    output: &Output,
    inputs: &Inputs,
    dpi: f64,
    extra: &[(PathBuf, PathBuf, Vec<u8>)],
) -> Result<Vec<PathBuf>, Failure> {
    if matches!(output, Output::Png(_)) {
        check_dpi(dpi)?;
    }
    let doc = &kit.document;
    let files = output.files(doc.pages.len());
    let targets = files
        .iter()
        .map(|f| target::check(f, inputs))
        .collect::<Result<Vec<_>, _>>()?;
    let started = std::time::Instant::now();
    let contents: Vec<Vec<u8>> = match output {
        Output::Stdout | Output::Pdf(_) => vec![render::pdf(doc)?],
        Output::Svg(_) => doc
            .pages
            .iter()
            .map(|p| render::svg(doc, p).into_bytes())
            .collect(),
        Output::Png(_) => render::pngs(doc, dpi)?,
    };
    report::detail(format!("drawn in {} ms", started.elapsed().as_millis()));
    if *output == Output::Stdout {
        report::out(&contents[0]);
        return Ok(Vec::new());
    }
    let all: Vec<(&Path, &[u8])> = targets
        .iter()
        .zip(&contents)
        .map(|(real, bytes)| (real.as_path(), bytes.as_slice()))
        .chain(
            extra
                .iter()
                .map(|(_, real, b)| (real.as_path(), b.as_slice())),
        )
        .collect();
    target::write_all_atomically(&all)?;
    for file in files.iter().chain(extra.iter().map(|(shown, _, _)| shown)) {
        crate::outln!("{}", report::path(file));
    }
    Ok(files)
}

/// The highest `--dpi`: a page of A3 or Tabloid at 400 dpi is about 30
/// million pixels, drawn in about a second and 300 MB; at 1200 dpi it was
/// 2.6 GB and 12 s a page (docs/performance.md).
pub const MAX_DPI: f64 = 400.0;

pub fn check_dpi(dpi: f64) -> Result<(), Failure> {
    if dpi.is_finite() && (10.0..=MAX_DPI).contains(&dpi) {
        Ok(())
    } else {
        Err(Failure::option(
            "--dpi",
            format!(
                "must be between 10 and {MAX_DPI} dots per inch, not {}",
                report::mm(dpi)
            ),
        ))
    }
}

pub fn preview(args: &PreviewArgs) -> Result<(), Failure> {
    check_dpi(args.dpi)?;
    let (r, kit) = plan_kit(&args.kit)?;
    write_preview(&kit, &args.out_dir, &r.inputs, args.dpi)
}

/// Writes one PNG per page into `out`, `page-01.png`, …
pub fn write_preview(kit: &Kit, out: &Path, inputs: &Inputs, dpi: f64) -> Result<(), Failure> {
    check_dpi(dpi)?;
    let doc = &kit.document;
    let files: Vec<PathBuf> = (1..=doc.pages.len())
        .map(|i| out.join(format!("page-{i:02}.png")))
        .collect();
    let targets = files
        .iter()
        .map(|f| target::check(f, inputs))
        .collect::<Result<Vec<_>, _>>()?;
    let pngs = render::pngs(doc, dpi)?;
    let all: Vec<(&Path, &[u8])> = targets
        .iter()
        .zip(&pngs)
        .map(|(real, png)| (real.as_path(), png.as_slice()))
        .collect();
    // All pages or none, and the folder only if they all are written.
    target::write_all_atomically(&all)?;
    for file in &files {
        crate::outln!("{}", report::path(file));
    }
    Ok(())
}
