//! Every printed page speaks as a kit, not as a program: over every
//! built-in kit, in every language, on A4, Letter and A3, with and
//! without the extra leaflet sheet (each variant × language on one of
//! those six in turn; `TAFLKIT_MATRIX=full` for all six), no page holds
//! "--", a command line
//! ("taflkit build …") or the name of a command-line option (how to get
//! what they give is the docs' job), and
//! no leaflet page is left blank (the extra sheet adds only pages with
//! something on them; copies of the game record sheet fill only the pages
//! a whole folded sheet would otherwise leave blank, and the cover counts
//! them).

use crate::common;
use crate::common::kit::{self, KitOptions};
use rayon::prelude::*;
use taflkit::layout::paper::Paper;
use taflkit::layout::{Document, Item, Page};
use taflkit::rules::Variant;
use taflkit::theme::Theme;
use taflkit::words::{Args, Lang, Msg};

/// What no printed sentence has reason to hold: a command line
/// ("taflkit build", "taflkit preview" …), the program's name followed by
/// a word at all ("taflkit " reads as a command; the credits and "About
/// this kit" name it only at a sentence's end or in a compound) and the
/// names of `build`'s options of two words joined by a hyphen
/// ("square-mm"); the others are caught by their "--".
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
    ["--".to_string(), "taflkit ".to_string()]
        .into_iter()
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
                out.push(common::strings(&g.items));
            }
        }
    }
    out
}

fn page_text(p: &Page) -> String {
    common::strings(&p.items).join("\n")
}

/// The looks a kit is laid out on here: the three papers, each with and
/// without the extra sheet.
const LOOKS: [(Paper, bool); 6] = [
    (Paper::A4, false),
    (Paper::Letter, true),
    (Paper::A3, false),
    (Paper::A4, true),
    (Paper::Letter, false),
    (Paper::A3, true),
];

/// Every built-in kit in its own theme, in every language, and each
/// variant with its options on (Tafel's rules are longest so) in English.
/// Each variant × language is laid out on one of [`LOOKS`] in turn (the
/// sum of their indices modulo six), so every variant and every language
/// meets every paper with and without the extra sheet; a variant with its
/// options on meets them all. What a page says depends on the variant and
/// the language; the paper and the extra sheet change how many leaflet
/// pages there are, which the blank-page and copies checks are about.
/// `TAFLKIT_MATRIX=full` lays out every variant × language on every look
/// (six times the kits).
fn every_kit() -> Vec<(Variant, Theme, Paper, bool)> {
    let mut out = Vec::new();
    for (vi, v) in common::variants_and_options().into_iter().enumerate() {
        let with_options = v.options.iter().any(|o| o.enabled);
        let theme = Theme::load(v.default_theme.as_deref().unwrap_or("viking")).unwrap();
        for lang in Lang::all() {
            if with_options && lang != Lang::english() {
                continue;
            }
            let theme = theme.in_language(lang).unwrap();
            for (i, &(paper, extras)) in LOOKS.iter().enumerate() {
                if with_options || common::in_turn(i, LOOKS.len(), vi + lang.index()) {
                    out.push((v.clone(), theme.clone(), paper, extras));
                }
            }
        }
    }
    out
}

/// A kit's variant as the messages name it.
fn variant_id(v: &Variant) -> String {
    if v.options.iter().any(|o| o.enabled) {
        format!("{} with options", v.id)
    } else {
        v.id.clone()
    }
}

/// The rotation of [`every_kit`] meets every look with every variant and
/// with every language.
#[test]
fn every_variant_and_language_meets_every_paper_with_and_without_extras() {
    use std::collections::{BTreeMap, BTreeSet};
    let mut looks: BTreeMap<String, BTreeSet<(&str, bool)>> = BTreeMap::new();
    for (v, theme, paper, extras) in every_kit() {
        for key in [variant_id(&v), theme.lang.code().to_string()] {
            looks.entry(key).or_default().insert((paper.name(), extras));
        }
    }
    let variants = common::variants_and_options().len();
    assert_eq!(looks.len(), variants + Lang::all().count(), "{looks:?}");
    for (what, met) in &looks {
        assert_eq!(met.len(), LOOKS.len(), "{what}: {met:?}");
    }
}

/// What each kit's pages get wrong, found once for both tests: the words
/// no page may hold, and blank leaflet pages.
struct Findings {
    words: Vec<String>,
    blank: Vec<String>,
    copies: Vec<String>,
}

fn findings() -> &'static Findings {
    static FOUND: std::sync::OnceLock<Findings> = std::sync::OnceLock::new();
    FOUND.get_or_init(|| {
        let bad = forbidden();
        assert!(bad.iter().any(|o| o == "square-mm"), "{bad:?}");
        assert!(bad.iter().any(|o| o == "taflkit build"), "{bad:?}");
        let per_kit: Vec<[Vec<String>; 3]> = every_kit()
            .into_par_iter()
            .map(|(v, theme, paper, extras)| {
                let id = variant_id(&v);
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
                [
                    words_found(&doc, &bad, &what),
                    blank_found(&doc, &what),
                    copies_found(&doc, &theme, extras, &what),
                ]
            })
            .collect();
        let all = |i: usize| per_kit.iter().flat_map(|f| f[i].clone()).collect();
        Findings {
            words: all(0),
            blank: all(1),
            copies: all(2),
        }
    })
}

/// Each page of `doc` holding one of the `bad` words, and each line of
/// the cover cut short.
fn words_found(doc: &Document, bad: &[String], what: &str) -> Vec<String> {
    let mut found = Vec::new();
    // A settings value too long for the cover's table is cut short with
    // "…": every value must be said whole.
    for line in common::strings(&doc.pages[0].items) {
        if line.ends_with('…') {
            found.push(format!("{what}: the cover cuts {line:?} short"));
        }
    }
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

/// The game record sheet's copies, when the leaflet prints more than one:
/// with the extra sheet it is printed at least once; copies fill only the
/// pages a whole folded sheet would otherwise leave blank (the leaflet
/// holds no whole sheet of them: fewer pages of the rest would have made
/// a shorter leaflet); and the cover counts them where it says which pages
/// hold them.
fn copies_found(doc: &Document, theme: &Theme, extras: bool, what: &str) -> Vec<String> {
    let words = theme.words();
    let title = words.say(Msg::RecordTitle);
    let pages = leaflet_pages(doc);
    let total = pages.len();
    let sheets = pages.iter().filter(|p| p.contains(&title)).count();
    let mut found = Vec::new();
    if extras && sheets == 0 {
        found.push(format!("{what}: no game record sheet with the extra sheet"));
    }
    if sheets > 1 && (total - sheets + 1).next_multiple_of(4) != total {
        found.push(format!(
            "{what}: {sheets} record sheets in a {total}-page leaflet, more than its blank pages need"
        ));
    }
    if sheets > 0 {
        let squeeze = |s: &str| -> String {
            s.chars()
                .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '\u{ad}'))
                .flat_map(char::to_lowercase)
                .collect()
        };
        let cover = squeeze(&page_text(&doc.pages[0]));
        let counted = words.say_with(
            Msg::PartRecordSheets,
            &Args::new().num("count", sheets as i64),
        );
        if !cover.contains(&squeeze(&counted)) {
            found.push(format!("{what}: the cover does not say {counted:?}"));
        }
    }
    found
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

#[test]
fn record_sheet_copies_fill_only_blank_pages_and_are_counted() {
    let found = &findings().copies;
    assert!(found.is_empty(), "{}", found.join("\n"));
}
