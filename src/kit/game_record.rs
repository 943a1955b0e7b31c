//! A recorded game printed as sheets of diagrams (`taflkit record`): the
//! start and then the position every N turns, each diagram followed by
//! the moves that lead to the next one in a small table headed with the
//! theme's names for the sides, written in the kit's record-sheet
//! notation (`e1-e4`, `x` after a capture). The first sheet is headed by
//! the event, the players and the result, from the record's tags.
//!
//! One component, laid out side by side into frames like the kit's own
//! ([`Room::Sides`]); [`document`] prints it on its own.

use crate::kit::cards::capitalise;
use crate::kit::component::{Component, Context, Part, Planned, Room, Stock};
use crate::kit::diagram::{self, Mark};
use crate::kit::error::KitError;
use crate::kit::puzzle_page::board_style;
use crate::kit::record_sheet::heading_name;
use crate::layout::draw;
use crate::layout::frame::Frame;
use crate::layout::frame::Turn;
use crate::layout::paper::Paper;
use crate::layout::text::{Align, set_line};
use crate::layout::{Document, FontRole, Item, TextStyle};
use crate::rules::record::Record;
use crate::rules::record::replay::{Ending, Replayed};
use crate::rules::{GameResult, Side, Variant, WinReason};
use crate::theme::{Noun, Theme};
use crate::units::{Mm, Point, Pt, Rect, Size};
use crate::words::{Args, Msg};

/// Type sizes: the heading, the lines under it, captions and tables.
const TITLE: Pt = Pt(16.0);
const BODY: Pt = Pt(10.0);
const SMALL: Pt = Pt(8.0);
/// One row of a move table.
const ROW: Mm = Mm(4.2);
/// Room between cells, across and down.
const GAP: Mm = Mm(8.0);
/// Most diagrams across a sheet.
const COLUMNS: usize = 2;
/// Tallest diagram: two to a row leave room for their tables.
const DIAGRAM_MAX: Mm = Mm(64.0);
/// Turns between diagrams, at most: a table of more would not fit a cell.
pub const MAX_EVERY: u32 = 20;

/// One diagram and the moves after it.
#[derive(Clone, Debug)]
pub struct Cell {
    /// The turn the diagram stands after; `None` for the start.
    pub after: Option<u32>,
    pub board: Vec<Vec<Option<crate::rules::Piece>>>,
    pub marks: Vec<Mark>,
    /// The turns after it, each its number and its moves in move order.
    pub turns: Vec<(u32, Vec<String>)>,
}

/// The printed game.
pub struct GameRecord {
    variant: Variant,
    paper: Paper,
    /// Header lines from the tags: the title, the facts under it, and the
    /// players by side.
    title: String,
    facts: String,
    players: Vec<(Side, String)>,
    ending: Ending,
    first: Side,
    cells: Vec<Cell>,
}

/// A tag's value as printed: one line, no control characters, bounded.
fn printed(s: &str) -> String {
    let line = s.split_whitespace().collect::<Vec<_>>().join(" ");
    crate::diagnostics::cut(&crate::diagnostics::escape_controls(&line), 90).into_owned()
}

/// The diagrams of a game: the start, after every `every` turns, and the
/// end.
pub fn cells(game: &Replayed, every: u32) -> Vec<Cell> {
    let every = every.max(1);
    let mut out: Vec<Cell> = vec![Cell {
        after: None,
        board: game.boards[0].clone(),
        marks: Vec::new(),
        turns: Vec::new(),
    }];
    for (i, p) in game.plies.iter().enumerate() {
        let cell = out.last_mut().expect("the start is a cell");
        match cell.turns.last_mut() {
            Some((t, moves)) if *t == p.turn => moves.push(notation(p)),
            _ => cell.turns.push((p.turn, vec![notation(p)])),
        }
        let turn_ends = game.plies.get(i + 1).is_none_or(|n| n.turn != p.turn);
        if turn_ends && (p.turn % every == 0 || i + 1 == game.plies.len()) {
            let sq = |s: crate::rules::Square| (s.file, s.rank);
            let mut marks = vec![Mark::Arrow {
                from: sq(p.mv.from),
                to: sq(p.mv.to),
            }];
            marks.extend(p.captured.iter().map(|&c| Mark::Captured(sq(c))));
            out.push(Cell {
                after: Some(p.turn),
                board: game.boards[i + 1].clone(),
                marks,
                turns: Vec::new(),
            });
        }
    }
    out
}

/// A move in the record sheet's notation: `e1-e4`, `x` after a capture.
pub fn notation(p: &crate::rules::record::replay::Ply) -> String {
    let x = if p.captured.is_empty() { "" } else { "x" };
    format!("{}{x}", p.mv)
}

impl GameRecord {
    pub fn new(
        variant: &Variant,
        paper: Paper,
        record: &Record,
        game: &Replayed,
        every: u32,
    ) -> GameRecord {
        let tag = |n: &str| {
            record
                .tag(n)
                .map(|t| printed(&t.value))
                .filter(|v| !v.is_empty())
        };
        let title = tag("event").unwrap_or_else(|| variant.name.clone());
        let mut facts: Vec<String> = Vec::new();
        if tag("event").is_some() {
            facts.push(variant.name.clone());
        }
        facts.extend(["round", "site", "date"].iter().filter_map(|n| tag(n)));
        let order = [game.first, game.first.opponent()];
        let players = order
            .iter()
            .filter_map(|&s| tag(s.id()).map(|p| (s, p)))
            .collect();
        GameRecord {
            variant: variant.clone(),
            paper,
            title,
            facts: facts.join(" · "),
            players,
            ending: game.ending,
            first: game.first,
            cells: cells(game, every),
        }
    }

    /// The printed diagrams, in order.
    pub fn diagrams(&self) -> &[Cell] {
        &self.cells
    }

    fn room(&self) -> Rect {
        Paper::printable(self.paper.size()).inset(Mm(8.0))
    }

    /// Cell size: two across, the diagram and a table of the longest run.
    fn cell_size(&self) -> (Size, Mm) {
        let room = self.room();
        let w = (room.w - GAP * (COLUMNS as f64 - 1.0)) / COLUMNS as f64;
        let d = (w * 0.8).min(DIAGRAM_MAX);
        let rows = self.cells.iter().map(|c| c.turns.len()).max().unwrap_or(0);
        let table = if rows == 0 {
            Mm(0.0)
        } else {
            ROW * (rows as f64 + 1.0)
        };
        (Size::new(w, Mm(6.0) + d + Mm(3.0) + table), d)
    }

    /// Height of the first sheet's header.
    fn header_height(&self) -> Mm {
        Mm(12.0) + Mm(6.0) * (1.0 + self.players.len() as f64 + 1.0) + Mm(4.0)
    }

    /// Which cells go on each side: rows of two, the first side under the
    /// header.
    fn sheets(&self) -> Vec<std::ops::Range<usize>> {
        let room = self.room();
        let (cell, _) = self.cell_size();
        let rows_in = |h: Mm| (((h + GAP) / (cell.h + GAP)).floor() as usize).max(1);
        let mut out = Vec::new();
        let mut start = 0;
        let mut h = room.h - self.header_height();
        while start < self.cells.len() {
            let n = (rows_in(h) * COLUMNS).min(self.cells.len() - start);
            out.push(start..start + n);
            start += n;
            h = room.h;
        }
        out
    }

    /// Lays out printed side `side`.
    pub fn side(&self, side: usize, theme: &Theme) -> Frame {
        let room = self.room();
        let mut frame = Frame::new(self.paper.size());
        let mut y = room.y;
        if side == 0 {
            y = self.header(&mut frame, theme);
        }
        let (cell, d) = self.cell_size();
        let range = self.sheets().get(side).cloned().unwrap_or(0..0);
        for (k, i) in range.enumerate() {
            let x = room.x + (cell.w + GAP) * (k % COLUMNS) as f64;
            let top = y + (cell.h + GAP) * (k / COLUMNS) as f64;
            frame.extend(self.cell(&self.cells[i], Rect::new(x, top, cell.w, cell.h), d, theme));
        }
        frame
    }

    /// The heading, the facts, the players and the result; returns where
    /// the diagrams start.
    fn header(&self, frame: &mut Frame, theme: &Theme) -> Mm {
        let room = self.room();
        let fonts = &theme.fonts;
        let words = theme.words();
        let c = &theme.colours;
        let centre = room.x + room.w / 2.0;
        let style = |font, size, color| TextStyle { font, size, color };
        let title = style(FontRole::Heading, TITLE, c.accent);
        let mut y = room.y + fonts.ascent(&title);
        frame.push(set_line(
            fonts,
            &self.title,
            title,
            Align::Centre,
            centre,
            y,
        ));
        y += Mm(7.0);
        let body = style(FontRole::Body, BODY, c.text);
        let mut lines = vec![(self.facts.clone(), FontRole::Italic)];
        for (s, name) in &self.players {
            let args = Args::new()
                .text("side", heading_name(side_name(theme, *s)))
                .text("name", name.clone());
            lines.push((words.say_with(Msg::GamePlayer, &args), FontRole::Body));
        }
        lines.push((self.result_line(theme), FontRole::Bold));
        for (text, font) in lines {
            if !text.is_empty() {
                let s = TextStyle { font, ..body };
                frame.push(set_line(fonts, &text, s, Align::Centre, centre, y));
            }
            y += Mm(6.0);
        }
        let _ = y;
        room.y + self.header_height()
    }

    /// The result in the kit's words.
    fn result_line(&self, theme: &Theme) -> String {
        let words = theme.words();
        let side = |s: Side| capitalise(&words.the_many(side_name(theme, s)));
        let won = |s: Side, how: &str| {
            words.say_with(
                Msg::GameWon,
                &Args::new()
                    .text("side", side(s))
                    .text("king", words.the(&theme.names.king))
                    .text("how", how.to_string()),
            )
        };
        match self.ending {
            Ending::Rules(GameResult::Win { winner, reason }) => won(
                winner,
                match reason {
                    WinReason::KingCaptured => "captured",
                    WinReason::KingEscaped => "escaped",
                    WinReason::Encircled => "encircled",
                    _ => "other",
                },
            ),
            Ending::Conceded(w) => won(w, "resigned"),
            Ending::Rules(GameResult::Draw { .. }) | Ending::AgreedDraw => {
                words.say(Msg::GameDrawn)
            }
            Ending::Rules(GameResult::Ongoing) | Ending::Unfinished => {
                words.say(Msg::GameUnfinished)
            }
        }
    }

    /// One cell: caption, diagram, moves table.
    fn cell(&self, cell: &Cell, at: Rect, d: Mm, theme: &Theme) -> Vec<Item> {
        let fonts = &theme.fonts;
        let words = theme.words();
        let c = &theme.colours;
        let bold = TextStyle {
            font: FontRole::Bold,
            size: SMALL,
            color: c.text,
        };
        let plain = TextStyle {
            font: FontRole::Body,
            ..bold
        };
        let caption = match cell.after {
            None => words.say(Msg::GameStart),
            Some(n) => words.say_with(Msg::GameAfter, &Args::new().num("number", n)),
        };
        let mid = at.x + at.w / 2.0;
        let mut items = vec![set_line(
            fonts,
            &caption,
            bold,
            Align::Centre,
            mid,
            at.y + Mm(4.0),
        )];
        let board = Rect::new(at.x, at.y + Mm(6.0), at.w, d);
        items.extend(diagram::draw_styled(
            &cell.board,
            &cell.marks,
            &board_style(&self.variant),
            board,
            theme,
        ));
        if cell.turns.is_empty() {
            return items;
        }
        // The table: number, then the sides in move order.
        let top = board.bottom() + Mm(3.0);
        let number_w = Mm(9.0);
        let col_w = (at.w - number_w) / 2.0;
        let order = [self.first, self.first.opponent()];
        for (k, s) in order.iter().enumerate() {
            let x = at.x + number_w + col_w * (k as f64 + 0.5);
            let name = heading_name(side_name(theme, *s));
            items.push(set_line(
                fonts,
                &name,
                bold,
                Align::Centre,
                x,
                top + ROW * 0.75,
            ));
        }
        let rule = draw::pen(c.grid, Mm(0.2));
        for (r, (turn, moves)) in cell.turns.iter().enumerate() {
            let base = top + ROW * (r as f64 + 1.75);
            let line_y = top + ROW * (r as f64 + 1.0);
            items.push(draw::line(
                Point::new(at.x, line_y),
                Point::new(at.right(), line_y),
                rule.clone(),
            ));
            items.push(set_line(
                fonts,
                &format!("{turn}."),
                plain,
                Align::Right,
                at.x + number_w - Mm(1.5),
                base,
            ));
            for (k, m) in moves.iter().enumerate().take(2) {
                let x = at.x + number_w + col_w * (k as f64 + 0.5);
                items.push(set_line(fonts, m, plain, Align::Centre, x, base));
            }
        }
        items
    }

    /// The whole game as a document of its own.
    pub fn document(&self, theme: &Theme) -> Document {
        let pages = (0..self.sheets().len())
            .map(|i| crate::layout::Page {
                size: self.paper.size(),
                label: format!("Game record {}", i + 1),
                items: vec![
                    self.side(i, theme)
                        .placed(Point::new(Mm(0.0), Mm(0.0)), Turn::None),
                ],
            })
            .collect();
        Document {
            title: self.title.clone(),
            subject: self.variant.name.clone(),
            lang: theme.lang.code().to_string(),
            fonts: theme.fonts.clone(),
            pages,
            duplex: None,
        }
    }
}

/// A side's name in the theme.
fn side_name(theme: &Theme, s: Side) -> &Noun {
    match s {
        Side::Attackers => &theme.names.attackers,
        Side::Defenders => &theme.names.defenders,
    }
}

impl Component for GameRecord {
    fn name(&self) -> &'static str {
        "game record"
    }
    fn room(&self) -> Room {
        Room::Sides {
            stock: Stock::Paper,
            size: self.paper.size(),
            double_sided: false,
            labels: (0..self.sheets().len())
                .map(|i| format!("Game record {}", i + 1))
                .collect(),
        }
    }
    fn layout(&self, cx: &Context, _kit: &Planned, part: Part) -> Result<Frame, KitError> {
        match part {
            Part::Side(i) => Ok(self.side(i, cx.theme)),
            _ => Ok(Frame::new(self.paper.size())),
        }
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
