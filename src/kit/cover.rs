//! The cover page: title, the theme's story, assembly instructions written
//! from the actual page plan, an assembly map of the board sections, the
//! kit's settings and the print-scale check.

use crate::error::Failure;
use crate::kit::board::{Board, Cells, Seam, Sections, seams, section_label};
use crate::kit::cards::capitalise;
use crate::kit::component::{Component, Context, Part, Planned, Room, Stock};
use crate::kit::error::KitError;
use crate::kit::jobs::{Job, JobKind, jobs};
use crate::kit::leaflet::{Leaflet, impose};
use crate::kit::plan::{Plan, Sizes};
use crate::kit::rules_text;
use crate::kit::stickers::Stickers;
use crate::kit::turn_track;
use crate::kit::{KitOptions, SheetCounts};
use crate::layout::draw;
use crate::layout::frame::Frame;
use crate::layout::paper::Paper;
use crate::layout::text::{self, BlockKind, FontSet, Span};
use crate::layout::{Duplex, FontRole, Item, Rgb, TextStyle};
use crate::rules::{Side, Variant};
use crate::theme::{PieceShape, Theme};
use crate::units::{Mm, Point, Pt, Rect, Size};
use crate::words::{Args, Msg, Words};

/// The cover as a kit component: one side of paper, first in the kit. It
/// is laid out last of all, from the whole plan.
pub struct Cover {
    paper: Paper,
}

/// Makes the cover.
pub fn make(
    cx: &Context,
    _made: &[Box<dyn Component>],
) -> Result<Option<Box<dyn Component>>, KitError> {
    Ok(Some(Box::new(Cover {
        paper: cx.options.paper,
    })))
}

impl Component for Cover {
    fn name(&self) -> &'static str {
        "cover"
    }
    fn room(&self) -> Room {
        Room::Sides {
            stock: Stock::Paper,
            size: self.paper.size(),
            double_sided: false,
            labels: vec!["cover".into()],
        }
    }
    fn layout(&self, cx: &Context, kit: &Planned, _part: Part) -> Result<Frame, KitError> {
        let facts = Facts::read(cx, kit)?;
        cover(cx.variant, cx.theme, cx.options, &facts, cx.fonts)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// What the cover says about the kit, read from the plan.
struct Facts {
    sizes: Sizes,
    mono: bool,
    board: Board,
    tiling: Vec<Cells>,
    seams: Vec<Seam>,
    numbers: PageNumbers,
    sheets: SheetCounts,
    /// What each card sheet carries, in the components' words.
    contents: Vec<String>,
    jobs: Vec<Job>,
    /// Where the puzzles and the record sheet are.
    extras: Option<String>,
    /// Why they are not, when the leaflet had no room.
    left_out: Option<String>,
}

impl Facts {
    fn read(cx: &Context, kit: &Planned) -> Result<Facts, KitError> {
        let plan: &Plan = kit.plan;
        let (bi, sections) = kit
            .find::<Sections>()
            .ok_or_else(|| Failure::internal("a kit without a board"))?;
        let tiling = sections.tiling(plan.sets[bi]).to_vec();
        let words = cx.theme.words();
        let contents = (0..plan.card_sheets())
            .map(|sheet| {
                let parts: Vec<String> = kit
                    .components
                    .iter()
                    .enumerate()
                    .flat_map(|(ci, c)| c.describe(cx, plan.sets[ci], &plan.share(ci, sheet)))
                    .collect();
                match parts.len() {
                    0 => words.say(Msg::CoverSheetNothing),
                    _ => words.list(&parts),
                }
            })
            .collect();
        let numbers = PageNumbers {
            cards: plan.card_pages().unwrap_or((2, 1)),
            stickers: kit.find::<Stickers>().and_then(|(i, _)| plan.pages_of(i)),
            leaflet: kit.find::<Leaflet>().and_then(|(i, _)| plan.pages_of(i)),
        };
        Ok(Facts {
            sizes: plan.sizes,
            mono: cx.options.mono,
            board: sections.board,
            seams: seams(&tiling),
            tiling,
            numbers,
            sheets: SheetCounts {
                card: plan.sheets_of(Stock::Card),
                paper: plan.sheets_of(Stock::Paper),
                sticker: plan.sheets_of(Stock::StickerPaper),
            },
            contents,
            jobs: jobs(plan),
            extras: kit
                .find::<Leaflet>()
                .and_then(|(_, l)| extras_phrase(l, words)),
            left_out: kit
                .find::<Leaflet>()
                .and_then(|(_, l)| left_out_phrase(l, words)),
        })
    }
}

/// Where the leaflet prints the pages it hosts ("puzzles on page 6; game
/// record sheet on pages 7 and 8"); `None` when there are none.
fn extras_phrase(leaflet: &Leaflet, words: &Words) -> Option<String> {
    let parts: Vec<String> = leaflet
        .hosted()
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let msg = if i == 0 {
                Msg::CoverExtraFirst
            } else {
                Msg::CoverExtraNext
            };
            let pages = pages_phrase((h.first, h.first + h.pages - 1), words);
            // Copies of the record sheet on pages otherwise blank are
            // counted, so "pages 8 to 11" reads as four sheets, not one.
            let what = if h.printed == Msg::PartRecordSheet {
                words.say_with(
                    Msg::PartRecordSheets,
                    &Args::new().num("count", h.pages as i64),
                )
            } else {
                words.say(h.printed)
            };
            let args = Args::new().text("what", what).text("pages", pages);
            words.say_with(msg, &args)
        })
        .collect();
    (!parts.is_empty()).then(|| capitalise(&join_semicolons(&parts, words)))
}

/// What the rules left no leaflet page for, said as the kit would: which
/// pages did not fit, and that one more leaflet sheet holds them.
fn left_out_phrase(leaflet: &Leaflet, words: &Words) -> Option<String> {
    let out = leaflet.left_out();
    let which = match (
        out.contains(&Msg::PartPuzzles),
        out.contains(&Msg::PartRecordSheet),
    ) {
        (false, false) => return None,
        (true, false) => "puzzles",
        (false, true) => "record",
        (true, true) => "both",
    };
    Some(words.say_with(Msg::CoverExtrasLeftOut, &Args::new().text("which", which)))
}

/// "a; b; c" as the language joins clauses.
fn join_semicolons(parts: &[String], words: &Words) -> String {
    parts
        .iter()
        .cloned()
        .reduce(|init, last| {
            words.say_with(
                Msg::ListSemicolon,
                &Args::new().text("init", init).text("last", last),
            )
        })
        .unwrap_or_default()
}

/// Which pages (first, last; 1-based) hold the card sheets, the sticker
/// sheets and the leaflet.
#[derive(Clone, Copy, Debug)]
struct PageNumbers {
    cards: (usize, usize),
    stickers: Option<(usize, usize)>,
    leaflet: Option<(usize, usize)>,
}

/// "page 2", "pages 2 and 3", "pages 2 to 4".
fn pages_phrase(range: (usize, usize), words: &Words) -> String {
    let args = Args::new()
        .num("span", (range.1 - range.0) as i64)
        .num("first", range.0 as i64)
        .num("last", range.1 as i64);
    words.say_with(Msg::CoverPages, &args)
}

/// The numbered assembly steps, generated from the plan.
fn instructions(theme: &Theme, options: &KitOptions, plan: &Facts) -> Vec<String> {
    let words = theme.words();
    let numbers = &plan.numbers;
    let mut steps = vec![
        words.say(Msg::CoverStepScale),
        jobs_step(&plan.jobs, options.duplex, words),
    ];
    let cards = numbers.cards;
    let per_sheet: Vec<String> = plan
        .contents
        .iter()
        .enumerate()
        .map(|(s, what)| {
            let args = Args::new()
                .num("page", (cards.0 + s) as i64)
                .text("what", what.clone());
            words.say_with(Msg::CoverPageHas, &args)
        })
        .collect();
    steps.push(
        words.say_with(
            Msg::CoverStepCard,
            &Args::new()
                .text("pages", pages_phrase(cards, words))
                .num("count", (cards.1 + 1 - cards.0) as i64)
                .text("contents", capitalise(&join_semicolons(&per_sheet, words))),
        ),
    );
    steps.push(words.say(Msg::CoverStepLaminate));
    // How the pieces on the card are cut follows their shape; sticker
    // pieces are not on the card at all (their own step says how to cut
    // them).
    let cut = words.say(match (numbers.stickers, plan.sizes.shape) {
        (Some(_), _) => Msg::CoverCutStickers,
        (None, PieceShape::Square) => Msg::CoverCutSquare,
        (None, PieceShape::Disc) => Msg::CoverCutDisc,
        (None, PieceShape::Shield) => Msg::CoverCutShield,
    });
    steps.push(words.say_with(Msg::CoverStepCut, &Args::new().text("cut", cut)));
    if plan.tiling.len() > 1 {
        steps.push(words.say_with(
            Msg::CoverStepSections,
            &Args::new().num("count", plan.tiling.len() as i64),
        ));
    }
    if let Some(stickers) = numbers.stickers {
        steps.push(
            words.say_with(
                Msg::CoverStepStickers,
                &Args::new()
                    .text("pages", pages_phrase(stickers, words))
                    .text("king-mm", fmt_mm(plan.sizes.king, words))
                    .text("king", words.the(&theme.names.king))
                    .text("piece-mm", fmt_mm(plan.sizes.piece, words)),
            ),
        );
    }
    if let Some(leaflet) = numbers.leaflet {
        let mut step = leaflet_step(leaflet, words);
        if let Some(note) = &plan.left_out {
            step = format!("{step} {note}");
        }
        steps.push(step);
    }
    steps
}

/// How to check and fold the leaflet on pages `leaflet` (the jobs step
/// has already said how to print it).
fn leaflet_step(leaflet: (usize, usize), words: &Words) -> String {
    let sheets = (leaflet.1 + 1 - leaflet.0).div_ceil(2);
    let fold = if sheets == 1 {
        words.say(Msg::CoverFoldOne)
    } else {
        let mark = impose::flip_mark(impose::Face::Outside, Some(1), words);
        words.say_with(Msg::CoverFoldMany, &Args::new().text("mark", mark))
    };
    words.say_with(
        Msg::CoverStepLeaflet,
        &Args::new()
            .text("pages", pages_phrase(leaflet, words))
            .text("fold", fold),
    )
}

/// The print jobs, each with its pages, stock and sidedness: printers
/// keep one setting per job, so card must not inherit the leaflet's
/// double-sided setting.
fn jobs_step(jobs: &[Job], duplex: Duplex, words: &Words) -> String {
    let list: Vec<String> = jobs
        .iter()
        .map(|j| {
            let sided = words.say(match (j.double_sided, duplex) {
                (true, Duplex::LongEdge) => Msg::CoverJobLong,
                (true, Duplex::ShortEdge) => Msg::CoverJobShort,
                (false, _) => Msg::CoverJobOneSided,
            });
            // "page 2 (the card sheet)", "pages 2 to 4 (the card sheets)".
            let sheets = Args::new().num("count", (j.pages.1 + 1 - j.pages.0) as i64);
            let what = words.say_with(
                match j.kind {
                    JobKind::Cover => Msg::CoverJobCover,
                    JobKind::Card => Msg::CoverJobCard,
                    JobKind::Stickers => Msg::CoverJobStickers,
                    JobKind::Leaflet => Msg::CoverJobLeaflet,
                },
                &sheets,
            );
            let args = Args::new()
                .text("pages", pages_phrase(j.pages, words))
                .text("what", what)
                .text("stock", words.say(j.stock.msg()))
                .text("sided", sided);
            words.say_with(Msg::CoverJob, &args)
        })
        .collect();
    words.say_with(
        Msg::CoverStepJobs,
        &Args::new()
            .num("count", jobs.len() as i64)
            .text("jobs", join_semicolons(&list, words)),
    )
}

/// The settings the kit was made with, as label and value.
fn settings(
    variant: &Variant,
    theme: &Theme,
    options: &KitOptions,
    plan: &Facts,
) -> Vec<(String, String)> {
    let words = theme.words();
    let say = |m: Msg| words.say(m);
    let mm = |m: Mm| fmt_mm(m, words);
    let shape = say(match plan.sizes.shape {
        PieceShape::Disc => Msg::ShapeDiscs,
        PieceShape::Shield => Msg::ShapeShields,
        PieceShape::Square => Msg::ShapeSquares,
    });
    let enabled: Vec<String> = variant
        .options
        .iter()
        .filter(|o| o.enabled)
        .map(|o| rules_text::option_name(o.rule, theme.lang))
        .collect();
    let paper = say(match options.paper {
        Paper::A4 => Msg::PaperA4,
        Paper::Letter => Msg::PaperLetter,
        Paper::A3 => Msg::PaperA3,
        Paper::Tabloid => Msg::PaperTabloid,
    });
    let mut v = vec![
        (say(Msg::SettingVariant), variant.name.clone()),
        (say(Msg::SettingFirstMove), first_move(variant, theme)),
        (say(Msg::SettingTheme), theme.name.clone()),
        (say(Msg::SettingPaper), paper),
        (
            say(Msg::SettingSquares),
            words.say_with(
                Msg::SettingSquaresValue,
                &Args::new()
                    .text("square", mm(plan.sizes.square))
                    .text("across", words.decimal(plan.board.size().w.0, 0)),
            ),
        ),
        (
            say(Msg::SettingPieces),
            words.say_with(
                Msg::SettingPiecesValue,
                &Args::new()
                    .text("shape", shape)
                    .text("king", theme.names.king.one.clone())
                    .text("king-mm", mm(plan.sizes.king))
                    .text("piece-mm", mm(plan.sizes.piece)),
            ),
        ),
        (
            say(Msg::SettingDuplex),
            say(match options.duplex {
                Duplex::LongEdge => Msg::SettingDuplexLong,
                Duplex::ShortEdge => Msg::SettingDuplexShort,
            }),
        ),
        (
            say(Msg::SettingPrinter),
            say(if plan.mono {
                Msg::SettingPrinterMono
            } else {
                Msg::SettingPrinterColour
            }),
        ),
    ];
    // The wooden discs the round pieces (or their stickers) go on, in the
    // standard diameters the pieces are cut to (`plan::STANDARD_DISCS`);
    // shields and square tokens fit no disc, so they get no row.
    if plan.sizes.shape == PieceShape::Disc {
        let (attackers, defenders, kings) = variant.piece_counts();
        let others = attackers + defenders + 2 * options.spares as usize;
        let discs = if plan.sizes.king == plan.sizes.piece {
            let args = Args::new()
                .num("count", (kings + others) as i64)
                .text("mm", mm(plan.sizes.king));
            words.say_with(Msg::SettingDiscsOne, &args)
        } else {
            let args = Args::new()
                .num("kings", kings as i64)
                .text("king-mm", mm(plan.sizes.king))
                .num("others", others as i64)
                .text("piece-mm", mm(plan.sizes.piece));
            words.say_with(Msg::SettingDiscsTwo, &args)
        };
        v.push((say(Msg::SettingDiscs), discs));
    }
    // Under skilled play the players bid for the sides: that, and who
    // bids first, beside the first move it decides (the rules say who
    // plays which side once the bidding ends).
    if variant.turn_limit().is_some() {
        v.insert(2, (say(Msg::SettingSides), say(Msg::SettingSidesBid)));
    }
    if variant.turn_limit().is_some() {
        let args = Args::new().text("mm", mm(turn_track::marker_size(plan.sizes.square)));
        v.push((
            say(Msg::SettingTurnMarker),
            words.say_with(Msg::SettingTurnMarkerValue, &args),
        ));
    }
    if options.spares > 0 {
        let args = Args::new().num("count", options.spares as i64);
        v.push((
            say(Msg::SettingSpares),
            words.say_with(Msg::SettingSparesValue, &args),
        ));
    }
    if !enabled.is_empty() {
        v.push((say(Msg::SettingOptions), enabled.join(", ")));
    }
    if let Some(e) = &plan.extras {
        v.push((say(Msg::SettingExtras), e.clone()));
    }
    v
}

/// A settings value as printed in `room`: broken between words onto as
/// many lines as it needs (a list of where the puzzles and record sheets
/// are can be long, in German longer), a word too long for a line of its
/// own cut short with "…".
fn value_lines(value: &str, room: Mm, style: &TextStyle, fonts: &FontSet) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in value.split(' ') {
        match lines.last_mut() {
            Some(line) if fonts.width(style, &format!("{line} {word}")) <= room => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    for line in &mut lines {
        while fonts.width(style, line) > room && line.chars().count() > 4 {
            let keep = line.chars().count() - 2;
            *line = line.chars().take(keep).collect::<String>() + "…";
        }
    }
    lines
}

/// Who moves first as the rules in force say (skilled play hands the
/// first move to the defenders), so the cover never repeats a default an
/// option has changed.
fn first_move(variant: &Variant, theme: &Theme) -> String {
    let words = theme.words();
    let first = variant.first_to_move();
    let first_side = capitalise(&words.the_many(match first {
        Side::Attackers => &theme.names.attackers,
        Side::Defenders => &theme.names.defenders,
    }));
    let because: Vec<String> = variant
        .enabled_rules()
        .filter(|r| r.defenders_first() && first != variant.first)
        .map(|r| rules_text::option_name(r, theme.lang))
        .collect();
    if because.is_empty() {
        first_side
    } else {
        let args = Args::new()
            .text("side", first_side)
            .text("because", because.join(", "));
        words.say_with(Msg::SettingFirstBecause, &args)
    }
}

/// Millimetres as the cover prints them: whole, or to a tenth, with the
/// language's decimal sign.
fn fmt_mm(m: Mm, words: &Words) -> String {
    if (m.0 - m.0.round()).abs() < 1e-9 {
        words.decimal(m.0.round(), 0)
    } else {
        words.decimal(m.0, 1)
    }
}

/// The assembly map: the board's outline with each section labelled.
fn assembly_map(plan: &Facts, rect: Rect, theme: &Theme, fonts: &FontSet) -> Vec<Item> {
    let c = &theme.colours;
    let n = plan.board.n as f64;
    let k = rect.w.min(rect.h) / n;
    let mut items = Vec::new();
    let label = draw::style(FontRole::Bold, Pt(9.0), c.text);
    let seam = draw::style(FontRole::Label, Pt(7.0), c.accent);
    for (i, s) in plan.tiling.iter().enumerate() {
        let r = Rect::new(
            rect.x + k * s.col as f64,
            rect.y + k * s.row as f64,
            k * s.cols as f64,
            k * s.rows as f64,
        );
        items.push(draw::filled_stroked(
            draw::rect_path(r),
            if i % 2 == 0 {
                c.square_light
            } else {
                c.special
            },
            draw::pen(c.grid, Mm(0.3)),
        ));
        // A board in one piece needs no label (the heading says so): its
        // squares show the reader it is the board.
        if plan.tiling.len() == 1 {
            let n = plan.board.n;
            items.push(draw::stroked(
                draw::grid_path(r, n, n),
                draw::pen(c.grid, Mm(0.15)),
            ));
        } else {
            items.push(draw::text_centred(
                fonts,
                &section_label(i, plan.tiling.len()),
                label,
                r.center(),
            ));
        }
    }
    for m in &plan.seams {
        let mid = (m.from + m.to) as f64 / 2.0;
        let at = if m.vertical {
            Point::new(rect.x + k * m.at as f64, rect.y + k * mid)
        } else {
            Point::new(rect.x + k * mid, rect.y + k * m.at as f64)
        };
        let w = fonts.width(&seam, &m.label) + Mm(1.6);
        let h = Mm(3.4);
        items.push(draw::filled(
            draw::rect_path(Rect::new(at.x - w / 2.0, at.y - h / 2.0, w, h)),
            Rgb::WHITE,
        ));
        items.push(draw::text_centred(fonts, &m.label, seam, at));
    }
    items
}

/// The scale check: a 50 mm bar and a 1 inch square, labelled.
fn scale_check(at: Point, theme: &Theme, fonts: &FontSet) -> (Vec<Item>, Size) {
    let words = theme.words();
    let c = &theme.colours;
    let st = draw::style(FontRole::Body, Pt(8.0), c.text);
    let mut items = Vec::new();
    let bar = Rect::new(at.x, at.y + Mm(5.0), Mm(50.0), Mm(3.0));
    items.push(draw::filled(draw::rect_path(bar), Rgb::BLACK));
    for i in 0..=5 {
        let x = bar.x + Mm(10.0 * i as f64);
        items.push(draw::line(
            Point::new(x, bar.y - Mm(1.5)),
            Point::new(x, bar.bottom() + Mm(1.5)),
            draw::pen(Rgb::BLACK, Mm(0.25)),
        ));
    }
    items.push(draw::text(
        &words.say(Msg::CoverScaleBar),
        st,
        Point::new(at.x, at.y + Mm(2.2)),
    ));
    let inch = Mm::from_inches(1.0);
    let sq = Rect::new(at.x + Mm(58.0), at.y + Mm(1.0), inch, inch);
    items.push(draw::stroked(
        draw::rect_path(sq),
        draw::pen(Rgb::BLACK, Mm(0.25)),
    ));
    items.push(draw::text_centred(
        fonts,
        &words.say(Msg::CoverScaleInch),
        st,
        sq.center(),
    ));
    (items, Size::new(Mm(58.0) + inch, inch + Mm(1.0)))
}

/// Sets Markdown blocks into a column; returns the items and the height.
/// Setting stops once the column passes `bottom` (the caller then tries a
/// smaller size), so a story far too long costs no more than a full page.
fn set_markdown(
    md_blocks: &[text::Block],
    fonts: &FontSet,
    size: Pt,
    color: Rgb,
    width: Mm,
    at: Point,
    bottom: Mm,
) -> (Vec<Item>, Mm) {
    let mut items = Vec::new();
    let mut y = at.y;
    for b in md_blocks {
        if y > bottom {
            break;
        }
        let (spans, indent): (Vec<Span>, Mm) = match b.kind {
            BlockKind::Heading(_) => (
                b.spans
                    .iter()
                    .map(|s| Span::new(s.text.clone(), FontRole::Bold))
                    .collect(),
                Mm::ZERO,
            ),
            BlockKind::ListItem(_) => (b.spans.clone(), Mm(4.0)),
            BlockKind::Paragraph => (b.spans.clone(), Mm::ZERO),
        };
        if let BlockKind::ListItem(num) = b.kind {
            let marker = match num {
                Some(n) => format!("{n}."),
                None => "•".into(),
            };
            let st = draw::style(FontRole::Body, size, color);
            items.push(draw::text(
                &marker,
                st,
                Point::new(at.x, y + fonts.ascent(&st)),
            ));
        }
        let style = text::ParagraphStyle::new(size, color, 1.3);
        // One line more than the room holds shows it does not fit.
        let room_lines = ((bottom - y).0.max(0.0) / style.line_height().0).ceil() as usize + 1;
        let set = text::set_paragraph_upto(
            fonts,
            &spans,
            &style,
            width - indent,
            Point::new(at.x + indent, y),
            room_lines,
        );
        items.extend(set.items);
        // Half the type size between blocks.
        y += set.height + size.to_mm() / 2.0;
    }
    (items, y - at.y)
}

/// Lays out the cover, the size of the paper.
fn cover(
    variant: &Variant,
    theme: &Theme,
    options: &KitOptions,
    plan: &Facts,
    fonts: &FontSet,
) -> Result<Frame, KitError> {
    let page = options.paper.size();
    let area = Paper::printable(page);
    let c = &theme.colours;
    let sheets = plan.sheets;
    let steps = instructions(theme, options, plan);
    let story = text::markdown_blocks(&rules_text::story_markdown(variant, theme)?);
    let words = theme.words();
    let count_line = words.say_with(
        Msg::CoverSheets,
        &Args::new()
            .num("card", sheets.card as i64)
            .num("paper", sheets.paper as i64)
            .num("sticker", sheets.sticker as i64),
    );
    let steps_md: String = steps
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}. {}\n", i + 1, s))
        .collect();
    let step_blocks = text::markdown_blocks(&steps_md);
    let settings = settings(variant, theme, options, plan);

    // The foot: map, settings and scale check, a fixed band.
    let band_h = Mm(92.0);
    let band_top = area.bottom() - band_h;

    // The largest body size (never under 7 pt) whose text leaves the
    // theme's art room above the foot; when no size does, the largest
    // whose text fits, without the art.
    let mut without_art = None;
    for body in [10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0].map(Pt) {
        let mut items = Vec::new();
        let mut y = area.y;
        let title = draw::style(FontRole::Heading, Pt(22.0), c.accent);
        let mut title_text = rules_text::title(variant, theme);
        let mut tsize = Pt(22.0);
        while fonts.width(
            &draw::style(FontRole::Heading, tsize, c.accent),
            &title_text,
        ) > area.w
            && tsize.0 > 10.0
        {
            tsize -= Pt(1.0);
        }
        let title = draw::style(title.font, tsize, title.color);
        if fonts.width(&title, &title_text) > area.w {
            title_text = variant.id.clone();
        }
        items.push(draw::text(
            &title_text,
            title,
            Point::new(area.x, y + fonts.ascent(&title)),
        ));
        y += fonts.ascent(&title) + fonts.descent(&title) + Mm(1.0);
        let sub = draw::style(FontRole::Italic, Pt(11.0), c.text);
        let sub_text = match rules_text::edition(variant, theme) {
            Some(e) => words.say_with(Msg::CoverSubtitleEdition, &Args::new().text("edition", e)),
            None => words.say(Msg::CoverSubtitle),
        };
        items.push(draw::text(
            &sub_text,
            sub,
            Point::new(
                area.x + fonts.left_overhang(&sub, &sub_text),
                y + fonts.ascent(&sub),
            ),
        ));
        y += fonts.ascent(&sub) + fonts.descent(&sub) + Mm(2.0);
        items.push(rule(area, y, c.accent));
        y += Mm(3.0);
        let column = |blocks: &[text::Block], y: Mm| {
            set_markdown(
                blocks,
                fonts,
                body,
                c.text,
                area.w,
                Point::new(area.x, y),
                band_top,
            )
        };
        let (st, h) = column(&story, y);
        items.extend(st);
        y += h + Mm(2.0);
        let head = draw::style(FontRole::Heading, body + Pt(3.0), c.accent);
        items.push(draw::text(
            &theme.words().say(Msg::CoverMaking),
            head,
            Point::new(area.x, y + fonts.ascent(&head)),
        ));
        y += fonts.ascent(&head) + fonts.descent(&head) + Mm(1.5);
        let cl = text::set_paragraph(
            fonts,
            &[Span::new(count_line.clone(), FontRole::Bold)],
            body,
            c.text,
            area.w,
            1.3,
            Point::new(area.x, y),
        );
        items.extend(cl.items);
        y += cl.height + Mm(1.0);
        let (st, h) = column(&step_blocks, y);
        items.extend(st);
        y += h;
        if y > band_top - Mm(2.0) {
            continue;
        }
        // The theme's cover art fills the room left above the foot,
        // scaled to fit it.
        let room = band_top - Mm(4.0) - (y + Mm(4.0));
        match &theme.art.cover {
            Some(art) if room >= MIN_ART => {
                let h = room.min(Mm(90.0));
                let r = Rect::new(area.x, y + Mm(4.0) + (room - h) / 2.0, area.w, h);
                items.push(crate::layout::art::place(art, r));
            }
            Some(_) => {
                without_art.get_or_insert(items);
                continue;
            }
            None => {}
        }
        items.extend(foot(plan, theme, fonts, &settings, area, band_top));
        return Ok(Frame::with_items(page, items));
    }
    let mut items = without_art.ok_or(KitError::StoryTooLong)?;
    items.extend(foot(plan, theme, fonts, &settings, area, band_top));
    Ok(Frame::with_items(page, items))
}

/// The smallest height the cover art is drawn at: less reads as a stray
/// strip rather than a picture.
const MIN_ART: Mm = Mm(25.0);

/// A horizontal rule across the printable width (its ends pulled in by
/// half the line's width so the line stays inside).
fn rule(area: Rect, y: Mm, color: Rgb) -> Item {
    let w = Mm(0.4);
    draw::line(
        Point::new(area.x + w / 2.0, y),
        Point::new(area.right() - w / 2.0, y),
        draw::pen(color, w),
    )
}

fn foot(
    plan: &Facts,
    theme: &Theme,
    fonts: &FontSet,
    settings: &[(String, String)],
    area: Rect,
    top: Mm,
) -> Vec<Item> {
    let c = &theme.colours;
    let mut items = vec![rule(area, top, c.accent)];
    let head = draw::style(FontRole::Heading, Pt(10.0), c.accent);
    let y = top + Mm(3.0);
    let map_heading = if plan.tiling.len() > 1 {
        Msg::CoverBoardMap
    } else {
        Msg::CoverBoardWhole
    };
    items.push(draw::text(
        &theme.words().say(map_heading),
        head,
        Point::new(area.x, y + fonts.ascent(&head)),
    ));
    let map_side = Mm(50.0);
    let map = Rect::new(area.x + Mm(0.5), y + Mm(6.0), map_side, map_side);
    items.extend(assembly_map(plan, map, theme, fonts));

    let sx = area.x + map_side + Mm(10.0);
    items.push(draw::text(
        &theme.words().say(Msg::CoverSettings),
        head,
        Point::new(sx, y + fonts.ascent(&head)),
    ));
    let key = draw::style(FontRole::Bold, Pt(8.0), c.text);
    let val = draw::style(FontRole::Body, Pt(8.0), c.text);
    let mut ly = y + Mm(6.0) + fonts.ascent(&val);
    let key_w = settings
        .iter()
        .map(|(k, _)| fonts.width(&key, k))
        .fold(Mm::ZERO, Mm::max)
        + Mm(3.0);
    let room = area.right() - sx - key_w;
    for (k, v) in settings {
        items.push(draw::text(k, key, Point::new(sx, ly)));
        for line in value_lines(v, room, &val, fonts) {
            items.push(draw::text(&line, val, Point::new(sx + key_w, ly)));
            ly += Mm(3.6);
        }
        ly += Mm(0.6);
    }

    let scale_at = Point::new(area.x + Mm(0.5), area.bottom() - Mm(27.5));
    let (sc, _) = scale_check(scale_at, theme, fonts);
    items.push(draw::text(
        &theme.words().say(Msg::CoverScaleCheck),
        draw::style(FontRole::Heading, Pt(9.0), c.accent),
        Point::new(area.x, scale_at.y - Mm(2.0)),
    ));
    items.extend(sc);
    items
}
