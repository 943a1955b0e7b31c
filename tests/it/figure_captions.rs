//! Every caption of every built-in kit, in every language, agrees with the
//! figure it stands under: a direction it names is the way the drawn arrow
//! goes (up = towards higher ranks, down = towards rank 1, left and right
//! by files), and a number from two to five it names is a count the
//! figure shows (pieces taken, attackers beside the king). Each language's
//! words for the four directions are distinct.

use crate::common;
use taflkit::kit::diagram::Mark;
use taflkit::kit::leaflet::caption::Direction;
use taflkit::kit::leaflet::figures::{Figure, Panel, figures};
use taflkit::kit::rules_text::direction_words;
use taflkit::rules::Piece;
use taflkit::words::Lang;

/// Whether `phrase` stands in `text` as whole words.
fn says(text: &str, phrase: &str) -> bool {
    let text = text.to_lowercase();
    let phrase = phrase.to_lowercase();
    text.match_indices(&phrase).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + phrase.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The move the figure draws first: the first arrow of its first panel
/// (the move played, or the first move of its "last turn"), as the
/// reader sees it: (file, rank) from the window's bottom-left.
fn first_arrow(f: &Figure) -> Option<((u8, u8), (u8, u8))> {
    f.panels.first()?.marks.iter().find_map(|m| match m {
        Mark::Arrow { from, to } => Some((*from, *to)),
        _ => None,
    })
}

/// The piece drawn on a square, (file, rank) from the bottom-left.
fn at(p: &Panel, (file, rank): (u8, u8)) -> Option<Piece> {
    let rows = p.board.len();
    let row = rows.checked_sub(1 + rank as usize)?;
    p.board.get(row)?.get(file as usize).copied().flatten()
}

type Board = Vec<Vec<Option<Piece>>>;

/// Attackers beside the king on a drawn board (none without a king).
fn beside_king(board: &Board) -> Option<usize> {
    let (r, c) = board.iter().enumerate().find_map(|(r, row)| {
        row.iter()
            .position(|x| *x == Some(Piece::King))
            .map(|c| (r as i32, c as i32))
    })?;
    let attacker = |r: i32, c: i32| {
        r >= 0
            && c >= 0
            && board.get(r as usize).and_then(|row| row.get(c as usize))
                == Some(&Some(Piece::Attacker))
    };
    Some(
        [(0, 1), (0, -1), (1, 0), (-1, 0)]
            .iter()
            .filter(|(dr, dc)| attacker(r + dr, c + dc))
            .count(),
    )
}

/// The counts a figure shows: pieces marked as taken (the king's own
/// mark aside), and attackers beside the king in each panel and in the
/// first panel once its first arrow is played.
fn counts_shown(f: &Figure) -> Vec<usize> {
    let mut boards: Vec<Board> = f.panels.iter().map(|p| p.board.clone()).collect();
    if let (Some(p), Some((from, to))) = (f.panels.first(), first_arrow(f)) {
        let mut moved = p.board.clone();
        let rows = moved.len();
        moved[rows - 1 - from.1 as usize][from.0 as usize] = None;
        moved[rows - 1 - to.1 as usize][to.0 as usize] = at(p, from);
        boards.push(moved);
    }
    let taken = f.panels.iter().map(|p| {
        p.marks
            .iter()
            .filter(
                |m| matches!(m, Mark::Captured(s) if at(p, *s).is_some_and(|x| x != Piece::King)),
            )
            .count()
    });
    taken.chain(boards.iter().filter_map(beside_king)).collect()
}

#[test]
fn each_language_has_four_distinct_direction_words() {
    for lang in Lang::all() {
        let words = direction_words(lang).unwrap();
        assert_eq!(words.len(), 4, "{lang}");
        for (d, w) in &words {
            for (e, v) in &words {
                assert!(
                    d == e || !says(w, v),
                    "{lang}: the word for {d:?} ('{w}') says {e:?} ('{v}')"
                );
            }
        }
    }
}

#[test]
fn every_caption_names_the_direction_of_its_drawn_move() {
    for (name, v, theme) in common::builtin_kits() {
        for lang in Lang::all() {
            let t = theme.in_language(lang).unwrap();
            let words = direction_words(lang).unwrap();
            let mut named = 0;
            for f in figures(&v, &t).unwrap() {
                let drawn = first_arrow(&f).and_then(|(a, b)| Direction::of(a, b));
                if let Some(d) = f.facts.direction {
                    assert_eq!(Some(d), drawn, "{name} ({lang}): figure '{}'", f.id);
                }
                for (d, w) in &words {
                    if says(&f.caption, w) {
                        named += 1;
                        assert_eq!(
                            Some(*d),
                            drawn,
                            "{name} ({lang}): figure '{}' says '{w}' under a move {drawn:?}: {}",
                            f.id,
                            f.caption
                        );
                    }
                }
            }
            // Capturing (figure 3) always tells the way its piece moves.
            assert!(named > 0, "{name} ({lang}): no caption names a direction");
        }
    }
}

#[test]
fn every_number_in_a_caption_is_a_count_the_figure_shows() {
    for (name, v, theme) in common::builtin_kits() {
        for lang in Lang::all() {
            let t = theme.in_language(lang).unwrap();
            let grammar = &lang.words().grammar;
            for f in figures(&v, &t).unwrap() {
                let shown = counts_shown(&f);
                for k in 2..=5usize {
                    let word = grammar.number(k as i64, None, None);
                    if says(&f.caption, &word) {
                        assert!(
                            shown.contains(&k),
                            "{name} ({lang}): figure '{}' says '{word}' but shows {shown:?}: {}",
                            f.id,
                            f.caption
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_capture_figure_says_down_where_its_arrow_goes_down() {
    // Issue 22: figure 3 of every kit said "moves up" under an arrow from
    // d6 to d3.
    let v = taflkit::rules::builtin("brandubh").unwrap();
    let t = taflkit::theme::Theme::viking();
    let f = figures(&v, &t)
        .unwrap()
        .into_iter()
        .find(|f| f.id == "capture_one")
        .unwrap();
    let ((_, r0), (_, r1)) = first_arrow(&f).unwrap();
    assert!(r1 < r0, "the arrow goes towards rank 1");
    assert!(says(&f.caption, "moves down"), "{}", f.caption);
    assert!(!says(&f.caption, "up"), "{}", f.caption);
}
