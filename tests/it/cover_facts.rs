//! The cover matches the kit it comes with: it names who moves first as
//! the rules in force say (Tafel's skilled play hands the first move to
//! the defenders), wooden discs only where the pieces are round (with
//! the turn marker when there is one), and keeps the theme's art on every paper, scaled to the room
//! left (it was dropped on Letter).

use crate::common;
use crate::common::kit::{self, KitOptions, plan, turn_track};
use taflkit::kit::board::Sections;
use taflkit::kit::bounds::item_bounds;
use taflkit::layout::paper::Paper;
use taflkit::layout::text::FontSet;
use taflkit::layout::{Document, Item, PathCmd};
use taflkit::rules::{self, Side, Variant};
use taflkit::theme::{PieceShape, Theme};
use taflkit::units::Pt;

/// The cover's text lines, in drawing order, with their sizes.
fn cover_lines(doc: &Document) -> Vec<(String, Pt)> {
    common::placed(&doc.pages[0].items)
        .into_iter()
        .map(|p| (p.text.text.clone(), p.text.style.size))
        .collect()
}

/// The value printed beside a settings key.
fn setting(lines: &[(String, Pt)], key: &str) -> String {
    let i = lines
        .iter()
        .position(|(t, _)| t == key)
        .unwrap_or_else(|| panic!("no {key:?} on the cover"));
    lines[i + 1].0.clone()
}

/// Sizes (width, height in mm) of the scaled drawings on the cover: the art is the one
/// group drawn at a scale other than 1 (the cover itself is placed on its
/// page unscaled).
fn art_sizes(doc: &Document) -> Vec<(f64, f64)> {
    fn walk(item: &Item, fonts: &FontSet, out: &mut Vec<(f64, f64)>) {
        if let Item::Group(g) = item {
            if (g.transform.a - 1.0).abs() > 1e-9 {
                if let Some(b) = item_bounds(item, fonts) {
                    out.push((b.w.0, b.h.0));
                }
                return;
            }
            g.items.iter().for_each(|i| walk(i, fonts, out));
        }
    }
    let mut out = Vec::new();
    for i in &doc.pages[0].items {
        walk(i, &doc.fonts, &mut out);
    }
    out
}

fn own_theme(v: &Variant) -> Theme {
    Theme::load(v.default_theme.as_deref().unwrap_or("viking")).unwrap()
}

#[test]
fn first_move_follows_the_options_in_force() {
    let theme = Theme::load("tafel").unwrap();
    let plain = rules::builtin("tafel").unwrap();
    let mut skilled = plain.clone();
    for o in &mut skilled.options {
        o.enabled = o.id == "skilled-play";
    }
    // variants.md: in Tafel the vikings move first; with skilled play the
    // defenders do.
    assert_eq!(plain.first, Side::Attackers);
    for (v, side) in [
        (&plain, &theme.names.attackers),
        (&skilled, &theme.names.defenders),
    ] {
        let doc = kit::build(v, &theme, &KitOptions::default()).unwrap();
        let lines = cover_lines(&doc);
        let first = setting(&lines, "First move").to_lowercase();
        assert!(
            first.starts_with(
                &taflkit::words::Lang::english()
                    .words()
                    .the_many(side)
                    .to_lowercase()
            ),
            "{first}"
        );
        // No sentence on the cover says the other side moves (or strikes)
        // first.
        let other = if side == &theme.names.attackers {
            &theme.names.defenders
        } else {
            &theme.names.attackers
        };
        for (text, _) in &lines {
            let t = text.to_lowercase();
            assert!(
                !(t.contains(
                    &taflkit::words::Lang::english()
                        .words()
                        .the_many(other)
                        .to_lowercase()
                ) && t.contains(" first")),
                "{t}"
            );
        }
    }
}

#[test]
fn the_cover_names_discs_only_for_round_pieces_and_the_turn_marker() {
    for id in rules::builtin_ids() {
        let mut v = rules::builtin(id).unwrap();
        for o in &mut v.options {
            o.enabled = true;
        }
        let theme = own_theme(&v);
        for shape in [None, Some(PieceShape::Disc)] {
            let opts = KitOptions {
                shape,
                ..KitOptions::default()
            };
            // The sizes the kit was planned at (a smaller king where it
            // saves a card sheet).
            let s = kit::with_plan(&v, &theme, &opts, |cx, _| cx.sizes).unwrap();
            let doc = kit::build(&v, &theme, &opts).unwrap();
            let lines = cover_lines(&doc);
            let has_row = lines.iter().any(|(t, _)| t == "Wooden discs");
            // Shields and square tokens fit no disc: the cover names none.
            assert_eq!(has_row, s.shape == PieceShape::Disc, "{id} {shape:?}");
            if has_row {
                let discs = setting(&lines, "Wooden discs");
                let (a, d, k) = v.piece_counts();
                let mm = |m: f64| format!("{m}");
                if s.king == s.piece {
                    assert_eq!(discs, format!("{} × {} mm", a + d + k, mm(s.king.0)));
                } else {
                    assert_eq!(
                        discs,
                        format!(
                            "{k} × {} mm, {} × {} mm",
                            mm(s.king.0),
                            a + d,
                            mm(s.piece.0)
                        )
                    );
                }
            }
            if v.turn_limit().is_some() {
                let marker = turn_track::marker_size(s.square);
                assert!(plan::STANDARD_DISCS.contains(&marker));
                assert!(setting(&lines, "Turn marker").contains(&format!("{} mm", marker.0)));
            }
        }
    }
}

#[test]
fn cover_art_is_kept_on_a4_and_letter_and_nothing_is_under_7_pt() {
    for paper in [Paper::A4, Paper::Letter] {
        for id in rules::builtin_ids() {
            let v = rules::builtin(id).unwrap();
            let theme = own_theme(&v);
            let opts = KitOptions {
                paper,
                ..KitOptions::default()
            };
            let doc = kit::build(&v, &theme, &opts).unwrap();
            if theme.art.cover.is_some() {
                // Drawn at a size that reads as a picture: the cover gives
                // it at least 25 mm of height, and the drawn shapes (which
                // may leave part of the picture's canvas empty) come to
                // 15 mm or more.
                let arts = art_sizes(&doc);
                assert!(
                    arts.iter().any(|&(_, h)| h >= 15.0),
                    "{id} on {}: art {arts:?}",
                    paper.name()
                );
            }
            for (text, size) in cover_lines(&doc) {
                assert!(size >= Pt(7.0), "{id}: {text:?} at {size:?}");
            }
        }
    }
}

/// The cover's text with every space, hyphen and soft hyphen taken out,
/// so a phrase is found however the lines were broken.
fn squeezed(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '\u{ad}' | '\u{2010}'))
        // Printed apostrophes are typographic.
        .map(|c| if c == '\u{2019}' { '\'' } else { c })
        .collect()
}

/// The cut step speaks of the pieces the card sheets hold, as their shape
/// is cut; with `--sticker` the pieces are not on the card at all (they
/// are round stickers on sheets of their own, whatever the theme's shape),
/// so the step names no pieces to cut from card. In every language, for a
/// shield theme and a disc theme, and for square tokens chosen.
#[test]
fn the_cut_step_follows_the_pieces_shape_and_stickers() {
    use taflkit::words::{Lang, Msg};
    let clause = |shape: PieceShape| match shape {
        PieceShape::Square => Msg::CoverCutSquare,
        PieceShape::Disc => Msg::CoverCutDisc,
        PieceShape::Shield => Msg::CoverCutShield,
    };
    let all = [
        Msg::CoverCutSquare,
        Msg::CoverCutDisc,
        Msg::CoverCutShield,
        Msg::CoverCutStickers,
    ];
    for id in ["brandubh", "sea-battle-9"] {
        let v = rules::builtin(id).unwrap();
        for lang in Lang::all() {
            let theme = own_theme(&v).in_language(lang).unwrap();
            let words = theme.words();
            for (sticker, chosen) in [
                (false, None),
                (false, Some(PieceShape::Square)),
                (true, None),
            ] {
                let opts = KitOptions {
                    sticker,
                    shape: chosen,
                    ..KitOptions::default()
                };
                let shape = plan::sizes(&v, &theme, &opts).unwrap().shape;
                let doc = kit::build(&v, &theme, &opts).unwrap();
                let cover = squeezed(
                    &common::placed(&doc.pages[0].items)
                        .iter()
                        .map(|p| p.text.text.as_str())
                        .collect::<String>(),
                );
                let want = if sticker {
                    Msg::CoverCutStickers
                } else {
                    clause(shape)
                };
                for m in all {
                    let found = cover.contains(&squeezed(&words.say(m)));
                    assert_eq!(
                        found,
                        m == want,
                        "{id} {lang:?} sticker {sticker} {chosen:?}: {m:?}"
                    );
                }
            }
        }
    }
}

/// Under skilled play the players bid for the sides (variants.md, Tafel):
/// the cover says so, with who bids first, whole (a settings value cut
/// short ends in "…"), and its story no longer tells them to take a side each; without it,
/// nothing on the cover speaks of bidding. Tafel in its own theme and in
/// the Viking theme (whose story shares out the sides), in every
/// language.
#[test]
fn the_cover_says_sides_are_bid_for_under_skilled_play() {
    use taflkit::words::{Lang, Msg};
    let plain = rules::builtin("tafel").unwrap();
    let mut skilled = plain.clone();
    for o in &mut skilled.options {
        o.enabled = o.id == "skilled-play";
    }
    for theme_id in ["tafel", "viking"] {
        for lang in Lang::all() {
            let theme = Theme::load(theme_id).unwrap().in_language(lang).unwrap();
            let words = theme.words();
            let bid = words.say(Msg::SettingSidesBid);
            for (v, bidding) in [(&plain, false), (&skilled, true)] {
                let doc = kit::build(v, &theme, &KitOptions::default()).unwrap();
                let text: String = common::strings(&doc.pages[0].items).join(" ");
                let cover = squeezed(&text);
                assert_eq!(
                    cover.contains(&squeezed(&bid)),
                    bidding,
                    "{theme_id} {lang:?} skilled play {bidding}"
                );
                assert!(!text.contains('…'), "{theme_id} {lang:?}: {text}");
                if lang == Lang::english() {
                    let lower = text.to_lowercase();
                    assert_eq!(lower.contains("bids first"), bidding, "{theme_id}: {text}");
                    assert!(
                        !(bidding && lower.contains("take a side")),
                        "{theme_id}: {text}"
                    );
                }
            }
        }
    }
}

/// The print-jobs step names one card sheet in the singular: Brandubh on
/// A3 takes a single sheet of card (the cover's own count says so), York
/// on A4 several.
#[test]
fn the_print_jobs_step_counts_the_card_sheets() {
    for (id, paper, one) in [("brandubh", Paper::A3, true), ("york", Paper::A4, false)] {
        let v = rules::builtin(id).unwrap();
        let opts = KitOptions {
            paper,
            ..KitOptions::default()
        };
        let doc = kit::build(&v, &own_theme(&v), &opts).unwrap();
        let text = common::strings(&doc.pages[0].items).join(" ");
        assert_eq!(
            text.contains("takes one sheet of card"),
            one,
            "{id}: {text}"
        );
        assert_eq!(text.contains("(the card sheet)"), one, "{id}: {text}");
        assert_eq!(text.contains("(the card sheets)"), !one, "{id}: {text}");
        // Nor does any other step speak of card sheets when there is one.
        assert_eq!(text.contains("card sheets"), !one, "{id}: {text}");
    }
}

/// The leaflet's pages in the order of the folded booklet, each as its
/// texts: the kit's leaflet sides hold two pages each, imposed as
/// `docs/printing.md` says (sheet s outside [n-2s | 2s+1], inside
/// [2s+2 | n-2s-1], counting from 0).
fn booklet_pages(doc: &Document) -> Vec<Vec<String>> {
    let sides: Vec<Vec<Vec<String>>> = doc
        .pages
        .iter()
        .filter(|p| p.label.contains("Leaflet sheet"))
        .map(|p| {
            let mut items = p.items.as_slice();
            while let [Item::Group(g)] = items {
                items = &g.items;
            }
            items
                .iter()
                .filter_map(|i| match i {
                    Item::Group(g) => Some(common::strings(&g.items)),
                    _ => None,
                })
                .collect()
        })
        .collect();
    let n = sides.len() * 2;
    let mut out = vec![Vec::new(); n];
    for (i, side) in sides.into_iter().enumerate() {
        assert_eq!(side.len(), 2, "two pages on a leaflet side");
        let s = i / 2;
        let (left, right) = if i % 2 == 0 {
            (n - 2 * s, 2 * s + 1)
        } else {
            (2 * s + 2, n - 2 * s - 1)
        };
        let [l, r]: [Vec<String>; 2] = side.try_into().unwrap();
        out[left - 1] = l;
        out[right - 1] = r;
    }
    out
}

/// The numbers in a phrase ("pages 8 to 11" gives 8 and 11).
fn numbers(s: &str) -> Vec<usize> {
    s.split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect()
}

/// The cover's "Also in leaflet" gives the page numbers printed in the
/// folded booklet, and says so: the print steps count the PDF's pages,
/// so a bare "page 6" would send a family to the wrong sheet. Each page
/// it names holds what it says (the puzzles' or the record sheet's
/// title), read from the booklet as folded.
#[test]
fn the_cover_names_the_booklet_pages_of_the_puzzles_and_record_sheets() {
    for (id, extras) in [("york", false), ("brandubh", true), ("copenhagen", true)] {
        let v = rules::builtin(id).unwrap();
        let opts = KitOptions {
            extras,
            ..KitOptions::default()
        };
        let doc = kit::build(&v, &own_theme(&v), &opts).unwrap();
        // The last row of the settings, on as many lines as it needs.
        let lines: Vec<String> = cover_lines(&doc).into_iter().map(|(t, _)| t).collect();
        let at = lines.iter().position(|t| t == "Also in leaflet").unwrap();
        let end = lines.iter().position(|t| t == "Scale check").unwrap();
        let also = lines[at + 1..end].join(" ");
        assert!(also.contains("of the folded booklet"), "{id}: {also}");
        let pages = booklet_pages(&doc);
        let mut named = 0;
        for part in also.split("; ") {
            let title = if part.starts_with("Puzzles") {
                "Puzzles"
            } else if part.contains("record sheet") {
                "Game record"
            } else {
                panic!("{id}: {part}");
            };
            let n = numbers(part);
            let (first, last) = (n[0], *n.last().unwrap());
            for page in first..=last {
                named += 1;
                assert!(
                    pages[page - 1].iter().any(|t| t == title),
                    "{id}: booklet page {page} has no {title:?}: {:?}",
                    pages[page - 1]
                );
            }
        }
        assert!(named >= 2, "{id}: {also}");
    }
}

/// The squares of a grid path (every line vertical or horizontal, equally
/// spaced each way): (columns, rows), or `None` for any other path.
fn grid_of(cmds: &[PathCmd]) -> Option<(usize, usize)> {
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for pair in cmds.chunks(2) {
        let [PathCmd::MoveTo(a), PathCmd::LineTo(b)] = pair else {
            return None;
        };
        if (a.x.0 - b.x.0).abs() < 1e-6 {
            xs.push(a.x.0);
        } else if (a.y.0 - b.y.0).abs() < 1e-6 {
            ys.push(a.y.0);
        } else {
            return None;
        }
    }
    let even = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let gaps: Vec<f64> = v.windows(2).map(|w| w[1] - w[0]).collect();
        gaps.len() >= 2 && gaps.iter().all(|g| (g - gaps[0]).abs() < 1e-6 && *g > 0.0)
    };
    (even(&mut xs) && even(&mut ys)).then(|| (xs.len() - 1, ys.len() - 1))
}

/// Every grid drawn on the cover, as (columns, rows).
fn cover_grids(doc: &Document) -> Vec<(usize, usize)> {
    fn walk(items: &[Item], out: &mut Vec<(usize, usize)>) {
        for i in items {
            match i {
                Item::Path(p) => out.extend(grid_of(&p.commands)),
                Item::Group(g) => walk(&g.items, out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(&doc.pages[0].items, &mut out);
    out
}

/// The cover's board map shows a board printed in one piece as its squares
/// (it was an empty square under "The board: one piece"); a board in
/// sections is shown as its labelled sections, with no grid.
#[test]
fn a_one_piece_boards_map_shows_its_squares() {
    for id in ["brandubh", "york"] {
        let v = rules::builtin(id).unwrap();
        let theme = own_theme(&v);
        let opts = KitOptions::default();
        let sections = kit::with_plan(&v, &theme, &opts, |_, kit| {
            let (ci, s) = kit.find::<Sections>().expect("a board");
            s.tiling(kit.plan.sets[ci]).len()
        })
        .unwrap();
        let doc = kit::build(&v, &theme, &opts).unwrap();
        let grids = cover_grids(&doc);
        let n = v.size;
        if sections == 1 {
            assert_eq!(grids, vec![(n, n)], "{id}: one piece, {n} × {n} squares");
        } else {
            assert!(
                grids.is_empty(),
                "{id}: {sections} sections, grids {grids:?}"
            );
        }
    }
}
