//! The pieces: how many of each kind a kit needs (from the checked setup,
//! the switched-on options and the spares), and how one piece is drawn in
//! each shape. The two sides and the king differ in their ring pattern and
//! symbol as well as in colour, so a black-and-white print stays playable.

use crate::error::Failure;
use crate::kit::component::{Component, Context, Part, Planned, Room, Share};
use crate::kit::error::KitError;
use crate::kit::packing::Flow;
use crate::kit::plan::PIECE_GAP;
use crate::kit::turn_track;
use crate::layout::draw;
use crate::layout::frame::Frame;
use crate::layout::text::FontSet;
use crate::layout::{FontRole, Item, PathCmd, Rgb};
use crate::rules::Variant;
use crate::theme::{PieceShape, Theme};
use crate::units::{Mm, Point, Pt, Rect, Size};
use crate::words::{Msg, Words};

/// Something cut out and put on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    King,
    Defender,
    Attacker,
    /// Tafel's skilled play: marks the turn on the turn track.
    TurnMarker,
}

/// How many of one token a kit has, and its size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceKind {
    pub token: Token,
    pub count: usize,
    pub size: Mm,
}

/// The kinds of pieces a kit contains, largest first.
/// `marker` is the turn marker's size (see [`turn_track::marker_size`]).
pub fn piece_kinds(
    variant: &Variant,
    king: Mm,
    piece: Mm,
    marker: Mm,
    spares: u32,
) -> Vec<PieceKind> {
    let (attackers, defenders, kings) = variant.piece_counts();
    let spares = spares as usize;
    let mut kinds = vec![
        PieceKind {
            token: Token::King,
            count: kings,
            size: king,
        },
        PieceKind {
            token: Token::Defender,
            count: defenders + spares,
            size: piece,
        },
        PieceKind {
            token: Token::Attacker,
            count: attackers + spares,
            size: piece,
        },
    ];
    if variant.turn_limit().is_some() {
        kinds.push(PieceKind {
            token: Token::TurnMarker,
            count: 1,
            size: marker,
        });
    }
    kinds.retain(|k| k.count > 0);
    kinds.sort_by(|a, b| b.size.0.total_cmp(&a.size.0));
    kinds
}

/// Colours of a token: fill and ink.
fn paints(token: Token, theme: &Theme) -> (Rgb, Rgb) {
    let c = &theme.colours;
    match token {
        Token::King | Token::TurnMarker => (c.king_fill, c.king_ink),
        Token::Defender => (c.defender_fill, c.defender_ink),
        Token::Attacker => (c.attacker_fill, c.attacker_ink),
    }
}

/// The outline of a shield `size` wide and tall, top-left at `at`.
pub fn shield_path(at: Point, size: Mm) -> Vec<PathCmd> {
    let x0 = at.x + size * 0.06;
    let x1 = at.x + size * 0.94;
    let y0 = at.y;
    let shoulder = at.y + size * 0.42;
    let cx = at.x + size / 2.0;
    let tip = at.y + size;
    vec![
        PathCmd::MoveTo(Point::new(x0, y0)),
        PathCmd::LineTo(Point::new(x1, y0)),
        PathCmd::LineTo(Point::new(x1, shoulder)),
        PathCmd::CubicTo(
            Point::new(x1, at.y + size * 0.72),
            Point::new(cx + size * 0.2, at.y + size * 0.9),
            Point::new(cx, tip),
        ),
        PathCmd::CubicTo(
            Point::new(cx - size * 0.2, at.y + size * 0.9),
            Point::new(x0, at.y + size * 0.72),
            Point::new(x0, shoulder),
        ),
        PathCmd::Close,
    ]
}

/// How far a sticker's print runs past its cut line, so a slightly
/// misaligned cut leaves no white rim.
pub const STICKER_BLEED: Mm = Mm(1.5);

/// Draws one piece in the `size` × `size` cell at `at`, with its cut line.
pub fn draw_piece(
    token: Token,
    shape: PieceShape,
    size: Mm,
    at: Point,
    theme: &Theme,
    fonts: &FontSet,
    sticker: bool,
) -> Vec<Item> {
    let mut items = piece_face(token, shape, size, at, theme, fonts, sticker);
    items.push(draw::stroked(
        piece_outline(shape, size, at),
        draw::cut_line(),
    ));
    items
}

/// The outline of a piece in the `size` × `size` cell at `at`.
pub fn piece_outline(shape: PieceShape, size: Mm, at: Point) -> Vec<PathCmd> {
    let cell = Rect::new(at.x, at.y, size, size);
    match shape {
        PieceShape::Disc => draw::circle_path(cell.center(), size / 2.0),
        PieceShape::Shield => shield_path(at, size),
        PieceShape::Square => draw::rect_path(cell),
    }
}

/// A piece as printed, without its cut line: ground, ring pattern and
/// the theme's art (or symbol). The diagrams of the leaflet and the cards
/// draw their pieces with this too, so a child can match a figure's
/// pieces to the ones on the table.
pub fn piece_face(
    token: Token,
    shape: PieceShape,
    size: Mm,
    at: Point,
    theme: &Theme,
    fonts: &FontSet,
    sticker: bool,
) -> Vec<Item> {
    let (fill, ink) = paints(token, theme);
    let cell = Rect::new(at.x, at.y, size, size);
    let c = cell.center();
    let r = size / 2.0;
    let mut items = Vec::new();
    let outline = piece_outline(shape, size, at);
    if sticker {
        items.push(draw::filled(draw::circle_path(c, r + STICKER_BLEED), fill));
    } else {
        items.push(draw::filled(outline, fill));
    }
    // The ring pattern: solid for the defenders, dashed for the
    // attackers, double for the king; it shows in any shade.
    let ring_r = r * 0.80;
    let ring_c = match shape {
        PieceShape::Shield => Point::new(c.x, at.y + size * 0.42),
        _ => c,
    };
    let ring_r = if shape == PieceShape::Shield {
        size * 0.30
    } else {
        ring_r
    };
    let mut ring = draw::pen(ink, size * 0.04);
    match token {
        Token::Attacker => {
            ring.dash = vec![size * 0.08, size * 0.06];
            items.push(draw::stroked(draw::circle_path(ring_c, ring_r), ring));
        }
        Token::Defender => {
            items.push(draw::stroked(draw::circle_path(ring_c, ring_r), ring));
        }
        Token::King | Token::TurnMarker => {
            items.push(draw::stroked(
                draw::circle_path(ring_c, ring_r),
                ring.clone(),
            ));
            items.push(draw::stroked(
                draw::circle_path(ring_c, ring_r * 0.84),
                ring,
            ));
        }
    }
    let art = match token {
        Token::King => theme.art.king.as_ref(),
        Token::Defender => theme.art.defender.as_ref(),
        Token::Attacker => theme.art.attacker.as_ref(),
        Token::TurnMarker => None,
    };
    let inner = Rect::new(
        ring_c.x - ring_r * 0.7,
        ring_c.y - ring_r * 0.7,
        ring_r * 1.4,
        ring_r * 1.4,
    );
    match (art, token) {
        (Some(art), _) => items.push(crate::layout::art::place(art, inner)),
        (None, Token::TurnMarker) => items.extend(marker_word(
            ring_c,
            ring_r * 0.84,
            ink,
            fonts,
            &theme.words().say(Msg::MarkerWord),
        )),
        (None, _) => items.extend(symbol(token, inner, ink)),
    }
    items
}

/// The turn marker's word, as large as fits inside its inner ring
/// (radius `r`, less the ring's own width) and never under 7 pt; a token
/// too small for that gets an arrow pointing at its cell instead.
fn marker_word(c: Point, r: Mm, ink: Rgb, fonts: &FontSet, word: &str) -> Vec<Item> {
    // The text's box (advance by cap height) must lie inside the circle:
    // half-diagonal at most the radius, with a little air.
    let room = r * 0.9;
    let mut size = (r * 0.9).to_pt();
    let fits = |size: Pt| {
        let st = draw::style(FontRole::Bold, size, ink);
        let (w, h) = (fonts.width(&st, word), fonts.cap_height(&st));
        ((w / 2.0).0.powi(2) + (h / 2.0).0.powi(2)).sqrt() <= room.0
    };
    while !fits(size) && size > Pt(7.0) {
        size -= Pt(0.25);
    }
    if fits(size) {
        let st = draw::style(FontRole::Bold, size, ink);
        let w = fonts.width(&st, word);
        let h = fonts.cap_height(&st);
        return vec![draw::text(
            word,
            st,
            Point::new(c.x - w / 2.0, c.y + h / 2.0),
        )];
    }
    let d = r * 0.6;
    vec![draw::filled(
        draw::polygon(&[
            Point::new(c.x, c.y - d),
            Point::new(c.x + d, c.y + d * 0.6),
            Point::new(c.x - d, c.y + d * 0.6),
        ]),
        ink,
    )]
}

/// The plain symbol of a token with no art: a crown for the king, a dot
/// for a defender, a diamond for an attacker.
fn symbol(token: Token, r: Rect, ink: Rgb) -> Vec<Item> {
    let c = r.center();
    match token {
        Token::King => {
            let w = r.w * 0.9;
            let h = r.h * 0.6;
            let x0 = c.x - w / 2.0;
            let y1 = c.y + h / 2.0;
            let y0 = c.y - h / 2.0;
            let pts = [
                Point::new(x0, y1),
                Point::new(x0, y0),
                Point::new(x0 + w * 0.25, c.y),
                Point::new(c.x, y0 - h * 0.1),
                Point::new(x0 + w * 0.75, c.y),
                Point::new(x0 + w, y0),
                Point::new(x0 + w, y1),
            ];
            vec![draw::filled(draw::polygon(&pts), ink)]
        }
        Token::Defender => vec![draw::filled(draw::circle_path(c, r.w * 0.22), ink)],
        Token::Attacker | Token::TurnMarker => {
            let d = r.w * 0.32;
            let pts = [
                Point::new(c.x, c.y - d),
                Point::new(c.x + d, c.y),
                Point::new(c.x, c.y + d),
                Point::new(c.x - d, c.y),
            ];
            vec![draw::filled(draw::polygon(&pts), ink)]
        }
    }
}

/// The pieces on the card sheets (unless they go on sticker sheets):
/// one grid of cells for each kind of piece, flowed into the room the
/// other parts leave.
pub struct Pieces {
    pub kinds: Vec<PieceKind>,
    shape: PieceShape,
}

/// Makes the pieces for the card sheets; none when they are stickers.
pub fn make(
    cx: &Context,
    _made: &[Box<dyn Component>],
) -> Result<Option<Box<dyn Component>>, KitError> {
    if cx.options.sticker {
        return Ok(None);
    }
    Ok(Some(Box::new(Pieces {
        kinds: kinds_for(cx),
        shape: cx.sizes.shape,
    })))
}

/// The kinds of pieces of the kit in `cx`, largest first.
pub fn kinds_for(cx: &Context) -> Vec<PieceKind> {
    piece_kinds(
        cx.variant,
        cx.sizes.king,
        cx.sizes.piece,
        turn_track::marker_size(cx.sizes.square),
        cx.options.spares,
    )
}

impl Component for Pieces {
    fn name(&self) -> &'static str {
        "pieces"
    }
    fn room(&self) -> Room {
        let inner = if self.shape == PieceShape::Square {
            // Square tokens share their cut lines.
            Mm::ZERO
        } else {
            PIECE_GAP
        };
        Room::CardCells(
            self.kinds
                .iter()
                .map(|k| Flow {
                    cell: k.size,
                    inner,
                    count: k.count,
                })
                .collect(),
        )
    }
    fn layout(&self, cx: &Context, _kit: &Planned, part: Part) -> Result<Frame, KitError> {
        let Part::Cell { flow } = part else {
            return Err(Failure::internal("pieces are cells").into());
        };
        let kind = self
            .kinds
            .get(flow)
            .ok_or_else(|| Failure::internal("no such piece"))?;
        let items = draw_piece(
            kind.token,
            self.shape,
            kind.size,
            Point::new(Mm::ZERO, Mm::ZERO),
            cx.theme,
            cx.fonts,
            false,
        );
        Ok(Frame::with_items(Size::new(kind.size, kind.size), items))
    }
    fn describe(&self, cx: &Context, _set: usize, share: &Share) -> Vec<String> {
        describe_pieces(&self.kinds, cx.theme, share)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The pieces a sheet has, named in the theme's words ("12 defenders").
pub fn describe_pieces(kinds: &[PieceKind], theme: &Theme, share: &Share) -> Vec<String> {
    let n = &theme.names;
    let words: &Words = theme.words();
    let g = &words.grammar;
    share
        .cells
        .iter()
        .filter(|&&(_, count)| count > 0)
        .filter_map(|&(k, count)| {
            let kind = kinds.get(k)?;
            // The cover lists them as what a page has: the object of the
            // sentence ("Seite 4 enthält den König"), in the accusative
            // where the language has one.
            let case = Some("acc");
            Some(match kind.token {
                // There is one king: "the king", never "one king".
                Token::King if count == 1 || n.king.proper => g.definite(&n.king, case),
                Token::King => g.count(count as i64, &n.king, case),
                Token::Defender => g.count(count as i64, &n.defender, case),
                Token::Attacker => g.count(count as i64, &n.attacker, case),
                Token::TurnMarker => words.say(Msg::PartTurnMarker),
            })
        })
        .collect()
}
