//! The kit plan: which components a kit has (cover, board sections,
//! pieces, reminder cards, leaflet) and how they are laid out onto sheets.
//! Reads a checked [`Variant`] and a [`Theme`]; produces a
//! [`Document`](crate::layout::Document) for the backends.
//!
//! A kit is a list of components ([`component`]), made in the order of
//! [`COMPONENTS`]: each lays itself out into frames, [`plan`] decides
//! sizes and places, and [`compose`] puts the frames on pages.
//!
//! `build` is the one entry point the CLI and the benchmarks use; the
//! order of the sheets is cover (paper), card sheets, sticker sheets (when
//! asked for), then the rules leaflet (paper, double-sided).

pub mod board;
pub mod bounds;
pub mod cards;
pub mod component;
pub mod compose;
pub mod cover;
pub mod diagram;
pub mod error;
pub mod game_record;
pub mod jobs;
pub mod leaflet;
pub mod leaflet_page;
pub mod memo;
pub mod packing;
pub mod pieces;
pub mod plan;
pub mod puzzle_cache;
pub mod puzzle_page;
pub mod record_sheet;
pub mod rules_text;
pub mod stickers;
pub mod turn_track;

use crate::layout::paper::Paper;
use crate::layout::text::FontSet;
use crate::layout::{Document, Duplex};
use crate::rules::Variant;
use crate::theme::{PieceShape, Theme};
use crate::units::Mm;
use crate::words::{Args, Msg};

pub use component::{Component, Context, Reuse};
pub use error::{Dimension, KitError};

/// Every kind of component a kit can have, in the order their sheets are
/// printed (the shared card sheets come where the first component that
/// uses them stands). A new component is one module and one line here.
pub const COMPONENTS: &[component::Maker] = &[
    cover::make,
    board::make,
    pieces::make,
    cards::make,
    stickers::make,
    // Pages the leaflet prints after the rules: made before it, so it can
    // count them.
    puzzle_page::make,
    record_sheet::make,
    leaflet::make,
];

/// Everything the command line can change about a kit.
#[derive(Clone, Debug)]
pub struct KitOptions {
    pub paper: Paper,
    pub duplex: Duplex,
    pub mono: bool,
    /// Board square size; `None` picks one that fits the largest piece.
    pub square: Option<Mm>,
    /// Piece shape and sizes; `None` takes the theme's.
    pub shape: Option<PieceShape>,
    pub king_size: Option<Mm>,
    pub piece_size: Option<Mm>,
    /// Spare pieces per side.
    pub spares: u32,
    /// Put the pieces on their own sheets, as round stickers for wooden
    /// discs, instead of on the card sheets.
    pub sticker: bool,
    /// Print the puzzles and the record sheet even when the leaflet has
    /// no spare pages for them (a leaflet sheet more); without it they
    /// fill spare pages only.
    pub extras: bool,
}

impl Default for KitOptions {
    fn default() -> KitOptions {
        KitOptions {
            paper: Paper::A4,
            duplex: Duplex::LongEdge,
            mono: false,
            square: None,
            shape: None,
            king_size: None,
            piece_size: None,
            spares: 0,
            sticker: false,
            extras: false,
        }
    }
}

/// How many sheets of each kind a kit takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SheetCounts {
    pub card: usize,
    /// Cover and leaflet.
    pub paper: usize,
    pub sticker: usize,
}

/// A built kit: the document and what it takes to print it.
pub struct Kit {
    /// The whole kit; it asks for no duplex (that would apply to the card
    /// too): each job says how it is printed.
    pub document: Document,
    pub sheets: SheetCounts,
    /// What each page of `document` holds, page by page, so a reprint
    /// (`--only`) can pick the sheets of one part with the whole kit's
    /// numbering.
    pub parts: Vec<Vec<KitPart>>,
    pub jobs: Vec<jobs::Job>,
    /// The flip the leaflet was imposed for.
    pub duplex: Duplex,
    /// What the kit left out and why (a figure no position on the board
    /// shows), for the command line to report; the kit prints nothing.
    pub warnings: Vec<crate::error::Diagnostic>,
}

/// A part of a kit a person may need to reprint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KitPart {
    Cover,
    Board,
    Pieces,
    /// The reminder cards.
    Cards,
    Leaflet,
}

/// Which part of the kit a component belongs to, by its name.
fn kit_part(component: &str) -> Option<KitPart> {
    Some(match component {
        "cover" => KitPart::Cover,
        "board sections" => KitPart::Board,
        "pieces" | "sticker sheets" => KitPart::Pieces,
        "reminder cards" => KitPart::Cards,
        "rules leaflet" => KitPart::Leaflet,
        _ => return None,
    })
}

impl Kit {
    /// One PDF document per print job, for `build --split`.
    pub fn job_documents(&self) -> Vec<(jobs::JobKind, Document)> {
        self.jobs
            .iter()
            .map(|j| (j.kind, jobs::job_document(&self.document, j, self.duplex)))
            .collect()
    }
}

/// The theme as a kit draws it: its black-and-white form when asked
/// (dark attackers, white defenders, a light grey king, greys for the
/// board); the kit adds ring patterns and square patterns on top so
/// nothing depends on shade alone.
pub fn effective_theme(theme: &Theme, options: &KitOptions) -> Theme {
    if options.mono || theme.mono {
        theme.to_mono()
    } else {
        theme.clone()
    }
}

/// The theme's fonts, hyphenating in its language (the narrow card
/// columns need it for long compounds: `Spielhilfekarte`).
fn kit_fonts(theme: &Theme) -> FontSet {
    theme
        .fonts
        .clone()
        .with_hyphenation(crate::words::hyphen::for_kit(
            theme.lang,
            &theme.names.marked,
        ))
}

/// A kit's context, its components and their plan.
type PlannedKit<'a> = (Context<'a>, Vec<Box<dyn Component>>, plan::Plan);

/// Plans the kit at the sizes that pack best ([`plan::candidate_sizes`]):
/// the preferred sizes unless a smaller king saves a card sheet, or
/// prints the board whole for the same card (a 7 × 7 board 201 mm across
/// comes in two sections on A4; on 24 mm squares it is one piece, and a
/// family glues nothing). The smaller size is tried only when it could
/// win: the preferred packing uses more sheets than its parts' area
/// needs, or its board is cut and the smaller board would fit a sheet.
fn planned<'a>(
    variant: &'a Variant,
    theme: &'a Theme,
    options: &'a KitOptions,
    fonts: &'a FontSet,
    reuse: &'a Reuse,
) -> Result<PlannedKit<'a>, KitError> {
    let mut best: Option<PlannedKit<'a>> = None;
    for sizes in plan::candidate_sizes(variant, theme, options)? {
        if let Some((_, c, p)) = &best
            && p.card_sheets() <= p.floor
            && (board_sections(c, p) <= 1 || !board_fits_sheet(variant, sizes, options.paper))
        {
            break;
        }
        let cx = Context {
            variant,
            theme,
            options,
            fonts,
            sizes,
            reuse,
        };
        let components = components(&cx)?;
        // A smaller size that does not pack is no loss: the first is kept.
        let plan = match plan::plan(&cx, &components) {
            Ok(p) => p,
            Err(e) if best.is_none() => return Err(e),
            Err(_) => continue,
        };
        let rank =
            |c: &[Box<dyn Component>], p: &plan::Plan| (p.card_sheets(), board_sections(c, p) > 1);
        if best
            .as_ref()
            .is_none_or(|(_, c, b)| rank(&components, &plan) < rank(c, b))
        {
            best = Some((cx, components, plan));
        }
    }
    best.ok_or_else(|| crate::error::Failure::internal("no sizes to plan at").into())
}

/// How many sections the plan cuts the board into (0 without a board).
fn board_sections(components: &[Box<dyn Component>], plan: &plan::Plan) -> usize {
    let kit = component::Planned { components, plan };
    kit.find::<board::Sections>().map_or(0, |(i, s)| {
        s.tiling(plan.sets.get(i).copied().unwrap_or(0)).len()
    })
}

/// True when the variant's whole board at `sizes` fits one card sheet.
fn board_fits_sheet(variant: &Variant, sizes: plan::Sizes, paper: Paper) -> bool {
    let whole = board::Board::plain(variant.size, sizes.square).size();
    board::fits(whole, plan::packing_area(paper).size())
}

/// The components of the kit in `cx`, in [`COMPONENTS`] order.
pub fn components(cx: &Context) -> Result<Vec<Box<dyn Component>>, KitError> {
    let mut out = Vec::new();
    for make in COMPONENTS {
        if let Some(c) = make(cx, &out)? {
            out.push(c);
        }
    }
    Ok(out)
}

/// Plans a kit and hands its context, components and plan to `look`
/// (for tests and tools that inspect a plan without drawing it).
pub fn with_plan<R>(
    variant: &Variant,
    theme: &Theme,
    options: &KitOptions,
    look: impl FnOnce(&Context, &component::Planned) -> R,
) -> Result<R, KitError> {
    let theme = effective_theme(theme, options);
    let fonts = kit_fonts(&theme);
    let reuse = Reuse::default();
    let (cx, components, plan) = planned(variant, &theme, options, &fonts, &reuse)?;
    Ok(look(
        &cx,
        &component::Planned {
            components: &components,
            plan: &plan,
        },
    ))
}

/// Plans and lays out a whole kit.
pub fn build(variant: &Variant, theme: &Theme, options: &KitOptions) -> Result<Document, KitError> {
    build_kit(variant, theme, options).map(|k| k.document)
}

/// Plans and lays out a whole kit and counts its sheets.
pub fn build_kit(variant: &Variant, theme: &Theme, options: &KitOptions) -> Result<Kit, KitError> {
    let theme = effective_theme(theme, options);
    let fonts = kit_fonts(&theme);
    let reuse = Reuse::default();
    let (cx, components, plan) = planned(variant, &theme, options, &fonts, &reuse)?;
    let pages = compose::compose(&cx, &components, &plan)?;
    let parts = plan
        .sides
        .iter()
        .map(|side| {
            let mut held: Vec<KitPart> = side
                .placements
                .iter()
                .filter_map(|p| components.get(p.component))
                .filter_map(|c| kit_part(c.name()))
                .collect();
            held.sort();
            held.dedup();
            held
        })
        .collect();
    let sheets = SheetCounts {
        card: plan.sheets_of(component::Stock::Card),
        paper: plan.sheets_of(component::Stock::Paper),
        sticker: plan.sheets_of(component::Stock::StickerPaper),
    };
    Ok(Kit {
        document: Document {
            title: theme.words().say_with(
                Msg::PdfTitle,
                &Args::new().text("title", rules_text::title(variant, &theme)),
            ),
            subject: theme.words().say_with(
                Msg::PdfSubject,
                &Args::new()
                    .text("variant", variant.name.clone())
                    .text("theme", theme.name.clone()),
            ),
            lang: theme.lang.code().to_string(),
            fonts,
            pages,
            duplex: None,
        },
        sheets,
        parts,
        jobs: jobs::jobs(&plan),
        duplex: options.duplex,
        warnings: leaflet::figures::left_out(variant),
    })
}
