//! The turn track of Tafel's skilled play, on the board's border (as the
//! variant's rules say: "the board carries a numbered turn track along one
//! side"): a band below the bottom coordinates with numbered cells on which
//! the turn marker counts the defenders' turns up to the limit. The board
//! draws it ([`crate::kit::board`]); this module holds its geometry.
//!
//! Cells are half a square wide (a whole square when half would not hold
//! the marker), so no cell ever straddles a seam between board sections:
//! seams fall between squares.

use crate::kit::plan::STANDARD_DISCS;
use crate::layout::draw;
use crate::layout::text::{self, FontSet, Span};
use crate::layout::{FontRole, Item};
use crate::theme::Theme;
use crate::units::{Mm, Point, Pt, Rect};
use crate::words::{Args, Msg};

/// Room between the marker and its cell's sides.
const MARKER_ROOM: Mm = Mm(1.5);
/// The marker is small beside the pieces: it sits in a cell of the track.
const MARKER_MAX: Mm = Mm(12.0);
/// Gap between the bottom coordinates and the track.
const GAP: Mm = Mm(1.0);

/// A turn track of `turns` cells on a board of `n` squares of `square`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Track {
    pub turns: u32,
    pub n: usize,
    pub square: Mm,
}

impl Track {
    /// Cells to a square: two when half a square holds the marker.
    fn per_square(&self) -> usize {
        if self.square / 2.0 >= Mm(10.0) + MARKER_ROOM {
            2
        } else {
            1
        }
    }

    /// Side of one (square) cell.
    pub fn cell(&self) -> Mm {
        self.square / self.per_square() as f64
    }

    /// Rows of cells, and cells in each row (the rows as even as they can
    /// be, so the track reads as one block).
    fn rows(&self) -> (usize, usize) {
        let room = (self.n * self.per_square()).max(1);
        let turns = (self.turns as usize).max(1);
        let rows = turns.div_ceil(room);
        (rows, turns.div_ceil(rows))
    }

    /// How much the track adds below the board's bottom border.
    pub fn depth(&self) -> Mm {
        self.cell() * self.rows().0 as f64 + GAP * 2.0
    }

    /// The first cell column (in cells from the board's left edge): the
    /// track ends at the right edge, leaving its caption room on the left.
    fn first_column(&self) -> usize {
        let room = self.n * self.per_square();
        room.saturating_sub(self.rows().1)
    }

    /// Cell of turn `t` (1-based) in band coordinates: x from the board's
    /// left playing edge, y from the top of the track.
    pub fn cell_rect(&self, t: u32) -> Rect {
        let (_, per_row) = self.rows();
        let i = (t.max(1) - 1) as usize;
        let (row, col) = (i / per_row, i % per_row);
        let c = self.cell();
        Rect::new(
            c * (self.first_column() + col) as f64,
            GAP + c * row as f64,
            c,
            c,
        )
    }

    /// Room left of the cells for the caption, from the board's left
    /// playing edge.
    pub fn caption_room(&self) -> Mm {
        self.cell() * self.first_column() as f64
    }
}

/// The turn marker's diameter for a board of squares `square`: the
/// largest standard wooden disc that fits a track cell with room.
pub fn marker_size(square: Mm) -> Mm {
    let cell = Track {
        turns: 1,
        n: 1,
        square,
    }
    .cell();
    let fits = (cell - MARKER_ROOM).min(MARKER_MAX);
    STANDARD_DISCS
        .iter()
        .copied()
        .find(|d| d.0 <= fits.0 + 1e-9)
        .unwrap_or(fits)
}

/// The track's cells, numbers and caption, in band coordinates (see
/// [`Track::cell_rect`]), with `caption_width` the room the caption may
/// use without crossing a seam.
pub fn draw_track(track: &Track, caption_width: Mm, theme: &Theme, fonts: &FontSet) -> Vec<Item> {
    let c = &theme.colours;
    let mut items = Vec::new();
    let num = draw::style(FontRole::Label, Pt(9.0), c.text);
    for t in 1..=track.turns {
        let r = track.cell_rect(t);
        items.push(draw::filled(draw::rect_path(r), c.square_light));
        items.push(draw::stroked(
            draw::rect_path(r),
            draw::pen(c.grid, Mm(0.3)),
        ));
        items.push(draw::text_centred(fonts, &t.to_string(), num, r.center()));
    }
    // The caption, left of the cells: what the track is and how the
    // marker moves, in the theme's words. Left out where it would not fit
    // at 7 pt (a custom board with no room beside the cells).
    let room = caption_width.min(track.caption_room()) - Mm(3.0);
    let height = track.depth() - GAP * 2.0;
    let words = theme.words();
    let spans = [
        Span::new(
            format!("{} ", words.say(Msg::TurnTrackTitle)),
            FontRole::Bold,
        ),
        Span::new(
            words.say_with(
                Msg::TurnTrackText,
                &Args::new().text("defenders", words.the_many(&theme.names.defenders)),
            ),
            FontRole::Body,
        ),
    ];
    let mut size = Pt(9.0);
    while size >= Pt(7.0) && room > Mm::ZERO {
        let set = text::set_paragraph(
            fonts,
            &spans,
            size,
            c.text,
            room,
            1.2,
            Point::new(Mm(1.5), GAP),
        );
        if set.height <= height {
            items.extend(set.items);
            break;
        }
        size -= Pt(0.5);
    }
    items
}
