//! The turn track of Tafel's skilled play: numbered cells on which the
//! turn marker (one of the pieces) counts the turns up to the limit. Only
//! in kits with skilled play switched on.

use crate::kit::component::{Component, Context, Part, Planned, Room, Share};
use crate::kit::error::KitError;
use crate::layout::draw;
use crate::layout::frame::Frame;
use crate::layout::text::FontSet;
use crate::layout::{FontRole, Item};
use crate::theme::Theme;
use crate::units::{Mm, Point, Pt, Rect, Size};

/// The turn track of a kit: how many turns it counts.
pub struct TurnTrack {
    pub turns: u32,
}

/// Makes the turn track when skilled play is on.
pub fn make(
    cx: &Context,
    _made: &[Box<dyn Component>],
) -> Result<Option<Box<dyn Component>>, KitError> {
    Ok(cx
        .variant
        .turn_limit()
        .map(|turns| Box::new(TurnTrack { turns }) as Box<dyn Component>))
}

impl Component for TurnTrack {
    fn name(&self) -> &'static str {
        "turn track"
    }
    fn room(&self) -> Room {
        Room::Card(vec![vec![turn_track_size(self.turns)]])
    }
    fn layout(&self, cx: &Context, _kit: &Planned, _part: Part) -> Result<Frame, KitError> {
        Ok(Frame::with_items(
            turn_track_size(self.turns),
            draw_turn_track(self.turns, cx.theme, cx.fonts),
        ))
    }
    fn describe(&self, _cx: &Context, _set: usize, share: &Share) -> Vec<String> {
        if share.rects.is_empty() {
            Vec::new()
        } else {
            vec!["the turn track".into()]
        }
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// Cells in the turn track of skilled play, in two rows.
const TRACK_CELL: Mm = Mm(11.0);

/// Size of the skilled-play turn track strip.
pub fn turn_track_size(turns: u32) -> Size {
    let per_row = turns.div_ceil(2).max(1) as f64;
    Size::new(TRACK_CELL * per_row, TRACK_CELL * 2.0 + Mm(6.0))
}

/// The turn track: numbered cells 1…`turns` and a caption; the marker
/// moves one cell each turn.
pub fn draw_turn_track(turns: u32, theme: &Theme, fonts: &FontSet) -> Vec<Item> {
    let size = turn_track_size(turns);
    let c = &theme.colours;
    let mut items = vec![draw::filled(
        draw::rect_path(Rect::new(Mm::ZERO, Mm::ZERO, size.w, size.h)),
        c.square_light,
    )];
    let cap = draw::style(FontRole::Heading, Pt(8.0), c.text);
    items.push(draw::text_centred(
        fonts,
        "Turn track",
        cap,
        Point::new(size.w / 2.0, Mm(3.0)),
    ));
    let num = draw::style(FontRole::Body, Pt(8.0), c.text);
    let per_row = turns.div_ceil(2).max(1);
    for t in 1..=turns {
        let i = (t - 1) % per_row;
        let j = (t - 1) / per_row;
        let r = Rect::new(
            TRACK_CELL * i as f64,
            Mm(6.0) + TRACK_CELL * j as f64,
            TRACK_CELL,
            TRACK_CELL,
        );
        items.push(draw::stroked(
            draw::rect_path(r),
            draw::pen(c.grid, Mm(0.3)),
        ));
        items.push(draw::text_centred(fonts, &t.to_string(), num, r.center()));
    }
    items.push(draw::stroked(
        draw::rect_path(Rect::new(Mm::ZERO, Mm::ZERO, size.w, size.h)),
        draw::cut_line(),
    ));
    items
}
