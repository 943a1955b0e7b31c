//! Booklet imposition: leaflet pages (half a sheet each) placed two to a
//! side of landscape sheets, nested for saddle folding, with the inside
//! turned for the printer's duplex flip and marks that show a wrong flip.

use crate::layout::paper::{PRINT_MARGIN, Paper};
use crate::layout::text::FontSet;
use crate::layout::{
    Duplex, FontRole, Group, Item, LineCap, LineJoin, Page, Paint, Path, PathCmd, Rgb, Stroke,
    Text, TextStyle, Transform,
};
use crate::units::{Mm, Point, Pt, Size};
use crate::words::{Args, Lang, Msg, Words};

/// Which face of a folded sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// Printed first; carries the outermost pages.
    Outside,
    Inside,
}

/// One printed side: the page numbers (1-based, `None` for a blank pad) in
/// its left and right halves as read, and whether the side is turned 180°
/// on the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SidePlan {
    /// 1-based sheet number within the leaflet.
    pub sheet: usize,
    pub face: Face,
    pub left: usize,
    pub right: usize,
    pub rotated: bool,
}

/// The landscape sheet a leaflet is printed on.
pub fn sheet_size(paper: Paper) -> Size {
    paper.size().rotated()
}

/// The size of one leaflet page: half the landscape sheet, portrait.
pub fn page_size(paper: Paper) -> Size {
    let s = sheet_size(paper);
    Size::new(s.w / 2.0, s.h)
}

/// Leaflet page count padded to a whole number of folded sheets.
pub fn padded(pages: usize) -> usize {
    pages.max(1).div_ceil(4) * 4
}

/// Which pages go on which side of which sheet for `pages` leaflet pages
/// (padded to a multiple of four), nested so the folded sheets read in
/// order: sheet 1 outside [n | 1], inside [2 | n−1], and so on inwards.
pub fn plan(pages: usize, duplex: Duplex) -> Vec<SidePlan> {
    let n = padded(pages);
    let mut sides = Vec::new();
    for s in 0..n / 4 {
        sides.push(SidePlan {
            sheet: s + 1,
            face: Face::Outside,
            left: n - 2 * s,
            right: 1 + 2 * s,
            rotated: false,
        });
        sides.push(SidePlan {
            sheet: s + 1,
            face: Face::Inside,
            left: 2 + 2 * s,
            right: n - 1 - 2 * s,
            rotated: duplex == Duplex::LongEdge,
        });
    }
    sides
}

/// What a side is, for the cover and the page list.
pub fn side_label(side: &SidePlan) -> String {
    let face = match side.face {
        Face::Outside => "outside",
        Face::Inside => "inside",
    };
    format!("Leaflet sheet {} · {face}", side.sheet)
}

/// The flip mark of a side: "1 out", "1 in"; "out" alone when the leaflet
/// is one sheet.
pub fn flip_mark(face: Face, sheet: Option<usize>, words: &Words) -> String {
    let msg = match (face, sheet.is_some()) {
        (Face::Outside, false) => Msg::FlipOut,
        (Face::Inside, false) => Msg::FlipIn,
        (Face::Outside, true) => Msg::FlipSheetOut,
        (Face::Inside, true) => Msg::FlipSheetIn,
    };
    let args = Args::new().num("sheet", sheet.unwrap_or(1) as i64);
    words.say_with(msg, &args)
}

/// Imposes leaflet `pages` (each [`page_size`]) onto landscape sides.
/// Missing pages (beyond `pages.len()`) are left blank.
pub fn impose(pages: &[Page], paper: Paper, duplex: Duplex, fonts: &FontSet) -> Vec<Page> {
    impose_in(pages, paper, duplex, fonts, Lang::english().words())
}

/// [`impose`] with the flip marks in `words`' language.
pub fn impose_in(
    pages: &[Page],
    paper: Paper,
    duplex: Duplex,
    fonts: &FontSet,
    words: &Words,
) -> Vec<Page> {
    let sheets = padded(pages.len()) / 4;
    plan(pages.len(), duplex)
        .into_iter()
        .map(|side| {
            let page = |n: usize| pages.get(n - 1).map(|p| p.items.clone());
            let halves = [page(side.left), page(side.right)];
            impose_side(&side, halves, sheets, paper, duplex, fonts, words)
        })
        .collect()
}

/// One side of [`impose_in`]: the items of its left and right pages
/// (`None` for a page beyond the leaflet), its marks, turned when the
/// side is. A leaflet side is laid out alone, so that a kit does not
/// impose (and lay out the hosted pages of) every side for each one.
pub fn impose_side(
    side: &SidePlan,
    halves: [Option<Vec<Item>>; 2],
    sheets: usize,
    paper: Paper,
    duplex: Duplex,
    fonts: &FontSet,
    words: &Words,
) -> Page {
    let size = sheet_size(paper);
    let half = size.w / 2.0;
    let mut items = Vec::new();
    for (page, x) in halves.into_iter().zip([Mm(0.0), half]) {
        if let Some(page) = page {
            items.push(Item::Group(Group::new(
                Transform::translate(x, Mm(0.0)),
                page,
            )));
        }
    }
    items.extend(side_marks(side, sheets, size, duplex, fonts, words));
    let items = if side.rotated {
        // Half a turn about the sheet's centre.
        vec![Item::Group(Group::new(
            Transform::translate(size.w, size.h).then(Transform::rotate(180.0)),
            items,
        ))]
    } else {
        items
    };
    Page {
        size,
        label: side_label(side),
        items,
    }
}

/// The fold line and the note in the top margin naming the side and the
/// edge that must be up, so a wrong flip shows before folding.
fn side_marks(
    side: &SidePlan,
    sheets: usize,
    size: Size,
    duplex: Duplex,
    fonts: &FontSet,
    words: &Words,
) -> Vec<Item> {
    let ink = Rgb(0x70, 0x70, 0x70);
    let half = size.w / 2.0;
    let top = PRINT_MARGIN;
    let bottom = size.h - PRINT_MARGIN;
    let mut items = vec![Item::Path(Path {
        commands: vec![
            PathCmd::MoveTo(Point::new(half, top)),
            PathCmd::LineTo(Point::new(half, top + Mm(4.0))),
            PathCmd::MoveTo(Point::new(half, bottom - Mm(4.0))),
            PathCmd::LineTo(Point::new(half, bottom)),
        ],
        fill: None,
        stroke: Some(Stroke {
            paint: Paint::Solid(ink),
            width: Mm(0.2),
            dash: vec![Mm(1.0), Mm(1.0)],
            cap: LineCap::Butt,
            join: LineJoin::Miter,
            opacity: 1.0,
        }),
    })];
    // The flip check is a mark, not a sentence: a small arrow at the top
    // edge and the sheet and face ("1 out", "1 in"). Printed with the
    // right flip, both faces of a sheet have their arrow at the same edge;
    // the cover says so. Nothing here is read as part of the booklet.
    let style = TextStyle {
        font: FontRole::Body,
        size: Pt(7.0),
        color: ink,
    };
    let _ = duplex;
    let note = flip_mark(side.face, (sheets > 1).then_some(side.sheet), words);
    let baseline = top + fonts.ascent(&style) + Mm(0.3);
    let ah = fonts.ascent(&style);
    for ax in [
        PRINT_MARGIN + Mm(2.0),
        size.w - PRINT_MARGIN - Mm(2.0) - ah * 0.6,
    ] {
        items.push(Item::Path(Path {
            commands: vec![
                PathCmd::MoveTo(Point::new(ax, baseline - ah)),
                PathCmd::LineTo(Point::new(ax + ah * 0.6, baseline)),
                PathCmd::LineTo(Point::new(ax - ah * 0.6, baseline)),
                PathCmd::Close,
            ],
            fill: Some(crate::layout::Fill {
                paint: Paint::Solid(ink),
                rule: crate::layout::FillRule::NonZero,
                opacity: 1.0,
            }),
            stroke: None,
        }));
    }
    let note_w = fonts.width(&style, &note);
    items.push(Item::Text(Text {
        origin: Point::new(PRINT_MARGIN + Mm(2.0) + ah, baseline),
        text: note.clone(),
        style,
    }));
    items.push(Item::Text(Text {
        origin: Point::new(size.w - PRINT_MARGIN - Mm(2.0) - ah - note_w, baseline),
        text: note,
        style,
    }));
    items
}
