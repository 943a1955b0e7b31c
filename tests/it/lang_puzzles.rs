//! Puzzle answers speak the kit's language (issue 21): the answers of the
//! kits with the berserker rule (Berserk, Tafel with berserker) end a
//! berserker turn with the language's own word for a pass, and say "any
//! reply" in it, never the notation's English `pass`. (None of today's
//! printed answers happens to end a turn with a pass, so a line that
//! does is said in every language too.) Every word of an
//! answer that is not a square must be one of the words the language's
//! `turn-pass` and `puzzle-any-reply` messages give, and none of them may
//! be English unless the language writes it so itself (Norwegian and
//! Swedish "pass", as in a card game's "melde pass").

use std::collections::BTreeSet;

use crate::common::kit::{KitOptions, with_plan};
use taflkit::kit::component::{Component, Part};
use taflkit::kit::puzzle_page::{PuzzlePage, answer, line_in};
use taflkit::rules::proof::{Reply, Step};
use taflkit::rules::solver::Action;
use taflkit::rules::{self, Move, Variant};
use taflkit::theme::Theme;
use taflkit::words::{Args, Lang, Msg, Words};

use crate::common::{self, texts};

/// The kits whose answers may hold a berserker pass.
fn berserker_kits() -> Vec<Variant> {
    let berserk = rules::builtin("berserk").unwrap();
    let mut tafel = rules::builtin("tafel").unwrap();
    for o in &mut tafel.options {
        o.enabled = o.id == "berserker";
    }
    vec![berserk, tafel]
}

/// The words of a text that are words (no squares, numbers or marks).
fn words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() > 1)
        .map(str::to_lowercase)
        .collect()
}

/// The words an answer may hold besides moves: the pass, "any reply"
/// and the words around a reply given as an example.
fn answer_words(said: &Words) -> BTreeSet<String> {
    let example = said.say_with(Msg::PuzzleExampleReply, &Args::new().text("reply", ""));
    [
        said.say(Msg::TurnPass),
        said.say(Msg::PuzzleAnyReply),
        example,
    ]
    .iter()
    .flat_map(|s| words(s))
    .collect()
}

/// The answers a kit prints, each also found on its laid-out page.
fn answers(v: &Variant, theme: &Theme) -> Vec<String> {
    let mut out = Vec::new();
    with_plan(v, theme, &KitOptions::default(), |cx, kit| {
        let (_, page) = kit.find::<PuzzlePage>().expect("a puzzle page");
        let frame = page.layout(cx, kit, Part::Side(0)).unwrap();
        let mut all = Vec::new();
        texts(&frame.items, &mut all);
        let printed: String = all
            .iter()
            .map(|t| t.text.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        for p in page.puzzles() {
            let a = answer(theme, p);
            for w in a.split_whitespace() {
                let w = w.trim_end_matches([',', '.']);
                assert!(printed.contains(w), "{}: {w:?} not printed", v.id);
            }
            out.push(a);
        }
    })
    .unwrap();
    out
}

#[test]
fn berserker_answers_say_pass_and_any_reply_in_the_kits_language() {
    let english_words = answer_words(Lang::english().words());
    let mut answered = 0;
    let mut problems = Vec::new();
    for v in berserker_kits() {
        let theme = common::theme_of(&v);
        let english = answers(&v, &theme);
        for lang in Lang::all().filter(|l| !l.is_english()) {
            let said = lang.words();
            let own = answer_words(said);
            let pass = said.say(Msg::TurnPass);
            let local = answers(&v, &theme.in_language(lang).unwrap());
            assert_eq!(local.len(), english.len(), "{} {lang}", v.id);
            answered += local.len();
            for (a, en) in local.iter().zip(&english) {
                // The same line, a pass where the English has one.
                let turns = |s: &str, p: &str| s.matches(p).count();
                if turns(en, "pass") != turns(a, &pass) {
                    problems.push(format!("{} {lang}: {a:?} against {en:?}", v.id));
                }
                for w in words(a) {
                    let stray =
                        !own.contains(&w) || english_words.contains(&w) && !lang_writes(lang, &w);
                    if stray {
                        problems.push(format!("{} {lang}: {w:?} in {a:?}", v.id));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(answered > 0, "no answers read");
}

#[test]
fn a_pass_any_reply_and_an_example_reply_are_said_in_every_language() {
    let e = |s: &str| Action::Move(Move::parse(s).unwrap());
    // A berserker turn stopped after its capture, any reply, a move, one
    // of several replies, the win.
    let line: Vec<Step> = vec![
        Step {
            turn: vec![e("d1-d4"), Action::Pass],
            reply: Some(Reply::Any),
        },
        Step {
            turn: vec![e("d4-a4")],
            reply: Some(Reply::Example(vec![e("g7-g5")])),
        },
        Step {
            turn: vec![e("a4-a1")],
            reply: None,
        },
    ];
    let english = line_in(&line, Lang::english().words());
    // The winner's turns set off by commas, each reply in brackets.
    assert_eq!(
        english,
        "d1-d4 pass (any reply), d4-a4 (for instance g7-g5), a4-a1"
    );
    for lang in Lang::all().filter(|l| !l.is_english()) {
        let said = line_in(&line, lang.words());
        let pass = lang.words().say(Msg::TurnPass);
        let reply = lang.words().say(Msg::PuzzleAnyReply);
        assert!(
            said.starts_with(&format!("d1-d4 {pass} ")),
            "{lang}: {said}"
        );
        assert!(
            said.contains(&format!(" ({reply}), d4-a4 (")) && said.ends_with("), a4-a1"),
            "{lang}: {said}"
        );
        // The example reply is named inside the language's own words,
        // in the second brackets.
        let bracketed: Vec<&str> = said.split(['(', ')']).skip(1).step_by(2).collect();
        assert_eq!(bracketed.len(), 2, "{lang}: {said}");
        let example = bracketed[1];
        assert!(
            example.contains("g7-g5") && example.len() > "g7-g5 ".len(),
            "{lang}: {said}"
        );
        assert_ne!(reply, "any reply", "{lang}");
        for w in words(&said) {
            if words(&english).contains(&w) && !lang_writes(lang, &w) {
                panic!("{lang}: English {w:?} in {said:?}");
            }
        }
    }
}

/// Words of the English answer a language writes the same way.
fn lang_writes(lang: Lang, word: &str) -> bool {
    matches!(
        (lang.code(), word),
        ("nb" | "sv", "pass") | ("da" | "nb", "for")
    )
}
