//! Keeping figures beside their rules, as a typesetter does: each figure
//! must stand on the page of its first citation or on the page facing it
//! in the folded booklet (2 faces 3, 4 faces 5; the covers face nothing).
//!
//! The text is a sequence of Markdown blocks; a figure is set before one
//! of them (its anchor), first right after the paragraph citing it, and
//! floats to the next page when it does not fit. After each flow the first
//! figure out of reach is repaired: set earlier (up to the top of the
//! citation's spread) when it fell too far behind, later when it ran
//! ahead, and when it cannot be set earlier the citing rule starts a new
//! page, which brings the citation to the figure. The best flow found
//! (fewest figures out of reach) is kept; every step is deterministic.

use crate::kit::leaflet::flow::cites_plain;
use crate::layout::Item;
use crate::layout::flow::{Broken, Figure, FlowBlock, Flowed, flow_reusing};
use crate::layout::text::FontSet;
use crate::units::Rect;
use crate::words::{Args, Lang, Msg};

/// Enough repairs for every figure to move a few blocks and force a few
/// page turns; a leaflet never needs more.
const MOST_TRIES: usize = 300;

/// What the flow places: the blocks of each Markdown block, the figures,
/// and for each figure the Markdown block that first cites it.
pub struct Parts {
    pub text: Vec<Vec<FlowBlock>>,
    pub figures: Vec<FlowBlock>,
    pub cited_in: Vec<Option<usize>>,
    /// No figure is set before this block (the first numbered rule): the
    /// title and introduction stay together at the front.
    pub first_anchor: usize,
    /// The language of the text (how it cites a figure).
    pub lang: Lang,
}

/// Where a flow block came from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Origin {
    Text(usize),
    Figure(usize),
    Break,
}

/// A flow kept by [`place`]: the frames, and how many figures stand out
/// of reach of their citation.
pub struct Placed {
    pub flowed: Flowed,
    pub out_of_reach: usize,
}

/// The pages of an `n`-page folded leaflet that can be seen together with
/// page `p` (1-based): its spread.
pub fn spread(p: usize, n: usize) -> (usize, usize) {
    if p <= 1 || p >= n {
        (p, p)
    } else if p.is_multiple_of(2) {
        (p, p + 1)
    } else {
        (p - 1, p)
    }
}

/// The citations of figure `n` (1-based) in `lang` as the flow sets
/// them: with no-break spaces, so that "Figure" and its number share a
/// line.
pub fn citations(n: usize, lang: Lang) -> Vec<String> {
    plain_citations(n, lang)
        .into_iter()
        .map(|c| c.replace(' ', "\u{a0}"))
        .collect()
}

/// The citations of figure `n` as the text writes them: the language's
/// `figure-ref` ("figur 3" mid-sentence) and, when that starts in lower
/// case, the same with a capital, as a sentence starts ("Figur 3 viser").
pub fn plain_citations(n: usize, lang: Lang) -> Vec<String> {
    let plain = lang
        .words()
        .say_with(Msg::FigureRef, &Args::new().num("number", n as i64));
    let mut chars = plain.chars();
    let capital: String = match chars.next() {
        Some(c) if c.is_lowercase() => c.to_uppercase().chain(chars).collect(),
        _ => return vec![plain],
    };
    vec![plain, capital]
}

/// A trial placement: each figure's anchor block, and the blocks that
/// start a page.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Trial {
    anchors: Vec<usize>,
    /// Page turns before a block's text (its figures may fill the page
    /// before).
    breaks: Vec<usize>,
    /// Page turns before a figure (by its index).
    turns: Vec<usize>,
}

/// Flows `parts` into `frames`, moving figures and page turns until every
/// figure is within reach of its citation or no repair helps. `None` when
/// the text does not fit the frames at all.
pub fn place(fonts: &FontSet, parts: &Parts, frames: &[Rect]) -> Option<Placed> {
    let trial = Trial {
        anchors: parts
            .cited_in
            .iter()
            .map(|c| {
                c.map_or(parts.text.len(), |b| b + 1)
                    .max(parts.first_anchor)
            })
            .collect(),
        breaks: Vec::new(),
        turns: Vec::new(),
    };
    // Trials flow figures by their size alone: the kept flow gets their
    // drawings at the end (`Flowed::fill_figures`).
    let sized: Vec<FlowBlock> = parts.figures.iter().map(sized_only).collect();
    // Each figure's citations, worded once: every trial looks for them.
    let citations: Vec<Vec<String>> = (1..=parts.figures.len())
        .map(|n| plain_citations(n, parts.lang))
        .collect();
    // Lines broken in one trial serve the next: the trials move figures
    // and page turns, not the text.
    let mut broken = Broken::default();
    let mut tried = std::collections::HashSet::new();
    let mut best: Option<(Placed, Vec<Origin>)> = None;
    // Best first: the repairs of the flow with the fewest figures out of
    // reach, the latest such flow first; when one overfills the pages the
    // next one is tried.
    let mut waiting: Vec<(usize, Trial)> = vec![(0, trial)];
    let mut flows = 0;
    while flows < MOST_TRIES {
        let Some(k) = (0..waiting.len()).rev().min_by_key(|&k| waiting[k].0) else {
            break;
        };
        let (_, trial) = waiting.remove(k);
        if !tried.insert(trial.clone()) {
            continue;
        }
        flows += 1;
        let (blocks, origins) = assemble(parts, &sized, &trial);
        let flowed = flow_reusing(fonts, &blocks, frames, &mut broken);
        if !flowed.fits() {
            continue;
        }
        let pages = Pages::read(&flowed, &origins, parts, &citations);
        let misses = pages.misses(frames.len());
        let count = misses.len();
        if best.as_ref().is_none_or(|(b, _)| count < b.out_of_reach) {
            best = Some((
                Placed {
                    out_of_reach: count,
                    flowed,
                },
                origins,
            ));
        }
        if count == 0 {
            break;
        }
        // The repairs of the first figure out of reach, then the others'.
        let mut next: Vec<(usize, Trial)> = misses
            .iter()
            .flat_map(|&fig| repairs(fig, &pages, parts, &trial, frames.len()))
            .filter(|t| !tried.contains(t))
            .map(|t| (count, t))
            .collect();
        next.reverse();
        waiting.extend(next);
    }
    let (mut placed, origins) = best?;
    placed
        .flowed
        .fill_figures(|block| match origins.get(block) {
            Some(&Origin::Figure(n)) => match parts.figures.get(n) {
                Some(FlowBlock::Figure(f)) => Some(f.items.as_slice()),
                _ => None,
            },
            _ => None,
        });
    Some(placed)
}

/// A figure block with its size and spacing but none of its drawing.
fn sized_only(block: &FlowBlock) -> FlowBlock {
    match block {
        FlowBlock::Figure(f) => FlowBlock::Figure(Figure {
            width: f.width,
            height: f.height,
            items: Vec::new(),
            space_before: f.space_before,
            space_after: f.space_after,
            float: f.float,
        }),
        other => other.clone(),
    }
}

/// The ways to bring figure `fig` (0-based) and its citation one step
/// closer, most local first.
fn repairs(fig: usize, pages: &Pages, parts: &Parts, trial: &Trial, n: usize) -> Vec<Trial> {
    let (Some(cited), Some(at), Some(block)) =
        (pages.cited[fig], pages.figure[fig], parts.cited_in[fig])
    else {
        return Vec::new();
    };
    let (lo, hi) = spread(cited, n);
    let anchor = trial.anchors[fig];
    let mut out = Vec::new();
    let mut moved = |anchor: usize, page_turn: Option<usize>, turn: Option<usize>| {
        let mut t = trial.clone();
        t.anchors[fig] = anchor;
        // Figures keep their order.
        for m in 0..t.anchors.len() {
            if m < fig {
                t.anchors[m] = t.anchors[m].min(anchor);
            } else if m > fig {
                t.anchors[m] = t.anchors[m].max(anchor);
            }
        }
        if let Some(b) = page_turn
            && !t.breaks.contains(&b)
        {
            t.breaks.push(b);
            t.breaks.sort_unstable();
        }
        if let Some(b) = turn
            && !t.turns.contains(&b)
        {
            t.turns.push(b);
            t.turns.sort_unstable();
        }
        out.push(t);
    };
    if at > hi {
        // Too far behind: set it earlier, but not above the first block
        // of the citation's spread; or turn the page before the citing
        // rule, which takes the citation to the figure.
        let floor = pages.first_starting_on(lo).max(parts.first_anchor);
        if anchor > floor {
            moved(anchor - 1, None, None);
        }
        if block > parts.first_anchor {
            moved(block + 1, Some(block), None);
        }
    } else if at < lo {
        // Ahead of its citation's spread: set it later, or turn the page
        // before it.
        if anchor <= block {
            moved(anchor + 1, None, None);
        }
        if anchor > parts.first_anchor {
            moved(anchor, None, Some(fig));
            // Or before all the figures set at its block.
            let first = trial
                .anchors
                .iter()
                .position(|&a| a == anchor)
                .unwrap_or(fig);
            if first != fig {
                moved(anchor, None, Some(first));
            }
        }
    }
    out
}

/// The flow blocks in reading order, each figure before its anchor block,
/// and the trial's page turns before a figure or before a block's text
/// (figures that do not fit before it float past it).
fn assemble(parts: &Parts, figures: &[FlowBlock], trial: &Trial) -> (Vec<FlowBlock>, Vec<Origin>) {
    let mut blocks = Vec::new();
    let mut origins = Vec::new();
    for b in 0..=parts.text.len() {
        for (n, fig) in figures.iter().enumerate() {
            if trial.anchors[n] == b {
                if trial.turns.contains(&n) {
                    blocks.push(FlowBlock::FrameBreak);
                    origins.push(Origin::Break);
                }
                blocks.push(fig.clone());
                origins.push(Origin::Figure(n));
            }
        }
        if trial.breaks.contains(&b) {
            blocks.push(FlowBlock::FrameBreak);
            origins.push(Origin::Break);
        }
        for tb in parts.text.get(b).into_iter().flatten() {
            blocks.push(tb.clone());
            origins.push(Origin::Text(b));
        }
    }
    (blocks, origins)
}

/// Where things landed (1-based pages).
struct Pages {
    /// The page of each figure's first citation.
    cited: Vec<Option<usize>>,
    /// The page of each figure.
    figure: Vec<Option<usize>>,
    /// The first page of each Markdown block.
    starts: Vec<Option<usize>>,
}

impl Pages {
    /// `citations` holds each figure's citations ([`plain_citations`]).
    fn read(
        flowed: &Flowed,
        origins: &[Origin],
        parts: &Parts,
        citations: &[Vec<String>],
    ) -> Pages {
        let mut starts = vec![None; parts.text.len()];
        let mut figure = vec![None; parts.figures.len()];
        let mut cited = vec![None; parts.figures.len()];
        for (f, frame) in flowed.frames.iter().enumerate() {
            for &i in &frame.blocks {
                match origins.get(i) {
                    Some(&Origin::Text(b)) => {
                        starts[b].get_or_insert(f + 1);
                    }
                    Some(&Origin::Figure(n)) => {
                        figure[n].get_or_insert(f + 1);
                    }
                    _ => {}
                }
            }
            for item in &frame.items {
                note_citations(item, f + 1, citations, &mut cited);
            }
        }
        Pages {
            cited,
            figure,
            starts,
        }
    }

    /// The figures (0-based) out of reach of their citation.
    fn misses(&self, n: usize) -> Vec<usize> {
        (0..self.figure.len())
            .filter(|&k| match (self.cited[k], self.figure[k]) {
                (Some(c), Some(f)) => {
                    let (lo, hi) = spread(c, n);
                    f < lo || f > hi
                }
                _ => false,
            })
            .collect()
    }

    /// The first Markdown block starting on `page` (or after it).
    fn first_starting_on(&self, page: usize) -> usize {
        self.starts
            .iter()
            .position(|s| s.is_some_and(|s| s >= page))
            .unwrap_or(self.starts.len())
    }
}

/// Marks `page` as the page of the first citation of each figure not yet
/// cited whose citation `item` holds, when it is text set in the frame
/// (not a figure's caption, which is inside the figure's group).
fn note_citations(
    item: &Item,
    page: usize,
    citations: &[Vec<String>],
    cited: &mut [Option<usize>],
) {
    let Item::Text(t) = item else {
        return;
    };
    if cited.iter().all(Option::is_some) {
        return;
    }
    let text = t.text.replace('\u{a0}', " ");
    for (c, forms) in cited.iter_mut().zip(citations) {
        if c.is_none() && cites_plain(&text, forms) {
            *c = Some(page);
        }
    }
}
