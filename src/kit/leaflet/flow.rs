//! Flowing the leaflet onto its pages: title, introduction, numbered rules,
//! figures and closing note, with real font metrics. Paragraphs may break
//! between lines across pages; a heading never ends a page and a figure is
//! never split.

use crate::kit::diagram;
use crate::kit::leaflet::figures::Figure;
use crate::kit::leaflet::impose::{padded, page_size};
use crate::layout::paper::{PRINT_MARGIN, Paper};
use crate::layout::text::{
    Align, BlockKind, FontSet, Line, ParagraphStyle, Span, break_lines, markdown_blocks,
    place_lines, set_line, spans_ascent,
};
use crate::layout::{FontRole, Item, Page, TextStyle};
use crate::theme::Theme;
use crate::units::{Mm, Pt, Rect, Size};

/// Type sizes and spacing of the leaflet.
const TITLE: Pt = Pt(22.0);
const SUBTITLE: Pt = Pt(10.5);
const HEADING: Pt = Pt(12.5);
const BODY: Pt = Pt(9.0);
const CAPTION: Pt = Pt(8.0);
const LABEL: Pt = Pt(7.0);
const LEADING: f64 = 1.3;
const PARA_GAP: Mm = Mm(1.6);
const HEADING_BEFORE: Mm = Mm(3.0);
const HEADING_AFTER: Mm = Mm(1.2);
const FIGURE_GAP: Mm = Mm(3.0);
/// Hanging indent of numbered rules.
const NUMBER_INDENT: Mm = Mm(5.5);
/// Largest square in a figure's close-up panels.
const PANEL_SQUARE: Mm = Mm(6.0);

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

/// One thing to place: a heading, a paragraph (as broken lines) or a figure.
enum Piece {
    Title(String),
    Heading(String),
    Para {
        lines: Vec<Line>,
        style: ParagraphStyle,
        ascent: Mm,
        number: Option<u64>,
    },
    Figure(Vec<Item>, Mm),
}

impl Piece {
    /// Height of the whole piece, spacing after included.
    fn height(&self) -> Mm {
        match self {
            Piece::Title(_) => TITLE.to_mm() * 1.2 + SUBTITLE.to_mm() * 1.4 + Mm(4.0),
            Piece::Heading(_) => HEADING_BEFORE + HEADING.to_mm() * 1.2 + HEADING_AFTER,
            Piece::Para { lines, style, .. } => style.line_height() * lines.len() as f64 + PARA_GAP,
            Piece::Figure(_, h) => *h + FIGURE_GAP,
        }
    }
    /// The least of this piece that must share a page with a heading above.
    fn min_start(&self) -> Mm {
        match self {
            Piece::Para { lines, style, .. } => style.line_height() * lines.len().min(2) as f64,
            other => other.height(),
        }
    }
}

fn plain(spans: &[Span]) -> String {
    spans.iter().map(|s| s.text.as_str()).collect()
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
    let mut items = Vec::new();
    // Square size: whole boards get a larger share, close-ups a fixed size.
    let dims: Vec<(usize, usize)> = fig
        .panels
        .iter()
        .map(|p| (p.board.first().map_or(0, Vec::len), p.board.len()))
        .collect();
    let whole = fig.panels.iter().any(|p| p.style.coordinates);
    let (panel_w, panel_h): (Vec<Mm>, Vec<Mm>) = if whole {
        let side = (width * 0.72).min(Mm(90.0));
        (vec![side; dims.len()], vec![side; dims.len()])
    } else {
        let widest = dims.iter().map(|d| d.0).max().unwrap_or(1).max(1) as f64;
        let sq = PANEL_SQUARE.min((width - gap * (k - 1.0)) / (k * widest));
        dims.iter()
            .map(|&(c, r)| (sq * c as f64, sq * r as f64))
            .unzip()
    };
    let total_w = panel_w.iter().fold(Mm::ZERO, |a, &b| a + b) + gap * (k - 1.0);
    let tallest = panel_h.iter().fold(Mm::ZERO, |a, &b| a.max(b));
    let mut x = (width - total_w) / 2.0;
    let label_style = TextStyle {
        font: FontRole::Italic,
        size: LABEL,
        color: theme.colours.text,
    };
    let has_labels = fig.panels.iter().any(|p| !p.label.is_empty());
    for (i, panel) in fig.panels.iter().enumerate() {
        let rect = Rect::new(x, Mm::ZERO, panel_w[i], panel_h[i]);
        let mut t = theme.clone();
        t.fonts = fonts.clone();
        items.extend(diagram::draw_styled(
            &panel.board,
            &panel.marks,
            &panel.style,
            rect,
            &t,
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
    let mut y = tallest + Mm(1.5);
    if has_labels {
        y += LABEL.to_mm() * 1.3;
    }
    let mut spans = vec![Span::new(format!("Figure {number}. "), FontRole::Bold)];
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
    let lines = break_lines(fonts, &spans, CAPTION, width, Mm::ZERO, Mm::ZERO);
    let ascent = spans_ascent(fonts, &spans, CAPTION);
    items.extend(place_lines(&lines, &style, Mm::ZERO, width, y + ascent));
    y += style.line_height() * lines.len() as f64;
    (items, y)
}

/// Moves items by (dx, dy), as a group.
fn shifted(items: Vec<Item>, dx: Mm, dy: Mm) -> Item {
    Item::Group(crate::layout::Group::new(
        crate::layout::Transform::translate(dx, dy),
        items,
    ))
}

/// Flows the rules Markdown and the figures (after the numbered rules)
/// onto leaflet pages of `paper`, numbered, padded to a multiple of four.
pub fn flow(
    markdown: &str,
    figures: &[Figure],
    theme: &Theme,
    paper: Paper,
    fonts: &FontSet,
) -> Vec<Page> {
    let size = page_size(paper);
    // Odd and even pages have the same measure, mirrored.
    let width = content_rect(1, size).w;
    let text = theme.colours.text;
    let accent = theme.colours.accent;
    let body = ParagraphStyle::new(BODY, text, LEADING);

    let blocks = markdown_blocks(markdown);
    let last_rule = blocks
        .iter()
        .rposition(|b| matches!(b.kind, BlockKind::ListItem(_)))
        .unwrap_or(blocks.len().saturating_sub(1));
    let mut pieces = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        match b.kind {
            BlockKind::Heading(1) if pieces.is_empty() => {
                pieces.push(Piece::Title(plain(&b.spans)))
            }
            BlockKind::Heading(_) => pieces.push(Piece::Heading(plain(&b.spans))),
            BlockKind::Paragraph | BlockKind::ListItem(_) => {
                let number = match b.kind {
                    BlockKind::ListItem(n) => Some(n.unwrap_or(0)),
                    _ => None,
                };
                let indent = if number.is_some() {
                    NUMBER_INDENT
                } else {
                    Mm::ZERO
                };
                let style = ParagraphStyle {
                    first_indent: indent,
                    indent,
                    ..body
                };
                pieces.push(Piece::Para {
                    lines: break_lines(fonts, &b.spans, BODY, width, indent, indent),
                    style,
                    ascent: spans_ascent(fonts, &b.spans, BODY),
                    number,
                });
            }
        }
        if i == last_rule {
            for (n, fig) in figures.iter().enumerate() {
                let (items, h) = figure_items(fig, n + 1, theme, fonts, width);
                pieces.push(Piece::Figure(items, h));
            }
        }
    }

    let mut pages: Vec<Vec<Item>> = vec![Vec::new()];
    let mut y = content_rect(1, size).y;
    let new_page = |pages: &mut Vec<Vec<Item>>, y: &mut Mm| {
        pages.push(Vec::new());
        *y = content_rect(pages.len(), size).y;
    };
    let mut i = 0;
    while i < pieces.len() {
        let area = content_rect(pages.len(), size);
        let room = area.bottom() - y;
        let at_top = (y - area.y).0.abs() < 1e-9;
        match &pieces[i] {
            Piece::Title(title) => {
                let style = TextStyle {
                    font: FontRole::Heading,
                    size: TITLE,
                    color: accent,
                };
                let base = y + fonts.ascent(&style);
                pages.last_mut().unwrap().push(set_line(
                    fonts,
                    title,
                    style,
                    Align::Centre,
                    area.x + area.w / 2.0,
                    base,
                ));
                let sub = TextStyle {
                    font: FontRole::Italic,
                    size: SUBTITLE,
                    color: text,
                };
                let sub_line = if theme.name.is_empty() {
                    "How to play".to_string()
                } else {
                    format!("How to play · {} edition", theme.name)
                };
                pages.last_mut().unwrap().push(set_line(
                    fonts,
                    &sub_line,
                    sub,
                    Align::Centre,
                    area.x + area.w / 2.0,
                    base + TITLE.to_mm() * 0.35 + SUBTITLE.to_mm() * 1.2,
                ));
                y += pieces[i].height();
            }
            Piece::Heading(h) => {
                let next = pieces.get(i + 1).map_or(Mm::ZERO, Piece::min_start);
                if !at_top && pieces[i].height() + next > room {
                    new_page(&mut pages, &mut y);
                    continue;
                }
                let style = TextStyle {
                    font: FontRole::Heading,
                    size: HEADING,
                    color: accent,
                };
                let top = if at_top { y } else { y + HEADING_BEFORE };
                pages.last_mut().unwrap().push(set_line(
                    fonts,
                    h,
                    style,
                    Align::Left,
                    area.x,
                    top + fonts.ascent(&style),
                ));
                y = top + HEADING.to_mm() * 1.2 + HEADING_AFTER;
            }
            Piece::Figure(items, h) => {
                if !at_top && *h > room {
                    new_page(&mut pages, &mut y);
                    continue;
                }
                pages
                    .last_mut()
                    .unwrap()
                    .push(shifted(items.clone(), area.x, y));
                y += *h + FIGURE_GAP;
            }
            Piece::Para {
                lines,
                style,
                ascent,
                number,
            } => {
                let lh = style.line_height();
                let fit = ((room.0 + 1e-6) / lh.0).floor().max(0.0) as usize;
                // Keep at least two lines together at a page's foot.
                let take = if fit >= lines.len() {
                    lines.len()
                } else if fit >= 2 && lines.len() - fit >= 1 {
                    fit
                } else if at_top {
                    fit.max(1)
                } else {
                    0
                };
                if take == 0 {
                    new_page(&mut pages, &mut y);
                    continue;
                }
                let page = pages.last_mut().unwrap();
                if let Some(n) = number {
                    let num_style = TextStyle {
                        font: FontRole::Bold,
                        size: BODY,
                        color: accent,
                    };
                    page.push(set_line(
                        fonts,
                        &format!("{n}."),
                        num_style,
                        Align::Left,
                        area.x,
                        y + *ascent,
                    ));
                }
                page.extend(place_lines(
                    &lines[..take],
                    style,
                    area.x,
                    area.w,
                    y + *ascent,
                ));
                if take < lines.len() {
                    // The rest continues on the next page, no number.
                    let rest = lines[take..].to_vec();
                    pieces[i] = Piece::Para {
                        lines: rest,
                        style: *style,
                        ascent: *ascent,
                        number: None,
                    };
                    new_page(&mut pages, &mut y);
                    continue;
                }
                y += lh * take as f64 + PARA_GAP;
            }
        }
        i += 1;
    }

    let total = padded(pages.len());
    pages.resize_with(total, Vec::new);
    let num_style = TextStyle {
        font: FontRole::Body,
        size: Pt(8.0),
        color: text,
    };
    pages
        .into_iter()
        .enumerate()
        .map(|(i, mut items)| {
            let n = i + 1;
            if n > 1 {
                let area = content_rect(n, size);
                items.push(set_line(
                    fonts,
                    &n.to_string(),
                    num_style,
                    Align::Centre,
                    area.x + area.w / 2.0,
                    size.h - PRINT_MARGIN - Mm(3.0),
                ));
            }
            Page {
                size,
                label: format!("Leaflet page {n}"),
                items,
            }
        })
        .collect()
}
