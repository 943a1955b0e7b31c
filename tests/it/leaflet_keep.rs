//! Figures keep with their rules, as in a typeset booklet: read from the
//! leaflet's pages, every figure stands on the page of its first citation
//! or on the page facing it when the leaflet is folded (2 faces 3, 4 faces
//! 5, …; the front and back covers face nothing), and no numbered rule is
//! broken into more than two parts (by a page turn or by figures set
//! between its lines). Every built-in variant with its own theme, and Tafel
//! with every option, in every language, on A4, Letter and A3.

use crate::common;
use rayon::prelude::*;
use taflkit::kit::leaflet;
use taflkit::kit::leaflet::flow::cites;
use taflkit::layout::paper::Paper;
use taflkit::layout::{FontRole, Page};
use taflkit::rules::Variant;
use taflkit::theme::Theme;
use taflkit::words::{Args, Lang, Msg, Words};

/// A line of text as printed: page (1-based), baseline, text, size, and
/// whether it belongs to a drawing (a figure's caption or labels).
struct Run {
    page: usize,
    y: f64,
    x: f64,
    text: String,
    font: FontRole,
    size: f64,
    in_figure: bool,
}

fn runs(pages: &[Page]) -> Vec<Run> {
    let mut out = Vec::new();
    for (i, p) in pages.iter().enumerate() {
        out.extend(common::placed(&p.items).into_iter().map(|t| {
            let o = t.origin();
            Run {
                page: i + 1,
                y: o.y.0,
                x: o.x.0,
                // Citations are set with a no-break space.
                text: t.text.text.replace('\u{a0}', " "),
                font: t.text.style.font,
                size: t.text.style.size.0,
                in_figure: t.depth > 0,
            }
        }));
    }
    out.sort_by(|a, b| (a.page, a.y, a.x).partial_cmp(&(b.page, b.y, b.x)).unwrap());
    out
}

/// The pages that face page `p` of an `n`-page folded leaflet (itself
/// included).
fn spread(p: usize, n: usize) -> Vec<usize> {
    if p == 1 || p == n {
        vec![p]
    } else if p.is_multiple_of(2) {
        vec![p, p + 1]
    } else {
        vec![p - 1, p]
    }
}

/// Figure numbers whose captions ("Figure N." in bold, as the language
/// words it) are printed, with their pages.
fn captions(runs: &[Run], words: &Words) -> Vec<(usize, usize)> {
    let labels: Vec<String> = (1..=60)
        .map(|n| words.say_with(Msg::FigureLabel, &Args::new().num("number", n)))
        .collect();
    runs.iter()
        .filter(|r| r.in_figure && r.font == FontRole::Bold)
        .filter_map(|r| {
            let n = labels.iter().position(|l| l.trim() == r.text.trim())?;
            Some((n + 1, r.page))
        })
        .collect()
}

/// For each printed figure: its number, the page of its first citation in
/// the text and its own page.
fn distances(runs: &[Run], words: &Words, lang: Lang) -> Vec<(usize, usize, usize)> {
    captions(runs, words)
        .into_iter()
        .map(|(n, page)| {
            let cited = runs
                .iter()
                .find(|r| !r.in_figure && cites(&r.text, n, lang))
                .map_or(page, |r| r.page);
            (n, cited, page)
        })
        .collect()
}

/// For each numbered rule: how many parts its lines fall into. A part ends
/// at a page turn or where anything else (a figure) is set between two of
/// its lines. The rule's lines are the body-size lines from its number to
/// the next number or heading, in the rule's indented column.
fn rule_parts(runs: &[Run]) -> Vec<(String, usize)> {
    let body = runs
        .iter()
        .filter(|r| !r.in_figure && r.font != FontRole::Heading)
        .map(|r| r.size)
        .fold(f64::NAN, f64::max);
    let is_marker = |r: &Run| {
        !r.in_figure
            && r.font == FontRole::Body
            && r.text.ends_with('.')
            && r.text[..r.text.len() - 1].parse::<u32>().is_ok()
    };
    let mut out: Vec<(String, usize)> = Vec::new();
    // Index of the last line of the current rule, in `runs`.
    let mut last: Option<usize> = None;
    for (i, r) in runs.iter().enumerate() {
        if is_marker(r) {
            out.push((r.text.clone(), 1));
            last = Some(i);
            continue;
        }
        if !r.in_figure && r.font == FontRole::Heading {
            last = None;
            continue;
        }
        let (Some(l), Some(rule)) = (last, out.last_mut()) else {
            continue;
        };
        if r.in_figure || (r.size - body).abs() > 1e-6 {
            continue;
        }
        let prev = &runs[l];
        let between = runs[l + 1..i]
            .iter()
            .any(|o| o.page == r.page && o.y > prev.y + 1e-6 && o.y < r.y - 1e-6);
        if prev.page != r.page || between {
            rule.1 += 1;
        }
        last = Some(i);
    }
    out
}

/// What the pages of one leaflet get wrong: figures off their citation's
/// spread and rules in more than two parts. Also how many figures it read.
fn problems(id: &str, v: &Variant, theme: &Theme, paper: Paper) -> (usize, Vec<String>) {
    let lang = theme.lang;
    let what = format!("{id} {} {paper:?}", lang.code());
    let pages = leaflet::pages(v, theme, paper, &theme.fonts).unwrap();
    let runs = runs(&pages);
    let n = pages.len();
    let found = distances(&runs, theme.words(), lang);
    assert!(!found.is_empty(), "{what}: no figure found");
    let mut out = Vec::new();
    for &(fig, cited, page) in &found {
        if !spread(cited, n).contains(&page) {
            out.push(format!(
                "{what}: Figure {fig} cited on page {cited}, printed on page {page}"
            ));
        }
    }
    let parts = rule_parts(&runs);
    assert!(parts.len() >= 6, "{what}: {} rules read", parts.len());
    for (rule, k) in parts {
        if k > 2 {
            out.push(format!("{what}: rule {rule} in {k} parts"));
        }
    }
    (found.len(), out)
}

/// Every built-in kit in its own theme (and Tafel with every option), in
/// every language, on A4, Letter and A3.
#[test]
fn figures_stand_beside_their_rules_and_rules_stay_whole() {
    let mut kits = Vec::new();
    for (id, v, theme) in common::builtin_kits() {
        for lang in Lang::all() {
            for paper in [Paper::A4, Paper::Letter, Paper::A3] {
                kits.push((
                    id.clone(),
                    v.clone(),
                    theme.in_language(lang).unwrap(),
                    paper,
                ));
            }
        }
    }
    let found: Vec<(usize, Vec<String>)> = kits
        .par_iter()
        .map(|(id, v, theme, paper)| problems(id, v, theme, *paper))
        .collect();
    let figures: usize = found.iter().map(|f| f.0).sum();
    let problems: Vec<String> = found.into_iter().flat_map(|f| f.1).collect();
    assert!(figures > 600, "only {figures} figures read");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_reading_of_the_pages_sees_a_figure_far_from_its_rule() {
    // The measure itself: two pages apart is far, the facing page is not.
    assert_eq!(spread(3, 8), vec![2, 3]);
    assert_eq!(spread(1, 8), vec![1]);
    assert_eq!(spread(8, 8), vec![8]);
    assert_eq!(spread(6, 8), vec![6, 7]);
}
