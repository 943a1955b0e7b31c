//! The rules leaflet: introduction, numbered rules, engine-checked figures,
//! imposed as a folded booklet on one or two sheets.
//!
//! The text is the Markdown of [`rules_text::rules_markdown_citing`]
//! (what `taflkit rules` prints, with each figure cited where its rule is
//! explained), flowed onto half-sheet pages by
//! [`flow`]; the figures come from [`figures`]; [`impose`] puts the
//! pages on the sheets.

pub mod figures;
pub mod flow;
pub mod impose;

use crate::error::Failure;
use crate::kit::KitOptions;
use crate::kit::component::{Component, Context, Part, Planned, Room, Stock};
use crate::kit::error::KitError;
use crate::kit::rules_text;
use crate::layout::Page;
use crate::layout::frame::Frame;
use crate::layout::paper::Paper;
use crate::layout::text::FontSet;
use crate::rules::Variant;
use crate::theme::Theme;

/// The leaflet's pages in reading order, each half a sheet, padded with
/// blank pages to a multiple of four.
pub fn pages(
    variant: &Variant,
    theme: &Theme,
    paper: Paper,
    fonts: &FontSet,
) -> Result<Vec<Page>, Failure> {
    let figures = figures::figures(variant, theme)?;
    let markdown =
        rules_text::rules_markdown_citing(variant, theme, &figures::citations(&figures))?;
    let edition = rules_text::edition(variant, theme);
    flow::flow(&markdown, &figures, edition.as_deref(), theme, paper, fonts)
}

/// The leaflet's printed sides, imposed (two per sheet: outside, inside).
pub fn sheets(
    variant: &Variant,
    theme: &Theme,
    options: &KitOptions,
    fonts: &FontSet,
) -> Result<Vec<Page>, Failure> {
    let pages = pages(variant, theme, options.paper, fonts)?;
    Ok(impose::impose(&pages, options.paper, options.duplex, fonts))
}

/// The leaflet as a kit component: its imposed sides, after the other
/// sheets. How many sides it takes is known only once its text has been
/// flowed, so it is laid out when it is made; the plan then only numbers
/// its sheets.
pub struct Leaflet {
    sides: Vec<Page>,
    paper: Paper,
}

/// Makes the leaflet: flows and imposes it.
pub fn make(cx: &Context) -> Result<Option<Box<dyn Component>>, KitError> {
    Ok(Some(Box::new(Leaflet {
        sides: sheets(cx.variant, cx.theme, cx.options, cx.fonts)?,
        paper: cx.options.paper,
    })))
}

impl Leaflet {
    /// How many leaflet pages (sides) it has.
    pub fn sides(&self) -> usize {
        self.sides.len()
    }
}

impl Component for Leaflet {
    fn name(&self) -> &'static str {
        "rules leaflet"
    }
    fn room(&self) -> Room {
        Room::Sides {
            stock: Stock::Paper,
            size: impose::sheet_size(self.paper),
            double_sided: true,
            labels: self.sides.iter().map(|p| p.label.clone()).collect(),
        }
    }
    fn layout(&self, _cx: &Context, _kit: &Planned, part: Part) -> Result<Frame, KitError> {
        let Part::Side(i) = part else {
            return Err(Failure::internal("the leaflet is printed sides").into());
        };
        let side = self
            .sides
            .get(i)
            .ok_or_else(|| Failure::internal("no such leaflet side"))?;
        Ok(Frame::with_items(side.size, side.items.clone()))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
