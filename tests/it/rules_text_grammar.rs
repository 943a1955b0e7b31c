//! Grammar holds for every theme: proper names take no article, plurals
//! agree with counts, every sentence starts with a capital, no noun is
//! said twice over, no internal id reaches a page, and a theme's story
//! never states a rule its kit does not have. The properties are checked
//! on every built-in theme (and the starter theme) with every built-in
//! variant, its options off and on.

use crate::common;

use taflkit::kit::rules_text::{
    self, card_sections, edition, intro_markdown, rules_markdown, story_markdown, title,
};
use taflkit::rules::{self, Escape, KingStrength, Side, Variant};
use taflkit::theme::{Noun, Theme};
use taflkit::words::Lang;

fn christmas_like() -> Theme {
    let mut t = Theme::viking();
    t.names.king = Noun::proper("Santa Claus");
    t.names.defender = Noun::common("elf", "elves");
    t.names.attacker = Noun::common("naughty child", "naughty children");
    t.names.defenders = "Santa's elves".into();
    t.names.attackers = "the naughty children".into();
    t.names.centre = Noun::common("grotto", "grottoes");
    t.names.corner = Noun::common("chimney", "chimneys");
    t.intro = String::new();
    t
}

fn sea_like() -> Theme {
    let mut t = Theme::viking();
    t.names.king = Noun::common("cargo ship", "cargo ships");
    t.names.defender = Noun::common("warship", "warships");
    t.names.attacker = Noun::common("pirate", "pirates");
    t.names.defenders = "the merchant fleet".into();
    t.names.attackers = "the pirates".into();
    t
}

fn york_like() -> Theme {
    let mut t = Theme::viking();
    t.names.king = Noun::proper("King Eric");
    t.names.defender = Noun::common("kinsman", "kinsmen");
    t.names.attacker = Noun::common("Northumbrian", "Northumbrians");
    t.names.defenders = "Eric's kinsmen".into();
    t.names.attackers = "the Northumbrians".into();
    t.names.centre = Noun::common("hall", "halls");
    t
}

#[test]
fn proper_names_take_no_article() {
    let v = rules::builtin("sea-battle-9").unwrap();
    let t = rules_markdown(&v, &christmas_like()).unwrap();
    assert!(
        t.contains("Santa Claus is captured only when naughty children stand on all four sides")
    );
    assert!(!t.to_lowercase().contains("the santa"), "{t}");
    assert!(!t.contains("a Santa"), "{t}");
    let y = rules_markdown(&rules::builtin("york").unwrap(), &york_like()).unwrap();
    assert!(
        y.contains("King Eric is captured when Northumbrians stand"),
        "{y}"
    );
    assert!(y.contains("The Northumbrians move first."));
}

#[test]
fn common_names_take_articles_and_capitals() {
    let v = rules::builtin("sea-battle-9").unwrap();
    let t = rules_markdown(&v, &sea_like()).unwrap();
    assert!(
        t.contains("The cargo ship is captured only when pirates stand"),
        "{t}"
    );
    assert!(t.contains("a cargo ship and eight warships"));
    assert!(t.contains("The merchant fleet win as soon as the cargo ship reaches"));
}

#[test]
fn indefinite_article_before_a_vowel() {
    let v = rules::builtin("sea-battle-9").unwrap();
    let t = rules_markdown(&v, &christmas_like()).unwrap();
    assert!(
        t.contains("a naughty child between Santa Claus and an elf is safe"),
        "{t}"
    );
}

#[test]
fn theme_without_intro_gets_the_general_history() {
    let v = rules::builtin("sea-battle-9").unwrap();
    let t = rules_markdown(&v, &christmas_like()).unwrap();
    assert!(t.contains("Tafl games are the board games of the Norse world."));
}

#[test]
fn every_sentence_starts_with_a_capital() {
    for id in rules::builtin_ids() {
        let mut v = rules::builtin(id).unwrap();
        for o in v.options.iter_mut() {
            o.enabled = true;
        }
        for mut theme in [Theme::viking(), christmas_like(), sea_like(), york_like()] {
            // The theme's own introduction is the theme's prose, wrapped as
            // its author likes; check the project's text instead.
            theme.intro = String::new();
            let mut texts = vec![rules_markdown(&v, &theme).unwrap()];
            for side in [Side::Attackers, Side::Defenders] {
                for s in card_sections(&v, &theme, side).unwrap() {
                    texts.push(s.title);
                    texts.push(s.markdown);
                }
            }
            for t in texts {
                for sentence in t.split(". ").skip(1).chain(t.lines()) {
                    let first = sentence
                        .trim_start_matches(|c: char| !c.is_alphanumeric())
                        .chars()
                        .next();
                    if let Some(c) = first {
                        assert!(
                            !c.is_lowercase(),
                            "{id}/{}: sentence starts in lower case: {sentence}",
                            theme.id
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn no_double_spaces_or_empty_rules() {
    for id in rules::builtin_ids() {
        let v = rules::builtin(id).unwrap();
        let t = rules_markdown(&v, &sea_like()).unwrap();
        assert!(!t.contains("  "), "{id}: {t}");
        assert!(!t.contains("** \n") && !t.contains(".**\n"), "{id}: {t}");
        assert!(!t.contains(" ."), "{id}: {t}");
    }
}

/// Every built-in theme, the starter theme and the made-up ones above.
fn all_themes() -> Vec<Theme> {
    let mut out: Vec<Theme> = Theme::builtin_ids()
        .iter()
        .map(|id| Theme::builtin(id).unwrap())
        .collect();
    let starter = concat!(env!("CARGO_MANIFEST_DIR"), "/themes/starter");
    out.push(Theme::load(starter).unwrap());
    out.extend([christmas_like(), sea_like(), york_like()]);
    out
}

/// Every text a kit says in the theme's words: the whole rules text, both
/// cards, the figure captions, the story, the introduction and the title
/// lines.
fn texts(v: &Variant, t: &Theme) -> Vec<String> {
    let mut out = vec![
        rules_markdown(v, t).unwrap(),
        story_markdown(v, t).unwrap(),
        intro_markdown(v, t).unwrap(),
        title(v, t),
    ];
    out.extend(edition(v, t));
    for side in [Side::Attackers, Side::Defenders] {
        for s in card_sections(v, t, side).unwrap() {
            out.push(s.title);
            out.push(s.markdown);
        }
    }
    out
}

fn sentences(text: &str) -> Vec<String> {
    text.split(['\n', '.', '!', '?', ';'])
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// `needle` in `hay` as whole words (case-insensitive).
fn has_words(hay: &str, needle: &str) -> bool {
    let hay = hay.to_lowercase();
    let needle = needle.to_lowercase();
    hay.match_indices(&needle).any(|(i, _)| {
        let before = hay[..i].chars().next_back();
        let after = hay[i + needle.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[test]
fn counts_agree_with_their_nouns_in_every_theme_and_variant() {
    for v in common::variants_and_options() {
        for t in all_themes() {
            let n = &t.names;
            for text in texts(&v, &t) {
                for noun in [&n.king, &n.defender, &n.attacker, &n.centre, &n.corner] {
                    // Counts of pieces are words: never "1 king".
                    for form in [&noun.one, &noun.many] {
                        for digit in 0..10 {
                            assert!(
                                !has_words(&text, &format!("{digit} {form}")),
                                "{}/{}: a count in digits before '{form}': {text}",
                                v.id,
                                t.id
                            );
                        }
                    }
                    if noun.one == noun.many {
                        continue;
                    }
                    let grammar = &Lang::english().words().grammar;
                    for many in (2..100).map(|n| grammar.number(n, None, None)) {
                        assert!(
                            !has_words(&text, &format!("{many} {}", noun.one)),
                            "{}/{}: '{many} {}' in: {text}",
                            v.id,
                            t.id,
                            noun.one
                        );
                    }
                    for one in ["one", "a", "an", "every", "each"] {
                        assert!(
                            !has_words(&text, &format!("{one} {}", noun.many)),
                            "{}/{}: '{one} {}' in: {text}",
                            v.id,
                            t.id,
                            noun.many
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn no_sentence_names_a_side_and_then_its_pieces_by_the_same_noun() {
    for v in common::variants_and_options() {
        for t in all_themes() {
            let n = &t.names;
            for text in texts(&v, &t) {
                for s in sentences(&text) {
                    let Some((head, tail)) = s.split_once(':') else {
                        continue;
                    };
                    // "… the Northumbrians: twenty-four Northumbrians": a
                    // list after a colon that starts by saying the noun
                    // the colon followed.
                    let first_words: String = tail
                        .split_whitespace()
                        .take(3)
                        .collect::<Vec<_>>()
                        .join(" ");
                    for noun in [&n.defender.many, &n.attacker.many] {
                        let head_ends = head
                            .to_lowercase()
                            .trim_end()
                            .ends_with(&noun.to_lowercase());
                        assert!(
                            !(head_ends && has_words(&first_words, noun)),
                            "{}/{}: '{noun}' twice in: {s}",
                            v.id,
                            t.id
                        );
                    }
                }
            }
        }
    }
}

/// Markup anywhere, a word as a whole word.
fn found(text: &str, what: &str) -> bool {
    if what.chars().all(char::is_alphanumeric) {
        has_words(text, what)
    } else {
        text.contains(what)
    }
}

#[test]
fn no_id_or_template_syntax_reaches_the_page() {
    let ids: Vec<String> = rules::builtin_ids()
        .iter()
        .map(|s| s.to_string())
        .chain(
            common::variants_and_options()
                .iter()
                .flat_map(|v| v.options.iter().map(|o| o.id.clone())),
        )
        .filter(|id| id.contains('-'))
        .collect();
    for v in common::variants_and_options() {
        for t in all_themes() {
            for text in texts(&v, &t) {
                for id in &ids {
                    assert!(
                        !text.contains(id.as_str()),
                        "{}/{}: id '{id}' in: {text}",
                        v.id,
                        t.id
                    );
                }
                for syntax in ["{{", "}}", "{%", "_", "undefined"] {
                    assert!(
                        !found(&text, syntax),
                        "{}/{}: '{syntax}' in: {text}",
                        v.id,
                        t.id
                    );
                }
            }
        }
    }
}

#[test]
fn an_optional_rule_is_named_in_words() {
    for v in common::variants_and_options() {
        for o in v.options.iter().filter(|o| o.enabled) {
            let name = rules_text::option_name(o.rule, Lang::english());
            assert!(!name.contains('-') && !name.is_empty(), "{}", o.id);
            let text = rules_markdown(&v, &Theme::viking()).unwrap();
            assert!(text.contains(&name), "{}: {name} not named: {text}", v.id);
        }
    }
}

/// Stories and introductions state only rules the variant has: where the
/// king escapes, and how he is taken.
#[test]
fn stories_never_contradict_the_rules_of_their_kit() {
    for v in common::variants_and_options() {
        for t in all_themes() {
            let prose = format!(
                "{}\n{}",
                story_markdown(&v, &t).unwrap(),
                intro_markdown(&v, &t).unwrap()
            )
            .to_lowercase()
            .replace('\n', " ");
            let edge_goal = [
                "reach the edge",
                "reaches the edge",
                "any edge",
                "to the edge",
            ];
            let four = format!("four {}", t.names.corner.many.to_lowercase());
            let corner_goal = [
                four.as_str(),
                "corner squares",
                "reach a corner",
                "far corners",
            ];
            let (wrong, goal) = match v.escape {
                Escape::Corner => (&edge_goal, &corner_goal),
                Escape::Edge => (&corner_goal, &edge_goal),
            };
            for w in wrong {
                assert!(!prose.contains(w), "{}/{}: '{w}' in: {prose}", v.id, t.id);
            }
            // Every built-in story or introduction says the king's goal
            // (the starter theme's are instructions to the author).
            if t.id != "starter" {
                assert!(
                    goal.iter().any(|g| prose.contains(g)),
                    "{}/{}: the king's goal is not said: {prose}",
                    v.id,
                    t.id
                );
            }
            let four_sides = ["four sides", "every side", "all sides", "on four"];
            if v.king.strength == KingStrength::Weak {
                for w in four_sides {
                    assert!(!prose.contains(w), "{}/{}: '{w}' in: {prose}", v.id, t.id);
                }
            }
            if v.king.capture == rules::KingCapture::FourOrThreeBesideCentre {
                for w in ["every side", "all sides"] {
                    assert!(!prose.contains(w), "{}/{}: '{w}' in: {prose}", v.id, t.id);
                }
            }
        }
    }
}

#[test]
fn a_title_never_says_the_same_name_twice() {
    for v in common::variants_and_options() {
        for t in all_themes() {
            let line = format!(
                "{} · How to play · {}",
                title(&v, &t),
                edition(&v, &t).unwrap_or_default()
            )
            .to_lowercase();
            for name in [t.name.to_lowercase(), v.name.to_lowercase()] {
                assert!(
                    line.matches(name.as_str()).count() <= 1,
                    "{}/{}: '{name}' twice in: {line}",
                    v.id,
                    t.id
                );
            }
        }
    }
    // A theme with a title of its own names the rules it uses.
    let v = rules::builtin("sea-battle-9-cyningstan").unwrap();
    let c = Theme::builtin("christmas").unwrap();
    assert!(!title(&v, &c).contains(&v.name));
    assert!(edition(&v, &c).unwrap().contains(&v.name));
}
