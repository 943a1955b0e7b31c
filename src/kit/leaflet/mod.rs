//! The rules leaflet: introduction, numbered rules, engine-checked figures,
//! imposed as a folded booklet on one or two sheets.
//!
//! The text is the Markdown of [`rules_text::rules_markdown_citing`]
//! (what `taflkit rules` prints, with each figure cited where its rule is
//! explained), flowed onto half-sheet pages by
//! [`flow`]; the figures come from [`figures`]; [`impose`] puts the
//! pages on the sheets.

pub mod caption;
pub mod figures;
pub mod flow;
pub mod impose;
pub mod keep;

use crate::error::Failure;
use crate::kit::KitOptions;
use crate::kit::component::{Component, Context, Part, Planned, Room, Stock};
use crate::kit::error::KitError;
use crate::kit::rules_text;
use crate::layout::frame::Frame;
use crate::layout::paper::Paper;
use crate::layout::text::FontSet;
use crate::layout::{Item, Page};
use crate::rules::Variant;
use crate::theme::Theme;
use crate::words::Msg;

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
    Ok(impose::impose_in(
        &pages,
        options.paper,
        options.duplex,
        fonts,
        theme.words(),
    ))
}

/// A component whose pages the leaflet prints after the rules
/// ([`Room::LeafletPages`]): the puzzles, the game record sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hosted {
    /// Its index among the kit's components.
    pub component: usize,
    /// Its name ("puzzles").
    pub name: &'static str,
    /// Its name as the cover prints it.
    pub printed: Msg,
    /// How many leaflet pages it takes.
    pub pages: usize,
    /// Its first leaflet page (1-based).
    pub first: usize,
}

/// The leaflet as a kit component: the rules flowed when it is made (how
/// many sides it takes is known only then), and the pages of the
/// components before it that ask for leaflet pages, on the pages the
/// rules leave blank. With `--extras` it adds a sheet when they do not
/// fit; without, what does not fit is left out (and the cover says so).
/// The sides are imposed when laid out, once every hosted page can be.
pub struct Leaflet {
    /// The rules, a page each (padded with blank pages).
    pages: Vec<Page>,
    hosted: Vec<Hosted>,
    left_out: Vec<Msg>,
    /// Pages in all: a multiple of four.
    total: usize,
    paper: Paper,
    duplex: crate::layout::Duplex,
}

/// Makes the leaflet: flows the rules and finds room for the pages asked
/// for by the components made before it.
pub fn make(
    cx: &Context,
    made: &[Box<dyn Component>],
) -> Result<Option<Box<dyn Component>>, KitError> {
    let pages = pages(cx.variant, cx.theme, cx.options.paper, cx.fonts)?;
    // Blank pages at the end are the padding to a whole folded sheet.
    let used = pages
        .iter()
        .rposition(|p| !p.items.is_empty())
        .map_or(0, |i| i + 1);
    let mut total = impose::padded(pages.len());
    let mut next = used + 1;
    let (mut hosted, mut left_out) = (Vec::new(), Vec::new());
    for (component, c) in made.iter().enumerate() {
        let Room::LeafletPages(n) = c.room() else {
            continue;
        };
        let last = next + n - 1;
        if last > total {
            if !cx.options.extras {
                left_out.push(c.printed_name());
                continue;
            }
            total = impose::padded(last);
        }
        hosted.push(Hosted {
            component,
            name: c.name(),
            printed: c.printed_name(),
            pages: n,
            first: next,
        });
        next += n;
    }
    Ok(Some(Box::new(Leaflet {
        pages,
        hosted,
        left_out,
        total,
        paper: cx.options.paper,
        duplex: cx.options.duplex,
    })))
}

impl Leaflet {
    /// How many leaflet pages (sides) it has.
    pub fn sides(&self) -> usize {
        self.total / 2
    }

    /// The components printed on its pages, in page order.
    pub fn hosted(&self) -> &[Hosted] {
        &self.hosted
    }

    /// The components that asked for pages and found none (no spare
    /// pages, no `--extras`).
    pub fn left_out(&self) -> &[Msg] {
        &self.left_out
    }

    /// Leaflet page `n` (1-based, within `total`): a page of the rules, a
    /// hosted page laid out by its component and numbered like the rules'
    /// pages, or blank.
    fn page(&self, cx: &Context, kit: &Planned, n: usize) -> Result<Vec<Item>, KitError> {
        let size = impose::page_size(self.paper);
        for h in &self.hosted {
            if !(h.first..h.first + h.pages).contains(&n) {
                continue;
            }
            let c = kit
                .components
                .get(h.component)
                .ok_or_else(|| Failure::internal("a hosted page names no component"))?;
            let frame = c.layout(cx, kit, Part::Side(n - h.first))?;
            let mut items = frame.items;
            items.push(flow::page_number(n, size, cx.fonts, cx.theme));
            return Ok(items);
        }
        Ok(self
            .pages
            .get(n - 1)
            .map(|p| p.items.clone())
            .unwrap_or_default())
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
            labels: impose::plan(self.total, self.duplex)
                .iter()
                .map(impose::side_label)
                .collect(),
        }
    }
    fn layout(&self, cx: &Context, kit: &Planned, part: Part) -> Result<Frame, KitError> {
        let Part::Side(i) = part else {
            return Err(Failure::internal("the leaflet is printed sides").into());
        };
        let plan = impose::plan(self.total, self.duplex);
        let side = plan
            .get(i)
            .ok_or_else(|| Failure::internal("no such leaflet side"))?;
        let halves = [
            Some(self.page(cx, kit, side.left)?),
            Some(self.page(cx, kit, side.right)?),
        ];
        let side = impose::impose_side(
            side,
            halves,
            self.total / 4,
            self.paper,
            self.duplex,
            cx.fonts,
            cx.theme.words(),
        );
        Ok(Frame::with_items(side.size, side.items))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
