//! Rules that say exceptions as exceptions (variants.md), in every
//! language: the besieged-king capture follows "the king never helps" as
//! its exception; Tafel's shield wall says whether the king may be in the
//! group; skilled play says who bids first and who then plays which side,
//! and never asks the players to choose sides; the berserker rule says
//! what the "pass" of a written game (a puzzle answer) is.

use taflkit::kit::rules_text::{self, RuleSection};
use taflkit::rules::{self, OptionalRule, Variant};
use taflkit::theme::Theme;
use taflkit::words::{Lang, Msg};

/// Each language's word for "exception", as a native writer uses it.
fn exception_word(lang: Lang) -> &'static str {
    match lang.code() {
        "en" => "exception",
        "nb" => "unntak",
        "sv" => "undantag",
        "da" => "undtagelse",
        "de" => "Ausnahme",
        "fr" => "exception",
        other => panic!("no word for {other}"),
    }
}

/// Words that ask the players to settle sides by lot or by choice.
fn choosing_words(lang: Lang) -> &'static [&'static str] {
    match lang.code() {
        "en" => &["at random", "choose", "decide who"],
        "nb" => &["tilfeldig", "velg", "bestem hvem", "trekk lodd"],
        "sv" => &["slump", "välj", "bestäm vem", "lotta om"],
        "da" => &["tilfældig", "vælg", "beslut, hvem", "træk lod"],
        "de" => &["zufällig", "wählt", "entscheidet, wer", "lost aus"],
        "fr" => &["au hasard", "choisissez", "décidez qui", "tirez au sort"],
        other => panic!("no words for {other}"),
    }
}

/// Each language's word for a bid (all forms start so).
fn bid_word(lang: Lang) -> &'static str {
    match lang.code() {
        "en" => "bid",
        "nb" => "by",
        "sv" => "bud",
        "da" => "by",
        "de" => "biet",
        "fr" => "ench",
        other => panic!("no word for {other}"),
    }
}

fn sections(v: &Variant, theme: &Theme) -> Vec<RuleSection> {
    rules_text::rules_sections(v, theme).unwrap()
}

fn section<'a>(s: &'a [RuleSection], id: &str) -> &'a str {
    &s.iter()
        .find(|r| r.id == id)
        .unwrap_or_else(|| panic!("no rule {id}"))
        .markdown
}

fn themes_of(v: &Variant) -> Vec<Theme> {
    let base = Theme::load(v.default_theme.as_deref().unwrap_or("viking")).unwrap();
    Lang::all().map(|l| base.in_language(l).unwrap()).collect()
}

fn with_options(id: &str, on: impl Fn(OptionalRule) -> bool) -> Variant {
    let mut v = rules::builtin(id).unwrap();
    for o in &mut v.options {
        o.enabled = on(o.rule);
    }
    v
}

#[test]
fn the_besieged_king_capture_is_said_as_an_exception() {
    // variants.md: York and Tablut have the besieged-king capture.
    for id in ["york", "tablut"] {
        let with = rules::builtin(id).unwrap();
        assert!(with.king.besieged_king_betrays_defender, "{id}");
        let mut without = with.clone();
        without.king.besieged_king_betrays_defender = false;
        for theme in themes_of(&with) {
            let word = exception_word(theme.lang);
            let said = sections(&with, &theme);
            let capture = section(&said, "capture");
            // The exception comes after what it is an exception to (the
            // king's part in captures), in the same rule, and says whom it
            // works against.
            let at = capture
                .find(word)
                .unwrap_or_else(|| panic!("{id} {}: no {word:?} in {capture}", theme.lang.code()));
            let king = theme.words().the(&theme.names.king);
            assert!(capture[..at].contains(&king), "{capture}");
            assert!(
                capture[at..].contains(&theme.words().the_many(&theme.names.defenders)),
                "{capture}"
            );
            // Without the rule, no exception is announced.
            let plain = sections(&without, &theme);
            assert!(
                !section(&plain, "capture").contains(word),
                "{id} {}",
                theme.lang.code()
            );
        }
    }
}

#[test]
fn tafel_shield_wall_says_whether_the_king_is_in_the_group() {
    let v = with_options("tafel", |r| matches!(r, OptionalRule::ShieldWall));
    for theme in themes_of(&v) {
        let said = sections(&v, &theme);
        let wall = section(&said, "shield_wall");
        let king = theme.words().the(&theme.names.king);
        // The engine leaves the king on the board and takes the rest of
        // the group (src/rules/engine.rs, shield_walls): the rule names
        // him, and twice (he may be in it; he stays).
        assert!(
            wall.to_lowercase().matches(&king.to_lowercase()).count() >= 2,
            "{}: {wall}",
            theme.lang.code()
        );
    }
}

#[test]
fn skilled_play_says_who_bids_first_and_never_asks_to_choose_sides() {
    let v = with_options("tafel", |r| matches!(r, OptionalRule::SkilledPlay { .. }));
    for theme in themes_of(&v) {
        let lang = theme.lang;
        let said = sections(&v, &theme);
        let words = theme.words();
        let setup = section(&said, "setup");
        assert!(setup.contains(bid_word(lang)), "{setup}");
        let rule = section(&said, "skilled_play");
        // Both sides named after the bidding: who plays which.
        let defenders = words.the_many(&theme.names.defenders);
        let attackers = words.the_many(&theme.names.attackers);
        for side in [&defenders, &attackers] {
            let bare = side.split_whitespace().last().unwrap().to_lowercase();
            assert!(rule.to_lowercase().contains(&bare), "{rule}");
        }
        // The bidding starts from the variant's turn limit.
        let limit = v.turn_limit().unwrap().to_string();
        assert!(rule.contains(&limit), "{rule}");
        // Nothing the players read before the game (the story on the
        // cover, the intro and every rule) asks them to choose sides.
        let story = rules_text::story_markdown(&v, &theme).unwrap();
        let intro = rules_text::intro_markdown(&v, &theme).unwrap();
        let all = [story, intro, setup.to_string()].join("\n").to_lowercase();
        for w in choosing_words(lang) {
            assert!(
                !all.contains(&w.to_lowercase()),
                "{}: {w:?} in\n{all}",
                lang.code()
            );
        }
    }
}

#[test]
fn the_berserker_rule_says_what_a_pass_is() {
    let v = with_options("tafel", |r| matches!(r, OptionalRule::Berserker));
    for theme in themes_of(&v) {
        let said = sections(&v, &theme);
        let rule = section(&said, "berserker");
        // The language's word for a turn ended without the extra move, the
        // one the puzzle answers print (lang_puzzles checks the answers).
        let pass = theme.lang.words().say(Msg::TurnPass);
        assert!(rule.contains(&pass), "{}: {rule}", theme.lang.code());
    }
}
