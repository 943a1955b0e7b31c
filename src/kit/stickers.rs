//! Sticker sheets: with `sticker`, the pieces go on sheets of their own,
//! as round stickers for wooden discs, each printed a little past its cut
//! line, with a note at the foot on checking the alignment first.

use crate::error::Failure;
use crate::kit::component::{Component, Context, Part, Planned, Room, Stock};
use crate::kit::error::KitError;
use crate::kit::packing::Flow;
use crate::kit::pieces::{self, PieceKind, STICKER_BLEED};
use crate::kit::plan::{STICKER_NOTE, packing_area};
use crate::layout::draw;
use crate::layout::frame::Frame;
use crate::layout::{FontRole, Item};
use crate::theme::PieceShape;
use crate::units::{Mm, Point, Pt, Size};
use crate::words::Msg;

/// Gap between two stickers on the sheet.
const STICKER_GAP: Mm = Mm(1.0);

/// The sticker sheets: the kit's pieces as round stickers.
pub struct Stickers {
    pub kinds: Vec<PieceKind>,
}

/// Makes the sticker sheets when the kit asks for stickers.
pub fn make(
    cx: &Context,
    _made: &[Box<dyn Component>],
) -> Result<Option<Box<dyn Component>>, KitError> {
    if !cx.options.sticker {
        return Ok(None);
    }
    Ok(Some(Box::new(Stickers {
        kinds: pieces::kinds_for(cx),
    })))
}

impl Component for Stickers {
    fn name(&self) -> &'static str {
        "sticker sheets"
    }
    fn room(&self) -> Room {
        Room::OwnSheets {
            stock: Stock::StickerPaper,
            // A sticker's cell holds its bleed too.
            cells: self
                .kinds
                .iter()
                .map(|k| Flow {
                    cell: k.size + STICKER_BLEED * 2.0,
                    inner: STICKER_GAP,
                    count: k.count,
                })
                .collect(),
            foot: STICKER_NOTE,
        }
    }
    fn layout(&self, cx: &Context, _kit: &Planned, part: Part) -> Result<Frame, KitError> {
        match part {
            Part::Cell { flow } => {
                let kind = self
                    .kinds
                    .get(flow)
                    .ok_or_else(|| Failure::internal("no such sticker"))?;
                let cell = kind.size + STICKER_BLEED * 2.0;
                let items = pieces::draw_piece(
                    kind.token,
                    PieceShape::Disc,
                    kind.size,
                    Point::new(STICKER_BLEED, STICKER_BLEED),
                    cx.theme,
                    cx.fonts,
                    true,
                );
                Ok(Frame::with_items(Size::new(cell, cell), items))
            }
            Part::Foot => Ok(note(cx)),
            _ => Err(Failure::internal("stickers are cells and a foot note").into()),
        }
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The alignment note, centred in the strip at the sheet's foot.
fn note(cx: &Context) -> Frame {
    let area = packing_area(cx.options.paper);
    let size = Size::new(area.w, STICKER_NOTE);
    let style = draw::style(FontRole::Italic, Pt(8.0), cx.theme.colours.text);
    let msg = cx.theme.words().say(Msg::StickerNote);
    let msg = msg.as_str();
    let w = cx.fonts.width(&style, msg);
    let x = (size.w - w).max(Mm::ZERO) / 2.0;
    let items: Vec<Item> = vec![draw::text(
        msg,
        style,
        Point::new(x, size.h - cx.fonts.descent(&style)),
    )];
    Frame::with_items(size, items)
}
