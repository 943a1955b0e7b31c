//! Flowing text and figures through a sequence of frames (pages, columns,
//! panels of a leaflet): paragraphs split between frames at line
//! boundaries, headings stay with what follows them, figures are never
//! split. The caller learns what went where and whether it all fitted, so
//! it can try again with more frames or smaller type.

use super::text::{
    Align, Block, BlockKind, FontSet, Line, Lines, ParagraphStyle, Span, place_lines, spans_ascent,
    spans_descent, spans_from,
};
use super::{FontRole, Group, Item, Rgb, Text, TextStyle, Transform};
use crate::units::{Mm, Point, Pt, Rect};
use std::collections::HashMap;

/// Slack for floating-point sums when testing whether something fits.
const EPS: f64 = 1e-6;

/// Something to flow.
#[derive(Clone, Debug)]
pub enum FlowBlock {
    Text(TextBlock),
    Figure(Figure),
    /// Vertical space; dropped at the top of a frame.
    Space(Mm),
    /// Start the next frame (unless the current one is still empty).
    FrameBreak,
}

/// A heading, paragraph or list item in one paragraph style.
#[derive(Clone, Debug)]
pub struct TextBlock {
    pub spans: Vec<Span>,
    pub style: ParagraphStyle,
    /// A list item's number or bullet, set in the body face right-aligned
    /// in the hanging indent (`style.indent`) on the first line.
    pub marker: Option<String>,
    /// Space above, dropped at the top of a frame.
    pub space_before: Mm,
    pub space_after: Mm,
    /// Never end a frame with this block: it moves on with the start of
    /// the next block (headings). Such a block is also never split.
    pub keep_with_next: bool,
}

/// A drawing of fixed size, never split. `items` are drawn with the
/// figure's top-left corner at (0, 0) and are moved where it lands; the
/// figure is centred across the frame.
#[derive(Clone, Debug)]
pub struct Figure {
    pub width: Mm,
    pub height: Mm,
    pub items: Vec<Item>,
    pub space_before: Mm,
    pub space_after: Mm,
    /// When it does not fit what is left of a frame, the blocks after it
    /// fill that room and it goes to the top of the next frame (as
    /// figures float in a book); later figures keep their order behind it.
    pub float: bool,
}

/// What one frame received.
#[derive(Clone, Debug, Default)]
pub struct FrameContent {
    /// Items in page coordinates.
    pub items: Vec<Item>,
    /// Indices of the blocks (wholly or partly) set in this frame.
    pub blocks: Vec<usize>,
    /// Each figure set in this frame: its block index and the index of
    /// its group in `items` (see [`Flowed::fill_figures`]).
    pub figures: Vec<(usize, usize)>,
    /// Height used from the top of the frame.
    pub used: Mm,
}

/// Where flowing stopped for want of room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow {
    /// The first block not wholly placed.
    pub block: usize,
    /// How many of its lines were placed (0 for figures).
    pub lines_placed: usize,
}

/// The result of [`flow`]: one [`FrameContent`] per frame given.
#[derive(Clone, Debug)]
pub struct Flowed {
    pub frames: Vec<FrameContent>,
    /// `None` when every block was placed.
    pub overflow: Option<Overflow>,
}

impl Flowed {
    /// Everything was placed.
    pub fn fits(&self) -> bool {
        self.overflow.is_none()
    }

    /// Puts into each figure's group the items of `figure(block)` (the
    /// figure at that block index). A flow only needs figures' sizes, so a
    /// caller trying many flows (`kit::leaflet::keep`) flows figures
    /// without items and fills in only the flow it keeps: copying every
    /// board diagram into every trial was most of a leaflet's layout time.
    pub fn fill_figures<'a>(&mut self, figure: impl Fn(usize) -> Option<&'a [Item]>) {
        for frame in &mut self.frames {
            for &(block, at) in &frame.figures {
                if let (Some(items), Some(Item::Group(g))) =
                    (figure(block), frame.items.get_mut(at))
                {
                    g.items = items.to_vec();
                }
            }
        }
    }

    /// Number of frames that received anything (a prefix of the frames).
    pub fn frames_used(&self) -> usize {
        self.frames
            .iter()
            .rposition(|f| !f.items.is_empty())
            .map_or(0, |i| i + 1)
    }
}

/// Where the next thing goes.
struct Cursor {
    frame: usize,
    y: Mm,
    /// Nothing placed in this frame yet: space before is dropped.
    empty: bool,
}

/// Places `fig` (block `i`) at the cursor if it fits what is left of
/// the frame; false when it does not.
fn place_figure(
    cur: &mut Cursor,
    rect: &Rect,
    out: &mut [FrameContent],
    i: usize,
    fig: &Figure,
) -> bool {
    let before = if cur.empty {
        Mm::ZERO
    } else {
        fig.space_before
    };
    let top = cur.y + before;
    if (top + fig.height).0 > rect.bottom().0 + EPS {
        return false;
    }
    let x = rect.x + ((rect.w - fig.width) / 2.0).max(Mm::ZERO);
    let frame = &mut out[cur.frame];
    frame.figures.push((i, frame.items.len()));
    frame.items.push(Item::Group(Group::new(
        Transform::translate(x, top),
        fig.items.clone(),
    )));
    frame.blocks.push(i);
    cur.y = top + fig.height + fig.space_after;
    frame.used = (cur.y - rect.y).min(rect.h);
    cur.empty = false;
    true
}

/// Moves the cursor to the top of the next frame and sets there as many
/// of the figures that floated past the last one as fit, in order; the
/// rest wait for the frame after, while what follows them in the text
/// fills this one. An error names a floating figure no frame can take.
fn next_frame(
    cur: &mut Cursor,
    frames: &[Rect],
    out: &mut [FrameContent],
    blocks: &[FlowBlock],
    pending: &mut Vec<usize>,
) -> Result<(), Overflow> {
    cur.frame += 1;
    cur.y = frames.get(cur.frame).map_or(Mm::ZERO, |r| r.y);
    cur.empty = true;
    let Some(rect) = frames.get(cur.frame) else {
        return match pending.first() {
            None => Ok(()),
            Some(&block) => Err(Overflow {
                block,
                lines_placed: 0,
            }),
        };
    };
    while let Some(&i) = pending.first() {
        let FlowBlock::Figure(fig) = &blocks[i] else {
            pending.remove(0);
            continue;
        };
        if place_figure(cur, rect, out, i, fig) {
            pending.remove(0);
        } else if cur.empty {
            return Err(Overflow {
                block: i,
                lines_placed: 0,
            });
        } else {
            break;
        }
    }
    Ok(())
}

/// Lines already broken, kept across the flows of one caller
/// ([`flow_reusing`]): the trial placements of a leaflet's figures flow
/// the same paragraphs into frames of the same width again and again, and
/// breaking them anew each time was most of a leaflet's layout. Each
/// paragraph is still broken only as far as some flow asked.
#[derive(Default)]
pub struct Broken<'f> {
    lines: HashMap<LinesKey, (Lines<'f>, Vec<Line>)>,
}

/// What decides how a paragraph breaks: its text and faces, the type
/// size, the measure and the indents (as bits: exact, like the breaking).
#[derive(PartialEq, Eq, Hash)]
struct LinesKey {
    spans: Vec<(String, FontRole)>,
    size: u64,
    width: u64,
    first_indent: u64,
    indent: u64,
}

impl<'f> Broken<'f> {
    /// The first `n` lines (fewer when the paragraph has fewer) of `spans`
    /// broken as [`Lines::new`] breaks them.
    fn first_lines(
        &mut self,
        fonts: &'f FontSet,
        spans: &[Span],
        size: Pt,
        width: Mm,
        (first_indent, indent): (Mm, Mm),
        n: usize,
    ) -> Vec<Line> {
        let key = LinesKey {
            spans: spans.iter().map(|s| (s.text.clone(), s.font)).collect(),
            size: size.0.to_bits(),
            width: width.0.to_bits(),
            first_indent: first_indent.0.to_bits(),
            indent: indent.0.to_bits(),
        };
        let (more, done) = self.lines.entry(key).or_insert_with(|| {
            (
                Lines::new(fonts, spans, size, width, first_indent, indent),
                Vec::new(),
            )
        });
        while done.len() < n {
            let Some(line) = more.next() else { break };
            done.push(line);
        }
        done[..n.min(done.len())].to_vec()
    }
}

/// Flows `blocks` into `frames` in order (a floating figure may wait for
/// the next frame). Deterministic.
pub fn flow(fonts: &FontSet, blocks: &[FlowBlock], frames: &[Rect]) -> Flowed {
    flow_reusing(fonts, blocks, frames, &mut Broken::default())
}

/// [`flow`], taking lines from and keeping them in `broken` for the
/// caller's next flow.
pub fn flow_reusing<'f>(
    fonts: &'f FontSet,
    blocks: &[FlowBlock],
    frames: &[Rect],
    broken: &mut Broken<'f>,
) -> Flowed {
    let mut out: Vec<FrameContent> = frames.iter().map(|_| FrameContent::default()).collect();
    let mut cur = Cursor {
        frame: 0,
        y: frames.first().map_or(Mm::ZERO, |r| r.y),
        empty: true,
    };
    // Floating figures waiting for the next frame, by block index.
    let mut pending: Vec<usize> = Vec::new();
    macro_rules! advance {
        () => {
            if let Err(e) = next_frame(&mut cur, frames, &mut out, blocks, &mut pending) {
                return finish(out, Some(e));
            }
        };
    }
    let overflow = |block, lines_placed| {
        Some(Overflow {
            block,
            lines_placed,
        })
    };
    for (i, block) in blocks.iter().enumerate() {
        match block {
            FlowBlock::Space(h) => {
                if let Some(rect) = frames.get(cur.frame)
                    && !cur.empty
                {
                    cur.y += *h;
                    if cur.y.0 > rect.bottom().0 + EPS {
                        advance!();
                    }
                }
            }
            FlowBlock::FrameBreak => {
                if !cur.empty || !pending.is_empty() {
                    advance!();
                }
            }
            FlowBlock::Figure(fig) => loop {
                if !pending.is_empty() {
                    // Behind the figures already waiting.
                    pending.push(i);
                    break;
                }
                let Some(rect) = frames.get(cur.frame) else {
                    return finish(out, overflow(i, 0));
                };
                if place_figure(&mut cur, rect, &mut out, i, fig) {
                    break;
                }
                if cur.empty {
                    // Taller than a whole frame: no frame can take it.
                    return finish(out, overflow(i, 0));
                }
                if fig.float {
                    pending.push(i);
                    break;
                }
                advance!();
            },
            FlowBlock::Text(tb) => {
                let mut spans = tb.spans.clone();
                let mut placed = 0;
                loop {
                    let Some(rect) = frames.get(cur.frame) else {
                        return finish(out, overflow(i, placed));
                    };
                    let first = placed == 0;
                    let before = if cur.empty || !first {
                        Mm::ZERO
                    } else {
                        tb.space_before
                    };
                    let top = cur.y + before;
                    let lh = tb.style.line_height();
                    let room = rect.bottom() - top;
                    let asc = spans_ascent(fonts, &spans, tb.style.size);
                    let ink = asc + spans_descent(fonts, &spans, tb.style.size);
                    // Only the lines that can fit, and two more to know how
                    // the paragraph continues (widows, orphans), are broken:
                    // a frame costs what it holds, however long the text.
                    let first_indent = if first {
                        tb.style.first_indent
                    } else {
                        tb.style.indent
                    };
                    let lines = broken.first_lines(
                        fonts,
                        &spans,
                        tb.style.size,
                        rect.w,
                        (first_indent, tb.style.indent),
                        lines_within(room, ink, lh) + 2,
                    );
                    if lines.is_empty() {
                        break;
                    }
                    // k lines fit when the last one's descenders stay in
                    // the frame: ink + (k - 1) line heights.
                    let mut fit = lines_within(room, ink, lh).min(lines.len());
                    if tb.keep_with_next {
                        let lead = lead_in(fonts, blocks, i + 1, *rect, broken);
                        let need = if lead > Mm::ZERO {
                            lh * lines.len() as f64 + tb.space_after + lead
                        } else {
                            lh * (lines.len() - 1) as f64 + ink
                        };
                        // Lines beyond what fits were not all broken, so
                        // a block that does not fit moves on by that too.
                        if (need.0 > room.0 + EPS || fit < lines.len()) && !cur.empty {
                            advance!();
                            continue;
                        }
                        if fit < lines.len() {
                            // A heading that does not fit an empty frame.
                            return finish(out, overflow(i, placed));
                        }
                    } else if fit < lines.len() {
                        // No lone first line at a frame's foot, and no lone
                        // last line at the next frame's head.
                        if lines.len() - fit == 1 && fit >= 2 {
                            fit -= 1;
                        }
                        if fit == 1 && lines.len() >= 2 && !cur.empty {
                            fit = 0;
                        }
                    }
                    if fit == 0 {
                        if cur.empty {
                            // Not even one line fits an empty frame.
                            return finish(out, overflow(i, placed));
                        }
                        advance!();
                        continue;
                    }
                    let baseline = top + asc;
                    let frame = &mut out[cur.frame];
                    if first && let Some(marker) = &tb.marker {
                        frame
                            .items
                            .push(marker_item(fonts, marker, &tb.style, rect.x, baseline));
                    }
                    frame.items.extend(place_lines(
                        &lines[..fit],
                        &tb.style,
                        rect.x,
                        rect.w,
                        baseline,
                    ));
                    frame.blocks.push(i);
                    placed += fit;
                    cur.y = top + lh * fit as f64;
                    cur.empty = false;
                    if fit == lines.len() {
                        cur.y += tb.space_after;
                        frame.used = (cur.y - rect.y).min(rect.h);
                        break;
                    }
                    frame.used = cur.y - rect.y;
                    spans = spans_from(&spans, lines[fit].start);
                    advance!();
                }
            }
        }
    }
    while !pending.is_empty() {
        advance!();
    }
    finish(out, None)
}

fn finish(frames: Vec<FrameContent>, overflow: Option<Overflow>) -> Flowed {
    Flowed { frames, overflow }
}

/// The height the start of the blocks from `from` needs in `frame`: what a block kept with its successor must find room for
/// beside it — spaces, any further kept blocks whole, then the first lines
/// of a paragraph that may stand alone or a whole figure.
fn lead_in<'f>(
    fonts: &'f FontSet,
    blocks: &[FlowBlock],
    from: usize,
    frame: Rect,
    broken: &mut Broken<'f>,
) -> Mm {
    let mut need = Mm::ZERO;
    for block in &blocks[from.min(blocks.len())..] {
        match block {
            FlowBlock::Space(h) => need += *h,
            FlowBlock::FrameBreak => return need,
            FlowBlock::Figure(f) => return need + f.space_before + f.height,
            FlowBlock::Text(tb) => {
                let lh = tb.style.line_height();
                // More lines than the frame holds need more than the frame
                // whatever their number: they are not broken.
                let lines = broken
                    .first_lines(
                        fonts,
                        &tb.spans,
                        tb.style.size,
                        frame.w,
                        (tb.style.first_indent, tb.style.indent),
                        lines_within(frame.h, Mm::ZERO, lh) + 2,
                    )
                    .len();
                if lines == 0 {
                    continue;
                }
                if tb.keep_with_next {
                    need += tb.space_before + lh * lines as f64 + tb.space_after;
                } else {
                    let ink = spans_ascent(fonts, &tb.spans, tb.style.size)
                        + spans_descent(fonts, &tb.spans, tb.style.size);
                    // The first lines that may end a frame under the
                    // widow and orphan rules in `flow`: a paragraph of up
                    // to three lines cannot be split, a longer one can
                    // leave two behind.
                    let first = if lines <= 3 { lines } else { 2 };
                    return need + tb.space_before + ink + lh * (first - 1) as f64;
                }
            }
        }
    }
    need
}

/// How many lines of height `lh` fit in `room` when the last needs `ink`
/// (its ascent and descent): 0 when not even one does; bounded, so that a
/// zero line height cannot ask for endless lines.
fn lines_within(room: Mm, ink: Mm, lh: Mm) -> usize {
    const MOST: f64 = 100_000.0;
    if room.0 + EPS < ink.0 {
        0
    } else if lh.0 <= 0.0 {
        MOST as usize
    } else {
        ((((room - ink).0 + EPS) / lh.0).floor() + 1.0).min(MOST) as usize
    }
}

fn marker_item(fonts: &FontSet, marker: &str, style: &ParagraphStyle, x: Mm, baseline: Mm) -> Item {
    let ts = TextStyle {
        font: FontRole::Body,
        size: style.size,
        color: style.color,
    };
    let gap = style.size.to_mm() * 0.35;
    let w = fonts.width(&ts, marker);
    let left = (x + style.indent - gap - w).max(x);
    Item::Text(Text {
        origin: Point::new(left, baseline),
        text: marker.to_string(),
        style: ts,
    })
}

/// Type sizes and spacing for turning Markdown [`Block`]s into
/// [`FlowBlock`]s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlowStyle {
    pub body: Pt,
    /// Sizes of heading levels 1, 2 and 3 (and below).
    pub headings: [Pt; 3],
    pub leading: f64,
    pub color: Rgb,
    pub heading_color: Rgb,
    /// Space after a paragraph.
    pub paragraph_space: Mm,
    /// Space after a list item (the last one of a list gets
    /// `paragraph_space`).
    pub item_space: Mm,
    /// Space above a heading (dropped at the top of a frame).
    pub heading_space: Mm,
    /// Hanging indent of list items; the marker sits in it.
    pub list_indent: Mm,
    pub heading_align: Align,
}

impl FlowStyle {
    /// Proportions for body text at `body`: headings 1.6×, 1.3×, 1.1×.
    pub fn new(body: Pt, color: Rgb) -> FlowStyle {
        let em = body.to_mm();
        FlowStyle {
            body,
            headings: [Pt(body.0 * 1.6), Pt(body.0 * 1.3), Pt(body.0 * 1.1)],
            leading: 1.25,
            color,
            heading_color: color,
            paragraph_space: em * 0.5,
            item_space: em * 0.2,
            heading_space: em * 0.9,
            list_indent: em * 1.6,
            heading_align: Align::Left,
        }
    }

    /// The flow blocks for Markdown blocks.
    pub fn blocks(&self, blocks: &[Block]) -> Vec<FlowBlock> {
        let mut out = Vec::with_capacity(blocks.len());
        for (n, b) in blocks.iter().enumerate() {
            let next_is_item = matches!(
                blocks.get(n + 1).map(|b| b.kind),
                Some(BlockKind::ListItem(_))
            );
            let tb = match b.kind {
                BlockKind::Heading(level) => self.heading(level, &b.spans),
                BlockKind::Paragraph => self.paragraph(&b.spans),
                BlockKind::ListItem(number) => {
                    let mut tb = self.list_item(number, &b.spans);
                    if !next_is_item {
                        tb.space_after = self.paragraph_space;
                    }
                    tb
                }
            };
            out.push(FlowBlock::Text(tb));
        }
        out
    }

    fn text(&self, size: Pt, color: Rgb, spans: &[Span]) -> TextBlock {
        TextBlock {
            spans: spans.to_vec(),
            style: ParagraphStyle::new(size, color, self.leading),
            marker: None,
            space_before: Mm::ZERO,
            space_after: self.paragraph_space,
            keep_with_next: false,
        }
    }

    /// A heading of `level` (1 = largest), kept with what follows.
    pub fn heading(&self, level: u8, spans: &[Span]) -> TextBlock {
        let size = self.headings[usize::from(level.clamp(1, 3) - 1)];
        let spans: Vec<Span> = spans
            .iter()
            .map(|s| Span::new(s.text.clone(), FontRole::Heading))
            .collect();
        let mut tb = self.text(size, self.heading_color, &spans);
        tb.style.leading = self.leading.min(1.15);
        tb.style.align = self.heading_align;
        tb.space_before = self.heading_space;
        tb.space_after = self.body.to_mm() * 0.3;
        tb.keep_with_next = true;
        tb
    }

    pub fn paragraph(&self, spans: &[Span]) -> TextBlock {
        self.text(self.body, self.color, spans)
    }

    /// A list item: `Some(n)` numbered "n.", `None` with a bullet.
    pub fn list_item(&self, number: Option<u64>, spans: &[Span]) -> TextBlock {
        let mut tb = self.text(self.body, self.color, spans);
        tb.style.first_indent = self.list_indent;
        tb.style.indent = self.list_indent;
        tb.marker = Some(number.map_or_else(|| "•".to_string(), |n| format!("{n}.")));
        tb.space_after = self.item_space;
        tb
    }
}
