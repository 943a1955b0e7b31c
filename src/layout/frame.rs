//! Frames: the unit every kit component lays itself out into.
//!
//! As in typst, a [`Frame`] is a size and the items drawn inside it, laid
//! out with the frame's own top-left corner as the origin. A frame knows
//! nothing of where it will go: whoever composes the page places it with
//! a [`Transform`] (moved, turned a quarter or half way), and nested
//! frames are placed the same way inside their parent. So a component can
//! be drawn, measured and tested on its own, and the packer's decisions
//! (where, which way round) stay out of the drawing code.

use crate::layout::{Group, Item, Transform};
use crate::units::{Point, Rect, Size};

/// A laid-out box: its size and its items, top-left corner at the origin.
#[derive(Clone, Debug)]
pub struct Frame {
    pub size: Size,
    pub items: Vec<Item>,
}

/// How a frame is turned where it is placed: about its own top-left
/// corner, so that the turned frame's bounding box starts at the place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    None,
    /// A quarter turn clockwise (as seen on the page).
    Quarter,
    /// Half a turn.
    Half,
}

impl Frame {
    /// An empty frame of `size`.
    pub fn new(size: Size) -> Frame {
        Frame {
            size,
            items: Vec::new(),
        }
    }

    /// A frame of `size` holding `items` (already in its coordinates).
    pub fn with_items(size: Size, items: Vec<Item>) -> Frame {
        Frame { size, items }
    }

    /// The frame's own rectangle, at the origin.
    pub fn rect(&self) -> Rect {
        Rect::new(
            crate::units::Mm::ZERO,
            crate::units::Mm::ZERO,
            self.size.w,
            self.size.h,
        )
    }

    pub fn push(&mut self, item: Item) {
        self.items.push(item);
    }

    pub fn extend(&mut self, items: impl IntoIterator<Item = Item>) {
        self.items.extend(items);
    }

    /// Places `child` with its top-left corner at `at` in this frame.
    pub fn push_frame(&mut self, at: Point, child: Frame) {
        self.items.push(child.placed(at, Turn::None));
    }

    /// The transform that puts this frame at `at`, turned by `turn`, so its
    /// (turned) bounding box has its top-left corner at `at`.
    pub fn placement(&self, at: Point, turn: Turn) -> Transform {
        match turn {
            Turn::None => Transform::translate(at.x, at.y),
            Turn::Quarter => {
                Transform::translate(at.x + self.size.h, at.y).then(Transform::rotate(90.0))
            }
            Turn::Half => Transform::translate(at.x + self.size.w, at.y + self.size.h)
                .then(Transform::rotate(180.0)),
        }
    }

    /// The frame as one item placed at `at`, turned by `turn`.
    pub fn placed(self, at: Point, turn: Turn) -> Item {
        let t = self.placement(at, turn);
        self.transformed(t)
    }

    /// The frame as one item under an arbitrary transform.
    pub fn transformed(self, transform: Transform) -> Item {
        Item::Group(Group::new(transform, self.items))
    }

    /// The size the frame takes on the page once turned.
    pub fn turned_size(&self, turn: Turn) -> Size {
        match turn {
            Turn::Quarter => self.size.rotated(),
            Turn::None | Turn::Half => self.size,
        }
    }
}
