//! Every printed page speaks as a kit, not as a program: over every
//! built-in kit, in every language, on A4, Letter and A3, with and
//! without the extra leaflet sheet, no page holds "--", a command line
//! ("taflkit build …") or the name of a command-line option (how to get
//! what they give is the docs' job), and
//! no leaflet page is left blank (the extra sheet adds only pages with
//! something on them).

use rayon::prelude::*;
use taflkit::kit::{self, KitOptions};
use taflkit::layout::paper::Paper;
use taflkit::layout::{Document, Item, Page};
use taflkit::rules;
use taflkit::theme::Theme;
use taflkit::words::Lang;

/// The text lines of `items`, in drawing order.
fn texts(items: &[Item], out: &mut Vec<String>) {
    for i in items {
        match i {
            Item::Text(t) => out.push(t.text.clone()),
            Item::Group(g) => texts(&g.items, out),
            Item::Path(_) | Item::Art(_) => {}
        }
    }
}

/// What no printed sentence has reason to hold: a command line
/// ("taflkit build", "taflkit preview" …) and the names of `build`'s
/// options of two words joined by a hyphen ("square-mm"); the others are
/// caught by their "--". The program's name alone may stay (a theme's
/// credits name the project).
fn forbidden() -> Vec<String> {
    use clap::CommandFactory;
    let cli = taflkit::cli::args::Cli::command();
    let build = cli
        .get_subcommands()
        .find(|c| c.get_name() == "build")
        .expect("a build command");
    let options = build
        .get_arguments()
        .filter_map(|a| a.get_long())
        .filter(|l| l.contains('-'))
        .map(str::to_string);
    let commands = cli
        .get_subcommands()
        .map(|c| format!("taflkit {}", c.get_name()));
    std::iter::once("--".to_string())
        .chain(options)
        .chain(commands)
        .collect()
}

/// The leaflet's pages, each as the texts it holds: a leaflet side,
/// under the groups that place it (and turn it on a flipped side), holds
/// its two pages as groups beside the fold and flip marks.
fn leaflet_pages(doc: &Document) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for p in doc
        .pages
        .iter()
        .filter(|p| p.label.contains("Leaflet sheet"))
    {
        let mut items = p.items.as_slice();
        while let [Item::Group(g)] = items {
            items = &g.items;
        }
        for i in items {
            if let Item::Group(g) = i {
                let mut t = Vec::new();
                texts(&g.items, &mut t);
                out.push(t);
            }
        }
    }
    out
}

fn page_text(p: &Page) -> String {
    let mut t = Vec::new();
    texts(&p.items, &mut t);
    t.join("\n")
}

/// Every built-in kit in its own theme, in every language, on the three
/// papers, with and without the extra sheet.
fn every_kit() -> Vec<(String, Theme, Paper, bool)> {
    let mut out = Vec::new();
    for id in rules::builtin_ids() {
        let v = rules::builtin(id).unwrap();
        let theme = Theme::load(v.default_theme.as_deref().unwrap_or("viking")).unwrap();
        for lang in Lang::all() {
            let theme = theme.in_language(lang).unwrap();
            for paper in [Paper::A4, Paper::Letter, Paper::A3] {
                for extras in [false, true] {
                    out.push((id.to_string(), theme.clone(), paper, extras));
                }
            }
        }
    }
    out
}

/// What each kit's pages get wrong, found once for both tests: the words
/// no page may hold, and blank leaflet pages.
struct Findings {
    words: Vec<String>,
    blank: Vec<String>,
}

fn findings() -> &'static Findings {
    static FOUND: std::sync::OnceLock<Findings> = std::sync::OnceLock::new();
    FOUND.get_or_init(|| {
        let bad = forbidden();
        assert!(bad.iter().any(|o| o == "square-mm"), "{bad:?}");
        assert!(bad.iter().any(|o| o == "taflkit build"), "{bad:?}");
        let per_kit: Vec<(Vec<String>, Vec<String>)> = every_kit()
            .into_par_iter()
            .map(|(id, theme, paper, extras)| {
                let v = rules::builtin(&id).unwrap();
                let opts = KitOptions {
                    paper,
                    extras,
                    ..KitOptions::default()
                };
                let doc = kit::build(&v, &theme, &opts).unwrap();
                let what = format!(
                    "{id} {} {} extras={extras}",
                    theme.lang.code(),
                    paper.name()
                );
                (words_found(&doc, &bad, &what), blank_found(&doc, &what))
            })
            .collect();
        let (words, blank): (Vec<_>, Vec<_>) = per_kit.into_iter().unzip();
        Findings {
            words: words.concat(),
            blank: blank.concat(),
        }
    })
}

/// Each page of `doc` holding one of the `bad` words.
fn words_found(doc: &Document, bad: &[String], what: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (n, page) in doc.pages.iter().enumerate() {
        let text = page_text(page);
        for bad in bad {
            if text.contains(bad.as_str()) {
                found.push(format!("{what}: page {} holds {bad:?}", n + 1));
            }
        }
    }
    found
}

/// Each leaflet page of `doc` with no words, or nothing but its number.
fn blank_found(doc: &Document, what: &str) -> Vec<String> {
    let pages = leaflet_pages(doc);
    assert!(
        !pages.is_empty() && pages.len().is_multiple_of(4),
        "{what}: {} leaflet pages",
        pages.len()
    );
    pages
        .iter()
        .enumerate()
        .filter(|(_, page)| page.iter().all(|t| t.chars().all(|c| c.is_ascii_digit())))
        .map(|(n, _)| format!("{what}: leaflet side {} holds a blank page", n / 2 + 1))
        .collect()
}

#[test]
fn no_page_names_the_program_or_its_options() {
    let found = &findings().words;
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn no_leaflet_page_is_blank() {
    let found = &findings().blank;
    assert!(found.is_empty(), "{}", found.join("\n"));
}
