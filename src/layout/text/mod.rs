//! Fonts, text measurement and line breaking.
//!
//! SKELETON: the typesetting work replaces the approximate metrics below
//! with real shaping (rustybuzz) over the bundled fonts, keeping these
//! signatures. Layout code measures with [`FontSet::width`] and the backends
//! draw with [`FontSet::shape`], so what is measured is what is printed.

mod fonts;

pub use fonts::{FontSet, Glyph};

use super::{FontRole, Item, Text, TextStyle};
use crate::layout::Rgb;
use crate::units::{Mm, Point, Pt};

/// A run of text in one face, the unit of rich text.
#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    pub text: String,
    pub font: FontRole,
}

impl Span {
    pub fn new(text: impl Into<String>, font: FontRole) -> Span {
        Span {
            text: text.into(),
            font,
        }
    }
}

/// A block of Markdown: what it is and its rich text.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub kind: BlockKind,
    pub spans: Vec<Span>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BlockKind {
    Heading(u8),
    Paragraph,
    /// A list item; `Some(n)` numbered, `None` bulleted.
    ListItem(Option<u64>),
}

/// Parses Markdown (paragraphs, emphasis, headings, lists) into blocks.
pub fn markdown_blocks(md: &str) -> Vec<Block> {
    md.split("\n\n")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| Block {
            kind: BlockKind::Paragraph,
            spans: vec![Span::new(p.replace('\n', " "), FontRole::Body)],
        })
        .collect()
}

/// A paragraph set into lines: the items to draw and the height used.
pub struct SetParagraph {
    pub items: Vec<Item>,
    pub height: Mm,
    pub lines: usize,
}

/// Sets rich text into lines no wider than `width`, the first baseline at
/// `origin.y + ascent`, lines `leading` × size apart.
pub fn set_paragraph(
    fonts: &FontSet,
    spans: &[Span],
    size: Pt,
    color: Rgb,
    width: Mm,
    leading: f64,
    origin: Point,
) -> SetParagraph {
    let style = TextStyle {
        font: FontRole::Body,
        size,
        color,
    };
    let line_h = size.to_mm() * leading;
    let mut items = Vec::new();
    let mut y = origin.y + fonts.ascent(&style);
    let mut lines = 0;
    let words: Vec<(String, FontRole)> = spans
        .iter()
        .flat_map(|s| {
            s.text
                .split_whitespace()
                .map(move |w| (w.to_string(), s.font))
        })
        .collect();
    let mut line = String::new();
    for (w, _) in words {
        let candidate = if line.is_empty() {
            w.clone()
        } else {
            format!("{line} {w}")
        };
        if fonts.width(&style, &candidate) > width && !line.is_empty() {
            items.push(Item::Text(Text {
                origin: Point::new(origin.x, y),
                text: line,
                style,
            }));
            lines += 1;
            y += line_h;
            line = w;
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        items.push(Item::Text(Text {
            origin: Point::new(origin.x, y),
            text: line,
            style,
        }));
        lines += 1;
    }
    SetParagraph {
        items,
        height: line_h * lines as f64,
        lines,
    }
}
