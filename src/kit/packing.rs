//! The packer: places rectangles (board sections, cards, tracks) and grids
//! of pieces on as few sheets as it can, keeping every item inside the
//! printable area with a cutting gap between items.
//!
//! Rectangles go first, largest first, by guillotine packing (each
//! placement splits the free rectangle it used in two), which leaves
//! straight cuts for a trimmer. Pieces then flow as grids into the free
//! rectangles that are left, each kind kept together where it fits. A
//! handful of orderings and split rules are tried and the best result
//! kept; the same inputs always give the same packing.

use crate::units::{Mm, Point, Rect, Size};

/// A grid of identical pieces: `count` cells of `cell` × `cell`, `inner`
/// apart (zero for square tokens that share cut lines).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flow {
    pub cell: Mm,
    pub inner: Mm,
    pub count: usize,
}

/// A rectangle placed on a sheet; `rect` is as drawn (after any quarter
/// turn), in printable-area coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub item: usize,
    pub sheet: usize,
    pub rect: Rect,
    pub rotated: bool,
}

/// Part of a flow placed as a grid: `count` cells, `cols` to a row, from
/// `rect`'s top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Block {
    pub flow: usize,
    pub sheet: usize,
    pub rect: Rect,
    pub cols: usize,
    pub count: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Packing {
    pub sheets: usize,
    pub placed: Vec<Placed>,
    pub blocks: Vec<Block>,
}

#[derive(Clone, Copy, Debug)]
enum Order {
    Area,
    LongSide,
    ShortSide,
}

#[derive(Clone, Copy, Debug)]
enum Split {
    /// Keep the larger leftover rectangle as large as possible.
    MaxArea,
    /// Split along the shorter leftover side.
    ShorterAxis,
}

struct Sheet {
    free: Vec<Rect>,
}

/// Packs `items` and `flows` on sheets whose printable area is `space`,
/// `gap` apart. `None` when some rectangle cannot fit an empty sheet.
pub fn pack(items: &[Size], flows: &[Flow], space: Size, gap: Mm) -> Option<Packing> {
    let mut best: Option<Packing> = None;
    for order in [Order::Area, Order::LongSide, Order::ShortSide] {
        for split in [Split::MaxArea, Split::ShorterAxis] {
            for first_fit in [true, false] {
                let p = pack_with(items, flows, space, gap, order, split, first_fit)?;
                if best.as_ref().is_none_or(|b| p.sheets < b.sheets) {
                    best = Some(p);
                }
            }
        }
    }
    best
}

fn pack_with(
    items: &[Size],
    flows: &[Flow],
    space: Size,
    gap: Mm,
    order: Order,
    split: Split,
    first_fit: bool,
) -> Option<Packing> {
    // Every item claims its size plus one gap to the right and below; the
    // sheet grows by one gap to match, so items end up `gap` apart and
    // inside the printable area.
    let room = Size::new(space.w + gap, space.h + gap);
    let fresh = || Sheet {
        free: vec![Rect::new(Mm::ZERO, Mm::ZERO, room.w, room.h)],
    };
    let mut idx: Vec<usize> = (0..items.len()).collect();
    let key = |s: Size| -> (i64, i64) {
        let long = s.w.max(s.h).0;
        let short = s.w.min(s.h).0;
        let area = s.area();
        let k = match order {
            Order::Area => (area, long),
            Order::LongSide => (long, short),
            Order::ShortSide => (short, long),
        };
        (-(k.0 * 1000.0) as i64, -(k.1 * 1000.0) as i64)
    };
    idx.sort_by_key(|&i| (key(items[i]), i));
    let mut sheets: Vec<Sheet> = Vec::new();
    let mut placed = Vec::new();
    for i in idx {
        let need = Size::new(items[i].w + gap, items[i].h + gap);
        let mut choice: Option<(usize, usize, bool, f64)> = None;
        for (si, sheet) in sheets.iter().enumerate() {
            for (fi, f) in sheet.free.iter().enumerate() {
                for rotated in [false, true] {
                    let n = if rotated { need.rotated() } else { need };
                    if n.w.0 <= f.w.0 + 1e-6 && n.h.0 <= f.h.0 + 1e-6 {
                        let score = (f.w - n.w).min(f.h - n.h).0;
                        if choice.is_none_or(|c| score < c.3 - 1e-9) {
                            choice = Some((si, fi, rotated, score));
                        }
                    }
                }
            }
            if first_fit && choice.is_some() {
                break;
            }
        }
        let (si, fi, rotated) = match choice {
            Some((si, fi, r, _)) => (si, fi, r),
            None => {
                let f = room;
                let rotated = if need.w.0 <= f.w.0 + 1e-6 && need.h.0 <= f.h.0 + 1e-6 {
                    false
                } else if need.h.0 <= f.w.0 + 1e-6 && need.w.0 <= f.h.0 + 1e-6 {
                    true
                } else {
                    return None;
                };
                sheets.push(fresh());
                (sheets.len() - 1, 0, rotated)
            }
        };
        let n = if rotated { need.rotated() } else { need };
        let f = sheets[si].free.remove(fi);
        let s = if rotated {
            items[i].rotated()
        } else {
            items[i]
        };
        placed.push(Placed {
            item: i,
            sheet: si,
            rect: Rect::new(f.x, f.y, s.w, s.h),
            rotated,
        });
        split_free(&mut sheets[si].free, f, n, split);
    }

    let mut blocks = Vec::new();
    for (fl, flow) in flows.iter().enumerate() {
        let pitch = flow.cell + flow.inner;
        let capacity = |f: &Rect| -> (usize, usize) {
            // Width of c cells: c·pitch − inner; plus the gap it claims.
            let fit = |len: Mm| ((len - gap + flow.inner) / pitch + 1e-9).floor().max(0.0) as usize;
            (fit(f.w), fit(f.h))
        };
        let mut left = flow.count;
        while left > 0 {
            let mut choice: Option<(usize, usize, bool, f64, usize)> = None;
            for (si, sheet) in sheets.iter().enumerate() {
                for (fi, f) in sheet.free.iter().enumerate() {
                    let (c, r) = capacity(f);
                    let cap = c * r;
                    if cap == 0 {
                        continue;
                    }
                    let all = cap >= left;
                    let better = match choice {
                        None => true,
                        Some((_, _, call, carea, ccap)) => {
                            if all != call {
                                all
                            } else if all {
                                f.size().area() < carea - 1e-9
                            } else {
                                cap > ccap
                            }
                        }
                    };
                    if better {
                        choice = Some((si, fi, all, f.size().area(), cap));
                    }
                }
            }
            let (si, fi) = match choice {
                Some((si, fi, ..)) => (si, fi),
                None => {
                    let probe = Rect::new(Mm::ZERO, Mm::ZERO, room.w, room.h);
                    let (c, r) = capacity(&probe);
                    if c * r == 0 {
                        return None;
                    }
                    sheets.push(fresh());
                    (sheets.len() - 1, 0)
                }
            };
            let f = sheets[si].free.remove(fi);
            let (cmax, rmax) = capacity(&f);
            let take = left.min(cmax * rmax);
            let cols = cmax.min(take);
            let rows = take.div_ceil(cols);
            let w = pitch * cols as f64 - flow.inner;
            let h = pitch * rows as f64 - flow.inner;
            blocks.push(Block {
                flow: fl,
                sheet: si,
                rect: Rect::new(f.x, f.y, w, h),
                cols,
                count: take,
            });
            split_free(&mut sheets[si].free, f, Size::new(w + gap, h + gap), split);
            left -= take;
        }
    }
    Some(Packing {
        sheets: sheets.len(),
        placed,
        blocks,
    })
}

/// Puts back what is left of free rectangle `f` after `used` was taken
/// from its top-left corner, as two rectangles cut straight across.
fn split_free(free: &mut Vec<Rect>, f: Rect, used: Size, split: Split) {
    let rw = f.w - used.w;
    let bh = f.h - used.h;
    // Option A: the bottom strip runs the full width.
    let a = [
        Rect::new(f.x + used.w, f.y, rw, used.h),
        Rect::new(f.x, f.y + used.h, f.w, bh),
    ];
    // Option B: the right strip runs the full height.
    let b = [
        Rect::new(f.x + used.w, f.y, rw, f.h),
        Rect::new(f.x, f.y + used.h, used.w, bh),
    ];
    let biggest = |r: &[Rect; 2]| r[0].size().area().max(r[1].size().area());
    let pick_a = match split {
        Split::MaxArea => biggest(&a) >= biggest(&b),
        Split::ShorterAxis => rw.0 < bh.0,
    };
    for r in if pick_a { a } else { b } {
        if r.w.0 > 1e-6 && r.h.0 > 1e-6 {
            free.push(r);
        }
    }
}

/// The fewest sheets any packing could use: total claimed area over the
/// sheet's area (each item with its share of the cutting gap).
pub fn area_lower_bound(items: &[Size], flows: &[Flow], space: Size) -> usize {
    let mut area: f64 = items.iter().map(|s| s.area()).sum();
    for f in flows {
        area += f.cell.0 * f.cell.0 * f.count as f64;
    }
    (area / space.area()).ceil() as usize
}

/// The origin of cell `k` of a block.
pub fn cell_origin(block: &Block, flow: &Flow, k: usize) -> Point {
    let pitch = flow.cell + flow.inner;
    Point::new(
        block.rect.x + pitch * (k % block.cols) as f64,
        block.rect.y + pitch * (k / block.cols) as f64,
    )
}
