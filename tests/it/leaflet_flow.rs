//! The leaflet's pages: text within its column and the printable area, no
//! heading alone at a page's foot, whole pages in fours.

use crate::common;
use taflkit::kit::leaflet::{self, flow::content_rect, impose::page_size};
use taflkit::layout::paper::Paper;
use taflkit::layout::{FontRole, Page};
use taflkit::rules;
use taflkit::theme::Theme;

fn all_pages() -> Vec<(String, Paper, Vec<Page>)> {
    let theme = Theme::viking();
    let mut out = Vec::new();
    for id in rules::builtin_ids() {
        for paper in [Paper::A4, Paper::Letter] {
            let v = rules::builtin(id).unwrap();
            let pages = leaflet::pages(&v, &theme, paper, &theme.fonts).unwrap();
            out.push((id.to_string(), paper, pages));
        }
    }
    out
}

#[test]
fn pages_come_in_fours_and_fit_eight() {
    for (id, paper, pages) in all_pages() {
        assert!(
            pages.len() == 4 || pages.len() == 8,
            "{id} {paper:?}: {}",
            pages.len()
        );
        for p in &pages {
            assert_eq!(p.size, page_size(paper));
        }
    }
}

#[test]
fn no_text_runs_past_its_column() {
    let theme = Theme::viking();
    for (id, paper, pages) in all_pages() {
        for (n, page) in pages.iter().enumerate() {
            let area = content_rect(n + 1, page.size);
            for p in common::placed(&page.items) {
                let (o, text) = (p.origin(), &p.text.text);
                let end = p.along(theme.fonts.width(&p.text.style, text));
                let page_no = o.y.0 > area.bottom().0;
                if page_no {
                    // The page number sits in the bottom margin, inside the
                    // printable area.
                    assert!(o.y.0 < page.size.h.0 - 7.0, "{id} p{}: {text}", n + 1);
                    continue;
                }
                assert!(
                    o.x.0 >= area.x.0 - 1e-6 && end.x.0 <= area.right().0 + 1e-3,
                    "{id} {paper:?} page {}: '{text}' from {:.2} to {:.2}, column {:.2}..{:.2}",
                    n + 1,
                    o.x.0,
                    end.x.0,
                    area.x.0,
                    area.right().0
                );
                assert!(
                    o.y.0 >= area.y.0,
                    "{id} page {}: '{text}' above the column",
                    n + 1
                );
            }
        }
    }
}

#[test]
fn no_heading_ends_a_page() {
    for (id, _paper, pages) in all_pages() {
        for (n, page) in pages.iter().enumerate() {
            let area = content_rect(n + 1, page.size);
            let last = common::placed(&page.items)
                .into_iter()
                .filter(|t| t.origin().y.0 <= area.bottom().0 && t.text.style.size.0 < 20.0)
                .max_by(|a, b| a.origin().y.0.partial_cmp(&b.origin().y.0).unwrap());
            if let Some(last) = last {
                assert!(
                    last.text.style.font != FontRole::Heading,
                    "{id} page {}: heading '{}' ends the page",
                    n + 1,
                    last.text.text
                );
            }
        }
    }
}

#[test]
fn leaflet_text_is_the_rules_text() {
    let theme = Theme::viking();
    let v = rules::builtin("york").unwrap();
    // The leaflet's text cites its figures where `taflkit rules` does not.
    let figures = leaflet::figures::figures(&v, &theme).unwrap();
    let md = taflkit::kit::rules_text::rules_markdown_citing(
        &v,
        &theme,
        &leaflet::figures::citations(&figures),
    )
    .unwrap();
    let pages = leaflet::pages(&v, &theme, Paper::A4, &theme.fonts).unwrap();
    let mut words = String::new();
    for p in &pages {
        for t in common::strings(&p.items) {
            words.push_str(&t);
            words.push(' ');
        }
    }
    // Lines broken after a hyphen join up again.
    let printed = words
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace("- ", "-");
    // Each sentence of the Markdown appears on the pages (compared with
    // whitespace squeezed and markup dropped).
    let mut paragraphs: Vec<String> = Vec::new();
    for block in md.split("\n\n") {
        let mut current = String::new();
        for line in block.lines() {
            let starts_block = line.starts_with('#')
                || line
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok());
            if starts_block && !current.is_empty() {
                paragraphs.push(std::mem::take(&mut current));
            }
            current.push_str(line);
            current.push(' ');
        }
        paragraphs.push(current);
    }
    for sentence in paragraphs.iter().flat_map(|p| p.split(". ")) {
        let s: String = sentence
            .replace(['*', '#'], "")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let s = s.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ' ');
        if s.len() < 12 {
            continue;
        }
        let first_words: String = s.split(' ').take(5).collect::<Vec<_>>().join(" ");
        assert!(printed.contains(&first_words), "not printed: {first_words}");
    }
}
