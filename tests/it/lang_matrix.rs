//! Kits in every language (issue 21): every built-in variant (and each
//! one with its optional rules switched on, Tafel's among them) × every
//! built-in theme and the starter theme × every language folder, on A4
//! and Letter, in colour and with `--mono`, is laid out through the
//! library, in one process, on every core (rayon), with the per-process
//! memo (puzzles and figure placement are made once per variant).
//!
//! Laying out is what can fail for a language (a word that does not fit,
//! a template that does not render); serialising the page model to PDF
//! depends on the words only through their glyphs (the fonts' subsets).
//! So every combination is laid out (2,016 kits), and a covering subset
//! is serialised to PDF: every theme × language once, with a variant,
//! paper and colour chosen in turn, so every variant is serialised, and
//! both papers and both colours in every language. Measured on 2026-11-25
//! (2 cores, dev profile): serialising all 504 variant × theme × language
//! kits once took about as long as laying out the whole matrix, which
//! with it took 3.5 minutes of CPU, over the budget of this test.
//!
//! The laid-out text of every kit is kept ([`kits`]) for the checks of
//! `lang_english` and `lang_grammar`, which read every line every kit
//! prints; of the kits written as PDF, the text extracted back from the
//! bytes too (what `pdftotext` or a screen reader gets), which
//! `lang_english` reads as well.
//!
//! `TAFLKIT_MATRIX=quick` lays out A4 in colour only (a quarter of the
//! kits), for working on words; the full matrix is what CI runs.

use std::sync::OnceLock;

use rayon::prelude::*;
use taflkit::kit::{KitOptions, build};
use taflkit::layout::Document;
use taflkit::layout::paper::Paper;
use taflkit::rules::Variant;
use taflkit::theme::Theme;
use taflkit::words::Lang;

use crate::common;

/// One laid-out kit: what it was made of and every line it prints.
pub struct KitText {
    pub variant: String,
    pub theme: Theme,
    pub lang: Lang,
    pub paper: Paper,
    pub mono: bool,
    /// The lines of text of each page, in the order they are drawn.
    pub pages: Vec<Vec<String>>,
    /// The PDF's title and subject (metadata are printed words too).
    pub metadata: [String; 2],
    /// For the kits written as PDF: the text of each page as a reader
    /// (or `pdftotext`) extracts it from the bytes, through the fonts'
    /// ToUnicode maps.
    pub pdf: Option<Vec<String>>,
}

impl KitText {
    pub fn name(&self) -> String {
        format!(
            "{} × {} × {} × {:?}{}",
            self.variant,
            self.theme.id,
            self.lang,
            self.paper,
            if self.mono { " mono" } else { "" }
        )
    }

    /// Every line of the kit, pages one after another.
    pub fn lines(&self) -> impl Iterator<Item = &str> {
        self.metadata
            .iter()
            .map(String::as_str)
            .chain(self.pages.iter().flatten().map(String::as_str))
    }
}

/// Every built-in theme and the starter theme `new-theme` writes.
pub fn themes() -> Vec<Theme> {
    let mut out: Vec<Theme> = Theme::builtin_ids()
        .iter()
        .map(|id| Theme::builtin(id).unwrap())
        .collect();
    out.push(Theme::load(concat!(env!("CARGO_MANIFEST_DIR"), "/themes/starter")).unwrap());
    out
}

/// A variant's name in messages: its id, "+options" with its options on.
fn variant_name(v: &Variant) -> String {
    let on = v.options.iter().any(|o| o.enabled);
    format!("{}{}", v.name, if on { " +options" } else { "" })
}

struct Combo {
    variant: Variant,
    theme: Theme,
    lang: Lang,
    paper: Paper,
    mono: bool,
    /// Whether this one is also written as a PDF.
    serialise: bool,
}

/// The papers and colours laid out: all four, or A4 in colour alone when
/// `TAFLKIT_MATRIX=quick`.
fn looks() -> Vec<(Paper, bool)> {
    let all = vec![
        (Paper::A4, false),
        (Paper::Letter, true),
        (Paper::Letter, false),
        (Paper::A4, true),
    ];
    if quick() {
        all.into_iter().take(1).collect()
    } else {
        all
    }
}

/// Whether `TAFLKIT_MATRIX=quick` asks for A4 in colour alone.
pub fn quick() -> bool {
    std::env::var("TAFLKIT_MATRIX").is_ok_and(|v| v == "quick")
}

fn combos() -> Vec<Combo> {
    let mut out = Vec::new();
    let variants = common::variants_and_options();
    let themes = themes();
    for (vi, v) in variants.iter().enumerate() {
        for (ti, t) in themes.iter().enumerate() {
            for lang in Lang::all() {
                let theme = t
                    .in_language(lang)
                    .unwrap_or_else(|f| panic!("{} in {lang}: {f}", t.id));
                // The theme × language pairs in turn: which variant, and
                // which of the four (paper, colour), is serialised.
                let pair = ti * Lang::all().count() + lang.index();
                let chosen = if pair % variants.len() == vi {
                    (ti + lang.index()) % 4
                } else {
                    usize::MAX
                };
                for (i, (paper, mono)) in looks().into_iter().enumerate() {
                    out.push(Combo {
                        variant: v.clone(),
                        theme: theme.clone(),
                        lang,
                        paper,
                        mono,
                        serialise: i == chosen,
                    });
                }
            }
        }
    }
    out
}

fn lines_of(doc: &Document) -> Vec<Vec<String>> {
    doc.pages
        .iter()
        .map(|p| {
            let mut texts = Vec::new();
            common::texts(&p.items, &mut texts);
            texts.into_iter().map(|t| t.text).collect()
        })
        .collect()
}

fn make(c: &Combo) -> Result<KitText, String> {
    let name = format!(
        "{} × {} × {} × {:?}{}",
        variant_name(&c.variant),
        c.theme.id,
        c.lang,
        c.paper,
        if c.mono { " mono" } else { "" }
    );
    let opts = KitOptions {
        paper: c.paper,
        mono: c.mono,
        ..KitOptions::default()
    };
    let doc = build(&c.variant, &c.theme, &opts).map_err(|e| format!("{name}: {e}"))?;
    if doc.pages.len() < 3 {
        return Err(format!("{name}: only {} pages", doc.pages.len()));
    }
    if doc.lang != c.lang.code() {
        return Err(format!("{name}: the document says it is '{}'", doc.lang));
    }
    let pdf = if c.serialise {
        let pdf = taflkit::render::pdf(&doc).map_err(|e| format!("{name}: pdf: {e}"))?;
        if !pdf.starts_with(b"%PDF-") {
            return Err(format!("{name}: not a PDF"));
        }
        Some(extract_text(&pdf).map_err(|e| format!("{name}: reading the PDF back: {e}"))?)
    } else {
        None
    };
    Ok(KitText {
        variant: variant_name(&c.variant),
        theme: c.theme.clone(),
        lang: c.lang,
        paper: c.paper,
        mono: c.mono,
        pages: lines_of(&doc),
        metadata: [doc.title.clone(), doc.subject.clone()],
        pdf,
    })
}

/// The text of each page of a written PDF, as `lopdf` extracts it: the
/// glyphs shown, mapped back to characters by each font's ToUnicode map
/// (a PDF without them extracts nothing readable).
fn extract_text(pdf: &[u8]) -> Result<Vec<String>, lopdf::Error> {
    let doc = lopdf::Document::load_mem(pdf)?;
    doc.get_pages()
        .keys()
        .map(|&n| doc.extract_text(&[n]))
        .collect()
}

/// Every kit of the matrix, laid out once per test process; the kits
/// that failed, by name and reason.
pub fn kits() -> &'static (Vec<KitText>, Vec<String>) {
    static KITS: OnceLock<(Vec<KitText>, Vec<String>)> = OnceLock::new();
    KITS.get_or_init(|| {
        let results: Vec<Result<KitText, String>> = combos().par_iter().map(make).collect();
        let mut ok = Vec::new();
        let mut failed = Vec::new();
        for r in results {
            match r {
                Ok(k) => ok.push(k),
                Err(e) => failed.push(e),
            }
        }
        (ok, failed)
    })
}

#[test]
fn every_variant_theme_language_paper_and_colour_builds() {
    let (ok, failed) = kits();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    let langs = Lang::all().count();
    let want = common::variants_and_options().len() * themes().len() * langs * looks().len();
    assert_eq!(ok.len(), want);
    // Tafel with its options is among them, in every language.
    for lang in Lang::all() {
        assert!(
            ok.iter().any(|k| k.lang == lang
                && k.variant.starts_with("Tafel")
                && k.variant.ends_with("+options")),
            "{lang}"
        );
    }
}
