//! Explicit units for everything that has a size on paper.
//!
//! Layout works in millimetres with the origin at the top-left corner of the
//! page and y growing downwards (as in SVG). Backends convert: the PDF
//! backend flips y and scales to points. Bare floats never cross a stage
//! boundary; a length is an [`Mm`] or a [`Pt`].

use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// Millimetres per PostScript point (1 pt = 1/72 inch).
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// A length in millimetres.
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Mm(pub f64);

/// A length in PostScript points (used for font sizes).
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Pt(pub f64);

impl Mm {
    pub const ZERO: Mm = Mm(0.0);
    pub fn from_inches(inches: f64) -> Mm {
        Mm(inches * 25.4)
    }
    pub fn to_pt(self) -> Pt {
        Pt(self.0 / MM_PER_PT)
    }
    pub fn max(self, other: Mm) -> Mm {
        if self.0 >= other.0 { self } else { other }
    }
    pub fn min(self, other: Mm) -> Mm {
        if self.0 <= other.0 { self } else { other }
    }
    pub fn abs(self) -> Mm {
        Mm(self.0.abs())
    }
}

impl Pt {
    pub fn to_mm(self) -> Mm {
        Mm(self.0 * MM_PER_PT)
    }
}

macro_rules! length_ops {
    ($t:ident) => {
        impl Add for $t {
            type Output = $t;
            fn add(self, o: $t) -> $t {
                $t(self.0 + o.0)
            }
        }
        impl Sub for $t {
            type Output = $t;
            fn sub(self, o: $t) -> $t {
                $t(self.0 - o.0)
            }
        }
        impl AddAssign for $t {
            fn add_assign(&mut self, o: $t) {
                self.0 += o.0;
            }
        }
        impl SubAssign for $t {
            fn sub_assign(&mut self, o: $t) {
                self.0 -= o.0;
            }
        }
        impl Mul<f64> for $t {
            type Output = $t;
            fn mul(self, k: f64) -> $t {
                $t(self.0 * k)
            }
        }
        impl Div<f64> for $t {
            type Output = $t;
            fn div(self, k: f64) -> $t {
                $t(self.0 / k)
            }
        }
        /// The ratio of two lengths is a plain number.
        impl Div for $t {
            type Output = f64;
            fn div(self, o: $t) -> f64 {
                self.0 / o.0
            }
        }
        impl Neg for $t {
            type Output = $t;
            fn neg(self) -> $t {
                $t(-self.0)
            }
        }
    };
}
length_ops!(Mm);
length_ops!(Pt);

/// A point on the page, from the top-left corner, y downwards.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    pub x: Mm,
    pub y: Mm,
}

impl Point {
    pub fn new(x: Mm, y: Mm) -> Point {
        Point { x, y }
    }
    pub fn offset(self, dx: Mm, dy: Mm) -> Point {
        Point {
            x: self.x + dx,
            y: self.y + dy,
        }
    }
}

/// A width and a height.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Size {
    pub w: Mm,
    pub h: Mm,
}

impl Size {
    pub fn new(w: Mm, h: Mm) -> Size {
        Size { w, h }
    }
    /// The same size turned a quarter.
    pub fn rotated(self) -> Size {
        Size {
            w: self.h,
            h: self.w,
        }
    }
    pub fn area(self) -> f64 {
        self.w.0 * self.h.0
    }
}

/// An axis-aligned rectangle: top-left corner and size.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub x: Mm,
    pub y: Mm,
    pub w: Mm,
    pub h: Mm,
}

impl Rect {
    pub fn new(x: Mm, y: Mm, w: Mm, h: Mm) -> Rect {
        Rect { x, y, w, h }
    }
    pub fn from_size(origin: Point, size: Size) -> Rect {
        Rect {
            x: origin.x,
            y: origin.y,
            w: size.w,
            h: size.h,
        }
    }
    pub fn right(&self) -> Mm {
        self.x + self.w
    }
    pub fn bottom(&self) -> Mm {
        self.y + self.h
    }
    pub fn origin(&self) -> Point {
        Point::new(self.x, self.y)
    }
    pub fn size(&self) -> Size {
        Size::new(self.w, self.h)
    }
    pub fn center(&self) -> Point {
        Point::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
    /// Shrinks the rectangle by `d` on every side.
    pub fn inset(&self, d: Mm) -> Rect {
        Rect::new(self.x + d, self.y + d, self.w - d * 2.0, self.h - d * 2.0)
    }
    /// True when `other` lies wholly inside (edges may touch), allowing a
    /// rounding tolerance of a thousandth of a millimetre.
    pub fn contains(&self, other: &Rect) -> bool {
        const EPS: f64 = 1e-3;
        other.x.0 >= self.x.0 - EPS
            && other.y.0 >= self.y.0 - EPS
            && other.right().0 <= self.right().0 + EPS
            && other.bottom().0 <= self.bottom().0 + EPS
    }
    /// True when the interiors overlap (touching edges do not count).
    pub fn overlaps(&self, other: &Rect) -> bool {
        const EPS: f64 = 1e-3;
        self.x.0 < other.right().0 - EPS
            && other.x.0 < self.right().0 - EPS
            && self.y.0 < other.bottom().0 - EPS
            && other.y.0 < self.bottom().0 - EPS
    }
}
