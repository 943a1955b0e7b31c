//! The two reminder cards, one for each player: the rules in short, in the
//! theme's words (the same rule sentences as the leaflet), and one small
//! diagram of a position the rules engine has checked.

use crate::error::Failure;
use crate::kit::diagram::{self, Mark};
use crate::kit::rules_text;
use crate::layout::draw;
use crate::layout::text::{self, FontSet};
use crate::layout::{FontRole, Item, Rgb};
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

/// A laid-out card: its size and its items, top-left at the origin.
pub struct Card {
    pub side: Side,
    pub size: Size,
    pub items: Vec<Item>,
}

/// A small position for a card: the board window drawn, what to mark on
/// it and a caption.
pub struct Figure {
    pub board: Vec<Vec<Option<Piece>>>,
    pub marks: Vec<Mark>,
    /// Special squares inside the window.
    pub special: Vec<(u8, u8)>,
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
    let n = variant.size;
    let mut board = empty(n);
    match side {
        Side::Attackers => {
            // An attacker closes a sandwich around a defender on c3.
            put(&mut board, 2, 2, Piece::Defender);
            put(&mut board, 1, 2, Piece::Attacker);
            put(&mut board, 3, 0, Piece::Attacker);
            put(&mut board, n - 2, n - 2, Piece::King);
            put(&mut board, n - 4, n - 2, Piece::Defender);
            Example {
                board,
                to_move: Side::Attackers,
                from: (3, 0),
                to: (3, 2),
                captures: Some((2, 2)),
                escapes: false,
                window: ((1, 0), 3),
            }
        }
        Side::Defenders => {
            put(&mut board, n - 2, n - 3, Piece::Attacker);
            put(&mut board, n - 3, n - 2, Piece::Attacker);
            put(&mut board, 3, 3, Piece::Defender);
            // The king runs to the edge, or up the a-file into the corner.
            let (king, attacker, to) = match variant.escape {
                Escape::Edge => ((2u8, 3u8), (3, 1), (2, 0)),
                Escape::Corner => ((0, 3), (2, 1), (0, 0)),
            };
            put(&mut board, king.0.into(), king.1.into(), Piece::King);
            put(&mut board, attacker.0, attacker.1, Piece::Attacker);
            Example {
                board,
                to_move: Side::Defenders,
                from: king,
                to,
                captures: None,
                escapes: true,
                window: ((0, 0), 4),
            }
        }
    }
}

/// The figure of a card: the example's bottom-left window with its move.
pub fn figure(variant: &Variant, theme: &Theme, side: Side) -> Result<Figure, Failure> {
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
    let special = diagram::DiagramStyle::for_variant(variant)
        .special
        .into_iter()
        .filter(|&(f, r)| {
            (f0..f0 + w).contains(&(f as usize)) && (r0..r0 + w).contains(&(r as usize))
        })
        .map(shift)
        .collect();
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
        special,
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
pub fn check_example(variant: &Variant, ex: &Example) -> Result<(), Failure> {
    let fail = |why: String| {
        Failure::option(
            "VARIANT",
            format!(
                "the reminder card's example for {} is not confirmed by the rules engine: {why}",
                variant.name
            ),
        )
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

/// Lays out the card for `side`: the poker size when the text fits, A6
/// otherwise.
pub fn card(
    variant: &Variant,
    theme: &Theme,
    side: Side,
    fonts: &FontSet,
) -> Result<Card, Failure> {
    let sections = rules_text::card_sections(variant, theme, side)?;
    let fig = figure(variant, theme, side)?;
    for (size, body) in [
        (POKER, 6.5),
        (POKER, 6.0),
        (POKER, 5.5),
        (A6, 8.0),
        (A6, 7.5),
        (A6, 7.0),
        (A6, 6.5),
        (A6, 6.0),
        (A6, 5.5),
    ] {
        if let Some(items) = lay_out(theme, side, fonts, &sections, &fig, size, body) {
            return Ok(Card { side, size, items });
        }
    }
    Err(Failure::option(
        "--theme",
        format!(
            "the reminder card for {} does not fit on an A6 card, even in small type",
            side
        ),
    ))
}

/// One card in one size and type size, or `None` when it does not fit.
fn lay_out(
    theme: &Theme,
    side: Side,
    fonts: &FontSet,
    sections: &[rules_text::RuleSection],
    fig: &Figure,
    size: Size,
    body: f64,
) -> Option<Vec<Item>> {
    let c = &theme.colours;
    let pad = Mm(3.2);
    let width = size.w - pad * 2.0;
    let mut items = Vec::new();
    let outline = Rect::new(Mm::ZERO, Mm::ZERO, size.w, size.h);
    items.push(draw::filled(draw::rect_path(outline), Rgb::WHITE));
    items.push(draw::stroked(
        draw::rect_path(outline.inset(Mm(1.6))),
        draw::pen(c.accent, Mm(0.35)),
    ));
    let side_name = match side {
        Side::Attackers => &theme.names.attackers,
        Side::Defenders => &theme.names.defenders,
    };
    let title_style = draw::style(FontRole::Heading, body + 3.0, c.accent);
    let title = capitalise(side_name);
    let mut y = pad + Mm(0.3);
    let asc = fonts.ascent(&title_style);
    let tw = fonts.width(&title_style, &title);
    if tw > width {
        return None;
    }
    items.push(draw::text(
        &title,
        title_style,
        Point::new((size.w - tw) / 2.0, y + asc),
    ));
    y += asc + fonts.descent(&title_style) + Mm(1.0);

    // The rules, each section a paragraph led by its title in bold.
    for s in sections {
        for (i, block) in text::markdown_blocks(&s.markdown).into_iter().enumerate() {
            let mut spans = Vec::new();
            if i == 0 {
                spans.push(text::Span::new(format!("{} ", s.title), FontRole::Bold));
            }
            spans.extend(block.spans);
            let set = text::set_paragraph(
                fonts,
                &spans,
                Pt(body),
                c.text,
                width,
                1.17,
                Point::new(pad, y),
            );
            items.extend(set.items);
            y += set.height + Mm(body * 0.12);
        }
    }

    // The figure at the foot, its caption beside it.
    let fig_side = if size == POKER { Mm(20.0) } else { Mm(30.0) };
    let cap_x = pad + fig_side + Mm(2.5);
    let cap_w = size.w - pad - cap_x;
    let cap = text::set_paragraph(
        fonts,
        &[text::Span::new(fig.caption.clone(), FontRole::Italic)],
        Pt(body),
        c.text,
        cap_w,
        1.15,
        Point::new(cap_x, Mm::ZERO),
    );
    let band = fig_side.max(cap.height);
    let top = size.h - pad - band;
    if y > top - Mm(1.0) {
        return None;
    }
    let rect = Rect::new(pad, top + (band - fig_side) / 2.0, fig_side, fig_side);
    let style = diagram::DiagramStyle {
        special: fig.special.clone(),
        coordinates: false,
    };
    items.extend(diagram::draw_styled(
        &fig.board, &fig.marks, &style, rect, theme,
    ));
    let cap = text::set_paragraph(
        fonts,
        &[text::Span::new(fig.caption.clone(), FontRole::Italic)],
        Pt(body),
        c.text,
        cap_w,
        1.15,
        Point::new(cap_x, top + (band - cap.height) / 2.0),
    );
    items.extend(cap.items);
    items.push(draw::stroked(draw::rect_path(outline), draw::cut_line()));
    Some(items)
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
