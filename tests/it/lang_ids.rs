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
