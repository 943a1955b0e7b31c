//! The rules leaflet: introduction, numbered rules, engine-checked figures,
//! imposed as a folded booklet on one or two sheets.
//!
//! The text is the Markdown of [`rules_text::rules_markdown_citing`]
//! (what `taflkit rules` prints, with each figure cited where its rule is
//! explained), flowed onto half-sheet pages by
//! [`flow`]; the figures come from [`figures`]; [`arrange`] decides which
//! page holds what (no page blank: "About this kit" or a game record
//! sheet takes the back cover); [`impose`] puts the pages on the sheets.

pub mod arrange;
pub mod caption;
pub mod figures;
pub mod flow;
pub mod impose;
pub mod keep;

use crate::error::Failure;
use crate::kit::KitOptions;
use crate::kit::component::{Component, Context, Part, Planned, Reuse, Room, Stock};
use crate::kit::error::KitError;
use crate::kit::rules_text;
use crate::layout::frame::Frame;
use crate::layout::paper::Paper;
use crate::layout::text::FontSet;
use crate::layout::{Group, Item, Page, Transform};
use crate::rules::Variant;
use crate::theme::Theme;
use crate::units::Mm;
use crate::words::Msg;

/// The leaflet's pages in reading order, each half a sheet, padded with
/// blank pages to a multiple of four.
pub fn pages(
    variant: &Variant,
    theme: &Theme,
    paper: Paper,
    fonts: &FontSet,
) -> Result<Vec<Page>, Failure> {
    let (figures, markdown) = text(variant, theme)?;
    let edition = rules_text::edition(variant, theme);
    flow::flow(&markdown, &figures, edition.as_deref(), theme, paper, fonts)
}

/// The figures and the whole text (with "About this kit" at its end).
fn text(variant: &Variant, theme: &Theme) -> Result<(Vec<figures::Figure>, String), Failure> {
    let figures = figures::figures(variant, theme)?;
    let markdown =
        rules_text::rules_markdown_citing(variant, theme, &figures::citations(&figures))?;
    Ok((figures, markdown))
}

/// The text split before "About this kit", the last section of
/// `leaflet.md.j2` (its only level-2 heading after "How to play").
fn split_about(markdown: &str) -> Option<(&str, &str)> {
    let at = markdown.rfind("\n## ")?;
    let (rules, about) = markdown.split_at(at + 1);
    (markdown[..at].contains("\n## ")).then_some((rules, about))
}

/// Pages in use: blank pages at the end are the padding to a whole
/// folded sheet.
fn used(pages: &[Page]) -> usize {
    pages
        .iter()
        .rposition(|p| !p.items.is_empty())
        .map_or(0, |i| i + 1)
}

/// The rules flowed both ways ([`arrange::Flowed`]): with "About this
/// kit" at their end, and apart from it (the rules' pages and its own
/// page), when it can stand alone on one page.
#[derive(Clone)]
pub(crate) struct BothWays {
    with_about: Vec<Page>,
    apart: Option<(Vec<Page>, Page)>,
}

fn flow_both_ways(cx: &Context) -> Result<BothWays, Failure> {
    let (figures, markdown) = text(cx.variant, cx.theme)?;
    let edition = rules_text::edition(cx.variant, cx.theme);
    let paper = cx.options.paper;
    let flow = |md: &str, figs: &[figures::Figure], edition: Option<&str>| {
        flow::flow(md, figs, edition, cx.theme, paper, cx.fonts)
    };
    let with_about = flow(&markdown, &figures, edition.as_deref())?;
    let apart = match split_about(&markdown) {
        Some((rules, about)) => {
            let rules = flow(rules, &figures, edition.as_deref())?;
            let mut about = flow(about, &[], None)?;
            (used(&about) == 1).then(|| (rules, about.swap_remove(0)))
        }
        None => None,
    };
    Ok(BothWays { with_about, apart })
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
    /// How many leaflet pages it takes (a record sheet may take more than
    /// it asked for: copies on pages otherwise blank).
    pub pages: usize,
    /// Its first leaflet page (1-based).
    pub first: usize,
}

/// The leaflet as a kit component: the rules flowed when it is made (how
/// many sides it takes is known only then), and the pages of the
/// components before it that ask for leaflet pages, arranged by
/// [`arrange`] so that no page is blank. With `--extras` it adds sheets
/// when they do not fit; without, what does not fit is left out (and the
/// cover says so). The sides are imposed when laid out, once every hosted
/// page can be.
pub struct Leaflet {
    /// The rules, a page each (padded with blank pages).
    pages: Vec<Page>,
    /// "About this kit" on its own page, for the back cover.
    about: Option<Page>,
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
    let both = Reuse::get_or_try(&cx.reuse.leaflet, || flow_both_ways(cx))?;
    let asking: Vec<(usize, &dyn Component, usize)> = made
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match c.room() {
            Room::LeafletPages(n) => Some((i, c.as_ref(), n)),
            _ => None,
        })
        .collect();
    let requests: Vec<usize> = asking.iter().map(|&(_, _, n)| n).collect();
    // Copies of the game record sheet fill pages otherwise blank.
    let filler = asking
        .iter()
        .position(|(_, c, _)| c.printed_name() == Msg::PartRecordSheet);
    let flowed = arrange::Flowed {
        with_about: used(&both.with_about),
        total: both.with_about.len(),
        apart: both.apart.as_ref().map(|(rules, _)| (used(rules), 1)),
    };
    let a = arrange::arrange(flowed, &requests, filler, cx.options.extras);
    let (mut pages, about) = match (a.about_on_back, both.apart) {
        (Some(_), Some((rules, about))) => (rules, Some(about)),
        _ => (both.with_about, None),
    };
    pages.truncate(a.rules);
    let hosted = a
        .slots
        .iter()
        .map(|s| {
            let (component, c, _) = asking[s.request];
            Hosted {
                component,
                name: c.name(),
                printed: c.printed_name(),
                pages: s.pages,
                first: s.first,
            }
        })
        .collect();
    let left_out = a
        .left_out
        .iter()
        .map(|&r| asking[r].1.printed_name())
        .collect();
    Ok(Some(Box::new(Leaflet {
        pages,
        about,
        hosted,
        left_out,
        total: a.total,
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
        if let (Some(about), true) = (&self.about, n == self.total) {
            // Flowed as a first page, it moves to the back cover's
            // margins (mirrored: the back cover's outer edge is its left).
            let dx = flow::content_rect(n, size).x - flow::content_rect(1, size).x;
            return Ok(vec![
                Item::Group(Group::new(
                    Transform::translate(dx, Mm::ZERO),
                    about.items.clone(),
                )),
                flow::page_number(n, size, cx.fonts, cx.theme),
            ]);
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
