//! Paper sizes and the printable area of a home printer.

use crate::units::{Mm, Rect, Size};

/// How far from every sheet edge a home printer can print reliably.
pub const PRINT_MARGIN: Mm = Mm(7.0);

/// The sheet a kit is printed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    /// Portrait size of the sheet.
    pub fn size(self) -> Size {
        match self {
            Paper::A4 => Size::new(Mm(210.0), Mm(297.0)),
            Paper::Letter => Size::new(Mm(215.9), Mm(279.4)),
        }
    }

    /// The printable rectangle of a sheet of `size` (either orientation).
    pub fn printable(size: Size) -> Rect {
        Rect::new(Mm(0.0), Mm(0.0), size.w, size.h).inset(PRINT_MARGIN)
    }

    /// Human name as printed on the cover.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "US Letter",
        }
    }

    /// The id used on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }
}
