//! The rules leaflet: introduction, numbered rules, engine-checked figures,
//! imposed as a folded booklet on one or two sheets.
//!
//! The text is the Markdown of [`rules_text::rules_markdown`] (what
//! `taflkit rules` prints), flowed onto half-sheet pages by
//! [`flow`]; the figures come from [`figures`]; [`impose`] puts the
//! pages on the sheets.

pub mod figures;
pub mod flow;
pub mod impose;

use crate::error::Failure;
use crate::kit::KitOptions;
use crate::kit::rules_text;
use crate::layout::Page;
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
    let markdown = rules_text::rules_markdown(variant, theme)?;
    let figures = figures::figures(variant, theme)?;
    flow::flow(&markdown, &figures, theme, paper, fonts)
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
