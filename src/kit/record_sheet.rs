//! The game record sheet: a leaflet page to write a game down on, with
//! lines for the players, the date and the winner, a small board with
//! coordinates (the notation's letters and numbers), one sentence on how
//! moves are written, and a numbered move table, one row a turn, its
//! columns headed with the theme's names for the sides in the order they
//! move.

use crate::kit::cards::capitalise;
use crate::kit::component::{Component, Context, Part, Planned, Room};
use crate::kit::diagram;
use crate::kit::error::KitError;
use crate::kit::leaflet_page::{self, BODY, SMALL};
use crate::kit::puzzle_page::board_style;
use crate::layout::draw;
use crate::layout::frame::Frame;
use crate::layout::paper::Paper;
use crate::layout::text::{Align, Span, set_line};
use crate::layout::{FontRole, TextStyle};
use crate::rules::{Side, Variant};
use crate::theme::{Noun, Theme};
use crate::units::{Mm, Point, Rect};
use crate::words::{Args, Msg};

/// The record sheet component.
pub struct RecordSheet {
    paper: Paper,
}

/// Every kit has one (printed where the leaflet has room).
pub fn make(
    cx: &Context,
    _made: &[Box<dyn Component>],
) -> Result<Option<Box<dyn Component>>, KitError> {
    Ok(Some(Box::new(RecordSheet {
        paper: cx.options.paper,
    })))
}

/// Height of one row of the move table: room to write by hand.
pub const ROW: Mm = Mm(6.5);

impl Component for RecordSheet {
    fn name(&self) -> &'static str {
        "game record sheet"
    }
    fn room(&self) -> Room {
        Room::LeafletPages(1)
    }
    fn printed_name(&self) -> Msg {
        Msg::PartRecordSheet
    }
    fn layout(&self, cx: &Context, _kit: &Planned, _part: Part) -> Result<Frame, KitError> {
        Ok(sheet(cx.variant, cx.theme, self.paper))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// "Attackers": a side's bare plural as a column heading.
pub fn heading_name(side: &Noun) -> String {
    capitalise(&side.many)
}

fn sheet(variant: &Variant, theme: &Theme, paper: Paper) -> Frame {
    let fonts = &theme.fonts;
    let c = &theme.colours;
    let room = leaflet_page::room(paper);
    let mut frame = Frame::new(leaflet_page::size(paper));
    let words = theme.words();
    let (title, h) =
        leaflet_page::heading(&words.say(Msg::RecordTitle), room, room.y, theme, fonts);
    frame.push(title);
    let mut y = room.y + h;

    let first = variant.first_to_move();
    let order = [first, first.opponent()];
    let name = |s: Side| match s {
        Side::Attackers => &theme.names.attackers,
        Side::Defenders => &theme.names.defenders,
    };

    // The board beside the fields and the key.
    let board_w = (room.w * 0.42).min(Mm(60.0));
    let board = Rect::new(room.right() - board_w, y, board_w, board_w);
    frame.extend(diagram::draw_styled(
        &variant.setup,
        &[],
        &board_style(variant),
        board,
        theme,
    ));
    let left_w = room.w - board_w - Mm(5.0);
    let label = TextStyle {
        font: FontRole::Body,
        size: BODY,
        color: c.text,
    };
    let rule = draw::pen(c.grid, Mm(0.25));
    let mut fy = y;
    let fields = [
        heading_name(name(order[0])),
        heading_name(name(order[1])),
        words.say(Msg::RecordDate),
        words.say(Msg::RecordWinner),
    ];
    for f in &fields {
        fy += Mm(7.0);
        frame.push(set_line(fonts, f, label, Align::Left, room.x, fy));
        let start = room.x + fonts.width(&label, f) + Mm(2.0);
        frame.push(draw::line(
            Point::new(start, fy + Mm(0.8)),
            Point::new(room.x + left_w, fy + Mm(0.8)),
            rule.clone(),
        ));
    }
    fy += Mm(4.0);
    let key = words.say_with(
        Msg::RecordKey,
        &Args::new().text("side", capitalise(&words.the_many(name(first)))),
    );
    let (items, kh) = leaflet_page::paragraph(
        &[Span::new(key, FontRole::Italic)],
        SMALL,
        room.x,
        fy,
        left_w,
        theme,
        fonts,
    );
    frame.extend(items);
    y = (fy + kh).max(board.bottom()) + Mm(6.0);

    // The move table: two blocks side by side, numbered down each.
    let blocks = 2usize;
    let gap = Mm(6.0);
    let block_w = (room.w - gap) / blocks as f64;
    let number_w = Mm(8.0);
    let head = TextStyle {
        font: FontRole::Bold,
        size: SMALL,
        color: c.text,
    };
    let num = TextStyle {
        font: FontRole::Body,
        size: SMALL,
        color: c.text,
    };
    let rows = ((room.bottom() - y - ROW) / ROW).floor().max(1.0) as usize;
    let col_w = (block_w - number_w) / 2.0;
    for b in 0..blocks {
        let x = room.x + (block_w + gap) * b as f64;
        // Headings, the side that moves first on the left.
        for (i, s) in order.iter().enumerate() {
            frame.push(set_line(
                fonts,
                &heading_name(name(*s)),
                head,
                Align::Centre,
                x + number_w + col_w * (i as f64 + 0.5),
                y + ROW * 0.7,
            ));
        }
        for r in 0..=rows {
            let ry = y + ROW * (r as f64 + 1.0);
            frame.push(draw::line(
                Point::new(x, ry),
                Point::new(x + block_w, ry),
                rule.clone(),
            ));
            if r < rows {
                frame.push(set_line(
                    fonts,
                    &(b * rows + r + 1).to_string(),
                    num,
                    Align::Right,
                    x + number_w - Mm(1.5),
                    ry + ROW * 0.7,
                ));
            }
        }
        // The column rules.
        let bottom = y + ROW * (rows as f64 + 1.0);
        for cx in [x + number_w, x + number_w + col_w] {
            frame.push(draw::line(
                Point::new(cx, y + ROW),
                Point::new(cx, bottom),
                rule.clone(),
            ));
        }
    }
    frame
}
