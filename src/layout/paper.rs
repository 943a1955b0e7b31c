//! Paper sizes and the printable area of a home printer.

use crate::units::{Mm, Rect, Size};

/// How far from every sheet edge a home printer can print reliably.
pub const PRINT_MARGIN: Mm = Mm(7.0);

/// The sheet a kit is printed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paper {
    A4,
    Letter,
    /// Twice A4: an 11 × 11 board fits in one piece at slightly smaller squares.
    A3,
    /// US Tabloid (ledger), 11 × 17 in: twice Letter.
    Tabloid,
}

impl Paper {
    /// Portrait size of the sheet.
    pub fn size(self) -> Size {
        match self {
            Paper::A4 => Size::new(Mm(210.0), Mm(297.0)),
            Paper::Letter => Size::new(Mm(215.9), Mm(279.4)),
            Paper::A3 => Size::new(Mm(297.0), Mm(420.0)),
            Paper::Tabloid => Size::new(Mm(279.4), Mm(431.8)),
        }
    }

    /// The printable rectangle of a sheet of `size` (either orientation).
    pub fn printable(size: Size) -> Rect {
        Rect::new(Mm(0.0), Mm(0.0), size.w, size.h).inset(PRINT_MARGIN)
    }

    /// Whether the board should come in one piece on this paper (the
    /// large sheets people choose for that reason).
    pub fn is_large(self) -> bool {
        matches!(self, Paper::A3 | Paper::Tabloid)
    }

    /// Human name as printed on the cover.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "US Letter",
            Paper::A3 => "A3",
            Paper::Tabloid => "US Tabloid",
        }
    }

    /// The id used on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
            Paper::A3 => "a3",
            Paper::Tabloid => "tabloid",
        }
    }
}
