//! Grammar in every language (issue 21), read from the laid-out text of
//! every kit of the matrix (`lang_matrix`: every variant, its options on
//! and off, × every theme × every language): articles and "one" agree
//! with the gender and number of the theme's nouns, number words from two
//! up never stand before a singular, no noun is doubled ("the
//! Northumbrians Northumbrians", "kongen kongen"), and no template
//! syntax, message id or grammar key reaches a page.
//!
//! The rules of agreement are the languages' own, written out here (not
//! read from `grammar.toml`, which is what is being checked).

use std::collections::BTreeSet;

use taflkit::theme::Noun;
use taflkit::words::{Lang, Msg};

use crate::lang_matrix::{KitText, kits};

/// The articles and forms of "one" that never stand before a singular
/// noun of each gender, by language; and those never before a plural.
struct Agreement {
    lang: &'static str,
    not_before_one: &'static [(&'static str, &'static [&'static str])],
    not_before_many: &'static [&'static str],
    /// The number words from two to twelve: never before a singular.
    two_up: &'static [&'static str],
}

const AGREEMENT: &[Agreement] = &[
    Agreement {
        lang: "en",
        not_before_one: &[],
        not_before_many: &["a", "an", "one"],
        two_up: &[
            "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve",
        ],
    },
    Agreement {
        lang: "nb",
        // "en" and "ei" are masculine and feminine, "et"/"ett" neuter.
        not_before_one: &[
            ("m", &["et", "ett", "ei"]),
            ("f", &["et", "ett"]),
            ("n", &["en", "én", "ei"]),
        ],
        not_before_many: &["en", "én", "ei", "et", "ett"],
        two_up: &[
            "to", "tre", "fire", "fem", "seks", "sju", "åtte", "ni", "ti", "elleve", "tolv",
        ],
    },
    Agreement {
        lang: "sv",
        not_before_one: &[("c", &["ett"]), ("n", &["en"])],
        not_before_many: &["en", "ett"],
        two_up: &[
            "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio", "elva", "tolv",
        ],
    },
    Agreement {
        lang: "da",
        not_before_one: &[("c", &["et", "ét"]), ("n", &["en", "én"])],
        not_before_many: &["en", "én", "et", "ét"],
        two_up: &[
            "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni", "ti", "elleve", "tolv",
        ],
    },
    Agreement {
        lang: "de",
        // Every article and form of "ein" a singular of the gender never
        // takes, in any case.
        not_before_one: &[
            ("m", &["die", "das", "eine", "einer"]),
            (
                "f",
                &["das", "den", "dem", "des", "ein", "einen", "einem", "eines"],
            ),
            ("n", &["die", "den", "eine", "einen", "einer"]),
        ],
        not_before_many: &[
            "ein", "eine", "einen", "einem", "einer", "eines", "das", "dem", "des",
        ],
        two_up: &[
            "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf",
            "zwölf",
        ],
    },
    Agreement {
        lang: "fr",
        not_before_one: &[("m", &["la", "une"]), ("f", &["le", "un", "du", "au"])],
        not_before_many: &["le", "la", "un", "une", "du", "au"],
        two_up: &[
            "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
            "douze",
        ],
    },
];

/// Pairs that look like a wrong article but are another word spelled as
/// the noun, by language, with the reason.
const HOMONYMS: &[(&str, &str, &str, &str)] = &[
    (
        "fr",
        "au",
        "tour",
        "au tour précédent: le tour, a turn, not la tour",
    ),
    ("fr", "le", "tour", "le tour, a turn, not la tour, a tower"),
    ("fr", "du", "tour", "du tour, of the turn, not la tour"),
];

fn homonym(lang: Lang, article: &str, noun: &str) -> bool {
    HOMONYMS
        .iter()
        .any(|(l, a, n, _)| *l == lang.code() && *a == article && *n == noun)
}

/// A kit's text as running prose: each page's lines joined, a word broken
/// at a line's end by a hyphen joined again. A line that starts with a
/// capital starts a new run (a heading, a label, a sentence): the checks
/// never pair words across it. (German nouns start a line with a capital
/// mid-sentence too: those pairs go unchecked.)
fn prose(kit: &KitText) -> Vec<String> {
    let mut out = vec![kit.metadata.join("\n")];
    for page in &kit.pages {
        let mut s = String::new();
        for line in page {
            let lower = line.starts_with(|c: char| c.is_lowercase());
            let joined =
                s.ends_with('-') && lower && s[..s.len() - 1].ends_with(char::is_alphabetic);
            if joined {
                s.pop();
            } else if !s.is_empty() {
                s.push(if lower { ' ' } else { '\n' });
            }
            s.push_str(line);
        }
        out.push(s);
    }
    out
}

/// Whether `hay` holds `a` then `b` as whole words, a space between.
fn has_pair(hay: &str, a: &str, b: &str) -> Option<String> {
    let needle = format!("{} {}", a.to_lowercase(), b.to_lowercase());
    let low = hay.to_lowercase();
    low.match_indices(&needle)
        .find(|(i, _)| {
            let before = low[..*i].chars().next_back();
            let after = low[i + needle.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
        .map(|(i, _)| {
            let start = low[..i].char_indices().rev().nth(30).map_or(0, |(j, _)| j);
            let end = (i + needle.len() + 30).min(low.len());
            let end = (end..=low.len())
                .find(|e| low.is_char_boundary(*e))
                .unwrap();
            low[start..end].to_string()
        })
}

fn nouns(kit: &KitText) -> Vec<(&'static str, &Noun)> {
    let n = &kit.theme.names;
    vec![
        ("king", &n.king),
        ("defender", &n.defender),
        ("attacker", &n.attacker),
        ("defenders", &n.defenders),
        ("attackers", &n.attackers),
        ("centre", &n.centre),
        ("corner", &n.corner),
    ]
}

/// Kits of one paper and colour: the words do not change with them.
fn one_per_language_theme_variant() -> impl Iterator<Item = &'static KitText> {
    kits()
        .0
        .iter()
        .filter(|k| k.paper == taflkit::layout::paper::Paper::A4 && !k.mono)
}

#[test]
fn articles_and_numbers_agree_with_their_nouns() {
    let mut wrong = BTreeSet::new();
    let mut checked = 0;
    for kit in one_per_language_theme_variant() {
        let Some(rules) = AGREEMENT.iter().find(|a| a.lang == kit.lang.code()) else {
            panic!("no agreement rules for {} in this test", kit.lang);
        };
        let text = prose(kit);
        for (key, noun) in nouns(kit) {
            if noun.proper {
                continue;
            }
            // The side names are plurals; a noun whose plural is its
            // singular ("Wichtel") shows no number.
            let side = matches!(key, "defenders" | "attackers");
            let one = (!side && noun.one != noun.many && !noun.one.is_empty()).then_some(&noun.one);
            let gender = noun.gender.as_deref().unwrap_or("");
            for page in &text {
                checked += 1;
                if let Some(one) = one {
                    let bad = rules
                        .not_before_one
                        .iter()
                        .filter(|(g, _)| *g == gender)
                        .flat_map(|(_, arts)| arts.iter())
                        .chain(rules.two_up.iter());
                    for art in bad.filter(|a| !homonym(kit.lang, a, one)) {
                        if let Some(at) = has_pair(page, art, one) {
                            wrong.insert(format!("{}: {key} “{at}”", kit.name()));
                        }
                    }
                }
                if noun.many != noun.one && !noun.many.is_empty() {
                    for art in rules.not_before_many {
                        if let Some(at) = has_pair(page, art, &noun.many) {
                            wrong.insert(format!("{}: {key} “{at}”", kit.name()));
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 0);
    let wrong: Vec<String> = wrong.into_iter().collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The forms of a noun as printed.
fn forms(noun: &Noun) -> Vec<&str> {
    let mut out = vec![noun.one.as_str(), noun.many.as_str()];
    out.extend(noun.one_def.as_deref());
    out.extend(noun.many_def.as_deref());
    out.extend(noun.cases.iter().map(|(_, f)| f.as_str()));
    out.retain(|f| !f.trim().is_empty());
    out
}

#[test]
fn no_noun_is_said_twice_over() {
    let mut wrong = BTreeSet::new();
    for kit in one_per_language_theme_variant() {
        let text = prose(kit);
        for (key, noun) in nouns(kit) {
            let forms = forms(noun);
            let bare = [noun.one.as_str(), noun.many.as_str()];
            // A form said twice, or the last word of a form
            // ("Northumbrians" of "the Northumbrians") followed by a bare
            // form of the same noun.
            for a in &forms {
                let last = a.split_whitespace().last().unwrap_or(a);
                for b in forms.iter().filter(|b| *b == a || bare.contains(b)) {
                    for page in &text {
                        if let Some(at) = has_pair(page, last, b) {
                            wrong.insert(format!("{}: {key} “{at}”", kit.name()));
                        }
                    }
                }
            }
        }
    }
    let wrong: Vec<String> = wrong.into_iter().collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_template_syntax_message_id_or_key_reaches_a_page() {
    let ids: Vec<&str> = Msg::ALL.iter().map(|m| m.id()).collect();
    let syntax = [
        "{{",
        "}}",
        "{%",
        "%}",
        "{#",
        "#}",
        "{$",
        "$",
        "rule_",
        "card_",
        "ph_",
        "one_def",
        "many_def",
        "[names",
        "undefined",
        "\u{2068}",
        "\u{2069}",
        "\u{FFFD}",
    ];
    let mut wrong = BTreeSet::new();
    for kit in one_per_language_theme_variant() {
        for line in kit.lines() {
            for s in syntax {
                if line.contains(s) {
                    wrong.insert(format!("{}: {s} in “{line}”", kit.name()));
                }
            }
            for word in line.split(|c: char| c.is_whitespace() || ",.;:()".contains(c)) {
                if ids.contains(&word) {
                    wrong.insert(format!("{}: id {word} in “{line}”", kit.name()));
                }
            }
        }
    }
    let wrong: Vec<String> = wrong.into_iter().collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_language_is_checked() {
    let langs: BTreeSet<&str> = Lang::all().map(Lang::code).collect();
    let rules: BTreeSet<&str> = AGREEMENT.iter().map(|a| a.lang).collect();
    assert_eq!(
        langs, rules,
        "a language folder without agreement rules here"
    );
}
