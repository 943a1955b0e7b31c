//! What the pages the leaflet hosts for other components (the puzzles,
//! the game record sheet) are drawn with: the page's size and the room
//! inside its margins, a heading and a paragraph in the leaflet's type.
//!
//! A hosted page does not know which leaflet page it lands on, so its
//! room keeps the wider (outer) margin on both sides, and it leaves the
//! foot to the leaflet's page number.

use crate::kit::leaflet::impose::page_size;
use crate::layout::paper::{PRINT_MARGIN, Paper};
use crate::layout::text::{
    Align, FontSet, ParagraphStyle, Span, break_lines, place_lines, set_line,
};
use crate::layout::{FontRole, Item, TextStyle};
use crate::theme::Theme;
use crate::units::{Mm, Pt, Rect, Size};

/// Type sizes, as in the leaflet.
pub const HEADING: Pt = Pt(12.5);
pub const BODY: Pt = Pt(9.0);
pub const SMALL: Pt = Pt(8.0);

/// A leaflet page of `paper`.
pub fn size(paper: Paper) -> Size {
    page_size(paper)
}

/// Where a hosted page draws: inside the outer margin on both sides, the
/// leaflet's top margin, and clear of the page number at the foot.
pub fn room(paper: Paper) -> Rect {
    let s = size(paper);
    let side = PRINT_MARGIN + Mm(6.0);
    let top = PRINT_MARGIN + Mm(8.0);
    let bottom = PRINT_MARGIN + Mm(8.0);
    Rect::new(side, top, s.w - side * 2.0, s.h - top - bottom)
}

/// A centred heading whose top is at `y`; returns it and the height used.
pub fn heading(text: &str, room: Rect, y: Mm, theme: &Theme, fonts: &FontSet) -> (Item, Mm) {
    let style = TextStyle {
        font: FontRole::Heading,
        size: HEADING,
        color: theme.colours.accent,
    };
    let ascent = fonts.ascent(&style);
    let item = set_line(
        fonts,
        text,
        style,
        Align::Centre,
        room.x + room.w / 2.0,
        y + ascent,
    );
    (item, HEADING.to_mm() * 1.5)
}

/// A paragraph of `spans` at `size` across `width` from (`x`, `y`, its
/// top); returns its items and height.
pub fn paragraph(
    spans: &[Span],
    size: Pt,
    x: Mm,
    y: Mm,
    width: Mm,
    theme: &Theme,
    fonts: &FontSet,
) -> (Vec<Item>, Mm) {
    let style = ParagraphStyle::new(size, theme.colours.text, 1.3);
    let lines = break_lines(fonts, spans, size, width, Mm::ZERO, Mm::ZERO);
    let ascent = crate::layout::text::spans_ascent(fonts, spans, size);
    let items = place_lines(&lines, &style, x, width, y + ascent);
    (items, style.line_height() * lines.len() as f64)
}
