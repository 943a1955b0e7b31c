//! The kit plan: which components a kit has (cover, board sections,
//! pieces, reminder cards, leaflet) and how they are laid out onto sheets.
//! Reads a checked [`Variant`] and a [`Theme`]; produces a
//! [`Document`](crate::layout::Document) for the backends.
//!
//! `build` is the one entry point the CLI and the benchmarks use; the
//! order of the sheets is cover (paper), card sheets, sticker sheets (when
//! asked for), then the rules leaflet (paper, double-sided).

pub mod board;
pub mod bounds;
pub mod cards;
pub mod cover;
pub mod diagram;
pub mod leaflet;
pub mod packing;
pub mod pieces;
pub mod plan;
pub mod rules_text;

use crate::error::Failure;
use crate::layout::paper::Paper;
use crate::layout::{Document, Duplex};
use crate::rules::Variant;
use crate::theme::{PieceShape, Theme};
use crate::units::Mm;

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
    pub document: Document,
    pub sheets: SheetCounts,
    /// What each page of `document` holds, page by page, so a reprint
    /// (`--only`) can pick the sheets of one part with the whole kit's
    /// numbering.
    pub parts: Vec<Vec<Part>>,
}

/// A part of a kit a person may need to reprint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    Cover,
    Board,
    Pieces,
    /// The reminder cards and the turn track.
    Cards,
    Leaflet,
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

/// Plans and lays out a whole kit.
pub fn build(variant: &Variant, theme: &Theme, options: &KitOptions) -> Result<Document, Failure> {
    build_kit(variant, theme, options).map(|k| k.document)
}

/// Plans and lays out a whole kit and counts its sheets.
pub fn build_kit(variant: &Variant, theme: &Theme, options: &KitOptions) -> Result<Kit, Failure> {
    let theme = effective_theme(theme, options);
    let fonts = theme.fonts.clone();
    let plan = plan::plan(variant, &theme, options, &fonts)?;
    let leaflet = leaflet::sheets(variant, &theme, options, &fonts)?;
    let leaflet_sheets = leaflet.len().div_ceil(2);
    let sheets = SheetCounts {
        card: plan.card_sheets(),
        paper: 1 + leaflet_sheets,
        sticker: plan.sticker_sheets(),
    };
    let layout = cover::PageNumbers {
        cards: plan.card_sheets(),
        stickers: plan.sticker_sheets(),
        leaflet_pages: leaflet.len(),
    };
    let cover = cover::cover(variant, &theme, options, &plan, &layout, sheets, &fonts)?;
    let mut pages = vec![cover];
    pages.extend(plan::pages(&plan, variant, &theme, &fonts, 2));
    let mut parts = vec![vec![Part::Cover]];
    parts.extend(plan.sheet_parts());
    parts.extend(leaflet.iter().map(|_| vec![Part::Leaflet]));
    let first_leaflet_sheet = 2 + plan.card_sheets() + plan.sticker_sheets();
    for (i, mut page) in leaflet.into_iter().enumerate() {
        let side = if i % 2 == 0 { "side 1" } else { "side 2" };
        let own = if page.label.is_empty() {
            String::new()
        } else {
            format!(" · {}", page.label)
        };
        page.label = format!("Sheet {} · paper, {side}{own}", first_leaflet_sheet + i / 2);
        pages.push(page);
    }
    Ok(Kit {
        document: Document {
            title: format!("{} — print-and-play kit", variant.name),
            subject: format!(
                "{} in the {} theme: cover, board, pieces, reminder cards and rules leaflet",
                variant.name, theme.name
            ),
            fonts,
            pages,
            duplex: Some(options.duplex),
        },
        sheets,
        parts,
    })
}
