//! The rules leaflet: introduction, numbered rules, engine-checked figures,
//! imposed as a folded booklet on one or two sheets.
//!
//! SKELETON: the leaflet work fills this in, keeping the signature.

use crate::error::Failure;
use crate::kit::KitOptions;
use crate::layout::Page;
use crate::layout::text::FontSet;
use crate::rules::Variant;
use crate::theme::Theme;

/// The leaflet's printed sides, imposed (two per sheet: outside, inside).
pub fn sheets(
    variant: &Variant,
    theme: &Theme,
    options: &KitOptions,
    fonts: &FontSet,
) -> Result<Vec<Page>, Failure> {
    let _ = (variant, theme, options, fonts);
    Ok(Vec::new())
}
