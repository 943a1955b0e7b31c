//! Hyphenation (issue 21): a kit in a language of long compounds (nb, sv,
//! da, de) breaks a word too long for what is left of a line at a point
//! its patterns allow, with a hyphen; no line is wider than its measure,
//! the hyphen included; English is set without hyphens.

use taflkit::layout::FontRole;
use taflkit::layout::text::SOFT_HYPHEN;
use taflkit::layout::text::{FontSet, Span, break_lines};
use taflkit::theme::Theme;
use taflkit::units::{Mm, Pt};
use taflkit::words::Lang;
use taflkit::words::hyphen::{for_kit, patterns};

/// Sentences of long compounds, as the cards and rules print them.
const TEXTS: &[(&str, &str)] = &[
    (
        "de",
        "Die Spielhilfekarten zeigen die Verteidigungsstellungen, die Umzingelungsregel und die Stellungswiederholung.",
    ),
    (
        "nb",
        "Stillingsgjentakelse og omringingsregelen står på regelkortene ved siden av forsvarsstillingene.",
    ),
    (
        "sv",
        "Ställningsupprepning och inringningsregeln står på regelkorten bredvid försvarsställningarna.",
    ),
    (
        "da",
        "Stillingsgentagelse og omringningsreglen står på regelkortene ved siden af forsvarsstillingerne.",
    ),
];

/// Where the patterns allow a break in `word` (byte offsets).
fn points(word: &str, lang: Lang) -> Vec<usize> {
    let mut at = 0;
    hypher::hyphenate(word, patterns(lang).unwrap())
        .map(|p| {
            at += p.len();
            at
        })
        .collect()
}

fn line_text(l: &taflkit::layout::text::Line) -> String {
    l.runs.iter().map(|r| r.text.as_str()).collect()
}

#[test]
fn long_words_break_at_pattern_points_and_fit() {
    for &(code, text) in TEXTS {
        let lang = Lang::from_code(code).unwrap();
        let fonts = FontSet::builtin().with_hyphenation(for_kit(lang, &[]));
        let spans = [Span::new(text, FontRole::Body)];
        let mut hyphens = 0;
        for mm in [22.0, 28.0, 35.0, 45.0] {
            let width = Mm(mm);
            let lines = break_lines(&fonts, &spans, Pt(8.0), width, Mm::ZERO, Mm::ZERO);
            for l in &lines {
                assert!(l.width.0 <= width.0 + 1e-6, "{code} {mm}: {}", line_text(l));
            }
            for pair in lines.windows(2) {
                let (a, b) = (line_text(&pair[0]), line_text(&pair[1]));
                let Some(head) = a.strip_suffix('-') else {
                    continue;
                };
                hyphens += 1;
                let start = head.split_whitespace().last().unwrap();
                let rest = b.split_whitespace().next().unwrap();
                let rest = rest.trim_end_matches(|c: char| !c.is_alphabetic());
                let word = format!("{start}{rest}");
                assert!(
                    points(&word, lang).contains(&start.len()),
                    "{code}: {word} broken after {start}"
                );
            }
            // Nothing lost or added but the hyphens.
            let joined: String = lines
                .iter()
                .map(|l| line_text(l).trim_end_matches('-').to_string())
                .collect::<Vec<_>>()
                .join("");
            let squeeze = |s: &str| s.split_whitespace().collect::<String>();
            assert_eq!(squeeze(&joined), squeeze(text), "{code} {mm}");
        }
        assert!(hyphens > 0, "{code}: no word was hyphenated");
    }
}

#[test]
fn english_is_set_without_hyphens() {
    let en = Lang::english();
    assert!(patterns(en).is_none());
    let fonts = FontSet::builtin().with_hyphenation(for_kit(en, &[]));
    let text = "The defenders surround the attackers, encirclement notwithstanding.";
    let spans = [Span::new(text, FontRole::Body)];
    let lines = break_lines(&fonts, &spans, Pt(8.0), Mm(30.0), Mm::ZERO, Mm::ZERO);
    assert!(lines.iter().all(|l| !line_text(l).ends_with('-')));
}

/// Every name form of a theme in its language, as printed.
fn name_forms(t: &Theme) -> Vec<String> {
    t.names
        .nouns()
        .into_iter()
        .flat_map(|n| n.forms().cloned())
        .collect()
}

/// A theme marks with soft hyphens where a name may break (York's
/// Northumbrians, which the Nordic patterns break "Nort-humbrier"): the
/// names print without the marks, and a line ending inside such a name
/// ends at a mark ("North-" or "Northumbri-"), never where the patterns
/// alone would put it.
#[test]
fn a_theme_marks_where_its_names_break() {
    let york = Theme::builtin("york").unwrap();
    for code in ["nb", "sv", "da"] {
        let lang = Lang::from_code(code).unwrap();
        let t = york.in_language(lang).unwrap();
        let forms = name_forms(&t);
        assert!(
            forms.iter().all(|f| !f.contains(SOFT_HYPHEN)),
            "{code}: {forms:?}"
        );
        assert!(
            !t.names.marked.is_empty(),
            "{code}: York marks its Northumbrians"
        );
        // What the marks are for: the patterns alone break after "Nort".
        let attacker = t.names.attacker.one.to_lowercase();
        assert!(points(&attacker, lang).contains(&4), "{code}: {attacker}");
        let fonts = FontSet::builtin().with_hyphenation(for_kit(lang, &t.names.marked));
        let text = forms
            .iter()
            .filter(|f| f.to_lowercase().contains("northumbri"))
            .cloned()
            .collect::<Vec<_>>()
            .join(" og ");
        let spans = [Span::new(&text, FontRole::Body)];
        let mut broken = 0;
        for tenth in 100..300 {
            let width = Mm(f64::from(tenth) / 10.0);
            let lines = break_lines(&fonts, &spans, Pt(8.0), width, Mm::ZERO, Mm::ZERO);
            // The word broken so far: a line holding only the middle of a
            // word broken twice continues the one before it.
            let mut so_far = String::new();
            for l in &lines {
                let text = line_text(l);
                let Some(head) = text.strip_suffix('-') else {
                    so_far.clear();
                    continue;
                };
                let last = head.split_whitespace().last().unwrap().to_lowercase();
                if head.contains(char::is_whitespace) {
                    so_far.clear();
                }
                so_far.push_str(&last);
                assert!(
                    so_far == "north" || so_far == "northumbri",
                    "{code} at {width:?}: broken after {so_far:?}"
                );
                broken += 1;
            }
        }
        assert!(broken > 0, "{code}: no name was broken at any width");
    }
}
