//! Flowing the leaflet onto its pages: title, introduction, numbered rules,
//! figures and closing note, with real font metrics, through the shared
//! [`crate::layout::flow`]: paragraphs break between lines across pages, a
//! heading never ends a page and a figure is never split.

use crate::error::{Diagnostic, Failure};
use crate::kit::diagram;
use crate::kit::leaflet::figures::Figure;
use crate::kit::leaflet::impose::{padded, page_size};
use crate::kit::leaflet::keep;
use crate::layout::flow::{Figure as FlowFigure, FlowBlock, FlowStyle};
use crate::layout::paper::{PRINT_MARGIN, Paper};
use crate::layout::text::{
    Align, Block, BlockKind, FontSet, ParagraphStyle, Span, break_lines, markdown_blocks,
    place_lines, set_line, spans_ascent,
};
use crate::layout::{FontRole, Item, Page, TextStyle};
use crate::theme::Theme;
use crate::units::{Mm, Pt, Rect, Size};
use crate::words::{Args, Lang, Msg, Words};

/// Type sizes and spacing of the leaflet.
const TITLE: Pt = Pt(22.0);
const SUBTITLE: Pt = Pt(10.5);
const HEADING: Pt = Pt(12.5);
const BODY: Pt = Pt(9.0);
const CAPTION: Pt = Pt(8.0);
const LABEL: Pt = Pt(7.0);
const LEADING: f64 = 1.3;
const PARA_GAP: Mm = Mm(1.6);
const FIGURE_GAP: Mm = Mm(3.0);
/// Hanging indent of numbered rules.
const NUMBER_INDENT: Mm = Mm(5.5);
/// A leaflet longer than this is an error, not a booklet.
const MAX_PAGES: usize = 16;
/// Largest square in a figure's close-up panels.
const PANEL_SQUARE: Mm = Mm(5.0);

/// Where text may go on leaflet page `number` (1-based): a wider margin on
/// the outer edge, which is a sheet edge, than on the fold.
pub fn content_rect(number: usize, size: Size) -> Rect {
    let outer = PRINT_MARGIN + Mm(6.0);
    let inner = Mm(10.0);
    let top = PRINT_MARGIN + Mm(8.0);
    let bottom = PRINT_MARGIN + Mm(8.0);
    // Odd pages lie right of the fold, so their inner edge is the left one.
    let left = if number % 2 == 1 { inner } else { outer };
    Rect::new(left, top, size.w - inner - outer, size.h - top - bottom)
}

/// The number at the foot of leaflet page `n` (1-based) of `size`.
pub fn page_number(n: usize, size: Size, fonts: &FontSet, theme: &Theme) -> Item {
    let style = TextStyle {
        font: FontRole::Body,
        size: Pt(8.0),
        color: theme.colours.text,
    };
    let area = content_rect(n, size);
    set_line(
        fonts,
        &n.to_string(),
        style,
        Align::Centre,
        area.x + area.w / 2.0,
        size.h - PRINT_MARGIN - Mm(3.0),
    )
}

/// Lays out a figure (panels side by side, labels, caption) at the origin
/// and returns its items and height.
fn figure_items(
    fig: &Figure,
    number: usize,
    theme: &Theme,
    fonts: &FontSet,
    width: Mm,
) -> (Vec<Item>, Mm) {
    let gap = Mm(5.0);
    let k = fig.panels.len().max(1) as f64;
    // The diagrams measure and set their coordinates in the leaflet's fonts.
    let mut t = theme.clone();
    t.fonts = fonts.clone();
    let theme = &t;
    let mut items = Vec::new();
    // Square size: whole boards get a larger share, close-ups a fixed size.
    let dims: Vec<(usize, usize)> = fig
        .panels
        .iter()
        .map(|p| (p.board.first().map_or(0, Vec::len), p.board.len()))
        .collect();
    let whole = fig.panels.iter().any(|p| p.style.is_whole());
    let (panel_w, panel_h): (Vec<Mm>, Vec<Mm>) = if whole {
        let side = (width * 0.6).min(Mm(80.0));
        (vec![side; dims.len()], vec![side; dims.len()])
    } else {
        // The largest square up to PANEL_SQUARE at which the panels, with
        // their frames, fading edges and coordinates, fit side by side.
        let sizes = |sq: Mm| -> Vec<Size> {
            fig.panels
                .iter()
                .zip(&dims)
                .map(|(p, &(c, r))| diagram::extent(&p.style, c, r, sq, theme))
                .collect()
        };
        let across = |sq: Mm| sizes(sq).iter().fold(gap * (k - 1.0), |a, s| a + s.w);
        let mut sq = PANEL_SQUARE;
        while across(sq).0 > width.0 && sq.0 > 1.0 {
            sq = sq * 0.97;
        }
        sizes(sq).into_iter().map(|s| (s.w, s.h)).unzip()
    };
    let total_w = panel_w.iter().fold(Mm::ZERO, |a, &b| a + b) + gap * (k - 1.0);
    let tallest = panel_h.iter().fold(Mm::ZERO, |a, &b| a.max(b));
    // Narrow panels leave room for the caption beside them.
    let beside = total_w.0 <= width.0 * 0.62;
    let mut x = if beside {
        Mm::ZERO
    } else {
        (width - total_w) / 2.0
    };
    let label_style = TextStyle {
        font: FontRole::Italic,
        size: LABEL,
        color: theme.colours.text,
    };
    let has_labels = fig.panels.iter().any(|p| !p.label.is_empty());
    for (i, panel) in fig.panels.iter().enumerate() {
        let rect = Rect::new(x, Mm::ZERO, panel_w[i], panel_h[i]);
        items.extend(diagram::draw_styled(
            &panel.board,
            &panel.marks,
            &panel.style,
            rect,
            theme,
        ));
        if !panel.label.is_empty() {
            items.push(set_line(
                fonts,
                &panel.label,
                label_style,
                Align::Centre,
                x + panel_w[i] / 2.0,
                tallest + Mm(1.0) + fonts.ascent(&label_style),
            ));
        }
        x += panel_w[i] + gap;
    }
    let mut panels_h = tallest;
    if has_labels {
        panels_h += Mm(1.0) + LABEL.to_mm() * 1.3;
    }
    let label = theme
        .words()
        .say_with(Msg::FigureLabel, &Args::new().num("number", number as i64));
    let mut spans = vec![Span::new(format!("{label} "), FontRole::Bold)];
    spans.extend(
        markdown_blocks(&fig.caption)
            .into_iter()
            .flat_map(|b| b.spans)
            .map(|s| {
                let font = if s.font == FontRole::Body {
                    FontRole::Italic
                } else {
                    s.font
                };
                Span::new(s.text, font)
            }),
    );
    let style = ParagraphStyle::new(CAPTION, theme.colours.text, 1.25);
    let ascent = spans_ascent(fonts, &spans, CAPTION);
    let (cx, cy, cw) = if beside {
        (total_w + gap, Mm::ZERO, width - total_w - gap)
    } else {
        (Mm::ZERO, panels_h + Mm(1.5), width)
    };
    let lines = break_lines(fonts, &spans, CAPTION, cw, Mm::ZERO, Mm::ZERO);
    items.extend(place_lines(&lines, &style, cx, cw, cy + ascent));
    let caption_bottom = cy + style.line_height() * lines.len() as f64;
    (items, caption_bottom.max(panels_h))
}

/// True when `text` cites figure `n` in `lang` ("Figure 3", not "Figure
/// 31"; with a space or a no-break space).
pub fn cites(text: &str, n: usize, lang: Lang) -> bool {
    cites_plain(
        &text.replace('\u{a0}', " "),
        &keep::plain_citations(n, lang),
    )
}

/// True when `text`, its no-break spaces made plain, holds one of a
/// figure's `citations` ([`keep::plain_citations`]) not followed by a
/// digit.
pub fn cites_plain(text: &str, citations: &[String]) -> bool {
    citations.iter().any(|needle| {
        text.match_indices(needle.as_str()).any(|(at, _)| {
            !text[at + needle.len()..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
    })
}

/// The flow blocks of Markdown block `i`: the title (block 0) centred
/// with the edition under it; a numbered rule with the items' spacing.
fn text_blocks(
    i: usize,
    b: &Block,
    style: &FlowStyle,
    edition: Option<&str>,
    words: &Words,
) -> Vec<FlowBlock> {
    let mut fb = style.blocks(std::slice::from_ref(b));
    if i == 0 && b.kind == BlockKind::Heading(1) {
        if let Some(FlowBlock::Text(tb)) = fb.first_mut() {
            tb.style.align = Align::Centre;
            tb.space_after = Mm(1.0);
        }
        let sub_line = match edition {
            Some(e) => words.say_with(
                Msg::LeafletHowToPlayEdition,
                &Args::new().text("edition", e.to_string()),
            ),
            None => words.say(Msg::LeafletHowToPlay),
        };
        let mut sub = style.paragraph(&[Span::new(sub_line, FontRole::Italic)]);
        sub.style.size = SUBTITLE;
        sub.style.align = Align::Centre;
        sub.space_after = Mm(4.0);
        fb.push(FlowBlock::Text(sub));
    }
    if let (BlockKind::ListItem(_), Some(FlowBlock::Text(tb))) = (b.kind, fb.first_mut()) {
        tb.space_after = PARA_GAP * 0.8;
    }
    fb
}

/// `text` with each citation of figures 1 to `count` set with a no-break
/// space ([`keep::citations`]).
fn no_break_citations(text: &str, count: usize, lang: Lang) -> String {
    let mut out = text.to_string();
    // Highest first, so that "Figure 1" does not take the start of "Figure 12".
    for n in (1..=count).rev() {
        let forms = keep::plain_citations(n, lang);
        for (plain, kept) in forms.iter().zip(keep::citations(n, lang)) {
            let mut next = String::with_capacity(out.len());
            let mut rest = out.as_str();
            while let Some(at) = rest.find(plain.as_str()) {
                let after = &rest[at + plain.len()..];
                next.push_str(&rest[..at]);
                if after.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                    next.push_str(plain);
                } else {
                    next.push_str(&kept);
                }
                rest = after;
            }
            next.push_str(rest);
            out = next;
        }
    }
    out
}

/// Flows the rules Markdown and the figures (after the numbered rules)
/// onto leaflet pages of `paper` through [`layout::flow`]: four pages, or
/// eight (or more, in fours) when the content needs them. Pages after the
/// first are numbered. `edition` follows "How to play" under the title.
pub fn flow(
    markdown: &str,
    figures: &[Figure],
    edition: Option<&str>,
    theme: &Theme,
    paper: Paper,
    fonts: &FontSet,
) -> Result<Vec<Page>, Failure> {
    let size = page_size(paper);
    // Odd and even pages have the same measure, mirrored.
    let width = content_rect(1, size).w;
    let text = theme.colours.text;
    let accent = theme.colours.accent;
    let mut style = FlowStyle::new(BODY, text);
    style.headings = [TITLE, HEADING, Pt(10.5)];
    style.leading = LEADING;
    style.heading_color = accent;
    style.paragraph_space = PARA_GAP;
    style.item_space = PARA_GAP * 0.8;
    style.list_indent = NUMBER_INDENT;

    let mut blocks = markdown_blocks(markdown);
    // "Figure" and its number never part at a line end.
    for b in &mut blocks {
        for span in &mut b.spans {
            span.text = no_break_citations(&span.text, figures.len(), theme.lang);
        }
    }
    let first_rule = blocks
        .iter()
        .position(|b| matches!(b.kind, BlockKind::ListItem(_)))
        .unwrap_or(0);
    let last_rule = blocks
        .iter()
        .rposition(|b| matches!(b.kind, BlockKind::ListItem(_)));
    let texts: Vec<String> = blocks
        .iter()
        .map(|b| b.spans.iter().map(|s| s.text.as_str()).collect())
        .collect();
    let parts = keep::Parts {
        text: blocks
            .iter()
            .enumerate()
            .map(|(i, b)| text_blocks(i, b, &style, edition, theme.words()))
            .collect(),
        figures: figures
            .iter()
            .enumerate()
            .map(|(n, fig)| {
                let (items, h) = figure_items(fig, n + 1, theme, fonts, width);
                FlowBlock::Figure(FlowFigure {
                    width,
                    height: h,
                    items,
                    space_before: FIGURE_GAP,
                    space_after: FIGURE_GAP,
                    float: true,
                })
            })
            .collect(),
        // A figure cited nowhere follows the rules.
        cited_in: (1..=figures.len())
            .map(|n| {
                let forms = keep::citations(n, theme.lang);
                texts
                    .iter()
                    .position(|t| forms.iter().any(|f| t.contains(f.as_str())))
                    .or(last_rule)
            })
            .collect(),
        first_anchor: first_rule,
        lang: theme.lang,
    };

    // The fewest pages that hold everything; a sheet more (four pages)
    // when that brings every figure within reach of its citation.
    let mut kept: Option<keep::Placed> = None;
    let mut total = 4;
    while total <= MAX_PAGES {
        let frames: Vec<Rect> = (1..=total).map(|n| content_rect(n, size)).collect();
        if let Some(placed) = keep::place(fonts, &parts, &frames) {
            let first_fit = kept.is_none();
            if kept
                .as_ref()
                .is_none_or(|k| placed.out_of_reach < k.out_of_reach)
            {
                kept = Some(placed);
            }
            if !first_fit || kept.as_ref().is_some_and(|k| k.out_of_reach == 0) {
                break;
            }
        }
        total += 4;
    }
    let Some(kept) = kept else {
        return Err(Failure::new(Diagnostic::error(
            "leaflet",
            format!("the rules and figures do not fit in {MAX_PAGES} leaflet pages"),
        )));
    };
    let flowed = kept.flowed;
    let used = padded(flowed.frames_used());
    Ok(flowed
        .frames
        .into_iter()
        .take(used)
        .enumerate()
        .map(|(i, frame)| {
            let n = i + 1;
            let mut items = frame.items;
            // Blank pages (the padding) stay blank: the leaflet may print
            // other pages there.
            if n > 1 && !items.is_empty() {
                items.push(page_number(n, size, fonts, theme));
            }
            Page {
                size,
                label: format!("Leaflet page {n}"),
                items,
            }
        })
        .collect())
}
