//! The two reminder cards, one for each player: a quick reference in the
//! theme's words. Each card has that side's title and who moves first,
//! then one row per rule in force ([`rules_text::card_rules`]), that
//! side's ways to win first: a short sentence from the same templates as
//! the leaflet, beside a small picture. The picture is one of the
//! leaflet's figures (a position the rules engine has played through) or,
//! for a rule no position shows, a drawn icon.
//!
//! A card is a playing card (63 × 88 mm) when its rows fit, else A6; a
//! card whose rows need two faces is one fold-over piece: front and back
//! side by side with a dashed fold line between them, folded and glued
//! back to back, never two pieces to match up. The component offers the
//! plan every format that holds the rows (one face before two, smaller
//! before larger, rows at 8 pt before 7 pt), and the plan keeps the one
//! that packs on the fewest card sheets.

use std::collections::HashMap;

use crate::error::Failure;
use crate::kit::component::{Component, Context, Part, Planned, Reuse, Room, Share};
use crate::kit::diagram::{self, DiagramStyle};
use crate::kit::error::KitError;
use crate::kit::leaflet::figures::{self, Panel};
use crate::kit::rules_text::{self, CardRule, CardText};
use crate::layout::draw;
use crate::layout::frame::{Frame, Turn};
use crate::layout::text::{self, FontSet, Span};
use crate::layout::{FontRole, Item, PathCmd, Rgb};
use crate::rules::{Repetition, Side, Variant};
use crate::theme::Theme;
use crate::units::{Mm, Point, Pt, Rect, Size};
use crate::words::{Args, Msg, Words};

/// A playing-card size, the size a reminder card is unless its rows need
/// more room.
pub const POKER: Size = Size {
    w: Mm(63.0),
    h: Mm(88.0),
};
/// A6, for variants with many rules.
pub const A6: Size = Size {
    w: Mm(105.0),
    h: Mm(148.0),
};

/// A 3 × 5 inch index card: two of its faces side by side make a
/// fold-over card that packs two to an A4 or Letter sheet, or beside a
/// board section, where an A6 fold-over takes a sheet of its own.
pub const INDEX: Size = Size {
    w: Mm(76.0),
    h: Mm(127.0),
};

/// Type sizes: rows are 8 pt, or 7 pt when the larger type would need
/// more card; nothing on a card is below 7 pt.
pub const ROW_TEXT: Pt = Pt(8.0);
/// The row text of a card whose rows need the smaller type to fit.
pub const SMALL_ROW_TEXT: Pt = Pt(7.0);
const TITLE: Pt = Pt(11.0);
const LEAD: Pt = Pt(8.0);
const NOTE: Pt = Pt(7.0);
const LEADING: f64 = 1.18;
/// Inner margin of a card (the printed border sits at half of it).
const PAD: Mm = Mm(3.4);
const ROW_GAP: Mm = Mm(1.6);
const PICTURE_GAP: Mm = Mm(2.0);

/// The pieces tried, in order of preference: the face size, the side of
/// a row's picture, and how many faces a card may have (two make a
/// fold-over card). One face before two, a playing card before A6, and
/// for each size and face count the largest pictures that fit.
const PIECES: &[(Size, Mm, usize)] = &[
    (POKER, Mm(16.0), 1),
    (POKER, Mm(13.0), 1),
    (A6, Mm(24.0), 1),
    (A6, Mm(21.0), 1),
    (A6, Mm(18.0), 1),
    (A6, Mm(15.0), 1),
    (A6, Mm(13.0), 1),
    (POKER, Mm(16.0), 2),
    (POKER, Mm(13.0), 2),
    (INDEX, Mm(16.0), 2),
    (INDEX, Mm(14.0), 2),
    (INDEX, Mm(13.0), 2),
    (A6, Mm(21.0), 2),
    (A6, Mm(17.0), 2),
    (A6, Mm(14.0), 2),
];

/// The row type sizes tried: every piece at 8 pt first, then at 7 pt,
/// so the smaller type is used only for a piece whose rows would not
/// fit it at 8 pt (a long language's words, a variant of many rules),
/// and only where it packs on fewer sheets than a larger piece at 8 pt.
const ROW_SIZES: [Pt; 2] = [ROW_TEXT, SMALL_ROW_TEXT];

/// How many formats the plan is offered at most: each more multiplies the
/// combinations it packs (there are eight distinct pieces: a playing
/// card and A6 of one face, and three sizes of fold-over card two ways).
const MAX_FORMATS: usize = 8;

/// What a row shows beside its sentence.
#[derive(Clone, Debug)]
pub enum Picture {
    /// A board window from one of the leaflet's engine-checked figures.
    Figure(Panel),
    /// A drawn icon, for a rule no single position shows.
    Icon(Icon),
}

/// The drawn icons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// A corner of the board (3 × 3) with the centre or corner square as
    /// the board draws it.
    Square { centre: bool },
    /// A circular arrow: a position must not come round again.
    Repetition { no_return: bool },
    /// A sign: no legal move.
    NoMove,
    /// A ring of defenders round the king: a fort.
    Fort,
    /// A move, then another: the berserker's extra moves.
    Again,
    /// A group shut in by a wall of enemies.
    Wall,
    /// A strip of turn squares with the marker on one.
    TurnTrack,
}

/// One row as measured: its picture and lines, placed on its face.
#[derive(Clone, Debug)]
struct Row {
    rule: CardRule,
    picture: Picture,
    lines: Vec<text::Line>,
    /// Top of the row on its face.
    top: Mm,
    height: Mm,
}

/// One face of a card, measured.
#[derive(Clone, Debug)]
struct Face {
    size: Size,
    side: Side,
    picture: Mm,
    /// The row text's type size.
    text: Pt,
    title: String,
    /// The lead lines (who moves first) on the first face only.
    lead: Vec<text::Line>,
    rows: Vec<Row>,
    /// "Continued on the back" and the like, at the foot.
    note: Option<String>,
}

/// Where a fold-over card's back lies: beside the front (folded along a
/// line across its width) or below it (folded along a line across its
/// height, the back printed upside down so it reads upright once
/// folded). The two shapes pack differently: below fits a narrow strip
/// beside a board section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fold {
    Beside,
    Below,
}

/// Both players' cards in one format: each card's faces (one, or two for
/// a fold-over card), the attackers' card first.
#[derive(Clone, Debug)]
struct Format {
    cards: Vec<Vec<Face>>,
    fold: Fold,
}

impl Format {
    /// The piece each card is cut as: its face, or front and back side by
    /// side or one above the other.
    fn sizes(&self) -> Vec<Size> {
        self.cards
            .iter()
            .map(|faces| {
                let face = faces.first().map_or(POKER, |f| f.size);
                let k = faces.len() as f64;
                match self.fold {
                    Fold::Beside => Size::new(face.w * k, face.h),
                    Fold::Below => Size::new(face.w, face.h * k),
                }
            })
            .collect()
    }
}

/// The card component: the formats that hold every row, preferred first,
/// each measured when the kit is planned and drawn only when laid out.
#[derive(Clone)]
pub struct Cards {
    formats: Vec<Format>,
}

/// Makes the reminder cards, both in the most compact format that holds
/// every row of both.
pub fn make(
    cx: &Context,
    _made: &[Box<dyn Component>],
) -> Result<Option<Box<dyn Component>>, KitError> {
    let cards = Reuse::get_or_try(&cx.reuse.cards, || cards(cx.variant, cx.theme, cx.fonts))?;
    Ok(Some(Box::new(cards)))
}

/// The cards of a kit (see [`make`]).
pub fn cards(variant: &Variant, theme: &Theme, fonts: &FontSet) -> Result<Cards, KitError> {
    let figs = figures::figures(variant, theme)?;
    let mut sides = Vec::new();
    for side in [Side::Attackers, Side::Defenders] {
        let text = rules_text::card_text(variant, theme, side)?;
        let pictures: Vec<Picture> = text
            .rows
            .iter()
            .map(|r| picture(variant, r.rule, &figs))
            .collect();
        let lines = RowLines::new(fonts, &text);
        sides.push((side, text, pictures, lines));
    }
    let mut formats: Vec<Format> = Vec::new();
    let tries = ROW_SIZES.iter().flat_map(|&pt| {
        PIECES
            .iter()
            .map(move |&(size, pic, faces)| (size, pic, faces, pt))
    });
    for (size, pic, max_faces, pt) in tries {
        if formats.len() == MAX_FORMATS {
            break;
        }
        let face = FaceSpec {
            size,
            pic,
            text: pt,
        };
        let cards: Option<Vec<Vec<Face>>> = sides
            .iter_mut()
            .map(|(side, text, pictures, lines)| {
                paginate(*side, text, pictures, lines, face, theme.words())
                    .filter(|faces| faces.len() <= max_faces)
            })
            .collect();
        // The largest pictures and type of each size of piece: a piece
        // already offered is not offered again.
        for fold in [Fold::Beside, Fold::Below] {
            if let Some(format) = cards.clone().map(|cards| Format { cards, fold })
                && !formats.iter().any(|f| f.sizes() == format.sizes())
                && formats.len() < MAX_FORMATS
            {
                formats.push(format);
            }
        }
    }
    if formats.is_empty() {
        return Err(KitError::CardTooLong {
            side: Side::Attackers,
        });
    }
    Ok(Cards { formats })
}

impl Cards {
    /// How many formats the cards are offered in.
    pub fn formats(&self) -> usize {
        self.formats.len()
    }

    /// The faces of format `set`, each card's in order, the attackers'
    /// card first.
    fn faces(&self, set: usize) -> impl Iterator<Item = &Face> {
        self.formats
            .get(set)
            .into_iter()
            .flat_map(|f| f.cards.iter().flatten())
    }

    /// The size of each face of the preferred format, the attackers' first.
    pub fn sizes(&self) -> Vec<Size> {
        self.face_sizes(0)
    }

    /// The size of each face of format `set`, the attackers' first.
    pub fn face_sizes(&self, set: usize) -> Vec<Size> {
        self.faces(set).map(|f| f.size).collect()
    }

    /// The pieces of format `set` as cut out (a fold-over card is one
    /// piece, two faces wide), the attackers' first.
    pub fn piece_sizes(&self, set: usize) -> Vec<Size> {
        self.formats.get(set).map_or_else(Vec::new, Format::sizes)
    }

    /// The rules each face of the preferred format has rows for, with its
    /// side.
    pub fn rows(&self) -> Vec<(Side, Vec<CardRule>)> {
        self.faces(0)
            .map(|f| (f.side, f.rows.iter().map(|r| r.rule).collect()))
            .collect()
    }

    /// Whether each row's picture is an engine-checked figure (`Some`, with
    /// the panel) or an icon (`None`), by side and rule.
    pub fn pictures(&self) -> Vec<(Side, CardRule, Option<&Panel>)> {
        self.faces(0)
            .flat_map(|f| {
                f.rows.iter().map(move |r| {
                    let panel = match &r.picture {
                        Picture::Figure(p) => Some(p),
                        Picture::Icon(_) => None,
                    };
                    (f.side, r.rule, panel)
                })
            })
            .collect()
    }
}

impl Component for Cards {
    fn name(&self) -> &'static str {
        "reminder cards"
    }
    fn room(&self) -> Room {
        Room::Card(self.formats.iter().map(Format::sizes).collect())
    }
    fn layout(&self, cx: &Context, _kit: &Planned, part: Part) -> Result<Frame, KitError> {
        let Part::Rect { set, part } = part else {
            return Err(Failure::internal("a card is a rectangle").into());
        };
        let faces = self
            .formats
            .get(set)
            .and_then(|f| f.cards.get(part))
            .ok_or_else(|| Failure::internal("no such card"))?;
        let fold = self.formats.get(set).map_or(Fold::Beside, |f| f.fold);
        Ok(draw_card(faces, fold, cx.theme, cx.variant))
    }
    fn describe(&self, cx: &Context, _set: usize, share: &Share) -> Vec<String> {
        let cards = share.rects.len();
        if cards == 0 {
            return Vec::new();
        }
        vec![cx.theme.words().say_with(
            Msg::PartReminderCards,
            &Args::new().num("count", cards as i64),
        )]
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The leaflet figures that show each rule, best first.
fn figure_ids(rule: CardRule) -> &'static [&'static str] {
    match rule {
        CardRule::Move => &["movement"],
        CardRule::Capture => &["capture_one"],
        CardRule::KingCapture => &["king_three", "king_four", "king_weak"],
        CardRule::Escape => &["corner_escape", "edge_escape"],
        CardRule::Besieged => &["besieged"],
        CardRule::Encirclement => &["encirclement"],
        CardRule::EdgeFort => &["edge_fort"],
        CardRule::EdgeShieldWall => &["edge_shield_wall"],
        CardRule::Corners => &["corner_squares", "corner_capture"],
        CardRule::Centre => &["centre_square", "king_three", "besieged"],
        CardRule::Repetition => &["no_return", "repetition"],
        CardRule::DrawFort => &["draw_fort"],
        CardRule::Berserker => &["berserker"],
        CardRule::ShieldWall => &["shield_wall"],
        CardRule::NoMove | CardRule::SkilledPlay => &[],
    }
}

/// A row's picture: the first leaflet figure that shows its rule (its
/// first panel, the move and what it takes), else its icon.
fn picture(variant: &Variant, rule: CardRule, figs: &[figures::Figure]) -> Picture {
    let found = figure_ids(rule)
        .iter()
        .find_map(|id| figs.iter().find(|f| f.id == *id))
        .and_then(|f| f.panels.first());
    if let Some(panel) = found {
        let mut panel = panel.clone();
        // Coordinates would be far below 7 pt at a card's scale.
        panel.style.coordinates = false;
        return Picture::Figure(panel);
    }
    Picture::Icon(match rule {
        CardRule::Corners => Icon::Square { centre: false },
        CardRule::Repetition => Icon::Repetition {
            no_return: variant.repetition == Repetition::NoReturn,
        },
        CardRule::DrawFort | CardRule::EdgeFort => Icon::Fort,
        CardRule::Berserker => Icon::Again,
        CardRule::ShieldWall | CardRule::EdgeShieldWall | CardRule::Encirclement => Icon::Wall,
        CardRule::SkilledPlay => Icon::TurnTrack,
        CardRule::NoMove => Icon::NoMove,
        _ => Icon::Square { centre: true },
    })
}

/// The rich text of a row: its title in bold, then its sentences.
fn row_spans(title: &str, markdown: &str) -> Vec<Span> {
    let mut spans = vec![Span::new(format!("{title}. "), FontRole::Bold)];
    for (i, block) in text::markdown_blocks(markdown).into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::new(" ", FontRole::Body));
        }
        spans.extend(block.spans);
    }
    spans
}

/// One side's rows broken into lines, each once per measure and type
/// size: the formats tried share measures (a piece with one face and with
/// two, the same picture on two pieces), and breaking the rows again for
/// each was most of planning the cards.
struct RowLines<'f> {
    fonts: &'f FontSet,
    /// Each row's title and text as spans ([`row_spans`]).
    spans: Vec<Vec<Span>>,
    /// Lines by row, measure and type size (their bits).
    broken: HashMap<(usize, u64, u64), Vec<text::Line>>,
}

impl<'f> RowLines<'f> {
    fn new(fonts: &'f FontSet, text: &CardText) -> RowLines<'f> {
        RowLines {
            fonts,
            spans: text
                .rows
                .iter()
                .map(|r| row_spans(&r.title, &r.markdown))
                .collect(),
            broken: HashMap::new(),
        }
    }

    /// Row `row` broken into lines `width` wide at `size`.
    fn lines(&mut self, row: usize, width: Mm, size: Pt) -> Vec<text::Line> {
        let (fonts, spans) = (self.fonts, &self.spans);
        self.broken
            .entry((row, width.0.to_bits(), size.0.to_bits()))
            .or_insert_with(|| {
                let spans = spans.get(row).map_or(&[][..], Vec::as_slice);
                text::break_lines(fonts, spans, size, width, Mm::ZERO, Mm::ZERO)
            })
            .clone()
    }
}

fn line_height(size: Pt) -> Mm {
    size.to_mm() * LEADING
}

/// What a face is set at: its size, the side of its pictures and its
/// row type size.
#[derive(Clone, Copy, Debug)]
struct FaceSpec {
    size: Size,
    pic: Mm,
    text: Pt,
}

/// Lays one side's rows onto faces of `spec`, or `None` when a single row
/// does not fit a face at all.
fn paginate(
    side: Side,
    text: &CardText,
    pictures: &[Picture],
    rows: &mut RowLines,
    spec: FaceSpec,
    words: &Words,
) -> Option<Vec<Face>> {
    let fonts = rows.fonts;
    let FaceSpec {
        size,
        pic,
        text: row_text,
    } = spec;
    let inner = size.w - PAD * 2.0;
    let text_w = inner - pic - PICTURE_GAP;
    let title_style = draw::style(FontRole::Heading, TITLE, Rgb::BLACK);
    if fonts.width(&title_style, &text.title) > inner {
        return None;
    }
    let head = PAD + fonts.ascent(&title_style) + fonts.descent(&title_style) + Mm(1.0);
    let lead = text::break_lines(
        fonts,
        &[Span::new(text.lead.clone(), FontRole::Italic)],
        LEAD,
        inner,
        Mm::ZERO,
        Mm::ZERO,
    );
    let bottom = size.h - PAD - line_height(NOTE) - Mm(0.5);
    let mut faces: Vec<Face> = Vec::new();
    let new_face = |first: bool| -> (Face, Mm) {
        let lead = if first { lead.clone() } else { Vec::new() };
        let top = head + line_height(LEAD) * lead.len() as f64 + Mm(1.2);
        (
            Face {
                size,
                side,
                picture: pic,
                text: row_text,
                title: text.title.clone(),
                lead,
                rows: Vec::new(),
                note: None,
            },
            top,
        )
    };
    let (mut face, mut y) = new_face(true);
    for (k, (row, picture)) in text.rows.iter().zip(pictures).enumerate() {
        let lines = rows.lines(k, text_w, row_text);
        let height = pic.max(line_height(row_text) * lines.len() as f64);
        if y + height > bottom {
            if face.rows.is_empty() {
                return None;
            }
            faces.push(face);
            (face, y) = new_face(false);
            if y + height > bottom {
                return None;
            }
        }
        face.rows.push(Row {
            rule: row.rule,
            picture: picture.clone(),
            lines,
            top: y,
            height,
        });
        y += height + ROW_GAP;
    }
    faces.push(face);
    let n = faces.len();
    if n > 1 {
        for (i, f) in faces.iter_mut().enumerate() {
            let args = Args::new()
                .num("part", (i + 1) as i64)
                .num("count", n as i64);
            let note = if i + 1 < n {
                Msg::CardContinued
            } else {
                Msg::CardBack
            };
            f.note = Some(words.say_with(note, &args));
        }
    }
    Some(faces)
}

/// Draws a card at its own origin: its face, or (a fold-over card) front
/// and back side by side or one above the other, with a dashed fold line
/// between them. Folded along a line across its width, the back reads
/// upright as printed; folded along a line across its height, it must be
/// printed upside down to read upright.
fn draw_card(faces: &[Face], fold: Fold, theme: &Theme, variant: &Variant) -> Frame {
    let Some(first) = faces.first() else {
        return Frame::new(POKER);
    };
    let face = first.size;
    let k = faces.len() as f64;
    let size = match fold {
        Fold::Beside => Size::new(face.w * k, face.h),
        Fold::Below => Size::new(face.w, face.h * k),
    };
    let mut frame = Frame::new(size);
    for (i, f) in faces.iter().enumerate() {
        let drawn = draw_face(f, theme, variant);
        let (at, turn, fold_from, fold_to) = match fold {
            Fold::Beside => {
                let x = face.w * i as f64;
                let at = Point::new(x, Mm::ZERO);
                (at, Turn::None, at, Point::new(x, face.h))
            }
            Fold::Below => {
                let y = face.h * i as f64;
                let at = Point::new(Mm::ZERO, y);
                let turn = if i % 2 == 1 { Turn::Half } else { Turn::None };
                (at, turn, at, Point::new(face.w, y))
            }
        };
        frame.push(drawn.placed(at, turn));
        if i > 0 {
            frame.push(draw::line(fold_from, fold_to, draw::fold_line()));
        }
    }
    frame.push(draw::stroked(
        draw::rect_path(frame.rect()),
        draw::cut_line(),
    ));
    frame
}

/// Draws a measured face at its own origin, without its cut line (a
/// fold-over card is cut round both faces at once).
fn draw_face(face: &Face, theme: &Theme, variant: &Variant) -> Frame {
    let c = &theme.colours;
    let fonts = &theme.fonts;
    let size = face.size;
    let inner = size.w - PAD * 2.0;
    let mut frame = Frame::new(size);
    let outline = frame.rect();
    frame.push(draw::filled(draw::rect_path(outline), Rgb::WHITE));
    frame.push(draw::stroked(
        draw::rect_path(outline.inset(PAD / 2.0)),
        draw::pen(c.accent, Mm(0.35)),
    ));
    let title_style = draw::style(FontRole::Heading, TITLE, c.accent);
    let title = capitalise(&face.title);
    let tw = fonts.width(&title_style, &title);
    frame.push(draw::text(
        &title,
        title_style,
        Point::new((size.w - tw) / 2.0, PAD + fonts.ascent(&title_style)),
    ));
    let mut y = PAD + fonts.ascent(&title_style) + fonts.descent(&title_style) + Mm(1.0);
    if !face.lead.is_empty() {
        let mut style = text::ParagraphStyle::new(LEAD, c.text, LEADING);
        style.align = text::Align::Centre;
        let first = y + fonts.ascent(&draw::style(FontRole::Italic, LEAD, c.text));
        frame.extend(text::place_lines(&face.lead, &style, PAD, inner, first));
        y += line_height(LEAD) * face.lead.len() as f64;
    }
    let _ = y;
    let text_x = PAD + face.picture + PICTURE_GAP;
    let text_w = inner - face.picture - PICTURE_GAP;
    let row_style = text::ParagraphStyle::new(face.text, c.text, LEADING);
    let ascent = fonts.ascent(&draw::style(FontRole::Body, face.text, c.text));
    for row in &face.rows {
        let text_h = line_height(face.text) * row.lines.len() as f64;
        // The text and the picture share the row's middle.
        let text_top = row.top + (row.height - text_h) / 2.0;
        let mut items =
            text::place_lines(&row.lines, &row_style, text_x, text_w, text_top + ascent);
        // Titles in the accent colour, like the leaflet's headings.
        for item in &mut items {
            if let Item::Text(t) = item
                && t.style.font == FontRole::Bold
            {
                t.style.color = c.accent;
            }
        }
        frame.extend(items);
        let pic_rect = Rect::new(
            PAD,
            row.top + (row.height - face.picture) / 2.0,
            face.picture,
            face.picture,
        );
        frame.extend(draw_picture(&row.picture, pic_rect, theme, variant));
    }
    if let Some(note) = &face.note {
        let style = draw::style(FontRole::Italic, NOTE, c.text);
        let w = fonts.width(&style, note);
        frame.push(draw::text(
            note,
            style,
            Point::new((size.w - w) / 2.0, size.h - PAD - fonts.descent(&style)),
        ));
    }
    frame
}

fn draw_picture(picture: &Picture, rect: Rect, theme: &Theme, variant: &Variant) -> Vec<Item> {
    match picture {
        Picture::Figure(p) => diagram::draw_styled(&p.board, &p.marks, &p.style, rect, theme),
        Picture::Icon(icon) => draw_icon(*icon, rect, theme, variant),
    }
}

/// An icon, drawn in the theme's colours inside `rect`.
fn draw_icon(icon: Icon, rect: Rect, theme: &Theme, variant: &Variant) -> Vec<Item> {
    let c = &theme.colours;
    let centre = Point::new(rect.x + rect.w / 2.0, rect.y + rect.h / 2.0);
    let r = rect.w * 0.36;
    let pen = draw::round_pen(c.accent, rect.w * 0.06);
    match icon {
        Icon::Square { centre: at_centre } => {
            // A 3 × 3 patch of the board as it is: round the centre
            // square (the king on it, where he starts there), or in the
            // a1 corner.
            let n = variant.size;
            let mut board = vec![vec![None; 3]; 3];
            let origin = if at_centre && n >= 3 {
                let mid = n / 2;
                board[1][1] = variant.setup[mid][mid];
                ((mid - 1) as u8, (mid - 1) as u8)
            } else {
                (0, 0)
            };
            let style = DiagramStyle::window(variant, origin, 3.min(n), 3.min(n));
            let style = DiagramStyle {
                coordinates: false,
                ..style
            };
            diagram::draw_styled(&board, &[], &style, rect, theme)
        }
        Icon::Repetition { no_return } => {
            let mut items = arc_arrow(centre, r, c.accent, rect.w * 0.06);
            if no_return {
                items.push(draw::stroked(
                    vec![
                        PathCmd::MoveTo(centre.offset(-r * 0.55, -r * 0.55)),
                        PathCmd::LineTo(centre.offset(r * 0.55, r * 0.55)),
                    ],
                    pen.clone(),
                ));
            } else {
                let style = draw::style(FontRole::Bold, Pt(9.0), c.accent);
                items.push(draw::text_centred(&theme.fonts, "3", style, centre));
            }
            items
        }
        Icon::NoMove => vec![
            draw::stroked(draw::circle_path(centre, r), pen.clone()),
            draw::stroked(
                vec![
                    PathCmd::MoveTo(centre.offset(-r * 0.7, r * 0.7)),
                    PathCmd::LineTo(centre.offset(r * 0.7, -r * 0.7)),
                ],
                pen,
            ),
        ],
        Icon::Fort => {
            let mut items = Vec::new();
            let small = rect.w * 0.09;
            for i in 0..8 {
                let a = std::f64::consts::TAU * i as f64 / 8.0;
                let p = centre.offset(r * 0.85 * a.cos(), r * 0.85 * a.sin());
                items.push(draw::filled_stroked(
                    draw::circle_path(p, small),
                    c.defender_fill,
                    draw::pen(c.defender_ink, small * 0.3),
                ));
            }
            items.push(draw::filled_stroked(
                draw::circle_path(centre, small * 1.4),
                c.king_fill,
                draw::pen(c.king_ink, small * 0.3),
            ));
            items
        }
        Icon::Again => {
            let a = rect.w * 0.3;
            let p0 = centre.offset(-a, a);
            let p1 = centre.offset(a * 0.1, a);
            let p2 = centre.offset(a * 0.1, -a * 0.2);
            let p3 = centre.offset(a, -a * 0.2);
            let mut items = vec![draw::stroked(
                vec![
                    PathCmd::MoveTo(p0),
                    PathCmd::LineTo(p1),
                    PathCmd::LineTo(p2),
                    PathCmd::LineTo(p3),
                ],
                pen,
            )];
            items.push(arrow_head(p2, p3, rect.w * 0.12, c.accent));
            items.push(arrow_head(p0, p1, rect.w * 0.12, c.accent));
            items
        }
        Icon::Wall => {
            let mut items = Vec::new();
            let small = rect.w * 0.08;
            let step = small * 2.4;
            for i in -1i32..=1 {
                for j in -1i32..=1 {
                    let p = centre.offset(step * i as f64, step * j as f64);
                    // Two of one side in the middle row, shut in by the
                    // other side all round.
                    let (fill, ink) = if j == 0 && i > -1 {
                        (c.defender_fill, c.defender_ink)
                    } else {
                        (c.attacker_fill, c.attacker_ink)
                    };
                    items.push(draw::filled_stroked(
                        draw::circle_path(p, small),
                        fill,
                        draw::pen(ink, small * 0.3),
                    ));
                }
            }
            items
        }
        Icon::TurnTrack => {
            let n = 5;
            let w = rect.w * 0.9 / n as f64;
            let x0 = rect.x + rect.w * 0.05;
            let mut items = Vec::new();
            for i in 0..n {
                let sq = Rect::new(x0 + w * i as f64, centre.y - w / 2.0, w, w);
                items.push(draw::stroked(
                    draw::rect_path(sq),
                    draw::pen(c.grid, Mm(0.25)),
                ));
                if i == 2 {
                    items.push(draw::filled(
                        draw::circle_path(sq.center(), w * 0.32),
                        c.accent,
                    ));
                }
            }
            items
        }
    }
}

/// Three quarters of a circle with an arrow head at its end.
fn arc_arrow(centre: Point, r: Mm, colour: Rgb, width: Mm) -> Vec<Item> {
    let steps = 18;
    let start = 0.3f64;
    let sweep = std::f64::consts::TAU * 0.78;
    let at = |t: f64| {
        let a = start + sweep * t;
        centre.offset(r * a.cos(), r * a.sin())
    };
    let mut cmds = vec![PathCmd::MoveTo(at(0.0))];
    cmds.extend((1..=steps).map(|i| PathCmd::LineTo(at(i as f64 / steps as f64))));
    let end = at(1.0);
    let before = at(1.0 - 1.0 / steps as f64);
    vec![
        draw::stroked(cmds, draw::round_pen(colour, width)),
        arrow_head(before, end, width * 2.2, colour),
    ]
}

/// A filled arrow head at `to`, pointing away from `from`.
fn arrow_head(from: Point, to: Point, size: Mm, colour: Rgb) -> Item {
    let (dx, dy) = ((to.x - from.x).0, (to.y - from.y).0);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let s = size.0;
    let back = Point::new(Mm(to.x.0 - ux * s), Mm(to.y.0 - uy * s));
    let left = Point::new(Mm(back.x.0 - uy * s * 0.55), Mm(back.y.0 + ux * s * 0.55));
    let right = Point::new(Mm(back.x.0 + uy * s * 0.55), Mm(back.y.0 - ux * s * 0.55));
    draw::filled(draw::polygon(&[to, left, right]), colour)
}
