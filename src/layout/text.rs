//! Fonts, text measurement and line breaking.
//!
//! SKELETON: the typesetting work replaces the approximate metrics below
//! with real shaping (rustybuzz) over the bundled fonts, keeping these
//! signatures. Layout code measures with [`FontSet::width`] and the backends
//! draw with [`FontSet::shape`], so what is measured is what is printed.

use std::sync::Arc;

use super::{FontRole, Item, Text, TextStyle};
use crate::layout::Rgb;
use crate::units::{Mm, Point, Pt};

/// The four faces a document uses, as font file bytes.
#[derive(Clone)]
pub struct FontSet {
    faces: [Arc<Vec<u8>>; 4],
}

impl std::fmt::Debug for FontSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FontSet").finish_non_exhaustive()
    }
}

/// One shaped glyph, positioned relative to the previous glyph's pen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glyph {
    pub id: u16,
    /// Byte offset in the source text of the cluster this glyph draws.
    pub cluster: u32,
    pub x_advance: Mm,
    pub x_offset: Mm,
    pub y_offset: Mm,
}

fn role_index(role: FontRole) -> usize {
    match role {
        FontRole::Heading => 0,
        FontRole::Body => 1,
        FontRole::Bold => 2,
        FontRole::Italic => 3,
    }
}

impl FontSet {
    /// The bundled default fonts.
    pub fn builtin() -> FontSet {
        let empty = Arc::new(Vec::new());
        FontSet {
            faces: [empty.clone(), empty.clone(), empty.clone(), empty],
        }
    }

    /// Replaces one face with a font file's bytes (a theme's own font).
    pub fn with_face(mut self, role: FontRole, bytes: Vec<u8>) -> Result<FontSet, String> {
        self.faces[role_index(role)] = Arc::new(bytes);
        Ok(self)
    }

    /// The font file behind a role, for embedding.
    pub fn face_bytes(&self, role: FontRole) -> &[u8] {
        &self.faces[role_index(role)]
    }

    /// Advance width of `text` set in `style`.
    pub fn width(&self, style: &TextStyle, text: &str) -> Mm {
        style.size.to_mm() * 0.5 * text.chars().count() as f64
    }

    /// Distance from the baseline up to the top of tall letters.
    pub fn ascent(&self, style: &TextStyle) -> Mm {
        style.size.to_mm() * 0.75
    }

    /// Distance from the baseline down to the bottom of descenders.
    pub fn descent(&self, style: &TextStyle) -> Mm {
        style.size.to_mm() * 0.25
    }

    /// Glyphs for `text` in `role` at `size`, for the backends.
    pub fn shape(&self, _role: FontRole, size: Pt, text: &str) -> Vec<Glyph> {
        text.char_indices()
            .map(|(i, _)| Glyph {
                id: 0,
                cluster: i as u32,
                x_advance: size.to_mm() * 0.5,
                x_offset: Mm(0.0),
                y_offset: Mm(0.0),
            })
            .collect()
    }
}

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
