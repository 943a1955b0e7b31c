//! The puzzles page: positions from games the computer played against
//! itself in which the side to move forces a win in 2 or 3 moves, with
//! one winning first move, each drawn as a whole board (the theme's
//! pieces, coordinates) and captioned in the theme's words; the answers
//! are printed upside down at the foot of the page.
//!
//! The puzzles are found when the kit is made, with a fixed seed for the
//! variant and a fixed amount of work (node counts, not time), so the
//! same kit has the same puzzles on any machine. Found puzzles are kept
//! in memory for the rest of the run (a test building many kits looks
//! once per variant) and in the user's cache folder for later runs
//! ([`puzzle_cache`], which proves an entry before using it). Each is
//! then proven again from what the page shows ([`printed`]): the pieces
//! the diagram places, the side its caption names and the variant's rules
//! with its options, by [`proof::prove`]; one that does not hold is
//! dropped, and the answer printed is that proof's line.

use std::sync::Arc;

use crate::kit::cards::capitalise;
use crate::kit::component::{Component, Context, Part, Planned, Room};
use crate::kit::diagram::{self, DiagramStyle};
use crate::kit::error::KitError;
use crate::kit::leaflet_page::{self, BODY, SMALL};
use crate::kit::memo::Memo;
use crate::kit::puzzle_cache;
use crate::layout::frame::Frame;
use crate::layout::paper::Paper;
use crate::layout::text::Span;
use crate::layout::{FontRole, Group, Item, Transform};
use crate::rules::notation::write_rows;
use crate::rules::proof::{Reply, Step, Win};
use crate::rules::puzzles::{self, Effort, Puzzle};
use crate::rules::solver::Action;
use crate::rules::{Game, Piece, Side, Variant};
use crate::theme::Theme;
use crate::units::{Mm, Rect};
use crate::words::{Args, Msg, Words};

/// Puzzles on a page of a big board (and of a small one whose six would
/// not stay legible).
const FEWEST: usize = 4;

/// Puzzles on the page: more of the smaller boards.
fn wanted(size: usize) -> usize {
    if size <= 9 { 6 } else { FEWEST }
}

/// The puzzles component.
pub struct PuzzlePage {
    puzzles: Arc<Vec<Puzzle>>,
    paper: Paper,
}

/// Finds the kit's puzzles; no component when the games gave none.
pub fn make(
    cx: &Context,
    _made: &[Box<dyn Component>],
) -> Result<Option<Box<dyn Component>>, KitError> {
    let found = kit_puzzles(cx.variant);
    if found.is_empty() {
        return Ok(None);
    }
    let mut page = PuzzlePage {
        puzzles: found,
        paper: cx.options.paper,
    };
    // Six to a page only while every diagram keeps legible squares (a
    // caption that wraps in the theme's words takes room from them).
    let small = |p: &PuzzlePage| {
        p.views(cx.variant, cx.theme)
            .is_ok_and(|vs| vs.iter().any(|v| v.square < MIN_SQUARE))
    };
    if page.puzzles.len() > FEWEST && small(&page) {
        page.puzzles = Arc::new(puzzles::mix::mixed_first(&page.puzzles, FEWEST));
    }
    // Nor is a puzzle printed whose answer spreads wider than a legible
    // window (on big boards the finder looks for none: `kit_effort`), or
    // whose window hides a piece its answer rests on. Fewer puzzles give
    // the others bigger cells, so other windows: again until all hold.
    let mut held = Held::default();
    loop {
        let views = page.views(cx.variant, cx.theme)?;
        let shown = page.puzzles.iter().zip(&views);
        let shown: Vec<Puzzle> = shown
            .filter(|(p, v)| v.square >= MIN_SQUARE && held.holds(cx.variant, p, v))
            .map(|(p, _)| p.clone())
            .collect();
        if shown.len() == page.puzzles.len() {
            break;
        }
        page.puzzles = Arc::new(shown);
    }
    if page.puzzles.is_empty() {
        return Ok(None);
    }
    Ok(Some(Box::new(page)))
}

/// Whether the page prints the puzzle's position: the board the diagram
/// draws, read back with the side its caption names under `variant`'s
/// rules, is the very position the puzzle was proven from
/// ([`puzzles::proven`], by the finder or the cache, the one check), so
/// the proof holds for what the reader sees. A puzzle that fails is
/// dropped, never printed.
pub fn printed(variant: &Variant, p: &Puzzle) -> bool {
    Game::from_diagram(variant, &write_rows(&p.game.board()), p.to_move()).is_ok_and(|drawn| {
        drawn.board() == p.game.board()
            && drawn.to_move() == p.to_move()
            && drawn.search_key() == p.game.search_key()
    })
}

/// The position a reader copies from a puzzle's diagram: the squares it
/// draws where it draws them, every square outside a window empty (no
/// reader can see them), the side its caption names.
pub fn as_drawn(variant: &Variant, p: &Puzzle, view: &View) -> Option<Game> {
    let n = variant.size;
    let k = view.board.len();
    let mut rows = vec![vec![None; n]; n];
    for (r, row) in view.board.iter().enumerate() {
        // The window's top row is its highest rank.
        let rank = view.origin.1 as usize + (k - 1 - r);
        for (f, square) in row.iter().enumerate() {
            rows[n - 1 - rank][view.origin.0 as usize + f] = *square;
        }
    }
    Game::from_diagram(variant, &write_rows(&rows), p.to_move()).ok()
}

/// Whether a puzzle drawn as `view` holds for a reader: a whole board is
/// the puzzle's own position ([`printed`]); from a window, the position
/// [`as_drawn`] must prove the same win with the same answer (a piece the
/// window cuts off may be the one that stops a quicker win). The proof
/// tries the answer's first move first ([`puzzles::proven_trying`]): every
/// shorter win is still refuted move by move, and the answer must win
/// however the loser replies, but the other first moves need no
/// refuting, which on Sea Battle 15 was 1 s of every build (a win in 3
/// from its window: 4.8 million positions).
fn holds_as_drawn(variant: &Variant, p: &Puzzle, view: &View) -> bool {
    let first = p.proof.first.actions.first().copied();
    view.style.is_whole()
        || as_drawn(variant, p, view).is_some_and(|g| {
            puzzles::proven_trying(&g, p.moves, first)
                .is_ok_and(|q| q.proof.main_line() == p.proof.main_line())
        })
}

/// What [`holds_as_drawn`] answered while a page is fitted: a puzzle
/// whose window comes out the same when the page is laid out again holds
/// the same, and proving a big board's win in 3 again takes seconds.
#[derive(Default)]
struct Held(Vec<(View, Win, bool)>);

impl Held {
    fn holds(&mut self, variant: &Variant, p: &Puzzle, view: &View) -> bool {
        let same = |(v, w, _): &&(View, Win, bool)| {
            (&v.board, v.origin) == (&view.board, view.origin) && *w == p.proof
        };
        if let Some((_, _, h)) = self.0.iter().find(same) {
            return *h;
        }
        let h = holds_as_drawn(variant, p, view);
        self.0.push((view.clone(), p.proof.clone(), h));
        h
    }
}

/// The answer's steps for the template: each of the winner's turns and
/// the loser's reply after it (`None`: the end), in the notation
/// `taflkit solve` reads (`pass` ends a berserker turn).
pub fn answer_steps(p: &Puzzle) -> Vec<Step<String>> {
    steps(&p.proof)
}

/// A proof's main line as answer steps in the notation (`pass`): what
/// `taflkit solve` prints.
pub fn steps(w: &Win) -> Vec<Step<String>> {
    line_steps(&w.main_line(), &Action::Pass.to_string())
}

/// A main line ([`Win::main_line`]) as answer steps, a pass written as
/// `pass` says.
fn line_steps(line: &[Step], pass: &str) -> Vec<Step<String>> {
    let say = |a: &Action| match a {
        Action::Move(m) => m.to_string(),
        Action::Pass => pass.to_string(),
    };
    let join = |actions: &Vec<Action>| actions.iter().map(say).collect::<Vec<_>>().join(" ");
    line.iter()
        .map(|s| Step {
            turn: join(&s.turn),
            reply: s.reply.as_ref().map(|r| r.map(join)),
        })
        .collect()
}

/// A main line as a page prints it in `words`' language: squares as
/// written (`e1-e4`), the language's word for a pass that ends a
/// berserker turn, its words for "any reply" and for a reply given as an
/// example, and its brackets round each reply.
pub fn line_in(line: &[Step], words: &Words) -> String {
    let steps = line_steps(line, &words.say(Msg::TurnPass));
    answer_text(&steps, |reply| {
        let reply = match reply {
            Reply::Any => words.say(Msg::PuzzleAnyReply),
            Reply::Best(r) => r.clone(),
            Reply::Example(r) => words.say_with(
                Msg::PuzzleExampleReply,
                &Args::new().text("reply", r.clone()),
            ),
        };
        words.say_with(Msg::PuzzleReply, &Args::new().text("reply", reply))
    })
}

/// The printed answer of a puzzle: the winner's turns, set off by commas,
/// each but the last followed by the loser's reply as `said` words it
/// ("(e7-e6)", "(any reply)", "(for instance e7-e6)"), so a reader tells
/// the moves that count from the replies at a glance.
pub fn answer_text(steps: &[Step<String>], said: impl Fn(&Reply<String>) -> String) -> String {
    let mut out = String::new();
    for (k, step) in steps.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        out.push_str(&step.turn);
        if let Some(reply) = step.reply.as_ref().filter(|_| k + 1 < steps.len()) {
            out.push(' ');
            out.push_str(&said(reply));
        }
    }
    out
}

/// The printed answer of a puzzle, in the theme's language.
pub fn answer(theme: &Theme, p: &Puzzle) -> String {
    line_in(&p.proof.main_line(), theme.words())
}

/// The variant's puzzles as printed, found once per run: from the memo,
/// else from the cache folder (proven again), else by the search, whose
/// result the cache keeps for the next run; then each proven from what
/// its page shows ([`printed`]). Two kits of one variant built at once
/// (a batch) wait for one search rather than run two, and the kits after
/// the first reuse the proofs too.
fn kit_puzzles(variant: &Variant) -> Arc<Vec<Puzzle>> {
    static FOUND: Memo<puzzle_cache::Key, Vec<Puzzle>> = Memo::new();
    let (count, seed) = (wanted(variant.size), seed(variant));
    // Everything that decides the games: the variant's rules and layout.
    let key = puzzle_cache::Key::new(variant, count, seed, &kit_effort(variant.size));
    FOUND.get_or_make(key.clone(), || {
        cached_or_found(variant, &key, count, seed)
            .into_iter()
            .filter(|p| printed(variant, p))
            .collect()
    })
}

/// The puzzles from the cache folder when an entry there proves, else
/// searched for and written there (a folder that cannot be written only
/// costs the search next time).
fn cached_or_found(
    variant: &Variant,
    key: &puzzle_cache::Key,
    count: usize,
    seed: u64,
) -> Vec<Puzzle> {
    let folder = puzzle_cache::active();
    if let Some(found) = folder.and_then(|f| puzzle_cache::load(f, key, variant).ok()) {
        return found;
    }
    let found = puzzles::find(variant, count, seed, &kit_effort(variant.size));
    if let Some(f) = folder {
        let _ = puzzle_cache::store(f, key, &found);
    }
    found
}

/// The widest answer (with the king) a puzzle of a board bigger than the
/// built-in ones may have: a window of that many squares keeps squares of
/// at least [`MIN_SQUARE`] in a cell of a page of four (measured on the
/// smallest paper; `puzzle_proofs` checks the example 19×19 kit).
const LEGIBLE_SPAN: usize = 15;

/// The kit's puzzle search, bounded for the board: every position costs
/// about its number of squares (move generation, the no-move and
/// encirclement tests), so past the built-in boards (at most 15×15) the
/// node budgets shrink with the area, as if on 11×11, and a 25×25 variant
/// builds within seconds like the others (issue 26); and its puzzles'
/// answers must fit a legible window.
fn kit_effort(size: usize) -> Effort {
    // Past 13×13 a win in 3 takes more than the second look's nodes (on
    // 2026-11-27 sixteen looks found none on Sea Battle 15, at four times
    // its search; on Sea Battle 13 they found one in 12 games).
    const DEEP_UP_TO: usize = 13;
    let deep = size <= DEEP_UP_TO;
    let kit = Effort {
        deep_tries: if deep { Effort::KIT.deep_tries } else { 0 },
        ..Effort::KIT
    };
    if deep {
        return kit;
    }
    if size <= puzzles::LARGEST_BUILT_IN {
        return big_board_threats(kit);
    }
    let scale = |n: u64| (n * 121 / (size * size) as u64).max(1);
    Effort {
        scan_nodes: scale(Effort::KIT.scan_nodes),
        player_nodes: scale(Effort::KIT.player_nodes),
        max_span: Some(LEGIBLE_SPAN),
        // Games enough for puzzles whose answers fit that window.
        max_games: 3 * Effort::KIT.max_games,
        // Nor threat looks: a 19×19 game takes seconds.
        threat_looks: 0,
        ..kit
    }
}

/// The threat looks of a board past 13×13 up to the built-ins' (Sea
/// Battle 15). On 2026-11-28 its own games' 64 late positions gave no
/// win in 3 with one answer (many had two forcing moves: a king that may
/// stop on either of two squares of its line), so more games are played
/// for the looks; and proving the one answer of such a win takes the
/// solver 6 000 to 153 000 nodes (the 9 in 150 games, measured with
/// 1 000 000), more than 60 000.
fn big_board_threats(kit: Effort) -> Effort {
    Effort {
        threat_nodes: 200_000,
        threat_games: 40,
        ..kit
    }
}

/// A fixed seed for a variant: FNV-1a of its id, then of each option
/// switched on (`+berserker`), so Tafel with an option plays other games
/// than plain Tafel, and a variant without options keeps its seed.
pub fn seed(variant: &Variant) -> u64 {
    use super::puzzle_cache::{FNV_START, fnv};
    let on = variant.options.iter().filter(|o| o.enabled);
    on.fold(fnv(variant.id.as_bytes(), FNV_START), |h, o| {
        fnv(format!("+{}", o.id).as_bytes(), h)
    })
}

impl PuzzlePage {
    /// A page of these puzzles, as given (a kit's page is [`make`]'s: its
    /// puzzles found, proven and fitted to the page).
    pub fn new(puzzles: Vec<Puzzle>, paper: Paper) -> PuzzlePage {
        PuzzlePage {
            puzzles: Arc::new(puzzles),
            paper,
        }
    }

    /// The puzzles printed.
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// How each puzzle is drawn on the page (the whole board or a window,
    /// and its square), in the order printed.
    pub fn views(&self, variant: &Variant, theme: &Theme) -> Result<Vec<View>, KitError> {
        let (_, drawn) = laid_out(&self.puzzles, variant, theme, self.paper)?;
        Ok(drawn.into_iter().map(|(view, _)| view).collect())
    }
}

/// "the defenders" in the theme's words.
fn side_words(theme: &Theme, side: Side) -> String {
    theme.words().the_many(match side {
        Side::Attackers => &theme.names.attackers,
        Side::Defenders => &theme.names.defenders,
    })
}

/// "1. The defenders to move win in 2."
pub fn caption(k: usize, p: &Puzzle, theme: &Theme) -> String {
    theme.words().say_with(
        Msg::PuzzleCaption,
        &Args::new()
            .num("number", k as i64)
            .text("side", capitalise(&side_words(theme, p.to_move())))
            .num("moves", p.moves as i64),
    )
}

impl Component for PuzzlePage {
    fn name(&self) -> &'static str {
        "puzzles"
    }
    fn room(&self) -> Room {
        Room::LeafletPages(1)
    }
    fn printed_name(&self) -> Msg {
        Msg::PartPuzzles
    }
    fn layout(&self, cx: &Context, _kit: &Planned, _part: Part) -> Result<Frame, KitError> {
        page(&self.puzzles, cx.variant, cx.theme, self.paper)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

fn page(
    found: &[Puzzle],
    variant: &Variant,
    theme: &Theme,
    paper: Paper,
) -> Result<Frame, KitError> {
    let (mut frame, drawn) = laid_out(found, variant, theme, paper)?;
    for (view, cell) in drawn {
        frame.extend(diagram::draw_styled(
            &view.board,
            &[],
            &view.style,
            cell,
            theme,
        ));
    }
    Ok(frame)
}

/// The page's words and each puzzle's view with the cell it is drawn in.
/// When a diagram shows only part of its board, the intro says the squares
/// left out are empty (a reader cannot know it otherwise, and the proofs
/// take them so: [`as_drawn`]); that sentence takes room, so the views
/// are found again with it.
fn laid_out(
    found: &[Puzzle],
    variant: &Variant,
    theme: &Theme,
    paper: Paper,
) -> Result<(Frame, Vec<(View, Rect)>), KitError> {
    let lay = |window_note: bool| -> Result<(Frame, Vec<(View, Rect)>), KitError> {
        let (frame, cells) = page_text(found, theme, paper, window_note)?;
        let views = found.iter().zip(cells);
        let drawn = views.map(|(p, cell)| (view(variant, p, cell, theme), cell));
        Ok((frame, drawn.collect()))
    };
    let plain = lay(false)?;
    if plain.1.iter().all(|(v, _)| v.style.is_whole()) {
        return Ok(plain);
    }
    lay(true)
}

/// The page's words (title, captions, answers) and the cell each
/// puzzle's diagram is drawn in; `window_note`: the intro says that a
/// board drawn in part has nothing on the squares left out.
fn page_text(
    found: &[Puzzle],
    theme: &Theme,
    paper: Paper,
    window_note: bool,
) -> Result<(Frame, Vec<Rect>), KitError> {
    let fonts = &theme.fonts;
    let room = leaflet_page::room(paper);
    let mut frame = Frame::new(leaflet_page::size(paper));
    let words = theme.words();
    let (title, mut y) =
        leaflet_page::heading(&words.say(Msg::PuzzlesTitle), room, room.y, theme, fonts);
    frame.push(title);
    y += room.y;
    let mut intro = words.say(Msg::PuzzlesIntro);
    if window_note {
        intro = format!("{intro} {}", words.say(Msg::PuzzlesWindow));
    }
    let (items, h) = leaflet_page::paragraph(
        &[Span::new(intro, FontRole::Body)],
        BODY,
        room.x,
        y,
        room.w,
        theme,
        fonts,
    );
    frame.extend(items);
    y += h + Mm(3.0);

    // The answers first, so the boards get the room left between.
    let (answer_items, answer_h) = answers(found, theme, room.w)?;
    let answers_top = room.bottom() - answer_h;
    // Half a turn about the block's own centre.
    frame.push(Item::Group(Group::new(
        Transform::translate(room.x + room.w, answers_top + answer_h)
            .then(Transform::rotate(180.0)),
        answer_items,
    )));

    // A lone puzzle gets the page's width: a big board then shows whole.
    let cols = found.len().clamp(1, 2);
    let rows = found.len().div_ceil(cols).max(1);
    let gap = Mm(6.0);
    let grid_h = answers_top - Mm(4.0) - y;
    let cell_w = (room.w - gap * (cols as f64 - 1.0)) / cols as f64;
    let cell_h = (grid_h - gap * (rows as f64 - 1.0)) / rows as f64;
    let cell_at = |k: usize| {
        let (c, r) = (k % cols, k / cols);
        let x = room.x + (cell_w + gap) * c as f64;
        (x, y + (cell_h + gap) * r as f64)
    };
    // Captions set first: a caption that wraps (longer in some languages)
    // pushes every board down by the same amount, never over its board.
    let captions: Vec<(Vec<Item>, Mm)> = (0..found.len())
        .map(|k| {
            let (x, top) = cell_at(k);
            leaflet_page::paragraph(
                &[Span::new(
                    caption(k + 1, &found[k], theme),
                    FontRole::Italic,
                )],
                SMALL,
                x,
                top,
                cell_w,
                theme,
                fonts,
            )
        })
        .collect();
    let tallest = captions.iter().map(|(_, h)| *h).fold(Mm(0.0), Mm::max);
    let caption_h = tallest + SMALL.to_mm() * 0.6;
    let mut cells = Vec::new();
    for (k, (cap, _)) in captions.into_iter().enumerate() {
        let (x, top) = cell_at(k);
        frame.extend(cap);
        // No taller than wide: a board is about square, and in a taller
        // cell it would float down, away from its caption.
        let h = (cell_h - caption_h).min(cell_w);
        cells.push(Rect::new(x, top + caption_h, cell_w, h));
    }
    Ok((frame, cells))
}

/// The answers block, at the origin, `width` wide: a heading, then the
/// answers in two columns, each its own paragraph, so that a line never
/// breaks inside a move (the hyphen of e3-e5 is a break opportunity).
fn answers(found: &[Puzzle], theme: &Theme, width: Mm) -> Result<(Vec<Item>, Mm), KitError> {
    let fonts = &theme.fonts;
    let (mut items, mut y) = leaflet_page::paragraph(
        &[Span::new(
            theme.words().say(Msg::PuzzlesAnswers),
            FontRole::Bold,
        )],
        SMALL,
        Mm::ZERO,
        Mm::ZERO,
        width,
        theme,
        fonts,
    );
    let cols = 2;
    let gap = Mm(4.0);
    let col_w = (width - gap) / cols as f64;
    for row in found.chunks(cols).enumerate().map(|(r, ps)| (r * cols, ps)) {
        let (first, ps) = row;
        let mut row_h = Mm::ZERO;
        for (c, p) in ps.iter().enumerate() {
            let text = format!("{}. {}.", first + c + 1, answer(theme, p));
            let x = (col_w + gap) * c as f64;
            let (cell, h) = leaflet_page::paragraph(
                &[Span::new(text, FontRole::Body)],
                SMALL,
                x,
                y,
                col_w,
                theme,
                fonts,
            );
            items.extend(cell);
            row_h = row_h.max(h);
        }
        y += row_h;
    }
    Ok((items, y))
}

/// A whole board with its coordinates, as the leaflet's figures draw it.
pub fn board_style(variant: &Variant) -> DiagramStyle {
    DiagramStyle::whole(variant)
}

/// The smallest square a puzzle's diagram is drawn with: pieces and
/// coordinates stay legible on big boards (15×15 to 25×25).
pub const MIN_SQUARE: Mm = Mm(4.0);

/// How a puzzle is drawn in its cell.
#[derive(Clone, Debug)]
pub struct View {
    pub style: DiagramStyle,
    /// The squares drawn (the window's), top row first.
    pub board: Vec<Vec<Option<Piece>>>,
    /// The side of a square as drawn.
    pub square: Mm,
    /// The (file, rank) of the drawn squares' lower left corner on the
    /// board: (0, 0) for the whole board.
    pub origin: (u8, u8),
}

/// The whole board when its squares come out at least [`MIN_SQUARE`] in
/// `cell`; else the largest square window of the board that does, over
/// the squares the answer plays on and the king, its cut sides drawn
/// open and its real edges heavy (as the leaflet's figures show a part
/// of the board). An answer spread wider than that window widens it.
pub fn view(variant: &Variant, p: &Puzzle, cell: Rect, theme: &Theme) -> View {
    let n = variant.size;
    let square = |style: &DiagramStyle, k: usize| diagram::board_rect(style, k, k, cell, theme).0;
    let whole = board_style(variant);
    if square(&whole, n) >= MIN_SQUARE {
        return View {
            square: square(&whole, n),
            board: p.game.board(),
            style: whole,
            origin: (0, 0),
        };
    }
    let (lo, hi) = p.extent();
    let need = p.span();
    // Centred on the answer's squares, within the board.
    let place = |k: usize, a: u8, b: u8| {
        let span = (b - a) as usize + 1;
        (a as usize)
            .saturating_sub(k.saturating_sub(span) / 2)
            .min(n - k) as u8
    };
    let window = |k: usize| {
        let origin = (place(k, lo.0, hi.0), place(k, lo.1, hi.1));
        (origin, DiagramStyle::window(variant, origin, k, k))
    };
    // The largest window whose squares stay legible where it stands (its
    // cut sides take other room than the board's edges).
    let k = (need.min(n)..n)
        .rev()
        .find(|&k| square(&window(k).1, k) >= MIN_SQUARE)
        .unwrap_or(need.min(n));
    let (origin, style) = window(k);
    let full = p.game.board();
    let board = (0..k)
        .rev()
        .map(|r| {
            (0..k)
                .map(|f| full[n - 1 - (origin.1 as usize + r)][origin.0 as usize + f])
                .collect()
        })
        .collect();
    View {
        square: square(&style, k),
        board,
        style,
        origin,
    }
}
