//! The leaflet's figures as data: a position, the moves shown, a caption
//! and the effect expected. Every figure is played through the rules
//! engine before it is drawn; a figure the engine does not confirm stops
//! the build with a message naming it.

use crate::error::{Diagnostic, Failure};
use crate::kit::diagram::{DiagramStyle, Mark};
use crate::kit::leaflet::caption::CaptionFacts;
use crate::kit::memo::Memo;
use crate::kit::rules_text;
use crate::rules::{
    Access, Escape, KingCapture, KingStrength, OptionalRule, Piece, Repetition, Side, Variant,
};
use crate::theme::Theme;
use crate::words::Msg;

/// Where a figure's offsets count from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
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
    EdgeFort,
    DrawFort,
}

/// A figure before it is checked: offsets from its anchor.
#[derive(Clone, Debug)]
pub struct Spec {
    pub id: &'static str,
    pub anchor: Anchor,
    pub pieces: &'static [(Piece, Off)],
    pub to_move: Side,
    /// Moves drawn as arrows: the engine must call each legal.
    pub arrows: &'static [(Off, Off)],
    /// Moves drawn as blocked: the engine must refuse each.
    pub blocked: &'static [(Off, Off)],
    /// The move played, drawn before and after.
    pub play: Option<(Off, Off)>,
    pub captured: &'static [Off],
    pub outcome: Outcome,
    /// Inclusive window of the board drawn: (file0, rank0, file1, rank1).
    pub window: (i8, i8, i8, i8),
    /// The figure means to use the special squares (centre, corners).
    pub uses_specials: bool,
    /// Moves played before the figure's position (shown in a first
    /// panel, "Last turn"): for rules that look back, such as no return.
    pub prelude: &'static [(Off, Off)],
    /// Moves played after `play`, in order, whoever is to move (a
    /// berserker's further captures, a fort held to and fro). Captures
    /// and the outcome count after the last.
    pub then: &'static [(Off, Off)],
    /// Draw the `then` moves as arrows too (else the caption tells them).
    pub draw_then: bool,
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
    /// The numbered rule it illustrates (an id of
    /// [`rules_text::applicable`]), whose text cites it.
    pub rule: &'static str,
    /// Markdown, without the "Figure N." that the layout adds.
    pub caption: String,
    /// What the caption was told about the figure's move.
    pub facts: CaptionFacts,
    pub panels: Vec<Panel>,
}

use Piece::{Attacker as A, Defender as D, King as K};

pub const MOVEMENT: Spec = Spec {
    id: "movement",
    anchor: Anchor::Corner,
    pieces: &[(D, (2, 1)), (A, (4, 1)), (A, (3, 4)), (K, (1, 4))],
    to_move: Side::Defenders,
    arrows: &[
        ((2, 1), (2, 4)),
        ((2, 1), (1, 1)),
        ((2, 1), (3, 1)),
        ((1, 4), (1, 2)),
    ],
    blocked: &[((2, 1), (5, 1))],
    play: None,
    captured: &[],
    outcome: Outcome::Ongoing,
    window: (0, 0, 5, 5),
    uses_specials: false,
    prelude: &[],
    then: &[],
    draw_then: false,
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
    prelude: &[],
    then: &[],
    draw_then: false,
};

pub const CAPTURE_TWO: Spec = Spec {
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
    prelude: &[],
    then: &[],
    draw_then: false,
};

pub const CAPTURE_THREE: Spec = Spec {
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
    prelude: &[],
    then: &[],
    draw_then: false,
};

pub const KING_FOUR: Spec = Spec {
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
    prelude: &[],
    then: &[],
    draw_then: false,
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
    prelude: &[],
    then: &[],
    draw_then: false,
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
    prelude: &[],
    then: &[],
    draw_then: false,
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
    prelude: &[],
    then: &[],
    draw_then: false,
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
    prelude: &[],
    then: &[],
    draw_then: false,
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
    prelude: &[],
    then: &[],
    draw_then: false,
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
    prelude: &[],
    then: &[],
    draw_then: false,
};

/// A weak king, away from the throne, taken between two attackers.
const KING_WEAK: Spec = Spec {
    id: "king_weak",
    anchor: Anchor::Corner,
    pieces: &[(K, (2, 2)), (A, (1, 2)), (A, (3, 5)), (D, (5, 1))],
    to_move: Side::Attackers,
    arrows: &[],
    blocked: &[],
    play: Some(((3, 5), (3, 2))),
    captured: &[],
    outcome: Outcome::KingCaptured,
    window: (0, 0, 5, 5),
    uses_specials: false,
    prelude: &[],
    then: &[],
    draw_then: false,
};

/// A shield wall along the edge: two defenders, each with an attacker in
/// front, closed at both ends.
const EDGE_SHIELD_WALL: Spec = Spec {
    id: "edge_shield_wall",
    anchor: Anchor::Corner,
    pieces: &[
        (A, (1, 0)),
        (D, (2, 0)),
        (D, (3, 0)),
        (A, (2, 1)),
        (A, (3, 1)),
        (A, (4, 4)),
        (K, (1, 5)),
    ],
    to_move: Side::Attackers,
    arrows: &[],
    blocked: &[],
    play: Some(((4, 4), (4, 0))),
    captured: &[(2, 0), (3, 0)],
    outcome: Outcome::Ongoing,
    window: (0, 0, 5, 5),
    uses_specials: false,
    prelude: &[],
    then: &[],
    draw_then: false,
};

/// An edge fort: the king on the edge with room to move, walled in by
/// defenders that cannot be captured.
const EDGE_FORT: Spec = Spec {
    id: "edge_fort",
    anchor: Anchor::Corner,
    pieces: &[
        (D, (2, 0)),
        (K, (3, 0)),
        (D, (3, 1)),
        (D, (4, 1)),
        (D, (5, 2)),
        (A, (1, 3)),
        (A, (6, 3)),
    ],
    to_move: Side::Defenders,
    arrows: &[],
    blocked: &[],
    play: Some(((5, 2), (5, 0))),
    captured: &[],
    outcome: Outcome::EdgeFort,
    window: (0, 0, 6, 4),
    uses_specials: false,
    prelude: &[],
    then: &[],
    draw_then: false,
};

/// The same figures for a king that moves one square at a time: each
/// king arrow one step long.
const MOVEMENT_STEP: Spec = Spec {
    arrows: &[
        ((2, 1), (2, 4)),
        ((2, 1), (1, 1)),
        ((2, 1), (3, 1)),
        ((1, 4), (1, 3)),
    ],
    ..MOVEMENT
};

const CORNER_ESCAPE_STEP: Spec = Spec {
    pieces: &[(K, (0, 1)), (A, (2, 2)), (D, (3, 4))],
    play: Some(((0, 1), (0, 0))),
    ..CORNER_ESCAPE
};

const EDGE_ESCAPE_STEP: Spec = Spec {
    pieces: &[(K, (1, 3)), (A, (4, 1)), (D, (4, 0))],
    play: Some(((1, 3), (0, 3))),
    ..EDGE_ESCAPE
};

/// Three attackers and the throne, on a board too small for the first.
const KING_THREE_SMALL: Spec = Spec {
    pieces: &[
        (K, (0, 1)),
        (A, (-1, 1)),
        (A, (1, 1)),
        (A, (0, 3)),
        (D, (-2, -2)),
    ],
    play: Some(((0, 3), (0, 2))),
    window: (-2, -2, 2, 3),
    ..KING_THREE
};

/// The defaults of the fields most figures leave alone.
const PLAIN: Spec = Spec {
    id: "",
    anchor: Anchor::Corner,
    pieces: &[],
    to_move: Side::Defenders,
    arrows: &[],
    blocked: &[],
    play: None,
    captured: &[],
    outcome: Outcome::Ongoing,
    window: (0, 0, 4, 4),
    uses_specials: false,
    prelude: &[],
    then: &[],
    draw_then: false,
};

/// A king that does not capture moves in beside an attacker with a
/// defender on its far side: nothing is taken.
const KING_UNARMED: Spec = Spec {
    id: "king_unarmed",
    pieces: &[(A, (2, 2)), (D, (3, 2)), (K, (1, 4)), (A, (4, 4))],
    to_move: Side::Defenders,
    play: Some(((1, 4), (1, 2))),
    window: (0, 1, 4, 4),
    ..PLAIN
};

/// The same move by a king that captures: the attacker is taken.
const KING_ARMED: Spec = Spec {
    id: "king_armed",
    captured: &[(2, 2)],
    ..KING_UNARMED
};

/// KING_ARMED for a king that moves one square at a time.
const KING_ARMED_STEP: Spec = Spec {
    pieces: &[(A, (2, 2)), (D, (3, 2)), (K, (1, 3)), (A, (4, 4))],
    play: Some(((1, 3), (1, 2))),
    ..KING_ARMED
};

/// KING_UNARMED for a king that moves one square at a time.
const KING_UNARMED_STEP: Spec = Spec {
    pieces: &[(A, (2, 2)), (D, (3, 2)), (K, (1, 3)), (A, (4, 4))],
    play: Some(((1, 3), (1, 2))),
    ..KING_UNARMED
};

/// Berserker: a capture, then the same piece moves again and captures
/// again.
const BERSERKER: Spec = Spec {
    id: "berserker",
    pieces: &[
        (A, (2, 2)),
        (D, (3, 2)),
        (A, (4, 4)),
        (D, (5, 0)),
        (A, (6, 0)),
        (K, (1, 4)),
    ],
    to_move: Side::Attackers,
    play: Some(((4, 4), (4, 2))),
    then: &[((4, 2), (4, 0))],
    draw_then: true,
    captured: &[(3, 2), (5, 0)],
    window: (0, 0, 6, 4),
    ..PLAIN
};

/// Shield wall (Tafel's option): a group shut in against the edge is
/// taken whole when the last gap closes.
const SHIELD_WALL: Spec = Spec {
    id: "shield_wall",
    pieces: &[
        (D, (2, 0)),
        (D, (3, 0)),
        (D, (3, 1)),
        (A, (1, 0)),
        (A, (2, 1)),
        (A, (3, 2)),
        (A, (4, 1)),
        (A, (6, 0)),
        (K, (1, 4)),
    ],
    to_move: Side::Attackers,
    play: Some(((6, 0), (4, 0))),
    captured: &[(2, 0), (3, 0), (3, 1)],
    window: (0, 0, 6, 4),
    ..PLAIN
};

/// A draw fort: the king steps to and fro inside a ring of defenders
/// while an attacker (outside the window) walks away; the third time the
/// defenders stand alike, the attackers win.
const DRAW_FORT: Spec = Spec {
    id: "draw_fort",
    pieces: &[
        (K, (2, 2)),
        (D, (1, 2)),
        (D, (4, 2)),
        (D, (2, 3)),
        (D, (3, 3)),
        (D, (2, 1)),
        (D, (3, 1)),
        (A, (7, 4)),
    ],
    to_move: Side::Defenders,
    play: Some(((2, 2), (3, 2))),
    then: &[
        ((7, 4), (7, 3)),
        ((3, 2), (2, 2)),
        ((7, 3), (7, 2)),
        ((2, 2), (3, 2)),
        ((7, 2), (7, 1)),
        ((3, 2), (2, 2)),
        ((7, 1), (7, 0)),
        ((2, 2), (3, 2)),
    ],
    outcome: Outcome::DrawFort,
    window: (0, 0, 5, 4),
    ..PLAIN
};

/// No return: the piece that moved last turn may not go straight back.
const NO_RETURN: Spec = Spec {
    id: "no_return",
    pieces: &[(D, (2, 1)), (K, (1, 4)), (A, (4, 4))],
    to_move: Side::Defenders,
    prelude: &[((2, 1), (2, 3)), ((4, 4), (5, 4))],
    blocked: &[((2, 3), (2, 1))],
    window: (0, 0, 5, 4),
    ..PLAIN
};

/// The centre where anyone may cross it but only the king may stop.
const CENTRE_CROSS: Spec = Spec {
    id: "centre_square",
    anchor: Anchor::Centre,
    pieces: &[(D, (0, -2)), (D, (-2, 0)), (K, (2, 0)), (A, (-3, 2))],
    to_move: Side::Defenders,
    arrows: &[((0, -2), (0, 2)), ((2, 0), (0, 0))],
    blocked: &[((-2, 0), (0, 0))],
    window: (-2, -2, 2, 2),
    uses_specials: true,
    ..PLAIN
};

/// The centre only the king may enter or cross.
const CENTRE_KING_ONLY: Spec = Spec {
    id: "centre_square",
    pieces: &[(D, (0, -2)), (D, (-2, 0)), (K, (1, 0)), (A, (-3, 2))],
    arrows: &[((1, 0), (0, 0))],
    blocked: &[((0, -2), (0, 2)), ((-2, 0), (0, 0))],
    ..CENTRE_CROSS
};

/// The centre nobody may enter or cross, the king once he has left it.
const CENTRE_NOBODY: Spec = Spec {
    id: "centre_square",
    arrows: &[],
    blocked: &[((0, -2), (0, 2)), ((-2, 0), (0, 0)), ((2, 0), (0, 0))],
    ..CENTRE_CROSS
};

/// Corners only the king may enter.
const CORNERS: Spec = Spec {
    id: "corner_squares",
    pieces: &[(D, (0, 3)), (K, (3, 0)), (A, (2, 2))],
    to_move: Side::Defenders,
    blocked: &[((0, 3), (0, 0))],
    arrows: &[((3, 0), (0, 0))],
    window: (0, 0, 3, 3),
    uses_specials: true,
    ..PLAIN
};

/// CORNERS for a king that moves one square at a time.
const CORNERS_STEP: Spec = Spec {
    pieces: &[(D, (0, 3)), (K, (1, 0)), (A, (2, 2))],
    arrows: &[((1, 0), (0, 0))],
    ..CORNERS
};

/// Encirclement in less room: the ring closed from below, for boards
/// where the first finds no place (7×7, with the centre in the way).
const ENCIRCLEMENT_SMALL: Spec = Spec {
    pieces: &[
        (K, (2, 2)),
        (D, (3, 2)),
        (A, (1, 2)),
        (A, (2, 3)),
        (A, (3, 3)),
        (A, (2, 1)),
        (A, (3, 1)),
        (A, (4, 0)),
    ],
    play: Some(((4, 0), (4, 2))),
    window: (0, 0, 5, 4),
    ..ENCIRCLEMENT
};

/// Encirclement with a weak king: in the figure above he stands between
/// two attackers, which already took a weak king. Here defenders stand
/// above him and beside him, and the ring closes round all three.
const ENCIRCLEMENT_WEAK_KING: Spec = Spec {
    pieces: &[
        (K, (2, 2)),
        (D, (3, 2)),
        (D, (2, 3)),
        (A, (1, 2)),
        (A, (2, 1)),
        (A, (3, 1)),
        (A, (3, 3)),
        (A, (1, 3)),
        (A, (2, 4)),
        (A, (6, 2)),
    ],
    ..ENCIRCLEMENT
};

/// Another way to show the same rule, tried when a spec finds no place.
fn alternative(spec: &Spec) -> Option<Spec> {
    match spec.id {
        "movement" => Some(MOVEMENT_STEP),
        "corner_escape" => Some(CORNER_ESCAPE_STEP),
        "edge_escape" => Some(EDGE_ESCAPE_STEP),
        "king_three" => Some(KING_THREE_SMALL),
        "corner_squares" => Some(CORNERS_STEP),
        "encirclement" => Some(ENCIRCLEMENT_SMALL),
        "king_armed" => Some(KING_ARMED_STEP),
        "king_unarmed" => Some(KING_UNARMED_STEP),
        _ => None,
    }
}

/// The figures a variant's leaflet shows after figure 1, by the rules the
/// variant has, in the order the text cites them.
fn specs_for(variant: &Variant) -> Vec<Spec> {
    let mut specs = vec![MOVEMENT, CAPTURE_ONE, CAPTURE_TWO, CAPTURE_THREE];
    specs.push(if variant.king.armed {
        KING_ARMED
    } else {
        KING_UNARMED
    });
    if variant.king.besieged_king_betrays_defender && variant.centre.is_some() {
        specs.push(BESIEGED);
    }
    // A king weak everywhere is taken by two like any piece: his capture
    // rule (`king.capture`) never comes into play, so no figure shows
    // him surrounded on four sides. A king strong only by the centre
    // gets both: the strong-king figure shows where he is still strong.
    match (variant.king.strength, variant.king.capture) {
        (KingStrength::Weak, _) => {}
        (_, KingCapture::FourSides) => specs.push(KING_FOUR),
        (_, KingCapture::FourOrThreeBesideCentre) => specs.push(if variant.centre.is_some() {
            KING_THREE
        } else {
            KING_FOUR
        }),
    }
    if variant.king.strength != KingStrength::Strong {
        specs.push(KING_WEAK);
    }
    match variant.escape {
        Escape::Corner => specs.push(CORNER_ESCAPE),
        Escape::Edge => specs.push(EDGE_ESCAPE),
    }
    if variant.encirclement {
        specs.push(if variant.king.strength == KingStrength::Weak {
            ENCIRCLEMENT_WEAK_KING
        } else {
            ENCIRCLEMENT
        });
    }
    if let Some(centre) = &variant.centre {
        match (centre.pass, centre.stop) {
            (Access::Everyone, Access::KingOnly) => specs.push(CENTRE_CROSS),
            (Access::KingOnly, Access::KingOnly) => specs.push(CENTRE_KING_ONLY),
            (Access::Nobody, Access::Nobody) => specs.push(CENTRE_NOBODY),
            // Other mixes are told in words only.
            _ => {}
        }
    }
    if let Some(corners) = &variant.corners {
        if corners.stop == Access::KingOnly && corners.pass != Access::Everyone {
            specs.push(CORNERS);
        }
        if corners.hostile_to_defenders {
            specs.push(CORNER_CAPTURE);
        }
    }
    if variant.edge_shield_wall {
        specs.push(EDGE_SHIELD_WALL);
    }
    if variant.edge_fort {
        specs.push(EDGE_FORT);
    }
    if variant.repetition == Repetition::NoReturn {
        specs.push(NO_RETURN);
    }
    if variant.draw_fort.is_some() {
        specs.push(DRAW_FORT);
    }
    for option in variant.options.iter().filter(|o| o.enabled) {
        match option.rule {
            OptionalRule::Berserker => specs.push(BERSERKER),
            OptionalRule::ShieldWall => specs.push(SHIELD_WALL),
            OptionalRule::SkilledPlay { .. } => {}
        }
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

/// The squares with rules of their own: the centre and the corners.
fn special_squares(variant: &Variant) -> Vec<(u8, u8)> {
    let n = variant.size as u8;
    let mut special = Vec::new();
    if variant.centre.is_some() && n % 2 == 1 {
        special.push((n / 2, n / 2));
    }
    if variant.corners.is_some() && n > 0 {
        special.extend([(0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)]);
    }
    special
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
pub struct Placed {
    pieces: Vec<(Piece, (u8, u8))>,
    arrows: Vec<((u8, u8), (u8, u8))>,
    blocked: Vec<((u8, u8), (u8, u8))>,
    play: Option<((u8, u8), (u8, u8))>,
    captured: Vec<(u8, u8)>,
    window: ((u8, u8), (u8, u8)),
    prelude: Vec<((u8, u8), (u8, u8))>,
    then: Vec<((u8, u8), (u8, u8))>,
}

/// A spec placed as a built-in figure is (no offset, kept off the
/// special squares): what the figure tests check.
pub fn place(variant: &Variant, spec: &Spec) -> Option<Placed> {
    place_at(variant, spec, (0, 0), true)
}

/// A spec placed with every offset moved by `by`.
/// `clear`: keep a figure that does not mean to use the special squares
/// off them and their neighbours.
fn place_at(variant: &Variant, spec: &Spec, by: Off, clear: bool) -> Option<Placed> {
    let sq = |o: Off| square(variant, spec.anchor, (o.0 + by.0, o.1 + by.1));
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
        prelude: spec.prelude.iter().map(|&m| mv(m)).collect::<Option<_>>()?,
        then: spec.then.iter().map(|&m| mv(m)).collect::<Option<_>>()?,
    };
    let mut placed = placed;
    let specials = special_squares(variant);
    let mut touched: Vec<(u8, u8)> = placed.pieces.iter().map(|p| p.1).collect();
    for &(a, b) in placed
        .arrows
        .iter()
        .chain(&placed.blocked)
        .chain(&placed.play)
        .chain(&placed.prelude)
        .chain(&placed.then)
    {
        touched.extend(path(a, b));
    }
    if !spec.uses_specials {
        placed.window = trim(placed.window, &specials, &touched);
    }
    if clear && !spec.uses_specials {
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

/// A window without the outer rows and columns that hold a special
/// square and nothing the figure uses: a figure that does not mean to
/// show the centre or a corner leaves it just outside, where the fading
/// edge shows it as part of the board going on, rather than in the
/// window's corner, where it would read as the board's own corner.
fn trim(
    window: ((u8, u8), (u8, u8)),
    specials: &[(u8, u8)],
    used: &[(u8, u8)],
) -> ((u8, u8), (u8, u8)) {
    let ((mut f0, mut r0), (mut f1, mut r1)) = window;
    let inside = |f0: u8, r0: u8, f1: u8, r1: u8, s: &(u8, u8)| {
        (f0..=f1).contains(&s.0) && (r0..=r1).contains(&s.1)
    };
    // Only a line with a special square and nothing used goes, and a
    // window keeps at least three squares each way.
    let spare = |f0: u8, r0: u8, f1: u8, r1: u8| {
        specials.iter().any(|s| inside(f0, r0, f1, r1, s))
            && !used.iter().any(|s| inside(f0, r0, f1, r1, s))
    };
    loop {
        let before = (f0, r0, f1, r1);
        if r1 >= r0 + 3 && spare(f0, r1, f1, r1) {
            r1 -= 1;
        }
        if r1 >= r0 + 3 && spare(f0, r0, f1, r0) {
            r0 += 1;
        }
        if f1 >= f0 + 3 && spare(f1, r0, f1, r1) {
            f1 -= 1;
        }
        if f1 >= f0 + 3 && spare(f0, r0, f0, r1) {
            f0 += 1;
        }
        if before == (f0, r0, f1, r1) {
            return ((f0, r0), (f1, r1));
        }
    }
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

fn failure(spec_id: &str, message: impl Into<String>) -> Failure {
    Failure::new(Diagnostic::error(
        format!("leaflet figure '{spec_id}'"),
        message,
    ))
}

/// What playing a figure through the engine gave.
#[derive(Debug)]
pub struct Played {
    /// The position before the prelude, when there is one.
    pub start: Option<Vec<Vec<Option<Piece>>>>,
    pub before: Vec<Vec<Option<Piece>>>,
    pub after: Option<Vec<Vec<Option<Piece>>>>,
}

/// Plays a figure through the rules engine and checks every claim it makes.
pub fn confirm(variant: &Variant, spec: &Spec, placed: &Placed) -> Result<Played, Failure> {
    engine_check::confirm(variant, spec, placed)
}

mod engine_check {
    //! The bridge to the rules engine: every claim a figure makes is a
    //! question put to [`Game`].
    use super::*;
    use crate::rules::{Game, GameResult, Move, Side, Square, WinReason};

    fn sq((file, rank): (u8, u8)) -> Square {
        Square::new(file, rank)
    }

    /// A board in the setup notation the engine reads.
    pub(super) fn diagram(board: &[Vec<Option<Piece>>]) -> String {
        board
            .iter()
            .map(|row| {
                row.iter()
                    .map(|c| c.map_or('.', Piece::symbol).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    pub(super) fn confirm(
        variant: &Variant,
        spec: &Spec,
        placed: &Placed,
    ) -> Result<Played, Failure> {
        let id = spec.id;
        let start = board_of(variant, &placed.pieces);
        let mut game = Game::from_diagram(variant, &diagram(&start), spec.to_move)
            .map_err(|e| failure(id, format!("the rules engine rejects the position: {e}")))?;
        if game.result().is_over() {
            return Err(failure(
                id,
                format!("the position is already decided ({})", game.result()),
            ));
        }
        for &(a, b) in &placed.prelude {
            let mv = Move::new(sq(a), sq(b));
            let report = game
                .play(mv)
                .map_err(|e| failure(id, format!("the rules engine refuses {mv}: {e}")))?;
            if !report.captured.is_empty() || report.result.is_over() {
                return Err(failure(
                    id,
                    format!("the move {mv} before the figure should change nothing but its piece"),
                ));
            }
        }
        let before = game.board();
        let legal = game.legal_moves();
        for &(a, b) in &placed.arrows {
            let mv = Move::new(sq(a), sq(b));
            if !legal.contains(&mv) {
                return Err(failure(
                    id,
                    format!("the arrow {mv} is not a legal move in the figure's position"),
                ));
            }
        }
        for &(a, b) in &placed.blocked {
            let mv = Move::new(sq(a), sq(b));
            if legal.contains(&mv) || game.clone().play(mv).is_ok() {
                return Err(failure(
                    id,
                    format!("the move {mv} is drawn as blocked, but the rules engine allows it"),
                ));
            }
        }
        let after = match placed.play {
            None => None,
            Some(first) => {
                let mut g = game.clone();
                // A captured king shows in the outcome, not in the list.
                let king = placed
                    .pieces
                    .iter()
                    .find(|p| p.0 == Piece::King)
                    .map(|p| sq(p.1));
                let mut got: Vec<Square> = Vec::new();
                let mut result = GameResult::Ongoing;
                let mut last = Move::new(sq(first.0), sq(first.1));
                for &(a, b) in std::iter::once(&first).chain(&placed.then) {
                    let mv = Move::new(sq(a), sq(b));
                    if result.is_over() {
                        return Err(failure(
                            id,
                            format!("the game is over ({result}) before {mv}"),
                        ));
                    }
                    let report = g
                        .play(mv)
                        .map_err(|e| failure(id, format!("the rules engine refuses {mv}: {e}")))?;
                    got.extend(report.captured.iter().copied().filter(|s| Some(*s) != king));
                    result = report.result;
                    last = mv;
                }
                let mv = last;
                got.sort();
                let mut want: Vec<Square> = placed.captured.iter().map(|&s| sq(s)).collect();
                want.sort();
                if got != want {
                    let list = |v: &[Square]| {
                        if v.is_empty() {
                            "nothing".to_string()
                        } else {
                            v.iter()
                                .map(|s| s.to_string())
                                .collect::<Vec<_>>()
                                .join(", ")
                        }
                    };
                    return Err(failure(
                        id,
                        format!(
                            "{mv} should capture {} but the rules engine captures {}",
                            list(&want),
                            list(&got)
                        ),
                    ));
                }
                let outcome = match result {
                    GameResult::Ongoing => Some(Outcome::Ongoing),
                    GameResult::Win {
                        winner: Side::Attackers,
                        reason: WinReason::KingCaptured,
                    } => Some(Outcome::KingCaptured),
                    GameResult::Win {
                        winner: Side::Defenders,
                        reason: WinReason::KingEscaped,
                    } => Some(Outcome::KingEscaped),
                    GameResult::Win {
                        winner: Side::Attackers,
                        reason: WinReason::Encircled,
                    } => Some(Outcome::Encircled),
                    GameResult::Win {
                        winner: Side::Defenders,
                        reason: WinReason::EdgeFort,
                    } => Some(Outcome::EdgeFort),
                    GameResult::Win {
                        winner: Side::Attackers,
                        reason: WinReason::DrawFort,
                    } => Some(Outcome::DrawFort),
                    _ => None,
                };
                if outcome != Some(spec.outcome) {
                    return Err(failure(
                        id,
                        format!(
                            "after {mv} the figure expects {:?} but the rules engine says {} ({:?})",
                            spec.outcome, result, result
                        ),
                    ));
                }
                Some(g.board())
            }
        };
        let start = (!placed.prelude.is_empty()).then_some(start);
        Ok(Played {
            start,
            before,
            after,
        })
    }

    /// Figure 1 is the engine's own start position, which must be the
    /// variant's setup.
    pub(super) fn start(variant: &Variant) -> Result<Vec<Vec<Option<Piece>>>, Failure> {
        let board = Game::new(variant).board();
        if board != variant.setup {
            return Err(failure(
                "initial",
                "the rules engine's start position differs from the setup",
            ));
        }
        Ok(board)
    }
}

/// Figure 1, the start position, from the validated setup.
fn initial_figure(variant: &Variant, caption: String) -> Result<Figure, Failure> {
    Ok(Figure {
        id: "initial",
        rule: rule_of("initial"),
        caption,
        facts: CaptionFacts::default(),
        panels: vec![Panel {
            board: engine_check::start(variant)?,
            marks: Vec::new(),
            style: DiagramStyle::whole(variant),
            label: String::new(),
        }],
    })
}

/// What a placed figure's caption may say of it: the way its move goes
/// (the move played, else the first move of its last turn) and the
/// pieces taken.
fn facts_of(p: &Placed) -> CaptionFacts {
    CaptionFacts::of(p.play.or(p.prelude.first().copied()), p.captured.len())
}

/// The numbered rule (an id of [`rules_text::applicable`]) that a figure
/// illustrates and whose text cites it.
pub fn rule_of(figure_id: &str) -> &'static str {
    match figure_id {
        "initial" => "setup",
        "movement" => "movement",
        "capture_one" | "capture_two" | "capture_three" | "besieged" | "king_unarmed"
        | "king_armed" => "capture",
        "king_four" | "king_three" | "king_weak" => "king_capture",
        "corner_escape" | "edge_escape" | "encirclement" => "winning",
        "centre_square" | "corner_squares" | "corner_capture" => "special",
        "no_return" => "repetition",
        "draw_fort" => "draw_fort",
        "edge_shield_wall" => "edge_shield_wall",
        "edge_fort" => "edge_fort",
        "berserker" => "berserker",
        "shield_wall" => "shield_wall",
        _ => "",
    }
}

/// The figures' numbers by id, for the text that cites them.
pub fn citations(figures: &[Figure]) -> rules_text::Citations {
    figures
        .iter()
        .enumerate()
        .map(|(i, f)| (f.id.to_string(), i + 1))
        .collect()
}

/// All figures of a variant's leaflet, checked and captioned.
/// Finds where a figure shows its rule on this board: its own place
/// first, then (for figures that stay clear of the special squares) the
/// same pattern moved across the board, until the rules engine confirms
/// every claim. `None` when no place on this board shows it.
fn find(variant: &Variant, spec: &Spec) -> Option<(Placed, Played)> {
    let n = variant.size as i8;
    let mut shifts = vec![(0, 0)];
    if !spec.uses_specials && spec.anchor == Anchor::Corner {
        shifts.extend((0..n).flat_map(|r| (0..n).map(move |f| (f, r))).skip(1));
    }
    // Clear of the special squares where the board has room; on a small
    // board, beside them, as long as the engine still confirms the figure.
    [true, false].into_iter().find_map(|clear| {
        shifts.iter().find_map(|&by| {
            let p = place_at(variant, spec, by, clear)?;
            let played = confirm(variant, spec, &p).ok()?;
            Some((p, played))
        })
    })
}

/// Every figure the rules call for, placed and confirmed by the engine,
/// and the ids of those no position on this board shows.
type Placements = (Vec<(Spec, Placed, Played)>, Vec<&'static str>);

/// [`place_all`] once per variant and process: the leaflet, the cards and
/// the kit's warnings of one kit (and the kits of a batch) share it.
fn placements(variant: &Variant) -> std::sync::Arc<Placements> {
    static PLACED: Memo<String, Placements> = Memo::new();
    // Everything that decides the placement: the whole checked variant.
    PLACED.get_or_make(format!("{variant:?}"), || place_all(variant))
}

/// Places and confirms every figure (see [`Placements`]).
fn place_all(variant: &Variant) -> Placements {
    let mut placed = Vec::new();
    let mut missing = Vec::new();
    for s in specs_for(variant) {
        let found = find(variant, &s).map(|f| (s.clone(), f)).or_else(|| {
            let alt = alternative(&s)?;
            find(variant, &alt).map(|f| (alt, f))
        });
        match found {
            Some((s, (p, played))) => placed.push((s, p, played)),
            None => missing.push(s.id),
        }
    }
    (placed, missing)
}

/// Warnings for the figures the leaflet leaves out because no position
/// on the variant's board shows them (a user's variant on a small board):
/// facts for the command line to report, printed once per kit.
pub fn left_out(variant: &Variant) -> Vec<Diagnostic> {
    placements(variant)
        .1
        .iter()
        .map(|id| {
            Diagnostic::warning(
                &variant.id,
                format!(
                    "leaflet figure '{id}' left out: no position on the {n}×{n} board of {} shows it",
                    variant.name,
                    n = variant.size
                ),
            )
        })
        .collect()
}

pub fn figures(variant: &Variant, theme: &Theme) -> Result<Vec<Figure>, Failure> {
    let placements = placements(variant);
    let placed = &placements.0;
    let mut ids = vec![("initial", CaptionFacts::default())];
    ids.extend(placed.iter().map(|(s, p, _)| (s.id, facts_of(p))));
    let captions = rules_text::figure_captions(variant, theme, &ids)?;
    let mut out = vec![initial_figure(variant, captions[0].clone())?];
    let words = theme.words();
    for (((spec, p, played), caption), (_, facts)) in placed
        .iter()
        .zip(captions.into_iter().skip(1))
        .zip(ids.into_iter().skip(1))
    {
        let w = p.window;
        let style = DiagramStyle::window(
            variant,
            w.0,
            (w.1.0 - w.0.0 + 1) as usize,
            (w.1.1 - w.0.1 + 1) as usize,
        );
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
        let arrow = |&(a, b): &((u8, u8), (u8, u8))| Mark::Arrow {
            from: shift(a, w),
            to: shift(b, w),
        };
        if let Some(start) = &played.start {
            // A rule that looks back: the last turn, then this one.
            panels.push(Panel {
                board: crop(start, w),
                marks: p.prelude.iter().map(arrow).collect(),
                style: style.clone(),
                label: words.say(Msg::FigureLastTurn),
            });
        }
        match (p.play, &played.after) {
            (Some(first), Some(after)) => {
                marks.push(arrow(&first));
                let mut last = first;
                if spec.draw_then {
                    marks.extend(p.then.iter().map(arrow));
                    last = p.then.last().copied().unwrap_or(first);
                }
                marks.extend(p.captured.iter().map(|&s| Mark::Captured(shift(s, w))));
                if spec.outcome == Outcome::KingCaptured
                    && let Some(&(_, k)) = p.pieces.iter().find(|x| x.0 == Piece::King)
                {
                    marks.push(Mark::Captured(shift(k, w)));
                }
                panels.push(Panel {
                    board: crop(&played.before, w),
                    marks,
                    style: style.clone(),
                    label: words.say(Msg::FigureBefore),
                });
                panels.push(Panel {
                    board: crop(after, w),
                    marks: vec![Mark::Highlight(shift(last.1, w))],
                    style,
                    label: words.say(Msg::FigureAfter),
                });
            }
            _ => {
                let label = if played.start.is_some() {
                    words.say(Msg::FigureThisTurn)
                } else {
                    String::new()
                };
                panels.push(Panel {
                    board: crop(&played.before, w),
                    marks,
                    style,
                    label,
                })
            }
        }
        out.push(Figure {
            id: spec.id,
            rule: rule_of(spec.id),
            caption,
            facts,
            panels,
        });
    }
    Ok(out)
}
