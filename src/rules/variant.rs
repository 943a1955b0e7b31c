//! A rule set as data: what a variant file says once it has been read and
//! checked. Everything downstream (the engine, the rules text, the kit)
//! reads rules from here and nowhere else.
//!
//! CONTRACT: the kit and the leaflet code against these names. Fields may be
//! added; renaming or removing one needs every user updated.

use std::fmt;

use serde::Deserialize;

/// The two sides. "Attackers" are the side with twice as many pieces at the
/// edges; "defenders" are the king's side. Themes rename them; the engine
/// never does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Attackers,
    Defenders,
}

impl Side {
    pub fn opponent(self) -> Side {
        match self {
            Side::Attackers => Side::Defenders,
            Side::Defenders => Side::Attackers,
        }
    }
    /// As written in variant files and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Side::Attackers => "attackers",
            Side::Defenders => "defenders",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Attacker,
    Defender,
    King,
}

impl Piece {
    pub fn side(self) -> Side {
        match self {
            Piece::Attacker => Side::Attackers,
            Piece::Defender | Piece::King => Side::Defenders,
        }
    }
    /// The setup-notation letter: `A`, `D` or `K`.
    pub fn symbol(self) -> char {
        match self {
            Piece::Attacker => 'A',
            Piece::Defender => 'D',
            Piece::King => 'K',
        }
    }
}

/// Where the king must get to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Escape {
    /// Any edge square.
    Edge,
    /// One of the four corner squares.
    Corner,
}

/// Who a restriction lets through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Access {
    Everyone,
    #[serde(rename = "king")]
    KingOnly,
    Nobody,
}

/// A special square (the centre, or each of the four corners).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpecialSquare {
    /// Who may move across it when it is empty.
    pub pass: Access,
    /// Who may end a move on it.
    pub stop: Access,
    /// Whom the empty square captures against, like an enemy piece.
    pub hostile_to_attackers: bool,
    pub hostile_to_defenders: bool,
    /// The empty square takes part in capturing the king where the king is
    /// taken like any other piece (see [`KingStrength`]).
    pub hostile_to_king: bool,
    /// Whom the square captures against while a piece stands on it (an
    /// enemy piece there is an enemy anyway; this makes the square hostile
    /// to the friends of the piece on it, say defenders beside the king on
    /// his throne).
    pub occupied_hostile_to_attackers: bool,
    pub occupied_hostile_to_defenders: bool,
}

impl SpecialSquare {
    /// A square anyone may cross, only the king may stop on, and that
    /// captures nobody: the defaults of a `[centre]` or `[corners]` table.
    pub const DEFAULT: SpecialSquare = SpecialSquare {
        pass: Access::Everyone,
        stop: Access::KingOnly,
        hostile_to_attackers: false,
        hostile_to_defenders: false,
        hostile_to_king: false,
        occupied_hostile_to_attackers: false,
        occupied_hostile_to_defenders: false,
    };
}

/// How the king is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KingCapture {
    /// Attackers on all four sides.
    FourSides,
    /// Four sides, or three when the fourth side is the centre square.
    #[serde(rename = "three-beside-centre")]
    FourOrThreeBesideCentre,
}

/// Where the king is strong (taken only as [`KingCapture`] says) and where
/// he is weak (taken like any other piece, between two attackers or an
/// attacker and a square hostile to the king).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KingStrength {
    /// Strong everywhere.
    Strong,
    /// Strong on the centre square and beside it, weak elsewhere.
    StrongByCentre,
    /// Weak everywhere.
    Weak,
}

impl KingStrength {
    /// As written in variant files.
    pub fn id(self) -> &'static str {
        match self {
            KingStrength::Strong => "strong",
            KingStrength::StrongByCentre => "strong-by-centre",
            KingStrength::Weak => "weak",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingRules {
    /// The king closes sandwiches when it moves (captures actively).
    pub armed: bool,
    /// The king serves as the far side of a sandwich.
    pub anvil: bool,
    /// How a strong king is taken.
    pub capture: KingCapture,
    /// Where the king is strong.
    pub strength: KingStrength,
    /// The most squares the king moves in one go; `None`: any number, like
    /// a rook.
    pub speed: Option<u32>,
    /// York: with the king in the centre and attackers on three sides, a
    /// defender on the fourth side is captured between an attacker and the
    /// king.
    pub besieged_king_betrays_defender: bool,
}

/// What repeating a position does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Repetition {
    /// Nothing: positions may repeat freely.
    None,
    /// A player whose move brings the same position about a third time loses.
    ThirdLoses,
    /// A move that would bring the same position about a third time may not
    /// be made.
    ThirdForbidden,
    /// A piece may not move to the square it stood on at the start of its
    /// side's previous turn.
    NoReturn,
    /// The third occurrence of a position wins for the attackers (perpetual
    /// repetition is the defenders' loss), whoever made it.
    ThirdAttackersWin,
    /// The third occurrence of a position ends the game in a draw.
    ThirdDraws,
}

impl Repetition {
    /// As written in variant files.
    pub fn id(self) -> &'static str {
        match self {
            Repetition::None => "none",
            Repetition::ThirdLoses => "third-loses",
            Repetition::ThirdForbidden => "third-forbidden",
            Repetition::NoReturn => "no-return",
            Repetition::ThirdAttackersWin => "third-attackers-win",
            Repetition::ThirdDraws => "third-draws",
        }
    }
    /// Every value, in the order `docs/variants.md` lists them.
    pub const ALL: [Repetition; 6] = [
        Repetition::None,
        Repetition::ThirdLoses,
        Repetition::ThirdForbidden,
        Repetition::NoReturn,
        Repetition::ThirdAttackersWin,
        Repetition::ThirdDraws,
    ];
}

/// What happens to a side that has no legal move on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum NoMove {
    #[serde(rename = "loses")]
    Loses,
    #[serde(rename = "draw")]
    Draws,
}

/// Draw forts are forbidden: the defenders' own pieces in the same
/// arrangement a third time with no capture between, while the king and at
/// least `min_men` defenders remain, loses for the defenders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawFort {
    pub min_men: u32,
}

/// An optional rule that a kit can switch on (`--option ID`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleOption {
    /// `berserker`, `shield-wall`, `skilled-play`.
    pub id: String,
    pub rule: OptionalRule,
    /// Whether this build has it switched on.
    pub enabled: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionalRule {
    /// After a capturing move the capturing piece may move again.
    Berserker,
    /// An enclosed group that cannot move is captured whole.
    ShieldWall,
    /// Players bid; defenders move first and must win by `turn_limit`.
    SkilledPlay { turn_limit: u32 },
}

impl OptionalRule {
    /// The ids a variant file and `--option` use, in the documented order.
    pub const IDS: [&'static str; 3] = ["berserker", "shield-wall", "skilled-play"];

    /// The id of this rule (`--option ID`, `[options.ID]`).
    pub fn id(self) -> &'static str {
        match self {
            OptionalRule::Berserker => "berserker",
            OptionalRule::ShieldWall => "shield-wall",
            OptionalRule::SkilledPlay { .. } => "skilled-play",
        }
    }

    /// Whether switching this rule on hands the first move to the
    /// defenders (skilled play: they play against the bid).
    pub fn defenders_first(self) -> bool {
        matches!(self, OptionalRule::SkilledPlay { .. })
    }
}

/// A complete, checked rule set.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    pub id: String,
    pub name: String,
    /// Squares a side.
    pub size: usize,
    pub first: Side,
    pub escape: Escape,
    /// The start position, row by row from the top (rank `size`) down to
    /// rank 1; `setup[row][file]`.
    pub setup: Vec<Vec<Option<Piece>>>,
    /// The centre square's rules, or `None` when it is an ordinary square.
    pub centre: Option<SpecialSquare>,
    /// The corner squares' rules, or `None` when they are ordinary squares.
    pub corners: Option<SpecialSquare>,
    pub king: KingRules,
    /// Attackers win by enclosing the king and every defender.
    pub encirclement: bool,
    pub repetition: Repetition,
    /// What having no legal move does to the side to move.
    pub no_move: NoMove,
    /// Copenhagen's shield wall: a row of pieces along an edge, each with
    /// an enemy in front, bracketed at both ends, is captured (not the king).
    pub edge_shield_wall: bool,
    /// Copenhagen's edge fort: the king on an edge, able to move, enclosed
    /// by defenders the attackers can never capture, wins for the defenders.
    pub edge_fort: bool,
    pub draw_fort: Option<DrawFort>,
    pub options: Vec<RuleOption>,
    /// The built-in theme this variant looks best in.
    pub default_theme: Option<String>,
}

impl Variant {
    /// The optional rule with this id, when it is switched on.
    pub fn option_enabled(&self, id: &str) -> bool {
        self.options.iter().any(|o| o.id == id && o.enabled)
    }

    /// The optional rules switched on in this build.
    pub fn enabled_rules(&self) -> impl Iterator<Item = OptionalRule> + '_ {
        self.options.iter().filter(|o| o.enabled).map(|o| o.rule)
    }

    /// Skilled play's turn limit, when skilled play is on.
    pub fn turn_limit(&self) -> Option<u32> {
        self.enabled_rules().find_map(|r| match r {
            OptionalRule::SkilledPlay { turn_limit } => Some(turn_limit),
            _ => None,
        })
    }

    /// Who moves first once the optional rules are applied (skilled play
    /// hands the first move to the defenders): the one place that fact is
    /// worked out.
    pub fn first_to_move(&self) -> Side {
        if self.enabled_rules().any(OptionalRule::defenders_first) {
            Side::Defenders
        } else {
            self.first
        }
    }

    /// Piece counts of the start position: (attackers, defenders without
    /// the king, kings).
    pub fn piece_counts(&self) -> (usize, usize, usize) {
        let mut counts = (0, 0, 0);
        for cell in self.setup.iter().flatten().flatten() {
            match cell {
                Piece::Attacker => counts.0 += 1,
                Piece::Defender => counts.1 += 1,
                Piece::King => counts.2 += 1,
            }
        }
        counts
    }
}
