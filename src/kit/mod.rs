//! The kit plan: which components a kit has (cover, board sections,
//! pieces, reminder cards, leaflet) and how they are laid out onto sheets.
//! Reads a checked [`Variant`] and a [`Theme`]; produces a
//! [`Document`](crate::layout::Document) for the backends.
//!
//! SKELETON: the kit work fills this in; `build` is the one entry point
//! the CLI and the benchmarks use.

pub mod diagram;
pub mod leaflet;
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
        }
    }
}

/// Plans and lays out a whole kit.
pub fn build(variant: &Variant, theme: &Theme, options: &KitOptions) -> Result<Document, Failure> {
    Ok(Document {
        title: format!("{} — print-and-play kit", variant.name),
        subject: format!("{} in the {} theme", variant.name, theme.name),
        fonts: theme.fonts.clone(),
        pages: Vec::new(),
        duplex: Some(options.duplex),
    })
}
