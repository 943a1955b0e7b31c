//! The two reminder cards, one for each player: the rules in short, in the
//! theme's words (the same rule sentences as the leaflet), and one small
//! diagram of a position the rules engine has checked.

use crate::error::Failure;
use crate::kit::component::{Component, Context, Part, Planned, Room, Share};
use crate::kit::diagram::{self, Mark};
use crate::kit::error::KitError;
use crate::kit::rules_text;
use crate::layout::draw;
use crate::layout::frame::Frame;
use crate::layout::text::{self, FontSet};
use crate::layout::{FontRole, Rgb};
use crate::rules::{Escape, Game, GameResult, Move, Piece, Side, Square, Variant, WinReason};
use crate::theme::Theme;
use crate::units::{Mm, Point, Pt, Rect, Size};

/// A playing-card size, the size a reminder card is unless its text needs
/// more room.
pub const POKER: Size = Size {
    w: Mm(63.0),
    h: Mm(88.0),
};
/// A6, the fallback for long rules.
pub const A6: Size = Size {
    w: Mm(105.0),
    h: Mm(148.0),
};

/// A small position for a card: the board window drawn, what to mark on
/// it and a caption.
#[derive(Clone)]
pub struct Figure {
    pub board: Vec<Vec<Option<Piece>>>,
    pub marks: Vec<Mark>,
    /// Where the window lies on the board (its squares, edges).
    pub style: diagram::DiagramStyle,
    pub caption: String,
}

fn empty(n: usize) -> Vec<Vec<Option<Piece>>> {
    vec![vec![None; n]; n]
}

/// Sets `piece` on `board` at 0-based (file, rank), rank 0 at the bottom.
fn put(board: &mut [Vec<Option<Piece>>], file: usize, rank: usize, piece: Piece) {
    let n = board.len();
    board[n - 1 - rank][file] = Some(piece);
}

/// The position, move and expected outcome of a card's figure, on the
/// whole board (the engine checks it there; the card shows a corner).
pub struct Example {
    pub board: Vec<Vec<Option<Piece>>>,
    pub to_move: Side,
    pub from: (u8, u8),
    pub to: (u8, u8),
    /// The square whose piece the move captures, if any.
    pub captures: Option<(u8, u8)>,
    /// Whether the move wins by escape.
    pub escapes: bool,
    /// The bottom-left square and side of the square window the card shows.
    pub window: ((usize, usize), usize),
}

/// The example each card illustrates: a capture for the attackers, the
/// king's escape for the defenders. Placed in the bottom-left corner,
/// away from the centre, with the king elsewhere when it is not the
/// subject.
pub fn example(variant: &Variant, side: Side) -> Example {
    // The first candidate the rules engine confirms; otherwise the first,
    // so that the build error says what is wrong with it.
    let mut candidates = example_candidates(variant, side);
    let found = candidates
        .iter()
        .position(|ex| check_example(variant, ex).is_ok())
        .unwrap_or(0);
    candidates.swap_remove(found)
}

/// Ways to show the card's example on this board, most telling first: the
/// king farther from his goal before nearer (a king that moves one square
/// needs the nearest), the spare defender where the board leaves room.
fn example_candidates(variant: &Variant, side: Side) -> Vec<Example> {
    let n = variant.size;
    let mut out = Vec::new();
    match side {
        Side::Attackers => {
            for spare in [(n - 4, n - 2), (n - 2, n - 4), (n - 3, n - 3)] {
                let mut board = empty(n);
                // An attacker closes a sandwich around a defender on c3.
                put(&mut board, 2, 2, Piece::Defender);
                put(&mut board, 1, 2, Piece::Attacker);
                put(&mut board, 3, 0, Piece::Attacker);
                put(&mut board, n - 2, n - 2, Piece::King);
                put(&mut board, spare.0, spare.1, Piece::Defender);
                out.push(Example {
                    board,
                    to_move: Side::Attackers,
                    from: (3, 0),
                    to: (3, 2),
                    captures: Some((2, 2)),
                    escapes: false,
                    window: ((1, 0), 3),
                });
            }
        }
        Side::Defenders => {
            for distance in [3u8, 2, 1] {
                for spare in [(3, 3), (n - 4, n - 2), (n - 2, n - 4)] {
                    let mut board = empty(n);
                    put(&mut board, n - 2, n - 3, Piece::Attacker);
                    put(&mut board, n - 3, n - 2, Piece::Attacker);
                    put(&mut board, spare.0, spare.1, Piece::Defender);
                    // The king runs to the edge, or up the a-file into the
                    // corner.
                    let (king, attacker, to) = match variant.escape {
                        Escape::Edge => ((2u8, distance), (3, 1), (2, 0)),
                        Escape::Corner => ((0, distance), (2, 1), (0, 0)),
                    };
                    put(&mut board, king.0.into(), king.1.into(), Piece::King);
                    put(&mut board, attacker.0, attacker.1, Piece::Attacker);
                    out.push(Example {
                        board,
                        to_move: Side::Defenders,
                        from: king,
                        to,
                        captures: None,
                        escapes: true,
                        window: ((0, 0), 4),
                    });
                }
            }
        }
    }
    out
}

/// The figure of a card: the example's bottom-left window with its move.
pub fn figure(variant: &Variant, theme: &Theme, side: Side) -> Result<Figure, KitError> {
    let ex = example(variant, side);
    check_example(variant, &ex)?;
    let n = variant.size;
    let ((f0, r0), w) = ex.window;
    let w = w.min(n);
    // Rows top first: the window's top rank is r0 + w − 1.
    let window: Vec<Vec<Option<Piece>>> = (0..w)
        .map(|i| {
            let row = n - 1 - (r0 + w - 1 - i);
            ex.board[row][f0..f0 + w].to_vec()
        })
        .collect();
    let shift = |(f, r): (u8, u8)| (f - f0 as u8, r - r0 as u8);
    let mut marks = vec![Mark::Arrow {
        from: shift(ex.from),
        to: shift(ex.to),
    }];
    if let Some(c) = ex.captures {
        marks.push(Mark::Captured(shift(c)));
    }
    if ex.escapes {
        marks.push(Mark::Highlight(shift(ex.to)));
    }
    // The window as a piece of the board: its real edges, its special
    // squares; no coordinates at card size.
    let style = diagram::DiagramStyle {
        coordinates: false,
        ..diagram::DiagramStyle::window(variant, (f0 as u8, r0 as u8), w, w)
    };
    let names = &theme.names;
    let caption = match side {
        Side::Attackers => format!(
            "The {} moves up and the {} between two {} is taken.",
            names.attacker.one, names.defender.one, names.attacker.many
        ),
        Side::Defenders => {
            let king = if names.king.proper {
                names.king.one.clone()
            } else {
                format!("the {}", names.king.one)
            };
            let goal = match variant.escape {
                Escape::Edge => "the edge",
                Escape::Corner => "a corner",
            };
            format!(
                "{} reaches {goal}: {} win.",
                capitalise(&king),
                names.defenders
            )
        }
    };
    Ok(Figure {
        board: window,
        marks,
        style,
        caption,
    })
}

/// The position in setup notation, as the engine reads it.
fn notation(board: &[Vec<Option<Piece>>]) -> String {
    board
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| c.map_or('.', |p| p.symbol()).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The rules engine confirms the example before it is printed: the move
/// is legal and does exactly what the card says (takes the one piece, or
/// wins by escape). A figure the engine does not confirm is a build error.
pub fn check_example(variant: &Variant, ex: &Example) -> Result<(), KitError> {
    let fail = |why: String| KitError::ExampleNotConfirmed {
        variant: variant.name.clone(),
        why,
    };
    let mut game = Game::from_diagram(variant, &notation(&ex.board), ex.to_move).map_err(fail)?;
    let sq = |(file, rank): (u8, u8)| Square { file, rank };
    let mv = Move {
        from: sq(ex.from),
        to: sq(ex.to),
    };
    let report = game.play(mv).map_err(|e| fail(e.to_string()))?;
    let expected: Vec<Square> = ex.captures.map(sq).into_iter().collect();
    if report.captured != expected {
        return Err(fail(format!(
            "{mv} takes {:?}, not {:?}",
            report.captured, expected
        )));
    }
    let escaped = matches!(
        report.result,
        GameResult::Win {
            winner: Side::Defenders,
            reason: WinReason::KingEscaped
        }
    );
    if escaped != ex.escapes {
        return Err(fail(format!("{mv} ends with {:?}", report.result)));
    }
    Ok(())
}

pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The card component: one card for each side, measured when the kit is
/// planned (the size and type size that fit, the text broken into lines)
/// and drawn only when it is laid out.
pub struct Cards {
    cards: Vec<Measured>,
}

/// One card, measured: where every line of its text goes.
struct Measured {
    side: Side,
    size: Size,
    title: String,
    title_style: crate::layout::TextStyle,
    title_at: Point,
    /// Each paragraph: its lines, how they are set and the first baseline.
    paragraphs: Vec<(Vec<text::Line>, text::ParagraphStyle, Mm)>,
    caption: (Vec<text::Line>, text::ParagraphStyle, Point, Mm),
    figure: Figure,
    figure_rect: Rect,
}

/// Makes the reminder cards: each the poker size when its text fits,
/// A6 otherwise.
pub fn make(
    cx: &Context,
    _made: &[Box<dyn Component>],
) -> Result<Option<Box<dyn Component>>, KitError> {
    let cards = [Side::Attackers, Side::Defenders]
        .into_iter()
        .map(|side| measure(cx.variant, cx.theme, side, cx.fonts))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(Box::new(Cards { cards })))
}

impl Cards {
    /// The size each card was made at, attackers' first.
    pub fn sizes(&self) -> Vec<Size> {
        self.cards.iter().map(|c| c.size).collect()
    }
}

impl Component for Cards {
    fn name(&self) -> &'static str {
        "reminder cards"
    }
    fn room(&self) -> Room {
        Room::Card(vec![self.sizes()])
    }
    fn layout(&self, cx: &Context, _kit: &Planned, part: Part) -> Result<Frame, KitError> {
        let Part::Rect { part, .. } = part else {
            return Err(Failure::internal("a card is a rectangle").into());
        };
        let card = self
            .cards
            .get(part)
            .ok_or_else(|| Failure::internal("no such card"))?;
        Ok(draw_card(card, cx.theme))
    }
    fn describe(&self, _cx: &Context, _set: usize, share: &Share) -> Vec<String> {
        match share.rects.len() {
            0 => Vec::new(),
            n => vec![plural(n, "reminder card", "reminder cards")],
        }
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// "1 reminder card", "2 reminder cards".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Measures the card for `side` at the first size and type size it fits.
fn measure(
    variant: &Variant,
    theme: &Theme,
    side: Side,
    fonts: &FontSet,
) -> Result<Measured, KitError> {
    let sections = rules_text::card_sections(variant, theme, side)?;
    let fig = figure(variant, theme, side)?;
    for (size, body) in [
        (POKER, Pt(6.5)),
        (POKER, Pt(6.0)),
        (POKER, Pt(5.5)),
        (A6, Pt(8.0)),
        (A6, Pt(7.5)),
        (A6, Pt(7.0)),
        (A6, Pt(6.5)),
        (A6, Pt(6.0)),
        (A6, Pt(5.5)),
    ] {
        if let Some(m) = measure_at(theme, side, fonts, &sections, &fig, size, body) {
            return Ok(m);
        }
    }
    Err(KitError::CardTooLong { side })
}

/// Inner margin of a card.
const PAD: Mm = Mm(3.2);

/// One card in one size and type size, or `None` when it does not fit.
fn measure_at(
    theme: &Theme,
    side: Side,
    fonts: &FontSet,
    sections: &[rules_text::RuleSection],
    fig: &Figure,
    size: Size,
    body: Pt,
) -> Option<Measured> {
    let c = &theme.colours;
    let width = size.w - PAD * 2.0;
    let side_name = match side {
        Side::Attackers => &theme.names.attackers,
        Side::Defenders => &theme.names.defenders,
    };
    let title_style = draw::style(FontRole::Heading, body + Pt(3.0), c.accent);
    let title = capitalise(side_name);
    let mut y = PAD + Mm(0.3);
    let asc = fonts.ascent(&title_style);
    let tw = fonts.width(&title_style, &title);
    if tw > width {
        return None;
    }
    let title_at = Point::new((size.w - tw) / 2.0, y + asc);
    y += asc + fonts.descent(&title_style) + Mm(1.0);

    // The rules, each section a paragraph led by its title in bold.
    let body_style = text::ParagraphStyle::new(body, c.text, 1.17);
    let mut paragraphs = Vec::new();
    for s in sections {
        for (i, block) in text::markdown_blocks(&s.markdown).into_iter().enumerate() {
            let mut spans = Vec::new();
            if i == 0 {
                spans.push(text::Span::new(format!("{} ", s.title), FontRole::Bold));
            }
            spans.extend(block.spans);
            let lines = text::break_lines(fonts, &spans, body, width, Mm::ZERO, Mm::ZERO);
            let baseline = y + text::spans_ascent(fonts, &spans, body);
            // A third of the type size between paragraphs.
            y += body_style.line_height() * lines.len() as f64 + body.to_mm() / 3.0;
            paragraphs.push((lines, body_style, baseline));
        }
    }

    // The figure at the foot, its caption beside it.
    let fig_side = if size == POKER { Mm(20.0) } else { Mm(30.0) };
    let cap_x = PAD + fig_side + Mm(2.5);
    let cap_w = size.w - PAD - cap_x;
    let cap_spans = [text::Span::new(fig.caption.clone(), FontRole::Italic)];
    let cap_style = text::ParagraphStyle::new(body, c.text, 1.15);
    let cap_lines = text::break_lines(fonts, &cap_spans, body, cap_w, Mm::ZERO, Mm::ZERO);
    let cap_h = cap_style.line_height() * cap_lines.len() as f64;
    let band = fig_side.max(cap_h);
    let top = size.h - PAD - band;
    if y > top - Mm(1.0) {
        return None;
    }
    let figure_rect = Rect::new(PAD, top + (band - fig_side) / 2.0, fig_side, fig_side);
    let cap_baseline = top + (band - cap_h) / 2.0 + text::spans_ascent(fonts, &cap_spans, body);
    Some(Measured {
        side,
        size,
        title,
        title_style,
        title_at,
        paragraphs,
        caption: (cap_lines, cap_style, Point::new(cap_x, cap_baseline), cap_w),
        figure: fig.clone(),
        figure_rect,
    })
}

/// Draws a measured card at its own origin.
fn draw_card(m: &Measured, theme: &Theme) -> Frame {
    let c = &theme.colours;
    let size = m.size;
    let width = size.w - PAD * 2.0;
    let mut frame = Frame::new(size);
    let outline = frame.rect();
    frame.push(draw::filled(draw::rect_path(outline), Rgb::WHITE));
    frame.push(draw::stroked(
        draw::rect_path(outline.inset(Mm(1.6))),
        draw::pen(c.accent, Mm(0.35)),
    ));
    frame.push(draw::text(&m.title, m.title_style, m.title_at));
    for (lines, style, baseline) in &m.paragraphs {
        frame.extend(text::place_lines(lines, style, PAD, width, *baseline));
    }
    frame.extend(diagram::draw_styled(
        &m.figure.board,
        &m.figure.marks,
        &m.figure.style,
        m.figure_rect,
        theme,
    ));
    let (lines, style, at, w) = &m.caption;
    frame.extend(text::place_lines(lines, style, at.x, *w, at.y));
    frame.push(draw::stroked(draw::rect_path(outline), draw::cut_line()));
    let _ = m.side;
    frame
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_example_is_confirmed_by_the_engine() {
        for id in crate::rules::builtin_ids() {
            let v = crate::rules::builtin(id).unwrap();
            for side in [Side::Attackers, Side::Defenders] {
                let ex = example(&v, side);
                check_example(&v, &ex).unwrap_or_else(|f| panic!("{id} {side}: {f}"));
            }
        }
    }

    #[test]
    fn a_wrong_claim_is_refused() {
        let v = crate::rules::builtin("york").unwrap();
        let mut ex = example(&v, Side::Attackers);
        // Claim the move takes a piece it does not.
        ex.captures = Some((1, 2));
        assert!(check_example(&v, &ex).is_err());
        let mut ex = example(&v, Side::Defenders);
        ex.escapes = false;
        assert!(check_example(&v, &ex).is_err());
    }
}
