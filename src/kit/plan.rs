//! The kit plan: the sizes a kit is made at, and where every part of
//! every component goes: packed on the card sheets, on sheets of its own,
//! or as printed sides. It holds sizes and places only; the components
//! draw their parts and [`crate::kit::compose`] puts them on pages.
//! Everything the cover says about the page plan comes from here.

use crate::kit::KitOptions;
use crate::kit::component::{Component, Context, Part, Room, Share, Stock};
use crate::kit::error::{Dimension, KitError};
use crate::kit::memo::Memo;
use crate::kit::packing::{self, Flow, Packing};
use crate::layout::draw;
use crate::layout::frame::Turn;
use crate::layout::paper::{PRINT_MARGIN, Paper};
use crate::rules::Variant;
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

/// Diameters of wooden discs sold for craft and game making, largest
/// first: default piece sizes are always one of these, so the pieces can
/// be stuck on discs anyone can buy.
pub const STANDARD_DISCS: &[Mm] = &[
    Mm(30.0),
    Mm(25.0),
    Mm(22.0),
    Mm(20.0),
    Mm(19.0),
    Mm(18.0),
    Mm(16.0),
    Mm(15.0),
    Mm(12.0),
    Mm(10.0),
];

/// The standard disc diameter nearest to `x` (the larger one on a tie),
/// no larger than `at_most`.
pub fn standard_disc(x: Mm, at_most: Mm) -> Mm {
    STANDARD_DISCS
        .iter()
        .copied()
        .filter(|d| d.0 <= at_most.0 + 1e-9)
        .min_by(|a, b| {
            let (da, db) = ((a.0 - x.0).abs(), (b.0 - x.0).abs());
            da.total_cmp(&db).then(b.0.total_cmp(&a.0))
        })
        .unwrap_or(MIN_PIECE)
}

fn check_length(size: Dimension, v: Mm) -> Result<(), KitError> {
    if v.0.is_finite() && v.0 > 0.0 {
        Ok(())
    } else {
        Err(KitError::NotPositive { size, value: v.0 })
    }
}

/// Resolves the sizes: options first, then the theme's, scaled down for
/// boards bigger than 11 × 11 so the board stays about 300 mm across and
/// snapped to the nearest standard wooden-disc diameter
/// ([`STANDARD_DISCS`]; the pieces never larger than the king); the
/// square defaults to the king's size plus 2 mm, rounded up to a whole
/// millimetre, so the king fits with room.
pub fn sizes(variant: &Variant, theme: &Theme, options: &KitOptions) -> Result<Sizes, KitError> {
    let n = variant.size.max(1);
    let scale = (11.0 / n as f64).min(1.0);
    let king = match options.king_size {
        Some(k) => {
            check_length(Dimension::King, k)?;
            k
        }
        None => standard_disc(theme.pieces.king_size * scale, Mm(f64::INFINITY)),
    };
    let piece = match options.piece_size {
        Some(p) => {
            check_length(Dimension::Piece, p)?;
            p
        }
        None => standard_disc(theme.pieces.piece_size * scale, king),
    };
    for (size, value) in [(Dimension::King, king), (Dimension::Piece, piece)] {
        if value.0 < MIN_PIECE.0 {
            return Err(KitError::PieceTooSmall {
                size,
                value,
                min: MIN_PIECE,
            });
        }
    }
    let square = match options.square {
        Some(s) => {
            check_length(Dimension::Square, s)?;
            s
        }
        None => Mm((king.max(piece).0 + 2.0).ceil()),
    };
    for (size, value, given) in [
        (Dimension::King, king, options.king_size.is_some()),
        (Dimension::Piece, piece, options.piece_size.is_some()),
    ] {
        if value.0 > square.0 + 1e-9 {
            return Err(KitError::PieceTooBig {
                size,
                value,
                square,
                square_given: options.square.is_some(),
                piece_given: given,
            });
        }
    }
    let given =
        options.square.is_some() || options.king_size.is_some() || options.piece_size.is_some();
    let (square, king, piece) = if given {
        (square, king, piece)
    } else {
        one_piece_board(variant.size, options.paper, (square, king, piece))
    };
    let mut shape = options.shape.unwrap_or(theme.pieces.shape);
    if options.sticker {
        if options.shape.is_some_and(|s| s != PieceShape::Disc) {
            return Err(KitError::StickerNotRound);
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

/// On A3 and Tabloid people want the board in one piece. When no size was
/// given and the default board (`square`, `king`, `piece`) is too wide
/// for the sheet, the squares shrink to the largest whole millimetre that
/// fits, the king to the largest standard disc 2 mm under the square and
/// the other pieces with him, to a standard disc too (discs anyone can
/// buy), as long as the king stays at least 12 mm; otherwise the board
/// comes in sections as on smaller paper. Here rather than in the command
/// line, so every kit made on large paper is the one `build` prints.
fn one_piece_board(n: usize, paper: Paper, (square, king, piece): (Mm, Mm, Mm)) -> (Mm, Mm, Mm) {
    let n = n.max(1) as f64;
    let room = paper.size().w.0 - 2.0 * (PRINT_MARGIN.0 + crate::kit::board::BORDER.0);
    if !paper.is_large() || n * square.0 <= room {
        return (square, king, piece);
    }
    let small = Mm((room / n).floor());
    let small_king = STANDARD_DISCS
        .iter()
        .copied()
        .find(|d| d.0 <= king.0.min(small.0 - 2.0) + 1e-9);
    let Some(small_king) = small_king.filter(|k| k.0 >= 12.0) else {
        return (square, king, piece);
    };
    let small_piece = standard_disc(Mm(piece.0 * small_king.0 / king.0), small_king);
    (small, small_king, small_piece)
}

/// The sizes a kit may be made at, preferred first: [`sizes`], then,
/// when no size was given, the king one standard disc smaller (and the
/// square with him) while he stays larger than the other pieces. A 25 mm
/// king on 27 mm squares makes an 11 × 11 board 309 mm across, in four
/// sections on A4; a 22 mm king on 24 mm squares makes it 276 mm, in two:
/// the kit keeps the smaller size only where it saves a card sheet.
pub fn candidate_sizes(
    variant: &Variant,
    theme: &Theme,
    options: &KitOptions,
) -> Result<Vec<Sizes>, KitError> {
    let first = sizes(variant, theme, options)?;
    let mut out = vec![first];
    if options.king_size.is_some() || options.piece_size.is_some() || options.square.is_some() {
        return Ok(out);
    }
    let smaller = STANDARD_DISCS
        .iter()
        .copied()
        .find(|d| d.0 < first.king.0 - 1e-9 && d.0 > first.piece.0 + 1e-9);
    if let Some(king) = smaller {
        out.push(Sizes {
            king,
            square: Mm((king.0 + 2.0).ceil()),
            ..first
        });
    }
    Ok(out)
}

/// Where one part goes: its component (an index into the kit's
/// components), which part, and where on the page, turned how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    pub component: usize,
    pub part: Part,
    pub at: Point,
    pub turn: Turn,
}

/// One printed side of one sheet, in document order.
#[derive(Clone, Debug, PartialEq)]
pub struct SidePlan {
    pub stock: Stock,
    /// 1-based number of the physical sheet.
    pub sheet: usize,
    /// 1 or 2 for double-sided sheets.
    pub side: Option<usize>,
    pub size: Size,
    pub label: String,
    pub placements: Vec<Placement>,
}

/// A rectangle packed on the card sheets: whose, which, how big.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PackedRect {
    pub component: usize,
    pub part: usize,
    pub size: Size,
}

/// The plan of a kit: its sizes, how the card sheets are packed and what
/// goes on every printed side. It holds no drawing.
pub struct Plan {
    pub sizes: Sizes,
    pub paper: Paper,
    /// The set of rectangles kept for each component (0 when it offers
    /// none).
    pub sets: Vec<usize>,
    /// The card-sheet rectangles, in the packer's item order.
    pub rects: Vec<PackedRect>,
    /// The card-sheet grids, in the packer's flow order: (component, its
    /// grid), and the grids themselves.
    pub cell_owners: Vec<(usize, usize)>,
    pub flows: Vec<Flow>,
    /// The card sheets.
    pub packing: Packing,
    /// Every printed side in document order.
    pub sides: Vec<SidePlan>,
    /// The fewest card sheets any packing of these parts could use: their
    /// area over a sheet's.
    pub floor: usize,
}

impl Plan {
    pub fn card_sheets(&self) -> usize {
        self.packing.sheets
    }

    /// How many physical sheets of `stock` the kit takes.
    pub fn sheets_of(&self, stock: Stock) -> usize {
        let mut numbers: Vec<usize> = self
            .sides
            .iter()
            .filter(|s| s.stock == stock)
            .map(|s| s.sheet)
            .collect();
        numbers.dedup();
        numbers.len()
    }

    pub fn sticker_sheets(&self) -> usize {
        self.sheets_of(Stock::StickerPaper)
    }

    /// The first and last page (1-based) where `component` has a part.
    pub fn pages_of(&self, component: usize) -> Option<(usize, usize)> {
        let pages: Vec<usize> = self
            .sides
            .iter()
            .enumerate()
            .filter(|(_, s)| s.placements.iter().any(|p| p.component == component))
            .map(|(i, _)| i + 1)
            .collect();
        Some((*pages.first()?, *pages.last()?))
    }

    /// The first and last page (1-based) of the card sheets.
    pub fn card_pages(&self) -> Option<(usize, usize)> {
        let first = self.sides.iter().position(|s| s.stock == Stock::Card)?;
        Some((first + 1, first + self.card_sheets()))
    }

    /// What `component` has on card sheet `sheet` (0-based).
    pub fn share(&self, component: usize, sheet: usize) -> Share {
        let rects = self
            .packing
            .placed
            .iter()
            .filter(|p| p.sheet == sheet)
            .filter_map(|p| self.rects.get(p.item))
            .filter(|r| r.component == component)
            .map(|r| r.part)
            .collect();
        let cells = self
            .cell_owners
            .iter()
            .enumerate()
            .filter(|(_, (c, _))| *c == component)
            .map(|(fl, &(_, own))| {
                let count = self
                    .packing
                    .blocks
                    .iter()
                    .filter(|b| b.sheet == sheet && b.flow == fl)
                    .map(|b| b.count)
                    .sum();
                (own, count)
            })
            .collect();
        Share { rects, cells }
    }
}

/// Where card-sheet items may go: the printable area less half a cut
/// line, so cut lines on an item's edge stay printable too.
pub fn packing_area(paper: Paper) -> Rect {
    Paper::printable(paper.size()).inset(draw::CUT_WIDTH / 2.0)
}

/// How many combinations of the components' rectangle sets the plan
/// tries at most.
const MAX_TRIES: usize = 3000;

/// The total area of a set of rectangles.
fn total_area(set: &[Size]) -> f64 {
    set.iter().map(|s| s.area()).sum()
}

/// One wheel of the odometer: a component's index and its rectangle sets.
type Wheel<'a> = (usize, &'a Vec<Vec<Size>>);

/// The best card-sheet packing, its choice of rectangle sets and the
/// rectangles it packs: made once per process for the same rectangle
/// sets, grids and printable area. The search tries up to
/// [`MAX_TRIES`] combinations of twelve packings each, and the same
/// inputs come back for every language, colour and theme of a batch whose
/// pieces have the same sizes.
fn best_packing(wheels: &[Wheel], flows: &[Flow], space: Size) -> Option<Best> {
    static FOUND: Memo<Vec<u64>, Option<Best>> = Memo::new();
    // Every input of the search, exactly (sizes by their bits).
    let mut key = vec![space.w.0.to_bits(), space.h.0.to_bits()];
    for f in flows {
        key.extend([f.cell.0.to_bits(), f.inner.0.to_bits(), f.count as u64]);
    }
    for (ci, sets) in wheels {
        key.extend([u64::MAX, *ci as u64]);
        for set in sets.iter() {
            key.push(u64::MAX - 1);
            key.extend(set.iter().flat_map(|s| [s.w.0.to_bits(), s.h.0.to_bits()]));
        }
    }
    (*FOUND.get_or_make(key, || search_packing(wheels, flows, space))).clone()
}

/// The fewest sheets any combination could take: the smallest set of
/// each wheel and every grid on sheets of their own area.
fn floor(wheels: &[Wheel], flows: &[Flow], space: Size) -> usize {
    let smallest: Vec<Size> = wheels
        .iter()
        .flat_map(|(_, sets)| {
            sets.iter()
                .min_by(|a, b| total_area(a).total_cmp(&total_area(b)))
                .cloned()
                .unwrap_or_default()
        })
        .collect();
    packing::area_lower_bound(&smallest, flows, space)
}

/// The packing of [`best_packing`], its set choice and rectangles.
type Best = (Packing, Vec<usize>, Vec<PackedRect>);

/// Tries the combinations of the wheels' rectangle sets: the fewest
/// sheets, then the earliest combination.
fn search_packing(wheels: &[Wheel], flows: &[Flow], space: Size) -> Option<Best> {
    // No combination can do better than the floor: stop once a packing
    // reaches it.
    let floor = floor(wheels, flows, space);
    let mut choice = vec![0usize; wheels.len()];
    // Fewest sheets first, then the earliest combination: the sets come
    // sorted best first, so the first combination that reaches a sheet
    // count is the one kept for it.
    let mut best: Option<Best> = None;
    for _ in 0..MAX_TRIES {
        let mut rects = Vec::new();
        for (w, (ci, sets)) in wheels.iter().enumerate() {
            for (part, size) in sets[choice[w]].iter().enumerate() {
                rects.push(PackedRect {
                    component: *ci,
                    part,
                    size: *size,
                });
            }
        }
        let sizes_only: Vec<Size> = rects.iter().map(|r| r.size).collect();
        if let Some(p) = packing::pack(&sizes_only, flows, space, GAP)
            && best.as_ref().is_none_or(|b| p.sheets < b.0.sheets)
        {
            let done = p.sheets <= floor;
            best = Some((p, choice.clone(), rects));
            if done {
                break;
            }
        }
        // Next combination.
        let mut w = wheels.len();
        loop {
            if w == 0 {
                break;
            }
            w -= 1;
            choice[w] += 1;
            if choice[w] < wheels[w].1.len() {
                break;
            }
            choice[w] = 0;
        }
        if choice.iter().all(|&c| c == 0) {
            break;
        }
    }
    best
}

/// Plans a kit: packs the components' rectangles and cells on the fewest
/// card sheets, packs sheets of their own, and orders every printed side:
/// each component's own sheets where it stands in the list, the shared
/// card sheets where the first component that uses them stands.
pub fn plan(cx: &Context, components: &[Box<dyn Component>]) -> Result<Plan, KitError> {
    let paper = cx.options.paper;
    let area = packing_area(paper);
    let space = area.size();
    let rooms: Vec<Room> = components.iter().map(|c| c.room()).collect();

    // The card sheets' grids, in component order.
    let mut cell_owners = Vec::new();
    let mut flows = Vec::new();
    for (ci, room) in rooms.iter().enumerate() {
        if let Room::CardCells(fl) = room {
            for (k, f) in fl.iter().enumerate() {
                cell_owners.push((ci, k));
                flows.push(*f);
            }
        }
    }
    // Every combination of rectangle sets, first sets first, in the order
    // of an odometer whose last wheel turns fastest.
    let wheels: Vec<Wheel> = rooms
        .iter()
        .enumerate()
        .filter_map(|(i, r)| match r {
            Room::Card(sets) if !sets.is_empty() => Some((i, sets)),
            _ => None,
        })
        .collect();
    let best = best_packing(&wheels, &flows, space);
    let floor = floor(&wheels, &flows, space);
    let uses_cards = rooms
        .iter()
        .any(|r| matches!(r, Room::Card(_) | Room::CardCells(_)));
    let (packing, chosen, rects) = match best {
        Some(b) => b,
        None if !uses_cards => (
            Packing {
                sheets: 0,
                placed: Vec::new(),
                blocks: Vec::new(),
            },
            Vec::new(),
            Vec::new(),
        ),
        None => {
            return Err(KitError::PartsDoNotFit { paper });
        }
    };
    let mut sets = vec![0; components.len()];
    for (w, (ci, _)) in wheels.iter().enumerate() {
        sets[*ci] = chosen.get(w).copied().unwrap_or(0);
    }

    let page = paper.size();
    let mut sides: Vec<SidePlan> = Vec::new();
    let mut sheet_no = 0;
    let mut cards_done = false;
    for (ci, room) in rooms.iter().enumerate() {
        match room {
            // The leaflet places these on its own pages.
            Room::LeafletPages(_) => {}
            Room::Card(_) | Room::CardCells(_) => {
                if cards_done {
                    continue;
                }
                cards_done = true;
                for sheet in 0..packing.sheets {
                    sheet_no += 1;
                    let mut placements = Vec::new();
                    for p in packing.placed.iter().filter(|p| p.sheet == sheet) {
                        let r = rects[p.item];
                        placements.push(Placement {
                            component: r.component,
                            part: Part::Rect {
                                set: sets[r.component],
                                part: r.part,
                            },
                            at: area.origin().offset(p.rect.x, p.rect.y),
                            turn: if p.rotated { Turn::Quarter } else { Turn::None },
                        });
                    }
                    placements.extend(cell_placements(&packing, sheet, &flows, area, |fl| {
                        let (component, flow) = cell_owners[fl];
                        (component, flow)
                    }));
                    sides.push(SidePlan {
                        stock: Stock::Card,
                        sheet: sheet_no,
                        side: None,
                        size: page,
                        label: format!("Sheet {sheet_no} · card"),
                        placements,
                    });
                }
            }
            Room::OwnSheets { stock, cells, foot } => {
                // The sheet's foot keeps a strip for one more part.
                let room = Size::new(space.w, space.h - *foot);
                let own = packing::pack(&[], cells, room, GAP).ok_or(KitError::PiecesDoNotFit)?;
                for sheet in 0..own.sheets {
                    sheet_no += 1;
                    let mut placements = cell_placements(&own, sheet, cells, area, |fl| (ci, fl));
                    if foot.0 > 0.0 {
                        placements.push(Placement {
                            component: ci,
                            part: Part::Foot,
                            at: Point::new(area.x, area.bottom() - *foot),
                            turn: Turn::None,
                        });
                    }
                    sides.push(SidePlan {
                        stock: *stock,
                        sheet: sheet_no,
                        side: None,
                        size: page,
                        label: format!("Sheet {sheet_no} · {}", stock.name()),
                        placements,
                    });
                }
            }
            Room::Sides {
                stock,
                size,
                double_sided,
                labels,
            } => {
                for (i, own) in labels.iter().enumerate() {
                    let side = double_sided.then_some(i % 2 + 1);
                    if side.is_none_or(|s| s == 1) {
                        sheet_no += 1;
                    }
                    let own = if own.is_empty() {
                        String::new()
                    } else {
                        format!(" · {own}")
                    };
                    let label = match side {
                        Some(k) => format!("Sheet {sheet_no} · {}, side {k}{own}", stock.name()),
                        None => format!("Sheet {sheet_no} · {}{own}", stock.name()),
                    };
                    sides.push(SidePlan {
                        stock: *stock,
                        sheet: sheet_no,
                        side,
                        size: *size,
                        label,
                        placements: vec![Placement {
                            component: ci,
                            part: Part::Side(i),
                            at: Point::new(Mm::ZERO, Mm::ZERO),
                            turn: Turn::None,
                        }],
                    });
                }
            }
        }
    }
    Ok(Plan {
        sizes: cx.sizes,
        paper,
        sets,
        rects,
        cell_owners,
        flows,
        packing,
        sides,
        floor,
    })
}

/// The cells of `packing`'s grids on `sheet`, one placement each; `owner`
/// names the component and its grid for a packed grid.
fn cell_placements(
    packing: &Packing,
    sheet: usize,
    flows: &[Flow],
    area: Rect,
    owner: impl Fn(usize) -> (usize, usize),
) -> Vec<Placement> {
    let mut out = Vec::new();
    for block in packing.blocks.iter().filter(|b| b.sheet == sheet) {
        let (component, flow) = owner(block.flow);
        for k in 0..block.count {
            let at = packing::cell_origin(block, &flows[block.flow], k);
            out.push(Placement {
                component,
                part: Part::Cell { flow },
                at: area.origin().offset(at.x, at.y),
                turn: Turn::None,
            });
        }
    }
    out
}
