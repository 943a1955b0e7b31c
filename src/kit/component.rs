//! The component model: every part of a kit (cover, board sections,
//! pieces, reminder cards, turn track, sticker sheets, leaflet) is one
//! [`Component`]. A component says what room it takes ([`Room`]), lays
//! each of its parts out into a [`Frame`] at the frame's own origin, and
//! describes what it puts on a card sheet for the cover's list.
//!
//! The plan ([`crate::kit::plan`]) only decides sizes and where each part
//! goes; [`crate::kit::compose`] then asks the components for their frames
//! and places them on pages. Adding a component is one module that
//! implements this trait and one line in [`crate::kit::COMPONENTS`].

use std::any::Any;
use std::cell::OnceCell;

use crate::kit::KitOptions;
use crate::kit::error::KitError;
use crate::kit::packing::Flow;
use crate::kit::plan::{Plan, Sizes};
use crate::layout::frame::Frame;
use crate::layout::text::FontSet;
use crate::rules::Variant;
use crate::theme::Theme;
use crate::units::{Mm, Size};
use crate::words::Msg;

/// What every component is made from: the checked variant, the theme as
/// drawn (its black-and-white form for mono kits), the options, the fonts
/// and the sizes the kit is made at.
pub struct Context<'a> {
    pub variant: &'a Variant,
    pub theme: &'a Theme,
    pub options: &'a KitOptions,
    pub fonts: &'a FontSet,
    pub sizes: Sizes,
    /// What the components make alike at every size: shared by the
    /// contexts of one build.
    pub reuse: &'a Reuse,
}

/// Parts of a kit that do not depend on its [`Sizes`], made once per
/// build: a kit is planned at up to two sizes (a smaller king when that
/// saves a sheet), and remaking the cards' measured formats and the
/// leaflet's flowed rules for the second was a fifth of a kit's time.
#[derive(Default)]
pub struct Reuse {
    pub(crate) cards: OnceCell<crate::kit::cards::Cards>,
    pub(crate) leaflet: OnceCell<crate::kit::leaflet::BothWays>,
}

impl Reuse {
    /// The value in `cell`, made by `make` when it is still empty; an
    /// error is passed on and the next caller tries again.
    pub(crate) fn get_or_try<T: Clone, E>(
        cell: &OnceCell<T>,
        make: impl FnOnce() -> Result<T, E>,
    ) -> Result<T, E> {
        if let Some(v) = cell.get() {
            return Ok(v.clone());
        }
        let v = make()?;
        Ok(cell.get_or_init(|| v).clone())
    }
}

/// What a sheet is printed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stock {
    Paper,
    Card,
    StickerPaper,
}

impl Stock {
    /// Its name as a kit prints it.
    pub fn msg(self) -> Msg {
        match self {
            Stock::Paper => Msg::StockPaper,
            Stock::Card => Msg::StockCard,
            Stock::StickerPaper => Msg::StockStickerPaper,
        }
    }

    /// Its name in English, for labels the program keeps.
    pub fn name(self) -> &'static str {
        match self {
            Stock::Paper => "paper",
            Stock::Card => "card",
            Stock::StickerPaper => "sticker paper",
        }
    }
}

/// The room a component's parts take.
pub enum Room {
    /// Rectangles packed on the card sheets, shared with the other
    /// components. Several sets may be offered, preferred first (the
    /// board's ways of cutting itself into sections); the plan keeps the
    /// first set that reaches the fewest sheets.
    Card(Vec<Vec<Size>>),
    /// Grids of identical cells (pieces) flowed into the room the
    /// rectangles leave on the card sheets.
    CardCells(Vec<Flow>),
    /// Sheets of its own on `stock`, with grids of cells and a strip of
    /// `foot` height at the foot of each sheet for one more part.
    OwnSheets {
        stock: Stock,
        cells: Vec<Flow>,
        foot: Mm,
    },
    /// Printed sides of its own, each one part as big as the side.
    /// Double-sided components print two sides to a sheet; `labels` says
    /// what each side is ("cover", "Leaflet sheet 1 · outside").
    Sides {
        stock: Stock,
        size: Size,
        double_sided: bool,
        labels: Vec<String>,
    },
    /// Pages of the rules leaflet (each laid out as `Part::Side(i)`, the
    /// size of a leaflet page), after the rules. The leaflet, made after
    /// such components, prints them on its spare pages (or on a sheet it
    /// adds with `--extras`); the plan places nothing for them itself.
    LeafletPages(usize),
}

/// One part of a component, as [`Component::layout`] is asked for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Rectangle `part` of the set the plan chose.
    Rect { set: usize, part: usize },
    /// One cell of grid `flow`.
    Cell { flow: usize },
    /// The strip at the foot of an own sheet.
    Foot,
    /// Printed side `side` (0-based within the component).
    Side(usize),
}

/// What one component has on one card sheet, for the cover's list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Share {
    /// Its rectangles there (indices into the chosen set).
    pub rects: Vec<usize>,
    /// Its cells there: how many of each grid.
    pub cells: Vec<(usize, usize)>,
}

/// A kit's components and the plan made for them: what a component may
/// look at when it lays itself out (the cover reads the whole plan).
pub struct Planned<'a> {
    pub components: &'a [Box<dyn Component>],
    pub plan: &'a Plan,
}

impl Planned<'_> {
    /// The component of type `T`, if the kit has one.
    pub fn find<T: Component>(&self) -> Option<(usize, &T)> {
        self.components
            .iter()
            .enumerate()
            .find_map(|(i, c)| c.as_any().downcast_ref::<T>().map(|t| (i, t)))
    }
}

/// A part of a kit.
pub trait Component: Any {
    /// What it is, in a few words ("board sections").
    fn name(&self) -> &'static str;

    /// The room its parts take.
    fn room(&self) -> Room;

    /// Its name as a kit prints it (the cover's list of extras).
    fn printed_name(&self) -> Msg {
        Msg::PartOther
    }

    /// Lays `part` out at its own origin.
    fn layout(&self, cx: &Context, kit: &Planned, part: Part) -> Result<Frame, KitError>;

    /// What it has on one card sheet, as phrases for the cover
    /// ("board sections 1/4, 2/4"); nothing by default.
    fn describe(&self, cx: &Context, set: usize, share: &Share) -> Vec<String> {
        let _ = (cx, set, share);
        Vec::new()
    }

    /// For [`Planned::find`].
    fn as_any(&self) -> &dyn Any;
}

/// How a component is made for one kit, seeing the components made before
/// it (the leaflet counts the pages it is asked to hold): `None` when the
/// kit has no such component (no turn track without skilled play, say).
pub type Maker =
    fn(&Context, &[Box<dyn Component>]) -> Result<Option<Box<dyn Component>>, KitError>;
