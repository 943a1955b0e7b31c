//! Fonts, text measurement, Markdown and line breaking.
//!
//! Layout code measures with [`FontSet::width`] and the backends draw with
//! [`FontSet::shape`]: both run the same rustybuzz shaping over the same
//! parsed faces, so what is measured is what is printed. Rich text is a
//! list of [`Span`]s; [`markdown_blocks`] makes them from Markdown and
//! [`set_paragraph`] / [`break_lines`] set them into lines.

pub mod fonts;
mod hyphenation;
pub mod markdown;
pub mod paragraph;

pub use fonts::{FontSet, Glyph};
pub use hyphenation::{Hyphenation, SOFT_HYPHEN};
pub use markdown::markdown_blocks;
pub use paragraph::{
    Align, Line, Lines, ParagraphStyle, Run, SetParagraph, break_lines, fit_size, place_lines,
    set_line, set_paragraph, set_paragraph_styled, set_paragraph_upto, spans_ascent, spans_descent,
    spans_from,
};

use super::FontRole;

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
