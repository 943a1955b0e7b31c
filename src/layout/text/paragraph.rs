//! Line breaking and setting of rich text: spans in several faces broken
//! at Unicode line-break opportunities (UAX #14) into lines that never
//! exceed the measure, then placed as [`Text`] items, one per run of a face.

use unicode_linebreak::{BreakOpportunity, linebreaks};

use super::{FontSet, Span};
use crate::layout::{FontRole, Item, Rgb, Text, TextStyle};
use crate::units::{Mm, Point, Pt};

/// Slack for floating-point sums: a line may be this much "wider" than the
/// measure and still count as fitting (a millionth of a millimetre).
const EPS: f64 = 1e-6;

/// Horizontal placement of lines within the measure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Align {
    #[default]
    Left,
    Centre,
    Right,
}

/// A run of one face within a line, `x` from the line's start.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub text: String,
    pub font: FontRole,
    pub x: Mm,
}

/// One broken line: its runs, its width (sum of the runs' shaped
/// advances, trailing spaces excluded) and where it starts in the
/// paragraph's text (a byte offset into the spans' concatenation).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub runs: Vec<Run>,
    pub width: Mm,
    /// Left indent this line was broken for (first-line or hanging indent).
    pub indent: Mm,
    pub start: usize,
}

/// How to set a paragraph.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParagraphStyle {
    pub size: Pt,
    pub color: Rgb,
    /// Baseline-to-baseline distance as a multiple of `size`.
    pub leading: f64,
    pub align: Align,
    /// Left indent of the first line.
    pub first_indent: Mm,
    /// Left indent of the other lines (a hanging indent for list items).
    pub indent: Mm,
}

impl ParagraphStyle {
    /// Left-aligned, no indents.
    pub fn new(size: Pt, color: Rgb, leading: f64) -> ParagraphStyle {
        ParagraphStyle {
            size,
            color,
            leading,
            align: Align::Left,
            first_indent: Mm::ZERO,
            indent: Mm::ZERO,
        }
    }

    /// Baseline-to-baseline distance.
    pub fn line_height(&self) -> Mm {
        self.size.to_mm() * self.leading
    }
}

/// A paragraph set into lines: the items to draw and the height used.
pub struct SetParagraph {
    pub items: Vec<Item>,
    /// `lines` × line height.
    pub height: Mm,
    pub lines: usize,
    /// Width of the widest line (indent included).
    pub width: Mm,
}

/// The spans' text joined, with the face of each byte range.
struct Source {
    text: String,
    /// (start byte, face); each piece runs to the next one's start.
    fonts: Vec<(usize, FontRole)>,
}

impl Source {
    fn new(spans: &[Span]) -> Source {
        let mut text = String::new();
        let mut fonts: Vec<(usize, FontRole)> = Vec::new();
        for s in spans.iter().filter(|s| !s.text.is_empty()) {
            if fonts.last().map(|&(_, f)| f) != Some(s.font) {
                fonts.push((text.len(), s.font));
            }
            text.push_str(&s.text);
        }
        Source { text, fonts }
    }

    /// The face runs covering `a..b`.
    fn pieces(&self, a: usize, b: usize) -> impl Iterator<Item = (usize, usize, FontRole)> + '_ {
        self.fonts
            .iter()
            .enumerate()
            .filter_map(move |(i, &(s, f))| {
                let e = self.fonts.get(i + 1).map_or(self.text.len(), |n| n.0);
                let (s, e) = (s.max(a), e.min(b));
                (s < e).then_some((s, e, f))
            })
    }

    fn measure(&self, fonts: &FontSet, size: Pt, a: usize, b: usize) -> Mm {
        self.pieces(a, b)
            .map(|(s, e, f)| fonts.width_of(f, size, &self.text[s..e]))
            .fold(Mm::ZERO, |x, w| x + w)
    }

    fn runs(&self, fonts: &FontSet, size: Pt, a: usize, b: usize) -> (Vec<Run>, Mm) {
        let mut x = Mm::ZERO;
        let runs = self
            .pieces(a, b)
            .map(|(s, e, font)| {
                let text = self.text[s..e].to_string();
                let run = Run { text, font, x };
                x += fonts.width_of(font, size, &run.text);
                run
            })
            .collect();
        (runs, x)
    }
}

/// A stretch between two break opportunities, of which
/// `start..content_end` is drawn if the line ends here (trailing spaces
/// hang, measuring `space`).
#[derive(Clone, Copy, Debug)]
struct Segment {
    start: usize,
    content_end: usize,
    mandatory: bool,
    width: Mm,
    space: Mm,
}

fn segments(src: &Source, fonts: &FontSet, size: Pt) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut start = 0;
    for (end, op) in linebreaks(&src.text) {
        let seg = &src.text[start..end];
        let content_end = start + seg.trim_end().len();
        out.push(Segment {
            start,
            content_end,
            mandatory: op == BreakOpportunity::Mandatory,
            width: src.measure(fonts, size, start, content_end),
            space: src.measure(fonts, size, content_end, end),
        });
        start = end;
    }
    out
}

/// Splits a segment too wide for any line at the last character boundary
/// that still fits `avail` (at least one character, so breaking always
/// advances).
fn split_wide(
    src: &Source,
    fonts: &FontSet,
    size: Pt,
    seg: Segment,
    avail: Mm,
) -> (Segment, Segment) {
    let text = &src.text[seg.start..seg.content_end];
    let mut cut = seg.start + text.chars().next().map_or(0, char::len_utf8);
    for (i, c) in text.char_indices().skip(1) {
        let end = seg.start + i + c.len_utf8();
        if src.measure(fonts, size, seg.start, end).0 > avail.0 + EPS {
            break;
        }
        cut = end;
    }
    let head = Segment {
        content_end: cut,
        mandatory: false,
        width: src.measure(fonts, size, seg.start, cut),
        space: Mm::ZERO,
        ..seg
    };
    let tail = Segment {
        start: cut,
        width: src.measure(fonts, size, cut, seg.content_end),
        ..seg
    };
    (head, tail)
}

/// Breaks rich text into lines no wider than `width` at `size`: the first
/// line is indented by `first_indent`, later ones by `indent` (the indent
/// counts against the width). Breaks fall at Unicode line-break
/// opportunities; `\n` forces one; a word longer than a line is broken
/// between characters. Spaces at line ends are dropped.
pub fn break_lines(
    fonts: &FontSet,
    spans: &[Span],
    size: Pt,
    width: Mm,
    first_indent: Mm,
    indent: Mm,
) -> Vec<Line> {
    let src = Source::new(spans);
    let mut segs = segments(&src, fonts, size);
    let mut lines = Vec::new();
    let mut i = 0;
    while i < segs.len() {
        let line_indent = if lines.is_empty() {
            first_indent
        } else {
            indent
        };
        let avail = width - line_indent;
        // Spaces at the start of a line (after a forced break) are dropped.
        while i < segs.len() && segs[i].start == segs[i].content_end && !segs[i].mandatory {
            i += 1;
        }
        if i == segs.len() {
            break;
        }
        if segs[i].width.0 > avail.0 + EPS {
            let (head, tail) = split_wide(&src, fonts, size, segs[i], avail);
            segs[i] = tail;
            segs.insert(i, head);
        }
        // Greedy: take segments while the sum of their measures fits.
        let mut j = i + 1;
        let mut w = segs[i].width;
        while j < segs.len() && !segs[j - 1].mandatory {
            let next = w + segs[j - 1].space + segs[j].width;
            if next.0 > avail.0 + EPS {
                break;
            }
            w = next;
            j += 1;
        }
        // The line is drawn as whole runs, which shape across segment
        // boundaries (kerning with spaces); measure what will be drawn and
        // give back segments if that came out wider, or take more if it
        // came out narrower.
        let mut best = src.runs(fonts, size, segs[i].start, segs[j - 1].content_end);
        while best.1.0 > avail.0 + EPS && j > i + 1 {
            j -= 1;
            best = src.runs(fonts, size, segs[i].start, segs[j - 1].content_end);
        }
        while j < segs.len() && !segs[j - 1].mandatory {
            let more = src.runs(fonts, size, segs[i].start, segs[j].content_end);
            if more.1.0 > avail.0 + EPS {
                break;
            }
            best = more;
            j += 1;
        }
        let (runs, line_w) = best;
        lines.push(Line {
            runs,
            width: line_w,
            indent: line_indent,
            start: segs[i].start,
        });
        i = j;
    }
    lines
}

/// The spans from byte offset `start` of their concatenated text on: the
/// rest of a paragraph after the lines already set (see [`Line::start`]).
pub fn spans_from(spans: &[Span], start: usize) -> Vec<Span> {
    let mut out = Vec::new();
    let mut at = 0;
    for s in spans {
        let end = at + s.text.len();
        if end > start {
            let from = start.saturating_sub(at);
            if let Some(rest) = s.text.get(from..) {
                out.push(Span::new(rest, s.font));
            }
        }
        at = end;
    }
    out
}

/// The tallest ascent among the faces `spans` use (body if none).
pub fn spans_ascent(fonts: &FontSet, spans: &[Span], size: Pt) -> Mm {
    spans
        .iter()
        .map(|s| s.font)
        .chain(spans.is_empty().then_some(FontRole::Body))
        .map(|font| {
            fonts.ascent(&TextStyle {
                font,
                size,
                color: Rgb::BLACK,
            })
        })
        .fold(Mm::ZERO, Mm::max)
}

/// The deepest descent among the faces `spans` use (body if none).
pub fn spans_descent(fonts: &FontSet, spans: &[Span], size: Pt) -> Mm {
    spans
        .iter()
        .map(|s| s.font)
        .chain(spans.is_empty().then_some(FontRole::Body))
        .map(|font| {
            fonts.descent(&TextStyle {
                font,
                size,
                color: Rgb::BLACK,
            })
        })
        .fold(Mm::ZERO, Mm::max)
}

/// Places broken lines: line `i`'s baseline at `first_baseline + i` ×
/// line height, aligned within `width` from `x`.
pub fn place_lines(
    lines: &[Line],
    style: &ParagraphStyle,
    x: Mm,
    width: Mm,
    first_baseline: Mm,
) -> Vec<Item> {
    let mut items = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let y = first_baseline + style.line_height() * n as f64;
        let slack = (width - line.indent - line.width).max(Mm::ZERO);
        let left = x
            + line.indent
            + match style.align {
                Align::Left => Mm::ZERO,
                Align::Centre => slack / 2.0,
                Align::Right => slack,
            };
        for run in &line.runs {
            items.push(Item::Text(Text {
                origin: Point::new(left + run.x, y),
                text: run.text.clone(),
                style: TextStyle {
                    font: run.font,
                    size: style.size,
                    color: style.color,
                },
            }));
        }
    }
    items
}

/// Sets rich text in `style` into lines no wider than `width`, the top of
/// the first line at `origin.y` (its baseline one ascent lower).
pub fn set_paragraph_styled(
    fonts: &FontSet,
    spans: &[Span],
    style: &ParagraphStyle,
    width: Mm,
    origin: Point,
) -> SetParagraph {
    let lines = break_lines(
        fonts,
        spans,
        style.size,
        width,
        style.first_indent,
        style.indent,
    );
    let baseline = origin.y + spans_ascent(fonts, spans, style.size);
    let items = place_lines(&lines, style, origin.x, width, baseline);
    SetParagraph {
        items,
        height: style.line_height() * lines.len() as f64,
        lines: lines.len(),
        width: lines
            .iter()
            .map(|l| l.indent + l.width)
            .fold(Mm::ZERO, Mm::max),
    }
}

/// Sets rich text into lines no wider than `width`, the first baseline at
/// `origin.y + ascent`, lines `leading` × size apart, left-aligned.
pub fn set_paragraph(
    fonts: &FontSet,
    spans: &[Span],
    size: Pt,
    color: Rgb,
    width: Mm,
    leading: f64,
    origin: Point,
) -> SetParagraph {
    set_paragraph_styled(
        fonts,
        spans,
        &ParagraphStyle::new(size, color, leading),
        width,
        origin,
    )
}

/// One line of text aligned on a baseline: `Centre` centres it on `x`,
/// `Right` ends it at `x`, `Left` starts it there.
pub fn set_line(
    fonts: &FontSet,
    text: &str,
    style: TextStyle,
    align: Align,
    x: Mm,
    baseline: Mm,
) -> Item {
    let w = fonts.width(&style, text);
    let left = match align {
        Align::Left => x,
        Align::Centre => x - w / 2.0,
        Align::Right => x - w,
    };
    Item::Text(Text {
        origin: Point::new(left, baseline),
        text: text.to_string(),
        style,
    })
}

/// The largest size not above `max` (in steps of 0.25 pt, not below
/// `min`) at which `text` in `font` fits `width` on one line.
pub fn fit_size(fonts: &FontSet, font: FontRole, text: &str, width: Mm, max: Pt, min: Pt) -> Pt {
    let mut size = max;
    while size.0 > min.0 && fonts.width_of(font, size, text).0 > width.0 + EPS {
        size = Pt((size.0 - 0.25).max(min.0));
    }
    size
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(t: &str) -> Vec<Span> {
        vec![Span::new(t, FontRole::Body)]
    }

    #[test]
    fn forced_break_starts_a_new_line() {
        let f = FontSet::builtin();
        let lines = break_lines(
            &f,
            &body("one\ntwo"),
            Pt(10.0),
            Mm(100.0),
            Mm::ZERO,
            Mm::ZERO,
        );
        let texts: Vec<&str> = lines.iter().map(|l| l.runs[0].text.as_str()).collect();
        assert_eq!(texts, ["one", "two"]);
    }

    #[test]
    fn spans_from_resumes_mid_span() {
        let spans = vec![
            Span::new("ab ", FontRole::Body),
            Span::new("cd", FontRole::Bold),
        ];
        assert_eq!(
            spans_from(&spans, 1),
            vec![
                Span::new("b ", FontRole::Body),
                Span::new("cd", FontRole::Bold)
            ]
        );
        assert_eq!(spans_from(&spans, 3), vec![Span::new("cd", FontRole::Bold)]);
    }
}
