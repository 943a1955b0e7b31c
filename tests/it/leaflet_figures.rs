//! The leaflet's figures teach the rules in force: every rule the variant
//! has (and every option switched on) gets its figure, chosen by the rules
//! rather than the variant's name; every figure is cited, once, in the
//! text of the rule it shows; no citation points at a missing figure; and
//! the text printed without figures cites none. Checked for every built-in
//! variant with its own theme and for Tafel with every option on.

use crate::common;
use taflkit::kit::leaflet::figures::{Figure, citations, figures};
use taflkit::kit::leaflet::flow::cites;
use taflkit::kit::rules_text::{RuleSection, applicable, rules_markdown, rules_sections_citing};
use taflkit::rules::{self, Access, Escape, OptionalRule, Repetition, Variant};
use taflkit::theme::Theme;
use taflkit::words::Lang;

fn numbers_cited(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices("Figure ") {
        let digits: String = text[at + 7..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if let Ok(n) = digits.parse() {
            out.push(n);
        }
    }
    out
}

/// The figure ids the rules in force call for, from the variant's rule
/// parameters as the spec and the rule sets state them.
fn expected_figures(v: &Variant) -> Vec<&'static str> {
    let mut want = vec!["initial", "movement", "capture_one"];
    want.push(if v.king.armed {
        "king_armed"
    } else {
        "king_unarmed"
    });
    want.push(match v.escape {
        Escape::Corner => "corner_escape",
        Escape::Edge => "edge_escape",
    });
    if v.encirclement {
        want.push("encirclement");
    }
    if v.draw_fort.is_some() {
        want.push("draw_fort");
    }
    if v.edge_shield_wall {
        want.push("edge_shield_wall");
    }
    if v.edge_fort {
        want.push("edge_fort");
    }
    if v.repetition == Repetition::NoReturn {
        want.push("no_return");
    }
    if v.king.besieged_king_betrays_defender && v.centre.is_some() {
        want.push("besieged");
    }
    if v.centre.is_some() {
        want.push("centre_square");
    }
    if let Some(c) = &v.corners {
        if c.stop == Access::KingOnly {
            want.push("corner_squares");
        }
        if c.hostile_to_defenders {
            want.push("corner_capture");
        }
    }
    for o in v.options.iter().filter(|o| o.enabled) {
        match o.rule {
            OptionalRule::Berserker => want.push("berserker"),
            OptionalRule::ShieldWall => want.push("shield_wall"),
            OptionalRule::SkilledPlay { .. } => {}
        }
    }
    want
}

fn sections(v: &Variant, t: &Theme, figs: &[Figure]) -> Vec<RuleSection> {
    rules_sections_citing(v, t, &citations(figs)).unwrap()
}

#[test]
fn every_rule_in_force_has_its_figure() {
    for (name, v, t) in common::builtin_kits() {
        let figs = figures(&v, &t).unwrap();
        let ids: Vec<&str> = figs.iter().map(|f| f.id).collect();
        for want in expected_figures(&v) {
            assert!(ids.contains(&want), "{name}: no figure '{want}' in {ids:?}");
        }
        // Each figure shows a rule the variant has.
        let rules_in_force = applicable(&v);
        for f in &figs {
            assert!(
                rules_in_force.contains(&f.rule),
                "{name}: figure '{}' illustrates '{}', not a rule in force",
                f.id,
                f.rule
            );
        }
    }
}

#[test]
fn options_get_their_figures_only_when_switched_on() {
    let t = Theme::builtin("tafel").unwrap();
    let plain = rules::builtin("tafel").unwrap();
    let ids = |v: &Variant| -> Vec<&'static str> {
        figures(v, &t).unwrap().iter().map(|f| f.id).collect()
    };
    let off = ids(&plain);
    assert!(!off.contains(&"berserker") && !off.contains(&"shield_wall"));
    for (option, figure) in [("berserker", "berserker"), ("shield-wall", "shield_wall")] {
        let mut v = plain.clone();
        for o in &mut v.options {
            o.enabled = o.id == option;
        }
        assert!(ids(&v).contains(&figure), "{option}");
    }
}

#[test]
fn each_figure_is_cited_once_where_its_rule_is_explained() {
    for (name, v, t) in common::builtin_kits() {
        let figs = figures(&v, &t).unwrap();
        let secs = sections(&v, &t, &figs);
        for (i, f) in figs.iter().enumerate() {
            let n = i + 1;
            let citing: Vec<&str> = secs
                .iter()
                .filter(|s| cites(&s.markdown, n, Lang::english()))
                .map(|s| s.id.as_str())
                .collect();
            assert_eq!(
                citing,
                [f.rule],
                "{name}: Figure {n} ('{}') should be cited in rule '{}' only",
                f.id,
                f.rule
            );
            let times =
                numbers_cited(&secs.iter().map(|s| s.markdown.as_str()).collect::<String>())
                    .iter()
                    .filter(|&&m| m == n)
                    .count();
            assert_eq!(times, 1, "{name}: Figure {n} cited {times} times");
        }
    }
}

#[test]
fn no_citation_points_at_a_missing_figure_and_they_come_in_order() {
    for (name, v, t) in common::builtin_kits() {
        let figs = figures(&v, &t).unwrap();
        let text: String = sections(&v, &t, &figs)
            .iter()
            .map(|s| s.markdown.clone() + "\n")
            .collect();
        let cited = numbers_cited(&text);
        assert!(
            cited.iter().all(|&n| (1..=figs.len()).contains(&n)),
            "{name}: {cited:?} with {} figures",
            figs.len()
        );
        // Read in order, the figures are met in order.
        assert!(
            cited.windows(2).all(|w| w[0] < w[1]),
            "{name}: citations out of order: {cited:?}"
        );
        // Nothing says "figure" without its number.
        assert!(!text.to_lowercase().contains("as figure shows"), "{name}");
    }
}

#[test]
fn text_without_figures_cites_none() {
    for (name, v, t) in common::builtin_kits() {
        let md = rules_markdown(&v, &t).unwrap();
        assert!(
            !md.to_lowercase().contains("figure"),
            "{name}: `taflkit rules` text mentions a figure"
        );
    }
}

/// A built-in kit leaves no figure out: each figure its rules call for
/// has a place on its board. A king weak everywhere (Skalk, Tawlbwrdd:
/// "captured like any other piece, between two") is shown taken by two,
/// and no figure shows him surrounded on four sides, a rule he never
/// meets.
#[test]
fn built_in_kits_leave_no_figure_out() {
    use taflkit::kit::leaflet::figures::left_out;
    for v in common::variants_and_options() {
        let warnings: Vec<String> = left_out(&v).iter().map(|d| d.to_string()).collect();
        assert!(warnings.is_empty(), "{}: {warnings:?}", v.id);
    }
    let theme = Theme::viking();
    for id in ["skalk", "tawlbwrdd"] {
        let v = rules::builtin(id).unwrap();
        let ids: Vec<&str> = figures(&v, &theme).unwrap().iter().map(|f| f.id).collect();
        assert!(ids.contains(&"king_weak"), "{id}: {ids:?}");
        assert!(
            !ids.contains(&"king_four") && !ids.contains(&"king_three"),
            "{id}: {ids:?}"
        );
    }
}
