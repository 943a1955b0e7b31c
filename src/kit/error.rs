//! What can go wrong making a kit, as facts about the kit: which size,
//! which part, which paper. The kit names no command-line flag; a front
//! end (the CLI's `build`) words these with its own names for the
//! settings. Problems found in files the user wrote (templates, theme
//! art) arrive already located, as [`KitError::Input`].

use std::fmt;

use crate::error::Failure;
use crate::layout::paper::Paper;
use crate::rules::Side;
use crate::units::Mm;

/// A size the kit is made at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dimension {
    Square,
    King,
    /// The pieces other than the king.
    Piece,
}

/// Why a kit cannot be made.
#[derive(Clone, Debug, PartialEq)]
pub enum KitError {
    /// A size that must be a positive length is not.
    NotPositive { size: Dimension, value: f64 },
    /// Pieces too small to cut out and pick up.
    PieceTooSmall { size: Dimension, value: Mm, min: Mm },
    /// A piece larger than the squares. `square_given` and `piece_given`
    /// say which of the two sizes the user chose (the other came from the
    /// theme or was derived).
    PieceTooBig {
        size: Dimension,
        value: Mm,
        square: Mm,
        square_given: bool,
        piece_given: bool,
    },
    /// Sticker sheets are round; another piece shape was asked for.
    StickerNotRound,
    /// Not even one square with its border fits the paper.
    SquareTooBig { square: Mm, paper: Paper },
    /// The board would need more sections than make sense.
    TooManySections {
        square: Mm,
        n: usize,
        across: Mm,
        sections: usize,
        max: usize,
        paper: Paper,
    },
    /// Some part is too big for any sheet.
    PartsDoNotFit { paper: Paper },
    /// The pieces do not fit on a sheet of their own (stickers).
    PiecesDoNotFit,
    /// The theme's words make a reminder card too long for A6.
    CardTooLong { side: Side },
    /// The theme's story and the instructions do not fit on the cover.
    StoryTooLong,
    /// The rules engine did not confirm a reminder card's example.
    ExampleNotConfirmed { variant: String, why: String },
    /// A problem located in an input file (a template, a theme), or a
    /// broken promise inside taflkit.
    Input(Failure),
}

impl From<Failure> for KitError {
    fn from(f: Failure) -> KitError {
        KitError::Input(f)
    }
}

impl fmt::Display for Dimension {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dimension::Square => "square size",
            Dimension::King => "king size",
            Dimension::Piece => "piece size",
        })
    }
}

impl KitError {
    /// One refusal of every kind a kit makes itself (not [`KitError::Input`],
    /// which comes from the file at fault), for the test that reads the
    /// docs.
    pub fn every() -> Vec<KitError> {
        let mm = Mm(30.0);
        vec![
            KitError::NotPositive {
                size: Dimension::Square,
                value: -1.0,
            },
            KitError::PieceTooSmall {
                size: Dimension::Piece,
                value: Mm(5.0),
                min: Mm(8.0),
            },
            KitError::PieceTooBig {
                size: Dimension::King,
                value: mm,
                square: Mm(20.0),
                square_given: true,
                piece_given: false,
            },
            KitError::StickerNotRound,
            KitError::SquareTooBig {
                square: Mm(200.0),
                paper: Paper::A4,
            },
            KitError::TooManySections {
                square: mm,
                n: 25,
                across: Mm(750.0),
                sections: 16,
                max: 9,
                paper: Paper::A4,
            },
            KitError::PartsDoNotFit { paper: Paper::A4 },
            KitError::PiecesDoNotFit,
            KitError::CardTooLong {
                side: Side::Attackers,
            },
            KitError::StoryTooLong,
            KitError::ExampleNotConfirmed {
                variant: "york".into(),
                why: "illegal move".into(),
            },
        ]
    }

    /// How docs/cli.md ("When a kit is refused") names this refusal, word
    /// for word; `None` for [`KitError::Input`], refused in its own file's
    /// terms.
    pub fn documented_as(&self) -> Option<&'static str> {
        Some(match self {
            KitError::NotPositive { .. } => "a size that is not a positive number",
            KitError::PieceTooSmall { .. } => "pieces too small to cut out",
            KitError::PieceTooBig { .. } => "pieces larger than the squares",
            KitError::StickerNotRound => "sticker pieces that are not round",
            KitError::SquareTooBig { .. } => "squares too big for the paper",
            KitError::TooManySections { .. } => "a board that needs too many sections",
            KitError::PartsDoNotFit { .. } => "a part too big for any sheet",
            KitError::PiecesDoNotFit => "pieces that do not fit on a sticker sheet",
            KitError::CardTooLong { .. } => "a reminder card too long for A6",
            KitError::StoryTooLong => "a story too long for the cover",
            KitError::ExampleNotConfirmed { .. } => {
                "a card example the rules engine does not confirm"
            }
            KitError::Input(_) => return None,
        })
    }

    /// The message, without naming how a setting is changed; a front end
    /// adds its own hint (see the CLI's `build`).
    pub fn message(&self) -> String {
        match self {
            KitError::NotPositive { value, .. } => {
                format!("must be a positive number of millimetres, not {value}")
            }
            KitError::PieceTooSmall { value, min, .. } => format!(
                "{} mm pieces are too small to cut out and pick up; use at least {} mm",
                value.0, min.0
            ),
            KitError::PieceTooBig {
                size,
                value,
                square,
                ..
            } => {
                let what = if *size == Dimension::King {
                    "king"
                } else {
                    "pieces"
                };
                format!(
                    "the {what} ({} mm) would not fit on {} mm squares",
                    value.0, square.0
                )
            }
            KitError::StickerNotRound => "sticker sheets are round, for wooden discs".into(),
            KitError::SquareTooBig { square, paper } => format!(
                "{} mm squares are too big for {}: not even one square with its border fits the printable area",
                square.0,
                paper.name()
            ),
            KitError::TooManySections {
                square,
                n,
                across,
                sections,
                max,
                paper,
            } => format!(
                "with {} mm squares the {n}×{n} board is {:.0} mm across and would need {sections} sections on {} (at most {max} make sense)",
                square.0,
                across.0,
                paper.name()
            ),
            KitError::PartsDoNotFit { paper } => {
                format!("the kit's parts do not fit on {} sheets", paper.name())
            }
            KitError::PiecesDoNotFit => "the pieces do not fit on a sticker sheet".into(),
            KitError::CardTooLong { side } => format!(
                "the reminder card for {side} does not fit on an A6 card, even in small type"
            ),
            KitError::StoryTooLong => {
                "the theme's story is too long to fit on the cover with the instructions".into()
            }
            KitError::ExampleNotConfirmed { variant, why } => format!(
                "the reminder card's example for {variant} is not confirmed by the rules engine: {why}"
            ),
            KitError::Input(f) => f.to_string(),
        }
    }
}

impl fmt::Display for KitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for KitError {}
