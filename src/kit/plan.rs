//! The kit plan: the sizes a kit is made at, the board's sections, the
//! pieces, cards and extras, and where each of them goes on the card
//! sheets. Everything the cover says about the page plan comes from here.

use crate::error::Failure;
use crate::kit::KitOptions;
use crate::kit::board::{self, Board, Cells, Seam};
use crate::kit::cards::{self, Card};
use crate::kit::packing::{self, Flow, Packing};
use crate::kit::pieces::{self, PieceKind};
use crate::layout::draw;
use crate::layout::paper::Paper;
use crate::layout::text::FontSet;
use crate::layout::{Item, Page, Transform};
use crate::rules::{Side, Variant};
use crate::theme::{PieceShape, Theme};
use crate::units::{Mm, Point, Rect, Size};

/// The cutting gap between items on a card sheet.
pub const GAP: Mm = Mm(4.0);
/// The gap between pieces in a grid of discs or shields.
pub const PIECE_GAP: Mm = Mm(2.0);
/// Largest number of board sections we call sensible.
pub const MAX_SECTIONS: usize = 12;
/// Height kept free at the foot of a sticker sheet for its note.
pub const STICKER_NOTE: Mm = Mm(8.0);
/// Smallest piece anyone can cut out and pick up.
pub const MIN_PIECE: Mm = Mm(8.0);

/// The sizes a kit is made at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sizes {
    pub square: Mm,
    pub king: Mm,
    pub piece: Mm,
    pub shape: PieceShape,
}

fn round_half(x: Mm) -> Mm {
    Mm((x.0 * 2.0).round() / 2.0)
}

fn check_length(option: &str, v: Mm) -> Result<(), Failure> {
    if v.0.is_finite() && v.0 > 0.0 {
        Ok(())
    } else {
        Err(Failure::option(
            option,
            format!("must be a positive number of millimetres, not {}", v.0),
        ))
    }
}

/// Resolves the sizes: options first, then the theme's, scaled down for
/// boards bigger than 11 × 11 so the board stays about 300 mm across; the
/// square defaults to the king's size plus 2 mm, rounded up to a whole
/// millimetre, so the king fits with room.
pub fn sizes(variant: &Variant, theme: &Theme, options: &KitOptions) -> Result<Sizes, Failure> {
    let n = variant.size.max(1);
    let scale = (11.0 / n as f64).min(1.0);
    let king = match options.king_size {
        Some(k) => {
            check_length("--king-mm", k)?;
            k
        }
        None => round_half(theme.pieces.king_size * scale),
    };
    let piece = match options.piece_size {
        Some(p) => {
            check_length("--piece-mm", p)?;
            p
        }
        None => round_half(theme.pieces.piece_size * scale),
    };
    for (name, v) in [("--king-mm", king), ("--piece-mm", piece)] {
        if v.0 < MIN_PIECE.0 {
            return Err(Failure::option(
                name,
                format!(
                    "{} mm pieces are too small to cut out and pick up; use at least {} mm",
                    v.0, MIN_PIECE.0
                ),
            ));
        }
    }
    let square = match options.square {
        Some(s) => {
            check_length("--square-mm", s)?;
            s
        }
        None => Mm((king.max(piece).0 + 2.0).ceil()),
    };
    for (name, v, what) in [("--king-mm", king, "king"), ("--piece-mm", piece, "pieces")] {
        if v.0 > square.0 + 1e-9 {
            let (option, hint) = if options.square.is_some() && name_given(options, name) {
                (
                    name,
                    format!("use smaller pieces or --square-mm {}", (v.0 + 2.0).ceil()),
                )
            } else if options.square.is_some() {
                (
                    "--square-mm",
                    format!("use --square-mm {} or more", (v.0 + 2.0).ceil()),
                )
            } else {
                (name, "use smaller pieces".to_string())
            };
            return Err(Failure::option(
                option,
                format!(
                    "the {what} ({} mm) would not fit on {} mm squares; {hint}",
                    v.0, square.0
                ),
            ));
        }
    }
    let mut shape = options.shape.unwrap_or(theme.pieces.shape);
    if options.sticker {
        if options.shape.is_some_and(|s| s != PieceShape::Disc) {
            return Err(Failure::option(
                "--sticker",
                "sticker sheets are round, for wooden discs; leave out --shape or use --shape disc",
            ));
        }
        shape = PieceShape::Disc;
    }
    Ok(Sizes {
        square,
        king,
        piece,
        shape,
    })
}

fn name_given(options: &KitOptions, name: &str) -> bool {
    match name {
        "--king-mm" => options.king_size.is_some(),
        "--piece-mm" => options.piece_size.is_some(),
        _ => false,
    }
}

/// One thing placed on a card sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Component {
    Section(usize),
    Card(usize),
    TurnTrack,
}

/// The whole plan of the card (and sticker) sheets.
pub struct Plan {
    pub sizes: Sizes,
    pub board: Board,
    pub tiling: Vec<Cells>,
    pub seams: Vec<Seam>,
    pub kinds: Vec<PieceKind>,
    pub cards: Vec<Card>,
    pub turn_track: Option<u32>,
    /// What each packed rectangle is, in the packer's item order.
    pub components: Vec<(Component, Size)>,
    pub flows: Vec<Flow>,
    /// The card sheets.
    pub packing: Packing,
    /// Sheets of stickers, when the pieces go on sticker paper.
    pub stickers: Option<Packing>,
    pub paper: Paper,
    pub mono: bool,
}

impl Plan {
    pub fn card_sheets(&self) -> usize {
        self.packing.sheets
    }
    pub fn sticker_sheets(&self) -> usize {
        self.stickers.as_ref().map_or(0, |p| p.sheets)
    }
    /// The sheets (0-based) a component landed on.
    pub fn sheet_of(&self, c: Component) -> Option<usize> {
        let i = self.components.iter().position(|(x, _)| *x == c)?;
        self.packing
            .placed
            .iter()
            .find(|p| p.item == i)
            .map(|p| p.sheet)
    }
}

fn flows_for(kinds: &[PieceKind], shape: PieceShape, sticker: bool) -> Vec<Flow> {
    // A sticker's cell holds its bleed too.
    let bleed = if sticker {
        pieces::STICKER_BLEED * 2.0
    } else {
        Mm::ZERO
    };
    let inner = if sticker {
        Mm(1.0)
    } else if shape == PieceShape::Square {
        Mm::ZERO
    } else {
        PIECE_GAP
    };
    kinds
        .iter()
        .map(|k| Flow {
            cell: k.size + bleed,
            inner,
            count: k.count,
        })
        .collect()
}

/// Plans the card sheets: sizes, board sections, pieces, cards, extras,
/// and the packing that puts them on the fewest sheets.
pub fn plan(
    variant: &Variant,
    theme: &Theme,
    options: &KitOptions,
    fonts: &FontSet,
) -> Result<Plan, Failure> {
    let sizes = sizes(variant, theme, options)?;
    let n = variant.size;
    let board = Board {
        n,
        square: sizes.square,
    };
    let space = packing_area(options.paper).size();
    let candidates = board::tilings(&board, space);
    let Some(first) = candidates.first() else {
        return Err(Failure::option(
            "--square-mm",
            format!(
                "{} mm squares are too big for {}: not even one square with its border fits the printable area",
                sizes.square.0,
                options.paper.name()
            ),
        ));
    };
    if first.len() > MAX_SECTIONS {
        return Err(Failure::option(
            "--square-mm",
            format!(
                "with {} mm squares the {n}×{n} board is {:.0} mm across and would need {} sections on {} (at most {MAX_SECTIONS} make sense); use smaller squares",
                sizes.square.0,
                board.size().w.0,
                first.len(),
                options.paper.name()
            ),
        ));
    }
    let kinds = pieces::piece_kinds(variant, sizes.king, sizes.piece, options.spares);
    let flows = flows_for(&kinds, sizes.shape, options.sticker);
    let cards = vec![
        cards::card(variant, theme, Side::Attackers, fonts)?,
        cards::card(variant, theme, Side::Defenders, fonts)?,
    ];
    let turn_track = pieces::skilled_play_turns(variant);
    let mut extras: Vec<(Component, Size)> = cards
        .iter()
        .enumerate()
        .map(|(i, c)| (Component::Card(i), c.size))
        .collect();
    if let Some(t) = turn_track {
        extras.push((Component::TurnTrack, pieces::turn_track_size(t)));
    }
    let card_flows: &[Flow] = if options.sticker { &[] } else { &flows };

    // Fewest sheets first, then fewest sections, then shortest seams: the
    // candidates come sorted by sections and seams, so the first tiling
    // that reaches a sheet count is the one kept for it.
    // The best packing so far, with the tiling and components it packed.
    type Best = (Packing, Vec<Cells>, Vec<(Component, Size)>);
    let mut best: Option<Best> = None;
    for tiling in candidates.iter().take(400) {
        let mut comps: Vec<(Component, Size)> = tiling
            .iter()
            .enumerate()
            .map(|(i, c)| (Component::Section(i), board.section_size(*c)))
            .collect();
        comps.extend(extras.iter().copied());
        let sizes_only: Vec<Size> = comps.iter().map(|c| c.1).collect();
        let Some(p) = packing::pack(&sizes_only, card_flows, space, GAP) else {
            continue;
        };
        let lower = packing::area_lower_bound(&sizes_only, card_flows, space);
        let better = best.as_ref().is_none_or(|b| p.sheets < b.0.sheets);
        if better {
            let done = p.sheets <= lower;
            best = Some((p, tiling.clone(), comps));
            if done {
                break;
            }
        }
    }
    let Some((packing, tiling, components)) = best else {
        return Err(Failure::option(
            "--paper",
            format!(
                "the kit's parts do not fit on {} sheets",
                options.paper.name()
            ),
        ));
    };
    let stickers = if options.sticker {
        // The sheet's foot keeps a line for the alignment note.
        let room = Size::new(space.w, space.h - STICKER_NOTE);
        Some(packing::pack(&[], &flows, room, GAP).ok_or_else(|| {
            Failure::option("--king-mm", "the pieces do not fit on a sticker sheet")
        })?)
    } else {
        None
    };
    let seams = board::seams(&tiling);
    Ok(Plan {
        sizes,
        board,
        tiling,
        seams,
        kinds,
        cards,
        turn_track,
        components,
        flows,
        packing,
        stickers,
        paper: options.paper,
        mono: options.mono,
    })
}

/// Where card-sheet items may go: the printable area less half a cut
/// line, so cut lines on an item's edge stay printable too.
pub fn packing_area(paper: Paper) -> Rect {
    Paper::printable(paper.size()).inset(draw::CUT_WIDTH / 2.0)
}

/// Wraps items drawn at the origin so they land in `rect` on the page,
/// turned a quarter clockwise when `rotated`.
fn place(items: Vec<Item>, rect: Rect, rotated: bool) -> Item {
    let t = if rotated {
        Transform::translate(rect.x + rect.w, rect.y).then(Transform::rotate(90.0))
    } else {
        Transform::translate(rect.x, rect.y)
    };
    draw::group(t, items)
}

/// The pieces of one packing's blocks, drawn.
fn piece_items(
    plan: &Plan,
    packing: &Packing,
    sheet: usize,
    offset: Point,
    theme: &Theme,
    fonts: &FontSet,
    sticker: bool,
) -> Vec<Item> {
    let mut items = Vec::new();
    for block in packing.blocks.iter().filter(|b| b.sheet == sheet) {
        let flow = &plan.flows[block.flow];
        let kind = &plan.kinds[block.flow];
        for k in 0..block.count {
            let mut at = packing::cell_origin(block, flow, k);
            if sticker {
                at = at.offset(pieces::STICKER_BLEED, pieces::STICKER_BLEED);
            }
            items.extend(pieces::draw_piece(
                kind.token,
                plan.sizes.shape,
                kind.size,
                at.offset(offset.x, offset.y),
                theme,
                fonts,
                sticker,
            ));
        }
    }
    items
}

/// The card sheets (and sticker sheets) as pages, numbered from
/// `first_sheet` (1-based) in their labels.
pub fn pages(
    plan: &Plan,
    variant: &Variant,
    theme: &Theme,
    fonts: &FontSet,
    first_sheet: usize,
) -> Vec<Page> {
    let page = plan.paper.size();
    let printable = packing_area(plan.paper);
    let offset = printable.origin();
    let section_draw = board::SectionDraw {
        board: plan.board,
        tiling: &plan.tiling,
        seams: &plan.seams,
        variant,
        theme,
        fonts,
        mono: plan.mono,
    };
    let mut pages = Vec::new();
    for sheet in 0..plan.packing.sheets {
        let mut items = Vec::new();
        for p in plan.packing.placed.iter().filter(|p| p.sheet == sheet) {
            let rect = Rect::new(p.rect.x + offset.x, p.rect.y + offset.y, p.rect.w, p.rect.h);
            let drawn = match plan.components[p.item].0 {
                Component::Section(i) => board::draw_section(&section_draw, i),
                Component::Card(i) => plan.cards[i].items.clone(),
                Component::TurnTrack => {
                    pieces::draw_turn_track(plan.turn_track.unwrap_or(30), theme, fonts)
                }
            };
            items.push(place(drawn, rect, p.rotated));
        }
        items.extend(piece_items(
            plan,
            &plan.packing,
            sheet,
            offset,
            theme,
            fonts,
            false,
        ));
        pages.push(Page {
            size: page,
            label: format!("Sheet {} · card", first_sheet + sheet),
            items,
        });
    }
    if let Some(st) = &plan.stickers {
        for sheet in 0..st.sheets {
            let mut items = piece_items(plan, st, sheet, offset, theme, fonts, true);
            let note = draw::style(crate::layout::FontRole::Italic, 8.0, theme.colours.text);
            let msg = "Sticker sheet: print on plain paper first and hold it against the sticker sheet to check the circles line up.";
            let w = fonts.width(&note, msg);
            let x = printable.x + (printable.w - w).max(Mm::ZERO) / 2.0;
            items.push(draw::text(
                msg,
                note,
                Point::new(x, printable.bottom() - fonts.descent(&note)),
            ));
            pages.push(Page {
                size: page,
                label: format!(
                    "Sheet {} · sticker paper",
                    first_sheet + plan.packing.sheets + sheet
                ),
                items,
            });
        }
    }
    pages
}
