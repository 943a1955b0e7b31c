//! Kits in every language (issue 21): every built-in variant (and each
//! one with its optional rules switched on, Tafel's among them) × every
//! built-in theme and the starter theme × every language folder is laid
//! out through the library, in one process, on every core (rayon), with
//! the per-process memo (puzzles and figure placement are made once per
//! variant) and the tests' puzzle cache (`common::kit`).
//!
//! What a kit's words depend on is the variant, the theme and the
//! language together (a rule sentence agrees with the theme's nouns in
//! the language's grammar); the paper and the colour change only where
//! lines break and what fits. So each variant × theme × language is laid
//! out once (648 kits), on one of the four looks (A4 and Letter, colour
//! and `--mono`) in turn: the look is the sum of the three indices modulo
//! four, so every variant × language, every theme × language and every
//! variant × theme meets all four looks, and every triple is read in
//! words. [`every_variant_theme_and_language_builds_on_every_look`] checks
//! that this holds. The full product (every triple on every look, 2,592
//! kits, four times the CPU) is `TAFLKIT_MATRIX=full`; `TAFLKIT_MATRIX=quick`
//! keeps only the kits of the rotation that fall on A4 in colour (a
//! quarter, for working on words: every pair of variant, theme and
//! language still met once).
//!
//! Laying out is what can fail for a language (a word that does not fit,
//! a template that does not render); serialising the page model to PDF
//! depends on the words only through their glyphs (the fonts' subsets).
//! So a covering subset is serialised to PDF: every theme × language
//! once, with a variant chosen in turn (on that kit's look), so every
//! variant is serialised, and both papers and both colours in every
//! language. Measured on 2026-11-25 (2 cores, dev profile): serialising
//! all 504 variant × theme × language kits of that day once took about as
//! long as laying out the whole matrix.
//!
//! The laid-out text of every kit is kept ([`kits`]) for the checks of
//! `lang_english` and `lang_grammar`, which read every line every kit
//! prints; of the kits written as PDF, the text extracted back from the
//! bytes too (what `pdftotext` or a screen reader gets), which
//! `lang_english` reads as well.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use rayon::prelude::*;
use taflkit::layout::Document;
use taflkit::layout::paper::Paper;
use taflkit::rules::Variant;
use taflkit::theme::Theme;
use taflkit::words::Lang;

use crate::common;
use crate::common::kit::{KitOptions, build};

/// One laid-out kit: what it was made of and every line it prints.
pub struct KitText {
    pub variant: String,
    pub theme: Theme,
    pub lang: Lang,
    pub paper: Paper,
    pub mono: bool,
    /// Whether it is the kit of its variant × theme × language the
    /// rotation of looks lays out (every kit is, but in the full matrix):
    /// one per triple, for the checks of words alone.
    pub in_turn: bool,
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

    /// Which of [`LOOKS`] it is laid out on.
    fn look(&self) -> usize {
        LOOKS
            .iter()
            .position(|l| *l == (self.paper, self.mono))
            .expect("a kit of the matrix is on one of its looks")
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
    in_turn: bool,
    /// Whether this one is also written as a PDF.
    serialise: bool,
}

/// The four looks (paper, mono) a kit is laid out on; the first is the
/// one `TAFLKIT_MATRIX=quick` keeps.
const LOOKS: [(Paper, bool); 4] = [
    (Paper::A4, false),
    (Paper::Letter, true),
    (Paper::Letter, false),
    (Paper::A4, true),
];

/// How much of the product of variants, themes, languages and looks is
/// laid out (`TAFLKIT_MATRIX`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Matrix {
    /// Each variant × theme × language on one look, in turn (the default).
    Rotated,
    /// Each variant × theme × language on every look (`full`).
    Full,
    /// The rotated kits on A4 in colour alone (`quick`).
    Quick,
}

/// The matrix `TAFLKIT_MATRIX` asks for; any other value is refused (a
/// mistyped `ful` must not quietly run the default).
pub fn matrix() -> Matrix {
    match std::env::var("TAFLKIT_MATRIX").as_deref() {
        Err(_) | Ok("") => Matrix::Rotated,
        Ok("full") => Matrix::Full,
        Ok("quick") => Matrix::Quick,
        Ok(other) => panic!("TAFLKIT_MATRIX={other}: it takes full or quick"),
    }
}

/// Whether `TAFLKIT_MATRIX=quick` asks for A4 in colour alone.
pub fn quick() -> bool {
    matrix() == Matrix::Quick
}

/// Which look the rotation gives a variant × theme × language (by their
/// indices): the sum modulo four, so fixing any two of the three and
/// running the third through its values (at least six each) meets every
/// look.
fn turn(variant: usize, theme: usize, lang: usize) -> usize {
    (variant + theme + lang) % LOOKS.len()
}

fn combos() -> Vec<Combo> {
    let mut out = Vec::new();
    let variants = common::variants_and_options();
    let themes = themes();
    let matrix = matrix();
    for (vi, v) in variants.iter().enumerate() {
        for (ti, t) in themes.iter().enumerate() {
            for lang in Lang::all() {
                let theme = t
                    .in_language(lang)
                    .unwrap_or_else(|f| panic!("{} in {lang}: {f}", t.id));
                // The theme × language pairs in turn: which variant is
                // serialised (on its kit's look).
                let pair = ti * Lang::all().count() + lang.index();
                let chosen = pair % variants.len() == vi;
                let in_turn = turn(vi, ti, lang.index());
                for (i, &(paper, mono)) in LOOKS.iter().enumerate() {
                    let laid_out = match matrix {
                        Matrix::Full => true,
                        Matrix::Rotated => i == in_turn,
                        Matrix::Quick => i == in_turn && i == 0,
                    };
                    if laid_out {
                        out.push(Combo {
                            variant: v.clone(),
                            theme: theme.clone(),
                            lang,
                            paper,
                            mono,
                            in_turn: i == in_turn,
                            serialise: chosen && i == in_turn,
                        });
                    }
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
        in_turn: c.in_turn,
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

/// The looks each pair of a kit's three parts (variant, theme, language)
/// is laid out on, with the pair's name.
fn looks_by_pair(ok: &[KitText]) -> BTreeMap<String, BTreeSet<usize>> {
    let mut out: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
    for k in ok {
        let (v, t, l) = (&k.variant, &k.theme.id, k.lang);
        for pair in [
            format!("{v} × {t}"),
            format!("{v} × {l}"),
            format!("{t} × {l}"),
        ] {
            out.entry(pair).or_default().insert(k.look());
        }
    }
    out
}

#[test]
fn every_variant_theme_and_language_builds_on_every_look() {
    let (ok, failed) = kits();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    let langs = Lang::all().count();
    let triples = common::variants_and_options().len() * themes().len() * langs;
    // Each variant × theme × language is laid out: once, on every look,
    // or (quick) on A4 in colour when that is its turn.
    let mut per_triple: BTreeMap<String, usize> = BTreeMap::new();
    for k in ok {
        *per_triple
            .entry(format!("{} × {} × {}", k.variant, k.theme.id, k.lang))
            .or_default() += 1;
    }
    let each = match matrix() {
        Matrix::Full => LOOKS.len(),
        Matrix::Rotated | Matrix::Quick => 1,
    };
    assert!(per_triple.values().all(|n| *n == each), "{per_triple:?}");
    if matrix() != Matrix::Quick {
        assert_eq!(per_triple.len(), triples);
    }
    // Every pair of the three meets every look (quick: at least once).
    let pairs = looks_by_pair(ok);
    let want = if quick() { 1 } else { LOOKS.len() };
    let short: Vec<_> = pairs.iter().filter(|(_, l)| l.len() < want).collect();
    assert!(short.is_empty(), "pairs not on every look: {short:?}");
    assert_eq!(pairs.len(), per_pair_count(langs));
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

/// How many pairs of variant × theme, variant × language and theme ×
/// language there are.
fn per_pair_count(langs: usize) -> usize {
    let (v, t) = (common::variants_and_options().len(), themes().len());
    v * t + v * langs + t * langs
}

/// The kits written as PDF cover what their text depends on: every
/// theme × language once, every variant, and in every language both
/// papers and both colours.
#[test]
fn the_written_kits_cover_every_variant_paper_and_colour() {
    let (ok, _) = kits();
    let written: Vec<&KitText> = ok.iter().filter(|k| k.pdf.is_some()).collect();
    if quick() {
        // Only those of the chosen kits that fall on A4 in colour.
        assert!(!written.is_empty());
        return;
    }
    let pairs: BTreeSet<(String, Lang)> = written
        .iter()
        .map(|k| (k.theme.id.clone(), k.lang))
        .collect();
    assert_eq!(written.len(), themes().len() * Lang::all().count());
    assert_eq!(
        pairs.len(),
        written.len(),
        "a theme × language written twice"
    );
    let variants: BTreeSet<&str> = written.iter().map(|k| k.variant.as_str()).collect();
    assert_eq!(variants.len(), common::variants_and_options().len());
    for lang in Lang::all() {
        let looks: BTreeSet<usize> = written
            .iter()
            .filter(|k| k.lang == lang)
            .map(|k| k.look())
            .collect();
        assert_eq!(looks.len(), LOOKS.len(), "{lang}: {looks:?}");
    }
}
