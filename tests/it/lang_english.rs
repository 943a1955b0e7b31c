//! No English in a kit of another language (issue 21): in the laid-out
//! text of every kit of the matrix (`lang_matrix`: every page, and the
//! PDF's title and subject), and in the text extracted from the bytes of
//! the kits the matrix writes as PDF (what `pdftotext` of every page
//! finds), English function words and the words of English rules are
//! counted; every one found must be part of a proper
//! name the kit prints (the theme's or the variant's name: "Sea Battle",
//! "York"), or a word of the language itself that looks English, allowed
//! per language below with the reason.

use std::collections::{BTreeMap, BTreeSet};

use crate::lang_matrix::{KitText, kits};

/// Words an English sentence cannot do without, and the words of English
/// tafl rules.
const ENGLISH: &[&str] = &[
    "the", "and", "of", "is", "are", "to", "a", "an", "it", "its", "with", "from", "this", "that",
    "when", "where", "which", "who", "your", "you", "each", "by", "for", "on", "or", "be", "been",
    "not", "no", "if", "than", "then", "only", "between", "page", "sheet", "move", "moves",
    "moved", "captured", "capture", "captures", "piece", "pieces", "board", "square", "squares",
    "side", "sides", "wins", "win", "king", "turn", "cut", "fold", "glue", "print", "printed",
    "card", "cards", "rules", "figure", "shows", "words", "art", "project",
];

/// Words of each language that are spelled as an English word in
/// [`ENGLISH`], and why they are that language's own.
const NATIVE: &[(&str, &[(&str, &str)])] = &[
    (
        "nb",
        &[
            ("to", "the number two"),
            ("for", "preposition: for hver omgang"),
            ("side", "side (of the board, of a sheet), page"),
            ("sides", "genitive of side: a page's"),
            ("by", "imperative of by (bid): by om sidene"),
            ("on", "never Norwegian; listed so a stray one is found"),
            ("a", "never Norwegian; listed so a stray one is found"),
        ],
    ),
    (
        "da",
        &[
            ("to", "the number two"),
            ("be", "to ask (bede): be om"),
            ("for", "preposition: for tredje gang"),
            ("fold", "imperative of folde: fold dem på midten"),
            ("side", "side (of the board), page"),
            ("sides", "genitive of side"),
        ],
    ),
    (
        "sv",
        &[("a", "never Swedish; listed so a stray one is found")],
    ),
    (
        "de",
        &[
            ("an", "preposition: an den Rand, am Zug"),
            ("so", "so (thus): so viele"),
            ("in", "preposition"),
            ("will", "wants: wer gewinnen will"),
            ("was", "what"),
        ],
    ),
    (
        "fr",
        &[
            ("a", "has: il a, a gagné"),
            ("an", "year: en l’an 954"),
            ("capture", "la capture du roi, the French noun"),
            ("page", "page (French)"),
            ("on", "the pronoun on (one, we)"),
            ("son", "his/her"),
            ("sa", "his/her"),
            ("art", "l'art, the French word"),
            (
                "figure",
                "la figure, the French word for a numbered drawing",
            ),
            ("cut", "never French; listed so a stray one is found"),
        ],
    ),
];

/// The words a kit's language allows, by the table above. Entries whose
/// reason says "never" are not allowed: they are there to document that
/// the word was considered.
fn native(lang: &str) -> BTreeSet<&'static str> {
    NATIVE
        .iter()
        .filter(|(l, _)| *l == lang)
        .flat_map(|(_, words)| words.iter())
        .filter(|(_, why)| !why.starts_with("never"))
        .map(|(w, _)| *w)
        .collect()
}

/// The words of a line, lower case: squares and numbers ("c7-a7",
/// "1/4") are no words, nor are the file letters along a board's edge (a
/// line of single letters), nor a word cut short ("a…": the cover's
/// settings table cuts a value too long for it).
fn words_of(text: &str) -> Vec<String> {
    let words: Vec<String> = text
        .split_whitespace()
        .filter(|t| !t.chars().any(|c| c.is_ascii_digit()) && !t.ends_with('…'))
        .flat_map(|t| t.split(|c: char| !c.is_alphabetic()))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    if words.iter().all(|w| w.chars().count() == 1) {
        return Vec::new();
    }
    words
}

/// The words of the proper names a kit prints: the theme's title, name
/// and proper nouns in the kit's language, and the variant's name.
fn proper_words(kit: &KitText) -> BTreeSet<String> {
    let t = &kit.theme;
    let mut names: Vec<&str> = vec![&t.name, &kit.variant];
    names.extend(t.title.as_deref());
    let n = &t.names;
    for noun in n.nouns() {
        if noun.proper {
            names.push(&noun.one);
        }
    }
    names.iter().flat_map(|s| words_of(s)).collect()
}

/// Lines, a word hyphenated at a line's end joined again ("an-" and
/// "fallare": "anfallare"). Lines are trimmed: text extracted from a PDF
/// keeps the space glyph a line was set with at its end ("an- ").
fn joined_lines<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in lines.map(str::trim) {
        let broken = out.last().is_some_and(|l| {
            l.ends_with('-')
                && l[..l.len() - 1].ends_with(char::is_alphabetic)
                && line.starts_with(char::is_lowercase)
        });
        match out.last_mut() {
            Some(last) if broken => {
                last.pop();
                last.push_str(line);
            }
            _ => out.push(line.to_string()),
        }
    }
    out
}

/// The English words found in the lines of non-English kits (each kit
/// gives its lines by `lines_of`), by language and word, with the lines
/// they are in; and how many kits were read.
fn english_in<'a>(
    kits: impl Iterator<Item = &'a KitText>,
    lines_of: impl Fn(&'a KitText) -> Option<Vec<String>>,
) -> (Vec<String>, usize) {
    let english: BTreeSet<&str> = ENGLISH.iter().copied().collect();
    let mut found: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut checked = 0;
    for kit in kits.filter(|k| !k.lang.is_english()) {
        let Some(lines) = lines_of(kit) else {
            continue;
        };
        checked += 1;
        let allowed = native(kit.lang.code());
        let proper = proper_words(kit);
        for line in lines {
            for w in words_of(&line) {
                if english.contains(w.as_str())
                    && !allowed.contains(w.as_str())
                    && !proper.contains(&w)
                {
                    found
                        .entry(format!("{} {}", kit.lang, w))
                        .or_default()
                        .insert(format!("{}: {line}", kit.name()));
                }
            }
        }
    }
    let report = found
        .iter()
        .map(|(w, lines)| {
            format!(
                "{w} ({} lines), e.g. {}",
                lines.len(),
                lines.iter().next().unwrap()
            )
        })
        .collect();
    (report, checked)
}

#[test]
fn no_kit_in_another_language_prints_english() {
    let (kits, _) = kits();
    let (report, checked) = english_in(kits.iter(), |k| Some(joined_lines(k.lines())));
    assert!(checked > 0);
    assert!(report.is_empty(), "English in kits:\n{}", report.join("\n"));
}

/// What `pdftotext` of every page would find: the text extracted from
/// the bytes of the kits written as PDF (every theme × language, every
/// variant among them), read the same way.
#[test]
fn no_written_pdf_in_another_language_holds_english() {
    let (kits, _) = kits();
    let (report, checked) = english_in(kits.iter(), |k| {
        let pages = k.pdf.as_ref()?;
        let lines = pages.iter().flat_map(|p| p.lines());
        Some(joined_lines(
            lines.chain(k.metadata.iter().map(String::as_str)),
        ))
    });
    // Every theme × language other than English is written once (those
    // that fall on A4 in colour when the matrix is quick).
    let want = crate::lang_matrix::themes().len() * (taflkit::words::Lang::all().count() - 1);
    assert!(
        checked == want || crate::lang_matrix::quick() && checked > 0,
        "{checked} of {want}"
    );
    assert!(report.is_empty(), "English in PDFs:\n{}", report.join("\n"));
}

/// The words of the written PDFs are the words laid out: each page's
/// extracted text holds every word its laid-out lines print, so the
/// fonts' ToUnicode maps give the reader (and the test above) the real
/// text.
#[test]
fn the_written_pdfs_read_back_as_laid_out() {
    let (kits, _) = kits();
    let mut missing = Vec::new();
    let mut read = 0;
    for kit in kits {
        let Some(pdf) = &kit.pdf else { continue };
        read += 1;
        assert_eq!(pdf.len(), kit.pages.len(), "{}", kit.name());
        for (k, (text, lines)) in pdf.iter().zip(&kit.pages).enumerate() {
            let extracted: BTreeSet<String> = words_of(text).into_iter().collect();
            let absent: Vec<String> = lines
                .iter()
                .flat_map(|l| words_of(l))
                .filter(|w| !extracted.contains(w))
                .collect();
            if !absent.is_empty() {
                missing.push(format!("{} page {}: {absent:?}", kit.name(), k + 1));
            }
        }
    }
    assert!(read > 0);
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn the_english_kits_do_use_these_words() {
    // The count above would pass on an empty page: the English kits print
    // most of the words it looks for.
    let (kits, _) = kits();
    let english: BTreeSet<&str> = ENGLISH.iter().copied().collect();
    let seen: BTreeSet<String> = kits
        .iter()
        .filter(|k| k.lang.is_english())
        .flat_map(|k| k.lines().flat_map(words_of).collect::<Vec<_>>())
        .filter(|w| english.contains(w.as_str()))
        .collect();
    assert!(seen.len() * 4 >= english.len() * 3, "only {seen:?}");
}
