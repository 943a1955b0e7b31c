//! The same game in every language (issue 21): for every built-in
//! variant, its options off and on, and every theme, each language prints
//! the same numbered rules (by rule id), the same engine-checked figures
//! (by figure id) and cites each figure from the same rule; and `taflkit
//! rules york --lang nb` prints the Norwegian rules.

use std::collections::BTreeSet;

use taflkit::kit::leaflet::figures::{citations, figures};
use taflkit::kit::leaflet::flow::cites;
use taflkit::kit::rules_text::{rules_sections, rules_sections_citing};
use taflkit::words::Lang;

use crate::common;
use crate::lang_matrix::themes;

/// (rule id, the figure ids its text cites) for each rule, and the figure
/// ids in order.
type Game = (Vec<(String, Vec<&'static str>)>, Vec<&'static str>);

fn game(v: &taflkit::rules::Variant, t: &taflkit::theme::Theme) -> Game {
    let figs = figures(v, t).unwrap();
    let cited = citations(&figs);
    let sections = rules_sections_citing(v, t, &cited).unwrap();
    let rules = sections
        .iter()
        .map(|s| {
            let by: Vec<&'static str> = figs
                .iter()
                .enumerate()
                .filter(|(i, _)| cites(&s.markdown, i + 1, t.lang))
                .map(|(_, f)| f.id)
                .collect();
            (s.id.clone(), by)
        })
        .collect();
    (rules, figs.iter().map(|f| f.id).collect())
}

#[test]
fn every_language_has_the_same_rules_and_figures() {
    for v in common::variants_and_options() {
        for t in themes() {
            let english = game(&v, &t);
            assert!(!english.0.is_empty() && !english.1.is_empty());
            for lang in Lang::all().filter(|l| !l.is_english()) {
                let tl = t.in_language(lang).unwrap();
                assert_eq!(
                    game(&v, &tl),
                    english,
                    "{} × {} in {lang}: other rules, figures or citations than in English",
                    v.name,
                    t.id
                );
            }
        }
    }
}

#[test]
fn rules_york_in_norwegian() {
    let run = |lang: &str| {
        let o = common::taflkit(&["rules", "york", "--lang", lang]);
        assert!(o.status.success(), "{}", common::stderr(&o));
        common::stdout(&o)
    };
    let nb = run("nb");
    let en = run("en");
    let york = taflkit::theme::Theme::builtin("york").unwrap();
    let nb_king = &york
        .in_language(Lang::from_code("nb").unwrap())
        .unwrap()
        .names
        .king
        .one;
    assert!(nb.contains(nb_king.as_str()), "{nb}");
    assert!(!nb.contains(york.names.king.one.as_str()), "{nb}");
    // As many numbered rules as the English text.
    let rules = taflkit::rules::builtin("york").unwrap();
    let n = rules_sections(&rules, &york).unwrap().len();
    // The numbered rules: "3. **Title.** …".
    let headings = |s: &str| -> BTreeSet<String> {
        s.lines()
            .filter(|l| {
                l.split_once(". **")
                    .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
            })
            .map(str::to_string)
            .collect()
    };
    assert!(headings(&nb).len() >= n, "{nb}");
    assert_eq!(headings(&nb).len(), headings(&en).len());
    assert_ne!(nb, en);
}

/// The language folders under lang/, read from the disk.
fn folders() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/lang");
    let mut codes: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    codes.sort();
    codes
}

#[test]
fn the_help_of_lang_lists_the_folders() {
    let codes = folders();
    assert!(codes.len() >= 6, "{codes:?}");
    for cmd in ["build", "preview", "watch", "rules", "validate", "record"] {
        let o = common::taflkit(&[cmd, "--help"]);
        assert!(o.status.success(), "{cmd}: {}", common::stderr(&o));
        let help = common::stdout(&o);
        // The text of the option, up to the next option.
        let at = help
            .find("--lang <LANG>")
            .unwrap_or_else(|| panic!("{cmd} has no --lang: {help}"));
        let text = &help[at..];
        let text = &text[..text[2..].find("\n  -").map_or(text.len(), |e| e + 2)];
        let listed: Vec<&str> = text
            .split(['(', ')'])
            .nth(1)
            .unwrap_or_default()
            .split(", ")
            .collect();
        let mut listed: Vec<String> = listed.iter().map(|s| s.to_string()).collect();
        listed.sort();
        assert_eq!(listed, codes, "{cmd}: {text}");
    }
}

#[test]
fn new_theme_lang_writes_that_languages_tables() {
    let dir = tempfile::tempdir().unwrap();
    let theme = dir.path().join("mine");
    let o = common::taflkit(&["new-theme", theme.to_str().unwrap(), "--lang", "de"]);
    assert!(o.status.success(), "{}", common::stderr(&o));
    let toml = std::fs::read_to_string(theme.join("theme.toml")).unwrap();
    assert!(
        toml.contains("[names.de]") && toml.contains("[names]"),
        "{toml}"
    );
    assert!(theme.join("story.de.md").exists() && theme.join("intro.de.md").exists());
    for other in Lang::all().filter(|l| !l.is_english() && l.code() != "de") {
        assert!(
            !toml.contains(&format!("[names.{other}]")),
            "{other}: {toml}"
        );
        assert!(!theme.join(format!("story.{other}.md")).exists(), "{other}");
    }
    // It speaks German (and English), and is refused in the others.
    let (t, _) = taflkit::theme::Theme::load_folder(&theme).unwrap();
    let de = Lang::from_code("de").unwrap();
    let german = t.in_language(de).unwrap();
    assert_eq!(german.names.king.gender.as_deref(), Some("m"));
    assert!(t.in_language(Lang::from_code("fr").unwrap()).is_err());
    // A language there is not: refused, naming the option, nothing written.
    let bad = dir.path().join("bad");
    let o = common::taflkit(&["new-theme", bad.to_str().unwrap(), "--lang", "xx"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        common::stderr(&o).contains("--lang"),
        "{}",
        common::stderr(&o)
    );
    assert!(!bad.exists());
}
