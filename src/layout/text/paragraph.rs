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
#[derive(Clone, Debug)]
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
            // ASCII control characters other than line feeds have no
            // glyphs: they are set as spaces (same length, so byte
            // offsets into the spans stay valid).
            text.extend(s.text.chars().map(|c| {
                if c.is_ascii_control() && c != '\n' {
                    ' '
                } else {
                    c
                }
            }));
        }
        Source { text, fonts }
    }

    /// The face runs covering `a..b`, found by binary search so that
    /// measuring stays cheap however many face changes the text has.
    fn pieces(&self, a: usize, b: usize) -> impl Iterator<Item = (usize, usize, FontRole)> + '_ {
        let first = self
            .fonts
            .partition_point(|&(s, _)| s <= a)
            .saturating_sub(1);
        self.fonts[first..]
            .iter()
            .enumerate()
            .map(move |(k, &(s, f))| {
                let e = self
                    .fonts
                    .get(first + k + 1)
                    .map_or(self.text.len(), |n| n.0);
                (s, e, f)
            })
            .take_while(move |&(s, _, _)| s < b)
            .filter_map(move |(s, e, f)| {
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

    /// The end of `a..b` without its trailing white space (which hangs at
    /// a line's end).
    fn content_end(&self, a: usize, b: usize) -> usize {
        a + self.text[a..b].trim_end().len()
    }

    /// The byte offset `n` characters after `a`, at most `b`.
    fn chars_after(&self, a: usize, b: usize, n: usize) -> usize {
        self.text[a..b]
            .char_indices()
            .nth(n)
            .map_or(b, |(i, _)| a + i)
    }

    /// The width of `a..b` when it is at most `limit`, else `None`. A long
    /// stretch is measured by prefixes of doubling length, so finding that
    /// a 64 KiB word does not fit costs about a line's worth of shaping,
    /// not the whole word.
    fn width_within(&self, fonts: &FontSet, size: Pt, a: usize, b: usize, limit: Mm) -> Option<Mm> {
        let mut n = SHORT_CHARS;
        loop {
            let end = self.chars_after(a, b, n);
            let w = self.measure(fonts, size, a, end);
            if w.0 > limit.0 + EPS {
                return None;
            }
            if end == b {
                return Some(w);
            }
            n *= 2;
        }
    }

    /// The longest prefix of `a..b` (a character boundary, at least one
    /// character so that breaking always advances) no wider than `avail`:
    /// doubling prefixes find a bracket, a binary search the cut. Work is
    /// about the length of one line, not of the stretch.
    fn cut_within(&self, fonts: &FontSet, size: Pt, a: usize, b: usize, avail: Mm) -> usize {
        let fits = |end: usize| self.measure(fonts, size, a, end).0 <= avail.0 + EPS;
        let mut n = SHORT_CHARS;
        let mut known = 0;
        loop {
            let end = self.chars_after(a, b, n);
            if end == b || !fits(end) {
                break;
            }
            known = n;
            n *= 2;
        }
        // Character ends of the bracket (known, n]: the first `known`
        // characters fit, `n` do not (or reach `b`).
        let ends: Vec<usize> = self.text[a..b]
            .char_indices()
            .skip(known)
            .take(n - known)
            .map(|(i, c)| a + i + c.len_utf8())
            .collect();
        let (mut lo, mut hi) = (0, ends.len());
        // Invariant: ends[..lo] fit (as prefixes), ends[hi..] do not.
        while lo < hi {
            let mid = (lo + hi) / 2;
            if fits(ends[mid]) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        match lo.checked_sub(1) {
            Some(i) => ends[i],
            None if known > 0 => self.chars_after(a, b, known),
            None => ends.first().copied().unwrap_or(b),
        }
    }
}

/// Prefixes are measured from this many characters up, doubling.
const SHORT_CHARS: usize = 32;

/// A stretch between two break opportunities, of which
/// `start..content_end` is drawn if the line ends here (trailing spaces
/// hang).
#[derive(Clone, Copy, Debug)]
struct Segment {
    start: usize,
    content_end: usize,
    end: usize,
    mandatory: bool,
}

/// Lines broken from rich text one at a time (see [`break_lines`]), so a
/// caller that has room for a few lines pays for a few lines: the work for
/// each line is about its own length, however long the paragraph or its
/// words.
pub struct Lines<'f> {
    fonts: &'f FontSet,
    size: Pt,
    width: Mm,
    first_indent: Mm,
    indent: Mm,
    src: Source,
    /// Break opportunities: (byte offset, mandatory).
    breaks: Vec<(usize, bool)>,
    /// Where the next line starts, and the first break after it.
    pos: usize,
    next: usize,
    first: bool,
}

/// Whether a break at byte `at` of `text` would split a move ("e1-e4")
/// after its hyphen. Unicode lets a line break after a hyphen before a
/// letter, but a move is read as one word, in every language.
pub fn inside_move(text: &str, at: usize) -> bool {
    let (before, after) = text.split_at(at);
    let mut back = before.chars().rev();
    let mut on = after.chars();
    back.next() == Some('-')
        && back.next().is_some_and(|c| c.is_ascii_digit())
        && on.next().is_some_and(|c| c.is_ascii_lowercase())
        && on.next().is_some_and(|c| c.is_ascii_digit())
}

impl<'f> Lines<'f> {
    pub fn new(
        fonts: &'f FontSet,
        spans: &[Span],
        size: Pt,
        width: Mm,
        first_indent: Mm,
        indent: Mm,
    ) -> Lines<'f> {
        let src = Source::new(spans);
        let breaks = linebreaks(&src.text)
            .filter(|(at, _)| !inside_move(&src.text, *at))
            .map(|(at, op)| (at, op == BreakOpportunity::Mandatory))
            .collect();
        Lines {
            fonts,
            size,
            width,
            first_indent,
            indent,
            src,
            breaks,
            pos: 0,
            next: 0,
            first: true,
        }
    }

    /// Segment `k`, starting at `from` (the previous break, or inside the
    /// segment when a word too wide for a line was cut).
    fn segment(&self, k: usize, from: usize) -> Segment {
        let (end, mandatory) = self.breaks[k];
        Segment {
            start: from,
            content_end: self.src.content_end(from, end),
            end,
            mandatory,
        }
    }

    fn measure(&self, a: usize, b: usize) -> Mm {
        self.src.measure(self.fonts, self.size, a, b)
    }

    /// Ends the line at byte `end`: the next line starts there and is no
    /// longer the paragraph's first.
    fn close(
        &mut self,
        end: usize,
        (runs, width): (Vec<Run>, Mm),
        indent: Mm,
        start: usize,
    ) -> Line {
        self.pos = end;
        self.first = false;
        Line {
            runs,
            width,
            indent,
            start,
        }
    }

    fn runs(&self, a: usize, b: usize) -> (Vec<Run>, Mm) {
        self.src.runs(self.fonts, self.size, a, b)
    }

    /// With the fonts' hyphenation patterns: the line `start..` ended
    /// inside the word that begins at `from` (and runs to `end` at most),
    /// at the last pattern point where the line with a hyphen after it is
    /// no wider than `avail`. Its runs, width and where the rest of the
    /// word starts; `None` when no point fits.
    fn hyphenated(&self, start: usize, from: usize, end: usize, avail: Mm) -> Option<Hyphenated> {
        let hyphenation = self.fonts.hyphenation()?;
        let text = &self.src.text[from..end];
        let word = &text[..text
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(text.len())];
        if word.chars().count() < crate::words::hyphen::MIN_WORD {
            return None;
        }
        let mut points = Vec::new();
        let mut at = from;
        for piece in hyphenation.pieces(word) {
            at += piece.len();
            points.push(at);
        }
        points.pop();
        points.into_iter().rev().find_map(|cut| {
            let (mut runs, width) = self.runs(start, cut);
            let font = runs.last()?.font;
            let width = width + self.fonts.width_of(font, self.size, "-");
            if width.0 > avail.0 + EPS {
                return None;
            }
            runs.last_mut()?.text.push('-');
            Some((runs, width, cut))
        })
    }
}

/// A line ended with a hyphen: its runs, width, and where the rest of the
/// broken word starts.
type Hyphenated = (Vec<Run>, Mm, usize);

/// A line filled less than this (of its measure) tries to take the start
/// of the next word, hyphenated; fuller lines are left ragged, so hyphens
/// come only where they help.
const HYPHENATE_BELOW: f64 = 0.85;

impl Iterator for Lines<'_> {
    type Item = Line;

    fn next(&mut self) -> Option<Line> {
        let line_indent = if self.first {
            self.first_indent
        } else {
            self.indent
        };
        let avail = self.width - line_indent;
        // Spaces at the start of a line (after a forced break) are dropped.
        let mut seg = loop {
            if self.next >= self.breaks.len() {
                return None;
            }
            let seg = self.segment(self.next, self.pos);
            if seg.start == seg.content_end && !seg.mandatory {
                self.pos = seg.end;
                self.next += 1;
                continue;
            }
            break seg;
        };
        let start = seg.start;
        let fonts = self.fonts;
        let size = self.size;
        let fits = self
            .src
            .width_within(fonts, size, start, seg.content_end, avail);
        let mut w = if let Some(w) = fits {
            w
        } else if let Some((runs, width, cut)) =
            self.hyphenated(start, start, seg.content_end, avail)
        {
            // A word wider than the line, hyphenated where it may be.
            return Some(self.close(cut, (runs, width), line_indent, start));
        } else {
            // A word wider than the line: cut it at the last character
            // that fits; the rest starts the next line.
            let cut = self
                .src
                .cut_within(fonts, size, start, seg.content_end, avail);
            if cut < seg.content_end {
                let set = self.runs(start, cut);
                return Some(self.close(cut, set, line_indent, start));
            }
            // Shaping in context made the whole word fit after all.
            seg.content_end = cut;
            self.measure(start, cut)
        };
        // Greedy: take segments while the sum of their measures fits.
        // `taken` is the segments on the line, `last` the last of them.
        let mut last = seg;
        let mut taken = 1;
        while self.next + taken < self.breaks.len() && !last.mandatory {
            let following = self.segment(self.next + taken, last.end);
            let gap = self.measure(last.content_end, last.end);
            let room = avail - w - gap;
            let Some(fw) = (room.0 >= -EPS)
                .then(|| {
                    self.src
                        .width_within(fonts, size, following.start, following.content_end, room)
                })
                .flatten()
            else {
                break;
            };
            w = w + gap + fw;
            last = following;
            taken += 1;
        }
        // The line is drawn as whole runs, which shape across segment
        // boundaries (kerning with spaces); measure what will be drawn and
        // give back segments if that came out wider (a binary search, so a
        // line of many tiny segments costs a few shapings), or take one or
        // two more if it came out narrower.
        let end_of = |lines: &Lines<'_>, k: usize| -> usize {
            if k == 1 {
                seg.content_end
            } else {
                let (e, _) = lines.breaks[lines.next + k - 1];
                let s = lines.breaks[lines.next + k - 2].0;
                lines.src.content_end(s, e)
            }
        };
        let mut best = self.runs(start, last.content_end);
        if best.1.0 > avail.0 + EPS && taken > 1 {
            let (mut lo, mut hi) = (1, taken - 1);
            // Invariant: `lo` segments fit (the first always does), more
            // than `hi` do not.
            while lo < hi {
                let mid = (lo + hi).div_ceil(2);
                if self.runs(start, end_of(self, mid)).1.0 <= avail.0 + EPS {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            taken = lo;
            best = self.runs(start, end_of(self, taken));
        } else {
            for _ in 0..MORE_TRIES {
                let k = self.next + taken;
                if k >= self.breaks.len() || self.breaks[k - 1].1 {
                    break;
                }
                // A segment wider than a whole line cannot join one; this
                // is found from its first characters, not by shaping it.
                let following = self.segment(k, self.breaks[k - 1].0);
                if self
                    .src
                    .width_within(fonts, size, following.start, following.content_end, avail)
                    .is_none()
                {
                    break;
                }
                let more = self.runs(start, end_of(self, taken + 1));
                if more.1.0 > avail.0 + EPS {
                    break;
                }
                best = more;
                taken += 1;
            }
        }
        let k = self.next + taken;
        if best.1.0 < avail.0 * HYPHENATE_BELOW && k < self.breaks.len() && !self.breaks[k - 1].1 {
            let following = self.segment(k, self.breaks[k - 1].0);
            if let Some((runs, width, cut)) =
                self.hyphenated(start, following.start, following.content_end, avail)
            {
                self.next = k;
                return Some(self.close(cut, (runs, width), line_indent, start));
            }
        }
        let end = self.breaks[self.next + taken - 1].0;
        self.next += taken;
        Some(self.close(end, best, line_indent, start))
    }
}

/// Segments the shaped line may take beyond what the sum of their
/// measures allowed: kerning across a space gains a fraction of a point,
/// never a word, so one or two are all that can ever fit.
const MORE_TRIES: usize = 2;

/// Breaks rich text into lines no wider than `width` at `size`: the first
/// line is indented by `first_indent`, later ones by `indent` (the indent
/// counts against the width). Breaks fall at Unicode line-break
/// opportunities; `\n` forces one; a word longer than a line is broken
/// between characters. Spaces at line ends are dropped. Linear in the
/// text's length; [`Lines`] gives the lines one at a time.
pub fn break_lines(
    fonts: &FontSet,
    spans: &[Span],
    size: Pt,
    width: Mm,
    first_indent: Mm,
    indent: Mm,
) -> Vec<Line> {
    Lines::new(fonts, spans, size, width, first_indent, indent).collect()
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
    set_paragraph_upto(fonts, spans, style, width, origin, usize::MAX)
}

/// [`set_paragraph_styled`], breaking at most `max_lines` lines: a caller
/// with room for a few lines pays for those, however long the text (see
/// [`Lines`]).
pub fn set_paragraph_upto(
    fonts: &FontSet,
    spans: &[Span],
    style: &ParagraphStyle,
    width: Mm,
    origin: Point,
    max_lines: usize,
) -> SetParagraph {
    let lines: Vec<Line> = Lines::new(
        fonts,
        spans,
        style.size,
        width,
        style.first_indent,
        style.indent,
    )
    .take(max_lines)
    .collect();
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
