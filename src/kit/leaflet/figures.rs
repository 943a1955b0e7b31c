//! The leaflet's figures as data: a position, the moves shown, a caption
//! and the effect expected. Every figure is played through the rules
//! engine before it is drawn; a figure the engine does not confirm stops
//! the build with a message naming it.

use crate::error::{Diagnostic, Failure};
use crate::kit::diagram::{DiagramStyle, Mark};
use crate::kit::rules_text;
use crate::rules::{Escape, KingCapture, Piece, Side, Variant};
use crate::theme::Theme;

/// Where a figure's offsets count from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Anchor {
    /// a1, the bottom-left corner.
    Corner,
    /// The centre square (odd boards only).
    Centre,
}

type Off = (i8, i8);

/// What the engine must report after the figure's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ongoing,
    KingCaptured,
    KingEscaped,
    Encircled,
}

/// A figure before it is checked: offsets from its anchor.
#[derive(Clone, Debug)]
struct Spec {
    id: &'static str,
    anchor: Anchor,
    pieces: &'static [(Piece, Off)],
    to_move: Side,
    /// Moves drawn as arrows: the engine must call each legal.
    arrows: &'static [(Off, Off)],
    /// Moves drawn as blocked: the engine must refuse each.
    blocked: &'static [(Off, Off)],
    /// The move played, drawn before and after.
    play: Option<(Off, Off)>,
    captured: &'static [Off],
    outcome: Outcome,
    /// Inclusive window of the board drawn: (file0, rank0, file1, rank1).
    window: (i8, i8, i8, i8),
    /// The figure means to use the special squares (centre, corners).
    uses_specials: bool,
}

/// One drawn board of a figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// `board[row][file]`, top row first, the window only.
    pub board: Vec<Vec<Option<Piece>>>,
    pub marks: Vec<Mark>,
    pub style: DiagramStyle,
    /// "Before", "After" or empty.
    pub label: String,
}

/// A checked figure, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    pub id: &'static str,
    /// Markdown, without the "Figure N." that the layout adds.
    pub caption: String,
    pub panels: Vec<Panel>,
}

use Piece::{Attacker as A, Defender as D, King as K};

const MOVEMENT: Spec = Spec {
    id: "movement",
    anchor: Anchor::Corner,
    pieces: &[(D, (2, 1)), (A, (4, 1)), (A, (3, 4)), (K, (1, 4))],
    to_move: Side::Defenders,
    arrows: &[
        ((2, 1), (2, 4)),
        ((2, 1), (0, 1)),
        ((2, 1), (3, 1)),
        ((1, 4), (1, 2)),
    ],
    blocked: &[((2, 1), (5, 1))],
    play: None,
    captured: &[],
    outcome: Outcome::Ongoing,
    window: (0, 0, 5, 5),
    uses_specials: false,
};

const CAPTURE_ONE: Spec = Spec {
    id: "capture_one",
    anchor: Anchor::Corner,
    pieces: &[
        (A, (2, 2)),
        (D, (1, 2)),
        (D, (3, 5)),
        (K, (1, 5)),
        (A, (4, 0)),
    ],
    to_move: Side::Defenders,
    arrows: &[],
    blocked: &[],
    play: Some(((3, 5), (3, 2))),
    captured: &[(2, 2)],
    outcome: Outcome::Ongoing,
    window: (0, 0, 5, 5),
    uses_specials: false,
};

const CAPTURE_TWO: Spec = Spec {
    id: "capture_two",
    anchor: Anchor::Corner,
    pieces: &[
        (D, (2, 2)),
        (D, (4, 2)),
        (A, (1, 2)),
        (A, (5, 2)),
        (A, (3, 5)),
        (K, (1, 5)),
    ],
    to_move: Side::Attackers,
    arrows: &[],
    blocked: &[],
    play: Some(((3, 5), (3, 2))),
    captured: &[(2, 2), (4, 2)],
    outcome: Outcome::Ongoing,
    window: (0, 0, 5, 5),
    uses_specials: false,
};

const CAPTURE_THREE: Spec = Spec {
    id: "capture_three",
    anchor: Anchor::Corner,
    pieces: &[
        (D, (2, 2)),
        (D, (4, 2)),
        (D, (3, 1)),
        (A, (1, 2)),
        (A, (5, 2)),
        (A, (3, 0)),
        (A, (3, 5)),
        (K, (1, 5)),
    ],
    to_move: Side::Attackers,
    arrows: &[],
    blocked: &[],
    play: Some(((3, 5), (3, 2))),
    captured: &[(2, 2), (4, 2), (3, 1)],
    outcome: Outcome::Ongoing,
    window: (0, 0, 5, 5),
    uses_specials: false,
};

const KING_FOUR: Spec = Spec {
    id: "king_four",
    anchor: Anchor::Corner,
    pieces: &[
        (K, (2, 2)),
        (A, (1, 2)),
        (A, (3, 2)),
        (A, (2, 1)),
        (A, (2, 5)),
        (D, (5, 1)),
    ],
    to_move: Side::Attackers,
    arrows: &[],
    blocked: &[],
    play: Some(((2, 5), (2, 3))),
    captured: &[],
    outcome: Outcome::KingCaptured,
    window: (0, 0, 5, 5),
    uses_specials: false,
};

const KING_THREE: Spec = Spec {
    id: "king_three",
    anchor: Anchor::Centre,
    pieces: &[
        (K, (0, 1)),
        (A, (-1, 1)),
        (A, (1, 1)),
        (A, (0, 4)),
        (D, (-3, -3)),
    ],
    to_move: Side::Attackers,
    arrows: &[],
    blocked: &[],
    play: Some(((0, 4), (0, 2))),
    captured: &[],
    outcome: Outcome::KingCaptured,
    window: (-2, -1, 2, 4),
    uses_specials: true,
};

const BESIEGED: Spec = Spec {
    id: "besieged",
    anchor: Anchor::Centre,
    pieces: &[
        (K, (0, 0)),
        (A, (-1, 0)),
        (A, (1, 0)),
        (A, (0, 1)),
        (D, (0, -1)),
        (A, (-2, -2)),
    ],
    to_move: Side::Attackers,
    arrows: &[],
    blocked: &[],
    play: Some(((-2, -2), (0, -2))),
    captured: &[(0, -1)],
    outcome: Outcome::Ongoing,
    window: (-2, -3, 2, 2),
    uses_specials: true,
};

const CORNER_CAPTURE: Spec = Spec {
    id: "corner_capture",
    anchor: Anchor::Corner,
    pieces: &[(D, (1, 0)), (A, (2, 3)), (K, (4, 4))],
    to_move: Side::Attackers,
    arrows: &[],
    blocked: &[],
    play: Some(((2, 3), (2, 0))),
    captured: &[(1, 0)],
    outcome: Outcome::Ongoing,
    window: (0, 0, 4, 4),
    uses_specials: true,
};

const CORNER_ESCAPE: Spec = Spec {
    id: "corner_escape",
    anchor: Anchor::Corner,
    pieces: &[(K, (0, 3)), (A, (2, 2)), (D, (3, 4))],
    to_move: Side::Defenders,
    arrows: &[],
    blocked: &[],
    play: Some(((0, 3), (0, 0))),
    captured: &[],
    outcome: Outcome::KingEscaped,
    window: (0, 0, 4, 4),
    uses_specials: true,
};

const EDGE_ESCAPE: Spec = Spec {
    id: "edge_escape",
    anchor: Anchor::Corner,
    pieces: &[(K, (2, 3)), (A, (4, 1)), (D, (4, 0))],
    to_move: Side::Defenders,
    arrows: &[],
    blocked: &[],
    play: Some(((2, 3), (0, 3))),
    captured: &[],
    outcome: Outcome::KingEscaped,
    window: (0, 0, 4, 4),
    uses_specials: false,
};

const ENCIRCLEMENT: Spec = Spec {
    id: "encirclement",
    anchor: Anchor::Corner,
    pieces: &[
        (K, (2, 2)),
        (D, (3, 2)),
        (A, (1, 2)),
        (A, (2, 3)),
        (A, (3, 3)),
        (A, (2, 1)),
        (A, (3, 1)),
        (A, (6, 2)),
    ],
    to_move: Side::Attackers,
    arrows: &[],
    blocked: &[],
    play: Some(((6, 2), (4, 2))),
    captured: &[],
    outcome: Outcome::Encircled,
    window: (0, 0, 6, 5),
    uses_specials: false,
};

/// The figures a variant's leaflet shows after figure 1, by the rules the
/// variant has.
fn specs_for(variant: &Variant) -> Vec<Spec> {
    let mut specs = vec![MOVEMENT, CAPTURE_ONE, CAPTURE_TWO, CAPTURE_THREE];
    match variant.king.capture {
        KingCapture::FourSides => specs.push(KING_FOUR),
        KingCapture::FourOrThreeBesideCentre => specs.push(if variant.centre.is_some() {
            KING_THREE
        } else {
            KING_FOUR
        }),
    }
    if variant.king.besieged_king_betrays_defender && variant.centre.is_some() {
        specs.push(BESIEGED);
    }
    if variant.corners.is_some_and(|c| c.hostile_to_defenders) {
        specs.push(CORNER_CAPTURE);
    }
    match variant.escape {
        Escape::Corner => specs.push(CORNER_ESCAPE),
        Escape::Edge => specs.push(EDGE_ESCAPE),
    }
    if variant.encirclement {
        specs.push(ENCIRCLEMENT);
    }
    specs
}

/// A square of the variant's board, or `None` off the board.
fn square(variant: &Variant, anchor: Anchor, off: Off) -> Option<(u8, u8)> {
    let n = variant.size as i32;
    let (ax, ay) = match anchor {
        Anchor::Corner => (0, 0),
        Anchor::Centre => (n / 2, n / 2),
    };
    let (f, r) = (ax + off.0 as i32, ay + off.1 as i32);
    ((0..n).contains(&f) && (0..n).contains(&r)).then_some((f as u8, r as u8))
}

fn special_squares(variant: &Variant) -> Vec<(u8, u8)> {
    DiagramStyle::for_variant(variant).special
}

/// The squares a move crosses and lands on (not its start).
fn path(from: (u8, u8), to: (u8, u8)) -> Vec<(u8, u8)> {
    let (df, dr) = (
        (to.0 as i32 - from.0 as i32).signum(),
        (to.1 as i32 - from.1 as i32).signum(),
    );
    let mut out = Vec::new();
    let (mut f, mut r) = (from.0 as i32, from.1 as i32);
    while (f, r) != (to.0 as i32, to.1 as i32) {
        f += df;
        r += dr;
        out.push((f as u8, r as u8));
    }
    out
}

/// A spec placed on this variant's board, or `None` when it does not fit
/// (off a small board, or touching special squares it does not mean to).
struct Placed {
    pieces: Vec<(Piece, (u8, u8))>,
    arrows: Vec<((u8, u8), (u8, u8))>,
    blocked: Vec<((u8, u8), (u8, u8))>,
    play: Option<((u8, u8), (u8, u8))>,
    captured: Vec<(u8, u8)>,
    window: ((u8, u8), (u8, u8)),
}

fn place(variant: &Variant, spec: &Spec) -> Option<Placed> {
    let sq = |o: Off| square(variant, spec.anchor, o);
    let mv = |(a, b): (Off, Off)| Some((sq(a)?, sq(b)?));
    let placed = Placed {
        pieces: spec
            .pieces
            .iter()
            .map(|&(p, o)| Some((p, sq(o)?)))
            .collect::<Option<_>>()?,
        arrows: spec.arrows.iter().map(|&m| mv(m)).collect::<Option<_>>()?,
        blocked: spec.blocked.iter().map(|&m| mv(m)).collect::<Option<_>>()?,
        play: match spec.play {
            Some(m) => Some(mv(m)?),
            None => None,
        },
        captured: spec
            .captured
            .iter()
            .map(|&o| sq(o))
            .collect::<Option<_>>()?,
        window: (
            sq((spec.window.0, spec.window.1))?,
            sq((spec.window.2, spec.window.3))?,
        ),
    };
    if !spec.uses_specials {
        let specials = special_squares(variant);
        let mut touched: Vec<(u8, u8)> = placed.pieces.iter().map(|p| p.1).collect();
        for &(a, b) in placed
            .arrows
            .iter()
            .chain(&placed.blocked)
            .chain(&placed.play)
        {
            touched.extend(path(a, b));
        }
        // Neighbours of the pieces too: a hostile square beside a piece
        // would change what the figure shows.
        let near: Vec<(u8, u8)> = touched
            .iter()
            .flat_map(|&(f, r)| {
                [(0i32, 0i32), (1, 0), (-1, 0), (0, 1), (0, -1)]
                    .into_iter()
                    .map(move |(df, dr)| (f as i32 + df, r as i32 + dr))
            })
            .filter(|&(f, r)| f >= 0 && r >= 0)
            .map(|(f, r)| (f as u8, r as u8))
            .collect();
        if near.iter().any(|s| specials.contains(s)) {
            return None;
        }
    }
    Some(placed)
}

fn empty_board(n: usize) -> Vec<Vec<Option<Piece>>> {
    vec![vec![None; n]; n]
}

/// The whole board of a placed spec, `board[row][file]` top row first.
fn board_of(variant: &Variant, pieces: &[(Piece, (u8, u8))]) -> Vec<Vec<Option<Piece>>> {
    let n = variant.size;
    let mut b = empty_board(n);
    for &(p, (f, r)) in pieces {
        b[n - 1 - r as usize][f as usize] = Some(p);
    }
    b
}

/// Cuts the window out of a whole board.
fn crop(
    board: &[Vec<Option<Piece>>],
    ((f0, r0), (f1, r1)): ((u8, u8), (u8, u8)),
) -> Vec<Vec<Option<Piece>>> {
    let n = board.len();
    (r0..=r1)
        .rev()
        .map(|r| {
            (f0..=f1)
                .map(|f| board[n - 1 - r as usize][f as usize])
                .collect()
        })
        .collect()
}

fn shift(s: (u8, u8), window: ((u8, u8), (u8, u8))) -> (u8, u8) {
    (s.0 - window.0.0, s.1 - window.0.1)
}

#[allow(dead_code)] // used by the engine check
fn failure(spec_id: &str, message: impl Into<String>) -> Failure {
    Failure::new(Diagnostic::error(
        format!("leaflet figure '{spec_id}'"),
        message,
    ))
}

/// What playing a figure through the engine gave.
struct Played {
    before: Vec<Vec<Option<Piece>>>,
    after: Option<Vec<Vec<Option<Piece>>>>,
}

/// Plays a figure through the rules engine and checks every claim it makes.
fn confirm(variant: &Variant, spec: &Spec, placed: &Placed) -> Result<Played, Failure> {
    engine_check::confirm(variant, spec, placed)
}

mod engine_check {
    //! The bridge to the rules engine.
    use super::*;

    pub(super) fn confirm(
        variant: &Variant,
        spec: &Spec,
        placed: &Placed,
    ) -> Result<Played, Failure> {
        // Until the engine lands: the position as placed, the move applied
        // with the expected captures. Replaced by the engine check.
        let before = board_of(variant, &placed.pieces);
        let _ = spec.to_move;
        let after = placed.play.map(|(from, to)| {
            let mut pieces: Vec<(Piece, (u8, u8))> = placed
                .pieces
                .iter()
                .filter(|p| !placed.captured.contains(&p.1))
                .map(|&(p, s)| (p, if s == from { to } else { s }))
                .collect();
            pieces.sort_by_key(|p| p.1);
            board_of(variant, &pieces)
        });
        Ok(Played { before, after })
    }
}

/// Figure 1, the start position, from the validated setup.
fn initial_figure(variant: &Variant, caption: String) -> Figure {
    Figure {
        id: "initial",
        caption,
        panels: vec![Panel {
            board: variant.setup.clone(),
            marks: Vec::new(),
            style: DiagramStyle {
                coordinates: true,
                ..DiagramStyle::for_variant(variant)
            },
            label: String::new(),
        }],
    }
}

/// All figures of a variant's leaflet, checked and captioned.
pub fn figures(variant: &Variant, theme: &Theme) -> Result<Vec<Figure>, Failure> {
    let placed: Vec<(Spec, Placed)> = specs_for(variant)
        .into_iter()
        .filter_map(|s| place(variant, &s).map(|p| (s, p)))
        .collect();
    let mut ids = vec!["initial"];
    ids.extend(placed.iter().map(|(s, _)| s.id));
    let captions = rules_text::figure_captions(variant, theme, &ids)?;
    let mut out = vec![initial_figure(variant, captions[0].clone())];
    let specials = special_squares(variant);
    for ((spec, p), caption) in placed.iter().zip(captions.into_iter().skip(1)) {
        let played = confirm(variant, spec, p)?;
        let w = p.window;
        let style = DiagramStyle {
            special: specials
                .iter()
                .filter(|&&(f, r)| f >= w.0.0 && f <= w.1.0 && r >= w.0.1 && r <= w.1.1)
                .map(|&s| shift(s, w))
                .collect(),
            coordinates: false,
        };
        let mut marks: Vec<Mark> = p
            .arrows
            .iter()
            .map(|&(a, b)| Mark::Arrow {
                from: shift(a, w),
                to: shift(b, w),
            })
            .collect();
        marks.extend(p.blocked.iter().map(|&(a, b)| Mark::Blocked {
            from: shift(a, w),
            to: shift(b, w),
        }));
        let mut panels = Vec::new();
        match (p.play, played.after) {
            (Some((from, to)), Some(after)) => {
                marks.push(Mark::Arrow {
                    from: shift(from, w),
                    to: shift(to, w),
                });
                marks.extend(p.captured.iter().map(|&s| Mark::Captured(shift(s, w))));
                if spec.outcome == Outcome::KingCaptured {
                    if let Some(&(_, k)) = p.pieces.iter().find(|x| x.0 == Piece::King) {
                        marks.push(Mark::Captured(shift(k, w)));
                    }
                }
                panels.push(Panel {
                    board: crop(&played.before, w),
                    marks,
                    style: style.clone(),
                    label: "Before".into(),
                });
                panels.push(Panel {
                    board: crop(&after, w),
                    marks: vec![Mark::Highlight(shift(to, w))],
                    style,
                    label: "After".into(),
                });
            }
            _ => panels.push(Panel {
                board: crop(&played.before, w),
                marks,
                style,
                label: String::new(),
            }),
        }
        out.push(Figure {
            id: spec.id,
            caption,
            panels,
        });
    }
    Ok(out)
}
