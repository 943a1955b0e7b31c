//! The rule sentences: one source for the leaflet, the reminder cards and
//! `taflkit rules`. Rust decides which rules apply; the templates in
//! `templates/` say them in the theme's words.
//!
//! SKELETON: the leaflet work fills this in, keeping the signatures.

use crate::error::Failure;
use crate::rules::{Side, Variant};
use crate::theme::Theme;

/// A titled run of Markdown (a rule, a card section).
#[derive(Clone, Debug, PartialEq)]
pub struct RuleSection {
    pub title: String,
    pub markdown: String,
}

/// The numbered rules of "How to play", in leaflet order.
pub fn rules_sections(variant: &Variant, theme: &Theme) -> Result<Vec<RuleSection>, Failure> {
    let _ = theme;
    Ok(vec![RuleSection {
        title: "Movement".into(),
        markdown: format!("Pieces of {} move like rooks.", variant.name),
    }])
}

/// The short reminder for one player's card, from the same templates.
pub fn card_sections(
    variant: &Variant,
    theme: &Theme,
    side: Side,
) -> Result<Vec<RuleSection>, Failure> {
    let _ = side;
    rules_sections(variant, theme)
}

/// The whole rules text as Markdown, as `taflkit rules` prints it.
pub fn rules_markdown(variant: &Variant, theme: &Theme) -> Result<String, Failure> {
    Ok(rules_sections(variant, theme)?
        .iter()
        .map(|s| format!("## {}\n\n{}\n", s.title, s.markdown))
        .collect::<Vec<_>>()
        .join("\n"))
}
