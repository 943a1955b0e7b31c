//! Grammar in every language (issue 21), read from the laid-out text of
//! every kit of the matrix (`lang_matrix`: every variant, its options on
//! and off, × every theme × every language): articles and "one", and the
//! adjectives and determiners printed beside a theme's noun ("own",
//! "other", "each", "white", "captured"), agree with the gender and
//! number the theme gives the noun, number words from two
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
    // A leaflet side's flip mark ("ext.") is a label drawn after the
    // page's last line, not the end of its sentence.
    let words = kit.theme.words();
    let marks = [words.say(Msg::FlipOut), words.say(Msg::FlipIn)];
    let mut out = vec![kit.metadata.join("\n")];
    for page in &kit.pages {
        let mut s = String::new();
        for line in page {
            let lower = line.starts_with(|c: char| c.is_lowercase()) && !marks.contains(line);
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

/// French tens a number word joins with *et* ("vingt et un").
const FRENCH_TENS: &[&str] = &["vingt", "trente", "quarante", "cinquante", "soixante"];

/// Whether `before` (the text ahead of a word) makes the word the end of
/// a compound number, which takes the plural: "twenty-one raiders",
/// "vingt et un pillards".
fn ends_a_compound_number(before: &str) -> bool {
    before.ends_with('-')
        || FRENCH_TENS
            .iter()
            .any(|t| before.ends_with(&format!(" {t} et ")) || before == format!("{t} et "))
}

/// Whether `hay` holds `a` then `b` as whole words, a space between, `a`
/// not the end of a compound number.
fn has_pair(hay: &str, a: &str, b: &str) -> Option<String> {
    let needle = format!("{} {}", a.to_lowercase(), b.to_lowercase());
    let low = hay.to_lowercase();
    low.match_indices(&needle)
        .find(|(i, _)| {
            let before = low[..*i].chars().next_back();
            let after = low[i + needle.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric)
                && !after.is_some_and(char::is_alphanumeric)
                && !ends_a_compound_number(&low[..*i])
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

/// One kit of each variant × theme × language (on its look in turn):
/// the words do not change with the paper and the colour.
fn one_per_language_theme_variant() -> impl Iterator<Item = &'static KitText> {
    kits().0.iter().filter(|k| k.in_turn)
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

/// Adjectives and determiners that agree with their noun ("other",
/// "own", "each", "white", "black", "captured", "remaining"): the forms
/// that never stand right before (or, in French, right after) a noun of
/// each gender in the singular, and in the plural, by language. `*` is
/// every gender. Ordinals spelled as "other" (Norwegian and Swedish
/// "andre"/"andra", "second") are left out of the singular lists.
struct Adjectives {
    lang: &'static str,
    not_before_one: &'static [(&'static str, &'static [&'static str])],
    not_before_many: &'static [(&'static str, &'static [&'static str])],
    /// Never before a definite form written as one word ("kongen").
    not_before_def: &'static [&'static str],
    not_after_one: &'static [(&'static str, &'static [&'static str])],
    not_after_many: &'static [(&'static str, &'static [&'static str])],
}

const ADJECTIVES: &[Adjectives] = &[
    Adjectives {
        lang: "en",
        // English adjectives do not agree; "each" and "another" only
        // with a singular.
        not_before_one: &[],
        not_before_many: &[("*", &["each", "another", "every"])],
        not_before_def: &[],
        not_after_one: &[],
        not_after_many: &[],
    },
    Adjectives {
        lang: "nb",
        not_before_one: &[
            ("m", &["hvert", "annet", "eget", "hvitt", "egne", "hvite"]),
            ("f", &["hvert", "annet", "eget", "hvitt", "egne", "hvite"]),
            ("n", &["hver", "annen", "egen", "hvit", "egne", "hvite"]),
        ],
        not_before_many: &[(
            "*",
            &["hver", "hvert", "annen", "annet", "egen", "eget", "hvitt"],
        )],
        not_before_def: &[
            "hver", "hvert", "annen", "annet", "egen", "eget", "hvit", "hvitt",
        ],
        not_after_one: &[],
        not_after_many: &[],
    },
    Adjectives {
        lang: "sv",
        not_before_one: &[
            ("c", &["annat", "eget", "vitt", "fångat", "egna"]),
            ("n", &["annan", "egen", "vit", "fångad", "egna"]),
        ],
        not_before_many: &[(
            "*",
            &[
                "annan", "annat", "egen", "eget", "vit", "vitt", "fångad", "fångat",
            ],
        )],
        not_before_def: &["annan", "annat", "egen", "eget", "vit", "vitt"],
        not_after_one: &[],
        not_after_many: &[],
    },
    Adjectives {
        lang: "da",
        not_before_one: &[
            ("c", &["hvert", "andet", "eget", "hvidt", "egne", "hvide"]),
            ("n", &["hver", "anden", "egen", "hvid", "egne", "hvide"]),
        ],
        not_before_many: &[(
            "*",
            &["hver", "hvert", "andet", "egen", "eget", "hvid", "hvidt"],
        )],
        not_before_def: &[
            "hver", "hvert", "anden", "andet", "egen", "eget", "hvid", "hvidt",
        ],
        not_after_one: &[],
        not_after_many: &[],
    },
    Adjectives {
        lang: "de",
        // The endings a gender never takes in any case: -es is neuter
        // (and masculine genitive of "jedes" alone), -er never neuter.
        not_before_one: &[
            (
                "m",
                &[
                    "jede",
                    "anderes",
                    "eigenes",
                    "weißes",
                    "schwarzes",
                    "geschlagenes",
                    "verbliebenes",
                ],
            ),
            (
                "f",
                &[
                    "jedes",
                    "jedem",
                    "jeden",
                    "anderes",
                    "anderem",
                    "eigenes",
                    "eigenem",
                    "weißes",
                    "weißem",
                    "schwarzes",
                    "schwarzem",
                    "geschlagenes",
                    "verbliebenes",
                ],
            ),
            (
                "n",
                &[
                    "jede",
                    "jeder",
                    "jeden",
                    "anderer",
                    "eigener",
                    "weißer",
                    "schwarzer",
                    "geschlagener",
                    "verbliebener",
                ],
            ),
        ],
        not_before_many: &[(
            "*",
            &[
                "jede",
                "jeder",
                "jedes",
                "jedem",
                "jeden",
                "anderes",
                "anderem",
                "eigenes",
                "eigenem",
                "weißes",
                "weißem",
                "schwarzes",
                "schwarzem",
                "verbliebenes",
            ],
        )],
        not_before_def: &[],
        not_after_one: &[],
        not_after_many: &[],
    },
    Adjectives {
        lang: "fr",
        not_before_one: &[
            ("m", &["autres", "propres", "seule", "seules", "seuls"]),
            ("f", &["autres", "propres", "seul", "seuls", "seules"]),
        ],
        not_before_many: &[("*", &["autre", "propre", "seul", "seule", "chaque"])],
        not_before_def: &[],
        not_after_one: &[
            (
                "m",
                &[
                    "capturée",
                    "capturés",
                    "capturées",
                    "prise",
                    "prises",
                    "blanche",
                    "blancs",
                    "blanches",
                    "noire",
                    "noirs",
                    "noires",
                    "restante",
                    "restants",
                    "restantes",
                ],
            ),
            (
                "f",
                &[
                    "capturé",
                    "capturés",
                    "capturées",
                    "pris",
                    "prises",
                    "blanc",
                    "blancs",
                    "blanches",
                    "noir",
                    "noirs",
                    "noires",
                    "restant",
                    "restants",
                    "restantes",
                ],
            ),
        ],
        not_after_many: &[
            (
                "m",
                &[
                    "capturé",
                    "capturée",
                    "capturées",
                    "prise",
                    "prises",
                    "blanc",
                    "blanche",
                    "blanches",
                    "noir",
                    "noire",
                    "noires",
                    "restant",
                    "restante",
                    "restantes",
                ],
            ),
            (
                "f",
                &[
                    "capturé",
                    "capturée",
                    "capturés",
                    "pris",
                    "prise",
                    "blanc",
                    "blanche",
                    "blancs",
                    "noir",
                    "noire",
                    "noirs",
                    "restant",
                    "restante",
                    "restants",
                ],
            ),
        ],
    },
];

/// The forms of a list for a gender (`*` applies to every gender).
fn for_gender<'a>(
    table: &'a [(&'static str, &'static [&'static str])],
    gender: &'a str,
) -> impl Iterator<Item = &'static str> + 'a {
    table
        .iter()
        .filter(move |(g, _)| *g == "*" || *g == gender)
        .flat_map(|(_, forms)| forms.iter().copied())
}

#[test]
fn adjectives_agree_with_their_nouns() {
    let mut wrong = BTreeSet::new();
    // Agreeing words seen beside a noun at all, by language: the lists
    // above are about words the kits print.
    let mut seen: std::collections::BTreeMap<&str, usize> = Default::default();
    for kit in one_per_language_theme_variant() {
        let Some(rules) = ADJECTIVES.iter().find(|a| a.lang == kit.lang.code()) else {
            panic!("no adjective rules for {} in this test", kit.lang);
        };
        let every: BTreeSet<&str> = [
            rules.not_before_one,
            rules.not_before_many,
            rules.not_after_one,
            rules.not_after_many,
        ]
        .iter()
        .flat_map(|t| for_gender(t, "*").chain(t.iter().flat_map(|(_, f)| f.iter().copied())))
        .chain(rules.not_before_def.iter().copied())
        .collect();
        let text = prose(kit);
        // A side's name spelled as a piece's singular ("Wächter", "en
        // anfallare") is read by the piece's noun, not as a plural.
        let singulars: BTreeSet<&str> = nouns(kit)
            .into_iter()
            .filter(|(key, _)| !matches!(*key, "defenders" | "attackers"))
            .map(|(_, n)| n.one.as_str())
            .collect();
        for (key, noun) in nouns(kit) {
            let side = matches!(key, "defenders" | "attackers");
            if noun.proper || side && singulars.contains(noun.many.as_str()) {
                continue;
            }
            let gender = noun.gender.as_deref().unwrap_or("");
            // A noun whose plural is its singular shows no number: only
            // what suits neither is wrong.
            let same = noun.one == noun.many;
            let one = (!side && !noun.one.is_empty()).then_some(noun.one.as_str());
            let many = (!noun.many.is_empty()).then_some(noun.many.as_str());
            let one_only: Vec<&str> = for_gender(rules.not_before_one, gender).collect();
            let many_only: Vec<&str> = for_gender(rules.not_before_many, gender).collect();
            let mut before: Vec<(&str, &str)> = Vec::new();
            let mut after: Vec<(&str, &str)> = Vec::new();
            let both = |a: &Vec<&'static str>, b: &Vec<&'static str>| -> Vec<&'static str> {
                a.iter().filter(|w| b.contains(w)).copied().collect()
            };
            match (one, same) {
                (Some(o), true) => {
                    before.extend(both(&one_only, &many_only).into_iter().map(|w| (w, o)))
                }
                (Some(o), false) => before.extend(one_only.iter().map(|w| (*w, o))),
                _ => {}
            }
            if let (Some(m), false) = (many, same && one.is_some()) {
                before.extend(many_only.iter().map(|w| (*w, m)));
            }
            let a_one: Vec<&str> = for_gender(rules.not_after_one, gender).collect();
            let a_many: Vec<&str> = for_gender(rules.not_after_many, gender).collect();
            match (one, same) {
                (Some(o), true) => after.extend(both(&a_one, &a_many).into_iter().map(|w| (o, w))),
                (Some(o), false) => after.extend(a_one.iter().map(|w| (o, *w))),
                _ => {}
            }
            if let (Some(m), false) = (many, same && one.is_some()) {
                after.extend(a_many.iter().map(|w| (m, *w)));
            }
            for def in [&noun.one_def, &noun.many_def].into_iter().flatten() {
                if !def.contains(' ') && !def.is_empty() {
                    before.extend(rules.not_before_def.iter().map(|w| (*w, def.as_str())));
                }
            }
            for page in &text {
                for (a, b) in before.iter().chain(&after) {
                    if let Some(at) = has_pair(page, a, b) {
                        wrong.insert(format!("{}: {key} “{at}”", kit.name()));
                    }
                }
                for w in &every {
                    for form in [one, many].into_iter().flatten() {
                        if has_pair(page, w, form).is_some() || has_pair(page, form, w).is_some() {
                            *seen.entry(kit.lang.code()).or_default() += 1;
                        }
                    }
                }
            }
        }
    }
    let wrong: Vec<String> = wrong.into_iter().collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    for lang in ["nb", "sv", "da", "de", "fr"] {
        assert!(
            seen.get(lang).is_some_and(|n| *n > 0),
            "no agreeing word read in {lang}: {seen:?}"
        );
    }
}

/// Danish puts a number word before the indefinite plural ("et af de fire
/// hjørner"), never before the definite one ("de fire hjørnerne", as
/// Norwegian and Swedish write it): no definite plural of a theme's noun
/// follows a Danish number word.
#[test]
fn danish_numbers_take_the_indefinite_plural() {
    let numbers = AGREEMENT.iter().find(|a| a.lang == "da").unwrap().two_up;
    let mut wrong = BTreeSet::new();
    let mut checked = 0;
    for kit in one_per_language_theme_variant().filter(|k| k.lang.code() == "da") {
        let text = prose(kit);
        for (key, noun) in nouns(kit) {
            let Some(def) = noun.many_def.as_deref().filter(|d| *d != noun.many) else {
                continue;
            };
            for page in &text {
                checked += 1;
                for n in numbers {
                    if let Some(at) = has_pair(page, n, def) {
                        wrong.insert(format!("{}: {key} “{at}”", kit.name()));
                    }
                }
            }
        }
    }
    assert!(checked > 0);
    let wrong: Vec<String> = wrong.into_iter().collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// French elides these words before a vowel ("d'attaquants", "qu'Éric",
/// "l'un"): a template that puts one before a theme's noun joins them
/// with `prep`, never by hand ("un cercle de attaquants"). Words in *h*
/// and *onze* are left out: French elides before some of them only.
#[test]
fn french_elides_before_a_vowel() {
    const ELIDING: &[&str] = &["de", "que", "le", "la", "ne", "se", "me", "te", "jusque"];
    let vowel = |w: &str| {
        let mut c = w.chars();
        let first = c
            .next()
            .is_some_and(|f| "aeiouéèêëàâîïôûAEIOUÉÈÊËÀÂÎÏÔÛ".contains(f));
        // A word, not a label ("A1") or a letter of the board.
        first && c.next().is_some_and(char::is_lowercase) && !w.starts_with("onz")
    };
    let mut wrong = BTreeSet::new();
    let mut checked = 0;
    for kit in one_per_language_theme_variant().filter(|k| k.lang.code() == "fr") {
        for page in prose(kit) {
            // Runs never pair words across a line that starts anew.
            for run in page.lines() {
                let words: Vec<&str> = run.split(' ').collect();
                for pair in words.windows(2) {
                    checked += 1;
                    let first = pair[0].trim_start_matches(|c: char| !c.is_alphabetic());
                    if ELIDING.contains(&first.to_lowercase().as_str()) && vowel(pair[1]) {
                        wrong.insert(format!("{}: “{} {}”", kit.name(), pair[0], pair[1]));
                    }
                }
            }
        }
    }
    assert!(checked > 0);
    let wrong: Vec<String> = wrong.into_iter().collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Whether `s` starts with a square's name ("e4", "k10").
fn starts_with_square(s: &str) -> bool {
    let mut c = s.chars();
    c.next().is_some_and(|f| f.is_ascii_lowercase()) && c.next().is_some_and(|d| d.is_ascii_digit())
}

/// A move ("e1-e4") is read as one word: no line of any kit, in any
/// language, ends with a square and the hyphen while the next begins
/// with the other square.
#[test]
fn no_move_is_broken_at_its_hyphen() {
    let mut wrong = BTreeSet::new();
    // Every kit laid out: where lines break changes with the paper.
    for kit in &kits().0 {
        for page in &kit.pages {
            for pair in page.windows(2) {
                let Some(head) = pair[0].strip_suffix('-') else {
                    continue;
                };
                let word = head
                    .rsplit(|c: char| !c.is_alphanumeric())
                    .next()
                    .unwrap_or("");
                if starts_with_square(word)
                    && word[1..].chars().all(|c| c.is_ascii_digit())
                    && starts_with_square(&pair[1])
                {
                    wrong.insert(format!("{}: “{}” / “{}”", kit.name(), pair[0], pair[1]));
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
    let adjectives: BTreeSet<&str> = ADJECTIVES.iter().map(|a| a.lang).collect();
    assert_eq!(
        langs, adjectives,
        "a language folder without adjective rules here"
    );
}
